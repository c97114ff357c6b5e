"""What each seat sees, the hidden colour, notation, JSON records, observations."""

from __future__ import annotations

import json
import random

import pytest

from spieltisch import IllegalAction, Match, load
from spieltisch.games.irono.board import FIELD_NAMES
from spieltisch.games.irono.rules import GUESS_BASE, HIDE_BASE, OBSERVATION_SIZE, IronoState

from .helpers import guess_mask, new, play, step

Y, G, W, R, B, A = range(6)


def hidden_state(colour: int = R) -> IronoState:
    """Round 3: seat 0 has marked c3 and hidden `colour`; seat 1 must guess."""
    state = play(new(), [(0, "a1", "Y"), (1, "b2", "G")])
    return step(state, FIELD_NAMES.index("c3"), HIDE_BASE + colour)


def test_the_hidden_colour_shows_only_to_the_hider() -> None:
    state = hidden_state(R)
    assert state.view(0)["hidden"] == "R" and state.view(0)["last_move"] == "R"
    for seat in (1, None):
        view = state.view(seat)
        assert view["hidden"] == "chosen" and view["last_move"] == "chosen"
        assert view == hidden_state(B).view(seat)
    before = step(play(new(), []), FIELD_NAMES.index("c3"))
    assert [before.view(s)["hidden"] for s in (0, 1, None)] == [None, None, None]


def test_the_hiding_move_reads_chosen_to_the_others() -> None:
    marked = step(new(), FIELD_NAMES.index("b3"))
    assert marked.action_as_seen(HIDE_BASE + R, 0) == "R"
    assert marked.action_as_seen(HIDE_BASE + R, 1) == "chosen"
    assert marked.action_as_seen(HIDE_BASE + R, None) == "chosen"
    match = Match(load("irono", start="A"), seed="s")
    match.play(0, FIELD_NAMES.index("b3"))
    match.play(0, HIDE_BASE + R)
    assert match.log(0) == ["b3", "R"]
    assert match.log(1) == match.log(None) == ["b3", "chosen"]


def test_the_reveal_is_public_after_the_guess() -> None:
    state = hidden_state(R)
    after = step(state, GUESS_BASE + guess_mask(state, R, catch=False))
    for seat in (0, 1, None):
        last = after.view(seat)["last_round"]
        assert last["colour"] == "R" and last["caught"] is False and last["placed_by"] == 0
        assert last["guess"] == ["Y", "G", "W"]


def test_resample_draws_the_hidden_colour_from_the_colours_in_play() -> None:
    state = play(new(), [(0, f, "Y") for f in ("a1", "b1", "c1", "d1")])
    state = step(state, FIELD_NAMES.index("a2"), HIDE_BASE + B)
    drawn = {state.resample(1, random.Random(k)).hidden for k in range(200)}
    assert drawn == {G, W, R, B, A}
    assert state.resample(0, random.Random(1)) is state


def test_resample_depends_only_on_what_the_guesser_sees() -> None:
    one, other = hidden_state(R), hidden_state(A)
    for k in range(20):
        assert one.resample(1, random.Random(k)).to_json() == \
            other.resample(1, random.Random(k)).to_json()


@pytest.mark.parametrize("text", ["b3", " B3 ", "mark b3"])
def test_fields_parse(text: str) -> None:
    assert new().string_to_action(text) == FIELD_NAMES.index("b3")


@pytest.mark.parametrize("text", ["R", "r", "red", "Red", " red ", "rot", "Rot"])
def test_hidden_colours_parse(text: str) -> None:
    marked = step(new(), 0)
    assert marked.string_to_action(text) == HIDE_BASE + R


@pytest.mark.parametrize("text", ["YGR", "ygr", "y g r", "yellow, green, red", "R+G+Y",
                                  "green red yellow", "gelb grün rot", "rot, gruen, GELB"])
def test_guesses_parse_in_any_order(text: str) -> None:
    state = hidden_state(B)
    action = state.string_to_action(text)
    assert state.action_to_string(action) == "YGR"


@pytest.mark.parametrize(("text", "move"), [
    ("mark b3", "b3"), ("hide red", "R"), ("Hide grey", "A"),
    ("guess white, red and blue", "WRB"), ("white red and blue", "WRB"),
    ("weiß, rot und blau", "WRB"), ("guess W R B", "WRB"),
])
def test_a_move_typed_as_the_hint_words_it_is_taken(text: str, move: str) -> None:
    """The hint says "mark b3", "hide grey", "guess white, red and blue": typed so, it is
    the move."""
    state = new()
    if move[0] not in "abcd":
        state = step(state, FIELD_NAMES.index("c3"))
    if len(move) == 3:
        state = step(state, HIDE_BASE + R)
    assert state.action_to_string(state.string_to_action(text)) == move


@pytest.mark.parametrize(("state_name", "text", "message"), [
    ("mark", "hide red", "^now the hider must put the marker"),
    ("hide", "guess YGR", "^now the hider must hide one colour"),
    ("hide", "mark b3", "^now the hider must hide one colour"),
    ("guess", "hide red", "^now the guesser must guess 3 colours"),
])
def test_a_move_named_for_another_phase_says_what_is_wanted(state_name: str, text: str,
                                                              message: str) -> None:
    state = new()
    if state_name != "mark":
        state = step(state, FIELD_NAMES.index("c3"))
    if state_name == "guess":
        state = step(state, HIDE_BASE + R)
    with pytest.raises(IllegalAction, match=message):
        state.string_to_action(text)


@pytest.mark.parametrize(("state_name", "text", "message"), [
    ("mark", "e5", "not a field"),
    ("mark", "a1", "a1 is already taken"),
    ("mark", "", "not a field"),
    ("hide", "x", "'x' is not a colour"),
    ("hide", "YG", "hide exactly one colour"),
    ("hide", "", "name a colour"),
    ("guess", "YG", "guess exactly 3 different colours, not 2"),
    ("guess", "YGRB", "guess exactly 3 different colours, not 4"),
    ("guess", "YYG", "names a colour twice"),
    ("guess", "b3", "^'b3' is not a colour"),
    ("guess", "y g purple", "^'y g purple': 'purple' is not a colour"),
    ("guess", "YGX", "^'YGX': 'X' is not a colour"),  # quoted as typed
    ("guess", "Y G Purple", "^'Y G Purple': 'Purple' is not a colour"),
    ("guess", "purple", "^'purple' is not a colour"),
    ("hide", "Zq", "^'Zq' is not a colour"),
    ("mark", "A starts", "^the first hider is already drawn$"),
    ("hide", "B starts", "^the first hider is already drawn$"),
    ("guess", "start b", "^the first hider is already drawn$"),
])
def test_bad_input_is_refused_with_a_reason(state_name: str, text: str, message: str) -> None:
    state = play(new(), [(0, "a1", "Y")])
    if state_name != "mark":
        state = step(state, FIELD_NAMES.index("c3"))
    if state_name == "guess":
        state = step(state, HIDE_BASE + R)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.string_to_action(text)
    assert state.to_json() == before


def test_moves_of_the_wrong_phase_say_what_is_wanted() -> None:
    state = new()
    with pytest.raises(IllegalAction, match="the hider must put the marker"):
        state.apply(HIDE_BASE + R)
    marked = step(state, 0)
    with pytest.raises(IllegalAction, match="the hider must hide one colour"):
        marked.apply(3)
    hidden = step(marked, HIDE_BASE + R)
    with pytest.raises(IllegalAction, match="the guesser must guess 3 colours"):
        hidden.apply(HIDE_BASE + R)


def test_the_view_shows_board_supplies_lines_and_stake() -> None:
    state = step(play(new(), [(0, "a1", "A"), (1, "b1", "Y")]), FIELD_NAMES.index("a2"))
    view = state.view(1)
    json.dumps(view)
    assert view["board"][0][0] == {"seat": 0, "colour": "A"}
    assert view["board"][0][1] == {"seat": 1, "colour": "Y"}
    assert view["supply"][0]["A"] == 3 and view["supply"][1]["Y"] == 3
    assert view["points"] == [6, 2] and view["scores"] == [6.0, 2.0]
    assert view["lines"][0] == {"name": "row 1", "fields": ["a1", "b1", "c1", "d1"],
                                "points": [2, 1], "bunt": [False, False]}
    assert view["marker"] == "a2" and view["phase"] == "hide"
    assert view["stake"]["gain"][0]["A"] == 2 + 6  # row 2, and column a from 2 to 8
    assert view["stake"]["gain"][1]["A"] == 2 + 2
    assert (view["hider"], view["guesser"], view["to_move"], view["round"]) == (0, 1, 0, 3)
    assert [h["field"] for h in view["history"]] == ["a1", "b1"]
    assert view["in_play"] == list("YGWRBA") and view["guess_size"] == 3


def test_observations_hold_the_hidden_colour_only_for_the_hider() -> None:
    one, other = hidden_state(R), hidden_state(A)
    assert len(one.observation(0)) == OBSERVATION_SIZE
    assert one.observation(1) == other.observation(1)
    assert one.observation(0) != other.observation(0)


def test_json_round_trips_and_tampering_is_refused() -> None:
    state = hidden_state(R)
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = state.game.state_from_json(data)
    assert rebuilt.to_json() == data and rebuilt.view(0) == state.view(0)
    for key, value in (("points", [99, 0]), ("hidden", 9), ("phase", "mark"),
                       ("board", [0] * 16), ("history", [[0, 0, 0, 0, 0, 1, 1, -1]])):
        bad = dict(data, **{key: value})
        with pytest.raises(IllegalAction, match="not an Irono Ofubi state"):
            state.game.state_from_json(bad)
    with pytest.raises(IllegalAction, match="guess exactly 2"):
        new(guess=2).game.state_from_json(data)  # its rounds' guesses name 3 colours
