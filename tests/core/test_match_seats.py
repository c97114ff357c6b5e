"""Seats and options that do not exist: `Match.play` names a seat that is no seat rather than
calling it out of turn, `resample` refuses seats to keep that are not at the table, and `load`
refuses an unknown option even when it is called `name`."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from spieltisch import IllegalAction, Match, load


def test_a_seat_that_is_no_seat_is_named_so() -> None:
    match = Match(load("oware", preset="abapa"), seed="s")
    for seat in ("0", 2, None, True, 0.0, np.int64(2)):
        with pytest.raises(IllegalAction, match=re.escape(f"there is no seat {seat!r}")):
            match.play(seat, 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="it is not seat 1's turn"):
        match.play(1, 1)
    assert match.play(0, np.int64(1)) is match.state  # numpy action ids are fine
    assert match.log(None) == ["A2"]
    record = match.to_record()
    assert record["events"] == [1] and type(record["events"][0]) is int
    assert Match.from_record(record).log(None) == ["A2"]
    with pytest.raises(IllegalAction, match="an int, not bool"):
        match.play(1, True)


def test_a_perfect_information_resample_refuses_seats_to_keep_that_are_not_at_the_table() -> None:
    state = load("oware").new_initial_state()
    assert state.resample(0, random.Random(0), keep=[1]) is state
    with pytest.raises(IllegalAction, match="there is no seat 9"):
        state.resample(0, random.Random(0), keep=[9])


def test_an_option_called_name_is_an_unknown_option() -> None:
    with pytest.raises(IllegalAction, match="Oh-Wah-Ree has no option 'name'"):
        load("oware", name="x")


def test_a_match_refuses_a_game_name_and_names_that_are_not_a_list_of_strings() -> None:
    with pytest.raises(IllegalAction, match="a Match plays a loaded Game"):
        Match("oware")  # type: ignore[arg-type]
    game = load("oware", start="A")
    for players in ("AB", ["Ada", 2]):
        with pytest.raises(IllegalAction, match="one string per seat"):
            Match(game, players=players)  # type: ignore[arg-type]
    assert Match(game, players=("Ada", "Bea")).players == ["Ada", "Bea"]


def test_a_match_says_what_it_is() -> None:
    match = Match(load("oware", start="A"), seed="r")
    assert repr(match) == "<Match oware preset='oh-wah-ree': 0 actions, in play>"
    match.play(0, 2)
    assert repr(match) == "<Match oware preset='oh-wah-ree': 1 action, in play>"
    match.resign(1)
    assert repr(match).endswith(", over>")
