"""Colomino: tile laying from the base line to the target line, for 2 to 4 players.

>>> from spieltisch import load
>>> load("colomino", preset="large", players=3).info.observation_shape
(3261,)
"""

from spieltisch.core.registry import GameSpec
from spieltisch.games.colomino.rules import PLAYER_COUNTS, PRESETS, TITLE, make_game

SPEC = GameSpec(
    key="colomino",
    title=TITLE,
    presets=PRESETS,
    player_counts=PLAYER_COUNTS,
    factory=make_game,
    configurations=tuple(
        {"preset": preset, "players": players} for preset in PRESETS for players in PLAYER_COUNTS
    ),
    expert_thinks="about 0.1 s (at most 0.8 s)",
    summary="Lay coloured tiles domino-fashion from the base line towards the target line; "
    "fill open and closed courts for tokens, the n-th court of a turn paying n.",
    recorded_defaults={"start": "A"},
    state_keys=frozenset(("bag", "courts", "yellow", "blue")),
)
