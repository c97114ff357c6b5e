"""The search's playouts: a Koi-Koi month finished fast, on plain numbers.

Both players follow the policy of `heuristics`. The opponent stops at its first
chance. The searching player weighs its first Koi-Koi decision in a playout with
playouts of its own (by default `WEIGH` of them), each on the cards it has not
seen dealt afresh; its later decisions follow a rule of thumb (`KOIKOI_HAND`,
`threatened`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.games.koikoi.cards import (
    ANIMALS,
    BLUE,
    BRIGHTS,
    INO_SHIKA_CHO,
    MONTH_MASK,
    PLAINS,
    POETRY,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    cards_of,
    mask_of,
)
from spieltisch.games.koikoi.heuristics import choose_play, choose_target, scorer, taken
from spieltisch.games.koikoi.options import Rules
from spieltisch.games.koikoi.rules import CHOOSE, DECIDE, DRAW, PLAY, KoiKoiState
from spieltisch.games.koikoi.yaku import month_value

WEIGH = 8
"""Playouts with which the searching player weighs Koi-Koi against stopping the first
time it may call in a playout (0: it follows the rule of thumb from the start); the
search's default."""
KOIKOI_HAND = 3
"""By the rule of thumb the searching player calls Koi-Koi with this many hand cards or
more when the opponent is not close to a yaku (0: never)."""


def threatened(theirs: int, mine: int) -> bool:
    """Whether a collection ``theirs`` is one or two cards from a yaku that ``mine`` does
    not block.

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


def _meet(card: int, got: int, table: int, cap: int) -> tuple[int, int]:
    """The table and the collection after ``card`` captured ``got`` (0: it was laid down)."""
    if got:
        return table & ~got, cap | got
    return table | 1 << card, cap


@dataclass(slots=True)
class Month:
    """A month in play, on plain numbers: card sets are bit masks, as in `KoiKoiState`."""

    hands: list[int]
    caps: list[int]
    table: int
    deck: int
    player: int
    phase: int
    base: int
    """The yaku points of the player to move when its turn began."""
    called: list[bool]
    """For each player, whether its opponent has called Koi-Koi."""
    last_caller: int
    drawn: int


@dataclass(frozen=True, slots=True)
class Playouts:
    """What every playout of one search round shares."""

    rules: Rules
    points: Callable[[int], int]
    dealer: int
    seat: int
    rng: random.Random
    epsilon: float

    def finish(self, month: Month, draws: list[int], weigh: int) -> int:
        """Play ``month`` to its end; ``seat``'s points minus the opponent's.

        ``draws`` is the pile in the order it is drawn (last first; it is used up).
        """
        rules, points, seat = self.rules, self.points, self.seat
        hands, caps, table, deck = month.hands, month.caps, month.table, month.deck
        player, phase, base, drawn = month.player, month.phase, month.base, month.drawn
        called, last_caller = month.called, month.last_caller
        while True:
            if phase == PLAY:
                card, target = choose_play(hands[player], table, caps[player],
                                           hands[1 - player] | deck, points, self.rng,
                                           self.epsilon)
                hands[player] ^= 1 << card
                table, caps[player] = _meet(card, taken(card, target, table), table,
                                            caps[player])
                phase = DRAW
            if phase == DRAW:
                drawn = draws.pop()
                deck ^= 1 << drawn
            if phase in (DRAW, CHOOSE):
                matches = table & MONTH_MASK[drawn >> 2]
                target = -1
                if matches.bit_count() == 2:
                    target = choose_target(drawn, table, caps[player], points)
                table, caps[player] = _meet(drawn, taken(drawn, target, table), table,
                                            caps[player])
                phase = DECIDE if points(caps[player]) > base else PLAY
            if phase == DECIDE:
                value = month_value(points(caps[player]), called[player], rules)
                if player != seat:
                    return -value
                if weigh and hands[0] | hands[1]:
                    deciding = Month(hands, caps, table, deck, player, DECIDE, base, called,
                                     last_caller, drawn)
                    if value >= self.koikoi(deciding, weigh):
                        return value
                    weigh = 0
                elif not KOIKOI_HAND or hands[player].bit_count() < KOIKOI_HAND \
                        or threatened(caps[1 - player], caps[player]):
                    return value
                called[1 - player] = True
                last_caller = player
                phase = PLAY
            if not hands[0] | hands[1]:
                if last_caller >= 0:
                    value = month_value(points(caps[last_caller]), called[last_caller], rules)
                    return value if last_caller == seat else -value
                if rules.oyaken:
                    return 1 if self.dealer == seat else -1
                return 0
            player = 1 - player
            base = points(caps[player])

    def koikoi(self, month: Month, rounds: int) -> float:
        """What calling Koi-Koi in ``month`` (the caller to move, deciding) earns on
        average over ``rounds`` playouts that deal the opponent's hand and the pile
        afresh from the cards the caller has not seen; the caller's later decisions
        follow the rule of thumb.

        >>> from spieltisch.games.koikoi.options import make_rules
        >>> from spieltisch.games.koikoi.cards import card_id
        >>> ids = lambda names: mask_of([card_id(n) for n in names.split()])
        >>> rules = make_rules()
        >>> runs = Playouts(rules, scorer(5, rules), 1, 0, random.Random(0), 0.0)
        >>> kasu = ids("1p1 1p2 3p1 3p2 4p1 8p1 8p2 9p1 6p1 6p2")
        >>> month = Month([ids("5p1"), ids("10p2")], [kasu, 0], ids("2p1 5p2 7p1"),
        ...               ids("11p 12p1"), 0, DECIDE, 0, [False, False], -1, card_id("6p2"))
        >>> runs.koikoi(month, 4)  # Kasu is sure to grow by two plains: 3 points
        3.0
        """
        seat = month.player
        other = 1 - seat
        unseen = month.hands[other] | month.deck
        held = month.hands[other].bit_count()
        cards = cards_of(unseen)
        called = list(month.called)
        called[other] = True
        total = 0
        for _ in range(rounds):
            self.rng.shuffle(cards)
            hand = mask_of(cards[:held])
            hands = list(month.hands)
            hands[other] = hand
            go = Month(hands, list(month.caps), month.table, unseen & ~hand, other, PLAY,
                       self.points(month.caps[other]), list(called), seat, month.drawn)
            total += self.finish(go, cards[held:], 0)
        return total / rounds


def playout(state: KoiKoiState, seat: int, draws: list[int], rng: random.Random,
            epsilon: float, months: int, weigh: int) -> int:
    """Finish the month from ``state`` with the playout policy; ``seat``'s points minus
    the opponent's (see the module docstring), with ``weigh`` playouts for the first
    Koi-Koi decision of ``seat`` (0: by the rule of thumb).

    ``draws`` holds the pile in the order it is drawn (last first; it is used up).
    ``months`` is the number of finished months when the search began (if the month
    is over already, its result counts). This follows the rules of
    `rules.KoiKoiState` on plain numbers, for speed.
    """
    if len(state.history) != months:
        _, _, winner, won, *_ = state.history[-1]
        return 0 if winner < 0 else won if winner == seat else -won
    month = Month(list(state.hands), list(state.caps), state.table, state.deck,
                  state.player, state.phase, state.base,
                  [state.calls[1] > 0, state.calls[0] > 0], state.last_caller, state.drawn)
    runs = Playouts(state.rules, scorer(state.flower, state.rules), state.dealer, seat, rng,
                    epsilon)
    return runs.finish(month, draws, weigh)
