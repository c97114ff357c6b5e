"""The hand solver: meld rules at every edge, against slow references."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spieltisch.games.okey import layout, solver, tiles

from . import brute

OKEY_B6 = tiles.parse("B6")


def missing(text: str, okey: int = OKEY_B6) -> int:
    return solver.missing(solver.rack_key_of(text, okey))


def finishes(text: str, okey: int = OKEY_B6) -> bool:
    return solver.finishes(solver.rack_key_of(text, okey))


BASE = "R1 R2 R3 Y4 Y5 Y6 K7 K8 K9"
"""Nine tiles in melds; the tests add five more."""


@pytest.mark.parametrize(("rest", "ok"), [
    ("R11 R12 R13 K1 K1", False),
    ("Y11 Y12 Y13 Y1 K13", False),
    ("Y11 Y12 Y13 Y1 Y2", False),     # 13-1-2 is no run, nor is 12-13-1-2
    ("K12 K13 K1 R5 R5", False),
    ("R10 R11 R12 R13 R1", True),     # 10-11-12-13-1
    ("B12 B13 B1 K11 K12", False),
    ("B11 B12 B13 B1 R4", True),      # 11-12-13-1, and R4 joins R1 R2 R3
])
def test_wrap_allows_one_after_thirteen_only(rest: str, ok: bool) -> None:
    assert finishes(f"{BASE} {rest}") is ok


def test_twelve_thirteen_one_finishes_and_thirteen_one_two_does_not() -> None:
    assert finishes("R12 R13 R1 Y4 B4 K4 Y7 Y8 Y9 K10 K11 K12 K13 R4")
    assert not finishes("R13 R1 R2 Y4 B4 K4 Y7 Y8 Y9 K10 K11 K12 K13 R4")
    assert finishes("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1")  # the whole colour, 1


def test_set_needs_different_colours_and_at_most_four() -> None:
    assert finishes("R5 Y5 K5 B5 R9 Y9 K9 R1 R2 R3 Y11 Y12 Y13 B9")
    assert not finishes("R5 Y5 K5 B5 R9 Y9 K9 R1 R2 R3 Y11 Y12 Y13 K13")
    assert not finishes("R5 R5 Y5 R9 Y9 K9 R1 R2 R3 Y11 Y12 Y13 B11 B12")  # R5 R5 Y5
    assert finishes("R5 Y5 K5 R9 Y9 K9 R1 R2 R3 Y11 Y12 Y13 B9 B5")
    assert missing("R5 Y5 K5 B5 Y5 R1 R2 R3 Y11 Y12 Y13 K11 K12 K13") == 1  # 5 fives


def test_two_copies_make_two_sets_or_two_runs() -> None:
    assert finishes("R5 Y5 K5 R5 Y5 K5 R1 R2 R3 R1 R2 R3 R4 R4")
    assert finishes("R1 R2 R3 R1 R2 R3 R4 R5 R6 R4 R5 R6 R7 R7")
    assert not finishes("R5 Y5 K5 R5 Y5 K5 R1 R2 R3 R1 R2 R3 Y1 Y2")


def test_okey_is_wild_and_may_stand_for_itself() -> None:
    assert finishes("B5 B6 B7 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 R13") is False
    assert finishes("B5 B6 B7 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")       # B6 as itself
    assert finishes("B6 R5 K5 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")       # B6 as Y5/B5
    assert finishes("B6 B6 R9 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")       # R9 + two wilds
    assert finishes("B6 B6 R2 R4 R6 R7 R8 Y4 Y5 Y6 K7 K8 K9 K10")        # two gaps filled
    assert not finishes("B6 R9 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11 Y1")


def test_false_joker_stands_for_the_okey_face_only() -> None:
    assert finishes("B5 FJ B7 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")       # FJ = B6
    assert finishes("FJ Y6 K6 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")       # set of 6s
    assert not finishes("FJ R5 K5 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11")   # FJ is no wild
    assert finishes("FJ FJ R9 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11") is False


def test_false_joker_indicator_makes_the_false_joker_wild() -> None:
    okey = tiles.okey_for(tiles.FALSE_JOKER)
    assert okey == tiles.FALSE_JOKER
    assert finishes("FJ R5 K5 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11", okey)
    assert not finishes("B6 R5 K5 R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 K11", okey)


def test_fifteen_tiles_measure_after_the_best_discard() -> None:
    assert missing("R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 R12 R13 R11 B2 Y7") == 0
    assert missing("R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 R12 R13 R11 B2") == 1
    assert missing("R1 R2 R3 Y4 Y5 Y6 K7 K8 K9 K10 R12 R13 B1 B2") == 2


def test_seven_pairs() -> None:
    okey = tiles.parse("K2")
    key = solver.rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K13", okey)
    assert solver.pairs_missing(key) == 0
    key = solver.rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K2", okey)
    assert solver.pairs_missing(key) == 0                     # the okey pairs with K13
    key = solver.rack_key_of("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 K12 K13 B8", okey)
    assert solver.pairs_missing(key) == 2


def test_quick_reject_is_only_a_shortcut() -> None:
    key = solver.rack_key_of("R1 Y5 B9 K13 R3 R7 R11 Y1 Y9 B2 B6 K4 K8 K11", 0)
    assert solver.quick_reject(key) and solver.missing(key) > 0
    assert not solver.quick_reject(solver.rack_key_of(
        "R12 R13 R1 Y4 B4 K4 Y7 Y8 Y9 K10 K11 K12 K13 R4", OKEY_B6))


def _sample_finishing(rng: random.Random) -> tuple[tuple[int, ...], int]:
    while True:
        faces: list[int] = []
        while len(faces) < 14:
            if rng.random() < 0.6:
                c, a, length = rng.randrange(4), rng.randint(1, 12), rng.randint(3, 6)
                faces += [tiles.kind(c, (p - 1) % 13 + 1) for p in range(a, min(a + length, 15))]
            else:
                cols = rng.sample(range(4), rng.choice([3, 4]))
                n = rng.randint(1, 13)
                faces += [tiles.kind(c, n) for c in cols]
        wilds = rng.choice([0, 0, 1, 2])
        faces = faces[:14 - wilds]
        if rng.random() < 0.4:
            faces[rng.randrange(len(faces))] = rng.randrange(52)
        if max(Counter(faces).values()) <= 2:
            return tuple(sorted(faces)), wilds


def _key(faces: tuple[int, ...], wilds: int) -> solver.RackKey:
    counts = list(tiles.counts_of(faces))
    counts[tiles.FALSE_JOKER] = wilds
    return solver.rack_key(counts, tiles.FALSE_JOKER)


def test_finishing_agrees_with_exhaustive_search() -> None:
    rng = random.Random(7)
    verdicts = Counter()
    for _ in range(150):
        faces, wilds = _sample_finishing(rng)
        expected = brute.finishes(faces, wilds)
        verdicts[expected] += 1
        key = _key(faces, wilds)
        assert (solver.missing(key) == 0) is expected, ([tiles.name(f) for f in faces], wilds)
        if expected:
            assert not solver.quick_reject(key)
    assert verdicts[True] > 30 and verdicts[False] > 30


def test_tiles_missing_agrees_with_subset_enumeration() -> None:
    rng = random.Random(8)
    box = [f for f in range(52) for _ in range(2)]
    for _ in range(60):
        faces = tuple(sorted(rng.sample(box, rng.randint(6, 9))))
        wilds = rng.choice([0, 0, 1, 2])
        assert solver.missing(_key(faces, wilds)) == brute.missing(faces, wilds), (
            [tiles.name(f) for f in faces], wilds)


def test_arrangement_is_valid_and_counts_the_missing_places() -> None:
    rng = random.Random(9)
    box = [k for k in range(tiles.KINDS) for _ in range(2)]
    for i in range(80):
        rng.shuffle(box)
        okey = rng.randrange(52)
        key = solver.rack_key(tiles.counts_of(box[:14 + i % 2]), okey)
        arranged = layout.arrange(key, okey_face=okey)
        real = 0
        size = 0
        for meld in arranged.melds:
            faces = [s if isinstance(s, int) else s[1] for s in meld.slots]
            real += sum(isinstance(s, int) for s in meld.slots)
            size += len(faces)
            numbers = [tiles.number_of(f) for f in faces]
            if meld.kind == "set":
                assert len(set(numbers)) == 1 and 3 <= len(faces) <= 4
                assert len({tiles.colour_of(f) for f in faces}) == len(faces)
            else:
                assert len({tiles.colour_of(f) for f in faces}) == 1 and len(faces) >= 3
                first = numbers[0]
                assert numbers == [(first - 1 + j) % 13 + 1 for j in range(len(faces))]
                assert first + len(faces) - 1 <= 14
        assert size <= 14
        assert arranged.missing == 14 - min(14, real + key[4])
        assert real + len(arranged.junk) == solver.size_of(key) - key[4]
