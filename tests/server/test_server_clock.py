"""Time per move: a person whose time runs out gets one move made for them by a computer
player and plays on; the clock starts afresh with every position, runs only for people,
is kept with the table and goes on to the rematch; the time left on a turn outlives the
table leaving memory and a restart; a bad time is refused."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from .server_harness import Client, Server, running_server, seat


def timed_table(server: Server, seconds: Any, second: dict[str, Any] | None = None,
                **options: Any) -> tuple[dict[str, Any], Client, Client | None]:
    """A table of Ada (seat 0, to begin) and Bea, or the `second` seat given, with
    `seconds` per move; its id with Ada's token, and the people's connections."""
    response = server.http.post("/api/tables", json={
        "game": "oware", "options": {"start": "A", **options},
        "seats": [seat("me"), second or seat("open")], "name": "Ada",
        "move_seconds": seconds})
    assert response.status_code == 201, response.text
    made = response.json()
    ada = server.client()
    ada.join(made["id"], made["token"])
    bea = None
    if second is None:
        bea = server.client()
        bea.join(made["id"], server.join(made["id"], "Bea")["token"])
    return made, ada, bea


def first_move(ada: Client) -> dict[str, Any]:
    """Ada makes the first move of the game; the state after it."""
    start = ada.state_where(lambda m: m["table"]["status"] == "playing")
    ada.send({"type": "move", "action": start["legal"][0]["action"],
              "version": start["version"]})
    return ada.state_where(lambda m: m["version"] == start["version"] + 1)


def clock(message: dict[str, Any]) -> dict[str, Any] | None:
    found: dict[str, Any] | None = message["table"]["clock"]
    return found


def test_a_person_out_of_time_gets_one_move_made_for_them_and_plays_on(
        server: Server) -> None:
    made, ada, bea = timed_table(server, 2)
    assert bea is not None
    start = ada.state_where(lambda m: m["table"]["status"] == "playing")
    assert start["table"]["move_seconds"] == 2
    assert clock(start)["seat"] == 0 and 0 < clock(start)["left"] <= 2  # type: ignore[index]
    for client in (ada, bea):
        assert client.expect("notice") == {"type": "notice", "code": "timed_out", "seat": 0,
                                                 "level": "easy"}
    moved = ada.state_where(lambda m: m["version"] == start["version"] + 1)
    assert moved["movers"][-1] == 0, "the move counts as Ada's"
    assert moved["timed_out"] == [len(moved["log"]) - 1], "and is marked as made for her"
    assert moved["table"]["seats"][0]["kind"] == "human", "Ada keeps her seat"
    assert moved["to_move"] == 1 and clock(moved)["seat"] == 1  # type: ignore[index]
    assert moved["legal"] == [] and bea.at_version(moved["version"])["legal"]
    # Bea moves in time: Ada's clock starts afresh, and her next move is her own again.
    bea.send({"type": "move", "action": bea.at_version(moved["version"])["legal"][0]["action"],
              "version": moved["version"]})
    mine = ada.state_where(lambda m: m["version"] == moved["version"] + 1)
    assert clock(mine)["seat"] == 0 and clock(mine)["left"] > 1.0  # type: ignore[index]
    ada.send({"type": "move", "action": mine["legal"][0]["action"],
              "version": mine["version"]})
    after = ada.state_where(lambda m: m["version"] == mine["version"] + 1)
    assert after["movers"][-1] == 0 and clock(after)["seat"] == 1  # type: ignore[index]
    assert not any(m["type"] == "notice" and m["seat"] == 1 for m in ada.received)
    assert after["timed_out"] == moved["timed_out"], "Ada's own move is not marked"

    # Looking back: the replay marks the move, and the expert is asked about Ada's own
    # moves only.
    ada.send({"type": "resign"})
    ada.state_where(lambda m: m["table"]["status"] == "finished")
    headers = {"x-seat-token": made["token"]}
    replay = server.http.get(f"/api/tables/{made['id']}/replay", headers=headers).json()
    assert replay["timed_out"] == moved["timed_out"]
    steps = [k for k, before in enumerate(replay["moves_before"])
             if before < len(replay["moves"]) and replay["movers"][before] == 0]
    assert [replay["moves_before"][k] in replay["timed_out"] for k in steps] == [True, False]
    advice = f"/api/tables/{made['id']}/advice"
    refused = server.http.post(advice, json={"step": steps[0]}, headers=headers, timeout=30)
    assert refused.status_code == 400
    assert "time ran out" in refused.json()["error"]
    asked = server.http.post(advice, json={"step": steps[1]}, headers=headers, timeout=30)
    assert asked.status_code == 200 and asked.json()["played"] == mine["legal"][0]["notation"]


def test_a_take_back_request_lapses_when_the_time_of_the_person_asked_runs_out(
        server: Server) -> None:
    _, ada, bea = timed_table(server, 2)
    assert bea is not None
    moved = first_move(ada)
    ada.send({"type": "undo", "version": moved["version"]})
    asked = bea.state_where(lambda m: m["undo"] is not None)
    assert asked["undo"]["waiting"] == [1]
    assert ada.expect("notice") == {"type": "notice", "code": "timed_out", "seat": 1,
                                    "level": "easy", "undo_lapsed": True}
    assert not any(m["type"] == "notice" and m["code"] == "undo_lapsed" for m in ada.received), \
        "nobody is told that Bea played on herself"
    after = ada.state_where(lambda m: m["version"] == moved["version"] + 1)
    assert after["undo"] is None and after["movers"][-1] == 1


def test_no_clock_runs_for_a_computer_player(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=2.0) as server:
        _, ada, _ = timed_table(server, 30, seat("bot", "easy"), start="B")
        thinking = ada.until(lambda m: True)
        assert thinking["to_move"] == 1 and clock(thinking) is None
        mine = ada.state_where(lambda m: m["to_move"] == 0)
        assert clock(mine)["seat"] == 0 and clock(mine)["left"] > 20  # type: ignore[index]


def test_nothing_happens_by_itself_at_a_table_without_a_time_per_move(
        server: Server) -> None:
    _, ada, bea = timed_table(server, None)
    assert bea is not None
    plain = ada.state_where(lambda m: all(s["online"] for s in m["table"]["seats"]))
    assert plain["table"]["move_seconds"] is None and clock(plain) is None
    assert ada.silent(1.5), "without a time per move nothing happens by itself"


@pytest.mark.parametrize("seconds", [0, -5, 3601, 1.5, "60", True, [60]])
def test_a_bad_time_per_move_is_refused_and_makes_no_table(server: Server,
                                                           seconds: Any) -> None:
    def tables() -> set[str]:
        return {t["id"] for t in server.http.get("/api/tables").json()["tables"]}

    before = tables()
    response = server.http.post("/api/tables", json={
        "game": "oware", "options": {}, "seats": [seat("me"), seat("open")], "name": "Ada",
        "move_seconds": seconds})
    assert response.status_code == 400
    assert response.json()["reason"]["key"] == "table.move_seconds"
    assert "whole number of seconds from 1 to 3600" in response.json()["error"]
    assert tables() == before


def test_the_time_per_move_outlives_a_restart_and_goes_on_to_the_rematch(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        made, ada, bea = timed_table(server, 600)
        assert bea is not None
        ada.state_where(lambda m: m["table"]["status"] == "playing")
    with running_server(tmp_path, bot_pause=0.0) as server:
        table = made["id"]
        assert server.http.get(f"/api/tables/{table}").json()["move_seconds"] == 600
        ada = server.client()
        again = ada.join(table, made["token"])
        assert again["table"]["move_seconds"] == 600
        assert clock(again)["seat"] == 0 and clock(again)["left"] > 590  # type: ignore[index]
        ada.send({"type": "resign"})
        over = ada.state_where(lambda m: m["table"]["status"] == "finished")
        assert clock(over) is None
        ada.send({"type": "rematch"})
        rematch = ada.state_where(lambda m: m["table"]["rematch"] is not None)
        info = server.http.get(f"/api/tables/{rematch['table']['rematch']}").json()
        assert info["move_seconds"] == 600


def test_a_spectator_alone_does_not_keep_the_clock_running(server: Server) -> None:
    made, ada, bea = timed_table(server, 2)
    assert bea is not None
    moved = first_move(ada)
    ada.close()
    bea.close()
    watcher = server.client()
    watched = watcher.join(made["id"], None)
    assert watched["version"] == moved["version"] and clock(watched) is None
    assert watcher.silent(3.5), "nobody's move is made while only a spectator looks on"
    back = server.client()
    again = back.join(made["id"], made["token"])
    assert again["version"] == moved["version"]
    assert clock(again)["seat"] == 1  # type: ignore[index]
    assert back.expect("notice", timeout=5)["code"] == "timed_out", "Bea's time runs again"


def test_handing_the_seat_on_and_taking_it_back_gives_no_time(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=30.0) as server:
        _, ada, bea = timed_table(server, 4)
        assert bea is not None
        start = ada.state_where(lambda m: m["table"]["status"] == "playing")
        time.sleep(2.0)
        ada.send({"type": "seat_bot", "seat": 0, "level": "easy"})
        ada.state_where(lambda m: m["table"]["seats"][0]["stand_in"])
        ada.send({"type": "take_seat"})
        back = ada.state_where(lambda m: m["table"]["seats"][0]["kind"] == "human")
        assert back["version"] == start["version"]
        assert clock(back)["left"] < 2.5, "the turn's time went on"  # type: ignore[index]
        # The time runs out as it would have: a move is made for Ada, who plays on.
        assert ada.expect("notice", timeout=4)["code"] == "timed_out"
        moved = ada.state_where(lambda m: m["version"] == start["version"] + 1)
        assert moved["movers"][-1] == 0 and moved["table"]["seats"][0]["kind"] == "human"


def until_gone(server: Server, table: str) -> None:
    """Wait until `table` has left memory (and so the lobby)."""
    deadline = time.monotonic() + 5
    while server.listed(table):
        assert time.monotonic() < deadline, "the table stays in memory"
        time.sleep(0.05)


def test_reloading_alone_at_the_table_gives_no_time_back(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        made, ada, bea = timed_table(server, 30)
        assert bea is not None
        ada.state_where(lambda m: m["table"]["status"] == "playing")
        bea.close()
        time.sleep(3.0)
        ada.close()
        until_gone(server, made["id"])
        time.sleep(1.0)  # nobody is at the table: the time does not run
        again = server.client().join(made["id"], made["token"])
        assert clock(again)["seat"] == 0  # type: ignore[index]
        assert 25.0 < clock(again)["left"] <= 27.1, "Ada comes back to the time she had"  # type: ignore[index]


def test_the_time_left_on_a_turn_outlives_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        made, ada, bea = timed_table(server, 30)
        assert bea is not None
        ada.state_where(lambda m: m["table"]["status"] == "playing")
        time.sleep(3.0)
    time.sleep(1.0)  # the time the server is down does not count
    with running_server(tmp_path, bot_pause=0.0) as server:
        again = server.client().join(made["id"], made["token"])
        assert clock(again)["seat"] == 0  # type: ignore[index]
        assert 25.0 < clock(again)["left"] <= 27.1, "Ada has the time she had left"  # type: ignore[index]
