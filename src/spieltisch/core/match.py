"""`Match`: the referee that drives one game from start to end.

It keeps the secret seed for chance, applies the seats' actions, keeps an event
log (actions, moves made for a person whose time ran out, undos and a resignation)
from which it can be rebuilt exactly, and exports records: the full one for storage
and a redacted one for each viewer.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import SupportsIndex

from spieltisch.core.protocol import (
    CHANCE,
    JSON,
    Game,
    IllegalAction,
    State,
    as_action,
    rank_returns,
)
from spieltisch.core.reasons import Reason
from spieltisch.core.registry import game_spec, load

RECORD_VERSION = 1
"""The version of the record format this spieltisch writes and reads."""
RECORD_FORMAT = f"spieltisch-record/{RECORD_VERSION}"


def newer_record(record: object) -> Reason | None:
    """Why a record written by a newer spieltisch cannot be read here, if it is one.

    >>> newer_record({"format": "spieltisch-record/3+views"})
    'this record was written by a newer spieltisch (record format 3; this one reads format 1)'
    >>> newer_record({"format": RECORD_FORMAT}) is None
    True
    """
    kind = record.get("format") if isinstance(record, dict) else None
    version = kind.removeprefix("spieltisch-record/").split("+")[0] \
        if isinstance(kind, str) and kind.startswith("spieltisch-record/") else ""
    if not version.isdigit() or int(version) <= RECORD_VERSION:
        return None
    return Reason("record.newer", "this record was written by a newer spieltisch (record format "
                  "{version}; this one reads format {known})", version=int(version),
                  known=RECORD_VERSION)


@dataclass(frozen=True)
class Undo:
    """An undo event: the line is cut back to `length` actions (all of them where a
    game is played on from its last step); for hidden-information
    games the state there is replaced by a fresh resample (`state`), so an undo never
    tells a seat anything it did not know at that point. `pins` are the chance outcomes
    seen since, by the number of the chance node they come out at (see `Match.undo`)."""

    length: int
    state: dict[str, JSON] | None = None
    pins: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Resignation:
    """A resignation event: `seat` gives up, which ends the game with that seat last and
    the others sharing the first place."""

    seat: int


@dataclass(frozen=True)
class TimedOut:
    """A move made for the seat to move by a computer player, since the person's time
    for it ran out: `action`, which counts as the seat's."""

    action: int


Event = int | TimedOut | Undo | Resignation


def encode_events(events: Sequence[Event]) -> list[JSON]:
    """Events as stored in a record.

    >>> encode_events([3, TimedOut(5), Undo(0), Resignation(1)])
    [3, {'timed_out': 5}, {'undo': 0, 'state': None}, {'resign': 1}]
    >>> encode_events([Undo(1, None, ((2, 7),))])
    [{'undo': 1, 'state': None, 'pins': [[2, 7]]}]
    """
    return [e if isinstance(e, int)
            else {"timed_out": e.action} if isinstance(e, TimedOut)
            else {"resign": e.seat} if isinstance(e, Resignation)
            else _encode_undo(e) for e in events]


def _encode_undo(event: Undo) -> dict[str, JSON]:
    encoded: dict[str, JSON] = {"undo": event.length, "state": event.state}
    if event.pins:
        encoded["pins"] = [[number, action] for number, action in event.pins]
    return encoded


def _decode_pins(pins: JSON) -> tuple[tuple[int, int], ...]:
    if not isinstance(pins, list) or not all(
            isinstance(pin, list) and len(pin) == 2 and all(type(x) is int for x in pin)
            and pin[0] >= 0 for pin in pins):
        raise IllegalAction(Reason("record.pins", "a take-back's pins are pairs of a chance "
                                   "node's number and an action, not {value}",
                                   value=repr(pins)))
    return tuple((number, action) for number, action in pins)


def _check_action(game: Game, action: int) -> None:
    """Refuse a recorded action id that no action of `game` has."""
    last = game.info.num_distinct_actions - 1
    if not 0 <= action <= last:
        raise IllegalAction(Reason("record.action", "the record names action {action}, but "
                                   "this game's actions are 0 to {last}",
                                   action=action, last=last))


class Match:
    """Referee for one game.

    >>> from spieltisch import load
    >>> match = Match(load("oware", preset="abapa"), seed="demo")
    >>> match.play(0, match.state.string_to_action("A3")).current_player
    1
    >>> match.log(None)
    ['A3']
    >>> match.undo(0)
    >>> match
    <Match oware preset='abapa': 0 actions, in play>
    """

    def __init__(self, game: Game, seed: str | None = None,
                 players: Sequence[str] | None = None) -> None:
        if not isinstance(game, Game):
            raise IllegalAction(f"a Match plays a loaded Game (spieltisch.load(...)), not "
                                f"{type(game).__name__}")
        if isinstance(players, str) or not (players is None or all(
                isinstance(name, str) for name in players)):
            raise IllegalAction(f"players is a list of names, one string per seat, not "
                                f"{players!r}")
        self.game = game
        self.seed = seed if seed is not None else secrets.token_hex(16)
        n = game.info.num_players
        self.players = list(players) if players is not None else [f"Seat {i + 1}" for i in range(n)]
        if len(self.players) != n:
            raise IllegalAction(f"{game.info.title} with these options has {n} seats, "
                                f"got {len(self.players)} player names")
        self.events: list[Event] = []
        self.draws = 0
        self._line: list[State] = [game.new_initial_state()]
        self._actions: list[int] = []
        self._timed_out: list[bool] = []
        self._pins: dict[int, int] = {}
        self._pin_deal = 0
        self.resolve_chance()

    def __repr__(self) -> str:
        count = len(self._actions)
        return (f"<Match {self.game.info.name} preset={self.game.info.preset!r}: {count} "
                f"action{'' if count == 1 else 's'}, {'over' if self.over else 'in play'}>")

    @property
    def state(self) -> State:
        """The current state."""
        return self._line[-1]

    @property
    def resigned(self) -> int | None:
        """The seat that resigned, if one did (a resignation is always the last event)."""
        last = self.events[-1] if self.events else None
        return last.seat if isinstance(last, Resignation) else None

    @property
    def over(self) -> bool:
        """Whether the game has ended, by its rules or by a resignation."""
        return self.resigned is not None or self.state.is_terminal()

    @property
    def actions(self) -> list[int]:
        """Actions (chance included) from the line's start to the current state."""
        return list(self._actions)

    @property
    def version(self) -> int:
        """Grows with every event; clients send it back to detect stale moves."""
        return len(self.events)

    def states(self) -> list[State]:
        """Every state of the current line, first to current."""
        return list(self._line)

    def _push(self, action: int, timed_out: bool = False) -> State:
        nxt = self.state.apply(action)
        action = as_action(action)  # numpy's integers are kept as plain ints
        self._line.append(nxt)
        self._actions.append(action)
        self._timed_out.append(timed_out)
        self.events.append(TimedOut(action) if timed_out else action)
        return nxt

    def play(self, seat: SupportsIndex, action: SupportsIndex, *,
             timed_out: bool = False) -> State:
        """Apply `seat`'s action, then resolve any chance nodes that follow; `timed_out`:
        a computer player chose it for the person at `seat`, whose time ran out.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="t")
        >>> _ = match.play(0, 2); _ = match.play(1, 8, timed_out=True)
        >>> match.timed_out_moves(), match.events
        ([1], [2, TimedOut(action=8)])
        """
        state = self.state
        if self.over:
            raise IllegalAction("the game is over")
        mover = state.check_seat(seat, spectator=False)
        if state.current_player != mover:
            raise IllegalAction(f"it is not seat {mover}'s turn")
        self._push(as_action(action), timed_out)
        return self.resolve_chance()

    def resolve_chance(self) -> State:
        """Sample chance outcomes with the secret seed until a seat must act; an outcome
        seen before a take-back comes out again at its chance node where it can."""
        while self.state.current_player == CHANCE:
            rng = random.Random(f"{self.seed}/{self.draws}")
            self.draws += 1
            self._push(self._pinned_outcome(rng) if self._pins else self.state.sample_chance(rng))
        return self.state

    def _pinned_outcome(self, rng: random.Random) -> int:
        """The outcome pinned to this chance node if it can come out; else one drawn
        from those that leave the pile what later pinned outcomes take from it."""
        state, number = self.state, self._chance_nodes(len(self._actions))
        if state.deal_number() != self._pin_deal:
            self._pins = {}
            return state.sample_chance(rng)
        outcomes = [(a, p) for a, p in state.chance_outcomes() if p > 0]
        pinned = self._pins.get(number)
        self._pins = {n: a for n, a in self._pins.items() if n > number}
        if pinned in dict(outcomes):
            return pinned
        later = {state.drawn_item(a) for a in self._pins.values()} - {None}
        free = [(a, p) for a, p in outcomes if state.drawn_item(a) not in later] or outcomes
        return rng.choices([a for a, _ in free], [p for _, p in free])[0]

    def _chance_nodes(self, length: int) -> int:
        """How many of the line's first `length` actions are chance outcomes."""
        return sum(s.current_player == CHANCE for s in self._line[:length])

    def resign(self, seat: SupportsIndex) -> None:
        """`seat` gives up: the game ends with that seat last.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="r")
        >>> match.resign(1)
        >>> match.over, match.result()["returns"], match.result()["resigned"]
        (True, [1.0, -1.0], 1)
        """
        if self.over:
            raise IllegalAction("the game is over")
        seat = self.state.check_seat(seat, spectator=False)
        self.events.append(Resignation(seat))

    def can_undo(self, seat: SupportsIndex, keep: Collection[SupportsIndex] = ()) -> bool:
        """Whether `seat` has a move of its own to take back, with the seats in `keep`
        agreeing to it (see `undo`)."""
        seat, kept = self._asking(seat, keep)
        return self.resigned is None and self._undo_point(seat, kept) is not None

    def settled_since(self, seat: SupportsIndex) -> bool:
        """Whether `seat`'s last move lies before a settled position (`State.settled`) or
        a draw it saw (`drawn_since`), so that it can be taken back only if every other
        seat agrees.

        >>> from spieltisch import load
        >>> match = Match(load("irono", start="A"), seed="s")
        >>> for seat, move in ((0, "b2"), (0, "A"), (1, "YGW")):
        ...     _ = match.play(seat, match.state.string_to_action(move))
        >>> match.settled_since(0), match.can_undo(0), match.can_undo(0, keep=[1])
        (True, False, True)
        """
        seat = self.state.check_seat(seat, spectator=False)
        return self._undo_point(seat) is None and self._undo_point(seat, self._others(seat)) \
            is not None

    def drawn_since(self, seat: SupportsIndex) -> bool:
        """Whether what stands in the way of taking back `seat`'s last move is a draw it
        saw since (a card turned, a tile drawn): taken back, that draw would come out
        again, so `seat` would choose again knowing what comes next. Such a move is taken
        back only if every other seat agrees.

        >>> from spieltisch import load
        >>> match = Match(load("koikoi"), seed="pile")
        >>> seat = match.state.current_player
        >>> _ = match.play(seat, match.state.legal_actions()[0])  # a card is turned
        >>> match.drawn_since(seat), match.can_undo(seat), match.can_undo(seat, keep=[1 - seat])
        (True, False, True)
        """
        seat = self.state.check_seat(seat, spectator=False)
        return self._undo_point(seat) is None and self._undo_point(seat, draws=False) \
            is not None

    def _asking(self, seat: SupportsIndex, keep: Collection[SupportsIndex]
                ) -> tuple[int, frozenset[int]]:
        """The seat asking for a take-back and the other seats in `keep`, checked."""
        mover = self.state.check_seat(seat, spectator=False)
        kept = frozenset(self.state.check_seat(other, spectator=False) for other in keep)
        return mover, kept - {mover}

    def _others(self, seat: int) -> set[int]:
        return set(range(self.game.info.num_players)) - {seat}

    def undone_by(self, seat: SupportsIndex, keep: Collection[SupportsIndex] = ()) -> set[int]:
        """The other seats whose moves taking back `seat`'s last move takes back too.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="u")
        >>> _ = match.play(0, 2); _ = match.play(1, 8)
        >>> match.undone_by(0), match.undone_by(1)
        ({1}, set())
        """
        seat, kept = self._asking(seat, keep)
        point = self._undo_point(seat, kept)
        movers = self.movers()[point:] if point is not None else []
        return {m for m in movers if m is not None and m != seat}

    def _undo_point(self, seat: int, keep: Collection[int] = (), draws: bool = True
                    ) -> int | None:
        """Where taking back `seat`'s last move cuts the line: before that move, and
        also before any hidden choices of other seats just before it, which are then
        made again (a choice is a seat's own, so it is not dealt afresh). None if there
        is no such move, or if the cut would pass a settled position or (with `draws`) a
        draw `seat` saw, and not every other seat is in `keep`."""
        line, actions = self._line, self._actions
        binding = not self._others(seat) <= set(keep)
        passed = binding and line[-1].settled()
        for i in range(len(actions) - 1, -1, -1):
            if line[i].current_player == seat:
                if passed:
                    return None
                while i and self._hidden_choice(i - 1, seat):
                    if binding and line[i].settled():
                        return None
                    i -= 1
                return i
            passed = passed or (binding and (line[i].settled()
                                             or (draws and self._seen_draw(i, seat))))
        return None

    def _seen_draw(self, i: int, seat: int) -> bool:
        """Whether action `i` is a chance outcome `seat` saw: taken back, it would come out
        again, so `seat` would choose again knowing what comes next."""
        state, action = self._line[i], self._actions[i]
        return (state.current_player == CHANCE
                and state.action_as_seen(action, seat) == state.action_to_string(action))

    def _hidden_choice(self, i: int, seat: int) -> bool:
        """Whether action `i` is another seat's choice that `seat` may not see."""
        state, action = self._line[i], self._actions[i]
        player = state.current_player
        return (player not in (seat, CHANCE)
                and state.action_as_seen(action, seat) != state.action_as_seen(action, player))

    def undo(self, seat: SupportsIndex, keep: Collection[SupportsIndex] = ()) -> None:
        """Take back `seat`'s last move and everything after it.

        Other seats' hidden choices made just before it are taken back too. A move
        behind a settled position (`State.settled`: what was hidden has been shown
        since) or behind a draw `seat` saw (`drawn_since`) is taken back only if every
        other seat is in `keep`. What
        `seat` had not seen is dealt afresh, except the hands of the seats in `keep`
        (the people who agreed to the take-back keep theirs). Chance outcomes that
        `seat` or a seat in `keep` saw come out again in the same order, as from a pile
        put back as it was: each at the chance node of the same number, if it can.

        >>> from spieltisch import load
        >>> match = Match(load("koikoi"), seed="pile")
        >>> seat = match.state.current_player
        >>> _ = match.play(seat, match.state.legal_actions()[0])
        >>> flip = match.log(seat)[-1]
        >>> match.undo(seat, keep=[1 - seat])
        >>> _ = match.play(seat, match.state.legal_actions()[-1])
        >>> match.log(seat)[-1] == flip
        True
        """
        if self.resigned is not None:
            raise IllegalAction("a resigned game cannot be taken back")
        seat, kept = self._asking(seat, keep)
        point = self._undo_point(seat, kept)
        if point is None:
            if self.drawn_since(seat):
                raise IllegalAction("you have seen what was drawn since your last move, and it "
                                    "would come out again, so your move stands unless "
                                    "everybody else agrees")
            if self.settled_since(seat):
                raise IllegalAction("what was hidden at your last move has been shown since, "
                                    "so it stands unless everybody else agrees")
            raise IllegalAction("there is no move of yours to take back")
        self._cut(point, seat, kept)

    def _cut(self, point: int, seat: int, kept: frozenset[int]) -> None:
        """Cut the line back to `point` actions, dealing afresh what `seat` had not seen
        there but the hands of the seats in `kept`; what they saw since comes out again."""
        pins = self._seen_outcomes(point, {seat, *kept})
        fresh: dict[str, JSON] | None = None
        if self.game.info.hidden_information:
            rng = random.Random(f"{self.seed}/undo/{self.draws}")
            self.draws += 1
            state = self._line[point]
            reserve = [item for _, action in sorted(pins.items())
                       if (item := state.drawn_item(action)) is not None]
            if reserve:
                redrawn = state.resample(seat, rng, kept, reserve)
            else:
                redrawn = state.resample(seat, rng, kept) if kept else state.resample(seat, rng)
            fresh = redrawn.to_json()
        self._apply_undo(Undo(point, fresh, tuple(sorted(pins.items()))))

    def branch(self, seat: SupportsIndex, step: int, players: Sequence[str] | None = None,
               seed: str | None = None) -> Match:
        """A new match that goes on from step `step` of `public_record(seat)`, as `seat`
        saw it there: what `seat` had not seen is dealt afresh (under a seed of its own),
        and what it saw drawn after that step comes out again in the same order, as
        after a take-back. Another seat's hidden choice just before the step is made
        again. The new match keeps the moves up to there; `players` names its seats.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="b")
        >>> _ = match.play(0, 2); _ = match.play(1, 8)
        >>> branch = match.branch(0, 1, players=["Ada", "Bot"])
        >>> branch.log(None), branch.players, match.log(None)
        (['A3'], ['Ada', 'Bot'], ['A3', 'B3'])
        """
        seat = self.state.check_seat(seat, spectator=False)
        steps = self._steps()
        if not 0 <= step < len(steps):
            raise IllegalAction(Reason("replay.no_step", "there is no step {step}: steps are "
                                       "numbered 0 to {last}", step=step, last=len(steps) - 1))
        point = steps[step]
        while point and self._hidden_choice(point - 1, seat):
            point -= 1
        if self._line[point].is_terminal():
            raise IllegalAction(Reason("replay.over_at_step", "the game is over at that step: "
                                       "nothing is left to play"))
        record = self.to_record()
        events = record["events"]
        assert isinstance(events, list)
        record["events"] = [e for e in events if not (isinstance(e, dict) and "resign" in e)]
        record["seed"] = seed if seed is not None else secrets.token_hex(16)
        if players is not None:
            record["players"] = list(players)
        branch = Match.from_record(record)
        if point < len(branch._actions) or self.game.info.hidden_information:
            branch._cut(point, seat, frozenset())
        return branch

    def _seen_outcomes(self, point: int, seers: set[int]) -> dict[int, int]:
        """The chance outcomes to come out again after cutting the line at `point`, by
        their chance node's number: those `seers` saw after it in the same deal, and
        those still waiting from an earlier take-back."""
        number = self._chance_nodes(point)
        deal = self._line[point].deal_number()
        pins = {n: a for n, a in self._pins.items() if n >= number}
        for state, action in zip(self._line[point:], self._actions[point:], strict=False):
            if state.deal_number() != deal:
                break
            if state.current_player != CHANCE:
                continue
            move = state.action_to_string(action)
            if any(state.action_as_seen(action, s) == move for s in seers):
                pins[number] = action
            else:
                pins.pop(number, None)
            number += 1
        return pins

    def _apply_undo(self, event: Undo) -> None:
        del self._line[event.length + 1:]
        del self._actions[event.length:]
        del self._timed_out[event.length:]
        if event.state is not None:
            self._line[-1] = self.game.state_from_json(event.state)
        self._pins = dict(event.pins)
        self._pin_deal = self._line[-1].deal_number()
        self.events.append(event)

    def log(self, seat: SupportsIndex | None) -> list[str]:
        """The current line's moves as `seat` may see them (None: spectator), each with
        what happened after it that no seat chose (`State.arrival`)."""
        return [s.action_as_seen(a, seat) + after.arrival()
                for s, a, after in zip(self._line, self._actions, self._line[1:], strict=False)]

    def timed_out_moves(self) -> list[int]:
        """Which moves of the current line (counted as in `log`) a computer player made
        for a person whose time had run out."""
        return [i for i, timed_out in enumerate(self._timed_out) if timed_out]

    def movers(self) -> list[int | None]:
        """Who made each move of the current line: a seat, or None for chance.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="m")
        >>> _ = match.play(0, 2)
        >>> match.movers()
        [0]
        """
        return [s.current_player if s.current_player >= 0 else None
                for s in self._line[:len(self._actions)]]

    def result(self) -> dict[str, JSON] | None:
        """Scores and returns once the game is over, else None; after a resignation also
        who resigned, with the scores as they stood."""
        if self.resigned is not None:
            given_up = [float(seat != self.resigned) for seat in range(len(self.players))]
            return {"scores": self.state.scores(), "returns": rank_returns(given_up),
                    "resigned": self.resigned}
        if not self.state.is_terminal():
            return None
        return {"scores": self.state.scores(), "returns": self.state.returns()}

    def to_record(self) -> dict[str, JSON]:
        """The full record (secret seed, every chance outcome): for storage only."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.info.name,
            "options": dict(self.game.info.options),
            "players": list(self.players),
            "seed": self.seed,
            "draws": self.draws,
            "events": encode_events(self.events),
            "result": self.result(),
        }

    @classmethod
    def from_record(cls, record: dict[str, JSON]) -> Match:
        """Rebuild a match from `to_record`; `IllegalAction` if the record is inconsistent."""
        newer = newer_record(record)
        if newer is not None:
            raise IllegalAction(newer)
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise IllegalAction(Reason("record.not_record", "not a {format} record",
                                       format=RECORD_FORMAT))
        try:
            return cls._replayed(record)
        except KeyError as err:
            raise IllegalAction(Reason("record.missing", "not a {format} record: it has no "
                                       "{field!r}", format=RECORD_FORMAT,
                                       field=str(err.args[0]))) from None
        except (TypeError, ValueError) as err:
            if isinstance(err, IllegalAction):
                if err.reason is not None:
                    raise
                # A record's own flaws are said in English, under a key a page translates.
                raise IllegalAction(Reason("record.flaw", "{problem}",
                                           problem=str(err))) from None
            raise IllegalAction(Reason("record.broken", "not a {format} record: {problem}",
                                       format=RECORD_FORMAT, problem=str(err))) from None

    @classmethod
    def _replayed(cls, record: dict[str, JSON]) -> Match:
        options = record["options"]
        if not isinstance(options, dict):
            raise IllegalAction(Reason("record.options", "options must be a mapping, not "
                                       "{value}", value=repr(options)))
        key = record["game"]
        if not isinstance(key, str):
            raise IllegalAction(Reason("record.game", "game must be a game's key, such as "
                                       "'oware', not {value}", value=repr(key)))
        game = load(key, **{**game_spec(key).recorded_defaults, **options})
        players, draws = record["players"], record["draws"]
        n = game.info.num_players
        if not isinstance(players, list) or len(players) != n \
                or not all(isinstance(p, str) for p in players):
            raise IllegalAction(Reason("record.players", "players must be {n} names, not "
                                       "{value}", n=n, value=repr(players)))
        if type(draws) is not int or draws < 0:
            raise IllegalAction(Reason("record.draws", "draws must be a count, not {value}",
                                       value=repr(draws)))
        match = cls.__new__(cls)
        match.game = game
        match.seed = str(record["seed"])
        match.players = list(players)
        match.events = []
        match.draws = draws
        match._line = [game.new_initial_state()]
        match._actions = []
        match._timed_out = []
        match._pins = {}
        match._pin_deal = 0
        events = record["events"]
        if not isinstance(events, list):
            raise IllegalAction(Reason("record.events", "events must be a list, not {value}",
                                       value=repr(events)))
        for event in events:
            if match.resigned is not None:
                raise IllegalAction(Reason("record.after_resignation",
                                           "nothing can follow a resignation"))
            if match.state.is_terminal() and not (isinstance(event, dict) and "undo" in event):
                raise IllegalAction(Reason("record.after_end",
                                           "nothing but a take-back can follow the game's end"))
            if isinstance(event, dict) and "resign" in event:
                seat = event["resign"]
                if type(seat) is not int:
                    raise IllegalAction(Reason("record.resignation", "a resignation names a "
                                               "seat, not {value}", value=repr(seat)))
                if not 0 <= seat < n:
                    raise IllegalAction(Reason("record.no_seat", "a resignation names seat "
                                               "{seat}, but the seats are 0 to {last}",
                                               seat=seat, last=n - 1))
                match.resign(seat)
            elif isinstance(event, dict) and "timed_out" in event:
                action = event["timed_out"]
                if type(action) is not int or match.state.current_player < 0:
                    raise IllegalAction(Reason("record.timed_out", "a move made when time "
                                               "ran out is a seat's action, not {value}",
                                               value=repr(action)))
                _check_action(game, action)
                match._push(action, timed_out=True)
            elif isinstance(event, dict) and "undo" in event:
                length = event["undo"]
                made = len(match._actions)
                # A take-back of nothing only deals afresh: a game played on from its last step.
                if type(length) is not int or not 0 <= length <= made or \
                        (length == made and event.get("state") is None):
                    raise IllegalAction(Reason("record.take_back", "a take-back to move "
                                               "{length} in a line of {made} {moves}",
                                               length=repr(length), made=made,
                                               moves="move" if made == 1 else "moves"))
                undo = Undo(length, event.get("state"), _decode_pins(event.get("pins", [])))
                match._check_redeal(undo)
                match._apply_undo(undo)
            elif type(event) is int:
                _check_action(game, event)
                match._push(event)
            else:
                raise IllegalAction(Reason("record.event", "an event is an action id, a move "
                                           "made when time ran out, a take-back or a "
                                           "resignation, not {value}", value=repr(event)))
        return match

    def _check_redeal(self, event: Undo) -> None:
        """A recorded take-back may deal afresh only what nobody saw, and only in a game
        that hides anything."""
        if event.state is None:
            return
        if not self.game.info.hidden_information:
            raise IllegalAction(Reason("record.deal_open", "a take-back in a game without "
                                       "hidden information deals nothing afresh"))
        if not isinstance(event.state, dict):
            raise IllegalAction(Reason("record.deal_state", "a take-back's fresh deal is a "
                                       "state, not {value}", value=repr(event.state)))
        before = self._line[event.length]
        try:
            fresh = self.game.state_from_json(event.state)
        except IllegalAction as err:
            raise IllegalAction(Reason("record.deal_broken", "a take-back's fresh deal is no "
                                       "state of this game: {problem}",
                                       problem=str(err))) from None
        if fresh.view(None) != before.view(None):
            raise IllegalAction(Reason("record.deal_seen", "a take-back's fresh deal changes "
                                       "what everybody could see"))

    def _steps(self) -> list[int]:
        """Where the line's positions a viewer sees stand in it: all but chance nodes,
        since nobody sees a position mid-deal."""
        return [i for i, s in enumerate(self._line) if not s.is_chance_node()]

    def decision(self, seat: SupportsIndex, step: int) -> tuple[State, int]:
        """The state at step `step` of `public_record(seat)`, where `seat` was to move,
        and the action it took there; `IllegalAction` if it took none there.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="d")
        >>> _ = match.play(0, 2); _ = match.play(1, 8)
        >>> state, played = match.decision(1, 1)
        >>> state.current_player, state.action_to_string(played)
        (1, 'B3')
        >>> match.decision(0, 1)
        Traceback (most recent call last):
        spieltisch.core.protocol.IllegalAction: seat 0 made no move at step 1
        """
        seat = self.state.check_seat(seat, spectator=False)
        steps = self._steps()
        if not 0 <= step < len(steps):
            raise IllegalAction(Reason("replay.no_step", "there is no step {step}: steps are "
                                       "numbered 0 to {last}", step=step, last=len(steps) - 1))
        at = steps[step]
        if at >= len(self._actions) or self._line[at].current_player != seat:
            raise IllegalAction(Reason("replay.no_move", "seat {seat} made no move at step "
                                       "{step}", seat=seat, step=step))
        if self._timed_out[at]:
            raise IllegalAction(Reason("replay.timed_out", "seat {seat}'s time ran out at "
                                       "step {step}: a computer player made that move",
                                       seat=seat, step=step))
        return self._line[at], self._actions[at]

    def public_record(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        """What `seat` may keep of this game: its views step by step and the moves as seen.

        Step ``i`` shows ``views[i]`` after the first ``moves_before[i]`` entries of
        ``moves`` (made by ``movers``; those whose numbers ``timed_out`` lists a computer
        player made for a person whose time had run out); chance nodes are skipped, since
        nobody sees a position mid-deal.

        >>> from spieltisch import load
        >>> match = Match(load("oware", start="A"), seed="r")
        >>> _ = match.play(0, 2)
        >>> kept = match.public_record(None)
        >>> kept["moves"], kept["movers"], kept["moves_before"], len(kept["views"])
        (['A3'], [0], [0, 1], 2)
        """
        seat = self.state.check_seat(seat)
        steps = self._steps()
        return {
            "format": RECORD_FORMAT + "+views",
            "game": self.game.info.name,
            "options": dict(self.game.info.options),
            "players": list(self.players),
            "seat": seat,
            "moves": self.log(seat),
            "movers": list(self.movers()),
            "timed_out": self.timed_out_moves(),
            "moves_before": list(steps),
            "views": [self._line[i].view(seat) for i in steps],
            "result": self.result(),
        }
