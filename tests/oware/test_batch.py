"""`BatchOware` agrees with the scalar engine move by move, in every configuration."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import spieltisch
from spieltisch.core.protocol import TERMINAL, IllegalAction
from spieltisch.games.oware.batch import BatchOware
from spieltisch.games.oware.rules import (
    CCW,
    CW,
    MOVE_LIMIT,
    PITS,
    OwareGame,
    OwareState,
    make_game,
    next_player,
    sow,
)

CONFIGURATIONS: list[dict[str, Any]] = [
    dict(c) for c in spieltisch.game_spec("oware").configurations
]
IDS = [f"{c['preset']}-{c['players']}" for c in CONFIGURATIONS]


def _play(state: OwareState, action: int) -> OwareState:
    after = state.apply(action)
    assert isinstance(after, OwareState)
    return after


def _begin(game: OwareGame, seat: int) -> OwareState:
    """A new scalar game in which `seat` begins (drawn, where the game draws by lot)."""
    state = game.new_initial_state()
    return _play(state, seat) if state.is_chance_node() else state


def _start(batch: BatchOware) -> list[OwareState]:
    """Scalar games beginning as the batch's games did."""
    return [_begin(batch.game, int(seat)) for seat in batch.to_move]


def _assert_same(batch: BatchOware, states: list[OwareState], full: bool) -> None:
    masks = batch.legal_mask()
    scores, returns = batch.scores(), batch.returns()
    for i, state in enumerate(states):
        legal = set(state.legal_actions())
        assert masks[i].tolist() == [a in legal for a in range(batch.num_actions)]
        assert batch.board[i].tolist() == list(state.board)
        assert batch.owners[i].tolist() == list(state.owners)
        assert batch.stores[i].tolist() == list(state.stores)
        assert int(batch.to_move[i]) == state.current_player
        assert bool(batch.terminated[i]) == state.is_terminal()
        assert int(batch.ply[i]) == state.ply
        assert scores[i].tolist() == state.scores()
        assert returns[i].tolist() == state.returns()
    if full:
        assert [s.to_json() for s in batch.to_states()] == [s.to_json() for s in states]


def _captures(state: OwareState, action: int) -> bool:
    last = _play(state, action).last
    return last is not None and bool(last[3])


def _ended_by_repetition(state: OwareState, action: int) -> bool:
    """Whether `action` ends the game by repeating a position (someone could move on)."""
    board, _ = sow(state.board, action % PITS, CW if action >= PITS else CCW)
    after = _play(state, action)
    assert after.last is not None
    return not after.last[3] and next_player(
        state.game, board, state.owners, state.stores, state.current_player) != TERMINAL


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=IDS)
def test_lockstep_with_the_scalar_engine(options: dict[str, Any]) -> None:
    # Two-player Grand ends by repetition in about one random game in a hundred.
    size = 256 if options == {"preset": "grand", "players": 2} else 48
    batch = BatchOware(**options, batch_size=size)
    batch.reset(seed=0)
    states = _start(batch)
    rng = random.Random(f"{options}")
    step = repetitions = 0
    while not all(s.is_terminal() for s in states):
        _assert_same(batch, states, full=step % 9 == 0)
        # Finished games get action 0, legal or not: it is ignored.
        actions = [0 if s.is_terminal() else rng.choice(s.legal_actions()) for s in states]
        before, states = states, [
            s if s.is_terminal() else _play(s, a) for s, a in zip(states, actions, strict=True)
        ]
        rewards, ended = batch.step(actions)
        for i, (old, new) in enumerate(zip(before, states, strict=True)):
            finished = new.is_terminal() and not old.is_terminal()
            assert bool(ended[i]) == finished
            assert rewards[i].tolist() == (new.returns() if finished else [0.0] * batch.players)
            repetitions += finished and _ended_by_repetition(old, actions[i])
        step += 1
    _assert_same(batch, states, full=True)
    assert repetitions > 0


@pytest.mark.parametrize("options", [{"preset": "oh-wah-ree", "players": 2},
                                     {"preset": "abapa", "players": 2}])
def test_games_that_avoid_captures_end_at_the_move_limit_in_both_engines(
        options: dict[str, Any]) -> None:
    size = 6
    batch = BatchOware(**options, batch_size=size)
    batch.reset(seed=0)
    states = _start(batch)
    rng = random.Random(1)
    while not all(s.is_terminal() for s in states):
        actions = [0 if s.is_terminal() else rng.choice(
            [a for a in s.legal_actions() if not _captures(s, a)] or s.legal_actions())
            for s in states]
        states = [s if s.is_terminal() else _play(s, a)
                  for s, a in zip(states, actions, strict=True)]
        batch.step(actions)
    _assert_same(batch, states, full=True)
    assert MOVE_LIMIT in [s.ply for s in states]


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=IDS)
def test_random_playouts_follow_their_random_draws(options: dict[str, Any]) -> None:
    """Replays the engine's schedule (a finished game's row goes to the next game, in
    row order; without one left, the row is dropped) and its random draws with scalar
    states: the move counts agree."""
    size, games, seed = 5, 13, 11
    game = make_game(**options)
    rng = np.random.default_rng(seed)
    drawn = game.options.starter is None
    first = rng.integers(0, game.info.num_players, size) if drawn else [0] * size
    rows = [_begin(game, int(seat)) for seat in first]
    started, moves = size, 0
    while rows:
        picks = rng.random(len(rows))
        turns = rng.random(len(rows)) if game.options.direction_choice else None
        for i, state in enumerate(rows):
            pits = sorted({a % PITS for a in state.legal_actions()})
            action = pits[int(picks[i] * len(pits))]
            if turns is not None and turns[i] < 0.5:
                action += PITS
            rows[i] = _play(state, action)
        moves += len(rows)
        ended = sum(state.is_terminal() for state in rows)
        if not ended:
            continue
        again = min(ended, games - started)
        seats = iter(rng.integers(0, game.info.num_players, again) if drawn else [0] * again)
        kept = []
        for state in rows:
            if not state.is_terminal():
                kept.append(state)
            elif started < games:
                kept.append(_begin(game, int(next(seats))))
                started += 1
        rows = kept
    batch = BatchOware(**options, batch_size=size)
    assert batch.random_playouts(games, seed=seed) == moves
    assert batch.ply.tolist() == [0] * size


def test_illegal_actions_raise_and_change_nothing() -> None:
    batch = BatchOware(batch_size=3, start="A")
    batch.reset(seed=1)
    batch.step([0, 0, 0])
    batch.step([6, 7, 8])
    before = [s.to_json() for s in batch.to_states()]
    for actions, reason in (
        ([1, 0, 1], "game 1: A1 is empty"),
        ([1, 1, 7], "game 2: B2 is not your pit"),
        ([12, 1, 1], "game 0: action 12 is out of range"),
        ([1, 1], "one per game"),
        ([1.0, 1.0, 1.0], "one per game"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            batch.step(actions)
        assert [s.to_json() for s in batch.to_states()] == before


def test_finished_games_restart_with_auto_reset() -> None:
    batch = BatchOware(preset="grand", players=2, batch_size=16, auto_reset=True)
    batch.reset(seed=4)
    scalar = _start(batch)
    finished = 0
    while finished < 20:
        actions = batch.random_actions()
        assert batch.legal_mask()[np.arange(16), actions].all()
        scalar = [_play(s, int(a)) for s, a in zip(scalar, actions, strict=True)]
        rewards, ended = batch.step(actions)
        for i in np.flatnonzero(ended):
            assert rewards[i].tolist() == scalar[i].returns()
            scalar[i] = _begin(batch.game, int(batch.to_move[i]))
            finished += 1
        assert not batch.terminated.any()
        assert [s.to_json() for s in batch.to_states()] == [s.to_json() for s in scalar]


def test_random_actions_are_uniform_over_legal_moves() -> None:
    batch = BatchOware(players=3, batch_size=8000, start="B")
    legal = batch.reset(seed=9)[0]
    counts = np.bincount(batch.random_actions(), minlength=batch.num_actions)
    assert (counts[~legal] == 0).all()
    assert (abs(counts[legal] - 1000) < 150).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reset_draws_who_begins_by_lot_or_lets_the_given_seat_begin(players: int) -> None:
    batch = BatchOware(players=players, batch_size=8000)
    batch.reset(seed=players)
    counts = np.bincount(batch.to_move, minlength=players)
    assert (abs(counts - 8000 / players) < 250).all()
    again = BatchOware(players=players, batch_size=8000)
    again.reset(seed=players)
    assert again.to_move.tolist() == batch.to_move.tolist()
    last = "ABCD"[players - 1]
    fixed = BatchOware(players=players, batch_size=4, start=last)
    assert fixed.to_move.tolist() == [players - 1] * 4
    assert fixed.to_states()[0] == make_game(players=players, start=last).new_initial_state()


def test_bad_options_are_refused() -> None:
    with pytest.raises(IllegalAction, match="preset"):
        BatchOware(preset="mancala")
    with pytest.raises(IllegalAction, match="2 players"):
        BatchOware(preset="abapa", players=3)
    with pytest.raises(IllegalAction, match="batch_size"):
        BatchOware(batch_size=0)
    with pytest.raises(IllegalAction, match="option start"):
        BatchOware(start="C")
