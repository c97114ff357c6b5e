"""The table service: authoritative games, seats, bots, undo and rematch.

Pipeline for a move (one lock per table): the connection's seat (proved by its
token when it joined) → is it that seat's turn → is the client's version the
table's version (a stale move is refused whatever it is) → is the action legal
→ apply through the referee (`Match`) → append the new events to storage →
send every connected client its own state message → start a bot if a bot
is to move.

Storage is called on one thread of its own, so a slow disk or a write lock held
by another program delays only the tables that wait for it, never the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import re
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, ParamSpec, TypeVar

from spieltisch.ai.levels import LEVELS, canonical_level
from spieltisch.core.bots import draw
from spieltisch.core.match import Match, encode_events
from spieltisch.core.protocol import JSON, Game, IllegalAction, State
from spieltisch.core.reasons import Reason
from spieltisch.core.registry import available_games, canonical_game, game_spec, load
from spieltisch.server import analysis
from spieltisch.server.bots import BotPool
from spieltisch.server.chat import PACE_LINES, PACE_SECONDS
from spieltisch.server.clock import TIMED_OUT_LEVEL
from spieltisch.server.connection import Connection
from spieltisch.server.live_table import ABSENT_AFTER, UNDO_AGAIN, PendingUndo, Table, digest
from spieltisch.server.log_safe import described
from spieltisch.server.messages import (
    BadMessage,
    Chat,
    ChatRemove,
    HintRequest,
    Join,
    Move,
    NewKey,
    OpenSeat,
    Rematch,
    Resign,
    SeatBot,
    TakeSeat,
    UndoAnswer,
    UndoRequest,
    UndoWithdraw,
    error,
    parse,
)
from spieltisch.server.storage import (
    CHAT_KEPT,
    ChatLine,
    SeatRecord,
    Storage,
    StorageError,
    TableRecord,
)
from spieltisch.server.text import plain_text

MAX_NAME = 24
SEAT_LABEL = re.compile(
    r"(?:player|spieler)\W*\d+|(?:open seat|freier platz)"
    r"|(?:computer|computerspieler|bot)\b.*|.*\(\W*(?:computer|bot)\b.*",
    re.IGNORECASE)
"""Names that read like a label the table gives a seat itself, in English or German: a
person without a name ("Player 2"), an open seat or a computer player ("Computer (Easy)",
"Ada (computer, Hard)")."""
LOBBY_LIMIT = 50
WATCHERS_PER_ADDRESS = 20
"""How many connections from one address may watch tables at once, unless the service is
told otherwise."""
HEALTH_WAIT = 2.0
"""Seconds the health check waits for storage to answer before it calls it unreachable."""
STORAGE_RETRY = 2.0
"""Seconds before a bot tries again when its move could not be stored."""
UNDO_WAIT = 20.0
"""Seconds a bot to move waits for the answer to a take-back request before it plays on."""

_T = TypeVar("_T")
_P = ParamSpec("_P")


@dataclass(frozen=True)
class SeatRequest:
    """How the creator of a table fills a seat: ``me``, ``bot`` (with a level) or ``open``."""

    kind: str
    level: str | None = None


class TableService:
    """All tables of one server."""

    def __init__(self, storage: Storage, bots: BotPool, *, bot_pause: float = 0.6,
                 open_grace: float = 60.0, absent_after: float = ABSENT_AFTER,
                 seeds: Callable[[], str] | None = None,
                 may_open: Callable[[str], bool] = lambda address: True,
                 watchers_per_address: int | None = WATCHERS_PER_ADDRESS) -> None:
        self.storage = storage
        self.bots = bots
        self.bot_pause = bot_pause
        self.open_grace = open_grace
        """Seconds a new table, or one joined over HTTP, stays in memory for somebody to
        open."""
        self.absent_after = absent_after
        self.seeds = seeds
        """Where new tables' secret seeds come from; None draws each afresh."""
        self.may_open = may_open
        """Whether an address may make one more table now (a rematch is a new table)."""
        self.watchers_per_address = watchers_per_address
        """How many connections from one address may watch at once (None: any number)."""
        self.tables: dict[str, Table] = {}
        self.watching: Counter[str] = Counter()
        """How many connections from each address watch a table now, kept as they come
        and go so that a spectator's join need not look at every table."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._storage_thread = ThreadPoolExecutor(1, thread_name_prefix="spieltisch-storage")
        self._reading_thread = ThreadPoolExecutor(1, thread_name_prefix="spieltisch-reading")

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Let the bots play on at every table where one is to move; the other tables wait
        in storage until somebody comes back to them."""
        for record in self.storage.resumable():
            table = self._restore(record)
            if table is None:
                continue
            if record.bot_to_move is None:
                record.bot_to_move = table.bot_to_move
                try:
                    self.storage.update(table.id, bot_to_move=table.bot_to_move)
                except StorageError as exc:
                    print(f"spieltisch: table {table.id}: {exc}", file=sys.stderr)
            self._schedule_bot(table)
            self._let_go_if_idle(table)

    async def stop(self) -> None:
        """Keep the time left on the turns being timed, cancel thinking bots and finish
        the storage calls under way."""
        for table in list(self.tables.values()):
            kept = table.clock.pause()
            if kept is not None:
                await self._store_clock(table, kept)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._storage_thread.shutdown(wait=True)
        self._reading_thread.shutdown(wait=True)

    async def _store(self, call: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run a storage call that writes on the storage thread.

        A caller cancelled while it waits does not cancel the call: what storage was
        asked to record is recorded.
        """
        future = asyncio.get_running_loop().run_in_executor(
            self._storage_thread, functools.partial(call, *args, **kwargs))
        return await asyncio.shield(future)

    async def storage_reachable(self, within: float = HEALTH_WAIT) -> bool:
        """Whether storage answers a read within `within` seconds (no table is read)."""
        reading = asyncio.get_running_loop().run_in_executor(
            self._reading_thread, self.storage.reachable)
        try:
            return await asyncio.wait_for(reading, within)
        except TimeoutError:
            return False

    async def _load(self, table_id: str) -> TableRecord | None:
        """Read a table from storage, on a thread that no waiting write holds up."""
        return await asyncio.get_running_loop().run_in_executor(
            self._reading_thread, self.storage.load, table_id)

    def _restore(self, record: TableRecord, *, keep: bool = True) -> Table | None:
        """The table `record` stores, kept in memory unless `keep` is false."""
        try:
            match = Match.from_record(record.match_record())
        except (IllegalAction, KeyError, TypeError, ImportError) as exc:
            print(f"spieltisch: cannot restore table {record.id}: {described(exc)}",
                  file=sys.stderr)
            return None
        table = Table(record, match, absent_after=self.absent_after)
        if record.undo is not None:
            table.restore_bars(record.undo)
            if record.status == "playing" and record.rematch is None:
                table.undo = PendingUndo.from_record(record.undo, table)
        if keep:
            self.tables[record.id] = table
        return table

    async def get(self, table_id: str, *, keep: bool = True) -> Table | None:
        """A table from memory or storage; one read from storage is kept in memory unless
        `keep` is false (a look that changes nothing)."""
        table = self.tables.get(table_id)
        if table is None:
            record = await self._load(table_id)
            # Another request may have brought the table back meanwhile.
            table = self.tables.get(table_id)
            if table is None and record is not None:
                table = self._restore(record, keep=keep)
        return table

    # -- HTTP-side operations ---------------------------------------------------------------

    async def create(self, game_key: str, options: dict[str, JSON],
                     seats: Sequence[SeatRequest], name: str, listed: bool,
                     move_seconds: int | None = None) -> tuple[Table, str | None, int | None]:
        """A new table, with `move_seconds` for each move of a person (None: no limit);
        returns it with the creator's token and seat (None if not seated)."""
        game_key = canonical_game(game_key)
        if game_key not in available_games():
            raise IllegalAction(Reason("game.unknown", "unknown game {game!r}", game=game_key))
        game = _load_game(game_key, options)
        n = game.info.num_players
        if len(seats) != n:
            raise IllegalAction(Reason("table.seat_count",
                                       "{title} with these options has {n} seats, not {given}",
                                       title=game.info.title, n=n, given=len(seats)))
        if sum(1 for s in seats if s.kind == "me") > 1:
            raise IllegalAction(Reason("table.one_seat", "you can take only one seat"))
        token: str | None = None
        mine: int | None = None
        records = []
        for i, request in enumerate(seats):
            if request.kind == "me":
                token, mine = secrets.token_urlsafe(24), i
                records.append(SeatRecord("human", person_name(name), None, digest(token)))
            elif request.kind == "bot":
                records.append(computer_seat(request.level))
            elif request.kind == "open":
                records.append(SeatRecord("open"))
            else:
                raise IllegalAction(Reason("table.seat_kind",
                                           "a seat is 'me', 'bot' or 'open', not {kind!r}",
                                           kind=request.kind))
        table = await self._new_table(game_key, dict(game.info.options), records, listed,
                                      move_seconds)
        return table, token, mine

    async def branch(self, table_id: str, token: str | None, step: int,
                     level: str) -> tuple[Table, str, int]:
        """A new table that plays the finished game at `table_id` on from `step`, as the
        token's seat saw it there (`Match.branch`): its player keeps the seat, computer
        players of `level` take the others. Returns it with the player's new token and
        seat.

        `LookupError` for an unknown table, `PermissionError` for a token that holds no
        seat there, `IllegalAction` for a game not over yet, a step it cannot go on from
        or an unknown level.
        """
        computer_seat(level)
        old, seat = await self._viewer(table_id, token)
        if seat is None:
            raise PermissionError(Reason("table.players_play_on",
                                         "only a player of the game can play it on"))
        if old.status != "finished":
            raise IllegalAction(Reason("table.not_over_play_on",
                                       "a game can be played on from a step once it is over"))
        return await self._play_on(old.match, seat, step, level, old.seats[seat].name,
                                   {"table": old.id, "step": step})

    async def branch_record(self, match: Match, seat: int, step: int, level: str,
                            name: str) -> tuple[Table, str, int]:
        """A new table that plays the game of a full record (`match`, finished or not) on
        from `step`, as `seat` saw it there: `name` takes the seat, computer players of
        `level` the others. Returns it with the player's token and seat.

        `IllegalAction` for a seat the game lacks, a step it cannot go on from or an
        unknown level.
        """
        return await self._play_on(match, seat, step, level, person_name(name), {"step": step},
                                   aside=True)

    async def _play_on(self, match: Match, seat: int, step: int, level: str, name: str,
                       origin: dict[str, JSON], *,
                       aside: bool = False) -> tuple[Table, str, int]:
        """A new table of `match` played on from `step` (`Match.branch`) by `name` at
        `seat` against computer players of `level`, coming from `origin`. `aside` works
        the branch out on a thread, for a match no table holds (a record may be long)."""
        token = secrets.token_urlsafe(24)
        seats = [SeatRecord("human", name, None, digest(token)) if i == seat
                 else computer_seat(level) for i in range(len(match.players))]
        branched = functools.partial(match.branch, seat, step, players=[s.name for s in seats],
                                     seed=self.seeds() if self.seeds else None)
        branch = await asyncio.to_thread(branched) if aside else branched()
        table = await self._new_table(match.game.info.name, dict(match.game.info.options),
                                      seats, False, None, match=branch, origin=origin)
        return table, token, seat

    async def _new_table(self, game_key: str, options: dict[str, JSON],
                         seats: list[SeatRecord], listed: bool,
                         move_seconds: int | None, *, match: Match | None = None,
                         origin: dict[str, JSON] | None = None) -> Table:
        """A new table with `seats`, for a new game or `match` played on from `origin`."""
        if match is None:
            match = Match(load(game_key, **options), seed=self.seeds() if self.seeds else None,
                          players=[s.name for s in seats])
        record = TableRecord(
            id=await self._new_id(), created=time.time(), game=game_key, options=options,
            seed=match.seed, seats=seats, listed=listed, status="waiting", draws=match.draws,
            events=encode_events(match.events), move_seconds=move_seconds, origin=origin,
        )
        table = Table(record, match, absent_after=self.absent_after)
        record.status, record.bot_to_move = table.status, table.bot_to_move
        await self._store(self.storage.create, record)
        self.tables[record.id] = table
        self._schedule_bot(table)
        self._let_go_unless_opened(table)
        return table

    async def _discard(self, table: Table) -> None:
        """Forget a table nobody can reach (a rematch its game could not be linked to),
        in memory and, if storage allows, in storage."""
        self.tables.pop(table.id, None)
        _stop_waiting(table)
        self._stop_counting(table)
        if table.bot_task is not None:
            table.bot_task.cancel()
        try:
            await self._store(self.storage.delete, table.id)
        except StorageError as exc:
            print(f"spieltisch: table {table.id}, made for nothing, stays in storage: {exc}",
                  file=sys.stderr)

    async def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if table_id not in self.tables and await self._load(table_id) is None:
                return table_id

    async def join(self, table_id: str, name: str, seat: int | None = None) -> tuple[str, int]:
        """Take an open seat (the first one unless `seat` is given); returns token and seat.

        `LookupError` for an unknown table.
        """
        while True:
            brought = table_id not in self.tables
            table = await self.get(table_id)
            if table is None:
                raise LookupError(f"there is no table {table_id!r}")
            async with table.lock:
                if self.tables.get(table_id) is table:
                    try:
                        taken = await self._seat(table, name, seat)
                    except (IllegalAction, StorageError):
                        if brought:   # a refused join leaves the table where it was
                            self._let_go_if_idle(table, holding_lock=True)
                        raise
                    self._let_go_unless_opened(table)
                    return taken
            # The table left memory while this waited for it: read it again.

    async def _seat(self, table: Table, name: str, seat: int | None) -> tuple[str, int]:
        free = [i for i, s in enumerate(table.seats) if s.kind == "open"]
        if table.status == "finished":
            raise IllegalAction(Reason("game.over", "the game is over"))
        if not free:
            raise IllegalAction(Reason("table.full", "every seat at this table is taken"))
        if seat is None:
            seat = free[0]
        elif not 0 <= seat < len(table.seats):
            raise IllegalAction(no_seat(seat, len(table.seats)))
        elif seat not in free:
            raise IllegalAction(Reason("table.seat_taken", "seat {seat} is not open",
                                       seat=seat))
        token = secrets.token_urlsafe(24)
        name = unique_name(person_name(name), [s.name for s in table.seats])
        await self._put_seat(table, seat, SeatRecord("human", name, None, digest(token)))
        # Away is counted from taking the seat, until the person's page opens the table.
        table.left[seat] = time.monotonic()
        self._broadcast(table)
        self._schedule_bot(table)
        return token, seat

    def lobby(self) -> list[dict[str, Any]]:
        """Listed tables that are waiting for players or being played, newest first."""
        tables = sorted((t for t in self.tables.values() if t.record.listed),
                        key=lambda t: t.record.created, reverse=True)
        summaries: list[dict[str, Any]] = []
        for table in tables:
            # One with a change on its way to storage is listed as it was last shown.
            summary = table.shown if table.lock.locked() else table.summary()
            if summary["status"] in ("waiting", "playing"):
                summaries.append(summary)
                if len(summaries) == LOBBY_LIMIT:
                    break
        return summaries

    async def stored(self, table_id: str) -> Table | None:
        """A table as storage has it, for a look that changes nothing: while a change
        holds its lock (a move on its way to storage), only once that change is stored or
        undone, so that nobody is shown what storage may never get."""
        while True:
            table = await self.get(table_id, keep=False)
            if table is None or not table.lock.locked():
                return table
            async with table.lock:
                if self.tables.get(table_id) is table:
                    return table
            # The table was put back to what storage has, or left memory: read it again.

    async def info(self, table_id: str) -> dict[str, Any] | None:
        """The public facts about a table, with the result once it is over, or None if
        there is no such table."""
        table = await self.stored(table_id)
        if table is None:
            return None
        return {**table.summary(), "result": table.match.result()}

    async def record_for(self, table_id: str, token: str | None) -> dict[str, JSON]:
        """The game record as the token's seat (or a spectator) may keep it, with who
        played each seat (a person, or a computer player and its level).

        `LookupError` for an unknown table, `PermissionError` for a token that holds no
        seat there.
        """
        table, seat = await self._viewer(table_id, token)
        record = table.match.public_record(seat)
        record["seats"] = [{"kind": s.kind, "level": s.level, "stand_in": s.stand_in}
                           for s in table.seats]
        return record

    async def replay_for(self, table_id: str, token: str | None) -> dict[str, JSON]:
        """The finished game's positions as the token's seat (or a spectator) saw them."""
        table, seat = await self._viewer(table_id, token)
        if table.status != "finished":
            raise IllegalAction(Reason("table.not_over_replay",
                                       "a game can be replayed once it is over"))
        return table.match.public_record(seat)

    async def finished_match(self, table_id: str, token: str | None) -> tuple[Match, int]:
        """The referee of a game that is over, and the seat the token holds there.

        `LookupError` for an unknown table, `PermissionError` for a token that holds no
        seat there, `IllegalAction` for a game not over yet.
        """
        table, seat = await self._viewer(table_id, token)
        if seat is None:
            raise PermissionError(Reason("table.players_advice",
                                         "only a player of the game can ask what the "
                                         "computer player would have played"))
        if table.status != "finished":
            raise IllegalAction(Reason("table.not_over_advice",
                                       "a game can be looked back on once it is over"))
        return table.match, seat

    async def _viewer(self, table_id: str, token: str | None) -> tuple[Table, int | None]:
        table = await self.stored(table_id)
        if table is None:
            raise LookupError(f"there is no table {table_id!r}")
        seat = None
        if token:
            seat = table.seat_for(token)
            if seat is None:
                raise PermissionError(Reason("table.bad_token",
                                             "this token holds no seat at this table"))
        return table, seat

    # -- websocket side ---------------------------------------------------------------------

    async def handle(self, conn: Connection, text: str) -> None:
        """Act on one client frame; refusals go to that client only."""
        try:
            message = parse(text)
            if isinstance(message, Join):
                await self._attach(conn, message)
                return
            table = conn.table
            if table is None:
                raise BadMessage("not_joined", "join a table first")
            async with table.lock:
                if isinstance(message, Move):
                    await self._move(table, _seated(conn), message)
                elif isinstance(message, UndoRequest):
                    await self._request_undo(table, _seated(conn), message)
                elif isinstance(message, UndoAnswer):
                    await self._answer_undo(table, _seated(conn), message)
                elif isinstance(message, UndoWithdraw):
                    await self._withdraw_undo(table, _seated(conn))
                elif isinstance(message, Rematch):
                    await self._rematch(conn, table, _seated(conn))
                elif isinstance(message, SeatBot):
                    await self._seat_bot(table, _seated(conn), message)
                elif isinstance(message, TakeSeat):
                    await self._take_seat(table, _seated(conn))
                elif isinstance(message, OpenSeat):
                    await self._open_seat(table, _seated(conn), message.seat)
                elif isinstance(message, Resign):
                    await self._resign(table, _seated(conn))
                elif isinstance(message, Chat):
                    await self._chat(table, _seated(conn), message)
                elif isinstance(message, ChatRemove):
                    await self._chat_remove(table, _seated(conn), message.at)
                elif isinstance(message, HintRequest):
                    self._hint(conn, table, _seated(conn), message)
                elif isinstance(message, NewKey):
                    await self._new_key(conn, table, _seated(conn))
        except BadMessage as refusal:
            conn.send(error(refusal.code, str(refusal), refusal.reason))
        except StorageError:
            conn.send(error("storage", "the table could not be read; try again"))

    def disconnect(self, conn: Connection) -> None:
        """Forget a client; a table nobody is at any more may leave memory."""
        conn.closed = True
        table = conn.table
        if table is None:
            return
        table.clients.discard(conn)
        self._count_watcher(conn)
        if conn.seat is not None and table.away_for(conn.seat) is not None:
            table.left[conn.seat] = time.monotonic()
        if all(other.seat is None for other in table.clients):
            kept = table.clock.pause()
            if kept is not None:
                self._keep_clock(table, kept)
            else:
                self._let_go_if_idle(table)
        if table.clients:
            self._broadcast_settled(table)

    def _keep_clock(self, table: Table, kept: dict[str, JSON]) -> None:
        """Store the time left on the turn of `table`, whose last player left, and let
        the table go after that if it is idle (so that it is read back with it)."""
        async def keep() -> None:
            async with table.lock:
                await self._store_clock(table, kept)
                self._let_go_if_idle(table, holding_lock=True)

        self._track(asyncio.get_running_loop().create_task(keep()))

    async def _store_clock(self, table: Table, kept: dict[str, JSON]) -> None:
        """Store the time `kept` (`MoveClock.pause`) with `table`; a failure is only
        logged (the turn then has its whole time if the table is read back)."""
        try:
            await self._store(self.storage.set_clock, table.id, kept)
        except StorageError as exc:
            print(f"spieltisch: table {table.id}: the time left on the turn was not "
                  f"kept: {exc}", file=sys.stderr)

    def _tell_when_absent(self, table: Table, seat: int) -> None:
        """Show everybody at `table` the moment the person away from `seat` counts as
        absent (unless they come back first)."""
        away = table.away_for(seat)
        if away is None or seat in table.telling or table.absent(seat) \
                or not table.may_be_absent(seat):
            return

        async def later() -> None:
            try:
                await asyncio.sleep(max(0.0, table.absent_after - away))
            finally:
                table.telling.pop(seat, None)
            if table.clients:
                if table.absent(seat):
                    self._broadcast_settled(table)
                else:
                    self._tell_when_absent(table, seat)

        table.telling[seat] = self._track(asyncio.get_running_loop().create_task(later()))

    def _let_go_if_idle(self, table: Table, *, holding_lock: bool = False) -> None:
        """Forget `table` if nobody is at it and no bot is to move: it leaves the lobby,
        storage keeps it, and its link brings it back.

        Not while somebody else holds the table's lock: a change may be on its way to
        storage, and the table read back before it arrives would miss it.
        """
        if table.clients or table.bot_to_move or \
                (table.lock.locked() and not holding_lock):
            return
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            _stop_waiting(table)

    def _let_go_unless_opened(self, table: Table) -> None:
        """Let `table` go after `open_grace` seconds if nobody has opened it by then."""
        async def later() -> None:
            await asyncio.sleep(self.open_grace)
            async with table.lock:
                self._let_go_if_idle(table, holding_lock=True)

        self._track(asyncio.get_running_loop().create_task(later()))

    async def _attach(self, conn: Connection, message: Join) -> None:
        if conn.table is not None:
            raise BadMessage("already_joined", "this connection has joined a table already")
        # Kept in memory only once the join holds: a refused one leaves storage's table there.
        table = await self.get(message.table, keep=False)
        if table is None:
            raise BadMessage("unknown_table", f"there is no table {message.table!r}")
        seat = None
        if message.token is not None:
            seat = table.seat_for(message.token)
            if seat is None:
                raise BadMessage("bad_token", "this token holds no seat at this table")
        else:
            self._refuse_too_many_watchers(conn.address)
        self.tables.setdefault(table.id, table)
        conn.table, conn.seat = table, seat
        table.clients.add(conn)
        self._count_watcher(conn)
        if seat is not None:
            conn.send({"type": "chat", "history": True,
                       "lines": [line.to_json() for line in table.record.chat]})
        self._broadcast_settled(table)

    def _refuse_too_many_watchers(self, address: str) -> None:
        """Refuse one more spectator from `address` once it watches as often as it may."""
        allowed = self.watchers_per_address
        if allowed is None:
            return
        if self.watching[address] >= allowed:
            raise BadMessage("too_many_watchers", f"at most {allowed} pages may watch from "
                                                  "one address at a time; close one to "
                                                  "watch here")

    def _count_watcher(self, conn: Connection) -> None:
        """Count `conn` among its address's watchers while it watches a table in memory,
        and no longer once it has left, taken a seat or its table has gone."""
        table = conn.table
        watching = (conn.seat is None and table is not None and conn in table.clients
                    and self.tables.get(table.id) is table)
        if watching == conn.watching:
            return
        conn.watching = watching
        if watching:
            self.watching[conn.address] += 1
            return
        self.watching[conn.address] -= 1
        if self.watching[conn.address] <= 0:
            del self.watching[conn.address]

    def _stop_counting(self, table: Table) -> None:
        """No longer count the watchers of `table`, which has left memory."""
        for conn in table.clients:
            self._count_watcher(conn)

    async def _move(self, table: Table, seat: int, message: Move) -> None:
        match = table.match
        _refuse_unless_to_move(table, seat)
        if message.version != match.version:
            raise BadMessage("stale", f"you answered version {message.version}, "
                                      f"but the table is at version {match.version}")
        before = match.version
        try:
            action = message.action
            if isinstance(action, str):
                action = match.state.string_to_action(action)
            match.play(seat, action)
        except IllegalAction as exc:
            raise BadMessage("illegal", str(exc), exc.reason) from None
        await self._lapse_undo(table, seat)
        await self._commit(table, before)

    async def _lapse_undo(self, table: Table, seat: int) -> None:
        """`seat` moved on: a take-back waiting for an answer lapses, and its asker hears so."""
        if table.undo is not None:
            await self._settle(table)
            self._notify(table, {"type": "notice", "code": "undo_lapsed", "seat": seat})

    async def _request_undo(self, table: Table, seat: int, message: UndoRequest) -> None:
        if table.status == "waiting":
            raise BadMessage("waiting", "the game has not started")
        if table.record.rematch is not None:
            raise BadMessage("no_undo", "a rematch has begun; this game is closed")
        if message.version != table.match.version:
            raise BadMessage("stale", "the table has moved on; look again before taking back")
        if table.undo is not None:
            raise BadMessage("undo_pending", "a take-back request is already waiting")
        _refuse_undo_again(table, seat)
        others = set(table.people_besides(seat))
        if not table.match.can_undo(seat, keep=others):
            if table.match.drawn_since(seat):
                raise BadMessage("drawn", "you have seen what was drawn since your last move, "
                                          "so it stands")
            if table.match.settled_since(seat):
                raise BadMessage("settled", "what was hidden at your last move has been shown "
                                            "since, so it stands")
            raise BadMessage("no_undo", "there is no move of yours to take back")
        _refuse_stand_in(table, seat)
        if others:
            pending = PendingUndo(seat, table.match.version, others)
            await self._store_undo(table, pending)
            table.undo = pending
            self._broadcast(table)
        else:
            await self._undo(table, seat)

    async def _answer_undo(self, table: Table, seat: int, message: UndoAnswer) -> None:
        pending = table.undo
        if pending is None or seat not in pending.waiting:
            raise BadMessage("no_request", "nobody is asking you to take back a move")
        if not message.accept:
            table.bar_undo(pending.by, "refused")
            await self._settle(table)
            self._notify(table, {"type": "notice", "code": "undo_declined", "seat": seat})
            self._broadcast(table)
            return
        if pending.waiting != {seat}:
            await self._store_undo(table, PendingUndo(pending.by, pending.version,
                                                      pending.waiting - {seat}))
            pending.waiting.discard(seat)
            self._broadcast(table)
            return
        await self._settle(table)
        await self._undo(table, pending.by)

    async def _withdraw_undo(self, table: Table, seat: int) -> None:
        """The person who asked for a take-back no longer wants it."""
        pending = table.undo
        if pending is None:
            raise BadMessage("nothing_to_withdraw", "no take-back request is waiting")
        if pending.by != seat:
            raise BadMessage("not_your_request", "only the one who asked for a take-back "
                                                 "can withdraw it")
        # Forgotten by storage first: a request withdrawn must not come back after a restart.
        try:
            await self._store(self.storage.set_undo, table.id, table.undo_record(None))
        except StorageError:
            raise BadMessage("storage", "the take-back request could not be withdrawn; "
                                        "try again") from None
        pending.settled.set()
        table.undo = None
        table.bar_undo(seat, "withdrawn")
        self._notify(table, {"type": "notice", "code": "undo_withdrawn", "seat": seat})
        self._broadcast(table)

    async def _store_undo(self, table: Table, pending: PendingUndo) -> None:
        """Record a take-back request, or refuse to make it if storage fails."""
        try:
            await self._store(self.storage.set_undo, table.id, table.undo_record(pending))
        except StorageError:
            raise BadMessage("storage", "the take-back request could not be recorded") from None

    async def _settle(self, table: Table) -> None:
        """The take-back request of `table` is answered or gone: a waiting bot may go on."""
        if table.undo is None:
            return
        table.undo.settled.set()
        table.undo = None
        try:
            await self._store(self.storage.set_undo, table.id, table.undo_record(None))
        except StorageError:
            # At worst the request comes back after a restart, and only while the
            # position is unchanged.
            print(f"spieltisch: the end of a take-back request at table {table.id} "
                  "could not be recorded", file=sys.stderr)

    async def _undo(self, table: Table, seat: int) -> None:
        before = table.match.version
        table.match.undo(seat, keep=table.people_besides(seat))
        self._notify(table, {"type": "notice", "code": "undone", "seat": seat})
        await self._commit(table, before)

    async def _rematch(self, conn: Connection, table: Table, seat: int) -> None:
        """Start the next game; a take-back request still waiting is dropped, and
        everybody is told so."""
        if table.status != "finished":
            raise BadMessage("not_finished", "a rematch can start once the game is over")
        if table.record.rematch is None:
            if not self.may_open(conn.address):
                raise BadMessage("too_many_tables", "too many new tables from your address "
                                                    "this minute; wait a moment")
            n = len(table.seats)
            # Everyone moves one seat on, so the first move passes round.
            seats = [_copy_seat(table.seats[(i - 1) % n]) for i in range(n)]
            new = await self._new_table(table.record.game, table.record.options, seats,
                                        table.record.listed, table.record.move_seconds)
            try:
                await self._store(self.storage.update, table.id, rematch=new.id)
            except StorageError:
                await self._discard(new)
                raise BadMessage("storage", "the rematch could not be recorded") from None
            table.record.rematch = new.id
            if table.undo is not None:
                await self._settle(table)
                self._notify(table, {"type": "notice", "code": "undo_rematch", "seat": seat})
        self._broadcast(table)

    async def _resign(self, table: Table, seat: int) -> None:
        """The person at `seat` gives up; a take-back request waiting for an answer goes
        with the game."""
        _refuse_unless_under_way(table)
        _refuse_stand_in(table, seat)
        if not table.can_resign(seat):
            raise BadMessage("others_playing", "the others play on without you: let a "
                                               "computer play for you instead")
        before = table.match.version
        table.match.resign(seat)
        await self._settle(table)
        self._notify(table, {"type": "notice", "code": "resigned", "seat": seat})
        await self._commit(table, before)

    async def _chat(self, table: Table, seat: int, message: Chat) -> None:
        """The person at `seat` says something to the other seats."""
        text = plain_text(message.text)
        if not text:
            raise BadMessage("empty_chat", "there is nothing to say in that line")
        if not table.chat_pace(seat).allow(time.monotonic()):
            raise BadMessage("chat_too_fast", f"at most {PACE_LINES} lines in "
                                              f"{PACE_SECONDS:g} s; wait a moment")
        line = ChatLine(seat, table.seats[seat].name, text, time.time())
        try:
            await self._store(self.storage.add_chat, table.id, line)
        except StorageError:
            raise BadMessage("storage", "the line could not be recorded; try again") from None
        table.record.chat = [*table.record.chat, line][-CHAT_KEPT:]
        self._tell_seats(table, {"type": "chat", "lines": [line.to_json()]})

    async def _chat_remove(self, table: Table, seat: int, at: float) -> None:
        """The person at `seat` takes back a line they said."""
        kept = [line for line in table.record.chat if not (line.seat == seat and line.at == at)]
        if len(kept) == len(table.record.chat):
            raise BadMessage("no_such_line", "there is no line said from your seat then")
        try:
            await self._store(self.storage.remove_chat, table.id, seat, at)
        except StorageError:
            raise BadMessage("storage", "the line could not be taken back; try again") from None
        table.record.chat = kept
        self._tell_seats(table, {"type": "chat_removed", "seat": seat, "at": at})

    def _hint(self, conn: Connection, table: Table, seat: int, message: HintRequest) -> None:
        """Work out the move a strong computer player would make for `seat`, without
        holding up the table."""
        match = table.match
        _refuse_unless_to_move(table, seat)
        if message.version != match.version:
            raise BadMessage("stale", "the table has moved on; look again before asking")
        if not table.can_hint(seat):
            raise BadMessage("hint_with_people", "hints are given only in games against "
                                                 "computer players")
        if seat in table.hinting:
            raise BadMessage("hint_pending", "a hint is on its way")
        known = table.hints.get(seat)
        if known is not None and known[0] == match.version:
            _send_hint(conn, match.state, seat, known)
            return
        table.hinting.add(seat)
        self._track(asyncio.get_running_loop().create_task(
            self._give_hint(conn, table, seat, match.state, match.version)))

    async def _give_hint(self, conn: Connection, table: Table, seat: int, state: State,
                         version: int) -> None:
        info = table.match.game.info
        try:
            mix = await self.bots.advise(info.name, dict(info.options), state.to_json(),
                                         analysis.ADVICE_LEVEL, secrets.token_hex(8),
                                         urgent=True)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a crashed worker leaves the person without a hint
            print(f"spieltisch: hint at table {table.id} failed ({described(exc)})",
                  file=sys.stderr)
            conn.send(error("hint_failed", "no hint could be worked out; try again"))
            return
        finally:
            table.hinting.discard(seat)
        table.hints[seat] = (version, mix)
        if (table.match.version == version and conn.seat == seat
                and self.tables.get(table.id, table) is table):
            _send_hint(conn, state, seat, table.hints[seat])

    async def _seat_bot(self, table: Table, seat: int, message: SeatBot) -> None:
        """A computer player takes an open seat, the sender's own seat, or the seat of a
        person who has been away at least `absent_after` seconds; or the one playing the
        sender's seat for them plays on at another level."""
        target = message.seat
        message = replace(message, level=canonical_level(message.level))
        if message.level not in LEVELS:
            why = computer_level_refusal(message.level)
            raise BadMessage("bad_level", why, why)
        if not 0 <= target < len(table.seats):
            why = no_seat(target, len(table.seats))
            raise BadMessage("bad_seat", why, why)
        old = table.seats[target]
        title = LEVELS[message.level].title
        if old.kind == "open":
            new = SeatRecord("bot", f"Bot ({title})", message.level)
        elif old.stand_in and target == seat and table.status != "finished":
            if message.level == old.level:
                raise BadMessage("same_level", f"a computer player already plays your seat "
                                               f"at that level ({title})")
            new = replace(old, level=message.level)
        elif old.kind != "human":
            raise BadMessage("not_a_person", f"seat {target} is a computer player's already")
        elif table.status == "finished":
            raise BadMessage("game_over", "the game is over")
        elif target != seat and not table.absent(target):
            raise BadMessage("not_absent", f"{old.name or f'seat {target}'} may still come "
                                           f"back: a seat can be handed on after "
                                           f"{table.absent_after:g} s away")
        else:
            new = SeatRecord("bot", old.name, message.level, old.token)
        await self._change_seat(table, target, new,
                                handed=target == seat and old.kind == "human")

    async def _new_key(self, conn: Connection, table: Table, seat: int) -> None:
        """Give `seat` a fresh token, stored before it is handed out, at this table and
        every other table the old one opens (its rematches and the games before them);
        the other connections that joined with the old one watch from now on."""
        token = secrets.token_urlsafe(24)
        old, new = table.seats[seat].token, digest(token)
        assert old is not None, "a seat is joined with its token"
        try:
            changed = await self._store(self.storage.renew_token, old, new)
        except StorageError:
            raise BadMessage("storage", "the seat's key could not be changed; try again") from None
        conn.send({"type": "key", "token": token})
        for held in (self.tables[i] for i in changed if i in self.tables):
            renewed = [i for i, record in enumerate(held.seats) if record.token == old]
            for i in renewed:
                held.seats[i] = replace(held.seats[i], token=new)
            for other in held.clients:
                if other is not conn and other.seat in renewed:
                    other.seat = None
                    self._count_watcher(other)
                    other.send(error("key_changed", "this seat has a new key; you are watching"))
            if held is table:
                self._broadcast(held)
            else:
                self._broadcast_settled(held)

    async def _take_seat(self, table: Table, seat: int) -> None:
        """The person whose seat a computer player has been playing takes it back."""
        old = table.seats[seat]
        if old.kind != "bot":
            raise BadMessage("not_handed_on", "you are playing your seat yourself")
        if table.status == "finished":
            raise BadMessage("game_over", "the game is over")
        await self._change_seat(table, seat, SeatRecord("human", old.name, None, old.token))

    async def _open_seat(self, table: Table, seat: int, target: int) -> None:
        """Before the game, open `target` again for somebody to join: a computer player's
        own seat, or one whose person has been away at least `absent_after` seconds (their
        key holds no seat from then on)."""
        if not 0 <= target < len(table.seats):
            why = no_seat(target, len(table.seats))
            raise BadMessage("bad_seat", why, why)
        old = table.seats[target]
        if table.status != "waiting":
            raise BadMessage("started", "once the game has started, a seat can only be "
                                        "handed to a computer player")
        if old.kind == "open":
            raise BadMessage("already_open", f"seat {target} is open already")
        if target == seat:
            raise BadMessage("own_seat", "you cannot open your own seat")
        if old.token is not None and not table.absent(target):
            raise BadMessage("not_absent", f"{old.name or f'seat {target}'} may still come "
                                           f"back: a seat can be opened again after "
                                           f"{table.absent_after:g} s away")
        if old.token is not None:
            await self._deal_afresh(table)
        await self._change_seat(table, target, SeatRecord("open"))
        table.left.pop(target, None)
        # The next person at the seat does not inherit the chat pace of the last.
        table.chat_paces.pop(target, None)
        if old.token is not None:
            self._notify(table, {"type": "notice", "code": "dealt_afresh", "seat": target})

    async def _deal_afresh(self, table: Table) -> None:
        """Deal a game not started yet anew, so that nobody who saw a seat's hand or rack
        before leaving it knows what its next person holds."""
        old = table.match
        match = Match(load(table.record.game, **table.record.options),
                      seed=self.seeds() if self.seeds else None, players=old.players)
        try:
            await self._store(self.storage.deal_afresh, table.id, match.seed,
                              encode_events(match.events), match.draws)
        except StorageError:
            raise BadMessage("storage", "the seat could not be opened; try again") from None
        table.match, table.record.seed = match, match.seed
        table.hints.clear()

    async def _change_seat(self, table: Table, seat: int, new: SeatRecord, *,
                           handed: bool = False) -> None:
        """Put `new` at `seat`, stored before anybody hears of it; a take-back request
        waiting for an answer is dropped, and the notice says whether `seat`'s person
        `handed` it on and who had asked (``by``)."""
        try:
            await self._put_seat(table, seat, new)
        except StorageError:
            raise BadMessage("storage", "the seat could not be changed; try again") from None
        if table.undo is not None:
            by = table.undo.by
            await self._settle(table)
            self._notify(table, {"type": "notice", "code": "undo_dropped", "seat": seat,
                                 "handed": handed, "by": by})
        if table.match.state.current_player == seat:
            if table.bot_task is not None and not table.bot_task.done():
                table.bot_task.cancel()
            table.bot_version = None
        self._broadcast(table)
        self._schedule_bot(table)

    # -- shared steps -----------------------------------------------------------------------

    async def _put_seat(self, table: Table, seat: int, new: SeatRecord) -> None:
        """Put `new` at `seat` and store the seats; if storage fails (`StorageError`),
        the seat stays as it was."""
        old = table.seats[seat]
        table.seats[seat] = new
        table.match.players[seat] = new.name
        try:
            await self._store(self.storage.update, table.id, seats=table.seats,
                              status=table.status, bot_to_move=table.bot_to_move)
        except StorageError:
            table.seats[seat] = old
            table.match.players[seat] = old.name
            raise

    async def _commit(self, table: Table, before: int) -> None:
        """Store the events after `before`, then tell everybody and wake a bot."""
        match = table.match
        events = encode_events(match.events[before:])
        try:
            await self._store(self.storage.append, table.id, before, events, match.draws,
                              table.status, table.bot_to_move)
        except StorageError:
            # Memory ran ahead of storage: go back to what storage holds.
            try:
                record = await self._load(table.id)
            except StorageError:
                record = None
            self.tables.pop(table.id, None)
            _stop_waiting(table)
            restored = self._restore(record) if record is not None else None
            if restored is not None:
                restored.clients = table.clients
                for conn in restored.clients:
                    conn.table = restored
                self._broadcast(restored)
                self._schedule_bot(restored, delay=STORAGE_RETRY)
            else:
                self._stop_counting(table)
            raise BadMessage("storage", "the move could not be recorded; try again") from None
        _drop_stale_search(table)
        self._broadcast(table)
        self._schedule_bot(table)
        self._let_go_if_idle(table, holding_lock=True)

    def _broadcast_settled(self, table: Table) -> None:
        """`_broadcast`, from outside the lock of `table`: while a change holds it (a move
        on its way to storage), only once that change is stored or undone, so that nobody
        is shown what storage may never get."""
        if not table.lock.locked():
            self._broadcast(table)
            return

        async def later() -> None:
            async with table.lock:
                if table.clients and self.tables.get(table.id) is table:
                    self._broadcast(table)

        self._track(asyncio.get_running_loop().create_task(later()))

    def _broadcast(self, table: Table) -> None:
        self._wind_clock(table)
        summary = table.shown = table.summary()
        cache: dict[int | None, dict[str, JSON]] = {}
        for conn in list(table.clients):
            if conn.seat not in cache:
                cache[conn.seat] = table.message_for(conn.seat, summary)
            conn.send(cache[conn.seat])
        for seat in range(len(table.seats)):
            self._tell_when_absent(table, seat)

    def _wind_clock(self, table: Table) -> None:
        """Start the time per move if the position or the seat to move changed (it goes
        on for a seat taken back on the same turn)."""
        key = table.clock_key
        if table.clock.restart(key) and key is not None:
            table.clock.task = self._track(asyncio.get_running_loop().create_task(
                self._time_out(table, key)))

    async def _time_out(self, table: Table, key: tuple[int, int]) -> None:
        """When the time for the move at `key` runs out, a computer player makes it for
        the person, who plays on."""
        await asyncio.sleep(table.clock.left())
        version, seat = key
        action = await self._computer_choice(table, TIMED_OUT_LEVEL,
                                             f"{table.match.seed}/timeout/{version}")
        async with table.lock:
            if table.clock_key != key or self.tables.get(table.id) is not table:
                return
            notice: dict[str, Any] = {"type": "notice", "code": "timed_out", "seat": seat,
                                      "level": TIMED_OUT_LEVEL}
            if table.undo is not None:
                await self._settle(table)
                notice["undo_lapsed"] = True
            try:
                table.match.play(seat, action, timed_out=True)
                self._notify(table, notice)
                await self._commit(table, version)
            except (IllegalAction, BadMessage) as exc:
                print(f"spieltisch: move for a person out of time at table {table.id} "
                      f"refused: {described(exc)}", file=sys.stderr)

    def _notify(self, table: Table, message: dict[str, Any]) -> None:
        for conn in list(table.clients):
            conn.send(message)

    @staticmethod
    def _tell_seats(table: Table, message: dict[str, Any]) -> None:
        """Send `message` to the seats' connections only (the chat: not to spectators)."""
        for conn in list(table.clients):
            if conn.seat is not None:
                conn.send(message)

    def _schedule_bot(self, table: Table, delay: float = 0.0) -> None:
        """Let the bot to move (if any) play, after at least `delay` seconds."""
        version = table.match.version
        if not table.bot_to_move or table.bot_version == version:
            return
        seat = table.match.state.current_player
        table.bot_version = version
        table.bot_task = self._track(asyncio.get_running_loop().create_task(
            self._bot_move(table, seat, version, delay)))

    def _track(self, task: asyncio.Task[None]) -> asyncio.Task[None]:
        """Keep `task` until it is done, so that `stop` can cancel it."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _computer_choice(self, table: Table, level: str, seed: str) -> int:
        """The move a computer player of `level` makes in the table's position."""
        match = table.match
        try:
            return await self.bots.choose(match.game.info.name, dict(match.game.info.options),
                                          match.state.to_json(), level, seed,
                                          urgent=table.for_people)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a crashed worker must not stop the table
            print(f"spieltisch: bot at table {table.id} failed ({described(exc)}); "
                  f"it plays a random move", file=sys.stderr)
            return random.Random(seed).choice(match.state.legal_actions())

    async def _bot_move(self, table: Table, seat: int, version: int, delay: float) -> None:
        match = table.match
        loop = asyncio.get_running_loop()
        started = loop.time()
        action = await self._computer_choice(table, table.seats[seat].level or "easy",
                                             f"{match.seed}/bot/{version}")
        await asyncio.sleep(max(0.0, max(delay, self.bot_pause) - (loop.time() - started)))
        while True:
            async with table.lock:
                if match is not table.match or match.version != version or \
                        table.status != "playing" or table.seats[seat].kind != "bot":
                    return
                pending = table.undo
                wait = 0.0 if pending is None else _undo_wait(table, pending)
                if wait <= 0.0:
                    await self._lapse_undo(table, seat)
                    try:
                        match.play(seat, action)
                    except IllegalAction as exc:
                        print(f"spieltisch: bot move at table {table.id} refused: "
                              f"{described(exc)}; it plays a random move", file=sys.stderr)
                        legal = match.state.legal_actions()
                        match.play(seat, random.Random(version).choice(legal))
                    try:
                        await self._commit(table, version)
                    except BadMessage as exc:
                        print(f"spieltisch: bot move at table {table.id}: {exc}",
                              file=sys.stderr)
                    return
            assert pending is not None
            # The people asked get time to answer; whether they are still here is
            # looked at again every second.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(pending.settled.wait(), min(wait, 1.0))


def _stop_waiting(table: Table) -> None:
    """Stop the time and the reminders of a table that left memory, so that nothing of
    it is shown again."""
    table.clock.stop()
    for reminder in list(table.telling.values()):
        reminder.cancel()


def _send_hint(conn: Connection, state: State, seat: int,
               hint: tuple[int, dict[int, float]]) -> None:
    """Tell `conn` a move drawn from the mix of `hint` (version, mix) for `seat`."""
    version, mix = hint
    action = draw(mix, random.Random(secrets.token_hex(8)))
    conn.send({"type": "hint", "version": version, "action": action,
               "notation": state.action_to_string(action),
               "mix": analysis.shares(state, seat, mix)})


def _drop_stale_search(table: Table) -> None:
    """Cancel a bot's search for a position the table has left (after a take-back), so
    it does not hold up the shared workers."""
    task = table.bot_task
    if task is not None and not task.done() and task is not asyncio.current_task() \
            and table.bot_version != table.match.version:
        task.cancel()


def _refuse_undo_again(table: Table, seat: int) -> None:
    """Refuse a take-back request of `seat` asked again at the position where its last
    one was refused, or soon after it was withdrawn: the others are not asked over and over
    (after the end of the game no move comes, which the refusal says)."""
    barred = table.undo_barred(seat)
    if barred is None:
        return
    if barred["why"] == "refused" and table.status == "finished":
        raise BadMessage("undo_refused_over", "your take-back request was refused; the game "
                                              "is over, so you cannot ask again")
    if barred["why"] == "refused":
        raise BadMessage("undo_refused", "your take-back request was refused; you can ask "
                                         "again after the next move")
    raise BadMessage("undo_too_soon", f"you withdrew your take-back request just now; you "
                                      f"can ask again {UNDO_AGAIN:g} s after withdrawing it")


def _undo_wait(table: Table, pending: PendingUndo) -> float:
    """Seconds a bot should still wait for the answer to `pending`: none once
    `UNDO_WAIT` has passed or when nobody asked is at the table."""
    if not any(conn.seat in pending.waiting for conn in table.clients):
        return 0.0
    return pending.asked_at + UNDO_WAIT - time.monotonic()


def clean_name(name: str) -> str:
    """A display name: printable, single-spaced, at most `MAX_NAME` characters; empty if
    none was given (the web table then names the person by their seat).

    >>> clean_name("  Ada\\n\\tLovelace  ")
    'Ada Lovelace'
    >>> clean_name(" \\n")
    ''
    """
    return plain_text(str(name))[:MAX_NAME].strip()


def person_name(name: str) -> str:
    """`clean_name`, refused if it reads like a label of the table's own (`SEAT_LABEL`), so
    that nobody can pass for a computer player or for another seat.

    >>> person_name("  Ada "), [bool(SEAT_LABEL.fullmatch(n)) for n in ("Spieler 2",
    ...     "Computer 2 (Leicht)", "Ada (computer, Easy)", "Botond", "Playa 1")]
    ('Ada', [True, True, True, False, False])
    """
    cleaned = clean_name(name)
    if SEAT_LABEL.fullmatch(cleaned):
        raise IllegalAction(Reason(
            "name.seat_label", "“{name}” reads like the table's own name for a seat (a "
            "person without a name, an open seat or a computer player): choose another "
            "name", name=cleaned))
    return cleaned


def unique_name(name: str, taken: Sequence[str]) -> str:
    """`name`, numbered if somebody at the table is called so already (in any case), so
    that nobody has to guess which Ada is meant; no name stays none.

    >>> unique_name("ada", ["Ada", "Bea"]), unique_name("Ada", ["Ada", "ada 2"])
    ('ada 2', 'Ada 3')
    >>> unique_name("Player", ["Player"])
    'Player (2)'
    """
    names = {other.casefold() for other in taken}
    numbered, n = name, 1
    while name and numbered.casefold() in names:
        n += 1
        numbered = f"{name[:MAX_NAME - len(str(n)) - 1].rstrip()} {n}"
        if SEAT_LABEL.fullmatch(numbered):  # a second "Player" is not "Player 2"
            numbered = f"{name[:MAX_NAME - len(str(n)) - 3].rstrip()} ({n})"
    return numbered


def _load_game(game_key: str, options: dict[str, JSON]) -> Game:
    for key, value in options.items():
        if not isinstance(value, str | int | float | bool):
            raise IllegalAction(Reason("option.plain", "option {option!r} must be a plain "
                                       "value", option=key))
    try:
        return load(game_key, **options)
    except TypeError as exc:
        raise IllegalAction(Reason("option.refused", "{title}: {problem}",
                                   title=game_spec(game_key).title, problem=str(exc))) from None


def _refuse_unless_under_way(table: Table) -> None:
    if table.status == "waiting":
        raise BadMessage("waiting", "the game starts once every seat is taken")
    if table.status == "finished":
        raise BadMessage("game_over", "the game is over")


def _refuse_unless_to_move(table: Table, seat: int) -> None:
    """Refuse unless the person at `seat` is to move, themselves, in a game under way."""
    _refuse_unless_under_way(table)
    if table.match.state.current_player != seat:
        raise BadMessage("not_your_turn", "it is not your turn")
    _refuse_stand_in(table, seat)


def _refuse_stand_in(table: Table, seat: int) -> None:
    if table.seats[seat].kind != "human":
        raise BadMessage("stand_in", "a computer player has your seat; take it back first")


def _seated(conn: Connection) -> int:
    if conn.seat is None:
        raise BadMessage("spectator", "spectators watch; they cannot act")
    return conn.seat


def computer_seat(level: str | None) -> SeatRecord:
    """A seat for a computer player of `level`; `IllegalAction` for an unknown level.

    >>> computer_seat("Easy").name
    'Bot (Easy)'
    """
    if level is None:
        raise IllegalAction(Reason("bot.needs_level", "a computer player's seat needs a "
                                   "level: one of {levels}", levels=", ".join(LEVELS)))
    level = canonical_level(level)
    if level not in LEVELS:
        raise IllegalAction(computer_level_refusal(level))
    return SeatRecord("bot", f"Bot ({LEVELS[level].title})", level)


def computer_level_refusal(level: str) -> Reason:
    """The refusal of a computer player's `level` that there is not."""
    return Reason("bot.unknown_level", "unknown bot level {level!r}; choose one of {levels}",
                  level=level, levels=", ".join(LEVELS))


def no_seat(seat: int, seats: int) -> Reason:
    """The refusal of `seat` at a table of `seats` seats that has no such seat.

    >>> no_seat(5, 2)
    'there is no seat 5: seats are numbered 0 to 1'
    """
    return Reason("table.no_seat", "there is no seat {seat}: seats are numbered 0 to {last}",
                  seat=seat, last=seats - 1)


def _copy_seat(seat: SeatRecord) -> SeatRecord:
    return SeatRecord(seat.kind, seat.name, seat.level, seat.token)

