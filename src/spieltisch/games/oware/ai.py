"""Oh-Wah-Ree computer opponents: iterative-deepening alpha-beta with an evaluation.

Two players: negamax with alpha-beta, a transposition table for move ordering
and an evaluation of stones captured plus stones each side may still keep.
Three or four players: the same search in its paranoid form (every opponent
plays against the player to move at the root). Levels differ only by thinking
time; ``easy`` looks two plies ahead and sometimes picks a lesser move.
"""

from __future__ import annotations

import random
import time

from spieltisch.ai.levels import LEVELS, offer
from spieltisch.core.bots import Bot, Decision, NamedBot, determinized
from spieltisch.games.oware.rules import PITS, OwareGame, OwareState

_WIN = 10_000.0


class _OutOfTime(Exception):
    pass


def evaluate(state: OwareState, seat: int) -> float:
    """How good `state` is for `seat`, in stones (terminal: +-10000 plus margin).

    >>> from spieltisch import load
    >>> evaluate(load("oware").new_initial_state(), 0)
    0.0
    """
    game = state.game
    n = game.info.num_players
    if state.is_terminal():
        ret = state.returns()[seat]
        mine = state.scores()[seat]
        others = max(state.scores()[s] for s in range(n) if s != seat)
        return ret * _WIN + (mine - others)
    board, owners = state.board, state.owners
    side = [0] * n
    for p in range(PITS):
        side[owners[p]] += board[p]
    if game.grand:
        pits = [owners.count(s) for s in range(n)]
        value = [8.0 * pits[s] + state.stores[s] + 0.25 * side[s] for s in range(n)]
    else:
        weight = 0.5 if game.abapa else 0.35
        value = [state.stores[s] + weight * side[s] for s in range(n)]
    rivals = [value[s] for s in range(n) if s != seat]
    return value[seat] - (max(rivals) if n > 2 else sum(rivals) / len(rivals))


class AlphaBetaBot(NamedBot):
    """Iterative-deepening alpha-beta within a time (or depth) budget.

    >>> from spieltisch import load
    >>> state = load("oware", preset="abapa").new_initial_state()
    >>> bot = AlphaBetaBot(max_depth=3)
    >>> bot.choose(Decision.from_state(state), random.Random(0)) in state.legal_actions()
    True
    """

    def __init__(self, seconds: float | None = None, max_depth: int = 64,
                 slack: float = 0.0, name: str = "oware-alphabeta") -> None:
        self.seconds = seconds
        self.max_depth = max_depth
        self.slack = slack
        self.name = name

    def choose(self, info: Decision, rng: random.Random) -> int:
        state = determinized(info, rng, OwareState, "Oh-Wah-Ree")
        legal = list(info.legal_actions)
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        search = _Search(state.current_player, deadline)
        scored: list[tuple[float, int]] = [(0.0, a) for a in legal]
        for depth in range(1, self.max_depth + 1):
            try:
                scored = search.root(state, depth, [a for _, a in scored], exact=self.slack > 0)
            except _OutOfTime:
                break
            if abs(scored[0][0]) >= _WIN / 2:
                break
        if not self.slack:
            return scored[0][1]
        best = scored[0][0]
        return rng.choice([a for v, a in scored if v >= best - self.slack])


class _Search:
    def __init__(self, root_seat: int, deadline: float | None) -> None:
        self.root_seat = root_seat
        self.deadline = deadline
        self.nodes = 0
        self.best_move: dict[tuple[object, ...], int] = {}

    def root(self, state: OwareState, depth: int, order: list[int],
             exact: bool) -> list[tuple[float, int]]:
        """Root moves with their values, best first. Without `exact`, later moves' values
        are only upper bounds, so the first of equal values is the true best."""
        scored = []
        alpha = -float("inf")
        for action in order:
            child = state._apply(action)
            value = self.value(child, depth - 1, alpha, float("inf"))
            scored.append((value, action))
            if not exact:
                alpha = max(alpha, value)
        scored.sort(key=lambda va: -va[0])
        return scored

    def value(self, state: OwareState, depth: int, alpha: float, beta: float) -> float:
        """Paranoid alpha-beta: the root seat maximises, everybody else minimises."""
        self.nodes += 1
        if self.deadline is not None and self.nodes & 511 == 0 and \
                time.perf_counter() > self.deadline:
            raise _OutOfTime
        if depth == 0 or state.is_terminal():
            return evaluate(state, self.root_seat)
        maximise = state.current_player == self.root_seat
        key = (state.board, state.owners, state.to_move)
        moves = state.legal_actions()
        hint = self.best_move.get(key)
        if hint is not None and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        best_action = moves[0]
        if maximise:
            best = -float("inf")
            for action in moves:
                v = self.value(state._apply(action), depth - 1, alpha, beta)
                if v > best:
                    best, best_action = v, action
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        else:
            best = float("inf")
            for action in moves:
                v = self.value(state._apply(action), depth - 1, alpha, beta)
                if v < best:
                    best, best_action = v, action
                beta = min(beta, v)
                if alpha >= beta:
                    break
        self.best_move[key] = best_action
        return best


def make_bot(game: OwareGame, level: str) -> Bot:
    """An Oh-Wah-Ree bot at `level` (easy/medium/hard/expert, greedy, random).

    >>> from spieltisch import load
    >>> make_bot(load("oware"), "expert").name
    'oware-expert'
    """
    del game
    return offer(level, lambda: AlphaBetaBot(max_depth=1, name="oware-greedy"), _at_level)


def _at_level(level: str) -> Bot:
    if level == "easy":
        return AlphaBetaBot(max_depth=2, slack=2.0, name="oware-easy")
    return AlphaBetaBot(seconds=LEVELS[level].seconds, name=f"oware-{level}")
