"""Chances of each card in the deal, with the redeal on four of a month folded in.

A deal that puts all four cards of a month on the table is dealt again. Redealing
until that does not happen gives every acceptable deal the same chance, so the
deal draws from exactly that distribution directly: a card is dealt with a
probability proportional to the number of acceptable ways to finish the deal after
it. The fourth card of a month is therefore never dealt to the table, and a deal
never needs to be repeated.

>>> from spieltisch.games.koikoi.cards import DECK
>>> odds = deal_odds(DECK, 0, to_table=True)
>>> len(odds), round(sum(p for _, p in odds), 9)
(48, 1.0)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from spieltisch.games.koikoi.cards import MONTH_MASK, cards_of

TABLE_SIZE = 8
HAND_SIZE = 8


@lru_cache(maxsize=65536)
def _completions(months: tuple[tuple[int, int], ...], k: int) -> int:
    """Ways to choose ``k`` more table cards; ``months`` holds (cards left in the deck,
    cards on the table) per month, sorted, and no month may reach 4 on the table."""
    ways = [1] + [0] * k
    for left, on_table in months:
        room = min(left, 3 - on_table)
        if room <= 0:
            continue
        nxt = [0] * (k + 1)
        for have, count in enumerate(ways):
            if count:
                for j in range(min(room, k - have) + 1):
                    nxt[have + j] += count * comb(left, j)
        ways = nxt
    return ways[k]


def _ways(left: list[int], on_table: list[int], k: int) -> int:
    if max(on_table) > 3:
        return 0
    return _completions(tuple(sorted(zip(left, on_table, strict=True))), k)


def deal_odds(deck: int, table: int, *, to_table: bool) -> list[tuple[int, float]]:
    """``(card, probability)`` for the next card dealt from ``deck`` (a mask) to the
    table or to a hand, the table holding ``table`` (a mask) so far."""
    cards = cards_of(deck)
    k = TABLE_SIZE - table.bit_count()
    left = [(deck & m).bit_count() for m in MONTH_MASK]
    on_table = [(table & m).bit_count() for m in MONTH_MASK]
    if k == 0 or all(t + min(a, k) <= 3 for a, t in zip(left, on_table, strict=True)):
        share = 1.0 / len(cards)
        return [(c, share) for c in cards]
    weight = []
    for month in range(12):
        if not left[month]:
            weight.append(0)
            continue
        left[month] -= 1
        if to_table:
            on_table[month] += 1
            weight.append(_ways(left, on_table, k - 1))
            on_table[month] -= 1
        else:
            weight.append(_ways(left, on_table, k))
        left[month] += 1
    total = sum(weight[c // 4] for c in cards)
    return [(c, weight[c // 4] / total) for c in cards if weight[c // 4]]
