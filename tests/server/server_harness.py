"""A real server for the tests: uvicorn on a free port, talked to over HTTP and websockets."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from spieltisch.server import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    base: str
    data_dir: Path
    http: httpx.Client
    _sockets: list[Client] = field(default_factory=list)

    @property
    def ws_url(self) -> str:
        return self.base.replace("http://", "ws://") + "/ws"

    def client(self) -> Client:
        ws = connect(self.ws_url, open_timeout=5, max_size=2**24)
        client = Client(ws.__enter__())
        self._sockets.append(client)
        return client

    def create(self, game: str, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        response = self.http.post("/api/tables", json={
            "game": game, "options": options, "seats": seats, "name": "Ada", "listed": True})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def sit(self, game: str, seats: list[dict[str, Any]], **options: Any
            ) -> tuple[dict[str, Any], Client, dict[str, Any]]:
        """Make a table and connect Ada, its maker, to her seat: the table's answer (`id`,
        `token`), her connection and the first state message it got."""
        made = self.create(game, seats, **options)
        client = self.client()
        return made, client, client.join(made["id"], made["token"])

    def join(self, table: str, name: str = "Bea") -> dict[str, Any]:
        response = self.http.post(f"/api/tables/{table}/join", json={"name": name})
        assert response.status_code == 200, response.text
        return dict(response.json())

    def listed(self, table: str) -> bool:
        """Whether the lobby lists `table`."""
        return any(t["id"] == table for t in self.http.get("/api/tables").json()["tables"])

    def close_sockets(self) -> None:
        for client in self._sockets:
            client.close()
        self._sockets.clear()


class Client:
    """A websocket client that keeps every message it got."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of `kind` (skipping others)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def state_where(self, check: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The first state message (from now) for which `check` holds."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.expect("state", max(0.01, deadline - time.monotonic()))
            if check(message):
                return message

    def until(self, check: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The latest state message if `check` holds for it, else the first one to come."""
        states = [m for m in self.received if m["type"] == "state"]
        if states and check(states[-1]):
            latest: dict[str, Any] = states[-1]
            return latest
        return self.state_where(check, timeout)

    def at_version(self, version: int, timeout: float = 15.0) -> dict[str, Any]:
        """A state message of `version`: one already received, or the next to come."""
        for earlier in reversed(self.received):
            if earlier["type"] == "state" and earlier["version"] == version:
                return dict(earlier)
        return self.state_where(lambda m: m["version"] == version, timeout)

    def silent(self, seconds: float = 0.25) -> bool:
        """True if nothing arrives for a while."""
        try:
            self.recv(seconds)
        except TimeoutError:
            return True
        return False

    def join(self, table: str, token: str | None) -> dict[str, Any]:
        self.send({"type": "join", "table": table, "token": token})
        return self.expect("state")

    def close(self) -> None:
        self.ws.close()


class SeedsByTest:
    """The secret seeds of new tables, named after the running test and counted within it,
    so that a test deals the same cards on every run and a failure can be replayed."""

    def __init__(self) -> None:
        self.made: Counter[str] = Counter()

    def __call__(self) -> str:
        test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
        self.made[test] += 1
        return f"{test}#{self.made[test]}"


def start_server(data_dir: Path, **kwargs: Any) -> tuple[uvicorn.Server, threading.Thread, str]:
    """A server in a thread; the tests make tables, and keep connections open, more than
    one address may by default, and their deals are the same on every run."""
    kwargs.setdefault("tables_per_minute", None)
    kwargs.setdefault("watchers_per_address", None)
    kwargs.setdefault("sockets_per_address", None)
    kwargs.setdefault("seeds", SeedsByTest())
    port = free_port()
    config = uvicorn.Config(create_app(data_dir, **kwargs), host="127.0.0.1", port=port,
                            log_level="warning", ws_max_size=16384)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{port}"


@contextmanager
def running_server(data_dir: Path, **kwargs: Any) -> Iterator[Server]:
    """A server on `data_dir` (`kwargs` go to `create_app`), stopped on leaving."""
    uv, thread, base = start_server(data_dir, **kwargs)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            srv = Server(base, data_dir, http)
            yield srv
            srv.close_sockets()
    finally:
        uv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("tables"), bot_pause=0.0) as srv:
        yield srv


def seat(kind: str, level: str | None = None) -> dict[str, Any]:
    return {"kind": kind} if level is None else {"kind": kind, "level": level}


def ada_and_bea(server: Server, game: str = "oware",
                **options: Any) -> tuple[str, dict[str, str], Client, Client]:
    """A table of Ada (seat 0) and Bea (seat 1): its id, their seat tokens by name, and
    their connections. In Oh-Wah-Ree Ada begins unless `options` say otherwise."""
    if game == "oware":
        options.setdefault("start", "A")
    made = server.create(game, [seat("me"), seat("open")], **options)
    joined = server.join(made["id"], "Bea")
    tokens = {"Ada": made["token"], "Bea": joined["token"]}
    ada, bea = server.client(), server.client()
    ada.join(made["id"], tokens["Ada"])
    bea.join(made["id"], tokens["Bea"])
    ada.state_where(lambda m: all(s["online"] for s in m["table"]["seats"]))
    return made["id"], tokens, ada, bea


def two_people(server: Server, game: str = "oware", **options: Any) -> tuple[str, Client, Client]:
    """A table with two people; returns its id and both players' connections (seat 0, seat 1).
    In Oh-Wah-Ree seat 0 begins unless `options` say otherwise."""
    table, _, first, second = ada_and_bea(server, game, **options)
    return table, first, second
