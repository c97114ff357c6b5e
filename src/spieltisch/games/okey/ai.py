"""Okey computer opponents.

Every bot decides from its own rack and the public tiles only (it reads them from
``Decision.determinize``, whose other racks and pile are a fresh draw from the tiles
the seat cannot see). The measure is the solver's *tiles missing*.

- ``greedy`` (the baseline): takes the discard when it lowers the tiles missing,
  otherwise draws; discards a tile that leaves the fewest tiles missing; finishes
  at once.
- The levels rate each discard by tiles missing, then by *outs* (the share of unseen
  tiles that would bring the rack closer), then by *danger* (how much the tile may
  help the next player, from the tiles it was seen to take). ``easy`` counts outs
  for two tied discards and slips now and then; ``medium`` for three; ``hard`` for
  five, and adds the danger and a sharper take-or-draw rule;
  ``expert`` then runs a determinized search over the closest candidates: it draws
  its coming pile tiles again and again from the unseen tiles and plays them out,
  keeping the discard that finishes soonest most often.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.ai.levels import offer
from spieltisch.core.bots import Bot, Decision, NamedBot, determinized
from spieltisch.core.protocol import Game
from spieltisch.games.okey import tiles
from spieltisch.games.okey.rules import DISCARD, DRAW, FINISH, TAKE, OkeyState
from spieltisch.games.okey.strategy import Outlook, with_tile, without


def _state(info: Decision, rng: random.Random) -> OkeyState:
    return determinized(info, rng, OkeyState, "Okey")


def _best_finish(info: Decision, state: OkeyState) -> int | None:
    """A finishing discard, the okey first where it doubles the win."""
    finishes = [a for a in info.legal_actions if FINISH <= a < TAKE]
    if not finishes:
        return None
    okey_finish = FINISH + state.okey
    if okey_finish in finishes and state.game.options.countdown:
        return okey_finish
    return min(finishes, key=lambda a: (a - FINISH == state.okey, a))


class GreedyBot(NamedBot):
    """The baseline: the discard that leaves the fewest tiles missing.

    >>> from spieltisch import load
    >>> state = load("okey", players=2).new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> GreedyBot().choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    name = "okey-greedy"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """Finish if possible; take a discard that helps; discard greedily."""
        state = _state(info, rng)
        finish = _best_finish(info, state)
        if finish is not None:
            return finish
        look = Outlook.of(state, info.seat)
        if DRAW in info.legal_actions:
            top = state.takeable()
            if top >= 0 and look.missing(with_tile(look.rack, top)) < look.missing(look.rack):
                return TAKE
            return DRAW
        scored = [(look.missing(without(look.rack, a - DISCARD)), a) for a in info.legal_actions]
        least = min(m for m, _ in scored)
        return rng.choice([a for m, a in scored if m == least])


@dataclass(frozen=True)
class Style:
    """How a level plays."""

    outs_for: int
    """How many of the discards tied on tiles missing get their outs counted."""
    slip: float
    """Chance of a careless discard among the near-best ones."""
    defend: bool
    """Weigh the danger of feeding the next player."""
    rollouts: int
    """Determinized playouts per candidate discard (0: no search)."""
    seconds: float


STYLES = {
    "easy": Style(outs_for=2, slip=0.25, defend=False, rollouts=0, seconds=0.05),
    "medium": Style(outs_for=3, slip=0.0, defend=False, rollouts=0, seconds=0.2),
    "hard": Style(outs_for=5, slip=0.0, defend=True, rollouts=0, seconds=0.5),
    "expert": Style(outs_for=6, slip=0.0, defend=True, rollouts=16, seconds=0.85),
}

DANGER_WEIGHT = 0.02
"""Outs share that one unit of danger is worth."""
CANDIDATES = 3
"""Discards the expert's search compares at most."""
CLOSE = 0.03
"""Outs share within which the expert calls two discards close and searches."""


class PlannerBot(NamedBot):
    """A level: tiles missing, outs, danger, and (expert) a determinized search.

    >>> from spieltisch import load
    >>> state = load("okey", players=2).new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> bot = PlannerBot("hard", STYLES["hard"])
    >>> bot.choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    def __init__(self, level: str, style: Style) -> None:
        self.name = f"okey-{level}"
        self.style = style

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The move of this level (see the module docstring)."""
        deadline = time.perf_counter() + self.style.seconds
        state = _state(info, rng)
        finish = _best_finish(info, state)
        if finish is not None:
            return finish
        look = Outlook.of(state, info.seat)
        if DRAW in info.legal_actions:
            return self._draw_or_take(state, look, deadline)
        ranked = self._rank_discards(look, rng, deadline)
        style = self.style
        if style.slip and rng.random() < style.slip:
            near = [a for score, a in ranked if score[0] <= ranked[0][0][0] + 1]
            return rng.choice(near[:4])
        if style.rollouts:
            best = ranked[0][0]
            close = [a for score, a in ranked[:CANDIDATES]
                     if score[0] == best[0] and score[1] <= best[1] + CLOSE]
            if len(close) > 1:
                return self._search(state, look, close, rng, deadline)
        return ranked[0][1]

    def _draw_or_take(self, state: OkeyState, look: Outlook, deadline: float) -> int:
        top = state.takeable()
        if top < 0:
            return DRAW
        now = look.missing(look.rack)
        grown = with_tile(look.rack, top)
        after = look.missing(grown)
        if after < now:
            return TAKE
        if not self.style.defend or after > now or time.perf_counter() > deadline:
            return DRAW
        if top == look.okey:
            return TAKE
        drop = min((k for k in range(tiles.KINDS) if grown[k] and k != top),
                   key=lambda k: look.missing(without(grown, k)))
        rest = without(grown, drop)
        if look.missing(rest) != now:
            return DRAW
        late = _clock(deadline)
        gain = look.outs(rest, now, late)
        if late():
            return DRAW
        return TAKE if gain > 2 * look.outs(look.rack, now, late) + 0.02 else DRAW

    def _rank_discards(self, look: Outlook, rng: random.Random,
                       deadline: float) -> list[tuple[tuple[float, ...], int]]:
        """Discards best first, scored (tiles missing, -outs + danger, random). Outs are
        counted for the discards tied on tiles missing, safest first, while time lasts."""
        rack = look.rack
        defend = self.style.defend
        base = []
        for k in range(tiles.KINDS):
            if rack[k]:
                danger = DANGER_WEIGHT * look.danger(k) if defend else 0.0
                base.append((look.missing(without(rack, k)), danger, rng.random(), k))
        base.sort()
        least = base[0][0]
        limit = self.style.outs_for
        ranked: list[tuple[tuple[float, ...], int]] = []
        for i, (m, danger, tie, k) in enumerate(base):
            score = danger
            if m == least and i < limit and (i == 0 or time.perf_counter() < deadline):
                score -= look.outs(without(rack, k), m, _clock(deadline))
            ranked.append(((m, score, tie), DISCARD + k))
        ranked.sort()
        return ranked

    def _search(self, state: OkeyState, look: Outlook, candidates: list[int],
                rng: random.Random, deadline: float) -> int:
        """Determinized playouts of the own coming draws for each candidate discard; the
        one finishing soonest on average wins (all candidates see the same draws)."""
        players = state.game.options.players
        horizon = max(1, min(14, state.pool_size // players))
        bag = tiles.kinds_of(look.unseen)
        totals = dict.fromkeys(candidates, 0.0)
        late = _clock(deadline)
        for _ in range(self.style.rollouts):
            if late():
                break
            draws = rng.sample(bag, min(horizon, len(bag)))
            scores = []
            for a in candidates:
                scores.append(_playout(look, without(look.rack, a - DISCARD), draws, late))
            if late():
                break
            for a, score in zip(candidates, scores, strict=True):
                totals[a] += score
        return max(candidates, key=lambda a: (totals[a], -candidates.index(a)))


def _clock(deadline: float) -> Callable[[], bool]:
    """A check that the thinking time is over."""
    return lambda: time.perf_counter() > deadline


def _playout(look: Outlook, rack: tuple[int, ...], draws: list[int],
             late: Callable[[], bool]) -> float:
    """Play the draws greedily from a rack of 14; 1 for finishing at once, less for
    finishing later, 0 for not finishing (or for running out of time)."""
    need = look.missing(rack)
    for turn, tile in enumerate(draws):
        if late():
            return 0.0
        grown = with_tile(rack, tile)
        if look.missing(grown) >= need:
            continue
        choices = [(look.missing(without(grown, k)), k) for k in range(tiles.KINDS)
                   if grown[k]]
        need, drop = min(choices)
        rack = without(grown, drop)
        if need == 0:
            return 1.0 - turn / (2 * len(draws))
    return 0.0


def make_bot(game: Game, level: str) -> Bot:
    """An Okey bot: a level of `spieltisch.ai.levels.LEVELS`, ``greedy`` or ``random``.

    >>> from spieltisch import load
    >>> make_bot(load("okey"), "expert").name
    'okey-expert'
    """
    del game
    return offer(level, GreedyBot, lambda lv: PlannerBot(lv, STYLES[lv]))

