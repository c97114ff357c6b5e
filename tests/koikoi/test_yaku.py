"""Every yaku at its threshold and above, in both presets."""

from __future__ import annotations

import random

import pytest

from spieltisch.games.koikoi.cards import (
    ANIMALS,
    CARDS,
    PLAINS,
    RIBBONS,
    SAKE_CUP,
    cards_of,
    mask_of,
)
from spieltisch.games.koikoi.options import Rules, make_rules
from spieltisch.games.koikoi.yaku import hand_yaku, month_value, yaku_list, yaku_points

from .helpers import ids

SEED = make_rules()
NINTENDO = make_rules(preset="nintendo")


def yaku(codes: str, flower: int = 5, rules: Rules = SEED) -> dict[str, int]:
    found = dict(yaku_list(mask_of(ids(codes)), flower, rules))
    assert sum(found.values()) == yaku_points(mask_of(ids(codes)), flower, rules)
    return found


def first(mask: int, n: int, skip: int = 0) -> str:
    return " ".join(CARDS[c].code for c in cards_of(mask & ~skip)[:n])


@pytest.mark.parametrize(("n", "points"), [(9, 0), (10, 1), (11, 2), (14, 5)])
def test_kasu_ten_plain_cards_and_one_more_point_each(n: int, points: int) -> None:
    assert yaku(first(PLAINS, n)).get("kasu", 0) == points


@pytest.mark.parametrize(("n", "points"), [(4, 0), (5, 1), (6, 2)])
def test_tanzaku_five_ribbons(n: int, points: int) -> None:
    plain_red = "4r 5r 7r 11r 6r 9r"
    assert yaku(" ".join(plain_red.split()[:n])).get("tanzaku", 0) == points


@pytest.mark.parametrize(("n", "points"), [(4, 0), (5, 1), (6, 2), (8, 4)])
def test_tane_five_animals(n: int, points: int) -> None:
    assert yaku(first(ANIMALS, n, skip=mask_of([SAKE_CUP]))).get("tane", 0) == points


def test_ribbon_sets_and_their_tanzaku() -> None:
    assert yaku("1r 2r") == {}
    assert yaku("1r 2r 3r") == {"akatan": 5}
    assert yaku("6r 9r 10r") == {"aotan": 5}
    assert yaku("1r 2r 3r 6r 9r 10r") == {"akatan": 5, "aotan": 5, "tanzaku": 2}
    assert yaku(first(RIBBONS, 10)) == {"akatan": 5, "aotan": 5, "tanzaku": 6}


def test_ino_shika_cho_counts_with_tane() -> None:
    assert yaku("7a 10a") == {}
    assert yaku("7a 10a 6a") == {"inoshikacho": 5}
    assert yaku("7a 10a 6a 2a 4a") == {"inoshikacho": 5, "tane": 1}


@pytest.mark.parametrize(("cards", "expected", "nintendo"), [
    ("1b 3b", {}, {}),
    ("1b 3b 8b", {"sanko": 5}, {"sanko": 5}),
    ("1b 3b 11b", {}, {}),
    ("1b 3b 8b 11b", {"ameshiko": 6}, {"ameshiko": 7}),
    ("1b 3b 8b 12b", {"shiko": 8}, {"shiko": 8}),
    ("1b 3b 8b 11b 12b", {"goko": 10}, {"goko": 10}),
])
def test_brights_only_the_best_counts(cards: str, expected: dict[str, int],
                                      nintendo: dict[str, int]) -> None:
    assert yaku(cards) == expected
    assert yaku(cards, rules=NINTENDO) == nintendo


def test_sake_yaku_are_bonus_only_in_seed() -> None:
    assert yaku("8b 9a") == {}
    assert yaku("3b 9a") == {}
    assert yaku("8b 3b 9a") == {}
    with_other = yaku("8b 3b 9a 1b")
    assert with_other == {"sanko": 5, "tsukimizake": 5, "hanamizake": 5}
    assert yaku("8b 9a 1r 2r 3r") == {"akatan": 5, "tsukimizake": 5}


def test_sake_yaku_stand_alone_in_nintendo() -> None:
    assert yaku("8b 9a", rules=NINTENDO) == {"tsukimizake": 5}
    assert yaku("8b 3b 9a", rules=NINTENDO) == {"tsukimizake": 5, "hanamizake": 5}


def test_sake_cup_counts_as_plain_when_that_scores_more() -> None:
    nine_plains = first(PLAINS, 9)
    assert yaku(f"{nine_plains} 9a") == {"kasu": 1}
    assert yaku(f"{nine_plains} 2a 4a 5a 8a") == {}
    assert yaku(f"{nine_plains} 2a 4a 5a 8a 9a") == {"tane": 1}


def test_sake_cup_never_counts_twice() -> None:
    animals = "2a 4a 5a 8a"
    both = yaku(f"{first(PLAINS, 9)} {animals} 9a")
    assert sum(both.values()) == 1
    assert yaku(f"{first(PLAINS, 10)} {animals} 9a") == {"tane": 1, "kasu": 1}


def test_sake_cup_as_plain_can_carry_a_bonus_yaku() -> None:
    assert yaku(f"{first(PLAINS, 9)} 8b 9a") == {"kasu": 1, "tsukimizake": 5}


def test_tsukifuda_is_the_current_month() -> None:
    march = "3b 3r 3p1 3p2"
    assert yaku(march, flower=3) == {"tsukifuda": 5}
    assert yaku(march, flower=4) == {}
    assert yaku("3b 3r 3p1", flower=3) == {}
    assert yaku(march, flower=3, rules=NINTENDO) == {}


def test_totals_match_the_listed_yaku_for_random_collections() -> None:
    rng = random.Random(7)
    for rules in (SEED, NINTENDO):
        for _ in range(3000):
            cap = mask_of(rng.sample(range(48), rng.randint(0, 28)))
            flower = rng.randint(1, 12)
            assert yaku_points(cap, flower, rules) == sum(
                p for _, p in yaku_list(cap, flower, rules))


def test_multipliers_only_in_nintendo() -> None:
    assert month_value(7, True, SEED) == 7
    assert month_value(6, False, NINTENDO) == 6
    assert month_value(7, False, NINTENDO) == 14
    assert month_value(5, True, NINTENDO) == 10
    assert month_value(8, True, NINTENDO) == 32


def test_hand_yaku() -> None:
    assert hand_yaku(mask_of(ids("1b 1r 1p1 1p2 2a 3b 4a 5a"))) == "teshi"
    assert hand_yaku(mask_of(ids("1b 1r 2a 2r 3b 3r 4a 4r"))) == "kuttsuki"
    assert hand_yaku(mask_of(ids("1b 1r 2a 2r 3b 3r 4a 5r"))) is None
