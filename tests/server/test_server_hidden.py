"""No message to a seat or a spectator ever holds more than that viewer may know.

Many random games of every registered game are played over the websockets, by people
in every seat and a spectator, with take-backs by consent now and then. Afterwards the
true game is rebuilt from storage, and every message each connection received is
checked against the referee: its view is exactly ``state.view(seat)`` of that version,
its log exactly ``match.log(seat)``, legal moves only for the seat to move, no other
keys, and neither the secret seed nor a seat key anywhere. The line at each version is
replayed from the stored events (and checked against `Match.from_record` at the end).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from spieltisch.core.match import Match
from spieltisch.core.protocol import State
from spieltisch.core.registry import available_games, game_spec, load
from spieltisch.server.app import DATABASE
from spieltisch.server.storage import SQLiteStorage
from spieltisch.server.views import legal_moves

from .server_harness import Client, Server, ada_and_bea, seat

GAMES_PER_CONFIGURATION = 2
MOVE_CAP = 260
SHORTER = {"months": 1, "target": 0, "rounds": 1, "games": 1}
"""Options that shorten a match, applied where a game has them."""
STATE_KEYS = {"type", "table", "seat", "version", "view", "log", "movers", "timed_out", "legal",
              "to_move", "can_undo", "undo_settled", "undo_drawn", "undo_barred", "can_resign",
              "can_hint", "undo", "result"}


def configurations() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for key in available_games():
        for options in game_spec(key).configurations[:4]:
            cases.append((key, dict(options)))
    return cases


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def play(server: Server, game: str, options: dict[str, Any], rng: random.Random) -> tuple[
        str, dict[int | None, Client]]:
    catalog = {g["key"]: g for g in server.http.get("/api/games").json()["games"]}[game]
    variant = next(v for v in catalog["variants"]
                   if v["preset"] == options.get("preset", catalog["presets"][0])
                   and v["players"] == options.get("players", v["players"]))
    for name, value in SHORTER.items():
        if name in variant["options"] and name not in options:
            options[name] = value
    n = variant["players"]
    made = server.create(game, [seat("me")] + [seat("open")] * (n - 1), **options)
    tokens = {0: made["token"]}
    for s in range(1, n):
        joined = server.join(made["id"], f"P{s}")
        tokens[joined["seat"]] = joined["token"]
    clients: dict[int | None, Client] = {s: server.client() for s in tokens}
    clients[None] = server.client()
    for viewer, client in clients.items():
        client.join(made["id"], tokens.get(viewer) if viewer is not None else None)
    state = clients[0].received[-1]
    undone = False
    for _ in range(MOVE_CAP):
        if state["result"] is not None:
            break
        mover = state["to_move"]
        mine = clients[mover].at_version(state["version"])
        if mine["can_undo"] and (not undone or rng.random() < 0.04):
            undone = True
            clients[mover].send({"type": "undo", "version": mine["version"]})
            for s in tokens:
                if s != mover:
                    # An earlier request's message may be the latest one read: wait for this one.
                    clients[s].until(lambda m, v=mine["version"]: m["version"] == v
                                     and m["undo"] is not None)
                    clients[s].send({"type": "undo_answer", "accept": True})
        else:
            move = rng.choice(mine["legal"])
            clients[mover].send({"type": "move", "action": move["action"],
                                 "version": mine["version"]})
        state = clients[None].state_where(lambda m, v=state["version"]: m["version"] > v)
    if not undone and state["result"] is not None:
        # A dealt hand can end the month at once (Teshi, Kuttsuki) before any take-back.
        return play(server, game, options, rng)
    if state["result"] is None and n == 2:
        clients[state["to_move"]].send({"type": "resign"})
        state = clients[None].state_where(lambda m: m["result"] is not None)
        assert state["result"]["resigned"] is not None
    for client in clients.values():
        client.at_version(state["version"])
    assert any(m == {"type": "notice", "code": "undone", "seat": m.get("seat")}
               for m in clients[None].received), "no take-back happened"
    return made["id"], clients


class Line:
    """The game's line at one version, replayed from the stored events like the referee does."""

    def __init__(self, states: list[State], actions: list[int],
                 resigned: int | None = None, timed_out: list[int] | None = None) -> None:
        self.states = states
        self.actions = actions
        self.resigned = resigned
        self.timed_out = timed_out or []

    @property
    def state(self) -> State:
        return self.states[-1]

    def log(self, seat: int | None) -> list[str]:
        return [s.action_as_seen(a, seat) for s, a in zip(self.states, self.actions, strict=False)]

    def movers(self) -> list[int | None]:
        return [s.current_player if s.current_player >= 0 else None
                for s in self.states[:len(self.actions)]]

    def timed_out_moves(self) -> list[int]:
        return list(self.timed_out)

    def result(self) -> dict[str, Any] | None:
        """Only the scores, the returns and who resigned: nothing hidden."""
        state = self.state
        if self.resigned is not None:
            n = state.game.info.num_players
            returns = [-1.0 if s == self.resigned else 1 / (n - 1) for s in range(n)]
            return {"scores": state.scores(), "returns": returns, "resigned": self.resigned}
        if state.is_terminal():
            return {"scores": state.scores(), "returns": state.returns()}
        return None


def lines_by_version(record: dict[str, Any]) -> list[Line]:
    """The line after each prefix of the event log (index = version)."""
    game = load(record["game"], **record["options"])
    states = [game.new_initial_state()]
    actions: list[int] = []
    out = [Line(list(states), [])]
    resigned = None
    timed_out: list[int] = []
    for event in record["events"]:
        if isinstance(event, dict) and "resign" in event:
            resigned = int(event["resign"])
        elif isinstance(event, dict) and "timed_out" in event:
            timed_out.append(len(actions))
            states.append(states[-1].apply(int(event["timed_out"])))
            actions.append(int(event["timed_out"]))
        elif isinstance(event, dict):
            length = int(event["undo"])
            del states[length + 1:]
            del actions[length:]
            timed_out = [i for i in timed_out if i < length]
            if event.get("state") is not None:
                states[-1] = game.state_from_json(event["state"])
        else:
            states.append(states[-1].apply(int(event)))
            actions.append(int(event))
        out.append(Line(list(states), list(actions), resigned, list(timed_out)))
    return out


def check(server: Server, table: str, clients: dict[int | None, Client]) -> int:
    storage = SQLiteStorage(server.data_dir / DATABASE)
    stored = storage.load(table)
    storage.close()
    assert stored is not None
    record = stored.match_record()
    lines = lines_by_version(record)
    referee = Match.from_record(record)
    assert lines[-1].state.to_json() == referee.state.to_json()
    assert lines[-1].log(None) == referee.log(None)
    secrets = [stored.seed] + [s.token for s in stored.seats if s.token]
    checked = 0
    for viewer, client in clients.items():
        assert client.received, "a connection got nothing"
        for message in client.received:
            text = json.dumps(message)
            for secret in secrets:
                assert secret not in text
            if message["type"] == "chat":
                assert viewer is not None, "a spectator got the chat"
                continue
            if message["type"] != "state":
                assert set(message) <= {"type", "code", "message", "seat"}
                continue
            assert set(message) == STATE_KEYS
            assert message["seat"] == viewer
            line = lines[message["version"]]
            view = dict(message["view"])
            own = view.pop("own_move", None)
            assert view == plain(line.state.view(viewer))
            if own is not None:  # Oh-Wah-Ree: the viewer's own sowing, as its view named it
                assert own in [plain(state.view(viewer))["last_move"]
                               for state in line.states], own
                assert own["seat"] == viewer
            assert message["log"] == plain(line.log(viewer))
            assert message["movers"] == line.movers()
            assert message["timed_out"] == line.timed_out_moves()
            assert message["result"] == plain(line.result())
            assert len(message["movers"]) == len(message["log"])
            playing = message["table"]["status"] == "playing" and (
                viewer is None or message["table"]["seats"][viewer]["kind"] == "human")
            assert message["legal"] == (plain(legal_moves(line.state, viewer)) if playing else [])
            if viewer is None or line.state.current_player != viewer:
                assert message["legal"] == []
            checked += 1
    return checked


@pytest.mark.parametrize(("game", "options"), configurations(),
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in configurations()])
def test_no_message_carries_more_than_its_viewer_may_know(server: Server, game: str,
                                                          options: dict[str, Any]) -> None:
    rng = random.Random(f"{game}/{sorted(options.items())}")
    checked = 0
    for _ in range(GAMES_PER_CONFIGURATION):
        table, clients = play(server, game, dict(options), rng)
        checked += check(server, table, clients)
        for client in clients.values():
            client.close()
    assert checked > 20


def two_people_watched(server: Server, game: str,
                       **options: Any) -> tuple[str, dict[int | None, Client]]:
    """A table of Ada and Bea with a spectator: its id and the connections by seat (None:
    the spectator)."""
    table, _, ada, bea = ada_and_bea(server, game, **options)
    watcher = server.client()
    watcher.join(table, None)
    return table, {0: ada, 1: bea, None: watcher}


def test_a_computer_player_in_a_persons_seat_tells_nobody_more(server: Server) -> None:
    table, clients = two_people_watched(server, "koikoi", months=1)
    clients[1].send({"type": "seat_bot", "seat": 1, "level": "easy"})
    state = clients[0].state_where(lambda m: m["table"]["seats"][1]["kind"] == "bot")
    rng = random.Random(5)
    while state["result"] is None:
        if state["legal"]:
            clients[0].send({"type": "move", "action": rng.choice(state["legal"])["action"],
                             "version": state["version"]})
        state = clients[0].state_where(lambda m, v=state["version"]: m["version"] > v,
                                       timeout=30)
    for client in clients.values():
        client.at_version(state["version"])
    assert any(mover == 1 for mover in state["movers"])
    assert check(server, table, clients) > 10


def test_a_resignation_with_a_colour_hidden_tells_nobody_the_colour(server: Server) -> None:
    table, clients = two_people_watched(server, "irono", start="A")
    rng = random.Random(3)
    state = clients[None].until(lambda m: m["table"]["status"] == "playing")
    while not state["log"] or state["log"][-1] != "chosen":
        mine = clients[state["to_move"]].at_version(state["version"])
        clients[state["to_move"]].send({"type": "move", "version": mine["version"],
                                        "action": rng.choice(mine["legal"])["action"]})
        state = clients[None].state_where(lambda m, v=state["version"]: m["version"] > v)
    guesser = state["to_move"]
    clients[guesser].send({"type": "resign"})
    over = clients[None].state_where(lambda m: m["result"] is not None)
    assert over["result"]["resigned"] == guesser and over["log"][-1] == "chosen"
    for client in clients.values():
        client.at_version(over["version"])
    assert check(server, table, clients) > 10
