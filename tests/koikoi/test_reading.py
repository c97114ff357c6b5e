"""Reading the opponent's hand from its plays that captured nothing."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core.bots import Decision
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi import reading
from spieltisch.games.koikoi.ai import GreedyBot, SearchBot
from spieltisch.games.koikoi.cards import MONTH_MASK
from spieltisch.games.koikoi.reading import discards, redeal
from spieltisch.games.koikoi.rules import KoiKoiState

from .helpers import dealt, play

HAND0 = "1b 1r 2a 2r 3b 3r 4a 4r"
HAND1 = "5a 5r 6a 6r 7a 7r 8b 8a"
TABLE = "9a 9r 10a 10r 11b 11a 12b 12p1"


def months(*numbers: int) -> int:
    mask = 0
    for number in numbers:
        mask |= MONTH_MASK[number - 1]
    return mask


def opening() -> KoiKoiState:
    """Seat 0 lays 1b and draws a card that stays; seat 1 lays 5a without a capture."""
    state = dealt(HAND0, HAND1, TABLE)
    return play(state, "1b", "draw 2p1", "5a", "draw 3p1")


def test_a_play_without_capture_rules_out_the_table_months() -> None:
    state = opening()
    # When seat 1 laid 5a the table held months 9-12, 1 (the Crane) and 2 (2p1).
    assert discards(state, 0) == [months(1, 2, 9, 10, 11, 12)]
    # Seat 0 laid the Crane with months 9-12 on the table.
    assert discards(state, 1) == [months(9, 10, 11, 12)]


def test_captures_say_nothing() -> None:
    state = dealt(HAND0, HAND1, "9a 9r 10a 10r 11b 11a 12b 5p1")
    state = play(state, "1b", "draw 2p1", "5a", "draw 3p1")
    assert discards(state, 0) == []
    state = play(state, "1r", "draw 4p1", "7a", "draw 12p2")
    assert discards(state, 0) == [months(2, 3, 4, 9, 10, 11, 12)]
    assert discards(state, 1) == [months(5, 9, 10, 11, 12)]


def test_a_player_seen_to_break_the_rule_is_not_read() -> None:
    # Seat 1 laid 5a while holding 8b, though the table held 8p1 (made by the draw).
    state = dealt(HAND0, HAND1, "9a 9r 10a 10r 11b 11a 12b 8p1")
    state = play(state, "1b", "draw 2p1", "5a", "draw 3p1")
    assert discards(state, 0) == [months(1, 2, 8, 9, 10, 11, 12)]
    state = play(state, "2a", "draw 4p1", "8b", "draw 6p1")
    assert discards(state, 0) == []


def test_redeal_keeps_the_cards_read_out_of_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "TRUST", 1.0)
    state = opening()
    readings = discards(state, 0)
    unseen = state.deck | state.hands[1]
    for seed in range(20):
        world = redeal(state.resample(0, random.Random(seed)), 0, readings,
                       random.Random(seed))
        assert not world.hands[1] & readings[0]
        assert world.hands[1].bit_count() == state.hands[1].bit_count()
        assert world.hands[1] | world.deck == unseen
        assert not world.hands[1] & world.deck
        assert world.hands[0] == state.hands[0] and world.table == state.table


def test_redeal_gives_up_a_reading_too_tight_to_deal() -> None:
    state = opening()
    everything = state.deck | state.hands[1]
    world = state.resample(0, random.Random(1))
    assert redeal(world, 0, [everything], random.Random(1)) is world


def test_readings_of_the_greedy_bot_never_exclude_a_card_it_holds() -> None:
    # The greedy bot captures whenever it can, so every reading of it is true.
    game = spieltisch.load("koikoi", months=1)
    rng = random.Random(3)
    bot = GreedyBot()
    checked = 0
    for month in range(8):
        state = game.new_initial_state().apply(act.FIRST_DEALER + month % 2)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert isinstance(state, KoiKoiState)
                seat = state.current_player
                for cards in discards(state, seat):
                    checked += 1
                    assert not cards & state.hands[1 - seat]
                action = bot.choose(Decision.from_state(state), rng)
            state = state.apply(action)
    assert checked > 10


def test_a_reading_search_is_blind_to_what_it_cannot_see() -> None:
    state = opening()
    assert discards(state, 0)
    bot = SearchBot(rounds=6)
    for seed in range(3):
        twin = state.resample(0, random.Random(100 + seed))
        assert twin.hands[1] != state.hands[1]
        assert discards(twin, 0) == discards(state, 0)
        mine = bot.choose(Decision.from_state(state), random.Random(seed))
        assert mine == bot.choose(Decision.from_state(twin), random.Random(seed))
