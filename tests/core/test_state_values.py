"""States compare and hash by their contents and say what they are; a game's options
cannot change under its states; notation takes the same action types as `apply`."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import numpy as np
import pytest

from spieltisch import IllegalAction, available_games, game_spec, load
from spieltisch.core import protocol


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


@pytest.mark.parametrize(("key", "options"), [
    (key, options) for key in available_games() for options in ({}, {"players": 3})
    if key not in ("koikoi", "irono") or not options])
def test_notation_takes_numpy_integers_and_refuses_other_types(
        key: str, options: dict[str, int]) -> None:
    """At every position of a game's first 120 actions (deals, draws and hidden choices
    included), for every seat and a spectator."""
    state = load(key, **options).new_initial_state()
    seats = [*range(state.game.info.num_players), None]
    for _ in range(120):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        assert state.action_to_string(np.int64(action)) == state.action_to_string(action)
        for seat in seats:
            assert state.action_as_seen(np.int32(action), seat) \
                == state.action_as_seen(action, seat)
        for thing in (True, float(action), str(action), None):
            with pytest.raises(IllegalAction, match="an action is an int, not "):
                state.action_to_string(thing)  # type: ignore[arg-type]
            for seat in seats:
                with pytest.raises(IllegalAction, match="an action is an int, not "):
                    state.action_as_seen(thing, seat)  # type: ignore[arg-type]
        for seat in seats:
            for outside in (-1, state.game.info.num_distinct_actions):
                with pytest.raises(IllegalAction):
                    state.action_as_seen(outside, seat)
        state = state.apply(action)


def test_chance_is_drawn_by_its_probabilities() -> None:
    state = load("colomino").new_initial_state()
    state = state.apply(state.legal_actions()[0])
    outcomes = dict(state.chance_outcomes())
    assert len(set(outcomes.values())) == 2
    rng = random.Random(5)
    n = 40_000
    draws = [state.sample_chance(rng) for _ in range(n)]
    assert set(draws) <= set(outcomes)
    for action, p in outcomes.items():
        assert abs(draws.count(action) / n - p) < 5 * (p * (1 - p) / n) ** 0.5, (action, p)
    with pytest.raises(IllegalAction, match="not a chance node"):
        load("oware", start="A").new_initial_state().sample_chance(rng)


@pytest.mark.parametrize("key", available_games())
def test_sample_chance_refuses_a_generator_it_cannot_use(key: str) -> None:
    state = load(key).new_initial_state()
    assert state.is_chance_node(), "every game's default begins with chance"
    for rng in (np.random.default_rng(0), None, 7):
        with pytest.raises(IllegalAction, match=r"sample_chance draws with a random\.Random"):
            state.sample_chance(rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", available_games())
def test_resample_refuses_a_reserve_or_generator_it_cannot_use(key: str) -> None:
    state = load(key).new_initial_state()
    rng = random.Random(1)
    while state.current_player < 0:
        state = state.apply(state.sample_chance(rng))
    seat = state.current_player
    before = state.to_json()
    drawable = sorted({state.drawn_item(a) for a in range(state.game.info.num_distinct_actions)}
                      - {None})
    for reserve, words in ((("8b",), "by str"), ((True,), "by bool"), ((1.0,), "by float"),
                           ((-1,), "never draws"), ((10**6,), "never draws")):
        with pytest.raises(IllegalAction, match=words):
            state.resample(seat, random.Random(0), reserve=reserve)
    with pytest.raises(IllegalAction, match=r"random\.Random, not NoneType"):
        state.resample(seat, None)  # type: ignore[arg-type]
    assert state.to_json() == before
    if drawable:
        kept = state.resample(seat, random.Random(0), reserve=[np.int64(drawable[-1])])
        assert kept.view(seat) == state.view(seat)


@pytest.mark.parametrize("key", available_games())
def test_every_game_words_a_bad_action_and_option_alike(key: str) -> None:
    state = load(key).new_initial_state()
    size = state.game.info.num_distinct_actions
    for action in (-5, size, 10**6):
        for attempt in (state.apply, state.action_to_string):
            with pytest.raises(IllegalAction, match=rf"^action {action} is out of range$"):
                attempt(action)
    with pytest.raises(IllegalAction, match=r"^an action is an int, not float 2\.0$"):
        state.apply(2.0)  # type: ignore[arg-type]
    title = state.game.info.title
    with pytest.raises(IllegalAction, match=rf"^{title} has no option 'speed'; options: preset, "):
        load(key, speed=3)


@pytest.mark.parametrize("key", available_games())
def test_an_option_given_as_none_takes_its_default(key: str) -> None:
    for preset in game_spec(key).presets:
        plain = load(key, preset=preset)
        nothing = {name: None for name in plain.info.options if name != "preset"}
        assert load(key, preset=preset, **nothing).info == plain.info
    assert load(key, preset=None).info == load(key).info


def test_every_public_method_of_the_protocol_is_described_in_the_readme() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    library = readme[readme.index("## The library"):readme.index("## Reinforcement")]
    for cls in (protocol.State, protocol.Game):
        for name in (n for n in vars(cls) if not n.startswith("_")):
            assert f"`{name}" in library, f"{cls.__name__}.{name} is not in the README"
    assert protocol.__doc__ is not None
    assert "`State.settled`" in protocol.__doc__ and "`State.arrival`" in protocol.__doc__
