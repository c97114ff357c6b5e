"""Strength benchmark for Colomino: a bot level against random and greedy opponents.

``spieltisch bench colomino --games 100 --level expert`` plays, for every player count
and opponent kind, that many games with the tested bot in one seat (rotating) and
the opponent bot in the others, then prints its share of the wins (ties shared),
mean points and thinking time per move (processor time, so that other work on the
machine does not inflate it).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from spieltisch.arguments import plain, positive_int, whole
from spieltisch.bench import refuse_unknown
from spieltisch.core.bots import Bot, Decision
from spieltisch.core.registry import load
from spieltisch.games.colomino.ai import make_bot
from spieltisch.games.colomino.rules import ColominoState


@dataclass
class Tally:
    """Results of one series of games."""

    games: int = 0
    wins: float = 0.0
    points: float = 0.0
    rival_points: float = 0.0
    moves: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    def line(self, label: str) -> str:
        """One printed row."""
        share = self.wins / max(1, self.games)
        per_move = self.seconds / max(1, self.moves)
        return (f"{label:<28} games {self.games:>4}  win share {share:6.1%}  "
                f"points {self.points / max(1, self.games):5.1f} vs "
                f"{self.rival_points / max(1, self.games):5.1f}  "
                f"cpu s/move {per_move:.3f} (max {self.slowest:.2f})")


def play_game(preset: str, bots: list[Bot], tested: int, seed: int, tally: Tally) -> None:
    """Play one game; `tested` is the seat whose results are tallied."""
    game = load("colomino", preset=preset, players=len(bots))
    state = game.new_initial_state()
    chance = random.Random(f"chance/{seed}")
    choices = [random.Random(f"bot/{seed}/{seat}") for seat in range(len(bots))]
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(chance)
        else:
            seat = state.current_player
            started = time.process_time()
            action = bots[seat].choose(Decision.from_state(state), choices[seat])
            if seat == tested:
                spent = time.process_time() - started
                tally.moves += 1
                tally.seconds += spent
                tally.slowest = max(tally.slowest, spent)
        state = state.apply(action)
    assert isinstance(state, ColominoState)
    keys = state.ranking_scores()
    best = max(keys)
    winners = [seat for seat, key in enumerate(keys) if key == best]
    tally.games += 1
    if tested in winners:
        tally.wins += 1 / len(winners)
    scores = state.scores()
    tally.points += scores[tested]
    tally.rival_points += max(s for seat, s in enumerate(scores) if seat != tested)


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench colomino",
                                     description=plain(__doc__))
    parser.add_argument("--games", type=positive_int, default=100,
                        help="games per series (default: 100)")
    parser.add_argument("--seed", type=whole, default=0, help="seed for the games (default: 0)")
    parser.add_argument("--level", default="expert", help="the tested bot (default: expert)")
    parser.add_argument("--opponents", nargs="+", default=["random", "greedy"],
                        help="levels to play against (default: random greedy)")
    parser.add_argument("--players", type=whole, nargs="+", default=[2, 4],
                        help="player counts, a series each (default: 2 4)")
    parser.add_argument("--preset", default="small", type=str.lower, choices=("small", "large"),
                        help="the board (default: small)")
    args = parser.parse_args(argv)
    refuse_unknown((load("colomino", preset=args.preset, players=players)
                    for players in args.players), [args.level, *args.opponents])
    for players in args.players:
        for opponent in args.opponents:
            game = load("colomino", preset=args.preset, players=players)
            tally = Tally()
            for g in range(args.games):
                tested = g % players
                bots = [make_bot(game, args.level if seat == tested else opponent)
                        for seat in range(players)]
                play_game(args.preset, bots, tested, args.seed * 100_003 + g, tally)
            label = f"{args.level} vs {opponent} {players}p {args.preset}"
            print(tally.line(label), flush=True)
    return 0
