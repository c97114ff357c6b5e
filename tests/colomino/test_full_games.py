"""Whole games for 2, 3 and 4 players on both boards, refereed by `Match`."""

from __future__ import annotations

import random

import pytest

from spieltisch import Match, load
from spieltisch.core.bots import Decision
from spieltisch.games.colomino.ai import make_bot
from spieltisch.games.colomino.rules import ColominoState


@pytest.mark.parametrize("preset", ["small", "large"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_bots(preset: str, players: int) -> None:
    game = load("colomino", preset=preset, players=players)
    match = Match(game, seed=f"{preset}-{players}")
    bots = [make_bot(game, "easy" if seat == 0 else "greedy") for seat in range(players)]
    rng = random.Random(players)
    turns = 0
    while not match.state.is_terminal():
        seat = match.state.current_player
        match.play(seat, bots[seat].choose(Decision.from_state(match.state), rng))
        turns += 1
    state = match.state
    assert isinstance(state, ColominoState)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.scores() == [y + 2 * b for y, b in zip(state.yellow, state.blue, strict=True)]
    assert sum(state.scores()) > 0, "bots fill courts"
    tiles = sum(1 for c in state.board if 0 <= c <= 256) + state.jokers_out
    assert tiles + sum(len(r) for r in state.racks) + state.bag_size == 144
    assert state.final == 0 or not any(
        game_can_place(state, seat) for seat in range(players)), "ended by the rules"
    replay = Match.from_record(match.to_record())
    assert replay.state.to_json() == state.to_json()
    assert turns > 10


def game_can_place(state: ColominoState, seat: int) -> bool:
    return state.game.geo.can_place(state.board, state.racks[seat])
