"""Random playouts, legality, immutability, determinism, notation, JSON and views."""

from __future__ import annotations

import random

from .cases import Case, parametrize_cases, playouts, sampled_states, timed_seeds
from .checks import (
    check_bad_json,
    check_determinism,
    check_illegal_actions,
    check_immutability,
    check_json,
    check_notation,
    check_numpy_actions,
    check_playout,
    check_views,
    random_playout,
)


@parametrize_cases()
def test_many_random_playouts_end_well_formed(case: Case) -> None:
    game = case.game()
    for seed in timed_seeds(seconds=0.6, least=2, most=200):
        check_playout(game, random_playout(game, random.Random(f"{case.id}/many/{seed}")))


@parametrize_cases()
def test_playouts_are_deterministic(case: Case) -> None:
    game = case.game()
    for playout in playouts(case):
        check_determinism(game, playout)


@parametrize_cases()
def test_apply_never_changes_the_source_state(case: Case) -> None:
    for state in sampled_states(case):
        check_immutability(state)


@parametrize_cases()
def test_illegal_actions_are_refused_and_change_nothing(case: Case) -> None:
    for state in sampled_states(case):
        check_illegal_actions(state)


@parametrize_cases()
def test_numpy_integers_are_actions(case: Case) -> None:
    for state in sampled_states(case, limit=8):
        check_numpy_actions(state)


@parametrize_cases()
def test_notation_round_trips(case: Case) -> None:
    for state in sampled_states(case):
        check_notation(state)


@parametrize_cases()
def test_json_round_trips(case: Case) -> None:
    for i, state in enumerate(sampled_states(case)):
        check_json(state)
        if i % 4 == 0:
            check_bad_json(state)


@parametrize_cases()
def test_views_are_json_safe(case: Case) -> None:
    for state in sampled_states(case):
        check_views(state)
