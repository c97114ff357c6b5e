"""Sounds at the table and in the lobby: a move, your turn, the end of a game, a chat
line; off in the top bar, and kept off in this browser."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .browser_harness import (
    GAME_OVER,
    TURN,
    Pages,
    click_random_legal,
    heard,
    join_game,
    recording,
    start_game,
)


def move(page: Page, rng: random.Random) -> None:
    version = page.locator("#board").get_attribute("data-version")
    click_random_legal(page, rng)
    page.wait_for_function(
        "(v) => document.querySelector('#board').dataset.version !== v", arg=version)


def test_a_game_against_the_computer_sounds_moves_turns_and_its_end(pages: Pages) -> None:
    rng = random.Random(3)
    page = recording(pages)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(TURN).first).to_be_visible()
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-label", "Sounds")
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#lang option:checked")).to_have_text("English")
    assert heard(page) == []

    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]

    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]

    page.reload()
    expect(page.locator(TURN).first).to_be_visible()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.locator("#sound").click()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    assert heard(page) == ["turn"]

    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert heard(page) == ["turn", "end"]


def test_a_friend_s_chat_line_and_a_turn_come_through_in_the_lobby(pages: Pages) -> None:
    ada = recording(pages, locale="de-DE", width=320, height=740)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(bea.locator(TURN).first).to_be_visible()
    expect(ada.locator("#chat-card")).to_be_visible()
    expect(ada.locator("#sound")).to_have_attribute("aria-label", "Töne")
    expect(ada.locator("#lang option:checked")).to_have_text("DE")
    assert ada.evaluate("document.documentElement.scrollWidth") <= 320

    bea.fill("#chat-input", "Hello")
    bea.press("#chat-input", "Enter")
    expect(ada.locator("#chat-lines li")).to_have_count(1)
    assert heard(ada) == ["chat"]

    ada.goto(pages.base + "/")  # a new page: its notes start afresh
    expect(ada.locator(f".table-entry[data-table='{table}']").first).to_be_visible()
    bea.locator(TURN).first.click()
    expect(ada.locator(f".table-entry.my-turn[data-table='{table}']").first).to_be_visible()
    assert heard(ada) == ["turn"]
