"""Game records: a broken record is refused with a reason, never with a Python error."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch import IllegalAction, Match, load


def record() -> dict[str, Any]:
    match = Match(load("irono", start="A"), seed="r")
    for _ in range(3):
        state = match.state
        match.play(state.current_player, state.legal_actions()[0])
    return match.to_record()


@pytest.mark.parametrize(("change", "reason"), [
    ({"game": None}, "not a spieltisch-record/1 record: KeyError"),
    ({"events": ["x"]}, "an event is an action id or a take-back, not 'x'"),
    ({"events": None}, "TypeError"),
    ({"draws": "z"}, "ValueError"),
    ({"events": [{"undo": 99}]}, "a take-back to move 99 in a line of 0 moves"),
    ({"events": [3, {"undo": 0.5}]}, "a take-back to move 0.5 in a line of 1 moves"),
    ({"events": [True]}, "an event is an action id or a take-back, not True"),
    ({"options": {"guess": "many"}}, "guess"),
])
def test_a_broken_record_is_refused_with_a_reason(change: dict[str, Any], reason: str) -> None:
    broken = record() | change
    if change.get("game", "") is None:
        del broken["game"]
    with pytest.raises(IllegalAction, match=reason):
        Match.from_record(broken)


def test_a_sound_record_replays_and_a_non_record_is_refused() -> None:
    whole = record()
    assert Match.from_record(whole).to_record() == whole
    for thing in (None, [], {"format": "other"}):
        with pytest.raises(IllegalAction, match="not a spieltisch-record/1 record"):
            Match.from_record(thing)  # type: ignore[arg-type]
