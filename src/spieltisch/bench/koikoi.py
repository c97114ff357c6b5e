"""Koi-Koi bot strength: a level against ``random`` and ``greedy``, month by month.

``spieltisch bench koikoi --months 200 --level expert`` plays that many single
months against each opponent and prints the share of all points the level
scored, the months it won and lost, and its mean thinking time per decision.
Months come in pairs with the same deal: the level holds one hand, then the
other, so it is the dealer in half of the months and the luck of the deal
cancels out. The deals go through the calendar (January, February, …), as a
match does, since the month's flower decides Tsukifuda.
"""

from __future__ import annotations

import argparse
import random
import time

import spieltisch
from spieltisch.ai.levels import make_bot
from spieltisch.arguments import plain, positive_even, whole
from spieltisch.bench import refuse_unknown
from spieltisch.core.bots import Bot, Decision
from spieltisch.games.koikoi.actions import FIRST_DEALER


def play_month(preset: str, bots: tuple[Bot, Bot], dealer: int, seed: str,
               clock: list[float], timed: int, month: int = 1) -> tuple[int, int]:
    """Month ``month`` of a match (its last) with ``bots[s]`` in seat ``s``; the points
    each seat scored. Thinking time of seat ``timed`` is added to ``clock`` (seconds,
    decisions)."""
    game = spieltisch.load("koikoi", preset=preset, months=month)
    state = game.new_initial_state().apply(FIRST_DEALER + dealer)
    if month > 1:
        state = game.state_from_json({**state.to_json(), "month": month})
    chance = random.Random(f"{seed}/chance")
    rngs = [random.Random(f"{seed}/seat{s}") for s in (0, 1)]
    while not state.is_terminal():
        seat = state.current_player
        if seat < 0:
            action = state.sample_chance(chance)
        else:
            start = time.perf_counter()
            action = bots[seat].choose(Decision.from_state(state), rngs[seat])
            if seat == timed:
                clock[0] += time.perf_counter() - start
                clock[1] += 1
        state = state.apply(action)
    scores = state.scores()
    return int(scores[0]), int(scores[1])


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench koikoi",
                                     description=plain(__doc__))
    parser.add_argument("--months", type=positive_even, default=200,
                        help="months per opponent, in pairs with the same deal (even; "
                        "default: 200)")
    parser.add_argument("--level", default="expert", help="level to measure (default: expert)")
    parser.add_argument("--opponents", default="random,greedy",
                        help="comma-separated levels to play against (default: random,greedy)")
    parser.add_argument("--preset", default="seed", help="the rule set (default: seed)")
    parser.add_argument("--seed", type=whole, default=1, help="seed for the games (default: 1)")
    parser.add_argument("--verbose", action="store_true", help="print every month")
    args = parser.parse_args(argv)
    game = spieltisch.load("koikoi", preset=args.preset, months=1)
    names = args.opponents.split(",")
    refuse_unknown([game], [args.level, *names])
    for name in names:
        level, opponent = make_bot(game, args.level), make_bot(game, name)
        mine = theirs = won = lost = 0
        clock = [0.0, 0.0]
        for month in range(args.months):
            deal, ours = divmod(month, 2)
            bots = (level, opponent) if ours == 0 else (opponent, level)
            scored = play_month(args.preset, bots, deal % 2, f"{args.seed}/{name}/{deal}",
                                clock, ours, deal % 12 + 1)
            a, b = scored[ours], scored[1 - ours]
            mine += a
            theirs += b
            won += a > b
            lost += b > a
            if args.verbose:
                role = "dealer" if deal % 2 == ours else "non-dealer"
                print(f"month {month + 1:3d} (flower {deal % 12 + 1}, {role}): {a}:{b}  "
                      f"total {mine}:{theirs}",
                      flush=True)
        share = 100.0 * mine / max(mine + theirs, 1)
        print(f"{args.level} vs {name} ({args.preset}, {args.months} months): points "
              f"{mine}:{theirs} = {share:.1f}%, months won {won}, lost {lost}, "
              f"{args.months - won - lost} without points; "
              f"{clock[0] / max(clock[1], 1):.3f} s per decision", flush=True)
    return 0
