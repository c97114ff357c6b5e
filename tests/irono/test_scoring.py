"""Line scoring, grey, Bunte Reihe, Ausverkauf points and the rulebook's worked example."""

from __future__ import annotations

import random

import pytest

from spieltisch.games.irono.ai import Position
from spieltisch.games.irono.board import (
    EMPTY,
    FIELD_NAMES,
    FIELDS,
    GREY,
    LETTERS,
    SELLOUT_BONUS,
    line_points,
    lines_points,
    placement_gain,
)

from .helpers import new, play, rulebook_example, step


def stones(seat: int, letters: str) -> list[int]:
    return [EMPTY if x == "." else seat * 6 + LETTERS.index(x) for x in letters]


@pytest.mark.parametrize(("letters", "points"), [
    ("Y...", 1), ("YY..", 4), ("YYY.", 9), ("YYYY", 16),
    ("A...", 2), ("AA..", 8), ("AAA.", 18), ("AAAA", 32),
    ("YYG.", 5), ("YYAA", 12), ("YYGG", 8),
])
def test_a_line_scores_squares_per_colour_and_grey_double(letters: str, points: int) -> None:
    assert line_points(stones(0, letters), 0) == points


def test_only_own_stones_count() -> None:
    line = stones(0, "YY..")[:2] + stones(1, "YY")
    assert line_points(line, 0) == 4
    assert line_points(line, 1) == 4


@pytest.mark.parametrize(("line", "points"), [
    (stones(0, "YGWR"), 4 + 4),
    (stones(0, "YGWA"), 5 + 4),
    (stones(0, "YGWW"), 6),
    (stones(0, "YGW") + stones(1, "R"), 3),
])
def test_bunte_reihe_needs_four_own_stones_of_four_colours(line: list[int], points: int) -> None:
    assert line_points(line, 0) == points


def test_rulebook_example_forty_points_with_nine_stones() -> None:
    state = rulebook_example()
    board = state.board
    assert sum(1 for s in board if s != EMPTY and s // 6 == 0) == 9
    view = state.view(None)
    lines = [line["points"][0] for line in view["lines"]]
    bunt = [line["name"] for line in view["lines"] if line["bunt"][0]]
    assert lines[:4] == [5, 2, 2, 6]
    assert lines[4:8] == [2, 4, 3, 4]
    assert bunt == ["diagonal d1-a4"]
    assert lines[8] + lines[9] - 4 == 8
    assert sum(lines) == 15 + 13 + 8 + 4 == 40
    assert state.scores()[0] == 40
    assert view["sold_out"][0] == []


def test_placement_gain_is_the_change_of_the_total() -> None:
    rng = random.Random(3)
    for _ in range(200):
        board = [rng.choice([EMPTY, EMPTY, *range(12)]) for _ in range(FIELDS)]
        empty = [f for f in range(FIELDS) if board[f] == EMPTY]
        if not empty:
            continue
        field, seat, colour = rng.choice(empty), rng.randrange(2), rng.randrange(6)
        after = list(board)
        after[field] = seat * 6 + colour
        assert placement_gain(board, seat, colour, field) == \
            sum(lines_points(after, seat)) - sum(lines_points(board, seat))


def test_search_gains_agree_with_the_rules_in_played_positions() -> None:
    rng = random.Random(5)
    state = new()
    while not state.is_terminal():
        if state.phase == 0:
            position = Position(state)
            for f in range(FIELDS):
                if state.board[f] == EMPTY:
                    for seat in (0, 1):
                        for c in range(6):
                            if state.in_play >> c & 1:
                                bonus = SELLOUT_BONUS if state.supply[seat * 6 + c] == 1 else 0
                                assert position.gain(seat, c, f) == \
                                    placement_gain(state.board, seat, c, f) + bonus
        state = step(state, rng.choice(state.legal_actions()))


def test_points_add_up_every_placement() -> None:
    state = play(new(), [(0, "a1", "A"), (1, "b1", "A"), (0, "a2", "A")])
    # a1 lies on row 1, column a and a diagonal: 3 x 2; b1 on row 1 and column b: 2 x 2;
    # a2 adds 2 in row 2 and lifts column a from 2 to 8.
    assert state.points == (6 + 8, 4)
    assert state.last is not None and state.last[6] == 2 + 6
    assert FIELD_NAMES[state.last[1]] == "a2" and state.last[3] == GREY
