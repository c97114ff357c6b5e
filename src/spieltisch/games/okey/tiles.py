"""Okey tiles: 4 colours x 1..13, two copies each, plus two false jokers.

A tile *kind* is an int: ``colour * 13 + number - 1`` for the 52 numbered kinds
(colours red ``R``, yellow ``Y``, blue ``B``, black ``K``) and `FALSE_JOKER`
(52) for the false joker ``FJ``. Racks, piles and pools are count vectors over
the 53 kinds; every kind exists `COPIES` times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spieltisch.core.protocol import IllegalAction
from spieltisch.core.reasons import Reason

COLOURS = "RYBK"
NUMBERS = 13
FACES = len(COLOURS) * NUMBERS
"""Numbered kinds: 52."""
FALSE_JOKER = FACES
KINDS = FACES + 1
COPIES = 2
TOTAL = KINDS * COPIES
"""106 tiles."""

FULL_SET: tuple[int, ...] = (COPIES,) * KINDS
"""Counts of the whole box."""


def kind(colour: int, number: int) -> int:
    """The kind of a numbered tile.

    >>> kind(0, 7), kind(3, 13)
    (6, 51)
    """
    return colour * NUMBERS + number - 1


def colour_of(k: int) -> int:
    """Colour index (0..3) of a numbered kind."""
    return k // NUMBERS


def number_of(k: int) -> int:
    """Number (1..13) of a numbered kind."""
    return k % NUMBERS + 1


def name(k: int) -> str:
    """Notation of a kind.

    >>> name(6), name(51), name(FALSE_JOKER)
    ('R7', 'K13', 'FJ')
    """
    if k == FALSE_JOKER:
        return "FJ"
    return f"{COLOURS[colour_of(k)]}{number_of(k)}"


_BY_NAME = {name(k): k for k in range(KINDS)}


def parse(text: str) -> int:
    """The kind named by `text` (case-insensitive); `IllegalAction` otherwise.

    >>> parse("r7"), parse(" FJ ")
    (6, 52)
    """
    found = _BY_NAME.get(text.strip().upper())
    if found is None:
        raise IllegalAction(Reason(
            "okey.not_a_tile", "{text!r} is not a tile: write a colour R, Y, B or K and a "
            "number 1-13 (e.g. R7, K13), or FJ for a false joker", text=text.strip()))
    return found


def okey_for(indicator: int) -> int:
    """The okey (joker) shown by `indicator`: one higher in its colour, 13 wraps to 1;
    a false joker as indicator makes the false jokers the jokers (rulebook).

    >>> name(okey_for(parse("B5"))), name(okey_for(parse("R13"))), name(okey_for(FALSE_JOKER))
    ('B6', 'R1', 'FJ')
    """
    if indicator == FALSE_JOKER:
        return FALSE_JOKER
    return kind(colour_of(indicator), number_of(indicator) % NUMBERS + 1)


def counts_of(kinds: Iterable[int]) -> tuple[int, ...]:
    """Count vector of a list of kinds.

    >>> counts_of([0, 0, 52])[0], counts_of([0, 0, 52])[52]
    (2, 1)
    """
    out = [0] * KINDS
    for k in kinds:
        out[k] += 1
    return tuple(out)


def kinds_of(counts: Sequence[int]) -> list[int]:
    """The kinds of a count vector, each repeated by its count, in kind order.

    >>> kinds_of(counts_of([5, 1, 5]))
    [1, 5, 5]
    """
    return [k for k, c in enumerate(counts) if c for _ in range(c)]


def names(counts: Sequence[int]) -> list[str]:
    """Notation of every tile of a count vector, in kind order."""
    return [name(k) for k in kinds_of(counts)]
