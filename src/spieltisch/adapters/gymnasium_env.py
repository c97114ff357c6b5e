"""Gymnasium single-agent environment: one seat learns, bots play the others.

``pip install spieltisch[rl]``. The agent plays `seat`; every other seat is
played by ``spieltisch.ai.levels.make_bot(game, opponent)`` (``"random"`` or a
level such as ``"easy"``; level bots think for their time budget, so episodes
against them are not reproducible from the seed alone), or by a `Bot` you pass.
Chance and the bots use one RNG seeded by ``reset(seed=...)``.

- observation: `State.observation(seat)` as float32 in the game's observation shape;
- action: an action id in ``Discrete(num_distinct_actions)``; the legal ones are
  ``info["action_mask"]`` (int8, 1 = legal);
- reward: the seat's `returns` at the end (in [-1, 1]), 0 before;
- an illegal action (``illegal_action="penalty"``, the default) ends the episode
  with reward ``illegal_reward`` (-1) and ``info["illegal_action"] = True`` (further
  steps raise until `reset`, as does a step before the first `reset`); with
  ``illegal_action="raise"`` it raises `IllegalAction` and changes nothing;
- ``render_mode="ansi"``: `render` returns the agent's terminal screen as text;
  ``"human"``: it is printed after every reset and step.

Each game is also registered with Gymnasium as ``spieltisch/<key>-v0``.

>>> env = SpieltischEnv("oware", preset="abapa")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape
True
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> reward, terminated, truncated
(0.0, False, False)
"""

from __future__ import annotations

import random
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from spieltisch.adapters.common import (
    RENDER_MODES,
    action_mask,
    check_render_mode,
    observation_array,
    plain_seed,
    render_text,
    resolve_chance,
    resolve_game,
    show,
)
from spieltisch.ai.levels import make_bot
from spieltisch.core.bots import Bot, Decision
from spieltisch.core.protocol import JSON, Game, IllegalAction, State
from spieltisch.core.registry import available_games

Observation = npt.NDArray[np.float32]


class SpieltischEnv(gymnasium.Env[Observation, np.int64]):
    """A spieltisch game from one seat's side, the other seats played by bots."""

    # gymnasium.make reads the render modes from the class, and Env declares a plain dict.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_name: str | Game,
        seat: int | np.integer[Any] = 0,
        opponent: str | Bot = "random",
        *,
        illegal_action: Literal["penalty", "raise"] = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: JSON,
    ) -> None:
        self.game = resolve_game(game_name, options)
        info = self.game.info
        if isinstance(seat, np.integer):
            seat = int(seat)
        if type(seat) is not int or not 0 <= seat < info.num_players:
            raise IllegalAction(f"seat {seat!r} does not exist; {info.title} with these options "
                                f"has seats 0..{info.num_players - 1}")
        if illegal_action not in ("penalty", "raise"):
            raise IllegalAction(f"illegal_action is 'penalty' or 'raise', not {illegal_action!r}")
        check_render_mode(render_mode)
        if not isinstance(opponent, str) and not callable(getattr(opponent, "choose", None)):
            raise IllegalAction(f"opponent is a bot level such as 'random' or a bot with a "
                                f"choose method, not {type(opponent).__name__}")
        self.seat = seat
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.bots: dict[int, Bot] = {
            other: make_bot(self.game, opponent) if isinstance(opponent, str) else opponent
            for other in range(info.num_players) if other != seat
        }
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=info.observation_shape,
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(info.num_distinct_actions)
        self._rng = random.Random()
        self.game_state: State = self.game.new_initial_state()
        self._ended = False
        self._started = False

    def reset(self, *, seed: int | np.integer[Any] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game, played on until it is the agent's turn; `options` are not used
        (game options go to the constructor). A game that ends before the agent's first
        turn (a one-month Koi-Koi the opponent wins with its first move) is followed by
        another; ``info["games_skipped"]`` counts them. A NumPy integer seeds as its int."""
        super().reset(seed=plain_seed(seed))
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        skipped = 0
        while True:
            self.game_state = self._play_others(self.game.new_initial_state())
            if not self.game_state.is_terminal():
                break
            skipped += 1
        self._ended = False
        self._started = True
        self._shown()
        return self._observation(), {**self._info(), "games_skipped": skipped}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play `action` for the agent, then chance and the bots until the agent's next turn."""
        state = self.game_state
        if not self._started:
            raise IllegalAction("no game has begun; call reset() first")
        if self._ended or state.is_terminal():
            raise IllegalAction("the episode is over; call reset()")
        try:
            after = state.apply(action)
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            self._shown()
            return self._observation(), self.illegal_reward, True, False, \
                {**self._info(), "illegal_action": True}
        self.game_state = self._play_others(after)
        self._shown()
        terminated = self.game_state.is_terminal()
        reward = self.game_state.returns()[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def _play_others(self, state: State) -> State:
        while True:
            state = resolve_chance(state, self._rng)
            if state.is_terminal() or state.current_player == self.seat:
                return state
            bot = self.bots[state.current_player]
            state = state.apply(bot.choose(Decision.from_state(state), self._rng))

    def _shown(self) -> None:
        if self.render_mode == "human":
            self.render()

    def _observation(self) -> Observation:
        return observation_array(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.game_state, self.seat)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (the hook maskable RL algorithms look for)."""
        return action_mask(self.game_state, self.seat).astype(bool)

    def render(self) -> str | None:
        """The agent's terminal screen: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode; create the env with "
                                  "render_mode='ansi' or 'human'")
            return None
        return show(render_text(self.game_state, self.seat), self.render_mode)


def register_envs() -> list[str]:
    """Register ``spieltisch/<key>-v0`` for every registered game; the ids."""
    ids = []
    for key in available_games():
        env_id = f"spieltisch/{key}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SpieltischEnv",
                               kwargs={"game_name": key})
        ids.append(env_id)
    return ids


register_envs()
