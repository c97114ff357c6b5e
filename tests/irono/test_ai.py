"""The round solver, the bots' mixed strategies, reading the opponent, the baseline."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

from spieltisch import IllegalAction, load
from spieltisch.ai.levels import make_bot as make_level_bot
from spieltisch.ai.matrix_game import (
    column_guarantee,
    exploitability,
    for_columns,
    hide_and_guess_value,
    row_guarantee,
    safe_mixture,
    solve,
)
from spieltisch.bench.irono import main as bench_main
from spieltisch.bench.irono import pairing
from spieltisch.core.bots import Bot, Decision
from spieltisch.games.irono.ai import (
    EVIDENCE_FULL,
    SHARE_FLOOR,
    STYLES,
    GreedyBot,
    IronoBot,
    Style,
    Tendencies,
    make_bot,
    plan_round,
    read_opponent,
)
from spieltisch.games.irono.board import FIELD_NAMES
from spieltisch.games.irono.rules import GUESS_BASE, HIDE, HIDE_BASE, IronoState

from .helpers import new, play, step

Y, G, W, R, B, A = range(6)


def test_the_fast_round_value_equals_the_linear_program() -> None:
    rng = random.Random(11)
    for _ in range(300):
        k = rng.randint(2, 6)
        g = rng.randint(1, k - 1)
        hidden = [float(rng.randint(-6, 12)) for _ in range(k)]
        caught = [float(rng.randint(-12, 6)) for _ in range(k)]
        sets = list(itertools.combinations(range(k), g))
        matrix = [[caught[i] if i in s else hidden[i] for s in sets] for i in range(k)]
        solution = solve(matrix)
        assert hide_and_guess_value(hidden, caught, g) == pytest.approx(solution.value, abs=1e-9)
        assert exploitability(matrix, solution.row, solution.column) < 1e-9


def test_a_safe_mixture_never_concedes_more_than_the_slack() -> None:
    rng = random.Random(2)
    for _ in range(100):
        matrix = [[rng.uniform(-5, 5) for _ in range(5)] for _ in range(4)]
        solution = solve(matrix)
        bold = [0.0] * 4
        bold[rng.randrange(4)] = 1.0
        mixed, weight = safe_mixture(matrix, solution.row, bold, solution.value - 1.0)
        assert 0.0 <= weight <= 1.0
        assert row_guarantee(matrix, mixed) >= solution.value - 1.0 - 1e-9
        columns = for_columns(matrix)
        column_bold = [0.0] * 5
        column_bold[rng.randrange(5)] = 1.0
        mixed, _ = safe_mixture(columns, solution.column, column_bold, -solution.value - 1.0)
        assert column_guarantee(matrix, mixed) <= solution.value + 1.0 + 1e-9


def midgame() -> IronoState:
    """Round 5, seat 0 has marked b2 where the colours are worth different amounts."""
    state = play(new(), [(0, "a1", "R"), (1, "c1", "B"), (0, "a3", "R"), (1, "d2", "G")])
    return step(state, FIELD_NAMES.index("a2"))


def frequencies(bot: Bot, state: IronoState, draws: int) -> Counter[int]:
    decision = Decision.from_state(state)
    return Counter(bot.choose(decision, random.Random(seed)) for seed in range(draws))


def test_the_hidden_colour_is_drawn_from_the_round_equilibrium() -> None:
    state = midgame()
    plan = plan_round(state, STYLES["easy"], read_opponent(state, 0))
    assert exploitability(plan.matrix, plan.strategy, plan.equilibrium.column) < 1e-9
    assert row_guarantee(plan.matrix, plan.strategy) == pytest.approx(plan.equilibrium.value)
    assert sum(p > 0.08 for p in plan.strategy) >= 4  # genuinely mixed
    draws = 600
    counts = frequencies(make_bot(state.game, "easy"), state, draws)
    for colour, p in zip(plan.colours, plan.strategy, strict=True):
        assert counts[HIDE_BASE + colour] / draws == pytest.approx(p, abs=0.06)


def test_the_guess_is_drawn_from_the_round_equilibrium() -> None:
    state = step(midgame(), HIDE_BASE + R)
    plan = plan_round(state, STYLES["easy"], read_opponent(state, 1))
    assert column_guarantee(plan.matrix, plan.strategy) == pytest.approx(plan.equilibrium.value)
    draws = 600
    counts = frequencies(make_bot(state.game, "easy"), state, draws)
    assert len(counts) >= 3
    for colour in plan.colours:  # how often each colour is named
        wanted = sum(q for q, m in zip(plan.strategy, plan.guesses, strict=True) if m >> colour & 1)
        named = sum(n for a, n in counts.items() if (a - GUESS_BASE) >> colour & 1) / draws
        assert named == pytest.approx(wanted, abs=0.07)
    assert 0.1 < sum(q for q, m in zip(plan.strategy, plan.guesses, strict=True)
                     if m >> R & 1) < 0.95


def test_the_advice_leaves_out_what_the_solver_leaves_as_rounding() -> None:
    # After b2 and a hidden red, the plan's strategy for the guess has shares of about
    # 1e-17 besides its two choices; they are no part of the expert's mix.
    state = step(step(new(), FIELD_NAMES.index("b2")), HIDE_BASE + R)
    plan = plan_round(state, STYLES["expert"], read_opponent(state, 1))
    assert any(0 < p < SHARE_FLOOR for p in plan.strategy)
    mix = IronoBot("expert").policy(Decision.from_state(state), random.Random(1))
    assert sorted(mix.values()) == pytest.approx([0.5, 0.5])
    assert sum(p > SHARE_FLOOR for p in plan.strategy) == len(mix)


def history_against_greedy(rounds: int) -> IronoState:
    """`rounds` rounds of the easy bot (seat 0) against the greedy bot (seat 1)."""
    game = load("irono", start="A")
    bots = [make_bot(game, "easy"), GreedyBot()]
    state = game.new_initial_state()
    assert isinstance(state, IronoState)
    rng = random.Random(4)
    while state.round < rounds or state.phase != 0:
        state = step(state, bots[state.current_player].choose(Decision.from_state(state), rng))
    return state


def test_a_greedy_opponent_is_read_as_greedy() -> None:
    tendencies = read_opponent(history_against_greedy(8), 0)
    assert tendencies.hide >= 1.0 and tendencies.guess >= 0.3
    assert tendencies.hide_evidence > EVIDENCE_FULL
    assert read_opponent(new(), 0) == Tendencies()


def test_a_sound_opponent_is_not_exploited() -> None:
    game = load("irono", start="A")
    bots = [make_bot(game, "expert"), make_bot(game, "easy")]
    state = game.new_initial_state()
    assert isinstance(state, IronoState)
    rng = random.Random(7)
    while state.round < 8 or state.phase != HIDE:
        state = step(state, bots[state.current_player].choose(Decision.from_state(state), rng))
    tendencies = read_opponent(state, 0)
    assert tendencies.field_evidence < 0  # it marks the fields a sound player marks
    plan = plan_round(state, STYLES["expert"], tendencies)
    assert row_guarantee(plan.matrix, plan.strategy) >= plan.equilibrium.value - 1e-9


def test_exploiting_a_read_opponent_stays_within_the_boldness() -> None:
    state = history_against_greedy(8)
    state = step(state, FIELD_NAMES.index(next(f for f, s in zip(FIELD_NAMES, state.board,
                                                                   strict=True) if s < 0)))
    assert state.phase == HIDE and state.hider == 0
    style = STYLES["expert"]
    plan = plan_round(state, style, read_opponent(state, 0))
    loss = plan.equilibrium.value - row_guarantee(plan.matrix, plan.strategy)
    assert 0.5 < loss <= style.boldness + 1e-9  # it leans towards the best reply, no further
    assert plan.strategy != plan.equilibrium.row
    draws = 400
    counts = frequencies(IronoBot("expert"), state, draws)
    for colour, p in zip(plan.colours, plan.strategy, strict=True):
        assert counts[HIDE_BASE + colour] / draws == pytest.approx(p, abs=0.07)
    timid = plan_round(state, Style(boldness=0.0), read_opponent(state, 0))
    assert row_guarantee(timid.matrix, timid.strategy) >= timid.equilibrium.value - 1e-9


def test_the_guesser_bot_cannot_tell_hidden_colours_apart() -> None:
    for level in ("easy", "expert"):
        bot = make_bot(load("irono"), level)
        hidden = [step(midgame(), HIDE_BASE + c) for c in (Y, R, A)]
        for seed in range(5):
            actions = {bot.choose(Decision.from_state(s), random.Random(seed)) for s in hidden}
            assert len(actions) == 1


def test_the_greedy_bot_hides_its_best_colour_and_guesses_the_biggest_swings() -> None:
    state = midgame()
    bot = GreedyBot()
    assert {bot.choose(Decision.from_state(state), random.Random(k)) for k in range(5)} == \
        {HIDE_BASE + R}  # two reds in column a
    hidden = step(state, HIDE_BASE + Y)
    guess = bot.choose(Decision.from_state(hidden), random.Random(0)) - GUESS_BASE
    assert guess >> R & 1 and guess >> A & 1 and guess.bit_count() == 3


def test_levels_and_baselines() -> None:
    game = load("irono")
    assert [make_bot(game, lv).name for lv in ("easy", "medium", "hard", "expert", "greedy")] \
        == ["irono-easy", "irono-medium", "irono-hard", "irono-expert", "irono-greedy"]
    assert make_level_bot(game, "random").name == "random"
    with pytest.raises(IllegalAction, match="unknown level 'grandmaster'"):
        make_bot(game, "grandmaster")


def test_the_expert_beats_the_greedy_bot() -> None:
    game = load("irono", start="A")
    tally = pairing(game, make_bot(game, "expert"), GreedyBot(), 6, seed=3)
    assert tally.wins >= 5
    assert sum(len(games) for games in tally.by_stones.values()) == 6
    assert sum(sum(points) for points in tally.by_stones.values()) == tally.wins + tally.draws / 2
    assert min(tally.by_stones) >= 8, "against greedy the expert places most of the stones"


def test_the_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--games", "2", "--level", "medium", "--opponents", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "medium vs greedy" in out and "% of the points" in out
    assert "exploitability per round" in out
    breakdown = out.split("by stones placed (of 16 per game): ")[1].splitlines()[0]
    assert sum(int(part.split(" of ")[1].split()[0]) for part in breakdown.split(", ")) == 2


def test_the_benchmark_counts_one_game_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--games", "1", "--level", "easy", "--opponents", "greedy"]) == 0
    out = capsys.readouterr().out
    assert " in 1 game = " in out
    assert re.search(r": (1 win, 0 draws, 0 losses|0 wins, 1 draw, 0 losses|"
                     r"0 wins, 0 draws, 1 loss) in", out), out



def test_the_benchmark_refuses_an_unknown_opponent_before_playing(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(IllegalAction, match="unknown level 'gredy'"):
        bench_main(["--games", "1", "--level", "easy", "--opponents", "random,gredy"])
    assert capsys.readouterr().out == ""
