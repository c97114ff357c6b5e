"""Oh-Wah-Ree bots: they take what is there, avoid the obvious trap, beat random play."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import spieltisch
from spieltisch.ai.random_bot import RandomBot
from spieltisch.core.bots import Bot, Decision
from spieltisch.core.protocol import IllegalAction
from spieltisch.games.oware.ai import AlphaBetaBot, evaluate, make_bot
from spieltisch.games.oware.rules import OwareState


def position(board: Sequence[int], stores: Sequence[int], *, players: int = 2,
             preset: str = "oh-wah-ree", to_move: int = 0) -> OwareState:
    game = spieltisch.load("oware", preset=preset, players=players)
    state = game.state_from_json({
        "board": list(board), "owners": [p * players // 12 for p in range(12)],
        "stores": list(stores), "to_move": to_move, "seen": [], "last": None, "ply": 0,
    })
    assert isinstance(state, OwareState)
    return state


def choice(bot: Bot, state: OwareState, seed: int = 0) -> str:
    return state.action_to_string(bot.choose(Decision.from_state(state), random.Random(seed)))


# A6 takes B's last two pits (4 stones) and ends the game 25 : 23; A1 would not.
WINNING = position([1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0], [20, 23])


@pytest.mark.parametrize("bot", [
    AlphaBetaBot(max_depth=1), AlphaBetaBot(max_depth=2), AlphaBetaBot(max_depth=4),
    make_bot(WINNING.game, "greedy"), make_bot(WINNING.game, "easy"),
], ids=["depth1", "depth2", "depth4", "greedy", "easy"])
def test_bot_takes_the_winning_capture(bot: Bot) -> None:
    for seed in range(3):
        assert choice(bot, WINNING, seed) == "A6"


def test_bot_takes_a_capture_with_three_players() -> None:
    # A4 counter-clockwise takes C2, C1, B4 and B3 (10 stones); nothing else captures
    state = position([1, 1, 1, 6, 0, 3, 2, 1, 2, 1, 5, 5], [10, 10, 12], players=3)
    assert choice(AlphaBetaBot(max_depth=1), state) == "A4 ccw"


# A6 takes B1 (2 stones) but leaves A1..A5 at one stone each: B6 (5 stones) then
# makes them all 2 and takes 10, and A, left with nothing, loses B's 7 as well.
# After A1, A2 or A3, B6 takes 9, 7 or 5; after A4 or A5 no reply takes more than 3.
TRAP = position([1, 1, 1, 1, 1, 1, 1, 0, 3, 2, 2, 5], [15, 14])


def step(state: OwareState, action: int) -> OwareState:
    after = state.apply(action)
    assert isinstance(after, OwareState)
    return after


def _best_reply(state: OwareState, move: str) -> int:
    after = step(state, state.string_to_action(move))
    return max(step(after, b).stores[1] - after.stores[1] for b in after.legal_actions())


def test_the_trap_position_is_what_it_claims() -> None:
    assert {m: _best_reply(TRAP, m) for m in ("A1", "A2", "A3", "A4", "A5", "A6")} == {
        "A1": 9, "A2": 7, "A3": 5, "A4": 3, "A5": 2, "A6": 10 + 7}
    assert step(TRAP, 5).stores == (17, 14)


def test_greedy_falls_into_the_trap() -> None:
    assert choice(make_bot(TRAP.game, "greedy"), TRAP) == "A6"


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_looking_two_plies_ahead_avoids_the_trap(depth: int) -> None:
    assert choice(AlphaBetaBot(max_depth=depth), TRAP) in ("A4", "A5")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "greedy", "random"])
def test_every_level_exists_and_plays_legally(level: str) -> None:
    game = TRAP.game
    bot = make_bot(game, level)
    state = game.new_initial_state().apply(1)
    assert bot.choose(Decision.from_state(state), random.Random(1)) in state.legal_actions()
    assert level in bot.name


def test_levels_are_reachable_through_the_common_factory() -> None:
    from spieltisch.ai.levels import make_bot as make_any_bot
    assert make_any_bot(spieltisch.load("oware"), "hard").name == "oware-hard"


@pytest.mark.parametrize("level", ["grandmaster", "", "Hardest"])
def test_unknown_level_is_refused(level: str) -> None:
    with pytest.raises(IllegalAction, match="unknown level"):
        make_bot(TRAP.game, level)


def test_same_decision_same_choice() -> None:
    bot = make_bot(TRAP.game, "easy")
    twin = position(list(TRAP.board), list(TRAP.stores))
    for seed in range(5):
        assert choice(bot, TRAP, seed) == choice(bot, twin, seed)


def test_evaluation_counts_captured_stones() -> None:
    assert evaluate(position([4] * 12, [0, 0]), 0) == 0.0
    assert evaluate(position([4] * 10 + [0, 0], [8, 0]), 0) > 0
    assert evaluate(position([4] * 10 + [0, 0], [0, 8], to_move=1), 0) < 0


def _play(options: dict[str, object], bots: Sequence[Bot], seed: int) -> list[float]:
    state = spieltisch.load("oware", **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(rng.choice(state.legal_actions()))
            continue
        state = state.apply(bots[state.current_player].choose(Decision.from_state(state), rng))
    return state.returns()


@pytest.mark.parametrize("preset", ["oh-wah-ree", "abapa"])
def test_search_beats_random_play(preset: str) -> None:
    strong, weak = AlphaBetaBot(max_depth=4), RandomBot()
    for seed in range(2):
        assert _play({"preset": preset}, [strong, weak], seed)[0] == 1.0
        assert _play({"preset": preset}, [weak, strong], seed)[1] == 1.0


def test_search_beats_random_play_with_three_players() -> None:
    strong, weak = AlphaBetaBot(max_depth=2), RandomBot()
    for seat in range(3):
        bots: list[Bot] = [weak, weak, weak]
        bots[seat] = strong
        assert _play({"players": 3}, bots, seat)[seat] == 1.0
