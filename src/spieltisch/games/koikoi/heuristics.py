"""Card values and fast playing policies for Koi-Koi's computer opponents.

The greedy baseline values cards as hanafuda traditionally counts them (bright
20, animal 10, ribbon 5, plain 1). The search's playouts (`playout`) finish a
month on plain numbers, fast; their policy values captures by `WORTH`, which
also weighs the cards that make the big yaku, plus a bonus for every yaku point
a capture adds, and gives up the card that risks least.

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
    ANIMALS,
    BLUE,
    BRIGHT,
    BRIGHTS,
    CARDS,
    INO_SHIKA_CHO,
    MONTH_MASK,
    PLAINS,
    POETRY,
    RAIN_MAN,
    RIBBON,
    RIBBONS,
    SAKE_CUP,
    cards_of,
)
from spieltisch.games.koikoi.options import Rules
from spieltisch.games.koikoi.rules import CHOOSE, DECIDE, DRAW, PLAY, KoiKoiState
from spieltisch.games.koikoi.yaku import month_value, yaku_points

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


KOIKOI_HAND = 3
"""In playouts the searching player calls Koi-Koi with this many hand cards or more when
the opponent is not close to a yaku (0: never)."""


def threatened(theirs: int, mine: int) -> bool:
    """Whether a collection ``theirs`` is one or two cards from a yaku that ``mine`` does
    not block.

    >>> from spieltisch.games.koikoi.cards import mask_of
    >>> threatened(mask_of([0, 8]), 0), threatened(mask_of([0]), 0)
    (True, False)
    """
    if (theirs & BRIGHTS & ~(1 << RAIN_MAN)).bit_count() >= 2:
        return True
    for group in (POETRY, BLUE, INO_SHIKA_CHO):
        if (theirs & group).bit_count() >= 2 and not mine & group:
            return True
    return ((theirs & ANIMALS).bit_count() >= 4 or (theirs & RIBBONS).bit_count() >= 4
            or (theirs & (PLAINS | 1 << SAKE_CUP)).bit_count() >= 8)


def playout(state: KoiKoiState, seat: int, draws: list[int], rng: random.Random,
            epsilon: float, months: int) -> int:
    """Finish the month from ``state`` with the playout policy; ``seat``'s points minus
    the opponent's. The opponent stops at its first chance; ``seat`` calls Koi-Koi
    while it has `KOIKOI_HAND` cards and the opponent is not `threatened`-close to a
    yaku.

    ``draws`` holds the pile in the order it is drawn (last first; it is used up).
    ``months`` is the number of finished months when the search began (if the month
    is over already, its result counts). This follows the rules of
    `rules.KoiKoiState` on plain numbers, for speed.
    """
    if len(state.history) != months:
        _, _, winner, won, _, _ = state.history[-1]
        return 0 if winner < 0 else won if winner == seat else -won
    rules = state.rules
    points = scorer(state.flower, rules)
    hands = list(state.hands)
    caps = list(state.caps)
    table = state.table
    deck = state.deck
    player = state.player
    phase = state.phase
    base = state.base
    opponent_called = [state.calls[1] > 0, state.calls[0] > 0]
    last_caller = state.last_caller
    drawn = state.drawn
    while True:
        if phase == PLAY:
            card, target = choose_play(hands[player], table, caps[player],
                                       hands[1 - player] | deck, points, rng, epsilon)
            hands[player] ^= 1 << card
            got = taken(card, target, table)
            if got:
                caps[player] |= got
                table &= ~got
            else:
                table |= 1 << card
            phase = DRAW
        if phase == DRAW:
            drawn = draws.pop()
            deck ^= 1 << drawn
        if phase in (DRAW, CHOOSE):
            matches = table & MONTH_MASK[drawn >> 2]
            target = -1
            if matches.bit_count() == 2:
                target = choose_target(drawn, table, caps[player], points)
            got = taken(drawn, target, table)
            if got:
                caps[player] |= got
                table &= ~got
            else:
                table |= 1 << drawn
            phase = DECIDE if points(caps[player]) > base else PLAY
        if phase == DECIDE:
            if player != seat or not KOIKOI_HAND or hands[player].bit_count() < KOIKOI_HAND \
                    or threatened(caps[1 - player], caps[player]):
                value = month_value(points(caps[player]), opponent_called[player], rules)
                return value if player == seat else -value
            opponent_called[1 - player] = True
            last_caller = player
            phase = PLAY
        if not hands[0] | hands[1]:
            if last_caller >= 0:
                value = month_value(points(caps[last_caller]),
                                    opponent_called[last_caller], rules)
                return value if last_caller == seat else -value
            if rules.oyaken:
                return 1 if state.dealer == seat else -1
            return 0
        player = 1 - player
        base = points(caps[player])
