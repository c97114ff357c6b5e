"""The checks pass on a sound game and fail on games broken in typical ways."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from spieltisch import Game, State
from spieltisch.ai.random_bot import RandomBot
from spieltisch.core.bots import Decision

from .checks import (
    check_bot,
    check_determinism,
    check_hidden_information,
    check_illegal_actions,
    check_immutability,
    check_json,
    check_notation,
    check_playout,
    check_seen_actions,
    check_views,
    random_playout,
)
from .toy import DuelGame, DuelState


def all_checks(game: Game) -> bool:
    """Run every check on playouts of `game`; whether some resample redrew hidden cards."""
    redrawn = False
    for seed in range(12):
        playout = random_playout(game, random.Random(seed))
        check_playout(game, playout)
        check_determinism(game, playout)
        for i, state in enumerate(playout.states):
            check_immutability(state)
            check_illegal_actions(state)
            check_notation(state)
            check_json(state)
            check_views(state)
            redrawn |= check_hidden_information(state, seeds=(i, 50 + i))
            check_seen_actions(state)
            if state.current_player >= 0:
                check_bot(RandomBot(), state, seed)
    return redrawn


def broken(state_type: type[DuelState], **info: Any) -> DuelGame:
    """The duel with another state class (and GameInfo fields replaced)."""
    game = DuelGame()
    game.state_type = state_type
    game.info = dataclasses.replace(game.info, **info)
    return game


class LeakyView(DuelState):
    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "hands": list(self.hands)}


class LeakyObservation(DuelState):
    def observation(self, seat: int) -> list[float]:
        return [*super().observation(seat)[:-1], float(self.hands[1 - seat])]


class LeakyNotation(DuelState):
    def hidden_move(self, action: int, seat: int | None) -> str | None:
        return None


class PeekingResample(DuelState):
    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> DuelState:
        if self.hands[1 - seat] % 2:
            rng.random()
        return super()._resample(seat, rng, keep, reserve)


class LazyResample(DuelState):
    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> DuelState:
        return self


class MutatingApply(DuelState):
    def _apply(self, action: int) -> DuelState:
        self.decided += 0 if self.current_player < 0 else 1
        return super()._apply(action)


class AcceptsAnything(DuelState):
    def apply(self, action: int) -> State:
        if isinstance(action, int) and 0 <= action < 8 and not self.is_terminal():
            return self._apply(action)
        return super().apply(action)


class NotZeroSum(DuelState):
    def returns(self) -> list[float]:
        return [1.0, 1.0] if self.is_terminal() else [0.0, 0.0]


class AmbiguousNotation(DuelState):
    def action_to_string(self, action: int) -> str:
        return "deal" if action < 6 else super().action_to_string(action)


class TupleJson(DuelState):
    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "hands": self.hands}


class ForgetfulJson(DuelState):
    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "discards": []}


class LeakyRefusal(DuelState):
    def explain_illegal(self, action: int) -> str:
        return f"not now; seat {1 - self.decided % 2} holds {self.hands[1 - self.decided % 2]}"


class SilentRefusal(DuelState):
    def explain_illegal(self, action: int) -> str:
        return ""


class ChanceLeftover(DuelState):
    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, p * 0.9) for a, p in super().chance_outcomes()]


def test_the_sound_duel_passes_every_check() -> None:
    assert all_checks(DuelGame()), "the duel's resample never redrew a hidden card"


@pytest.mark.parametrize("state_type", [
    LeakyView, LeakyObservation, LeakyNotation, PeekingResample, MutatingApply,
    AcceptsAnything, NotZeroSum, AmbiguousNotation, TupleJson, ForgetfulJson, SilentRefusal,
    LeakyRefusal, ChanceLeftover,
])
def test_a_broken_duel_fails_a_check(state_type: type[DuelState]) -> None:
    with pytest.raises(AssertionError):
        all_checks(broken(state_type))


def test_a_resample_that_redraws_nothing_is_noticed() -> None:
    assert not all_checks(broken(LazyResample))


@pytest.mark.parametrize("fault", [
    {"max_game_length": 3},
    {"observation_shape": (3, 5)},
    {"max_chance_outcomes": 0},
    {"num_distinct_actions": 7},
])
def test_a_duel_with_wrong_info_fails_a_check(fault: dict[str, Any]) -> None:
    with pytest.raises(AssertionError):
        all_checks(broken(DuelState, **fault))


def test_a_bot_that_ignores_its_rng_is_caught() -> None:
    class UnseededBot:
        name = "unseeded"

        def choose(self, info: Decision, rng: random.Random) -> int:
            return random.choice(info.legal_actions)

    state = DuelGame().new_initial_state().apply(1).apply(5)
    with pytest.raises(AssertionError, match="cannot tell apart"):
        for seed in range(40):
            check_bot(UnseededBot(), state, seed)
