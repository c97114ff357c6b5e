"""The game registry: `load` a game by key, list `available_games`."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from spieltisch.core.protocol import JSON, Game, IllegalAction, unknown_options
from spieltisch.core.reasons import Reason


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about one game before loading it."""

    key: str
    title: str
    presets: tuple[str, ...]
    """The first preset is the default: the rulebook's rules."""
    player_counts: tuple[int, ...]
    factory: Callable[..., Game]
    """``factory(preset=..., players=..., **options)`` builds the game; bad options raise
    `IllegalAction`."""
    configurations: tuple[dict[str, JSON], ...] = ()
    """Option sets the conformance suite covers: every preset and player count."""
    summary: str = ""
    expert_thinks: str = "just under a second"
    """How long the expert level thinks per move, as ``spieltisch games`` says."""
    option_ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each whole-number option's least and greatest value."""
    recorded_defaults: dict[str, JSON] = field(default_factory=dict)
    """Options added since records were first written: the value a record that does not
    name one was played with."""
    state_keys: frozenset[str] = frozenset()
    """Keys every `State.to_json` of this game holds and no other game's holds all of,
    so that a state of this game handed to another can be named (`state_title`)."""
    match_option: str | None = None
    """The option that makes a table play a match of several games, months or rounds
    (which a resignation ends as a whole) when it is not 1; None in games of one game."""


# Registry key -> module that defines ``SPEC: GameSpec``.
_MODULES: dict[str, str] = {
    "oware": "spieltisch.games.oware",
    "colomino": "spieltisch.games.colomino",
    "koikoi": "spieltisch.games.koikoi",
    "irono": "spieltisch.games.irono",
    "okey": "spieltisch.games.okey",
}


def available_games() -> list[str]:
    """Keys of every registered game.

    >>> "oware" in available_games()
    True
    """
    return list(_MODULES)


def in_any_case(name: str, known: Iterable[str]) -> str:
    """The one of `known` that `name` spells in any letter case, spaces around it
    aside; `name` as it is if none (or if it is no string, for the caller to refuse).

    >>> in_any_case(" Match ", ["rulebook", "match"]), in_any_case("chess", ["oware"])
    ('match', 'chess')
    """
    if not isinstance(name, str):
        return name
    wanted = name.strip().casefold()
    return next((word for word in known if word.casefold() == wanted), name)


def canonical_game(name: str) -> str:
    """The key of the game named `name` in any letter case; an unknown name as it is.

    >>> canonical_game(" Oware "), canonical_game("chess")
    ('oware', 'chess')
    """
    return in_any_case(name, _MODULES)


def game_spec(name: str) -> GameSpec:
    """The `GameSpec` of a registered game, its key in any letter case; `IllegalAction`
    for an unknown key."""
    key = canonical_game(name)
    module = _MODULES.get(key) if isinstance(key, str) else None
    if module is None:
        raise IllegalAction(Reason("game.unknown", "unknown game {game!r}; available: {known}",
                                   game=str(name), known=", ".join(_MODULES)))
    spec = importlib.import_module(module).SPEC
    assert isinstance(spec, GameSpec)
    return spec


def state_title(data: object) -> str | None:
    """The title of the game whose state `data` (as `State.to_json` wrote it) looks like,
    going by the keys it holds; None if it looks like none.

    >>> state_title(load("koikoi").new_initial_state().to_json()), state_title({"a": 1})
    ('Koi-Koi', None)
    """
    if not isinstance(data, dict):
        return None
    for key in _MODULES:
        spec = game_spec(key)
        if spec.state_keys and all(name in data for name in spec.state_keys):
            return spec.title
    return None


def canonical_preset(spec: GameSpec, preset: str) -> str:
    """The preset of `spec` named `preset` in any letter case; an unknown name as it is.

    >>> canonical_preset(game_spec("irono"), " Match ")
    'match'
    """
    return in_any_case(preset, spec.presets)


def plain_option(value: JSON) -> JSON:
    """A NumPy scalar as the Python value it holds (`load` takes ``np.int64(2)`` as 2,
    ``np.True_`` as True); anything else as it is.

    >>> import numpy as np
    >>> plain_option(np.int64(2)), plain_option(np.bool_(False)), plain_option("grand")
    (2, False, 'grand')
    """
    if type(value).__module__ == "numpy" and getattr(value, "shape", None) == ():
        return value.item()
    return value


def load(name: str, /, **options: JSON) -> Game:
    """Load a game by key with options as keywords; the key and a preset are named in any
    letter case, NumPy integers and booleans count as the Python values they hold, and an
    option given as None takes its default (the preset's value).

    >>> game = load("oware", players=2, preset="ABAPA")
    >>> game.info.title, game.info.num_players, game.info.preset
    ('Oh-Wah-Ree', 2, 'abapa')
    """
    spec = game_spec(name)
    options = {key: plain_option(value) for key, value in options.items() if value is not None}
    preset = options.get("preset")
    if isinstance(preset, str):
        options["preset"] = canonical_preset(spec, preset)
    accepted = inspect.signature(spec.factory).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in accepted.values()):
        unknown = sorted(set(options) - set(accepted))
        if unknown:
            raise unknown_options(spec.title, unknown, list(accepted))
    return spec.factory(**options)


def plays_a_match(game_key: str, options: Mapping[str, object]) -> bool:
    """Whether a table of `game_key` with `options` plays a match of several games,
    months or rounds (`GameSpec.match_option` not 1; Koi-Koi's 0 months: up to a
    target), which a resignation ends as a whole.

    >>> plays_a_match("irono", {"games": 2}), plays_a_match("koikoi", {"months": 0})
    (True, True)
    >>> plays_a_match("irono", {"games": 1}), plays_a_match("oware", {})
    (False, False)
    """
    key = game_spec(game_key).match_option
    return key is not None and options.get(key, 1) != 1
