"""The Okey terminal screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from spieltisch import load
from spieltisch.core.match import Match
from spieltisch.games.okey import tiles
from spieltisch.games.okey.options import TURN_LIMIT
from spieltisch.terminal.okey import HELP, render
from spieltisch.terminal.play import replay

from .helpers import DRAW, TAKE, deal_actions, dealt, discard, edited, finish, game

RACK = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9"


def test_screen_shows_table_rack_layout_and_finish_hint() -> None:
    state = dealt(game(players=3), {0: RACK}, "K1")
    screen = render(state.view(0), 0, color=False)
    assert "Indicator K1  ->  okey K2* (wild)" in screen
    assert "Your rack (15): R1 R2 R3 R9" in screen
    assert "[R1 R2 R3]" in screen and "[Y4 Y5 Y6 Y7]" in screen and "[K10 K11 K12 K13]" in screen
    assert "left over: R9   tiles missing: 0" in screen
    assert "'finish R9'" in screen
    assert "A (you)" in screen and "Scores (rounds won)" in screen
    assert state.view(0)["last_move"]["move"].startswith("deal ")
    assert "Last move" not in screen, "the deal is no seat's move"


def test_the_finish_moves_say_what_each_costs_where_that_differs() -> None:
    rack = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K2 K2"
    state = dealt(game(preset="standard", players=2), {0: rack}, "K1")
    screen = " ".join(render(state.view(0), 0, color=False).split())
    assert "You can finish: 'finish K2' (the okey): 8 points from each opponent; 'finish R1', " \
        "'finish R12', 'finish Y3', 'finish Y4', 'finish B7', 'finish B12', 'finish K10': " \
        "4 points from each opponent." in screen


def test_screen_for_the_next_player_and_a_spectator() -> None:
    state = dealt(game(players=3), {0: RACK}, "K1").apply(discard("R9"))
    mine = render(state.view(1), 1, color=False)
    assert "'take' the discard R9, or 'draw' from the pile" in mine
    assert "Last move: A: discard R9" in mine
    drawing = state.apply(DRAW)
    other = render(drawing.view(2), 2, color=False)
    assert "B: draw" in other and "Waiting" not in other
    spectator = render(state.view(None), None, color=True)
    assert "Your rack" not in spectator and "\x1b[" in spectator


def test_round_result_and_end_of_match() -> None:
    state = dealt(game(players=2, rounds=1), {0: RACK}, "K1").apply(finish("R9"))
    screen = render(state.view(1), 1, color=False)
    assert "Round 1: A finished (sets and runs), discarding R9." in screen
    assert re.search(r"  A +\[14 on rack\]  R9\n", screen), "on the winner's pile at the end"
    assert screen.endswith("\nThe match is over: A wins.")
    assert "finish R7" in HELP and "standard seven pairs" in " ".join(HELP.split())


def test_the_rounds_and_tiles_left_are_counted_in_words() -> None:
    for rounds, said in ((1, "this is the last round."), (2, "this round and 1 more to play."),
                         (5, "this round and 4 more to play.")):
        state = dealt(game(players=2, rounds=rounds), {0: RACK}, "K1")
        screen = render(state.view(0), 0, color=False)
        assert f"round 1 of {rounds}" in screen
        assert f"At stake: one round won; {said}" in screen
    view = dealt(game(players=2), {0: RACK}, "K1").view(0)
    assert "Pile: 1 tile left." in render({**view, "pile": 1}, 0, color=False)


def test_a_winning_hand_marks_the_okey_of_its_round_not_the_next_one() -> None:
    rack = RACK.replace("K13", "K2")  # K2 is the okey, standing in for K13
    state = dealt(game(players=2, rounds=2), {0: rack}, "K1").apply(finish("R9"))
    state = state.apply(tiles.parse("R1"))  # the next round's okey is R2
    assert state.view(1)["results"][-1]["okey"] == "K2"
    screen = render(state.view(1), 1, color=False)
    assert "Winning hand (okey K2*): [R1 R2 R3] " in screen
    assert "R2*" not in screen.split("Winning hand")[1]


def test_a_replay_lists_each_draw_from_the_pile_once(tmp_path: Path) -> None:
    match = Match(load("okey", players=2), seed="draws")
    while match.state.current_player >= 0 and len(match.log(None)) < 40 + 29:
        state = match.state
        pick = DRAW if DRAW in state.legal_actions() else state.legal_actions()[0]
        match.play(state.current_player, pick)
    path = tmp_path / "okey.json"
    path.write_text(json.dumps(match.to_record()))
    for seat, drawn in ((None, "draws from the pile"), (0, "drew ")):
        out = io.StringIO()
        replay(path, seat, color=False, read=lambda _: "", out=out)
        moves = out.getvalue().split("End of the record. Moves: ")[1].replace("\n    ", " ")
        assert ", draw," not in moves and ", draw;" not in moves \
            and not moves.endswith(", draw")
        drawn_any = moves.count("drew ") + moves.count("draws from the pile")
        assert drawn in moves and drawn_any == match.log(seat).count("draw") > 5


def test_a_replay_lists_a_deal_as_one_entry(tmp_path: Path) -> None:
    match = Match(load("okey", players=2), seed="deal")
    while len(match.log(None)) < 40:
        state = match.state
        match.play(state.current_player, state.legal_actions()[0])
    path = tmp_path / "okey.json"
    path.write_text(json.dumps(match.to_record()))
    out = io.StringIO()
    replay(path, 1, color=False, read=lambda _: "", out=out)
    moves = out.getvalue().split("End of the record. Moves: ")[1].replace("\n    ", " ")
    assert re.match(r"[A-D]( \(you\))? starts", moves) and "; the deal: 29 entries; " in moves
    assert "deal to seat" not in moves and "deal R" not in moves


def test_the_computer_players_moves_are_said_as_the_log_says_them() -> None:
    from spieltisch.terminal.play import TerminalGame

    typed = ["draw", "discard K2", "quit"]

    def read(prompt: str) -> str:
        if not typed:
            raise EOFError
        return typed.pop(0)

    out = io.StringIO()
    game_ = TerminalGame(load("okey", players=3, rounds=1), [0], "medium", seed="3",
                         color=False, read=read, out=out)
    assert game_.run() is None
    said = [line for line in out.getvalue().splitlines() if line.startswith("Bot ")]
    assert said and not any(" plays " in line for line in said), said
    assert all(line.split(") ", 1)[1].startswith(("draws from the pile", "takes ", "discards "))
               for line in said), said
    assert not any("drew" in line for line in said)


def test_in_standard_the_rack_is_also_laid_out_as_seven_pairs() -> None:
    rack = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 B12 K5"
    screen = render(dealt(game(preset="standard", players=2), {0: rack}, "K1").view(0), 0,
                    color=False)
    assert "Seven pairs: [R1 R1] [R12 R12] [Y3 Y3] [Y4 Y4] [B7 B7] [B12 B12] [K10 K10]" \
        in screen
    assert "left over: K5   tiles missing: 0" in screen and "'finish K5'" in screen
    near = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K6 K5"
    screen = render(dealt(game(preset="standard", players=2), {0: near}, "K1").view(0), 0,
                    color=False)
    assert "Seven pairs: [R1 R1] [R12 R12] [Y3 Y3] [Y4 Y4] [B7 B7] [K10 K10]" in screen
    assert "left over: B12 K5 K6   tiles missing: 1" in screen
    seed = render(dealt(game(players=2), {0: rack}, "K1").view(0), 0, color=False)
    assert "Seven pairs" not in seed, "seven pairs win only in standard"


def test_a_won_round_shows_the_hand_in_its_melds_and_in_standard_what_it_cost() -> None:
    state = dealt(game(players=3), {0: RACK}, "K1").apply(finish("R9"))
    screen = render(state.view(1), 1, color=False)
    assert "Winning hand (okey K2*): [R1 R2 R3] [Y4 Y5 Y6 Y7] [B7 B8 B9] [K10 K11 K12 K13]" \
        in screen
    pairs = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 B12 K5"
    state = dealt(game(preset="standard", players=3), {0: pairs}, "K1").apply(finish("K5"))
    screen = " ".join(render(state.view(1), 1, color=False).split())
    assert "Round 1: A finished (seven pairs), discarding K5; B (you) and C lose 4 points " \
        "each." in screen
    assert "Winning hand (okey K2*): [R1 R1] [R12 R12] [Y3 Y3]" in screen


def test_a_computer_players_discard_that_empties_the_pile_says_the_round_ended() -> None:
    from spieltisch.terminal import bot_words

    state = dealt(game(players=2, rounds=2), {0: RACK}, "K1").apply(discard("R1"))
    while state.view(None)["pile"] > 1:
        state = state.apply(DRAW)
        while state.current_player < 0:
            state = state.apply(state.legal_actions()[0])
        state = state.apply(state.legal_actions()[0])
    assert state.view(None)["results"] == []
    drew = state.apply(DRAW)
    while drew.current_player < 0:
        drew = drew.apply(drew.legal_actions()[0])
    move = drew.legal_actions()[0]
    after = drew.apply(move)
    said = bot_words("okey", drew.action_to_string(move), False, (drew.view(0), after.view(0)), 0)
    assert said.endswith("; the pile is empty: round 1 ends without a winner"), said


def test_a_winning_hand_with_a_false_joker_names_the_okey_it_stood_for() -> None:
    rack = RACK.replace("R1 R2 R3", "K1 FJ K3")  # FJ is K2 here, not the next round's okey
    state = dealt(game(players=2, rounds=2), {0: rack}, "K1")
    state = state.apply(finish("R9")).apply(tiles.parse("R1"))
    screen = render(state.view(1), 1, color=False)
    assert "false jokers FJ stand for R2" in screen
    assert "Winning hand (okey K2*): " in screen and "[K1 FJ K3]" in screen


def test_long_lines_of_melds_break_between_melds_not_inside_one() -> None:
    from spieltisch.terminal import fit

    rack = "K2 K3 K4 K5 Y2 Y3 Y4 Y5 R10 Y10 K10 K12 K13 K1 R9"
    state = dealt(game(players=4, rounds=2), {0: rack}, "K1").apply(finish("R9"))
    state = state.apply(tiles.parse("R8"))
    screen = fit(render(state.view(1), 1, color=False))
    hand = screen.split("Winning hand")[1].split("\n\n")[0]
    assert hand.count("[") == hand.count("]") == 4
    assert all(line.count("[") == line.count("]") for line in hand.splitlines()), hand
    pairs = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y13 Y13 B12 B12 K11"
    screen = fit(render(dealt(game(preset="standard", players=4), {0: pairs}, "K1").view(0), 0,
                        color=True))
    for line in re.sub(r"\x1b\[[0-9;]*m", "", screen).splitlines():
        assert line.count("[") == line.count("]"), line


def _terminal(typed: list[str], racks: dict[int, str], **options: object) -> str:
    """What the terminal says while the person at seat A types `typed` after an exact deal
    (computer players at the other seats)."""
    from spieltisch.core.match import RECORD_FORMAT
    from spieltisch.terminal.play import TerminalGame

    g = game(**options)
    match = Match.from_record({
        "format": RECORD_FORMAT, "game": "okey", "options": dict(g.info.options),
        "players": ["You (A)", *(f"Bot {c} (easy)" for c in "BCD"[:g.info.num_players - 1])],
        "seed": "exact", "draws": 0, "events": deal_actions(g, racks, "K1"), "result": None})

    def read(prompt: str) -> str:
        if not typed:
            raise EOFError
        return typed.pop(0)

    out = io.StringIO()
    TerminalGame(g, [0], "easy", seed="1", color=False, read=read, out=out,
                 match=match).run()
    return out.getvalue()


JUNK = "R5 R11 Y1 Y9 Y12 B1 B4 B12 K3 K6 K9 R13 Y13 B3"
"""A rack far from finishing, for the computer player."""


def test_a_discard_that_would_finish_is_played_only_when_typed_again() -> None:
    said = _terminal(["R9", "quit"], {0: RACK, 1: JUNK}, players=2)
    assert "Not played yet: R9 finishes your rack: type 'finish R9' to win the round with " \
        "it, or type R9 again to discard it anyway." in " ".join(said.split())
    assert " finished (" not in said and "Game left unfinished" in said
    said = _terminal(["discard R9", "moves", "d R9", "quit"], {0: RACK, 1: JUNK}, players=2)
    assert said.count("Not played yet") == 1
    assert "Bot B (easy) takes R9" in said
    said = _terminal(["R9", "finish R9"], {0: RACK, 1: JUNK}, players=2, rounds=1)
    assert "A (you) finished (sets and runs), discarding R9" in said
    said = _terminal(["Y7"], {0: RACK, 1: JUNK}, players=2)  # Y7 does not finish: played at once
    assert "Not played yet" not in said
    assert re.search(r"A \(you\) +\[14 on rack\]  Y7\n", said)


def test_a_finishing_discard_of_a_taken_tile_is_no_longer_said_to_be_held() -> None:
    state = dealt(game(players=2, rounds=1), {0: RACK, 1: JUNK}, "K1").apply(discard("R9"))
    state = state.apply(DRAW)
    state = state.apply(state.legal_actions()[0])  # the tile drawn
    state = state.apply(state.legal_actions()[0])  # B's discard
    tile = state.view(0)["takeable"]
    took = state.apply(TAKE)
    assert took.view(1)["known"][0] == [tile]
    over = took.apply(finish(tile))
    for seat in (0, 1, None):
        view = over.view(seat)
        assert view["discards"][0] == ["R9", tile] and view["known"][0] == []


def test_the_last_discard_of_a_round_is_told_to_end_it_unless_it_finishes() -> None:
    state = dealt(game(players=2), {0: RACK}, "K1")
    pool = [k for k, n in enumerate(state.to_json()["pool"]) for _ in range(n)]
    screens = [render(edited(state, pool=[0] * tiles.KINDS, discards=[[], pool]).view(0), 0,
                      color=False),
               render(edited(state, turns=TURN_LIMIT - 1).view(0), 0, color=False)]
    for screen, why in zip(screens, ("the pile is empty", "this is the last turn"), strict=True):
        assert f"Mind: {why}, so a discard that does not finish ends the round without a " \
            "winner." in " ".join(screen.split())
    assert "Mind:" not in render(state.view(0), 0, color=False)
    # The turns are counted from 1, so the last turn is the one the limit names.
    assert f"Turn {TURN_LIMIT} (a round without a winner ends after {TURN_LIMIT})." \
        in screens[1]
    assert "Turn 1 (a round" in render(state.view(0), 0, color=False)


def test_a_game_ended_by_resigning_says_nothing_is_at_stake() -> None:
    view = dealt(game(players=2), {0: RACK}, "K1").view(0)
    assert "At stake" in render(view, 0, color=False)
    assert "At stake" not in render(view, 0, color=False, ended=True)


def test_a_finished_or_given_up_game_shows_the_rack_but_no_layout_to_aim_for() -> None:
    state = dealt(game(players=2, rounds=1), {0: RACK}, "K1")
    assert "Best layout" in render(state.view(0), 0, color=False)
    over = state.apply(finish("R9"))
    for screen in (render(state.view(0), 0, color=False, ended=True),
                   render(over.view(1), 1, color=False)):
        assert "Your rack (" in screen, screen
        assert "Best layout" not in screen and "tiles missing" not in screen, screen
        assert "Pile: " in screen and "without a winner ends after" not in screen, screen
    assert render(over.view(1), 1, color=False).endswith("\nThe match is over: A wins.")


def test_a_long_discard_pile_breaks_between_tiles_keeping_took_with_its_tiles() -> None:
    view = dealt(game(players=4), {0: RACK}, "K1").view(0)
    pile, took = ("R2 R5 R6 Y6 Y7 Y10 Y13 B4 R9 Y4 R11 K3 K4 K5 K6", "B6 B11 K1 K5 K7")
    from spieltisch.terminal import render as screen_of  # wrapped as the terminal shows it

    screen = screen_of("okey", {**view, "discards": [pile.split(), [], pile.split(), []],
                                "known": [took.split(), [], [], took.split()]}, 0, color=False)
    lines = screen[screen.index("Discard piles"):screen.index("\n\nYour rack")].splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert not any(line.rstrip().endswith("took:") for line in lines), lines
    wrapped = [line for line in lines[1:] if not line.startswith("  ") or line.startswith(" " * 6)]
    assert wrapped and all(re.match(r" {6}\S", line) for line in wrapped), lines
    joined = " ".join(" ".join(lines).split())
    assert "R2 R5 R6 Y6 Y7 Y10 Y13 B4 R9 Y4 R11 K3 K4 K5 K6 took: B6 B11 K1 K5 K7" in joined


def test_a_turn_under_way_still_says_the_move_before_it() -> None:
    from spieltisch.terminal import render as render_any

    start = dealt(game(players=3), {0: RACK}, "K1").apply(discard("R9"))
    taken = start.apply(TAKE)
    screen = render_any("okey", taken.view(1), 1, color=False, earlier=[start.view(1)])
    assert "\nLast move: A: discard R9\nThis turn: B (you): take R9" in screen
