"""Irono Ofubi: the bluffing game of colours on a 4×4 board, for two players."""

from spieltisch.core.registry import GameSpec
from spieltisch.games.irono.rules import MAX_GAMES, MAX_GUESS, PRESETS, make_game

SPEC = GameSpec(
    key="irono",
    title="Irono Ofubi",
    presets=PRESETS,
    player_counts=(2,),
    factory=make_game,
    configurations=(
        {"preset": "rulebook", "players": 2},
        {"preset": "match", "players": 2},
        {"preset": "rulebook", "players": 2, "guess": 5},
    ),
    option_ranges={"guess": (1, MAX_GUESS), "games": (1, MAX_GAMES)},
    expert_thinks="a few milliseconds",
    summary="Hide a colour, guess the other's colour, and fill the lines of a 4×4 board.",
    state_keys=frozenset(("hidden", "supply", "in_play")),
    match_option="games",
)
