"""Tables in a PostgreSQL database: the same `Storage` as the SQLite default, for a
server whose tables live in a database server (``spieltisch serve --database URL``).

The layout is SQLite's: a header row per table, its event log a row per event, its
chat a row per line. Writes go through one connection, reads through another, whose
transactions see one snapshot (a table's header and events from the same moment).
A connection the database dropped is opened afresh: a read tries once more on it at
once, a write fails with `StorageError` and the next write uses it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg.conninfo import conninfo_to_dict

from spieltisch.core.protocol import JSON
from spieltisch.server.storage import (
    CHAT_KEPT,
    COLUMNS,
    ChatLine,
    SeatRecord,
    Storage,
    StorageError,
    TableRecord,
    header_changes,
    seats_json,
    table_record,
)

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
        bot_to_move BOOLEAN
    )""",
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


class PostgresStorage(Storage):
    """Tables in the PostgreSQL database at `url` (``postgresql://user@host/dbname``);
    the tables it needs are made when missing."""

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
            raise StorageError(f"{describe(self.url)} cannot be opened: {error}") from error
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

    def create(self, table: TableRecord) -> None:
        with self._write() as db:
            db.execute(
                f"INSERT INTO tables ({COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, "
                "%s, %s, %s)",
                (table.id, table.created, table.game, json.dumps(table.options), table.seed,
                 seats_json(table.seats), table.listed, table.status, table.draws,
                 table.rematch, None if table.undo is None else json.dumps(table.undo),
                 table.bot_to_move),
            )
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO events VALUES (%s, %s, %s)",
                    [(table.id, i, json.dumps(e)) for i, e in enumerate(table.events)])

    def append(self, table_id: str, first_seq: int, events: Sequence[JSON], draws: int,
               status: str, bot_to_move: bool) -> None:
        with self._write() as db:
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO events VALUES (%s, %s, %s)",
                    [(table_id, first_seq + i, json.dumps(e)) for i, e in enumerate(events)])
            db.execute("UPDATE tables SET draws = %s, status = %s, bot_to_move = %s "
                       "WHERE id = %s", (draws, status, bot_to_move, table_id))

    def update(self, table_id: str, *, seats: Sequence[SeatRecord] | None = None,
               status: str | None = None, rematch: str | None = None,
               bot_to_move: bool | None = None) -> None:
        changes = header_changes(seats=seats, status=status, rematch=rematch,
                                 bot_to_move=bot_to_move)
        with self._write() as db:
            if changes:
                db.execute(f"UPDATE tables SET {', '.join(f'{c} = %s' for c in changes)} "
                           "WHERE id = %s", (*changes.values(), table_id))

    def set_undo(self, table_id: str, undo: dict[str, JSON] | None) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET undo = %s WHERE id = %s",
                       (None if undo is None else json.dumps(undo), table_id))

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._write() as db:
            db.execute("INSERT INTO chat (table_id, seat, name, text, at) "
                       "VALUES (%s, %s, %s, %s, %s)",
                       (table_id, line.seat, line.name, line.text, line.at))

    def load(self, table_id: str) -> TableRecord | None:
        def work(db: psycopg.Connection[Any]) -> TableRecord | None:
            row = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = %s",
                             (table_id,)).fetchone()
            return None if row is None else _record(db, row)
        return self._read(work)

    def resumable(self) -> list[TableRecord]:
        def work(db: psycopg.Connection[Any]) -> list[TableRecord]:
            rows = db.execute(
                f"SELECT {COLUMNS} FROM tables WHERE status = 'playing' "
                "AND (bot_to_move IS NULL OR bot_to_move) ORDER BY created").fetchall()
            return [_record(db, row) for row in rows]
        return self._read(work)

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


def _record(db: psycopg.Connection[Any], row: tuple[Any, ...]) -> TableRecord:
    events = [json.loads(e) for (e,) in db.execute(
        "SELECT event FROM events WHERE table_id = %s ORDER BY seq", (row[0],))]
    chat = [ChatLine(*line) for line in reversed(db.execute(
        "SELECT seat, name, text, at FROM chat WHERE table_id = %s ORDER BY id DESC LIMIT %s",
        (row[0], CHAT_KEPT)).fetchall())]
    return table_record(row, events, chat)
