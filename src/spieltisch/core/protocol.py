"""The protocol every game fulfils: `Game`, `State`, `GameInfo`, `IllegalAction`.

States are immutable: `apply` returns a new state. Actions are ints in
``[0, game.info.num_distinct_actions)`` with a human notation that round-trips
through `State.action_to_string` and `State.string_to_action`. Chance is explicit:
at a chance node `current_player` is `CHANCE` and `chance_outcomes` lists the
outcomes with their probabilities; whoever drives the state picks one.

Besides its abstract methods, a `State` has some that games override where they need
to: `State.settled` (this position settles what came before it, so a take-back stops
here unless every other seat agrees), `State.arrival` (what happened on the way here
that no seat chose, for the log line of the move that led here), `State.hidden_move`,
`State.drawn_item`, `State.deal_number` and `State.ranking_scores`.
"""

from __future__ import annotations

import json
import operator
import random
import weakref
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NoReturn, SupportsIndex, TypeGuard, overload

from spieltisch.core.reasons import Reason

CHANCE = -1
"""`State.current_player` at a chance node."""
TERMINAL = -4
"""`State.current_player` once the game is over."""

JSON = Any
"""A JSON-safe value: dict, list, str, int, float, bool or None."""


class IllegalAction(ValueError):
    """An action, notation or option that is not allowed; the message says why.

    >>> IllegalAction(Reason("oware.empty", "{pit} is empty", pit="A3")).reason.key
    'oware.empty'
    """

    @property
    def reason(self) -> Reason | None:
        """The message as a `Reason` a page can translate, if it is one."""
        message = self.args[0] if self.args else None
        return message if isinstance(message, Reason) else None


def as_action(action: Any) -> int:
    """An action id as a plain int, from any integer type (numpy's included); a bool, a
    float or anything else is refused.

    >>> import numpy as np
    >>> as_action(np.int64(3)), as_action(3)
    (3, 3)
    >>> as_action(1.0)
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: an action is an int, not float 1.0
    """
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise IllegalAction(f"an action is an int, not {type(action).__name__} {action!r}")


def unknown_options(title: str, unknown: Collection[str], known: Sequence[str]) -> IllegalAction:
    """The error for options a game does not have, naming the ones it has.

    >>> print(unknown_options("Okey", ["speed"], ["preset", "players", "rounds"]))
    Okey has no option 'speed'; options: preset, players, rounds
    >>> print(unknown_options("Okey", ["speed", "jokers"], ["preset"]))
    Okey has no options 'jokers', 'speed'; options: preset
    """
    names = ", ".join(map(repr, sorted(unknown)))
    if len(unknown) == 1:
        return IllegalAction(Reason("option.unknown", "{title} has no option {names}; "
                                    "options: {known}", title=title, names=names,
                                    known=", ".join(known)))
    return IllegalAction(Reason("option.unknown_many", "{title} has no options {names}; "
                                "options: {known}", title=title, names=names,
                                known=", ".join(known)))


def unknown_preset(preset: object, presets: Collection[str]) -> IllegalAction:
    """The error for a preset a game does not have, naming the ones it has.

    >>> print(unknown_preset("nope", ["seed", "standard"]))
    unknown preset 'nope'; choose one of seed, standard
    """
    return IllegalAction(Reason("option.unknown_preset", "unknown preset {preset}; choose "
                                "one of {presets}", preset=shown(preset),
                                presets=", ".join(presets)))


def players_refused(title: str, counts: Sequence[int], players: object) -> IllegalAction:
    """The error for a number of players a game is not played by (`counts`, in order).

    >>> print(players_refused("Okey", [2, 3, 4], 5))
    Okey is played by 2, 3 or 4 players, not 5
    >>> players_refused("Koi-Koi", [2], "3").args[0].key
    'option.players_only'
    """
    value = shown(players)
    if len(counts) == 1:
        return IllegalAction(Reason("option.players_only", "{title} is played by {n} players, "
                                    "not {value}", title=title, n=counts[0], value=value))
    said = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"
    return IllegalAction(Reason("option.players_range", "{title} is played by {counts} "
                                "players, not {value}", title=title, counts=said,
                                least=min(counts), most=max(counts), value=value))


def preset_players(preset: str, players: int) -> IllegalAction:
    """The error for a preset played by `players` only, asked for with another number.

    >>> print(preset_players("abapa", 2))
    the abapa preset is for 2 players
    """
    return IllegalAction(Reason("option.preset_players", "the {preset} preset is for {n} "
                                "players", preset=preset, n=players))


def option_choice(name: Reason, value: object, allowed: Sequence[str]) -> IllegalAction:
    """The error for the option `name` (a `Reason`) given a value not among `allowed`.

    >>> print(option_choice(Reason("option.start", "start"), "Z", ["random", "A", "B"]))
    option start must be one of random, A, B, not 'Z'
    """
    return IllegalAction(Reason("option.one_of", "option {option} must be one of {allowed}, "
                                "not {value}", option=name, allowed=", ".join(allowed),
                                value=shown(value)))


def shown(value: object) -> str:
    """An option's value as people write it: a text in quotes, anything else as JSON
    (``true``, ``null``, ``[1]``), never in Python's spelling.

    >>> print(shown("maybe"), shown(True), shown(None), shown(2.5), shown([1]))
    'maybe' true null 2.5 [1]
    """
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is a whole number as JSON holds one: an int, but not a bool.

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def option_number(name: Reason, value: object, low: int, high: int) -> int:
    """`value` if it is a whole number from `low` to `high`, for the option `name` (a
    `Reason`, so that a page can name the option in its language); else `IllegalAction`
    with a `Reason` (``option.range``).

    >>> rounds = Reason("option.rounds", "rounds")
    >>> option_number(rounds, 5, 1, 500)
    5
    >>> option_number(rounds, 0, 1, 500)
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: option rounds must be a whole number from 1 to 500, ...
    """
    if is_whole(value) and low <= value <= high:
        return value
    raise IllegalAction(Reason(
        "option.range", "option {option} must be a whole number from {low} to {high}, "
        "not {value}", option=name, low=low, high=high,
        value=shown(value)))


_FLAGS = {**dict.fromkeys(("true", "yes", "on", "1"), True),
          **dict.fromkeys(("false", "no", "off", "0"), False)}


def option_flag(name: Reason, value: object) -> bool:
    """`value` as a yes-or-no option `name`: true or false, 1 or 0, or written out (as
    options typed at a prompt or a command line come) as true/false, yes/no, on/off or
    1/0 in any case; else `IllegalAction` with a `Reason` (``option.flag``).

    >>> double = Reason("option.double_seven", "double_seven")
    >>> option_flag(double, True), option_flag(double, 0), option_flag(double, " Yes")
    (True, False, True)
    >>> option_flag(double, "maybe")
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: option double_seven must be true or false (or ...
    """
    if isinstance(value, bool):
        return value
    if is_whole(value) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _FLAGS:
        return _FLAGS[value.strip().lower()]
    raise IllegalAction(Reason(
        "option.flag", "option {option} must be true or false (or yes/no, on/off, 1/0), "
        "not {value}", option=name, value=shown(value)))


def whole_number(value: object) -> int:
    """`value` if it is a whole number, as a state's JSON holds them; else `IllegalAction`
    (a string, a fraction and true are not).

    >>> whole_number(3)
    3
    >>> whole_number("3")
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: '3' is not a whole number
    """
    if not is_whole(value):
        raise IllegalAction(f"{value!r} is not a whole number")
    return value


READ_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)
"""What reading a state from JSON of the wrong shape raises; `unreadable` words it."""


def read_fault(fault: Exception) -> str:
    """What was wrong with JSON a reader broke on (`fault`, one of `READ_ERRORS`): a
    refusal of the reader's own in its words, a missing field by its name, anything
    else in general (what Python says of it means nothing to people).

    >>> read_fault(KeyError("racks")), read_fault(IllegalAction("7 is not a tile kind"))
    ("'racks' is missing or unknown", '7 is not a tile kind')
    >>> read_fault(TypeError("'int' object is not iterable"))
    'a field holds a value it cannot have'
    """
    if isinstance(fault, IllegalAction):
        return str(fault)
    if isinstance(fault, KeyError) and fault.args:
        return f"{fault.args[0]!r} is missing or unknown"
    return "a field holds a value it cannot have"


def unreadable(what: str, fault: Exception, data: JSON = None) -> IllegalAction:
    """The error for JSON a state reader broke on, which is then not `what`; if `data`
    is a state of another game, the error names that game.

    >>> print(unreadable("an Okey state", KeyError("racks")))
    not an Okey state: 'racks' is missing or unknown
    >>> from spieltisch import load
    >>> koikoi = load("koikoi").new_initial_state().to_json()
    >>> print(unreadable("an Oh-Wah-Ree state", KeyError("board"), koikoi))
    this is a Koi-Koi state, not an Oh-Wah-Ree state
    """
    from spieltisch.core.registry import state_title  # the registry builds on this module

    title = state_title(data)
    if title is not None and f"{title} state" not in what:
        article = "an" if title[0] in "AEIOU" else "a"
        return IllegalAction(f"this is {article} {title} state, not {what.partition(' for ')[0]}")
    return IllegalAction(f"not {what}: {read_fault(fault)}")


def check_text(text: object) -> None:
    """Refuse notation that is not a string (`State.string_to_action` calls it).

    >>> check_text(5)
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: a move is written as a string, not int
    """
    if not isinstance(text, str):
        raise IllegalAction(f"a move is written as a string, not {type(text).__name__}")


def not_an_outcome(text: str) -> IllegalAction:
    """The error for notation that names no chance outcome at a chance node.

    >>> print(not_an_outcome(" A1"))
    'A1' is not a possible chance outcome now
    """
    return IllegalAction(f"{text.strip()!r} is not a possible chance outcome now")


class Options(dict[str, JSON]):
    """A game's options: a dict (JSON, pickle and copies work as for one) that cannot be
    changed, since a game's states and records rely on them.

    >>> Options({"rounds": 3})["rounds"] = 1
    Traceback (most recent call last):
    ...
    TypeError: a game's options cannot change; load the game with other options
    """

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a game's options cannot change; load the game with other options")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, JSON]]]:
        return Options, (dict(self),)


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a loaded game (a rule set with its options).

    >>> info = GameInfo("demo", "Demo", "default", 2, 3, 0, 10, False, (4,), {"rounds": 3})
    >>> info.num_players, info.num_distinct_actions, dict(info.options)
    (2, 3, {'rounds': 3})
    >>> info.options["rounds"] = 1
    Traceback (most recent call last):
    ...
    TypeError: a game's options cannot change; load the game with other options
    """

    name: str
    """Registry key, e.g. ``"oware"``."""
    title: str
    """Name shown to people, e.g. ``"Oh-Wah-Ree"``."""
    preset: str
    num_players: int
    num_distinct_actions: int
    """Player actions and chance outcomes share this id range."""
    max_chance_outcomes: int
    max_game_length: int
    """An upper bound on the number of actions (chance included) in one game."""
    hidden_information: bool
    observation_shape: tuple[int, ...]
    """Shape of `State.observation` for reinforcement learning."""
    options: Mapping[str, JSON] = field(default_factory=dict)
    """The full option set, JSON-safe, enough to `load` the same game again; read-only
    (``dict(info.options)`` gives a copy to change)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", Options(self.options))


class Game(ABC):
    """A rule set with its options; a factory of states."""

    info: GameInfo

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first action (may be a chance node)."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> State:
        """Rebuild a state from `State.to_json`; raises `IllegalAction` on bad data."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.info.name} preset={self.info.preset!r}>"


_DRAWABLE: weakref.WeakKeyDictionary[Game, frozenset[int | None]] = weakref.WeakKeyDictionary()
"""For each loaded game, every card or tile its chance outcomes take from a pile."""


class State(ABC):
    """One position of a game. Immutable; every method is pure.

    States are equal when they are of one game with the same options and their full
    contents (`to_json`, history kept by the game included) agree.

    >>> from spieltisch import load
    >>> start = load("oware", start="A").new_initial_state()
    >>> start.apply(2) == load("oware", start="A").new_initial_state().apply(2) != start
    True
    >>> start
    <OwareState oware: seat 0 to move>
    """

    game: Game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (type(self) is type(other) and self.game.info == other.game.info
                and self.to_json() == other.to_json())

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.game.info.name,
                     json.dumps(self.to_json(), sort_keys=True)))

    def __repr__(self) -> str:
        player = self.current_player
        where = ("over" if player == TERMINAL else "chance to move" if player == CHANCE
                 else f"seat {player} to move")
        return f"<{type(self).__name__} {self.game.info.name}: {where}>"

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat to act (0..n-1), `CHANCE` or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Actions of the player to move, or the chance outcomes' actions; [] at the end."""

    @abstractmethod
    def _apply(self, action: int) -> State:
        """Apply an action already known to be legal."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points for each seat (stones, tokens, yaku points, rounds)."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """Notation of `action` in this state (players' moves and chance outcomes)."""

    @abstractmethod
    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        """Everything `seat` may know, JSON-safe; ``None`` is a spectator."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The full state (hidden parts included), for storage and tests."""

    @abstractmethod
    def observation(self, seat: SupportsIndex) -> list[float]:
        """A flat tensor of what `seat` may know, length ``prod(info.observation_shape)``."""

    @overload
    def check_seat(self, seat: SupportsIndex | None,
                   spectator: Literal[True] = True) -> int | None: ...

    @overload
    def check_seat(self, seat: SupportsIndex | None, spectator: Literal[False]) -> int: ...

    def check_seat(self, seat: SupportsIndex | None, spectator: bool = True) -> int | None:
        """`seat` as a plain int (from any integer type, numpy's included), or None for a
        spectator where ``spectator`` allows one; `IllegalAction` for no seat of this
        game. `view`, `observation` and `resample` call it.

        >>> import numpy as np
        >>> from spieltisch import load
        >>> state = load("oware", start="A").new_initial_state()
        >>> type(state.check_seat(np.int64(1)))
        <class 'int'>
        >>> state.check_seat(-1, spectator=False)
        Traceback (most recent call last):
        ...
        spieltisch.core.protocol.IllegalAction: there is no seat -1: seats are the ints 0 to 1
        """
        n = self.game.info.num_players
        if seat is None:
            if spectator:
                return None
        elif not isinstance(seat, bool):
            try:
                index = operator.index(seat)
            except TypeError:
                pass
            else:
                if 0 <= index < n:
                    return index
        raise IllegalAction(f"there is no seat {seat!r}: seats are the ints 0 to {n - 1}"
                            + (", or None for a spectator" if spectator else ""))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node; [] elsewhere."""
        return []

    def sample_chance(self, rng: random.Random) -> int:
        """One of `chance_outcomes`, drawn by its probability with `rng`.

        >>> from spieltisch import load
        >>> load("oware").new_initial_state().sample_chance(random.Random(0))
        1
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("this is not a chance node")
        if not isinstance(rng, random.Random):
            raise IllegalAction(f"sample_chance draws with a random.Random, not "
                                f"{type(rng).__name__}")
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]

    def drawn_item(self, action: int) -> int | None:
        """What chance outcome `action` takes from a pile, named the same in every state
        however it is drawn (a card, a tile's kind); None if it takes nothing from one.

        >>> from spieltisch import load
        >>> load("oware").new_initial_state().drawn_item(0) is None
        True
        """
        del action
        return None

    def deal_number(self) -> int:
        """Which deal of the hidden items this state belongs to: it grows whenever they
        are shuffled afresh (a new month, a new round), so that what came out in one
        deal tells nothing about another; 0 in games that deal once.

        >>> from spieltisch import load
        >>> load("colomino").new_initial_state().deal_number()
        0
        """
        return 0

    def settled(self) -> bool:
        """Whether this position settles what came before it: a choice hidden then has
        been shown here, so a seat taken back past it would choose again knowing what
        it was not meant to know. A take-back stops here unless every other seat agrees
        to it (`Match.undo`); False in games without such moments.

        >>> from spieltisch import load
        >>> load("koikoi").new_initial_state().settled()
        False
        """
        return False

    def resample(self, seat: SupportsIndex, rng: random.Random,
                 keep: Collection[SupportsIndex] = (),
                 reserve: Sequence[int] = ()) -> State:
        """A full state that `seat` cannot tell apart from this one, drawn at random;
        the hidden holdings of the seats in `keep` (a hand, a rack) stay as they are.
        The pile keeps the items in `reserve` (as `drawn_item` names them) where this
        state allows it, in the order given.
        The seats, the generator and the items are checked here; games redraw in
        `_resample`.

        >>> from spieltisch import load
        >>> state = load("koikoi").new_initial_state()
        >>> state.resample(0, random.Random(0), reserve=["8b"])
        Traceback (most recent call last):
        ...
        spieltisch.core.protocol.IllegalAction: reserve names cards or tiles by number ...
        """
        seat = self.check_seat(seat, spectator=False)
        kept = frozenset(self.check_seat(other, spectator=False) for other in keep)
        if not isinstance(rng, random.Random):
            raise IllegalAction(f"resample draws with a random.Random, not "
                                f"{type(rng).__name__}")
        return self._resample(seat, rng, kept, self._items(reserve))

    def _items(self, reserve: Sequence[int]) -> tuple[int, ...]:
        """`reserve` as plain ints, each a card or tile `drawn_item` can name."""
        items = []
        for item in reserve:
            try:
                if isinstance(item, bool):
                    raise TypeError
                items.append(operator.index(item))
            except TypeError:
                raise IllegalAction(f"reserve names cards or tiles by number (as drawn_item "
                                    f"does), not by {type(item).__name__}") from None
        if items:
            game = self.game
            drawable = _DRAWABLE.get(game)
            if drawable is None:
                drawable = _DRAWABLE[game] = frozenset(
                    self.drawn_item(a) for a in range(game.info.num_distinct_actions)) - {None}
            for item in items:
                if item not in drawable:
                    raise IllegalAction(f"reserve names {item}, which {game.info.title} never "
                                        f"draws")
        return tuple(items)

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> State:
        """`resample` for checked seats; perfect-information games return the state itself."""
        del seat, rng, keep, reserve
        return self

    def apply(self, action: SupportsIndex) -> State:
        """The state after `action` (an int, or any integer type such as numpy's);
        `IllegalAction` (saying why) if it is not legal."""
        if self.is_terminal():
            raise IllegalAction("the game is over; no action is legal")
        plain = as_action(action)
        if not 0 <= plain < self.game.info.num_distinct_actions:
            raise IllegalAction(f"action {plain} is out of range")
        if plain not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(plain))
        return self._apply(plain)

    def explain_illegal(self, action: int) -> str:
        """Why `action` is not legal here; games may give a sharper reason.

        Raises `IllegalAction` for a value that is no action id at all.
        """
        action = as_action(action)
        try:
            name = self.action_to_string(action)
        except (IllegalAction, IndexError, KeyError, ValueError):
            name = f"action {action}"
        return Reason("move.not_legal", "{move} is not a legal move now", move=name)

    def string_to_action(self, text: str) -> int:
        """Parse notation into a legal action; raise `IllegalAction` if none matches."""
        check_text(text)
        if self.is_terminal():
            raise IllegalAction(Reason("game.over", "the game is over"))
        wanted = text.strip().lower()
        for action in self.legal_actions():
            if self.action_to_string(action).lower() == wanted:
                return action
        if self.is_chance_node():
            raise not_an_outcome(text)
        raise IllegalAction(Reason("move.unknown", "{text!r} is not a legal move now",
                                   text=text.strip()))

    def action_as_seen(self, action: int, seat: SupportsIndex | None) -> str:
        """Notation of `action` (taken in this state) as `seat` may see it: what
        `hidden_move` says where the seat may not know the move, else the notation.
        The seat and the action are checked either way."""
        seat = self.check_seat(seat)
        move = self.action_to_string(action)
        hidden = self.hidden_move(action, seat)
        return move if hidden is None else hidden

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        """What `seat` (None: a spectator) sees of `action` if it may not know it, or None.

        Here every chance outcome of a hidden-information game is ``chance``; games
        override this to show more (whom a card was dealt to) or to hide choices.
        """
        if self.current_player == CHANCE and self.game.info.hidden_information:
            return "chance"
        return None

    def arrival(self) -> str:
        """What happened on the way to this state that no seat chose, said at the end of
        the log line of the move that led here (Colomino's ``; player 3 is skipped``);
        empty here and in most games."""
        return ""

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player == CHANCE

    def returns(self) -> list[float]:
        """Utilities at the end, summing to zero; all zero before the end.

        Two players: +1 / -1, 0 for a draw. More players: by rank, each seat
        scores (seats beaten - seats beating it) / (n - 1).
        """
        if not self.is_terminal():
            return [0.0] * self.game.info.num_players
        return rank_returns(self.ranking_scores())

    def ranking_scores(self) -> Sequence[float | tuple[float, ...]]:
        """What decides the ranking at the end; by default `scores`. Games with
        tie-breakers return tuples."""
        return self.scores()

    def __str__(self) -> str:
        return str(self.view(None))


def rank_returns(keys: Sequence[float | tuple[float, ...]]) -> list[float]:
    """Zero-sum utilities from ranking keys (higher is better).

    >>> rank_returns([3, 5])
    [-1.0, 1.0]
    >>> rank_returns([2, 2])
    [0.0, 0.0]
    >>> rank_returns([1, 9, 5, 5])
    [-1.0, 1.0, 0.0, 0.0]
    """
    n = len(keys)
    out: list[float] = []
    for k in keys:
        better = sum(1 for other in keys if _key(other) > _key(k))
        worse = sum(1 for other in keys if _key(other) < _key(k))
        out.append((worse - better) / (n - 1) if n > 1 else 0.0)
    return out


def _key(k: float | tuple[float, ...]) -> tuple[float, ...]:
    return k if isinstance(k, tuple) else (k,)
