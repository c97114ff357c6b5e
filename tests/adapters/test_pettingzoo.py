"""PettingZoo: `api_test` and `seed_test` for every configuration, and the env's behaviour."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from conformance.cases import Case, parametrize_cases
from conformance.toy import DuelGame
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from spieltisch import IllegalAction, available_games
from spieltisch.adapters.common import render_text
from spieltisch.adapters.pettingzoo_env import SpieltischAECEnv, env

DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)
"""What api_test says about every dict observation (action masks need one)."""


def run_api_test(make: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=1000)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)}
    assert not unexpected, unexpected


@parametrize_cases()
def test_api_test(case: Case) -> None:
    run_api_test(lambda: env(case.key, **case.options))


@parametrize_cases()
def test_seed_test(case: Case) -> None:
    seed_test(lambda: env(case.key, **case.options), num_cycles=500)


def test_api_and_seed_tests_with_chance_and_hidden_cards() -> None:
    run_api_test(lambda: env(DuelGame()))
    seed_test(lambda: env(DuelGame()), num_cycles=50)


def play_to_end(aec: Any, rng: random.Random) -> list[Any]:
    """Random legal actions to the end; every observation seen, in order."""
    seen = []
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        seen.append((agent, observation["observation"].tolist()))
        if terminated or truncated:
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


def test_a_seed_fixes_every_deal() -> None:
    runs = []
    for _ in range(2):
        aec = env(DuelGame())
        aec.reset(seed=7)
        runs.append(play_to_end(aec, random.Random(1)))
    assert runs[0] == runs[1]
    other = env(DuelGame())
    firsts = set()
    for seed in range(20):
        other.reset(seed=seed)
        firsts.add(tuple(other.last()[0]["observation"].ravel().tolist()))
    assert len(firsts) > 1, "the seed does not change the deal"


def check_rewards_over_a_game(raw: SpieltischAECEnv) -> None:
    """Play to the end: rewards only at the end, and then the returns."""
    raw.reset(seed=3)
    rng = random.Random(3)
    totals = dict.fromkeys(raw.possible_agents, 0.0)
    while not raw.game_state.is_terminal():
        assert not raw.game_state.is_chance_node()
        assert raw.agent_selection == f"player_{raw.game_state.current_player}"
        raw.step(rng.choice(raw.game_state.legal_actions()))
        for agent, reward in raw.rewards.items():
            totals[agent] += reward
        if not raw.game_state.is_terminal():
            assert set(raw.rewards.values()) == {0.0}
    returns = raw.game_state.returns()
    assert totals == {f"player_{seat}": r for seat, r in enumerate(returns)}
    assert all(raw.terminations.values())


@parametrize_cases()
def test_rewards_are_the_returns_and_come_at_the_end(case: Case) -> None:
    check_rewards_over_a_game(SpieltischAECEnv(case.key, **case.options))


def test_rewards_with_chance_and_hidden_cards() -> None:
    check_rewards_over_a_game(SpieltischAECEnv(DuelGame()))


def test_the_observation_is_the_seats_own() -> None:
    raw = SpieltischAECEnv(DuelGame())
    raw.reset(seed=11)
    for seat, agent in enumerate(raw.possible_agents):
        observed = raw.observe(agent)
        expected = raw.game_state.observation(seat)
        assert observed["observation"].ravel().tolist() == expected
        to_move = raw.game_state.current_player == seat
        assert observed["action_mask"].any() == to_move


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    raw = SpieltischAECEnv("oware", preset="abapa")
    raw.reset(seed=0)
    before = raw.game_state.to_json()
    for bad in (6, -1, 1.5):
        with pytest.raises(IllegalAction):
            raw.step(bad)
    assert raw.game_state.to_json() == before
    raw.step(np.int64(2))
    assert raw.agent_selection == "player_1"


def test_the_terminate_illegal_wrapper_gives_a_penalty_instead() -> None:
    wrapped = TerminateIllegalWrapper(SpieltischAECEnv("oware", preset="abapa"),
                                      illegal_reward=-1)
    wrapped.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(9)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards["player_0"] == -1


def test_render_ansi_draws_the_spectators_screen() -> None:
    raw = SpieltischAECEnv("oware", render_mode="ansi")
    raw.reset(seed=0)
    assert raw.render() == render_text(raw.game_state)
    quiet = SpieltischAECEnv("oware")
    quiet.reset()
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None
    with pytest.raises(IllegalAction, match="rgb_array"):
        SpieltischAECEnv("oware", render_mode="rgb_array")


@pytest.mark.parametrize("game", available_games())
def test_render_test_passes_and_human_mode_prints_the_spectators_screen(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(game, render_mode=render_mode))
    capsys.readouterr()
    shown = SpieltischAECEnv(game, render_mode="human")
    shown.reset(seed=4)
    assert capsys.readouterr().out == render_text(shown.game_state) + "\n"
    move = shown.game_state.legal_actions()[0]
    shown.step(move)
    assert capsys.readouterr().out == render_text(shown.game_state) + "\n"
    assert shown.render() is None
    assert capsys.readouterr().out == render_text(shown.game_state) + "\n"


def test_options_go_with_names_only() -> None:
    assert SpieltischAECEnv("oware", preset="grand", players=3).possible_agents == [
        "player_0", "player_1", "player_2"]
    with pytest.raises(IllegalAction):
        SpieltischAECEnv(DuelGame(), players=2)


def test_a_numpy_integer_seeds_like_the_int() -> None:
    """Research code draws seeds with NumPy (``rng.integers``); they seed as the int would."""
    runs = []
    for seed in (np.int64(7), 7, np.uint32(7)):
        aec = env(DuelGame())
        aec.reset(seed=seed)
        runs.append(play_to_end(aec, random.Random(1)))
    assert runs[0] == runs[1] == runs[2]


def test_numpy_option_values_choose_the_game_as_their_python_values() -> None:
    """A sweep over ``np.arange`` or a boolean array hands over NumPy scalars as options."""
    aec = SpieltischAECEnv("oware", preset="grand", players=np.int64(3))
    assert aec.possible_agents == ["player_0", "player_1", "player_2"]
    koikoi = SpieltischAECEnv("koikoi", months=np.int32(3), subtract=np.True_)
    assert koikoi.game.info.options["months"] == 3
    assert koikoi.game.info.options["subtract"] is True
    with pytest.raises(IllegalAction, match="players"):
        SpieltischAECEnv("oware", players=np.float64(3.0))


@pytest.mark.parametrize("game", available_games())
def test_every_games_observation_says_its_layout(game: str) -> None:
    """``help(state.observation)`` gives the tensor's layout, as the README promises."""
    from spieltisch import load

    doc = type(load(game).new_initial_state()).observation.__doc__
    assert doc and len(doc.split()) > 10, doc


def test_the_raw_env_refuses_a_step_before_its_first_reset() -> None:
    raw = SpieltischAECEnv("koikoi")
    with pytest.raises(IllegalAction, match="call reset"):
        raw.step(0)
    raw.reset(seed=1)
    raw.step(raw.game_state.legal_actions()[0])
