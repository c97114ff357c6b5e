"""One server at a time on a PostgreSQL database, as on a data directory."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from spieltisch.cli import main
from spieltisch.server.app import create_app


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
