"""`Match` plays every game to the end, exports a record that replays, and undoes moves."""

from __future__ import annotations

import json
import math
import random

import pytest

from spieltisch import Game, IllegalAction, Match
from spieltisch.ai.random_bot import RandomBot
from spieltisch.core.bots import Decision

from .cases import Case, parametrize_cases
from .checks import json_exact
from .toy import KEEP, DuelGame, DuelState


def play_random(match: Match, rng: random.Random, moves: int | None = None) -> None:
    """Random bots move for whoever is to move, `moves` times or to the end."""
    bot = RandomBot()
    while not match.state.is_terminal() and (moves is None or moves > 0):
        state = match.state
        match.play(state.current_player, bot.choose(Decision.from_state(state), rng))
        moves = None if moves is None else moves - 1


def assert_replays(match: Match) -> None:
    record = match.to_record()
    json_exact(record, "to_record()")
    again = Match.from_record(json.loads(json.dumps(record)))
    assert again.actions == match.actions
    assert again.state.to_json() == match.state.to_json(), "from_record gives another state"


@parametrize_cases()
def test_match_plays_to_the_end_and_replays(case: Case) -> None:
    game = case.game()
    match = Match(game, seed=f"conformance/{case.id}")
    play_random(match, random.Random(0))
    assert len(match.actions) <= game.info.max_game_length
    result = match.result()
    assert result is not None
    assert abs(math.fsum(result["returns"])) < 1e-9
    assert_replays(match)
    for seat in (*range(game.info.num_players), None):
        json_exact(match.public_record(seat), f"public_record({seat})")
        assert len(match.log(seat)) == len(match.actions)
    with pytest.raises(IllegalAction):
        match.play(0, match.state.legal_actions()[0] if match.state.legal_actions() else 0)


@parametrize_cases()
def test_a_resignation_ends_the_game_with_that_seat_last(case: Case) -> None:
    game = case.game()
    n = game.info.num_players
    match = Match(game, seed=f"resign/{case.id}")
    rng = random.Random(2)
    seat = first_seat_with_two_moves(match, game, rng)
    assert seat is not None, "the game ended before any seat moved twice"
    scores = match.state.scores()
    with pytest.raises(IllegalAction):
        match.resign(n)
    assert match.result() is None and not match.over
    match.resign(seat)
    assert match.over and not match.state.is_terminal()
    result = match.result()
    assert result is not None
    assert result["resigned"] == seat and result["scores"] == scores
    assert abs(math.fsum(result["returns"])) < 1e-9
    assert result["returns"][seat] == -1.0
    assert all(r == 1 / (n - 1) for i, r in enumerate(result["returns"]) if i != seat)
    version, state = match.version, match.state.to_json()
    for refused in (lambda: match.play(seat, match.state.legal_actions()[0]),
                    lambda: match.undo(seat), lambda: match.resign((seat + 1) % n)):
        with pytest.raises(IllegalAction):
            refused()
    assert not match.can_undo(seat)
    assert (match.version, match.state.to_json()) == (version, state)
    assert_replays(match)
    again = Match.from_record(json.loads(json.dumps(match.to_record())))
    assert again.resigned == seat and again.result() == result
    for viewer in (*range(n), None):
        assert match.public_record(viewer)["result"] == result


def first_seat_with_two_moves(match: Match, game: Game, rng: random.Random) -> int | None:
    """Play until some seat is to move for the second time; that seat, or None at the end."""
    moved: set[int] = set()
    while not match.state.is_terminal():
        seat = match.state.current_player
        if seat in moved:
            return seat
        moved.add(seat)
        play_random(match, rng, moves=1)
    return None


@parametrize_cases()
def test_undo_returns_to_the_seats_last_decision(case: Case) -> None:
    game = case.game()
    match = Match(game, seed=f"undo/{case.id}")
    rng = random.Random(1)
    seat = first_seat_with_two_moves(match, game, rng)
    assert seat is not None, "the game ended before any seat moved twice"
    before_actions = match.actions
    before = match.state
    with pytest.raises(IllegalAction):
        match.play((seat + 1) % game.info.num_players, before.legal_actions()[0])
    with pytest.raises(IllegalAction):
        match.play(seat, -1)
    assert match.actions == before_actions
    play_random(match, rng, moves=1)
    if match.drawn_since(seat):
        # What it saw drawn since would come out again: alone, the seat's move stands.
        later = match.actions
        with pytest.raises(IllegalAction, match="drawn since your last move"):
            match.undo(seat)
        assert match.actions == later and not match.can_undo(seat)
        match.undo(seat, keep=[s for s in range(game.info.num_players) if s != seat])
    else:
        match.undo(seat)
    assert match.actions == before_actions
    assert match.state.current_player == seat
    assert match.state.view(seat) == before.view(seat)
    if not game.info.hidden_information:
        assert match.state.to_json() == before.to_json()
    play_random(match, rng)
    assert_replays(match)


@parametrize_cases()
def test_a_take_back_the_others_agree_to_leaves_them_their_hands(case: Case) -> None:
    game = case.game()
    n = game.info.num_players
    match = Match(game, seed=f"keep/{case.id}")
    rng = random.Random(2)
    seat = first_seat_with_two_moves(match, game, rng)
    assert seat is not None, "the game ended before any seat moved twice"
    before = match.state
    play_random(match, rng, moves=1)
    while not match.state.is_terminal() and match.state.current_player != seat:
        play_random(match, rng, moves=1)
    actions = match.actions
    with pytest.raises(IllegalAction, match=f"no seat {n}"):
        match.undo(seat, keep=[n])
    assert match.actions == actions
    match.undo(seat, keep=[s for s in range(n) if s != seat])
    for viewer in (*range(n), None):
        assert match.state.view(viewer) == before.view(viewer)
    assert_replays(match)


class OlderResample(DuelState):
    """A state written to the protocol before `resample` had `keep`."""

    def resample(self, seat: int, rng: random.Random) -> DuelState:  # type: ignore[override]
        return super().resample(seat, rng)


def test_undo_without_keep_works_with_a_resample_that_has_no_keep() -> None:
    game = DuelGame()
    game.state_type = OlderResample
    match = Match(game, seed="older")
    match.resolve_chance()
    seat = match.state.current_player
    before = match.state.view(seat)
    match.play(seat, KEEP)
    match.undo(seat)
    assert match.state.current_player == seat and match.state.view(seat) == before
