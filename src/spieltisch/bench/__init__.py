"""Benchmarks: random-playout speed for every game, and each game's bot strength."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spieltisch.ai.levels import make_bot
from spieltisch.core.protocol import Game


def refuse_unknown(games: Iterable[Game], levels: Sequence[str]) -> None:
    """Make a bot of each of `levels` for each of `games`, so that a mistyped level, or a
    table the game does not have, is refused before a benchmark plays anything.

    >>> from spieltisch import load
    >>> refuse_unknown([load("oware")], ["easy", "gredy"])
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: unknown level 'gredy'; choose one of ...
    """
    for game in games:
        for level in levels:
            make_bot(game, level)
