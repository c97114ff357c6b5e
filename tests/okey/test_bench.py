"""The Okey figures: the solver's speed and a level's share of rounds won."""

from __future__ import annotations

import re

import pytest

from spieltisch.bench.okey import main
from spieltisch.core.protocol import IllegalAction


def test_the_benchmark_times_the_solver_and_counts_every_round(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rounds", "3", "--level", "easy", "--opponents", "greedy",
                 "--players", "3,2", "--checks", "10"]) == 0
    solver_random, solver_played, *rounds = capsys.readouterr().out.splitlines()
    for line, label in ((solver_random, "fresh random racks of 14/15"),
                        (solver_played, "racks met in play")):
        assert re.fullmatch(rf"solver, {label}: \d+ us CPU \(\d+ us wall\) per check, "
                            r"10 checks from empty caches", line), line
    assert len(rounds) == 2
    for line, players in zip(rounds, (3, 2), strict=True):
        m = re.fullmatch(
            rf"easy vs {players - 1} x greedy, {players} players, 3 rounds: won (\d) \((\d+)%\), "
            rf"opponents (\d), no winner (\d); fair share {100 // players}%, ([\d.]+) x fair; "
            r"thinking \d+ ms mean, \d+ ms max CPU per move", line)
        assert m, line
        won, others, none = int(m.group(1)), int(m.group(3)), int(m.group(4))
        assert won + others + none == 3
        assert int(m.group(2)) == round(100 * won / 3)
        assert float(m.group(5)) == pytest.approx(won / 3 * players, abs=0.005)


def test_no_opponents_gives_the_solver_figures_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--opponents", "", "--checks", "5"]) == 0
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == [
        "solver, fresh random racks of 14/15", "solver, racks met in play"]


@pytest.mark.parametrize(("args", "message"), [
    (["--opponents", "random,gredy"], "unknown level 'gredy'"),
    (["--level", "gredy"], "unknown level 'gredy'"),
    (["--players", "2,5"], "5"),
])
def test_a_bad_level_or_table_is_refused_before_anything_is_played(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        main(["--rounds", "1", "--level", "easy", "--checks", "5", *args])
    assert capsys.readouterr().out == ""


def test_one_round_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rounds", "1", "--level", "easy", "--opponents", "random",
                 "--players", "2", "--checks", "0"]) == 0
    assert ", 2 players, 1 round: won " in capsys.readouterr().out


def test_table_sizes_that_are_no_numbers_are_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--players", "x"])
    assert "argument --players: 'x' is not a whole number" in capsys.readouterr().err


def test_nothing_to_measure_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--opponents", "", "--checks", "0"])
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        "error: nothing to measure: give --checks N for the solver, or --opponents and --players")


def test_one_check_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--opponents", "", "--checks", "1"]) == 0
    assert all(line.endswith(" per check, 1 check from empty caches")
               for line in capsys.readouterr().out.splitlines())
