"""Taking back a guess takes back the hidden colour it was made against; a round shown
is taken back only with the other player's consent."""

from __future__ import annotations

import pytest

from spieltisch import Match, load
from spieltisch.core.match import Undo
from spieltisch.core.protocol import IllegalAction
from spieltisch.games.irono.rules import GUESS, HIDE, MARK


def round_played(seed: str) -> Match:
    """A has marked b2 and hidden grey; B has guessed yellow, green and white."""
    match = Match(load("irono", start="A"), seed=seed)
    for seat, move in ((0, "b2"), (0, "A"), (1, "YGW")):
        match.play(seat, match.state.string_to_action(move))
    return match


def test_the_guesser_takes_back_the_guess_and_the_hider_hides_again() -> None:
    match = round_played("undo")
    assert match.log(1) == ["b2", "chosen", "YGW"]
    match.undo(1, keep=[0])
    state = match.state
    assert (state.phase, state.current_player) == (HIDE, 0)
    assert state.view(0)["marker"] == "b2" and state.view(0)["hidden"] is None
    assert match.log(0) == match.log(1) == ["b2"]
    match.play(0, state.string_to_action("R"))
    assert match.state.phase == GUESS and match.log(0) == ["b2", "R"]


def test_no_hidden_colour_is_dealt_or_stored_by_the_take_back() -> None:
    for k in range(20):
        match = round_played(f"undo/{k}")
        match.undo(1, keep=[0])
        event = match.events[-1]
        assert isinstance(event, Undo) and event.state is not None
        assert event.state["phase"] == "hide" and event.state["hidden"] == -1


def test_the_hider_takes_back_only_its_own_hide() -> None:
    match = round_played("hider")
    match.undo(0, keep=[1])
    assert (match.state.phase, match.state.current_player) == (HIDE, 0)
    match.undo(0, keep=[1])
    assert (match.state.phase, match.state.current_player) == (MARK, 0)
    assert match.log(0) == []


def test_a_round_shown_stands_against_a_player_who_has_not_agreed() -> None:
    for seat in (0, 1):
        match = round_played(f"settled/{seat}")
        before = (match.version, match.log(None))
        assert match.settled_since(seat) and not match.can_undo(seat)
        assert match.undone_by(seat) == set()
        with pytest.raises(IllegalAction, match="has been shown since"):
            match.undo(seat)
        assert (match.version, match.log(None)) == before
        assert match.can_undo(seat, keep=[1 - seat])


def test_the_marker_is_taken_back_before_the_colour_is_hidden() -> None:
    match = round_played("marker")
    match.play(1, match.state.string_to_action("c3"))
    assert not match.settled_since(1) and match.can_undo(1)
    match.undo(1)
    assert (match.state.phase, match.state.current_player) == (MARK, 1)
    match.play(1, match.state.string_to_action("d4"))
    match.play(1, match.state.string_to_action("R"))
    match.play(0, match.state.string_to_action("YGW"))
    assert not match.can_undo(1) and not match.can_undo(0)
