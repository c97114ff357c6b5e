"""Looking back on a finished game: at each move a player made, what the expert computer
player would have played there, from what that player saw then."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from spieltisch import load
from spieltisch.core.match import Match

from .server_harness import Server, running_server, seat


def ask(server: Server, table: str, token: str | None, step: Any) -> Any:
    headers = {"x-seat-token": token} if token else {}
    return server.http.post(f"/api/tables/{table}/advice", json={"step": step},
                            headers=headers, timeout=30)


def test_a_player_asks_about_each_of_their_moves_once_the_game_is_over(
        server: Server) -> None:
    made = server.create("irono", [seat("me"), seat("bot", "easy")], start="A")
    table, token = made["id"], made["token"]
    ada = server.client()
    state = ada.join(table, token)
    notation = {m["notation"]: m["action"] for m in state["legal"]}
    ada.send({"type": "move", "action": notation["b2"], "version": state["version"]})
    state = ada.state_where(lambda m: m["legal"] and m["version"] > state["version"])
    notation = {m["notation"]: m["action"] for m in state["legal"]}
    ada.send({"type": "move", "action": notation["R"], "version": state["version"]})
    state = ada.state_where(lambda m: m["to_move"] == 0 and m["version"] > state["version"])
    early = ask(server, table, token, 0)
    assert early.status_code == 409 and "over" in early.json()["error"], early.text

    ada.send({"type": "resign"})
    ada.state_where(lambda m: m["table"]["status"] == "finished")
    record = server.http.get(f"/api/tables/{table}/replay",
                             headers={"x-seat-token": token}).json()
    mine = [k for k, before in enumerate(record["moves_before"])
            if before < len(record["moves"]) and record["movers"][before] == 0]
    assert mine[:2] == [0, 1]

    marked = ask(server, table, token, 0)
    assert marked.status_code == 200
    answer = marked.json()
    assert answer["step"] == 0 and answer["seat"] == 0 and answer["played"] == "b2"
    assert all(len(a["move"]) == 2 and a["move"][0] in "abcd" for a in answer["advice"])
    assert abs(sum(a["share"] for a in answer["advice"]) - 1) < 1e-3

    hidden = ask(server, table, token, 1).json()
    assert hidden["played"] == "R"
    shares = {a["move"]: a["share"] for a in hidden["advice"]}
    assert len(shares) > 1, "the expert mixes its hidden colour"
    assert set(shares) <= set("YGWRBA")
    assert abs(sum(shares.values()) - 1) < 1e-3
    assert [a["share"] for a in hidden["advice"]] == sorted(shares.values(), reverse=True)

    theirs = ask(server, table, token, 2)
    assert theirs.status_code == 400 and "no move" in theirs.json()["error"]
    assert ask(server, table, None, 0).status_code == 403
    assert ask(server, table, "forged", 0).status_code == 403
    assert ask(server, "nosuchtable", token, 0).status_code == 404
    for bad in (-1, len(record["views"]), "1", True, None):
        refused = ask(server, table, token, bad)
        assert refused.status_code == 400, bad


def test_a_full_record_is_looked_back_on_as_one_of_its_seats(server: Server) -> None:
    match = Match(load("koikoi", months=1), seed="advise-me")
    rng = random.Random(4)
    for _ in range(6):
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    record = match.to_record()
    steps = match.public_record(1)
    step = next(k for k, before in enumerate(steps["moves_before"])
                if before < len(steps["moves"]) and steps["movers"][before] == 1)
    state, played = match.decision(1, step)

    answer = server.http.post("/api/advice", json={"record": record, "seat": 1, "step": step},
                              timeout=30).json()
    assert answer["played"] == state.action_to_string(played)
    assert len(answer["advice"]) == 1 and answer["advice"][0]["share"] == 1.0
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    assert answer["advice"][0]["move"] in legal

    for body in ({"record": record, "seat": 2, "step": step},
                 {"record": record, "seat": None, "step": step},
                 {"record": {"format": "nonsense"}, "seat": 1, "step": step},
                 {"record": record, "seat": 0, "step": step},
                 {"record": record, "seat": 1}):
        refused = server.http.post("/api/advice", json=body, timeout=30)
        assert refused.status_code == 400, body
        assert "error" in refused.json()


def test_one_address_may_ask_a_few_times_a_minute(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0, advice_per_minute=2) as server:
        match = Match(load("oware", start="A"), seed="often")
        match.play(0, 2)
        body = {"record": match.to_record(), "seat": 0, "step": 0}
        for _ in range(2):
            assert server.http.post("/api/advice", json=body, timeout=30).status_code == 200
        refused = server.http.post("/api/advice", json=body, timeout=30)
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "60"
        assert refused.json()["reason"]["key"] == "advice.too_many"


def test_one_address_asks_one_question_at_a_time(server: Server) -> None:
    match = Match(load("koikoi", months=1), seed="at-once")
    first = match.state.current_player
    match.play(first, match.state.legal_actions()[0])
    body = {"record": match.to_record(), "seat": first, "step": 0}
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(
            lambda _: server.http.post("/api/advice", json=body, timeout=30), range(2)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 429]
    refused = next(a for a in answers if a.status_code == 429)
    assert refused.json()["reason"]["key"] == "advice.one_at_a_time"
    assert refused.headers["retry-after"] == "1"
    assert server.http.post("/api/advice", json=body, timeout=30).status_code == 200
