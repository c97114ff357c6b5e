"""Where a tile may go: base line, rim markings, neighbours, jokers, centre squares.

Small board rim markings used below: south (base line) by column A..I is
R B G Y R B G Y R; west by row 1.. is R Y G B ...; east by row 1.. is R B G Y ...
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from spieltisch import IllegalAction
from spieltisch.games.colomino.rules import ColominoState
from spieltisch.games.colomino.tiles import JOKER

from .helpers import game, kind, lying, play, position


def moves(state: ColominoState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def test_first_tile_goes_in_the_base_row_matching_the_rim() -> None:
    g = game()
    state = position(g, racks=[["RYGB"], []])
    legal = moves(state)
    assert legal == {"B1 RYGB r3", "C1 RYGB r0", "D1 RYGB r1", "E1 RYGB r2", "F1 RYGB r3",
                     "G1 RYGB r0", "H1 RYGB r1"}
    # the corners need two red edges: south and west (A1), south and east (I1)
    rim_south = "RBGYRBGYR"
    for action in state.legal_actions():
        after = state.apply(action)
        square, _, _ = g.geo.unpack(action)
        assert square < 9
        assert "RYGB"[after.board[square] // 4 % 4] == rim_south[square]


def test_edges_must_match_the_neighbours() -> None:
    g = game()
    state = position(g, {"E1": "GBRY"}, [["RYGB"], []])
    legal = moves(state)
    assert "E2 RYGB r0" in legal  # its south edge is green like E1's north edge
    assert "E2 RYGB r1" not in legal
    assert not any(m.startswith(("D1", "F1")) for m in legal), "rim and neighbour disagree"
    with pytest.raises(IllegalAction, match=r"does not match.*: north, east, south, west, "
                       r"\? any colour\); fitting: r0"):
        state.string_to_action("E2 RYGB r1")


def test_every_tile_is_joined_to_the_base_line() -> None:
    state = position(game(), {"E1": "GBRY"}, [["RYGB", "J"], []])
    with pytest.raises(IllegalAction, match="not joined to the base line"):
        state.string_to_action("E3 RYGB r0")
    with pytest.raises(IllegalAction, match="not joined"):
        state.string_to_action("F2 J")  # touches E1 only at a corner
    assert all(s[:2] in {"A1", "B1", "C1", "D1", "F1", "G1", "H1", "I1", "E2"}
               for s in moves(state))


def test_jokers_match_everything_and_everything_matches_them() -> None:
    state = position(game(), {"E1": "J"}, [["J", "RRRR", "YYYY"], []])
    legal = moves(state)
    assert {"E2 RRRR r0", "E2 YYYY r0", "E2 J"} <= legal
    assert "D1 YYYY r0" in legal  # rim yellow, the joker beside it matches anything
    assert "F1 J" in legal  # a joker also matches the rim
    assert "F1 RRRR r0" not in legal  # F1's rim is blue


def test_covering_a_joker_needs_the_exact_tile_and_takes_the_joker_out() -> None:
    g = game()
    tiles = {"D1": "GRYB", "E1": "J", "F1": "YGBR"}
    state = position(g, tiles, [["RRRY", "GGGG"], ["YYYY"]])
    legal = moves(state)
    assert "E1 RRRY r1" in legal  # lies as YRRR: red south, west and east
    assert not any(m.startswith("E1 GGGG") for m in legal)
    with pytest.raises(IllegalAction, match="fits E1 in no rotation"):
        state.string_to_action("E1 GGGG r0")
    after = play(state, "E1 YRRR")
    assert after.board[4] == lying("YRRR")
    assert after.jokers_out == 1
    assert state.unseen(0).count(JOKER) == after.unseen(0).count(JOKER) == 3
    assert len(after.unseen(0)) == len(state.unseen(0))
    assert after.view(None)["jokers_out"] == 1


def test_a_joker_laid_this_turn_is_not_covered_in_the_same_turn() -> None:
    state = position(game(), {"D1": "GRYB", "F1": "YGBR"}, [["J", "RRRR", "BBBB"], []])
    after = play(state, "E1 J")
    assert after.current_player == 0
    assert not any(m.startswith("E1") for m in moves(after))
    with pytest.raises(IllegalAction, match="laid this turn"):
        after.string_to_action("E1 RRRR")
    assert after.view(0)["fresh_jokers"] == ["E1"]


def test_tiles_placed_never_move_and_squares_are_taken_once() -> None:
    state = position(game(), {"E1": "GBRY"}, [["GBRY", "RRRR"], []])
    with pytest.raises(IllegalAction, match="E1 is taken"):
        state.string_to_action("E1 GBRY")


class TestCentreSquares:
    """The large board's printed one-colour squares: E5 red, H5 yellow, E8 green, H8 blue."""

    column: ClassVar[dict[str, str]] = {"E1": "YYYY", "E2": "GGGG", "E3": "BBBB"}

    def test_a_centre_square_touching_no_tile_is_not_a_foothold(self) -> None:
        state = position(game("large"), self.column, [["RYGB", "RRRR"], []])
        with pytest.raises(IllegalAction, match="not joined"):
            state.string_to_action("F5 RYGB r3")
        with pytest.raises(IllegalAction, match="touches no tile yet"):
            state.string_to_action("E5 RRRR")

    def test_once_joined_tiles_attach_to_it_matching_its_colour(self) -> None:
        state = position(game("large"), {**self.column, "E4": "RRGG"}, [["RYGB"], []])
        legal = moves(state)
        assert "F5 RYGB r3" in legal  # west edge red, facing the red centre square
        assert "F5 RYGB r1" not in legal
        assert "D5 RYGB r1" in legal  # east edge red
        assert "E6 RYGB r2" in legal  # south edge red

    def test_only_its_one_colour_tile_covers_it_and_that_is_never_a_court(self) -> None:
        around = {**self.column, "E4": "RRGG", "D5": "YYYY", "F5": "GGGG", "E6": "BBBB"}
        state = position(game("large"), around, [["RRRR", "RYGB"], []])
        assert "E5 RRRR r0" in moves(state)
        with pytest.raises(IllegalAction, match="only the RRRR tile"):
            state.string_to_action("E5 RYGB")
        after = play(state, "E5 RRRR")
        assert after.scores() == [0.0, 0.0]
        assert after.courts == 0
        tiles = after.view(None)["board"]["tiles"]
        e5 = next(t for t in tiles if t["square"] == "E5")
        assert e5["centre"] is False and e5["edges"] == "RRRR"

    def test_a_centre_square_bounds_a_court(self) -> None:
        tiles = {**self.column, "E4": "RRGG", "D6": "RRYY", "F6": "RRBB", "D5": "RRYG"}
        state = position(game("large"), tiles, [["RRYB"], []])
        courts = {c["square"]: c["court"] for c in state.view(0)["courts"]}
        assert courts["E6"] == "open"  # D6, F6 and the centre square E5
        after = play(state, "E6 YBRR")
        assert after.yellow == (1, 0)


def test_kind_helper_reads_any_rotation() -> None:
    assert kind("YRRR") == kind("RRRY") == kind("RRYR")
