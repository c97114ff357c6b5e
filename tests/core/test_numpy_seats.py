"""Seats may be given as any integer type (numpy's included), as actions may."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from spieltisch import IllegalAction, Match, load
from spieltisch.core.starts import SEAT_LETTERS

GAMES = [("oware", {"start": "A"}), ("colomino", {"start": "A"}), ("koikoi", {}),
         ("irono", {"start": "A"}), ("okey", {"players": 2})]


@pytest.mark.parametrize(("key", "options"), GAMES)
def test_a_state_takes_a_numpy_seat(key: str, options: dict[str, object]) -> None:
    state = load(key, **options).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    seat = np.int64(0)
    view = state.view(seat)
    assert view == state.view(0)
    json.dumps(view)
    assert state.observation(seat) == state.observation(0)
    action = state.legal_actions()[0]
    assert state.action_as_seen(action, np.int32(1)) == \
        state.action_as_seen(action, 1)
    state.resample(seat, random.Random(1), keep=[np.int64(1)])
    with pytest.raises(IllegalAction, match="there is no seat"):
        state.view(np.float64(0))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="there is no seat"):
        state.view(True)


def test_a_match_takes_numpy_seats_and_keeps_plain_ints() -> None:
    match = Match(load("oware", start="A"), seed="n")
    match.play(np.int64(0), 2)
    assert match.can_undo(np.int64(0)) and match.undone_by(np.int64(0)) == set()
    match.play(np.int64(1), 8)
    assert match.decision(np.int64(1), 1)[1] == 8
    assert match.public_record(np.int64(1)) == match.public_record(1)
    match.undo(np.int64(1), keep=[np.int64(0)])
    match.branch(np.int64(0), 1)
    match.resign(np.int64(1))
    assert type(match.resigned) is int
    json.dumps(match.to_record())
    assert SEAT_LETTERS[match.resigned] == "B"


@pytest.mark.parametrize(("key", "options"), [
    ("oware", {"players": np.int64(3)}), ("colomino", {"players": np.int32(4)}),
    ("koikoi", {"months": np.int64(12), "subtract": np.bool_(True), "target": np.uint8(30),
                "double_seven": np.int64(1)}),
    ("irono", {"guess": np.int64(2), "games": np.int16(3), "players": np.int64(2)}),
    ("okey", {"rounds": np.int64(2), "players": np.int64(2)})])
def test_load_takes_numpy_options_as_the_values_they_hold(
        key: str, options: dict[str, object]) -> None:
    game = load(key, **options)
    plain = {name: value.item() for name, value in options.items()}  # type: ignore[attr-defined]
    expected = load(key, **plain).info
    assert game.info == expected
    assert all(type(game.info.options[name]) is type(expected.options[name]) for name in plain)
    json.dumps(dict(game.info.options))


def test_load_names_a_numpy_fraction_as_the_number_it_is() -> None:
    with pytest.raises(IllegalAction, match=r"from 1 to 500, not 2\.5$"):
        load("okey", rounds=np.float64(2.5))


def test_the_type_hints_of_apply_and_play_take_numpy_integers() -> None:
    from typing import SupportsIndex, get_type_hints

    from spieltisch import State
    from spieltisch.games.colomino.rules import ColominoState
    for method in (State.apply, ColominoState.apply):
        assert get_type_hints(method)["action"] is SupportsIndex
    hints = get_type_hints(Match.play)
    assert hints["seat"] is SupportsIndex and hints["action"] is SupportsIndex


def test_the_type_hints_of_every_method_taking_a_seat_take_numpy_integers() -> None:
    from typing import SupportsIndex, get_type_hints

    from spieltisch import State
    from spieltisch.core.registry import available_games
    kinds = [State, *{type(load(key).new_initial_state()) for key in available_games()}]
    for kind in kinds:
        for name in ("view", "observation", "resample", "action_as_seen"):
            hint = get_type_hints(getattr(kind, name))["seat"]
            assert hint in (SupportsIndex, SupportsIndex | None), (kind, name, hint)
    for name in ("resign", "undo", "can_undo", "undone_by", "settled_since", "decision",
                 "public_record", "log", "branch"):
        hint = get_type_hints(getattr(Match, name))["seat"]
        assert hint in (SupportsIndex, SupportsIndex | None), (name, hint)
