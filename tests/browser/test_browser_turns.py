"""At tables of three or four, the side panel names every other seat's turn since the
person's own, and Colomino's board frames every tile laid in them, in the replay too; a
spectator sees the turns since the player to move last played."""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from spieltisch import Match, load

from .browser_harness import SAID, TURN, LiveServer, Pages, moved, replay_as_ada, start_game
from .test_browser_colomino import lay_a_tile
from .test_browser_okey import FOUR_SEATS, YOUR_TURN, take_turn

TURNS = """async ([lines, movers, me, toMove]) => {
  const {turnsSince} = await import('/static/turns.js');
  return turnsSince(lines, movers, me, toMove);
}"""


def turns(page: Page, lines: list[str], movers: list[int | None] | None, me: int | None,
          to_move: int | None) -> object:
    return page.evaluate(TURNS, [lines, movers, me, to_move])


def own_turn(page: Page, lines: list[str], movers: list[int | None], me: int | None,
             to_move: int | None) -> object:
    return page.evaluate("""async ([lines, movers, me, toMove]) => {
      const {ownTurnBefore} = await import('/static/turns.js');
      return ownTurnBefore(lines, movers, me, toMove);
    }""", [lines, movers, me, to_move])


def test_a_seat_s_own_turn_before_those_since_is_read_from_the_log(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    lines = ["B starts", "b1", "chance", "b2", "c1", "a1", "a2", "b3", "c2", "c3"]
    movers = [None, 1, None, 1, 2, 0, 0, 1, 2, 2]
    assert own_turn(page, lines, movers, 0, 0) == {"seat": 0, "moves": ["a1", "a2"]}
    assert own_turn(page, lines[:9], movers[:9], 0, 2) == {"seat": 0, "moves": ["a1", "a2"]}
    # In the seat's own turn in progress: the one before it; none before its first.
    assert own_turn(page, [*lines, "a3"], [*movers, 0], 0, 0) == {
        "seat": 0, "moves": ["a1", "a2"]}
    assert own_turn(page, lines[:7], movers[:7], 0, 0) is None
    # None for a spectator, before a round's start, or for a seat out for a round.
    assert own_turn(page, lines, movers, None, 0) is None
    assert own_turn(page, ["a1", "seat 1 starts", "b1"], [0, None, 1], 0, 0) is None
    assert own_turn(page, [*lines, "b4", "c4"], [*movers, 1, 2], 0, 1) is None


def test_the_turns_since_a_seat_s_own_are_read_from_the_log(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    lines = ["B starts", "b1", "chance", "b2", "c1", "a1", "a2", "b3", "c2", "c3"]
    movers = [None, 1, None, 1, 2, 0, 0, 1, 2, 2]
    assert turns(page, lines, movers, 0, 0) == [
        {"seat": 1, "moves": ["b3"]}, {"seat": 2, "moves": ["c2", "c3"]}]
    assert turns(page, lines[:5], movers[:5], 0, 0) == [
        {"seat": 1, "moves": ["b1", "b2"]}, {"seat": 2, "moves": ["c1"]}]
    # The seat's own turn in progress comes last; once it is over, nothing is new.
    assert turns(page, lines[:7], movers[:7], 0, 0) == [
        {"seat": 1, "moves": ["b1", "b2"]}, {"seat": 2, "moves": ["c1"]},
        {"seat": 0, "moves": ["a1", "a2"]}]
    assert turns(page, lines[:7], movers[:7], 0, 1) == []
    # A spectator gets the turns since the seat to move last played, else the latest turn.
    assert turns(page, lines, movers, None, 0) == turns(page, lines, movers, 0, 0)
    assert turns(page, lines, movers, None, None) == [{"seat": 2, "moves": ["c2", "c3"]}]
    # A seat stops at another seat's earlier turn.
    assert turns(page, lines, movers, 3, 0) == [
        {"seat": 0, "moves": ["a1", "a2"]}, {"seat": 1, "moves": ["b3"]},
        {"seat": 2, "moves": ["c2", "c3"]}]
    # A round's start ends the count; a record without movers has none.
    assert turns(page, ["b1", "c1", "seat 1 starts", "deal", "b2"], [1, 2, None, None, 1],
                 0, 0) == [{"seat": 1, "moves": ["b2"]}]
    assert turns(page, lines, None, 0, 0) is None


def test_a_skip_is_an_entry_of_its_own_among_the_turns_since_a_seat_s_own(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    draws = ["player 2 draws a tile"] * 2 + ["player 2 draws a tile; player 3 is skipped"]
    lines = ["a1", "a2", "b1", "b2", *draws, "d1", "d2", "player 4 draws a tile"]
    movers = [0, 0, 1, 1, None, None, None, 3, 3, None]
    skip = {"seat": None, "moves": [], "arrival": "player 3 is skipped"}
    assert turns(page, lines, movers, 0, 0) == [
        {"seat": 1, "moves": ["b1", "b2"]}, skip, {"seat": 3, "moves": ["d1", "d2"]}]
    assert turns(page, lines[:7], movers[:7], 0, 3) == [
        {"seat": 1, "moves": ["b1", "b2"]}, skip]
    # The last tile laid with the bag empty: the skip ends the mover's line.
    assert turns(page, ["a1", "b1", "b2; player 3 is skipped", "d1"], [0, 1, 1, 3], 0, 0) == [
        {"seat": 1, "moves": ["b1", "b2"]}, skip, {"seat": 3, "moves": ["d1"]}]
    # Two players, the other one skipped: one's own turn before is no turn in progress.
    assert turns(page, ["a1", "a2", "player 1 draws a tile; player 2 is skipped"],
                 [0, 0, None], 0, 0) == [skip | {"arrival": "player 2 is skipped"}]
    assert turns(page, [*lines, "a3; no player can lay a tile"], [*movers, 0], None, None) == [
        {"seat": 0, "moves": ["a3"]},
        {"seat": None, "moves": [], "arrival": "no player can lay a tile"}]


def test_colomino_s_side_panel_lists_a_skip_in_order_among_the_turns_since_one_s_own(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {renderer} = await import('/static/games/index.js');
      const {turnsSince} = await import('/static/turns.js');
      const {t} = await import('/static/i18n.js');
      const mod = await renderer('colomino');
      const draws = (n) => [1, 2, 3].map(() => `player ${n} draws a tile`);
      const lines = ['player 1 starts', 'A1 RRRR r0', 'B1 RRBB r3', ...draws(1),
        'C1 RRBB r0', 'D1 RRBB r0', ...draws(2).slice(0, 2),
        'player 2 draws a tile; player 3 is skipped', 'E1 RRRR r0', ...draws(4)];
      const movers = lines.map((line, i) => (line.includes('draws') || !i ? null
        : [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 3][i]));
      const ctx = {t, names: ['Ada', 'Computer 1', 'Cem', 'Computer 2'], seat: 0,
        turns: turnsSince(lines, movers, 0, 0)};
      const view = {tokens: [0, 1, 2, 3].map(() => ({yellow: 0, blue: 0})),
        rack_sizes: [5, 5, 5, 5], phase: 'place', per_turn: 3, placed_this_turn: 0,
        next_court_pays: 1, bag: 9, end: {triggered: false, turns_left: null}, skipped: []};
      return [...mod.stake(view, ctx).querySelectorAll('p.last-turn, p.skipped')]
        .map((p) => p.textContent.trim());
    }""")
    assert said == ["Computer 1: C1 RRBB r0, D1 RRBB r0",
                    "Cem could lay no tile and was skipped.",
                    "Computer 2: E1 RRRR r0"]


def squares(page: Page) -> list[str]:
    return sorted(page.locator(".square:has(.last-placed)").evaluate_all(
        "els => els.map((e) => e.dataset.square)"))


def test_colomino_names_and_frames_both_computers_turns_at_a_table_of_three(
        pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "colomino", ["me", "bot:easy", "bot:easy"],
                       preset="small", players=3, options={"start": "B"})
    expect(page.locator(".board-area.interactive .rack-tile.playable").first).to_be_visible()
    lines = page.locator("#stake p.last-turn")
    expect(lines).to_have_count(2)
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator("#stake p.last-turn")).to_have_text(lines.all_inner_texts())
    expect(lines.nth(0)).to_have_text(re.compile(r"^\s?Computer 1 \(Easy\): [A-I]\d "))
    expect(lines.nth(1)).to_have_text(re.compile(r"^\s?Computer 2 \(Easy\): [A-I]\d "))
    named = [re.findall(r"\b([A-I]\d) ", lines.nth(i).inner_text()) for i in range(2)]
    assert all(named) and squares(page) == sorted(named[0] + named[1])
    for i, name in enumerate(("Computer 1 (Easy)", "Computer 2 (Easy)")):
        for square in named[i]:
            expect(page.locator(f".square[data-square='{square}']")).to_have_attribute(
                "aria-label", re.compile(rf", recently laid by {re.escape(name)}$"))

    lay_a_tile(page, random.Random(3))
    expect(lines).to_have_count(3)
    expect(lines.nth(2)).to_have_text(re.compile(r"^\s?Ada: [A-I]\d [^,]*$"))
    mine = re.findall(r"\b([A-I]\d) ", lines.nth(2).inner_text())
    assert squares(page) == sorted(named[0] + named[1] + mine)
    expect(watcher.locator(".square:has(.last-placed)")).to_have_count(len(squares(page)))
    assert squares(watcher) == squares(page)
    page.select_option("#lang", "de")
    expect(page.locator(f".square[data-square='{mine[0]}']")).to_have_attribute(
        "aria-label", re.compile(r", zuletzt gelegt von Ada$"))


def test_okey_names_the_three_other_seats_turns_at_a_table_of_four(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(FOUR_SEATS)
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy", "bot:easy"],
               players=4, options={"rounds": "1"})
    rng = random.Random(5)
    page.wait_for_selector(YOUR_TURN, timeout=20000)
    while page.locator(".board-area.interactive .ok-rack-tile.legal").count() == 0:
        moved(page, lambda: take_turn(page, rng))
    moved(page, lambda: take_turn(page, rng))
    page.wait_for_selector(YOUR_TURN, timeout=20000)
    lines = page.locator("#stake p.last-turn")
    expect(lines).to_have_count(3)
    for i in range(3):
        expect(lines.nth(i)).to_have_text(re.compile(
            rf"^\s?Computer {i + 1} \(Easy\): (draws from the pile|take \w+), discard \w+$"))
    moved(page, lambda: take_turn(page, rng))
    expect(lines).to_have_count(3)
    page.select_option("#lang", "de")
    expect(lines.first).to_have_text(re.compile(
        r"^\s?Computer 1 \(Leicht\): (zieht vom Stapel|nimmt \w+), wirft \w+ ab$"))


def test_oware_names_the_earlier_computer_s_sowing_above_the_last_at_a_table_of_three(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    expect(page.locator("#stake p.last-turn")).to_have_count(0)
    page.locator(".pit.legal.clickable").first.click()
    moved(page, lambda: page.locator(TURN).last.click())
    page.wait_for_selector(".board-area.interactive .pit.legal.clickable", timeout=20000)
    expect(page.locator("#stake p.last-turn")).to_have_text([
        re.compile(r"^Ada sowed A\d c?cw( and captured .+)?$"),
        re.compile(r"^Computer 1 \(Easy\) sowed B\d c?cw")])
    expect(page.locator("#stake p.last-turn + p.last-move")).to_have_text(
        re.compile(r"^Computer 2 \(Easy\) sowed C\d c?cw"))


def test_oware_names_what_an_earlier_sowing_captured_at_a_table_of_four(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy", "bot:easy"], players=4,
               options={"start": "A"})
    rng = random.Random(4)
    capture = re.compile(r"^Computer [123] \(Easy\) sowed [BCD]\d c?cw and captured "
                         r"[A-D]\d(, [A-D]\d)*$")
    for _ in range(40):
        page.wait_for_selector(".board-area.interactive .pit.legal.clickable", timeout=20000)
        earlier = page.locator("#stake p.last-turn").all_inner_texts()
        if any(capture.match(line) for line in earlier):
            break
        pits = page.locator(".pit.legal.clickable")
        pits.nth(rng.randrange(pits.count())).click()
        moved(page, lambda: page.locator(TURN).last.click())
    else:
        raise AssertionError("no earlier sowing captured in 40 turns")
    # The person's own sowing first, then the two computers' before the last move.
    assert len(earlier) == 3 and earlier[0].startswith("Ada sowed A"), earlier
    mine, earlier = earlier[0], earlier[1:]
    names = [re.match(r"^(Computer \d)", line).group(1)  # type: ignore[union-attr]
             for line in earlier]
    assert names == ["Computer 1", "Computer 2"]
    last = page.locator("#stake p.last-move").inner_text()
    assert last.startswith("Computer 3 (Easy)")
    # Each pit captured since the person's turn names its capturer; those of the earlier
    # sowings are ringed in the capturer's colour, those of the last move as before.
    taken: dict[str, tuple[str, bool]] = {}
    for line in [mine, *earlier, last]:
        sowing = re.match(r"^(Ada|.+ \(Easy\)) sowed \S+ c?cw and captured (.+)$", line)
        for pit in sowing.group(2).split(", ") if sowing else []:
            taken[pit] = (sowing.group(1), line != last)  # type: ignore[union-attr]
    assert any(ringed for _, ringed in taken.values())
    for pit, (name, ringed) in taken.items():
        cell = page.locator(f".pit[data-pit='{pit}']")
        spoken = re.compile(f", captured by {re.escape(name)}$")
        expect(cell).to_have_attribute("aria-label", spoken)
        expect(cell.locator(".earlier-capture")).to_have_count(1 if ringed else 0)
    expect(page.locator(".pit .earlier-capture")).to_have_count(
        sum(ringed for _, ringed in taken.values()))


def test_the_replay_rings_the_pits_captured_since_the_seat_s_last_turn(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", players=4, start="A"), seed="turns-replay",
                  players=["Ada", "Bea", "Cem", "Dan"])
    rng = random.Random(2)
    own: dict[str, object] | None = None
    while True:
        view = match.state.view(0)
        last = view["last_move"]
        if last is not None and last["seat"] == 0:
            own = last
        sowings = [own, *view["earlier_moves"]] if match.movers()[-4:] == [0, 1, 2, 3] \
            else view["earlier_moves"]
        earlier = {pit: sowing["seat"] for sowing in sowings for pit in sowing["captured"]}
        ringed = {pit: seat for pit, seat in earlier.items()
                  if last is None or pit not in last["captured"]}
        if view["to_move"] == 0 and ringed and own and own["captured"] \
                and match.movers()[-4:] == [0, 1, 2, 3]:
            break
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    page = replay_as_ada(pages, match, tmp_path)
    expect(page.locator(".pit .earlier-capture")).to_have_count(len(ringed))
    # Ada's own last sowing is named first, with what it captured.
    expect(page.locator("#stake p.last-turn").first).to_have_text(
        re.compile(rf"^Ada sowed {own['notation']} and captured "))
    names = ["Ada", "Bea", "Cem", "Dan"]
    for pit, seat in ringed.items():
        cell = page.locator(f".pit[data-pit='{view['pits'][pit]['name']}']")
        expect(cell.locator(".earlier-capture")).to_have_count(1)
        expect(cell).to_have_attribute("aria-label", re.compile(f", captured by {names[seat]}$"))


def test_the_replay_frames_the_tiles_laid_since_the_seat_s_last_turn(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("colomino", players=3, start="A"), seed="turns-replay",
                  players=["Ada", "Bea", "Cem"])
    rng = random.Random(6)
    turns_of_ada = 0
    while True:
        seat = match.state.current_player
        if seat == 0 and (not match.movers() or match.movers()[-1] != 0):
            turns_of_ada += 1
            if turns_of_ada == 2:
                break
        match.play(seat, rng.choice(match.state.legal_actions()))
    movers = match.movers()
    after_ada = max(i for i, seat in enumerate(movers) if seat == 0) + 1
    expected = sorted(line.split()[0] for line, seat in zip(
        match.log(0)[after_ada:], movers[after_ada:], strict=True)
        if seat is not None and re.match(r"[A-Z]\d+ ", line))
    assert expected and len(set(movers[after_ada:]) - {None}) == 2
    page = replay_as_ada(pages, match, tmp_path)
    expect(page.locator(".square:has(.last-placed)")).to_have_count(len(expected))
    assert squares(page) == expected


def test_oware_names_the_person_s_own_last_sowing_and_its_capture_at_a_table_of_three(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    page.evaluate(SAID)
    rng = random.Random(5)
    own = re.compile(r"^Ada sowed (A\d c?cw) and captured ([A-C]\d(, [A-C]\d)*)$")
    lines = page.locator("#stake p.last-turn")
    for _ in range(60):
        page.wait_for_selector(".status.my-turn", timeout=20000)
        page.wait_for_selector(".board-area.interactive .pit.legal.clickable", timeout=20000)
        said = lines.all_inner_texts()
        if said and own.match(said[0]):
            break
        pits = page.locator(".pit.legal.clickable")
        pits.nth(rng.randrange(pits.count())).click()
        moved(page, lambda: page.locator(TURN).nth(rng.randrange(2)).click())
    else:
        raise AssertionError("no sowing of the person's captured in 60 turns")
    found = own.match(said[0])
    assert found is not None
    # The person's own sowing comes first, then the computer's before the last move.
    assert len(said) == 2 and said[1].startswith("Computer 1 (Easy) sowed B"), said
    expect(page.locator("#stake p.last-turn + p.last-move")).to_have_text(
        re.compile(r"^Computer 2 \(Easy\) sowed C\d c?cw"))
    # A screen reader heard it too.
    assert any(f"Ada sowed {found.group(1)} and captured" in line
               for line in page.evaluate("window.__said")), page.evaluate("window.__said")
    page.select_option("#lang", "de")
    expect(lines.first).to_have_text(re.compile(r"^Ada verteilt A\d .+ und fängt [A-C]\d"))
    page.select_option("#lang", "en")
    # Reloaded, the page still names it.
    page.reload()
    page.wait_for_selector(".status.my-turn", timeout=20000)
    expect(lines.first).to_have_text(said[0])


def test_colomino_names_the_person_s_own_last_turn_above_the_others_since(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy", "bot:easy"],
               preset="small", players=3, options={"start": "A"})
    rng = random.Random(3)
    tiles = page.locator(".board-area.interactive .rack-tile.playable")
    expect(tiles.first).to_be_visible()
    lines = page.locator("#stake p.last-turn")
    came_round = lines.filter(has_text="Computer 2 (Easy):")
    while not came_round.count():  # the person's whole first turn, however fast the others
        lay_a_tile(page, rng)
        expect(tiles.first).to_be_visible()
    expect(lines).to_have_count(3)
    expect(lines.nth(0)).to_have_text(re.compile(r"^\s?Ada: [A-I]\d "))
    expect(lines.nth(1)).to_have_text(re.compile(r"^\s?Computer 1 \(Easy\): [A-I]\d "))
    expect(lines.nth(2)).to_have_text(re.compile(r"^\s?Computer 2 \(Easy\): [A-I]\d "))
    mine = lines.nth(0).inner_text()
    # It stays named while the next turn goes on, above the tile just laid.
    lay_a_tile(page, rng)
    expect(lines).to_have_count(4)
    expect(lines.nth(0)).to_have_text(mine)
    expect(lines.nth(3)).to_have_text(re.compile(r"^\s?Ada: [A-I]\d [^,]*$"))
    page.reload()
    expect(page.locator("#stake p.last-turn")).to_have_count(4)
    expect(page.locator("#stake p.last-turn").first).to_have_text(mine)
