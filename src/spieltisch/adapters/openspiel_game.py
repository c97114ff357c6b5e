"""OpenSpiel: every registered game as a Python game ``python_spieltisch_<key>``.

``pip install spieltisch[rl]``. Importing this module registers the games with
``pyspiel``; load them by name, with the spieltisch options as game parameters::

    import pyspiel
    import spieltisch.adapters.openspiel_game
    game = pyspiel.load_game("python_spieltisch_oware(preset=grand,players=3)")

Parameters: ``preset`` (in any letter case), ``players`` and every other option
that is a bool, int, float or string. Every option given counts, at the default
game's value too (``python_spieltisch_koikoi(preset=nintendo,double_seven=false)``);
one left out is the chosen preset's own. A number or text option the presets set
differently has a default no value takes (-1, or the empty text) that says so; the
other options have the default game's values as defaults. The game type is exact
for the loaded options: explicit stochastic chance when the game has
chance nodes, imperfect information when it hides anything. Utilities are the
spieltisch `returns` (zero-sum, in [-1, 1], at the end only).

Observations: the observation tensor is `State.observation`, the observation
string the seat's `view` as JSON; the information-state string adds the moves
as that seat saw them (perfect recall). ``resample_from_infostate`` draws a
state with `State.resample`, so OpenSpiel's ``ISMCTSBot`` can play the
hidden-information games.

>>> import pyspiel
>>> game = pyspiel.load_game("python_spieltisch_oware(preset=abapa)")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1, 2, 3, 4, 5]
>>> state.apply_action(2)
>>> state.current_player(), game.get_type().information.name
(1, 'PERFECT_INFORMATION')
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from spieltisch.core.protocol import CHANCE, JSON, TERMINAL, GameInfo, IllegalAction, State
from spieltisch.core.protocol import Game as SpieltischGame
from spieltisch.core.registry import GameSpec, available_games, canonical_preset, game_spec

PREFIX = "python_spieltisch_"
Params = Mapping[str, Any]
RECENT_STRINGS = 256
"""Observation strings each observer keeps for states it may be asked about again (a
perfect-recall string grows with the game, so keeping every one would not do)."""
_REGISTERED: dict[str, tuple[GameSpec, dict[str, Any]]] = {}
"""Short name -> spec and parameter defaults of every game registered by this module."""


def short_name(key: str) -> str:
    """The pyspiel name of a spieltisch game.

    >>> short_name("oware")
    'python_spieltisch_oware'
    """
    return PREFIX + key


PRESETS_OWN: dict[type, Any] = {int: -1, float: -1.0, str: ""}
"""The default of a number or text parameter whose value the presets set differently:
no value the option takes, so that it reads "the preset's own" and every real value,
the default game's included, counts as asked for."""


GIVEN_BEFORE = "_given_before"
"""A parameter no one gives. pyspiel hands a Python game the parameters given, in
name order, and then the defaults it filled in, in name order; this name sorts
first, so the parameters before it are the ones given (a bool at its default too)."""


def _parameters(spec: GameSpec) -> dict[str, Any]:
    """Game parameters with their defaults: every option of the default game that
    pyspiel can hold (bool, int, float, str); one the presets set differently has
    `PRESETS_OWN` as its default, unless it is a bool (no third value there)."""
    info = spec.factory().info
    values = {"players": info.num_players, **info.options}
    presets = [spec.factory(preset=preset).info.options for preset in spec.presets]
    params: dict[str, Any] = {GIVEN_BEFORE: "", "preset": info.preset}
    for name, value in values.items():
        if name == "preset" or not isinstance(value, (bool, int, float, str)):
            continue
        low = spec.option_ranges.get(name, (0, 0))[0]
        varies = any(options.get(name, value) != value for options in presets)
        own = PRESETS_OWN.get(type(value))
        params[name] = own if varies and own is not None and low >= 0 else value
    return params


def _options(defaults: dict[str, Any], params: Params) -> dict[str, Any]:
    """The spieltisch options from pyspiel parameters: those given (see `GIVEN_BEFORE`)
    and those off their defaults; the rest, and a `PRESETS_OWN` default given, are left
    to the preset."""
    names = list(params)
    given = set(names[:names.index(GIVEN_BEFORE)] if GIVEN_BEFORE in names else names)
    values = {**defaults, **params}
    return {name: value for name, value in values.items()
            if name == "preset" or (name != GIVEN_BEFORE and value != defaults[name])
            or (name in given and not _presets_own(defaults[name]))}


def _presets_own(default: Any) -> bool:
    """Whether a parameter's default is the `PRESETS_OWN` one, which means the preset's."""
    return type(default) in PRESETS_OWN and default == PRESETS_OWN[type(default)]


def _game_type(spec: GameSpec, info: GameInfo, params: dict[str, Any]) -> pyspiel.GameType:
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(spec.key),
        long_name=f"spieltisch {spec.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(kind.ChanceMode.EXPLICIT_STOCHASTIC if info.max_chance_outcomes
                     else kind.ChanceMode.DETERMINISTIC),
        information=(kind.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else kind.Information.PERFECT_INFORMATION),
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_ORIGINS: dict[int, tuple[str, str]] = {}
"""id of every game `_load` made -> the short name and options it was made from."""


@functools.cache
def _load(name: str, options_json: str) -> SpieltischGame:
    game = _REGISTERED[name][0].factory(**json.loads(options_json))
    _ORIGINS[id(game)] = (name, options_json)
    return game


class _Line:
    """The spieltisch state and how it was reached; immutable, so copies share it.

    ``base`` holds the moves before the root (after a resample) as each seat saw
    them, and under ``None`` as a spectator saw them.
    """

    __slots__ = ("_as_seen", "action", "base", "parent", "state")

    def __init__(self, state: State, parent: _Line | None = None, action: int = -1,
                 base: Mapping[int | None, tuple[str, ...]] | None = None) -> None:
        self.state = state
        self.parent = parent
        self.action = action
        self.base = base
        self._as_seen: dict[int | None, str] = {}

    def then(self, action: int) -> _Line:
        return _Line(self.state.apply(action), self, action)

    def steps(self) -> list[_Line]:
        """The root first, this line last."""
        line: _Line | None = self
        out = []
        while line is not None:
            out.append(line)
            line = line.parent
        return out[::-1]

    def seen(self, seat: int | None) -> list[str]:
        """The moves as `seat` saw them (``None``: as a spectator saw them)."""
        moves = []
        line = self
        while line.parent is not None:
            text = line._as_seen.get(seat)
            if text is None:
                text = line._as_seen[seat] = line.parent.state.action_as_seen(line.action, seat)
            moves.append(text)
            line = line.parent
        return [*(line.base[seat] if line.base else ()), *reversed(moves)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Line:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Line], tuple[Any, ...]]:
        steps = self.steps()
        name, options_json = _ORIGINS[id(self.state.game)]
        return _restore_line, (name, options_json, steps[0].state.to_json(),
                               [s.action for s in steps[1:]], steps[0].base)


def _restore_line(name: str, options_json: str, root: JSON, actions: list[int],
                  base: Mapping[int | None, tuple[str, ...]] | None) -> _Line:
    line = _Line(_load(name, options_json).state_from_json(root), base=base)
    for action in actions:
        line = line.then(action)
    return line


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A spieltisch game (with options from the game parameters) as a pyspiel game.

    `register` makes one subclass per game, with its `short_name` set.
    """

    short_name = ""

    def __init__(self, params: Params | None = None) -> None:
        name = self.short_name
        spec, defaults = _REGISTERED[name]
        options = _options(defaults, params or {})
        if isinstance(options.get("preset"), str):
            options["preset"] = canonical_preset(spec, options["preset"])
        self.spieltisch_game = _load(name, json.dumps(options, sort_keys=True))
        info = self.spieltisch_game.info
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions,
            max_chance_outcomes=info.num_distinct_actions if info.max_chance_outcomes else 0,
            num_players=info.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=info.max_game_length,
        )
        actual = {key: info.options.get(key, value) for key, value in defaults.items()
                  if key != GIVEN_BEFORE}
        super().__init__(_game_type(spec, info, defaults), game_info, actual)

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, _Line(self.spieltisch_game.new_initial_state()))

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        return pyspiel.load_game, (str(self),)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Params | None = None) -> Observer:
        """The observer of `iig_obs_type`; pyspiel passes the parameters alone, in its
        place, when no observation type is asked for."""
        if isinstance(iig_obs_type, Mapping):
            iig_obs_type, params = None, iig_obs_type
        return Observer(self.spieltisch_game, iig_obs_type, params)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state around an immutable spieltisch state."""

    def __init__(self, game: OpenSpielGame, line: _Line) -> None:
        super().__init__(game)
        self.line = line

    @property
    def spieltisch_state(self) -> State:
        """The spieltisch state now."""
        return self.line.state

    def current_player(self) -> int:
        player = self.line.state.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.line.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.line.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.line = self.line.then(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.line.state.action_to_string(int(action))
        except IllegalAction:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.line.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.line.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state `player_id` cannot tell from this one. The moves so far are kept as
        `player_id` saw them for that player, and as a spectator saw them for the others:
        what else they knew is not `player_id`'s to give them (their views show what they
        hold in the resampled state)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        public = tuple(self.line.seen(None))
        base: dict[int | None, tuple[str, ...]] = {
            seat: public for seat in range(self.get_game().num_players())}
        base[player_id] = tuple(self.line.seen(player_id))
        base[None] = public
        resampled = self.line.state.resample(player_id, rng)
        return OpenSpielState(self.get_game(), _Line(resampled, base=base))

    def __str__(self) -> str:
        return json.dumps(self.line.state.to_json(), sort_keys=True)


class Observer:
    """Observations for OpenSpiel (the ``make_py_observer`` protocol).

    Tensor: `State.observation` of the observing seat (for the default
    observation type). Strings: the seat's view as JSON; with perfect recall also
    the moves as the seat saw them; without private information the spectator's
    view; with every seat's private information the full state.
    """

    def __init__(self, game: SpieltischGame, iig_obs_type: Any, params: Params | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        private = pyspiel.PrivateInfoType
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info:
            raise ValueError("observations without public information are not supported")
        if kind.perfect_recall and kind.private_info != private.SINGLE_PLAYER:
            raise ValueError("perfect recall is supported for a single player's information")
        self._perfect_recall = bool(kind.perfect_recall)
        self._private = kind.private_info
        self._recent: OrderedDict[tuple[_Line, int], str] = OrderedDict()
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        self.tensor: np.ndarray[Any, Any] | None = None
        if not self._perfect_recall and kind.private_info == private.SINGLE_PLAYER:
            shape = game.info.observation_shape
            self.tensor = np.zeros(math.prod(shape), np.float32)
            self.dict["observation"] = self.tensor.reshape(shape)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        if self.tensor is None:
            raise ValueError("spieltisch games give a tensor only for one player's observation "
                             "without perfect recall (observation_tensor); use "
                             "information_state_string for the rest")
        self.tensor[:] = state.line.state.observation(player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        key = (state.line, player)
        text = self._recent.get(key)
        if text is None:
            text = self._recent[key] = self._string(state.line, player)
            if len(self._recent) > RECENT_STRINGS:
                self._recent.popitem(last=False)
        else:
            self._recent.move_to_end(key)
        return text

    def _string(self, line: _Line, player: int) -> str:
        now = line.state
        if self._private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            data: JSON = now.to_json()
        elif self._private == pyspiel.PrivateInfoType.NONE:
            data = now.view(None)
        elif self._perfect_recall:
            data = {"moves": line.seen(player), "view": now.view(player)}
        else:
            data = now.view(player)
        return json.dumps(data, sort_keys=True, ensure_ascii=False)


def register(game: str | GameSpec) -> str:
    """Register a game (a registry key, or the `GameSpec` of a game outside the registry)
    with pyspiel, once; its short name."""
    spec = game_spec(game) if isinstance(game, str) else game
    name = short_name(spec.key)
    if name not in _REGISTERED:
        _REGISTERED[name] = (spec, _parameters(spec))
        # pyspiel needs a class here: other callables crash the interpreter at exit.
        game_class = type(f"OpenSpielGame_{spec.key}", (OpenSpielGame,), {"short_name": name})
        pyspiel.register_game(game_class().get_type(), game_class)
    return name


def register_all() -> list[str]:
    """Register every game of the spieltisch registry; their short names."""
    return [register(key) for key in available_games()]


register_all()
