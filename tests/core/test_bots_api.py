"""The bots API as a programmer meets it: `make_bot` for every game and level."""

from __future__ import annotations

import re

import pytest

from spieltisch import available_games, load
from spieltisch.ai.levels import BASELINES, LEVELS, make_bot
from spieltisch.ai.mcts import Budget, MCTSBot


@pytest.mark.parametrize("key", available_games())
def test_a_bots_repr_names_it(key: str) -> None:
    game = load(key)
    for level in [*LEVELS, *BASELINES]:
        bot = make_bot(game, level)
        assert re.fullmatch(rf"<\w+Bot '{re.escape(bot.name)}'>", repr(bot)), repr(bot)
    assert repr(MCTSBot(Budget(iterations=1), name="mine")) == "<MCTSBot 'mine'>"
