"""Hints: a person playing computer players alone may ask for the move a strong computer
player would make; with other people at the table nobody may."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.bots import BotPool

from .server_harness import Server, running_server, seat, two_people


def test_a_person_against_the_computer_gets_a_legal_move_suggested(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.5) as server:
        _, ada, state = server.sit("koikoi", [seat("me"), seat("bot", "easy")], months=1)
        state = ada.until(lambda m: m["legal"] != [])
        assert state["can_hint"]
        ada.send({"type": "hint", "version": state["version"]})
        ada.send({"type": "hint", "version": state["version"]})
        assert ada.expect("error")["code"] == "hint_pending"
        hint = ada.expect("hint", timeout=20)
        assert hint["version"] == state["version"]
        assert {"action": hint["action"], "notation": hint["notation"]} in state["legal"]
        ada.send({"type": "hint", "version": state["version"] - 1})
        assert ada.expect("error")["code"] == "stale"
        ada.send({"type": "move", "action": hint["action"], "version": state["version"]})
        moved = ada.state_where(lambda m: m["version"] > state["version"])
        assert moved["movers"][len(state["movers"])] == 0

        _, bea, waiting = server.sit("oware", [seat("me"), seat("bot", "easy")], start="B")
        assert waiting["to_move"] == 1 and not waiting["can_hint"]
        bea.send({"type": "hint", "version": waiting["version"]})
        assert bea.expect("error")["code"] == "not_your_turn"


def test_no_hints_with_other_people_at_the_table_or_for_spectators(server: Server) -> None:
    table, ada, bea = two_people(server)
    state = ada.until(lambda m: m["to_move"] == 0)
    assert not state["can_hint"]
    ada.send({"type": "hint", "version": state["version"]})
    assert ada.expect("error")["code"] == "hint_with_people"
    watcher = server.client()
    watched = watcher.join(table, None)
    assert not watched["can_hint"]
    watcher.send({"type": "hint", "version": watched["version"]})
    assert watcher.expect("error")["code"] == "spectator"
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    assert not handed["can_hint"], "a computer playing for a person is still that person's seat"
    assert not any(m["type"] == "hint" for m in ada.received)


def test_a_suggestion_where_the_expert_mixes_its_choices_names_the_mix(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        _, ada, state = server.sit("irono", [seat("me"), seat("bot", "easy")], start="A")
        ada.send({"type": "hint", "version": state["version"]})
        marked = ada.expect("hint", timeout=20)
        assert len(marked["mix"]) == 16, "every field of the empty board is as good"
        assert {m["share"] for m in marked["mix"]} == {0.0625}
        assert marked["notation"] in {m["move"] for m in marked["mix"]}

        field = next(m for m in state["legal"] if m["notation"] == "b2")
        ada.send({"type": "move", "action": field["action"], "version": state["version"]})
        state = ada.state_where(lambda m: m["legal"] and m["version"] > state["version"])
        ada.send({"type": "hint", "version": state["version"]})
        hidden = ada.expect("hint", timeout=20)
        shares = [m["share"] for m in hidden["mix"]]
        assert len(shares) > 1 and abs(sum(shares) - 1) < 1e-3
        assert shares == sorted(shares, reverse=True)
        assert {m["move"] for m in hidden["mix"]} <= set("YGWRBA")
        assert {"action": hidden["action"], "notation": hidden["notation"]} in state["legal"]
        assert hidden["notation"] in {m["move"] for m in hidden["mix"]}


def test_a_hint_and_the_computers_moves_go_on_after_the_workers_were_killed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        _, ada, _ = server.sit("oware", [seat("me"), seat("bot", "easy")], start="B")
        state = ada.until(lambda m: m["legal"] != [])  # the workers have moved once
        workers = multiprocessing.active_children()
        assert workers
        for worker in workers:
            worker.kill()
            worker.join()
        ada.send({"type": "hint", "version": state["version"]})
        hint = ada.expect("hint", timeout=30)
        assert {"action": hint["action"], "notation": hint["notation"]} in state["legal"]
        ada.send({"type": "move", "action": hint["action"], "version": state["version"]})
        ada.state_where(lambda m: m["version"] > state["version"] + 1 and m["legal"] != [])
    said = capsys.readouterr().err
    assert "the workers are started afresh" in said
    assert "random move" not in said and "hint at table" not in said


def test_one_seat_gets_one_search_per_position_however_many_pages_ask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[int] = []
    advise = BotPool.advise

    async def counted(self: BotPool, *args: Any, **kwargs: Any) -> dict[int, float]:
        searches.append(1)
        return await advise(self, *args, **kwargs)

    monkeypatch.setattr(BotPool, "advise", counted)
    with running_server(tmp_path, bot_pause=0.0) as server:
        made, ada, _ = server.sit("koikoi", [seat("me"), seat("bot", "easy")], months=1)
        state = ada.until(lambda m: m["legal"] != [])
        again = server.client()
        again.join(made["id"], made["token"])
        ada.send({"type": "hint", "version": state["version"]})
        again.send({"type": "hint", "version": state["version"]})
        assert again.expect("error")["code"] == "hint_pending", "the seat's search is under way"
        first = ada.expect("hint", timeout=20)
        for page in (ada, again, ada):
            page.send({"type": "hint", "version": state["version"]})
            hint = page.expect("hint", timeout=5)
            assert hint["version"] == state["version"] and hint["mix"] == first["mix"]
        assert len(searches) == 1
        ada.send({"type": "move", "action": first["action"], "version": state["version"]})
        state = ada.state_where(lambda m: m["legal"] != [] and m["version"] > state["version"])
        ada.send({"type": "hint", "version": state["version"]})
        assert ada.expect("hint", timeout=20)["version"] == state["version"]
        assert len(searches) == 2, "a new position is searched afresh"
