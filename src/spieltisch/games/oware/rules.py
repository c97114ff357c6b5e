"""Oh-Wah-Ree: the rules engine (presets ``oh-wah-ree``, ``grand`` and ``abapa``).

A ring of 12 pits. 2 players: 6 pits x 4 stones each; 3: 4 x 5; 4: 3 x 6.
Pits are named in sowing (counter-clockwise) order, each player counting from
their own left: A1..A6, B1..B6 for two players; A1..A4 .. C1..C4 for three;
A1..A3 .. D1..D3 for four (RULINGS.md). Turn order is A, B, C, D.

Rules implemented (rulebook ``oh-wah-ree.de.txt`` as settled by RULINGS.md):

- **Who begins**: drawn by lot, as the rulebook says (option ``start``:
  ``random``, the default, is a chance node before the first move with the
  outcomes ``A starts``, ``B starts`` ..., each as likely); or a seat letter.
  ``abapa`` starts with A unless told otherwise, as OpenSpiel's ``oware`` does.
- **Sowing**: take all stones of one own non-empty pit and drop one per pit.
  Two players always sow counter-clockwise; three or four choose the direction
  on every move (part of the action). A lap of 12 or more stones skips the
  emptied origin pit.
- **Capture**: if the last stone lands in an opponent's pit that now holds 2 or
  3, it is captured, then every further opponent pit backwards (against the
  sowing direction) holding 2 or 3; the chain stops at the first pit that is
  not ripe or is the mover's own. It may run through several opponents. No
  grand-slam rule and no duty to feed in the rulebook's game.
- **End**: two players: when the player to move has no stones in their pits.
  Three or four: a player with nothing to sow is skipped; the game ends when two
  consecutive players cannot sow. Also when a position (pits, owners, player to
  move) repeats since the last capture, and after 1,000 moves (`MOVE_LIMIT`,
  the declared `max_game_length`, where OpenSpiel's ``oware`` stops too). Every
  stone still in a pit then goes to the pit's owner. Score = stones captured +
  collected; most wins.
- **Grand** (``grand``): a capture also takes the pit itself. Ownership during
  the chain is as before the move; captured pits change owner afterwards. A
  player sows only from pits they own now; one who owns no pit is out and leaves
  the turn order (the others play on while two of them remain, by the end rule
  of the number of players the game began with: with three or four, one of the
  last two who cannot sow is skipped). Most pits
  wins, stones break ties; `scores` are the pits owned.
- **Abapa** (``abapa``, two players): standard Oware as OpenSpiel plays it — a
  capture that would take all the opponent's stones takes nothing (grand slam);
  a player must feed an opponent who has no stones if any move does; the game
  ends when a player has more than half the stones, at an equal split, when the
  mover has no legal move, on a repetition since the last capture or after
  `MOVE_LIMIT` moves (each player then takes the stones on their own side).

Actions: the absolute pit index 0..11 (A1 = 0, sowing order) sows
counter-clockwise; with a direction choice 12 + pit sows clockwise. Notation:
``A3`` for two players, ``A3 ccw`` / ``A3 cw`` for three or four. At the draw of
the first player, chance outcome ``k`` means seat k starts (``A starts``).

`view` keys (everything is public):
``pits`` (12 objects: ``name``, ``stones``, ``owner``), ``stores`` (stones
captured per seat), ``scores``, ``to_move`` (seat or null), ``terminal``,
``direction_choice``, ``last_move`` (null or ``{"seat", "pit", "direction",
"notation", "captured": [pit indices]}``), ``earlier_moves`` (the sowings before
the last move, as many as there are players beyond two, oldest first, each like
``last_move``),
``grand_slam`` (Abapa: the last sowing would have captured all the opponent's stones,
so it captured nothing), ``skipped`` (the seats passed over after the last sowing:
they could not sow),
``out`` (Grand: the seats that own no pit), ``end`` (null, or why the game ended:
``{"reason", "seats"}``, the reason one of `END_REASONS`),
``ply``, ``preset``, ``players``, ``score_label`` (``"stones"`` or ``"pits"``).
Before the draw of the first player ``to_move`` is null and ``terminal`` false.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import add
from typing import Any, SupportsIndex

from spieltisch.core.protocol import (
    CHANCE,
    JSON,
    READ_ERRORS,
    TERMINAL,
    Game,
    GameInfo,
    IllegalAction,
    State,
    as_action,
    check_text,
    players_refused,
    preset_players,
    unknown_preset,
    unreadable,
    whole_number,
)
from spieltisch.core.reasons import Reason
from spieltisch.core.starts import RANDOM, SEAT_LETTERS, check_start, starter_of

PITS = 12
_DIRECTIONS = (("COUNTERCLOCKWISE", "CCW"), ("COUNTER-CLOCKWISE", "CCW"),
               ("ANTICLOCKWISE", "CCW"), ("ANTI-CLOCKWISE", "CCW"), ("CLOCKWISE", "CW"),
               ("CCW", "CCW"), ("CW", "CW"))
"""How a typed sowing may end: its direction, in short or in words (longest first)."""
PRESETS = ("oh-wah-ree", "grand", "abapa")
_LAYOUT = {2: (6, 4), 3: (4, 5), 4: (3, 6)}
CCW, CW = 1, -1
MOVE_LIMIT = 1000
"""Moves after which a game ends as at a repetition (the draw of the first player aside)."""


@dataclass(frozen=True)
class OwareOptions:
    """A rule set: preset, number of players and who begins.

    >>> OwareOptions.make(preset="grand", players=3).pits_per_player
    4
    >>> OwareOptions.make().start, OwareOptions.make("abapa").start
    ('random', 'A')
    """

    preset: str = "oh-wah-ree"
    players: int = 2
    start: str = RANDOM

    @classmethod
    def make(cls, preset: str = "oh-wah-ree", players: int = 2,
             start: JSON = None) -> OwareOptions:
        """Validated options; `IllegalAction` names what is wrong. `start` is
        ``random`` (by lot) or a seat letter; by default ``A`` for ``abapa``, else
        ``random``."""
        if preset not in PRESETS:
            raise unknown_preset(preset, PRESETS)
        if type(players) is not int or players not in _LAYOUT:
            raise players_refused("Oh-Wah-Ree", [2, 3, 4], players)
        if preset == "abapa" and players != 2:
            raise preset_players("abapa", 2)
        if start is None:
            start = "A" if preset == "abapa" else RANDOM
        return cls(preset, players, check_start(start, players))

    @property
    def starter(self) -> int | None:
        """The seat that begins, or None where it is drawn by lot."""
        return starter_of(self.start)

    @property
    def pits_per_player(self) -> int:
        return _LAYOUT[self.players][0]

    @property
    def stones_per_pit(self) -> int:
        return _LAYOUT[self.players][1]

    @property
    def direction_choice(self) -> bool:
        return self.players > 2

    @property
    def total_stones(self) -> int:
        return PITS * self.stones_per_pit


def pit_name(pit: int, players: int) -> str:
    """Name of an absolute pit index.

    >>> pit_name(0, 2), pit_name(11, 2), pit_name(5, 4)
    ('A1', 'B6', 'B3')
    """
    per = PITS // players
    return f"{SEAT_LETTERS[pit // per]}{pit % per + 1}"


def _sowing_table(max_stones: int) -> dict[tuple[int, int, int], tuple[tuple[int, ...], int]]:
    """(direction, pit, stones) -> (increments for all 12 pits, last pit sown)."""
    table = {}
    for direction in (CCW, CW):
        for pit in range(PITS):
            for stones in range(1, max_stones + 1):
                inc = [stones // 11] * PITS
                rem = stones % 11
                for d in range(1, rem + 1):
                    inc[(pit + direction * d) % PITS] += 1
                inc[pit] = -stones
                last = (pit + direction * (rem if rem else 11)) % PITS
                table[direction, pit, stones] = (tuple(inc), last)
    return table


_SOW = _sowing_table(6 * PITS)


def sow(board: tuple[int, ...], pit: int, direction: int) -> tuple[tuple[int, ...], int]:
    """Sow the stones of `pit`; return the new board and the last pit sown.

    >>> sow((4,) * 12, 0, CCW)
    ((0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4), 4)
    >>> sow((12,) + (0,) * 11, 0, CCW)[0]  # a lap of 12 skips the origin
    (0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    """
    inc, last = _SOW[direction, pit, board[pit]]
    return tuple(map(add, board, inc)), last


def capture_chain(board: tuple[int, ...], owners: tuple[int, ...], mover: int,
                  last: int, direction: int) -> list[int]:
    """Pits captured when the last stone landed in `last`: the ripe opponent pits
    from `last` backwards, stopping at a pit not holding 2-3 or owned by the mover.

    >>> capture_chain((0, 0, 0, 0, 0, 0, 2, 3, 1, 0, 0, 0), (0,) * 6 + (1,) * 6, 0, 7, CCW)
    [7, 6]
    """
    chain = []
    pit = last
    while owners[pit] != mover and 2 <= board[pit] <= 3:
        chain.append(pit)
        pit = (pit - direction) % PITS
        if pit == last:
            break
    return chain


class OwareGame(Game):
    """Oh-Wah-Ree with one of its presets."""

    def __init__(self, options: OwareOptions) -> None:
        self.options = options
        n = options.players
        self.info = GameInfo(
            name="oware",
            title="Oh-Wah-Ree",
            preset=options.preset,
            num_players=n,
            num_distinct_actions=2 * PITS if options.direction_choice else PITS,
            max_chance_outcomes=n if options.starter is None else 0,
            max_game_length=MOVE_LIMIT + (options.starter is None),
            hidden_information=False,
            observation_shape=(PITS + PITS * n + 2 * n,),
            options={"preset": options.preset, "players": n, "start": options.start},
        )
        per = options.pits_per_player
        self.initial_owners = tuple(p // per for p in range(PITS))
        self.pit_names = tuple(pit_name(p, n) for p in range(PITS))
        self.grand = options.preset == "grand"
        self.abapa = options.preset == "abapa"

    def new_initial_state(self) -> OwareState:
        """The starting position, with the first player still to be drawn if by lot.

        >>> make_game().new_initial_state().chance_outcomes()
        [(0, 0.5), (1, 0.5)]
        >>> make_game(start="B").new_initial_state().current_player
        1
        """
        board = (self.options.stones_per_pit,) * PITS
        state = OwareState(self, board, self.initial_owners, (0,) * self.info.num_players,
                           CHANCE, frozenset(), None, 0)
        starter = self.options.starter
        return state if starter is None else state._begin(starter)

    def state_from_json(self, data: JSON) -> OwareState:
        try:
            if not isinstance(data, dict):
                raise IllegalAction("a state is a JSON object")
            board = _ints(data["board"])
            owners = _ints(data["owners"])
            stores = _ints(data["stores"])
            to_move = whole_number(data["to_move"])
            seen = frozenset(_ints(key) for key in data["seen"])
            last = data["last"]
            last_t = None if last is None else _last_move(last)
            earlier = tuple(_last_move(move) for move in data.get("earlier", []))
            ended = _end(data.get("ended"))
            slam = data.get("slam", False)
            ply = whole_number(data["ply"])
        except READ_ERRORS as fault:
            raise unreadable("an Oh-Wah-Ree state", fault, data) from None
        n = self.info.num_players
        if len(board) != PITS or len(owners) != PITS or len(stores) != n or \
                min(board) < 0 or min(stores) < 0 or ply < 0 or \
                any(not 0 <= o < n for o in owners) or \
                not (0 <= to_move < n or to_move in (TERMINAL, CHANCE)) or \
                (last_t is not None and not _valid_last(last_t, n)) or \
                len(earlier) > max(n - 2, 0) or (earlier and last_t is None) or \
                not all(_valid_last(move, n) for move in earlier) or \
                (ended is not None and (to_move != TERMINAL or ended[0] not in END_REASONS
                                        or any(not 0 <= s < n for s in ended[1]))) or \
                slam not in (False, True) or (slam and (not self.abapa or last_t is None
                                                        or last_t[3])):
            raise IllegalAction("not an Oh-Wah-Ree state for these options")
        state = OwareState(self, board, owners, stores, to_move, seen, last_t, ply, earlier,
                           ended, slam is True)
        problem = _inconsistency(state)
        if problem:
            raise IllegalAction(f"not an Oh-Wah-Ree state: {problem}")
        return state


LastMove = tuple[int, int, int, tuple[int, ...]]
"""(seat, pit, direction, captured pits)."""
End = tuple[str, tuple[int, ...]]
"""Why a game ended (`END_REASONS`) and the seats that reason names."""
END_REASONS = ("no_stones", "stuck", "no_pits", "repetition", "move_limit", "majority",
               "split", "no_move")


def _last_move(value: Any) -> LastMove:
    if not isinstance(value, list) or len(value) != 4:
        raise IllegalAction(f"a sowing is [seat, pit, direction, captured pits], not {value!r}")
    seat, pit, direction, chain = value
    return whole_number(seat), whole_number(pit), whole_number(direction), _ints(chain)


def _end(value: Any) -> End | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str):
        raise IllegalAction(f"an end is [reason, seats], not {value!r}")
    return value[0], _ints(value[1])


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(whole_number(v) for v in values)


def _valid_last(last: LastMove, players: int) -> bool:
    seat, pit, direction, chain = last
    return (0 <= seat < players and 0 <= pit < PITS
            and (direction == CCW or (direction == CW and players > 2))
            and all(0 <= p < PITS for p in chain))


def _inconsistency(state: OwareState) -> str:
    """What makes `state` impossible in a game under its rules ('' if nothing)."""
    game = state.game
    stones = sum(state.board) + sum(state.stores)
    if stones != game.options.total_stones:
        return f"{stones} stones in a game of {game.options.total_stones}"
    if state.to_move == CHANCE:
        fresh = game.new_initial_state()
        if game.options.starter is not None or state.to_json() != fresh.to_json():
            return "a draw of the first player that is not at the start of a game by lot"
        return ""
    if not game.grand and state.owners != game.initial_owners:
        return "pits that changed owner, which only happens in the grand preset"
    if state.to_move == TERMINAL:
        return "stones left in the pits of a finished game" if any(state.board) else ""
    if not state.legal_actions():
        return f"seat {state.to_move} to move, who cannot sow"
    return ""


class OwareState(State):
    """A position: pits, owners, stores, player to move, positions since the last capture,
    and the latest sowings (`last` and, with three or four players, the ones before)."""

    __slots__ = ("board", "earlier", "ended", "game", "last", "owners", "ply", "seen",
                 "slam", "stores", "to_move")

    game: OwareGame

    def __init__(self, game: OwareGame, board: tuple[int, ...], owners: tuple[int, ...],
                 stores: tuple[int, ...], to_move: int, seen: frozenset[tuple[int, ...]],
                 last: LastMove | None, ply: int, earlier: tuple[LastMove, ...] = (),
                 ended: End | None = None, slam: bool = False) -> None:
        self.game = game
        self.board = board
        self.owners = owners
        self.stores = stores
        self.to_move = to_move
        self.seen = seen
        self.last = last
        self.ply = ply
        self.earlier = earlier
        self.ended = ended
        self.slam = slam

    def _begin(self, starter: int) -> OwareState:
        state = OwareState(self.game, self.board, self.owners, self.stores, starter,
                           frozenset(), None, 0)
        state.seen = frozenset({state._key()})
        return state

    def _key(self) -> tuple[int, ...]:
        if self.game.grand:
            return (*self.board, *self.owners, self.to_move)
        return (*self.board, self.to_move)

    @property
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self.to_move == CHANCE:
            return list(range(self.game.info.num_players))
        if self.to_move < 0:
            return []
        return legal_pits(self.game, self.board, self.owners, self.to_move)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.to_move != CHANCE:
            return []
        n = self.game.info.num_players
        return [(seat, 1 / n) for seat in range(n)]

    def _apply(self, action: int) -> OwareState:
        if self.to_move == CHANCE:
            return self._begin(action)
        game = self.game
        pit, direction = (action - PITS, CW) if action >= PITS else (action, CCW)
        mover = self.to_move
        board, last = sow(self.board, pit, direction)
        owners = self.owners
        chain = capture_chain(board, owners, mover, last, direction)
        slam = bool(chain) and game.abapa and sum(board[p] for p in chain) == sum(
            board[p] for p in range(PITS) if owners[p] != mover)
        if slam:
            chain = []
        stores = self.stores
        if chain:
            taken = sum(board[p] for p in chain)
            b = list(board)
            for p in chain:
                b[p] = 0
            board = tuple(b)
            stores = (*stores[:mover], stores[mover] + taken, *stores[mover + 1:])
            if game.grand:
                o = list(owners)
                for p in chain:
                    o[p] = mover
                owners = tuple(o)
        to_move, ended = _next(game, board, owners, stores, mover)
        kept = game.info.num_players - 2
        earlier = (*self.earlier, self.last)[-kept:] if kept and self.last else ()
        nxt = OwareState(game, board, owners, stores, to_move, self.seen,
                         (mover, pit, direction, tuple(chain)), self.ply + 1, earlier, ended,
                         slam)
        if to_move >= 0:
            key = nxt._key()
            if nxt.ply >= MOVE_LIMIT or (not chain and key in self.seen):
                nxt.to_move = TERMINAL
                nxt.ended = ("move_limit" if nxt.ply >= MOVE_LIMIT else "repetition", ())
            elif chain:
                nxt.seen = frozenset({key})
            else:
                nxt.seen = self.seen | {key}
        if nxt.to_move == TERMINAL:
            nxt.stores = collect(board, owners, stores)
            nxt.board = (0,) * PITS
            nxt.seen = frozenset()
        return nxt

    def scores(self) -> list[float]:
        """Stones in each store (at the end with the stones left in own pits); Grand: pits."""
        if self.game.grand:
            return [float(self.owners.count(p)) for p in range(self.game.info.num_players)]
        return [float(s) for s in self.stores]

    def ranking_scores(self) -> list[tuple[float, ...]]:
        stones = collect(self.board, self.owners, self.stores)
        return [(s, float(stones[i])) for i, s in enumerate(self.scores())]

    def action_to_string(self, action: int) -> str:
        action = as_action(action)
        if not 0 <= action < self.game.info.num_distinct_actions:
            raise IllegalAction(f"action {action} is out of range")
        if self.to_move == CHANCE:
            if action >= self.game.info.num_players:
                raise IllegalAction(f"action {action} is no seat that could start")
            return f"{SEAT_LETTERS[action]} starts"
        pit = action % PITS
        name = self.game.pit_names[pit]
        if self.game.options.direction_choice:
            return f"{name} {'cw' if action >= PITS else 'ccw'}"
        return name

    def string_to_action(self, text: str) -> int:
        """Parse ``A3`` (two players) or ``A3 ccw`` / ``A3 cw`` (three or four), the
        direction also in words (``A3 clockwise``, ``A3 counter-clockwise``).

        >>> from spieltisch import load
        >>> state = load("oware", players=3, start="A").new_initial_state()
        >>> state.string_to_action("a2 cw"), state.string_to_action("A2 Clockwise")
        (13, 13)
        >>> state.string_to_action("a2 anti-clockwise")
        1
        """
        check_text(text)
        if self.to_move in (CHANCE, TERMINAL):
            return super().string_to_action(text)
        raw = "".join(text.split()).upper()
        direction = ""
        for suffix, said in _DIRECTIONS:
            if raw.endswith(suffix):
                raw, direction = raw[: -len(suffix)], said
                break
        if raw not in self.game.pit_names:
            raise IllegalAction(Reason(
                "oware.not_a_pit", "{text!r} is not a pit; pits are named {first}..{last}",
                text=text.strip(), first=self.game.pit_names[0],
                last=self.game.pit_names[-1]))
        pit = self.game.pit_names.index(raw)
        if self.game.options.direction_choice:
            if not direction:
                raise IllegalAction(Reason("oware.direction",
                                           "say the direction too: {pit} ccw or {pit} cw",
                                           pit=raw))
            action = pit + (PITS if direction == "CW" else 0)
        elif direction == "CW":
            raise IllegalAction(Reason("oware.two_ccw",
                                       "with two players every move sows counter-clockwise"))
        else:
            action = pit
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        return action

    def explain_illegal(self, action: int) -> str:
        action = as_action(action)
        if self.to_move == TERMINAL:
            return Reason("game.over", "the game is over")
        if not 0 <= action < self.game.info.num_distinct_actions:
            return f"action {action} is out of range"
        if self.to_move == CHANCE:
            return Reason("oware.draw", "the first player is still to be drawn by lot")
        pit = action % PITS
        name = self.game.pit_names[pit]
        if self.owners[pit] != self.to_move:
            return Reason("oware.not_yours", "{pit} is not your pit", pit=name)
        if self.board[pit] == 0:
            return Reason("oware.empty", "{pit} is empty", pit=name)
        return Reason("oware.feed", "{pit} does not give your opponent stones, and they have "
                      "none: you must feed them", pit=name)

    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        seat = self.check_seat(seat)
        game = self.game
        n = game.info.num_players
        return {
            "game": "oware",
            "preset": game.info.preset,
            "players": game.info.num_players,
            "pits": [
                {"name": game.pit_names[p], "stones": self.board[p], "owner": self.owners[p]}
                for p in range(PITS)
            ],
            "stores": list(self.stores),
            "scores": self.scores(),
            "score_label": "pits" if game.grand else "stones",
            "to_move": self.to_move if self.to_move >= 0 else None,
            "terminal": self.to_move == TERMINAL,
            "direction_choice": game.options.direction_choice,
            "last_move": None if self.last is None else self._sowing(self.last),
            "earlier_moves": [self._sowing(move) for move in self.earlier],
            "grand_slam": self.slam,
            "skipped": self._skipped(),
            "out": [s for s in range(n) if s not in self.owners] if game.grand else [],
            "end": None if self.ended is None else {"reason": self.ended[0],
                                                     "seats": list(self.ended[1])},
            "ply": self.ply,
        }

    def _skipped(self) -> list[int]:
        """The seats with a pit passed over after the last sowing: they could not sow."""
        if self.last is None or self.to_move < 0:
            return []
        n = self.game.info.num_players
        passed = []
        for k in range(1, n):
            seat = (self.last[0] + k) % n
            if seat == self.to_move:
                break
            if seat in self.owners:
                passed.append(seat)
        return passed

    def _sowing(self, move: LastMove) -> dict[str, JSON]:
        mover, pit, direction, chain = move
        return {
            "seat": mover,
            "pit": pit,
            "direction": "cw" if direction == CW else "ccw",
            "notation": self.action_to_string(pit + (PITS if direction == CW else 0)),
            "captured": list(chain),
        }

    def observation(self, seat: SupportsIndex) -> list[float]:
        """Per pit: its stones (a share of all), then its owner counted from the seat
        (one-hot); the stores from the seat on; who is to move, counted from the seat."""
        seat = self.check_seat(seat, spectator=False)
        n = self.game.info.num_players
        total = float(self.game.options.total_stones)
        obs = [b / total for b in self.board]
        for p in range(PITS):
            obs.extend(1.0 if (self.owners[p] - seat) % n == k else 0.0 for k in range(n))
        obs.extend(self.stores[(seat + k) % n] / total for k in range(n))
        obs.extend(1.0 if self.to_move == (seat + k) % n else 0.0 for k in range(n))
        return obs

    def to_json(self) -> dict[str, JSON]:
        return {
            "board": list(self.board),
            "owners": list(self.owners),
            "stores": list(self.stores),
            "to_move": self.to_move,
            "seen": sorted(list(k) for k in self.seen),
            "last": None if self.last is None else _move_json(self.last),
            "earlier": [_move_json(move) for move in self.earlier],
            "ply": self.ply,
            "ended": None if self.ended is None else [self.ended[0], list(self.ended[1])],
            "slam": self.slam,
        }


def _move_json(move: LastMove) -> list[Any]:
    return [move[0], move[1], move[2], list(move[3])]


def legal_pits(game: OwareGame, board: tuple[int, ...], owners: tuple[int, ...],
               seat: int) -> list[int]:
    """Legal actions of `seat` on this board."""
    pits = [p for p in range(PITS) if owners[p] == seat and board[p]]
    if game.abapa:
        if not any(board[p] for p in range(PITS) if owners[p] != seat):
            return [p for p in pits if _feeds(board, owners, seat, p)]
        return pits
    if game.options.direction_choice:
        return pits + [p + PITS for p in pits]
    return pits


def _feeds(board: tuple[int, ...], owners: tuple[int, ...], seat: int, pit: int) -> bool:
    after, _ = sow(board, pit, CCW)
    return any(after[p] for p in range(PITS) if owners[p] != seat)


def next_player(game: OwareGame, board: tuple[int, ...], owners: tuple[int, ...],
                stores: tuple[int, ...], mover: int) -> int:
    """Who moves after `mover`, or `TERMINAL`."""
    return _next(game, board, owners, stores, mover)[0]


def _next(game: OwareGame, board: tuple[int, ...], owners: tuple[int, ...],
          stores: tuple[int, ...], mover: int) -> tuple[int, End | None]:
    """Who moves after `mover`; or `TERMINAL` and why the game ends there."""
    n = game.info.num_players
    if game.abapa:
        half = game.options.total_stones / 2
        if max(stores) > half:
            return TERMINAL, ("majority", (stores.index(max(stores)),))
        if stores[0] == stores[1] == half:
            return TERMINAL, ("split", ())
        other = 1 - mover
        if legal_pits(game, board, owners, other):
            return other, None
        return TERMINAL, ("no_move", (other,))
    order = [(mover + k) % n for k in range(1, n + 1)]
    if game.grand:
        order = [s for s in order if s in owners]
        if len(order) < 2:
            return TERMINAL, ("no_pits", tuple(order))
    asked = order[: 1 if n == 2 else 2]
    for seat in asked:
        if _can_sow(board, owners, seat):
            return seat, None
    return TERMINAL, ("no_stones" if len(asked) == 1 else "stuck", tuple(asked))


def why_ended(game: OwareGame, board: tuple[int, ...], owners: tuple[int, ...],
              stores: tuple[int, ...], mover: int, ply: int) -> End:
    """Why a game ended when `mover` sowed and left `board`, `stores` before the stones
    left in the pits were collected, at move `ply`."""
    end = _next(game, board, owners, stores, mover)[1]
    if end is not None:
        return end
    return ("move_limit" if ply >= MOVE_LIMIT else "repetition"), ()


def _can_sow(board: tuple[int, ...], owners: tuple[int, ...], seat: int) -> bool:
    return any(board[p] for p in range(PITS) if owners[p] == seat)


def collect(board: tuple[int, ...], owners: tuple[int, ...],
            stores: tuple[int, ...]) -> tuple[int, ...]:
    """Stores after every stone left in a pit goes to the pit's owner."""
    out = list(stores)
    for p in range(PITS):
        out[owners[p]] += board[p]
    return tuple(out)


def make_game(preset: str = "oh-wah-ree", players: int = 2, start: JSON = None) -> OwareGame:
    """Build the game from keyword options.

    >>> make_game("abapa").info.num_distinct_actions
    12
    """
    return OwareGame(OwareOptions.make(preset, players, start))
