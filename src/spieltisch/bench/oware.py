"""Oh-Wah-Ree bot strength: a level against OpenSpiel's MCTSBot on ``abapa``.

``spieltisch bench oware --games 100 --level expert --simulations 1000``
plays the given number of games with sides swapped every game and prints the
share of points (win 1, draw 0.5) and the mean thinking time per move.
"""

from __future__ import annotations

import argparse
import random
import time

import spieltisch
from spieltisch.ai.levels import make_bot
from spieltisch.arguments import plain, positive_int, whole
from spieltisch.core.bots import Decision


def _simulations(text: str) -> int:
    """The MCTSBot's simulations per move: at least 2, as OpenSpiel's bot needs.

    >>> _simulations("1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be at least 2, not 1
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 2:
        raise argparse.ArgumentTypeError(f"must be at least 2, not {value}")
    return value


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench oware",
                                     description=plain(__doc__))
    parser.add_argument("--games", type=positive_int, default=100,
                        help="games, sides swapped every game (default: 100)")
    parser.add_argument("--level", default="expert", help="level to measure (default: expert)")
    parser.add_argument("--simulations", type=_simulations, default=1000,
                        help="the simulations per move of OpenSpiel's bot (default: 1000)")
    parser.add_argument("--seed", type=whole, default=1, help="seed for the games (default: 1)")
    args = parser.parse_args(argv)
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = spieltisch.load("oware", preset="abapa")
    ref_game = pyspiel.load_game("oware")
    bot = make_bot(game, args.level)
    points = 0.0
    think = 0.0
    moves = 0
    for g in range(args.games):
        ours = g % 2
        rng = random.Random(args.seed * 1000 + g)
        opponent = mcts.MCTSBot(
            ref_game, 2.0, args.simulations,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState((args.seed * 1000 + g)
                                                                 % 2**32)),
            random_state=np.random.RandomState((args.seed * 7919 + g) % 2**32),
        )
        state = game.new_initial_state()
        ref = ref_game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player
            if seat == ours:
                start = time.perf_counter()
                action = bot.choose(Decision.from_state(state), rng)
                think += time.perf_counter() - start
                moves += 1
            else:
                action = opponent.step(ref) + 6 * seat
            state = state.apply(action)
            ref.apply_action(action - 6 * seat)
        result = state.returns()[ours]
        points += (result + 1) / 2
        print(f"game {g + 1:3d}: {'A' if ours == 0 else 'B'} side, "
              f"{'win' if result > 0 else 'loss' if result < 0 else 'draw'} "
              f"{int(state.scores()[ours])}:{int(state.scores()[1 - ours])}", flush=True)
    print(f"{args.level} vs OpenSpiel MCTSBot({args.simulations} simulations, random rollouts): "
          f"{points:.1f}/{args.games} points = {100 * points / args.games:.1f}%; "
          f"mean think time {think / max(moves, 1):.3f} s/move")
    return 0
