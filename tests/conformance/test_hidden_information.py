"""Views, observations and notation never depend on what the viewer cannot know."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from spieltisch import IllegalAction

from .cases import Case, parametrize_cases, sampled_states
from .checks import check_hidden_information, check_seen_actions


@parametrize_cases()
def test_resamples_look_identical_to_the_seat(case: Case) -> None:
    redrawn = False
    for i, state in enumerate(sampled_states(case)):
        redrawn |= check_hidden_information(state, seeds=(i,))
    if case.game().info.hidden_information:
        assert redrawn, "resample never redrew hidden information"


@parametrize_cases()
def test_moves_as_seen_tell_no_more_than_the_views(case: Case) -> None:
    if case.game().info.hidden_information:
        for state in sampled_states(case, limit=24):
            check_seen_actions(state)


@parametrize_cases()
def test_a_seat_that_is_not_at_the_table_is_refused(case: Case) -> None:
    n = case.game().info.num_players
    state = next(iter(sampled_states(case, limit=1)))
    action = (state.legal_actions() or [0])[0]
    for seat in (-1, n, "0", True, 0.0, np.int64(n)):
        for look in (lambda s: state.view(s), lambda s: state.observation(s),
                     lambda s: state.resample(s, random.Random(0)),
                     lambda s: state.action_as_seen(action, s)):
            with pytest.raises(IllegalAction, match=re.escape(f"no seat {seat!r}")):
                look(seat)
    with pytest.raises(IllegalAction, match="no seat None"):
        state.observation(None)  # type: ignore[arg-type]
    assert isinstance(state.view(None), dict)
