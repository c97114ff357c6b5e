"""A table in memory: its record, its referee, the people connected and what waits
for them (a take-back request, a computer player's move, the time per move)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from spieltisch.core.match import Match
from spieltisch.core.protocol import JSON
from spieltisch.core.registry import plays_a_match
from spieltisch.server.chat import PACE_LINES, PACE_SECONDS
from spieltisch.server.clock import MoveClock
from spieltisch.server.connection import Connection
from spieltisch.server.pace import Pace
from spieltisch.server.storage import SeatRecord, TableRecord
from spieltisch.server.views import SeatInfo, state_message

UNDO_AGAIN = 30.0
"""Seconds after withdrawing a take-back request before its asker may ask again at the
same position (a refused request is not asked again until the position changes)."""

ABSENT_AFTER = 60.0
"""Seconds a person must be away before the others may let a computer player take over."""


@dataclass
class PendingUndo:
    """A request to take back `by`'s last move, waiting for the other people's consent."""

    by: int
    version: int
    waiting: set[int] = field(default_factory=set)
    asked_at: float = field(default_factory=time.monotonic)
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the request is granted, refused, lapsed or dropped."""

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "waiting": sorted(self.waiting)}

    def to_record(self) -> dict[str, JSON]:
        """What storage keeps, so that the request outlives a restart (with the seats
        refused, see `Table.undo_record`)."""
        return {"by": self.by, "version": self.version, "waiting": sorted(self.waiting)}

    @classmethod
    def from_record(cls, data: dict[str, JSON], table: Table) -> PendingUndo | None:
        """The stored request, if it still fits the table: same position, its asker still
        with a move to take back, and only people at the table asked."""
        try:
            by, version, waiting = int(data["by"]), int(data["version"]), set(data["waiting"])
        except (KeyError, TypeError, ValueError):
            return None
        people = set(table.people_besides(by))
        if version != table.match.version or not waiting or not waiting <= people \
                or not table.match.can_undo(by, keep=people):
            return None
        return cls(by, version, waiting)


class Table:
    """One game in progress: its record header, the referee and the connected clients.

    `record` keeps the header the server reads (game, options, seats, creation, listing,
    rematch) and the latest chat; the events, the status and a waiting take-back live in
    `match` and the table, and go straight to storage.
    """

    def __init__(self, record: TableRecord, match: Match, *,
                 absent_after: float = ABSENT_AFTER) -> None:
        self.record = record
        self.match = match
        self.absent_after = absent_after
        self.lock = asyncio.Lock()
        self.clients: set[Connection] = set()
        self.here_since = time.monotonic()
        self.left: dict[int, float] = {}
        """When each seat's last connection closed."""
        self.telling: dict[int, asyncio.Task[None]] = {}
        """Seats whose people are away, with the reminder to show them absent when due
        (cancelled when the table leaves memory)."""
        self.undo: PendingUndo | None = None
        self.undo_bars: dict[int, tuple[int, str, float]] = {}
        """Seats whose take-back request was refused or withdrawn: the version then, why,
        and until when (monotonic) they may not ask again while the version stands."""
        self.bot_version: int | None = None
        self.bot_task: asyncio.Task[None] | None = None
        self.clock = MoveClock(record.move_seconds)
        self.clock.resume_from(record.clock)
        self.chat_paces: dict[int, Pace] = {}
        """How fast each seat has been chatting, over all its connections."""
        self.hinting: set[int] = set()
        """Seats with a hint being worked out, whichever of their connections asked."""
        self.hints: dict[int, tuple[int, dict[int, float]]] = {}
        """The last hint worked out for each seat: the table's version then, and the mix."""
        self.shown: dict[str, Any] = self.summary()
        """The summary last sent to everybody at the table: what storage has."""

    def chat_pace(self, seat: int) -> Pace:
        """The chat pace of `seat`, which every connection of that seat shares."""
        return self.chat_paces.setdefault(seat, Pace(PACE_LINES, PACE_SECONDS))

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seats(self) -> list[SeatRecord]:
        return self.record.seats

    @property
    def status(self) -> str:
        """``waiting`` while a seat is open, then ``playing``, then ``finished``."""
        if any(seat.kind == "open" for seat in self.seats):
            return "waiting"
        return "finished" if self.match.over else "playing"

    @property
    def bot_to_move(self) -> bool:
        """Whether a computer player is to move in a game under way."""
        if self.status != "playing":
            return False
        seat = self.match.state.current_player
        return seat >= 0 and self.seats[seat].kind == "bot"

    @property
    def clock_key(self) -> tuple[int, int] | None:
        """The position the time per move runs for: (version, seat) while a person plays
        their own seat's turn at a table with a time per move and some player is at the
        table (spectators alone do not keep it running); else None."""
        seat = self.to_move()
        if self.clock.seconds is None or seat is None or self.seats[seat].kind != "human" \
                or all(conn.seat is None for conn in self.clients):
            return None
        return self.match.version, seat

    def away_for(self, seat: int) -> float | None:
        """Seconds since somebody was last connected at `seat` (at most since the table
        came into memory); None while somebody is."""
        if any(conn.seat == seat for conn in self.clients):
            return None
        return time.monotonic() - self.left.get(seat, self.here_since)

    def absent(self, seat: int) -> bool:
        """Whether the person at `seat` has been away long enough, before or during the
        game, for the others to let a computer player take over (before the game, also
        from one standing in for them: to open the seat again)."""
        away = self.away_for(seat)
        return self.may_be_absent(seat) and away is not None and away >= self.absent_after

    def may_be_absent(self, seat: int) -> bool:
        """Whether `seat` is a person's that counts as absent once they are away a while."""
        record = self.seats[seat]
        if record.kind == "human":
            return self.status != "finished"
        return record.stand_in and self.status == "waiting"

    def seat_for(self, token: str) -> int | None:
        """The seat this secret token holds, if any."""
        stored = digest(token)
        for i, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, stored):
                return i
        return None

    def summary(self) -> dict[str, Any]:
        """The public facts about this table (lobby entries, message headers)."""
        online = {c.seat for c in self.clients}
        info = self.match.game.info
        return {
            "id": self.id,
            "game": info.name,
            "title": info.title,
            "options": dict(info.options),
            "match": plays_a_match(info.name, info.options),
            "created": self.record.created,
            "status": self.status,
            "listed": self.record.listed,
            "rematch": self.record.rematch,
            "origin": self.record.origin,
            "move_seconds": self.clock.seconds,
            "clock": self.clock.to_json() if self.clock.key == self.clock_key else None,
            "moves": sum(seat is not None for seat in self.match.movers()),
            "watching": sum(c.seat is None for c in self.clients),
            "to_move": self.to_move(),
            "seats": [
                SeatInfo(s.kind, s.name, s.level, i in online, self.absent(i),
                         s.stand_in).to_json()
                for i, s in enumerate(self.seats)
            ],
        }

    def can_undo(self, seat: int | None) -> bool:
        """Whether the person at `seat` may ask to take back their last move now."""
        return (seat is not None and self.status != "waiting" and self.record.rematch is None
                and self.undo is None and self.seats[seat].kind == "human"
                and self.match.can_undo(seat, keep=self.people_besides(seat)))

    def bar_undo(self, seat: int, why: str) -> None:
        """The request of `seat` was ``refused`` or ``withdrawn``: it may not be asked
        again at this position (after a withdrawal, not for `UNDO_AGAIN` seconds)."""
        until = time.monotonic() + UNDO_AGAIN if why == "withdrawn" else float("inf")
        self.undo_bars[seat] = (self.match.version, why, until)

    def undo_record(self, pending: PendingUndo | None) -> dict[str, JSON] | None:
        """What storage keeps of take-backs: the request `pending`, and the seats refused at
        this position (``refused``: seat to version), so that a restart does not lift the bar."""
        refused: dict[str, JSON] = {
            str(seat): version for seat, (version, why, _) in self.undo_bars.items()
            if why == "refused" and version == self.match.version}
        record = pending.to_record() if pending is not None else {}
        if refused:
            record["refused"] = refused
        return record or None

    def restore_bars(self, record: dict[str, JSON]) -> None:
        """Bar again the seats whose request `record` keeps as refused at this position."""
        refused = record.get("refused")
        if not isinstance(refused, dict):
            return
        for seat, version in refused.items():
            if version == self.match.version and seat.isdigit() \
                    and int(seat) < len(self.seats):
                self.bar_undo(int(seat), "refused")

    def undo_barred(self, seat: int | None) -> dict[str, JSON] | None:
        """Why `seat` may not ask for a take-back again yet (``why`` and, after a
        withdrawal, the ``seconds`` left), or None."""
        bar = self.undo_bars.get(seat) if seat is not None else None
        if bar is None or bar[0] != self.match.version:
            return None
        left = bar[2] - time.monotonic()
        if left <= 0:
            return None
        return {"why": bar[1], "seconds": None if left == float("inf") else round(left, 1)}

    def people_besides(self, seat: int) -> list[int]:
        """The other seats taken by people, also those a computer player plays for them:
        they are asked before a take-back of `seat`'s, and keep their hands."""
        return [i for i, s in enumerate(self.seats)
                if (s.kind == "human" or s.stand_in) and i != seat]

    def to_move(self) -> int | None:
        """The seat whose turn it is in a game under way (None between deals and before or
        after the game)."""
        player = self.match.state.current_player
        return player if self.status == "playing" and player >= 0 else None

    @property
    def for_people(self) -> bool:
        """Whether a person has a seat here (a game of computer players alone has none)."""
        return any(s.kind == "human" for s in self.seats)

    def among_computers(self, seat: int) -> bool:
        """Whether every seat but `seat` is a computer player's own (none plays for a
        person)."""
        return all(s.kind == "bot" and not s.stand_in
                   for i, s in enumerate(self.seats) if i != seat)

    def _person_playing(self, seat: int | None) -> TypeGuard[int]:
        """Whether `seat` is a person's, playing it themselves in a game under way."""
        return seat is not None and self.status == "playing" and self.seats[seat].kind == "human"

    def can_resign(self, seat: int | None) -> bool:
        """Whether the person at `seat` may give up: in a game under way, at a table of two
        seats, or of more when every other seat is a computer player's own."""
        return self._person_playing(seat) and (
            len(self.seats) == 2 or self.among_computers(seat))

    def can_hint(self, seat: int | None) -> bool:
        """Whether the person at `seat` may ask for a hint: on their turn, in a game against
        computer players alone."""
        return self._person_playing(seat) and (
            self.match.state.current_player == seat and self.among_computers(seat))

    def undo_json(self) -> dict[str, JSON] | None:
        """The take-back request waiting, if any, with ``since``: who made each move after
        the asker's last one (seats in order, one per move), as those go back with it."""
        if self.undo is None:
            return None
        movers = self.match.movers()
        by = self.undo.by
        last = max((i for i, m in enumerate(movers) if m == by), default=len(movers))
        since: list[JSON] = [m for m in movers[last + 1:] if m is not None and m != by]
        return {**self.undo.to_json(), "since": since}

    def message_for(self, seat: int | None, summary: dict[str, Any]) -> dict[str, JSON]:
        """The state message for a connection at `seat` (None: a spectator)."""
        mine = seat is None or self.seats[seat].kind == "human"
        can_undo = self.can_undo(seat)
        return state_message(
            summary, self.match, seat, playing=self.status == "playing" and mine,
            can_undo=can_undo, can_resign=self.can_resign(seat),
            can_hint=self.can_hint(seat),
            undo=self.undo_json(),
            undo_settled=not can_undo and self._person_playing(seat)
            and self.match.settled_since(seat),
            undo_drawn=not can_undo and self._person_playing(seat)
            and self.match.drawn_since(seat),
            undo_barred=self.undo_barred(seat) if can_undo else None,
        )


def digest(token: str) -> str:
    """What is stored of a seat's secret key.

    >>> len(digest("key")), digest("key") == digest("key")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()
