"""Turn structure (three placements, drawing back to five, skipping) and the end."""

from __future__ import annotations

import random

import pytest

from spieltisch import CHANCE, TERMINAL, IllegalAction, load
from spieltisch.games.colomino.rules import ColominoState

from .helpers import game, play, position


def deal(state: ColominoState) -> ColominoState:
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_deal_gives_everyone_five_hidden_tiles() -> None:
    state = game(players=3).new_initial_state()
    assert state.current_player == CHANCE
    assert state.view(None)["phase"] == "deal"
    for _ in range(15):
        assert state.current_player == CHANCE
        state = state.apply(state.legal_actions()[-1])
    assert [len(r) for r in state.racks] == [5, 5, 5]
    assert state.bag_size == 144 - 15
    assert state.current_player == 0 and state.turn == 1


def test_three_placements_then_draw_back_to_five_then_the_next_player() -> None:
    state = deal(game().new_initial_state())
    rng = random.Random(4)
    for placed in range(3):
        assert state.current_player == 0
        assert state.view(0)["placed_this_turn"] == placed
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == CHANCE and state.drawer == 0
    assert len(state.racks[0]) == 2
    assert state.view(1)["phase"] == "draw"
    bag = state.bag_size
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert len(state.racks[0]) == 5 and state.bag_size == bag - 3
    assert state.current_player == 1 and state.turn == 2
    assert state.view(1)["placed_this_turn"] == 0


def test_fewer_placements_only_when_nothing_fits() -> None:
    state = position(game(), racks=[["RYGB", "YYYY"], ["GGGG"]])
    after = play(state, "D1 YYYY")  # RYGB still fits on the base line
    assert after.current_player == 0, "a legal placement remains: the turn goes on"
    lonely = position(game(), racks=[["RRRB"], ["GGGG"]])
    after = play(lonely, "E1 RRRB r2")
    assert after.current_player == CHANCE and after.drawer == 0
    assert after.placed == 1


def test_a_player_who_cannot_place_is_skipped() -> None:
    # YYYY fits nowhere: no empty base square with a yellow rim is open, D2/H2 need red
    tiles = {"D1": "RGYB", "H1": "RGYB"}
    state = position(game(), tiles, [["RRRR"], ["YYYY"]])
    after = play(state, "A1 RRRR")
    assert after.current_player == CHANCE
    while after.is_chance_node():
        after = after.apply(after.legal_actions()[0])
    assert after.current_player == 0, "player 2 could not lay YYYY anywhere"
    assert after.turn == state.turn + 1


def test_no_drawing_once_the_bag_is_empty() -> None:
    g = game("large")
    state = position(g, racks=[["J", "RYGB", "RRBG"], ["J", "J", "J"]], bag_left=1)
    assert state.bag_size == 1
    after = state
    while after.current_player == 0:
        after = after.apply(after.legal_actions()[0])
    assert after.current_player == CHANCE
    kept = len(after.racks[0])
    after = after.apply(after.legal_actions()[0])
    assert after.bag_size == 0 and len(after.racks[0]) == kept + 1 < 5
    assert after.current_player == 1, "the bag is empty: play goes on"


def test_the_game_ends_when_nobody_can_place() -> None:
    g = game("large")
    # every square but A1 is filled; player 2's YYGG cannot cover the joker on A1 (red rims)
    state = position(g, racks=[["J"], ["J", "J", "J", "YYGG"]], bag_left=0)
    empty = [sq for sq, c in enumerate(state.board) if c == -1]
    assert empty == [0] and state.bag_size == 0
    after = play(state, "A1 J")
    assert after.is_terminal()
    assert after.view(0)["phase"] == "over"


def column(top: str) -> dict[str, str]:
    tiles = {f"E{r}": t for r, t in zip(range(1, 8), ("YYYY", "GGGG", "BBBB", "YYGG", "GGBB",
                                                      "BBYY", "YGYG"), strict=True)}
    tiles["E8"] = top
    return tiles


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reaching_the_target_row_gives_everyone_else_one_more_turn(players: int) -> None:
    racks = [["RRRR"]] + [["J"]] * (players - 1)
    state = position(game(players=players), column("RGRB"), racks)
    bag = state.bag_size
    after = play(state, "E9 RRRR")
    assert after.view(None)["end"] == {"triggered": True, "turns_left": players - 1}
    assert after.bag_size == bag, "nobody draws once the end is triggered"
    for seat in range(1, players):
        assert after.current_player == seat
        after = after.apply(after.legal_actions()[0])
    assert after.current_player == TERMINAL


def test_the_player_who_reaches_the_target_row_finishes_the_turn() -> None:
    state = position(game(), column("RGRB"), [["RRRR", "J", "J"], ["J"]])
    after = play(state, "E9 RRRR")
    assert after.current_player == 0
    after = play(after, "A1 J", "B1 J")
    assert after.current_player == 1 and after.view(1)["end"]["turns_left"] == 1
    assert play(after, "C1 J").is_terminal()


def finished(yellow: list[int], blue: list[int]) -> ColominoState:
    return position(game(players=len(yellow)), yellow=yellow, blue=blue, over=True)


def test_most_points_win() -> None:
    state = finished([3, 1], [1, 1])
    assert state.scores() == [5.0, 3.0]
    assert state.returns() == [1.0, -1.0]
    assert state.view(None)["winners"] == [0]


def test_equal_points_go_to_more_blue_tokens() -> None:
    state = finished([4, 0], [0, 2])
    assert state.scores() == [4.0, 4.0]
    assert state.returns() == [-1.0, 1.0]
    assert state.view(None)["winners"] == [1]


def test_equal_points_and_blue_tokens_share_the_win() -> None:
    state = finished([2, 2, 0, 1], [1, 1, 0, 1])
    assert state.returns() == pytest.approx([2 / 3, 2 / 3, -1.0, -1 / 3])
    assert state.view(None)["winners"] == [0, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_who_begins_is_drawn_by_lot_before_the_deal(players: int) -> None:
    draw = game(players=players, start="random").new_initial_state()
    assert draw.current_player == CHANCE and draw.drawer == -1
    assert draw.chance_outcomes() == [(seat, 1 / players) for seat in range(players)]
    view = draw.view(None)
    assert (view["phase"], view["to_move"], view["drawing"], view["starter"]) == \
        ("deal", None, None, None)
    for seat in range(players):
        name = f"player {seat + 1} starts"
        assert draw.action_to_string(seat) == name and draw.string_to_action(name) == seat
        assert {draw.action_as_seen(seat, s) for s in [None, *range(players)]} == {name}
        dealt = deal(draw.apply(seat))
        assert dealt.current_player == seat and dealt.turn == 1
        assert [len(rack) for rack in dealt.racks] == [5] * players
        assert dealt.view(seat)["starter"] == seat
        assert dealt.view(seat)["legal"]
    assert draw.game.state_from_json(draw.to_json()) == draw


def test_a_seat_named_by_the_options_begins_without_a_draw() -> None:
    start = game(players=3, start="C").new_initial_state()
    assert start.current_player == CHANCE and start.drawer == 0
    assert start.view(None)["starter"] == 2
    assert deal(start).current_player == 2
    with pytest.raises(IllegalAction, match="one of random, A, B, not 'C'"):
        game(start="C")
    with pytest.raises(IllegalAction,
                       match="Colomino has no option 'begin'; options: preset, players, start"):
        load("colomino", begin="A")


def test_no_tile_is_drawn_before_the_first_player() -> None:
    draw = game(start="random").new_initial_state()
    with pytest.raises(IllegalAction, match="is not a legal move now"):
        draw.apply(draw.game.geo.draw_base)
    with pytest.raises(IllegalAction, match="is not a possible chance outcome now"):
        draw.string_to_action("draw RYGB")


def test_a_draw_of_the_first_player_only_at_the_start_of_a_game_by_lot() -> None:
    by_lot = game(start="random")
    begun = deal(by_lot.new_initial_state().apply(1))
    data = begun.to_json()
    assert by_lot.state_from_json(data) == begun
    with pytest.raises(IllegalAction, match="not at the start of a game by lot"):
        by_lot.state_from_json({**data, "starter": -1})
    fixed = game(start="A")
    with pytest.raises(IllegalAction, match="seat 1 began, but the options say seat 0"):
        fixed.state_from_json(data)
    with pytest.raises(IllegalAction, match="not at the start of a game by lot"):
        fixed.state_from_json(by_lot.new_initial_state().to_json())
    older = {key: value for key, value in deal(fixed.new_initial_state()).to_json().items()
             if key != "starter"}
    assert fixed.state_from_json(older).starter == 0


def test_a_turn_with_a_short_rack_and_an_empty_bag_counts_only_the_tiles_it_can_lay() -> None:
    from spieltisch.terminal.colomino import render

    g = game("large")
    state = position(g, racks=[["J", "J"], ["J", "J", "YYGG"]], bag_left=0)
    assert state.view(0)["turn_tiles"] == 2 and state.view(None)["turn_tiles"] == 2
    assert "placed 0 of 2" in render(state.view(0), 0, color=False)
    full = position(g, racks=[["RRRY", "J", "YYGG"], ["GGBB"]])
    assert full.view(1)["turn_tiles"] == 3
