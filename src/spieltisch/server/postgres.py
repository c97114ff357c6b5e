"""Tables in a PostgreSQL database: the same `Storage` as the SQLite default, for a
server whose tables live in a database server (``spieltisch serve --database URL``).

The layout is SQLite's: a header row per table, its event log a row per event, its
chat a row per line. Writes go through one connection, reads through another, whose
transactions see one snapshot (a table's header and events from the same moment).
A connection the database dropped is opened afresh: a read tries once more on it at
once, a write fails with `StorageError` and the next write uses it.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg.conninfo import conninfo_to_dict

from spieltisch.server.storage import SQLStorage, StorageError, check_url

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        seats TEXT NOT NULL,
        listed BOOLEAN NOT NULL,
        status TEXT NOT NULL,
        draws INTEGER NOT NULL,
        rematch TEXT,
        undo TEXT,
        bot_to_move BOOLEAN,
        move_seconds INTEGER,
        origin TEXT,
        clock TEXT
    )""",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS move_seconds INTEGER",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS origin TEXT",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS clock TEXT",
    """CREATE TABLE IF NOT EXISTS events (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS tables_status ON tables(status)",
    """CREATE TABLE IF NOT EXISTS chat (
        id BIGSERIAL PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS chat_table ON chat(table_id, id)",
]
T = TypeVar("T")
SERVER_LOCK = 0x7370_6965_6C74
"""The advisory lock a server holds on its database for its life ("spielt")."""
HOLD_CHECK_SECONDS = 5.0
"""How often a server checks that it still holds its database."""


def said(error: psycopg.Error) -> str:
    """What the database said, on one line (libpq adds hints on lines of their own).

    >>> said(psycopg.OperationalError("connection refused\\n\\tIs the server running?"))
    'connection refused; Is the server running?'
    """
    return "; ".join(line.strip() for line in str(error).splitlines() if line.strip())


class DatabaseTaken(StorageError):
    """Another server keeps its tables in the database already."""


def _take(url: str) -> psycopg.Connection[Any]:
    """A connection that holds the server's advisory lock on the database at `url`;
    `DatabaseTaken` if another server holds it, `StorageError` if it cannot be opened."""
    check_url(url)
    try:
        held = psycopg.connect(url, autocommit=True, connect_timeout=10,
                               application_name=f"spieltisch {os.getpid()}@"
                                                f"{socket.gethostname()}"[:63])
    except psycopg.Error as error:
        raise StorageError(f"{describe(url)} cannot be opened: {said(error)}") from error
    try:
        taken = held.execute("SELECT pg_try_advisory_lock(%s)", (SERVER_LOCK,)).fetchone()
        if taken is not None and taken[0]:
            return held
        holder = held.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
            "AND l.classid = %s AND l.objid = %s AND a.datname = current_database()",
            (SERVER_LOCK >> 32, SERVER_LOCK & 0xFFFF_FFFF)).fetchone()
    except psycopg.Error as error:
        held.close()
        raise StorageError(f"{describe(url)}: {said(error)}") from error
    held.close()
    name = str(holder[0]) if holder and holder[0] else ""
    pid, _, host = name.removeprefix("spieltisch ").partition("@")
    who = f" (process {pid} on {host})" if name.startswith("spieltisch ") and \
        pid.isdigit() and host else ""
    raise DatabaseTaken(f"another spieltisch server{who} keeps its tables there")


class Hold:
    """The database at `url` held for this server alone until `close` or the end of the
    process (two servers on one database would each play its tables from memory and show
    their people different games); `DatabaseTaken` if another server holds it,
    `StorageError` if it cannot be opened.

    The lock goes with its connection: every `every` seconds (`HOLD_CHECK_SECONDS`) a
    thread checks the connection and, if it dropped (a restart of the database server),
    takes the lock again on a new one; if another server has it meanwhile, `lost` is told
    why and the checks end."""

    def __init__(self, url: str, lost: Callable[[str], None],
                 every: float | None = None) -> None:
        self.url, self.lost = url, lost
        self.connection: psycopg.Connection[Any] | None = _take(url)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True,
                                        args=(every or HOLD_CHECK_SECONDS,),
                                        name="spieltisch database hold")
        self._thread.start()

    def _watch(self, every: float) -> None:
        while not self._closed.wait(every) and self.check():
            pass

    def check(self) -> bool:
        """Whether the database is still this server's (taken again if its connection
        dropped; while the database cannot be reached, it is tried again later)."""
        with self._lock:
            if self._closed.is_set():
                return False
            if self.connection is not None:
                try:
                    self.connection.execute("SELECT 1")
                    return True
                except psycopg.Error:
                    self.connection.close()
                    self.connection = None
            try:
                self.connection = _take(self.url)
            except DatabaseTaken as taken:
                self._closed.set()
                self.lost(str(taken))
                return False
            except StorageError:
                pass
            return True

    def close(self) -> None:
        """Let the database go."""
        self._closed.set()
        if self._thread is not threading.current_thread():
            self._thread.join()
        with self._lock:
            if self.connection is not None:
                self.connection.close()
                self.connection = None


def describe(url: str) -> str:
    """Where `url` points, without its password.

    >>> describe("postgresql://ada:secret@db.example:5433/tables")
    'the PostgreSQL database tables on db.example:5433'
    """
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return "a PostgreSQL database (the address cannot be read)"
    host = parts.get("host") or "localhost"
    port = f":{parts['port']}" if parts.get("port") else ""
    name = parts.get("dbname") or parts.get("user") or "of this user"  # libpq's default
    return f"the PostgreSQL database {name} on {host}{port}"


class PostgresStorage(SQLStorage):
    """Tables in the PostgreSQL database at `url` (``postgresql://user@host/dbname``);
    the tables it needs are made when missing."""

    PLACEHOLDER = "%s"
    CHAT_ORDER = "id"

    def __init__(self, url: str) -> None:
        self.url = url
        self._closed = False
        self._writer = self._connect(psycopg.IsolationLevel.READ_COMMITTED)
        self._reader: psycopg.Connection[Any] | None = None
        try:
            with self._write() as db:
                for statement in _SCHEMA:
                    db.execute(statement)
            self._reader = self._connect(psycopg.IsolationLevel.REPEATABLE_READ)
        except StorageError:
            self.close()
            raise

    def _connect(self, isolation: psycopg.IsolationLevel) -> psycopg.Connection[Any]:
        try:
            connection = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as error:
            raise StorageError(f"{describe(self.url)} cannot be opened: {said(error)}") from error
        connection.isolation_level = isolation
        return connection

    @contextmanager
    def _write(self) -> Iterator[psycopg.Connection[Any]]:
        if self._closed:
            raise StorageError("the storage is closed")
        if self._writer.broken or self._writer.closed:
            self._writer = self._connect(psycopg.IsolationLevel.READ_COMMITTED)
        with _transaction(self._writer) as db:
            yield db

    def _read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """`work` in one read transaction, tried once more on a connection opened afresh
        if the database had dropped the one it ran on."""
        for again in (False, True):
            if self._closed or self._reader is None:
                raise StorageError("the storage is closed")
            if self._reader.broken or self._reader.closed:
                self._reader = self._connect(psycopg.IsolationLevel.REPEATABLE_READ)
            try:
                with _transaction(self._reader) as db:
                    return work(db)
            except StorageError:
                if again or not self._reader.broken:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._closed = True
        for connection in (self._reader, self._writer):
            if connection is not None:
                connection.close()


@contextmanager
def _transaction(db: psycopg.Connection[Any]) -> Iterator[psycopg.Connection[Any]]:
    """One transaction on `db`; database errors become `StorageError`."""
    try:
        with db.transaction():
            yield db
    except psycopg.Error as error:
        raise StorageError(str(error)) from error
