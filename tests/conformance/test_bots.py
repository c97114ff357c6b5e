"""The level bots play legal moves and never depend on what their seat cannot see."""

from __future__ import annotations

import pytest

from spieltisch import IllegalAction
from spieltisch.ai.levels import make_bot

from .cases import Case, parametrize_cases, sampled_states
from .checks import check_bot

DECISIONS = 6
"""Decisions per configuration and level."""


@parametrize_cases()
@pytest.mark.parametrize("level", ["random", "easy"])
@pytest.mark.usefixtures("fake_clock")
def test_bot_is_legal_and_blind_to_hidden_information(case: Case, level: str) -> None:
    bot = make_bot(case.game(), level)
    decisions = [s for s in sampled_states(case) if s.current_player >= 0]
    step = max(1, len(decisions) // DECISIONS)
    for seed, state in enumerate(decisions[::step]):
        check_bot(bot, state, seed)


@parametrize_cases()
def test_unknown_level_is_refused(case: Case) -> None:
    with pytest.raises(IllegalAction, match="no-such-level"):
        make_bot(case.game(), "no-such-level")
