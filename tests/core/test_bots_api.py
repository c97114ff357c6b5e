"""The bots API as a programmer meets it: `make_bot` for every game and level."""

from __future__ import annotations

import random
import re

import pytest

from spieltisch import Decision, IllegalAction, available_games, load
from spieltisch.ai.levels import BASELINES, LEVELS, make_bot
from spieltisch.ai.mcts import Budget, MCTSBot


@pytest.mark.parametrize("key", available_games())
def test_a_bots_repr_names_it(key: str) -> None:
    game = load(key)
    for level in [*LEVELS, *BASELINES]:
        bot = make_bot(game, level)
        assert re.fullmatch(rf"<\w+Bot '{re.escape(bot.name)}'>", repr(bot)), repr(bot)
    assert repr(MCTSBot(Budget(iterations=1), name="mine")) == "<MCTSBot 'mine'>"


def _decision(key: str) -> Decision:
    state = load(key).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    return Decision.from_state(state)


@pytest.mark.parametrize("key", available_games())
def test_a_bot_of_one_game_refuses_a_decision_of_another_in_words(key: str) -> None:
    title = load(key).info.title
    for other in available_games():
        if other == key:
            continue
        info = _decision(other)
        for level in ("greedy", "easy"):
            bot = make_bot(load(key), level)
            with pytest.raises(IllegalAction, match=rf"^this bot plays {title} only, not "
                                                    rf"{load(other).info.title}$"):
                bot.choose(info, random.Random(0))


def test_make_bot_takes_a_games_key_and_refuses_what_is_no_game() -> None:
    bot = make_bot("okey", "greedy")
    assert bot.name == make_bot(load("okey"), "greedy").name
    assert bot.choose(_decision("okey"), random.Random(0)) in _decision("okey").legal_actions
    with pytest.raises(IllegalAction, match="unknown game 'chess'"):
        make_bot("chess")
    with pytest.raises(IllegalAction, match=r"make_bot plays a Game .* not int"):
        make_bot(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", available_games())
def test_a_level_is_named_in_any_letter_case(key: str) -> None:
    game = load(key)
    for level in [*LEVELS, *BASELINES]:
        assert make_bot(game, level.upper()).name == make_bot(game, level).name
    assert make_bot(key.title(), " Easy ").name == make_bot(key, "easy").name


@pytest.mark.parametrize("key", available_games())
def test_a_decisions_repr_names_the_game_and_seat_and_counts_the_actions(key: str) -> None:
    decision = _decision(key)
    count = len(decision.legal_actions)
    assert repr(decision) == (f"<Decision {key}: seat {decision.seat} to move, {count} legal "
                              f"action{'' if count == 1 else 's'}>")
    hidden = decision.determinize(random.Random(1)).to_json()
    assert str(hidden) not in repr(decision) and "0x" not in repr(decision)
