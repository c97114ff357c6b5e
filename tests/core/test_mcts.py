"""The game-independent bots: random, MCTS, levels."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.ai.levels import LEVELS, make_bot
from spieltisch.ai.mcts import Budget, MCTSBot
from spieltisch.ai.random_bot import RandomBot
from spieltisch.core.bots import Decision
from spieltisch.core.protocol import IllegalAction
from spieltisch.games.oware.rules import OwareState


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget()


def test_mcts_finds_the_capture_that_wins() -> None:
    game = spieltisch.load("oware", preset="abapa")
    # A6 holds 1 stone; sowing it makes B1 hold 2, captured: 24 + 2 > 24 wins at once.
    state = game.state_from_json({
        "board": [0, 0, 0, 0, 5, 1, 1, 0, 4, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [24, 13], "to_move": 0, "seen": [], "last": None, "ply": 40})
    assert isinstance(state, OwareState)
    assert state.apply(5).is_terminal() and state.apply(5).returns() == [1.0, -1.0]
    bot = MCTSBot(Budget(iterations=300))
    assert bot.choose(Decision.from_state(state), random.Random(1)) == 5


def test_mcts_is_deterministic_with_an_iteration_budget() -> None:
    state = spieltisch.load("oware", players=3, start="A").new_initial_state()
    bot = MCTSBot(Budget(iterations=200))
    first = bot.choose(Decision.from_state(state), random.Random(5))
    assert first == bot.choose(Decision.from_state(state), random.Random(5))


def test_mcts_beats_random() -> None:
    game = spieltisch.load("oware")
    wins = 0
    for g in range(4):
        bots = [MCTSBot(Budget(iterations=40)), RandomBot()]
        if g % 2:
            bots.reverse()
        rng = random.Random(g)
        state = game.new_initial_state().apply(g // 2)
        while not state.is_terminal():
            state = state.apply(bots[state.current_player].choose(Decision.from_state(state), rng))
        wins += state.returns()[g % 2] > 0
    assert wins >= 3


def test_levels_cover_every_game_and_reject_unknown_names() -> None:
    for key in spieltisch.available_games():
        game = spieltisch.load(key)
        for level in [*LEVELS, "random"]:
            assert hasattr(make_bot(game, level), "choose")
    with pytest.raises(IllegalAction):
        make_bot(spieltisch.load("oware"), "grandmaster")


def test_decision_refuses_states_without_a_player() -> None:
    game = spieltisch.load("oware")
    state = game.new_initial_state()
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction):
        Decision.from_state(state)
