"""What the reinforcement-learning adapters share: games by name, arrays, chance, text.

>>> import random
>>> game = resolve_game("oware", {"preset": "abapa"})
>>> state = game.new_initial_state()
>>> observation_array(state, 0).shape == game.info.observation_shape
True
>>> action_mask(state, 0).tolist()[:7]
[1, 1, 1, 1, 1, 1, 0]
>>> bool(action_mask(state, 1).any())
False
>>> resolve_chance(state, random.Random(0)) is state
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from spieltisch.core.protocol import JSON, Game, IllegalAction, State
from spieltisch.core.registry import load
from spieltisch.terminal import render


def resolve_game(game: str | Game, options: dict[str, JSON]) -> Game:
    """A registered game by key with `options` (`load`), or a `Game` object as it is (no
    options)."""
    if isinstance(game, Game):
        if options:
            raise IllegalAction("options go with a game name, not with a loaded Game")
        return game
    return load(game, **options)


def observation_array(state: State, seat: int) -> npt.NDArray[np.float32]:
    """`State.observation` as a float32 array of the game's observation shape."""
    shape = state.game.info.observation_shape
    return np.asarray(state.observation(seat), dtype=np.float32).reshape(shape)


def action_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """1 for each legal action of `seat` (all 0 unless `seat` is to move)."""
    mask = np.zeros(state.game.info.num_distinct_actions, dtype=np.int8)
    if state.current_player == seat:
        mask[state.legal_actions()] = 1
    return mask


def resolve_chance(state: State, rng: random.Random) -> State:
    """Sample chance outcomes by their probabilities until a seat must act or the game ends."""
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    return state


def plain_seed(seed: int | np.integer[Any] | None) -> int | None:
    """A NumPy integer seed as the int it holds (research code draws seeds with NumPy);
    anything else as it is, for the library to take or refuse.

    >>> plain_seed(np.int64(7)), plain_seed(None)
    (7, None)
    """
    return int(seed) if isinstance(seed, np.integer) else seed


RENDER_MODES = ("ansi", "human")
"""``ansi``: `render` returns the terminal screen; ``human``: it prints it, after every
reset and move too."""


def check_render_mode(mode: str | None) -> None:
    """Refuse a render mode the environments do not offer.

    >>> check_render_mode("rgb_array")
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: render_mode 'rgb_array' is not supported; ...
    """
    if mode is not None and mode not in RENDER_MODES:
        raise IllegalAction(f"render_mode {mode!r} is not supported; use 'ansi' or 'human'")


def show(text: str, mode: str | None) -> str | None:
    """What ``render()`` gives in `mode`: the text for ``ansi``; printed, None for ``human``."""
    if mode == "human":
        print(text, flush=True)
        return None
    return text


def render_text(state: State, seat: int | None = None) -> str:
    """The terminal screen of `state` for `seat` (default: a spectator), without colour."""
    return render(state.game.info.name, state.view(seat), seat, color=False)
