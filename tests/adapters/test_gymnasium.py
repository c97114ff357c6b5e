"""Gymnasium: `check_env` for every configuration and seat, and the env's behaviour."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from conformance.cases import Case, parametrize_cases
from conformance.toy import DuelGame
from gymnasium.utils.env_checker import check_env

from spieltisch import IllegalAction, available_games
from spieltisch.adapters.common import render_text
from spieltisch.adapters.gymnasium_env import SpieltischEnv

UNBOUNDED_WARNINGS = ("A Box observation space m",)
"""check_env's note on observation bounds: the protocol declares none."""


def run_check_env(env: gymnasium.Env[np.ndarray, np.int64]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    unexpected = {str(w.message) for w in caught if UNBOUNDED_WARNINGS[0] not in str(w.message)}
    assert not unexpected, unexpected


@parametrize_cases()
def test_check_env_for_every_seat(case: Case) -> None:
    players = case.game().info.num_players
    for seat in range(players):
        made = gymnasium.make(f"spieltisch/{case.key}-v0", seat=seat, **case.options)
        run_check_env(made.unwrapped)


def test_check_env_with_chance_and_hidden_cards() -> None:
    if "spieltisch-tests/duel-v0" not in gymnasium.registry:
        gymnasium.register("spieltisch-tests/duel-v0",
                           entry_point="spieltisch.adapters.gymnasium_env:SpieltischEnv",
                           kwargs={"game_name": DuelGame()})
    for seat in (0, 1):
        run_check_env(gymnasium.make("spieltisch-tests/duel-v0", seat=seat).unwrapped)


def test_every_game_is_registered_with_gymnasium() -> None:
    for key in available_games():
        assert f"spieltisch/{key}-v0" in gymnasium.registry


def play_episode(env: SpieltischEnv, seed: int) -> tuple[list[list[float]], float]:
    observation, info = env.reset(seed=seed)
    rng = random.Random(seed)
    seen, total, done = [observation.ravel().tolist()], 0.0, False
    while not done:
        assert env.game_state.current_player == env.seat
        assert info["action_mask"].tolist() == env.action_masks().astype(np.int8).tolist()
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
        seen.append(observation.ravel().tolist())
        total += reward
    return seen, total


@parametrize_cases()
def test_an_episode_ends_with_the_seats_return(case: Case) -> None:
    seat = case.game().info.num_players - 1
    env = SpieltischEnv(case.key, seat=seat, **case.options)
    _, total = play_episode(env, seed=5)
    assert env.game_state.is_terminal()
    assert total == env.game_state.returns()[seat]
    assert not env._info()["action_mask"].any()
    with pytest.raises(IllegalAction, match="reset"):
        env.step(0)


def test_a_seed_fixes_deals_and_opponents() -> None:
    first = play_episode(SpieltischEnv(DuelGame(), seat=1), seed=9)
    assert play_episode(SpieltischEnv(DuelGame(), seat=1), seed=9) == first
    hands = {SpieltischEnv(DuelGame()).reset(seed=s)[0].ravel().tolist().index(1.0)
             for s in range(20)}
    assert len(hands) > 1, "the seed does not change the deal"


def test_reset_never_hands_over_a_finished_game() -> None:
    env = SpieltischEnv("koikoi", seat=0, months=1)
    # With this seed the opponent, moving first, wins the month before the agent's turn.
    _, info = env.reset(seed=1337)
    assert not env.game_state.is_terminal() and env.game_state.current_player == 0
    assert info["action_mask"].any() and info["games_skipped"] == 1
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.reset(seed=7)[1]["games_skipped"] == 0


def test_a_level_bot_can_be_the_opponent() -> None:
    env = SpieltischEnv("oware", opponent="easy", preset="abapa", players=2)
    _, total = play_episode(env, seed=1)
    assert total in (-1.0, 0.0, 1.0)
    assert env.bots[1].name != "random"


def test_an_illegal_action_costs_the_penalty() -> None:
    env = SpieltischEnv("oware", preset="abapa", illegal_reward=-2.0)
    env.reset(seed=0)
    before = env.game_state.to_json()
    _, reward, terminated, truncated, info = env.step(11)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)
    assert env.game_state.to_json() == before
    with pytest.raises(IllegalAction, match="episode is over"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game_state.to_json() == before
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_an_illegal_action_can_raise_instead() -> None:
    env = SpieltischEnv("oware", preset="abapa", illegal_action="raise")
    env.reset(seed=0)
    before = env.game_state.to_json()
    with pytest.raises(IllegalAction, match="B6"):
        env.step(11)
    with pytest.raises(IllegalAction, match="an action is an int"):
        env.step(1.0)
    assert env.game_state.to_json() == before


def test_render_ansi_draws_the_agents_screen() -> None:
    env = SpieltischEnv(DuelGame(), seat=1, render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == render_text(env.game_state, 1)


def test_render_human_prints_the_agents_screen_after_each_reset_and_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    run_check_env(gymnasium.make("spieltisch/koikoi-v0", seat=1, render_mode="human").unwrapped)
    env = SpieltischEnv("koikoi", seat=1, render_mode="human")
    capsys.readouterr()
    _, info = env.reset(seed=2)
    assert capsys.readouterr().out == render_text(env.game_state, 1) + "\n"
    assert "Your hand" in render_text(env.game_state, 1)
    env.step(int(info["action_mask"].nonzero()[0][0]))
    assert capsys.readouterr().out == render_text(env.game_state, 1) + "\n"
    assert env.render() is None


@pytest.mark.parametrize("bad", [{"seat": 2}, {"seat": "1"}, {"seat": True},
                                 {"illegal_action": "ignore"},
                                 {"render_mode": "rgb_array"}, {"opponent": "no-such-level"},
                                 {"opponent": None}, {"opponent": ["random"]}])
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        SpieltischEnv("oware", **bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "seat"), [("koikoi", 0), ("oware", 1)])
def test_a_step_before_the_first_reset_is_refused(game: str, seat: int) -> None:
    """Before `reset` the agent must not choose a chance outcome or another seat's move."""
    env = SpieltischEnv(game, seat=seat, preset="abapa" if game == "oware" else "seed",
                        illegal_action="raise")
    before = env.game_state.to_json()
    with pytest.raises(IllegalAction, match=r"call reset\(\) first"):
        env.step(0)
    assert env.game_state.to_json() == before
    penalised = SpieltischEnv(game, seat=seat)
    with pytest.raises(IllegalAction, match=r"call reset\(\) first"):
        penalised.step(0)
    _, info = penalised.reset(seed=0)
    penalised.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_a_numpy_integer_seeds_like_the_int() -> None:
    """Research code draws seeds with NumPy (``rng.integers``); they seed as the int would."""
    first = SpieltischEnv(DuelGame()).reset(seed=np.int64(9))[0].tolist()
    assert SpieltischEnv(DuelGame()).reset(seed=9)[0].tolist() == first
    with pytest.raises(gymnasium.error.Error):
        SpieltischEnv(DuelGame()).reset(seed=np.True_)  # type: ignore[arg-type]


def test_a_numpy_integer_names_a_seat() -> None:
    """A seat from NumPy (a sweep over ``np.arange``) is the seat it holds, as for `State`."""
    env = SpieltischEnv("oware", seat=np.int64(1), players=3)
    assert env.seat == 1 and type(env.seat) is int
    _, info = env.reset(seed=0)
    assert env.game_state.current_player == 1 and info["action_mask"].any()
    with pytest.raises(IllegalAction, match=r"seats 0\.\.2"):
        SpieltischEnv("oware", seat=np.int64(3), players=3)
    with pytest.raises(IllegalAction):
        SpieltischEnv("oware", seat=np.True_)


def test_render_human_prints_the_screen_after_an_illegal_step_too(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = SpieltischEnv("oware", preset="abapa", render_mode="human")
    env.reset(seed=0)
    capsys.readouterr()
    _, _, terminated, _, info = env.step(11)
    assert terminated and info["illegal_action"]
    assert capsys.readouterr().out == render_text(env.game_state, 0) + "\n"
