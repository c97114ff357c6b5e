"""Oh-Wah-Ree for many games at once: a numpy engine for fast playouts and vector environments.

`BatchOware` holds N games as arrays and plays one move in each of them per
`step`, by exactly the rules of `spieltisch.games.oware.rules` (same presets,
player counts and action ids, the same end by repetition since the last
capture, the same scores and returns). Where the first player is drawn by
lot, `reset` draws it for every game from `rng`, so a batch never waits at
that chance node. Sowing is one table lookup per game,
the capture chain a minimum over the pits behind the last stone, and the
positions seen since the last capture are kept per game as 64-bit hashes.
Finished games stay finished, or start again at once with ``auto_reset=True``.
numpy is needed here only (the ``rl`` extra).

>>> batch = BatchOware(preset="abapa", batch_size=2)  # seat A begins
>>> batch.reset(seed=0).sum(axis=1).tolist()
[6, 6]
>>> rewards, ended = batch.step([0, 5])
>>> batch.board[1].tolist(), batch.to_move.tolist(), ended.tolist()
([4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4], [1, 1], [False, False])
>>> batch.random_playouts(games=8, seed=1) > 8
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from spieltisch.core.protocol import TERMINAL, IllegalAction
from spieltisch.games.oware.rules import (
    CCW,
    CW,
    MOVE_LIMIT,
    PITS,
    LastMove,
    OwareGame,
    OwareOptions,
    OwareState,
    capture_chain,
    why_ended,
)

_FIRST_CAPACITY = 32
_NEAR = 24
"""Positions since the last capture compared in every game; older ones only where they exist."""
_RANK_WEIGHT = 1000
"""Grand ranks by pits, then stones (at most 72): one number ``pits * 1000 + stones``."""

Bools = NDArray[np.bool_]
Int8s = NDArray[np.int8]
Ints = NDArray[np.intp]
Hashes = NDArray[np.uint64]


class _Rows:
    """The arrays of a set of games, one column per game (pits, seats and history down)."""

    __slots__ = ("acts", "anchor_board", "anchor_to_move", "board", "captured",
                 "earlier_captured", "earlier_moves", "end_board", "last_dir", "last_pit",
                 "last_sown", "lens", "owners", "ply", "record", "seen", "stores", "to_move")

    def __init__(self, n: int, players: int, record: bool) -> None:
        self.record = record
        self.board: Int8s = np.zeros((PITS, n), np.int8)
        self.owners: Int8s = np.zeros((PITS, n), np.int8)
        self.stores: NDArray[np.int16] = np.zeros((players, n), np.int16)
        self.to_move: Int8s = np.zeros(n, np.int8)
        self.ply: NDArray[np.int32] = np.zeros(n, np.int32)
        # Hashes of the positions since the last capture; `lens` of them count. Older
        # entries (from before a capture) are left in place: they hold more stones than
        # any later position, so they never match one.
        self.seen: Hashes = np.zeros((_FIRST_CAPACITY, n), np.uint64)
        self.lens: Ints = np.zeros(n, np.intp)
        # For `to_states`: the actions since the last capture, the position right after
        # it (owners and stores have not changed since) and the last move.
        self.acts: Int8s = np.zeros((_FIRST_CAPACITY if record else 0, n), np.int8)
        self.anchor_board: Int8s = np.zeros((PITS, n), np.int8)
        self.anchor_to_move: Int8s = np.zeros(n, np.int8)
        self.last_pit: Ints = np.zeros(n, np.intp)
        self.last_dir: Ints = np.zeros(n, np.intp)
        self.last_sown: Ints = np.zeros(n, np.intp)
        self.captured: Bools = np.zeros((PITS, n), np.bool_)
        # A finished game's pits before the stones left in them were collected.
        self.end_board: Int8s = np.zeros((PITS, n), np.int8)
        # The sowings before the last, with three or four players: one block per sowing,
        # oldest first, of its seat, pit, direction and last pit sown, and of its captures.
        kept = max(players - 2, 0) if record else 0
        self.earlier_moves: Ints = np.zeros((4 * kept, n), np.intp)
        self.earlier_captured: Bools = np.zeros((PITS * kept, n), np.bool_)

    def __len__(self) -> int:
        return len(self.to_move)

    def take(self, idx: Ints) -> _Rows:
        """A copy of the games `idx` (with room for one more position each)."""
        out = _Rows.__new__(_Rows)
        out.record = self.record
        for name in _Rows.__slots__:
            if name not in ("record", "seen", "acts"):
                setattr(out, name, getattr(self, name)[..., idx])
        width = max(_FIRST_CAPACITY, int(out.lens.max(initial=0)) + 1)
        out.seen = self.seen[:width, idx]
        if self.record:
            out.acts = self.acts[:width, idx]
        return out

    def put(self, idx: Ints, rows: _Rows) -> None:
        """Write `rows` back as the games `idx`."""
        if len(rows.seen) > len(self.seen):
            self.grow(len(rows.seen))
        for name in _Rows.__slots__:
            if name != "record":
                target = getattr(self, name)
                source = getattr(rows, name)
                if source.ndim == 1:
                    target[idx] = source
                else:
                    target[: len(source), idx] = source

    def grow(self, capacity: int) -> None:
        """Room for `capacity` positions since the last capture in every game."""
        seen = np.zeros((capacity, len(self)), np.uint64)
        seen[: len(self.seen)] = self.seen
        self.seen = seen
        if self.record:
            acts = np.zeros((capacity, len(self)), np.int8)
            acts[: len(self.acts)] = self.acts
            self.acts = acts


class BatchOware:
    """N games of Oh-Wah-Ree in lockstep, with the options of ``spieltisch.load("oware", ...)``.

    Arrays (one row per game): `board` (N, 12) stones, `owners` (N, 12) seat owning
    each pit, `stores` (N, players) stones captured, `to_move` (N,) seat or
    `TERMINAL`, `ply` (N,) moves played. They are read-only views; `reset` and
    `step` change the games.

    >>> batch = BatchOware(preset="grand", players=3, batch_size=4)
    >>> batch.legal_mask().shape, batch.num_actions
    ((4, 24), 24)
    """

    def __init__(self, preset: str = "oh-wah-ree", players: int = 2, batch_size: int = 1,
                 auto_reset: bool = False, start: str | None = None) -> None:
        options = OwareOptions.make(preset, players, start)
        if not isinstance(batch_size, int) or batch_size < 1:
            raise IllegalAction(f"batch_size must be a positive int, not {batch_size!r}")
        self.game = OwareGame(options)
        self.players = players
        self.num_actions = self.game.info.num_distinct_actions
        self.batch_size = batch_size
        self.auto_reset = auto_reset
        self.rng = np.random.default_rng()
        self._grand = preset == "grand"
        self._abapa = preset == "abapa"
        self._choose_direction = options.direction_choice
        self._per = options.pits_per_player
        self._half = options.total_stones // 2
        self._starter = options.starter
        self._init_tables(options)
        self._rows = self._new_rows(batch_size, record=True, rng=self.rng)

    def _init_tables(self, options: OwareOptions) -> None:
        stones = options.total_stones + 1
        self._stones = stones
        # Axes: direction (CCW, CW), pit sown from, stones in it, pit reached.
        direction = np.array([CCW, CW])[:, None, None, None]
        start = np.arange(PITS)[None, :, None, None]
        count = np.arange(stones)[None, None, :, None]
        pit = np.arange(PITS)[None, None, None, :]
        ahead = (pit - start) * direction % PITS
        laps, rest = divmod(count, PITS - 1)
        sow = np.where(ahead == 0, -count, laps + ((ahead >= 1) & (ahead <= rest)))
        last = (start + direction * np.where(rest > 0, rest, PITS - 1)) % PITS
        behind = (start - pit) * direction % PITS
        # Indexed by (direction, pit, stones) flattened; pits run down the columns.
        self._sow = np.ascontiguousarray(sow.reshape(-1, PITS).T, np.int8)
        self._last = last.reshape(-1).astype(np.intp)
        self._behind = np.ascontiguousarray(behind.reshape(-1, PITS).T, np.int8)
        self._initial_board = np.full(PITS, options.stones_per_pit, np.int8)
        self._initial_owners = np.array(self.game.initial_owners, np.int8)
        self._feed = np.arange(self._per, 0, -1, dtype=np.int8)[:, None]
        # A set of pits as bits: its size, and its k-th pit at [bits * 12 + k].
        self._bits = (1 << np.arange(PITS))[:, None]
        sets = np.arange(1 << PITS)
        members = (sets[:, None] >> np.arange(PITS)) & 1
        self._popcount = members.sum(axis=1)
        order = np.argsort(1 - members, axis=1, kind="stable")
        self._select = order.reshape(-1).astype(np.intp)
        seats = np.arange(self.players)
        # Row k-1: the seat k places after each seat, in turn order.
        self._following = np.array([(seats + k) % self.players for k in range(1, self.players)],
                                   np.int8)
        rng = np.random.default_rng(0x0A4E)
        top = np.iinfo(np.uint64).max
        self._weights = rng.integers(0, top, (PITS, 1), np.uint64, endpoint=True)
        # One term per seat to move; four of them, so that TERMINAL (-4) indexes one too.
        self._turn = rng.integers(0, top, 4, np.uint64, endpoint=True)
        self._initial_hashes = self._hash(self._initial_board[:, None],
                                          self._initial_owners[:, None],
                                          np.arange(self.players, dtype=np.int8))

    def _hash(self, board: Int8s, owners: Int8s, to_move: Int8s) -> Hashes:
        """A 64-bit hash of (pits, owners in ``grand``, seat to move) per game: a random
        linear form of the pit contents (distinct positions collide with chance < 2**-55)."""
        cells = board.astype(np.uint64)
        if self._grand:
            cells = cells * np.uint64(self.players) + owners.astype(np.uint64)
        h: Hashes = (cells * self._weights).sum(axis=0) + self._turn[to_move]
        return h

    def _new_rows(self, n: int, record: bool, rng: np.random.Generator) -> _Rows:
        rows = _Rows(n, self.players, record)
        self._reset_rows(rows, np.arange(n), rng)
        return rows

    def _reset_rows(self, rows: _Rows, idx: Ints, rng: np.random.Generator) -> None:
        if self._starter is None:
            starters = rng.integers(0, self.players, len(idx)).astype(np.int8)
        else:
            starters = np.full(len(idx), self._starter, np.int8)
        rows.board[:, idx] = self._initial_board[:, None]
        rows.owners[:, idx] = self._initial_owners[:, None]
        rows.stores[:, idx] = 0
        rows.to_move[idx] = starters
        rows.ply[idx] = 0
        rows.seen[:, idx] = 0
        rows.seen[0, idx] = self._initial_hashes[starters]
        rows.lens[idx] = 1
        if rows.record:
            rows.anchor_board[:, idx] = self._initial_board[:, None]
            rows.anchor_to_move[idx] = starters

    # ------------------------------------------------------------------ public API

    @property
    def board(self) -> Int8s:
        """(N, 12) stones per pit (all zero once a game is over: they were collected)."""
        return _read_only(self._rows.board.T)

    @property
    def owners(self) -> Int8s:
        """(N, 12) seat owning each pit."""
        return _read_only(self._rows.owners.T)

    @property
    def stores(self) -> NDArray[np.int16]:
        """(N, players) stones captured (and collected at the end)."""
        return _read_only(self._rows.stores.T)

    @property
    def to_move(self) -> Int8s:
        """(N,) seat to move, or `TERMINAL` once that game is over."""
        return _read_only(self._rows.to_move)

    @property
    def ply(self) -> NDArray[np.int32]:
        """(N,) moves played in each game."""
        return _read_only(self._rows.ply)

    @property
    def terminated(self) -> Bools:
        """(N,) True where the game is over."""
        return self._rows.to_move < 0

    def reset(self, seed: int | None = None) -> Bools:
        """Start every game afresh, seed `rng` (used to draw who begins and by
        `random_actions`); return `legal_mask`.

        >>> BatchOware(players=3, start="A").reset(seed=3)[0].nonzero()[0].tolist()
        [0, 1, 2, 3, 12, 13, 14, 15]
        >>> sorted(set(BatchOware(batch_size=64).to_move.tolist()))  # drawn by lot
        [0, 1]
        """
        self.rng = np.random.default_rng(seed)
        self._rows = self._new_rows(self.batch_size, record=True, rng=self.rng)
        return self.legal_mask()

    def legal_mask(self) -> Bools:
        """(N, num_actions) legal actions, ids as in `OwareState.legal_actions`; none when over."""
        pits = self._legal_pits(self._rows).T
        if self._choose_direction:
            return np.concatenate([pits, pits], axis=1)
        return np.ascontiguousarray(pits)

    def random_actions(self) -> Ints:
        """(N,) a uniformly random legal action in every game, drawn from `rng` (0 where over).

        >>> batch = BatchOware(batch_size=3)
        >>> _ = batch.reset(seed=5)
        >>> bool(batch.legal_mask()[[0, 1, 2], batch.random_actions()].all())
        True
        """
        actions = self._random_actions(self.rng, self._rows)
        actions[self._rows.to_move < 0] = 0
        return actions

    def step(self, actions: ArrayLike) -> tuple[NDArray[np.float64], Bools]:
        """Play one action in every unfinished game (actions of finished games are ignored).

        Returns ``(rewards, ended)``: `ended` (N,) marks the games this step
        finished and `rewards` (N, players) holds their `returns` (zero elsewhere).
        With ``auto_reset`` those games then start again. An illegal action in
        any game raises `IllegalAction` (saying which game and why) and changes nothing.
        """
        rows = self._rows
        n = len(rows)
        acts = np.asarray(actions)
        if acts.shape != (n,) or acts.dtype.kind not in "iu":
            raise IllegalAction(f"step needs {n} int actions, one per game, not {acts!r}")
        acts = acts.astype(np.intp)
        live = rows.to_move >= 0
        inside = (acts >= 0) & (acts < self.num_actions)
        ok = inside & self.legal_mask()[np.arange(n), np.where(inside, acts, 0)]
        bad = np.flatnonzero(live & ~ok)
        if len(bad):
            i = int(bad[0])
            raise IllegalAction(f"game {i}: {self._state(i).explain_illegal(int(acts[i]))}")
        idx = np.flatnonzero(live)
        ended = np.zeros(n, np.bool_)
        if len(idx) == n:
            ended = self._advance(rows, acts)
        elif len(idx):
            sub = rows.take(idx)
            ended[idx] = self._advance(sub, acts[idx])
            rows.put(idx, sub)
        rewards = np.zeros((n, self.players))
        if ended.any():
            rewards[ended] = self._returns(rows)[ended]
            if self.auto_reset:
                self._reset_rows(rows, np.flatnonzero(ended), self.rng)
        return rewards, ended

    def scores(self) -> NDArray[np.float64]:
        """(N, players) `OwareState.scores`: stones, or pits owned in ``grand``."""
        rows = self._rows
        if self._grand:
            return self._pits_owned(rows.owners).T.astype(np.float64)
        return rows.stores.T.astype(np.float64)

    def returns(self) -> NDArray[np.float64]:
        """(N, players) `OwareState.returns`: by rank at the end, zero before."""
        return self._returns(self._rows)

    def to_states(self) -> list[OwareState]:
        """Every game as a scalar `OwareState` (positions since the last capture included).

        >>> batch = BatchOware(start="A")
        >>> _ = batch.step([2])
        >>> batch.to_states()[0].to_json() == batch.game.new_initial_state().apply(2).to_json()
        True
        """
        return [self._state(i) for i in range(len(self._rows))]

    def random_playouts(self, games: int, seed: int) -> int:
        """Play `games` games with uniformly random moves to their ends, `batch_size` at a
        time (a finished game's place goes to the next); return the number of moves
        played. The batch's own games are left alone.

        >>> BatchOware(preset="grand", players=4, batch_size=16).random_playouts(40, seed=2) > 40
        True
        """
        rng = np.random.default_rng(seed)
        rows = self._new_rows(min(self.batch_size, games), record=False, rng=rng)
        started, moves = len(rows), 0
        while len(rows):
            ended = self._advance(rows, self._random_actions(rng, rows))
            moves += len(rows)
            if not ended.any():
                continue
            done = np.flatnonzero(ended)
            again = min(len(done), games - started)
            self._reset_rows(rows, done[:again], rng)
            started += again
            if again < len(done):
                ended[done[:again]] = False
                rows = rows.take(np.flatnonzero(~ended))
        return moves

    # ------------------------------------------------------------------ the rules

    def _legal_pits(self, rows: _Rows) -> Bools:
        """(12, n) pits the player to move may sow from (none when over)."""
        board = rows.board
        own = rows.owners == rows.to_move
        mask: Bools = own & (board > 0)
        if self._abapa:
            starving = ~(board * ~own).any(axis=0)
            if starving.any():
                feeds = board.reshape(2, self._per, -1) >= self._feed
                mask &= feeds.reshape(PITS, -1) | ~starving
        return mask

    def _random_actions(self, rng: np.random.Generator, rows: _Rows) -> Ints:
        """A uniformly random legal action per game (pit 0 where none is legal)."""
        n = len(rows)
        legal = (self._legal_pits(rows) * self._bits).sum(axis=0, dtype=np.intp)
        pick = (rng.random(n) * self._popcount[legal]).astype(np.intp)
        actions: Ints = self._select[legal * PITS + pick]
        if self._choose_direction:
            actions += PITS * (rng.random(n) < 0.5)
        return actions

    def _advance(self, rows: _Rows, actions: Ints) -> Bools:
        """Play legal `actions` in every game (all unfinished); return where games ended."""
        n = len(rows)
        ar = np.arange(n)
        if len(rows.earlier_moves):
            self._keep_earlier(rows, ar)
        mover = rows.to_move
        owners = rows.owners
        stores = rows.stores
        pit = actions % PITS
        cw = actions // PITS
        key = (cw * PITS + pit) * self._stones + rows.board[pit, ar]
        board = rows.board + np.take(self._sow, key, axis=1)
        last = self._last[key]
        opponents = owners != mover
        ripe = opponents & ((board | 1) == 3)
        # Walking back from the last pit, the chain ends at the first pit not ripe.
        behind = np.take(self._behind, cw * PITS + last, axis=1)
        reach = (behind + PITS * ripe.view(np.int8)).min(axis=0)
        captured = behind < reach
        taken = (board * captured).sum(axis=0, dtype=np.int16)
        if self._abapa:
            grand_slam = taken == (board * opponents).sum(axis=0, dtype=np.int16)
            captured &= ~grand_slam
            taken *= ~grand_slam
        chain = taken > 0
        if chain.any():
            board *= ~captured
            stores[mover, ar] += taken
            if self._grand:
                owners = np.where(captured, mover, owners)
                rows.owners = owners
        to_move = self._next_player(board, owners, stores, mover)
        h = self._hash(board, owners, to_move)
        lens = rows.lens
        alive = (to_move >= 0) & (chain | ~self._repeated(rows.seen, lens, h)) \
            & (rows.ply + 1 < MOVE_LIMIT)
        slot = np.where(chain, 0, lens)
        if int(lens.max()) >= len(rows.seen):
            rows.grow(2 * len(rows.seen))
        rows.seen[slot, ar] = h
        rows.lens = np.where(alive, slot + 1, 0)
        ended: Bools = ~alive
        if ended.any():
            to_move[ended] = TERMINAL
            if rows.record:
                rows.end_board[:, ended] = board[:, ended]
            self._collect(board, owners, stores, ended)
            board *= alive
        if rows.record:
            rows.acts[slot, ar] = actions
            rows.anchor_board[:, chain] = board[:, chain]
            rows.anchor_to_move[chain] = to_move[chain]
            rows.last_pit, rows.last_dir, rows.last_sown = pit, cw, last
            rows.captured = captured
        rows.board = board
        rows.to_move = to_move
        rows.ply += 1
        return ended

    @staticmethod
    def _keep_earlier(rows: _Rows, ar: Ints) -> None:
        """Move the last sowing to the newest block of the earlier ones, the oldest out."""
        moves, captured = rows.earlier_moves, rows.earlier_captured
        moves[:-4] = moves[4:]
        captured[:-PITS] = captured[PITS:]
        # The pit sown from was emptied and is still its mover's until the next sowing.
        moves[-4:] = rows.owners[rows.last_pit, ar], rows.last_pit, rows.last_dir, rows.last_sown
        captured[-PITS:] = rows.captured

    @staticmethod
    def _repeated(seen: Hashes, lens: Ints, h: Hashes) -> Bools:
        """Where `h` is among the game's positions since its last capture."""
        width = int(lens.max())
        found: Bools = (seen[: min(width, _NEAR)] == h).any(axis=0)
        if width > _NEAR:
            far = np.flatnonzero(lens > _NEAR)
            found[far] |= (seen[_NEAR:width, far] == h[far]).any(axis=0)
        return found

    def _next_player(self, board: Int8s, owners: Int8s, stores: NDArray[np.int16],
                     mover: Int8s) -> Int8s:
        n = len(mover)
        ar = np.arange(n)
        if self._abapa:
            sides = board.reshape(2, self._per, n)
            has = np.asarray(sides.any(axis=1))
            feeds = np.asarray((sides >= self._feed).any(axis=1))
            other = 1 - mover
            can = np.where(has[mover, ar], has[other, ar], feeds[other, ar])
            over = (stores.max(axis=0) > self._half) | (stores.min(axis=0) == self._half)
            return np.where(can & ~over, other, TERMINAL).astype(np.int8)
        nxt = np.full(n, TERMINAL, np.int8)
        if not self._grand:
            can_sow = np.asarray(board.reshape(self.players, self._per, n).any(axis=1))
            for seat in self._following[: 1 if self.players == 2 else 2, mover]:
                nxt = np.where((nxt < 0) & can_sow[seat, ar], seat, nxt)
            return nxt
        # Seats owning no pit are out: the next two seats still in are asked in turn
        # order (with two players, the other alone), the mover last if one other is
        # left; the first that can sow moves.
        occupied = board > 0
        asks = 1 if self.players == 2 else 2
        asked = np.zeros(n, np.int8)
        for seat in self._following[:, mover]:
            mine = owners == seat
            owns = mine.any(axis=0)
            can = owns & (asked < asks) & (nxt < 0) & (mine & occupied).any(axis=0)
            nxt = np.where(can, seat, nxt)
            asked += owns
        if self.players > 2:
            again = (asked == 1) & (nxt < 0) & ((owners == mover) & occupied).any(axis=0)
            nxt = np.where(again, mover, nxt)
        return nxt

    def _collect(self, board: Int8s, owners: Int8s, stores: NDArray[np.int16],
                 games: Bools) -> None:
        """Every stone left in a pit of the `games` goes to the pit's owner."""
        left = board * games
        if self._grand:
            for seat in range(self.players):
                stores[seat] += (left * (owners == seat)).sum(axis=0, dtype=np.int16)
        else:
            stores += left.reshape(self.players, self._per, -1).sum(axis=1, dtype=np.int16)

    def _pits_owned(self, owners: Int8s) -> Ints:
        return np.stack([(owners == seat).sum(axis=0) for seat in range(self.players)])

    def _returns(self, rows: _Rows) -> NDArray[np.float64]:
        keys = rows.stores.T.astype(np.intp)
        if self._grand:
            keys = keys + _RANK_WEIGHT * self._pits_owned(rows.owners).T
        better = (keys[:, None, :] > keys[:, :, None]).sum(axis=2)
        worse = (keys[:, None, :] < keys[:, :, None]).sum(axis=2)
        out: NDArray[np.float64] = (worse - better) / (self.players - 1)
        out[rows.to_move >= 0] = 0.0
        return out

    # ------------------------------------------------------------------ scalar states

    def _state(self, i: int) -> OwareState:
        rows = self._rows
        game = self.game
        owners = _ints(rows.owners[:, i])
        stores = _ints(rows.stores[:, i])
        to_move = int(rows.to_move[i])
        ply = int(rows.ply[i])
        last = None
        if ply:
            # The pit sown from stays its mover's: emptied, it can never be captured.
            pit = int(rows.last_pit[i])
            last = _sowing(owners[pit], pit, int(rows.last_dir[i]), int(rows.last_sown[i]),
                           rows.captured[:, i])
        blocks = len(rows.earlier_moves) // 4
        earlier = []
        for k in range(blocks - min(blocks, max(ply - 1, 0)), blocks):
            seat, pit, cw, sown = (int(x) for x in rows.earlier_moves[4 * k:4 * k + 4, i])
            earlier.append(_sowing(seat, pit, cw, sown,
                                   rows.earlier_captured[PITS * k:PITS * (k + 1), i]))
        seen: frozenset[tuple[int, ...]] = frozenset()
        if to_move >= 0:
            count = int(rows.lens[i])
            replay = OwareState(game, _ints(rows.anchor_board[:, i]), owners, stores,
                                int(rows.anchor_to_move[i]), frozenset(), None, ply - count + 1)
            replay.seen = frozenset({replay._key()})
            for k in range(1, count):
                replay = replay._apply(int(rows.acts[k, i]))
            seen = replay.seen
        ended, board = None, _ints(rows.board[:, i])
        if to_move == TERMINAL and last is not None:
            board = _ints(rows.end_board[:, i])
            before = list(stores)
            for p in range(PITS):
                before[owners[p]] -= board[p]
            ended = why_ended(game, board, owners, tuple(before), last[0], ply)
        # Abapa: a sowing that captured nothing where its last stone made a chain was a
        # grand slam (the board after it is the board it would have captured from).
        slam = self._abapa and last is not None and not last[3] and bool(
            capture_chain(board, owners, last[0], int(rows.last_sown[i]), CCW))
        return OwareState(game, _ints(rows.board[:, i]), owners, stores, to_move, seen, last, ply,
                          tuple(earlier), ended, slam)


def _sowing(seat: int, pit: int, cw: int, sown: int, captured: Bools) -> LastMove:
    """A sowing as `OwareState` keeps it: its captures walk back from the last pit sown."""
    direction = CW if cw else CCW
    chain = []
    p = sown
    while captured[p]:
        chain.append(p)
        p = (p - direction) % PITS
    return seat, pit, direction, tuple(chain)


def _read_only(array: NDArray[Any]) -> NDArray[Any]:
    view = array.view()
    view.flags.writeable = False
    return view


def _ints(array: NDArray[Any]) -> tuple[int, ...]:
    return tuple(int(x) for x in array)
