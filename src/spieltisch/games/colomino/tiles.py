"""The Colomino tiles: edge colours, the 70 patterns plus the joker, rotations.

A tile has four edges, named by direction: north, east, south, west (0..3).
Each edge of a coloured tile is red, yellow, green or blue (0..3). A *pattern*
is a tile up to rotation, written as its four edge letters (north, east,
south, west) in the rotation whose colour tuple is smallest; a *kind* is the
index of a pattern in `PATTERNS`, and `JOKER` is the white joker's kind.
An *orientation* is a tile as it lies on the board: ``n*64 + e*16 + s*4 + w``.
Rotating by ``r`` quarter-turns clockwise moves the west edge to the north.

>>> len(PATTERNS), tile_name(JOKER)
(70, 'J')
>>> tile_name(0), orientation_name(oriented(PATTERNS.index((0, 1, 2, 3)), 1))
('RRRR', 'BRYG')
"""

from __future__ import annotations

from itertools import product

COLOURS = "RYGB"
"""Edge colours in index order: red, yellow, green, blue."""
COLOUR_NAMES = ("red", "yellow", "green", "blue")
NORTH, EAST, SOUTH, WEST = range(4)
FREE = 4
"""A side that any colour matches (empty, a joker, or no rim)."""
JOKER_ORIENTATION = 256


def _rotate(edges: tuple[int, ...], rot: int) -> tuple[int, ...]:
    return tuple(edges[(d - rot) % 4] for d in range(4))


def _code(edges: tuple[int, ...]) -> int:
    return edges[0] * 64 + edges[1] * 16 + edges[2] * 4 + edges[3]


def _patterns() -> tuple[tuple[int, int, int, int], ...]:
    out = []
    for a, b, c, d in product(range(4), repeat=4):
        edges = (a, b, c, d)
        if edges == min(_rotate(edges, r) for r in range(4)):
            out.append(edges)
    return tuple(out)


PATTERNS = _patterns()
"""Every rotation-distinct edge colouring, sorted; the kind of a pattern is its index."""
JOKER = len(PATTERNS)
"""The kind of the white joker."""
KINDS = JOKER + 1

EDGES: tuple[tuple[int, int, int, int], ...] = tuple(
    (o // 64, o // 16 % 4, o // 4 % 4, o % 4) for o in range(256)
)
"""Edge colours (north, east, south, west) of each orientation."""

_ORIENTED = tuple(tuple(_code(_rotate(p, r)) for r in range(4)) for p in PATTERNS)

DISTINCT_ROTATIONS: tuple[tuple[int, ...], ...] = (
    *(tuple(r for r in range(4) if _ORIENTED[k][r] not in _ORIENTED[k][:r]) for k in range(JOKER)),
    (0,),
)
"""For each kind, the rotations that give different orientations (smallest rotation first)."""

KIND_OF: tuple[int, ...] = (
    *(next(k for k in range(JOKER) if o in _ORIENTED[k]) for o in range(256)),
    JOKER,
)
"""The kind of each orientation (index 256 is the joker)."""
ROTATION_OF: tuple[int, ...] = (*(_ORIENTED[KIND_OF[o]].index(o) for o in range(256)), 0)
"""The smallest rotation giving each orientation from its pattern."""

ONE_COLOUR: tuple[int, ...] = tuple(PATTERNS.index((c, c, c, c)) for c in range(4))
"""The kind of the one-colour tile of each colour."""


def oriented(kind: int, rot: int) -> int:
    """The orientation of `kind` turned `rot` quarter-turns clockwise.

    >>> orientation_name(oriented(PATTERNS.index((0, 0, 1, 2)), 2))
    'YGRR'
    """
    if kind == JOKER:
        return JOKER_ORIENTATION
    return _ORIENTED[kind][rot]


def tile_name(kind: int) -> str:
    """Four edge letters of a pattern (north, east, south, west), or ``J`` for the joker.

    >>> tile_name(PATTERNS.index((0, 1, 2, 3)))
    'RYGB'
    """
    if kind == JOKER:
        return "J"
    return "".join(COLOURS[c] for c in PATTERNS[kind])


def orientation_name(orientation: int) -> str:
    """Edge letters of a tile as it lies (north, east, south, west); ``J`` for a joker.

    >>> orientation_name(0b00_01_10_11)
    'RYGB'
    """
    if orientation == JOKER_ORIENTATION:
        return "J"
    return "".join(COLOURS[c] for c in EDGES[orientation])


def parse_edges(text: str) -> tuple[int, int, int, int] | None:
    """Edge colours from four letters of ``RYGB`` (any case), or None.

    >>> parse_edges("rygb"), parse_edges("RYGX")
    ((0, 1, 2, 3), None)
    """
    letters = text.upper()
    if len(letters) != 4 or any(ch not in COLOURS for ch in letters):
        return None
    a, b, c, d = (COLOURS.index(ch) for ch in letters)
    return a, b, c, d


def orientation_of(edges: tuple[int, ...]) -> int:
    """The orientation code of edge colours (north, east, south, west).

    >>> orientation_of((0, 0, 0, 1))
    1
    """
    return _code(edges)


def rotate_edges(edges: tuple[int, ...], rot: int) -> tuple[int, ...]:
    """Edge colours after turning `rot` quarter-turns clockwise.

    >>> rotate_edges((0, 1, 2, 3), 1)
    (3, 0, 1, 2)
    """
    return _rotate(edges, rot)


def _fits(edges: tuple[int, int, int, int], need: tuple[int, ...]) -> bool:
    return all(n in (FREE, e) for e, n in zip(edges, need, strict=True))


CONSTRAINTS = 5**4
"""Number of constraint codes: ``sum(need[d] * 5**d)`` with need in 0..3 or `FREE`."""


def constraint_code(need: tuple[int, ...]) -> int:
    """Code of the colours a square needs (north, east, south, west; `FREE` = any).

    >>> constraint_code((FREE, FREE, FREE, FREE)) == CONSTRAINTS - 1
    True
    """
    return need[0] + 5 * need[1] + 25 * need[2] + 125 * need[3]


def _need(code: int) -> tuple[int, int, int, int]:
    return code % 5, code // 5 % 5, code // 25 % 5, code // 125


FITTING: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    (
        *(tuple(r for r in DISTINCT_ROTATIONS[k] if _fits(EDGES[_ORIENTED[k][r]], _need(code)))
          for k in range(JOKER)),
        (0,),
    )
    for code in range(CONSTRAINTS)
)
"""``FITTING[code][kind]``: the distinct rotations of `kind` that meet a constraint.
The joker fits everything (rotation 0)."""

FITTING_KINDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(KINDS) if FITTING[code][k]) for code in range(CONSTRAINTS)
)
"""``FITTING_KINDS[code]``: the kinds with at least one fitting rotation (joker included)."""
