"""Laying a rack out: the solver's best melds, the tiles left over, the places to fill.

Used to show a rack sorted (terminal) and to reveal a winner's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.games.okey import solver, tiles


@dataclass(frozen=True)
class Meld:
    """One meld: ``kind`` "run" or "set"; ``slots`` in order, each a face kind, or
    ``("okey", face)`` for a wild standing there, or ``("missing", face)`` for a place
    still to fill (sets: any colour not present, shown as the first free one)."""

    kind: str
    slots: tuple[Any, ...]


@dataclass(frozen=True)
class Arrangement:
    """The solver's best layout of a rack: melds, tiles left over, tiles missing."""

    melds: tuple[Meld, ...]
    junk: list[str]
    missing: int
    spare_okeys: int
    """Wild okeys that no meld needed (they could extend any meld)."""


def _leaves(wit: Any) -> list[tuple[Any, Any]]:
    """The (tag, payload) leaves of a rack witness: ``"sets"`` with (number, masks), or a
    colour with the witness of its runs."""
    out = []
    stack = [wit]
    while stack:
        node = stack.pop()
        if not node:
            continue
        rest, tag, payload = node
        stack.append(rest)
        if tag == -1:
            stack.append(payload)
        else:
            out.append((tag, payload))
    return out


def _runs_of(wit: Any) -> list[tuple[int, ...]]:
    """The runs in one colour's witness; a run is a tuple of slots: +number real,
    -number to fill."""
    runs: list[tuple[int, ...]] = []
    while wit:
        wit, tag, chain = wit
        if tag[0] == "blocks":
            runs.extend(_decode_blocks(tag[1], chain))
        else:
            runs.extend(_decode_runs(tag[1], chain, tag[0]))
    return runs


def _decode_runs(y: Sequence[int], chain: Any, lo: int) -> list[tuple[int, ...]]:
    """Runs of a `_Solver.group_table` witness for a group starting at position `lo`."""
    steps = []
    while chain is not None:
        chain, i, t, k3 = chain
        steps.append((i, t, k3))
    steps.reverse()
    ones: list[list[int]] = []
    twos: list[list[int]] = []
    long: list[list[int]] = []
    done: list[tuple[int, ...]] = []
    for i, t, k3 in steps:
        number = (lo + i) % tiles.NUMBERS + 1
        u = min(y[i], t)
        slots = [number] * u + [-number] * (t - u)
        grown2 = [[*r, slots.pop()] for r in ones]
        grown3 = [[*r, slots.pop()] for r in twos]
        kept = [[*r, slots.pop()] for r in long[:k3]]
        done.extend(tuple(r) for r in long[k3:])
        ones, twos, long = [[s] for s in slots], grown2, grown3 + kept
    done.extend(tuple(r) for r in long)
    return done


def _decode_blocks(places: tuple[int, ...], chain: Any) -> list[tuple[int, ...]]:
    runs = []
    while chain is not None:
        chain, first, last = chain
        start, end = first, max(last, first + 2)
        if end > tiles.NUMBERS:
            start, end = tiles.NUMBERS - 2, tiles.NUMBERS
        runs.append(tuple((p % tiles.NUMBERS + 1) * (1 if first <= p <= last and p in places
                                                     else -1) for p in range(start, end + 1)))
    return runs


def arrange(key: solver.RackKey, okey_face: int | None = None) -> Arrangement:
    """The best layout of a rack into melds (most tiles kept, then fewest places to fill).

    Wilds fill missing places first. `okey_face` (the okey's face kind) lets the
    caller tell apart false jokers, which the key counts as that face.

    >>> key = solver.rack_key_of("R4 R6 B9 Y9 K2 K2", okey=tiles.parse("K2"))
    >>> [meld_names(m) for m in arrange(key).melds]
    [['R4', 'okey', 'R6'], ['Y9', 'B9', 'okey']]
    >>> arrange(key).missing
    8
    >>> tiles_text = "R1 R2 R3 B5 Y5 K5 R13 K7 K8 K9 K10 Y11 Y12 Y13 R4"
    >>> key = solver.rack_key_of(tiles_text, tiles.parse("B9"))
    >>> [meld_names(m) for m in arrange(key).melds]
    [['R1', 'R2', 'R3', 'R4'], ['Y5', 'B5', 'K5'], ['K7', 'K8', 'K9', 'K10'], ['Y11', 'Y12', 'Y13']]
    >>> arrange(key).junk
    ['R13']
    """
    melds: list[list[Any]] = []
    kinds: list[str] = []
    for colour, part in _leaves(solver.best_entry(key, traced=True)[2]):
        if colour == "sets":
            number, chosen = part
            for q in chosen:
                cols = [c for c in range(4) if q >> c & 1]
                slots: list[Any] = [tiles.kind(c, number) for c in cols]
                free = [c for c in range(4) if not q >> c & 1]
                slots.extend(("missing", tiles.kind(free[i], number))
                             for i in range(3 - len(cols)))
                melds.append(slots)
                kinds.append("set")
        else:
            for run in _runs_of(part):
                melds.append([tiles.kind(colour, s) if s > 0 else
                              ("missing", tiles.kind(colour, -s)) for s in run])
                kinds.append("run")
    wilds = key[4]
    for slots in melds:
        for j, slot in enumerate(slots):
            if wilds and isinstance(slot, tuple):
                slots[j] = ("okey", slot[1])
                wilds -= 1
    used = [0] * tiles.FACES
    for slots in melds:
        for slot in slots:
            if isinstance(slot, int):
                used[slot] += 1
    junk = []
    for k in range(tiles.FACES):
        have = key[k // tiles.NUMBERS] >> (2 * (k % tiles.NUMBERS)) & 3
        name = "FJ" if okey_face is not None and k == okey_face else tiles.name(k)
        junk.extend([name] * (have - used[k]))
    order = sorted(range(len(melds)), key=lambda i: _meld_order(kinds[i], melds[i]))
    done = tuple(Meld(kinds[i], tuple(melds[i])) for i in order)
    return Arrangement(done, junk, solver.missing(key), wilds)


def _meld_order(kind: str, slots: Sequence[Any]) -> tuple[int, int]:
    first = next(s if isinstance(s, int) else s[1] for s in slots)
    number = tiles.number_of(first)
    return (number, 0 if kind == "run" else 1)


def meld_names(meld: Meld, okey_face: int | None = None) -> list[str]:
    """Notation of a meld's slots: tile names (``FJ`` for `okey_face`), ``okey`` for wilds,
    ``?`` for places to fill."""
    return [("FJ" if s == okey_face else tiles.name(s)) if isinstance(s, int)
            else ("okey" if s[0] == "okey" else "?") for s in meld.slots]


def winning_melds(hand: Sequence[int], okey: int, pairs: bool) -> list[list[str]]:
    """The tiles of a winning rack (kinds) grouped as they win: its melds, or with `pairs`
    its seven pairs; a wild okey stands where it fills a place.

    >>> hand = [tiles.parse(t) for t in "R1 R2 R3 R4 B5 Y5 K6 FJ K7 K8 K9 Y11 Y12 Y13".split()]
    >>> winning_melds(hand, tiles.parse("K6"), pairs=False)
    [['R1', 'R2', 'R3', 'R4'], ['Y5', 'B5', 'K6'], ['FJ', 'K7', 'K8', 'K9'], ['Y11', 'Y12', 'Y13']]
    >>> winning_melds([tiles.parse(t) for t in "R1 R1 Y4 K2".split()], tiles.parse("K2"), True)
    [['R1', 'R1'], ['Y4', 'K2']]
    """
    face = okey if okey != tiles.FALSE_JOKER else None
    wild = tiles.name(okey)
    key = solver.rack_key(tiles.counts_of(hand), okey)
    if not pairs:
        arranged = arrange(key, okey_face=face)
        groups = [[wild if n == "okey" else n for n in meld_names(m, face)]
                  for m in arranged.melds]
        for _ in range(arranged.spare_okeys):  # a wild no meld needed joins one
            _join(groups, [m.kind for m in arranged.melds], wild)
        return groups + ([arranged.junk] if arranged.junk else [])
    groups, singles = [], []
    for k in range(tiles.FACES):
        have = key[k // tiles.NUMBERS] >> (2 * (k % tiles.NUMBERS)) & 3
        name = "FJ" if k == face else tiles.name(k)
        groups.extend([[name, name]] * (have // 2))
        singles.extend([name] * (have % 2))
    wilds = key[4]
    for name in singles:
        groups.append([name, wild] if wilds else [name])
        wilds = max(wilds - 1, 0)
    groups.extend([[wild, wild]] * (wilds // 2) + [[wild]] * (wilds % 2))
    return groups


def _join(groups: list[list[str]], kinds: list[str], wild: str) -> None:
    """Put a spare wild into a set of three, else at an end of a run that it extends."""
    sets = [g for g, kind in zip(groups, kinds, strict=True) if kind == "set" and len(g) < 4]
    if sets:
        sets[0].append(wild)
        return
    runs = [g for g, kind in zip(groups, kinds, strict=True) if kind == "run"]
    if not runs:
        groups.append([wild])
        return
    run = runs[-1]
    last = run[-1] if run[-1] not in ("FJ", wild) else None
    if last is not None and tiles.number_of(tiles.parse(last)) in (1, 13) and len(run) > 1:
        run.insert(0, wild)
    else:
        run.append(wild)
