"""Koi-Koi: the hanafuda card game for two (registry key ``koikoi``).

>>> from spieltisch import load
>>> game = load("koikoi", preset="nintendo")
>>> game.info.title, game.info.options["months"]
('Koi-Koi', 12)
"""

from spieltisch.core.registry import GameSpec
from spieltisch.games.koikoi.options import NUMBER_RANGE
from spieltisch.games.koikoi.rules import make_game

SPEC = GameSpec(
    key="koikoi",
    title="Koi-Koi",
    presets=("seed", "nintendo"),
    player_counts=(2,),
    factory=make_game,
    configurations=(
        {"preset": "seed", "players": 2},
        {"preset": "nintendo", "players": 2},
        {"preset": "seed", "players": 2, "months": 3, "subtract": True},
    ),
    option_ranges=dict.fromkeys(("target", "months"), NUMBER_RANGE),
    summary="Match the months of the flower cards, collect yaku, then stop or call Koi-Koi.",
    state_keys=frozenset(("deck", "hands", "captured")),
    match_option="months",
)
