"""The public position of Irono Ofubi prepared for the bots: what each placement gains."""

from __future__ import annotations

from spieltisch.games.irono.board import (
    BUNT_BONUS,
    COLOURS,
    EMPTY,
    FIELD_LINES,
    LINES,
    SELLOUT_BONUS,
    SIDE,
    WEIGHT,
    colour_bit,
)
from spieltisch.games.irono.rules import IronoState

_NLINES = len(LINES)


class Position:
    """The public position prepared for fast gains: stones per line and colour, the
    supplies and the point difference (seat 0 minus seat 1, whole match)."""

    __slots__ = ("counts", "diff", "guess_size", "hider", "mask", "own", "supply")

    def __init__(self, state: IronoState) -> None:
        self.counts = [0] * (2 * COLOURS * _NLINES)
        """Index ``(seat * 6 + colour) * 10 + line``: that seat's stones of that colour."""
        self.own = [0] * (2 * _NLINES)
        """Index ``seat * 10 + line``: that seat's stones in the line."""
        self.mask = [0] * (2 * _NLINES)
        """Index ``seat * 10 + line``: colours of that seat's stones in the line."""
        for f, stone in enumerate(state.board):
            if stone != EMPTY:
                seat, colour = divmod(stone, COLOURS)
                for line in FIELD_LINES[f]:
                    self.counts[stone * _NLINES + line] += 1
                    self.own[seat * _NLINES + line] += 1
                    self.mask[seat * _NLINES + line] |= colour_bit(colour)
        self.supply = state.supply
        scores = state.scores()
        self.diff = scores[0] - scores[1]
        self.hider = state.hider
        self.guess_size = state.guess_size

    def gain(self, seat: int, colour: int, field: int) -> int:
        """Points `seat` gains by placing `colour` on the empty `field` (bonuses included).

        >>> from spieltisch import load
        >>> Position(load("irono", start="A").new_initial_state()).gain(0, 5, 0)
        6
        """
        counts, own, mask = self.counts, self.own, self.mask
        base = (seat * COLOURS + colour) * _NLINES
        weight = WEIGHT[colour]
        gained = 0
        for line in FIELD_LINES[field]:
            gained += weight * (2 * counts[base + line] + 1)
            if own[seat * _NLINES + line] == SIDE - 1:
                m = mask[seat * _NLINES + line]
                if not m >> colour & 1 and m.bit_count() == SIDE - 1:
                    gained += BUNT_BONUS
        if self.supply[seat * COLOURS + colour] == 1:
            gained += SELLOUT_BONUS
        return gained
