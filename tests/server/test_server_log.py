"""The server's log says what failed and where, never a game's words, which may name
cards, tiles or a colour some seat must not see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spieltisch import load
from spieltisch.server.bots import BotPool

from .server_harness import running_server, seat


def test_a_crashed_computer_player_is_logged_without_its_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    async def crash(self: BotPool, *args: Any, **kwargs: Any) -> int:
        raise ValueError("the rack holds R5 and K7")

    monkeypatch.setattr(BotPool, "choose", crash)
    with running_server(tmp_path, bot_pause=0.0) as server:
        _, ada, _ = server.sit("oware", [seat("me"), seat("bot", "easy")], start="B")
        ada.until(lambda m: m["legal"] != [])
    said = capsys.readouterr().err
    assert "failed (ValueError at test_server_log.py:" in said
    assert "R5" not in said


def test_a_refused_computer_move_is_logged_by_its_reason_and_a_random_move_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    start = load("oware", start="B").new_initial_state()
    wrong = next(a for a in range(6) if a not in start.legal_actions())
    words = start.explain_illegal(wrong)

    async def refused(self: BotPool, *args: Any, **kwargs: Any) -> int:
        return wrong

    monkeypatch.setattr(BotPool, "choose", refused)
    with running_server(tmp_path, bot_pause=0.0) as server:
        _, ada, _ = server.sit("oware", [seat("me"), seat("bot", "easy")], start="B")
        moved = ada.until(lambda m: m["legal"] != [])
    assert moved["movers"] == [1]
    said = capsys.readouterr().err
    assert "bot move at table" in said and "refused: IllegalAction (" in said
    assert words not in said
