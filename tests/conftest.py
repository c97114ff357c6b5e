"""Fixtures for tests of any part: a fake clock for bots with time budgets."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

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
