"""Storage, SQLite and PostgreSQL alike: a take-back request is kept, only tables a bot is
to move at are read at start-up, a table is read with its latest chat, a deleted table
leaves nothing behind, and a failed read is a `StorageError`; older SQLite files are
brought up to date."""

from __future__ import annotations

import json
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from spieltisch import Match
from spieltisch.server.storage import (
    CHAT_KEPT,
    ChatLine,
    SeatRecord,
    SQLiteStorage,
    Storage,
    StorageError,
    TableRecord,
    open_storage,
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


@pytest.fixture(params=["sqlite", "postgres"])
def reopen(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], Storage]:
    """Opens the same new store each time it is called, in SQLite or in PostgreSQL."""
    if request.param == "sqlite":
        return lambda: SQLiteStorage(tmp_path / "t.sqlite")
    from spieltisch.server.postgres import PostgresStorage

    url = request.getfixturevalue("postgres")()
    return lambda: PostgresStorage(url)


def test_a_take_back_request_is_kept_until_it_is_cleared(
        reopen: Callable[[], Storage]) -> None:
    store = reopen()
    store.create(TableRecord("t1", 0.0, "oware", {"start": "A"}, "s",
                             [SeatRecord("open"), SeatRecord("open")], True, "waiting"))
    assert store.load("t1").undo is None  # type: ignore[union-attr]
    store.set_undo("t1", {"by": 0, "version": 3, "waiting": [1]})
    store.close()
    store = reopen()
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
    assert old.move_seconds is None, "a table of then has no time per move"
    assert old.origin is None, "a table of then began at the start"
    assert old.clock is None, "a table of then kept no time left on a turn"
    replayed = Match.from_record(old.match_record())  # played before the draw of who begins
    assert replayed.log(None) == ["A3"] and replayed.state.current_player == 1
    assert [t.id for t in store.resumable()] == ["t0"]
    store.set_undo("t0", {"by": 0, "version": 1, "waiting": [1]})
    assert store.load("t0").undo is not None  # type: ignore[union-attr]
    assert store.load("t0").chat == []  # type: ignore[union-attr]
    store.add_chat("t0", ChatLine(1, "Bea", "still there?", 2.0))
    assert store.load("t0").chat == [ChatLine(1, "Bea", "still there?", 2.0)]  # type: ignore[union-attr]
    store.create(TableRecord("t1", 0.0, "oware", {}, "s", [SeatRecord("open")], True,
                             "playing", origin={"table": "t0", "step": 1}))
    store.close()
    again = SQLiteStorage(path)
    assert again.load("t0").events == [2]  # type: ignore[union-attr]
    assert again.load("t1").origin == {"table": "t0", "step": 1}  # type: ignore[union-attr]
    again.close()


def test_a_table_is_read_with_its_latest_chat_lines_oldest_first(
        reopen: Callable[[], Storage]) -> None:
    store = reopen()
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


def test_a_line_taken_back_is_gone_and_only_that_line(reopen: Callable[[], Storage]) -> None:
    store = reopen()
    for table in ("t1", "t2"):
        store.create(TableRecord(table, 0.0, "oware", {"start": "A"}, "s",
                                 [SeatRecord("open"), SeatRecord("open")], True, "waiting"))
    said = 1_790_000_000.123456
    store.add_chat("t1", ChatLine(0, "Ada", "oops", said))
    store.add_chat("t1", ChatLine(1, "Bea", "same time", said))
    store.add_chat("t1", ChatLine(0, "Ada", "hello", said + 1))
    store.add_chat("t2", ChatLine(0, "Cy", "elsewhere", said))
    store.remove_chat("t1", 0, said)
    store.remove_chat("t1", 0, said + 2)
    store.close()
    again = reopen()
    assert [line.text for line in again.load("t1").chat] == ["same time", "hello"]  # type: ignore[union-attr]
    assert [line.text for line in again.load("t2").chat] == ["elsewhere"]  # type: ignore[union-attr]
    again.close()


def test_a_deleted_table_goes_with_its_events_and_chat_and_only_that_table(
        reopen: Callable[[], Storage]) -> None:
    store = reopen()
    seats = [SeatRecord("human", "Ada"), SeatRecord("bot", "Bot", "easy")]
    for table in ("made", "kept"):
        store.create(TableRecord(table, 0.0, "oware", {}, "s", seats, True, "playing",
                                 events=[1, 2], bot_to_move=True))
        store.add_chat(table, ChatLine(0, "Ada", f"at {table}", 1.0))
    store.delete("made")
    store.delete("never made")
    store.close()
    again = reopen()
    assert again.load("made") is None
    assert [t.id for t in again.resumable()] == ["kept"]
    kept = again.load("kept")
    assert kept is not None and kept.events == [1, 2]
    assert [line.text for line in kept.chat] == ["at kept"]
    again.create(TableRecord("made", 0.0, "oware", {}, "s", seats, True, "waiting"))
    made = again.load("made")
    assert made is not None and made.events == [] and made.chat == [], "nothing left behind"
    again.close()


def test_a_renewed_token_replaces_the_old_one_wherever_it_opened_a_seat(
        reopen: Callable[[], Storage]) -> None:
    store = reopen()
    old, new, other = "a" * 64, "b" * 64, "c" * 64
    store.create(TableRecord("first", 0.0, "oware", {}, "s",
                             [SeatRecord("human", "Ada", None, old),
                              SeatRecord("human", "Bea", None, other)], True, "finished"))
    store.create(TableRecord("again", 1.0, "oware", {}, "s",
                             [SeatRecord("human", "Bea", None, other),
                              SeatRecord("bot", "Ada", "easy", old)], True, "playing"))
    store.create(TableRecord("apart", 2.0, "oware", {}, "s",
                             [SeatRecord("human", "Cy", None, other),
                              SeatRecord("bot", "Bot", "easy")], True, "playing"))
    assert sorted(store.renew_token(old, new)) == ["again", "first"]
    store.close()
    again = reopen()
    tokens = {t: [seat.token for seat in again.load(t).seats]  # type: ignore[union-attr]
              for t in ("first", "again", "apart")}
    assert tokens == {"first": [new, other], "again": [other, new], "apart": [other, None]}
    assert again.load("again").seats[1].stand_in  # type: ignore[union-attr]
    assert again.renew_token(old, new) == []
    again.close()


def test_a_failed_read_is_a_storage_error(reopen: Callable[[], Storage]) -> None:
    store = reopen()
    store.close()
    with pytest.raises(StorageError):
        store.load("t1")


def test_only_tables_where_a_bot_is_to_move_are_resumed(reopen: Callable[[], Storage]) -> None:
    store = reopen()
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


def test_a_table_comes_back_as_it_was_stored(reopen: Callable[[], Storage]) -> None:
    store = reopen()
    seats = [SeatRecord("human", "Ada", None, "ab" * 32), SeatRecord("open")]
    store.create(TableRecord("t1", 12.5, "koikoi", {"months": 1}, "seed", seats, False,
                             "waiting", draws=3, events=[None, 4], bot_to_move=None,
                             move_seconds=45))
    taken = [seats[0], SeatRecord("bot", "Bea", "hard", "cd" * 32)]
    store.update("t1", seats=taken, status="playing", rematch="t2", bot_to_move=True)
    store.set_clock("t1", {"version": 1, "seat": 0, "left": 4.5})
    store.append("t1", 2, [{"undo": 0}, {"resign": 1}], draws=5, status="finished",
                 bot_to_move=False)
    store.close()
    again = reopen().load("t1")
    assert again == TableRecord("t1", 12.5, "koikoi", {"months": 1}, "seed", taken, False,
                                "finished", draws=5, rematch="t2",
                                events=[None, 4, {"undo": 0}, {"resign": 1}],
                                bot_to_move=False, move_seconds=45,
                                clock={"version": 1, "seat": 0, "left": 4.5})
    assert again.seats[1].stand_in
    store = reopen()
    store.set_clock("t1", None)
    assert store.load("t1").clock is None  # type: ignore[union-attr]
    store.close()
    assert reopen().load("nothere") is None


def test_an_event_numbered_twice_is_refused_and_changes_nothing(
        reopen: Callable[[], Storage]) -> None:
    store = reopen()
    store.create(TableRecord("t1", 0.0, "oware", {}, "s", [SeatRecord("open")], True,
                             "playing", events=[1]))
    with pytest.raises(StorageError):
        store.append("t1", 0, [2, 3], draws=1, status="finished", bot_to_move=True)
    table = store.load("t1")
    assert table is not None and table.events == [1] and table.status == "playing"
    assert table.draws == 0
    store.close()


def test_a_database_from_before_the_time_per_move_gets_its_columns(
        postgres: Callable[[], str]) -> None:
    import psycopg

    from spieltisch.server.postgres import PostgresStorage

    url = postgres()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT "
                   "NULL, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL, "
                   "seats TEXT NOT NULL, listed BOOLEAN NOT NULL, status TEXT NOT NULL, "
                   "draws INTEGER NOT NULL, rematch TEXT, undo TEXT, bot_to_move BOOLEAN)")
        db.execute("INSERT INTO tables VALUES ('t0', 1.0, 'oware', '{}', 's', '[]', TRUE, "
                   "'playing', 0, NULL, NULL, FALSE)")
    store = PostgresStorage(url)
    old = store.load("t0")
    assert old is not None and old.move_seconds is None and old.origin is None
    assert old.clock is None
    store.set_clock("t0", {"version": 0, "seat": 1, "left": 9.0})
    assert store.load("t0").clock == {"version": 0, "seat": 1, "left": 9.0}  # type: ignore[union-attr]
    store.create(TableRecord("t1", 0.0, "oware", {}, "s", [SeatRecord("open")], True,
                             "waiting", move_seconds=90, origin={"table": "t0", "step": 4}))
    new = store.load("t1")
    assert new is not None and new.move_seconds == 90
    assert new.origin == {"table": "t0", "step": 4}
    store.close()


def test_a_dropped_database_connection_is_opened_afresh(
        postgres: Callable[[], str]) -> None:
    import psycopg

    from spieltisch.server.postgres import PostgresStorage

    url = postgres()
    store = PostgresStorage(url)
    store.create(TableRecord("t1", 0.0, "oware", {}, "s", [SeatRecord("open")], True,
                             "playing"))
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = %s", (name,))
    assert store.load("t1") is not None, "a read tries once more at once"
    with pytest.raises(StorageError):
        store.append("t1", 0, [1], draws=0, status="playing", bot_to_move=False)
    store.append("t1", 0, [1], draws=0, status="playing", bot_to_move=False)
    assert store.load("t1").events == [1]  # type: ignore[union-attr]
    store.close()
    with pytest.raises(StorageError, match="closed"):
        store.load("t1")


def test_a_database_that_cannot_be_opened_is_named_without_its_password(
        tmp_path: Path) -> None:
    from spieltisch.server.postgres import PostgresStorage

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(StorageError) as refused:
        PostgresStorage(f"postgresql://ada:sesame@127.0.0.1:{port}/tables")
    said = str(refused.value)
    assert said.startswith(f"the PostgreSQL database tables on 127.0.0.1:{port} cannot be "
                           "opened: ")
    assert "sesame" not in said and "\n" not in said, "not one line"
    for url, reason in (("mysql://db/x", "'mysql' databases are not supported"),
                        ("host=db password=sesame", "a database address begins with")):
        with pytest.raises(StorageError, match=reason) as refused:
            open_storage(tmp_path / "t.sqlite", url)
        assert "sesame" not in str(refused.value)


def test_a_tables_record_names_the_format_records_are_written_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from spieltisch.server import storage
    table = TableRecord("t0", 0.0, "oware", {}, "s", [SeatRecord("open")] * 2, True, "playing")
    assert table.match_record()["format"] == storage.RECORD_FORMAT
    monkeypatch.setattr(storage, "RECORD_FORMAT", "spieltisch-record/2")
    assert table.match_record()["format"] == "spieltisch-record/2", "one constant names it"
