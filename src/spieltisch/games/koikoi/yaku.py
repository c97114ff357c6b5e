"""Yaku: the scoring combinations, for a collection of captured cards.

The Sake Cup counts as an animal or as a plain card, whichever gives more points
(as an animal on a tie). Only the best bright yaku counts.

>>> from spieltisch.games.koikoi.cards import mask_of, parse_card
>>> from spieltisch.games.koikoi.options import make_rules
>>> cap = mask_of([parse_card(c) for c in ("1b", "3b", "8b")])
>>> yaku_list(cap, 5, make_rules())
(('sanko', 5),)
"""

from __future__ import annotations

from spieltisch.games.koikoi.cards import (
    ANIMALS,
    BLUE,
    BRIGHTS,
    CURTAIN,
    INO_SHIKA_CHO,
    MONTH_MASK,
    MOON,
    PLAINS,
    POETRY,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
)
from spieltisch.games.koikoi.options import Rules

YAKU: dict[str, tuple[str, str]] = {
    "goko": ("Gokō", "Five Brights"),
    "shiko": ("Shikō", "Four Brights"),
    "ameshiko": ("Ame-Shikō", "Rainy Four Brights"),
    "sanko": ("Sankō", "Three Brights"),
    "inoshikacho": ("Ino-Shika-Chō", "Boar, Deer, Butterflies"),
    "akatan": ("Akatan", "Poetry Ribbons"),
    "aotan": ("Aotan", "Blue Ribbons"),
    "tane": ("Tane", "Animals"),
    "tanzaku": ("Tanzaku", "Ribbons"),
    "kasu": ("Kasu", "Plains"),
    "tsukifuda": ("Tsukifuda", "Cards of the Month"),
    "tsukimizake": ("Tsukimi-zake", "Moon Viewing"),
    "hanamizake": ("Hanami-zake", "Flower Viewing"),
    "oyaken": ("Oya-ken", "Dealer's Privilege"),
    "teshi": ("Teshi", "Four of a Month in Hand"),
    "kuttsuki": ("Kuttsuki", "Four Pairs in Hand"),
}
"""Key -> (Japanese name, English name), in the order yaku are listed."""

HAND_YAKU_POINTS = 6
_SAKE = 1 << SAKE_CUP
_MOON_SAKE = (1 << MOON) | _SAKE
_CURTAIN_SAKE = (1 << CURTAIN) | _SAKE
_ANIMALS_NO_SAKE = ANIMALS & ~_SAKE


def _fixed(cap: int, flower: int, rules: Rules) -> list[tuple[str, int]]:
    """Yaku that do not depend on how the Sake Cup is counted (sake yaku excluded)."""
    found: list[tuple[str, int]] = []
    brights = (cap & BRIGHTS).bit_count()
    rain = cap >> RAIN_MAN & 1
    if brights == 5:
        found.append(("goko", 10))
    elif brights == 4:
        found.append(("ameshiko", rules.ameshiko) if rain else ("shiko", 8))
    elif brights == 3 and not rain:
        found.append(("sanko", 5))
    if cap & INO_SHIKA_CHO == INO_SHIKA_CHO:
        found.append(("inoshikacho", 5))
    if cap & POETRY == POETRY:
        found.append(("akatan", 5))
    if cap & BLUE == BLUE:
        found.append(("aotan", 5))
    ribbons = (cap & RIBBONS).bit_count()
    if ribbons >= 5:
        found.append(("tanzaku", ribbons - 4))
    if rules.tsukifuda:
        month = MONTH_MASK[flower - 1]
        if cap & month == month:
            found.append(("tsukifuda", 5))
    return found


def _counted(cap: int, flower: int, rules: Rules, sake_as_plain: bool) -> list[tuple[str, int]]:
    found = _fixed(cap, flower, rules)
    sake = cap >> SAKE_CUP & 1
    animals = (cap & _ANIMALS_NO_SAKE).bit_count() + (0 if sake_as_plain else sake)
    plains = (cap & PLAINS).bit_count() + (sake if sake_as_plain else 0)
    if animals >= 5:
        found.append(("tane", animals - 4))
    if plains >= 10:
        found.append(("kasu", plains - 9))
    if found or not rules.sake_bonus_only:
        if cap & _MOON_SAKE == _MOON_SAKE:
            found.append(("tsukimizake", 5))
        if cap & _CURTAIN_SAKE == _CURTAIN_SAKE:
            found.append(("hanamizake", 5))
    return found


def yaku_list(cap: int, flower: int, rules: Rules) -> tuple[tuple[str, int], ...]:
    """The yaku of a collection (bit mask) in the month of ``flower`` (1–12), as
    ``(key, points)`` in the order of `YAKU`."""
    best = _counted(cap, flower, rules, False)
    if cap & _SAKE:
        as_plain = _counted(cap, flower, rules, True)
        if sum(p for _, p in as_plain) > sum(p for _, p in best):
            best = as_plain
    order = list(YAKU)
    return tuple(sorted(best, key=lambda kp: order.index(kp[0])))


def sake_as_plain(cap: int, flower: int, rules: Rules) -> bool:
    """Whether the Sake Cup in this collection is counted as a plain card."""
    if not cap & _SAKE:
        return False
    plain = sum(p for _, p in _counted(cap, flower, rules, True))
    return plain > sum(p for _, p in _counted(cap, flower, rules, False))


def yaku_points(cap: int, flower: int, rules: Rules) -> int:
    """Total points of the yaku of a collection, before multipliers (fast; equals the
    sum over `yaku_list`).

    >>> from spieltisch.games.koikoi.options import make_rules
    >>> yaku_points(0, 1, make_rules())
    0
    """
    total = 0
    brights = (cap & BRIGHTS).bit_count()
    if brights >= 3:
        rain = cap >> RAIN_MAN & 1
        if brights == 5:
            total = 10
        elif brights == 4:
            total = rules.ameshiko if rain else 8
        elif not rain:
            total = 5
    if cap & INO_SHIKA_CHO == INO_SHIKA_CHO:
        total += 5
    if cap & POETRY == POETRY:
        total += 5
    if cap & BLUE == BLUE:
        total += 5
    ribbons = (cap & RIBBONS).bit_count()
    if ribbons >= 5:
        total += ribbons - 4
    if rules.tsukifuda:
        month = MONTH_MASK[flower - 1]
        if cap & month == month:
            total += 5
    animals = (cap & _ANIMALS_NO_SAKE).bit_count()
    plains = (cap & PLAINS).bit_count()
    if not cap & _SAKE:
        return total + max(0, animals - 4) + max(0, plains - 9)
    sake = 5 * ((cap & _MOON_SAKE == _MOON_SAKE) + (cap & _CURTAIN_SAKE == _CURTAIN_SAKE))
    best = 0
    for extra in (max(0, animals - 3) + max(0, plains - 9),
                  max(0, animals - 4) + max(0, plains - 8)):
        other = total + extra
        best = max(best, other + (sake if other or not rules.sake_bonus_only else 0))
    return best


def month_value(base: int, opponent_called: bool, rules: Rules) -> int:
    """What stopping with ``base`` yaku points earns, multipliers applied.

    >>> from spieltisch.games.koikoi.options import make_rules
    >>> month_value(7, True, make_rules(preset="nintendo"))
    28
    """
    if rules.double_seven and base >= 7:
        base *= 2
    if rules.double_koikoi and opponent_called:
        base *= 2
    return base


def hand_yaku(hand: int) -> str | None:
    """``teshi`` (four of a month) or ``kuttsuki`` (four pairs) for a dealt hand of 8.

    >>> hand_yaku(0b1111) , hand_yaku(0b0011_0011_0011_0011) , hand_yaku(0b0111)
    ('teshi', 'kuttsuki', None)
    """
    counts = [(hand & month).bit_count() for month in MONTH_MASK]
    if 4 in counts:
        return "teshi"
    if counts.count(2) == 4 and hand.bit_count() == 8:
        return "kuttsuki"
    return None
