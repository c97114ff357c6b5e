"""Irono Ofubi in the browser: marking, hiding and guessing through the page to the end."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from .browser_harness import GAME_OVER, Pages, play_to_the_end, start_game

YOUR_TURN = (".board-area.interactive .field.legal, .board-area.interactive .ir-colour.legal, "
             ".board-area.interactive .ir-guess")


def act(page: Page, rng: random.Random) -> None:
    """Mark a field, hide a colour, or pick colours and guess."""
    guess = page.locator(".ir-guess")
    if guess.count():
        size = int(re.findall(r"/(\d+)\)", guess.inner_text())[0])
        colours = page.locator(".ir-colour")
        for i in rng.sample(range(colours.count()), size):
            colours.nth(i).click()
        expect(guess).to_be_enabled()
        guess.click()
        return
    options = page.locator(".board-area.interactive .field.legal, .ir-colour.legal")
    options.nth(rng.randrange(options.count())).click()


def test_a_person_plays_irono_against_a_bot_to_the_end(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    expect(page.locator(".irono-board .field")).to_have_count(16)
    expect(page.locator(".ir-supply")).to_have_count(2)
    expect(page.locator(".irono-board .line-score")).to_have_count(10)
    moves = play_to_the_end(page, act, random.Random(2), turn=YOUR_TURN)
    assert moves >= 16
    expect(page.locator(".irono-board .field circle, .irono-board .field ellipse")
           ).to_have_count(16)
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result).to_contain_text("diagonal")


NAMES = {"Y": "yellow", "G": "green", "W": "white", "R": "red", "B": "blue", "A": "grey"}


def test_the_move_box_takes_every_form_of_the_notation_and_says_why_not(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    typed: dict[str, str] = {}
    rng = random.Random(5)
    while len(typed) < 2:
        page.wait_for_selector(YOUR_TURN)
        legal = [o.get_attribute("value") or ""
                 for o in page.locator("#legal-notations option").all()]
        log = page.locator("#log li").count()
        if len(legal[0]) == 1 and "hide" not in typed:
            page.fill("#move-input", "purple")
            page.keyboard.press("Enter")
            expect(page.locator(".toast.error").last).to_contain_text("'purple' is not a colour")
            typed["hide"] = legal[0]
            page.fill("#move-input", NAMES[legal[0]].upper())
        elif len(legal[0]) > 2 and "guess" not in typed:
            typed["guess"] = legal[0]
            page.fill("#move-input", " ".join(reversed(legal[0].lower())))
        else:
            act(page, rng)
            expect(page.locator("#log li")).not_to_have_count(log)
            continue
        page.keyboard.press("Enter")
        expect(page.locator("#log li").nth(log)).to_have_text(legal[0])
    assert set(typed) == {"hide", "guess"}
