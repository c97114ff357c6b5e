"""Playing a finished game on from a position of its replay, against computer players."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from playwright.sync_api import expect

from spieltisch import Match, load

from .browser_harness import (
    TURN,
    LiveServer,
    Pages,
    click_random_legal,
    moved,
    play_to_the_end,
    start_game,
)
from .test_browser_koikoi import PERSON_DEALS, play_a_card
from .test_browser_koikoi import TURN as KOIKOI_TURN
from .test_browser_results import cells, resign


def test_a_game_plays_on_from_a_position_of_its_replay(pages: Pages) -> None:
    page = pages.new()
    rng = random.Random(7)
    table = start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    for _ in range(2):
        expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
        moved(page, lambda: click_random_legal(page, rng))
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
    resign(page)

    page.goto(f"{pages.base}/#/replay/{table}")
    card = page.locator("#branch-card")
    expect(card.locator("h2")).to_have_text("Play on from here")
    expect(page.locator("#branch-start")).to_be_visible()  # where the game was given up
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 3 of \d+$"))
    replayed = page.locator("#board").inner_html()
    expect(page.locator("#branch-level")).to_have_value("easy")
    page.focus("#branch-level")
    for key in ("End", "ArrowLeft", "Home"):  # keys in the list are the list's
        page.keyboard.press(key)
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 3 of \d+$"))
    expect(page.locator("#branch-level")).to_be_focused()
    page.select_option("#branch-level", "hard")
    page.click("#branch-start")

    expect(page).not_to_have_url(re.compile(f"{table}$"))
    expect(page.locator("#branched")).to_contain_text(
        "This game plays on from position 3 of an earlier game.")
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator("#players")).to_contain_text("Computer (Hard)")
    expect(page.locator("#log li")).to_have_count(2)
    expect(page.locator(TURN).first).to_be_visible()
    branched = page.url
    moved(page, lambda: click_random_legal(page, rng))
    resign(page)

    page.click("#result-close")
    page.click("#branched a")
    expect(page).to_have_url(re.compile(f"#/replay/{table}$"))
    expect(page.locator("#status")).to_have_text(
        re.compile(r"^Position (\d+) of \1 · Ada resigned · Computer \(Easy\) wins$"))
    page.goto(pages.base + "/")
    expect(page.locator("#results tbody th")).to_have_text(["Oh-Wah-Ree"])
    assert cells(page, "oware") == ["0–0–1", "–", "–", "–"], \
        "the game played on from a position is not counted"

    page.goto(branched.replace("#/t/", "#/replay/"))
    expect(page.locator("#branch-level")).to_have_value("hard")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 3 of \d+$"))
    board = page.locator("#board").inner_html()
    assert board.replace("Computer (Hard)", "Computer (Easy)") == replayed, \
        "the game went on from another position"

def test_a_game_that_ended_under_the_rules_cannot_play_on_from_its_end(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new(locale="de-DE")
    live.seeds.append(PERSON_DEALS)
    table = start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
                       options={"target": "0", "months": "1"})
    play_to_the_end(page, play_a_card, random.Random(11), turn=KOIKOI_TURN)
    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#branch-card")).to_contain_text(
        "In dieser Stellung ist das Spiel vorbei.")
    expect(page.locator("#branch-start")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#branch-start")).to_have_text("Weiterspielen")


def test_a_full_record_opened_in_the_page_plays_on_from_a_position(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="play-on", players=["You (A)", "Bot B (hard)"])
    rng = random.Random(3)
    for _ in range(4):
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    full = tmp_path / "unfinished.json"
    full.write_text(json.dumps(match.to_record()))

    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.evaluate("localStorage.setItem('spieltisch.name', 'Ada')")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="As You (A)").click()
    expect(page.locator("#status")).to_have_text("Position 5 of 5")
    expect(page.locator("#branch-start")).to_be_visible()  # the game was left unfinished
    expect(page.locator("#branch-level")).to_have_value("medium")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text("Position 3 of 5")
    replayed = page.locator("#board").inner_html()
    page.select_option("#branch-level", "easy")
    page.click("#branch-start")

    expect(page).to_have_url(re.compile(r"#/t/\w+$"))
    expect(page.locator("#branched")).to_have_text(
        "This game plays on from position 3 of a saved record.")
    expect(page.locator("#branched a")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator(".players .player-text")).to_have_text(["Ada", "Computer (Easy)"])
    expect(page.locator("#log li")).to_have_count(2)
    resign(page)
    page.goto(page.url.replace("#/t/", "#/replay/"))
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 3 of 3"))
    board = page.locator("#board").inner_html()
    assert board.replace("Ada", "You (A)").replace("Computer (Easy)", "Bot B (hard)") \
        == replayed, "the game went on from another position"


def test_a_record_plays_on_under_the_name_just_typed_in_the_lobby(pages: Pages,
                                                                  tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="play-on", players=["You (A)", "Bot B (hard)"])
    match.play(0, match.state.legal_actions()[0])
    full = tmp_path / "unfinished.json"
    full.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/")
    page.fill("#player-name", "Zoe")
    page.click("#open-record")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="As You (A)").click()
    page.click("#branch-start")
    expect(page).to_have_url(re.compile(r"#/t/\w+$"))
    expect(page.locator(".players .player-text")).to_have_text(["Zoe", "Computer (Medium)"])
    page.goto(pages.base + "/")
    expect(page.locator("#player-name")).to_have_value("Zoe")
