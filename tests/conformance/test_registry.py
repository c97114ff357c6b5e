"""Every registered game loads as its `GameSpec` declares, and refuses bad options."""

from __future__ import annotations

import json
import math
import random
import re

import pytest

from spieltisch import IllegalAction, available_games, game_spec, load
from spieltisch.core.protocol import shown

from .cases import Case, parametrize_cases
from .checks import json_exact


@parametrize_cases()
def test_configuration_loads_as_declared(case: Case) -> None:
    game = case.game()
    info = game.info
    spec = game_spec(case.key)
    assert info.name == case.key
    assert info.preset == case.options.get("preset", spec.presets[0])
    assert info.num_players == case.options.get("players", info.num_players)
    assert info.preset in spec.presets
    assert info.num_players in spec.player_counts
    json_exact(dict(info.options), "info.options")
    assert load(case.key, **info.options).info == info, "info.options do not rebuild the game"
    assert info.num_distinct_actions > 0
    assert info.max_game_length > 0
    assert info.max_chance_outcomes >= 0
    assert all(isinstance(d, int) and d > 0 for d in info.observation_shape)
    assert math.prod(info.observation_shape) > 0


@pytest.mark.parametrize("key", available_games())
def test_spec_covers_every_preset_and_player_count(key: str) -> None:
    spec = game_spec(key)
    assert spec.key == key
    assert spec.title and spec.summary and spec.presets and spec.player_counts
    assert load(key).info.preset == spec.presets[0], "the first preset is not the default"
    loaded = [load(key, **options).info for options in spec.configurations]
    assert {info.preset for info in loaded} == set(spec.presets)
    assert {info.num_players for info in loaded} == set(spec.player_counts)


@pytest.mark.parametrize("key", available_games())
def test_bad_options_are_refused_by_name(key: str) -> None:
    with pytest.raises(IllegalAction, match="no_such_option"):
        load(key, no_such_option=1)
    with pytest.raises(IllegalAction, match="no-such-preset"):
        load(key, preset="no-such-preset")
    with pytest.raises(IllegalAction, match=r"players|99"):
        load(key, players=99)


@pytest.mark.parametrize(("key", "option", "low", "high"), [
    ("irono", "guess", 1, 5), ("irono", "games", 1, 20), ("koikoi", "target", 0, 1000),
    ("koikoi", "months", 0, 1000), ("okey", "rounds", 1, 500)])
def test_a_number_option_out_of_range_is_refused_in_words_a_page_can_translate(
        key: str, option: str, low: int, high: int) -> None:
    for bad in (low - 1, high + 1, True, 2.0, "3"):
        with pytest.raises(IllegalAction) as refused:
            load(key, **{option: bad})
        reason = refused.value.reason
        assert reason is not None and reason.key == "option.range"
        assert str(reason) == (f"option {option} must be a whole number from {low} to "
                               f"{high}, not {shown(bad)}")
        assert reason.params["option"] == option
        assert getattr(reason.params["option"], "key", None) == f"option.{option}"
    assert load(key, **{option: high}).info.options[option] == high


@pytest.mark.parametrize("key", available_games())
def test_spec_gives_the_range_of_every_whole_number_option(key: str) -> None:
    """The lobby's number fields take their least and greatest values from the spec."""
    spec = game_spec(key)
    numbers = {name for preset in spec.presets for name, value in load(key, preset=preset)
               .info.options.items() if type(value) is int and name != "players"}
    assert set(spec.option_ranges) == numbers
    for name, (low, high) in spec.option_ranges.items():
        for value, fits in ((low - 1, False), (low, True), (high, True), (high + 1, False)):
            try:
                load(key, **{name: value})
                refused = None
            except IllegalAction as exc:
                refused = exc.reason.key if exc.reason else None
            assert (refused != "option.range") == fits, (name, value)


@parametrize_cases()
def test_a_state_handed_to_another_game_is_named_as_its_own_games(case: Case) -> None:
    from spieltisch.core.registry import state_title

    game = case.game()
    state, rng = game.new_initial_state(), random.Random(5)
    states = [state]
    for _ in range(40):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    title = game.info.title
    for data in (states[0].to_json(), states[len(states) // 2].to_json(), state.to_json()):
        assert state_title(data) == title
        assert game.state_from_json(data) == game.state_from_json(json.loads(json.dumps(data)))
        for other in available_games():
            if other != case.key:
                other_game = load(other)
                article = "an" if title[0] in "AEIOU" else "a"
                with pytest.raises(IllegalAction, match=(
                        f"^this is {article} {re.escape(title)} state, not an? "
                        f"{re.escape(other_game.info.title)} state$")):
                    other_game.state_from_json(data)


@pytest.mark.parametrize("name", [["oware"], {"oware": 1}, None, 5])
def test_a_game_key_that_is_no_string_is_refused_in_words(name: object) -> None:
    with pytest.raises(IllegalAction, match="unknown game"):
        load(name)  # type: ignore[arg-type]
