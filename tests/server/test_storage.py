"""The SQLite storage: a take-back request is kept, only tables a bot is to move at are read at
start-up, a table is read with its latest chat, older files are brought up to date, and a
failed read is a `StorageError`."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from spieltisch import Match
from spieltisch.server.storage import (
    CHAT_KEPT,
    ChatLine,
    SeatRecord,
    SQLiteStorage,
    StorageError,
    TableRecord,
)

OLD_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY, created REAL NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
    seed TEXT NOT NULL, seats TEXT NOT NULL, listed INTEGER NOT NULL, status TEXT NOT NULL,
    draws INTEGER NOT NULL, rematch TEXT
);
CREATE TABLE events (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, event TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


def test_a_take_back_request_is_kept_until_it_is_cleared(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    store = SQLiteStorage(path)
    store.create(TableRecord("t1", 0.0, "oware", {"start": "A"}, "s",
                             [SeatRecord("open"), SeatRecord("open")], True, "waiting"))
    assert store.load("t1").undo is None  # type: ignore[union-attr]
    store.set_undo("t1", {"by": 0, "version": 3, "waiting": [1]})
    store.close()
    store = SQLiteStorage(path)
    assert store.load("t1").undo == {"by": 0, "version": 3, "waiting": [1]}  # type: ignore[union-attr]
    store.set_undo("t1", None)
    assert store.load("t1").undo is None  # type: ignore[union-attr]
    store.close()


def test_a_file_from_before_stored_take_backs_opens_with_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               ("t0", 1.0, "oware", json.dumps({"preset": "oh-wah-ree", "players": 2}), "s",
                json.dumps([SeatRecord("open").to_json()] * 2), 1, "playing", 0, None))
    db.execute("INSERT INTO events VALUES (?, ?, ?)", ("t0", 0, "2"))
    db.commit()
    db.close()
    store = SQLiteStorage(path)
    old = store.load("t0")
    assert old is not None and old.undo is None and old.events == [2]
    assert old.bot_to_move is None, "who is to move was not stored then"
    replayed = Match.from_record(old.match_record())  # played before the draw of who begins
    assert replayed.log(None) == ["A3"] and replayed.state.current_player == 1
    assert [t.id for t in store.resumable()] == ["t0"]
    store.set_undo("t0", {"by": 0, "version": 1, "waiting": [1]})
    assert store.load("t0").undo is not None  # type: ignore[union-attr]
    assert store.load("t0").chat == []  # type: ignore[union-attr]
    store.add_chat("t0", ChatLine(1, "Bea", "still there?", 2.0))
    assert store.load("t0").chat == [ChatLine(1, "Bea", "still there?", 2.0)]  # type: ignore[union-attr]
    store.close()
    assert SQLiteStorage(path).load("t0").events == [2]  # type: ignore[union-attr]


def test_a_table_is_read_with_its_latest_chat_lines_oldest_first(tmp_path: Path) -> None:
    store = SQLiteStorage(tmp_path / "t.sqlite")
    for table in ("t1", "t2"):
        store.create(TableRecord(table, 0.0, "oware", {"start": "A"}, "s",
                                 [SeatRecord("open"), SeatRecord("open")], True, "waiting"))
    for i in range(CHAT_KEPT + 5):
        store.add_chat("t1", ChatLine(i % 2, "Ada" if i % 2 == 0 else "Bea", f"line {i}",
                                      float(i)))
    store.add_chat("t2", ChatLine(0, "Cy", "elsewhere", 0.5))
    chat = store.load("t1").chat  # type: ignore[union-attr]
    assert [line.text for line in chat] == [f"line {i}" for i in range(5, CHAT_KEPT + 5)]
    assert chat[0] == ChatLine(1, "Bea", "line 5", 5.0)
    assert [line.text for line in store.load("t2").chat] == ["elsewhere"]  # type: ignore[union-attr]
    store.close()


def test_a_failed_read_is_a_storage_error(tmp_path: Path) -> None:
    store = SQLiteStorage(tmp_path / "t.sqlite")
    store.close()
    with pytest.raises(StorageError):
        store.load("t1")


def test_only_tables_where_a_bot_is_to_move_are_resumed(tmp_path: Path) -> None:
    store = SQLiteStorage(tmp_path / "t.sqlite")
    seats = [SeatRecord("human", "Ada"), SeatRecord("bot", "Bot", "easy")]
    for table_id, status, bot in (("waits", "waiting", False), ("person", "playing", False),
                                  ("bot", "playing", True), ("over", "finished", False)):
        store.create(TableRecord(table_id, 0.0, "oware", {}, "s", seats, True, status,
                                 bot_to_move=bot))
    assert [t.id for t in store.resumable()] == ["bot"]
    assert store.load("bot").bot_to_move is True  # type: ignore[union-attr]
    store.append("bot", 0, [3], draws=0, status="playing", bot_to_move=False)
    store.append("person", 0, [2], draws=0, status="playing", bot_to_move=True)
    assert [t.id for t in store.resumable()] == ["person"]
    store.update("person", bot_to_move=False)
    store.update("waits", status="playing", bot_to_move=True)
    assert [t.id for t in store.resumable()] == ["waits"]
    store.append("waits", 0, [1], draws=0, status="finished", bot_to_move=False)
    assert store.resumable() == []
    store.close()
