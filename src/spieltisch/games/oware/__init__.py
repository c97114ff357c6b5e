"""Oh-Wah-Ree (Oware): the mancala, with Grand-Oh-Wah-Ree and standard Oware Abapa."""

from spieltisch.core.registry import GameSpec
from spieltisch.games.oware.rules import PRESETS, make_game

SPEC = GameSpec(
    key="oware",
    title="Oh-Wah-Ree",
    presets=PRESETS,
    player_counts=(2, 3, 4),
    factory=make_game,
    configurations=(
        {"preset": "oh-wah-ree", "players": 2},
        {"preset": "oh-wah-ree", "players": 3},
        {"preset": "oh-wah-ree", "players": 4},
        {"preset": "grand", "players": 2},
        {"preset": "grand", "players": 3},
        {"preset": "grand", "players": 4},
        {"preset": "abapa", "players": 2},
    ),
    summary="Sow stones around a ring of pits and capture ripe pits of 2 or 3.",
    recorded_defaults={"start": "A"},
    state_keys=frozenset(("owners", "stores", "seen")),
)
