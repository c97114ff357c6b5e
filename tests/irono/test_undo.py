"""Taking back a guess takes back the hidden colour it was made against."""

from __future__ import annotations

from spieltisch import Match, load
from spieltisch.core.match import Undo
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
    match.undo(1)
    state = match.state
    assert (state.phase, state.current_player) == (HIDE, 0)
    assert state.view(0)["marker"] == "b2" and state.view(0)["hidden"] is None
    assert match.log(0) == match.log(1) == ["b2"]
    match.play(0, state.string_to_action("R"))
    assert match.state.phase == GUESS and match.log(0) == ["b2", "R"]


def test_no_hidden_colour_is_dealt_or_stored_by_the_take_back() -> None:
    for k in range(20):
        match = round_played(f"undo/{k}")
        match.undo(1)
        event = match.events[-1]
        assert isinstance(event, Undo) and event.state is not None
        assert event.state["phase"] == "hide" and event.state["hidden"] == -1


def test_the_hider_takes_back_only_its_own_hide() -> None:
    match = round_played("hider")
    match.undo(0)
    assert (match.state.phase, match.state.current_player) == (HIDE, 0)
    match.undo(0)
    assert (match.state.phase, match.state.current_player) == (MARK, 0)
    assert match.log(0) == []
