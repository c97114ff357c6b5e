"""Board specifications (as data) and the geometry derived from them.

Squares are numbered ``row * size + col``; row 0 lies on the base line (south),
row ``size - 1`` on the target line (north). People name squares like chess:
column letter, row number from the base line (``A1`` is the base line's west
corner).

>>> SMALL.size, LARGE.size, len(LARGE.centres)
(9, 12, 4)
>>> SMALL.square_name(4), SMALL.parse_square("e1")
('E1', 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spieltisch.games.colomino.tiles import EAST, NORTH, SOUTH, WEST

_ROW_STEP = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""(row, col) step toward north, east, south, west."""


def clockwise_rim(size: int) -> tuple[tuple[int, ...], ...]:
    """Rim markings per side (north, east, south, west), each listed clockwise from 0.

    RULINGS: along each side, segment i counted clockwise has colour ``i mod 4``.

    >>> clockwise_rim(5)[NORTH]
    (0, 1, 2, 3, 0)
    """
    side = tuple(i % 4 for i in range(size))
    return side, side, side, side


@dataclass(frozen=True)
class BoardSpec:
    """One printed board: its size, rim markings and centre squares.

    `rim` lists each side's markings in clockwise order (north: west to east,
    east: north to south, south: east to west, west: south to north).
    `centres` holds (row, col, colour) of the printed one-colour squares.
    """

    name: str
    size: int
    rim: tuple[tuple[int, ...], ...]
    centres: tuple[tuple[int, int, int], ...] = ()
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """``neighbours[square][direction]``: the adjacent square, or -1 beyond the rim."""
    rim_colour: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """``rim_colour[square][direction]``: the rim marking on that side, or -1 inside."""

    def __post_init__(self) -> None:
        n = self.size
        if len(self.rim) != 4 or any(len(side) != n for side in self.rim):
            raise ValueError("a rim lists four sides of `size` markings")
        neighbours = []
        rim_colour = []
        for square in range(n * n):
            row, col = divmod(square, n)
            near = []
            marks = []
            for d, (dr, dc) in enumerate(_ROW_STEP):
                r, c = row + dr, col + dc
                inside = 0 <= r < n and 0 <= c < n
                near.append(r * n + c if inside else -1)
                marks.append(-1 if inside else self._marking(d, row, col))
            neighbours.append(tuple(near))
            rim_colour.append(tuple(marks))
        object.__setattr__(self, "neighbours", tuple(neighbours))
        object.__setattr__(self, "rim_colour", tuple(rim_colour))

    def _marking(self, side: int, row: int, col: int) -> int:
        n = self.size
        index = {NORTH: col, EAST: n - 1 - row, SOUTH: n - 1 - col, WEST: row}[side]
        return self.rim[side][index]

    @property
    def squares(self) -> int:
        """Number of squares."""
        return self.size * self.size

    def row(self, square: int) -> int:
        """Row of a square, 0 on the base line."""
        return square // self.size

    def square_name(self, square: int) -> str:
        """``E1``-style name of a square.

        >>> LARGE.square_name(LARGE.squares - 1)
        'L12'
        """
        row, col = divmod(square, self.size)
        return f"{chr(ord('A') + col)}{row + 1}"

    def parse_square(self, text: str) -> int | None:
        """The square named by `text` (``e1``, ``L12``), or None.

        >>> SMALL.parse_square("J1") is None, SMALL.parse_square("A10") is None
        (True, True)
        """
        text = text.strip().upper()
        if len(text) < 2 or not (text[1:].isascii() and text[1:].isdigit()):
            return None
        col = ord(text[0]) - ord("A")
        row = int(text[1:]) - 1
        if not (0 <= col < self.size and 0 <= row < self.size):
            return None
        return row * self.size + col


SMALL = BoardSpec("small", 9, clockwise_rim(9))
"""The 9x9 board: rim markings only."""
LARGE = BoardSpec(
    "large",
    12,
    clockwise_rim(12),
    centres=((4, 4, 0), (4, 7, 1), (7, 4, 2), (7, 7, 3)),
)
"""The 12x12 board with its four centre squares: E5 red, H5 yellow, E8 green, H8 blue."""
BOARDS = {spec.name: spec for spec in (SMALL, LARGE)}
