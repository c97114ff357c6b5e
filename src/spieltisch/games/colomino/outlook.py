"""What a player may expect after a planned turn: courts won, courts lost, the race.

`Outlook` is built from what one seat knows (public board and tokens, own rack,
the multiset of tiles it cannot see). For a finished turn plan it forecasts the
next turn of every player: a court left on the board goes to the first opponent
whose random rack holds a fitting tile (jokers included); the courts that survive
are the player's own next turn, filled by the kept tiles or by fresh draws, open
ones first for the multiplier; a square one tile short of a court is a small gift
to the next player. `judge` turns expected points into an expected rank return
with a normal model whose spread shrinks as the end approaches (rows still to
reach the target line, or turns left once the end is triggered), so a leader
races to the end and a trailer holds back.

>>> from spieltisch import load
>>> from spieltisch.games.colomino.planner import TurnPlanner
>>> game = load("colomino")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state = state.apply(state.legal_actions()[0])
>>> outlook = Outlook(state, 0, Weights())
>>> -1.0 <= outlook.value(TurnPlanner(game.geo).start(state)) <= 1.0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spieltisch.games.colomino.placing import CLOSED, OPEN, Geometry, is_tile
from spieltisch.games.colomino.planner import Plan
from spieltisch.games.colomino.tiles import FITTING, FITTING_KINDS, KINDS

if TYPE_CHECKING:
    from spieltisch.games.colomino.rules import ColominoState


@dataclass(frozen=True)
class Weights:
    """Tunable constants of the outlook.

    >>> Weights().spread > 0
    True
    """

    spread: float = 2.5
    """Standard deviation of one player's points over one round of turns."""
    rounds_per_row: float = 1.5
    """Rounds of turns the game lasts per row still between the tiles and the target line."""
    margin: float = 0.02
    """Weight of the plain expected point lead beside the rank return."""
    near_court: float = 0.15
    """Points an opponent expects from each square one tile short of a court."""


@dataclass(frozen=True)
class Forecast:
    """Expected points of the next turns after a plan: ours and each opponent's."""

    ours: float
    theirs: tuple[float, ...]


class Outlook:
    """Expectations of one seat in one position (its information only)."""

    def __init__(self, state: ColominoState, seat: int, weights: Weights) -> None:
        game = state.game
        self.geo: Geometry = game.geo
        self.weights = weights
        self.seat = seat
        n = len(state.racks)
        self.players = n
        counts = [0] * KINDS
        for k in state.unseen(seat):
            counts[k] += 1
        self.pool = counts
        self.unseen = sum(counts)
        self.rack_size = game.options.rack_size
        self.per_turn = game.options.per_turn
        self.scores = [y + 2 * b for y, b in zip(state.yellow, state.blue, strict=True)]
        self.opponents = [(seat + i) % n for i in range(1, n)]
        self.opponent_racks = [len(state.racks[p]) for p in self.opponents]
        self.final = state.final
        self.bag = state.bag_size
        self.size = game.options.board.size
        self._fit: dict[int, int] = {}
        self._chance: dict[tuple[int, int], float] = {}

    def fit_count(self, need: int) -> int:
        """How many unseen tiles fit a square with constraint `need`."""
        found = self._fit.get(need)
        if found is None:
            pool = self.pool
            found = sum(pool[k] for k in FITTING_KINDS[need])
            self._fit[need] = found
        return found

    def chance(self, fitting: int, tiles: int) -> float:
        """Probability that `tiles` random unseen tiles include one of `fitting` ones."""
        key = (fitting, tiles)
        found = self._chance.get(key)
        if found is None:
            total = self.unseen
            miss = 1.0
            for i in range(min(tiles, total)):
                miss *= max(0, total - fitting - i) / (total - i)
            found = 1.0 - miss
            self._chance[key] = found
        return found

    def turns_after(self, plan: Plan) -> list[bool]:
        """For each opponent in turn order: whether they have a turn after this one."""
        n = self.players
        if plan.top or self.final >= 0:
            left = (self.final if self.final >= 0 else n) - 1
            return [i < left for i in range(n - 1)]
        return [True] * (n - 1)

    def plays_again(self, plan: Plan) -> bool:
        """Whether the planning seat has another turn after this one."""
        return not plan.top and self.final < 0

    def draws(self, plan: Plan) -> int:
        """Tiles the planning seat draws before its next turn."""
        if not self.plays_again(plan):
            return 0
        return min(self.rack_size - len(plan.rack), self.bag)

    def forecast(self, plan: Plan) -> Forecast:
        """Expected points of the next turn of each player after `plan`, from court odds."""
        geo = self.geo
        board = plan.board
        bounds = plan.bounds
        has_turn = self.turns_after(plan)
        again = self.plays_again(plan)
        kept = plan.rack
        draws = self.draws(plan)
        theirs = [0.0] * (self.players - 1)
        ours: list[tuple[int, float, float]] = []
        used: set[int] = set()
        near_courts = 0
        for square in (*plan.hot, *plan.fresh):
            bounded = bounds[square]
            if bounded < OPEN:
                near_courts += 1
                continue
            need = geo.need(board, square)
            fitting = self.fit_count(need)
            worth = 2.0 if bounded == CLOSED else 1.0
            survive = 1.0
            for i, rack in enumerate(self.opponent_racks):
                if has_turn[i]:
                    take = survive * self.chance(fitting, rack)
                    theirs[i] += worth * take
                    survive -= take
            if not again or survive <= 0.0:
                continue
            mine = 0.0
            for slot, k in enumerate(kept):
                if slot not in used and FITTING[need][k]:
                    used.add(slot)
                    mine = 1.0
                    break
            if not mine and draws:
                mine = self.chance(fitting, draws)
            ours.append((bounded, worth, survive * mine))
        ours.sort()
        before = 0.0
        our_gain = 0.0
        for _, worth, p in ours:
            our_gain += worth * p * (1.0 + before)
            before += p
        for i, gain in enumerate(theirs):
            if has_turn[i]:
                theirs[i] = gain * (1.0 + 0.5 * gain) + self.weights.near_court * near_courts
                near_courts = 0
        return Forecast(our_gain, tuple(theirs))

    def value(self, plan: Plan, extra: int = 0) -> float:
        """Expected rank return after `plan`, `extra` points still to come this turn."""
        return self.judge(plan, extra, self.forecast(plan))

    def judge(self, plan: Plan, extra: float, forecast: Forecast) -> float:
        """Expected rank return (about -1..1) from the points expected after `plan`."""
        w = self.weights
        n = self.players
        has_turn = self.turns_after(plan)
        again = self.plays_again(plan)
        triggered = plan.top or self.final >= 0
        rows = 0 if triggered else max(0, self.size - 1 - self._highest(plan.board))
        rounds = 1.0 + rows * w.rounds_per_row
        mine = self.scores[self.seat] + plan.points + extra + forecast.ours
        total = 0.0
        margin = 0.0
        for i, p in enumerate(self.opponents):
            theirs = self.scores[p] + forecast.theirs[i]
            turns = (rounds if again else 0.0) + \
                (rounds if not triggered else 1.0 if has_turn[i] else 0.0)
            sigma = w.spread * math.sqrt(turns) + 0.5
            lead = mine - theirs
            total += math.erf(lead / (sigma * math.sqrt(2.0)))
            margin += lead
        return (total + w.margin * margin) / (n - 1)

    def _highest(self, board: tuple[int, ...]) -> int:
        size = self.size
        for row in range(size - 1, -1, -1):
            start = row * size
            for content in board[start:start + size]:
                if is_tile(content):
                    return row
        return -1
