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
    ({"game": None}, "not a spieltisch-record/1 record: it has no 'game'"),
    ({"events": ["x"]}, "an event is an action id, a move made when time ran out, a "
                        "take-back or a resignation, not 'x'"),
    ({"events": None}, "events must be a list, not None"),
    ({"events": {"undo": 0}}, r"events must be a list, not \{'undo': 0\}"),
    ({"draws": "z"}, "draws must be a count, not 'z'"),
    ({"draws": "7"}, "draws must be a count, not '7'"),
    ({"draws": -7}, "draws must be a count, not -7"),
    ({"players": ["Ada"]}, r"players must be 2 names, not \['Ada'\]"),
    ({"players": "AB"}, "players must be 2 names, not 'AB'"),
    ({"players": ["Ada", 7]}, "players must be 2 names"),
    ({"events": [{"undo": 99}]}, "a take-back to move 99 in a line of 0 moves"),
    ({"events": [3, {"undo": 0.5}]}, "a take-back to move 0.5 in a line of 1 move$"),
    ({"events": [3, {"undo": 1, "state": None}]}, "a take-back to move 1 in a line of 1 move$"),
    ({"game": ["irono"]}, r"game must be a game's key, such as 'oware', not \['irono'\]"),
    ({"events": [True]}, "an event is an action id, a move made when time ran out, a "
                         "take-back or a resignation, not True"),
    ({"events": [{"x": 1}]}, r"an event is an action id, a move made when time ran out, a "
                             r"take-back or a resignation, not \{'x': 1\}"),
    ({"events": [{"timed_out": "b2"}]},
     "a move made when time ran out is a seat's action, not 'b2'"),
    ({"events": [{"timed_out": 999}]}, "names action 999, but this game's actions are 0 to "),
    ({"events": [{"resign": 2}]}, "a resignation names seat 2, but the seats are 0 to 1"),
    ({"events": [{"resign": "A"}]}, "a resignation names a seat, not 'A'"),
    ({"events": [{"resign": 0}, 3]}, "nothing can follow a resignation"),
    ({"events": [{"resign": 0}, {"resign": 1}]}, "nothing can follow a resignation"),
    ({"options": {"guess": "many"}}, "guess"),
    ({"options": ["rulebook"]}, r"options must be a mapping, not \['rulebook'\]"),
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


def test_a_move_made_when_time_ran_out_is_the_seats_and_is_marked_as_such() -> None:
    match = Match(load("oware", start="A"), seed="t")
    match.play(0, 2)
    match.play(1, 8, timed_out=True)
    match.play(0, 3)
    assert match.movers() == [0, 1, 0]
    assert match.timed_out_moves() == [1]
    assert match.public_record(0)["timed_out"] == [1]
    again = Match.from_record(match.to_record())
    assert again.timed_out_moves() == [1] and again.state == match.state
    assert match.to_record()["events"] == [2, {"timed_out": 8}, 3]
    with pytest.raises(IllegalAction, match="seat 1's time ran out at step 1: a computer"):
        match.decision(1, 1)
    assert match.decision(0, 2)[1] == 3
    match.undo(0)
    assert match.timed_out_moves() == [1]
    match.undo(1)
    assert match.timed_out_moves() == []
    assert Match.from_record(match.to_record()).timed_out_moves() == []


def test_a_take_back_deals_nothing_afresh_in_a_game_without_hidden_information() -> None:
    match = Match(load("oware", preset="abapa"), seed="o")
    match.play(0, 2)
    forged = match.state.to_json()
    match.undo(0)
    whole = match.to_record()
    assert Match.from_record(whole).state == load("oware", preset="abapa").new_initial_state()
    whole["events"][-1]["state"] = forged
    with pytest.raises(IllegalAction, match="deals nothing afresh"):
        Match.from_record(whole)


def test_a_take_back_may_deal_afresh_only_what_nobody_saw() -> None:
    match = Match(load("koikoi", months=1), seed="k")
    while match.state.current_player != 0 or not match.actions:
        state = match.state
        match.play(state.current_player, state.legal_actions()[0])
    mover = match.state.current_player
    match.play(mover, match.state.legal_actions()[0])
    match.undo(mover, keep=[1 - mover])
    whole = match.to_record()
    assert Match.from_record(whole).state.view(None) == match.state.view(None)
    later = Match(load("koikoi", months=1), seed="other")
    whole["events"][-1]["state"] = later.state.to_json()
    with pytest.raises(IllegalAction, match="changes what everybody could see"):
        Match.from_record(whole)
    whole["events"][-1]["state"] = "a deal"
    with pytest.raises(IllegalAction, match="is a state, not 'a deal'"):
        Match.from_record(whole)
    whole["events"][-1]["state"] = {"phase": "nonsense"}
    with pytest.raises(IllegalAction, match="fresh deal is no state of this game: not a "
                                            "Koi-Koi state") as refused:
        Match.from_record(whole)
    assert refused.value.reason is not None
    assert refused.value.reason.key == "record.deal_broken"


@pytest.mark.parametrize("game", ["oware", "colomino"])
def test_a_record_from_before_the_draw_of_the_first_player_replays_as_seat_a_began(
        game: str) -> None:
    match = Match(load(game, start="A"), seed="old")
    for _ in range(4):
        state = match.state
        match.play(state.current_player, state.legal_actions()[-1])
    old = match.to_record()
    del old["options"]["start"]
    replayed = Match.from_record(old)
    assert replayed.game.info.options["start"] == "A"
    assert replayed.state == match.state
    assert load(game).info.options["start"] == "random"


def test_an_event_after_the_games_end_is_refused_with_a_reason_of_its_own() -> None:
    match = Match(load("oware", start="A"), seed="e")
    while not match.over:
        state = match.state
        match.play(state.current_player, state.legal_actions()[-1])
    for event in (0, {"resign": 0}, {"timed_out": 0}):
        with pytest.raises(IllegalAction) as refused:
            Match.from_record(match.to_record() | {"events": match.to_record()["events"]
                                                   + [event]})
        assert refused.value.reason is not None
        assert refused.value.reason.key == "record.after_end"
