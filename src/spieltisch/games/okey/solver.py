"""The Okey hand solver: does a rack finish, and how many tiles does it miss.

A rack is reduced to a `RackKey`: four colour patterns (2 bits per number, the
count 0..2 of that tile; a false joker counts as the okey's face) and the number
of wild okeys. *Tiles missing* is the fewest tiles to exchange until 14 tiles of
the rack form sets and runs: ``14 - kept`` for the most tiles that can be kept
in melds whose sizes add up to at most 14 (the other places are filled by the
wilds and by tiles still to come). A rack of 15 is measured after its best
discard, so ``missing(rack) == 0`` says that some discard finishes.

The search: runs live in one colour, so each colour pattern gets a memoised
Pareto table (meld size -> most tiles kept) over the positions 1..13 and 14 (the 1
after the 13): groups of tiles that no run bridges are solved apart, by a block
search when no tile is doubled (runs then never overlap) and by a small dynamic
programme over the positions otherwise. Sets tie colours together only at numbers
where two or more colours are present; the choices there are searched number by
number within each linked group of tiles, merging choices that leave the same
tiles to the colours still open, and the tables are combined by a max-plus
knapsack over the size budget of 14. Tables carry witnesses (the melds) only for
`spieltisch.games.okey.layout`; `missing` runs without them.

>>> key = rack_key_of("R1 R2 R3 B5 Y5 K5 R13 K7 K8 K9 K10 Y11 Y12 Y13 R4", okey=tiles.parse("B9"))
>>> missing(key), finishes(key)
(0, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from spieltisch.games.okey import tiles

BUDGET = 14
"""Tiles in a finished hand."""
RackKey = tuple[int, int, int, int, int]
"""Patterns of the four colours (2 bits per number) and the number of wild okeys."""

_LOW = sum(1 << (2 * i) for i in range(tiles.NUMBERS))
"""The low bit of every 2-bit number slot."""
_NUMBER_SLOT = tuple(3 << (2 * i) for i in range(tiles.NUMBERS))
_WRAP_REACH = sum(3 << (2 * (n - 1)) for n in (10, 11, 12, 13))
"""Numbers from which a run may reach the 1 after the 13."""
_SPAN_GAP = 4
"""Empty numbers that no run is worth bridging (each side is better alone)."""
_CACHE_LIMIT = 200_000

Entry = tuple[int, int, Any]
"""(meld size, tiles kept, witness) in a Pareto table. A witness is a tree of nodes
``(rest, tag, payload)``: tag ``(start, group)`` with a run chain, a colour with that
colour's runs, ``"sets"`` with ``(number, colour masks)``, or -1 with a sub-tree."""
Table = tuple[Entry, ...]

_EMPTY: Table = ((0, 0, ()),)


def rack_key(counts: Sequence[int], okey: int) -> RackKey:
    """The `RackKey` of a count vector over the 53 kinds, given the okey kind.

    >>> rack_key(tiles.counts_of([tiles.parse("R2"), tiles.FALSE_JOKER, 6]), okey=6)
    (4100, 0, 0, 0, 1)
    """
    pats = [0, 0, 0, 0]
    for k in range(tiles.FACES):
        c = counts[k]
        if c and k != okey:
            pats[k // tiles.NUMBERS] += c << (2 * (k % tiles.NUMBERS))
    fj = counts[tiles.FALSE_JOKER]
    if fj and okey != tiles.FALSE_JOKER:
        pats[okey // tiles.NUMBERS] += fj << (2 * (okey % tiles.NUMBERS))
    return pats[0], pats[1], pats[2], pats[3], counts[okey]


def rack_key_of(text: str, okey: int) -> RackKey:
    """The `RackKey` of tiles written out, e.g. ``"R1 R2 FJ"``.

    >>> rack_key_of("R1 R1 Y13", okey=tiles.parse("K2"))
    (2, 16777216, 0, 0, 0)
    """
    return rack_key(tiles.counts_of(tiles.parse(t) for t in text.split()), okey)


def size_of(key: RackKey) -> int:
    """Number of tiles in a rack key.

    >>> size_of(rack_key_of("R1 R1 Y13 FJ", okey=tiles.parse("K2")))
    4
    """
    total = key[4]
    for p in key[:4]:
        total += (p & _LOW).bit_count() + 2 * ((p >> 1) & _LOW).bit_count()
    return total


# --- Pareto tables ------------------------------------------------------------------------


def _sweep(slots: list[Entry | None]) -> Table:
    out = []
    best = -1
    for e in slots:
        if e is not None and e[1] > best:
            out.append(e)
            best = e[1]
    return tuple(out)


def _prune(cands: list[Entry]) -> Table:
    """The Pareto front: ascending size, strictly ascending kept, size within the budget."""
    slots: list[Entry | None] = [None] * (BUDGET + 1)
    for e in cands:
        s = e[0]
        if s <= BUDGET:
            old = slots[s]
            if old is None or e[1] > old[1]:
                slots[s] = e
    return _sweep(slots)


_RUN_STATES = tuple((a1, a2, a3) for a1 in range(3) for a2 in range(3) for a3 in range(3)
                    if a1 + a2 + a3 <= 2)
"""Open runs of length 1, 2 and >= 3 through a position (at most 2, one per copy)."""
_CLOSED = tuple(i for i, (a1, a2, _) in enumerate(_RUN_STATES) if a1 == 0 and a2 == 0)


def _transitions() -> tuple[tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], ...], ...]:
    """[state][tiles here][may start] -> (next state, runs here, real tiles used, long runs
    kept open)."""
    index = {st: i for i, st in enumerate(_RUN_STATES)}
    table = []
    for a1, a2, a3 in _RUN_STATES:
        by_x = []
        for x in range(3):
            by_start = []
            for may_start in (False, True):
                moves = []
                must = a1 + a2
                for t in range(must, 3):
                    extra = t - must
                    for k3 in range(min(a3, extra) + 1):
                        if extra > k3 and not may_start:
                            continue
                        moves.append((index[extra - k3, a1, a2 + k3], t, min(x, t), k3))
                by_start.append(tuple(moves))
            by_x.append(tuple(by_start))
        table.append(tuple(by_x))
    return tuple(table)


_TRANSITIONS = _transitions()

SetOption = tuple[tuple[int, int, int, int], int, int, tuple[int, ...]]
"""(tiles removed per colour, size, kept, colour masks of the sets)."""


def _set_options(counts: tuple[int, ...]) -> tuple[SetOption, ...]:
    """Ways to take sets (at least two real tiles each) from one number's colour counts."""
    present = [c for c in range(4) if counts[c]]
    masks = [sum(1 << c for c in combo) for r in range(2, 5)
             for combo in itertools.combinations(present, r)]
    out: list[SetOption] = [((0, 0, 0, 0), 0, 0, ())]
    for i, q1 in enumerate(masks):
        for q2 in (None, *masks[i:]):
            chosen = (q1,) if q2 is None else (q1, q2)
            r0, r1, r2, r3 = (sum(q >> c & 1 for q in chosen) for c in range(4))
            removed = (r0, r1, r2, r3)
            if any(removed[c] > counts[c] for c in range(4)):
                continue
            sizes = [max(3, q.bit_count()) for q in chosen]
            out.append((removed, sum(sizes), sum(removed), chosen))
    return tuple(out)


_SET_OPTIONS = {
    counts: _set_options(counts) for counts in itertools.product(range(3), repeat=4)
}


def _groups(y: Sequence[int]) -> list[tuple[int, int]]:
    """(first, last) positions of the groups of `y` that no run connects (gap >= 4)."""
    out: list[tuple[int, int]] = []
    last = -_SPAN_GAP - 1
    for i, c in enumerate(y):
        if c:
            if i - last - 1 >= _SPAN_GAP:
                out.append((i, i))
            else:
                out[-1] = (out[-1][0], i)
            last = i
    return out


def _segments(pattern: int) -> list[int]:
    """Masks of the groups of one colour's tiles that no run connects (gap >= 4,
    with the 1 joined to 10..13 through the 1 after the 13)."""
    groups: list[int] = []
    last = -_SPAN_GAP - 1
    for i in range(tiles.NUMBERS):
        if pattern >> (2 * i) & 3:
            if i - last - 1 >= _SPAN_GAP:
                groups.append(0)
            groups[-1] |= _NUMBER_SLOT[i]
            last = i
    if len(groups) > 1 and groups[0] & 3 and groups[-1] & _WRAP_REACH:
        groups[0] |= groups.pop()
    return groups


class _Solver:
    """The memoised tables. With `trace`, entries carry witnesses (for `arrange`); without,
    the witness is None and the search runs much faster (for `missing`)."""

    def __init__(self, trace: bool) -> None:
        self.trace = trace
        self.groups: dict[tuple[int, ...], Table] = {}
        self.singles: dict[tuple[int, ...], Table] = {}
        self.patterns: dict[int, Table] = {}
        self.components: dict[tuple[int, ...], Table] = {}
        self.racks: dict[tuple[int, int, int, int], Table] = {}

    def clear(self) -> None:
        for cache in (self.groups, self.singles, self.patterns, self.components, self.racks):
            cache.clear()

    def _store(self, cache: dict[Any, Table], key: Any, table: Table) -> Table:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        cache[key] = table
        return table

    def combine(self, a: Table, b: Table, tag: Any) -> Table:
        """Max-plus knapsack of two tables within the budget; `tag` labels `b`'s witnesses."""
        trace = self.trace
        if len(b) == 1:
            sb, kb, wb = b[0]
            return tuple((sa + sb, ka + kb, (wa, tag, wb) if trace else None)
                         for sa, ka, wa in a if sa + sb <= BUDGET)
        slots: list[Entry | None] = [None] * (BUDGET + 1)
        for sa, ka, wa in a:
            room = BUDGET - sa
            for sb, kb, wb in b:
                if sb > room:
                    break
                s = sa + sb
                old = slots[s]
                if old is None or ka + kb > old[1]:
                    slots[s] = (s, ka + kb, (wa, tag, wb) if trace else None)
        return _sweep(slots)

    def group_table(self, y: tuple[int, ...]) -> Table:
        """Partial runs over a group of one colour's positions (room included) that holds
        a doubled tile.

        At each position t runs pass; they use min(t, tiles there) real tiles, the rest
        are places to fill. A run only starts where a real tile lies within its first
        three places (leading places to fill would be wasted). Witness: a chain
        (previous, position, t, long runs kept open).
        """
        table = self.groups.get(y)
        if table is not None:
            return table
        trace = self.trace
        cur: dict[int, Table] = {0: ((0, 0, None),)}
        last = len(y) - 1
        for i, x in enumerate(y):
            may_start = 1 if x or (i < last and y[i + 1]) or (i + 1 < last and y[i + 2]) else 0
            nxt: dict[int, list[Entry]] = {}
            for state, entries in cur.items():
                for ns, t, u, k3 in _TRANSITIONS[state][x][may_start]:
                    bucket = nxt.get(ns)
                    if bucket is None:
                        bucket = nxt[ns] = []
                    for size, kept, wit in entries:
                        bucket.append((size + t, kept + u, (wit, i, t, k3) if trace else None))
            cur = {st: _prune(v) for st, v in nxt.items()}
        ends: list[Entry] = []
        for st in _CLOSED:
            ends.extend(cur.get(st, ()))
        return self._store(self.groups, y, _prune(ends))

    def single_table(self, places: tuple[int, ...]) -> Table:
        """Partial runs of one colour's group without a doubled tile: they never need to
        overlap (the union of two overlapping runs keeps as much and is no longer), so
        each keeps a block of consecutive tiles and costs max(3, span). Witness chain:
        (rest, first, last)."""
        table = self.singles.get(places)
        if table is not None:
            return table
        trace = self.trace
        m = len(places)
        tails: list[Table] = [()] * m + [((0, 0, None),)]
        for i in range(m - 1, -1, -1):
            cands = list(tails[i + 1])
            first = places[i]
            for j in range(i, m):
                cost = max(3, places[j] - first + 1)
                if cost > BUDGET:
                    break
                gain = j - i + 1
                for size, kept, wit in tails[j + 1]:
                    if size + cost <= BUDGET:
                        cands.append((size + cost, kept + gain,
                                      (wit, first, places[j]) if trace else None))
            tails[i] = _prune(cands)
        return self._store(self.singles, places, tails[0])

    def pattern_table(self, pattern: int) -> Table:
        """Pareto table of one colour's tiles laid out in runs.

        The positions are 1..13 and the 1 after the 13; each split of the 1s between the
        two ends is tried when a run could reach the late 1.
        """
        table = self.patterns.get(pattern)
        if table is not None:
            return table
        x = [(pattern >> (2 * i)) & 3 for i in range(tiles.NUMBERS)]
        ones = x[0]
        splits = range(ones + 1) if ones and pattern & _WRAP_REACH else range(1)
        cands: list[Entry] = []
        for late in splits:
            y = [*x, late]
            y[0] -= late
            acc: Table = _EMPTY
            for first, last in _groups(y):
                lo, hi = max(0, first - 2), min(tiles.NUMBERS, last + 2)
                part = tuple(y[lo:hi + 1])
                if 2 in part:
                    acc = self.combine(acc, self.group_table(part), (lo, part))
                else:
                    places = tuple(lo + i for i, c in enumerate(part) if c)
                    acc = self.combine(acc, self.single_table(places), ("blocks", places))
            cands.extend(acc)
        return self._store(self.patterns, pattern, _prune(cands))

    def component_table(self, pats: tuple[int, ...], numbers: list[int]) -> Table:
        """Pareto table of tiles linked by possible sets at `numbers`.

        Number by number, every set choice is tried; a colour's runs table joins as
        soon as no later number can take tiles from it, and choices that leave the
        same tiles to the colours still open merge into one Pareto table.
        """
        table = self.components.get(pats)
        if table is not None:
            return table
        trace = self.trace
        steps = []
        seen_at = [-1, -1, -1, -1]
        for depth, n in enumerate(numbers):
            shift = 2 * (n - 1)
            counts = tuple(p >> shift & 3 for p in pats)
            steps.append((shift, n, _SET_OPTIONS[counts]))
            for c in range(4):
                if counts[c]:
                    seen_at[c] = depth
        level: dict[tuple[int, ...], Table] = {tuple(pats): _EMPTY}
        for depth, (shift, number, opts) in enumerate(steps):
            done = [c for c in range(4) if seen_at[c] == depth]
            still = [seen_at[c] > depth for c in range(4)]
            merged: dict[tuple[int, ...], list[Entry]] = {}
            for rest, acc in level.items():
                for removed, size, kept, chosen in opts:
                    now = acc
                    left = rest
                    if kept:
                        leaf = (number, chosen)
                        now = tuple((s + size, k + kept, (w, "sets", leaf) if trace else None)
                                    for s, k, w in now if s + size <= BUDGET)
                        if not now:
                            continue
                        left = tuple(rest[c] - (removed[c] << shift) for c in range(4))
                    for c in done:
                        if left[c]:
                            now = self.combine(now, self.pattern_table(left[c]), c)
                    key = tuple(left[c] if still[c] else 0 for c in range(4))
                    bucket = merged.get(key)
                    if bucket is None:
                        merged[key] = list(now)
                    else:
                        bucket.extend(now)
            level = {key: _prune(entries) for key, entries in merged.items()}
        cands = [e for entries in level.values() for e in entries]
        return self._store(self.components, pats, _prune(cands))

    def rack_table(self, pats: tuple[int, int, int, int]) -> Table:
        """Pareto table of a rack's real tiles (wilds not counted)."""
        table = self.racks.get(pats)
        if table is None:
            table = self._store(self.racks, pats, self._rack_table(pats))
        return table

    def _rack_table(self, pats: tuple[int, int, int, int]) -> Table:
        pres = [(p | p >> 1) & _LOW for p in pats]
        p0, p1, p2, p3 = pres
        shared = (p0 & (p1 | p2 | p3)) | (p1 & (p2 | p3)) | (p2 & p3)
        acc = _EMPTY
        if not shared:
            for c, p in enumerate(pats):
                if p:
                    acc = self.combine(acc, self.pattern_table(p), c)
            return acc
        # Union-find over (colour, group) nodes, joined at numbers where sets are possible.
        nodes: list[tuple[int, int]] = []
        for c in range(4):
            nodes.extend((c, g) for g in _segments(pats[c]))
        parent = list(range(len(nodes)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        numbers = [n for n in range(1, tiles.NUMBERS + 1) if shared >> (2 * (n - 1)) & 1]
        for n in numbers:
            slot = _NUMBER_SLOT[n - 1]
            members = [i for i, (c, g) in enumerate(nodes) if g & slot and pats[c] & slot]
            for other in members[1:]:
                parent[root(other)] = root(members[0])
        linked: dict[int, list[int]] = {}
        for i in range(len(nodes)):
            linked.setdefault(root(i), []).append(i)
        for members in linked.values():
            masks = [0, 0, 0, 0]
            for i in members:
                c, g = nodes[i]
                masks[c] |= g
            part = (pats[0] & masks[0], pats[1] & masks[1], pats[2] & masks[2],
                    pats[3] & masks[3])
            mine = [n for n in numbers if sum(1 for p in part if p & _NUMBER_SLOT[n - 1]) > 1]
            if mine:
                acc = self.combine(acc, self.component_table(part, mine), -1)
            else:
                c = nodes[members[0]][0]
                acc = self.combine(acc, self.pattern_table(part[c]), c)
        return acc


_FAST = _Solver(trace=False)
_TRACED = _Solver(trace=True)


def clear_caches() -> None:
    """Forget every memoised table (for cold-start measurements)."""
    _FAST.clear()
    _TRACED.clear()


def pattern_table(pattern: int) -> Table:
    """Pareto table ``(size, kept, _)`` of one colour's tiles (2-bit pattern) laid out in runs.

    >>> [(s, k) for s, k, _ in pattern_table(0b010101)]  # 1, 2, 3 of one colour
    [(0, 0), (3, 3)]
    >>> [(s, k) for s, k, _ in pattern_table(1 | 1 << 8)]  # 1 and 5: one run 1..5 keeps both
    [(0, 0), (3, 1), (5, 2)]
    """
    return _FAST.pattern_table(pattern)


def _best(key: RackKey, solver: _Solver = _FAST) -> Entry:
    """The entry keeping the most tiles once the wilds take their places."""
    wilds = key[4]
    best: Entry = (0, 0, ())
    for entry in solver.rack_table((key[0], key[1], key[2], key[3])):
        size, kept, _ = entry
        if size <= BUDGET and kept + wilds <= BUDGET and kept > best[1]:
            best = entry
    return best


def missing(key: RackKey) -> int:
    """Fewest tiles to exchange until 14 tiles of the rack form sets and runs.

    For a rack of 15 this is after its best discard, so 0 means it can finish.

    >>> okey = tiles.parse("K2")
    >>> missing(rack_key_of("R12 R13 R1 Y4 B4 K4 Y7 Y8 K2 B10 B11 B12 B13 K2", okey))
    0
    >>> missing(rack_key_of("R13 R1 R2 Y4 B4 K4 Y7 Y8 Y9 B10 B11 B12 B13 K9", okey))
    2
    """
    return BUDGET - min(BUDGET, _best(key)[1] + key[4])


def finishes(key: RackKey) -> bool:
    """Whether a rack of 14 forms sets and runs (or a rack of 15 does after one discard)."""
    return not quick_reject(key) and missing(key) == 0


def quick_reject(key: RackKey) -> bool:
    """A fast sufficient test that a rack of 14 or 15 cannot finish: more tiles than the
    one discard allows have no possible partner in any meld.

    >>> quick_reject(rack_key_of("R1 Y5 B9 K13 R3 R7 R11 Y1 Y9 B2 B6 K4 K8 K11", 0))
    True
    """
    wilds = key[4]
    if wilds >= 2:
        return False
    pats = key[:4]
    pres = [(p | p >> 1) & _LOW for p in pats]
    allowed = size_of(key) - BUDGET
    lonely = 0
    for c in range(4):
        here = pres[c]
        if not here:
            continue
        near = (here << 2 | here >> 2) & _LOW
        if here & 1:
            near |= 1 << 24
        if here >> 24 & 1:
            near |= 1
        if wilds:
            near |= (here << 4 | here >> 4) & _LOW
            if here & 1:
                near |= 1 << 22
            if here >> 22 & 1:
                near |= 1
        others = pres[(c + 1) % 4] | pres[(c + 2) % 4] | pres[(c + 3) % 4]
        alone = here & ~(near | others)
        if alone:
            lonely += alone.bit_count() + (alone & (pats[c] >> 1)).bit_count()
            if lonely > allowed:
                return True
    return False


def pairs_missing(key: RackKey) -> int:
    """Fewest tiles to exchange until 14 tiles form seven pairs (a wild pairs with anything).

    >>> okey = tiles.parse("K2")
    >>> pairs_missing(rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K12 K13", okey))
    1
    >>> pairs_missing(rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K2", okey))
    0
    >>> pairs_missing(rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K13 R4", okey))
    0
    """
    doubles = singles = 0
    for p in key[:4]:
        two = (p >> 1) & _LOW
        doubles += two.bit_count()
        singles += (p & _LOW & ~two).bit_count()
    wilds = key[4]
    kept = 2 * min(doubles, 7)
    room = 7 - min(doubles, 7)
    matched = min(wilds, singles, room)
    kept += 2 * matched
    room -= matched
    spare = wilds - matched
    pairs = min(spare // 2, room)
    kept += 2 * pairs
    room -= pairs
    kept += min(singles - matched + spare - 2 * pairs, room)
    return BUDGET - kept


def best_entry(key: RackKey, traced: bool = False) -> Entry:
    """The rack table entry keeping the most tiles once the wilds take their places; with
    `traced` its witness tells the melds (see `spieltisch.games.okey.layout`)."""
    return _best(key, _TRACED if traced else _FAST)
