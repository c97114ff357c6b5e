"""The Irono Ofubi board: colours, fields, the ten scoring lines, and line scoring.

A stone is coded as ``seat * 6 + colour``; an empty field is ``EMPTY`` (-1).
Fields are numbered 0..15 row by row; field ``a1`` is 0, ``d1`` is 3, ``a4`` is 12.

>>> FIELD_NAMES[0], FIELD_NAMES[15], COLOUR_NAMES[GREY]
('a1', 'd4', 'grey')
"""

from __future__ import annotations

from collections.abc import Sequence

COLOUR_NAMES = ("yellow", "green", "white", "red", "blue", "grey")
"""The six colours in the rulebook's order."""
LETTERS = "YGWRBA"
"""One letter per colour; grey is ``A`` (for ash) because ``G`` is green."""
COLOURS = len(COLOUR_NAMES)
GREY = 5
WEIGHT = (1, 1, 1, 1, 1, 2)
"""Grey stones count double."""
ALL_COLOURS = (1 << COLOURS) - 1
"""Bit mask of every colour."""
STONES = 4
"""Placing stones per colour and player."""
BUNT_BONUS = 4
"""Bunte Reihe: a line of 4 own stones of 4 different colours."""
SELLOUT_BONUS = 4
"""Ausverkauf: all 4 placing stones of a colour placed."""
SIDE = 4
FIELDS = SIDE * SIDE
EMPTY = -1

FIELD_NAMES = tuple(f"{'abcd'[f % SIDE]}{f // SIDE + 1}" for f in range(FIELDS))
LINES: tuple[tuple[int, ...], ...] = (
    *(tuple(r * SIDE + c for c in range(SIDE)) for r in range(SIDE)),
    *(tuple(r * SIDE + c for r in range(SIDE)) for c in range(SIDE)),
    tuple(i * SIDE + i for i in range(SIDE)),
    tuple(i * SIDE + SIDE - 1 - i for i in range(SIDE)),
)
"""Rows 1-4, columns a-d, the diagonal a1-d4, the diagonal d1-a4."""
LINE_NAMES = (
    *(f"row {r + 1}" for r in range(SIDE)),
    *(f"column {'abcd'[c]}" for c in range(SIDE)),
    "diagonal a1-d4",
    "diagonal d1-a4",
)
FIELD_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if f in line) for f in range(FIELDS))
"""The lines through each field (two, or three on a diagonal)."""


def colour_bit(colour: int) -> int:
    """The bit of `colour` in a colour mask.

    >>> colour_bit(GREY)
    32
    """
    return 1 << colour


def mask_colours(mask: int) -> list[int]:
    """The colours in a mask, in colour order.

    >>> mask_colours(0b100101)
    [0, 2, 5]
    """
    return [c for c in range(COLOURS) if mask >> c & 1]


def mask_letters(mask: int) -> str:
    """The letters of the colours in a mask, in colour order.

    >>> mask_letters(0b100101)
    'YWA'
    """
    return "".join(LETTERS[c] for c in mask_colours(mask))


def line_points(stones: Sequence[int], seat: int) -> int:
    """Points `seat` scores in one line: n stones of a colour give n² (grey 2n²),
    plus the Bunte Reihe bonus for 4 own stones of 4 different colours.

    >>> line_points([0, 0, EMPTY, 6], 0)  # two own yellow, one opponent's yellow
    4
    >>> line_points([5, 1, 2, 3], 0)  # grey, green, white, red: 2 + 1 + 1 + 1 + 4
    9
    """
    counts = [0] * COLOURS
    for stone in stones:
        if stone != EMPTY and stone // COLOURS == seat:
            counts[stone % COLOURS] += 1
    points = sum(WEIGHT[c] * n * n for c, n in enumerate(counts))
    if sum(counts) == SIDE and max(counts) == 1:
        points += BUNT_BONUS
    return points


def lines_points(board: Sequence[int], seat: int) -> list[int]:
    """`seat`'s points in each of the ten lines (Bunte Reihe included).

    >>> lines_points([0] * 4 + [EMPTY] * 12, 0)[:5]
    [16, 0, 0, 0, 1]
    """
    return [line_points([board[f] for f in line], seat) for line in LINES]


def placement_gain(board: Sequence[int], seat: int, colour: int, field: int) -> int:
    """Line points `seat` gains by putting a stone of `colour` on the empty `field`
    (Ausverkauf not included).

    >>> placement_gain([0, 0, EMPTY, EMPTY] + [EMPTY] * 12, 0, 0, 2)  # 3rd yellow in row 1
    6
    """
    gain = 0
    stone = seat * COLOURS + colour
    for index in FIELD_LINES[field]:
        line = LINES[index]
        before = [board[f] for f in line]
        after = [stone if f == field else board[f] for f in line]
        gain += line_points(after, seat) - line_points(before, seat)
    return gain
