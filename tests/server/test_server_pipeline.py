"""The websocket move pipeline over a real server: play, refusals, undo, rematch, bots."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from spieltisch import load
from spieltisch.server import live_table, tables
from spieltisch.server.app import DATABASE
from spieltisch.server.bots import BotPool
from spieltisch.server.storage import SQLiteStorage, StorageError

from .server_harness import (
    Client,
    Server,
    ada_and_bea,
    running_server,
    seat,
    start_server,
    two_people,
)


def slow_full_disk(self: SQLiteStorage, *args: object) -> None:
    """A store that takes a second and then finds the disk full."""
    time.sleep(1.0)
    raise StorageError("database or disk is full")


def test_a_game_against_a_bot_runs_to_the_end(server: Server) -> None:
    made, me, state = server.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
    assert state["seat"] == 0 and state["table"]["status"] == "playing"
    assert state["legal"] == [{"action": a, "notation": f"A{a + 1}"} for a in range(6)]
    moves = 0
    while state["result"] is None:
        if state["legal"]:
            me.send({"type": "move", "action": state["legal"][-1]["action"],
                     "version": state["version"]})
            moves += 1
        state = me.expect("state", timeout=20)
    assert moves > 3
    assert state["table"]["status"] == "finished"
    assert sorted(state["result"]["returns"]) in ([-1.0, 1.0], [0.0, 0.0])
    assert state["legal"] == [] and state["view"]["terminal"] is True
    replay = server.http.get(f"/api/tables/{made['id']}/replay",
                             headers={"x-seat-token": made["token"]}).json()
    assert len(replay["views"]) == len(replay["moves"]) + 1
    shown = dict(state["view"])
    own = shown.pop("own_move", None)  # the table's addition: the seat's own last sowing
    assert replay["views"][-1] == shown
    assert own is None or own in [view["last_move"] for view in replay["views"]]


def test_two_people_and_a_spectator_see_each_move(server: Server) -> None:
    table, a, b = two_people(server)
    watcher = server.client()
    seen = watcher.join(table, None)
    assert seen["seat"] is None and seen["legal"] == []
    a.send({"type": "move", "action": 2, "version": seen["version"]})
    after_a = b.state_where(lambda m: m["version"] == seen["version"] + 1)
    assert after_a["view"]["last_move"]["notation"] == "A3"
    assert [m["notation"] for m in after_a["legal"]][:1] == ["B1"]
    spectator_view = watcher.state_where(lambda m: m["version"] == seen["version"] + 1)
    assert spectator_view["log"] == ["A3"] and spectator_view["legal"] == []
    online = [s["online"] for s in spectator_view["table"]["seats"]]
    assert online == [True, True]
    assert spectator_view["table"]["watching"] == after_a["table"]["watching"] == 1
    second = server.client()
    second.join(table, None)
    assert a.state_where(lambda m: m["table"]["watching"] == 2)
    watcher.close()
    second.close()
    assert b.state_where(lambda m: m["table"]["watching"] == 0)


def test_a_move_typed_in_notation_is_parsed_by_the_game(server: Server) -> None:
    _table, a, b = two_people(server, "irono", start="A")
    version = a.received[-1]["version"]
    a.send({"type": "move", "text": "b3", "version": version})
    assert b.state_where(lambda m: m["version"] == version + 1)["log"] == ["b3"]
    a.send({"type": "move", "text": "purple", "version": version + 1})
    answer = a.expect("error")
    assert answer["code"] == "illegal" and "'purple' is not a colour" in answer["message"]
    assert answer["reason"]["key"] == "irono.not_a_colour"
    assert answer["reason"]["params"]["word"] == "purple"
    assert b.silent(0.1)
    a.send({"type": "move", "text": "Red", "version": version + 1})
    assert a.state_where(lambda m: m["version"] == version + 2)["log"] == ["b3", "R"]
    assert b.state_where(lambda m: m["version"] == version + 2)["log"] == ["b3", "chosen"]
    b.send({"type": "move", "text": "w y g", "version": version + 2})
    assert a.state_where(lambda m: m["version"] == version + 3)["log"][-1] == "YGW"


BAD_FRAMES: list[tuple[Any, str]] = [
    ("{nope", "bad_json"),
    ("[1, 2]", "bad_message"),
    (json.dumps({"type": "dance"}), "bad_message"),
    (json.dumps({"action": 1}), "bad_message"),
    (json.dumps({"type": "move", "action": 1, "version": 0, "extra": 1}), "bad_message"),
    (json.dumps({"type": "move", "action": "A1", "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "action": True, "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "action": 1.5, "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "action": 2**40, "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "action": 1}), "bad_message"),
    (json.dumps({"type": "move", "action": 1, "text": "A2", "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "text": "", "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "text": 3, "version": 0}), "bad_message"),
    (json.dumps({"type": "move", "text": "A" * 201, "version": 0}), "bad_message"),
    (json.dumps({"type": "undo_answer", "accept": "yes"}), "bad_message"),
    (json.dumps({"type": "join", "table": "", "token": None}), "bad_message"),
    (json.dumps({"type": "join", "table": "x" * 65, "token": None}), "bad_message"),
    ('{"a":' * 2000 + "1" + "}" * 2000, "too_large"),
    (json.dumps({"type": "move", "action": 1, "version": 0, "pad": "x" * 5000}), "too_large"),
    (b"\x00\x01binary", "bad_message"),
]


def test_a_number_longer_than_python_reads_is_named_as_such(server: Server) -> None:
    _table, a, b = two_people(server)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)  # as PYTHONINTMAXSTRDIGITS=640 runs the server
    try:
        a.send('{"type": "move", "action": 1, "version": ' + "1" * 1000 + "}")
        answer = a.expect("error")
    finally:
        sys.set_int_max_str_digits(limit)
    assert answer["code"] == "long_number", answer
    assert answer["reason"]["key"] == "request.long_number"
    assert answer["reason"]["params"] == {"digits": 640}
    assert answer["message"] == ("a number in the message is longer than the 640 digits "
                                 "this server reads")
    assert b.silent()


@pytest.mark.parametrize(("frame", "code"), BAD_FRAMES)
def test_malformed_frames_get_an_error_to_that_client_only(server: Server, frame: Any,
                                                           code: str) -> None:
    _table, a, b = two_people(server)
    before = a.received[-1]
    a.send(frame)
    answer = a.expect("error")
    assert answer["code"] == code and answer["message"]
    assert b.silent(), "another client heard about someone else's bad message"
    a.send({"type": "move", "action": 0, "version": before["version"]})
    assert a.expect("state")["version"] == before["version"] + 1


def test_frames_beyond_the_transport_limit_close_only_that_connection(server: Server) -> None:
    table, a, b = two_people(server)
    intruder = server.client()
    intruder.join(table, None)
    intruder.send(json.dumps({"type": "rematch", "pad": "x" * 40000}))
    with pytest.raises(Exception):  # noqa: B017 - the server closes the connection
        for _ in range(5):
            intruder.recv(timeout=3)
    a.send({"type": "move", "action": 0, "version": a.received[-1]["version"]})
    assert b.state_where(lambda m: m["log"] == ["A1"])["view"]["last_move"]["notation"] == "A1"


def test_every_refusal_of_the_pipeline_changes_nothing(server: Server) -> None:
    table, a, b = two_people(server)
    version = a.received[-1]["version"]
    watcher = server.client()

    def refused(client: Client, message: dict[str, Any], code: str) -> None:
        client.send(message)
        answer = client.expect("error")
        assert answer["code"] == code, answer
        for other in (a, b):
            if other is not client:
                assert other.silent(0.1)

    loner = server.client()
    refused(loner, {"type": "move", "action": 0, "version": version}, "not_joined")
    refused(loner, {"type": "join", "table": "nothere", "token": None}, "unknown_table")
    refused(loner, {"type": "join", "table": table, "token": "forged-token"}, "bad_token")
    # Lone surrogates, written as JSON escapes, are no text: a table id or a token of them.
    refused(loner, {"type": "join", "table": "\ud800", "token": None}, "bad_message")
    refused(loner, {"type": "join", "table": table, "token": "\udfff"}, "bad_message")
    watcher.join(table, None)
    a.expect("state")  # the watcher's arrival is announced
    b.expect("state")
    refused(watcher, {"type": "join", "table": table, "token": None}, "already_joined")
    refused(watcher, {"type": "move", "action": 0, "version": version}, "spectator")
    refused(watcher, {"type": "undo", "version": version}, "spectator")
    refused(b, {"type": "move", "action": 6, "version": version}, "not_your_turn")
    refused(a, {"type": "move", "action": 0, "version": version - 1}, "stale")
    refused(a, {"type": "move", "action": 0, "version": version + 1}, "stale")
    refused(a, {"type": "move", "action": 7, "version": version}, "illegal")
    refused(a, {"type": "move", "action": -3, "version": version}, "illegal")
    refused(a, {"type": "move", "action": 999, "version": version}, "illegal")
    refused(a, {"type": "undo", "version": version}, "no_undo")
    refused(b, {"type": "undo_answer", "accept": True}, "no_request")
    refused(a, {"type": "rematch"}, "not_finished")
    a.send({"type": "move", "action": 0, "version": version})
    assert watcher.state_where(lambda m: m["version"] == version + 1)["log"] == ["A1"]


def test_moves_wait_until_every_seat_is_taken(server: Server) -> None:
    made, me, state = server.sit("oware", [seat("me"), seat("open")], start="A")
    assert state["table"]["status"] == "waiting" and state["legal"] == []
    me.send({"type": "move", "action": 0, "version": state["version"]})
    assert me.expect("error")["code"] == "waiting"
    server.join(made["id"])
    assert me.expect("state")["legal"]


def test_a_finished_game_refuses_moves(server: Server) -> None:
    _, me, state = server.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
    while state["result"] is None:
        if state["legal"]:
            me.send({"type": "move", "action": state["legal"][0]["action"],
                     "version": state["version"]})
        state = me.expect("state", timeout=20)
    me.send({"type": "move", "action": 0, "version": state["version"]})
    assert me.expect("error")["code"] == "game_over"


def test_undo_against_a_bot_is_immediate(server: Server) -> None:
    made, me, start = server.sit("oware", [seat("me"), seat("bot", "easy")], start="A")
    me.send({"type": "move", "action": 3, "version": start["version"]})
    mine_again = me.state_where(lambda m: bool(m["legal"]))
    assert mine_again["log"][0] == "A4" and mine_again["can_undo"]
    me.send({"type": "undo", "version": mine_again["version"]})
    undone = me.state_where(lambda m: m["log"] == [])
    assert undone["view"]["pits"] == start["view"]["pits"]
    assert undone["version"] == mine_again["version"] + 1 and not undone["can_undo"]
    record = server.http.get(f"/api/tables/{made['id']}/record").json()
    assert record["moves"] == []


def test_an_irono_round_shown_stands_against_a_bot(server: Server) -> None:
    _, me, start = server.sit("irono", [seat("me"), seat("bot", "easy")], start="A")
    me.send({"type": "move", "action": 5, "version": start["version"]})
    marked = me.state_where(lambda m: m["view"]["phase"] == "hide")
    assert marked["can_undo"] and not marked["undo_settled"]
    me.send({"type": "move", "action": marked["legal"][0]["action"],
             "version": marked["version"]})
    shown = me.state_where(lambda m: len(m["view"]["history"]) == 1 and bool(m["legal"]))
    assert not shown["can_undo"] and shown["undo_settled"]
    me.send({"type": "undo", "version": shown["version"]})
    assert me.expect("error")["code"] == "settled"
    me.send({"type": "move", "action": shown["legal"][0]["action"], "version": shown["version"]})
    later = me.state_where(lambda m: m["version"] > shown["version"])
    assert later["log"][:len(shown["log"])] == shown["log"]


def test_a_move_followed_by_a_card_turned_stands_against_a_bot(server: Server) -> None:
    _, me, _ = server.sit("koikoi", [seat("me"), seat("bot", "easy")])
    state = me.until(lambda m: bool(m["legal"]))
    at = len(state["log"])
    assert not state["undo_drawn"]
    me.send({"type": "move", "action": state["legal"][0]["action"], "version": state["version"]})
    seen = me.state_where(lambda m: len(m["log"]) > at + 1 and bool(m["legal"]))
    assert seen["log"][at + 1].startswith("draw ")
    assert not seen["can_undo"] and seen["undo_settled"] and seen["undo_drawn"]
    me.send({"type": "undo", "version": seen["version"]})
    assert me.expect("error")["code"] == "drawn"
    me.send({"type": "move", "action": seen["legal"][0]["action"], "version": seen["version"]})
    # Waiting for the computer's reply leaves no search running into the next test.
    later = me.state_where(lambda m: m["version"] > seen["version"]
                           and (bool(m["legal"]) or m["result"] is not None))
    assert later["log"][:len(seen["log"])] == seen["log"]


def test_a_take_back_cancels_the_bots_search_for_the_position_left(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    searches = {"started": 0, "cancelled": 0}
    choose = BotPool.choose

    async def slow_search(pool: BotPool, game: str, options: dict[str, Any],
                          state: dict[str, Any], level: str, seed: str, *,
                          urgent: bool = True) -> int:
        if level != "hard":  # a computer player of another test's table on this server
            return await choose(pool, game, options, state, level, seed, urgent=urgent)
        searches["started"] += 1
        try:
            await asyncio.sleep(1.5)
        except asyncio.CancelledError:
            searches["cancelled"] += 1
            raise
        return load(game, **options).state_from_json(state).legal_actions()[0]

    monkeypatch.setattr(BotPool, "choose", slow_search)
    _, me, state = server.sit("oware", [seat("me"), seat("bot", "hard")], preset="abapa")
    for _ in range(2):
        me.send({"type": "move", "action": 3, "version": state["version"]})
        thinking = me.state_where(lambda m, v=state["version"]: m["version"] == v + 1)
        me.send({"type": "undo", "version": thinking["version"]})
        state = me.state_where(lambda m, v=thinking["version"]: m["version"] == v + 1)
        assert state["log"] == []
    me.send({"type": "move", "action": 3, "version": state["version"]})
    replied = me.state_where(lambda m: len(m["log"]) == 2)
    assert replied["view"]["last_move"]["seat"] == 1
    assert searches == {"started": 3, "cancelled": 2}
    assert me.silent(0.3)


def test_computer_players_move_for_people_before_they_move_in_their_own_games(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, set[bool]] = {}
    choose = BotPool.choose

    async def noted(pool: BotPool, game: str, options: dict[str, Any], state: dict[str, Any],
                    level: str, seed: str, *, urgent: bool = True) -> int:
        if level == "medium":  # not a computer player of another test's table on this server
            asked.setdefault(game, set()).add(urgent)
        return await choose(pool, game, options, state, level, seed, urgent=urgent)

    monkeypatch.setattr(BotPool, "choose", noted)
    alone = server.create("oware", [seat("bot", "medium"), seat("bot", "medium")],
                          preset="abapa")
    _, me, _ = server.sit("irono", [seat("me"), seat("bot", "medium")], start="B")
    me.state_where(lambda m: m["to_move"] == 0)
    watcher = server.client()
    watcher.join(alone["id"], None)
    watcher.state_where(lambda m: len(m["log"]) >= 2)
    assert asked == {"oware": {False}, "irono": {True}}


def test_undo_between_people_needs_consent(server: Server) -> None:
    _table, a, b = two_people(server)
    version = a.received[-1]["version"]
    a.send({"type": "move", "action": 1, "version": version})
    after = b.state_where(lambda m: m["version"] == version + 1)
    a.expect("state")
    a.send({"type": "undo", "version": after["version"]})
    asked = b.state_where(lambda m: m["undo"] is not None)
    assert asked["undo"] == {"by": 0, "waiting": [1], "since": []}
    assert asked["version"] == after["version"]
    assert a.state_where(lambda m: m["undo"] is not None)["can_undo"] is False
    a.send({"type": "undo", "version": after["version"]})
    assert a.expect("error")["code"] == "undo_pending"
    a.send({"type": "undo_answer", "accept": True})
    assert a.expect("error")["code"] == "no_request"
    b.send({"type": "undo_answer", "accept": False})
    assert b.expect("notice") == {"type": "notice", "code": "undo_declined", "seat": 1}
    declined = b.expect("state")
    assert declined["undo"] is None and declined["version"] == after["version"]
    assert declined["log"] == ["A2"]
    # Refused, it is not asked again at this position: the others are not asked over and over.
    barred = a.state_where(lambda m: m["undo"] is None)
    assert barred["can_undo"] is True
    assert barred["undo_barred"] == {"why": "refused", "seconds": None}
    assert declined["undo_barred"] is None
    a.send({"type": "undo", "version": after["version"]})
    assert a.expect("error")["code"] == "undo_refused"
    assert b.silent(0.1)
    b.send({"type": "move", "action": b.received[-1]["legal"][0]["action"],
            "version": after["version"]})
    moved = a.state_where(lambda m: m["version"] == after["version"] + 1)
    assert moved["undo_barred"] is None
    a.send({"type": "undo", "version": moved["version"]})
    b.state_where(lambda m: m["undo"] is not None)
    b.send({"type": "undo_answer", "accept": True})
    taken_back = a.state_where(lambda m: m["log"] == [])
    assert taken_back["legal"] and taken_back["version"] == moved["version"] + 1


def stored_undo(server: Server, table: str) -> object:
    """The take-back request storage keeps for `table`."""
    with sqlite3.connect(server.data_dir / DATABASE) as db:
        (undo,) = db.execute("SELECT undo FROM tables WHERE id = ?", (table,)).fetchone()
    return undo


def test_the_asker_alone_withdraws_a_take_back_request(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_table, "UNDO_AGAIN", 1.0)
    table, a, b = two_people(server)
    watcher = server.client()
    watcher.join(table, None)
    version = a.received[-1]["version"]
    a.send({"type": "undo_withdraw"})
    assert a.expect("error")["code"] == "nothing_to_withdraw"
    a.send({"type": "move", "action": 1, "version": version})
    after = b.state_where(lambda m: m["version"] == version + 1)
    a.send({"type": "undo", "version": after["version"]})
    b.state_where(lambda m: m["undo"] is not None)
    assert stored_undo(server, table) is not None
    for other, code in ((b, "not_your_request"), (watcher, "spectator")):
        other.send({"type": "undo_withdraw"})
        assert other.expect("error")["code"] == code
    assert b.silent(0.1) and stored_undo(server, table) is not None
    a.send({"type": "undo_withdraw"})
    for client in (a, b, watcher):
        assert client.expect("notice") == {"type": "notice", "code": "undo_withdrawn", "seat": 0}
        back = client.state_where(lambda m: m["undo"] is None)
        assert back["version"] == after["version"] and back["log"] == ["A2"]
    assert stored_undo(server, table) is None
    assert a.received[-1]["can_undo"] is True
    assert a.received[-1]["undo_barred"]["why"] == "withdrawn"
    assert 0 < a.received[-1]["undo_barred"]["seconds"] <= 1.0
    b.send({"type": "undo_answer", "accept": True})
    assert b.expect("error")["code"] == "no_request"
    # Asked again at once, the others would hear it again: it waits a little first.
    a.send({"type": "undo", "version": after["version"]})
    assert a.expect("error")["code"] == "undo_too_soon"
    assert b.silent(1.0)
    a.send({"type": "undo", "version": after["version"]})
    b.state_where(lambda m: m["undo"] == {"by": 0, "waiting": [1], "since": []})


def test_a_withdrawal_that_cannot_be_recorded_is_refused_and_changes_nothing(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    table, a, b = two_people(server)
    version = a.received[-1]["version"]
    a.send({"type": "move", "action": 1, "version": version})
    after = b.state_where(lambda m: m["version"] == version + 1)
    a.send({"type": "undo", "version": after["version"]})
    b.state_where(lambda m: m["undo"] is not None)

    def locked(self: SQLiteStorage, table_id: str, undo: object) -> None:
        raise StorageError("database is locked")

    monkeypatch.setattr(SQLiteStorage, "set_undo", locked)
    a.send({"type": "undo_withdraw"})
    assert a.expect("error")["code"] == "storage"
    assert b.silent(0.1)
    monkeypatch.undo()
    assert stored_undo(server, table) is not None
    b.send({"type": "undo_answer", "accept": True})
    assert a.state_where(lambda m: m["log"] == [])["undo"] is None


def test_a_rematch_drops_a_take_back_request_and_says_so(server: Server) -> None:
    _table, _tokens, a, b = ada_and_bea(server, "koikoi", months=1)
    clients = [a, b]
    state = a.until(lambda m: m["to_move"] is not None)
    while state["table"]["status"] != "finished":
        mover = clients[state["to_move"]]
        mine = mover.until(lambda m, v=state["version"]: m["version"] == v)
        mover.send({"type": "move", "action": mine["legal"][-1]["action"],
                    "version": mine["version"]})
        state = a.state_where(lambda m, v=state["version"]: m["version"] > v)
    ends = [client.until(lambda m, v=state["version"]: m["version"] == v) for client in clients]
    asker = next(i for i, end in enumerate(ends) if end["can_undo"])
    clients[asker].send({"type": "undo", "version": state["version"]})
    other = clients[1 - asker]
    other.state_where(lambda m: m["undo"] is not None)
    other.send({"type": "rematch"})
    for client in clients:
        assert client.expect("notice") == {"type": "notice", "code": "undo_rematch",
                                           "seat": 1 - asker}
        done = client.state_where(lambda m: m["table"]["rematch"] is not None)
        assert done["undo"] is None


def test_a_take_back_request_that_cannot_be_recorded_is_refused(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    _table, a, b = two_people(server)
    version = a.received[-1]["version"]
    a.send({"type": "move", "action": 1, "version": version})
    after = b.state_where(lambda m: m["version"] == version + 1)
    a.state_where(lambda m: m["version"] == version + 1)

    def locked(self: SQLiteStorage, table_id: str, undo: object) -> None:
        raise StorageError("database is locked")

    monkeypatch.setattr(SQLiteStorage, "set_undo", locked)
    a.send({"type": "undo", "version": after["version"]})
    assert a.expect("error")["code"] == "storage"
    monkeypatch.undo()
    a.send({"type": "undo", "version": after["version"]})
    asked = b.state_where(lambda m: m["undo"] is not None)
    assert asked["undo"] == {"by": 0, "waiting": [1], "since": []}


def test_a_move_cancels_a_pending_take_back(server: Server) -> None:
    _table, a, b = two_people(server)
    version = a.received[-1]["version"]
    a.send({"type": "move", "action": 1, "version": version})
    after = b.state_where(lambda m: m["version"] == version + 1)
    a.send({"type": "undo", "version": after["version"]})
    asked = b.state_where(lambda m: m["undo"] is not None)
    b.send({"type": "move", "action": asked["legal"][0]["action"], "version": asked["version"]})
    assert a.expect("notice") == {"type": "notice", "code": "undo_lapsed", "seat": 1}
    moved = a.state_where(lambda m: m["version"] == asked["version"] + 1)
    assert moved["undo"] is None
    b.send({"type": "undo_answer", "accept": True})
    assert b.expect("error")["code"] == "no_request"


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take at least a second a move, so a request can come first."""
    with running_server(tmp_path_factory.mktemp("paced"), bot_pause=1.0) as srv:
        yield srv


def two_people_and_a_bot_next(server: Server) -> tuple[Client, Client, dict[str, Any]]:
    """Three-player Oh-Wah-Ree: Ada (seat 0), Bea (seat 1) and an easy bot (seat 2). Plays
    until Bea is to move with the bot after her; returns Ada, Bea and Bea's state then."""
    made = server.create("oware", [seat("me"), seat("open"), seat("bot", "easy")], players=3,
                         start="A")
    joined = server.join(made["id"])
    a, b = server.client(), server.client()
    a.join(made["id"], made["token"])
    state = b.join(made["id"], joined["token"])
    state = b.state_where(lambda m: m["table"]["seats"][0]["online"]) if not \
        state["table"]["seats"][0]["online"] else state
    clients = {0: a, 1: b}
    while True:
        if state["to_move"] == 2:
            state = b.state_where(lambda m, v=state["version"]: m["version"] > v
                                  and m["to_move"] != 2)
        if state["to_move"] == 1:
            return a, b, state
        mover = clients[state["to_move"]]
        move = mover.at_version(state["version"])["legal"][0]["action"]
        mover.send({"type": "move", "action": move, "version": state["version"]})
        state = b.state_where(lambda m, v=state["version"]: m["version"] == v + 1)


def bea_moves_and_asks_to_take_back(a: Client, b: Client,
                                    state: dict[str, Any]) -> dict[str, Any]:
    """Bea moves, the bot is next, and Bea asks at once to take her move back."""
    b.send({"type": "move", "action": state["legal"][0]["action"], "version": state["version"]})
    after = b.state_where(lambda m: m["version"] == state["version"] + 1)
    assert after["to_move"] == 2
    b.send({"type": "undo", "version": after["version"]})
    return after


def test_a_bot_waits_for_the_answer_to_a_take_back(paced: Server) -> None:
    a, b, state = two_people_and_a_bot_next(paced)
    after = bea_moves_and_asks_to_take_back(a, b, state)
    asked = a.state_where(lambda m: m["undo"] is not None)
    assert asked["undo"]["waiting"] == [0]
    assert a.silent(2.0), "the bot played on while Ada was still asked"
    a.send({"type": "undo_answer", "accept": False})
    assert a.expect("notice")["code"] == "undo_declined"
    bot_moved = a.state_where(lambda m: m["version"] == after["version"] + 1)
    assert bot_moved["view"]["last_move"]["seat"] == 2 and bot_moved["undo"] is None


def test_a_take_back_granted_while_a_bot_waits_takes_the_move_back(paced: Server) -> None:
    a, b, state = two_people_and_a_bot_next(paced)
    after = bea_moves_and_asks_to_take_back(a, b, state)
    a.state_where(lambda m: m["undo"] is not None)
    a.send({"type": "undo_answer", "accept": True})
    assert a.expect("notice") == {"type": "notice", "code": "undone", "seat": 1}
    undone = b.state_where(lambda m: m["version"] == after["version"] + 1)
    assert undone["to_move"] == 1 and undone["log"] == after["log"][:-1]
    assert b.silent(1.5), "the bot's search from before the take-back was played"


def test_a_bot_plays_on_when_nobody_asked_answers(paced: Server,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "UNDO_WAIT", 2.0)
    a, b, state = two_people_and_a_bot_next(paced)
    began = time.monotonic()
    after = bea_moves_and_asks_to_take_back(a, b, state)
    a.state_where(lambda m: m["undo"] is not None)
    assert b.expect("notice", timeout=5) == {"type": "notice", "code": "undo_lapsed", "seat": 2}
    assert time.monotonic() - began > 1.8
    assert b.state_where(lambda m: m["version"] == after["version"] + 1)["undo"] is None


def test_a_bot_does_not_wait_for_someone_who_has_left(paced: Server) -> None:
    a, b, state = two_people_and_a_bot_next(paced)
    a.close()
    state = b.state_where(lambda m: not m["table"]["seats"][0]["online"])
    began = time.monotonic()
    bea_moves_and_asks_to_take_back(a, b, state)
    assert b.expect("notice", timeout=5)["code"] == "undo_lapsed"
    assert time.monotonic() - began < 1.8


def test_rematch_opens_a_new_table_with_the_seats_moved_on(server: Server) -> None:
    made, me, state = server.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
    while state["result"] is None:
        if state["legal"]:
            me.send({"type": "move", "action": state["legal"][0]["action"],
                     "version": state["version"]})
        state = me.expect("state", timeout=20)
    me.send({"type": "rematch"})
    ready = me.state_where(lambda m: m["table"]["rematch"] is not None)
    new_id = ready["table"]["rematch"]
    assert not ready["can_undo"]
    again = server.client()
    fresh = again.join(new_id, made["token"])
    assert fresh["seat"] == 1 and fresh["table"]["seats"][0]["kind"] == "bot"
    assert fresh["log"] == [] or fresh["table"]["status"] == "playing"
    me.send({"type": "rematch"})
    assert me.state_where(lambda m: True)["table"]["rematch"] == new_id
    me.send({"type": "undo", "version": ready["version"]})
    assert me.expect("error")["code"] == "no_undo"


def test_rematches_count_towards_the_new_tables_an_address_may_make(tmp_path: Path) -> None:
    with running_server(tmp_path, tables_per_minute=2) as server:
        made, me, _ = server.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
        table = made["id"]
        me.send({"type": "resign"})
        me.state_where(lambda m: m["table"]["status"] == "finished")
        me.send({"type": "rematch"})
        table = me.state_where(lambda m: m["table"]["rematch"] is not None)["table"]["rematch"]
        again = server.client()
        again.join(table, made["token"])
        again.send({"type": "resign"})
        again.state_where(lambda m: m["table"]["status"] == "finished")
        before = stored_tables(server)
        again.send({"type": "rematch"})
        refused = again.expect("error")
        assert refused["code"] == "too_many_tables"
        assert stored_tables(server) == before
        assert server.http.post("/api/tables", json={
            "game": "oware", "options": {}, "seats": [seat("me"), seat("open")],
            "name": "Ada"}).status_code == 429


def stored_tables(server: Server) -> list[str]:
    with sqlite3.connect(server.data_dir / DATABASE) as db:
        return sorted(table for (table,) in db.execute("SELECT id FROM tables"))


def test_a_rematch_storage_cannot_link_leaves_no_table_behind(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    made, me, _ = server.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
    me.send({"type": "resign"})
    me.state_where(lambda m: m["result"] is not None)
    before = stored_tables(server)
    linked = SQLiteStorage.update

    def no_links(self: SQLiteStorage, table_id: str, **changes: Any) -> None:
        if changes.get("rematch") is not None:
            raise StorageError("database is locked")
        linked(self, table_id, **changes)

    monkeypatch.setattr(SQLiteStorage, "update", no_links)
    me.send({"type": "rematch"})   # the bot moves first in the rematch
    assert me.expect("error")["code"] == "storage"
    assert stored_tables(server) == before
    monkeypatch.undo()
    me.send({"type": "rematch"})
    new_id = me.state_where(lambda m: m["table"]["rematch"] is not None)["table"]["rematch"]
    assert stored_tables(server) == sorted([*before, new_id])
    fresh = server.client().join(new_id, made["token"])
    assert fresh["seat"] == 1 and fresh["table"]["status"] == "playing"


def test_given_seeds_deal_the_new_tables_in_turn(tmp_path: Path) -> None:
    given = ["first deal", "second deal"]
    with running_server(tmp_path, bot_pause=0.0, seeds=given.pop) as live:
        made = [live.create("koikoi", [seat("me"), seat("open")])["id"] for _ in range(2)]
    storage = SQLiteStorage(tmp_path / DATABASE)
    stored = [storage.load(table) for table in made]
    storage.close()
    assert [record.seed for record in stored if record is not None] == [
        "second deal", "first deal"]


def test_the_server_answers_while_a_bot_thinks(server: Server) -> None:
    _, me, start = server.sit("oware", [seat("me"), seat("bot", "expert")], start="A")
    me.send({"type": "move", "action": 0, "version": start["version"]})
    me.state_where(lambda m: m["to_move"] == 1)
    began = time.monotonic()
    lobby = server.http.get("/api/tables")
    other = server.create("oware", [seat("me"), seat("open")], start="A")
    elapsed = time.monotonic() - began
    assert lobby.status_code == 200 and other["id"]
    assert elapsed < 0.5, f"the server stalled for {elapsed:.2f}s while the bot thought"
    bot_moved = me.state_where(lambda m: m["to_move"] == 0, timeout=20)
    assert bot_moved["view"]["last_move"]["seat"] == 1


def test_a_take_back_between_people_leaves_the_other_their_hand(server: Server) -> None:
    _table, a, b = two_people(server, "koikoi")
    clients = (a, b)
    state = a.until(lambda m: m["legal"] or m["to_move"] == 1)
    version, mover = state["version"], state["to_move"]
    other = clients[1 - mover]
    other_moved = False
    while not other_moved or state["to_move"] != mover:
        other_moved |= state["to_move"] != mover
        if not other_moved:
            # The take-back returns to before the mover's last move, which may be in the
            # next month when a stop ends this one.
            kept = other.at_version(version)["view"]["hand"]
        me = clients[state["to_move"]]
        me.send({"type": "move", "action": me.at_version(version)["legal"][0]["action"],
                 "version": version})
        state = me.state_where(lambda m, v=version: m["version"] > v)
        version = state["version"]
    clients[mover].send({"type": "undo", "version": version})
    other.until(lambda m: m["undo"] is not None)
    other.send({"type": "undo_answer", "accept": True})
    back = other.until(lambda m, v=version: m["version"] > v and m["undo"] is None)
    assert back["to_move"] == mover and back["view"]["hand"] == kept


def test_a_take_back_still_waiting_when_a_rematch_begins_is_dropped(server: Server) -> None:
    table, a, b = two_people(server, "irono")
    clients = (a, b)
    state = a.received[-1]
    while state["result"] is None:
        mover = clients[state["to_move"]]
        mine = mover.at_version(state["version"])
        mover.send({"type": "move", "action": mine["legal"][0]["action"],
                    "version": mine["version"]})
        state = a.at_version(state["version"] + 1)
    a.send({"type": "undo", "version": state["version"]})
    b.until(lambda m: m["undo"] is not None)
    a.send({"type": "rematch"})
    opened = b.until(lambda m: m["table"]["rematch"] is not None)
    assert opened["undo"] is None
    b.send({"type": "undo_answer", "accept": True})
    assert b.expect("error")["code"] == "no_request"
    info = server.http.get(f"/api/tables/{table}").json()
    assert info["status"] == "finished"
    assert server.http.get(f"/api/tables/{table}/replay").status_code == 200


def test_a_bot_move_that_could_not_be_stored_is_tried_again(tmp_path: Path) -> None:
    uv, thread, base = start_server(tmp_path, bot_pause=1.0)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            live = Server(base, tmp_path, http)
            made, me, start = live.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
            me.send({"type": "move", "action": 0, "version": start["version"]})
            me.state_where(lambda m: m["to_move"] == 1)
            blocker = sqlite3.connect(tmp_path / "spieltisch.sqlite", isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")  # a backup or a shell holding the write lock
            time.sleep(6.5)  # the bot's move waits 5 s for storage, then gives up
            blocker.execute("COMMIT")
            blocker.close()
            moved = me.state_where(lambda m: m["to_move"] == 0, timeout=15)
            assert moved["log"][1:] and moved["view"]["last_move"]["seat"] == 1
            assert http.get(f"/api/tables/{made['id']}").json()["moves"] == 2
            live.close_sockets()
    finally:
        uv.should_exit = True
        thread.join(timeout=10)


def test_the_server_answers_while_a_move_waits_for_storage(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as live:
        table, a, b = two_people(live)
        other = live.create("oware", [seat("me"), seat("open")], start="A")
        stored = live.create("oware", [seat("me"), seat("open")], start="A")
        visitor = live.client()
        visitor.join(stored["id"], stored["token"])
        visitor.close()
        _until_unlisted(live, stored["id"])
        version = a.received[-1]["version"]
        blocker = sqlite3.connect(tmp_path / "spieltisch.sqlite", isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another program holding the write lock
        try:
            a.send({"type": "move", "action": 1, "version": version})
            time.sleep(0.3)
            # The move waits up to 5 s for the lock; everything else is answered meanwhile.
            assert live.http.get(f"/api/tables/{other['id']}", timeout=2).json()["id"] == \
                other["id"]
            assert live.http.get("/api/tables", timeout=2).status_code == 200
            watcher = live.client()
            assert watcher.join(other["id"], None)["table"]["id"] == other["id"]
            back = live.client()
            back.send({"type": "join", "table": stored["id"], "token": stored["token"]})
            assert back.expect("state", timeout=2)["seat"] == 0, "read while a write waits"
            assert b.silent(0.1), "a move is announced only once it is stored"
        finally:
            blocker.execute("COMMIT")
            blocker.close()
        moved = b.state_where(lambda m: m["version"] == version + 1, timeout=10)
        assert len(moved["log"]) == 1 and moved["to_move"] == 1
        assert live.http.get(f"/api/tables/{table}").json()["moves"] == 1


def test_a_table_that_cannot_be_read_is_answered_with_a_storage_error(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    def unreadable(self: SQLiteStorage, table_id: str) -> None:
        raise StorageError("disk I/O error")

    monkeypatch.setattr(SQLiteStorage, "load", unreadable)
    assert server.http.get("/api/tables/elsewhere").status_code == 503
    assert server.http.get("/api/tables/elsewhere/record").status_code == 503
    assert server.http.post("/api/tables/elsewhere/join", json={"name": "Bea"}).status_code == 503
    watcher = server.client()
    watcher.send({"type": "join", "table": "elsewhere", "token": None})
    assert watcher.expect("error")["code"] == "storage"
    monkeypatch.undo()
    watcher.send({"type": "join", "table": "elsewhere", "token": None})
    assert watcher.expect("error")["code"] == "unknown_table"


def _until_unlisted(server: Server, table: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while server.listed(table):
        assert time.monotonic() < deadline, f"table {table} is still in the lobby"
        time.sleep(0.05)


def test_a_table_everybody_left_leaves_the_lobby_and_its_link_brings_it_back(
        server: Server) -> None:
    table, a, b = two_people(server)
    version = a.received[-1]["version"]
    a.send({"type": "move", "action": 1, "version": version})
    b.state_where(lambda m: m["version"] == version + 1)
    a.close()
    assert server.listed(table), "one person is still at the table"
    b.close()
    _until_unlisted(server, table)
    assert server.http.get(f"/api/tables/{table}").json()["moves"] == 1
    assert not server.listed(table), "looking at a table does not bring it back"
    record = server.http.get(f"/api/tables/{table}/record").json()
    assert record["moves"] == ["A2"]
    watcher = server.client()
    watched = watcher.join(table, None)
    assert watched["version"] == version + 1 and watched["to_move"] == 1
    assert server.listed(table)
    watcher.close()
    _until_unlisted(server, table)


def test_a_bot_moves_after_everybody_left_and_the_table_waits_in_storage(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=1.0) as live:
        made, me, start = live.sit("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
        me.send({"type": "move", "action": 0, "version": start["version"]})
        me.state_where(lambda m: m["to_move"] == 1)
        me.close()
        time.sleep(0.3)
        assert live.listed(made["id"]), "the table stays while its bot is to move"
        _until_unlisted(live, made["id"])
        back = live.client().join(made["id"], made["token"])
        assert back["to_move"] == 0 and back["version"] == start["version"] + 2
        assert back["legal"]


def test_a_table_made_or_joined_but_never_opened_leaves_memory(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, open_grace=0.5) as live:
        made = live.create("oware", [seat("me"), seat("open")])
        assert live.listed(made["id"]), "its maker has a moment to open it"
        _until_unlisted(live, made["id"])
        joined = live.join(made["id"], "Bea")
        assert joined["seat"] == 1
        assert live.listed(made["id"]), "the join brought it back"
        _until_unlisted(live, made["id"])
        me = live.client()
        opened = me.join(made["id"], made["token"])
        assert opened["table"]["status"] == "playing"
        assert [s["name"] for s in opened["table"]["seats"]] == ["Ada", "Bea"]
        time.sleep(1.0)
        assert live.listed(made["id"]), "an open table stays"
        bots = live.create("oware", [seat("bot", "easy"), seat("bot", "easy")], preset="abapa")
        deadline = time.monotonic() + 30
        while (info := live.http.get(f"/api/tables/{bots['id']}").json())["status"] != "finished":
            assert time.monotonic() < deadline, "nobody opened it, yet its bots play on"
            time.sleep(0.1)
        assert info["moves"] > 10


def test_a_join_with_a_forged_token_leaves_a_table_in_storage_out_of_memory(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, open_grace=0.3) as live:
        made = live.create("oware", [seat("me"), seat("open")])
        _until_unlisted(live, made["id"])
        prober = live.client()
        prober.send({"type": "join", "table": made["id"], "token": "forged-token"})
        assert prober.expect("error")["code"] == "bad_token"
        prober.close()
        time.sleep(0.3)
        assert not live.listed(made["id"]), "nobody is at the table, so it stays in storage"
        opened = live.client().join(made["id"], made["token"])
        assert opened["seat"] == 0 and live.listed(made["id"])


def test_a_join_refused_over_http_leaves_a_table_in_storage_out_of_memory(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, open_grace=0.3) as live:
        made = live.create("oware", [seat("me"), seat("open")])
        _until_unlisted(live, made["id"])
        live.join(made["id"], "Bea")
        _until_unlisted(live, made["id"])
        late = live.http.post(f"/api/tables/{made['id']}/join", json={"name": "Cy"})
        assert late.status_code == 409 and late.json()["reason"]["key"] == "table.full"
        time.sleep(0.3)
        assert not live.listed(made["id"]), "nobody is at the table, so it stays in storage"
        opened = live.client().join(made["id"], made["token"])
        assert opened["seat"] == 0 and live.listed(made["id"])


def test_a_take_back_refused_after_the_end_says_it_cannot_be_asked_again(
        server: Server) -> None:
    _, a, b = two_people(server, preset="abapa")
    clients = {0: a, 1: b}
    state = a.until(lambda m: True)
    while state["result"] is None:
        mover = clients[state["to_move"]]
        state = mover.at_version(state["version"])
        mover.send({"type": "move", "action": state["legal"][0]["action"],
                    "version": state["version"]})
        state = a.state_where(lambda m, v=state["version"]: m["version"] == v + 1)
    last = state["movers"][-1]
    asker, other = clients[last], clients[1 - last]
    asker.send({"type": "undo", "version": state["version"]})
    other.state_where(lambda m: m["undo"] is not None)
    asker.state_where(lambda m: m["undo"] is not None)
    other.send({"type": "undo_answer", "accept": False})
    barred = asker.state_where(lambda m: m["undo"] is None)
    assert barred["table"]["status"] == "finished"
    assert barred["undo_barred"] == {"why": "refused", "seconds": None}
    asker.send({"type": "undo", "version": state["version"]})
    refused = asker.expect("error")
    assert refused["code"] == "undo_refused_over"
    assert "next move" not in refused["message"] and "over" in refused["message"]


def test_a_table_read_back_after_a_move_was_not_stored_never_shows_that_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as live:
        made = live.create("oware", [seat("me"), seat("open"), seat("open")], players=3,
                           start="A")
        bea_token = live.join(made["id"], "Bea")["token"]
        live.join(made["id"], "Cy")   # Cy stays away: Ada and Bea see when she is absent
        ada, bea = live.client(), live.client()
        start = ada.join(made["id"], made["token"])
        bea.join(made["id"], bea_token)

        def full_disk(self: SQLiteStorage, *args: object) -> None:
            raise StorageError("database or disk is full")

        monkeypatch.setattr(SQLiteStorage, "append", full_disk)
        ada.send({"type": "move", "action": 0, "version": start["version"]})
        assert ada.expect("error")["code"] == "storage"
        monkeypatch.undo()
        absent = bea.state_where(lambda m: m["table"]["seats"][2]["absent"], timeout=5)
        assert absent["version"] == start["version"]
        time.sleep(0.5)
        shown = [m["version"] for m in bea.received if m["type"] == "state"]
        assert start["version"] + 1 not in shown, "a move storage never got was shown"


def test_a_move_on_its_way_to_storage_is_shown_to_nobody_who_comes_or_goes_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with running_server(tmp_path, bot_pause=0.0) as live:
        table, ada, bea = two_people(live)
        start = ada.until(lambda m: m["to_move"] == 0)
        watcher = live.client()
        watcher.join(table, None)

        monkeypatch.setattr(SQLiteStorage, "append", slow_full_disk)
        ada.send({"type": "move", "action": 0, "version": start["version"]})
        time.sleep(0.3)
        late = live.client()   # comes while the move waits for storage
        late.send({"type": "join", "table": table, "token": None})
        watcher.close()        # and another one goes
        assert ada.expect("error")["code"] == "storage"
        monkeypatch.undo()
        for client in (ada, bea, late):
            while not client.silent(0.3):
                pass
            shown = [m["version"] for m in client.received if m["type"] == "state"]
            assert start["version"] + 1 not in shown, "a move storage never got was shown"


def test_a_move_on_its_way_to_storage_is_not_read_over_http(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with running_server(tmp_path, bot_pause=0.0) as live:
        made, ada, start = live.sit("oware", [seat("me"), seat("open")], start="A")
        live.join(made["id"])
        start = ada.state_where(lambda m: m["table"]["status"] == "playing")

        monkeypatch.setattr(SQLiteStorage, "append", slow_full_disk)
        ada.send({"type": "move", "action": 0, "version": start["version"]})
        time.sleep(0.3)
        table = f"/api/tables/{made['id']}"
        mine = {"x-seat-token": made["token"]}
        with httpx.Client(base_url=live.base, timeout=5) as http:
            lobby = http.get("/api/tables").json()["tables"]
            info = http.get(table).json()
            record = http.get(f"{table}/record").json()
            own = http.get(f"{table}/record", headers=mine).json()
        assert ada.expect("error")["code"] == "storage"
        monkeypatch.undo()
        assert [t["moves"] for t in lobby if t["id"] == made["id"]] == [0]
        assert info["moves"] == 0 and info["to_move"] == 0
        assert record["moves"] == [] and own["moves"] == []
