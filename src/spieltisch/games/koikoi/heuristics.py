"""Card values and fast playing policies for Koi-Koi's computer opponents.

The greedy baseline values cards as hanafuda traditionally counts them (bright
20, animal 10, ribbon 5, plain 1). The search's playouts (module `playout`)
finish a month on plain numbers, fast; their policy values captures by `WORTH`,
which also weighs the cards that make the big yaku, plus a bonus for every yaku
point a capture adds, and gives up the card that risks least.

>>> from spieltisch.games.koikoi.cards import card_id
>>> CARD_POINTS[card_id("8b")], WORTH[card_id("9a")]
(20, 7.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import (
    ANIMAL,
    BLUE,
    BRIGHT,
    CARDS,
    INO_SHIKA_CHO,
    MONTH_MASK,
    POETRY,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
    cards_of,
)
from spieltisch.games.koikoi.options import Rules
from spieltisch.games.koikoi.rules import CHOOSE, DECIDE, KoiKoiState
from spieltisch.games.koikoi.yaku import yaku_points

CARD_POINTS: tuple[int, ...] = tuple(
    {BRIGHT: 20, ANIMAL: 10, RIBBON: 5}.get(c.kind, 1) for c in CARDS)
"""The traditional card values."""


def _worth(card: int) -> float:
    bit = 1 << card
    kind = CARDS[card].kind
    if card == RAIN_MAN:
        return 5.0
    if kind == BRIGHT:
        return 8.0
    if card == SAKE_CUP:
        return 7.0
    if bit & (INO_SHIKA_CHO | POETRY | BLUE):
        return 5.0
    if kind in (ANIMAL, RIBBON):
        return 3.0
    return 1.0


WORTH: tuple[float, ...] = tuple(_worth(c) for c in range(48))
"""How much a card is worth to whoever captures it, for the playout policy."""
YAKU_BONUS = 3.0
"""Policy score per yaku point a capture adds."""
DROP_RISK = 0.6
"""Share of a card's worth lost when it is left on the table where the opponent may
still take it."""


def taken(card: int, target: int, table: int) -> int:
    """Cards captured (the played card included) when ``card`` meets ``table``; 0 if none.

    >>> taken(0, -1, 0b0100)
    5
    """
    matches = table & MONTH_MASK[card >> 2]
    if not matches:
        return 0
    if target >= 0:
        matches = 1 << target
    return matches | (1 << card)


def split(action: int) -> tuple[int, int]:
    """The hand card and the chosen target (-1: no choice) of a play.

    >>> split(act.play_take(9, 8))
    (9, 8)
    """
    if action < act.PLAY_TAKE:
        return action, -1
    card, slot = divmod(action - act.PLAY_TAKE, 4)
    return card, card & ~3 | slot


def greedy_action(state: KoiKoiState, rng: random.Random) -> int:
    """The most valuable capture (traditional values); without one, the least valuable
    card is given up; always stops. Ties are broken at random."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == DECIDE:
        return act.STOP
    if phase == CHOOSE:
        scores = [float(CARD_POINTS[a - act.TAKE]) for a in legal]
    else:
        scores = []
        for action in legal:
            card, target = split(action)
            got = taken(card, target, state.table)
            scores.append(sum(CARD_POINTS[c] for c in cards_of(got)) if got
                          else -CARD_POINTS[card] / 100.0)
    best = max(scores)
    return rng.choice([a for a, s in zip(legal, scores, strict=True) if s == best])


_MEMOS: dict[tuple[int, bool, bool, int], dict[int, int]] = {}
_MEMO_SIZE = 1 << 18


def scorer(flower: int, rules: Rules) -> Callable[[int], int]:
    """`yaku.yaku_points` for one month and rule set, remembered across calls.

    >>> from spieltisch.games.koikoi.options import make_rules
    >>> scorer(1, make_rules())(0b1111)
    5
    """
    key = (rules.ameshiko, rules.sake_bonus_only, rules.tsukifuda, flower)
    memo = _MEMOS.setdefault(key, {})
    if len(memo) > _MEMO_SIZE:
        memo.clear()
    get = memo.get

    def points(cap: int) -> int:
        value = get(cap)
        if value is None:
            value = memo[cap] = yaku_points(cap, flower, rules)
        return value

    return points


def choose_play(hand: int, table: int, cap: int, unseen: int, points: Callable[[int], int],
                rng: random.Random, epsilon: float) -> tuple[int, int]:
    """The playout policy's hand card and target (-1: no choice): usually the best
    capture by `WORTH` and yaku gained, else the cheapest card to give up; a random
    move with probability ``epsilon``."""
    if rng.random() < epsilon:
        card = rng.choice(cards_of(hand))
        matches = table & MONTH_MASK[card >> 2]
        target = rng.choice(cards_of(matches)) if matches.bit_count() == 2 else -1
        return card, target
    have = -1
    best_score = -1e9
    best = (-1, -1)
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        matches = table & MONTH_MASK[card >> 2]
        if not matches:
            score = -WORTH[card] * (DROP_RISK if unseen & MONTH_MASK[card >> 2] else 0.1)
            if score > best_score:
                best_score, best = score, (card, -1)
            continue
        if have < 0:
            have = points(cap)
        targets = cards_of(matches) if matches.bit_count() == 2 else [-1]
        for target in targets:
            got = low | (matches if target < 0 else 1 << target)
            score = sum(WORTH[c] for c in cards_of(got))
            gain = points(cap | got) - have
            if gain:
                score += YAKU_BONUS * gain
            if score > best_score:
                best_score, best = score, (card, target)
    return best


def choose_target(card: int, table: int, cap: int, points: Callable[[int], int]) -> int:
    """The better of the two table cards ``card`` may take, for the playout policy."""
    have = points(cap)
    best_score = -1e9
    best = -1
    for target in cards_of(table & MONTH_MASK[card >> 2]):
        got = (1 << card) | (1 << target)
        score = WORTH[target] + YAKU_BONUS * (points(cap | got) - have)
        if score > best_score:
            best_score, best = score, target
    return best
