"""Where tables live between moves: the `Storage` interface and its SQLite default
(`spieltisch.server.postgres` keeps them in PostgreSQL).

A table is stored as one header row (game, options, secret seed, seats, status,
whether a computer player is to move, a take-back request waiting for consent, the
time per move, the time a turn had left when the table's last player left) plus its
event log, one row per event (an action id, a move made when time ran out, an undo or
a resignation), appended in the same transaction that records the referee's
chance-draw counter.
That is all `Match.from_record` needs, so a restarted server rebuilds every table
exactly where it stood; at start-up it reads only the tables where a bot is to move.
What the people at a table say in its chat is kept alongside, a row per line.
"""

from __future__ import annotations

import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from spieltisch.core.match import RECORD_FORMAT
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
    move_seconds: int | None = None
    """The time each person has for a move (None: no limit)."""
    origin: dict[str, JSON] | None = None
    """Where this game plays on from: ``{"table", "step"}`` for a finished game at a
    table, ``{"step"}`` for a record sent by a page (None: a game from its start)."""
    clock: dict[str, JSON] | None = None
    """The time left on a turn when the table's last player left it: ``{"version",
    "seat", "left"}`` (None: none kept, the turn has its whole time)."""

    def match_record(self) -> dict[str, JSON]:
        """The record `Match.from_record` rebuilds the game from."""
        return {
            "format": RECORD_FORMAT,
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
    def renew_token(self, old: str, new: str) -> list[str]:
        """Give every seat whose token digest is `old` the digest `new`, in every table
        (a seat's token goes on to its rematches); the ids of the tables changed."""

    @abstractmethod
    def deal_afresh(self, table_id: str, seed: str, events: Sequence[JSON],
                    draws: int) -> None:
        """Replace the seed and events of a game not started yet (a fresh deal)."""

    @abstractmethod
    def set_undo(self, table_id: str, undo: dict[str, JSON] | None) -> None:
        """Store the take-back request waiting at a table (None: there is none)."""

    @abstractmethod
    def set_clock(self, table_id: str, clock: dict[str, JSON] | None) -> None:
        """Store the time a turn had left when the table's last player left it."""

    @abstractmethod
    def add_chat(self, table_id: str, line: ChatLine) -> None:
        """Store a line said at a table."""

    @abstractmethod
    def remove_chat(self, table_id: str, seat: int, at: float) -> None:
        """Forget the line said from `seat` at time `at` (nothing if there is none)."""

    @abstractmethod
    def delete(self, table_id: str) -> None:
        """Forget a table with its events and chat (nothing if there is none)."""

    @abstractmethod
    def load(self, table_id: str) -> TableRecord | None:
        """One table with its events, or None."""

    @abstractmethod
    def resumable(self) -> list[TableRecord]:
        """Every table being played where a computer player is to move, or where it is not
        known who is (`TableRecord.bot_to_move` is None)."""

    def reachable(self) -> bool:
        """Whether the storage answers a read now."""
        return True

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
    bot_to_move INTEGER,
    move_seconds INTEGER,
    origin TEXT,
    clock TEXT
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
_COLUMNS = ("id, created, game, options, seed, seats, listed, status, draws, rematch, undo, "
            "bot_to_move, move_seconds, origin, clock")

T = TypeVar("T")


class SQLStorage(Storage):
    """The statements every SQL backend runs; a backend opens its transactions and names
    its placeholder and the column that keeps chat lines in order."""

    PLACEHOLDER = "?"
    CHAT_ORDER = "rowid"

    @abstractmethod
    def _write(self) -> AbstractContextManager[Any]:
        """One write transaction (its connection); errors become `StorageError`."""

    @abstractmethod
    def _read(self, work: Callable[[Any], T]) -> T:
        """`work` on a connection in one read transaction, which sees one snapshot."""

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self.PLACEHOLDER)

    def reachable(self) -> bool:
        try:
            self._read(lambda db: db.execute("SELECT 1").fetchone())
        except StorageError:
            return False
        return True

    def create(self, table: TableRecord) -> None:
        with self._write() as db:
            db.execute(self._sql(f"INSERT INTO tables ({_COLUMNS}) VALUES "
                                 "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                       (table.id, table.created, table.game, json.dumps(table.options),
                        table.seed, _seats_json(table.seats), table.listed, table.status,
                        table.draws, table.rematch,
                        None if table.undo is None else json.dumps(table.undo),
                        table.bot_to_move, table.move_seconds,
                        None if table.origin is None else json.dumps(table.origin),
                        None if table.clock is None else json.dumps(table.clock)))
            self._add_events(db, table.id, 0, table.events)

    def append(self, table_id: str, first_seq: int, events: Sequence[JSON], draws: int,
               status: str, bot_to_move: bool) -> None:
        with self._write() as db:
            self._add_events(db, table_id, first_seq, events)
            db.execute(self._sql("UPDATE tables SET draws = ?, status = ?, bot_to_move = ? "
                                 "WHERE id = ?"), (draws, status, bot_to_move, table_id))

    def _add_events(self, db: Any, table_id: str, first_seq: int,
                    events: Sequence[JSON]) -> None:
        db.cursor().executemany(
            self._sql("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)"),
            [(table_id, first_seq + i, json.dumps(e)) for i, e in enumerate(events)])

    def update(self, table_id: str, *, seats: Sequence[SeatRecord] | None = None,
               status: str | None = None, rematch: str | None = None,
               bot_to_move: bool | None = None) -> None:
        given = {"seats": None if seats is None else _seats_json(seats), "status": status,
                 "rematch": rematch, "bot_to_move": bot_to_move}
        changes = {column: value for column, value in given.items() if value is not None}
        if not changes:
            return
        with self._write() as db:
            db.execute(self._sql(f"UPDATE tables SET {', '.join(f'{c} = ?' for c in changes)} "
                                 "WHERE id = ?"), (*changes.values(), table_id))

    def renew_token(self, old: str, new: str) -> list[str]:
        changed = []
        with self._write() as db:
            rows = db.execute(self._sql("SELECT id, seats FROM tables WHERE seats LIKE ?"),
                              (f"%{old}%",)).fetchall()
            for table_id, seats_json in rows:
                seats = [SeatRecord.from_json(seat) for seat in json.loads(seats_json)]
                if not any(seat.token == old for seat in seats):
                    continue
                renewed = [replace(seat, token=new) if seat.token == old else seat
                           for seat in seats]
                db.execute(self._sql("UPDATE tables SET seats = ? WHERE id = ?"),
                           (_seats_json(renewed), table_id))
                changed.append(str(table_id))
        return changed

    def deal_afresh(self, table_id: str, seed: str, events: Sequence[JSON],
                    draws: int) -> None:
        with self._write() as db:
            db.execute(self._sql("DELETE FROM events WHERE table_id = ?"), (table_id,))
            self._add_events(db, table_id, 0, events)
            db.execute(self._sql("UPDATE tables SET seed = ?, draws = ? WHERE id = ?"),
                       (seed, draws, table_id))

    def set_undo(self, table_id: str, undo: dict[str, JSON] | None) -> None:
        with self._write() as db:
            db.execute(self._sql("UPDATE tables SET undo = ? WHERE id = ?"),
                       (None if undo is None else json.dumps(undo), table_id))

    def set_clock(self, table_id: str, clock: dict[str, JSON] | None) -> None:
        with self._write() as db:
            db.execute(self._sql("UPDATE tables SET clock = ? WHERE id = ?"),
                       (None if clock is None else json.dumps(clock), table_id))

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._write() as db:
            db.execute(self._sql("INSERT INTO chat (table_id, seat, name, text, at) "
                                 "VALUES (?, ?, ?, ?, ?)"),
                       (table_id, line.seat, line.name, line.text, line.at))

    def remove_chat(self, table_id: str, seat: int, at: float) -> None:
        with self._write() as db:
            db.execute(self._sql("DELETE FROM chat WHERE table_id = ? AND seat = ? AND at = ?"),
                       (table_id, seat, at))

    def delete(self, table_id: str) -> None:
        with self._write() as db:
            for statement in ("DELETE FROM chat WHERE table_id = ?",
                              "DELETE FROM events WHERE table_id = ?",
                              "DELETE FROM tables WHERE id = ?"):
                db.execute(self._sql(statement), (table_id,))

    def load(self, table_id: str) -> TableRecord | None:
        def work(db: Any) -> TableRecord | None:
            row = db.execute(self._sql(f"SELECT {_COLUMNS} FROM tables WHERE id = ?"),
                             (table_id,)).fetchone()
            return None if row is None else self._record(db, row)
        return self._read(work)

    def resumable(self) -> list[TableRecord]:
        def work(db: Any) -> list[TableRecord]:
            rows = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE status = 'playing' "
                              "AND (bot_to_move IS NULL OR bot_to_move) ORDER BY created"
                              ).fetchall()
            return [self._record(db, row) for row in rows]
        return self._read(work)

    def _record(self, db: Any, row: Sequence[Any]) -> TableRecord:
        (table_id, created, game, options, seed, seats, listed, status, draws, rematch, undo,
         bot_to_move, move_seconds, origin, clock) = row
        events = [json.loads(e) for (e,) in db.execute(
            self._sql("SELECT event FROM events WHERE table_id = ? ORDER BY seq"),
            (table_id,)).fetchall()]
        chat = [ChatLine(*line) for line in reversed(db.execute(
            self._sql(f"SELECT seat, name, text, at FROM chat WHERE table_id = ? "
                      f"ORDER BY {self.CHAT_ORDER} DESC LIMIT ?"),
            (table_id, CHAT_KEPT)).fetchall())]
        return TableRecord(
            id=table_id, created=created, game=game, options=json.loads(options), seed=seed,
            seats=[SeatRecord.from_json(s) for s in json.loads(seats)], listed=bool(listed),
            status=status, draws=draws, rematch=rematch, events=events,
            undo=None if undo is None else json.loads(undo),
            bot_to_move=None if bot_to_move is None else bool(bot_to_move), chat=chat,
            move_seconds=move_seconds, origin=None if origin is None else json.loads(origin),
            clock=None if clock is None else json.loads(clock),
        )


class SQLiteStorage(SQLStorage):
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
    >>> store.remove_chat("t1", 0, 0.0)
    >>> store.load("t1").chat
    []
    >>> store.close()
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            # Files from before these columns existed: their rows hold NULL.
            for column in ("undo TEXT", "bot_to_move INTEGER", "move_seconds INTEGER",
                           "origin TEXT", "clock TEXT"):
                if column.split()[0] not in columns:
                    self._db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
        except sqlite3.Error as exc:
            self._db.close()
            raise StorageError(f"{path}: {exc}") from None
        # Reads have a connection of their own: in write-ahead mode a write that waits
        # for the lock does not hold them up.
        self._reader = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def _write(self) -> _Transaction:
        return _Transaction(self._db)

    def _read(self, work: Callable[[Any], T]) -> T:
        with _Transaction(self._reader, "BEGIN") as db:
            return work(db)

    def close(self) -> None:
        self._reader.close()
        self._db.close()


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


def _seats_json(seats: Sequence[SeatRecord]) -> str:
    return json.dumps([seat.to_json() for seat in seats])


def check_url(url: str) -> None:
    """`StorageError` unless `url` is a PostgreSQL database's address (``postgresql://``
    or ``postgres://``)."""
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if not scheme.isalnum():  # the address may hold a password: it is never repeated
        raise StorageError("a database address begins with postgresql://")
    if scheme not in ("postgresql", "postgres"):
        raise StorageError(f"{scheme!r} databases are not supported; use postgresql://")


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
    check_url(url)
    from spieltisch.server.postgres import PostgresStorage

    return PostgresStorage(url)
