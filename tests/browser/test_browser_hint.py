"""Suggested moves: against the computer a person may ask for a move, which is marked and
put in the move box; at a table of friends nobody may."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .browser_harness import Pages, join_game, start_game


def test_a_suggested_move_is_marked_and_ready_to_play(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator("#suggest-button")).to_have_text("Zug vorschlagen")
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_have_text(re.compile(r"^Vorschlag: A[1-6]$"))
    move = page.locator("#suggestion").inner_text().split(": ")[1]
    expect(page.locator("button.move.suggested")).to_have_text(move)
    expect(page.locator("#move-input")).to_have_value(move)
    expect(page.locator("#suggest-button")).to_be_disabled()
    page.press("#move-input", "Enter")
    expect(page.locator("#log li").first).to_contain_text(move)
    expect(page.locator("#status")).to_have_text("Du bist am Zug", timeout=15000)
    expect(page.locator("#suggestion")).to_have_count(0)
    expect(page.locator("#suggest-button")).to_be_enabled()


def test_a_suggestion_in_irono_names_the_expert_s_mix(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "A"})
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_have_text(re.compile(
        r"^Suggestion: [a-d][1-4] \(the expert finds these equally good: a1, b1, .*d4\)$"))
    version = page.locator("#board").get_attribute("data-version")
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "(v) => document.querySelector('#board').dataset.version !== v", arg=version)
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_have_text(re.compile(
        r"^Suggestion: ([YGWRBA]) \(one draw from the expert’s mix: [YGWRBA] \d+ %(, "
        r"[YGWRBA] \d+ %)+\)$"))
    colour = page.locator("#suggestion").inner_text().split(" ")[1]
    expect(page.locator("#move-input")).to_have_value(colour)


def test_a_suggestion_asked_for_by_keyboard_is_played_by_enter(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    expect(page.locator("#suggest-button")).to_be_enabled(timeout=15000)
    page.focus("#suggest-button")
    page.keyboard.press("Enter")
    expect(page.locator("#suggestion")).to_be_visible()
    move = page.locator("#move-input").input_value()
    expect(page.locator("#move-input")).to_be_focused()
    card = move.split(">")[0]
    page.keyboard.press("Enter")
    expect(page.locator("#log li").filter(has_text=re.compile(rf"^{card}\b"))).to_have_count(1)


def test_friends_get_no_suggestions(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator("#status")).to_have_text("Your turn")
    expect(ada.locator("#move-input")).to_be_visible()
    expect(ada.locator("#suggest-button")).to_have_count(0)


def test_moves_written_as_lists_are_told_apart_in_the_expert_s_mix(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {expertMix} = await import('/static/table.js');
      const words = {W: 'Weiß', R: 'Rot', B: 'Blau', Y: 'Gelb'};
      const write = (move) => [...move].map((c) => words[c]).join(', ');
      return [expertMix([{move: 'WRB', share: 0.5}, {move: 'YRB', share: 0.5}], write),
              expertMix([{move: 'W', share: 0.6}, {move: 'R', share: 0.4}], write)];
    }""")
    assert said == [{"tie": True, "moves": "Weiß, Rot, Blau; Gelb, Rot, Blau"},
                    {"tie": False, "moves": "Weiß 60 %, Rot 40 %"}]



def test_asking_for_a_suggestion_does_not_scroll_the_board_away(pages: Pages) -> None:
    page = pages.new(width=1280, height=720)
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    expect(page.locator("#suggest-button")).to_be_enabled()
    place = """() => [window.scrollY, ...['#board svg', '#move-input'].map((spot) =>
      document.querySelector(spot).getBoundingClientRect()).flatMap((box) =>
      [box.top, box.bottom])]"""
    # Pressed where the page is (as assistive technology may press it), the move box below
    # the fold: the page scrolls only as far as it takes to show the box.
    page.evaluate("() => document.querySelector('#suggest-button').click()")
    expect(page.locator("#suggestion")).to_be_visible()
    expect(page.locator("#move-input")).to_be_focused()
    scroll, board_top, _, box_top, box_bottom = page.evaluate(place)
    assert board_top >= 0, "the top of the board is in sight"
    assert box_top >= 0 and box_bottom <= 721, "the move box is in sight"
    assert scroll > 0
