"""States compare and hash by their contents and say what they are; a game's options
cannot change under its states; notation takes the same action types as `apply`."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

from spieltisch import IllegalAction, available_games, load


def test_states_are_values() -> None:
    for key in available_games():
        game = load(key)
        rng = random.Random(3)
        state = game.new_initial_state()
        for _ in range(12):
            state = state.apply(rng.choice(state.legal_actions()))
        twin = game.state_from_json(state.to_json())
        assert twin is not state and twin == state and hash(twin) == hash(state)
        assert len({state, twin, game.new_initial_state()}) == 2
        assert state != load(key).new_initial_state()
        assert state != state.to_json()
        assert repr(state).startswith(f"<{type(state).__name__} {key}: ")


def test_a_games_options_cannot_be_changed_under_its_states() -> None:
    game = load("irono", start="A")
    with pytest.raises(TypeError, match="cannot change"):
        game.info.options["guess"] = 1  # type: ignore[index]
    with pytest.raises(TypeError, match="cannot change"):
        game.info.options.update(guess=1)  # type: ignore[attr-defined]
    options = game.info.options
    assert json.loads(json.dumps(options)) == dict(options)
    assert pickle.loads(pickle.dumps(options)) == options == copy.deepcopy(options)
    assert load("irono", **options).info == game.info


@pytest.mark.parametrize("key", available_games())
def test_notation_takes_numpy_integers_and_refuses_other_types(key: str) -> None:
    state = load(key).new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    action = state.legal_actions()[-1]
    assert state.action_to_string(np.int64(action)) == state.action_to_string(action)
    assert state.action_as_seen(np.int32(action), None) == state.action_as_seen(action, None)
    for thing in (True, float(action), str(action), None):
        with pytest.raises(IllegalAction, match="an action is an integer"):
            state.action_to_string(thing)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="an action is an integer"):
            state.action_as_seen(thing, None)  # type: ignore[arg-type]
