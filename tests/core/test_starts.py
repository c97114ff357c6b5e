"""The ``start`` option, shared by every game that has it."""

from __future__ import annotations

import pytest

from spieltisch import load
from spieltisch.core.protocol import IllegalAction


@pytest.mark.parametrize(("key", "players"), [("irono", 2), ("oware", 2), ("colomino", 3)])
def test_the_start_option_takes_any_case(key: str, players: int) -> None:
    for typed, start in (("a", "A"), ("b", "B"), ("Random", "random"), ("RANDOM", "random")):
        game = load(key, players=players, start=typed)
        assert game.info.options["start"] == start
    with pytest.raises(IllegalAction, match="option start must be one of random, A, B"):
        load(key, players=players, start="cd"[players - 2])
    with pytest.raises(IllegalAction, match="not 1"):
        load(key, players=players, start=1)
