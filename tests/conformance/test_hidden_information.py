"""Views, observations and notation never depend on what the viewer cannot know."""

from __future__ import annotations

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
