"""Looking back on a finished game in its replay: at each of your moves, what the expert
computer player would have played there."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from spieltisch import Match, load

from .browser_harness import GAME_OVER, TURN, Pages, click_random_legal, moved, start_game
from .test_browser_contrast import low_contrast


def play(page: Page, notation: str) -> None:
    page.fill("#move-input", notation)
    moved(page, lambda: page.press("#move-input", "Enter"))


def resigned_after_moves(page: Page, base: str, moves: int, rng: random.Random) -> str:
    """Play `moves` random moves of Oh-Wah-Ree against an easy computer, then resign; the
    table's id."""
    table = start_game(page, base, "oware", ["me", "bot:easy"], options={"start": "A"})
    for _ in range(moves):
        expect(page.locator(TURN).first).to_be_visible(timeout=15000)
        moved(page, lambda: click_random_legal(page, rng))
    expect(page.locator(TURN).first).to_be_visible(timeout=15000)
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()
    return table


def test_the_replay_says_what_the_expert_would_have_played_at_your_moves(
        pages: Pages) -> None:
    page = pages.new()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/advice") else None)
    table = start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "A"})
    play(page, "b2")
    play(page, "R")
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()

    page.goto(f"{pages.base}/#/replay/{table}")
    card = page.locator("#advice-card")
    expect(card.locator("h2")).to_have_text("The expert’s move")
    expect(card).to_contain_text("At a move of yours, ask what the expert")
    expect(page.locator("#advice-ask")).to_have_count(0)

    page.keyboard.press("Home")
    expect(card).to_contain_text("You played")
    expect(card).to_contain_text("b2")
    page.click("#advice-ask")
    answer = page.locator("#advice-answer")
    expect(answer).to_contain_text(  # on the empty board every field is as good
        "The expert finds these moves equally good: a1, b1, c1, d1, a2, b2")
    expect(answer).to_contain_text("Yours is one of them.")
    expect(answer).to_be_focused()
    assert len(asked) == 1

    page.click("#replay-next")
    expect(card).to_contain_text("You played")
    page.click("#advice-ask")
    expect(answer).to_contain_text("The expert mixes its choices here: ")
    expect(answer).to_contain_text(" %")
    expect(answer).to_contain_text("Your move is")

    page.click("#replay-next")
    expect(card).to_contain_text("At a move of yours")
    page.keyboard.press("Home")
    expect(answer).to_contain_text("equally good")
    assert len(asked) == 2, "an answer once given is not asked for again"

    page.set_viewport_size({"width": 320, "height": 740})
    expect(card).to_be_visible()
    expect(page.locator("#lang option:checked")).to_have_text(re.compile(r"^(DE|EN)$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320

    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/replay/{table}")
    expect(watcher.locator("#status")).to_contain_text("Position")
    expect(watcher.locator("#advice-card")).to_have_count(0)


def test_a_full_record_opened_as_a_player_can_be_asked_too(pages: Pages,
                                                          tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="ask-me", players=["Ada", "Bea"])
    rng = random.Random(5)
    for _ in range(4):
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    state, played = match.decision(1, 1)

    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="Als Bea").click()
    expect(page.locator("#status")).to_have_text("Stellung 5 von 5")
    page.keyboard.press("Home")
    expect(page.locator("#status")).to_have_text("Stellung 1 von 5")
    card = page.locator("#advice-card")
    expect(card).to_contain_text("Bei einem deiner Züge")
    page.click("#replay-next")
    expect(card).to_contain_text(f"Dein Zug: {state.action_to_string(played)}.")
    page.click("#advice-ask")
    expect(page.locator("#advice-answer")).to_contain_text("Der Experte würde")

    page.click("#record-another")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="Als Zuschauer").click()
    expect(page.locator("#status")).to_contain_text("Stellung")
    expect(page.locator("#advice-card")).to_have_count(0)


def test_all_your_moves_are_asked_about_at_once_and_marked_in_the_list(pages: Pages) -> None:
    page = pages.new()
    table = resigned_after_moves(page, pages.base, 4, random.Random(8))

    page.goto(f"{pages.base}/#/replay/{table}")
    ask_all = page.locator("#advice-all")
    expect(ask_all).to_have_text("Ask about all 4 of my moves")
    ask_all.focus()
    page.keyboard.press("Enter")
    summary = page.locator("#advice-summary")
    expect(summary).to_contain_text("of your 4 moves", timeout=30000)
    expect(summary).to_be_focused()
    agreed = int(re.search(r"agrees with (\d) of", summary.inner_text()).group(1))
    marks = page.locator("#log .verdict")
    expect(marks).to_have_count(4)
    assert page.locator("#log .verdict.agreed").count() == agreed
    assert page.locator("#log .verdict.differed").count() == 4 - agreed
    assert {text.strip() for text in marks.all_text_contents()} <= {
        "✓ (the expert agrees)", "? (the expert would have played otherwise)"}
    expect(page.locator(".toast")).to_have_count(0, timeout=15000)
    assert low_contrast(page) == []
    page.emulate_media(color_scheme="dark")
    assert low_contrast(page) == []
    page.keyboard.press("Home")
    expect(page.locator("#advice-answer")).to_contain_text("The expert would play")
    expect(page.locator("#advice-all")).to_have_count(0)


def test_a_german_replay_names_the_colours_of_a_hide_and_its_advice(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("irono", start="A"), seed="colours", players=["Ada", "Bea"])
    for move in ("b2", "R"):
        match.play(0, match.state.string_to_action(move))
    full = tmp_path / "colours.json"
    full.write_text(json.dumps(match.to_record()))

    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="Als Ada").click()
    expect(page.locator("#status")).to_have_text("Stellung 3 von 3")
    card = page.locator("#advice-card")
    page.keyboard.press("Home")
    expect(card).to_contain_text("Dein Zug: b2.")
    page.keyboard.press("ArrowRight")
    expect(card).to_contain_text("Dein Zug: Rot.")
    page.click("#advice-ask")
    answer = page.locator("#advice-answer")
    expect(answer).to_contain_text("Der Experte mischt hier seine Wahl: ")
    colour = r"(Gelb|Grün|Weiß|Rot|Blau|Grau) \d+ %"
    expect(answer).to_have_text(re.compile(rf"Wahl: {colour}(, {colour})*\."))


def test_asking_about_all_your_moves_says_why_it_stopped(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    table = resigned_after_moves(page, pages.base, 2, random.Random(9))
    page.goto(f"{pages.base}/#/replay/{table}")
    # Meanwhile the game was taken back at its table: the server no longer looks back on it.
    refusal = {"error": "a game can be looked back on once it is over",
               "reason": {"key": "table.not_over_advice", "params": {},
                          "text": "a game can be looked back on once it is over"}}
    page.route("**/advice", lambda route: route.fulfill(status=400, json=refusal))
    page.locator("#advice-all").focus()
    page.keyboard.press("Enter")
    failed = page.locator("#advice-all-failed")
    expect(failed).to_have_text(
        "Keine Antwort: auf eine Partie lässt sich zurückblicken, wenn sie vorbei ist")
    expect(failed).to_be_focused()
    expect(page.locator("#advice-all")).to_be_visible()
    pages.errors[:] = [e for e in pages.errors if "status of 400" not in e]


def test_an_answer_or_a_game_that_failed_for_want_of_the_server_follows_the_language(
        pages: Pages) -> None:
    page = pages.new()
    table = resigned_after_moves(page, pages.base, 2, random.Random(9))
    page.goto(f"{pages.base}/#/replay/{table}")
    page.route("**/advice", lambda route: route.abort())
    page.route("**/branch", lambda route: route.abort())
    page.locator("#replay-step").focus()
    page.keyboard.press("Home")
    page.click("#advice-ask")
    answer = page.locator("#advice-answer")
    expect(answer).to_have_text("No answer: The server cannot be reached. Is spieltisch still "
                                "running? Try again in a moment.")
    page.click("#advice-all")
    expect(page.locator("#advice-all-failed")).to_contain_text("The server cannot be reached")
    page.click("#branch-start")
    expect(page.locator("#branch-failed")).to_contain_text("The server cannot be reached")
    page.select_option("#lang", "de")
    unreachable = "Der Server ist nicht erreichbar. Läuft spieltisch noch? Versuch es gleich " \
                  "noch einmal."
    expect(answer).to_have_text(f"Keine Antwort: {unreachable}")
    expect(page.locator("#advice-all-failed")).to_have_text(f"Keine Antwort: {unreachable}")
    expect(page.locator("#branch-failed")).to_have_text(
        f"Das Spiel konnte nicht gestartet werden: {unreachable}")
    # Chromium logs each request cut off as a console error.
    pages.errors[:] = [e for e in pages.errors if "ERR_FAILED" not in e]
