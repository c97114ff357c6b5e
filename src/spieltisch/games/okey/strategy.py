"""What an Okey bot sees and how it rates racks: only its own rack and public tiles.

`Outlook` gathers, from one seat's side, the own rack, the okey, the tiles that seat
cannot see (`unseen`: the box less its rack, every discard, the indicator and the
tiles others were seen to take) and what the next player is known to collect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spieltisch.games.okey import solver, tiles
from spieltisch.games.okey.rules import OkeyState

Counts = tuple[int, ...]


@dataclass(frozen=True)
class Outlook:
    """One seat's knowledge at its turn."""

    rack: Counts
    okey: int
    unseen: Counts
    pairs_allowed: bool
    next_known: tuple[int, ...]
    """Tiles the next player took from discards and still holds."""
    next_discards: tuple[int, ...]

    @classmethod
    def of(cls, state: OkeyState, seat: int) -> Outlook:
        """The outlook of `seat` (reads nothing that seat cannot see)."""
        unseen = list(tiles.FULL_SET)
        for k, c in enumerate(state.racks[seat]):
            unseen[k] -= c
        for pile in state.discards:
            for k in pile:
                unseen[k] -= 1
        if state.indicator >= 0:
            unseen[state.indicator] -= 1
        for s, known in enumerate(state.known):
            if s != seat:
                for k in known:
                    unseen[k] -= 1
        nxt = state.game.next_seat(seat)
        return cls(state.racks[seat], state.okey, tuple(unseen),
                   state.game.options.seven_pairs, state.known[nxt], state.discards[nxt])

    def key(self, rack: Counts) -> solver.RackKey:
        """`rack` as the solver reads it, with this round's okey."""
        return solver.rack_key(rack, self.okey)

    def missing(self, rack: Counts) -> int:
        """Tiles missing from `rack` (seven pairs counted where they win)."""
        key = self.key(rack)
        m = solver.missing(key)
        if self.pairs_allowed:
            m = min(m, solver.pairs_missing(key))
        return m

    def outs(self, rack: Counts, need: int | None = None,
             out_of_time: Callable[[], bool] | None = None) -> float:
        """Share of the unseen tiles that would bring a rack of 14 closer to finishing
        (counted so far, if `out_of_time` says so before the end)."""
        m = self.missing(rack) if need is None else need
        total = sum(self.unseen)
        if not total or m == 0:
            return 0.0
        good = 0
        grown = list(rack)
        for k, c in enumerate(self.unseen):
            if out_of_time is not None and out_of_time():
                break
            if c and _near(rack, k, self.okey):
                grown[k] += 1
                if self.missing(tuple(grown)) < m:
                    good += c
                grown[k] -= 1
        return good / total

    def danger(self, tile: int) -> float:
        """How much discarding `tile` may help the next player, from the tiles it took
        (each near one counts) and discarded (a tile it threw away is safe)."""
        if tile == self.okey:
            return 10.0
        if tile in self.next_discards:
            return 0.0
        risk = 0.0
        for t in self.next_known:
            risk += _related(tile, t, self.okey)
        return risk


def _related(a: int, b: int, okey: int) -> float:
    """1 if two tiles can share a meld closely (same face, set partners, run neighbours)."""
    if a == tiles.FALSE_JOKER:
        a = okey
    if b == tiles.FALSE_JOKER:
        b = okey
    if a >= tiles.FACES or b >= tiles.FACES:
        return 0.0
    if tiles.number_of(a) == tiles.number_of(b):
        return 1.0
    if tiles.colour_of(a) == tiles.colour_of(b):
        return 1.0 if _run_gap(tiles.number_of(a), tiles.number_of(b)) <= 2 else 0.0
    return 0.0


def _run_gap(x: int, y: int) -> int:
    """How far apart two numbers of one colour lie in a run: the 1 may also follow the
    13, and nothing follows that 1.

    >>> _run_gap(3, 5), _run_gap(12, 1), _run_gap(13, 2)
    (2, 2, 11)
    """
    low, high = sorted((x, y))
    if low == 1:
        return min(high - low, 14 - high)
    return high - low


_NUMBERS = range(1, tiles.NUMBERS + 1)
_NEIGHBOURS = {number: tuple(n for n in _NUMBERS if 0 < _run_gap(n, number) <= 3)
               for number in _NUMBERS}
"""For each number, the numbers of its colour within three places of it in a run."""


def _near(rack: Sequence[int], k: int, okey: int) -> bool:
    """Whether a new tile `k` could join anything on the rack (wilds always can)."""
    if k == okey or k == tiles.FALSE_JOKER or rack[k]:
        return True
    colour, number = tiles.colour_of(k), tiles.number_of(k)
    for c in range(4):
        if c != colour and rack[tiles.kind(c, number)]:
            return True
    return any(rack[tiles.kind(colour, n)] for n in _NEIGHBOURS[number])


def without(rack: Counts, tile: int) -> Counts:
    """`rack` less one `tile`."""
    out = list(rack)
    out[tile] -= 1
    return tuple(out)


def with_tile(rack: Counts, tile: int) -> Counts:
    """`rack` plus one `tile`."""
    out = list(rack)
    out[tile] += 1
    return tuple(out)
