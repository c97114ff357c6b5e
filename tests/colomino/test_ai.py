"""The greedy baseline, the turn planner and the planning bots."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction
from spieltisch.ai.levels import LEVELS
from spieltisch.core.bots import Decision
from spieltisch.games.colomino.ai import GreedyBot, make_bot
from spieltisch.games.colomino.planner import Plan, TurnPlanner
from spieltisch.games.colomino.rules import ColominoState

from .helpers import game, position
from .test_courts import TILES


def play_turn(state: ColominoState, bot_level: str, seed: int) -> ColominoState:
    bot = make_bot(state.game, bot_level)
    rng = random.Random(seed)
    seat = state.current_player
    while state.current_player == seat:
        state = state.apply(bot.choose(Decision.from_state(state), rng))
    return state


@pytest.mark.parametrize("level", ["greedy", "medium", "expert"])
@pytest.mark.parametrize("seed", [0, 1])
def test_bots_fill_the_open_court_before_the_closed_one(level: str, seed: int) -> None:
    state = position(game(), TILES, [["RRRY", "RRBG", "GGGG"], ["YYYY"]])
    after = play_turn(state, level, seed)
    assert after.scores()[0] == 5.0, "open then closed: 1 + 2 x 2"


def test_greedy_takes_the_most_points_even_if_it_must_make_the_court_first() -> None:
    # C1 is an open court (rim, B1, D1); filling it makes C2 (B2, D2, C1) a court too
    state = position(game(), {"B2": "RRRR", "D2": "YYYY", "B1": "GBBG", "D1": "YYGY"},
                     [["RYGB", "BBBB", "GGGG", "J"], ["YYYY"]])
    planner = TurnPlanner(state.game.geo)
    best = planner.gain(planner.start(state))
    after = play_turn(state, "greedy", 3)
    assert after.scores()[0] == best > 0


def brute_force(planner: TurnPlanner, plan: Plan) -> int:
    if planner.done(plan):
        return 0
    best = 0
    for action in planner.moves(plan):
        child = planner.step(plan, action)
        best = max(best, child.points - plan.points + brute_force(planner, child))
    return best


@pytest.mark.parametrize("preset", ["small", "large"])
def test_planner_gain_is_the_exact_best_of_the_turn(preset: str) -> None:
    g = game(preset)
    planner = TurnPlanner(g.geo)
    rng = random.Random(11)
    state = g.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 4:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        if state.placed == 0 and state.turn > 6 and state.turn % 3 == 0:
            plan = planner.start(state)
            assert planner.gain(plan) == brute_force(planner, plan)
            assert planner.best(plan).points == planner.gain(plan)
            checked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert checked


def test_planner_steps_agree_with_the_rules() -> None:
    g = game(players=3)
    planner = TurnPlanner(g.geo)
    rng = random.Random(2)
    state = g.new_initial_state()
    plan: Plan | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.legal_actions()[0])
            plan = None
            continue
        if plan is None:
            plan = planner.start(state)
            before = state.scores()[state.current_player]
        assert sorted(planner.moves(plan)) == state.legal_actions()
        action = rng.choice(state.legal_actions())
        seat = state.current_player
        plan, state = planner.step(plan, action), state.apply(action)
        assert plan.board == state.board
        assert state.scores()[seat] - before == plan.points
        if state.current_player != seat:
            plan = None


@pytest.mark.parametrize("level", ["greedy", "easy", "hard", "expert"])
def test_bots_choose_the_same_for_states_their_seat_cannot_tell_apart(level: str) -> None:
    g = game(players=3)
    rng = random.Random(8)
    state = g.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 2:
        if state.is_chance_node():
            state = state.apply(rng.choice(state.legal_actions()))
            continue
        if state.turn in (5, 10) and state.placed == 0:
            bot = make_bot(g, level)
            first = bot.choose(Decision.from_state(state), random.Random(checked))
            twin = state.resample(state.current_player, random.Random(99))
            assert twin.to_json() != state.to_json()
            again = bot.choose(Decision.from_state(twin), random.Random(checked))
            assert first == again and first in state.legal_actions()
            checked += 1
        state = state.apply(rng.choice(state.legal_actions()))


def test_levels_and_baselines() -> None:
    g = game()
    for level in LEVELS:
        assert make_bot(g, level).name == f"colomino-{level}"
    assert isinstance(make_bot(g, "greedy"), GreedyBot)
    assert make_bot(g, "random").name == "random"
    with pytest.raises(IllegalAction, match="unknown level 'grandmaster'"):
        make_bot(g, "grandmaster")
