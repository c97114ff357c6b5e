"""Okey figures: the hand solver's speed and a bot level's share of rounds won.

``spieltisch bench okey --rounds 200 --level expert`` plays single rounds (``seed``
preset, ``rounds=1``) of the level against ``random`` and against ``greedy`` at
4-player and 2-player tables, the level's seat moving round by round, and prints
the rounds it won, its fair share (1 / players) and its thinking time per move.
``--checks N`` first times N solver checks (tiles missing of a rack of 14 or 15)
on fresh random racks with empty caches and on racks met in play; the figure is CPU
time per check.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import spieltisch
from spieltisch.ai.levels import make_bot
from spieltisch.arguments import count_or_none, plain, positive_int, whole
from spieltisch.bench import refuse_unknown
from spieltisch.core.bots import Bot, Decision
from spieltisch.games.okey import solver, tiles
from spieltisch.games.okey.rules import OkeyState
from spieltisch.terminal import count


def play_round(players: int, bots: list[Bot], rng: random.Random,
               watch: int, thinking: list[float]) -> int | None:
    """One round; the winner's seat or None. Times `watch`'s decisions into `thinking`."""
    game = spieltisch.load("okey", players=players, rounds=1)
    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player
        if seat < 0:
            state = state.apply(state.sample_chance(rng))
            continue
        began = time.process_time()
        action = bots[seat].choose(Decision.from_state(state), rng)
        if seat == watch:
            thinking.append(time.process_time() - began)
        state = state.apply(action)
    assert isinstance(state, OkeyState)
    winner = state.results[-1][1]
    return winner if winner >= 0 else None


def strength(level: str, opponent: str, players: int, rounds: int, seed: int,
             progress: int = 0) -> str:
    """A line of figures: the level's rounds won against `opponent` bots; with
    `progress`, a line so far every that many rounds too."""
    game = spieltisch.load("okey", players=players)
    thinking: list[float] = []
    won = others = 0
    for r in range(rounds):
        ours = r % players
        bots = [make_bot(game, level if s == ours else opponent) for s in range(players)]
        rng = random.Random(f"okey-bench/{seed}/{level}/{opponent}/{players}/{r}")
        winner = play_round(players, bots, rng, ours, thinking)
        if winner == ours:
            won += 1
        elif winner is not None:
            others += 1
        if progress and (r + 1) % progress == 0 and r + 1 < rounds:
            print(f"  ... {r + 1} rounds: won {won}, opponents {others}", flush=True)
    share = won / rounds
    fair = 1 / players
    return (f"{level} vs {players - 1} x {opponent}, {players} players, "
            f"{count(rounds, 'round')}: "
            f"won {won} ({share:.0%}), opponents {others}, no winner {rounds - won - others}; "
            f"fair share {fair:.0%}, {share / fair:.2f} x fair; "
            f"thinking {statistics.mean(thinking) * 1000:.0f} ms mean, "
            f"{max(thinking) * 1000:.0f} ms max CPU per move")


def _random_racks(count: int, rng: random.Random) -> list[solver.RackKey]:
    box = [k for k in range(tiles.KINDS) for _ in range(tiles.COPIES)]
    out = []
    for i in range(count):
        rng.shuffle(box)
        out.append(solver.rack_key(tiles.counts_of(box[:14 + i % 2]), rng.randrange(52)))
    return out


def _played_racks(count: int, rng: random.Random) -> list[solver.RackKey]:
    """Racks of 14 a greedy player weighs while it plays (every discard of each turn)."""
    out: list[solver.RackKey] = []
    while len(out) < count:
        box = [k for k in range(tiles.KINDS) for _ in range(tiles.COPIES)]
        rng.shuffle(box)
        okey = rng.randrange(52)
        rack = list(tiles.counts_of(box[:14]))
        for tile in box[14:60]:
            rack[tile] += 1
            best = (99, 0)
            for k in range(tiles.KINDS):
                if rack[k]:
                    rack[k] -= 1
                    key = solver.rack_key(rack, okey)
                    out.append(key)
                    best = min(best, (solver.missing(key), k))
                    rack[k] += 1
            rack[best[1]] -= 1
            if best[0] == 0:
                break
    return out[:count]


def _time_checks(racks: list[solver.RackKey]) -> tuple[float, float]:
    """Mean CPU and wall microseconds per `solver.missing` call, caches emptied first."""
    solver.clear_caches()
    cpu, wall = time.process_time(), time.perf_counter()
    for key in racks:
        solver.missing(key)
    return ((time.process_time() - cpu) / len(racks) * 1e6,
            (time.perf_counter() - wall) / len(racks) * 1e6)


def solver_speed(checks: int, seed: int) -> list[str]:
    """Lines of figures: solver time per check on random and on played racks."""
    rng = random.Random(seed)
    lines = []
    for label, racks in (("fresh random racks of 14/15", _random_racks(checks, rng)),
                         ("racks met in play", _played_racks(checks, rng))):
        cpu, wall = _time_checks(racks)
        lines.append(f"solver, {label}: {cpu:.0f} us CPU ({wall:.0f} us wall) per check, "
                     f"{count(len(racks), 'check')} from empty caches")
    return lines


def _tables(text: str) -> list[int]:
    """Comma-separated table sizes.

    >>> _tables("4,2"), _tables("")
    ([4, 2], [])
    """
    return [positive_int(p) for p in text.split(",") if p]


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench okey",
                                     description=plain(__doc__))
    parser.add_argument("--rounds", type=positive_int, default=200,
                        help="rounds per opponent and table size (default: 200)")
    parser.add_argument("--level", default="expert", help="level to measure (default: expert)")
    parser.add_argument("--opponents", default="random,greedy",
                        help="comma-separated levels; empty for the solver figures only "
                        "(default: random,greedy)")
    parser.add_argument("--players", type=_tables, default="4,2",
                        help="comma-separated table sizes (default: 4,2)")
    parser.add_argument("--checks", type=count_or_none, default=5000,
                        help="solver checks to time; 0 for none (default: 5000)")
    parser.add_argument("--seed", type=whole, default=1, help="seed for the games (default: 1)")
    parser.add_argument("--progress", type=count_or_none, default=0,
                        help="print the rounds won so far every N rounds")
    args = parser.parse_args(argv)
    opponents = list(filter(None, args.opponents.split(",")))
    tables: list[int] = args.players
    if not args.checks and not (opponents and tables):
        parser.error("nothing to measure: give --checks N for the solver, or --opponents "
                     "and --players")
    if opponents:
        refuse_unknown((spieltisch.load("okey", players=players) for players in tables),
                       [args.level, *opponents])
    if args.checks:
        for line in solver_speed(args.checks, args.seed):
            print(line, flush=True)
    for opponent in opponents:
        for players in tables:
            print(strength(args.level, opponent, players, args.rounds, args.seed,
                           args.progress), flush=True)
    return 0
