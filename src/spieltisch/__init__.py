"""spieltisch: five table games with one protocol.

>>> import spieltisch
>>> game = spieltisch.load("oware", preset="abapa")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1, 2, 3, 4, 5]
>>> state.apply(state.string_to_action("A1")).current_player
1
"""

from spieltisch.core.bots import Bot, Decision
from spieltisch.core.match import Match
from spieltisch.core.protocol import CHANCE, TERMINAL, Game, GameInfo, IllegalAction, State
from spieltisch.core.registry import GameSpec, available_games, game_spec, load

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "Decision",
    "Game",
    "GameInfo",
    "GameSpec",
    "IllegalAction",
    "Match",
    "State",
    "available_games",
    "game_spec",
    "load",
]
