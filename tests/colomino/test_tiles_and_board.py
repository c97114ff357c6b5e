"""The tile set and the boards are the ones RULINGS.md decides."""

from __future__ import annotations

from collections import Counter

import pytest

from spieltisch import IllegalAction, load
from spieltisch.games.colomino.board import LARGE, SMALL, BoardSpec
from spieltisch.games.colomino.placing import CENTRE
from spieltisch.games.colomino.tiles import (
    DISTINCT_ROTATIONS,
    FITTING,
    FREE,
    JOKER,
    PATTERNS,
    constraint_code,
    oriented,
    rotate_edges,
    tile_name,
)

from .helpers import game


def test_seventy_patterns_by_number_of_colours() -> None:
    by_colours = Counter(len(set(p)) for p in PATTERNS)
    assert len(PATTERNS) == 70
    assert by_colours == {1: 4, 2: 24, 3: 36, 4: 6}
    rotations = {rotate_edges(p, r) for p in PATTERNS for r in range(4)}
    assert len(rotations) == 256, "every edge colouring is some pattern turned"


def test_the_bag_holds_144_tiles_two_of_each_pattern_and_four_jokers() -> None:
    g = game()
    assert sum(g.total) == 144
    assert g.total[JOKER] == 4
    assert set(g.total[:JOKER]) == {2}
    assert len(g.new_initial_state().unseen(0)) == 144


def test_rotations_turn_clockwise_and_symmetric_tiles_have_fewer() -> None:
    rygb = PATTERNS.index((0, 1, 2, 3))
    assert tile_name(rygb) == "RYGB"
    assert [rotate_edges((0, 1, 2, 3), r) for r in range(4)] == [
        (0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    assert DISTINCT_ROTATIONS[PATTERNS.index((0, 0, 0, 0))] == (0,)
    assert DISTINCT_ROTATIONS[PATTERNS.index((0, 1, 0, 1))] == (0, 1)
    assert DISTINCT_ROTATIONS[rygb] == (0, 1, 2, 3)
    assert len({oriented(rygb, r) for r in range(4)}) == 4


def test_joker_fits_any_constraint_and_a_tile_only_matching_ones() -> None:
    need_red_south = constraint_code((FREE, FREE, 0, FREE))
    rygb = PATTERNS.index((0, 1, 2, 3))
    assert FITTING[need_red_south][JOKER] == (0,)
    assert FITTING[need_red_south][rygb] == (2,)
    all_blue = constraint_code((3, 3, 3, 3))
    assert FITTING[all_blue][rygb] == ()
    assert FITTING[all_blue][PATTERNS.index((3, 3, 3, 3))] == (0,)


@pytest.mark.parametrize("spec", [SMALL, LARGE])
def test_rim_segment_i_counted_clockwise_has_colour_i_mod_4(spec: BoardSpec) -> None:
    n = spec.size
    rim = spec.rim_colour
    clockwise = (
        [rim[(n - 1) * n + c][0] for c in range(n)]  # north side, west to east
        + [rim[r * n + n - 1][1] for r in range(n - 1, -1, -1)]  # east side, north to south
        + [rim[c][2] for c in range(n - 1, -1, -1)]  # south side, east to west
        + [rim[r * n][3] for r in range(n)]  # west side, south to north
    )
    for side in range(4):
        assert clockwise[side * n:(side + 1) * n] == [i % 4 for i in range(n)]


def test_small_board_view_rim_letters() -> None:
    view = game().new_initial_state().view(None)
    assert view["board"]["rim"] == {
        "north": "RYGBRYGBR", "east": "RBGYRBGYR", "south": "RBGYRBGYR", "west": "RYGBRYGBR"}


def test_large_board_has_four_centre_squares_one_per_colour() -> None:
    board = game("large").geo.empty_board()
    centres = {sq: content - CENTRE for sq, content in enumerate(board) if content >= CENTRE}
    assert centres == {4 * 12 + 4: 0, 4 * 12 + 7: 1, 7 * 12 + 4: 2, 7 * 12 + 7: 3}
    assert [LARGE.square_name(sq) for sq in sorted(centres)] == ["E5", "H5", "E8", "H8"]
    assert all(c < CENTRE for c in game("small").geo.empty_board())


def test_square_names() -> None:
    assert SMALL.square_name(0) == "A1"
    assert SMALL.square_name(80) == "I9"
    assert LARGE.parse_square("l12") == 143
    assert SMALL.parse_square("J1") is None
    assert SMALL.parse_square("E0") is None
    assert SMALL.parse_square("E") is None


@pytest.mark.parametrize("preset,size", [("small", 9), ("large", 12)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_presets_and_player_counts(preset: str, players: int, size: int) -> None:
    g = load("colomino", preset=preset, players=players)
    assert g.info.num_players == players
    assert g.info.options == {"preset": preset, "players": players, "start": "random"}
    assert load("colomino", **g.info.options).info == g.info
    assert g.new_initial_state().view(None)["board"]["size"] == size


@pytest.mark.parametrize("options,word", [
    ({"preset": "huge"}, "preset"),
    ({"players": 5}, "players"),
    ({"players": True}, "players"),
    ({"players": 2.0}, "players"),
    ({"colour": "red"}, "colour"),
])
def test_bad_options_are_refused_by_name(options: dict[str, object], word: str) -> None:
    with pytest.raises(IllegalAction, match=word):
        load("colomino", **options)
