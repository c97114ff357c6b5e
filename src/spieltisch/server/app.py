"""The ASGI app: the static web table, a small JSON API and the game websocket.

HTTP API (JSON):

- ``GET /healthz``: ``{ok, storage}``, whether the server answers and its storage
  with it (503 when storage does not answer within two seconds); it reads no table;
- ``GET /api/games``: every game with its presets, player counts and options (with
  ``ranges``, ``{option: [least, greatest]}`` of its whole-number options), and the bot
  levels;
- ``GET /api/reach``: ``{origin, local}``, the server's address for other devices'
  links (to a page on this computer only) and whether only this computer reaches it
  (`spieltisch.server.reach`);
- ``GET /api/tables``: the lobby (listed tables waiting or being played);
- ``POST /api/tables`` ``{game, options, seats: [{kind: me|bot|open, level}], name,
  listed, move_seconds}``: a new table (`move_seconds`: each person's time per move,
  `spieltisch.server.clock`; null or left out for none); answers ``{id, token, seat}``;
- ``GET /api/tables/{id}``: a table's public facts, and its result once it is over;
- ``POST /api/tables/{id}/join`` ``{name, seat?}``: take an open seat (invite
  link); answers ``{token, seat}``;
- ``GET /api/tables/{id}/record`` and ``/replay``: the record and the replay
  as the seat of the ``X-Seat-Token`` header (or a spectator) may see them;
- ``POST /api/replay`` ``{record, seat}``: the positions of a full record (one saved
  by ``spieltisch play --record``) as ``seat`` (or a spectator, for null) saw them;
- ``POST /api/tables/{id}/advice`` ``{step}`` (with the seat's ``X-Seat-Token``), and
  ``POST /api/advice`` ``{record, seat, step}`` for a full record: once the game is
  over, what the expert computer player would have played at that step of the seat's
  replay, where the seat made a move (`spieltisch.server.analysis`);
- ``POST /api/tables/{id}/branch`` ``{step, level}`` (with the seat's
  ``X-Seat-Token``) once the game is over, and ``POST /api/branch`` ``{record, seat,
  step, level, name}`` for a full record, finished or not: a new table that plays the
  game on from that step of the seat's replay against computer players of `level`;
  answers ``{id, token, seat}``.

Every error is ``{error, reason}``: the English words, and the `Reason` a page says in
its language.

The websocket at ``/ws`` speaks the messages of `spieltisch.server.messages`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.ai.levels import LEVELS
from spieltisch.core.match import Match
from spieltisch.core.protocol import JSON, IllegalAction, is_whole
from spieltisch.core.reasons import Reason, reason_field
from spieltisch.core.registry import available_games, game_spec, load
from spieltisch.server import analysis
from spieltisch.server.bots import BotPool
from spieltisch.server.clock import move_seconds
from spieltisch.server.connection import Connection
from spieltisch.server.log_safe import described
from spieltisch.server.messages import error, long_number
from spieltisch.server.pace import Pace
from spieltisch.server.reach import UNKNOWN, Reach, is_loopback
from spieltisch.server.storage import StorageError, open_storage
from spieltisch.server.tables import (
    WATCHERS_PER_ADDRESS,
    SeatRequest,
    TableService,
    computer_seat,
    no_seat,
)

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
DATABASE = "spieltisch.sqlite"
MAX_BODY = 16 * 1024
MAX_RECORD_BODY = 1024 * 1024
"""The largest body of all: a game record sent to be replayed."""
TABLES_PER_MINUTE = 30
"""How many new tables one address may make in a minute, unless `create_app` says
otherwise."""
ADVICE_PER_MINUTE = 60
"""How often one address may ask what the computer player would have played, in a
minute, unless `create_app` says otherwise."""
SOCKETS_PER_ADDRESS = 60
"""How many websockets one address may hold open at once (seats, spectators and pages
not yet at a table), unless `create_app` says otherwise."""
MAX_ADDRESSES = 10_000
"""Addresses whose latest tables are remembered before the idle ones are forgotten."""
PAGES = ("t", "seat", "join", "watch", "replay", "rules", "open")
"""The pages of the front end (``#/t/ID`` and so on): an address that names one without
the ``#`` is sent to it."""
_SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; "
     b"style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-cache"),
]


def create_app(data_dir: Path, *, bot_pause: float = 0.6, workers: int = 2,
               open_grace: float = 60.0, absent_after: float = 60.0,
               seeds: Callable[[], str] | None = None, database: str | None = None,
               tables_per_minute: int | None = TABLES_PER_MINUTE,
               advice_per_minute: int | None = ADVICE_PER_MINUTE,
               watchers_per_address: int | None = WATCHERS_PER_ADDRESS,
               sockets_per_address: int | None = SOCKETS_PER_ADDRESS,
               reach: Reach = UNKNOWN) -> ASGIApp:
    """The web table's ASGI app, storing tables in ``data_dir/spieltisch.sqlite``, or in
    the PostgreSQL database at the URL `database` if one is given.

    `bot_pause` is the least time a bot's move takes, so people can follow it;
    `open_grace` how long a new table, or one joined over HTTP, waits in memory to be
    opened; `absent_after` how long a person must be away from a game under way before
    the others may let a computer player take their seat; `seeds`, if given, hands out
    the new tables' secret seeds (for reproducible tests; anyone who knows a seed knows
    every hidden tile of its table); `tables_per_minute` how many new tables one address
    may make in a minute, and `advice_per_minute` how often it may ask what the computer
    player would have played (None: any number); `watchers_per_address` how many of its
    connections may watch tables at once and `sockets_per_address` how many websockets
    it may hold open (None: any number); `reach` what the page is told of how
    other devices reach the server (its network address goes only to pages opened on
    this computer).

    >>> import tempfile, pathlib
    >>> app = create_app(pathlib.Path(tempfile.mkdtemp()))
    >>> callable(app)
    True
    """
    if database is None:   # nothing is kept in `data_dir` with a database
        data_dir.mkdir(parents=True, exist_ok=True)
    holder: dict[str, TableService] = {}
    catalog: dict[str, dict[str, Any]] = {}

    def service() -> TableService:
        return holder["service"]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = open_storage(data_dir / DATABASE, database)
        bots = BotPool(workers)
        holder["service"] = TableService(storage, bots, bot_pause=bot_pause,
                                         open_grace=open_grace, absent_after=absent_after,
                                         seeds=seeds, may_open=may_open,
                                         watchers_per_address=watchers_per_address)
        holder["service"].start()
        try:
            yield
        finally:
            await holder["service"].stop()
            bots.close()
            storage.close()

    async def index(request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html")

    async def page_path(request: Request) -> Response:
        """An address of a page typed or pasted without its ``#`` (``/t/ID``): the page."""
        path = request.url.path.rstrip("/")
        return RedirectResponse(f"/#{path}", status_code=302)

    async def not_found(request: Request, exc: Exception) -> Response:
        """An unknown address: for the API, its JSON error; a page the front end shows in
        its language (an address without such a page, with a link to the lobby)."""
        if request.url.path.startswith(("/api/", "/static/", "/ws")) \
                or request.method not in ("GET", "HEAD"):
            return _problem(404, NOTHING_HERE)
        return FileResponse(WEB_DIR / "index.html", status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        """A method an address does not take: the API's JSON error, naming all it takes."""
        path = request.url.path
        methods = sorted({method for route in routes if isinstance(route, Route)
                          and route.path_regex.match(path) for method in route.methods or ()})
        if not methods or not path.startswith(("/api/", "/healthz")):
            return Response("Method Not Allowed", status_code=405,
                            headers={"allow": ", ".join(methods)} if methods else None)
        return _problem(405, Reason("request.method", "this address takes {methods} only",
                                    methods=", ".join(methods)),
                        headers={"allow": ", ".join(methods)})

    async def games(request: Request) -> Response:
        if "games" not in catalog:
            catalog["games"] = {"games": _catalog(), "levels": [
                {"key": lv.key, "title": lv.title, "description": lv.description}
                for lv in LEVELS.values()]}
        return JSONResponse(catalog["games"])

    async def health(request: Request) -> Response:
        reachable = "service" in holder and await service().storage_reachable()
        return JSONResponse({"ok": reachable, "storage": reachable},
                            status_code=200 if reachable else 503)

    async def reach_info(request: Request) -> Response:
        here = is_loopback(_address(request))
        return JSONResponse({"origin": reach.origin if here else None, "local": reach.local})

    async def lobby(request: Request) -> Response:
        return JSONResponse({"tables": service().lobby()})

    table_paces: dict[str, Pace] = {}
    advice_paces: dict[str, Pace] = {}
    advising: set[str] = set()
    """Addresses with a question to the computer player on its way: one at a time each."""

    def too_many(paces: dict[str, Pace], address: str, allowed: int) -> bool:
        """Whether `address` has used its allowance of this minute."""
        now = time.monotonic()
        if len(paces) > MAX_ADDRESSES:
            for known in [a for a, pace in paces.items() if pace.idle(now)]:
                del paces[known]
        pace = paces.setdefault(address, Pace(allowed, 60.0))
        return not pace.allow(now)

    def may_open(address: str) -> bool:
        """Whether `address` may make one more table this minute (counted if so)."""
        return tables_per_minute is None or not too_many(table_paces, address,
                                                         tables_per_minute)

    def tables_refused(request: Request) -> Response | None:
        """The answer to a request for a new table from an address that has made its
        tables of this minute; None while it may make one."""
        if tables_per_minute is None or may_open(_address(request)):
            return None
        why = Reason("table.too_many", "at most {n} new tables a minute from one address; "
                                       "wait a moment", n=tables_per_minute)
        return _problem(429, why, headers={"retry-after": "60"})

    async def create_table(request: Request) -> Response:
        if (refused := tables_refused(request)) is not None:
            return refused
        data = await _json_object(request)
        if data is None:
            return _problem(400, NOT_OBJECT)
        game = data.get("game")
        options = data.get("options", {})
        seats = data.get("seats")
        name = data.get("name", "")
        listed = data.get("listed", True)
        if not isinstance(game, str) or not isinstance(options, dict) or \
                not isinstance(seats, list) or not isinstance(name, str) or \
                not isinstance(listed, bool) or len(seats) > 8 or \
                not all(isinstance(s, dict) and isinstance(s.get("kind"), str)
                        and isinstance(s.get("level", ""), str | None)
                        for s in seats):
            return _problem(400, _expected(
                "{game, options, seats: [{kind, level}], name, listed}"))
        requests = [SeatRequest(str(s.get("kind")), s.get("level")) for s in seats]
        try:
            table, token, seat = await service().create(
                game, options, requests, name, listed, move_seconds(data.get("move_seconds")))
        except IllegalAction as exc:
            return _problem(400, _refusal(exc))
        except StorageError:
            return _problem(503, NOT_STORED)
        return JSONResponse({"id": table.id, "token": token, "seat": seat}, status_code=201)

    async def branch_table(request: Request) -> Response:
        if (refused := tables_refused(request)) is not None:
            return refused
        data = await _json_object(request)
        step = data.get("step") if data is not None else None
        level = data.get("level") if data is not None else None
        if not is_whole(step) or not isinstance(level, str):
            return _problem(400, _expected("{step, level}"))
        try:
            computer_seat(level)
        except IllegalAction as exc:
            return _problem(400, _refusal(exc))
        try:
            table, token, seat = await service().branch(
                request.path_params["table_id"], request.headers.get("x-seat-token"), step,
                level)
        except (StorageError, LookupError, PermissionError, IllegalAction) as exc:
            return _unavailable(exc)
        return JSONResponse({"id": table.id, "token": token, "seat": seat}, status_code=201)

    async def branch_record(request: Request) -> Response:
        if (refused := tables_refused(request)) is not None:
            return refused
        data = await _json_object(request) or {}
        record, seat, step = data.get("record"), data.get("seat"), data.get("step")
        level, name = data.get("level"), data.get("name", "")
        if not isinstance(record, dict) or not is_whole(seat) or not is_whole(step) \
                or not isinstance(level, str) or not isinstance(name, str):
            return _problem(400, _expected("{record, seat, step, level, name}"))
        try:
            computer_seat(level)
            match = await run_in_threadpool(_record_match, record, seat)
            table, token, seat = await service().branch_record(match, seat, step, level, name)
        except IllegalAction as exc:
            return _problem(400, _refusal(exc))
        except StorageError:
            return _problem(503, NOT_STORED)
        return JSONResponse({"id": table.id, "token": token, "seat": seat}, status_code=201)

    async def table_info(request: Request) -> Response:
        try:
            info = await service().info(request.path_params["table_id"])
        except StorageError:
            return _problem(503, NOT_READ)
        if info is None:
            return _problem(404, NO_TABLE)
        return JSONResponse(info)

    async def join(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        data = await _json_object(request)
        if data is None:
            return _problem(400, NOT_OBJECT)
        name = data.get("name", "")
        seat = data.get("seat")
        if not isinstance(name, str) or not (seat is None or is_whole(seat)):
            return _problem(400, _expected("{name, seat}"))
        try:
            token, taken = await service().join(table_id, name, seat)
        except LookupError:
            return _problem(404, NO_TABLE)
        except IllegalAction as exc:
            return _problem(409, _refusal(exc))
        except StorageError:
            return _problem(503, Reason("table.seat_not_stored", "the seat could not be stored"))
        return JSONResponse({"token": token, "seat": taken})

    async def replay_record(request: Request) -> Response:
        data = await _json_object(request)
        if data is None:
            return _problem(400, NOT_OBJECT)
        record, seat = data.get("record"), data.get("seat")
        if not isinstance(record, dict) or not (seat is None or is_whole(seat)):
            return _problem(400, _expected("{record, seat}"))
        try:
            kept = await run_in_threadpool(_public_record, record, seat)
        except IllegalAction as exc:
            return _problem(400, _refusal(exc))
        return JSONResponse(kept)

    async def advise(request: Request, match_for: Callable[[dict[str, Any]], Awaitable[
            tuple[Match, int]]]) -> Response:
        """What the expert would have played at the body's `step`, in the match and seat
        `match_for` finds from the body (`ValueError` for a body it cannot use); one
        question at a time from each address."""
        address = _address(request)
        if address in advising:
            why = Reason("advice.one_at_a_time", "one question to the computer player at a "
                                                 "time; wait for its answer")
            return _problem(429, why, headers={"retry-after": "1"})
        if advice_per_minute is not None and too_many(advice_paces, _address(request),
                                                      advice_per_minute):
            why = Reason("advice.too_many", "at most {n} questions to the computer player "
                                            "a minute from one address; wait a moment",
                         n=advice_per_minute)
            return _problem(429, why, headers={"retry-after": "60"})
        advising.add(address)
        try:
            return await answer_advice(request, match_for)
        finally:
            advising.discard(address)

    async def answer_advice(request: Request, match_for: Callable[[dict[str, Any]], Awaitable[
            tuple[Match, int]]]) -> Response:
        data = await _json_object(request)
        step = data.get("step") if data is not None else None
        if data is None or not is_whole(step):
            return _problem(400, _expected("{step}"))
        try:
            match, seat = await match_for(data)
        except (StorageError, LookupError, PermissionError, IllegalAction) as exc:
            return _unavailable(exc)
        except ValueError as exc:
            return _problem(400, _refusal(exc))
        try:
            return JSONResponse(await analysis.advise(service().bots, match, seat, step))
        except IllegalAction as exc:
            return _problem(400, _refusal(exc))
        except Exception as exc:  # a crashed worker leaves the person without an answer
            print(f"spieltisch: advice failed ({described(exc)})", file=sys.stderr)
            return _problem(503, Reason("advice.no_answer",
                                        "no answer could be worked out; try again"))

    async def advise_table(request: Request) -> Response:
        return await advise(request, lambda data: service().finished_match(
            request.path_params["table_id"], request.headers.get("x-seat-token")))

    async def advise_record(request: Request) -> Response:
        async def match_for(data: dict[str, Any]) -> tuple[Match, int]:
            record, seat = data.get("record"), data.get("seat")
            if not isinstance(record, dict) or not is_whole(seat):
                raise ValueError(_expected("{record, seat, step}"))
            try:
                return await run_in_threadpool(_record_match, record, seat), seat
            except IllegalAction as exc:
                raise ValueError(_refusal(exc)) from None
        return await advise(request, match_for)

    def viewer_endpoint(
            fetch: Callable[[str, str | None], Awaitable[dict[str, JSON]]], suffix: str,
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            table_id = request.path_params["table_id"]
            try:
                data = await fetch(table_id, request.headers.get("x-seat-token"))
            except (StorageError, LookupError, PermissionError, IllegalAction) as exc:
                return _unavailable(exc)
            name = f"spieltisch-{data['game']}-{table_id}-{suffix}.json"
            return JSONResponse(data, headers={
                "content-disposition": f'attachment; filename="{name}"'})
        return endpoint

    sockets: dict[str, int] = {}
    """Open websockets by address."""

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        address = ws.client.host if ws.client else ""
        if sockets_per_address is not None and sockets.get(address, 0) >= sockets_per_address:
            text = (f"at most {sockets_per_address} connections from one address at a time; "
                    "close some pages")
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await ws.send_text(json.dumps(error("too_many_connections", text)))
                await ws.close(code=1008, reason="too many connections from this address")
            return
        sockets[address] = sockets.get(address, 0) + 1
        try:
            await serve_socket(ws, address)
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    async def serve_socket(ws: WebSocket, address: str) -> None:
        conn = Connection(address)
        pump = _start_pump(ws, conn)
        try:
            while not conn.closed:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    conn.send(error("bad_message", "send JSON text frames"))
                    continue
                await service().handle(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            service().disconnect(conn)
            conn.outbox.put_nowait(None)
            await pump

    routes = [
        Route("/", index),
        *(Route(f"/{name}{rest}", page_path) for name in PAGES for rest in ("", "/{rest:path}")),
        Route("/healthz", health),
        Route("/api/games", games),
        Route("/api/reach", reach_info),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"], max_body_size=MAX_BODY),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join, methods=["POST"], max_body_size=MAX_BODY),
        Route("/api/tables/{table_id}/branch", branch_table, methods=["POST"],
              max_body_size=MAX_BODY),
        Route("/api/replay", replay_record, methods=["POST"]),
        Route("/api/advice", advise_record, methods=["POST"]),
        Route("/api/branch", branch_record, methods=["POST"]),
        Route("/api/tables/{table_id}/advice", advise_table, methods=["POST"],
              max_body_size=MAX_BODY),
        Route("/api/tables/{table_id}/record",
              viewer_endpoint(lambda t, k: service().record_for(t, k), "record")),
        Route("/api/tables/{table_id}/replay",
              viewer_endpoint(lambda t, k: service().replay_for(t, k), "replay")),
        WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=WEB_DIR)),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, max_body_size=MAX_RECORD_BODY,
                    exception_handlers={404: not_found, 405: not_allowed,
                                        _BodyRefused: _body_refused})
    return _SecurityHeaders(app)


def _start_pump(ws: WebSocket, conn: Connection) -> Awaitable[None]:
    """Send the connection's queued messages in order until it closes."""

    async def pump() -> None:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            try:
                await ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                break
        conn.closed = True
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await ws.close()

    return asyncio.get_running_loop().create_task(pump())


def _address(request: Request) -> str:
    """The address a request came from ("" where the server is not told)."""
    return request.client.host if request.client else ""


def _public_record(record: dict[str, JSON], seat: int | None) -> dict[str, JSON]:
    """A full record's positions as `seat` (None: a spectator) saw them; `IllegalAction`
    for a record that cannot be replayed or a seat it does not have."""
    return _record_match(record, seat).public_record(seat)


def _record_match(record: dict[str, JSON], seat: int | None) -> Match:
    """The referee of a full record that has `seat` (None: a spectator); `IllegalAction`
    for a record that cannot be replayed or a seat it does not have."""
    match = Match.from_record(record)
    if seat is not None and not 0 <= seat < len(match.players):
        raise IllegalAction(no_seat(seat, len(match.players)))
    return match


def _catalog() -> list[dict[str, Any]]:
    out = []
    for key in available_games():
        try:
            spec = game_spec(key)
            variants = []
            for preset in spec.presets:
                for players in spec.player_counts:
                    try:
                        info = load(key, preset=preset, players=players).info
                    except IllegalAction:
                        continue
                    extra = {k: v for k, v in info.options.items()
                             if k not in ("preset", "players")}
                    variants.append({"preset": preset, "players": players, "options": extra,
                                     "hidden_information": info.hidden_information})
        except Exception as exc:  # a game that fails to load must not take the lobby down
            print(f"spieltisch: game {key!r} is unavailable: {exc!r}", file=sys.stderr)
            continue
        out.append({"key": key, "title": spec.title, "summary": spec.summary,
                    "presets": list(spec.presets), "player_counts": list(spec.player_counts),
                    "variants": variants,
                    "ranges": {k: list(v) for k, v in spec.option_ranges.items()}})
    return out


class _BodyRefused(Exception):
    """A body refused as a whole for the `Reason` it carries, whatever the address."""


async def _json_object(request: Request) -> dict[str, Any] | None:
    """The body's JSON object, None for anything else; `_BodyRefused` for a number too
    long to read."""
    body = await request.body()
    try:
        data = json.loads(body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None
    except ValueError:  # an int of more digits than Python converts
        raise _BodyRefused(long_number("body")) from None
    return data if isinstance(data, dict) else None


async def _body_refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, _BodyRefused)
    return _problem(400, exc.args[0])


def _unavailable(exc: StorageError | LookupError | PermissionError | IllegalAction,
                 ) -> JSONResponse:
    """The answer to a request for what a seat (or a spectator) may see of a table, when
    the table cannot be read, does not exist, the key holds no seat there, or the game is
    not at the point the request needs."""
    if isinstance(exc, StorageError):
        return _problem(503, NOT_READ)
    if isinstance(exc, LookupError):
        return _problem(404, NO_TABLE)
    if isinstance(exc, PermissionError):
        return _problem(403, _refusal(exc))
    return _problem(409, _refusal(exc))


NOTHING_HERE = Reason("request.not_found", "there is nothing at this address")
NOT_OBJECT = Reason("request.not_object", "the body must be a JSON object")
NOT_STORED = Reason("table.not_stored", "the table could not be stored")
NOT_READ = Reason("table.not_read", "the table could not be read")
NO_TABLE = Reason("table.unknown", "there is no such table")


def _expected(shape: str) -> Reason:
    """The refusal of a body not of `shape` (``{name, seat}``)."""
    return Reason("request.expected", "expected {shape}", shape=shape)


def _refusal(exc: Exception) -> Reason:
    """The refusal `exc` carries, or its words as one (a refusal without a key of its own)."""
    message = exc.args[0] if exc.args else None
    if isinstance(message, Reason):
        return message
    return Reason("request.refused", "{text}", text=str(exc))


def _problem(status: int, why: Reason, *,
             headers: dict[str, str] | None = None) -> JSONResponse:
    """An error of the API: its English words, and the reason a page says in its language."""
    return JSONResponse({"error": str(why), **reason_field(why)}, status_code=status,
                        headers=headers)


def _too_large(path: str) -> bytes:
    """The API's JSON error for a body beyond the limit of `path`, with a reason."""
    limit = MAX_BODY if path.startswith("/api/tables") else MAX_RECORD_BODY
    why = Reason("request.too_large", "the request is larger than the {kib} KiB this "
                                      "address takes", kib=limit // 1024)
    return json.dumps({"error": str(why), **reason_field(why)}).encode()


class _SecurityHeaders:
    """Adds a strict content-security policy: the page loads nothing from elsewhere. A body
    refused for its size (Starlette answers in plain text) gets the API's JSON error."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        replaced: list[bytes] = []

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if message["status"] == 413 and scope["path"].startswith("/api/"):
                    replaced.append(_too_large(scope["path"]))
                    headers = [(b"content-type", b"application/json"),
                               (b"content-length", str(len(replaced[0])).encode())]
                message["headers"] = headers + _SECURITY_HEADERS
            elif message["type"] == "http.response.body" and replaced:
                message = {**message, "body": replaced.pop(), "more_body": False}
            await send(message)

        await self.app(scope, receive, send_with_headers)
