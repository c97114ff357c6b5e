"""Notation typed where no player moves: once the game is over, and at a chance node."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction, available_games, load

OVER = {"oware": "the game is over", "colomino": "the game is over",
        "irono": "the game is over", "koikoi": "the match is over",
        "okey": "the match is over"}
"""What each game says at its end (Koi-Koi and Okey are matches of months or rounds)."""


@pytest.mark.parametrize("key", available_games())
def test_any_notation_at_the_end_says_the_game_is_over(key: str) -> None:
    state = load(key).new_initial_state()
    rng = random.Random(3)
    typed = {"A1", "take", "draw", "", "?!", "k", "A starts", "seat 1 starts"}
    while not state.is_terminal():
        typed.update(state.action_to_string(a) for a in state.legal_actions()[:3])
        state = state.apply(rng.choice(state.legal_actions()))
    for text in sorted(typed):
        with pytest.raises(IllegalAction) as refusal:
            state.string_to_action(text)
        assert str(refusal.value) == OVER[key], (text, str(refusal.value))
    assert state.explain_illegal(0) == OVER[key]


@pytest.mark.parametrize("key", available_games())
def test_notation_at_a_chance_node_that_is_no_outcome_says_so(key: str) -> None:
    state = load(key).new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(IllegalAction) as refusal:
        state.string_to_action("A1")
    message = str(refusal.value)
    assert "chance outcome" in message or "starts" in message, message
    assert "take, draw" not in message
