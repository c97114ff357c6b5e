"""Playing a finished game on from one of its steps: a player of it gets a new table that
starts where they saw the game stand, against computer players."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import spieltisch

from .server_harness import Client, Server, ada_and_bea, running_server


def branch(server: Server, table: str, token: str | None, step: Any,
           level: Any = "easy") -> Any:
    headers = {"x-seat-token": token} if token else {}
    return server.http.post(f"/api/tables/{table}/branch",
                            json={"step": step, "level": level}, headers=headers)


def play_first_moves(first: Client, second: Client, moves: int) -> None:
    """Whoever is to move plays their last legal move, `moves` times: in Koi-Koi that
    calls koi-koi rather than stopping, so the game goes on."""
    clients = [first, second]
    state = first.until(lambda m: m["to_move"] is not None)
    for _ in range(moves):
        mover = clients[state["to_move"]]
        mine = mover.until(lambda m, v=state["version"]: m["version"] == v)
        mover.send({"type": "move", "action": mine["legal"][-1]["action"],
                    "version": mine["version"]})
        state = first.state_where(lambda m, v=state["version"]: m["version"] > v)


def test_a_player_plays_a_finished_game_on_from_a_step_against_computer_players(
        server: Server) -> None:
    table, tokens, ada, bea = ada_and_bea(server, "koikoi", months=1)
    play_first_moves(ada, bea, 6)
    early = branch(server, table, tokens["Ada"], 2)
    assert early.status_code == 409 and "over" in early.json()["error"], early.text
    bea.send({"type": "resign"})
    ada.state_where(lambda m: m["table"]["status"] == "finished")
    replay = server.http.get(f"/api/tables/{table}/replay",
                             headers={"x-seat-token": tokens["Ada"]}).json()
    step = next(k for k in range(2, len(replay["views"]))
                if replay["movers"][replay["moves_before"][k]] == 0)
    made = branch(server, table, tokens["Ada"], step, "easy")
    assert made.status_code == 201, made.text
    new = made.json()
    assert new["seat"] == 0 and new["id"] != table and new["token"] != tokens["Ada"]

    info = server.http.get(f"/api/tables/{new['id']}").json()
    assert info["origin"] == {"table": table, "step": step}
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == [
        ("human", "Ada", None), ("bot", "Bot (Easy)", "easy")]
    assert info["status"] == "playing" and not info["listed"]
    assert not server.listed(new["id"])
    assert server.http.get(f"/api/tables/{table}").json()["origin"] is None

    again = server.client()
    first = again.join(new["id"], new["token"])
    assert first["seat"] == 0 and first["to_move"] == 0 and first["legal"]
    assert first["log"] == replay["moves"][:replay["moves_before"][step]]
    assert first["view"] == replay["views"][step]
    ended = server.http.get(f"/api/tables/{table}/replay",
                            headers={"x-seat-token": tokens["Ada"]}).json()
    assert ended == replay, "the game played on from is as it was"
    again.send({"type": "resign"})
    again.state_where(lambda m: m["table"]["status"] == "finished")
    own = server.http.get(f"/api/tables/{new['id']}/replay",
                          headers={"x-seat-token": new["token"]}).json()
    assert own["views"][:step + 1] == replay["views"][:step + 1]
    assert own["moves"][:replay["moves_before"][step]] == \
        replay["moves"][:replay["moves_before"][step]]


def test_only_a_player_of_a_finished_game_plays_it_on_from_a_step_it_can_go_on_from(
        server: Server) -> None:
    table, tokens, ada, bea = ada_and_bea(server, "oware", start="A")
    play_first_moves(ada, bea, 2)
    ada.send({"type": "resign"})
    bea.state_where(lambda m: m["table"]["status"] == "finished")
    assert branch(server, table, None, 0).status_code == 403
    assert branch(server, table, "forged", 0).status_code == 403
    assert branch(server, "nosuchtable", tokens["Bea"], 0).status_code == 404
    for bad in ("1", True, None, 0.5):
        assert branch(server, table, tokens["Bea"], bad).status_code == 400, bad
    unknown = branch(server, table, tokens["Bea"], 0, "grandmaster")
    assert unknown.status_code == 400 and "unknown bot level" in unknown.json()["error"]
    for far in (-1, 3):
        refused = branch(server, table, tokens["Bea"], far)
        assert refused.status_code == 409 and "there is no step" in refused.json()["error"]
    last = branch(server, table, tokens["Bea"], 2, "medium")
    assert last.status_code == 201, "a resigned game goes on from where it was given up"
    assert last.json()["seat"] == 1
    info = server.http.get(f"/api/tables/{last.json()['id']}").json()
    assert info["moves"] == 2 and info["to_move"] == 0
    assert [s["kind"] for s in info["seats"]] == ["bot", "human"]
    assert info["seats"][1]["name"] == "Bea"


def test_a_table_played_on_from_a_step_is_kept_across_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        table, tokens, ada, bea = ada_and_bea(server, "oware", start="A")
        play_first_moves(ada, bea, 3)
        bea.send({"type": "resign"})
        ada.state_where(lambda m: m["table"]["status"] == "finished")
        new = branch(server, table, tokens["Ada"], 1, "easy").json()
    with running_server(tmp_path, bot_pause=0.0) as server:
        info = server.http.get(f"/api/tables/{new['id']}").json()
        assert info["origin"] == {"table": table, "step": 1}
        assert info["moves"] >= 1
        seated = server.client().join(new["id"], new["token"])
        assert seated["seat"] == 0


def test_one_address_may_start_a_few_tables_a_minute_however_it_starts_them(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, tables_per_minute=1) as server:
        table, tokens, ada, bea = ada_and_bea(server, "oware", start="A")
        ada.send({"type": "resign"})
        bea.state_where(lambda m: m["table"]["status"] == "finished")
        refused = branch(server, table, tokens["Bea"], 0)
        assert refused.status_code == 429
        assert refused.json()["reason"]["key"] == "table.too_many"
        from_record = branch_record(server, record_of("oware", 2, preset="abapa"), 0, 1)
        assert from_record.status_code == 429
        assert from_record.json()["reason"]["key"] == "table.too_many"


def record_of(key: str, moves: int, *, to_the_end: bool = False,
              **options: object) -> dict[str, Any]:
    """A full record of `key` (as ``spieltisch play --record`` saves one) after random
    moves: `moves` of them, or to the end."""
    match = spieltisch.Match(spieltisch.load(key, **options), seed=f"{key}/{moves}",
                             players=["You (A)", "Bot B (hard)"])
    rng = random.Random(moves)
    while not match.over and (to_the_end or moves > 0):
        state = match.state
        moves -= state.current_player >= 0
        match.play(state.current_player, rng.choice(state.legal_actions()))
    return match.to_record()


def branch_record(server: Server, record: Any, seat: Any, step: Any, level: Any = "easy",
                  name: Any = "Ada") -> Any:
    return server.http.post("/api/branch", json={
        "record": record, "seat": seat, "step": step, "level": level, "name": name})


def test_a_full_record_plays_on_from_a_step_at_a_table_of_its_own(server: Server) -> None:
    record = record_of("koikoi", 8, months=1)
    replay = server.http.post("/api/replay", json={"record": record, "seat": 1}).json()
    step = next(k for k in range(2, len(replay["views"]))
                if replay["movers"][replay["moves_before"][k]] == 1)
    made = branch_record(server, record, 1, step, "hard", "  Bea\u0007 ")
    assert made.status_code == 201, made.text
    new = made.json()
    assert new["seat"] == 1
    info = server.http.get(f"/api/tables/{new['id']}").json()
    assert info["origin"] == {"step": step}
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == [
        ("bot", "Bot (Hard)", "hard"), ("human", "Bea", None)]
    assert info["status"] == "playing" and not info["listed"]
    first = server.client().join(new["id"], new["token"])
    assert first["seat"] == 1 and first["to_move"] == 1
    assert first["view"] == replay["views"][step]
    assert first["log"] == replay["moves"][:replay["moves_before"][step]]

    last = len(replay["views"]) - 1
    unfinished = branch_record(server, record, 0, last, "medium", "")
    assert unfinished.status_code == 201, "an unfinished game goes on from its last step"
    info = server.http.get(f"/api/tables/{unfinished.json()['id']}").json()
    assert info["moves"] == 8, "the moves of the record, none taken back"
    assert [s["name"] for s in info["seats"]] == ["", "Bot (Medium)"]


def test_a_record_that_cannot_be_played_on_is_refused(server: Server) -> None:
    record = record_of("oware", 0, to_the_end=True, preset="abapa")
    ended = spieltisch.Match.from_record(record)
    last = len(ended.public_record(0)["views"]) - 1
    refusals = [
        (ended.public_record(0), 0, 1, "easy", "not a spieltisch-record/1 record"),
        ({**record, "events": [99]}, 0, 1, "easy",
         "the record names action 99, but this game's actions are 0 to 11"),
        (record, 2, 1, "easy", "there is no seat 2"),
        (record, 0, last + 1, "easy", f"there is no step {last + 1}"),
        (record, 0, last, "easy", "the game is over at that step"),
        (record, 0, 1, "grandmaster", "unknown bot level"),
    ]
    for body, seat, step, level, said in refusals:
        refused = branch_record(server, body, seat, step, level)
        assert refused.status_code == 400 and said in refused.json()["error"], refused.text
    for bad in ({"seat": True}, {"step": "1"}, {"level": None}, {"name": 5},
                {"record": [record]}):
        body = {"record": record, "seat": 0, "step": 1, "level": "easy", "name": "Ada", **bad}
        refused = server.http.post("/api/branch", json=body)
        assert refused.status_code == 400, bad
        assert refused.json()["error"] == "expected {record, seat, step, level, name}"
    assert branch_record(server, record, 0, last - 1).status_code == 201
