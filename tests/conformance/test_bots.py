"""The level bots play legal moves and never depend on what their seat cannot see."""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from spieltisch import IllegalAction
from spieltisch.ai.levels import make_bot

from .cases import Case, parametrize_cases, sampled_states
from .checks import check_bot

DECISIONS = 6
"""Decisions per configuration and level."""


@parametrize_cases()
@pytest.mark.parametrize("level", ["random", "easy"])
@pytest.mark.usefixtures("fake_clock")
def test_bot_is_legal_and_blind_to_hidden_information(case: Case, level: str) -> None:
    bot = make_bot(case.game(), level)
    decisions = [s for s in sampled_states(case) if s.current_player >= 0]
    step = max(1, len(decisions) // DECISIONS)
    for seed, state in enumerate(decisions[::step]):
        check_bot(bot, state, seed)


@parametrize_cases()
def test_unknown_level_is_refused(case: Case) -> None:
    with pytest.raises(IllegalAction, match="no-such-level"):
        make_bot(case.game(), "no-such-level")


@pytest.mark.usefixtures("fake_clock")
def test_the_fake_clock_is_read_by_the_test_alone() -> None:
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            time.perf_counter()
            time.monotonic()

    other = threading.Thread(target=busy)
    other.start()
    readings = []
    try:
        for _ in range(200):
            readings.append(time.perf_counter())
            time.sleep(0.0005)   # lets the other thread read the clocks in between
    finally:
        stop.set()
        other.join()
    steps = {b - a for a, b in itertools.pairwise(readings)}
    assert len(steps) == 1 and min(steps) > 0, "one step per reading, the test's own"
