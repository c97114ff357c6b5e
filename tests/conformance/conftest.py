"""Fixtures of the conformance suite."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

CLOCK_STEP = 2.0**-7
"""Seconds the fake clock advances on every reading: a power of two, so that the clock's
sums are exact and a budget always takes the same number of readings."""


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Clocks that advance a fixed step per reading, so that bots with time budgets
    think for a fixed amount of work and become reproducible."""
    now = [0.0]

    def tick() -> float:
        now[0] += CLOCK_STEP
        return now[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, tick)
    yield
