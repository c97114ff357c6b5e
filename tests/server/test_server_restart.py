"""Restarting the server — even after SIGKILL mid-game — loses no move; bots play on."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from spieltisch.server.bots import BotPool
from spieltisch.server.storage import SeatRecord, SQLiteStorage
from spieltisch.server.tables import TableService

from .server_harness import Server, free_port, seat
from .test_storage import OLD_SCHEMA

LAUNCH = (
    "import pathlib, sys, uvicorn\n"
    "from spieltisch.server import create_app\n"
    "app = create_app(pathlib.Path(sys.argv[2]), bot_pause=0.0, database=sys.argv[3] or None)\n"
    "uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[1]), log_level='warning')\n"
)


class Process:
    """A uvicorn server in its own process, its tables in `data_dir` or in the PostgreSQL
    database at `database`."""

    def __init__(self, data_dir: Path, database: str | None = None) -> None:
        self.data_dir = data_dir
        self.database = database
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.http: httpx.Client | None = None

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(self.port), str(self.data_dir),
             self.database or ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("the server process did not come up")
            time.sleep(0.1)
        self.http = httpx.Client(base_url=base, timeout=10)
        return Server(base, self.data_dir, self.http)

    def kill(self) -> None:
        """SIGKILL the whole process group (server and its bot workers)."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        if self.http is not None:
            self.http.close()


@pytest.fixture
def process(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Process]:
    """The server's process; a test parametrized with ``"postgres"`` stores in PostgreSQL."""
    backend = getattr(request, "param", "sqlite")
    proc = Process(tmp_path, request.getfixturevalue("postgres")()
                   if backend == "postgres" else None)
    yield proc
    running = proc.proc
    if running is not None and running.poll() is None:
        proc.kill()


@pytest.mark.parametrize("process", ["sqlite", "postgres"], indirect=True)
def test_sigkill_between_moves_of_two_people_loses_nothing(process: Process) -> None:
    server = process.start()
    made = server.create("oware", [seat("me"), seat("open"), seat("open")], preset="grand",
                         players=3, start="A")
    second = server.join(made["id"], "Bea")
    third = server.join(made["id"], "Cy")
    tokens = {0: made["token"], 1: second["token"], 2: third["token"]}
    clients = {s: server.client() for s in tokens}
    states = {s: clients[s].join(made["id"], tokens[s]) for s in tokens}
    last: dict[str, Any] = states[0]
    for _ in range(7):
        mover = last["to_move"]
        mine = clients[mover].at_version(last["version"])
        clients[mover].send({"type": "move", "action": mine["legal"][-1]["action"],
                             "version": mine["version"]})
        last = clients[0].at_version(last["version"] + 1)
    server.close_sockets()
    process.kill()

    server = process.start()
    assert not server.listed(made["id"]), "nobody is back yet, and no bot is to move"
    back = server.client()
    again = back.join(made["id"], tokens[0])
    assert server.listed(made["id"])
    assert again["version"] == last["version"]
    assert again["log"] == last["log"] and len(again["log"]) == 7
    assert again["view"] == last["view"]
    assert [s["name"] for s in again["table"]["seats"]] == ["Ada", "Bea", "Cy"]
    mover = again["to_move"]
    player = server.client()
    turn = player.join(made["id"], tokens[mover])
    player.send({"type": "move", "action": turn["legal"][0]["action"],
                 "version": turn["version"]})
    assert back.state_where(lambda m: len(m["log"]) == 8)["version"] == last["version"] + 1
    server.close_sockets()


@pytest.mark.parametrize("process", ["sqlite", "postgres"], indirect=True)
def test_sigkill_while_a_bot_must_move_resumes_the_bot(process: Process) -> None:
    server = process.start()
    made, me, state = server.sit("oware", [seat("me"), seat("bot", "hard")], start="A")
    me.send({"type": "move", "action": 5, "version": state["version"]})
    waiting = me.state_where(lambda m: m["to_move"] == 1)
    server.close_sockets()
    process.kill()

    server = process.start()
    me = server.client()
    me.join(made["id"], made["token"])
    resumed = me.until(lambda m: m["to_move"] == 0, timeout=20)
    assert resumed["log"][0] == "A6" and len(resumed["log"]) == 2
    assert resumed["version"] == waiting["version"] + 1
    server.close_sockets()


def test_sigkill_of_a_bot_game_and_of_an_undone_hidden_game(process: Process) -> None:
    server = process.start()
    bots = server.create("oware", [seat("bot", "easy"), seat("bot", "easy")], preset="abapa")
    assert bots["token"] is None
    watcher = server.client()
    watcher.join(bots["id"], None)
    seen = watcher.state_where(lambda m: len(m["log"]) >= 6)
    games = {g["key"] for g in server.http.get("/api/games").json()["games"]}
    hidden: dict[str, Any] | None = None
    if "koikoi" in games:
        made = server.create("koikoi", [seat("me"), seat("open")])
        other = server.join(made["id"])
        a, b = server.client(), server.client()
        tokens = {0: made["token"], 1: other["token"]}
        by_seat = {0: a, 1: b}
        a.join(made["id"], tokens[0])
        b.join(made["id"], tokens[1])
        version = a.received[-1]["version"]
        mover = a.received[-1]["to_move"]
        mine = by_seat[mover].at_version(version)
        by_seat[mover].send({"type": "move", "action": mine["legal"][0]["action"],
                             "version": mine["version"]})
        moved = by_seat[mover].state_where(lambda m, v=mine["version"]: m["version"] > v)
        by_seat[mover].send({"type": "undo", "version": moved["version"]})
        by_seat[1 - mover].state_where(lambda m: m["undo"] is not None)
        by_seat[1 - mover].send({"type": "undo_answer", "accept": True})
        hidden = by_seat[mover].state_where(lambda m: m["undo"] is None and
                                            m["version"] > moved["version"])
        hidden = {"id": made["id"], "token": tokens[mover], "state": hidden}
    server.close_sockets()
    process.kill()

    server = process.start()
    watcher = server.client()
    watcher.join(bots["id"], None)
    done = watcher.until(lambda m: m["result"] is not None, timeout=60)
    assert done["log"][:len(seen["log"])] == seen["log"]
    assert done["table"]["status"] == "finished"
    if hidden is not None:
        back = server.client()
        again = back.join(hidden["id"], hidden["token"])
        assert again["view"] == hidden["state"]["view"]
        assert again["log"] == hidden["state"]["log"]
        assert again["legal"] == hidden["state"]["legal"]
    server.close_sockets()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_serve_prints_where_it_is_and_stops_on_interrupt(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    port = free_port()
    database = request.getfixturevalue("postgres")() if backend == "postgres" else ""
    code = ("import pathlib, sys\nfrom spieltisch.server import serve\n"
            "serve('127.0.0.1', int(sys.argv[1]), pathlib.Path(sys.argv[2]), "
            "sys.argv[3] or None)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(port), str(tmp_path / "data"),
                             database],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        assert proc.stdout.readline().startswith("spieltisch: only this computer can open it;")
        second = proc.stdout.readline()
        if database:
            name, where = database.rsplit("/", 2)[2], database.split("@")[1].split("/")[0]
            assert second.strip() == ("spieltisch: tables are stored in the PostgreSQL "
                                      f"database {name} on {where}")
        else:
            assert str(tmp_path / "data") in second
        deadline = time.monotonic() + 20
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert page.status_code == 200
        reach = httpx.get(f"http://127.0.0.1:{port}/api/reach", timeout=5).json()
        assert reach == {"origin": None, "local": True}
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=15) == 0
        assert (tmp_path / "data" / "spieltisch.sqlite").exists() is not bool(database)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_stopped_by_sigterm_after_bots_played_says_nothing_more(tmp_path: Path) -> None:
    port = free_port()
    code = ("import pathlib, sys\nfrom spieltisch.server import serve\n"
            "serve('127.0.0.1', int(sys.argv[1]), pathlib.Path(sys.argv[2]))\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(port), str(tmp_path / "data")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                made = httpx.post(f"{base}/api/tables", timeout=5, json={
                    "game": "oware", "seats": [seat("bot", "easy"), seat("bot", "easy")]})
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        table = made.json()["id"]
        while httpx.get(f"{base}/api/tables/{table}", timeout=5).json()["moves"] < 1:
            assert time.monotonic() < deadline, "the bot workers never moved"
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        _, errors = proc.communicate(timeout=15)
        assert proc.returncode in (128 + signal.SIGTERM, -signal.SIGTERM)
        assert errors.strip() == "", errors
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("process", ["sqlite", "postgres"], indirect=True)
def test_a_take_back_waiting_for_consent_outlives_a_sigkill(process: Process) -> None:
    server = process.start()
    made = server.create("oware", [seat("me"), seat("open"), seat("open")], players=3,
                         start="A")
    tokens = [made["token"], server.join(made["id"], "Bea")["token"],
              server.join(made["id"], "Cy")["token"]]
    ada, bea = server.client(), server.client()
    first = ada.join(made["id"], tokens[0])
    bea.join(made["id"], tokens[1])
    ada.send({"type": "move", "action": first["legal"][0]["action"],
              "version": first["version"]})
    moved = ada.at_version(first["version"] + 1)
    ada.send({"type": "undo", "version": moved["version"]})
    bea.state_where(lambda m: m["undo"] == {"by": 0, "waiting": [1, 2], "since": []})
    bea.send({"type": "undo_answer", "accept": True})
    ada.state_where(lambda m: m["undo"] == {"by": 0, "waiting": [2], "since": []})
    server.close_sockets()
    process.kill()

    server = process.start()
    cy, ada = server.client(), server.client()
    asked = cy.join(made["id"], tokens[2])
    assert asked["undo"] == {"by": 0, "waiting": [2], "since": []}
    assert asked["log"] == [moved["log"][0]]
    assert ada.join(made["id"], tokens[0])["can_undo"] is False
    cy.send({"type": "undo_answer", "accept": True})
    back = ada.state_where(lambda m: m["log"] == [])
    assert back["undo"] is None and back["to_move"] == 0

    ada.send({"type": "move", "action": back["legal"][0]["action"], "version": back["version"]})
    again = ada.at_version(back["version"] + 1)
    ada.send({"type": "undo", "version": again["version"]})
    cy.state_where(lambda m: m["undo"] is not None)
    cy.send({"type": "undo_answer", "accept": False})
    ada.state_where(lambda m: m["undo"] is None and m["version"] == again["version"])
    server.close_sockets()
    process.kill()

    server = process.start()
    declined = server.client().join(made["id"], tokens[0])
    assert declined["undo"] is None and declined["can_undo"] is True
    assert declined["version"] == again["version"]
    # Refused, it is not asked again at this position, after a restart neither.
    assert declined["undo_barred"] == {"why": "refused", "seconds": None}
    server.close_sockets()


def test_start_up_learns_who_is_to_move_at_tables_of_an_older_file(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    options = json.dumps({"preset": "oh-wah-ree", "players": 2})
    for table_id, second in (("people", SeatRecord("human", "Bea")),
                             ("bot", SeatRecord("bot", "Bot", "easy"))):
        seats = json.dumps([SeatRecord("human", "Ada").to_json(), second.to_json()])
        db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (table_id, 1.0, "oware", options, "s", seats, 1, "playing", 0, None))
        db.execute("INSERT INTO events VALUES (?, ?, ?)", (table_id, 0, "2"))
    db.commit()
    db.close()

    async def start_and_stop() -> set[str]:
        storage = SQLiteStorage(path)
        bots = BotPool(1)
        service = TableService(storage, bots, bot_pause=60.0)
        try:
            service.start()
            return set(service.tables)
        finally:
            await service.stop()
            bots.close()
            storage.close()

    # A loop of its own: the browser tests may leave one running in this thread.
    with ThreadPoolExecutor(1) as thread:
        kept = thread.submit(asyncio.run, start_and_stop()).result()
    assert kept == {"bot"}, "only the bot's table stays to play on"
    storage = SQLiteStorage(path)
    assert [t.id for t in storage.resumable()] == ["bot"]
    assert storage.load("people").bot_to_move is False  # type: ignore[union-attr]
    storage.close()
