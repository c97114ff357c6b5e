"""Okey in the browser: drawing, arranging the rack by dragging, discarding, to the end."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from .browser_harness import GAME_OVER, Pages, play_to_the_end, start_game

YOUR_TURN = (".board-area.interactive .ok-pile.legal, .board-area.interactive .ok-top.legal, "
             ".board-area.interactive .ok-rack-tile.legal")


def take_turn(page: Page, rng: random.Random) -> None:
    """Draw (pile or discard), or discard a tile — finishing whenever the rack allows."""
    sources = page.locator(".ok-pile.legal, .ok-top.legal")
    if sources.count():
        sources.nth(rng.randrange(sources.count())).click()
        return
    finishing = page.locator(".ok-rack-tile.finishing")
    if finishing.count():
        finishing.first.click()
        page.locator(".ok-actions .finish").click()
        return
    tiles = page.locator(".ok-rack-tile.legal")
    tiles.nth(rng.randrange(tiles.count())).click()
    page.locator("#okey-discard").click()


def drag(page: Page, source: str, target: str) -> None:
    start = page.locator(source).bounding_box()
    end = page.locator(target).bounding_box()
    assert start is not None and end is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_a_person_plays_okey_against_bots_to_the_end(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy"], players=3,
               options={"rounds": "1"})
    page.wait_for_selector(YOUR_TURN)
    expect(page.locator(".ok-seat:not(.ok-me)")).to_have_count(2)
    tiles = page.locator(".ok-rack .ok-rack-tile")
    assert tiles.count() in (14, 15)
    empty = page.locator(".ok-slot:not(:has(.ok-rack-tile))").last
    empty_slot = empty.get_attribute("data-slot")
    moved = tiles.first.get_attribute("data-tile")
    drag(page, ".ok-rack .ok-rack-tile >> nth=0", f".ok-slot[data-slot='{empty_slot}']")
    expect(page.locator(f".ok-slot[data-slot='{empty_slot}'] .ok-rack-tile")).to_have_attribute(
        "data-tile", moved or "")
    page.click("text=Sort: sets")
    expect(page.locator(".ok-slot[data-slot='0'] .ok-rack-tile")).to_have_count(1)

    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").click()
    page.wait_for_selector(".board-area.interactive .ok-rack-tile.legal")
    discarded = page.locator(".ok-rack-tile.legal").first.get_attribute("data-tile")
    drag(page, ".ok-rack-tile.legal >> nth=0", "[data-drop='discard']")
    expect(page.locator("[data-drop='discard'] .ok-top")).to_have_attribute(
        "data-tile", discarded or "")

    moves = play_to_the_end(page, take_turn, random.Random(4), turn=YOUR_TURN)
    assert moves > 4
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result).to_contain_text("Rounds")
    page.click("#result-close")
    page.select_option("#lang", "de")
    log = page.locator("#log")
    expect(log).to_contain_text("ein Stein an Computer 1 (Leicht)")
    expect(log).to_contain_text(re.compile(r"wirft \w+ ab"))
    expect(log).not_to_contain_text(re.compile(r"\b(discard|deal to|seat \d)\b"))
