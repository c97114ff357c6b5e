"""Chat at a table: the seats talk, spectators hear nothing, lines are kept across a
restart, every bad line is refused without reaching anybody, and a line is taken back
by whoever said it alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.chat import PACE_LINES
from spieltisch.server.storage import ChatLine, SQLiteStorage, StorageError

from .server_harness import Client, Server, ada_and_bea, running_server, seat, two_people


def history(client: Client) -> list[dict[str, Any]]:
    """The lines said before `client` joined, as the server sent them on joining."""
    earlier = [m for m in client.received if m["type"] == "chat"]
    message = earlier[0] if earlier else client.expect("chat")
    assert message["history"] is True
    return list(message["lines"])


def said(client: Client) -> dict[str, Any]:
    """The next line said to `client` (the lines said before it joined pass)."""
    message = client.expect("chat")
    while message.get("history"):
        message = client.expect("chat")
    assert set(message) == {"type", "lines"}
    [line] = message["lines"]
    return dict(line)


def hears_nothing(client: Client, seconds: float = 0.3, kind: str = "chat") -> bool:
    """True if no line is said to `client` (with `kind` ``chat_removed``: none is taken
    back) for `seconds`; other messages pass."""
    while True:
        try:
            message = client.recv(seconds)
        except TimeoutError:
            return True
        if message["type"] == kind and not message.get("history"):
            return False


def test_the_people_at_a_table_talk_and_a_spectator_hears_nothing(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        table, ada, bea = two_people(server)
        assert history(ada) == history(bea) == []
        watcher = server.client()
        watcher.join(table, None)
        ada.send({"type": "chat", "text": "  Good\nluck,\u200b Bea!  "})
        for client in (ada, bea):
            line = said(client)
            assert (line["seat"], line["name"], line["text"]) == (0, "Ada", "Good luck, Bea!")
        bea.send({"type": "chat", "text": "Thanks"})
        assert said(ada)["text"] == "Thanks"
        watcher.send({"type": "chat", "text": "Hi from the stands"})
        assert watcher.expect("error")["code"] == "spectator"
        assert hears_nothing(ada)
        assert not any(m["type"] == "chat" for m in watcher.received)

        again = server.client()
        again.send({"type": "join", "table": table, "token": None})
        again.expect("state")
        assert again.silent(0.3), "a spectator got the chat"
        storage = SQLiteStorage(tmp_path / "spieltisch.sqlite")
        record = storage.load(table)
        storage.close()
        assert record is not None
        assert [(c.seat, c.name, c.text) for c in record.chat] == \
            [(0, "Ada", "Good luck, Bea!"), (1, "Bea", "Thanks")]


def test_a_person_who_comes_back_reads_what_was_said_also_after_a_restart(
        tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        made = server.create("oware", [{"kind": "me"}, {"kind": "open"}], start="A")
        joined = server.join(made["id"])
        ada, bea = server.client(), server.client()
        ada.join(made["id"], made["token"])
        bea.join(made["id"], joined["token"])
        assert history(ada) == history(bea) == []
        ada.send({"type": "chat", "text": "One"})
        bea.send({"type": "chat", "text": "Two"})
        assert [said(ada)["text"], said(ada)["text"]] == ["One", "Two"]
    with running_server(tmp_path, bot_pause=0.0) as restarted:
        bea = restarted.client()
        bea.join(made["id"], joined["token"])
        assert [(line["seat"], line["name"], line["text"]) for line in history(bea)] == \
            [(0, "Ada", "One"), (1, "Bea", "Two")]


def test_joiners_of_emoji_and_words_are_kept_in_names_and_lines(server: Server) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    made = server.create("oware", [seat("me"), seat("open")])
    joined = server.join(made["id"], f"{family} Bea")
    ada, bea = server.client(), server.client()
    ada.join(made["id"], made["token"])
    state = bea.join(made["id"], joined["token"])
    assert state["table"]["seats"][1]["name"] == f"{family} Bea"
    bea.send({"type": "chat", "text": f"{persian} \u202e!"})
    assert said(ada)["text"] == f"{persian} !", "joiners stay, a direction override goes"


@pytest.mark.parametrize(("text", "code"), [
    (" \n\u200b ", "empty_chat"),
    ("\u200d", "empty_chat"),
    ("x" * 301, "bad_message"),
    (7, "bad_message"),
    ("", "bad_message"),
])
def test_a_bad_line_is_refused_and_reaches_nobody(server: Server, text: Any, code: str) -> None:
    _, ada, bea = two_people(server)
    ada.send({"type": "chat", "text": text})
    assert ada.expect("error")["code"] == code
    assert hears_nothing(bea) and hears_nothing(ada, 0.1)


def test_a_flood_of_lines_is_held_back_however_many_pages_say_them(server: Server) -> None:
    table, tokens, ada, bea = ada_and_bea(server)
    for i in range(PACE_LINES):
        ada.send({"type": "chat", "text": f"line {i}"})
        assert said(bea)["text"] == f"line {i}"
    ada.send({"type": "chat", "text": "one too many"})
    refusal = ada.expect("error")
    assert refusal["code"] == "chat_too_fast"
    assert hears_nothing(bea)
    again = server.client()
    again.join(table, tokens["Ada"])
    again.send({"type": "chat", "text": "from another page"})
    assert again.expect("error")["code"] == "chat_too_fast"
    assert hears_nothing(bea)
    bea.send({"type": "chat", "text": "my turn to talk"})
    assert said(ada)["text"] == "my turn to talk"


def test_a_line_that_cannot_be_stored_reaches_nobody(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    _, ada, bea = two_people(server)

    def full_disk(self: SQLiteStorage, table_id: str, line: ChatLine) -> None:
        raise StorageError("database or disk is full")

    monkeypatch.setattr(SQLiteStorage, "add_chat", full_disk)
    ada.send({"type": "chat", "text": "Hello?"})
    assert ada.expect("error")["code"] == "storage"
    assert hears_nothing(bea)


def removed(client: Client) -> dict[str, Any]:
    """The next line taken back that `client` hears of."""
    message = client.expect("chat_removed")
    return {key: message[key] for key in ("seat", "at")}


def test_a_person_takes_back_a_line_of_their_own_and_nobody_else_s(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        made = server.create("oware", [{"kind": "me"}, {"kind": "open"}], start="A")
        joined = server.join(made["id"])
        ada, bea, watcher = server.client(), server.client(), server.client()
        ada.join(made["id"], made["token"])
        bea.join(made["id"], joined["token"])
        watcher.join(made["id"], None)
        ada.send({"type": "chat", "text": "Wrong table, sorry"})
        oops = said(bea)
        ada.send({"type": "chat", "text": "Good luck"})
        bea.send({"type": "chat", "text": "Thanks"})
        assert [said(ada)["text"] for _ in range(3)] == ["Wrong table, sorry", "Good luck",
                                                        "Thanks"]
        assert [said(bea)["text"] for _ in range(2)] == ["Good luck", "Thanks"]

        bea.send({"type": "chat_remove", "at": oops["at"]})
        assert bea.expect("error")["code"] == "no_such_line"
        watcher.send({"type": "chat_remove", "at": oops["at"]})
        assert watcher.expect("error")["code"] == "spectator"
        ada.send({"type": "chat_remove", "at": oops["at"] + 0.001})
        assert ada.expect("error")["code"] == "no_such_line"
        ada.send({"type": "chat_remove", "at": "yesterday"})
        assert ada.expect("error")["code"] == "bad_message"

        ada.send({"type": "chat_remove", "at": oops["at"]})
        assert removed(ada) == removed(bea) == {"seat": 0, "at": oops["at"]}
        ada.send({"type": "chat_remove", "at": oops["at"]})
        assert ada.expect("error")["code"] == "no_such_line"
        assert hears_nothing(watcher, kind="chat_removed")
        again = server.client()
        again.join(made["id"], joined["token"])
        assert [line["text"] for line in history(again)] == ["Good luck", "Thanks"]
    with running_server(tmp_path, bot_pause=0.0) as restarted:
        ada = restarted.client()
        ada.join(made["id"], made["token"])
        assert [line["text"] for line in history(ada)] == ["Good luck", "Thanks"]


def test_a_line_that_cannot_be_taken_back_in_storage_stays(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    _, ada, bea = two_people(server)
    ada.send({"type": "chat", "text": "Hello?"})
    line = said(bea)

    def full_disk(self: SQLiteStorage, table_id: str, seat: int, at: float) -> None:
        raise StorageError("database is locked")

    monkeypatch.setattr(SQLiteStorage, "remove_chat", full_disk)
    ada.send({"type": "chat_remove", "at": line["at"]})
    assert ada.expect("error")["code"] == "storage"
    assert hears_nothing(bea, kind="chat_removed")
    monkeypatch.undo()
    ada.send({"type": "chat_remove", "at": line["at"]})
    assert removed(bea)["at"] == line["at"]
