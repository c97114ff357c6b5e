"""Playing on from a step of a game (`Match.branch`): the new match starts where the seat
saw the game stand, tells it nothing it had not seen, and leaves the game it came from
as it was."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction, Match, load

from .cases import Case, all_cases, parametrize_cases
from .test_match import assert_replays, play_random
from .test_take_back_draws import DRAWING, moves_then_seen_draws, seen_draws

DEALT = [c for c in all_cases() if c.game().info.hidden_information and c.key != "irono"]
"""The games that hide what was dealt (Irono hides only a colour, chosen again)."""


def played(case: Case, seed: str, moves: int) -> Match:
    match = Match(case.game(), seed=seed)
    play_random(match, random.Random(seed), moves=moves)
    return match


@parametrize_cases()
def test_a_branch_starts_where_the_seat_saw_the_game_stand(case: Case) -> None:
    match = played(case, f"branch/{case.id}", 40)
    before = match.to_record()
    for seat in range(match.game.info.num_players):
        seen = match.public_record(seat)
        steps = len(seen["views"])
        for step in range(0, steps, max(1, steps // 6)):
            if step == steps - 1 and match.state.is_terminal():
                continue
            branch = match.branch(seat, step, seed=f"{seat}/{step}")
            shown = branch.public_record(seat)
            kept = len(shown["views"])
            assert kept == step + 1 or (kept < step + 1 and case.key == "irono")
            assert shown["views"] == seen["views"][:kept]
            assert branch.log(seat) == seen["moves"][:len(branch.log(seat))]
            assert branch.log(None) == match.log(None)[:len(branch.log(None))]
            assert branch.result() is None and not branch.state.is_terminal()
            assert_replays(branch)
    assert match.to_record() == before, "the branch changed the game it came from"


def test_a_branch_just_after_a_hidden_colour_hides_it_again() -> None:
    match = Match(load("irono", start="A"), seed="hide")
    play_random(match, random.Random(1), moves=2)
    hider = match.movers()[-1]
    assert hider is not None
    guesser = 1 - hider
    steps = len(match.public_record(guesser)["views"])
    branch = match.branch(guesser, steps - 1, seed="again")
    assert len(branch.actions) == len(match.actions) - 1
    assert branch.state.current_player == hider
    mine = match.branch(hider, steps - 1, seed="own")
    assert mine.actions == match.actions


@pytest.mark.parametrize("case", DEALT, ids=[c.id for c in DEALT])
def test_what_the_seat_had_not_seen_is_dealt_afresh(case: Case) -> None:
    match = played(case, f"fresh/{case.id}", 24)
    seat = 0
    step = len(match.public_record(seat)["views"]) // 2
    states = [match.branch(seat, step, seed=str(i)).state for i in range(6)]
    point = len(match.branch(seat, step, seed="x").actions)
    original = match.states()[point]
    assert all(s.view(seat) == original.view(seat) for s in states)
    assert all(s.view(None) == original.view(None) for s in states)
    assert any(s.to_json() != original.to_json() for s in states), \
        "every branch kept the hidden cards as they were"


@pytest.mark.parametrize("case", DEALT, ids=[c.id for c in DEALT])
def test_a_branch_from_the_last_step_deals_afresh_too(case: Case) -> None:
    match = played(case, f"last/{case.id}", 24)
    seat = 0
    step = len(match.public_record(seat)["views"]) - 1
    branches = [match.branch(seat, step, seed=str(i)) for i in range(6)]
    for branch in branches:
        assert branch.actions == match.actions
        assert branch.state.view(seat) == match.state.view(seat)
        assert branch.state.view(None) == match.state.view(None)
        assert_replays(branch)
    assert any(b.state.to_json() != match.state.to_json() for b in branches), \
        "every branch from the last step kept the hidden cards as they were"


@pytest.mark.parametrize("case", DRAWING, ids=[c.id for c in DRAWING])
def test_the_same_move_after_a_branch_draws_what_the_seat_drew(case: Case) -> None:
    match = Match(case.game(), seed=f"draw/{case.id}")
    tried = 0
    for seat, start, drawn in moves_then_seen_draws(match, random.Random(5)):
        if tried == 10:
            break
        step = match.public_record(seat)["moves_before"].index(start)
        branch = match.branch(seat, step, seed=f"draw/{tried}")
        assert len(branch.actions) == start
        branch.play(seat, match.actions[start])
        assert seen_draws(branch, start + 1, seat) == drawn
        tried += 1
    assert tried >= 5, f"{tried} draws seen, too few to show anything"


def test_a_resigned_game_goes_on_from_its_last_step_and_a_finished_one_does_not() -> None:
    match = Match(load("oware", start="A"), seed="resigned")
    play_random(match, random.Random(2), moves=6)
    match.resign(1)
    last = len(match.public_record(0)["views"]) - 1
    branch = match.branch(0, last)
    assert branch.resigned is None and branch.result() is None
    assert branch.actions == match.actions
    finished = Match(load("oware", start="A"), seed="finished")
    play_random(finished, random.Random(3))
    end = len(finished.public_record(0)["views"]) - 1
    with pytest.raises(IllegalAction, match="the game is over at that step"):
        finished.branch(0, end)
    for step in (-1, end + 1):
        with pytest.raises(IllegalAction, match="there is no step"):
            finished.branch(0, step)
    with pytest.raises(IllegalAction):
        finished.branch(None, 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        finished.branch(2, 0)
