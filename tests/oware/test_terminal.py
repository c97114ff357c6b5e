"""The Oh-Wah-Ree terminal board shows the right numbers in the right places."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest

import spieltisch
from spieltisch.games.oware.rules import OwareState
from spieltisch.terminal import help_text
from spieltisch.terminal import render as render_any
from spieltisch.terminal.oware import HELP, render

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def state_after(*moves: str, players: int = 2, preset: str = "oh-wah-ree") -> OwareState:
    state = spieltisch.load("oware", players=players, preset=preset,
                            start="A").new_initial_state()
    for move in moves:
        state = state.apply(state.string_to_action(move))
    assert isinstance(state, OwareState)
    return state


def board_rows(screen: str) -> tuple[list[str], list[str]]:
    """The cells of the top and bottom rows of pits, left to right."""
    rows = [line for line in screen.splitlines() if line.rstrip().endswith("|")
            or re.search(r"\|\s+\d+$", line)]
    assert len(rows) == 2, screen
    cells = [row[row.index("|") + 1: row.rindex("|")].split("|") for row in rows]
    return [c.strip() for c in cells[0]], [c.strip() for c in cells[1]]


def label_rows(screen: str) -> list[list[str]]:
    return [line.split() for line in screen.splitlines()
            if re.fullmatch(r"(\s+[A-D][1-6]){6}", line)]


# after B3 in the rulebook's sample game: B takes A2 and A1
SAMPLE = ("A1", "B6", "A2", "B5", "A3", "B3")


def test_two_players_rows_names_and_stores() -> None:
    screen = render(state_after(*SAMPLE).view(0), 0, color=False)
    top, bottom = board_rows(screen)
    assert top == ["2", "2", "6", "0^", "6", "6"]      # B6 .. B1
    assert bottom == ["0*", "0*", "0", "8", "7", "6"]  # A1 .. A6
    assert label_rows(screen) == [["B6", "B5", "B4", "B3", "B2", "B1"],
                                  ["A1", "A2", "A3", "A4", "A5", "A6"]]
    lines = screen.splitlines()
    middle = next(line for line in lines if "A store" in line)
    assert middle.split()[0] == "5"             # B's store, left
    b_label = next(line for line in lines if "B store" in line)
    assert b_label.index("B store") < b_label.index("|")
    bottom_line = next(line for line in lines if line.startswith(" " * 10 + "|  0*"))
    assert bottom_line.split()[-1] == "0"       # A's store, right
    assert "Last move: B sowed B3, capturing A2 and A1." in lines
    assert "A (you) to move." in lines
    assert "> A (you):  0 captured, 21 in own pits" in lines
    assert "  B:        5 captured, 22 in own pits" in lines
    assert lines[0].startswith("Oh-Wah-Ree (oh-wah-ree), 2 players, move 7")
    assert lines[0].endswith("You are A.")


def test_spectator_and_other_seat() -> None:
    view = state_after(*SAMPLE).view(None)
    spectator = render(view, None, color=False)
    assert "You are" not in spectator and "(you)" not in spectator
    assert "A to move." in spectator.splitlines()
    as_b = render(view, 1, color=False)
    assert "You are B." in as_b and "B (you):" in as_b


def test_plain_has_no_escapes_and_colour_only_adds_escapes() -> None:
    view = state_after(*SAMPLE).view(0)
    plain = render(view, 0, color=False)
    coloured = render(view, 0, color=True)
    assert "\x1b" not in plain
    assert "\x1b[31" in coloured and "\x1b[32" in coloured and "\x1b[31;7m" in coloured
    assert ANSI.sub("", coloured) == plain


def test_three_players_ring_and_direction() -> None:
    state = state_after("A3 cw", players=3)
    screen = render(state.view(1), 1, color=False)
    top, bottom = board_rows(screen)
    assert top == ["6", "6", "6", "5", "5", "5"]        # C4 C3 C2 C1 B4 B3
    assert bottom == ["6", "6", "0^", "5", "5", "5"]    # A1 A2 A3 A4 B1 B2
    assert label_rows(screen) == [["C4", "C3", "C2", "C1", "B4", "B3"],
                                  ["A1", "A2", "A3", "A4", "B1", "B2"]]
    assert "Last move: A sowed A3 cw." in screen
    assert "B (you) to move (a pit and a direction: ccw or cw)." in screen
    assert "store" not in screen
    assert "  C:        0 captured, 23 in own pits" in screen.splitlines()


def test_four_players_ring() -> None:
    screen = render(state_after("A3 ccw", players=4).view(None), None, color=False)
    top, bottom = board_rows(screen)
    assert top == ["6", "6", "6", "7", "7", "7"]       # D3 D2 D1 C3 C2 C1
    assert bottom == ["6", "6", "0^", "7", "7", "7"]   # A1 A2 A3 B1 B2 B3
    assert label_rows(screen)[0] == ["D3", "D2", "D1", "C3", "C2", "C1"]


def test_the_sowings_since_a_seat_s_own_are_listed_with_their_captures() -> None:
    state = state_after("A2 ccw", "B2 cw", "C1 ccw", "D3 ccw", players=4)
    told = ["Earlier: B sowed B2 cw.", "Earlier: C sowed C1 ccw, capturing A2.",
            "Last move: D sowed D3 ccw."]

    def lines(seat: int | None) -> list[str]:
        screen = render(state.view(seat), seat, color=False)
        return [line for line in screen.splitlines() if line.startswith(("Earlier", "Last"))]

    assert lines(0) == lines(None) == told
    # A seat's own sowing comes first, as the others' do.
    assert lines(1) == ["Earlier: B (you) sowed B2 cw.", *told[1:]]
    assert lines(2) == ["Earlier: C (you) sowed C1 ccw, capturing A2.", *told[2:]]
    assert lines(3) == ["Last move: D (you) sowed D3 ccw."]


@pytest.mark.parametrize("players", [2, 3])
def test_a_person_s_own_sowing_and_its_captures_are_said_on_their_next_screen(
        players: int) -> None:
    from spieltisch.terminal.play import TerminalGame

    screens: list[str] = []
    typed = ["A2 ccw" if players == 3 else "A2"]

    def read(prompt: str) -> str:
        screens.append(out.getvalue()[sum(map(len, screens)):])
        if not typed:
            raise EOFError
        return typed.pop()

    game = spieltisch.load("oware", players=players, start="A")
    moves = ["A1 cw", "B3 ccw", "C4 cw"] if players == 3 else ["A1", "B2", "A3", "B3"]
    out = io.StringIO()
    table = TerminalGame(game, [0], "easy", seed=5, color=False, read=read, out=out)
    for move in moves:
        table.match.play(table.match.state.current_player,
                         table.match.state.string_to_action(move))
    assert table.run() is None
    assert len(screens) == 2
    own = "A2 ccw, capturing B3" if players == 3 else "A2, capturing B2"
    assert f"\nEarlier: A (you) sowed {own}.\n" in screens[1]


def _grand_after_capture() -> OwareState:
    game = spieltisch.load("oware", preset="grand")
    state = game.state_from_json({
        "board": [4, 4, 4, 4, 4, 2, 1, 2, 4, 4, 4, 4], "owners": [0] * 6 + [1] * 6,
        "stores": [0, 7], "to_move": 0, "seen": [], "last": None, "ply": 10,
    })
    after = state.apply(state.string_to_action("A6"))
    assert isinstance(after, OwareState)
    return after


def test_grand_shows_the_owner_of_every_pit() -> None:
    screen = render(_grand_after_capture().view(0), 0, color=False)
    owners = [line.split() for line in screen.splitlines() if line.endswith("owner")]
    assert owners == [["B", "B", "B", "B", "A", "A", "owner"],   # B6 .. B1
                      ["A", "A", "A", "A", "A", "A", "owner"]]   # A1 .. A6
    top, _ = board_rows(screen)
    assert top == ["4", "4", "4", "4", "0*", "0*"]
    assert "  A (you):  8 pits,  5 captured, 20 in own pits" in screen.splitlines()
    assert "> B:        4 pits,  7 captured, 16 in own pits" in screen.splitlines()
    assert "goal: most pits, stones break ties" in screen.splitlines()[0]


def test_colour_follows_the_pit_owner_in_grand() -> None:
    coloured = render(_grand_after_capture().view(0), 0, color=True)
    top_row = next(line for line in coloured.splitlines() if "B store" in line)
    cells = top_row.split("|")[1:-1]
    assert [cell.startswith("\x1b[32") for cell in cells] == [True] * 4 + [False] * 2
    assert all(cell.startswith("\x1b[31") for cell in cells[4:])


def _final(view: dict[str, Any], seat: int | None = None) -> str:
    return render(view, seat, color=False).splitlines()[-1]


def test_the_end_of_the_sample_game() -> None:
    state = state_after(*SAMPLE, "A6", "B1", "A5", "B2", "A6", "B3", "A4", "B6",
                        "A6", "B3", "A5", "B1", "A6", "B1")
    screen = render(state.view(None), None, color=False)
    assert screen.splitlines()[-1] == "Game over: B wins, 14 : 34 stones."
    assert "  A: 14 stones" in screen.splitlines()
    assert "to move" not in screen
    assert _final(state.view(1), 1) == "Game over: B (you) wins, 14 : 34 stones."


def test_the_screen_says_who_was_skipped_and_why_the_game_ended() -> None:
    game = spieltisch.load("oware", players=3, start="A")
    state = game.state_from_json({
        "board": [0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0], "owners": [p // 4 for p in range(12)],
        "stores": [20, 20, 17], "to_move": 2, "seen": [], "last": None, "ply": 30,
    })
    skipped = state.apply(state.string_to_action("C1 cw"))
    assert "A (you) cannot sow and is skipped." in render(skipped.view(0), 0, color=False)
    over = skipped.apply(skipped.string_to_action("B1 ccw"))
    assert render(over.view(0), 0, color=False).splitlines()[-2:] == [
        "The game is over: C and A (you) cannot sow, one after the other.",
        "Game over: B wins, 20 : 23 : 17 stones."]


def test_a_grand_slam_is_said_to_capture_nothing() -> None:
    game = spieltisch.load("oware", preset="abapa")
    state = game.state_from_json({
        "board": [3, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [18, 23], "to_move": 0, "seen": [], "last": None, "ply": 40,
    })
    slam = state.apply(state.string_to_action("A6"))
    assert "Last move: A sowed A6.\nThat sowing would have captured all the stones of B (you)," \
        " so it captured nothing (grand slam)." in render(slam.view(1), 1, color=False)


def test_a_draw_is_announced() -> None:
    game = spieltisch.load("oware", preset="abapa")
    state = game.state_from_json({
        "board": [0, 1] + [0] * 9 + [1], "owners": [0] * 6 + [1] * 6, "stores": [22, 24],
        "to_move": 1, "seen": [], "last": None, "ply": 40,
    })
    over = state.apply(state.string_to_action("B6"))
    assert _final(over.view(0)) == "Game over: a draw, 24 : 24 stones."


def test_grand_tie_break_is_explained() -> None:
    game = spieltisch.load("oware", preset="grand")
    state = game.state_from_json({
        "board": [2] + [0] * 11, "owners": [0] * 6 + [1] * 6, "stores": [20, 26],
        "to_move": 0, "seen": [], "last": None, "ply": 40,
    })
    over = state.apply(0)
    assert _final(over.view(None)) == (
        "Game over: B wins, 6 : 6 pits (more stones break the tie: A 22 stones, B 26 stones).")


def test_help_explains_the_rules_moves_and_commands() -> None:
    for word in ("holds 2 or 3", "skipped on every lap", "the most stones wins",
                 "the most pits wins", "more than 24", "A begins",
                 "you sow from the pits you\nown now", "owns none is out", "stones break a\ntie",
                 "after 1,000 moves", '"A3"', '"A3 ccw"', '"A3 cw"', "moves", "undo", "help",
                 "quit"):
        assert word in HELP
    assert help_text("oware") == HELP


def test_the_generic_terminal_uses_this_board() -> None:
    view = state_after(*SAMPLE).view(0)
    assert render_any("oware", view, 0, color=False) == render(view, 0, color=False)


@pytest.mark.parametrize(("preset", "players"), [
    ("oh-wah-ree", 2), ("oh-wah-ree", 3), ("oh-wah-ree", 4), ("grand", 3), ("grand", 4),
    ("abapa", 2)])
def test_every_position_of_a_game_draws_the_board(preset: str, players: int) -> None:
    state = spieltisch.load("oware", preset=preset, players=players).new_initial_state()
    rng = random.Random(players)
    assert state.is_chance_node() == (preset != "abapa")
    while True:
        view = state.view(None)
        screen = render(view, None, color=False)
        if state.is_chance_node():
            assert screen.splitlines()[-1] == "Who begins is drawn by lot."
        top, bottom = board_rows(screen)
        stones = [p["stones"] for p in view["pits"]]
        assert [int(c.rstrip("*^")) for c in top] == stones[11:5:-1]
        assert [int(c.rstrip("*^")) for c in bottom] == stones[:6]
        if state.is_terminal():
            assert screen.splitlines()[-1].startswith("Game over")
            break
        state = state.apply(rng.choice(state.legal_actions()))


def test_one_stone_and_one_pit_are_said_in_the_singular() -> None:
    game = spieltisch.load("oware", preset="grand")
    view = game.new_initial_state().view(None)
    view.update(terminal=True, stores=[1, 47])
    view["pits"] = [dict(pit, owner=1) for pit in view["pits"]]
    view["pits"][0]["owner"] = 0
    rows = render(view, None, color=False).splitlines()
    assert any(row.endswith("A:  1 pit,  1 stone") for row in rows), rows
    assert any(row.endswith("B: 11 pits, 47 stones") for row in rows), rows


def test_the_last_screen_says_that_more_stones_broke_a_tie_in_pits() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    game = spieltisch.load("oware", preset="grand", start="A")
    out = io.StringIO()
    typed = ["A1"]
    player = TerminalGame(game, [0, 1], "easy", seed="t", color=False,
                          read=lambda _: typed.pop(0), out=out)
    player.match._line = [game.state_from_json({
        "board": [2] + [0] * 11, "owners": [0] * 6 + [1] * 6, "stores": [20, 26],
        "to_move": 0, "seen": [], "last": None, "ply": 40,
    })]
    assert player.run() is not None
    said = out.getvalue()
    assert all(len(line) <= 80 for line in said.splitlines())
    assert " ".join(said[said.rindex("Game over: Player B wins"):].split()) == (
        "Game over: Player B wins, 6 : 6 pits (more stones break the tie: "
        "Player A 22 stones, Player B 26 stones).")


def test_the_standings_line_up_with_the_terminals_names() -> None:
    from spieltisch.terminal.play import seat_names

    state = spieltisch.load("oware", players=4, start="A").new_initial_state()
    screen = render_any("oware", state.view(0), 0, color=True,
                        names=seat_names(4, [0, 1], "medium"), told=False)
    rows = [ANSI.sub("", line) for line in screen.splitlines() if " captured, " in line]
    assert len(rows) == 4
    assert len({line.index(" captured") for line in rows}) == 1


def test_the_turn_says_an_opponent_without_stones_must_be_fed_in_abapa() -> None:
    game = spieltisch.load("oware", preset="abapa")
    state = game.state_from_json({
        "board": [1, 0, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [20, 21], "to_move": 0, "seen": [], "last": None, "ply": 40})
    lines = render(state.view(0), 0, color=False).splitlines()
    assert lines[-2:] == ["B has no stones: you must sow a pit that gives them some.",
                          "A (you) to move."]
    assert render(state.view(1), 1, color=False).splitlines()[-2] == (
        "B (you) has no stones: A must sow a pit that gives them some.")
    assert "must sow" not in render(game.new_initial_state().view(0), 0, color=False)


def test_a_computer_players_line_says_what_it_captured_and_who_went_out() -> None:
    from spieltisch.terminal import bot_words, naming

    game = spieltisch.load("oware", preset="grand", players=3)
    state = game.state_from_json({
        "board": [1, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 13], "owners": [0] + [1] * 7 + [2] * 4,
        "stores": [0, 0, 0], "to_move": 1, "seen": [], "last": None, "ply": 30})
    after = state.apply(state.string_to_action("A2 cw"))
    with naming(["You (A)", "Bot B (easy)", "Bot C (easy)"]):
        said = bot_words("oware", "A2 cw", False, (state.view(0), after.view(0)), 0)
    assert said.splitlines() == ["sows A2 cw, capturing A1 and taking the pit",
                                 "A (you) owns no pit and is out."]
    # The screen words the same sowing alike.
    assert "Last move: B (you) sowed A2 cw, capturing A1 and taking the pit." in \
        render(after.view(1), 1, color=False).splitlines()
    two = spieltisch.load("oware", start="A").new_initial_state()
    for move in SAMPLE[:-1]:
        two = two.apply(two.string_to_action(move))
    assert bot_words("oware", "B3", False, (two.view(0), two.apply(8).view(0)), 0) == (
        "sows B3, capturing A2 and A1")


def test_the_board_is_drawn_again_while_only_computer_players_move() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    game = spieltisch.load("oware", preset="grand", players=3, start="A")
    out = io.StringIO()
    player = TerminalGame(game, [0], "easy", seed="5", color=False,
                          read=lambda _: "", out=out)
    player.match._line = [game.state_from_json({  # A is out from the start
        "board": [4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 1], "owners": [1] * 6 + [2] * 6,
        "stores": [4, 4, 0], "to_move": 1, "seen": [], "last": None, "ply": 30})]
    assert player.run() is not None
    said = out.getvalue()
    moves = said.count(" sows ")
    assert moves > 4
    boards = said.count("You are A.")
    assert boards >= moves // 2, said  # after each round of the two computer players
    assert " capturing " in said


def test_a_computer_player_skipped_after_ones_own_move_is_told() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    game = spieltisch.load("oware", players=3, start="A")
    out, typed = io.StringIO(), iter(["A1 cw", "quit"])
    player = TerminalGame(game, [0], "easy", seed="5", color=False,
                          read=lambda _: next(typed), out=out)
    player.match._line = [game.state_from_json({  # A1 cw leaves B without stones
        "board": [1, 0, 0, 2, 0, 0, 0, 0, 3, 3, 3, 3], "owners": [p // 4 for p in range(12)],
        "stores": [20, 20, 5], "to_move": 0, "seen": [], "last": None, "ply": 30})]
    assert player.run() is None
    said = out.getvalue().splitlines()
    told = said.index("Bot B (easy) cannot sow and is skipped.")
    assert said[told + 1].startswith("Bot C (easy) sows ")
    assert said.count("Bot B (easy) cannot sow and is skipped.") == 1


def test_a_seat_s_own_sowing_calls_it_as_the_standings_do() -> None:
    state = state_after("A3")
    mine = render(state.view(0), 0, color=False).splitlines()
    assert "Last move: A (you) sowed A3." in mine
    assert any(line.startswith("  A (you):  0 captured") for line in mine)
    assert "Last move: A sowed A3." in render(state.view(1), 1, color=False).splitlines()
    assert "Last move: A sowed A3." in render(state.view(None), None, color=False).splitlines()
    # People sharing the terminal: the screen calls its own seat "Player A (you)".
    shared = render_any("oware", state.view(0), 0, color=False, names=["Player A", "Player B"],
                        told=False)
    assert "Last move: Player A (you) sowed A3." in shared.splitlines()


def test_the_direction_may_be_typed_in_words() -> None:
    state = state_after(players=3)
    for typed, said in (("A2 clockwise", "A2 cw"), ("a2 Counter-Clockwise", "A2 ccw"),
                        ("A2 counterclockwise", "A2 ccw"), ("A2 anticlockwise", "A2 ccw")):
        assert state.action_to_string(state.string_to_action(typed)) == said
    assert "A3 clockwise" in HELP
