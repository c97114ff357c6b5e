"""Okey: tile rummy for 2-4 players, with a fast hand solver and strong bots."""

from spieltisch.core.registry import GameSpec
from spieltisch.games.okey.options import MAX_ROUNDS, PLAYER_COUNTS, PRESETS
from spieltisch.games.okey.rules import make_game

SPEC = GameSpec(
    key="okey",
    title="Okey",
    presets=PRESETS,
    player_counts=PLAYER_COUNTS,
    factory=make_game,
    configurations=tuple(
        {"preset": preset, "players": players, "rounds": 2}
        for preset in PRESETS for players in PLAYER_COUNTS
    ),
    option_ranges={"rounds": (1, MAX_ROUNDS)},
    expert_thinks="about 0.08 s",
    summary="Draw and discard tiles until all 14 on your rack form sets and runs.",
    state_keys=frozenset(("indicator", "racks", "pool", "discards")),
    match_option="rounds",
)
