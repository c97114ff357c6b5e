"""Sounds at the table and in the lobby: a move, your turn, the end of a game, a chat
line, a take-back to allow, a friend sitting down; off or at another volume from the top
bar's sound panel, and kept so in this browser."""

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
    loudness,
    moved,
    recording,
    start_game,
)
from .test_browser_contrast import low_contrast


def move(page: Page, rng: random.Random) -> None:
    moved(page, lambda: click_random_legal(page, rng))


def test_a_game_against_the_computer_sounds_moves_turns_and_its_end(pages: Pages) -> None:
    rng = random.Random(3)
    page = recording(pages)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(TURN).first).to_be_visible()
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-label", "Sounds")
    expect(sound).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#sound-panel")).to_be_hidden()
    expect(page.locator("#lang option:checked")).to_have_text("English")
    assert heard(page) == []

    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]
    assert loudness(page) == [0.12, 0.16, 0.16], "the sounds' own loudness at 50 %"

    sound.click()
    expect(sound).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("group", name="Sounds")).to_be_visible()
    expect(page.get_by_label("Sounds on")).to_be_checked()
    expect(page.get_by_label("Volume")).to_have_value("50")
    expect(page.locator("#sound-volume-shown")).to_have_text("50 %")
    page.get_by_label("Sounds on").uncheck()
    expect(sound).to_have_attribute("data-on", "false")
    expect(page.get_by_label("Volume")).to_be_disabled()
    page.keyboard.press("Escape")
    expect(page.locator("#sound-panel")).to_be_hidden()
    expect(sound).to_be_focused()
    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]

    page.reload()
    expect(page.locator(TURN).first).to_be_visible()
    expect(page.locator("#sound")).to_have_attribute("data-on", "false")
    page.locator("#sound").click()
    page.get_by_label("Sounds on").check()
    expect(page.locator("#sound")).to_have_attribute("data-on", "true")
    assert heard(page) == ["turn"]
    volume = page.get_by_label("Volume")
    volume.focus()
    page.keyboard.press("End")
    expect(volume).to_have_value("100")
    expect(volume).to_have_attribute("aria-valuetext", "100 %")
    assert heard(page) == ["turn", "turn"], "a sample at the new volume"
    assert loudness(page)[-2:] == [0.32, 0.32]
    page.locator("h1").click()  # a click elsewhere closes the panel
    expect(page.locator("#sound-panel")).to_be_hidden()

    page.reload()
    expect(page.locator(TURN).first).to_be_visible()
    page.locator("#sound").click()
    expect(page.get_by_label("Volume")).to_have_value("100")
    page.get_by_label("Volume").focus()
    page.keyboard.press("Home")
    expect(page.locator("#sound-volume-shown")).to_have_text("10 %")
    assert loudness(page)[-2:] == [0.032, 0.032]
    page.locator("#sound").click()
    expect(page.locator("#sound-panel")).to_be_hidden()

    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert heard(page) == ["turn", "end"]
    assert loudness(page)[-3:] == [0.032, 0.032, 0.032]


def test_a_friend_s_chat_line_and_a_turn_come_through_in_the_lobby(pages: Pages) -> None:
    ada = recording(pages, locale="de-DE", width=320, height=740)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    expect(ada.locator("#board")).to_be_visible()
    assert heard(ada) == []
    bea = recording(pages)
    join_game(bea, pages.base, table)
    expect(bea.locator(TURN).first).to_be_visible()
    expect(ada.locator("#chat-card")).to_be_visible()  # drawn with the news of Bea
    assert heard(ada) == ["join"], "somebody sat down"
    assert heard(bea) == [], "not for the one who sat down"
    expect(ada.locator("#sound")).to_have_attribute("aria-label", "Töne")
    expect(ada.locator("#lang option:checked")).to_have_text("DE")
    assert ada.evaluate("document.documentElement.scrollWidth") <= 320

    ada.locator("#sound").click()
    expect(ada.get_by_role("group", name="Töne")).to_be_visible()
    expect(ada.get_by_label("Töne an")).to_be_checked()
    expect(ada.get_by_label("Lautstärke")).to_have_value("50")
    box = ada.locator("#sound-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    assert ada.evaluate("document.documentElement.scrollWidth") <= 320
    assert low_contrast(ada) == []
    ada.locator("#theme").click()
    ada.locator("#sound").click()
    expect(ada.locator("#sound-panel")).to_be_visible()
    assert low_contrast(ada) == [], "the panel in the dark scheme"
    ada.keyboard.press("Escape")
    expect(ada.locator("#sound-panel")).to_be_hidden()

    bea.fill("#chat-input", "Hello")
    bea.press("#chat-input", "Enter")
    expect(ada.locator("#chat-lines li")).to_have_count(1)
    assert heard(ada) == ["join", "chat"]

    bea.locator(TURN).first.click()
    expect(ada.locator(TURN).first).to_be_visible()
    assert heard(ada) == ["join", "chat", "turn"]
    bea.click("#undo-button")
    expect(ada.locator("#undo-allow")).to_be_visible()
    assert heard(ada) == ["join", "chat", "turn", "ask"], "asked to allow a take-back"
    ada.click("#undo-allow")
    expect(bea.locator(TURN).first).to_be_visible()
    assert heard(ada) == ["join", "chat", "turn", "ask"]
    assert "ask" not in heard(bea), "no knock for the one who asked"

    ada.goto(pages.base + "/")  # a new page: its notes start afresh
    expect(ada.locator(f".table-entry[data-table='{table}']").first).to_be_visible()
    bea.locator(TURN).first.click()
    expect(ada.locator(f".table-entry.my-turn[data-table='{table}']").first).to_be_visible()
    assert heard(ada) == ["turn"]


def test_the_lobby_greets_a_friend_who_sits_down_at_your_table(pages: Pages) -> None:
    ada = recording(pages)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    ada.goto(pages.base + "/")
    open_seat = ada.locator(f".table-entry[data-table='{table}'] .seat-chip.open")
    expect(open_seat.first).to_be_visible()
    join_game(pages.new(), pages.base, table)
    expect(open_seat).to_have_count(0, timeout=15000)
    assert heard(ada) == ["join"], "Bea moves first, so only the greeting"
