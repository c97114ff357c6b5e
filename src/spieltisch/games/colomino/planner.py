"""Turn planning: the placements of one turn as a sequence, with the points they earn.

A `Plan` is a position reached from the start of the planning by some of the
current player's placements; `TurnPlanner` steps plans forward and finds the most
points a turn can still earn (the greedy baseline's whole idea).

>>> from spieltisch import load
>>> game = load("colomino")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state = state.apply(state.legal_actions()[0])
>>> planner = TurnPlanner(game.geo)
>>> plan = planner.start(state)
>>> sorted(planner.moves(plan)) == state.legal_actions(), plan.points
(True, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.games.colomino.placing import CENTRE, CLOSED, EMPTY, OPEN, Geometry
from spieltisch.games.colomino.tiles import FITTING_KINDS, JOKER, JOKER_ORIENTATION

if TYPE_CHECKING:
    from spieltisch.games.colomino.rules import ColominoState

_FILLABLE = frozenset((EMPTY, JOKER_ORIENTATION))
"""Contents a tile may be laid on that can make a court: empty squares and jokers."""


class Plan:
    """Placements laid so far in the turn being planned, and where they lead."""

    __slots__ = ("_moves", "actions", "blue", "board", "bounds", "courts", "fresh", "hot", "left",
                 "parent", "rack", "top", "yellow")

    def __init__(self, actions: tuple[int, ...], board: tuple[int, ...], bounds: tuple[int, ...],
                 hot: frozenset[int], fresh: tuple[int, ...], rack: tuple[int, ...], yellow: int,
                 blue: int, courts: int, left: int, top: bool, parent: Plan | None,
                 moves: list[int] | None) -> None:
        self.actions = actions
        self.board = board
        self.bounds = bounds
        """Bounded sides of every square (see `Geometry.bounded`)."""
        self.hot = hot
        """Squares a tile may fill this turn that have at least two bounded sides."""
        self.fresh = fresh
        """Squares of jokers laid this turn."""
        self.rack = rack
        self.yellow = yellow
        """Yellow tokens earned by the plan (not counting earlier ones)."""
        self.blue = blue
        self.courts = courts
        """Courts filled in the turn so far, earlier placements included."""
        self.left = left
        """Placements the turn still asks for."""
        self.top = top
        """Whether the plan lays a tile in the row next to the target line."""
        self.parent = parent
        self._moves = moves

    @property
    def points(self) -> int:
        """Points the plan earns."""
        return self.yellow + 2 * self.blue


class TurnPlanner:
    """Steps plans forward on one board geometry."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self._budget: int | None = None

    def start(self, state: ColominoState) -> Plan:
        """The empty plan for the player to move in `state`."""
        seat = state.to_move
        per_turn = state.game.options.per_turn
        return self.begin(state.board, state.racks[seat], per_turn - state.placed, state.courts,
                          state.fresh, state.legal_actions())

    def begin(self, board: tuple[int, ...], rack: tuple[int, ...], left: int, courts: int = 0,
              fresh: tuple[int, ...] = (), moves: list[int] | None = None) -> Plan:
        """The empty plan for `rack` on `board` with `left` placements to go."""
        geo = self.geo
        bounds = tuple(geo.bounded(board, sq) for sq in range(geo.squares))
        hot = frozenset(sq for sq, bounded in enumerate(bounds)
                        if bounded >= 2 and board[sq] in _FILLABLE and sq not in fresh)
        return Plan((), board, bounds, hot, fresh, rack, 0, 0, courts, left, False, None, moves)

    def moves(self, plan: Plan) -> list[int]:
        """The legal placements from `plan` (unsorted; none once the turn is used up)."""
        if plan._moves is None:
            parent = plan.parent
            if plan.left == 0:
                plan._moves = []
            elif parent is None:
                plan._moves = self.geo.placements(plan.board, plan.rack, plan.fresh)
            else:
                square, kind, _ = self.geo.unpack(plan.actions[-1])
                plan._moves = self.geo.placements_after(self.moves(parent), plan.board, plan.rack,
                                                        square, kind, plan.fresh)
            plan.parent = None
        return plan._moves

    def done(self, plan: Plan) -> bool:
        """True when the turn is over after `plan`."""
        return plan.left == 0 or not self.moves(plan)

    def step(self, plan: Plan, action: int) -> Plan:
        """The plan after one more placement (assumed legal)."""
        geo = self.geo
        square, kind, rot = geo.unpack(action)
        content = plan.board[square]
        bounds = plan.bounds
        court = bounds[square] if content < CENTRE and bounds[square] >= OPEN else 0
        hot = plan.hot
        fresh = plan.fresh
        if kind == JOKER:
            fresh = (*fresh, square)
        board = geo.lay(plan.board, square, kind, rot)
        if content == EMPTY:
            grown = list(bounds)
            warm = set(hot)
            warm.discard(square)
            for nb in geo.near[square]:
                grown[nb] += 1
                if grown[nb] >= 2 and board[nb] in _FILLABLE and nb not in fresh:
                    warm.add(nb)
            bounds = tuple(grown)
            hot = frozenset(warm)
        elif square in hot:
            hot = hot - {square}
        yellow, blue, courts = plan.yellow, plan.blue, plan.courts
        if court:
            courts += 1
            if court == CLOSED:
                blue += courts
            else:
                yellow += courts
        rack = list(plan.rack)
        rack.remove(kind)
        return Plan((*plan.actions, action), board, bounds, hot, fresh, tuple(rack), yellow, blue,
                    courts, plan.left - 1, plan.top or square >= geo.top_row_start, plan, None)

    def relevant(self, plan: Plan, reach: int = 3) -> list[int]:
        """Placements that fill a court now or may make one for a later placement.

        `reach` caps how many placements a court may take to make and fill: 3 is
        exact, 2 ignores courts that need two more tiles around them or a tile to
        connect the square that makes them.
        """
        geo = self.geo
        bounds = plan.bounds
        left = min(plan.left, reach)
        threshold = 4 - left
        if threshold >= 2:
            base = [sq for sq in plan.hot if bounds[sq] >= threshold]
        else:
            board = plan.board
            fresh = plan.fresh
            base = [sq for sq, bounded in enumerate(bounds)
                    if bounded >= threshold and board[sq] in _FILLABLE and sq not in fresh]
        hot = set()
        near = geo.near
        for sq in base:
            bounded = bounds[sq]
            if bounded >= OPEN:
                hot.add(sq)
            if left >= 2:
                hot.update(near[sq])
            if left >= 3 and bounded >= 2:
                for nb in near[sq]:
                    hot.update(geo.affected[nb])
        if plan._moves is not None:
            stride = geo.stride
            return [a for a in plan._moves if a // stride in hot]
        return geo.placements_on(plan.board, plan.rack, sorted(hot), plan.fresh)

    def gain(self, plan: Plan, reach: int = 3) -> int:
        """The most points the rest of the turn can add to `plan` (exact for `reach` 3,
        see `relevant`)."""
        return self.search(plan, reach)[0]

    def best(self, plan: Plan, reach: int = 3, budget: int | None = None) -> Plan:
        """`plan` extended by placements earning the most points found (see `search`);
        placements that earn nothing are left out."""
        for action in self.search(plan, reach, budget)[1]:
            plan = self.step(plan, action)
        return plan

    def search(self, plan: Plan, reach: int = 3,
               budget: int | None = None) -> tuple[int, tuple[int, ...]]:
        """The most points the rest of the turn can add to `plan`, and the placements
        earning them. Court fills are tried first; with a `budget` (placements tried)
        the search stops early and returns the best found so far."""
        self._budget = budget
        return self._search(plan, reach, 0)

    def _search(self, plan: Plan, reach: int, floor: int) -> tuple[int, tuple[int, ...]]:
        left = plan.left
        if left == 0:
            return 0, ()
        if left == 1:
            found, action = self._fill(plan)
            return (found, (action,)) if found else (0, ())
        best: tuple[int, tuple[int, ...]] = (max(floor, 0), ())
        if _ceiling(plan.courts, left) <= best[0]:
            return best
        ceiling_after = _ceiling(plan.courts + 1, left - 1)
        ceiling_quiet = _ceiling(plan.courts, left - 1)
        bounds = plan.bounds
        board = plan.board
        stride = self.geo.stride
        actions = self.relevant(plan, reach)
        actions.sort(key=lambda a: -bounds[a // stride] if board[a // stride] in _FILLABLE
                     else 0)
        for action in actions:
            if self._budget is not None:
                if self._budget <= 0:
                    break
                self._budget -= 1
            child = self.step(plan, action)
            earned = child.points - plan.points
            if earned + (ceiling_after if earned else ceiling_quiet) <= best[0]:
                continue
            found, path = self._search(child, reach, best[0] - earned)
            if earned + found > best[0]:
                best = (earned + found, (action, *path))
        return best

    def _fill(self, plan: Plan) -> tuple[int, int]:
        """The best court fill from `plan` (points, action), or (0, -1)."""
        geo = self.geo
        board = plan.board
        bounds = plan.bounds
        rack = set(plan.rack)
        coloured = rack - {JOKER}
        best, square = 0, -1
        for sq in plan.hot:
            bounded = bounds[sq]
            if bounded >= OPEN and (bounded == CLOSED or best == 0) and not (
                    coloured if board[sq] == JOKER_ORIENTATION else rack
            ).isdisjoint(FITTING_KINDS[geo.need(board, sq)]):
                best, square = (2 if bounded == CLOSED else 1), sq
                if best == 2:
                    break
        if not best:
            return 0, -1
        action = geo.placements_on(board, plan.rack, (square,), plan.fresh)[0]
        return best * (plan.courts + 1), action


def _ceiling(courts: int, left: int) -> int:
    return sum(2 * (courts + i) for i in range(1, left + 1))
