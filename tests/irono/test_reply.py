"""Recognising an opponent that plays at random, and the best reply to it."""

from __future__ import annotations

import random

import pytest

from spieltisch import load
from spieltisch.ai.random_bot import RandomBot
from spieltisch.bench.irono import ReplyAnswerer
from spieltisch.core.bots import Bot, Decision
from spieltisch.games.irono.ai import (
    EXPLOIT_PROOF,
    RANDOM_PROOF,
    STYLES,
    GreedyBot,
    IronoBot,
    read_opponent,
    replies_to_random,
)
from spieltisch.games.irono.position import Position
from spieltisch.games.irono.reply import RandomReply, win_chance
from spieltisch.games.irono.rules import GUESS_BASE, HIDE, HIDE_BASE, MARK, IronoState

from .helpers import step
from .test_ai import midgame


def rounds_against(opponent: Bot, rounds: int, seed: int) -> IronoState:
    """`rounds` rounds of the easy bot (seat 0) against `opponent` (seat 1)."""
    game = load("irono", start="A")
    bots = [IronoBot("easy"), opponent]
    state = game.new_initial_state()
    assert isinstance(state, IronoState)
    rng = random.Random(seed)
    while state.round < rounds or state.phase != MARK:
        state = step(state, bots[state.current_player].choose(Decision.from_state(state), rng))
    return state


def test_the_chance_to_win_grows_with_the_lead_and_shrinks_with_the_rounds_left() -> None:
    assert win_chance(0, 8) == 0.5
    assert win_chance(-5, 8) < win_chance(0, 8) < win_chance(5, 8) < win_chance(5, 2)
    assert win_chance(1, 0) == 1.0 and win_chance(0, 0) == 0.5


def test_the_reply_hides_the_colour_best_against_a_blind_guess() -> None:
    state = midgame()
    assert state.phase == HIDE
    position = Position(state)
    lead = position.diff
    left = 16 - state.round - 1
    catch = state.guess_size / 6

    def hidden(colour: int) -> float:
        mine = win_chance(lead + position.gain(0, colour, state.marker), left)
        theirs = win_chance(lead - position.gain(1, colour, state.marker), left)
        return (1 - catch) * mine + catch * theirs

    best = max(range(6), key=hidden)
    chosen = {RandomReply().choose(state, 0, random.Random(s)) for s in range(10)}
    assert chosen == {HIDE_BASE + best}  # pure, not mixed


def test_the_reply_guesses_the_biggest_swings_in_winning_chances() -> None:
    state = step(midgame(), HIDE_BASE + 0)
    position = Position(state)
    left = 16 - state.round - 1

    def swing(colour: int) -> float:
        return (win_chance(-position.diff + position.gain(1, colour, state.marker), left)
                - win_chance(-position.diff - position.gain(0, colour, state.marker), left))

    named = sorted(range(6), key=swing, reverse=True)[:state.guess_size]
    guess = RandomReply().choose(state, 1, random.Random(0)) - GUESS_BASE
    assert guess == sum(1 << c for c in named)


def share_taken_for_random(opponent: Bot, rounds: range) -> float:
    """Over 4 games, the share of the given rounds at which the easy bot's reading
    of `opponent` calls for the reply to a random opponent."""
    readings = [read_opponent(rounds_against(opponent, r, seed), 0).random_evidence
                for seed in range(4) for r in rounds]
    return sum(e >= RANDOM_PROOF for e in readings) / len(readings)


def test_a_random_opponent_is_recognised_in_the_second_half_of_a_game() -> None:
    assert share_taken_for_random(RandomBot(), range(8, 15, 2)) >= 0.75


@pytest.mark.parametrize("opponent", ["greedy", "easy", "expert"])
def test_purposeful_opponents_are_seldom_taken_for_random(opponent: str) -> None:
    bot: Bot = GreedyBot() if opponent == "greedy" else IronoBot(opponent)
    assert share_taken_for_random(bot, range(2, 15, 2)) <= 0.25


def test_the_bots_above_easy_switch_to_the_reply_once_the_evidence_is_clear() -> None:
    marked = rounds_against(RandomBot(), 12, 0)
    assert read_opponent(marked, 0).random_evidence >= RANDOM_PROOF
    state = step(marked, RandomReply().choose(marked, 0, random.Random(0)))
    decision = Decision.from_state(state)
    reply = {RandomReply().choose(state, 0, random.Random(s)) for s in range(12)}
    assert len(reply) == 1
    assert {IronoBot("hard").choose(decision, random.Random(s)) for s in range(12)} == reply
    easy = {IronoBot("easy").choose(decision, random.Random(s)) for s in range(12)}
    assert len(easy) > 1  # easy keeps to the round's mixed equilibrium


def test_the_reply_stops_once_the_opponent_is_seen_to_answer_it() -> None:
    game = load("irono", start="A")
    stopped = 0
    for seed in range(8):
        bots = [IronoBot("expert"), ReplyAnswerer()]
        state = game.new_initial_state()
        assert isinstance(state, IronoState)
        rng = random.Random(seed)
        while not state.is_terminal():
            state = step(state, bots[state.current_player].choose(Decision.from_state(state),
                                                                  rng))
        tendencies = read_opponent(state, 0)
        if tendencies.exploit_evidence <= -EXPLOIT_PROOF:
            stopped += 1
            assert not replies_to_random(STYLES["expert"], tendencies)
    assert stopped >= 6  # ties in the reply make the answerer miss now and then
