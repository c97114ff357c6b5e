"""What the opponent's plays this month say about its hand.

A player whose hand card captured nothing had, at that moment, no card of any
month on the table: players take a card whenever they can. `discards` replays the
month's public moves and lists, for each of the opponent's plays that captured
nothing, the cards it therefore did not hold. The search deals the opponent's
hand from the unseen cards that fit (`redeal`).

A player who is seen to break the rule (a card it played later would have
captured at that moment) is read no further: its plays say nothing then.
"""

from __future__ import annotations

import random

from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import MONTH_MASK, cards_of, mask_of
from spieltisch.games.koikoi.heuristics import split, taken
from spieltisch.games.koikoi.rules import KoiKoiState

TRUST = 0.9
"""Chance that a determinization keeps each reading of a play that captured nothing."""


def _months(cards: int) -> int:
    """All cards of the months that `cards` touch."""
    mask = 0
    for month in MONTH_MASK:
        if cards & month:
            mask |= month
    return mask


def discards(state: KoiKoiState, seat: int) -> list[int]:
    """For each of the other seat's plays this month that captured nothing: the cards
    it cannot have held then (every card of the months on the table); ``[]`` once it
    has played a card that could have captured at one of those moments.

    >>> from spieltisch import load
    >>> state = load("koikoi").new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> discards(state, 0)
    []
    """
    other = 1 - seat
    played = drawn = 0
    for _, action in state.log:
        if action < act.TAKE:
            played |= 1 << split(action)[0]
        elif act.DRAW <= action < act.DEAL:
            drawn |= 1 << (action - act.DRAW)
    table = (state.table | state.caps[0] | state.caps[1]) & ~played & ~drawn
    readings: list[int] = []
    waiting = -1
    for who, action in state.log:
        if action < act.TAKE:
            card, target = split(action)
            if who == other and any(cards >> card & 1 for cards in readings):
                return []
            got = taken(card, target, table)
            if got:
                table &= ~got
            else:
                if who == other:
                    readings.append(_months(table))
                table |= 1 << card
        elif act.DRAW <= action < act.DEAL:
            card = action - act.DRAW
            if (table & MONTH_MASK[card >> 2]).bit_count() == 2:
                waiting = card
                continue
            got = taken(card, -1, table)
            table = table & ~got if got else table | 1 << card
        elif act.TAKE <= action < act.STOP:
            table &= ~taken(waiting, action - act.TAKE, table)
    return readings


def redeal(world: KoiKoiState, seat: int, readings: list[int],
           rng: random.Random) -> KoiKoiState:
    """`world` with the other seat's hand dealt again from the unseen cards that fit
    the readings each kept with chance `TRUST`; `world` itself when none are kept
    or too few cards fit."""
    excluded = 0
    for cards in readings:
        if rng.random() < TRUST:
            excluded |= cards
    other = 1 - seat
    hand = world.hands[other]
    if not excluded & hand:
        return world
    unseen = world.deck | hand
    allowed = cards_of(unseen & ~excluded)
    size = hand.bit_count()
    if len(allowed) < size:
        return world
    return world.with_hand(other, mask_of(rng.sample(allowed, size)))
