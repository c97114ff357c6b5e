"""Okey bots: the greedy baseline's rules, legal and hidden-information-blind levels."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from spieltisch import IllegalAction
from spieltisch.core.bots import Decision
from spieltisch.games.okey import tiles
from spieltisch.games.okey.ai import GreedyBot, make_bot
from spieltisch.games.okey.rules import FINISH, OkeyState

from .helpers import DRAW, TAKE, dealt, discard, finish, game

STARTER_RACK = "R3 Y1 Y2 B4 B5 K6 K7 R10 R11 Y12 Y13 B1 B13 K1 K2"
SECOND = "R1 R2 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y9 B11"
"""Seat 1: R1 R2 wants R3; Y9 and B11 are left over."""


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    now = [0.0]

    def tick() -> float:
        now[0] += 0.005
        return now[0]

    monkeypatch.setattr(time, "perf_counter", tick)
    yield


def choose(level: str, state: OkeyState, seed: int = 0) -> int:
    return make_bot(state.game, level).choose(Decision.from_state(state), random.Random(seed))


def test_greedy_takes_a_discard_that_helps_and_draws_otherwise() -> None:
    state = dealt(game(players=2), {0: STARTER_RACK, 1: SECOND}, "K5")
    assert choose("greedy", state.apply(discard("R3"))) == TAKE
    assert choose("greedy", state.apply(discard("Y1"))) == DRAW


def test_greedy_discards_what_leaves_the_fewest_missing() -> None:
    state = dealt(game(players=2), {0: STARTER_RACK, 1: SECOND}, "K5").apply(discard("R3"))
    state = state.apply(TAKE)
    assert choose("greedy", state) in (discard("Y9"), discard("B11"))


@pytest.mark.parametrize("level", ["greedy", "easy", "medium", "hard", "expert"])
def test_every_level_finishes_when_it_can(level: str) -> None:
    rack = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9"
    state = dealt(game(players=3), {0: rack}, "K1")
    assert choose(level, state) == finish("R9")


def test_finishing_with_the_okey_is_preferred_where_it_doubles() -> None:
    rack = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K2 Y7"   # K2 is the okey
    state = dealt(game(preset="standard", players=2), {0: rack}, "K1")
    finishes = {a for a in state.legal_actions() if a >= FINISH}
    assert {finish("K2"), finish("Y7"), finish("R1")} <= finishes   # the wild fills in
    assert choose("hard", state) == finish("K2")


@pytest.mark.usefixtures("fake_clock")
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_levels_play_legally_and_blind_to_hidden_tiles(level: str) -> None:
    g = game(players=4)
    rng = random.Random(level)
    state = g.new_initial_state()
    decisions = 0
    bot = make_bot(g, level)
    while decisions < 8:
        if state.current_player < 0:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([a for a, _ in outcomes],
                                            [p for _, p in outcomes])[0])
            continue
        seat = state.current_player
        action = bot.choose(Decision.from_state(state), random.Random(decisions))
        assert action in state.legal_actions()
        twin = state.resample(seat, random.Random(99 + decisions))
        assert bot.choose(Decision.from_state(twin), random.Random(decisions)) == action
        state = state.apply(action)
        decisions += 1


def test_unknown_level_is_refused() -> None:
    with pytest.raises(IllegalAction, match="wizard"):
        make_bot(game(), "wizard")
    assert make_bot(game(), "greedy").name == GreedyBot.name
    assert tiles.name(0) == "R1"
