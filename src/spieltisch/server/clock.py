"""Time per move: a table may give each person a limit for every move.

The clock runs while one of the table's players is at it (spectators alone do not keep
it running) and a person plays their own seat's turn; it starts afresh with every new
position. When the last player leaves, the turn's time left is kept (with the table in
storage too) and goes on from there when a player comes back, even after a restart. A
seat handed to a computer player and taken back on the same turn goes on with the time
that turn had left, as if the clock had run meanwhile. When it runs out,
a computer player of level `TIMED_OUT_LEVEL` makes that one move for the seat, from what
the seat sees, and the person plays on.
"""

from __future__ import annotations

import asyncio
import time

from spieltisch.core.protocol import JSON, IllegalAction, is_whole
from spieltisch.core.reasons import Reason

LONGEST = 3600
"""The longest time per move a table may give, in seconds."""
TIMED_OUT_LEVEL = "easy"
"""The computer player that moves for a person whose time ran out: no better than the
weakest, so that letting the time run out is no help."""


def move_seconds(value: object) -> int | None:
    """A table's time per move as asked for: None (no limit) or whole seconds from 1 to
    `LONGEST`; anything else is refused with `IllegalAction`.

    >>> move_seconds(60), move_seconds(None)
    (60, None)
    >>> for bad in (0, 1.5, "60", True, LONGEST + 1):
    ...     try:
    ...         move_seconds(bad)
    ...     except IllegalAction as refusal:
    ...         print(refusal.reason.key)
    table.move_seconds
    table.move_seconds
    table.move_seconds
    table.move_seconds
    table.move_seconds
    """
    if value is None:
        return None
    if is_whole(value) and 1 <= value <= LONGEST:
        return value
    raise IllegalAction(Reason("table.move_seconds",
                               "the time per move is a whole number of seconds from 1 to "
                               "{longest}, or null for no limit", longest=LONGEST))


class MoveClock:
    """The time left for the move of one position (`key`), with the task that acts when
    it runs out.

    >>> clock = MoveClock(30)
    >>> clock.restart((4, 1)), clock.restart((4, 1))
    (True, False)
    >>> 29.0 < clock.left() <= 30.0
    True
    """

    def __init__(self, seconds: int | None) -> None:
        self.seconds = seconds
        self.key: tuple[int, int] | None = None
        """The position it runs for: (version, seat to move); None while none runs."""
        self.started = 0.0
        self.task: asyncio.Task[None] | None = None
        self.stopped: tuple[tuple[int, int], float] | None = None
        """The position it ran for last, and since when: it goes on if it runs again."""
        self.paused: tuple[tuple[int, int], float] | None = None
        """A position it paused at, and the seconds it had left then: it goes on from
        there if it runs for that position again."""

    def restart(self, key: tuple[int, int] | None) -> bool:
        """Run for `key` from now with the time it had left if it paused there, else
        from when it last ran for `key` if it stopped since, else with the whole time;
        unless it already runs for `key`. Whether it started. The task of the position
        before is cancelled.

        >>> clock = MoveClock(30)
        >>> clock.restart((4, 1))
        True
        >>> clock.started -= 25
        >>> clock.restart(None), clock.restart((4, 1)), clock.left() <= 5.0
        (True, True, True)
        """
        if key == self.key:
            return False
        self.stop()
        self.key = key
        if key is None:
            return True
        self.started = time.monotonic()
        if self.paused is not None and self.paused[0] == key:
            assert self.seconds is not None
            self.started -= self.seconds - self.paused[1]
        elif self.stopped is not None and self.stopped[0] == key:
            self.started = self.stopped[1]
        self.paused = None
        return True

    def pause(self) -> dict[str, JSON] | None:
        """Stop, keeping the time left for the position it runs for if it runs again;
        ``{version, seat, left}`` to store with the table, or None if it ran for none.

        >>> clock = MoveClock(30)
        >>> clock.pause(), clock.restart((4, 1))
        (None, True)
        >>> clock.started -= 25
        >>> kept = clock.pause()
        >>> kept["version"], kept["seat"], 4.9 < kept["left"] <= 5.0
        (4, 1, True)
        >>> clock.restart((4, 1)), 4.9 < clock.left() <= 5.0
        (True, True)
        """
        if self.key is None:
            return None
        key, left = self.key, self.left()
        self.stop()
        self.paused = (key, left)
        return {"version": key[0], "seat": key[1], "left": round(left, 3)}

    def resume_from(self, kept: dict[str, JSON] | None) -> None:
        """Take up the time left that `pause` gave to store (nothing for None or a
        value it cannot read)."""
        if kept is None or self.seconds is None:
            return
        version, seat, left = kept.get("version"), kept.get("seat"), kept.get("left")
        if is_whole(version) and is_whole(seat) and isinstance(left, (int, float)) \
                and not isinstance(left, bool):
            self.paused = ((version, seat), min(float(self.seconds), max(0.0, left)))

    def stop(self) -> None:
        """Run for no position."""
        if self.key is not None:
            self.stopped = (self.key, self.started)
        self.key = None
        if self.task is not None and not self.task.done() \
                and self.task is not asyncio.current_task():
            self.task.cancel()
        self.task = None

    def left(self) -> float:
        """Seconds left for the move, at least 0."""
        assert self.seconds is not None
        return max(0.0, self.started + self.seconds - time.monotonic())

    def to_json(self) -> dict[str, JSON] | None:
        """``{seat, left}`` for the move the clock runs for, or None."""
        if self.seconds is None or self.key is None:
            return None
        return {"seat": self.key[1], "left": round(self.left(), 1)}
