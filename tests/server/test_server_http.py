"""The HTTP side: page, catalog, creating and joining tables, records — and refusals."""

from __future__ import annotations

import json
import random
import re
import struct
from pathlib import Path

import pytest

from spieltisch import Match, load

from .server_harness import Server, running_server, seat


def test_page_and_static_files_are_served_with_a_strict_policy(server: Server) -> None:
    page = server.http.get("/")
    assert page.status_code == 200
    assert '<script type="module" src="/static/app.js">' in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    for path in ("app.js", "table.js", "lobby.js", "style.css", "games/oware.js"):
        assert server.http.get(f"/static/{path}").status_code == 200, path
    assert server.http.get("/static/nope.js").status_code == 404


def test_the_app_manifest_and_every_icon_it_names_are_served(server: Server) -> None:
    page = server.http.get("/").text
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)
    assert touch is not None
    response = server.http.get("/static/manifest.webmanifest")
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert server.http.get(manifest["start_url"]).status_code == 200
    purposes = set()
    icons = [*manifest["icons"], {"src": touch.group(1), "sizes": "180x180", "type": "image/png"}]
    for icon in icons:
        served = server.http.get(icon["src"])
        assert served.status_code == 200, icon["src"]
        assert served.headers["content-type"].startswith(icon["type"]), icon["src"]
        if icon["type"] == "image/png":
            assert served.content[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", served.content[16:24])
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
        purposes.add(icon.get("purpose", "any"))
    assert purposes == {"any", "maskable"}


def test_catalog_lists_every_game_with_its_variants_and_the_levels(server: Server) -> None:
    data = server.http.get("/api/games").json()
    games = {g["key"]: g for g in data["games"]}
    oware = games["oware"]
    assert oware["presets"][0] == "oh-wah-ree"
    assert {"preset": "abapa", "players": 2, "options": {"start": "A"},
            "hidden_information": False} in oware["variants"]
    assert {"preset": "grand", "players": 3, "options": {"start": "random"},
            "hidden_information": False} in oware["variants"]
    assert not any(v["preset"] == "abapa" and v["players"] == 3 for v in oware["variants"])
    assert oware["ranges"] == {} and games["irono"]["ranges"] == {"guess": [1, 5],
                                                                  "games": [1, 20]}
    assert [lv["key"] for lv in data["levels"]] == ["easy", "medium", "hard", "expert"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess", "options": {}, "seats": [seat("me"), seat("open")]}, 400, "unknown game"),
    ({"game": "oware", "options": {"preset": "nope"}, "seats": [seat("me"), seat("open")]}, 400,
     "preset"),
    ({"game": "oware", "options": {"bogus": 1}, "seats": [seat("me"), seat("open")]}, 400, ""),
    ({"game": "oware", "options": {"players": [2]}, "seats": [seat("me"), seat("open")]}, 400,
     "plain value"),
    ({"game": "oware", "options": {}, "seats": [seat("me")]}, 400, "2 seats"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), seat("me")]}, 400, "only one seat"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), seat("bot", "godlike")]}, 400,
     "level"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), seat("bot")]}, 400,
     "a computer player's seat needs a level: one of easy, medium, hard, expert"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), {"kind": "bot", "level": None}]},
     400, "a computer player's seat needs a level"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), seat("alien")]}, 400, "alien"),
    ({"game": "oware", "options": {}, "seats": "me"}, 400, "expected"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), {"kind": "bot", "level": ["easy"]}]},
     400, "expected"),
    ({"game": 7, "options": {}, "seats": []}, 400, "expected"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), {"kind": ["open"]}]}, 400,
     "expected"),
    ({"game": "oware", "options": {}, "seats": [seat("me"), {"level": "easy"}]}, 400,
     "expected"),
])
def test_bad_table_requests_are_refused_with_a_reason(server: Server, body: dict[str, object],
                                                      status: int, words: str) -> None:
    before = server.http.get("/api/tables").json()["tables"]
    response = server.http.post("/api/tables", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert response.json()["reason"]["text"] == response.json()["error"]
    assert server.http.get("/api/tables").json()["tables"] == before


def test_malformed_and_oversized_bodies_are_refused(server: Server) -> None:
    bad = server.http.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert bad.status_code == 400 and "JSON object" in bad.json()["error"]
    assert server.http.post("/api/tables", json=[1, 2]).status_code == 400
    for address in ("/api/tables", "/api/replay", "/api/tables/x/join"):
        long = server.http.post(address, content=b'{"seat": ' + b"7" * 5000 + b"}",
                                headers={"content-type": "application/json"})
        assert long.status_code == 400 and long.json()["reason"] == {
            "key": "request.long_number", "params": {"digits": 4300},
            "text": "a number in the body is longer than the 4300 digits this server reads"}
    huge = server.http.post("/api/tables", content=b"{" + b" " * 40000 + b"}",
                            headers={"content-type": "application/json"})
    assert huge.status_code == 413
    assert huge.json()["reason"] == {
        "key": "request.too_large", "params": {"kib": 16},
        "text": "the request is larger than the 16 KiB this address takes"}
    record = server.http.post("/api/replay", content=b'{"record": "' + b"x" * 2**20 + b'"}',
                              headers={"content-type": "application/json"})
    assert record.status_code == 413 and record.json()["reason"]["params"] == {"kib": 1024}


def test_one_address_may_make_only_so_many_tables_a_minute(tmp_path: Path) -> None:
    with running_server(tmp_path, tables_per_minute=3) as server:
        for _ in range(3):
            server.create("oware", [seat("me"), seat("open")])
        before = server.http.get("/api/tables").json()["tables"]
        refused = server.http.post("/api/tables", json={
            "game": "oware", "options": {}, "seats": [seat("me"), seat("open")], "name": "Ada"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
        assert refused.json() == {
            "error": "at most 3 new tables a minute from one address; wait a moment",
            "reason": {"key": "table.too_many", "params": {"n": 3},
                       "text": "at most 3 new tables a minute from one address; wait a moment"}}
        assert server.http.get("/api/tables").json()["tables"] == before


def test_lobby_lists_listed_tables_only_and_hides_tokens(server: Server) -> None:
    shown = server.create("oware", [seat("me"), seat("open")])
    hidden = server.http.post("/api/tables", json={
        "game": "oware", "options": {}, "seats": [seat("me"), seat("open")], "name": "X",
        "listed": False}).json()
    lobby = server.http.get("/api/tables").json()["tables"]
    ids = [t["id"] for t in lobby]
    assert shown["id"] in ids and hidden["id"] not in ids
    entry = next(t for t in lobby if t["id"] == shown["id"])
    assert entry["status"] == "waiting"
    assert [s["kind"] for s in entry["seats"]] == ["human", "open"]
    assert shown["token"] not in server.http.get("/api/tables").text
    assert "token" not in entry["seats"][0]


def test_the_lobby_counts_the_players_moves_not_the_deal(server: Server) -> None:
    dealt = server.create("koikoi", [seat("me"), seat("open")])
    entry = server.http.get(f"/api/tables/{dealt['id']}").json()
    assert entry["moves"] == 0  # the first dealer and 24 cards are chance, not moves


def test_invite_link_join_takes_the_open_seat_once(server: Server) -> None:
    made = server.create("oware", [seat("open"), seat("me")], start="B")
    assert made["seat"] == 1
    assert server.http.get(f"/api/tables/{made['id']}").json()["to_move"] is None
    joined = server.join(made["id"], "  Bea\n ")
    assert joined["seat"] == 0 and joined["token"] != made["token"]
    info = server.http.get(f"/api/tables/{made['id']}").json()
    assert info["status"] == "playing" and info["to_move"] == 1
    assert info["seats"][0]["name"] == "Bea"
    again = server.http.post(f"/api/tables/{made['id']}/join", json={"name": "Cy"})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    assert again.json()["reason"] == {"key": "table.full", "params": {},
                                      "text": "every seat at this table is taken"}
    assert server.http.post("/api/tables/nothere/join", json={}).status_code == 404
    assert server.http.post(f"/api/tables/{made['id']}/join",
                            json={"name": 5}).status_code == 400
    assert server.http.get("/api/tables/nothere").status_code == 404


def test_joining_a_game_that_is_over_says_so(server: Server) -> None:
    made = server.create("oware", [seat("me"), seat("bot", "easy")], start="A")
    ada = server.client()
    ada.join(made["id"], made["token"])
    ada.send({"type": "resign"})
    ada.state_where(lambda m: m["table"]["status"] == "finished")
    late = server.http.post(f"/api/tables/{made['id']}/join", json={"name": "Cy"})
    assert late.status_code == 409
    assert late.json()["reason"] == {"key": "game.over", "params": {},
                                     "text": "the game is over"}


def test_joining_a_seat_that_does_not_exist_says_so(server: Server) -> None:
    made = server.create("oware", [seat("me"), seat("open")])
    for wrong, reason in ((-1, "there is no seat -1: seats are numbered 0 to 1"),
                          (2, "there is no seat 2"), (0, "seat 0 is not open")):
        answer = server.http.post(f"/api/tables/{made['id']}/join",
                                  json={"name": "Cy", "seat": wrong})
        assert answer.status_code == 409 and reason in answer.json()["error"]
        assert answer.json()["reason"]["text"] == answer.json()["error"]
    assert answer.json()["reason"]["key"] == "table.seat_taken"
    for wrong in (5, -1):
        answer = server.http.post(f"/api/tables/{made['id']}/join",
                                  json={"name": "Cy", "seat": wrong})
        assert answer.json()["reason"] == {
            "key": "table.no_seat", "params": {"seat": wrong, "last": 1},
            "text": f"there is no seat {wrong}: seats are numbered 0 to 1"}
    assert server.http.get(f"/api/tables/{made['id']}").json()["status"] == "waiting"


def test_records_and_replays_need_a_valid_token_or_none(server: Server) -> None:
    made = server.create("oware", [seat("me"), seat("open")])
    path = f"/api/tables/{made['id']}"
    own = server.http.get(f"{path}/record", headers={"x-seat-token": made["token"]}).json()
    assert own["seat"] == 0 and own["moves"] in (["A starts"], ["B starts"])  # by lot
    assert "attachment" in server.http.get(f"{path}/record").headers["content-disposition"]
    assert server.http.get(f"{path}/record").json()["seat"] is None
    forged = server.http.get(f"{path}/record", headers={"x-seat-token": "forged"})
    assert forged.status_code == 403
    early = server.http.get(f"{path}/replay")
    assert early.status_code == 409 and "over" in early.json()["error"]
    assert server.http.get("/api/tables/nothere/record").status_code == 404


def test_a_full_record_is_replayed_as_a_seat_or_a_spectator_saw_it(server: Server) -> None:
    match = Match(load("koikoi", months=1), seed="replay-me")
    rng = random.Random(5)
    while not match.over:
        state = match.state
        match.play(state.current_player, rng.choice(state.legal_actions()))
    record = match.to_record()
    for viewer in (0, 1, None):
        answer = server.http.post("/api/replay", json={"record": record, "seat": viewer})
        assert answer.status_code == 200
        assert answer.json() == json.loads(json.dumps(match.public_record(viewer)))
    spectator = server.http.post("/api/replay", json={"record": record, "seat": None}).json()
    assert spectator["views"] != match.public_record(0)["views"], "a spectator sees no hand"
    for body, words in (
            ({"record": record, "seat": 2}, "there is no seat 2: seats are numbered 0 to 1"),
            ({"record": record, "seat": "1"}, "expected {record, seat}"),
            ({"record": [record], "seat": 0}, "expected {record, seat}"),
            ({"record": match.public_record(0), "seat": 0}, "not a spieltisch-record/1 record"),
            ({"record": {**record, "events": [999]}, "seat": 0}, "")):
        refused = server.http.post("/api/replay", json=body)
        assert refused.status_code == 400 and words in refused.json()["error"], body
    newer = server.http.post("/api/replay", json={
        "record": {**record, "format": "spieltisch-record/2"}, "seat": 0})
    assert newer.status_code == 400 and newer.json()["reason"] == {
        "key": "record.newer", "params": {"version": 2, "known": 1},
        "text": "this record was written by a newer spieltisch (record format 2; "
                "this one reads format 1)"}
    huge = server.http.post("/api/replay", content=b"{" + b" " * (1024 * 1024 + 10) + b"}",
                            headers={"content-type": "application/json"})
    assert huge.status_code == 413 and huge.json()["reason"]["params"] == {"kib": 1024}
    big_table = server.http.post("/api/tables", content=b"{" + b" " * 40000 + b"}",
                                 headers={"content-type": "application/json"})
    assert big_table.status_code == 413


def test_the_test_servers_deal_each_test_the_same_cards_and_each_table_its_own(
        tmp_path: Path) -> None:
    hands = []
    for run in ("first", "second"):
        with running_server(tmp_path / run) as server:
            hands.append([server.sit("koikoi", [seat("me"), seat("bot", "easy")])[2]["view"]["hand"]
                          for _ in range(2)])
    assert hands[0] == hands[1]
    assert hands[0][0] != hands[0][1]


def test_a_page_address_without_its_hash_leads_to_the_page(server: Server) -> None:
    for path, page in (("/t/abc123", "/#/t/abc123"), ("/t/abc123/", "/#/t/abc123"),
                       ("/seat/abc123/key-9", "/#/seat/abc123/key-9"),
                       ("/join/abc123", "/#/join/abc123"), ("/rules/okey", "/#/rules/okey"),
                       ("/open", "/#/open")):
        moved = server.http.get(path, follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (302, page), path


def test_an_unknown_address_is_a_page_of_the_site_and_unknown_api_is_json(
        server: Server) -> None:
    page = server.http.get("/nonsense/here")
    assert page.status_code == 404
    assert '<script type="module" src="/static/app.js">' in page.text
    api = server.http.get("/api/nonsense")
    assert api.status_code == 404 and api.json()["error"] == "there is nothing at this address"
    assert api.json()["reason"]["key"] == "request.not_found"


def test_a_preset_in_another_letter_case_makes_the_table_with_its_own_name(
        server: Server) -> None:
    made = server.create("irono", [seat("me"), seat("open")], preset="MATCH")
    table = next(t for t in server.http.get("/api/tables").json()["tables"]
                 if t["id"] == made["id"])
    assert table["options"]["preset"] == "match"


def test_the_health_check_says_whether_the_server_and_its_storage_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from spieltisch.server.storage import SQLiteStorage, StorageError

    with running_server(tmp_path) as srv:
        answer = srv.http.get("/healthz")
        assert answer.status_code == 200
        assert answer.json() == {"ok": True, "storage": True}

        def broken(self: SQLiteStorage, work: object) -> None:
            raise StorageError("disk I/O error")

        monkeypatch.setattr(SQLiteStorage, "_read", broken)
        answer = srv.http.get("/healthz")
        assert answer.status_code == 503
        assert answer.json() == {"ok": False, "storage": False}


def test_a_method_an_api_address_does_not_take_is_refused_in_json(server: Server) -> None:
    answer = server.http.delete("/api/tables")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, HEAD, POST"
    assert answer.json()["error"] == "this address takes GET, HEAD, POST only"
    assert answer.json()["reason"] == {"key": "request.method",
                                       "params": {"methods": "GET, HEAD, POST"},
                                       "text": "this address takes GET, HEAD, POST only"}
    answer = server.http.post("/healthz")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"
    assert "error" in answer.json()


def test_behind_a_proxy_on_this_computer_each_client_counts_as_its_own_address(
        tmp_path: Path) -> None:
    body = {"game": "oware", "options": {}, "seats": [seat("me"), seat("open")], "name": "Ada"}
    with running_server(tmp_path, tables_per_minute=1) as server:
        for client in ("203.0.113.5", "203.0.113.6"):
            made = server.http.post("/api/tables", json=body,
                                    headers={"x-forwarded-for": client})
            assert made.status_code == 201, client
        again = server.http.post("/api/tables", json=body,
                                 headers={"x-forwarded-for": "203.0.113.5"})
        assert again.status_code == 429


def test_every_error_of_the_api_carries_a_reason_a_page_can_translate(
        server: Server) -> None:
    made = server.create("oware", [seat("me"), seat("open")])
    table = f"/api/tables/{made['id']}"
    forged = {"x-seat-token": "forged"}
    record = Match(load("oware", start="A"), seed="r").to_record()
    asked = [
        server.http.get("/api/tables/nothere"),
        server.http.get("/api/tables/nothere/record"),
        server.http.get("/api/tables/nothere/replay"),
        server.http.post("/api/tables/nothere/join", json={}),
        server.http.post("/api/tables/nothere/advice", json={"step": 0}),
        server.http.post("/api/tables/nothere/branch", json={"step": 0, "level": "easy"}),
        server.http.get(f"{table}/record", headers=forged),
        server.http.post(f"{table}/advice", json={"step": 0}, headers=forged),
        server.http.post(f"{table}/advice", json={"step": 0}),
        server.http.post(f"{table}/branch", json={"step": 0, "level": "easy"}),
        server.http.post(f"{table}/branch", json={"step": 0, "level": "godlike"}),
        server.http.post(f"{table}/branch", json={"step": "0", "level": "easy"}),
        server.http.post(f"{table}/join", json=[]),
        server.http.post(f"{table}/join", json={"seat": "1"}),
        server.http.post("/api/tables", json={"game": "chess", "options": {}, "seats": []}),
        server.http.post("/api/tables", json={"game": "oware", "options": {"x": [1]},
                                              "seats": [seat("me"), seat("open")]}),
        server.http.post("/api/replay", json={"record": {"format": "x"}, "seat": 0}),
        server.http.post("/api/replay", json={"record": {**record, "draws": -1}, "seat": 0}),
        server.http.post("/api/replay", json={"record": {**record, "events": None}, "seat": 0}),
        server.http.post("/api/replay", json={"record": {**record, "game": "chess"}, "seat": 0}),
        server.http.post("/api/advice", json={"record": record, "seat": 0, "step": 0}),
        server.http.post("/api/advice", json={"record": record, "seat": 5, "step": 0}),
        server.http.post("/api/branch", json={"record": record, "seat": 0, "step": 9,
                                              "level": "easy"}),
        server.http.put("/api/replay"),
    ]
    for answer in asked:
        assert answer.status_code >= 400, answer.request.url
        body = answer.json()
        assert body["reason"]["text"] == body["error"], (answer.request.url, body)
        assert body["reason"]["key"] != "request.refused", (answer.request.url, body)


@pytest.mark.parametrize(("game", "options", "key", "params"), [
    ("oware", {"preset": "nope"}, "option.unknown_preset",
     {"preset": "'nope'", "presets": "oh-wah-ree, grand, abapa"}),
    ("oware", {"players": 9}, "option.players_range",
     {"title": "Oh-Wah-Ree", "counts": "2, 3 or 4", "least": 2, "most": 4, "value": "9"}),
    ("oware", {"bogus": 1}, "option.unknown",
     {"title": "Oh-Wah-Ree", "names": "'bogus'", "known": "preset, players, start"}),
    ("oware", {"bogus": 1, "x": 2}, "option.unknown_many",
     {"title": "Oh-Wah-Ree", "names": "'bogus', 'x'", "known": "preset, players, start"}),
    ("oware", {"start": "Z"}, "option.one_of",
     {"option": {"key": "option.start", "params": {}, "text": "start"},
      "allowed": "random, A, B", "value": "'Z'"}),
    ("oware", {"preset": "abapa", "players": 3}, "option.preset_players",
     {"preset": "abapa", "n": 2}),
    ("irono", {"players": 3}, "option.players_only",
     {"title": "Irono Ofubi", "n": 2, "value": "3"}),
    ("irono", {"preset": "x"}, "option.unknown_preset", None),
    ("colomino", {"players": 1}, "option.players_range", None),
    ("colomino", {"bogus": 1}, "option.unknown", None),
    ("colomino", {"start": "D"}, "option.one_of", None),
    ("koikoi", {"preset": 3}, "option.unknown_preset", None),
    ("koikoi", {"bogus": True}, "option.unknown", None),
    ("koikoi", {"players": 4}, "option.players_only", None),
    ("okey", {"preset": "x"}, "option.unknown_preset", None),
    ("okey", {"players": 5}, "option.players_range", None),
    ("okey", {"bogus": 1}, "option.unknown", None),
])
def test_a_games_own_options_are_refused_with_a_reason_of_their_own(
        server: Server, game: str, options: dict[str, object], key: str,
        params: dict[str, object] | None) -> None:
    answer = server.http.post("/api/tables", json={"game": game, "options": options,
                                                   "seats": [seat("me"), seat("open")]})
    body = answer.json()
    assert answer.status_code == 400 and body["reason"]["key"] == key, body
    assert body["reason"]["text"] == body["error"]
    if params is not None:
        assert body["reason"]["params"] == params


@pytest.mark.parametrize(("change", "key"), [
    ({"events": [{"x": 1}]}, "record.event"),
    ({"events": ["x"]}, "record.event"),
    ({"events": {"undo": 0}}, "record.events"),
    ({"events": [{"undo": 9}]}, "record.take_back"),
    ({"events": [2, {"undo": 0, "state": {}}]}, "record.deal_open"),
    ({"events": [2, {"undo": 0, "pins": 3}]}, "record.pins"),
    ({"events": [{"resign": "A"}]}, "record.resignation"),
    ({"events": [{"resign": 0}, 3]}, "record.after_resignation"),
    ({"events": [{"timed_out": "b2"}]}, "record.timed_out"),
    ({"events": [{"timed_out": 999}]}, "record.action"),
    ({"events": [999]}, "record.action"),
    ({"events": [{"resign": 2}]}, "record.no_seat"),
    ({"players": ["Ada"]}, "record.players"),
    ({"draws": -1}, "record.draws"),
    ({"game": 7}, "record.game"),
    ({"options": []}, "record.options"),
    ({"options": {"players": 9}}, "option.players_range"),
    ({"game": "chess"}, "game.unknown"),
])
def test_a_flaw_in_a_record_is_refused_with_a_reason_of_its_own(
        server: Server, change: dict[str, object], key: str) -> None:
    record = Match(load("oware", start="A"), seed="r").to_record() | change
    answer = server.http.post("/api/replay", json={"record": record, "seat": 0})
    body = answer.json()
    assert answer.status_code == 400 and body["reason"]["key"] == key, body
    assert body["reason"]["text"] == body["error"]
