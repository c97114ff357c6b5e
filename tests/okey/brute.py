"""Slow, obviously-correct references for the hand solver (tests only).

Tiles here are face kinds 0..51 (false jokers already turned into the okey's face);
wilds are counted apart.
"""

from __future__ import annotations

import functools
import itertools

from spieltisch.games.okey import tiles


def _positions(face: int) -> tuple[int, ...]:
    n = tiles.number_of(face)
    return (1, 14) if n == 1 else (n,)


def _run_cells(colour: int, start: int, end: int) -> list[int]:
    return [tiles.kind(colour, (p - 1) % 13 + 1) for p in range(start, end + 1)]


@functools.cache
def finishes(faces: tuple[int, ...], wilds: int) -> bool:
    """Whether the sorted faces plus `wilds` jokers split exactly into sets and runs."""
    if not faces:
        return wilds == 0
    first, rest = faces[0], list(faces[1:])
    colour, number = tiles.colour_of(first), tiles.number_of(first)
    melds: list[list[int]] = []
    for size in (3, 4):
        for cols in itertools.combinations(range(4), size):
            if colour in cols:
                melds.append([tiles.kind(c, number) for c in cols if c != colour])
    for pos in _positions(first):
        for start in range(1, 15):
            for end in range(start + 2, 15):
                if start <= pos <= end:
                    cells = _run_cells(colour, start, end)
                    cells.remove(first)
                    melds.append(cells)
    for others in melds:
        for k in range(min(wilds, len(others)) + 1):
            for jokers in itertools.combinations(range(len(others)), k):
                pool = list(rest)
                ok = True
                for i, face in enumerate(others):
                    if i in jokers:
                        continue
                    if face not in pool:
                        ok = False
                        break
                    pool.remove(face)
                if ok and finishes(tuple(pool), wilds - k):
                    return True
    return False


def _group_cost(group: tuple[int, ...]) -> int | None:
    """Size of the smallest meld holding these tiles, or None."""
    colours = {tiles.colour_of(f) for f in group}
    numbers = [tiles.number_of(f) for f in group]
    best = None
    if len(set(numbers)) == 1 and len(colours) == len(group) <= 4:
        best = max(3, len(group))
    if len(colours) == 1:
        for places in itertools.product(*(_positions(f) for f in group)):
            if len(set(places)) == len(places):
                cost = max(3, max(places) - min(places) + 1)
                best = cost if best is None else min(best, cost)
    return best


@functools.cache
def _completion(faces: tuple[int, ...]) -> int:
    """Smallest total meld size holding all these tiles."""
    if not faces:
        return 0
    first, rest = faces[0], faces[1:]
    best = 10**9
    for r in range(len(rest) + 1):
        for others in set(itertools.combinations(rest, r)):
            cost = _group_cost((first, *others))
            if cost is None:
                continue
            left = list(rest)
            for f in others:
                left.remove(f)
            best = min(best, cost + _completion(tuple(left)))
    return best


def missing(faces: tuple[int, ...], wilds: int) -> int:
    """Fewest tiles to exchange: 14 minus the most tiles (wilds included) that fit into
    melds of total size at most 14."""
    kept = 0
    for r in range(len(faces), -1, -1):
        if r + wilds <= 14 and any(_completion(tuple(sub)) <= 14
                                   for sub in set(itertools.combinations(faces, r))):
            kept = r
            break
    return 14 - min(14, kept + wilds)
