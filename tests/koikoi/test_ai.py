"""Koi-Koi bots: levels, the greedy baseline, and a search that never peeks."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core.bots import Decision
from spieltisch.core.protocol import IllegalAction
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.ai import GreedyBot, SearchBot, make_bot
from spieltisch.games.koikoi.cards import card_id
from spieltisch.games.koikoi.rules import KoiKoiState

from .helpers import dealt, play, position


def choice(bot: GreedyBot | SearchBot, state: KoiKoiState, seed: int = 0) -> str:
    return state.action_to_string(bot.choose(Decision.from_state(state), random.Random(seed)))


def test_levels_greedy_and_random() -> None:
    game = spieltisch.load("koikoi")
    assert [make_bot(game, lv).name for lv in ("easy", "medium", "hard", "expert")] == [
        "koikoi-easy", "koikoi-medium", "koikoi-hard", "koikoi-expert"]
    assert make_bot(game, "greedy").name == "koikoi-greedy"
    assert make_bot(game, "random").name == "random"
    with pytest.raises(IllegalAction, match="unknown level 'grandmaster'"):
        make_bot(game, "grandmaster")


def test_levels_search_more_rounds_as_they_rise() -> None:
    game = spieltisch.load("koikoi")
    bots = [make_bot(game, lv) for lv in ("easy", "medium", "hard", "expert")]
    searches = [bot for bot in bots if isinstance(bot, SearchBot)]
    assert len(searches) == len(bots)
    rounds = [bot.rounds for bot in searches]
    seconds = [bot.seconds for bot in searches if bot.seconds is not None]
    assert rounds[-1] is None
    capped = [r for r in rounds[:-1] if r is not None]
    assert len(capped) == 3 and capped == sorted(set(capped))
    assert len(seconds) == len(bots) and seconds == sorted(seconds)


def test_greedy_takes_the_most_valuable_capture_and_stops() -> None:
    state = position(hand0="2a 1p1 5p1", hand1="6a", table="1b 2p1 7p1")
    assert choice(GreedyBot(), state) == "1p1"
    decide = play(position(hand0="8b 2a 2p1", hand1="5a", table="8p1 9p1", cap0="1b 3b"),
                  "8b", "draw 10p1")
    assert choice(GreedyBot(), decide) == "stop"


def test_greedy_gives_up_the_cheapest_card() -> None:
    state = position(hand0="2a 1p1 5r", hand1="6a", table="7p1")
    assert choice(GreedyBot(), state) == "1p1"


def test_search_completes_a_yaku() -> None:
    state = position(hand0="8b 2a 2p1 4p1", hand1="5a 6r 7p1 10p2", table="8p1 9p1 11p",
                     cap0="1b 3b")
    assert choice(SearchBot(rounds=24), state) == "8b"


def test_search_calls_koikoi_when_the_opponent_cannot_score() -> None:
    # Seat 0 holds Kasu with one card left that surely takes another plain; the
    # opponent has nothing and one card, too few to make any yaku.
    state = position(hand0="5p1 6p1", hand1="10p2", table="2p1 5p2 6p2 7p1",
                     cap0="1p1 1p2 3p1 3p2 4p1 8p1 8p2 9p1", month=5, player=0, dealer=1)
    state = play(state, "6p1", "draw 11p")
    assert dict(state.yaku(0)) == {"kasu": 1}
    assert choice(SearchBot(rounds=40), state) == "koikoi"


def test_search_is_blind_to_what_it_cannot_see() -> None:
    state = dealt("1b 1r 2a 2r 3b 3r 4a 4r", "5a 5r 6a 6r 7a 7r 8b 8a",
                  "9a 9r 10a 10r 11b 11a 12b 12p1")
    bot = SearchBot(rounds=6)
    for seed in range(3):
        twin = state.resample(0, random.Random(100 + seed))
        assert twin.hands[1] != state.hands[1]
        assert choice(bot, state, seed) == choice(bot, twin, seed)


def test_bots_play_a_whole_month_legally() -> None:
    game = spieltisch.load("koikoi", months=1)
    rng = random.Random(5)
    state = game.new_initial_state().apply(act.FIRST_DEALER)
    bots = (SearchBot(rounds=2), GreedyBot())
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = bots[state.current_player].choose(Decision.from_state(state), rng)
        state = state.apply(action)
    assert sum(state.scores()) > 0
    assert card_id("1b") == 0
