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
])
def test_broken_states_are_refused(change: dict[str, Any], message: str) -> None:
    state = position(hand0="1b 2a", hand1="3b", table="4a")
    data = state.to_json() | change
    if change.get("drawn"):
        data["deck"] = [c for c in state.to_json()["deck"] if c != "12p3"]
    with pytest.raises(IllegalAction, match=message):
        spieltisch.load("koikoi").state_from_json(data)
