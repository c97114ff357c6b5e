"""States compare and hash by their contents, and say what they are."""

from __future__ import annotations

import random

from spieltisch import available_games, load


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
