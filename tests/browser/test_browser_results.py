"""The lobby counts this browser's games against the computer, won, drawn and lost, by
game and by the strongest computer player at the table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .browser_harness import GAME_OVER, Pages, join_game, start_game


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
