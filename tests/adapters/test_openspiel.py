"""OpenSpiel: `random_sim_test` and MCTS for every configuration, and the game's behaviour."""

from __future__ import annotations

import dataclasses
import json
import pickle
import subprocess
import sys
import tracemalloc

import numpy as np
import pyspiel
import pytest
from conformance import toy
from conformance.cases import Case, all_cases, parametrize_cases
from open_spiel.python.algorithms import ismcts, mcts

from spieltisch import load
from spieltisch.adapters.openspiel_game import PREFIX, OpenSpielState, register, short_name

DUEL = register(toy.SPEC)


def load_case(case: Case) -> pyspiel.Game:
    return pyspiel.load_game(short_name(case.key), case.options)


@parametrize_cases()
def test_random_sim_test(case: Case) -> None:
    pyspiel.random_sim_test(load_case(case), num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_with_chance_and_hidden_cards() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(DUEL), num_sims=20, serialize=True,
                            verbose=False)


@parametrize_cases()
def test_parameters_select_the_configuration(case: Case) -> None:
    game = load_case(case)
    info = game.spieltisch_game.info
    assert info == load(case.key, **case.options).info
    again = pyspiel.load_game(str(game))
    assert again.spieltisch_game.info == info, "the game string does not rebuild the game"
    kind = game.get_type()
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == \
        (info.max_chance_outcomes > 0)
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == \
        info.hidden_information
    assert game.num_players() == info.num_players
    assert game.observation_tensor_shape() == list(info.observation_shape)


def play(game: pyspiel.Game, bot: pyspiel.Bot, rng: np.random.RandomState) -> pyspiel.State:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
    return state


def shortest_cases() -> list[Case]:
    """Each game's configuration with the smallest `max_game_length`."""
    shortest: dict[str, Case] = {}
    for case in all_cases():
        best = shortest.get(case.key)
        if best is None or case.game().info.max_game_length < best.game().info.max_game_length:
            shortest[case.key] = case
    return list(shortest.values())


@pytest.mark.parametrize("case", shortest_cases(), ids=lambda case: case.id)
def test_openspiels_mcts_plays_to_the_end(case: Case) -> None:
    """MCTS for perfect information, information-set MCTS otherwise (both from OpenSpiel)."""
    game = load_case(case)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=4)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    end = play(game, bot, rng)
    assert abs(sum(end.returns())) < 1e-9


def test_ismcts_plays_the_duel_with_resampled_worlds() -> None:
    game = pyspiel.load_game(DUEL)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    for _ in range(10):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 50, random_state=rng)
        assert play(game, bot, rng).is_terminal()


def dealt_duel() -> OpenSpielState:
    state: OpenSpielState = pyspiel.load_game(DUEL).new_initial_state()
    state.apply_action(4)
    state.apply_action(1)
    return state


def test_observations_come_from_the_seats_view() -> None:
    state = dealt_duel()
    inner = state.spieltisch_state
    for seat in (0, 1):
        assert state.observation_tensor(seat) == inner.observation(seat)
        assert json.loads(state.observation_string(seat)) == inner.view(seat)
        info_state = json.loads(state.information_state_string(seat))
        assert info_state["view"] == inner.view(seat)
    assert json.loads(state.information_state_string(0))["moves"] == ["deal 4", "deal to seat 1"]
    assert json.loads(state.information_state_string(1))["moves"] == ["deal to seat 0", "deal 1"]


def test_an_information_state_tensor_is_refused_in_words() -> None:
    state = dealt_duel()
    assert not state.get_game().get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match="use information_state_string"):
        state.information_state_tensor(0)


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    state = dealt_duel()
    hands = set()
    for seed in range(30):
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        world = state.resample_from_infostate(0, sampler)
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_tensor(0) == state.observation_tensor(0)
        hands.add(world.spieltisch_state.to_json()["hands"][1])
    assert 1 in hands and len(hands) > 1


def test_a_resampled_world_gives_the_other_seats_only_the_public_moves() -> None:
    state = dealt_duel()
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    world = state.resample_from_infostate(0, sampler)
    other = json.loads(world.information_state_string(1))
    assert other["moves"] == ["deal to seat 0", "deal to seat 1"], "seat 0's card leaked"
    assert other["view"] == world.spieltisch_state.view(1)
    deeper = world.resample_from_infostate(0, sampler)
    for seat in (0, 1):
        kept = pickle.loads(pickle.dumps(deeper))
        assert kept.information_state_string(seat) == deeper.information_state_string(seat)
        assert json.loads(deeper.information_state_string(seat))["moves"] \
            == json.loads(world.information_state_string(seat))["moves"]


def test_a_game_registered_under_its_own_key_pickles_and_serializes() -> None:
    name = register(dataclasses.replace(toy.SPEC, key="duel_copy"))
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(4)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.get_game().get_type().short_name == name
    assert copy.spieltisch_state.game is game.spieltisch_game, "rebuilt from another game"
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_irono_with_a_fixed_first_hider_has_no_chance() -> None:
    chance = pyspiel.GameType.ChanceMode
    for start in ("A", "B"):
        game = pyspiel.load_game(f"python_spieltisch_irono(start={start})")
        assert game.get_type().chance_mode == chance.DETERMINISTIC
        assert game.max_chance_outcomes() == 0
    assert pyspiel.load_game("python_spieltisch_irono").get_type().chance_mode \
        == chance.EXPLICIT_STOCHASTIC


def test_states_clone_pickle_and_serialize() -> None:
    state = dealt_duel()
    state.apply_action(7)
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        assert str(copy) == str(state)
        assert copy.information_state_string(1) == state.information_state_string(1)
    game, restored = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state))
    assert str(restored) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_parameter_left_at_its_default_follows_the_preset() -> None:
    game = pyspiel.load_game("python_spieltisch_oware(preset=abapa)")
    assert game.spieltisch_game.info.preset == "abapa"
    given = pyspiel.load_game("python_spieltisch_okey(preset=standard,rounds=-1)")
    assert given.spieltisch_game.info.options["rounds"] == 60, "-1 given is the preset's own"
    with pytest.raises(pyspiel.SpielError, match="no_such_option"):
        pyspiel.load_game("python_spieltisch_oware(no_such_option=1)")


@pytest.mark.parametrize(("name", "expected"), [
    ("python_spieltisch_okey(preset=standard,rounds=5)", {"rounds": 5}),
    ("python_spieltisch_okey(preset=standard)", {"rounds": 60}),
    ("python_spieltisch_irono(preset=match,games=1)", {"games": 1}),
    ("python_spieltisch_oware(preset=abapa,start=random)", {"start": "random"}),
    ("python_spieltisch_koikoi(preset=nintendo,target=50)", {"target": 50, "months": 12}),
])
def test_a_parameter_at_the_default_games_value_is_kept_under_another_preset(
        name: str, expected: dict[str, object]) -> None:
    game = pyspiel.load_game(name)
    options = game.spieltisch_game.info.options
    assert {key: options[key] for key in expected} == expected
    assert pyspiel.load_game(str(game)).spieltisch_game.info == game.spieltisch_game.info


def test_the_interpreter_exits_cleanly_after_loading() -> None:
    code = ("import pyspiel, spieltisch.adapters.openspiel_game\n"
            "pyspiel.load_game('python_spieltisch_oware').new_initial_state().clone()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()


def test_information_state_strings_of_a_long_game_are_not_all_kept() -> None:
    game = pyspiel.load_game(short_name("okey"), {"players": 2, "rounds": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    tracemalloc.start()
    try:
        for _ in range(2400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
                continue
            for player in range(2):
                state.information_state_string(player)
            state.apply_action(int(rng.choice(state.legal_actions())))
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert kept < 25_000_000, f"{kept:,} bytes kept after 2,400 steps"


@pytest.mark.parametrize(("name", "params", "expected"), [
    ("koikoi(preset=nintendo,double_seven=false)", {},
     {"double_seven": False, "double_koikoi": True}),
    ("koikoi", {"preset": "nintendo", "double_koikoi": False, "subtract": False},
     {"double_seven": True, "double_koikoi": False}),
    ("koikoi(preset=nintendo)", {}, {"double_seven": True, "double_koikoi": True}),
    ("koikoi(double_seven=true)", {}, {"double_seven": True, "double_koikoi": False}),
    ("koikoi", {"preset": "seed", "double_seven": False}, {"double_seven": False}),
    ("koikoi", {}, {"double_seven": False, "double_koikoi": False}),
])
def test_a_yes_or_no_option_given_takes_effect_and_one_left_out_follows_the_preset(
        name: str, params: dict[str, object], expected: dict[str, object]) -> None:
    game = pyspiel.load_game(PREFIX + name, params) if params \
        else pyspiel.load_game(PREFIX + name)
    options = game.spieltisch_game.info.options
    assert {key: options[key] for key in expected} == expected
    assert {key: game.get_parameters()[key] for key in expected} == expected
    assert "_given_before" not in game.get_parameters()
    assert pyspiel.load_game(str(game)).spieltisch_game.info == game.spieltisch_game.info


def test_a_preset_is_named_in_any_letter_case_as_for_load() -> None:
    game = pyspiel.load_game("python_spieltisch_koikoi(preset=Nintendo)")
    assert game.spieltisch_game.info.options["double_seven"] is True
    assert game.get_parameters()["preset"] == "nintendo"
    assert pyspiel.load_game(short_name("oware"), {"preset": " ABAPA "}).spieltisch_game.info \
        == load("oware", preset="abapa").info


def test_an_observer_asked_for_with_parameters_alone_refuses_them_in_words() -> None:
    game = pyspiel.load_game("python_spieltisch_irono")
    assert game.make_observer({}) is not None
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_observer({"x": 1})
