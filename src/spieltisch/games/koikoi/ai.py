"""Koi-Koi computer opponents.

The levels search by determinization: each round draws the opponent's hand and
the pile afresh from the cards the bot has not seen (`Decision.determinize`,
never the true cards), keeping out of that hand the months the opponent's plays
that captured nothing say it lacks (`reading`), plays every candidate move in
that world and finishes the month with a playout (`playout`), every candidate
with the same random draws. The move with the best mean point difference wins.
The Koi-Koi decision is one of these choices: stopping is worth its points now,
calling Koi-Koi is worth what the playouts that go on earn or lose, so the bot
weighs the expected gain against the risk that the opponent stops first.

``greedy`` takes the most valuable capture and stops as soon as it can.
"""

from __future__ import annotations

import math
import random
import time

from spieltisch.ai.levels import LEVELS, offer
from spieltisch.core.bots import Bot, Decision, NamedBot, determinized
from spieltisch.core.protocol import Game
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import CARDS, PLAIN, cards_of
from spieltisch.games.koikoi.heuristics import greedy_action
from spieltisch.games.koikoi.playout import WEIGH, playout
from spieltisch.games.koikoi.reading import discards, redeal
from spieltisch.games.koikoi.rules import KoiKoiState

EPSILON = 0.2
"""Share of random moves in the playouts."""


def _state(info: Decision, rng: random.Random) -> KoiKoiState:
    return determinized(info, rng, KoiKoiState, "Koi-Koi")


class GreedyBot(NamedBot):
    """The baseline: the most valuable capture, stop at once.

    >>> from spieltisch import load
    >>> state = load("koikoi").new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> GreedyBot().choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    name = "koikoi-greedy"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The greedy move; the hidden cards play no part in it."""
        return greedy_action(_state(info, rng), rng)


class SearchBot(NamedBot):
    """Determinized Monte-Carlo search over the month (see the module docstring).

    ``rounds`` caps the number of determinizations, ``seconds`` the thinking time;
    the search stops at whichever comes first. ``epsilon`` and ``weigh`` set the
    playouts (`playout.playout`).

    >>> from spieltisch import load
    >>> state = load("koikoi").new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> bot = SearchBot(rounds=4)
    >>> bot.choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    def __init__(self, seconds: float | None = None, rounds: int | None = None,
                 epsilon: float = EPSILON, weigh: int = WEIGH,
                 name: str = "koikoi-search") -> None:
        if seconds is None and rounds is None:
            raise ValueError("a search needs seconds, rounds or both")
        self.seconds = seconds
        self.rounds = rounds
        self.epsilon = epsilon
        self.weigh = weigh
        self.name = name

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The candidate with the best mean point difference over the rounds."""
        legal = list(info.legal_actions)
        if len(legal) == 1:
            return legal[0]
        means = self.evaluate(info, rng)
        return legal[max(range(len(legal)), key=lambda i: (means[i], -i))]

    def evaluate(self, info: Decision, rng: random.Random) -> list[float]:
        """Mean point difference of each legal action over the rounds it was played in.

        Moves that differ only in which of two plain cards of a month they use are
        played once. A candidate is dropped once it is clearly worse than the leader
        (paired over the same rounds), which leaves the rounds to the close ones.
        """
        legal = info.legal_actions
        seat = info.seat
        first: dict[tuple[int, int], int] = {}
        same = [first.setdefault(_effect(a), i) for i, a in enumerate(legal)]
        alive = sorted(set(same))
        values: list[list[int]] = [[] for _ in legal]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        readings: list[int] | None = None
        while self.rounds is None or done < self.rounds:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = _state(info, rng)
            if readings is None:
                readings = discards(world, seat)
            if readings:
                world = redeal(world, seat, readings, rng)
            months = len(world.history)
            pile = cards_of(world.deck)
            rng.shuffle(pile)
            seed = rng.getrandbits(64)
            for i in alive:
                values[i].append(playout(world._apply(legal[i]), seat, list(pile),
                                         random.Random(seed), self.epsilon, months,
                                         self.weigh))
            done += 1
            if len(alive) > 2 and done >= PRUNE_AFTER and done % PRUNE_EVERY == 0:
                alive = _prune(alive, values)
        means = [-math.inf] * len(legal)
        for i in alive:
            means[i] = sum(values[i]) / len(values[i])
        return [means[same[i]] for i in range(len(legal))]


PRUNE_AFTER = 16
PRUNE_EVERY = 8
PRUNE_Z = 2.5
"""A candidate goes when the leader beats it by this many standard errors."""


def _prune(alive: list[int], values: list[list[int]]) -> list[int]:
    leader = max(alive, key=lambda i: sum(values[i]) / len(values[i]))
    best = values[leader]
    keep = []
    for i in alive:
        mine = values[i]
        n = len(mine)
        diffs = [b - m for b, m in zip(best, mine, strict=False)]
        mean = sum(diffs) / n
        spread = math.sqrt(max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 1e-9) / n)
        if i == leader or mean <= PRUNE_Z * spread:
            keep.append(i)
    return keep


def _effect(action: int) -> tuple[int, int]:
    """What a move does, with the plain cards of a month taken as alike."""
    if action >= act.STOP:
        return action, -3
    if action >= act.TAKE:
        return _alike(action - act.TAKE), -2
    card, target = (action, -1) if action < act.PLAY_TAKE else \
        divmod(action - act.PLAY_TAKE, 4)
    if action >= act.PLAY_TAKE:
        target = card & ~3 | target
    return _alike(card), _alike(target)


def _alike(card: int) -> int:
    if card >= 0 and CARDS[card].kind == PLAIN:
        return 100 + (card >> 2)
    return card


ROUNDS: dict[str, int | None] = {"easy": 12, "medium": 40, "hard": 150, "expert": None}
"""Rounds of search per decision for each level (``None``: as many as its time allows).

The search is as strong as it gets after a few hundred rounds, well inside every
level's thinking time, so the lower levels are held back by rounds instead.
"""


def make_bot(game: Game, level: str) -> Bot:
    """A Koi-Koi bot: a level of `LEVELS`, ``greedy`` or ``random``.

    >>> from spieltisch import load
    >>> bot = make_bot(load("koikoi"), "easy")
    >>> bot.name, bot.rounds
    ('koikoi-easy', 12)
    """
    del game
    return offer(level, GreedyBot,
                 lambda lv: SearchBot(seconds=LEVELS[lv].seconds, rounds=ROUNDS[lv],
                                      name=f"koikoi-{lv}"))
