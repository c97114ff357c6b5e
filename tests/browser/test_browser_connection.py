"""The page's connection to its table: refused, or the table not read for a moment, it
tries again by itself, ever more slowly."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, WebSocketRoute, expect

from .browser_harness import Pages, own_server, start_game

COUNT_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.socketsMade = 0;
  window.WebSocket = function (...args) { window.socketsMade += 1; return new Real(...args); };
  window.WebSocket.prototype = Real.prototype;
  window.WebSocket.OPEN = Real.OPEN;
})()"""
"""Counts the websockets the page opens."""


def test_a_page_refused_for_too_many_connections_asks_again_ever_more_slowly(
        browser: Browser, tmp_path: Path) -> None:
    with own_server(browser, tmp_path, sockets_per_address=1) as pages:
        ada = pages.new()
        table = start_game(ada, pages.base, "oware", ["me", "bot:easy"])
        watcher = pages.new()
        watcher.add_init_script(COUNT_SOCKETS)
        watcher.goto(f"{pages.base}/#/watch/{table}")
        expect(watcher.locator("#banner")).to_contain_text("Connection lost")
        time.sleep(4)
        assert watcher.evaluate("window.socketsMade") <= 6, "the server is asked again and again"
        ada.close()   # a place is free: the page gets in by itself
        expect(watcher.locator("#status")).to_contain_text("You are watching this game.",
                                                           timeout=15000)


def test_a_page_whose_table_could_not_be_read_joins_again(pages: Pages) -> None:
    refused: list[str] = []

    def refuse_the_first_join(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if not refused and isinstance(message, str) and json.loads(message)["type"] == "join":
                refused.append(message)
                ws.send(json.dumps({"type": "error", "code": "storage",
                                    "message": "the table could not be read; try again"}))
                return
            server.send(message)

        ws.on_message(to_server)
        server.on_message(ws.send)

    page = pages.new()
    page.route_web_socket(re.compile(r".*/ws.*"), refuse_the_first_join)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
    assert refused
    expect(page.get_by_text("could not save")).to_have_count(0)
