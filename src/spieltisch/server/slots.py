"""A fixed number of slots handed out by priority, first come first served within one.

The bot workers are shared by every table; a person waiting for a computer player's
move must not queue behind games of computer players alone.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools


class Slots:
    """`count` slots; `acquire(priority)` waits for one, the lowest priority first.

    >>> slots = Slots(2)
    >>> slots.waiting
    0
    """

    def __init__(self, count: int) -> None:
        if count < 1:
            raise ValueError("there must be at least one slot")
        self._free = count
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrival = itertools.count()

    @property
    def waiting(self) -> int:
        """How many are waiting for a slot."""
        return sum(not waiter.done() for _, _, waiter in self._waiting)

    async def acquire(self, priority: int = 0) -> None:
        """Wait for a free slot; whoever is cancelled while waiting takes none."""
        if self._free and not self.waiting:
            self._free -= 1
            return
        waiter = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrival), waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a slot just as it was cancelled: pass it on
            raise

    def release(self) -> None:
        """Give a slot back, to the first waiting of the lowest priority if any."""
        while self._waiting:
            _, _, waiter = heapq.heappop(self._waiting)
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1
