"""Holding back a flood: at most so many of something in so many seconds."""

from __future__ import annotations

from collections import deque


class Pace:
    """The times of the latest `count` things allowed, to allow no more than `count` in
    any `seconds`.

    >>> pace = Pace(2, 10.0)
    >>> [pace.allow(0.0), pace.allow(1.0), pace.allow(2.0), pace.allow(10.0)]
    [True, True, False, True]
    >>> pace.idle(15.0), pace.idle(20.0)
    (False, True)
    """

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._times: deque[float] = deque(maxlen=count)

    def allow(self, now: float) -> bool:
        """Whether one more may come at `now` (seconds); an allowed one is counted."""
        if len(self._times) == self.count and now - self._times[0] < self.seconds:
            return False
        self._times.append(now)
        return True

    def idle(self, now: float) -> bool:
        """Whether nothing counted is recent any more (it may be forgotten)."""
        return not self._times or now - self._times[-1] >= self.seconds
