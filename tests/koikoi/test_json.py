"""Full states survive JSON; data that cannot be a state is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spieltisch
from spieltisch.core.protocol import IllegalAction

from .helpers import play, position


def test_a_position_round_trips() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a 4p1"), "1b", "draw 4r")
    data = json.loads(json.dumps(state.to_json()))
    again = spieltisch.load("koikoi").state_from_json(data)
    assert again.to_json() == state.to_json() and again.view(0) == state.view(0)


@pytest.mark.parametrize(("change", "message"), [
    ({"table": ["1b", "1b"]}, "twice"),
    ({"deck": []}, "one deck"),
    ({"dealer": 5}, "dealer"),
    ({"player": -1}, "turn"),
    ({"drawn": "12p3"}, "drawn card"),
    ({"phase": "shuffle"}, "not a Koi-Koi state"),
    ({"table": [1]}, "a card is written as its code, such as '1b', not 1"),
    ({"dealer": "1"}, "'1' is not a whole number"),
    ({"step": 1.5}, "1.5 is not a whole number"),
    ({"scores": [True, 0]}, "True is not a whole number"),
])
def test_broken_states_are_refused(change: dict[str, Any], message: str) -> None:
    state = position(hand0="1b 2a", hand1="3b", table="4a")
    data = state.to_json() | change
    if change.get("drawn"):
        data["deck"] = [c for c in state.to_json()["deck"] if c != "12p3"]
    with pytest.raises(IllegalAction, match=message):
        spieltisch.load("koikoi").state_from_json(data)


def test_states_no_match_can_reach_are_refused_with_a_reason() -> None:
    game = spieltisch.load("koikoi")
    state = position(hand0="1b 2a", hand1="3b", table="4a")
    data = state.to_json()
    all_pile = {**data, "phase": "draw", "table": data["table"] + data["deck"], "deck": []}
    sixteen = {**data, "hands": [data["hands"][0] + data["deck"][:14], data["hands"][1]],
               "deck": data["deck"][14:]}
    for bad, message in [
        ({**data, "log": [[0, 99999]]}, "a move in the log that does not exist"),
        (all_pile, "nothing can happen in phase draw"),
        (sixteen, "a hand of more than 8 cards"),
        ({**data, "scores": [70, 0]}, "the match is not over at 70 points"),
        ({**data, "koikoi_calls": [-5, 3]}, "bad Koi-Koi calls"),
        ({**data, "last_caller": 9}, "bad Koi-Koi calls"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            game.state_from_json(bad)
    short = spieltisch.load("koikoi", months=3, target=0)
    with pytest.raises(IllegalAction, match="month 6 in a match of 3 months"):
        short.state_from_json({**data, "month": 6})
    assert game.state_from_json(data).to_json() == data
