"""The terminal screen and the typed moves it teaches."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from spieltisch import load
from spieltisch.core.match import Match
from spieltisch.terminal.colomino import HELP, render
from spieltisch.terminal.play import replay

from .helpers import game, play, position
from .test_courts import TILES
from .test_turns_and_end import column

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_board_rack_scores_and_courts_are_drawn() -> None:
    state = position(game(), TILES, [["RRRY", "RRBG", "J"], ["YYYY"]])
    screen = render(state.view(0), 0, color=False)
    lines = screen.splitlines()
    assert lines[0].split() == list("ABCDEFGHI")
    assert lines[1].split() == list("RYGBRYGBR"), "north rim markings"
    assert "row 1: base line" in screen
    assert "Player A (you):   0 points" in screen and "<- to move" in screen
    assert "next court: open 1, closed 2 points" in screen
    assert "Courts: A1 closed (BGRR), C1 open (?BGR), E1 open (?RRR)" in screen
    assert "  RRBG:  r0 RRBG  r1 GRRB  r2 BGRR  r3 RBGR\n      fits: A1 r2" in screen
    # A joker takes no rotation: none is offered, as none is typed.
    assert "  J:  joker: any edge, no rotation (type e.g. E1 J)\n      fits:" in screen
    assert "r0 J" not in screen
    row1 = next(line for line in lines if line.startswith("  1 "))
    assert row1.startswith("  1 R # G.R o B.R o R.G +")  # rim, A1 closed, B1, C1 open, ...
    assert not ANSI.search(screen)


def test_colours_are_ansi_when_asked() -> None:
    state = position(game(), TILES, [["RRRY"], ["YYYY"]])
    screen = render(state.view(0), 0, color=True)
    assert "\x1b[1;31mR\x1b[0m" in screen
    assert ANSI.sub("", screen) == render(state.view(0), 0, color=False)


def test_a_spectator_sees_no_rack_and_the_end_is_announced() -> None:
    state = position(game(), TILES, [["RRRY"], ["YYYY"]])
    assert "Your rack" not in render(state.view(None), None, color=False)
    data = play(state, "E1 YRRR").to_json()
    data["over"] = True
    over = state.game.state_from_json(data)
    assert render(over.view(1), 1, color=False).endswith("\nGame over: Player A wins.")


def test_large_board_shows_centre_squares_and_two_digit_rows() -> None:
    state = game("large").new_initial_state()
    screen = render(state.view(None), None, color=False)
    assert " 12 B" in screen and "R@R" in screen and "B@B" in screen


def test_the_help_examples_are_moves_the_game_reads() -> None:
    assert "E1 RYGB r1" in HELP and "E1 J" in HELP
    state = position(game(), {"D1": "GRYB", "F1": "GBBR"}, [["RYGB", "J"], ["YYYY"]])
    # E1 needs red south (rim), red west (D1) and blue east (F1): RYGB does not fit,
    # a joker does
    assert state.action_to_string(state.string_to_action("E1 J")) == "E1 J"


def test_seats_are_letters_and_a_win_on_blue_tokens_says_so() -> None:
    state = position(game(), TILES, [["RRRY"], ["YYYY"]])
    view = state.view(0)
    view.update(scores=[3, 3], tokens=[{"yellow": 3, "blue": 0}, {"yellow": 1, "blue": 1}],
                winners=[1], last_move={"seat": 1, "move": "draws a tile"},
                last_turn={"seat": 1, "moves": ["E1 RYGB r1", "F1 J"]})
    screen = render(view, 0, color=False)
    assert "Player A (you):   3 points" in screen and "Player B:         3 points" in screen
    assert "Last turn: player B laid E1 RYGB r1, F1 J" in screen
    assert "draws a tile" not in screen
    assert "Game over: Player B wins (equal points: more blue tokens)." in screen
    view.update(scores=[2, 3])
    assert "Game over: Player B wins." in render(view, 0, color=False)


def test_three_winners_are_listed_with_commas() -> None:
    state = load("colomino", players=3).new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    view = state.view(0)
    view.update(scores=[3, 3, 3], winners=[0, 1, 2])
    screen = render(view, 0, color=False)
    assert "Game over: Player A (you), Player B and Player C win." in screen


def test_the_draw_of_the_first_player_and_the_deal_are_said() -> None:
    draw = game(start="random").new_initial_state()
    assert "who begins is drawn by lot" in render(draw.view(None), None, color=False)
    dealing = draw.apply(1)
    screen = render(dealing.view(1), 1, color=False)
    assert "player A draws" in screen and "drawn by lot" not in screen


def test_the_turns_left_after_the_target_row_are_counted_in_words() -> None:
    three = position(game(players=3), column("RGRB"), [["RRRR"], ["J"], ["J"]])
    after = play(three, "E9 RRRR")
    assert after.view(1)["to_move"] == 1
    assert "END: target row reached, this turn and 1 more" in render(after.view(1), 1,
                                                                      color=False)
    after = after.apply(after.legal_actions()[0])
    assert "END: target row reached, this is the last turn" in render(after.view(2), 2,
                                                                       color=False)


def test_one_point_and_one_tile_are_said_in_the_singular() -> None:
    view = position(game(), TILES, [["RRRY"], ["YYYY"]]).view(0)
    screen = render({**view, "scores": [1, 2], "bag": 1}, 0, color=False)
    assert "Player A (you):   1 point  " in screen and "Player B:         2 points  " in screen
    assert "bag 1 tile" in screen and "bag 1 tiles" not in screen


def replayed_to_the_end(match: Match, entries: int, tmp_path: Path) -> str:
    """What seat A's replay of `match` says, played by its first legal moves until its log
    holds `entries` entries, paged through to the end of the record."""
    while len(match.log(None)) < entries:
        state = match.state
        match.play(state.current_player, state.legal_actions()[0])
    path = tmp_path / "colomino.json"
    path.write_text(json.dumps(match.to_record()))
    out = io.StringIO()
    replay(path, 0, color=False, read=lambda _: "", out=out)
    return out.getvalue()


def test_a_replay_lists_the_deal_as_one_entry(tmp_path: Path) -> None:
    said = replayed_to_the_end(Match(load("colomino"), seed="deal"), 20, tmp_path)
    moves = said.split("End of the record. Moves: ")[1].replace("\n    ", " ")
    assert re.match(r"[A-D] starts; the deal: 10 entries; [A-D]: [A-I]1 ", moves)
    assert "draws a tile" not in moves


def test_a_finished_game_names_no_turns_left() -> None:
    three = position(game(players=3), column("RGRB"), [["RRRR"], ["J"], ["J"]])
    state = play(three, "E9 RRRR")
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    for seat in (0, None):
        screen = render(state.view(seat), seat, color=False, ended=True)
        assert "Game over" in screen and "END:" not in screen and "last turn" not in screen
        assert "The target line was reached and everyone else has had one more turn." in screen


def test_the_terminal_replay_lists_a_turn_s_draws_as_one_entry(tmp_path: Path) -> None:
    match = Match(load("colomino", start="A"), seed="draws")
    while match.log(None).count("player 1 draws a tile") < 5 + 3 * 2:
        state = match.state
        match.play(state.current_player, state.legal_actions()[0])
    path = tmp_path / "colomino.json"
    path.write_text(json.dumps(match.to_record()))
    for seat, mine in ((None, re.compile(r"A: [^;]*, draws 3 tiles;")),
                       (0, re.compile(r"A \(you\): [^;]*, draw \w+ \w+ \w+;"))):
        out = io.StringIO()
        replay(path, seat, color=False, read=lambda _: "", out=out)
        moves = out.getvalue().split("End of the record. Moves: ")[1].replace("\n    ", " ")
        assert "draws a tile" not in moves and re.search(r"B: [^;]*, draws 3 tiles;", moves)
        assert "player 2" not in moves and "seat 2" not in moves
        assert re.search(mine, moves)


def test_the_computer_players_tiles_are_said_in_words() -> None:
    from spieltisch.terminal.play import TerminalGame

    out = io.StringIO()
    table = TerminalGame(load("colomino", players=3), [0], "medium", seed="5", color=False,
                         read=lambda _: "quit", out=out)
    assert table.run() is None
    said = [line for line in " ".join(out.getvalue().split()).split("Bot ")[1:]
            if not re.match(r"[BC] \(medium\)(:| starts| laid)", line)]  # the screen's names
    assert len(said) == 6 and not any(" plays " in line for line in said), said
    laid = re.compile(r"[BC] \(medium\) lays [RGYB]{4} on [A-I]\d, (not turned|turned "
                      r"(a quarter|half round|three quarters)[a-z ]*): north \w+, east \w+, "
                      r"south \w+, west \w+")
    assert all(laid.match(line) for line in said), said
    assert any(re.search(r"; it fills the open court and earns 1 yellow token", line)
               for line in said), said
    assert any(re.search(r"; [A-I]\d becomes an open court", line) for line in said), said


def test_the_score_lines_line_up_with_the_terminals_names() -> None:
    from spieltisch.terminal import render as render_any
    from spieltisch.terminal.play import seat_names

    state = load("colomino", players=4).new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    names = seat_names(4, [0, 1], "medium")
    screen = render_any("colomino", state.view(0), 0, color=False, names=names, told=False)
    rows = [line for line in screen.splitlines() if re.search(r"\d+ points? ", line)]
    assert len(rows) == 4
    assert len({line.index(" points") for line in rows}) == 1
    assert all(len(line) <= 80 for line in rows)


def test_courts_and_the_last_turn_go_on_to_the_next_line_between_entries() -> None:
    from spieltisch.terminal import render as screen_of

    state = position(game(), TILES, [["RRRY"], ["YYYY"]])
    view = state.view(0)
    view.update(courts=[{"square": f"{c}{r}", "court": "closed", "needs": "GYRR"}
                        for c in "ABCDEFGHI" for r in (1, 2)],
                last_turn={"seat": 1, "moves": [f"{c}1 RYGB r1" for c in "ABCDEFGHI"]})
    screen = screen_of("colomino", view, 0, color=False, names=["You (A)", "Bot B (easy)"],
                       told=False)
    lines = screen[screen.index("Last turn"):].splitlines()
    lines = lines[:next(i for i, line in enumerate(lines) if "I2 closed" in line) + 1]
    assert all(len(line) <= 80 for line in lines), lines
    for line in lines:
        entries = line.removeprefix("Last turn: Bot B (easy) laid ").removeprefix(
            "Courts: ").strip().rstrip(",").split(", ")
        assert all(re.fullmatch(r"[A-I][1-9] (RYGB r1|closed \(GYRR\))", e) for e in entries), line


def test_a_court_under_a_joker_is_listed_as_one() -> None:
    state = position(game(), {**TILES, "E1": "J"}, [["RRRY"], ["YYYY"]])
    screen = render(state.view(0), 0, color=False)
    assert "C1 open (?BGR), E1 open under a joker (?RRR)" in screen


def test_sharing_the_terminal_a_players_own_move_taken_back_is_said_to_them() -> None:
    from spieltisch.terminal.play import TerminalGame

    lines: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        lines.append(prompt)
        if len(lines) > 3:
            raise EOFError
        if len(lines) == 2:
            return "undo"
        state = table.match.state
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    table = TerminalGame(load("colomino", players=2), [0, 1], "easy", seed="own",
                         color=False, read=read, out=out)
    assert table.run() is None
    assert lines[:3] == [lines[0]] * 3, "a player lays, takes it back and chooses again"
    assert "Your move taken back." in out.getvalue()
    assert f"{lines[0].removesuffix(' > ')}'s move taken back." not in out.getvalue()


def test_the_last_turn_calls_the_viewer_s_own_seat_as_the_scores_do() -> None:
    state = game().new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    first = state.apply(state.legal_actions()[0])  # the turn goes on: said as this turn
    assert "This turn: player A (you) laid " in render(first.view(0), 0, color=False)
    assert "Last turn" not in render(first.view(0), 0, color=False)
    while state.current_player == 0:
        state = state.apply(state.legal_actions()[0])
    mine = render(state.view(0), 0, color=False)
    assert "Last turn: player A (you) laid " in mine and "Player A (you):" in mine
    assert "Last turn: player A laid " in render(state.view(1), 1, color=False)


def test_the_last_screen_shows_no_rotations_and_no_squares_to_use() -> None:
    start = position(game(players=3), column("RGRB"), [["RRRR", "YYGG"], ["J"], ["J"]])
    state = play(start, "E9 RRRR")
    assert "per rotation" in render(state.view(0), 0, color=False)
    given_up = render(state.view(0), 0, color=False, ended=True)
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    over = render(state.view(0), 0, color=False)
    assert "Game over" in over
    for screen in (given_up, over):
        board = screen[:screen.index("(row 1: base line")]
        assert "per rotation" not in screen and "fits" not in screen, screen
        assert "+" not in board, board
        courts = re.search(r"Courts: [^\n]*", screen)
        assert courts is None or "(" not in courts.group(0), "not the edges a tile needs"
    assert "Left on your rack: YYGG" in given_up


def test_the_replay_s_list_of_moves_breaks_between_moves_not_inside_one(tmp_path: Path) -> None:
    said = replayed_to_the_end(Match(load("colomino", start="A"), seed="split"), 40, tmp_path)
    lines = said[said.index("End of the record. Moves: "):].splitlines()
    assert len(lines) > 2 and all(len(line) <= 80 for line in lines), lines
    assert all(line.endswith((",", ";")) for line in lines[:-1]), lines


def test_a_replay_of_a_game_given_up_calls_the_seat_as_its_screen_does(tmp_path: Path) -> None:
    match = Match(load("colomino", start="A"), seed="gave")
    match.play(0, match.state.legal_actions()[0])
    match.resign(0)
    path = tmp_path / "colomino.json"
    path.write_text(json.dumps(match.to_record()))
    out = io.StringIO()
    typed = ["", "", ""]
    replay(path, 0, color=False, read=lambda _: typed.pop(0) if typed else "q", out=out)
    said = out.getvalue()
    assert "Player A (you):" in said and "\nPlayer A (you) resigned.\n" in said, said[-600:]


def test_a_refusal_keeps_its_example_moves_whole() -> None:
    from spieltisch.terminal.play import TerminalGame

    out = io.StringIO()
    typed = ["C1", "quit"]
    TerminalGame(load("colomino", start="A"), [0], "easy", seed="q", color=False,
                 read=lambda _: typed.pop(0), out=out).run()
    refusal = out.getvalue()[out.getvalue().index("Not possible: 'C1'"):].split("\nYou (A)")[0]
    assert "'E1 RYGB r1'" in refusal.splitlines()[1] or "'E1 RYGB r1'" in refusal.splitlines()[0]
    assert all(len(line) <= 80 for line in refusal.splitlines())


def test_a_turn_under_way_still_says_the_turn_before_it() -> None:
    from spieltisch.terminal.play import TerminalGame

    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue()[sum(map(len, screens)):])
        state = table.match.state
        if len(screens) > 3:
            raise EOFError
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    table = TerminalGame(load("colomino"), [0], "easy", seed=5, color=False, read=read,
                         out=out)
    assert table.run() is None
    assert len(screens) == 4, "the person laid a turn's three tiles, then left"
    before = re.search(r"\nLast turn: Bot B \(easy\) laid [^\n]+", screens[0])
    assert before is not None, "the computer player began"
    assert before.group() in screens[1], "the turn before is still said"
    assert "\nThis turn: A (you) laid " in screens[1]
    # The next turn begins with the person's own turn, then the computer player's.
    own = re.search(r"\nEarlier: A \(you\) laid ([^\n]+)\nLast turn: Bot B", screens[3])
    assert own is not None and own.group(1).count(", ") == 2


def test_the_replay_of_a_turn_under_way_says_the_turn_before_it(tmp_path: Path) -> None:
    match = Match(game(), seed="5")
    for _ in range(4):  # one whole turn, then one tile of the next
        state = match.resolve_chance()
        match.play(state.current_player, state.legal_actions()[0])
    view = match.state.view(None)
    assert view["placed_this_turn"] == 1 and view["turn"] == 2
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    out = io.StringIO()
    replay(path, None, color=False, read=lambda _: "", out=out)
    shown = out.getvalue().split("-- position")
    mid = next(s for s in shown if "placed 1 of 3" in s and "Turn 2" in s)
    assert "\nLast turn: player " in mid and "\nThis turn: player " in mid


def test_a_turn_line_says_the_tokens_it_earned() -> None:
    state = game().new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    view = {**state.view(None), "last_turn": {"seat": 1, "moves": ["E1 RRRB r1"]},
            "earned": [{"yellow": 0, "blue": 0}, {"yellow": 1, "blue": 1}]}
    lines = [line for line in render(view, 0, color=False).splitlines() if "turn:" in line]
    assert lines == ["Last turn: player B laid E1 RRRB r1 (earned 1 yellow token and 1 blue "
                     "token)"]


def test_the_last_screen_names_the_person_s_own_last_turn_too() -> None:
    from spieltisch.terminal.play import TerminalGame

    seen = [0]

    def read(prompt: str) -> str:
        seen[0] = len(out.getvalue())
        state = table.match.state
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    table = TerminalGame(load("colomino"), [0], "easy", seed=3, color=False, read=read,
                         out=out)
    assert table.run() is not None
    last = out.getvalue()[seen[0]:]
    assert "Game over" in last
    assert re.search(r"\nEarlier: A \(you\) laid [^\n]+\nLast turn: Bot B \(easy\) laid ", last)
