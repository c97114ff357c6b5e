"""The lobby counts this browser's games against the computer, won, drawn and lost, by
game and by the strongest computer player at the table; a game's result names what its
scores count."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_harness import GAME_OVER, LiveServer, Pages, finished_bot_table, join_game, start_game


def resign(page: Page) -> None:
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()


def cells(page: Page, game: str) -> list[str]:
    return page.locator(f"#results tr[data-game='{game}'] td").all_inner_texts()


def test_a_finished_game_against_the_computer_alone_counts_once_under_its_level(
        pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    outcomes = page.evaluate("""async () => {
        const {outcomeOf} = await import('/static/outcome.js');
        return [outcomeOf([3, 1], 0), outcomeOf([3, 1], 1), outcomeOf([2, 2], 0),
                outcomeOf([1, 4, 4], 1), outcomeOf([1, 4, 4], 0), outcomeOf([5, 4, 4], 0)];
    }""")
    assert outcomes == ["won", "lost", "drawn", "drawn", "lost", "won"]

    start_game(page, pages.base, "oware", ["me", "bot:hard"], options={"start": "A"})
    resign(page)
    page.goto(pages.base + "/")
    expect(page.locator("#results h2")).to_have_text("Deine Ergebnisse gegen den Computer")
    expect(page.locator("#results thead th")).to_have_text(
        ["Spiel", "Leicht", "Mittel", "Schwer", "Experte"])
    expect(page.locator("#results tbody th")).to_have_text(["Oh-Wah-Ree"])
    assert cells(page, "oware") == ["–", "–", "0–0–1", "–"]

    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:expert"], players=3,
               options={"start": "A"})
    resign(page)
    page.reload()
    expect(page.locator(GAME_OVER)).to_be_visible()
    start_game(page, pages.base, "okey", ["me", "bot:medium"])
    resign(page)
    table = start_game(page, pages.base, "koikoi", ["me", "open"])
    friend = pages.new()
    join_game(friend, pages.base, table)
    expect(page.locator("#resign-button")).to_be_visible()
    resign(page)

    page.goto(pages.base + "/")
    expect(page.locator("#results tbody th")).to_have_text(["Oh-Wah-Ree", "Okey"])
    assert cells(page, "oware") == ["–", "–", "0–0–1", "0–0–1"]
    assert cells(page, "okey") == ["–", "0–0–1", "–", "–"]
    page.set_viewport_size({"width": 320, "height": 740})
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#lang option:checked")).to_have_text(re.compile(r"^(DE|EN)$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    expect(friend.locator(GAME_OVER)).to_be_visible()
    friend.goto(pages.base + "/")
    expect(friend.locator("#start")).to_be_visible()
    expect(friend.locator(".table-entry").first).to_be_visible()
    expect(friend.locator("#results")).to_have_count(0)


@pytest.mark.parametrize(("game", "options", "english", "german"), [
    ("okey", {"preset": "seed", "rounds": 1}, "Rounds won", "Gewonnene Runden"),
    ("okey", {"preset": "standard", "rounds": 1}, "Points", "Punkte"),
    ("oware", {"preset": "oh-wah-ree"}, "Stones", "Steine"),
    ("oware", {"preset": "grand"}, "Pits", "Mulden")])
def test_the_result_heads_its_scores_with_what_the_preset_counts(
        pages: Pages, live: LiveServer, game: str, options: dict[str, Any], english: str,
        german: str) -> None:
    table = finished_bot_table(live.url, game, options)
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    heading = page.locator(f"{GAME_OVER} .result-table").first.locator("th").last
    expect(heading).to_have_text(english)
    page.select_option("#lang", "de")
    expect(heading).to_have_text(german)
