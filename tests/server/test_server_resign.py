"""A person resigns: the game ends with their seat last, is stored so, and nothing more
happens at the table but a rematch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .server_harness import Client, Server, running_server, seat, two_people


def play_first(client: Client, state: dict[str, Any]) -> None:
    client.send({"type": "move", "action": state["legal"][0]["action"],
                 "version": state["version"]})


def test_a_person_resigns_and_the_other_wins(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        table, ada, bea = two_people(server)
        start = ada.until(lambda m: m["to_move"] == 0)
        assert start["can_resign"] and bea.until(lambda m: True)["can_resign"]
        assert server.http.get(f"/api/tables/{table}").json()["result"] is None
        play_first(ada, start)
        play_first(bea, bea.state_where(lambda m: m["to_move"] == 1))
        asked = ada.state_where(lambda m: m["to_move"] == 0)
        ada.send({"type": "undo", "version": asked["version"]})
        bea.state_where(lambda m: m["undo"] is not None)
        bea.send({"type": "resign"})
        for client in (ada, bea):
            assert client.expect("notice") == {"type": "notice", "code": "resigned", "seat": 1}
        over = ada.state_where(lambda m: m["table"]["status"] == "finished")
        assert over["version"] == asked["version"] + 1
        assert over["result"]["resigned"] == 1 and over["result"]["returns"] == [1.0, -1.0]
        assert over["undo"] is None and over["to_move"] is None and over["legal"] == []
        assert not over["can_undo"] and not over["can_resign"]
        for client, message, code in (
                (ada, {"type": "move", "action": 0, "version": over["version"]}, "game_over"),
                (bea, {"type": "undo", "version": over["version"]}, "no_undo"),
                (ada, {"type": "resign"}, "game_over")):
            client.send(message)
            assert client.expect("error")["code"] == code
        path = f"/api/tables/{table}"
        assert server.http.get(f"{path}/record").json()["result"]["resigned"] == 1
        assert server.http.get(f"{path}/replay").json()["result"]["resigned"] == 1
        assert server.http.get(path).json()["result"] == over["result"]
        assert server.http.get(path).json()["to_move"] is None
        ada.send({"type": "rematch"})
        assert ada.state_where(lambda m: m["table"]["rematch"] is not None)
    with running_server(tmp_path, bot_pause=0.0) as again:
        state = again.client().join(table, None)
        assert state["table"]["status"] == "finished"
        assert state["result"] == over["result"]
        assert again.http.get(f"/api/tables/{table}").json()["result"] == over["result"]


def test_resigning_alone_against_computer_players_stops_the_one_thinking(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=1.5) as server:
        made = server.create("oware", [seat("me"), seat("bot", "easy"), seat("bot", "easy")],
                             players=3, start="A")
        ada = server.client()
        play_first(ada, ada.join(made["id"], made["token"]))
        thinking = ada.state_where(lambda m: m["to_move"] == 1)
        assert thinking["can_resign"]
        ada.send({"type": "resign"})
        over = ada.state_where(lambda m: m["table"]["status"] == "finished")
        assert over["version"] == thinking["version"] + 1
        assert over["result"]["returns"] == [-1.0, 0.5, 0.5]
        assert ada.silent(2.5), "a computer player moved after the game was resigned"
        assert server.http.get(f"/api/tables/{made['id']}").json()["status"] == "finished"


def test_refused_resignations_change_nothing(server: Server) -> None:
    waiting = server.create("oware", [seat("me"), seat("open")], start="A")
    alone = server.client()
    state = alone.join(waiting["id"], waiting["token"])
    assert not state["can_resign"]
    alone.send({"type": "resign"})
    assert alone.expect("error")["code"] == "waiting"

    made = server.create("oware", [seat("me"), seat("open"), seat("bot", "easy")],
                         players=3, start="A")
    joined = server.join(made["id"])
    ada, bea, watcher = server.client(), server.client(), server.client()
    ada.join(made["id"], made["token"])
    bea.join(made["id"], joined["token"])
    start = ada.until(lambda m: m["table"]["status"] == "playing")
    assert not start["can_resign"]
    watched = watcher.join(made["id"], None)
    assert not watched["can_resign"]
    refusals: list[tuple[Client, dict[str, Any], str]] = [
        (ada, {"type": "resign"}, "others_playing"),
        (watcher, {"type": "resign"}, "spectator"),
        (ada, {"type": "resign", "seat": 1}, "bad_message"),
    ]
    for client, message, code in refusals:
        client.send(message)
        refusal = client.expect("error")
        assert refusal["code"] == code, refusal
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    handed = bea.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    assert not handed["can_resign"]
    bea.send({"type": "resign"})
    assert bea.expect("error")["code"] == "stand_in"
    now = server.http.get(f"/api/tables/{made['id']}").json()
    assert now["status"] == "playing" and now["moves"] == start["table"]["moves"]


def test_a_person_may_resign_against_someone_whose_seat_a_computer_plays(
        server: Server) -> None:
    _, ada, bea = two_people(server)
    bea.send({"type": "seat_bot", "seat": 1, "level": "easy"})
    handed = ada.state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    assert handed["can_resign"]
    ada.send({"type": "resign"})
    over = bea.state_where(lambda m: m["table"]["status"] == "finished")
    assert over["result"]["returns"] == [-1.0, 1.0]
