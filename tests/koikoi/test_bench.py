"""The Koi-Koi strength benchmark: paired deals through the calendar."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction
from spieltisch.bench.koikoi import main, play_month
from spieltisch.core.bots import Decision
from spieltisch.games.koikoi.ai import GreedyBot


class Watcher:
    """The greedy bot, noting the flower month of every decision it sees."""

    name = "watcher"

    def __init__(self) -> None:
        self.flowers: set[object] = set()

    def choose(self, info: Decision, rng: random.Random) -> int:
        self.flowers.add(info.view["flower"])
        return GreedyBot().choose(info, rng)


def test_a_month_is_played_under_its_flower() -> None:
    watcher = Watcher()
    clock = [0.0, 0.0]
    scored = play_month("seed", (watcher, GreedyBot()), 1, "test/5", clock, 0, month=5)
    assert watcher.flowers == {5}
    assert min(scored) == 0 <= max(scored)
    assert clock[1] > 0


def test_the_benchmark_pairs_deals_and_walks_the_calendar(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--months", "4", "--level", "greedy", "--opponents", "random",
                 "--verbose"]) == 0
    out = capsys.readouterr().out
    assert [line.split("(")[1].split(",")[0] for line in out.splitlines()
            if line.startswith("month")] == ["flower 1", "flower 1", "flower 2", "flower 2"]
    assert "greedy vs random (seed, 4 months): points" in out


@pytest.mark.parametrize("months", ["3", "0", "two"])
def test_the_benchmark_refuses_months_that_do_not_pair(
        capsys: pytest.CaptureFixture[str], months: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--months", months])
    assert exit_info.value.code == 2
    assert "argument --months:" in capsys.readouterr().err


def test_an_unknown_opponent_is_refused_before_any_month_is_played(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(IllegalAction, match="unknown level 'gredy'"):
        main(["--months", "2", "--level", "easy", "--opponents", "random,gredy"])
    assert capsys.readouterr().out == ""
