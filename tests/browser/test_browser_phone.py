"""The table on a phone or a small laptop: the turn, the board and what the player holds on
the first screen."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import partial
from itertools import pairwise

import pytest
from playwright.sync_api import Locator, Page, WebSocketRoute, expect

from .browser_harness import (
    GAME_OVER,
    TURN,
    LiveServer,
    Pages,
    finished_bot_table,
    join_game,
    moved,
    start_game,
)
from .test_browser_irono import YOUR_TURN, act
from .test_browser_koikoi import play_a_card
from .test_browser_okey import finishing_table


def bottom(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def top(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"]


def below(page: Page, lower: str, upper: str) -> bool:
    """Whether `lower` starts where `upper` ends or further down, both measured in one frame."""
    return bool(page.evaluate(
        """([lower, upper]) => document.querySelector(lower).getBoundingClientRect().top
             >= document.querySelector(upper).getBoundingClientRect().bottom""",
        [lower, upper]))


def first_screen(page: Page, width: int) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("game", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_a_small_phone_shows_the_board_right_under_the_turn(pages: Pages, game: str,
                                                             locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    start_game(page, pages.base, game, ["me", "bot:easy"])
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, 360)
    board = page.locator("#board")
    assert top(board) <= 200, "the board starts below the title, the turn and its hint"
    expect(page.locator(".toolbar #rules-button")).to_be_visible()
    assert below(page, ".toolbar", "#board"), "the table's tools come after the board"


def test_a_small_phone_shows_the_whole_oware_board_with_both_stores(pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(TURN).first).to_be_visible()
    first_screen(page, 360)
    for store in page.locator(".store").all():
        assert bottom(store) <= 640, "a store is below the first screen"


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1366, 768)])
@pytest.mark.parametrize("players", [3, 4])
def test_a_laptop_shows_the_whole_oware_ring_with_your_own_pits_and_their_names(
        pages: Pages, width: int, height: int, players: int) -> None:
    page = pages.new(width=width, height=height)
    start_game(page, pages.base, "oware", ["me"] + ["bot:easy"] * (players - 1),
               players=players, options={"start": "A"})
    expect(page.locator(".pit.legal").first).to_be_visible()
    first_screen(page, width)
    assert bottom(page.locator("#board svg")) <= height, "the ring runs below the first screen"
    for pit in page.locator(".pit").all():
        assert bottom(pit) <= height, f"pit {pit.get_attribute('data-pit')} is cut off"


def test_the_replay_of_a_four_player_oware_game_fits_a_laptop_s_screen(pages: Pages) -> None:
    table = finished_bot_table(pages.base, "oware", {}, players=4)
    page = pages.new(width=1280, height=720)
    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#replay-step")).to_be_visible()
    first_screen(page, 1280)
    assert bottom(page.locator("#board svg")) <= 720, "the ring runs below the first screen"


COMPUTER_DEALS = "koikoi-computer-deals-2"
"""A seed whose first month the computer player deals: "Dealer" goes beside its name."""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_a_phone_shows_the_koikoi_table_and_the_hand_together(
        pages: Pages, live: LiveServer, width: int, height: int, locale: str) -> None:
    page = pages.new(width=width, height=height, phone=True, locale=locale)
    live.seeds.append(COMPUTER_DEALS)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    expect(page.locator(TURN).first).to_be_visible(timeout=20000)
    expect(page.locator(".kk-side.theirs .kk-head .chip")).to_have_count(1)
    first_screen(page, width)
    cards = page.locator(".hand-card")
    assert bottom(cards.last) <= height, "the hand's last row is below the first screen"
    for card in cards.all():
        box = card.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40
    card = page.locator(".hand-card.legal").first
    if card.get_attribute("data-action") is None:
        card.tap()
        expect(page.locator(".hand-card.selected")).to_have_count(1)
        target = page.locator(".kk-table .kk-card.legal").first
        assert bottom(target) <= height, "the cards to take are below the first screen"
        moved(page, target.tap)
    else:
        moved(page, card.tap)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_small_phone_shows_the_colomino_board_and_the_whole_rack_together(
        pages: Pages, locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], options={"start": "A"})
    tiles = page.locator(".rack-tile.playable")
    expect(page.locator(".status.my-turn")).to_be_visible()
    expect(tiles.first).to_be_visible()
    first_screen(page, 360)
    for tile in page.locator(".rack-tile").all():
        assert bottom(tile) <= 640, "a rack tile is below the first screen"
        box = tile.bounding_box()
        assert box is not None and box["width"] >= 40
    tiles.first.tap()
    square = page.locator(".colomino-board .square.legal").last
    square.tap()
    if page.locator(".rotation-chooser").count():
        for button in page.locator(".rotation-chooser button").all():
            assert bottom(button) <= 640, "a choice of the rotation is below the first screen"
        moved(page, page.locator(".rotation-chooser button.rotation").first.tap)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_picking_a_colomino_tile_on_a_small_phone_keeps_the_board_and_the_rack_in_place(
        pages: Pages, locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(".status.my-turn")).to_be_visible()
    first_screen(page, 360)
    where = """() => ({board: document.querySelector('#board').getBoundingClientRect().top,
        rack: document.querySelector('.rack').getBoundingClientRect().bottom})"""
    before = page.evaluate(where)
    page.locator(".rack-tile.playable").first.tap()
    expect(page.locator(".rack-tile.chosen")).to_have_count(1)
    after = page.evaluate(where)
    assert after["board"] == before["board"], "the board moved down as the hint grew"
    assert after["rack"] <= 640, "the rack left the first screen"


@pytest.mark.parametrize("preset", ["small", "large"])
def test_the_choice_of_a_rotation_on_a_small_phone_keeps_the_board_in_sight(
        pages: Pages, preset: str) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset=preset,
               options={"start": "A"})
    expect(page.locator(".rack-tile.playable").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    chooser = page.locator(".rotation-chooser")
    for tile in page.locator(".rack-tile.playable").all():
        tile.tap()
        several = page.locator(".colomino-board .square.legal:not([data-action])")
        if several.count():
            several.first.tap()
            break
        tile.tap()  # put back: each square takes this tile one way only
    expect(chooser).to_be_visible()
    assert bottom(chooser) < 641, "the choice, Cancel included, is below the screen"
    assert top(page.locator(".colomino-board")) >= 0, "scrolled past the board's top"
    assert bottom(page.locator(".colomino-board .square.selected")) <= top(chooser)
    expect(page.locator(".rotation-chooser button.rotation").first).to_be_focused()


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "de-DE"), (360, 640, "en-GB"), (1280, 720, "de-DE")])
def test_the_irono_board_the_colours_and_the_guess_fit_a_small_screen_together(
        pages: Pages, width: int, height: int, locale: str) -> None:
    page = pages.new(width=width, height=height, phone=width < 500, locale=locale)
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    guess = page.locator(".ir-guess")
    rng = random.Random(5)
    while not guess.count():
        page.wait_for_selector(YOUR_TURN)
        if not guess.count():
            act(page, rng)
            page.wait_for_timeout(200)
    first_screen(page, width)
    colours = page.locator(".ir-colour")
    assert bottom(guess) <= height, "the guess button is below the first screen"
    for colour in colours.all():
        box = colour.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40
        assert box["y"] + box["height"] <= height
        assert colour.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "a name overflows"
    size = int(guess.inner_text().rsplit("/", 1)[1].rstrip(")"))
    for i in range(size):
        colours.nth(i).click()
    expect(colours.nth(0)).to_have_attribute("aria-pressed", "true")
    moved(page, guess.click)


SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a[href], select, input, summary, label.check, [data-action]:not([data-action=""])')]
  .filter((e) => !e.closest('[hidden], .offscreen, .skip, label.check, p, li:not(:has(> summary))'))
  .filter((e) => e.getBoundingClientRect().width > 0)
  .filter((e) => { const b = e.getBoundingClientRect(); return b.width < 40 || b.height < 38; })
  .map((e) => `${e.id || e.className || e.tagName} ${e.textContent.trim().slice(0, 20)}`)"""
"""Controls smaller than a fingertip; text links inside sentences and a label's own box
count as their text or label."""


@pytest.mark.parametrize("game", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_every_control_on_a_touch_screen_is_big_enough_for_a_finger(pages: Pages,
                                                                    game: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    page.goto(pages.base + "/")
    page.click(f".game-tile[data-game='{game}']")
    assert page.evaluate(SMALL_TARGETS) == [], "in the lobby"
    start_game(page, pages.base, game, ["me", "bot:easy"])
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    assert page.evaluate(SMALL_TARGETS) == [], "at the table"


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_small_phone_shows_the_whole_okey_rack_on_the_first_screen(pages: Pages,
                                                                      players: int,
                                                                      locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    start_game(page, pages.base, "okey", ["me"] + ["bot:easy"] * (players - 1),
               players=players, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=30000)
    first_screen(page, 360)
    shown = page.evaluate("""() => ({
        rack: document.querySelector('.ok-rack').getBoundingClientRect().bottom,
        actions: document.querySelector('.ok-actions').getBoundingClientRect().bottom,
        slots: document.querySelectorAll('.ok-rack .ok-slot').length})""")
    assert shown["slots"] == 21
    assert shown["rack"] <= 640, "the rack's last row is below the first screen"
    if players < 4:
        assert shown["actions"] <= 640, "the rack's buttons are below the first screen"


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_hint_to_finish_okey_leaves_the_rack_on_a_small_phone_s_first_screen(
        pages: Pages, locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    page.goto(finishing_table(pages.base))
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    expect(page.locator(".ok-rack-tile.finishing").first).to_be_visible()
    # The deal is played on from a record, whose banner a table of one's own has not.
    page.add_style_tag(content="#branched { display: none; }")
    first_screen(page, 360)
    shown = page.evaluate("""() => {
        const hint = document.querySelector('#hint');
        return {lines: hint.getBoundingClientRect().height
                  / parseFloat(getComputedStyle(hint).lineHeight),
                board: document.querySelector('#board').getBoundingClientRect().top,
                rack: document.querySelector('.ok-rack').getBoundingClientRect().bottom};
    }""")
    assert shown["lines"] < 2.5, "the hint to finish takes more than two lines"
    assert shown["board"] <= 200, "the hint pushes the board down"
    assert shown["rack"] <= 640, "the rack's last row is below the first screen"


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_question_before_discarding_a_golden_okey_tile_shows_on_a_small_phone(
        pages: Pages, locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    page.goto(finishing_table(pages.base))
    expect(page.locator(".ok-rack-tile.finishing").first).to_be_visible()
    page.locator(".ok-rack-tile[data-tile='R9']").tap()
    page.locator("#okey-discard").tap()
    expect(page.locator("#okey-discard-why")).to_be_visible()
    shown = page.evaluate("""() => ({
        why: document.querySelector('#okey-discard-why').getBoundingClientRect().bottom,
        button: document.querySelector('#okey-discard').getBoundingClientRect().top})""")
    assert shown["why"] <= 640, "the words why the tile is not discarded are below the screen"
    assert shown["button"] >= 0, "“Discard anyway” is above the screen"


@pytest.mark.parametrize("players", [2, 4])
def test_picking_an_okey_tile_on_a_small_phone_brings_the_discard_button_into_view(
        pages: Pages, players: int) -> None:
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    start_game(page, pages.base, "okey", ["me"] + ["bot:easy"] * (players - 1),
               players=players, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").tap()
        expect(page.locator(".ok-rack-tile")).to_have_count(15)
    first_screen(page, 360)
    tile = page.locator(".ok-rack-tile").last
    tile.tap()
    button = page.locator("#okey-discard")
    expect(button).to_be_visible()
    assert top(button) >= 0 and bottom(button) <= 640, "Discard is off the screen"
    assert top(tile) >= 0 and bottom(tile) <= 640, "the picked tile left the screen"
    moved(page, button.tap)


def test_a_long_result_opens_at_its_top_on_a_small_phone(pages: Pages) -> None:
    table = finished_bot_table(pages.base, "irono", {"games": 3})
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    page.goto(f"{pages.base}/#/watch/{table}")
    card = page.locator(GAME_OVER)
    expect(card).to_be_visible()
    assert card.evaluate("(e) => e.scrollHeight > e.clientHeight"), "the card fits whole"
    title = page.locator("#result-title")
    assert top(title) >= top(card), "who won is scrolled out of the card"
    expect(page.locator("#result-replay")).to_be_focused()
    page.locator("#result-close").tap()
    expect(card).to_be_hidden()


def test_the_oware_direction_arrows_are_big_enough_for_a_finger_on_a_small_phone(
        pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy", "bot:easy"],
               players=4, options={"start": "A"})
    pit = page.locator(".board-area.interactive .pit.legal").first
    expect(pit).to_be_visible()
    pit.tap()
    arrows = page.locator(".direction.legal")
    expect(arrows.first).to_be_visible()
    boxes = [arrow.bounding_box() for arrow in arrows.all()]
    for box in boxes:
        assert box is not None and box["width"] >= 40 and box["height"] >= 40, box
    moved(page, arrows.first.tap)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_picking_an_oware_pit_of_three_players_on_a_small_phone_keeps_the_board_in_place(
        pages: Pages, locale: str) -> None:
    page = pages.new(width=360, height=640, phone=True, locale=locale)
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, 360)
    where = "document.querySelector('#board').getBoundingClientRect().top"
    before = page.evaluate(where)
    page.locator(".pit.legal.clickable").first.tap()
    expect(page.locator(".direction.legal").first).to_be_visible()
    assert page.evaluate(where) == before, "the board moved down as the hint grew"


def test_the_choice_to_stop_or_call_koikoi_shows_on_a_small_phone(pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    rng = random.Random(1)
    decide = page.locator(".kk-decide")
    for _ in range(200):
        page.wait_for_selector(f"{TURN}, {GAME_OVER}, .kk-decide", timeout=30000)
        if decide.count() or page.locator(GAME_OVER).count():
            break
        targets = page.locator(TURN)
        targets.nth(rng.randrange(targets.count())).click()
        page.wait_for_timeout(150)
    expect(decide).to_be_visible()
    first_screen(page, 360)
    buttons = decide.locator("button")
    for button in buttons.all():
        assert bottom(button) <= 640, "the choice is below the first screen"
    moved(page, buttons.last.tap)


def test_the_replay_controls_on_a_touch_screen_are_big_enough_for_a_finger(
        pages: Pages) -> None:
    table = finished_bot_table(pages.base, "oware", {})
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#replay-step")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#replay-first").tap()
    expect(page.locator("#status")).to_contain_text("Stellung 1 von")


def test_a_touch_screen_is_not_told_about_the_delete_key_in_okey(pages: Pages) -> None:
    page = pages.new(width=390, height=844, phone=True)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").tap()
    expect(page.locator("#hint")).to_have_text(
        "Pick a tile, then discard it (or drag it onto your discard pile).")


def test_a_touch_screen_is_not_told_about_the_escape_key_after_a_pick(pages: Pages) -> None:
    page = pages.new(width=390, height=844, phone=True)
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    page.locator(".pit.legal.clickable").first.tap()
    expect(page.locator("#hint")).to_have_text(re.compile(
        r"^Now choose the direction to sow A\d: one of the two arrows beside it \(pick it "
        r"again to cancel\)\.$"))
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    tiles = page.locator(".rack-tile.playable")
    for i in range(tiles.count()):
        tiles.nth(i).tap()
        if page.locator(".square.legal:not([data-action])").count():
            break
    expect(page.locator("#hint")).to_have_text(
        "Now choose a glowing square for it, or another tile (pick it again to cancel). "
        "Tile 1 of 3 this turn.")
    page.select_option("#lang", "de")
    expect(page.locator("#hint")).to_contain_text("(derselbe bricht ab)")


@pytest.mark.parametrize("game", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_a_small_phone_shows_take_back_and_resign_beside_the_turn(pages: Pages,
                                                                  game: str) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, game, ["me", "bot:easy"])
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, 360)
    board = page.locator("#board")
    assert top(board) <= 200, "the board starts below the title, the turn and its hint"
    for button in (page.locator("#undo-button"), page.locator("#resign-button")):
        expect(button).to_be_visible()
        assert top(button) >= 0 and bottom(button) <= top(board), "not above the board"
    page.locator("#resign-button").tap()
    expect(page.locator("#resign-no")).to_be_focused()
    assert bottom(page.locator("#resign-yes")) <= 640, "the question is off the screen"
    page.locator("#resign-no").tap()
    expect(page.locator("#resign-button")).to_be_focused()
    expect(page.locator(".status.my-turn")).to_be_visible()


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_the_okey_rack_on_a_phone_has_tiles_a_finger_can_pick_in_three_rows(
        pages: Pages, width: int, height: int) -> None:
    page = pages.new(width=width, height=height, phone=True)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, width)
    tiles = page.locator(".ok-rack-tile")
    for tile in tiles.all():
        box = tile.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40, box
    slots = [slot.bounding_box() for slot in page.locator(".ok-slot").all()]
    rows = {round(box["y"]) for box in slots if box is not None}
    assert len(rows) == 3, "the rack has rows beyond the three a full hand needs"
    assert len(slots) >= tiles.count() + 6, "no room left to arrange the tiles"


def test_the_end_of_a_koikoi_month_is_told_under_the_turn_on_a_small_phone(
        pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    said = page.locator("#stake .last-month")
    rng = random.Random(5)
    for _ in range(40):
        page.wait_for_selector(f"{TURN}, #stake .last-month, {GAME_OVER}", timeout=30000)
        if said.count() or page.locator(GAME_OVER).count():
            break
        moved(page, partial(play_a_card, page, rng), timeout=30000)
    expect(said).to_be_attached()
    notice = page.locator("#toasts .toast").filter(has_text=said.inner_text())
    expect(notice).to_be_visible()
    shown = notice.bounding_box()
    assert shown is not None
    page.evaluate("window.scrollTo(0, 0)")
    words = page.evaluate("""() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#status'));
      const r = range.getBoundingClientRect();
      return {y: r.top, height: r.height};
    }""")
    for box in (words, page.locator("#resign-button").bounding_box()):
        assert box is not None
        assert (shown["y"] >= box["y"] + box["height"]
                or shown["y"] + shown["height"] <= box["y"]), "the notice covers the turn"


def test_a_long_german_turn_line_is_not_cut_beside_the_buttons_on_a_small_phone(
        pages: Pages) -> None:
    host = pages.new(locale="de-DE")
    table = start_game(host, pages.base, "colomino", ["me", "open"], players=2,
                       name="Adelheid-Wilhelmine", options={"start": "A"})
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    join_game(page, pages.base, table)
    status = page.locator("#status")
    expect(status).to_have_text("Adelheid-Wilhelmine ist am Zug")
    expect(page.locator("#undo-button")).to_be_visible()
    first_screen(page, 360)
    assert status.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), "the turn is cut"
    board = page.locator("#board")
    assert top(board) <= 240, "the board starts below the title, the turn and its hint"
    assert bottom(page.locator("#undo-button")) <= top(board), "not above the board"
    # Her own long name, never shown in her turn line, leaves the buttons beside it.
    expect(host.locator("#status")).to_have_text("Du bist am Zug")
    host.set_viewport_size({"width": 360, "height": 640})
    expect(host.locator("#quick-controls #undo-button")).to_be_visible()
    assert host.evaluate("""() => document.querySelector('#undo-button').getBoundingClientRect()
        .top < document.querySelector('#status').getBoundingClientRect().bottom""")


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_a_notice_on_a_phone_leaves_the_okey_turn_and_its_buttons_in_sight(
        pages: Pages, width: int, height: int) -> None:
    page = pages.new(width=width, height=height, phone=True)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "2"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, width)
    page.evaluate("""async () => (await import('/static/dom.js')).toast(
        'Round 1: Computer (Easy) finished (sets and runs, with the okey).')""")
    notice = page.locator("#toasts .toast")
    expect(notice).to_be_visible()
    shown = notice.bounding_box()
    assert shown is not None
    for box in (page.locator("#status").bounding_box(),
                page.locator("#undo-button").bounding_box()):
        assert box is not None
        assert shown["y"] >= box["y"] + box["height"], "the notice covers the turn"


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_the_lobby_of_a_320_px_phone_does_not_scroll_sideways(pages: Pages,
                                                              locale: str) -> None:
    page = pages.new(width=320, height=568, phone=True, locale=locale)
    page.goto(pages.base + "/")
    expect(page.locator(".game-tile").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    expect(page.locator("#lang")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (844, 390)])
def test_a_tablet_or_a_phone_on_its_side_shows_take_back_and_resign_beside_the_turn(
        pages: Pages, width: int, height: int) -> None:
    page = pages.new(width=width, height=height, phone=True)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, width)
    board = page.locator("#board")
    for button in (page.locator("#undo-button"), page.locator("#resign-button")):
        expect(button).to_be_visible()
        assert bottom(button) <= min(top(board), height), "not above the board"
    page.locator("#resign-button").tap()
    expect(page.locator("#resign-no")).to_be_focused()
    assert bottom(page.locator("#resign-yes")) <= top(board)


def test_a_tablet_turned_on_its_side_keeps_one_take_back_and_one_resign(
        pages: Pages) -> None:
    page = pages.new(width=800, height=1280)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(".rack-tile.playable").first).to_be_visible()
    expect(page.locator("#quick-controls #undo-button")).to_have_count(1)
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#controls #undo-button")).to_have_count(1)
    expect(page.locator("#undo-button")).to_have_count(1)
    expect(page.locator("#resign-button")).to_have_count(1)


def touch(page: Page, points: list[tuple[float, float]], *, hold: int = 0,
          end: str = "touchEnd") -> None:
    """One finger down at the first point (held `hold` ms), along the others, then lifted
    (or the touch cancelled, with `end` "touchCancel")."""
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    if hold:
        page.wait_for_timeout(hold)
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": end, "touchPoints": []})
    cdp.detach()


def centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def okey_rack_on_a_phone(pages: Pages) -> Page:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    page.evaluate("window.scrollTo(0, 0)")
    return page


def rack(page: Page) -> list[str | None]:
    return page.evaluate("""() => [...document.querySelectorAll('.ok-slot')]
      .map((s) => s.querySelector('.ok-rack-tile')?.dataset.tile ?? null)""")


def test_a_swipe_up_over_the_okey_rack_scrolls_a_phone_s_page(pages: Pages) -> None:
    page = okey_rack_on_a_phone(pages)
    assert page.evaluate("document.documentElement.scrollHeight") > 700
    before = rack(page)
    x, y = centre(page.locator(".ok-slot").nth(9))
    touch(page, [(x, y - step) for step in range(0, 160, 10)])
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > 40, "the page stood still"
    assert rack(page) == before, "the swipe moved a tile"
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_a_tile_on_a_phone_s_rack_moves_by_a_sideways_drag_or_a_long_press(
        pages: Pages) -> None:
    page = okey_rack_on_a_phone(pages)
    before = rack(page)
    first = before.index(next(t for t in before if t is not None))
    empty = before.index(None, 8)
    slots = page.locator(".ok-slot")
    (x, y), (to_x, to_y) = centre(slots.nth(first)), centre(slots.nth(empty))
    # Sideways first, then down to a slot of another row.
    path = [(x + step, y) for step in range(0, 30, 5)]
    path += [(x + 30 + (to_x - x - 30) * i / 10, y + (to_y - y) * i / 10) for i in range(11)]
    touch(page, path)
    after = rack(page)
    assert after[empty] == before[first] and after[first] is None, "the tile stayed"
    assert page.evaluate("window.scrollY") == 0
    # Held still a moment, a tile follows the finger straight down.
    (x, y), (to_x, to_y) = centre(slots.nth(empty)), centre(slots.nth(first))
    touch(page, [(x, y)] + [(x + (to_x - x) * i / 10, y + (to_y - y) * i / 10)
                            for i in range(11)], hold=600)
    assert rack(page) == before, "the tile held did not come back up"
    assert page.evaluate("window.scrollY") == 0


def test_a_slow_tap_on_a_phone_s_rack_picks_the_tile(pages: Pages) -> None:
    page = okey_rack_on_a_phone(pages)
    tile = page.locator(".ok-rack-tile").first
    touch(page, [centre(tile)], hold=400)
    expect(page.locator(".ok-rack-tile.selected")).to_have_count(1)
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_a_cancelled_touch_leaves_no_copy_of_a_tile_and_moves_nothing(pages: Pages) -> None:
    page = okey_rack_on_a_phone(pages)
    before = rack(page)
    first = before.index(next(t for t in before if t is not None))
    x, y = centre(page.locator(".ok-slot").nth(first))
    touch(page, [(x + step, y) for step in range(0, 60, 5)], end="touchCancel")
    expect(page.locator(".drag-ghost")).to_have_count(0)
    assert rack(page) == before
    # A later tap elsewhere drops nothing.
    empty = before.index(None)
    page.locator(".ok-slot").nth(empty).tap()
    page.wait_for_timeout(200)
    assert rack(page) == before


@pytest.mark.parametrize(("width", "height"), [(640, 360), (844, 390)])
@pytest.mark.parametrize("game", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_a_phone_on_its_side_shows_the_whole_board_on_one_screen(pages: Pages, game: str,
                                                                 width: int, height: int) -> None:
    page = pages.new(width=width, height=height, phone=True)
    start_game(page, pages.base, game, ["me", "bot:easy"])
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    first_screen(page, width)
    board = page.locator("#board")
    assert top(board) <= 140, "the top bar, the title and the turn take half the screen"
    assert bottom(board) - top(board) <= height, "the board is taller than the screen"
    for button in (page.locator("#undo-button"), page.locator("#resign-button")):
        assert bottom(button) <= top(board), "not above the board"
    assert below(page, ".toolbar", "#board"), "the table's tools come after the board"


def test_the_irono_line_scores_and_coordinates_are_readable_on_a_small_phone(
        pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True)
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=20000)
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '.irono-board .line-score text, .irono-board .coord')].map((e) => {
      const svg = e.ownerSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return parseFloat(getComputedStyle(e).fontSize) * scale; })""")
    assert len(sizes) == 10 + 8
    assert min(sizes) >= 12, sizes
    first_screen(page, 360)
    for score in page.locator(".irono-board .line-score").all():
        box = score.bounding_box()
        board = page.locator(".irono-board").bounding_box()
        assert box is not None and board is not None
        assert board["x"] - 1 <= box["x"]
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 1, "a score is cut off"


@pytest.mark.parametrize(("width", "height"), [(640, 360), (740, 360), (844, 390)])
@pytest.mark.parametrize("players", [3, 4])
def test_a_phone_on_its_side_shows_the_okey_piles_beside_the_other_racks_on_one_screen(
        pages: Pages, width: int, height: int, players: int) -> None:
    page = pages.new(width=width, height=height, phone=True)
    start_game(page, pages.base, "okey", ["me"] + ["bot:easy"] * (players - 1), players=players)
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=30000)
    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").click()
        expect(page.locator(".ok-rack-tile")).to_have_count(15)
    page.locator(".ok-rack-tile").last.click()
    expect(page.locator("#okey-discard")).to_be_visible()
    first_screen(page, width)
    centre_row = page.locator(".ok-centre")
    for seat in page.locator(".ok-seat:not(.ok-me)").all():
        assert top(centre_row) < bottom(seat), "the piles take a row of their own"
    board = page.locator("#board")
    assert bottom(board) - top(board) <= height, "the board is taller than the screen"
    for part in (page.locator(".ok-rack"), page.locator("#okey-discard"),
                 page.locator(".ok-my-discards")):
        assert top(board) <= top(part) and bottom(part) <= bottom(board), "off the board"



TAKEN = ["R1", "Y2", "B3", "K4", "R5", "Y6", "B7", "K8", "R10", "Y11", "B12", "K13"]
"""Tiles a seat may be shown to have taken from the discards, more than a row holds."""


def taking(count: int) -> Callable[[WebSocketRoute], None]:
    """A route showing every other seat of an Okey table holding `count` tiles of `TAKEN`,
    as if taken from the discards."""
    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message) if isinstance(message, str) else None
            if data and data.get("type") == "state" and "known" in data.get("view", {}):
                data["view"]["known"] = [TAKEN[:count] if i != data["seat"] else known
                                         for i, known in enumerate(data["view"]["known"])]
                message = json.dumps(data)
            ws.send(message)

        server.on_message(to_page)
        ws.on_message(server.send)
    return route


@pytest.mark.parametrize(("width", "height", "players", "taken", "locale"), [
    (640, 360, 4, 5, "en-GB"), (640, 360, 4, 7, "en-GB"), (640, 360, 4, 12, "de-DE"),
    (640, 360, 3, 7, "de-DE"), (740, 360, 4, 7, "en-GB"), (844, 390, 4, 9, "en-GB")])
def test_a_phone_on_its_side_keeps_the_okey_table_on_one_screen_beside_many_taken_tiles(
        pages: Pages, width: int, height: int, players: int, taken: int, locale: str) -> None:
    page = pages.new(width=width, height=height, phone=True, locale=locale)
    page.route_web_socket(re.compile(r".*/ws.*"), taking(taken))
    start_game(page, pages.base, "okey", ["me"] + ["bot:easy"] * (players - 1), players=players)
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=30000)
    if page.locator(".ok-pile.legal").count():
        page.locator(".ok-pile.legal").click()
        expect(page.locator(".ok-rack-tile")).to_have_count(15)
    page.locator(".ok-rack-tile").last.click()
    expect(page.locator("#okey-discard")).to_be_visible()
    first_screen(page, width)
    board = page.locator("#board")
    assert bottom(board) - top(board) <= height, "the board is taller than the screen"
    for part in (page.locator(".ok-rack"), page.locator("#okey-discard"),
                 page.locator(".ok-my-discards")):
        assert top(board) <= top(part) and bottom(part) <= bottom(board), "off the board"
    for seat in page.locator(".ok-seat:not(.ok-me)").all():
        tiles = seat.locator(".ok-known svg")
        expect(tiles).to_have_count(taken)
        boxes = [tile.bounding_box() for tile in tiles.all()]
        edge = seat.bounding_box()
        assert edge is not None and all(box is not None for box in boxes)
        assert len({round(box["y"]) for box in boxes if box}) <= 2, "more than two rows"
        for box in boxes:
            assert box and edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] \
                + edge["width"] and box["y"] + box["height"] <= edge["y"] + edge["height"], \
                "a taken tile reaches out of its seat"
        # Overlapping, each tile still shows at least half of itself.
        steps = [b["x"] - a["x"] for a, b in pairwise(boxes) if a and b and a["y"] == b["y"]]
        assert all(step >= 10 for step in steps), steps


@pytest.mark.parametrize(("width", "players", "taken", "locale"), [
    (360, 3, 12, "de-DE"), (320, 3, 12, "de-DE"), (360, 4, 12, "en-GB"), (320, 4, 7, "de-DE")])
def test_a_small_phone_shows_an_okey_seat_s_taken_tiles_on_two_rows_at_most(
        pages: Pages, width: int, players: int, taken: int, locale: str) -> None:
    page = pages.new(width=width, height=640, phone=True, locale=locale)
    page.route_web_socket(re.compile(r".*/ws.*"), taking(taken))
    start_game(page, pages.base, "okey", ["me"] + ["bot:easy"] * (players - 1), players=players)
    expect(page.locator(".status.my-turn")).to_be_visible(timeout=30000)
    first_screen(page, width)
    for seat in page.locator(".ok-seat:not(.ok-me)").all():
        expect(seat.locator(".ok-known svg")).to_have_count(taken)
        shown = seat.evaluate("""(seat) => {
            const edge = seat.getBoundingClientRect();
            const boxes = [...seat.querySelectorAll('.ok-known svg')]
              .map((tile) => tile.getBoundingClientRect());
            return {rows: new Set(boxes.map((box) => Math.round(box.top))).size,
                    out: boxes.filter((box) => box.left < edge.left || box.right > edge.right
                                       || box.bottom > edge.bottom).length,
                    steps: boxes.slice(1).map((box, i) => box.top === boxes[i].top
                                              ? box.left - boxes[i].left : 99)};
        }""")
        assert shown["rows"] <= 2, "more than two rows"
        assert shown["out"] == 0, "a taken tile reaches out of its seat"
        assert min(shown["steps"]) >= 10, "a taken tile hides more than half of the one before"


class HeldOnAComputerTurn:
    """A route that stops passing the table on to the page once a computer player is to
    move, until `release`: the page keeps showing that turn meanwhile."""

    def __init__(self) -> None:
        self.held: list[str | bytes] | None = None
        self.released = False
        self.page_side: WebSocketRoute | None = None

    def __call__(self, ws: WebSocketRoute) -> None:
        self.page_side = ws
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if self.held is not None:
                self.held.append(message)
                return
            ws.send(message)
            data = json.loads(message) if isinstance(message, str) else None
            if not self.released and data and data.get("type") == "state" \
                    and data.get("to_move") is not None \
                    and data["table"]["seats"][data["to_move"]]["kind"] == "bot":
                self.held = []

        server.on_message(to_page)
        ws.on_message(server.send)

    def release(self) -> None:
        assert self.page_side is not None and self.held is not None
        held, self.held, self.released = self.held, None, True
        for message in held:
            self.page_side.send(message)


def test_a_small_phone_shows_a_computer_players_long_german_turn_whole(pages: Pages) -> None:
    page = pages.new(width=360, height=640, phone=True, locale="de-DE")
    route = HeldOnAComputerTurn()
    page.route_web_socket(re.compile(r".*/ws.*"), route)
    start_game(page, pages.base, "oware", ["me", "bot:medium", "bot:medium"], preset="grand",
               players=3, options={"start": "B"})
    expect(page.locator("#status")).to_have_text("Computer 1 (Mittel) überlegt …")
    expect(page.locator("#resign-button")).to_be_visible()
    first_screen(page, 360)
    shown = page.evaluate("""() => {
        const status = document.querySelector('#status').getBoundingClientRect();
        const node = document.querySelector('#status');
        return {whole: node.scrollHeight <= node.clientHeight + 1,
                under: document.querySelector('#board').getBoundingClientRect().top
                  >= status.bottom,
                top: document.querySelector('#board').getBoundingClientRect().top};
    }""")
    assert shown["whole"], "the turn ends in '…'"
    # Three lines beside the buttons: one more than a short turn takes.
    assert shown["under"] and shown["top"] <= 230, "the board starts far below the turn"
    route.release()
    expect(page.locator(".status.my-turn")).to_have_text("Du bist am Zug", timeout=20000)
    assert page.evaluate("document.querySelector('#board').getBoundingClientRect().top") \
        == shown["top"], "the board moved as the turn passed"
