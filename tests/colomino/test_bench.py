"""The Colomino strength benchmark: a level against other bots at each table size."""

from __future__ import annotations

import re

import pytest

from spieltisch.bench.colomino import Tally, main, play_game
from spieltisch.core.protocol import IllegalAction
from spieltisch.core.registry import load
from spieltisch.games.colomino.ai import make_bot


def test_a_game_is_tallied_for_the_tested_seat() -> None:
    game = load("colomino", players=3)
    bots = [make_bot(game, "greedy"), make_bot(game, "random"), make_bot(game, "random")]
    tally = Tally()
    play_game("small", bots, 0, 7, tally)
    play_game("small", bots, 0, 8, tally)
    assert tally.games == 2 and 0 <= tally.wins <= 2
    assert tally.moves > 0 and 0 <= tally.slowest <= tally.seconds
    again = Tally()
    play_game("small", bots, 0, 7, again)
    play_game("small", bots, 0, 8, again)
    assert (again.wins, again.points, again.rival_points) == \
        (tally.wins, tally.points, tally.rival_points), "a seed replays its games"


def test_the_benchmark_prints_a_line_per_table_size_and_opponent(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--level", "easy", "--opponents", "random", "greedy",
                 "--players", "2", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line[:28].strip() for line in lines] == [
        "easy vs random 2p small", "easy vs greedy 2p small",
        "easy vs random 3p small", "easy vs greedy 3p small"]
    for line in lines:
        m = re.search(r"games +2  win share +([\d.]+)%  points +([\d.]+) vs +([\d.]+)  "
                      r"cpu s/move \d\.\d{3} \(max \d+\.\d\d\)$", line)
        assert m, line
        assert 0 <= float(m.group(1)) <= 100


@pytest.mark.parametrize(("args", "message"), [
    (["--opponents", "random", "gredy"], "unknown level 'gredy'"),
    (["--players", "2", "5"], "5"),
])
def test_a_bad_opponent_or_table_is_refused_before_any_game_is_played(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        main(["--games", "1", "--level", "easy", *args])
    assert capsys.readouterr().out == ""
