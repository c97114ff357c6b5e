"""Rounds, roles, guess size, Ausverkauf at every moment it can happen, the end, matches."""

from __future__ import annotations

import pytest

from spieltisch import CHANCE, IllegalAction, load
from spieltisch.games.irono.board import EMPTY, FIELD_NAMES, LETTERS
from spieltisch.games.irono.rules import (
    GUESS,
    GUESS_BASE,
    HIDE,
    HIDE_BASE,
    MARK,
    OVER,
    START_BASE,
    IronoState,
)

from .helpers import guess_mask, in_play_letters, new, play, play_round, step

Y, G, W, R, B, A = range(6)


def test_a_round_marks_hides_guesses_and_places() -> None:
    state = new()
    assert (state.phase, state.current_player, state.hider) == (MARK, 0, 0)
    state = step(state, FIELD_NAMES.index("b3"))
    assert (state.phase, state.current_player) == (HIDE, 0)
    state = step(state, HIDE_BASE + R)
    assert (state.phase, state.current_player) == (GUESS, 1)
    assert len(state.legal_actions()) == 20  # 3 of 6 colours
    missed = step(state, GUESS_BASE + guess_mask(state, R, catch=False))
    assert missed.board[FIELD_NAMES.index("b3")] == 0 * 6 + R
    caught = step(state, GUESS_BASE + guess_mask(state, R, catch=True))
    assert caught.board[FIELD_NAMES.index("b3")] == 1 * 6 + R
    for after in (missed, caught):
        assert (after.phase, after.hider, after.current_player, after.round) == (MARK, 1, 1, 1)


def test_the_caught_hider_loses_the_field_and_keeps_the_stone() -> None:
    state = play(new(), [(1, "a1", "Y")])
    assert state.supply[0 * 6 + Y] == 4 and state.supply[1 * 6 + Y] == 3
    assert state.points == (0, 3)


def test_roles_swap_every_round_and_sixteen_rounds_fill_the_board() -> None:
    state = new()
    hiders = []
    for i, field in enumerate(FIELD_NAMES):
        hiders.append(state.hider)
        state = play_round(state, i % 2, field, LETTERS[i % 5])
    assert hiders == [0, 1] * 8
    assert state.phase == OVER and state.is_terminal() and EMPTY not in state.board


def three_sellouts_by_seat_0(fields: list[str]) -> list[tuple[int, str, str]]:
    """Seat 0 places 4 yellow, 4 green, then 4 white stones (12 rounds)."""
    return [(0, fields[i], "YGW"[i // 4]) for i in range(12)]


@pytest.mark.parametrize(("option", "sizes"), [(3, [3, 3, 3, 2]), (2, [2, 2, 2, 2]),
                                               (5, [5, 4, 3, 2]), (1, [1, 1, 1, 1])])
def test_guess_size_is_min_of_option_and_colours_in_play_minus_one(
        option: int, sizes: list[int]) -> None:
    state = new(guess=option)
    seen = [state.guess_size]
    placements = three_sellouts_by_seat_0(list(FIELD_NAMES))
    for k in range(3):
        state = play(state, placements[4 * k:4 * k + 4])
        seen.append(state.guess_size)
    assert seen == sizes
    assert in_play_letters(state) == "RBA"


def test_ausverkauf_by_the_uncaught_hider() -> None:
    state = play(new(), [(0, "a1", "Y"), (1, "b1", "Y"), (0, "c2", "Y"), (1, "d2", "G"),
                         (0, "a3", "Y"), (1, "b4", "G")])
    before = state.points[0]
    assert state.hider == 0
    state = play_round(state, 0, "d4", "Y")
    assert state.last is not None and state.last[7] == Y
    assert state.points[0] - before == state.last[6]
    assert state.last[6] == 1 + 1 + 3 + 4  # row 4, column d, diagonal with a1; Ausverkauf
    assert in_play_letters(state) == "GWRBA"
    assert state.supply[0 * 6 + Y] == 0 and state.supply[1 * 6 + Y] == 0
    assert state.sold == (1 << Y, 0)
    assert state.view(None)["sold_out"] == [["Y"], []]
    # seat 1's yellow stone placed before stays on the board and keeps scoring
    assert state.board[FIELD_NAMES.index("b1")] == 6 + Y


def test_ausverkauf_by_the_catching_guesser() -> None:
    state = play(new(), [(1, "a1", "R"), (1, "b2", "R"), (1, "c3", "R")])
    assert state.hider == 1
    state = play_round(state, 0, "a4", "W")
    assert state.hider == 0
    state = play_round(state, 1, "d4", "R")  # seat 0 hid red, seat 1 caught it
    assert state.last is not None
    assert (state.last[2], state.last[5], state.last[7]) == (0, 1, R)
    assert state.last[6] == 7 + 1 + 1 + 4  # diagonal 3 -> 4 reds; row 4; column d; bonus
    assert state.sold == (0, 1 << R)
    assert "R" not in in_play_letters(state)


def test_a_sold_out_colour_can_be_neither_hidden_nor_guessed() -> None:
    state = play(new(), [(0, f, "Y") for f in ("a1", "b1", "c1", "d1")])
    assert in_play_letters(state) == "GWRBA"
    marked = step(state, FIELD_NAMES.index("a2"))
    with pytest.raises(IllegalAction, match="yellow left the game"):
        marked.apply(HIDE_BASE + Y)
    with pytest.raises(IllegalAction, match="yellow left the game"):
        marked.string_to_action("yellow")
    hidden = step(marked, HIDE_BASE + G)
    with pytest.raises(IllegalAction, match="yellow left the game"):
        hidden.string_to_action("YGW")
    assert hidden.guess_size == 3 and len(hidden.legal_actions()) == 10  # 3 of 5


def test_ausverkauf_in_the_last_round_ends_the_game_with_the_bonus() -> None:
    placements = [(0, "a1", "B"), (1, "b1", "G"), (0, "c1", "B"), (1, "d1", "G"),
                  (0, "a2", "B"), (1, "b2", "G"), (0, "c2", "W"), (1, "d2", "W"),
                  (0, "a3", "W"), (1, "b3", "A"), (0, "c3", "A"), (1, "d3", "R"),
                  (0, "a4", "R"), (1, "b4", "Y"), (0, "c4", "Y")]
    state = play(new(), placements)
    assert state.round == 15 and state.hider == 1
    final = play_round(state, 0, "d4", "B")  # caught: seat 0's 4th blue
    assert final.is_terminal()
    assert final.last is not None and final.last[7] == B
    assert final.sold == (1 << B, 0)
    assert final.scores()[0] == final.points[0] == state.points[0] + final.last[6]


def test_the_end_with_few_colours_left() -> None:
    fields = list(FIELD_NAMES)
    state = play(new(), three_sellouts_by_seat_0(fields))
    state = play(state, [(1, fields[12], "R"), (1, fields[13], "B"), (1, fields[14], "A")])
    assert in_play_letters(state) == "RBA" and state.round == 15
    assert state.guess_size == 2
    state = step(state, FIELD_NAMES.index(fields[15]), HIDE_BASE + A)
    assert len(state.legal_actions()) == 3
    state = step(state, GUESS_BASE + guess_mask(state, A, catch=False))
    assert state.is_terminal()
    assert state.sold == (1 << Y | 1 << G | 1 << W, 0)
    assert state.scores()[0] > state.scores()[1]
    assert state.returns() == [1.0, -1.0]


def test_equal_points_are_a_draw() -> None:
    left = [("a1", "Y"), ("b1", "G"), ("a2", "W"), ("b2", "R"),
            ("a3", "B"), ("b3", "A"), ("a4", "Y"), ("b4", "G")]
    mirror = {"a": "d", "b": "c"}
    placements = []
    for field, colour in left:
        placements.append((0, field, colour))
        placements.append((1, mirror[field[0]] + field[1], colour))
    state = play(new(), placements)
    assert state.is_terminal()
    assert state.scores()[0] == state.scores()[1]
    assert state.returns() == [0.0, 0.0]


def test_random_start_is_a_public_chance_draw() -> None:
    state = load("irono").new_initial_state()
    assert isinstance(state, IronoState)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(START_BASE, 0.5), (START_BASE + 1, 0.5)]
    after = step(state, START_BASE + 1)
    assert after.hider == 1 and after.current_player == 1
    assert state.action_as_seen(START_BASE + 1, 0) == "B starts"
    assert after.view(0)["last_move"] == "B starts"


def test_a_match_alternates_the_starter_and_adds_the_points() -> None:
    state = new(preset="match")
    assert state.game.info.max_game_length == 2 * 48 + 1
    for i, field in enumerate(FIELD_NAMES):
        state = play_round(state, i % 2, field, LETTERS[i // 2 % 6])
    first = state.results[0][0]
    assert (state.number, state.round, state.hider, state.phase) == (1, 0, 1, MARK)
    assert state.board == (EMPTY,) * 16 and state.supply == (4,) * 12
    assert state.scores() == [float(first[0]), float(first[1])]
    view = state.view(1)
    assert (view["game_number"], view["starter"], view["results"][0]["points"]) == \
        (2, 1, list(first))
    for i, field in enumerate(FIELD_NAMES):
        state = play_round(state, 1 - i % 2, field, LETTERS[i // 2 % 6])
    assert state.is_terminal()
    second = state.results[1][0]
    assert state.scores() == [float(first[0] + second[0]), float(first[1] + second[1])]
    assert second == (first[1], first[0])  # the same stones, seats swapped
    assert state.returns() == [0.0, 0.0]
    assert len(state.view(None)["history"]) == 32


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 3}, "2 players"), ({"guess": 0}, "guess"), ({"guess": 6}, "guess"),
    ({"games": 0}, "games"), ({"start": "C"}, "start"), ({"preset": "x"}, "preset"),
    ({"colours": 4}, "Irono Ofubi has no option 'colours'"), ({"guess": True}, "guess"),
])
def test_bad_options_are_refused_by_name(options: dict[str, object], message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        load("irono", **options)


def test_options_round_trip_through_the_registry() -> None:
    game = load("irono", preset="match", guess=2, start="B")
    again = load("irono", **game.info.options)
    assert again.info.options == {"preset": "match", "players": 2, "guess": 2, "games": 2,
                                  "start": "B"}
    state = again.new_initial_state()
    assert isinstance(state, IronoState) and state.hider == 1
