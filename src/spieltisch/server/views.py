"""What the server tells each client, built only from that seat's view and log.

A state message carries the public table facts (game, options, seat names,
who is online), and for the recipient's seat: ``state.view(seat)``,
``match.log(seat)`` with the seat that made each move (``match.movers()``, public)
and the moves a computer player made for a person whose time ran out, and, only when
that seat is to move, the legal actions with their notation. Nothing is ever taken
from a hidden-information state's ``to_json``. An Oh-Wah-Ree view also carries
``own_move``: the seat's own last sowing with what it captured, once others have sown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.core.match import Match
from spieltisch.core.protocol import JSON, State
from spieltisch.games.oware.recall import recall


@dataclass(frozen=True)
class SeatInfo:
    """What everybody may know about a seat."""

    kind: str
    name: str
    level: str | None
    online: bool
    absent: bool = False
    """A person away long enough that the others may let a computer player take over."""
    stand_in: bool = False
    """A computer player playing a person's seat until they take it back."""

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "name": self.name, "level": self.level, "online": self.online,
                "absent": self.absent, "stand_in": self.stand_in}


def legal_moves(state: State, seat: int | None) -> list[dict[str, JSON]]:
    """``[{action, notation}]`` for `seat` if it is to move, else ``[]``.

    >>> from spieltisch import load
    >>> state = load("oware", start="A").new_initial_state()
    >>> legal_moves(state, 0)[0], legal_moves(state, 1)
    ({'action': 0, 'notation': 'A1'}, [])
    """
    if seat is None or state.current_player != seat:
        return []
    return [{"action": a, "notation": state.action_to_string(a)} for a in state.legal_actions()]


def seat_view(match: Match, seat: int | None) -> dict[str, JSON]:
    """`seat`'s view of the current position; in Oh-Wah-Ree with ``own_move``, the seat's
    own last sowing since which others have sown, from its views of the positions before."""
    view = match.state.view(seat)
    if view.get("game") != "oware":
        return view
    before = reversed(match.states()[:-1])
    return recall(view, (state.view(seat) for state in before), seat)


def state_message(table: dict[str, Any], match: Match, seat: int | None, *, playing: bool,
                  can_undo: bool, can_resign: bool, can_hint: bool,
                  undo: dict[str, JSON] | None, undo_settled: bool = False,
                  undo_drawn: bool = False,
                  undo_barred: dict[str, JSON] | None = None) -> dict[str, JSON]:
    """The full picture for one recipient (`seat` None: a spectator); `undo_settled`: the
    seat's last move stands, since what was hidden then has been shown; `undo_drawn`: it
    stands because the seat has seen a draw since; `undo_barred`: why
    the seat may not ask for a take-back again yet."""
    state = match.state
    to_move = state.current_player
    return {
        "type": "state",
        "table": table,
        "seat": seat,
        "version": match.version,
        "view": seat_view(match, seat),
        "log": match.log(seat),
        "movers": match.movers(),
        "timed_out": match.timed_out_moves(),
        "legal": legal_moves(state, seat) if playing else [],
        "to_move": to_move if to_move >= 0 and not match.over else None,
        "can_undo": can_undo,
        "undo_settled": undo_settled,
        "undo_drawn": undo_drawn,
        "undo_barred": undo_barred,
        "can_resign": can_resign,
        "can_hint": can_hint,
        "undo": undo,
        "result": match.result(),
    }
