"""What a table service keeps while clients come and go: nothing once they are gone."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from spieltisch.server.bots import BotPool
from spieltisch.server.connection import Connection
from spieltisch.server.storage import SQLiteStorage, StorageError
from spieltisch.server.tables import SeatRequest, TableService


def test_a_page_opened_and_closed_again_and_again_leaves_no_waiting_tasks(
        tmp_path: Path) -> None:
    async def reconnect() -> tuple[int, int]:
        storage = SQLiteStorage(tmp_path / "tables.sqlite")
        bots = BotPool(1)
        service = TableService(storage, bots, open_grace=0.01)
        try:
            service.start()
            table, token, _ = await service.create(
                "oware", {}, [SeatRequest("me"), SeatRequest("open")], "Ada", True)
            await service.join(table.id, "Bea")   # Bea is away from here on
            for _ in range(30):
                conn = Connection()
                await service.handle(conn, json.dumps(
                    {"type": "join", "table": table.id, "token": token}))
                assert conn.seat == 0
                service.disconnect(conn)
            await asyncio.sleep(0.1)
            return len(service.tables), len(service._tasks)
        finally:
            await service.stop()
            bots.close()
            storage.close()

    # A loop of its own: the browser tests may leave one running in this thread.
    with ThreadPoolExecutor(1) as thread:
        tables, tasks = thread.submit(asyncio.run, reconnect()).result()
    assert tables == 0, "nobody is at the table, so it waits in storage"
    assert tasks == 0, "no reminder waits on for a table that left memory"


def test_watchers_are_counted_as_they_come_and_go_so_an_address_is_never_locked_out(
        tmp_path: Path) -> None:
    async def watch() -> list[int]:
        storage = SQLiteStorage(tmp_path / "tables.sqlite")
        bots = BotPool(1)
        service = TableService(storage, bots, open_grace=0.01, watchers_per_address=2)
        counts = []
        try:
            service.start()
            table, token, _ = await service.create(
                "oware", {}, [SeatRequest("me"), SeatRequest("open")], "Ada", True)
            ada = Connection("ada")
            await service.handle(ada, json.dumps(
                {"type": "join", "table": table.id, "token": token}))
            for _ in range(10):   # pages that close, and sockets that just drop
                pages = [Connection("here") for _ in range(3)]
                for page in pages:
                    await service.handle(page, json.dumps(
                        {"type": "join", "table": table.id, "token": None}))
                assert [page.table is table for page in pages] == [True, True, False]
                counts.append(service.watching["here"])
                for page in pages:
                    service.disconnect(page)
                counts.append(service.watching["here"])
            # A seat whose key changes elsewhere watches from then on, and counts as such.
            other = Connection("ada")
            await service.handle(other, json.dumps(
                {"type": "join", "table": table.id, "token": token}))
            await service.handle(ada, json.dumps({"type": "new_key"}))
            counts.append(service.watching["ada"])
            service.disconnect(other)
            service.disconnect(ada)
            counts.append(service.watching["ada"])
            # A table storage can neither take a move for nor read back leaves memory, and
            # its watchers count no more.
            table, token, _ = await service.create(
                "oware", {"start": "A"}, [SeatRequest("me"), SeatRequest("open")], "Ada", True)
            seated, watcher = Connection("ada"), Connection("there")
            await service.handle(seated, json.dumps(
                {"type": "join", "table": table.id, "token": token}))
            await service.handle(watcher, json.dumps(
                {"type": "join", "table": table.id, "token": None}))
            await service.join(table.id, "Bea")
            counts.append(service.watching["there"])

            def broken(*args: object) -> None:
                raise StorageError("disk I/O error")

            storage.append, storage.load = broken, broken  # type: ignore[method-assign]
            await service.handle(seated, json.dumps(
                {"type": "move", "action": table.match.state.legal_actions()[0],
                 "version": table.match.version}))
            counts.append(service.watching["there"])
            return counts
        finally:
            await service.stop()
            bots.close()
            storage.close()

    with ThreadPoolExecutor(1) as thread:
        counts = thread.submit(asyncio.run, watch()).result()
    assert counts == [2, 0] * 10 + [1, 0, 1, 0]
