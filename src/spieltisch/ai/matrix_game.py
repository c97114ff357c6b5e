"""Two-player zero-sum matrix games, solved exactly by linear programming (pure Python).

The row player gets ``matrix[i][j]`` when it plays row ``i`` and the column player
column ``j``; the row player maximises, the column player minimises. `solve`
returns the value and an optimal mixed strategy for each side.
`hide_and_guess_value` solves one structured family much faster: one side hides
among ``k`` options, the other names several of them at once.

>>> s = solve([[1, -1], [-1, 1]])  # matching pennies
>>> round(s.value, 9), [round(p, 9) for p in s.row], [round(p, 9) for p in s.column]
(0.0, [0.5, 0.5], [0.5, 0.5])
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

EPSILON = 1e-12


@dataclass(frozen=True)
class Solution:
    """The value of a matrix game and an optimal mixed strategy of each player."""

    value: float
    row: tuple[float, ...]
    """Probabilities of the rows (the maximiser's strategy)."""
    column: tuple[float, ...]
    """Probabilities of the columns (the minimiser's strategy)."""


def solve(matrix: Sequence[Sequence[float]]) -> Solution:
    """Solve the game by the simplex method (Bland's rule, so it always ends).

    >>> s = solve([[3, 0], [0, 1]])
    >>> round(s.value, 9), [round(p, 9) for p in s.row], [round(p, 9) for p in s.column]
    (0.75, [0.25, 0.75], [0.25, 0.75])
    >>> solve([[2, 5], [1, 0]]).value  # a saddle point: row 0, column 0
    2.0
    """
    rows, cols = _check(matrix)
    shift = 1.0 - min(min(r) for r in matrix)
    # Column player's LP on the shifted (all >= 1) matrix: maximise sum(y) with
    # matrix @ y <= 1, y >= 0. Then value = 1 / sum(y) - shift, and the optimal
    # duals (the slacks' reduced costs) are the row player's strategy times the same.
    table = [[float(matrix[i][j]) + shift for j in range(cols)]
             + [1.0 if k == i else 0.0 for k in range(rows)] + [1.0] for i in range(rows)]
    objective = [-1.0] * cols + [0.0] * (rows + 1)
    basis = [cols + i for i in range(rows)]
    while True:
        enter = next((j for j in range(cols + rows) if objective[j] < -EPSILON), -1)
        if enter < 0:
            break
        leave = -1
        best = math.inf
        for i in range(rows):
            a = table[i][enter]
            if a > EPSILON:
                ratio = table[i][-1] / a
                if ratio < best - EPSILON or (ratio <= best + EPSILON and basis[i] < basis[leave]):
                    leave, best = i, min(best, ratio)
        _pivot(table, objective, leave, enter)
        basis[leave] = enter
    y = [0.0] * cols
    for i, b in enumerate(basis):
        if b < cols:
            y[b] = table[i][-1]
    x = [objective[cols + i] for i in range(rows)]
    return Solution(1.0 / objective[-1] - shift, _normalise(x), _normalise(y))


def _check(matrix: Sequence[Sequence[float]]) -> tuple[int, int]:
    rows = len(matrix)
    cols = len(matrix[0]) if rows else 0
    if not rows or not cols or any(len(r) != cols for r in matrix):
        raise ValueError("a matrix game needs a non-empty rectangular matrix")
    if not all(math.isfinite(v) for r in matrix for v in r):
        raise ValueError("matrix entries must be finite numbers")
    return rows, cols


def _pivot(table: list[list[float]], objective: list[float], leave: int, enter: int) -> None:
    row = table[leave]
    factor = row[enter]
    row[:] = [v / factor for v in row]
    for other in (*table, objective):
        if other is row:
            continue
        scale = other[enter]
        if scale != 0.0:
            other[:] = [v - scale * w for v, w in zip(other, row, strict=True)]


def _normalise(weights: list[float]) -> tuple[float, ...]:
    clipped = [max(0.0, w) for w in weights]
    total = sum(clipped)
    return tuple(w / total for w in clipped)


def row_guarantee(matrix: Sequence[Sequence[float]], row: Sequence[float]) -> float:
    """What the row strategy `row` guarantees against every column.

    >>> row_guarantee([[1, -1], [-1, 1]], [1.0, 0.0])
    -1.0
    """
    return min(sum(p * matrix[i][j] for i, p in enumerate(row)) for j in range(len(matrix[0])))


def column_guarantee(matrix: Sequence[Sequence[float]], column: Sequence[float]) -> float:
    """The most any row gains against the column strategy `column`.

    >>> column_guarantee([[1, -1], [-1, 1]], [0.5, 0.5])
    0.0
    """
    return max(sum(q * r[j] for j, q in enumerate(column)) for r in matrix)


def exploitability(matrix: Sequence[Sequence[float]], row: Sequence[float],
                   column: Sequence[float]) -> float:
    """How much best responders gain against the pair of strategies together:
    ``column_guarantee - row_guarantee``; zero exactly at an equilibrium.

    >>> exploitability([[1, -1], [-1, 1]], [1.0, 0.0], [0.5, 0.5])
    1.0
    """
    return column_guarantee(matrix, column) - row_guarantee(matrix, row)


def sample(strategy: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the probabilities of `strategy`.

    >>> sample([0.0, 1.0, 0.0], random.Random(3))
    1
    """
    point = rng.random()
    total = 0.0
    last = 0
    for i, p in enumerate(strategy):
        if p > 0.0:
            total += p
            last = i
            if point < total:
                return i
    return last


def best_row(matrix: Sequence[Sequence[float]], column: Sequence[float]) -> int:
    """The row that gains most against the column strategy `column` (the first of equals).

    >>> best_row([[1, -1], [-1, 1]], [0.2, 0.8])
    1
    """
    gains = [sum(q * r[j] for j, q in enumerate(column)) for r in matrix]
    return gains.index(max(gains))


def best_column(matrix: Sequence[Sequence[float]], row: Sequence[float]) -> int:
    """The column that concedes least against the row strategy `row` (the first of equals).

    >>> best_column([[1, -1], [-1, 1]], [0.2, 0.8])
    0
    """
    losses = [sum(p * matrix[i][j] for i, p in enumerate(row)) for j in range(len(matrix[0]))]
    return losses.index(min(losses))


def for_columns(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The game seen from the column player as a row player: transposed and negated.

    >>> for_columns([[1, 2], [3, 4]])
    [[-1, -3], [-2, -4]]
    """
    return [[-r[j] for r in matrix] for j in range(len(matrix[0]))]


def safe_mixture(matrix: Sequence[Sequence[float]], safe: Sequence[float],
                 bold: Sequence[float], floor: float) -> tuple[tuple[float, ...], float]:
    """For the row player: the mixture ``(1 - w) * safe + w * bold`` with the largest
    weight ``w`` in [0, 1] that still guarantees at least `floor` against every
    column; returns the mixture and ``w``. `safe` must guarantee `floor` itself.

    With ``floor = value - slack`` and `safe` optimal this leans towards a bold
    strategy (say a best response to a model of the opponent) while a best
    responder gains at most `slack` over the game's value.

    >>> mixed, w = safe_mixture([[1, -1], [-1, 1]], [0.5, 0.5], [1.0, 0.0], -0.5)
    >>> [round(p, 9) for p in mixed], round(w, 9)
    ([0.75, 0.25], 0.5)
    """
    weight = 1.0
    for j in range(len(matrix[0])):
        a = sum(p * matrix[i][j] for i, p in enumerate(safe))
        b = sum(p * matrix[i][j] for i, p in enumerate(bold))
        if b < a:
            weight = min(weight, (a - floor) / (a - b))
    weight = max(0.0, weight)
    return tuple((1.0 - weight) * s + weight * b for s, b in zip(safe, bold, strict=True)), weight


def hide_and_guess_value(hidden: Sequence[float], caught: Sequence[float], guesses: int) -> float:
    """Value, for the hider, of the game where the hider picks one of ``k`` options
    and the guesser names `guesses` different options at once: the hider gets
    ``caught[i]`` if its option ``i`` was named, else ``hidden[i]``.

    The guesser's mixed strategy is a vector of naming probabilities ``q`` with
    ``0 <= q[i] <= 1`` and ``sum(q) = guesses`` (every such vector is a mixture
    of sets), so the value is the least ``v`` for which some such ``q`` holds
    every option's payoff ``hidden[i] + q[i] * (caught[i] - hidden[i])`` at most
    ``v``. Both bounds on ``sum(q)`` are piecewise linear in ``v`` with kinks at
    the payoffs, so the least ``v`` is found exactly in one sweep.

    >>> hide_and_guess_value([1, 1], [-1, -1], 1)  # matching pennies
    0.0
    >>> round(hide_and_guess_value([4, 2, 2], [0, 0, 0], 1), 9)
    1.6
    >>> round(solve([[0, 4, 4], [2, 0, 2], [2, 2, 0]]).value, 9)  # the same game as a matrix
    1.6
    """
    k = len(hidden)
    if len(caught) != k or not 0 <= guesses <= k:
        raise ValueError("need as many caught as hidden payoffs and 0 <= guesses <= options")
    floor = max(min(h, c) for h, c in zip(hidden, caught, strict=True))
    kinks = sorted({floor, *(v for v in (*hidden, *caught) if v > floor)})
    previous: tuple[float, float, float] | None = None
    for v in kinks:
        need, room = _naming_bounds(hidden, caught, v)
        if need <= guesses + EPSILON and room >= guesses - EPSILON:
            if previous is None:
                return float(v)
            a, need_a, room_a = previous
            t = 0.0
            if need_a > guesses:
                t = (need_a - guesses) / (need_a - need)
            if room_a < guesses:
                t = max(t, (guesses - room_a) / (room - room_a))
            return a + t * (v - a)
        previous = (v, need, room)
    raise AssertionError("the largest payoff is always reachable")


def _naming_bounds(hidden: Sequence[float], caught: Sequence[float],
                   level: float) -> tuple[float, float]:
    """Least and greatest total naming probability that holds every payoff <= level
    (``level`` is at least every option's smaller payoff)."""
    need = 0.0
    room = 0.0
    for h, c in zip(hidden, caught, strict=True):
        if h > level:
            need += (h - level) / (h - c)
        room += 1.0 if c <= level else (level - h) / (c - h)
    return need, room
