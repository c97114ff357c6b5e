"""Okey in the browser: drawing, arranging the rack by dragging, discarding, to the end; the
rack's rows under the arrow keys and the sort buttons, a phone-wide table, what spectators see."""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import FloatRect, Page, expect

from spieltisch import load
from spieltisch.core.match import Match
from spieltisch.games.okey import solver, tiles
from spieltisch.games.okey.rules import DRAW, STARTER, OkeyState

from .browser_harness import (
    GAME_OVER,
    SAID,
    LiveServer,
    Pages,
    finished_bot_table,
    moved,
    play_to_the_end,
    replay_as_ada,
    start_game,
)

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


LONG_DEAL = "okey-to-the-end-30"
"""A seed whose deal leaves every rack of a 3-player round at least six tiles from
finishing, so nobody can end the round within the person's first five turns."""


def three_with_a_long_deal(page: Page, pages: Pages, live: LiveServer) -> None:
    """Start a one-round table of this page's person and two easy computer players, dealt
    `LONG_DEAL`."""
    live.seeds.append(LONG_DEAL)
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy"], players=3,
               options={"rounds": "1"})

SLOW_COMPUTER = "okey-keyboard-0"
"""A seed whose 2-player round the person begins while the computer's rack is four tiles
from finishing, so it cannot end the round in its first three turns; the person's rack
holds at most eight tiles of a colour, so a colour's group fits one row of the rack."""

FOUR_SEATS = "okey-phone-0"
"""A seed whose 4-player round a computer player begins, every computer's rack at least
four tiles from finishing, so the person's first turn comes and begins with a draw."""


def test_the_fixed_deals_are_far_from_finishing() -> None:
    state = Match(load("okey", players=2, rounds=1), seed=SLOW_COMPUTER).state
    assert isinstance(state, OkeyState) and state.current_player == 0
    assert solver.missing(solver.rack_key(state.racks[1], state.okey)) >= 4
    colours = [sum(state.racks[0][colour * 13:(colour + 1) * 13]) for colour in range(4)]
    assert max(colours) <= 8
    state = Match(load("okey", players=4, rounds=1), seed=FOUR_SEATS).state
    assert isinstance(state, OkeyState) and state.current_player == 1
    assert min(solver.missing(solver.rack_key(rack, state.okey)) for rack in state.racks[1:]) >= 4


def test_the_long_deal_is_far_from_finishing() -> None:
    state = Match(load("okey", players=3, rounds=1), seed=LONG_DEAL).state
    assert isinstance(state, OkeyState)
    assert [solver.missing(solver.rack_key(rack, state.okey)) for rack in state.racks] == [6] * 3
    assert state.current_player == 0


def test_a_person_plays_okey_against_bots_to_the_end(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    page.wait_for_selector(YOUR_TURN)
    expect(page.locator(".ok-seat:not(.ok-me)")).to_have_count(2)
    expect(page.locator("#stake")).to_contain_text("Round 1 of 1")
    expect(page.locator("#stake")).to_contain_text("this is the last round.")
    expect(page.locator("#stake")).not_to_contain_text("deal", ignore_case=True)
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
    expect(page.locator("#stake p.hint").last).to_have_text(
        re.compile(r"^\s?(Ada|Computer \d \(Easy\)): (discard|take|draw|drew)"))

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


LONG_NAME = "Maximiliankowalskischmid"
"""24 characters, the longest name the server keeps, with no space to wrap at."""
OTHER_LONG_NAME = "Wilhelminakowalskischmid"
"""As long; a second name alike would be numbered at the table."""


NAMES_OUTSIDE_SEATS = """() => [...document.querySelectorAll('.ok-seat')].flatMap((seat) => {
  const room = seat.getBoundingClientRect();
  return [...seat.querySelectorAll('.ok-player')].filter((name) => {
    const box = name.getBoundingClientRect();
    return box.left < room.left || box.right > room.right || name.scrollWidth > name.clientWidth;
  }).map((name) => name.textContent);
})"""
"""The names that do not fit inside their seat, whole."""


@pytest.mark.parametrize("width", [320, 375])
def test_a_four_player_table_fits_a_phone_for_players_and_spectators(
        pages: Pages, width: int) -> None:
    page = pages.new(width=width, height=740, locale="de-DE")
    table = start_game(page, pages.base, "okey", ["me", "open", "bot:easy", "bot:easy"],
                       players=4, options={"rounds": "1"}, name=LONG_NAME)
    httpx.post(f"{pages.base}/api/tables/{table}/join", json={"name": OTHER_LONG_NAME},
               timeout=10).raise_for_status()
    expect(page.locator(".ok-rack-tile").first).to_be_visible()
    watcher = pages.new(width=width, height=740, locale="de-DE")
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator(".ok-me .ok-backs svg").first).to_be_visible()
    for seen in (page, watcher):
        expect(seen.locator(".ok-seat")).to_have_count(4)
        expect(seen.locator(".ok-left .ok-player")).to_have_text(OTHER_LONG_NAME)
        expect(seen.locator(".ok-top .ok-player")).to_have_text("Computer 1 (Leicht)")
        assert seen.evaluate(NAMES_OUTSIDE_SEATS) == []
        assert seen.evaluate("document.documentElement.scrollWidth") <= width


PILES_OUTSIDE_SEATS = """() => [...document.querySelectorAll('.ok-seat')].filter((seat) => {
  const room = seat.getBoundingClientRect();
  const box = seat.querySelector('.ok-discards').getBoundingClientRect();
  return box.left < room.left || box.right > room.right;
}).map((seat) => seat.dataset.seat)"""
"""The seats whose discard pile reaches over their edge."""


@pytest.mark.parametrize(("width", "locale"), [(640, "en-GB"), (640, "de-DE"), (740, "de-DE")])
def test_a_phone_on_its_side_keeps_each_discard_pile_inside_its_seat(
        pages: Pages, live: LiveServer, width: int, locale: str) -> None:
    table = finished_bot_table(live.url, "okey", {"rounds": 1}, players=4)
    page = pages.new(width=width, height=360, locale=locale, phone=True)
    page.goto(f"{pages.base}/#/watch/{table}")
    page.wait_for_selector(GAME_OVER)
    page.keyboard.press("Escape")
    expect(page.locator(GAME_OVER)).to_be_hidden()
    assert page.locator(".ok-seat:not(.ok-me):has(.ok-known) .ok-under").count(), \
        "no seat took a tile and has a pile to lay beside it"
    assert page.evaluate(PILES_OUTSIDE_SEATS) == []
    for top in page.locator(".ok-seat .ok-discards .ok-top").all():
        assert top.evaluate("""(e) => { const box = e.getBoundingClientRect();
            const pile = e.parentElement.getBoundingClientRect();
            return box.left >= pile.left && box.right <= pile.right; }"""), "the top tile is cut"


def test_a_phone_shows_a_four_player_table_down_to_the_discard_button(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new(width=390, height=844)
    live.seeds.append(FOUR_SEATS)
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy", "bot:easy"], players=4,
               options={"rounds": "1"})
    expect(page.locator("#status")).to_have_text("Your turn", timeout=20000)
    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").click()
        expect(page.locator(".ok-rack-tile")).to_have_count(15)
    page.evaluate("window.scrollTo(0, 0)")
    tile = page.locator(".ok-rack-tile").last
    box = tile.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box
    tile.click()
    button = page.locator("#okey-discard")
    expect(button).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def rack_place(page: Page, slot: int) -> FloatRect:
    box = page.locator(f".ok-slot[data-slot='{slot}'] .ok-rack-tile").bounding_box()
    assert box is not None
    return box


ROWS_OF_GROUPS = """(by) => {
  const rows = {};
  for (const tile of document.querySelectorAll('.ok-rack-tile')) {
    const name = tile.dataset.tile;
    const group = name === 'FJ' ? name : by === 'colour' ? name[0] : name.slice(1);
    (rows[group] ||= []).push(Math.round(tile.getBoundingClientRect().top));
  }
  return Object.values(rows);
}"""
"""For each group the sort buttons make (a colour, a number, the false jokers), the rows its
tiles are in."""

LAST_IN_RACK = """() => [...document.querySelectorAll('.ok-slot')]
  .map((slot) => slot.querySelector('.ok-rack-tile')).filter(Boolean)
  .map((tile) => tile.dataset.tile)"""
"""The rack's tiles in slot order."""


@pytest.mark.parametrize(("width", "row"), [(375, 7), (390, 8), (640, 10), (1280, 15)])
def test_arrow_keys_and_sorting_follow_the_rows_of_the_rack(
        pages: Pages, width: int, row: int) -> None:
    page = pages.new(width=width)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    page.click("text=Sort: runs")
    tile = page.locator(".ok-slot[data-slot='0'] .ok-rack-tile")
    name = tile.get_attribute("data-tile")
    top = rack_place(page, 0)
    tile.focus()
    page.keyboard.press("ArrowDown")
    moved = page.locator(f".ok-slot[data-slot='{row}'] .ok-rack-tile")
    expect(moved).to_have_attribute("data-tile", name or "")
    expect(moved).to_be_focused()
    below = rack_place(page, row)
    assert below["x"] == top["x"] and below["y"] > top["y"], (top, below)
    page.keyboard.press("ArrowUp")
    expect(tile).to_have_attribute("data-tile", name or "")
    expect(tile).to_be_focused()
    for button, by in (("Sort: sets", "number"), ("Sort: runs", "colour")):
        page.click(f"text={button}")
        for rows in page.evaluate(ROWS_OF_GROUPS, by):
            assert len(rows) > row or len(set(rows)) == 1, (button, rows)
        tiles = page.evaluate(LAST_IN_RACK)
        jokers = tiles.count("FJ")
        assert tiles[len(tiles) - jokers:] == ["FJ"] * jokers, (button, tiles)


def test_the_rack_keeps_its_order_and_its_groups_in_rows_when_the_window_narrows_or_reloads(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new(width=1280)
    live.seeds.append(SLOW_COMPUTER)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    page.wait_for_selector(YOUR_TURN)
    page.click("text=Sort: runs")
    tile = page.locator(".ok-slot[data-slot='0'] .ok-rack-tile")
    tile.focus()
    page.keyboard.press("ArrowRight")  # an arrangement of the player's own, not a sort
    arranged = page.evaluate(LAST_IN_RACK)
    for width, row in ((375, 7), (640, 10), (1280, 15)):
        page.set_viewport_size({"width": width, "height": 860})
        page.wait_for_function(f"() => getComputedStyle(document.documentElement)"
                               f".getPropertyValue('--ok-rack-row').trim() === '{row}'")
        # The style changes at once; the rack is laid out again at the redraw, which stores it.
        page.wait_for_function(f"""() => Object.values(JSON.parse(
          sessionStorage.getItem('spieltisch.arranged') || '{{}}')).at(-1)?.row === {row}""")
        page.wait_for_function(f"""() => ({ROWS_OF_GROUPS})('colour').every(
          (rows) => rows.length > {row} || new Set(rows).size === 1)""")
        assert page.evaluate(LAST_IN_RACK) == arranged, width
    slots = page.evaluate(SLOTS)
    page.reload()
    page.wait_for_selector(YOUR_TURN)
    assert page.evaluate(SLOTS) == slots, "a reload keeps the arrangement"


SLOTS = """() => [...document.querySelectorAll('.ok-slot')]
  .map((slot) => slot.querySelector('.ok-rack-tile')?.dataset.tile ?? null)"""
"""Every slot of the rack: the tile in it, or null."""


def test_a_spectator_sees_what_the_bottom_seat_took_from_the_discards(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(SLOW_COMPUTER)
    table = start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2,
                       options={"rounds": "1"})
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    page.wait_for_selector(YOUR_TURN)
    if not page.locator(".ok-top.legal").count():  # Ada opens the round with a discard
        page.locator(".ok-rack-tile.legal").first.click()
        page.locator("#okey-discard").click()
    page.locator(".board-area.interactive .ok-top.legal").click()
    took = watcher.locator(".ok-me .ok-known")
    expect(took).to_contain_text("Took:")
    expect(took.locator("svg")).to_have_count(1)


def test_a_draw_from_the_pile_stands_against_the_computer_and_the_button_says_why(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    rack = page.locator(".ok-rack .ok-rack-tile")

    def held() -> list[str]:
        return sorted(rack.evaluate_all("(els) => els.map((el) => el.dataset.tile)"))

    page.wait_for_selector(".board-area.interactive .ok-rack-tile.legal")
    page.locator(".ok-rack-tile.legal").first.click()
    page.locator("#okey-discard").click()
    pile = page.locator(".board-area.interactive .ok-pile.legal")
    expect(pile).to_be_visible(timeout=20_000)
    before = held()
    pile.click()
    expect(rack).to_have_count(len(before) + 1)
    drawn = held()
    undo = page.locator("#undo-button")
    said = ("You have seen the tile you drew from the pile: taken back, you would choose "
            "again knowing it, so your draw stands; the computer does not take it back.")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute("title", said)
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".toast").last).to_have_text(said)
    assert held() == drawn


def test_taking_back_a_discard_puts_the_tile_back_in_its_place_on_the_rack(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    page.wait_for_selector(".board-area.interactive .ok-rack-tile.legal")
    before = page.evaluate(LAST_IN_RACK)
    first = page.locator(".ok-slot[data-slot='0'] .ok-rack-tile")
    name = first.get_attribute("data-tile")
    first.click()
    page.locator("#okey-discard").click()
    expect(page.locator(".ok-rack .ok-rack-tile")).to_have_count(len(before) - 1)
    # Asked once both computers have played: asked while one plays, it would come too late.
    page.wait_for_selector(YOUR_TURN)
    page.click("#undo-button")
    expect(page.locator(".ok-rack .ok-rack-tile")).to_have_count(len(before))
    expect(first).to_have_attribute("data-tile", name or "")
    assert page.evaluate(LAST_IN_RACK) == before
    page.reload()
    expect(first).to_have_attribute("data-tile", name or "")


def test_the_move_buttons_speak_german_and_the_box_takes_their_words(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new(locale="de-DE")
    three_with_a_long_deal(page, pages, live)
    buttons = page.locator("#moves button.move")
    expect(buttons.first).to_have_text(re.compile(r"^\S+ abwerfen$"))
    first = buttons.first
    expect(first).to_have_attribute("title", re.compile(r"^discard \S+$"))
    tile = (first.inner_text()).split(" ")[0]
    box = page.locator("#move-input")
    box.fill(f"{tile} abwerfen")
    box.press("Enter")
    expect(page.locator("#log")).to_contain_text(f"wirft {tile} ab")
    expect(buttons).to_have_count(2, timeout=20_000)
    expect(buttons).to_have_text([re.compile(r"^\S+ nehmen$"), "vom Stapel ziehen"])
    expect(buttons.last).to_have_attribute("title", "draw")
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_have_text(
        re.compile(r"^Vorschlag: (vom Stapel ziehen|\S+ nehmen)$"))
    rack = page.locator(".ok-rack .ok-rack-tile")
    held = rack.count()
    box.fill("Vom Stapel ziehen")
    box.press("Enter")
    expect(rack).to_have_count(held + 1)
    expect(box).to_have_value("")  # played: Enter now would send it again
    expect(page.locator("#suggestion")).to_have_count(0)


def test_the_end_of_a_round_is_told_beside_the_next(pages: Pages, live: LiveServer) -> None:
    table = finished_bot_table(live.url, "okey", {"rounds": 2})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    page.click("#result-close")
    said = page.locator("#stake .last-round")
    expect(said).to_have_text(re.compile(
        r"^Round 2: (Computer [12] \(Easy\) finished \((sets and runs|seven pairs)"
        r"(, with the okey)?\)|nobody finished \((pile exhausted|turn limit)\))\.$"))
    page.select_option("#lang", "de")
    expect(said).to_have_text(re.compile(r"^Runde 2: .+ beendet \(.+\)\.$"))


def test_screen_readers_hear_tiles_in_colour_words(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    words = r"(red|yellow|blue|black) \d+"
    indicator = page.locator(".ok-indicator").first.get_by_role("img")
    expect(indicator).to_have_accessible_name(re.compile(rf"^{words}$"))
    expect(page.locator(".ok-rack-tile").first).to_have_accessible_name(
        re.compile(rf"^Tile ([RYBK]\d+, {words}|FJ, false joker|[RYBK]\d+, okey \(wild\))$"))
    expect(page.locator(".ok-rack-tile[aria-pressed='true']")).to_have_count(0)
    page.locator(".ok-rack-tile.legal").first.click()
    expect(page.locator(".ok-rack-tile[aria-pressed='true']")).to_have_count(1)
    page.locator("#okey-discard").click()
    shown = rf"({words}|false joker)(, okey \(wild\))?"
    piles = page.locator(".ok-discards").filter(has=page.locator(".ok-top"))
    expect(piles.first).to_have_accessible_name(re.compile(rf"^Discards(, {shown})+$"))
    page.select_option("#lang", "de")
    expect(indicator).to_have_accessible_name(re.compile(r"^(Rot|Gelb|Blau|Schwarz) \d+$"))


def test_screen_readers_hear_the_computers_tiles_in_colour_words(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    page.evaluate(SAID)
    expect(page.locator(".ok-backs svg").first).to_have_attribute("aria-hidden", "true")
    page.wait_for_selector(".board-area.interactive .ok-rack-tile.legal")
    page.locator(".ok-rack-tile.legal").first.click()
    page.locator("#okey-discard").click()
    expect(page.locator(".board-area.interactive .ok-pile.legal")).to_be_visible(timeout=20_000)
    theirs = [said for said in page.evaluate("window.__said") if "Computer" in said]
    assert theirs
    for said in theirs:
        assert not re.search(r"\b[RYBK]\d{1,2}\b", said), said
    assert any(re.search(r"(red|yellow|blue|black) \d+", said) for said in theirs)


def test_delete_discards_the_rack_tile_in_focus(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    three_with_a_long_deal(page, pages, live)
    tile = page.locator(".board-area.interactive .ok-rack-tile.legal").first
    expect(tile).to_have_attribute("aria-keyshortcuts", "Delete")
    name = tile.get_attribute("data-tile")
    tile.focus()
    page.keyboard.press("Delete")
    expect(page.locator("#log li").filter(has_text=f"discard {name}")).to_have_count(1)


@pytest.mark.parametrize(("locale", "how"), [("en-GB", "drag"), ("de-DE", "Delete")])
def test_a_tile_discarded_before_drawing_says_to_draw_first(
        pages: Pages, live: LiveServer, locale: str, how: str) -> None:
    page = pages.new(locale=locale)
    live.seeds.append(FOUR_SEATS)
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy", "bot:easy"], players=4,
               options={"rounds": "1"})
    page.wait_for_selector(".board-area.interactive .ok-pile.legal", timeout=20000)
    if how == "drag":
        drag(page, ".ok-rack .ok-rack-tile >> nth=0", "[data-drop='discard']")
    else:
        page.locator(".ok-rack .ok-rack-tile").first.focus()
        page.keyboard.press("Delete")
    said = {"en-GB": "That move is not allowed: take the discard or draw from the pile "
                     "before you discard",
            "de-DE": "Dieser Zug ist nicht erlaubt: nimm erst den abgelegten Stein oder "
                     "ziehe vom Vorrat, dann lege ab"}[locale]
    expect(page.locator(".toast.error")).to_have_text(said)
    expect(page.locator(".ok-rack .ok-rack-tile")).to_have_count(14)


FIRST_RACK_OF_ROUND_2 = """() => {
  window.__round2 = null;
  const look = () => {
    const round = document.querySelector('#stake')?.textContent.includes('Round 2 of 2');
    const rack = [...document.querySelectorAll('.ok-rack .ok-rack-tile')];
    if (window.__round2 === null && round && rack.length >= 14) {
      window.__round2 = rack.map((tile) => tile.dataset.tile);
    }
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
}"""
"""Keep the rack's tiles in slot order as first shown in round 2 in `window.__round2`."""


def colour_order(name: str) -> tuple[int, int]:
    """Where 'Sort: runs' puts a tile: by colour, then number, false jokers last."""
    return (99, 99) if name == "FJ" else ("RYBK".index(name[0]), int(name[1:]))


def test_a_new_round_deals_a_rack_sorted_afresh(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(SLOW_COMPUTER)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "2"})
    page.wait_for_selector(YOUR_TURN)
    page.click("text=Sort: sets")  # round 1 arranged otherwise than a new rack comes
    page.evaluate(FIRST_RACK_OF_ROUND_2)
    page.click("#seat-bot-mine")
    page.click("#seat-bot-level-easy")
    page.wait_for_function("() => window.__round2 !== null", timeout=120_000)
    first = page.evaluate("window.__round2")
    assert first == sorted(first, key=colour_order), first


def test_anticlockwise_play_goes_on_to_the_right(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy", "bot:easy"],
               preset="standard", players=4)
    expect(page.locator("#stake")).to_contain_text("Round 1 (at most 60)")
    expect(page.locator(".ok-seat.ok-left")).to_have_attribute("data-seat", "1")
    expect(page.locator(".ok-seat.ok-top")).to_have_attribute("data-seat", "2")
    expect(page.locator(".ok-seat.ok-right")).to_have_attribute("data-seat", "3")
    page.wait_for_selector(YOUR_TURN)
    if not page.locator(".board-area.interactive .ok-pile.legal").count():  # Ada opens
        page.locator(".ok-rack-tile.legal").first.click()
        page.locator("#okey-discard").click()
    expect(page.locator(".board-area.interactive .ok-pile.legal")).to_be_visible(timeout=20_000)
    expect(page.locator(".ok-seat.ok-left .ok-top.legal")).to_have_count(1)


def test_the_winning_rack_says_its_round_and_marks_that_rounds_okey(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    for _ in range(4):  # a match whose rounds all end with the pile is played again
        table = finished_bot_table(live.url, "okey", {"rounds": 3}, players=3)
        page.goto(f"{pages.base}/#/watch/{table}")
        expect(page.locator(GAME_OVER)).to_be_visible()
        hand = page.locator(f"{GAME_OVER} .ok-winning-hand")
        if hand.count():
            break
    else:
        raise AssertionError("nobody finished a round in four matches")
    record = httpx.get(f"{live.url}/api/tables/{table}/record", timeout=10).json()
    okeys = [tiles.name(tiles.okey_for(tiles.parse(move.split()[1])))
             for move in record["moves"] if move.startswith("indicator ")]
    caption = hand.locator("p")
    expect(caption).to_have_text(
        re.compile(r"^Winning rack of round [123], Computer \d \(Easy\):$"))
    round_no = int(re.findall(r"round (\d)", caption.inner_text())[0])
    labels = hand.locator("svg").evaluate_all("(els) => els.map((el) => el.ariaLabel)")
    wild = [label for label in labels if label.endswith("okey (wild)")]
    colour = {"R": "red", "Y": "yellow", "B": "blue", "K": "black"}
    okey = okeys[round_no - 1]
    assert all(label.startswith(f"{colour[okey[0]]} {okey[1:]},") for label in wild), (okey, labels)


def finishing_table(base: str, *, preset: str = "seed", rounds: int = 1,
                    rack: str = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9") -> str:
    """A 2-player table of `rounds` rounds, played on from a crafted deal (indicator K1, so K2 is
    the okey), where Ada opens with `rack` (by default one that finishes by discarding
    R9); the page's address for her seat."""
    other = "R4 R5 R6 R7 R8 Y8 Y9 Y10 Y11 Y12 Y13 B1 B2 B3"
    deal = [tiles.parse(name) for name in f"{rack} {other}".split()]
    record = {"format": "spieltisch-record/1", "game": "okey",
              "options": {"preset": preset, "players": 2, "rounds": rounds},
              "players": ["Ada", "Bot"], "seed": "finishing", "draws": 0,
              "events": [STARTER, tiles.parse("K1"), *deal], "result": None}
    replay = httpx.post(f"{base}/api/replay", json={"record": record, "seat": 0}, timeout=10)
    replay.raise_for_status()
    made = httpx.post(f"{base}/api/branch", json={
        "record": record, "seat": 0, "step": len(replay.json()["views"]) - 1, "level": "easy",
        "name": "Ada"}, timeout=10)
    made.raise_for_status()
    return f"{base}/#/seat/{made.json()['id']}/{made.json()['token']}"


@pytest.mark.parametrize("how", ["drag", "Delete"])
def test_a_golden_tile_dropped_on_the_discards_or_deleted_finishes(
        pages: Pages, how: str) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base))
    golden = page.locator(".board-area.interactive .ok-rack-tile.finishing")
    expect(golden).to_have_count(1)
    expect(golden).to_have_attribute("data-tile", "R9")
    if how == "drag":
        drag(page, ".ok-rack-tile.finishing", "[data-drop='discard']")
    else:
        golden.focus()
        page.keyboard.press("Delete")
    expect(page.locator(GAME_OVER)).to_contain_text("Ada wins")
    rounds = page.locator(f"{GAME_OVER} .result-table").last
    expect(rounds.locator("th[aria-label]")).to_have_count(2)
    assert [th.get_attribute("aria-label") for th in rounds.locator("th[aria-label]").all()] \
        == ["Ada", "Computer (Easy)"]
    expect(rounds.locator("tbody td.num")).to_have_text(["+1", "0"])


def test_the_rounds_of_the_result_say_a_finish_with_the_okey(pages: Pages) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base, preset="standard",
                              rack="R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K2 K2"))
    page.locator(".board-area.interactive .ok-rack-tile.finishing[data-tile='K2']").first.click()
    page.locator(".ok-actions .finish").click()
    rounds = page.locator(f"{GAME_OVER} .result-table").last
    expect(rounds.locator("tbody td.num")).to_have_text(["0", "-8"])
    expect(rounds.locator("tbody td").nth(2)).to_have_text("seven pairs, with the okey")


def test_the_finishing_tiles_say_what_each_finish_costs_where_they_differ(
        pages: Pages) -> None:
    address = finishing_table(pages.base, preset="standard",
                              rack="R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K2 K2")
    page = pages.new()
    page.goto(address)
    expect(page.locator("#stake .stake-line")).to_have_text(
        "Discarding any of these finishes the round: K2 (the okey): 8 points from each "
        "opponent; R1, R12, Y3, Y4, B7, B12, K10: 4 points from each opponent")
    page.locator(".ok-rack-tile[data-tile='K2']").first.click()
    expect(page.locator(".ok-actions .finish")).to_have_text(
        "Finish with K2 (8 points from each opponent)")
    page.locator(".ok-rack-tile[data-tile='R1']").first.click()
    expect(page.locator(".ok-actions .finish")).to_have_text(
        "Finish with R1 (4 points from each opponent)")
    page.select_option("#lang", "de")
    expect(page.locator(".ok-actions .finish")).to_have_text(
        "Mit R1 beenden (4 Punkte von jedem Gegner)")
    expect(page.locator("#stake .stake-line")).to_have_text(
        "Mit jedem dieser Steine beendest du die Runde: K2 (der Okey): 8 Punkte von jedem "
        "Gegner; R1, R12, Y3, Y4, B7, B12, K10: 4 Punkte von jedem Gegner")
    plain = pages.new()
    plain.goto(finishing_table(pages.base, preset="standard"))
    expect(plain.locator("#stake .stake-line")).to_have_text(
        "Discarding any of these finishes the round: R9")
    plain.locator(".ok-rack-tile[data-tile='R9']").first.click()
    expect(plain.locator(".ok-actions .finish")).to_have_text("Finish with R9")


def test_the_side_panel_shows_the_rack_that_won_the_last_round(pages: Pages) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base, rounds=3))
    page.locator(".board-area.interactive .ok-rack-tile.finishing").first.click()
    page.locator(".ok-actions .finish").click()
    expect(page.locator("#stake .last-round")).to_have_text(
        "Round 1: you finished (sets and runs).")
    rack = page.locator("#stake .ok-winning-hand")
    expect(rack.locator("p")).to_have_text("Your winning rack of round 1:")
    expect(rack).to_have_attribute("aria-label", "Your winning rack of round 1:")
    page.select_option("#lang", "de")
    expect(page.locator("#stake .last-round")).to_have_text(
        "Runde 1: Du hast beendet (Sätze und Folgen).")
    expect(rack.locator("p")).to_have_text("Dein Siegerblatt der Runde 1:")
    page.select_option("#lang", "en")
    expect(rack.locator("svg")).to_have_count(14)
    expect(rack.locator("svg").first).to_have_attribute("aria-label", "red 1")
    melds = rack.locator(".ok-meld")
    expect(melds).to_have_count(4)
    assert [len(melds.nth(i).locator("svg").all()) for i in range(4)] == [3, 4, 3, 4]


def test_a_german_refusal_names_moves_the_box_takes(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(finishing_table(pages.base))
    expect(page.locator(YOUR_TURN).first).to_be_visible()
    box = page.locator("#move-input")
    box.fill("beenden R9")
    box.press("Enter")
    refusal = page.locator(".toast.error", has_text=re.compile("„beenden R9“ ist kein Zug"))
    expect(refusal).to_contain_text("„mit R5 beenden“")
    box.fill("mit R9 beenden")
    box.press("Enter")
    expect(page.locator(GAME_OVER)).to_contain_text("Ada gewinnt")


def test_the_german_board_buttons_say_what_the_move_buttons_say(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(finishing_table(pages.base))
    page.locator(".ok-rack-tile[data-tile='Y4']").click()
    expect(page.locator("#okey-discard")).to_have_text("Y4 abwerfen")
    expect(page.locator("#moves button.move").filter(has_text="Y4 abwerfen")).to_have_count(1)


def test_a_spectator_who_has_not_touched_the_page_gets_no_audio_warnings(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(SLOW_COMPUTER)
    table = start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2,
                       options={"rounds": "1"})
    watcher = pages.new()
    said: list[str] = []
    watcher.on("console", lambda message: said.append(message.text))
    # Nothing may look into the watcher's page: Playwright's look counts as a touch.
    with watcher.expect_websocket() as opened:
        watcher.goto(f"{pages.base}/#/watch/{table}")
    frames: list[object] = []
    opened.value.on("framereceived", lambda frame: frames.append(frame))
    rng = random.Random(2)
    for _ in range(4):
        page.wait_for_selector(YOUR_TURN)
        seen = len(frames)
        take_turn(page, rng)
        while len(frames) == seen:
            page.wait_for_timeout(50)
    page.wait_for_timeout(300)
    assert not [text for text in said if "AudioContext" in text], said[:3]


DRAW_ENTRIES = """() => [...document.querySelectorAll('#log > li:not(.fold)')].map((li) => [
  li.value, li.textContent.trim(), li.querySelector('.seat-dot') !== null,
  li.classList.contains('current')])"""
"""Each entry of the log past the deal: its number, words, whether a seat made it, and
whether it is the replay's current one."""


def assert_each_draw_once(page: Page) -> None:
    entries = page.evaluate(DRAW_ENTRIES)
    drawn = [e for e in entries if re.match(r"draws from the pile$|drew ", e[1])]
    assert drawn and all(e[2] for e in drawn), entries
    assert not [e for e in entries if e[1] == "draw"], entries
    numbers = [e[0] for e in entries][2:]  # after who starts, the indicator and the deal
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), numbers


def test_each_draw_from_the_pile_is_one_entry_of_the_log(pages: Pages, live: LiveServer) -> None:
    table = finished_bot_table(live.url, "okey", {"rounds": 1})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    page.click("#result-close")
    expect(page.locator("#log")).to_contain_text("draws from the pile")
    assert_each_draw_once(page)

    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#replay-step")).to_be_visible()
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#log li.current")).to_have_count(1)
    assert_each_draw_once(page)
    for _ in range(40):
        if page.locator("#log li.current").text_content() == "draws from the pile":
            break
        page.keyboard.press("ArrowRight")
    current = page.locator("#log > li.current")
    expect(current).to_have_text("draws from the pile")
    expect(current.locator(".seat-dot")).to_have_count(1)


def test_the_rounds_to_play_count_the_round_in_play_as_this_round(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2)
    stake = page.locator("#stake")
    expect(stake).to_contain_text("Round 1 of 5")
    expect(stake).to_contain_text("A win counts one round won; this round and 4 more.")
    page.select_option("#lang", "de")
    expect(stake).to_contain_text("Ein Sieg zählt eine gewonnene Runde; diese und noch 4 Runden.")


def test_the_side_panel_says_the_other_s_draw_as_the_log_does(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("okey", players=2), seed="side", players=["Ada", "Bea"])
    drew = False
    while not (drew and match.state.current_player == 0):
        state = match.state
        legal = state.legal_actions()
        pick = DRAW if DRAW in legal else legal[0]
        drew = drew or (state.current_player == 1 and pick == DRAW)
        match.play(state.current_player, pick)
    page = replay_as_ada(pages, match, tmp_path)
    turn = page.locator("#stake p.last-turn")
    expect(turn).to_have_text(re.compile(r"^\s?Bea: draws from the pile, discard \S+$"))
    page.select_option("#lang", "de")
    expect(turn).to_have_text(re.compile(r"^\s?Bea: zieht vom Stapel, wirft \S+ ab$"))


def test_the_lobby_says_what_a_standard_win_can_cost(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='okey']")
    page.select_option("#preset", "standard")
    said = page.locator("p.hint").filter(has_text="Anticlockwise")
    expect(said).to_contain_text(
        "a win costs the others 2 points, 4 with the okey or seven pairs, 8 with both.")


CONTRAST_AUDIT = (Path(__file__).parent / "contrast_audit.js").read_text(encoding="utf-8")


def test_discarding_a_tile_that_would_finish_asks_first(pages: Pages) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base))
    board = page.locator(".board-area.interactive")
    board.locator(".ok-rack-tile[data-tile='R9']").click()
    discard = page.locator("#okey-discard")
    expect(discard).to_have_text("Discard R9")
    discard.click()
    warning = page.locator("#okey-discard-why")
    expect(warning).to_have_text(
        "R9 finishes your rack: “Finish with R9” wins the round with it. Press “Discard R9 "
        "anyway” to discard it all the same.")
    expect(discard).to_have_text("Discard R9 anyway")
    expect(discard).to_be_focused()
    expect(warning).to_have_attribute("role", "alert")   # said once, as it appears
    assert page.evaluate(CONTRAST_AUDIT) == [], "the warning is readable"
    expect(board.locator(".ok-rack-tile")).to_have_count(15)   # nothing was played
    page.select_option("#lang", "de")
    expect(discard).to_have_text("R9 trotzdem abwerfen")
    expect(warning).to_contain_text("Mit R9 ist dein Bänkchen fertig")
    assert warning.get_attribute("role") is None, "a redraw says the warning again"
    page.select_option("#lang", "en")
    # Another pick asks afresh.
    board.locator(".ok-rack-tile[data-tile='Y7']").click()
    expect(warning).to_have_count(0)
    expect(discard).to_have_text("Discard Y7")
    board.locator(".ok-rack-tile[data-tile='R9']").click()
    expect(discard).to_have_text("Discard R9")
    # Typed in the box, it is not played either, until typed again.
    box = page.locator("#move-input")
    box.fill("R9")
    box.press("Enter")
    expect(page.locator(".toast.error").last).to_have_text(
        "Not played yet: R9 finishes your rack: type “finish R9” to win the round with it, "
        "or play R9 again to discard it anyway.")
    expect(board.locator(".ok-rack-tile")).to_have_count(15)
    page.select_option("#lang", "de")
    expect(page.locator(".toast.error").last).to_contain_text("Noch nicht gespielt: Mit R9")
    page.select_option("#lang", "en")
    discard.click()
    discard.click()
    expect(page.locator("#log li").filter(has_text="discard R9")).to_have_count(1)
    expect(page.locator(GAME_OVER)).to_have_count(0)
    typed = pages.new(locale="de-DE", scheme="dark")
    typed.goto(finishing_table(pages.base))
    typed.locator(".board-area.interactive .ok-rack-tile[data-tile='R9']").click()
    typed.locator("#okey-discard").click()
    expect(typed.locator("#okey-discard-why")).to_be_visible()
    assert typed.evaluate(CONTRAST_AUDIT) == [], "readable in dark colours too"
    box = typed.locator("#move-input")
    box.fill("d r9")
    box.press("Enter")
    expect(typed.locator(".toast.error").last).to_contain_text("Noch nicht gespielt: Mit R9")
    expect(box).to_have_value("d r9")
    box.press("Enter")
    expect(typed.locator("#log li").filter(has_text="wirft R9 ab")).to_have_count(1)


def test_the_hint_to_finish_names_the_finish_not_the_discard(pages: Pages) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base))
    expect(page.locator("#hint")).to_have_text(
        "You can win! Pick a golden tile and press “Finish”, or drop it on your discards.")


def test_the_tile_just_drawn_or_taken_is_marked_on_the_rack(pages: Pages) -> None:
    page = pages.new()
    page.goto(finishing_table(pages.base))
    board = page.locator(".board-area.interactive")
    expect(board.locator(".ok-rack-tile.arrived")).to_have_count(0)   # the opening discard
    board.locator(".ok-rack-tile[data-tile='Y7']").focus()
    moved(page, lambda: page.keyboard.press("Delete"))
    page.wait_for_selector(".board-area.interactive [data-focus-key=draw]", timeout=20000)
    took = page.locator("#moves button.move").first.inner_text()   # take the bot's discard
    moved(page, page.locator("#moves button.move").first.click)
    arrived = board.locator(".ok-rack-tile.arrived")
    expect(arrived).to_have_count(1)
    tile = took.split()[-1]
    expect(arrived).to_have_attribute("data-tile", tile)
    expect(arrived).to_have_attribute("aria-label", re.compile(r", just taken$"))
    page.select_option("#lang", "de")
    expect(arrived).to_have_attribute("aria-label", re.compile(r", eben genommen$"))
    page.reload()
    expect(board.locator(".ok-rack-tile.arrived")).to_have_attribute("data-tile", tile)
    board.locator(".ok-rack-tile.arrived").focus()
    page.keyboard.press("Delete")
    expect(board.locator(".ok-rack-tile.arrived")).to_have_count(0)


def ada_to_discard_from_an_empty_pile() -> Match:
    """A 2-player round of random moves, finishes left out, where Ada is to discard and the
    pile is empty."""
    for attempt in range(20):
        match = Match(load("okey", players=2, rounds=1), seed=f"empty-{attempt}",
                      players=["Ada", "Bot"])
        rng = random.Random(attempt)
        while not match.state.is_terminal():
            state = match.state
            view = state.view(0)
            if state.current_player == 0 and view["phase"] == "discard" and view["pile"] == 0:
                return match
            legal = [a for a in state.legal_actions()
                     if not state.action_to_string(a).startswith("finish")]
            match.play(state.current_player, rng.choice(legal or state.legal_actions()))
    raise AssertionError("the pile did not run out with Ada to discard")


def test_the_last_discard_of_a_round_is_told_before_it_is_made(pages: Pages) -> None:
    record = ada_to_discard_from_an_empty_pile().to_record()
    base = pages.base
    replay = httpx.post(f"{base}/api/replay", json={"record": record, "seat": 0}, timeout=10)
    replay.raise_for_status()
    made = httpx.post(f"{base}/api/branch", json={
        "record": record, "seat": 0, "step": len(replay.json()["views"]) - 1, "level": "easy",
        "name": "Ada"}, timeout=10)
    made.raise_for_status()
    page = pages.new()
    page.goto(f"{base}/#/seat/{made.json()['id']}/{made.json()['token']}")
    expect(page.locator("#hint")).to_contain_text(
        "Mind: the pile is empty, so a discard that does not finish ends the round without a "
        "winner.")
    page.select_option("#lang", "de")
    expect(page.locator("#hint")).to_contain_text(
        "Achtung: Der Vorrat ist leer; ein Abwurf, mit dem du nicht beendest, beendet die Runde "
        "ohne Sieger.")
