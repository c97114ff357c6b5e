"""Open and closed courts, their premiums and the multiplier within a turn.

The position below (small board) has three courts on the base line:
A1 closed (rim south and west, A2 above, B1 beside), C1 open (rim, B1, D1) and
E1 open (rim, D1, F1).
"""

from __future__ import annotations

import pytest

from spieltisch.games.colomino.rules import ColominoState

from .helpers import game, play, position

TILES = {"A2": "RGBY", "B1": "YRBG", "D1": "GRYB", "F1": "YGBR"}
A1 = "A1 BGRR"  # the RRBG tile, matching A2 (blue), B1 (green) and the red rims
C1 = "C1 YBGR"  # the RYBG tile: rim green, B1 red, D1 blue
E1 = "E1 YRRR"  # the RRRY tile: rim red, D1 red, F1 red


def courts_position(rack: list[str], courts: int = 0, placed: int = 0) -> ColominoState:
    return position(game(), TILES, [rack, ["YYYY"]], courts=courts, placed=placed)


def test_courts_are_listed_in_the_view_with_what_they_need() -> None:
    view = courts_position(["RRBG"]).view(0)
    courts = {c["square"]: (c["court"], c["needs"]) for c in view["courts"]}
    assert courts == {"A1": ("closed", "BGRR"), "C1": ("open", "?BGR"),
                      "E1": ("open", "?RRR")}
    legal = {m["move"]: (m["court"], m["pays"]) for m in view["legal"]}
    assert legal["A1 RRBG r2"] == ("closed", 1)
    assert legal["C1 RRBG r3"] == ("open", 1)  # lies as RBGR
    assert {court for move, (court, _) in legal.items() if move[:2] not in ("A1", "C1")} == {None}


def test_open_court_pays_a_yellow_token() -> None:
    after = play(courts_position(["RRRY"]), E1)
    assert (after.yellow, after.blue) == ((1, 0), (0, 0))
    assert after.scores() == [1.0, 0.0]


def test_closed_court_pays_a_blue_token_worth_two() -> None:
    after = play(courts_position(["RRBG"]), A1)
    assert (after.yellow, after.blue) == ((0, 0), (1, 0))
    assert after.scores() == [2.0, 0.0]


def test_rulebook_example_open_then_closed_is_five_points() -> None:
    after = play(courts_position(["RRRY", "RRBG", "GGGG"]), E1, A1)
    assert (after.yellow[0], after.blue[0], after.scores()[0]) == (1, 2, 5.0)


def test_rulebook_example_closed_then_open_is_four_points() -> None:
    after = play(courts_position(["RRRY", "RRBG", "GGGG"]), A1, E1)
    assert (after.yellow[0], after.blue[0], after.scores()[0]) == (2, 1, 4.0)


@pytest.mark.parametrize("order,points", [
    ((E1, C1, A1), 1 + 2 + 3 * 2),
    ((A1, C1, E1), 2 * 1 + 2 + 3),
    ((C1, A1, E1), 1 + 2 * 2 + 3),
])
def test_the_third_court_of_a_turn_pays_three_tokens(order: tuple[str, ...],
                                                     points: int) -> None:
    state = courts_position(["RRRY", "RRBG", "RYBG"])
    after = play(state, *order)
    assert after.scores()[0] == points
    assert after.current_player != 0, "three placements end the turn"


def test_a_placement_that_fills_no_court_pays_nothing_and_does_not_count() -> None:
    state = courts_position(["RRRY", "RRBG", "GGGG"])
    after = play(state, "D2 GGGG")  # above D1, bounded on one side only
    assert after.scores()[0] == 0 and after.courts == 0
    after = play(after, A1)
    assert after.blue[0] == 1, "still the first court of the turn"
    assert after.view(0)["next_court_pays"] == 2


def test_the_multiplier_starts_again_next_turn() -> None:
    state = courts_position(["RRRY", "RRBG", "GGGG"], courts=2, placed=2)
    after = play(state, A1)
    assert after.blue[0] == 3, "third court of the turn"
    fresh = courts_position(["RRBG"], courts=0, placed=0)
    assert play(fresh, A1).blue[0] == 1


def test_a_joker_in_a_court_earns_the_premium() -> None:
    after = play(courts_position(["J", "J"]), "E1 J", "A1 J")
    assert (after.yellow[0], after.blue[0]) == (1, 2)


def test_covering_a_joker_that_sits_in_a_court_earns_the_premium_again() -> None:
    tiles = {**TILES, "E1": "J"}
    state = position(game(), tiles, [["RRRY"], ["YYYY"]])
    after = play(state, E1)
    assert after.yellow[0] == 1
    assert after.jokers_out == 1


def test_covering_a_joker_that_is_no_court_pays_nothing() -> None:
    state = position(game(), {"E1": "J"}, [["RRRY"], ["YYYY"]])
    after = play(state, "E1 YRRR")
    assert after.scores()[0] == 0 and after.jokers_out == 1


def test_corner_with_one_neighbour_is_an_open_court() -> None:
    state = position(game(), {"H1": "GRYB"}, [["RRRB"], ["YYYY"]])
    courts = {c["square"]: c["court"] for c in state.view(0)["courts"]}
    assert courts == {"I1": "open"}
    after = play(state, "I1 RRRB r1")
    assert after.yellow[0] == 1


def test_the_view_tells_the_tokens_each_seat_earned_in_its_latest_turn() -> None:
    state = courts_position(["RRRY", "RRBG", "GGGG"], placed=1)
    first = play(state, E1)
    assert first.view(1)["earned"] == [{"yellow": 1, "blue": 0}, {"yellow": 0, "blue": 0}]
    after = play(first, A1)
    assert after.view(None)["earned"][0] == {"yellow": 1, "blue": 2}, "the turn's tokens"
    assert after.game.state_from_json(after.to_json()).view(0)["earned"] == \
        after.view(0)["earned"]
    older = {k: v for k, v in after.to_json().items() if k != "earned"}
    assert after.game.state_from_json(older).view(0)["earned"][0] == {"yellow": 0, "blue": 0}
