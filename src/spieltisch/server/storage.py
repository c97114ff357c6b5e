"""Where tables live between moves: the `Storage` interface and its SQLite default
(`spieltisch.server.postgres` keeps them in PostgreSQL).

A table is stored as one header row (game, options, secret seed, seats, status,
whether a computer player is to move, a take-back request waiting for consent)
plus its event log, one row per event (an action id, an undo or a resignation),
appended in the same transaction that records the referee's chance-draw counter.
That is all `Match.from_record` needs, so a restarted server rebuilds every table
exactly where it stood; at start-up it reads only the tables where a bot is to move.
What the people at a table say in its chat is kept alongside, a row per line.
"""

from __future__ import annotations

import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.core.protocol import JSON


@dataclass
class SeatRecord:
    """One seat: a person (``human``), a computer player (``bot``) or ``open``.

    `token` is the SHA-256 of the seat's secret token, never the token itself.
    """

    kind: str
    name: str = ""
    level: str | None = None
    token: str | None = None

    @property
    def stand_in(self) -> bool:
        """Whether a computer player plays this seat for a person, who keeps its token.

        >>> SeatRecord("bot", "Bea", "easy", "ab12").stand_in, SeatRecord("bot").stand_in
        (True, False)
        """
        return self.kind == "bot" and self.token is not None

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(str(data["kind"]), str(data["name"]), data.get("level"), data.get("token"))


@dataclass(frozen=True)
class ChatLine:
    """One line said at a table by the person at `seat`, called `name` then; `at` is the
    Unix time."""

    seat: int
    name: str
    text: str
    at: float

    def to_json(self) -> dict[str, JSON]:
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at}


CHAT_KEPT = 100
"""How many of a table's latest chat lines are read with it (and shown to who opens it)."""


@dataclass
class TableRecord:
    """A stored table: its header, its event log and its latest chat lines."""

    id: str
    created: float
    game: str
    options: dict[str, JSON]
    seed: str
    seats: list[SeatRecord]
    listed: bool
    status: str
    """``waiting`` (open seats), ``playing`` or ``finished``."""
    draws: int = 0
    rematch: str | None = None
    events: list[JSON] = field(default_factory=list)
    undo: dict[str, JSON] | None = None
    """A take-back request waiting for consent: ``{"by", "version", "waiting"}``."""
    bot_to_move: bool | None = False
    """Whether a computer player is to move; None in a file stored before this was kept."""
    chat: list[ChatLine] = field(default_factory=list)
    """The latest `CHAT_KEPT` chat lines, oldest first."""

    def match_record(self) -> dict[str, JSON]:
        """The record `Match.from_record` rebuilds the game from."""
        return {
            "format": "spieltisch-record/1",
            "game": self.game,
            "options": self.options,
            "players": [seat.name for seat in self.seats],
            "seed": self.seed,
            "draws": self.draws,
            "events": self.events,
        }


class StorageError(RuntimeError):
    """Storage failed; whatever the call was to record was not recorded."""


class Storage(ABC):
    """Persistence of tables; every method commits before it returns or raises
    `StorageError`.

    Calls that write come one at a time. `load` may run on a second thread at the same
    time as a write, and sees what the writes before it committed.
    """

    @abstractmethod
    def create(self, table: TableRecord) -> None:
        """Store a new table (with its events so far)."""

    @abstractmethod
    def append(self, table_id: str, first_seq: int, events: Sequence[JSON], draws: int,
               status: str, bot_to_move: bool) -> None:
        """Append events numbered from `first_seq`, with the new draw counter, status and
        whether a computer player is to move."""

    @abstractmethod
    def update(self, table_id: str, *, seats: Sequence[SeatRecord] | None = None,
               status: str | None = None, rematch: str | None = None,
               bot_to_move: bool | None = None) -> None:
        """Change a table's header."""

    @abstractmethod
    def set_undo(self, table_id: str, undo: dict[str, JSON] | None) -> None:
        """Store the take-back request waiting at a table (None: there is none)."""

    @abstractmethod
    def add_chat(self, table_id: str, line: ChatLine) -> None:
        """Store a line said at a table."""

    @abstractmethod
    def load(self, table_id: str) -> TableRecord | None:
        """One table with its events, or None."""

    @abstractmethod
    def resumable(self) -> list[TableRecord]:
        """Every table being played where a computer player is to move, or where it is not
        known who is (`TableRecord.bot_to_move` is None)."""

    @abstractmethod
    def close(self) -> None:
        """Release the storage."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    listed INTEGER NOT NULL,
    status TEXT NOT NULL,
    draws INTEGER NOT NULL,
    rematch TEXT,
    undo TEXT,
    bot_to_move INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_table ON chat(table_id);
"""
COLUMNS = ("id, created, game, options, seed, seats, listed, status, draws, rematch, undo, "
            "bot_to_move")
"""A table's header columns, in the order `table_record` reads them."""


class SQLiteStorage(Storage):
    """Tables in one SQLite file (write-ahead log, synced on every commit).

    >>> import tempfile, pathlib
    >>> store = SQLiteStorage(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite")
    >>> seats = [SeatRecord("open")]
    >>> store.create(TableRecord("t1", 0.0, "oware", {}, "s", seats, True, "waiting"))
    >>> store.append("t1", 0, [3, 7], draws=0, status="playing", bot_to_move=False)
    >>> store.load("t1").events
    [3, 7]
    >>> store.add_chat("t1", ChatLine(0, "Ada", "Hello!", 0.0))
    >>> store.load("t1").chat[0].text
    'Hello!'
    >>> store.close()
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        # Files from before these columns existed: their rows hold NULL.
        for column in ("undo TEXT", "bot_to_move INTEGER"):
            if column.split()[0] not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
        # Reads have a connection of their own: in write-ahead mode a write that waits
        # for the lock does not hold them up.
        self._reader = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def create(self, table: TableRecord) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, created, game, options, seed, seats, listed, status, "
                "draws, rematch, undo, bot_to_move) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.created, table.game, json.dumps(table.options), table.seed,
                 seats_json(table.seats), int(table.listed), table.status, table.draws,
                 table.rematch, None if table.undo is None else json.dumps(table.undo),
                 None if table.bot_to_move is None else int(table.bot_to_move)),
            )
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?)",
                [(table.id, i, json.dumps(e)) for i, e in enumerate(table.events)],
            )

    def append(self, table_id: str, first_seq: int, events: Sequence[JSON], draws: int,
               status: str, bot_to_move: bool) -> None:
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?)",
                [(table_id, first_seq + i, json.dumps(e)) for i, e in enumerate(events)],
            )
            db.execute("UPDATE tables SET draws = ?, status = ?, bot_to_move = ? WHERE id = ?",
                       (draws, status, int(bot_to_move), table_id))

    def update(self, table_id: str, *, seats: Sequence[SeatRecord] | None = None,
               status: str | None = None, rematch: str | None = None,
               bot_to_move: bool | None = None) -> None:
        changes = header_changes(seats=seats, status=status, rematch=rematch,
                                 bot_to_move=bot_to_move)
        with self._transaction() as db:
            if changes:
                db.execute(f"UPDATE tables SET {', '.join(f'{c} = ?' for c in changes)} "
                           "WHERE id = ?", (*changes.values(), table_id))

    def set_undo(self, table_id: str, undo: dict[str, JSON] | None) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET undo = ? WHERE id = ?",
                       (None if undo is None else json.dumps(undo), table_id))

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?)",
                       (table_id, line.seat, line.name, line.text, line.at))

    def load(self, table_id: str) -> TableRecord | None:
        with _Transaction(self._reader, "BEGIN") as db:
            row = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?",
                             (table_id,)).fetchone()
            return None if row is None else self._record(db, row)

    def resumable(self) -> list[TableRecord]:
        with _Transaction(self._reader, "BEGIN") as db:
            rows = db.execute(
                f"SELECT {COLUMNS} FROM tables WHERE status = 'playing' "
                "AND (bot_to_move IS NULL OR bot_to_move != 0) ORDER BY created"
            ).fetchall()
            return [self._record(db, row) for row in rows]

    def close(self) -> None:
        self._reader.close()
        self._db.close()

    @staticmethod
    def _record(db: sqlite3.Connection, row: tuple[Any, ...]) -> TableRecord:
        events = [json.loads(e) for (e,) in db.execute(
            "SELECT event FROM events WHERE table_id = ? ORDER BY seq", (row[0],))]
        chat = [ChatLine(*line) for line in reversed(db.execute(
            "SELECT seat, name, text, at FROM chat WHERE table_id = ? ORDER BY rowid DESC "
            "LIMIT ?", (row[0], CHAT_KEPT)).fetchall())]
        return table_record(row, events, chat)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN`` ... ``COMMIT`` (``ROLLBACK`` on error); sqlite errors become
    `StorageError`. Writes begin ``IMMEDIATE``; a read's snapshot shows a table's
    header and events from the same moment."""

    def __init__(self, db: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> None:
        self.db = db
        self.begin = begin

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.db.execute(self.begin)
        except sqlite3.Error as error:
            raise StorageError(str(error)) from error
        return self.db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        try:
            self.db.execute("ROLLBACK" if exc_type is not None else "COMMIT")
        except sqlite3.Error as error:
            raise StorageError(str(error)) from error
        if isinstance(exc, sqlite3.Error):
            raise StorageError(str(exc)) from exc


def header_changes(*, seats: Sequence[SeatRecord] | None, status: str | None,
                   rematch: str | None, bot_to_move: bool | None) -> dict[str, Any]:
    """The header columns an `Storage.update` sets (those given), with their stored values.

    >>> header_changes(seats=None, status="finished", rematch=None, bot_to_move=False)
    {'status': 'finished', 'bot_to_move': False}
    """
    changes = {"seats": None if seats is None else seats_json(seats), "status": status,
               "rematch": rematch, "bot_to_move": bot_to_move}
    return {column: value for column, value in changes.items() if value is not None}


def table_record(row: Sequence[Any], events: list[JSON], chat: list[ChatLine]) -> TableRecord:
    """A stored table from its header row (`COLUMNS`), its events and its chat."""
    (table_id, created, game, options, seed, seats, listed, status, draws, rematch, undo,
     bot_to_move) = row
    return TableRecord(
        id=table_id, created=created, game=game, options=json.loads(options), seed=seed,
        seats=[SeatRecord.from_json(s) for s in json.loads(seats)], listed=bool(listed),
        status=status, draws=draws, rematch=rematch, events=events,
        undo=None if undo is None else json.loads(undo),
        bot_to_move=None if bot_to_move is None else bool(bot_to_move), chat=chat,
    )


def seats_json(seats: Sequence[SeatRecord]) -> str:
    """The seats as stored: a JSON list of `SeatRecord.to_json`."""
    return json.dumps([seat.to_json() for seat in seats])


def open_storage(sqlite_path: Path, url: str | None = None) -> Storage:
    """The SQLite file at `sqlite_path`, or the PostgreSQL database at `url`
    (``postgresql://`` or ``postgres://``); `StorageError` if it cannot be opened.

    >>> open_storage(Path("unused.sqlite"), "mysql://db/tables")
    Traceback (most recent call last):
    ...
    spieltisch.server.storage.StorageError: 'mysql' databases are not supported; use postgresql://
    """
    if url is None:
        return SQLiteStorage(sqlite_path)
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if not scheme.isalnum():  # the address may hold a password: it is never repeated
        raise StorageError("a database address begins with postgresql://")
    if scheme not in ("postgresql", "postgres"):
        raise StorageError(f"{scheme!r} databases are not supported; use postgresql://")
    from spieltisch.server.postgres import PostgresStorage

    return PostgresStorage(url)
