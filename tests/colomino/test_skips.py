"""A player who can lay no tile is skipped, and everybody is told so."""

from __future__ import annotations

import io
import json

from spieltisch.core.match import Match
from spieltisch.games.colomino.rules import ColominoState
from spieltisch.terminal.colomino import render
from spieltisch.terminal.play import TerminalGame, replay_frames

from .helpers import game, position

BLOCKED = {"D1": "RGYB", "H1": "RGYB"}
"""Yellow fits nowhere on the small board: D2 and H2 need red, and no open base square
has a yellow rim."""


TURN = ["A1 RRRR r0", "B1 RRBB r3", "F1 RRBB r0"]


def skipping() -> ColominoState:
    """Seat A to lay `TURN`, after which seat B, holding YYYY, cannot lay."""
    racks = [["RRRR", "RRRR", "RRBB", "RRBB"], ["YYYY"]]
    return position(game(), BLOCKED, racks)


def starting_at(match: Match, state: ColominoState) -> Match:
    """`match` going on from `state`, as if the game had begun there."""
    match._line, match._actions, match._timed_out = [state], [], []
    return match


def played(state: ColominoState) -> Match:
    match = starting_at(Match(state.game, seed="skip", players=["Ada", "Bot (Easy)"]), state)
    for move in TURN:
        match.play(0, match.state.string_to_action(move))
    return match


def test_the_log_and_the_view_tell_who_was_skipped_without_the_rack() -> None:
    match = played(skipping())
    assert match.state.current_player == 0, "B could lay nothing: A again"
    assert match.log(1)[-1] == "player 1 draws a tile; player 2 is skipped"
    assert match.log(None)[-1] == "player 1 draws a tile; player 2 is skipped"
    assert match.log(0)[-1].endswith("; player 2 is skipped")
    assert match.log(0)[:-1] == [line.split(";")[0] for line in match.log(0)[:-1]]
    for seat in (0, None):
        view = match.state.view(seat)
        assert view["skipped"] == [1]
        assert "YYYY" not in json.dumps(view) + json.dumps(match.log(seat))
    assert match.state.game.state_from_json(match.state.to_json()) == match.state
    after = match.state.apply(match.state.legal_actions()[0])
    assert after.arrival() == "" and after.view(0)["skipped"] == [1], "said once, seen all turn"
    record = match.public_record(0)
    assert record["views"][-1]["skipped"] == [1]


def test_the_end_when_nobody_can_lay_is_told() -> None:
    g = game("large")
    state = position(g, racks=[["J"], ["J", "J", "J", "YYGG"]], bag_left=0)
    after = state.apply(state.string_to_action("A1 J"))
    assert after.is_terminal() and after.arrival() == "; no player can lay a tile"
    assert "Nobody could lay a tile any more." in render(after.view(0), 0, color=False)


def test_the_terminal_says_who_was_skipped() -> None:
    state = skipping()
    out = io.StringIO()
    typed = [*TURN, "quit"]
    player = TerminalGame(state.game, [0], "easy", seed="t", color=False,
                          read=lambda _: typed.pop(0), out=out)
    starting_at(player.match, state)
    player.run()
    said = out.getvalue()
    told = said.index("Bot B (easy) could lay no tile and was skipped.")
    assert said.index("Bot B (easy) could lay no tile and was skipped.", told + 1) > told, \
        "said after the move, then on the screen"
    assert "YYYY" not in said


def test_the_replay_lists_the_skip_with_the_draws() -> None:
    match = played(skipping())
    frames = replay_frames(match.public_record(1), 1)
    assert frames.moves[-1] == \
        "Ada: A1 RRRR r0, B1 RRBB r3, F1 RRBB r0, draws 4 tiles; " \
        "Bot (Easy) (you) could lay no tile and was skipped"
