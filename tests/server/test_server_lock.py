"""One server at a time on a PostgreSQL database, as on a data directory."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from spieltisch.cli import main
from spieltisch.server.app import create_app
from spieltisch.server.postgres import SERVER_LOCK, DatabaseTaken, Hold


def _port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


def test_a_second_server_on_the_same_database_is_refused(
        postgres: Callable[[], str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers on one database would each play its tables from memory and show their
    people different games; a server on another database is not held up."""
    url, other = postgres(), postgres()
    served: list[Path] = []
    second: list[int] = []

    def serve(host: str, port: int, data: Path, database: str) -> None:
        served.append(data)
        if len(served) == 1:   # the first server is running: others start
            second.append(main(["serve", "--port", _port(), "--data", str(tmp_path / "b"),
                                "--database", url]))
            second.append(main(["serve", "--port", _port(), "--data", str(tmp_path / "c"),
                                "--database", other]))

    monkeypatch.setattr("spieltisch.server.serve", serve)
    monkeypatch.delenv("SPIELTISCH_DATABASE", raising=False)
    assert main(["serve", "--port", _port(), "--data", str(tmp_path / "a"),
                 "--database", url]) == 0
    assert second == [2, 0] and served == [tmp_path / "a", tmp_path / "c"]
    assert capsys.readouterr().err.strip() == (
        "spieltisch: cannot keep the tables in the database: another spieltisch server "
        f"(process {os.getpid()} on {socket.gethostname()}) keeps its tables there; stop it, "
        "or give another --database")
    # The first server stopped: its database is free again.
    assert main(["serve", "--port", _port(), "--data", str(tmp_path / "b"),
                 "--database", url]) == 0


def test_a_server_on_a_database_needs_no_data_directory(
        postgres: Callable[[], str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is kept in --data when the tables are in PostgreSQL: a directory that cannot
    be made or written is no reason to refuse, and none is made."""
    url = postgres()
    served: list[Path] = []
    monkeypatch.setattr("spieltisch.server.serve",
                        lambda host, port, data, database: served.append(data))
    monkeypatch.delenv("SPIELTISCH_DATABASE", raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    for data in (blocker, blocker / "data", tmp_path / "unmade"):
        assert main(["serve", "--port", _port(), "--data", str(data), "--database", url]) == 0
    assert capsys.readouterr().err == ""
    assert len(served) == 3 and not (tmp_path / "unmade").exists()
    create_app(tmp_path / "unmade", database=url)
    assert not (tmp_path / "unmade").exists()


def _holder(url: str) -> int | None:
    """The process of the database that holds the server lock, if any."""
    with psycopg.connect(url, autocommit=True) as admin:
        row = admin.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid = %s AND objid = %s",
            (SERVER_LOCK >> 32, SERVER_LOCK & 0xFFFF_FFFF)).fetchone()
    return None if row is None else int(row[0])


def _drop(url: str, pid: int) -> None:
    """Drop a connection as a restart of the database server would."""
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_server_takes_its_database_again_when_its_connection_drops(
        postgres: Callable[[], str]) -> None:
    url = postgres()
    lost: list[str] = []
    held = Hold(url, lost.append, every=0.05)
    try:
        first = _holder(url)
        assert first is not None
        _drop(url, first)
        deadline = time.monotonic() + 10
        while _holder(url) in (first, None) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _holder(url) not in (first, None)
        with pytest.raises(DatabaseTaken):
            Hold(url, lost.append)
        assert lost == []
    finally:
        held.close()
    assert _holder(url) is None


def test_a_server_whose_database_another_server_took_meanwhile_stops_saying_so(
        postgres: Callable[[], str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = postgres()

    def serve(host: str, port: int, data: Path, database: str) -> None:
        pid = _holder(url)
        assert pid is not None
        with psycopg.connect(url, autocommit=True,
                             application_name="spieltisch 4242@elsewhere") as other:
            _drop(url, pid)
            other.execute("SELECT pg_advisory_lock(%s)", (SERVER_LOCK,))
            deadline = time.monotonic() + 10
            try:   # until the server is told to stop, as Ctrl-C stops uvicorn
                while time.monotonic() < deadline:
                    time.sleep(0.05)
            except KeyboardInterrupt:
                return

    monkeypatch.setattr("spieltisch.server.serve", serve)
    monkeypatch.setattr("spieltisch.server.postgres.HOLD_CHECK_SECONDS", 0.05)
    monkeypatch.delenv("SPIELTISCH_DATABASE", raising=False)
    assert main(["serve", "--port", _port(), "--data", str(tmp_path), "--database",
                 url]) == 2
    assert capsys.readouterr().err.strip() == (
        "spieltisch: stopped: the connection to the database dropped, and another "
        "spieltisch server (process 4242 on elsewhere) keeps its tables there now")
