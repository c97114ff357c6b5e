"""Seats change hands: a computer player takes an open seat, a person's own seat, or the
seat of someone who has been away a while; the person takes it back on return."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from spieltisch.core.match import Match
from spieltisch.server.app import DATABASE
from spieltisch.server.chat import PACE_LINES
from spieltisch.server.storage import SQLiteStorage

from .server_harness import Server, ada_and_bea, running_server, seat


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Bots take at least a second a move; a person away half a second counts as absent."""
    with running_server(tmp_path_factory.mktemp("seats"), bot_pause=1.0,
                        absent_after=0.5) as srv:
        yield srv


def stored_seats(server: Server, table: str) -> list[tuple[str, str, str | None, bool]]:
    storage = SQLiteStorage(server.data_dir / DATABASE)
    record = storage.load(table)
    storage.close()
    assert record is not None
    return [(s.kind, s.name, s.level, s.token is not None) for s in record.seats]


def test_a_computer_player_takes_an_open_seat_and_the_game_begins(paced: Server) -> None:
    made, ada, state = paced.sit("oware", [seat("me"), seat("open")], start="A")
    assert state["table"]["status"] == "waiting"
    ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    state = ada.state_where(lambda m: m["table"]["status"] == "playing")
    assert state["table"]["seats"][1] == {"kind": "bot", "name": "Bot (Easy)", "level": "easy",
                                          "online": False, "absent": False, "stand_in": False}
    ada.send({"type": "move", "action": state["legal"][0]["action"], "version": state["version"]})
    replied = ada.state_where(lambda m: m["version"] == state["version"] + 2, timeout=20)
    assert replied["movers"][-1] == 1
    assert stored_seats(paced, made["id"])[1] == ("bot", "Bot (Easy)", "easy", False)
    late = paced.http.post(f"/api/tables/{made['id']}/join", json={"name": "Cy"})
    assert late.status_code == 409, late.text


def test_a_person_leaves_their_seat_to_a_computer_player_and_takes_it_back(
        paced: Server) -> None:
    table, _, ada, bea = ada_and_bea(paced)
    bea.send({"type": "seat_bot", "seat": 1, "level": "medium"})
    handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    assert handed["table"]["seats"][1]["stand_in"] and handed["table"]["seats"][1]["name"] == "Bea"
    assert stored_seats(paced, table)[1] == ("bot", "Bea", "medium", True)
    ada.send({"type": "move", "action": handed["legal"][0]["action"],
              "version": handed["version"]})
    turn = bea.state_where(lambda m: m["to_move"] == 1)
    assert turn["legal"] == [] and not turn["can_undo"]
    bea.send({"type": "move", "action": 6, "version": turn["version"]})
    assert bea.expect("error")["code"] == "stand_in"
    bea.send({"type": "undo", "version": turn["version"]})
    assert bea.expect("error")["code"] in ("stand_in", "no_undo")
    after_bot = ada.state_where(lambda m: m["version"] == turn["version"] + 1, timeout=20)
    assert after_bot["movers"][-1] == 1
    for client, level, code in ((bea, "medium", "same_level"), (ada, "hard", "not_a_person")):
        client.send({"type": "seat_bot", "seat": 1, "level": level})
        assert client.expect("error")["code"] == code
    assert stored_seats(paced, table)[1] == ("bot", "Bea", "medium", True)
    bea.send({"type": "seat_bot", "seat": 1, "level": "hard"})
    harder = ada.state_where(lambda m: m["table"]["seats"][1]["level"] == "hard")
    assert harder["table"]["seats"][1]["stand_in"] and harder["version"] == after_bot["version"]
    assert stored_seats(paced, table)[1] == ("bot", "Bea", "hard", True)
    bea.send({"type": "take_seat"})
    back = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "human")
    assert back["table"]["seats"][1]["name"] == "Bea" and not back["table"]["seats"][1]["stand_in"]
    assert stored_seats(paced, table)[1] == ("human", "Bea", None, True)
    ada.send({"type": "move", "action": back["legal"][0]["action"], "version": back["version"]})
    mine = bea.state_where(lambda m: m["to_move"] == 1)
    assert mine["legal"]
    ada.at_version(mine["version"])
    assert ada.silent(1.5), "a computer player moved for a person who had taken the seat back"


def test_a_computer_player_that_is_thinking_stops_when_the_person_takes_the_seat_back(
        paced: Server) -> None:
    table, _, ada, bea = ada_and_bea(paced)
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    ada.send({"type": "move", "action": handed["legal"][0]["action"],
              "version": handed["version"]})
    turn = bea.state_where(lambda m: m["to_move"] == 1)
    bea.send({"type": "take_seat"})
    back = bea.state_where(lambda m: m["table"]["seats"][1]["kind"] == "human")
    assert back["version"] == turn["version"] and back["legal"]
    assert bea.silent(1.5), "the computer player moved after the person took the seat back"
    bea.send({"type": "move", "action": back["legal"][0]["action"], "version": back["version"]})
    assert ada.state_where(lambda m: m["version"] == back["version"] + 1)["movers"][-1] == 1
    assert stored_seats(paced, table)[1][0] == "human"


def test_a_finished_game_keeps_the_computer_player_that_played_a_seat(paced: Server) -> None:
    table, _, ada, bea = ada_and_bea(paced)
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    ada.state_where(lambda m: m["table"]["seats"][1]["stand_in"])
    ada.send({"type": "resign"})
    over = bea.state_where(lambda m: m["table"]["status"] == "finished")
    assert over["table"]["seats"][1]["stand_in"]
    bea.send({"type": "take_seat"})
    assert bea.expect("error")["code"] == "game_over"
    assert stored_seats(paced, table)[1] == ("bot", "Bea", "easy", True)


def test_the_seat_of_someone_away_is_handed_on_only_once_they_count_as_absent(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as server:
        table, tokens, ada, bea = ada_and_bea(server)
        bea.close()
        left = ada.state_where(lambda m: not m["table"]["seats"][1]["online"])
        assert not left["table"]["seats"][1]["absent"]
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        refusal = ada.expect("error")
        assert refusal["code"] == "not_absent" and "Bea" in refusal["message"]
        absent = ada.state_where(lambda m: m["table"]["seats"][1]["absent"], timeout=5)
        assert absent["version"] == left["version"]
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        ada.state_where(lambda m: m["table"]["seats"][1]["stand_in"])
        ada.send({"type": "move", "action": absent["legal"][0]["action"],
                  "version": absent["version"]})
        ada.state_where(lambda m: m["version"] == absent["version"] + 2, timeout=20)

        back = server.client()
        mine = back.join(table, tokens["Bea"])
        assert mine["seat"] == 1 and mine["table"]["seats"][1]["stand_in"]
        back.send({"type": "take_seat"})
        ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "human"
                        and m["table"]["seats"][1]["online"])


def test_a_person_back_in_time_is_not_absent(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as server:
        table, tokens, ada, bea = ada_and_bea(server)
        bea.close()
        ada.state_where(lambda m: not m["table"]["seats"][1]["online"])
        server.client().join(table, tokens["Bea"])
        ada.state_where(lambda m: m["table"]["seats"][1]["online"])
        assert ada.silent(1.5)
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        assert ada.expect("error")["code"] == "not_absent"


def test_every_refusal_to_change_a_seat_changes_nothing(paced: Server) -> None:
    table, _, ada, _ = ada_and_bea(paced)
    watcher = paced.client()
    before = watcher.join(table, None)
    refusals = [
        (watcher, {"type": "seat_bot", "seat": 1, "level": "easy"}, "spectator"),
        (ada, {"type": "seat_bot", "seat": 1, "level": "grandmaster"}, "bad_level"),
        (ada, {"type": "seat_bot", "seat": 2, "level": "easy"}, "bad_seat"),
        (ada, {"type": "seat_bot", "seat": -1, "level": "easy"}, "bad_seat"),
        (ada, {"type": "seat_bot", "seat": 1, "level": "easy"}, "not_absent"),
        (ada, {"type": "seat_bot", "seat": 1}, "bad_message"),
        (ada, {"type": "seat_bot", "seat": "1", "level": "easy"}, "bad_message"),
        (ada, {"type": "take_seat"}, "not_handed_on"),
        (ada, {"type": "take_seat", "seat": 0}, "bad_message"),
        (watcher, {"type": "take_seat"}, "spectator"),
    ]
    for client, message, code in refusals:
        client.send(message)
        answer = client.expect("error")
        assert answer["code"] == code, message
        if code in ("bad_level", "bad_seat"):
            assert answer["reason"]["text"] == answer["message"]
            assert answer["reason"]["key"] in ("bot.unknown_level", "table.no_seat")
    assert watcher.silent()
    assert stored_seats(paced, table) == [("human", "Ada", None, True),
                                          ("human", "Bea", None, True)]
    assert paced.http.get(f"/api/tables/{table}").json()["seats"] == before["table"]["seats"]

    _, waiting, _ = paced.sit("oware", [seat("me"), seat("open")], start="A")
    waiting.send({"type": "take_seat"})
    assert waiting.expect("error")["code"] == "not_handed_on"
    bots = paced.create("oware", [seat("me"), seat("bot", "easy")], start="A")
    alone = paced.client()
    alone.join(bots["id"], bots["token"])
    alone.send({"type": "seat_bot", "seat": 1, "level": "hard"})
    assert alone.expect("error")["code"] == "not_a_person"
    assert stored_seats(paced, bots["id"])[1] == ("bot", "Bot (Easy)", "easy", False)


def test_a_take_back_request_is_dropped_when_a_seat_changes_hands(paced: Server) -> None:
    _, _, ada, bea = ada_and_bea(paced)
    start = ada.until(lambda m: True)
    ada.send({"type": "move", "action": start["legal"][0]["action"], "version": start["version"]})
    moved = ada.state_where(lambda m: m["version"] == start["version"] + 1)
    ada.send({"type": "undo", "version": moved["version"]})
    bea.state_where(lambda m: m["undo"] is not None)
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    dropped = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    assert dropped["undo"] is None
    assert [m for m in ada.received if m.get("code") == "undo_dropped"] == [
        {"type": "notice", "code": "undo_dropped", "seat": 1, "handed": True, "by": 0}]
    assert ada.state_where(lambda m: m["version"] == moved["version"] + 1,
                           timeout=20)["movers"][-1] == 1


def test_handing_ones_own_seat_on_says_who_dropped_the_take_back_request(
        paced: Server) -> None:
    _, _, ada, bea = ada_and_bea(paced)
    start = ada.until(lambda m: True)
    ada.send({"type": "move", "action": start["legal"][0]["action"], "version": start["version"]})
    moved = ada.state_where(lambda m: m["version"] == start["version"] + 1)
    ada.send({"type": "undo", "version": moved["version"]})
    bea.state_where(lambda m: m["undo"] is not None)
    ada.send({"type": "seat_bot", "seat": 0, "level": "easy"})
    for client in (ada, bea):
        assert client.expect("notice") == {"type": "notice", "code": "undo_dropped",
                                           "seat": 0, "handed": True, "by": 0}


def test_a_computer_player_keeps_the_seat_across_a_restart_until_its_person_is_back(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        table, tokens, ada, bea = ada_and_bea(server)
        bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    with running_server(tmp_path, bot_pause=0.0) as server:
        ada = server.client()
        again = ada.join(table, tokens["Ada"])
        assert again["version"] == handed["version"] and again["table"]["seats"][1]["stand_in"]
        ada.send({"type": "move", "action": again["legal"][0]["action"],
                  "version": again["version"]})
        replied = ada.state_where(lambda m: m["version"] == again["version"] + 2, timeout=20)
        assert replied["movers"][-1] == 1
        bea = server.client()
        assert bea.join(table, tokens["Bea"])["seat"] == 1
        bea.send({"type": "take_seat"})
        ada.state_where(lambda m: m["table"]["seats"][1] == {
            "kind": "human", "name": "Bea", "level": None, "online": True, "absent": False,
            "stand_in": False})


def test_a_new_key_for_a_seat_makes_every_other_holder_of_the_old_one_a_spectator(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as srv:
        made = srv.create("koikoi", [seat("me"), seat("bot", "easy")])
        table, old = made["id"], made["token"]
        phone, laptop, watcher = srv.client(), srv.client(), srv.client()
        phone.join(table, old)
        laptop.join(table, old)
        watcher.join(table, None)
        watcher.send({"type": "new_key"})
        assert watcher.expect("error")["code"] == "spectator"

        phone.send({"type": "new_key"})
        new = phone.expect("key")["token"]
        assert isinstance(new, str) and len(new) >= 32 and new != old
        assert laptop.expect("error")["code"] == "key_changed"
        watching = laptop.state_where(lambda m: m["seat"] is None)
        assert watching["legal"] == []
        assert watching["view"] == watcher.at_version(watching["version"])["view"]
        assert phone.until(lambda m: m["seat"] == 0)["view"] != watching["view"]
        assert stored_seats(srv, table)[0] == ("human", "Ada", None, True)
        refused = srv.client()
        refused.send({"type": "join", "table": table, "token": old})
        assert refused.expect("error")["code"] == "bad_token"
        headers = {"x-seat-token": old}
        assert srv.http.get(f"/api/tables/{table}/record", headers=headers).status_code == 403
        headers = {"x-seat-token": new}
        assert srv.http.get(f"/api/tables/{table}/record", headers=headers).status_code == 200

    with running_server(tmp_path, bot_pause=0.0) as srv:
        assert srv.client().join(table, new)["seat"] == 0
        refused = srv.client()
        refused.send({"type": "join", "table": table, "token": old})
        assert refused.expect("error")["code"] == "bad_token"


def test_a_new_key_opens_the_rematches_and_the_games_before_them_and_the_old_one_none(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as srv:
        made = srv.create("oware", [seat("me"), seat("bot", "easy")], preset="abapa")
        first, old = made["id"], made["token"]
        ada = srv.client()
        ada.join(first, old)
        ada.send({"type": "resign"})
        ada.state_where(lambda m: m["table"]["status"] == "finished")
        ada.send({"type": "rematch"})
        second = ada.state_where(lambda m: m["table"]["rematch"] is not None)["table"]["rematch"]
        there = srv.client()
        assert there.join(second, old)["seat"] == 1

        ada.send({"type": "new_key"})
        new = ada.expect("key")["token"]
        assert there.expect("error")["code"] == "key_changed", "the rematch's page watches"
        for table, at in ((first, 0), (second, 1)):
            assert srv.client().join(table, new)["seat"] == at
            refused = srv.client()
            refused.send({"type": "join", "table": table, "token": old})
            assert refused.expect("error")["code"] == "bad_token"
            assert srv.http.get(f"/api/tables/{table}/record",
                                headers={"x-seat-token": old}).status_code == 403
        assert stored_seats(srv, second)[1] == ("human", "Ada", None, True)


def test_a_name_already_at_the_table_gets_a_number(paced: Server) -> None:
    """Two people called Ada would leave everybody guessing whose turn it is."""
    made = paced.create("oware", [seat("me"), seat("open"), seat("open"), seat("open")],
                        players=4)
    for name in (" ada ", "Ada", ""):
        paced.join(made["id"], name)
    names = [s["name"] for s in paced.http.get(f"/api/tables/{made['id']}").json()["seats"]]
    assert names == ["Ada", "ada 2", "Ada 3", ""]
    assert [s[1] for s in stored_seats(paced, made["id"])] == names


def test_nobody_can_take_a_name_the_table_gives_a_seat_itself(paced: Server) -> None:
    """A friend called "Player 1" beside a nameless "Player 1", or a person called
    "Computer (Easy)", would read like another seat or a computer player."""
    made = paced.create("oware", [seat("me"), seat("open")])
    for name in ("Player 1", "spieler  2", "Player #3", "Computer (Easy)", "computer 2 (leicht)",
                 "Bot (Hard)", "Ada (Computer, Easy)", "open seat", "Freier Platz"):
        answer = paced.http.post(f"/api/tables/{made['id']}/join", json={"name": name})
        assert answer.status_code == 409, name
        assert answer.json()["reason"]["key"] == "name.seat_label", name
    assert paced.http.get(f"/api/tables/{made['id']}").json()["status"] == "waiting"
    refused = paced.http.post("/api/tables", json={
        "game": "oware", "options": {}, "seats": [seat("me"), seat("open")],
        "name": "Computer (Expert)", "listed": False})
    assert refused.status_code == 400 and "choose another name" in refused.json()["error"]
    paced.join(made["id"], "Player")
    again = paced.create("oware", [seat("me"), seat("open"), seat("open")], players=3)
    for name in ("Player", "player"):
        paced.join(again["id"], name)
    names = [s["name"] for s in paced.http.get(f"/api/tables/{again['id']}").json()["seats"]]
    assert names == ["Ada", "Player", "player (2)"]


def test_a_take_back_asks_the_person_a_computer_player_stands_in_for_who_keeps_their_rack(
        paced: Server) -> None:
    made = paced.create("okey", [seat("me"), seat("open"), seat("open")], players=3, rounds=1)
    table, tokens = made["id"], {0: made["token"]}
    for name in ("Bea", "Cem"):
        joined = paced.join(table, name)
        tokens[joined["seat"]] = joined["token"]
    people = {i: paced.client() for i in range(3)}
    for i, client in people.items():
        client.join(table, tokens[i])
    people[2].send({"type": "seat_bot", "seat": 2, "level": "easy"})
    state = people[0].state_where(lambda m: m["table"]["seats"][2]["stand_in"])
    # People play their first legal move until it is Ada's turn to draw.
    while not (state["to_move"] == 0 and state["view"]["phase"] == "draw"):
        if state["to_move"] in (0, 1):
            mover = people[state["to_move"]]
            mine = mover.at_version(state["version"])
            mover.send({"type": "move", "action": mine["legal"][0]["action"],
                        "version": mine["version"]})
        state = people[0].state_where(lambda m, v=state["version"]: m["version"] > v)
    rack = sorted(people[2].at_version(state["version"])["view"]["rack"])
    # Ada draws and discards, and the people play on until the computer player has
    # moved for Cem.
    people[0].send({"type": "move", "action": state["legal"][0]["action"],
                    "version": state["version"]})
    state = people[0].state_where(lambda m, v=state["version"]: m["version"] > v)
    while not (state["movers"][-1] == 2 and state["to_move"] in (0, 1)):
        if state["to_move"] in (0, 1):
            mover = people[state["to_move"]]
            mine = mover.at_version(state["version"])
            mover.send({"type": "move", "action": mine["legal"][0]["action"],
                        "version": mine["version"]})
        state = people[0].state_where(lambda m, v=state["version"]: m["version"] > v)
    state = people[0].at_version(state["version"])
    people[0].send({"type": "undo", "version": state["version"]})
    asked = people[0].state_where(lambda m: m["undo"] is not None)
    # Bea's draw and discard and the computer player's for Cem go back with it.
    assert asked["undo"] == {"by": 0, "waiting": [1, 2], "since": [1, 1, 2, 2]}
    for i in (1, 2):
        people[i].send({"type": "undo_answer", "accept": True})
    back = people[2].state_where(lambda m: m["undo"] is None and m["to_move"] == 0)
    assert sorted(back["view"]["rack"]) == rack


def test_before_the_game_the_seat_of_someone_who_left_goes_to_a_computer_player(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as server:
        made, ada, _ = server.sit("okey", [seat("me"), seat("open"), seat("open"),
                                           seat("open")], rounds=1)
        table = made["id"]
        bea_token = server.join(table, "Bea")["token"]
        bea = server.client()
        bea.join(table, bea_token)
        ada.state_where(lambda m: m["table"]["seats"][1]["online"])
        bea.close()
        left = ada.state_where(lambda m: not m["table"]["seats"][1]["online"])
        assert left["table"]["status"] == "waiting" and not left["table"]["seats"][1]["absent"]
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        assert ada.expect("error")["code"] == "not_absent"
        # Away long enough, counted from when she left: the page shows her absent.
        ada.state_where(lambda m: m["table"]["seats"][1]["absent"], timeout=5)
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
        assert handed["table"]["seats"][1]["stand_in"]
        assert handed["table"]["status"] == "waiting"
        assert handed["table"]["seats"][1]["absent"], "so her seat may be opened again"
        assert stored_seats(server, table)[1] == ("bot", "Bea", "easy", True)

        # Back before the start, Bea takes her seat again, and may hand it on herself.
        bea = server.client()
        mine = bea.join(table, bea_token)
        assert mine["seat"] == 1 and mine["table"]["seats"][1]["stand_in"]
        bea.send({"type": "take_seat"})
        bea.state_where(lambda m: m["table"]["seats"][1]["kind"] == "human")
        bea.send({"type": "seat_bot", "seat": 1, "level": "medium"})
        own = bea.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
        assert own["table"]["seats"][1] == {"kind": "bot", "name": "Bea", "level": "medium",
                                            "online": True, "absent": False,
                                            "stand_in": True}
        for open_seat in (2, 3):
            ada.send({"type": "seat_bot", "seat": open_seat, "level": "easy"})
        started = ada.state_where(lambda m: m["table"]["status"] == "playing")
        assert started["table"]["seats"][1]["stand_in"]


def test_a_person_who_just_took_a_seat_is_not_absent_before_their_page_opens(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as server:
        made, ada, _ = server.sit("oware", [seat("me"), seat("open")], start="A")
        time.sleep(1.5)
        server.join(made["id"], "Bea")
        started = ada.state_where(lambda m: m["table"]["status"] == "playing")
        assert not started["table"]["seats"][1]["absent"]
        ada.send({"type": "seat_bot", "seat": 1, "level": "easy"})
        assert ada.expect("error")["code"] == "not_absent"


def test_before_the_game_a_seat_left_or_given_to_a_computer_player_opens_again(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, absent_after=1.0) as server:
        made, ada, _ = server.sit("okey", [seat("me"), seat("open"), seat("open"),
                                           seat("open")], rounds=1)
        table = made["id"]
        bea_token = server.join(table, "Bea")["token"]
        bea = server.client()
        seen = bea.join(table, bea_token)["view"]["rack"]
        ada.state_where(lambda m: m["table"]["seats"][1]["online"])
        for i in range(PACE_LINES + 1):
            bea.send({"type": "chat", "text": f"line {i}"})
        assert bea.expect("error")["code"] == "chat_too_fast"
        for message, code in (({"seat": 1}, "not_absent"), ({"seat": 0}, "own_seat"),
                              ({"seat": 2}, "already_open"), ({"seat": 4}, "bad_seat")):
            ada.send({"type": "open_seat", **message})
            assert ada.expect("error")["code"] == code
        ada.send({"type": "seat_bot", "seat": 2, "level": "easy"})
        ada.state_where(lambda m: m["table"]["seats"][2]["kind"] == "bot")
        ada.send({"type": "open_seat", "seat": 2})
        ada.state_where(lambda m: m["table"]["seats"][2]["kind"] == "open")
        bea.close()
        ada.state_where(lambda m: m["table"]["seats"][1]["absent"], timeout=5)
        ada.send({"type": "open_seat", "seat": 1})
        opened = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "open")
        assert ada.expect("notice") == {"type": "notice", "code": "dealt_afresh", "seat": 1}
        assert opened["table"]["status"] == "waiting"
        assert stored_seats(server, table)[1] == ("open", "", None, False)
        late = server.client()
        late.send({"type": "join", "table": table, "token": bea_token})
        assert late.expect("error")["code"] == "bad_token"
        cy_seat = server.join(table, "Cy")
        assert cy_seat["seat"] == 1
        ada.state_where(lambda m: m["table"]["seats"][1]["name"] == "Cy"
                        and not m["table"]["seats"][1]["absent"])
        cy = server.client()
        cy.join(table, cy_seat["token"])
        cy.send({"type": "chat", "text": "Hello, I am new here"})
        heard = cy.expect("chat")
        while heard.get("history"):
            heard = cy.expect("chat")
        assert [line["text"] for line in heard["lines"]] == ["Hello, I am new here"], \
            "Cy may chat: Bea's pace left with her"
        # Bea saw the rack of her seat: the tiles were dealt afresh for Cy.
        dealt = SQLiteStorage(server.data_dir / DATABASE)
        record = dealt.load(table)
        dealt.close()
        assert record is not None
        assert Match.from_record(record.match_record()).state.view(1)["rack"] != seen
        for open_seat in (2, 3):
            ada.send({"type": "seat_bot", "seat": open_seat, "level": "easy"})
        ada.state_where(lambda m: m["table"]["status"] == "playing")
        ada.send({"type": "open_seat", "seat": 2})
        assert ada.expect("error")["code"] == "started"


def test_a_game_key_and_a_bot_level_are_taken_in_any_letter_case_and_kept_in_lower_case(
        paced: Server) -> None:
    made, ada, state = paced.sit("Oware", [seat("me"), seat("open"), seat("bot", "Hard")],
                                 preset="grand", players=3, start="A")
    assert state["table"]["seats"][2]["level"] == "hard"
    ada.send({"type": "seat_bot", "seat": 1, "level": "EASY"})
    state = ada.state_where(lambda m: m["table"]["status"] == "playing")
    assert state["table"]["seats"][1]["level"] == "easy"
    assert [s[2] for s in stored_seats(paced, made["id"])] == [None, "easy", "hard"]
    assert paced.http.get(f"/api/tables/{made['id']}").json()["game"] == "oware"


def test_one_address_may_watch_only_so_many_times_at_once(tmp_path: Path) -> None:
    with running_server(tmp_path, watchers_per_address=2) as srv:
        made, _ada, _ = srv.sit("oware", [seat("me"), seat("bot", "easy")])
        other = srv.create("oware", [seat("me"), seat("bot", "easy")])
        first, second, third = srv.client(), srv.client(), srv.client()
        first.join(made["id"], None)
        second.join(other["id"], None)
        third.send({"type": "join", "table": made["id"], "token": None})
        refusal = third.expect("error")
        assert refusal["code"] == "too_many_watchers"
        assert "at most 2 pages may watch from one address" in refusal["message"]
        # A seat is no spectator: its person still comes in.
        again = srv.client()
        assert again.join(made["id"], made["token"])["seat"] == 0
        first.close()
        deadline = time.monotonic() + 5
        while True:   # the closed page's place is free once the server notices it
            third.send({"type": "join", "table": made["id"], "token": None})
            answer = third.recv()
            if answer["type"] == "state" or time.monotonic() > deadline:
                break
        assert answer["type"] == "state" and answer["seat"] is None


def test_one_address_may_hold_only_so_many_connections_at_once(tmp_path: Path) -> None:
    with running_server(tmp_path, sockets_per_address=2) as srv:
        made, _ada, _ = srv.sit("oware", [seat("me"), seat("bot", "easy")])
        idle = srv.client()   # a page not at a table yet counts too
        refused = srv.client()
        refusal = refused.expect("error")
        assert refusal["code"] == "too_many_connections"
        assert refusal["message"].startswith("at most 2 connections from one address")
        with pytest.raises(ConnectionClosed):
            refused.recv(2)
        idle.close()
        deadline = time.monotonic() + 5
        while True:   # the closed page's place is free once the server notices it
            page = srv.client()
            page.send({"type": "join", "table": made["id"], "token": None})
            answer = page.recv()
            if answer["type"] == "state" or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer["type"] == "state"
