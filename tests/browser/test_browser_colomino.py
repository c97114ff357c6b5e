"""Colomino in the browser: tiles dragged and clicked onto the board, a game to the end."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import httpx
from colomino.test_skips import played, skipping
from playwright.sync_api import Page, expect

from spieltisch import load
from spieltisch.core.bots import Decision
from spieltisch.core.match import Match
from spieltisch.games.colomino.ai import make_bot

from .browser_harness import (
    GAME_OVER,
    LiveServer,
    Pages,
    finished_bot_table,
    play_to_the_end,
    replay_as_ada,
    start_game,
)


def lay_a_tile(page: Page, rng: random.Random) -> None:
    """Pick a playable rack tile, then a glowing square, then a rotation if asked."""
    tiles = page.locator(".rack-tile.playable")
    tiles.nth(rng.randrange(tiles.count())).click()
    squares = page.locator(".square.legal")
    squares.nth(rng.randrange(squares.count())).click()
    rotations = page.locator(".rotation-chooser button.rotation")
    if rotations.count():
        rotations.nth(rng.randrange(rotations.count())).click()


def drag_a_tile_onto_the_board(page: Page) -> None:
    """Press on a rack tile, move it until the squares light up, drop it on the first one."""
    box = page.locator(".rack-tile.playable").first.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y - 25, steps=4)
    expect(page.locator(".drag-ghost")).to_have_count(1)
    target = page.locator(".square.legal").first.bounding_box()
    assert target is not None
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2,
                    steps=6)
    page.mouse.up()
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_a_person_plays_colomino_against_a_bot_to_the_end(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    expect(page.locator(".colomino-board .square")).to_have_count(81)
    expect(page.locator(".rack-tile")).to_have_count(5)

    version = page.locator("#board").get_attribute("data-version")
    tile = page.locator(".rack-tile.playable").first
    tile.click()
    expect(page.locator(".square.legal").first).to_be_visible()
    tile.click()  # a second click puts the tile back
    expect(page.locator(".square.legal")).to_have_count(0)
    drag_a_tile_onto_the_board(page)
    chooser = page.locator(".rotation-chooser button.rotation")
    page.wait_for_function(
        "(v) => document.querySelector('#board').dataset.version !== v || "
        "document.querySelector('.rotation-chooser')", arg=version)
    if chooser.count():
        chooser.first.click()
    expect(page.locator(".rack-tile")).to_have_count(4)  # still my turn: 2 more to lay
    expect(page.locator("#log li").last).to_have_text(re.compile(r"^[A-I]1 "))

    moves = play_to_the_end(page, lay_a_tile, random.Random(5),
                            turn=".board-area.interactive .rack-tile.playable")
    assert moves > 3
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result).to_contain_text("yellow")
    expect(page.locator("#log")).to_contain_text("Computer (Easy) draws a tile")
    expect(page.locator("#log")).not_to_contain_text("player ")
    page.click("#result-close")
    expect(page.locator("#stake")).not_to_contain_text("this turn")
    expect(page.locator("#stake")).not_to_contain_text("turns left")
    expect(page.locator("#stake")).to_contain_text("yellow")  # the tokens stay
    page.select_option("#lang", "de")
    expect(page.locator("#log")).to_contain_text("Computer (Leicht) zieht einen Stein")
    expect(page.locator("#log")).not_to_contain_text("draws a tile")


ROTATION_DEAL = "rotation-1"
"""A seed whose first rack, on the small board with A beginning, holds a tile that fits a
square in more than one way."""


def test_the_rotation_deal_offers_a_choice_of_rotations() -> None:
    view = Match(load("colomino", preset="small", start="A"), seed=ROTATION_DEAL).state.view(0)
    ways = Counter((move["tile"], move["square"]) for move in view["legal"])
    assert max(ways.values()) > 1


def test_the_square_waiting_for_a_rotation_is_marked(pages: Pages, live: LiveServer) -> None:
    page = pages.new(width=390, height=844)
    live.seeds.append(ROTATION_DEAL)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    tiles = page.locator(".rack-tile.playable")
    expect(tiles.first).to_be_visible()
    for i in range(tiles.count()):
        tiles.nth(i).click()
        open_squares = page.locator(".square.legal:not([data-action])")
        if open_squares.count():
            break
    square = open_squares.first
    name = square.get_attribute("data-square")
    expect(page.locator(".square.selected")).to_have_count(0)
    square.click()
    expect(page.locator(".rotation-chooser")).to_be_visible()
    expect(page.locator(".square.selected")).to_have_count(1)
    expect(page.locator(".square.selected")).to_have_attribute("data-square", name or "")
    stroke = page.locator(".square.selected .hl").evaluate("(el) => getComputedStyle(el).stroke")
    assert stroke == "rgb(255, 255, 255)"
    page.click(".rotation-cancel")
    expect(page.locator(".square.selected")).to_have_count(0)


def test_the_hint_says_what_to_do_next_after_each_pick(pages: Pages, live: LiveServer) -> None:
    page = pages.new(locale="de-DE")
    live.seeds.append(ROTATION_DEAL)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    hint = page.locator("#hint")
    expect(hint).to_contain_text("Wähle einen Stein (oder zieh ihn)")
    tiles = page.locator(".rack-tile.playable")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        open_squares = page.locator(".square.legal:not([data-action])")
        if open_squares.count():
            break
    expect(hint).to_contain_text("Wähle jetzt ein leuchtendes Feld für den gewählten Stein")
    page.select_option("#lang", "en")
    expect(hint).to_contain_text(
        "Now choose a glowing square for the tile you picked, or pick another tile (pick it "
        "again, or press Escape, to cancel). Tile 1 of 3 this turn.")
    square = open_squares.first
    name = square.get_attribute("data-square")
    square.click()
    expect(hint).to_contain_text(f"Choose how the tile lies on {name}, or Cancel")
    page.click(".rotation-cancel")
    expect(hint).to_contain_text("Now choose a glowing square")
    page.keyboard.press("Escape")
    expect(hint).to_contain_text("Pick a tile from your rack")


def test_the_tiles_laid_since_the_person_s_turn_are_marked_and_named(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "B"})
    expect(page.locator(".board-area.interactive .rack-tile.playable").first).to_be_visible()
    expect(page.locator("#log")).to_contain_text("Computer (Easy) draws a tile")
    lines = page.locator("#stake p.last-turn")
    expect(lines).to_have_count(1)
    expect(lines.first).to_have_text(re.compile(r"^\s?Computer \(Easy\): [A-I]\d "))
    named = re.findall(r"\b([A-I]\d) ", lines.first.inner_text())
    marked = page.locator(".square:has(.last-placed)")
    assert sorted(marked.evaluate_all("els => els.map((e) => e.dataset.square)")) == \
        sorted(named) and named
    for label in marked.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))"):
        assert label.endswith(", recently laid by Computer (Easy)"), label

    lay_a_tile(page, random.Random(2))
    expect(lines).to_have_count(2)
    expect(lines.last).to_have_text(re.compile(r"^\s?Ada: [A-I]\d [^,]*$"))
    mine = re.findall(r"\b([A-I]\d) ", lines.last.inner_text())
    expect(marked).to_have_count(len(named) + 1)
    expect(page.locator(f".square[data-square='{mine[0]}'] .last-placed")).to_have_count(1)


def test_who_begins_is_drawn_by_lot_and_named_in_the_log(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='colomino']")
    page.click(".segmented button[data-players='3']")
    expect(page.locator("label[for='opt-start']")).to_contain_text("Wer beginnt")
    expect(page.locator("#opt-start option")).to_have_text(
        ["per Los", "Platz 1", "Platz 2", "Platz 3"])
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small")
    expect(page.locator("#log li").first).to_have_text(
        re.compile(r"^(Ada|Computer \(Leicht\)) beginnt \(ausgelost\)$"))
    expect(page.locator(".board-area.interactive .rack-tile.playable").first).to_be_visible()


WORDS = {"de": dict(zip("RYGB", ("rot", "gelb", "grün", "blau"), strict=True)),
         "en": dict(zip("RYGB", ("red", "yellow", "green", "blue"), strict=True))}
CLOCKWISE = {"de": "(im Uhrzeigersinn von oben)", "en": "(clockwise from the top)"}


def spoken(edges: str, lang: str) -> str:
    if edges == "J":
        return "Joker"
    return ", ".join(WORDS[lang][c] for c in edges) + " " + CLOCKWISE[lang]


def test_tiles_are_read_out_in_colour_words(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="large",
               options={"start": "A"})
    rack = page.locator(".board-area.interactive .rack-tile")
    expect(rack).to_have_count(5)
    for i in range(5):
        tile = rack.nth(i)
        name = tile.get_attribute("data-tile") or ""
        expect(tile).to_have_attribute("aria-label", "Stein " + spoken(name, "de"))
    rim = load("colomino", preset="large").new_initial_state().view(0)["board"]["rim"]
    german = {"R": "rot", "Y": "gelb", "G": "grün", "B": "blau"}
    expect(page.locator(".square[data-square='A12']")).to_have_attribute(
        "aria-label", f"Feld A12: leer, am Rand: oben {german[rim['north'][0]]}, "
                      f"links {german[rim['west'][11]]}")
    centre = page.locator(".square[aria-label*='Farbquadrat']")
    expect(centre).to_have_count(4)
    expect(centre.first).to_have_attribute(
        "aria-label", re.compile(r"^Feld [A-L]\d+: Farbquadrat, (rot|gelb|grün|blau)$"))
    playable = page.locator(".rack-tile.playable").first
    name = playable.get_attribute("data-tile") or ""
    playable.click()
    square = page.locator(".square.legal").first
    where = square.get_attribute("data-square") or ""
    expect(square).to_have_attribute(
        "aria-label", f"Stein {spoken(name, 'de')} auf {where} legen")
    square.click()
    rotations = page.locator(".rotation-chooser button.rotation")
    if rotations.count():
        labels = rotations.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
        assert all(re.fullmatch(r"((rot|gelb|grün|blau), ){3}(rot|gelb|grün|blau) "
                                r"\(im Uhrzeigersinn von oben\)", label) for label in labels)
        rotations.first.click()
    laid = page.locator(f".square[data-square='{where}']")
    expect(laid).to_have_attribute("aria-label", re.compile(
        rf"^Feld {where}: (Joker|((rot|gelb|grün|blau), ){{3}}(rot|gelb|grün|blau) "
        r"\(im Uhrzeigersinn von oben\)), zuletzt gelegt von Ada$"))
    page.select_option("#lang", "en")
    expect(laid).to_have_attribute("aria-label", re.compile(
        rf"^Square {where}: (Joker|((red|yellow|green|blue), ){{3}}(red|yellow|green|blue) "
        r"\(clockwise from the top\)), recently laid by Ada$"))


def test_a_court_says_the_colours_it_needs(pages: Pages, tmp_path: Path) -> None:
    match = Match(load("colomino", start="A"), seed="court", players=["Ada", "Bea"])
    rng = random.Random(2)
    while not match.state.view(0)["courts"]:
        state = match.state
        match.play(state.current_player, rng.choice(state.legal_actions()))
    court = match.state.view(0)["courts"][0]
    page = replay_as_ada(pages, match, tmp_path)
    words = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
    sides = [f"{words[c]} {where}" for c, where in zip(
        court["needs"], ["at the top", "on the right", "at the bottom", "on the left"],
        strict=True) if c in words]
    expect(page.locator(f".square[data-square='{court['square']}']")).to_have_attribute(
        "aria-label", re.compile(rf"^Square {court['square']}: {court['court']} court, needs "
                                 + re.escape(", ".join(sides)) + "(, at the rim: .+)?$"))


def ada_to_fill_a_closed_court() -> tuple[Match, str]:
    """A game where Ada begins a turn with a tile that fills a closed court, and its square."""
    for attempt in range(50):
        match = Match(load("colomino", start="A"), seed=f"closed-{attempt}",
                      players=["Ada", "Bot B (easy)"])
        rng = random.Random(attempt)
        while not match.state.over:
            state = match.state
            if state.current_player == 0 and state.placed == 0:
                closed = [m for m in state.view(0)["legal"] if m["court"] == "closed"]
                if closed:
                    return match, closed[0]["square"]
            match.play(state.current_player, rng.choice(state.legal_actions()))
    raise AssertionError("no closed court for Ada")


def test_a_closed_court_shows_the_points_it_pays(pages: Pages, tmp_path: Path) -> None:
    match, square = ada_to_fill_a_closed_court()
    legal = [m for m in match.state.view(0)["legal"] if m["square"] == square]
    page = open_as_ada_and_play_on(pages, match, tmp_path)
    expect(page.locator("#stake")).to_contain_text(
        "Tile 1 of 3 this turn; the next open court pays 1 point, a closed one 2.")
    page.locator(f".rack-tile.playable[data-tile='{legal[0]['tile']}']").first.click()
    target = page.locator(f".square.legal[data-square='{square}']")
    expect(target.locator("text.pays")).to_have_text("+2")  # a blue token: 2 points
    expect(target).to_have_attribute("aria-label", re.compile(
        rf"^Lay tile .* on {square}: closed court, 2 points$"))
    target.click()
    chips = page.locator(".rotation-chooser .pays-chip")
    if chips.count():
        expect(chips.first).to_have_text("+2")
        chips.first.click()
    expect(page.locator(".players")).to_contain_text("2")
    page.select_option("#lang", "de")
    expect(page.locator("#stake")).to_contain_text(
        "Stein 2 von 3 in diesem Zug; der nächste offene Hof bringt 2 Punkte, "
        "ein geschlossener 4.")


def open_as_ada_and_play_on(pages: Pages, match: Match, tmp_path: Path) -> Page:
    """A live table going on from the end of `match`'s record, Ada at her seat."""
    record = tmp_path / "record.json"
    record.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.evaluate("localStorage.setItem('spieltisch.name', 'Ada')")
    page.set_input_files("#record-file", str(record))
    page.get_by_role("button", name="As Ada").click()
    page.click("#branch-start")
    expect(page.locator(".board-area.interactive .rack-tile.playable").first).to_be_visible()
    return page


def ten_blue_tokens() -> Match:
    """A game of greedy players on the large board where Ada is about to begin a turn and a
    seat has 10 blue tokens."""
    for attempt in range(10):
        match = Match(load("colomino", preset="large", start="A"), seed=f"tokens-{attempt}",
                      players=["Ada", "Bot B (easy)"])
        greedy = make_bot(match.game, "greedy")
        rng = random.Random(attempt)
        while not match.state.over:
            state = match.state
            if state.current_player == 0 and state.placed == 0 and max(state.blue) >= 10:
                return match
            if state.current_player >= 0:
                action = greedy.choose(Decision.from_state(state), rng)
            else:
                action = rng.choice(state.legal_actions())
            match.play(state.current_player, action)
    raise AssertionError("no game with 10 blue tokens")


def test_two_digit_token_counts_stay_on_one_line(pages: Pages, tmp_path: Path) -> None:
    match = ten_blue_tokens()
    page = open_as_ada_and_play_on(pages, match, tmp_path)
    lines = page.locator("#stake td.num").evaluate_all("""(cells) => cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
      return Math.round(range.getBoundingClientRect().height / lineHeight);
    })""")
    assert lines == [1] * len(lines)


def test_the_large_board_fits_a_phone(pages: Pages) -> None:
    page = pages.new(width=360, height=740)
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="large",
               options={"start": "A"})
    expect(page.locator(".rack-tile.playable").first).to_be_visible()
    area = page.locator(".board-area")
    assert area.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "columns are cut off"
    left = page.locator(".square[data-square='K1']").bounding_box()
    right = page.locator(".square[data-square='L1']").bounding_box()
    assert left is not None and right is not None
    assert right["x"] - left["x"] >= 24  # still squares a finger can hit


def test_the_result_says_when_blue_tokens_break_a_tie(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const i18n = await import('/static/i18n.js');
      const {renderer} = await import('/static/games/index.js');
      const mod = await renderer('colomino');
      const ctx = {t: i18n.t, names: ['Ada', 'Bea', 'Cy']};
      const tokens = (blue) => blue.map((b) => ({yellow: 6 - 2 * b, blue: b}));
      const note = (view) => mod.breakdown(view, ctx).querySelector('.tie-break')?.textContent;
      return [
        note({scores: [6, 6, 3], tokens: tokens([1, 2, 0]), winners: [1]}),
        note({scores: [6, 6, 3], tokens: tokens([1, 1, 0]), winners: [0, 1]}),
        note({scores: [6, 5, 3], tokens: tokens([1, 2, 0]), winners: [0]}),
      ];
    }""")
    assert said == ["Equal points: the most blue tokens win.",
                    "Equal points and blue tokens: the win is shared.", None]


def test_a_joker_in_a_court_is_marked_as_one(pages: Pages, tmp_path: Path) -> None:
    for attempt in range(100):
        match = Match(load("colomino", start="A"), seed=f"joker-court-{attempt}",
                      players=["Ada", "Bea"])
        rng = random.Random(attempt)
        while not match.state.over:
            state = match.state
            jokers = [c for c in state.view(0)["courts"] if c["joker"]]
            if jokers and state.current_player == 0:
                break
            match.play(state.current_player, rng.choice(state.legal_actions()))
        else:
            continue
        break
    court = jokers[0]
    page = replay_as_ada(pages, match, tmp_path)
    square = page.locator(f".square[data-square='{court['square']}']")
    expect(square).to_have_attribute("aria-label", re.compile(
        rf"^Square {court['square']}: Joker, {court['court']} court(, recently laid by Bea)?$"))
    expect(square.locator(".joker-court")).to_have_count(1)


def test_the_rules_say_what_the_letters_of_a_tile_mean(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/#/rules/colomino")
    rules = page.locator("#rules-colomino")
    expect(rules).to_contain_text("R rot, Y gelb (yellow), G grün (green), B blau")
    page.select_option("#lang", "en")
    expect(rules).to_contain_text("R red, Y yellow, G green, B blue")


def test_the_replay_shows_each_player_s_yellow_and_blue_tokens(
        pages: Pages, live: LiveServer) -> None:
    table = finished_bot_table(live.url, "colomino", {})
    final = httpx.get(f"{live.url}/api/tables/{table}/replay", timeout=10).json()
    page = pages.new()
    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#replay-step")).to_be_visible()
    page.keyboard.press("End")
    rows = page.locator("#stake tbody tr")
    expect(rows).to_have_count(2)
    tokens = final["views"][-1]["tokens"]
    for i, row in enumerate(rows.all()):
        cells = row.locator("td.num")
        expect(cells.nth(0)).to_have_text(f" {tokens[i]['yellow']}")
        expect(cells.nth(1)).to_have_text(f" {tokens[i]['blue']}")
    page.keyboard.press("Home")
    expect(rows.first.locator("td.num").nth(0)).to_have_text(" 0")


def test_a_suggested_tile_is_marked_on_its_square_turned_as_suggested_and_on_the_rack(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    page.wait_for_selector(".board-area.interactive .rack-tile.playable")
    expect(page.locator(".square[data-suggested]")).to_have_count(0)
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_be_visible()
    move = page.locator("#move-input").input_value()  # "C1 RBBG r3": square, edges as laid
    square, edges = move.split()[:2]
    marked = page.locator(".square[data-suggested]")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-square", square)
    expect(marked.locator(".suggested-tile")).to_have_count(1)
    expect(marked).to_have_attribute("aria-label", re.compile(r", suggested: .+$"))
    version = page.locator("#board").get_attribute("data-version")
    expect(page.locator(".rack-tile.suggested")).to_have_count(1)
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "(v) => document.querySelector('#board').dataset.version !== v", arg=version)
    expect(page.locator(".square[data-suggested]")).to_have_count(0)
    expect(page.locator("#log li").last).to_have_text(re.compile(rf"^{square} {edges}"))


def test_the_turns_left_after_the_target_line_count_the_turn_in_play_as_this_turn(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const view = (left) => ({tokens: [{yellow: 0, blue: 0}, {yellow: 0, blue: 0}],
        rack_sizes: [5, 5], phase: 'place', per_turn: 3, placed_this_turn: 1,
        next_court_pays: 1, bag: 9, end: {triggered: true, turns_left: left}});
      const ctx = {t, names: ['Ada', 'Bea'], turns: []};
      return [2, 1].map((left) => mod.stake(view(left), ctx).querySelector('.last-move')
        .textContent);
    }""")
    assert said == ["The target line is reached: this turn and 1 more.",
                    "The target line is reached: this is the last turn."]
    german = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      await renderer('colomino');
      setLang('de');
      return [1, 2].map((n) => t('colomino.endTriggered', {n}));
    }""")
    assert german == ["Die Ziellinie ist erreicht: dieser Zug und noch 1 weiterer.",
                      "Die Ziellinie ist erreicht: dieser Zug und noch 2 weitere."]


TOP_ENTRIES = """() => [...document.querySelectorAll('#log > li')].map((li) =>
  (li.querySelector(':scope > details > summary') || li).textContent.trim())"""
"""The words of each entry of the log, a fold's summary for a fold."""


def test_a_turn_s_draws_are_one_entry_of_the_log(
        pages: Pages, live: LiveServer, tmp_path: Path) -> None:
    table = finished_bot_table(live.url, "colomino", {"preset": "small"})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    page.click("#result-close")
    expect(page.locator("#log")).to_contain_text("Computer 2 (Easy) draws 3 tiles")
    entries = page.evaluate(TOP_ENTRIES)
    assert not [e for e in entries if e.endswith("draws a tile")], entries
    page.select_option("#lang", "de")
    expect(page.locator("#log")).to_contain_text("Computer 1 (Leicht) zieht 3 Steine")

    match = Match(load("colomino", start="A"), seed="draws", players=["Ada", "Bea"])
    rng = random.Random(3)
    while match.log(None).count("player 1 draws a tile") < 5 + 3 * 3:
        state = match.state
        match.play(state.current_player, rng.choice(state.legal_actions()))
    page = replay_as_ada(pages, match, tmp_path)
    entries = page.evaluate(TOP_ENTRIES)
    assert not [e for e in entries if re.search(r"draws a tile$|^draw ", e)], entries
    mine = page.locator("#log > li.fold", has_text="Ada draws 3 tiles").first
    theirs = page.locator("#log > li.fold", has_text="Bea draws 3 tiles").first
    expect(theirs.locator("summary")).to_have_text("Bea draws 3 tiles")
    mine.locator("summary").click()
    expect(mine.locator(".log-fold li")).to_have_count(3)
    expect(mine.locator(".log-fold li").first).to_have_text(re.compile(r"^draw [RYGBJ]+$"))


def test_a_player_who_could_lay_no_tile_is_named_in_the_log_and_beside_the_board(
        pages: Pages, tmp_path: Path) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const ctx = {t, names: ['Ada', 'Bea', 'Cem'], turns: null, seat: 0};
      const view = {tokens: [0, 1, 2].map(() => ({yellow: 0, blue: 0})), rack_sizes: [5, 5, 5],
        phase: 'place', per_turn: 3, placed_this_turn: 0, next_court_pays: 1, bag: 9,
        end: {triggered: false, turns_left: null}, skipped: [1]};
      const words = () => [
        mod.logEntry('player 1 draws a tile; player 2 is skipped', ctx),
        mod.logEntry('E1 RYGB r1; player 2 is skipped; player 3 is skipped', ctx),
        mod.drawRun(['draw RYGB', 'draw J; player 2 is skipped'], ctx),
        mod.logEntry('C1 J; no player can lay a tile', ctx),
        mod.stake(view, ctx).querySelector('.skipped').textContent];
      const english = words();
      setLang('de');
      return [english, words()];
    }""")
    assert said == [
        ["Ada draws a tile; Bea could lay no tile and was skipped",
         "E1 RYGB r1; Bea could lay no tile and was skipped; Cem could lay no tile and was "
         "skipped",
         "Ada draws 2 tiles; Bea could lay no tile and was skipped",
         "C1 J; nobody could lay a tile any more",
         "Bea could lay no tile and was skipped."],
        ["Ada zieht einen Stein; Bea konnte keinen Stein legen und wurde übersprungen",
         "E1 RYGB r1; Bea konnte keinen Stein legen und wurde übersprungen; Cem konnte "
         "keinen Stein legen und wurde übersprungen",
         "Ada zieht 2 Steine; Bea konnte keinen Stein legen und wurde übersprungen",
         "C1 J; niemand konnte mehr einen Stein legen",
         "Bea konnte keinen Stein legen und wurde übersprungen."]]

    record = tmp_path / "skipped.json"
    record.write_text(json.dumps(played(skipping()).public_record(0)))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(record))
    expect(page.locator("#replay-step")).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator("#log")).to_contain_text(
        "Ada draws 4 tiles; Bot (Easy) could lay no tile and was skipped")
    expect(page.locator("#stake .skipped")).to_have_text(
        "Bot (Easy) could lay no tile and was skipped.")


def test_beside_the_board_a_player_who_could_lay_no_tile_is_spoken_to(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const view = {tokens: [0, 1, 2].map(() => ({yellow: 0, blue: 0})), rack_sizes: [5, 5, 5],
        phase: 'place', per_turn: 3, placed_this_turn: 0, next_court_pays: 1, bag: 9,
        end: {triggered: false, turns_left: null}, skipped: [0, 1]};
      const lines = (turns) => [...mod.stake(view, {t, names: ['Ada', 'Bea', 'Cem'], turns,
        seat: 0}).querySelectorAll('.skipped')].map((line) => line.textContent);
      const words = () => [lines(null),
        lines([{seat: null, moves: [], arrival: 'player 1 is skipped; player 2 is skipped'}])];
      const english = words();
      setLang('de');
      const german = words();
      setLang('en');
      return [english, german];
    }""")
    english = ["You could lay no tile and were skipped.", "Bea could lay no tile and was skipped."]
    german = ["Du konntest keinen Stein legen und wurdest übersprungen.",
              "Bea konnte keinen Stein legen und wurde übersprungen."]
    assert said == [[english, english], [german, german]]


def test_the_side_panel_tells_the_tokens_each_turn_earned(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const ctx = {t, names: ['Ada', 'Bea', 'Cem'], seat: 0, turns: [
        {seat: 1, moves: ['A1 RRBG r2', 'C1 RYBG r3']}, {seat: 2, moves: ['E1 RRRY r3']}]};
      const view = {tokens: [0, 1, 2].map(() => ({yellow: 0, blue: 0})), rack_sizes: [5, 5, 5],
        phase: 'place', per_turn: 3, placed_this_turn: 0, next_court_pays: 1, bag: 9,
        end: {triggered: false, turns_left: null}, skipped: [],
        earned: [{yellow: 3, blue: 0}, {yellow: 2, blue: 1}, {yellow: 0, blue: 0}]};
      const lines = () => [...mod.stake(view, ctx).querySelectorAll('p.last-turn')]
        .map((p) => p.textContent.trim());
      const english = lines();
      setLang('de');
      return [english, lines()];
    }""")
    assert said == [
        ["Bea: A1 RRBG r2, C1 RYBG r3 — earned 2 yellow tokens and 1 blue token",
         "Cem: E1 RRRY r3"],
        ["Bea: A1 RRBG r2, C1 RYBG r3 — erhielt 2 gelbe Marken und 1 blaue Marke",
         "Cem: E1 RRRY r3"]]


def test_the_result_and_the_side_panel_say_why_the_game_ended(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const ctx = {t, names: ['Ada', 'Bea'], seat: 0, turns: []};
      const over = (skipped, triggered) => ({tokens: [0, 1].map(() => ({yellow: 0, blue: 0})),
        rack_sizes: [2, 2], scores: [0, 0], winners: [0, 1], phase: 'over', per_turn: 3,
        placed_this_turn: 0, next_court_pays: 1, bag: 9, skipped,
        end: {triggered, turns_left: triggered ? 0 : null}});
      const words = (view) => [mod.breakdown(view, ctx).querySelector('.ended')?.textContent,
        mod.stake(view, ctx).querySelector('.last-move')?.textContent];
      const english = [words(over([], true)), words(over([1, 0], false))];
      setLang('de');
      return [...english, words(over([], true))];
    }""")
    reached = ("The game is over: the target line was reached and everyone else has had one "
               "more turn.")
    assert said == [
        [reached, reached],
        ["Nobody could lay a tile any more.", None],
        ["Das Spiel ist vorbei: die Ziellinie wurde erreicht und alle anderen hatten noch "
         "einen Zug."] * 2]


def test_the_side_panel_says_when_a_turn_ended_early_as_no_further_tile_fitted(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {t, setLang} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const ctx = {t, names: ['Ada', 'Bea', 'Cem'], seat: 0, turns: [
        {seat: 1, moves: ['A1 RRBG r2', 'C1 RYBG r3']},
        {seat: 2, moves: ['E1 RRRY r3', 'F1 RRRY r3', 'G1 RRRY r3']},
        {seat: 0, moves: ['H1 RRRY r3']}]};
      const view = {tokens: [0, 1, 2].map(() => ({yellow: 0, blue: 0})), rack_sizes: [4, 5, 5],
        phase: 'place', to_move: 0, per_turn: 3, placed_this_turn: 1, next_court_pays: 1,
        bag: 9, end: {triggered: false, turns_left: null}, skipped: [],
        last_turn: {seat: 0, moves: ['H1 RRRY r3']},
        earned: [{yellow: 0, blue: 0}, {yellow: 1, blue: 0}, {yellow: 0, blue: 0}]};
      const lines = () => [...mod.stake(view, ctx).querySelectorAll('p.last-turn')]
        .map((p) => p.textContent.trim());
      const english = lines();
      setLang('de');
      return [english, lines()[0]];
    }""")
    assert said == [
        ["Bea: A1 RRBG r2, C1 RYBG r3 — no further tile fitted — earned 1 yellow token",
         "Cem: E1 RRRY r3, F1 RRRY r3, G1 RRRY r3", "Ada: H1 RRRY r3"],
        "Bea: A1 RRBG r2, C1 RYBG r3 — kein weiterer Stein passte — erhielt 1 gelbe Marke"]


def test_the_result_keeps_each_token_count_on_one_line_on_a_phone(
        pages: Pages, live: LiveServer) -> None:
    table = finished_bot_table(live.url, "colomino", {"preset": "small"}, players=4)
    page = pages.new(width=360, height=640)
    page.goto(f"{pages.base}/#/watch/{table}")
    cells = page.locator(f"{GAME_OVER} .result-table").last.locator("td.num")
    expect(cells).to_have_count(12)  # yellow, blue and points of each of the four
    lines = cells.evaluate_all("""(cells) => cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
      return [cell.textContent, Math.round(range.getBoundingClientRect().height / lineHeight)];
    })""")
    assert [count for _, count in lines] == [1] * 12, lines


def ada_to_cover(preset: str, covered: str) -> tuple[Match, dict[str, object]]:
    """A game where Ada begins a turn holding the tile that covers a joker (`covered` "joker")
    or a printed centre square ("centre"), and that placement."""
    for attempt in range(100):
        match = Match(load("colomino", preset=preset, start="A"), seed=f"cover-{attempt}",
                      players=["Ada", "Bea"])
        rng = random.Random(attempt)
        while not match.state.over:
            state = match.state
            if state.current_player == 0 and state.placed == 0:
                view = state.view(0)
                under = {tile["square"] for tile in view["board"]["tiles"] if tile[covered]}
                covers = [m for m in view["legal"] if m["square"] in under and m["tile"] != "J"]
                if covers:
                    return match, covers[0]
            match.play(state.current_player, rng.choice(state.legal_actions()))
    raise AssertionError(f"no game where Ada may cover a {covered}")


def test_a_square_that_covers_a_joker_or_a_centre_square_says_so(
        pages: Pages, tmp_path: Path) -> None:
    for preset, covered, words in (("small", "joker", "covering the joker"),
                                   ("large", "centre", "covering the printed square")):
        match, cover = ada_to_cover(preset, covered)
        page = open_as_ada_and_play_on(pages, match, tmp_path)
        page.locator(f".rack-tile.playable[data-tile='{cover['tile']}']").first.click()
        target = page.locator(f".square.legal[data-square='{cover['square']}']")
        expect(target).to_have_attribute("aria-label", re.compile(
            rf"^Lay tile .* on {cover['square']} \({words}\)(:|$)"))
        page.select_option("#lang", "de")
        expect(target).to_have_attribute("aria-label", re.compile(
            rf"^Stein .* auf {cover['square']} \(deckt (den Joker|das Farbquadrat) ab\) legen"))


def ada_with_a_tile_that_fits_nowhere() -> tuple[Match, str]:
    """A game where Ada begins a turn holding a tile that fits on no free square, and that
    tile."""
    for attempt in range(100):
        match = Match(load("colomino", start="A"), seed=f"nowhere-{attempt}",
                      players=["Ada", "Bot B (easy)"])
        rng = random.Random(attempt)
        while not match.state.over:
            state = match.state
            if state.current_player == 0 and state.placed == 0:
                view = state.view(0)
                fits = {m["tile"] for m in view["legal"]}
                stuck = [tile for tile in view["rack"] if tile not in fits]
                if stuck and fits:
                    return match, stuck[0]
            match.play(state.current_player, rng.choice(state.legal_actions()))
    raise AssertionError("no tile that fits nowhere")


def test_a_tile_that_fits_nowhere_says_so_when_clicked(pages: Pages, tmp_path: Path) -> None:
    match, tile = ada_with_a_tile_that_fits_nowhere()
    page = open_as_ada_and_play_on(pages, match, tmp_path)
    page.locator(f".board-area.interactive .rack-tile:not(.playable)[data-tile='{tile}']"
                 ).first.click()
    refusal = page.locator(".toast.error")
    expect(refusal).to_have_text(
        "This tile fits on no free square now, whichever way it lies: pick another.")
    page.select_option("#lang", "de")
    expect(refusal).to_have_text(
        "Dieser Stein passt jetzt auf kein freies Feld, wie er auch liegt: wähle einen anderen.")


def test_a_tile_that_fits_nowhere_says_so(pages: Pages, tmp_path: Path) -> None:
    match, stuck = ada_with_a_tile_that_fits_nowhere()
    page = open_as_ada_and_play_on(pages, match, tmp_path)
    dim = page.locator(f".rack-tile:not(.playable)[data-tile='{stuck}']").first
    expect(dim).to_have_attribute("aria-label", re.compile(r", fits nowhere now$"))
    expect(page.get_by_role("img", name=re.compile(r", fits nowhere now$")).first).to_be_visible()
    expect(dim).to_have_attribute("title", "fits nowhere now")
    for tile in page.locator(".rack-tile.playable").all():
        assert "nowhere" not in (tile.get_attribute("aria-label") or "")
    page.select_option("#lang", "de")
    expect(dim).to_have_attribute("aria-label", re.compile(r", passt gerade nirgends$"))
