"""One websocket client of the table service."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spieltisch.server.live_table import Table

SEND_QUEUE_LIMIT = 64
"""A client that falls this many messages behind is disconnected."""


class Connection:
    """One websocket client: the table it joined, its seat (None: spectator), its outbox."""

    def __init__(self, address: str = "") -> None:
        self.address = address
        """Where the client connects from, as the per-address limits count it."""
        self.table: Table | None = None
        self.seat: int | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.watching = False
        """Whether the table service counts this client among its address's watchers."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client too far behind is cut off."""
        if self.closed:
            return
        if self.outbox.qsize() >= SEND_QUEUE_LIMIT:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(json.dumps(message))
