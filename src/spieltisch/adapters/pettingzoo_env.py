"""PettingZoo AEC environment for every registered game (``pip install spieltisch[rl]``).

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). Each observation is a
dict: ``observation`` (`State.observation` as float32 in the game's
observation shape) and ``action_mask`` (int8, one entry per action id, 1 for the
legal ones of the agent to move, all 0 for the others). Chance (deals, draws)
is resolved inside the environment with its own RNG, seeded by
``reset(seed=...)``. Rewards come once, at the end: the game's `returns`
(zero-sum, in [-1, 1]). An illegal action raises `IllegalAction` and changes
nothing; wrap the env in PettingZoo's ``TerminateIllegalWrapper`` for a penalty
instead. ``render_mode="ansi"`` renders the spectator's terminal screen as text,
``render_mode="human"`` prints it after every reset and move.

>>> e = env("oware", preset="abapa")
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = e.last()
>>> observation["action_mask"].tolist()[:6]
[1, 1, 1, 1, 1, 1]
>>> e.step(2)
>>> e.agent_selection
'player_1'
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

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
from spieltisch.core.protocol import JSON, Game, IllegalAction, State

Observation = dict[str, npt.NDArray[Any]]


class SpieltischAECEnv(AECEnv):  # type: ignore[misc]
    """A spieltisch game as a PettingZoo AEC environment (unwrapped; see `env`)."""

    def __init__(self, game: str | Game, render_mode: str | None = None,
                 **options: JSON) -> None:
        super().__init__()
        self.game = resolve_game(game, options)
        info = self.game.info
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"spieltisch_{info.name}_v0",
                         "is_parallelizable": False}
        self.possible_agents = [f"player_{seat}" for seat in range(info.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Box(-np.inf, np.inf, shape=info.observation_shape, dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(info.num_distinct_actions,), dtype=np.int8)
        self._observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(info.num_distinct_actions)
                               for agent in self.possible_agents}
        self._rng = random.Random()
        self.game_state: State = self.game.new_initial_state()
        self._started = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | np.integer[Any] | None = None,
              options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` (an int, NumPy's too) fixes chance from here on
        (`options` are not used: game options are given to the constructor)."""
        if seed is not None:
            self._rng = random.Random(plain_seed(seed))
        self.game_state = resolve_chance(self.game.new_initial_state(), self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._started = True
        self._after_move()

    def observe(self, agent: str) -> Observation:
        seat = self._seats[agent]
        return {"observation": observation_array(self.game_state, seat),
                "action_mask": action_mask(self.game_state, seat)}

    def step(self, action: Any) -> None:
        """Play `action` for `agent_selection`; `IllegalAction` if it is not legal, or
        before the first `reset`."""
        if not self._started:
            raise IllegalAction("no game has begun; call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state.apply(action)
        self.game_state = resolve_chance(state, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self._after_move()

    def _after_move(self) -> None:
        state = self.game_state
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {agent: returns[self._seats[agent]] for agent in self.agents}
            self.terminations = {agent: True for agent in self.agents}
        else:
            self.rewards = {agent: 0.0 for agent in self.agents}
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's terminal screen: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode; create the env with "
                                  "render_mode='ansi' or 'human'")
            return None
        return show(render_text(self.game_state), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game, render_mode: str | None = None, **options: JSON) -> AECEnv:
    """The AEC environment of `game` (a registry key) with game `options`, wrapped in
    PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(SpieltischAECEnv(game, render_mode, **options))
