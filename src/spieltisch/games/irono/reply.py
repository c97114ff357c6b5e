"""Irono Ofubi against an opponent that plays at random: the best reply to it.

A player who marks, hides and guesses uniformly at random is no threat to an
equilibrium, but the equilibrium gains little from it either: hiding at random
is close to what the equilibrium does, and a random guesser catches any colour
with the same chance ``g / k``. What beats it is a different, pure game: mark
the field and hide the colour that are best when the catch is a coin of known
weight, and guess the colours whose catch swings the most. Such play is wide
open to an opponent that reads it, so the bots play it only once the public
history says, clearly, that the opponent chooses at random
(``Tendencies.random_evidence`` in `spieltisch.games.irono.ai`).

The reply plays for the win, not the margin: every outcome is valued by the
chance to win from it, the points still to come taken as normally spread with
``SPREAD`` points per square root of a round. So a leader marks quiet fields
and a trailer marks the fields that swing most.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from spieltisch.games.irono.board import EMPTY, FIELDS, colour_bit, mask_colours
from spieltisch.games.irono.position import Position
from spieltisch.games.irono.rules import GUESS, GUESS_BASE, HIDE, HIDE_BASE, MARK, IronoState

SPREAD = 4.8
"""Standard deviation (points) of the point difference one round adds, as measured
in games between equilibrium players; it grows with the square root of the rounds."""


def win_chance(lead: float, rounds_left: int) -> float:
    """The chance to win (a draw counting half) with `lead` points and `rounds_left`
    rounds still to play after this placement.

    >>> win_chance(0, 5), win_chance(3, 0), win_chance(-1, 0)
    (0.5, 1.0, 0.0)
    >>> round(win_chance(10, 4), 3)
    0.851
    """
    if rounds_left <= 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / (SPREAD * math.sqrt(2.0 * rounds_left))))


class RandomReply:
    """The best reply, one round deep, to an opponent known to play at random."""

    def choose(self, state: IronoState, seat: int, rng: random.Random) -> int:
        """The action for `seat`, which is to move in `state` (any phase but the start).

        >>> from spieltisch import load
        >>> state = load("irono", start="A").new_initial_state()
        >>> RandomReply().choose(state, 0, random.Random(1)) in state.legal_actions()
        True
        """
        if state.phase == MARK:
            return self.mark(state, seat, rng)
        if state.phase == HIDE:
            return self.hide(state, seat, rng)
        assert state.phase == GUESS
        return self.guess(state, seat, rng)

    def mark(self, state: IronoState, seat: int, rng: random.Random) -> int:
        """The field `seat` marks as the hider."""
        fields = [f for f in range(FIELDS) if state.board[f] == EMPTY]
        hidden = _Values(state, seat).hidden
        colours = mask_colours(state.in_play)
        return best_of(fields, [max(hidden(f, c) for c in colours) for f in fields], rng)

    def hide(self, state: IronoState, seat: int, rng: random.Random) -> int:
        """The colour `seat` hides on the marked field (the hide action)."""
        hidden = _Values(state, seat).hidden
        colours = mask_colours(state.in_play)
        return HIDE_BASE + best_of(colours, [hidden(state.marker, c) for c in colours], rng)

    def guess(self, state: IronoState, seat: int, rng: random.Random) -> int:
        """The colours `seat` names as the guesser of the marked field (the guess action)."""
        placed = _Values(state, seat).placed
        field = state.marker
        swings = {c: placed(seat, c, field) - placed(1 - seat, c, field) + rng.random() * 1e-12
                  for c in mask_colours(state.in_play)}
        named = sorted(swings, key=lambda c: -swings[c])[:state.guess_size]
        return GUESS_BASE + sum(colour_bit(c) for c in named)


class _Values:
    """The chances to win of the placements on the board of `state`, for `seat`."""

    def __init__(self, state: IronoState, seat: int) -> None:
        self.position = Position(state)
        self.seat = seat
        self.lead = self.position.diff if seat == 0 else -self.position.diff
        self.rounds_left = sum(1 for stone in state.board if stone == EMPTY) - 1 \
            + FIELDS * (state.game.options.games - state.number - 1)
        self.catch = state.guess_size / state.in_play.bit_count()

    def placed(self, placer: int, colour: int, at: int) -> float:
        """`seat`'s chance to win once `placer` has put `colour` on `at`."""
        gain = self.position.gain(placer, colour, at)
        return win_chance(self.lead + gain if placer == self.seat else self.lead - gain,
                          self.rounds_left)

    def hidden(self, at: int, colour: int) -> float:
        """`seat`'s chance to win when it hides `colour` on `at` from a random guesser."""
        return (1 - self.catch) * self.placed(self.seat, colour, at) \
            + self.catch * self.placed(1 - self.seat, colour, at)


def best_of(options: Sequence[int], values: Sequence[float], rng: random.Random) -> int:
    """One of the `options` with the highest value, ties broken by `rng`.

    >>> best_of([3, 5, 7], [1.0, 2.0, 2.0], random.Random(0)) in (5, 7)
    True
    """
    top = max(values)
    return rng.choice([o for o, v in zip(options, values, strict=True) if v >= top - 1e-12])
