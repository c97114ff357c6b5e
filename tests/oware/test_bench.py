"""The Oh-Wah-Ree strength benchmark against OpenSpiel's MCTSBot."""

from __future__ import annotations

import re

import pytest

from spieltisch.bench.oware import main


def test_the_benchmark_swaps_sides_and_sums_its_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "4", "--level", "easy", "--simulations", "3", "--seed", "2"]) == 0
    *games, summary = capsys.readouterr().out.splitlines()
    played = [re.fullmatch(r"game +(\d+): ([AB]) side, (win|loss|draw) (\d+):(\d+)", line)
              for line in games]
    assert all(played), games
    assert [m.group(2) for m in played if m] == ["A", "B", "A", "B"]
    for m in played:
        assert m is not None
        ours, theirs = int(m.group(4)), int(m.group(5))
        assert m.group(3) == ("win" if ours > theirs else "loss" if ours < theirs else "draw")
        assert ours + theirs <= 48, "Abapa has 48 stones"
    points = sum({"win": 1.0, "draw": 0.5, "loss": 0.0}[m.group(3)] for m in played if m)
    assert summary.startswith("easy vs OpenSpiel MCTSBot(3 simulations, random rollouts): "
                              f"{points:.1f}/4 points = {100 * points / 4:.1f}%; ")
    assert re.search(r"mean think time \d+\.\d{3} s/move$", summary)


@pytest.mark.parametrize("seed", ["-1", "9999999999"])
def test_any_whole_number_is_a_seed(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--level", "easy", "--simulations", "2", "--seed", seed]) == 0
    assert "easy vs OpenSpiel MCTSBot(2 simulations" in capsys.readouterr().out
