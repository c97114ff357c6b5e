"""Where tiles may go: edge matching, connection to the base line, courts.

A board position is a tuple with one entry per square: `EMPTY`, an orientation
(0..255, see `tiles`), `JOKER_ORIENTATION`, or ``CENTRE + colour`` for a
printed centre square not yet covered. A placement is ``(square, kind, rot)``,
packed into one int by `Geometry.placement`.

>>> from spieltisch.games.colomino.board import SMALL
>>> from spieltisch.games.colomino.tiles import PATTERNS
>>> geo = Geometry(SMALL)
>>> board = geo.empty_board()
>>> kind = PATTERNS.index((0, 1, 2, 3))
>>> [geo.describe(p) for p in geo.placements(board, (kind,))][:3]
['B1 RYGB r3', 'C1 RYGB r0', 'D1 RYGB r1']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from spieltisch.games.colomino.board import BoardSpec
from spieltisch.games.colomino.tiles import (
    EDGES,
    FITTING,
    FREE,
    JOKER,
    JOKER_ORIENTATION,
    KINDS,
    ONE_COLOUR,
    oriented,
    tile_name,
)

EMPTY = -1
CENTRE = 257
"""``CENTRE + colour`` marks a printed centre square that no tile covers yet."""
OPEN, CLOSED = 3, 4
"""Court kinds, named by how many sides of the square are bounded."""

_FACE: tuple[tuple[int, ...], ...] = (
    (FREE,) * 4,
    *EDGES,
    (FREE,) * 4,
    *((c,) * 4 for c in range(4)),
)
"""``_FACE[content + 1][side]``: the colour a square's content shows on that side."""
_OPPOSITE = (2, 3, 0, 1)


def is_tile(content: int) -> bool:
    """True for a laid tile or joker (not empty, not a printed centre square).

    >>> is_tile(EMPTY), is_tile(JOKER_ORIENTATION), is_tile(CENTRE)
    (False, True, False)
    """
    return 0 <= content <= JOKER_ORIENTATION


class Geometry:
    """Tables and board queries for one `BoardSpec`; shared by rules and bots."""

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.squares = spec.squares
        self.draw_base = spec.squares * KINDS * 4
        """First action id of the draws (chance outcomes); placements come before."""
        self.top_row_start = spec.squares - spec.size
        self._sides: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple(
                (spec.neighbours[sq][d], spec.rim_colour[sq][d], _OPPOSITE[d]) for d in range(4)
            )
            for sq in range(spec.squares)
        )
        self.near: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in spec.neighbours[sq] if n >= 0) for sq in range(spec.squares)
        )
        """The squares next to each square (up to four)."""
        self.stride = KINDS * 4
        """``action // stride`` is the square of a placement."""
        self._rim_sides = tuple(sum(1 for c in spec.rim_colour[sq] if c >= 0)
                                for sq in range(spec.squares))
        centres = {row * spec.size + col for row, col, _ in spec.centres}
        affected = []
        for sq in range(spec.squares):
            near = {sq, *self.near[sq]}
            for nb in self.near[sq]:
                if nb in centres:
                    near.update(self.near[nb])
            affected.append(tuple(sorted(near)))
        self.affected: tuple[tuple[int, ...], ...] = tuple(affected)
        """Squares whose placements may change when a tile is laid on a square."""

    def empty_board(self) -> tuple[int, ...]:
        """The board before the first tile: empty but for the printed centre squares."""
        board = [EMPTY] * self.squares
        for row, col, colour in self.spec.centres:
            board[row * self.spec.size + col] = CENTRE + colour
        return tuple(board)

    def placement(self, square: int, kind: int, rot: int) -> int:
        """Action id of laying `kind` turned `rot` on `square`."""
        return (square * KINDS + kind) * 4 + rot

    @staticmethod
    def unpack(action: int) -> tuple[int, int, int]:
        """``(square, kind, rot)`` of a placement action id."""
        rest, rot = divmod(action, 4)
        square, kind = divmod(rest, KINDS)
        return square, kind, rot

    def describe(self, action: int) -> str:
        """Notation of a placement: square, pattern, rotation (``E1 RYGB r1``; ``E1 J``)."""
        square, kind, rot = self.unpack(action)
        name = self.spec.square_name(square)
        if kind == JOKER:
            return f"{name} J"
        return f"{name} {tile_name(kind)} r{rot}"

    def need(self, board: tuple[int, ...], square: int) -> int:
        """Constraint code (see `tiles.constraint_code`) of what `square` must match."""
        code = 0
        mult = 1
        for nb, rim, back in self._sides[square]:
            code += mult * (rim if nb < 0 else _FACE[board[nb] + 1][back])
            mult *= 5
        return code

    def bounded(self, board: tuple[int, ...], square: int) -> int:
        """How many sides of `square` are bounded by tiles, centre squares or the rim."""
        count = self._rim_sides[square]
        for nb in self.near[square]:
            if board[nb] != EMPTY:
                count += 1
        return count

    def court(self, board: tuple[int, ...], square: int) -> int:
        """`OPEN`, `CLOSED` or 0: what laying a tile on `square` would fill now.

        A printed centre square is never a court; a joker's square is judged as if empty.
        """
        if board[square] >= CENTRE:
            return 0
        bounded = self.bounded(board, square)
        return bounded if bounded >= OPEN else 0

    def _centre_connected(self, board: tuple[int, ...], square: int) -> bool:
        return any(is_tile(board[nb]) for nb in self.near[square])

    def connected(self, board: tuple[int, ...], square: int) -> bool:
        """Whether a tile on `square` would be joined to the base line."""
        if square < self.spec.size:
            return True
        near = self.near
        for nb in near[square]:
            content = board[nb]
            if 0 <= content <= JOKER_ORIENTATION:
                return True
            if content >= CENTRE:
                for other in near[nb]:
                    if 0 <= board[other] <= JOKER_ORIENTATION:
                        return True
        return False

    def open_squares(self, board: tuple[int, ...]) -> list[int]:
        """Empty squares a tile may go on now (joined to the base line)."""
        return [sq for sq in range(self.squares)
                if board[sq] == EMPTY and self.connected(board, sq)]

    def placements(self, board: tuple[int, ...], rack: tuple[int, ...],
                   fresh: tuple[int, ...] = ()) -> list[int]:
        """Every legal placement from `rack` on `board`, as sorted action ids.

        `fresh` lists the squares of jokers laid this turn, which may not be covered yet.
        """
        return self.placements_on(board, rack, range(self.squares), fresh)

    def placements_on(self, board: tuple[int, ...], rack: tuple[int, ...],
                      squares: Iterable[int], fresh: tuple[int, ...] = ()) -> list[int]:
        """The legal placements from `rack` on the given squares (in their order)."""
        kinds = sorted(set(rack))
        if not kinds:
            return []
        has_joker = kinds[-1] == JOKER
        coloured = kinds[:-1] if has_joker else kinds
        out: list[int] = []
        for sq in squares:
            content = board[sq]
            if content == EMPTY:
                if not self.connected(board, sq):
                    continue
                fits = FITTING[self.need(board, sq)]
                base = sq * KINDS * 4
                for k in coloured:
                    for r in fits[k]:
                        out.append(base + k * 4 + r)
                if has_joker:
                    out.append(base + JOKER * 4)
            elif content == JOKER_ORIENTATION and sq not in fresh:
                fits = FITTING[self.need(board, sq)]
                base = sq * KINDS * 4
                for k in coloured:
                    for r in fits[k]:
                        out.append(base + k * 4 + r)
            elif content >= CENTRE:
                k = ONE_COLOUR[content - CENTRE]
                if k in coloured and self._centre_connected(board, sq):
                    out.append((sq * KINDS + k) * 4)
        return out

    def placements_after(self, before: list[int], board: tuple[int, ...],
                         rack: tuple[int, ...], square: int, kind: int,
                         fresh: tuple[int, ...] = ()) -> list[int]:
        """The placements after laying `kind` on `square`, updated from those `before`.

        `board` and `rack` are the position after the placement. Only squares
        near `square` can change, so the rest of `before` is kept (unsorted result).
        """
        near = self.affected[square]
        stride = KINDS * 4
        if kind in rack:
            kept = [p for p in before if p // stride not in near]
        else:
            kept = [p for p in before if p // stride not in near and (p >> 2) % KINDS != kind]
        kept.extend(self.placements_on(board, rack, near, fresh))
        return kept

    def can_place(self, board: tuple[int, ...], rack: tuple[int, ...]) -> bool:
        """Whether `rack` has any legal placement on `board`."""
        return bool(self.placements(board, rack))

    def lay(self, board: tuple[int, ...], square: int, kind: int, rot: int) -> tuple[int, ...]:
        """The board after laying a tile (legality is the caller's business)."""
        cells = list(board)
        cells[square] = oriented(kind, rot)
        return tuple(cells)

    def courts(self, board: tuple[int, ...], fresh: tuple[int, ...] = ()) -> list[tuple[int, int]]:
        """``(square, OPEN or CLOSED)`` of every empty or joker square that is a court now
        (jokers laid this turn, `fresh`, excepted)."""
        out = []
        for sq in range(self.squares):
            content = board[sq]
            if content == EMPTY or (content == JOKER_ORIENTATION and sq not in fresh):
                kind = self.court(board, sq)
                if kind:
                    out.append((sq, kind))
        return out

    def fitting_rotations(self, board: tuple[int, ...], square: int, kind: int) -> tuple[int, ...]:
        """Rotations of `kind` that match everything around `square`."""
        return FITTING[self.need(board, square)][kind]


@cache
def geometry(spec: BoardSpec) -> Geometry:
    """The shared `Geometry` of a board spec."""
    return Geometry(spec)

