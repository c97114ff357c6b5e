"""Fixtures for tests of any part: a fake clock for bots with time budgets, and a seat's
record with one part damaged."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from spieltisch import Match, load

CLOCK_STEP = 2.0**-7
"""Seconds the fake clock advances on every reading: a power of two, so that the clock's
sums are exact and a budget always takes the same number of readings."""


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Clocks that advance a fixed step per reading, so that bots with time budgets
    think for a fixed amount of work and become reproducible.

    Only the test's own thread reads them: another thread of the test process (the
    event loop of a server a browser test left running) keeps the real clocks, since
    its readings would use up a bot's budget at random."""
    now = [0.0]
    owner = threading.get_ident()

    def faked(real: Callable[[], float]) -> Callable[[], float]:
        def reading() -> float:
            if threading.get_ident() != owner:
                return real()
            now[0] += CLOCK_STEP
            return now[0]
        return reading

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, faked(getattr(time, name)))
    yield


class Records:
    """Ten random moves of a month of Koi-Koi (`match`), and seat 0's own record of them
    with one part damaged, as the page and the terminal must refuse it."""

    def __init__(self) -> None:
        self.match = Match(load("koikoi", months=1), seed="damaged", players=["Ada", "Bea"])
        rng = random.Random(3)
        for _ in range(10):
            self.match.play(self.match.state.current_player,
                            rng.choice(self.match.state.legal_actions()))

    def damaged(self, part: str) -> dict[str, Any]:
        record = self.match.public_record(0)
        views = record["views"]
        middle = len(views) // 2
        return {**record, **{
            "seat": {"seat": 9}, "game": {"game": "chess"}, "views": {"views": views[:2]},
            "moves_before": {"moves_before": [999] * len(views)},
            "moves": {"moves": list(range(len(record["moves"])))},
            "gone": {"views": [*views[:middle], {}, *views[middle + 1:]]},
            "added": {"views": [*views[:middle], {**views[middle], "x": 1},
                                *views[middle + 1:]]},
            "kind": {"views": [*views[:middle], {**views[middle], "scores": "x"},
                               *views[middle + 1:]]},
        }[part]}


@pytest.fixture
def records() -> Records:
    """A short Koi-Koi game whose seat's record comes whole or damaged."""
    return Records()
