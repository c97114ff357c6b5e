"""Monte-Carlo tree search for any registered game.

One algorithm serves both kinds of game: every iteration starts from
``info.determinize(rng)``. For perfect-information games that is the true state
and this is plain UCT; for hidden-information games each iteration plays in a
fresh determinization and the tree is keyed by action, with UCB counting how
often a child was available (single-observer information-set MCTS). Chance
nodes are sampled by their probabilities.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.core.bots import Decision, NamedBot
from spieltisch.core.protocol import CHANCE, State

Evaluator = Callable[[State], list[float]]
"""Estimated returns (each in [-1, 1]) of a non-terminal state."""
RolloutPolicy = Callable[[State, random.Random], int]


@dataclass(frozen=True)
class Budget:
    """How long a search may run: seconds, iterations, or both (whichever ends first).

    >>> Budget(iterations=100).iterations
    100
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds, iterations or both")


class _Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class MCTSBot(NamedBot):
    """UCT / information-set MCTS with random (or given) rollouts.

    >>> from spieltisch import load
    >>> from spieltisch.core.bots import Decision
    >>> state = load("oware", preset="abapa").new_initial_state()
    >>> bot = MCTSBot(Budget(iterations=50))
    >>> bot.choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    def __init__(
        self,
        budget: Budget,
        *,
        exploration: float = 1.4,
        rollout_depth: int | None = None,
        evaluate: Evaluator | None = None,
        rollout_policy: RolloutPolicy | None = None,
        name: str = "mcts",
    ) -> None:
        self.budget = budget
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.rollout_policy = rollout_policy
        self.name = name

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The most visited root action after the search."""
        if len(info.legal_actions) == 1:
            return info.legal_actions[0]
        root = self.search(info, rng)
        legal = set(info.legal_actions)
        best = max(
            (a for a in root.children if a in legal),
            key=lambda a: (root.children[a].visits, root.children[a].reward),
            default=info.legal_actions[0],
        )
        return best

    def search(self, info: Decision, rng: random.Random) -> _Node:
        """Run the search and return the root (children keyed by action)."""
        root = _Node()
        seconds = self.budget.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        limit = self.budget.iterations
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, info.determinize(rng), rng)
            done += 1
        return root

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        while not state.is_terminal():
            player = state.current_player
            legal = state.legal_actions()
            if player == CHANCE:
                action = state.sample_chance(rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node = child
                state = state._apply(action)
                continue
            children = node.children
            untried = []
            for a in legal:
                ch = children.get(a)
                if ch is None or ch.visits == 0:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                action = rng.choice(untried)
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node()
                child.avail += 1
                path.append((child, player))
                state = state._apply(action)
                break
            best_score = -math.inf
            action = legal[0]
            for a in legal:
                ch = children[a]
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, action = score, a
            node = node.children[action]
            path.append((node, player))
            state = state._apply(action)
        values = self._rollout(state, rng)
        for child, player in path:
            child.visits += 1
            child.reward += values[player]

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        depth = 0
        policy = self.rollout_policy
        while not state.is_terminal():
            if self.rollout_depth is not None and depth >= self.rollout_depth and \
                    self.evaluate is not None:
                return self.evaluate(state)
            if state.current_player == CHANCE:
                action = state.sample_chance(rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state._apply(action)
            depth += 1
        return state.returns()
