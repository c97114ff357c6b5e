"""Chat at a table: what the people seated there say to each other.

Only seats write and read it; spectators and computer players do neither. A line is
made plain like a name (`plain_text`), and a connection may say at most `PACE_LINES`
lines in `PACE_SECONDS` seconds.
"""

from __future__ import annotations

from collections import deque

MAX_CHAT = 300
"""Characters in one chat line."""
PACE_LINES = 5
PACE_SECONDS = 10.0


class Pace:
    """The times of a connection's latest chat lines, to hold back a flood.

    >>> pace = Pace()
    >>> [pace.allow(0.0) for _ in range(PACE_LINES + 1)][-2:]
    [True, False]
    >>> pace.allow(PACE_SECONDS)
    True
    """

    def __init__(self) -> None:
        self._said: deque[float] = deque(maxlen=PACE_LINES)

    def allow(self, now: float) -> bool:
        """Whether a line may be said at `now` (seconds); an allowed one is counted."""
        if len(self._said) == PACE_LINES and now - self._said[0] < PACE_SECONDS:
            return False
        self._said.append(now)
        return True
