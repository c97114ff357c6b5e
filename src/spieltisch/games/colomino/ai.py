"""Computer players for Colomino: a greedy baseline and the turn-planning bot.

Both see only a `Decision`: they plan on ``info.determinize(rng)``, whose public
parts and own rack are the true ones, and the planning bot reads the other
players' tiles only as the multiset of tiles its seat cannot see.

>>> from spieltisch import load
>>> make_bot(load("colomino"), "expert").name
'colomino-expert'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from spieltisch.ai.levels import offer
from spieltisch.core.bots import Bot, Decision, NamedBot, determinized
from spieltisch.core.protocol import Game, IllegalAction
from spieltisch.games.colomino.outlook import Forecast, Outlook, Weights
from spieltisch.games.colomino.planner import Plan, TurnPlanner
from spieltisch.games.colomino.rules import ColominoGame, ColominoState


class GreedyBot(NamedBot):
    """Lays the turn that earns the most points now; a random placement among equals.

    >>> from spieltisch import load
    >>> state = load("colomino").new_initial_state()
    >>> while state.is_chance_node():
    ...     state = state.apply(state.legal_actions()[0])
    >>> GreedyBot().choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    name = "colomino-greedy"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """A first placement of a turn plan with the most points."""
        state = determinized(info, rng, ColominoState, "Colomino")
        planner = TurnPlanner(state.game.geo)
        root = planner.start(state)
        best = -1
        choices: list[int] = []
        for action in info.legal_actions:
            child = planner.step(root, action)
            gain = child.points + planner.gain(child)
            if gain > best:
                best, choices = gain, [action]
            elif gain == best:
                choices.append(action)
        return rng.choice(choices)


@dataclass(frozen=True)
class Search:
    """How widely the planning bot searches a turn.

    `beam[i]` plans survive after the (i+1)-th placement of the turn; the best
    `refine` finished plans are then judged again over `samples` deals of the
    unseen tiles (for two players; proportionally fewer with more opponents),
    playing each opponent's best-scoring turn and our next one.
    """

    beam: tuple[int, ...] = (12, 24)
    refine: int = 0
    samples: int = 0
    budget: int = 300
    """Placements tried by each search for the points a turn can make."""


class PlannerBot(NamedBot):
    """Plans the whole turn: every order of its placements, the courts it fills now,
    the courts it leaves for the kept tiles and the ones opponents may steal."""

    def __init__(self, name: str, search: Search, weights: Weights | None = None) -> None:
        self.name = name
        self.search = search
        self.weights = weights or Weights()
        self._plan: dict[tuple[object, ...], int] = {}
        """The placements still planned for this turn, by the position each is made
        from (nothing new can be learnt before the turn ends)."""

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The first placement of the best turn plan found (the plan is kept for the
        turn's other placements)."""
        state = determinized(info, rng, ColominoState, "Colomino")
        planned = self._plan.get(_position_key(state))
        if planned is not None and planned in info.legal_actions:
            return planned
        if len(info.legal_actions) == 1:
            return info.legal_actions[0]
        planner = TurnPlanner(state.game.geo)
        outlook = Outlook(state, state.to_move, self.weights)
        plans = self.plans(planner, outlook, state)
        plans.sort(key=lambda scored: -scored[0])
        if self.search.refine and self.search.samples and len(plans) > 1:
            top = [plan for _, plan in plans[:self.search.refine]]
            plans = self.refine(planner, outlook, top, info, rng)
        best = max(plans, key=lambda scored: scored[0])
        self._remember(state, best[1].actions)
        return best[1].actions[0]

    def _remember(self, state: ColominoState, actions: tuple[int, ...]) -> None:
        self._plan = {}
        seat = state.current_player
        for action in actions[:-1]:
            after = state.apply(action)
            if after.current_player != seat:
                break
            state = after
            self._plan[_position_key(state)] = actions[len(self._plan) + 1]

    def plans(self, planner: TurnPlanner, outlook: Outlook,
              state: ColominoState) -> list[tuple[float, Plan]]:
        """Finished turn plans with their values, found by a beam search."""
        frontier = [planner.start(state)]
        finished: list[tuple[float, Plan]] = []
        depth = 0
        while frontier:
            children: dict[tuple[int, ...], Plan] = {}
            for plan in frontier:
                for action in planner.moves(plan):
                    child = planner.step(plan, action)
                    other = children.get(child.board)
                    if other is None or (child.points, child.courts) > (other.points, other.courts):
                        children[child.board] = child
            partial: list[tuple[float, Plan]] = []
            for child in children.values():
                if planner.done(child):
                    finished.append((outlook.value(child), child))
                else:
                    extra = planner.search(child, 2, self.search.budget)[0]
                    partial.append((outlook.value(child, extra), child))
            width = self.search.beam[min(depth, len(self.search.beam) - 1)]
            partial.sort(key=lambda scored: -scored[0])
            frontier = [plan for _, plan in partial[:width]]
            depth += 1
        return finished

    def refine(self, planner: TurnPlanner, outlook: Outlook, plans: list[Plan], info: Decision,
               rng: random.Random) -> list[tuple[float, Plan]]:
        """Judge `plans` again by playing the next turns on sampled deals of the unseen tiles."""
        per_turn = outlook.per_turn
        ours = [0.0] * len(plans)
        theirs = [[0.0] * len(outlook.opponents) for _ in plans]
        # each sample plays every opponent's reply: fewer samples with more opponents
        samples = max(2, self.search.samples * 2 // (len(outlook.opponents) + 1))
        for _ in range(samples):
            deal = determinized(info, rng, ColominoState, "Colomino")
            bag = [k for k, count in enumerate(deal.bag) for _ in range(count)]
            rng.shuffle(bag)
            for index, plan in enumerate(plans):
                has_turn = outlook.turns_after(plan)
                board = plan.board
                for i, seat in enumerate(outlook.opponents):
                    if has_turn[i]:
                        reply = planner.best(planner.begin(board, deal.racks[seat], per_turn),
                                             2, self.search.budget)
                        theirs[index][i] += reply.points
                        board = reply.board
                if outlook.plays_again(plan):
                    rack = plan.rack + tuple(bag[:outlook.draws(plan)])
                    ours[index] += planner.search(planner.begin(board, rack, per_turn), 2,
                                                  self.search.budget)[0]
        judged = []
        for index, plan in enumerate(plans):
            forecast = Forecast(ours[index] / samples, tuple(t / samples for t in theirs[index]))
            judged.append((outlook.judge(plan, 0, forecast), plan))
        return judged


def _position_key(state: ColominoState) -> tuple[object, ...]:
    """What the player to move knows of a position (its rack, everything public)."""
    return (state.to_move, state.board, state.racks[state.to_move], state.placed, state.courts,
            state.fresh, state.final, state.yellow, state.blue, state.bag_size,
            tuple(len(r) for r in state.racks), state.turn)


_SEARCH = {
    "easy": Search(beam=(2, 2)),
    "medium": Search(beam=(10, 16)),
    "hard": Search(beam=(12, 24), refine=8, samples=6),
    "expert": Search(beam=(12, 24), refine=12, samples=10),
}


def make_bot(game: Game, level: str) -> Bot:
    """A Colomino bot: a level of `LEVELS`, ``greedy`` or ``random``."""
    if not isinstance(game, ColominoGame):
        raise IllegalAction("these bots play Colomino only")
    return offer(level, GreedyBot, lambda lv: PlannerBot(f"colomino-{lv}", _SEARCH[lv]))
