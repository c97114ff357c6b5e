"""Every registered game configuration, and random playouts of each (made once per run)."""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from spieltisch import Game, State, available_games, game_spec, load

from .checks import Playout, random_playout

PLAYOUTS = 8
"""Playouts per configuration that the detailed checks sample states from (at most)."""
PLAYOUT_SECONDS = 1.0
"""Slow games get fewer playouts (at least two) to keep the suite fast."""
SAMPLED_STATES = 48
"""States per configuration that get the expensive checks."""


@dataclass(frozen=True)
class Case:
    """One registered game with one option set of its `GameSpec.configurations`."""

    key: str
    options_json: str

    @property
    def options(self) -> dict[str, Any]:
        return dict(json.loads(self.options_json))

    @property
    def id(self) -> str:
        values = "-".join(str(v) for v in self.options.values())
        return f"{self.key}-{values}" if values else self.key

    def game(self) -> Game:
        return load(self.key, **self.options)


def all_cases() -> list[Case]:
    """Every configuration of every registered game (the default options if none are listed)."""
    cases = []
    for key in available_games():
        for options in game_spec(key).configurations or ({},):
            cases.append(Case(key, json.dumps(options)))
    return cases


def parametrize_cases() -> pytest.MarkDecorator:
    """``@parametrize_cases()`` runs a test ``def test_x(case: Case)`` for every case."""
    cases = all_cases()
    return pytest.mark.parametrize("case", cases, ids=[c.id for c in cases])


@functools.cache
def playouts(case: Case) -> tuple[Playout, ...]:
    """Random playouts of the case, seeds 0, 1, ... (made once per test run)."""
    game = case.game()
    return tuple(random_playout(game, random.Random(f"{case.id}/{seed}"))
                 for seed in timed_seeds(PLAYOUT_SECONDS, least=2, most=PLAYOUTS))


def sampled_states(case: Case, limit: int = SAMPLED_STATES) -> list[State]:
    """About `limit` states spread over the playouts, each playout's first and last included."""
    runs = playouts(case)
    per_playout = max(2, limit // len(runs))
    out: list[State] = []
    for playout in runs:
        states = playout.states
        step = max(1, (len(states) - 1) // (per_playout - 1))
        picked = list(states[::step])
        if picked[-1] is not states[-1]:
            picked.append(states[-1])
        out.extend(picked)
    return out


def timed_seeds(seconds: float, least: int, most: int) -> Iterator[int]:
    """Seeds 0, 1, ... for at least `least` and at most `most` rounds, while time lasts."""
    end = time.perf_counter() + seconds
    for seed in range(most):
        if seed >= least and time.perf_counter() > end:
            return
        yield seed
