"""The ``start`` option of games whose first player is drawn by lot unless named.

>>> check_start("B", players=2), starter_of("B"), starter_of("random")
('B', 1, None)
"""

from __future__ import annotations

from spieltisch.core.protocol import JSON, option_choice
from spieltisch.core.reasons import Reason

SEAT_LETTERS = "ABCD"
"""Seats as the option names them: A is seat 0."""
START = Reason("option.start", "start")
"""The option's name, as a page says it."""
RANDOM = "random"
"""Who begins is a chance move before the first move, each seat as likely."""


def check_start(start: JSON, players: int) -> str:
    """The validated option: ``random`` or the letter of a seat at the table, in any case.

    >>> check_start("b", players=2), check_start("Random", players=2)
    ('B', 'random')
    >>> check_start("C", players=2)
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: option start must be one of random, A, B, not 'C'
    """
    starts: tuple[str, ...] = (RANDOM, *SEAT_LETTERS[:players])
    chosen = next((s for s in starts if isinstance(start, str) and s.lower() == start.lower()),
                  None)
    if chosen is None:
        raise option_choice(START, start, starts)
    return chosen


def starter_of(start: str) -> int | None:
    """The seat a checked option lets begin, or None where it is drawn by lot."""
    return None if start == RANDOM else SEAT_LETTERS.index(start)
