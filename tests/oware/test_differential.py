"""The abapa preset agrees with OpenSpiel's C++ ``oware``, move by move."""

from __future__ import annotations

import random

import pyspiel
import pytest

import spieltisch
from spieltisch.games.oware.rules import PITS, OwareState

GAMES = 2000


def _board_of(ref: pyspiel.State) -> tuple[list[int], list[int]]:
    """Seeds per house (0..11, player 0's houses first) and scores from the C++ state."""
    obs = ref.observation_tensor(0)
    total = 48
    seeds = [round(x * total) for x in obs[:PITS]]
    scores = [round(x * total) for x in obs[PITS:]]
    return seeds, scores


def _reference_actions(ref: pyspiel.State) -> list[int]:
    player = ref.current_player()
    return sorted(a + 6 * player for a in ref.legal_actions())


@pytest.mark.slow
def test_abapa_agrees_with_openspiel_oware() -> None:
    game = spieltisch.load("oware", preset="abapa")
    ref_game = pyspiel.load_game("oware")
    rng = random.Random(2024)
    for _ in range(GAMES):
        state: OwareState = game.new_initial_state()
        ref = ref_game.new_initial_state()
        while True:
            seeds, scores = _board_of(ref)
            assert state.is_terminal() == ref.is_terminal()
            if state.is_terminal():
                assert [int(s) for s in state.scores()] == scores
                assert state.returns() == list(ref.returns())
                break
            assert list(state.board) == seeds
            assert list(state.stores) == scores
            assert state.current_player == ref.current_player()
            legal = state.legal_actions()
            assert legal == _reference_actions(ref)
            action = rng.choice(legal)
            state = state.apply(action)
            ref.apply_action(action - 6 * ref.current_player())
