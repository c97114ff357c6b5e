"""Action ids and their notation.

Every id says what it does on its own (card, target, place), so a move can be
written down without knowing the position it was played in.

=========  ======================================  =====================
ids        action                                  notation
=========  ======================================  =====================
0–47       play a hand card (0, 1 or 3 matches)    ``3r``
48–239     play a hand card taking one of two      ``3r>3b``
240–287    the drawn card takes one of two         ``take 3b``
288, 289   stop / call Koi-Koi                     ``stop``, ``koikoi``
290, 291   chance: the first dealer                ``first dealer seat 2``
292–339    chance: the card drawn from the pile    ``draw 8b``
340–483    chance: deal a card to a hand or table  ``deal 8b to seat 1``,
                                                   ``deal 8b to table``
=========  ======================================  =====================

Seats are numbered from 1 in the notation, as players count them (seat 1 is
seat 0 of the state).

>>> describe(play_take(9, 8))
'3r>3b'
>>> describe(deal(28, TABLE))
'deal 8b to table'
"""

from __future__ import annotations

from spieltisch.core.protocol import IllegalAction, as_action
from spieltisch.games.koikoi.cards import CARDS

PLAY = 0
PLAY_TAKE = 48
TAKE = 240
STOP = 288
KOIKOI = 289
FIRST_DEALER = 290
DRAW = 292
DEAL = 340
NUM_ACTIONS = 484
TABLE = 2
"""Deal place of the table; places 0 and 1 are the seats' hands."""


def play_take(card: int, target: int) -> int:
    """Play ``card`` taking ``target`` (a table card of the same month)."""
    return PLAY_TAKE + card * 4 + (target & 3)


def deal(card: int, place: int) -> int:
    """Deal ``card`` to a seat's hand (0, 1) or to the `TABLE`."""
    return DEAL + place * 48 + card


def describe(action: int) -> str:
    """The notation of an action id; `IllegalAction` for ids outside the game."""
    action = as_action(action)
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"action {action} is out of range")
    if action < PLAY_TAKE:
        return CARDS[action].code
    if action < TAKE:
        card, slot = divmod(action - PLAY_TAKE, 4)
        return f"{CARDS[card].code}>{CARDS[card & ~3 | slot].code}"
    if action < STOP:
        return f"take {CARDS[action - TAKE].code}"
    if action == STOP:
        return "stop"
    if action == KOIKOI:
        return "koikoi"
    if action < DRAW:
        return f"first dealer seat {action - FIRST_DEALER + 1}"
    if action < DEAL:
        return f"draw {CARDS[action - DRAW].code}"
    place, card = divmod(action - DEAL, 48)
    where = "table" if place == TABLE else f"seat {place + 1}"
    return f"deal {CARDS[card].code} to {where}"
