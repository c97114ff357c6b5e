"""Irono Ofubi bot strength: a level against the random and the greedy bot.

``spieltisch bench irono --games 200 --level expert`` plays that many games
against each opponent with sides swapped every game (seat A always hides
first) and prints wins, the share of the points (win 1, draw 0.5), the share
of the board points, and the thinking time per decision. It also measures how
exploitable the bot's round strategies are: at every hide and guess of the bot,
how much a best-responding opponent would gain per round over the round's value
(in the bot's own evaluation, points), next to the same figure for a pure
strategy (the greedy choice), and how many decisions were played as the best
reply to a random opponent.

Last it breaks the results down by how many stones the bot placed: a round is
won by a coin of weight ``g / k`` whoever plays it, so that count is mostly
luck, and the breakdown shows how far play can make up for it.

Besides ``random``, ``greedy`` and the levels, the opponents include ``answerer``
(`ReplyAnswerer`), which reads the bot as the bot reads it and beats its pure
reply to a random opponent whenever the bot plays it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import spieltisch
from spieltisch.ai.levels import make_bot
from spieltisch.ai.matrix_game import column_guarantee, row_guarantee
from spieltisch.arguments import plain, positive_int, whole
from spieltisch.core.bots import Bot, Decision
from spieltisch.core.protocol import Game, State
from spieltisch.games.irono.ai import (
    STYLES,
    GreedyBot,
    RoundPlan,
    plan_round,
    read_opponent,
    replies_to_random,
)
from spieltisch.games.irono.board import COLOURS, EMPTY, FIELDS
from spieltisch.games.irono.reply import RandomReply
from spieltisch.games.irono.rules import GUESS, GUESS_BASE, HIDE, HIDE_BASE, IronoState
from spieltisch.terminal import count

Observer = Callable[[IronoState], None]
"""Called with the state before every decision of the watched seat."""


@dataclass
class Tally:
    """Results of one pairing, from the benchmarked bot's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    own_points: list[float] = field(default_factory=list)
    other_points: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    by_stones: dict[int, list[float]] = field(default_factory=dict)
    """Match points (1, 0.5, 0) of each game, by the number of stones the bot placed."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def share(self) -> float:
        """Share of the match points: win 1, draw 0.5."""
        return (self.wins + self.draws / 2) / max(1, self.games)

    @property
    def board_share(self) -> float:
        """Share of all board points scored."""
        own, other = sum(self.own_points), sum(self.other_points)
        return own / max(1.0, own + other)


def play(game: Game, bots: Sequence[Bot], rng: random.Random,
         observe: Observer | None = None, watched: int = 0) -> tuple[State, list[float]]:
    """Play one game between `bots` (seat order); returns the final state and the
    thinking seconds of seat `watched` per decision."""
    state = game.new_initial_state()
    seconds: list[float] = []
    while not state.is_terminal():
        seat = state.current_player
        start = time.perf_counter()
        action = bots[seat].choose(Decision.from_state(state), rng)
        if seat == watched:
            seconds.append(time.perf_counter() - start)
            if observe is not None:
                assert isinstance(state, IronoState)
                observe(state)
        state = state.apply(action)
    return state, seconds


def pairing(game: Game, bot: Bot, opponent: Bot, games: int, seed: int,
            observe: Observer | None = None, report: bool = False) -> Tally:
    """`games` games of `bot` against `opponent`, sides swapped every game."""
    tally = Tally()
    for g in range(games):
        ours = g % 2
        bots = [bot, opponent] if ours == 0 else [opponent, bot]
        final, seconds = play(game, bots, random.Random(seed * 100003 + g), observe, ours)
        result = final.returns()[ours]
        scores = final.scores()
        tally.wins += result > 0
        tally.draws += result == 0
        tally.losses += result < 0
        tally.own_points.append(scores[ours])
        tally.other_points.append(scores[1 - ours])
        tally.seconds.extend(seconds)
        assert isinstance(final, IronoState)
        placed = sum(1 for stone in final.board if stone != EMPTY and stone // COLOURS == ours)
        tally.by_stones.setdefault(placed, []).append(1.0 if result > 0 else 0.5 * (result == 0))
        if report:
            print(f"  game {g + 1:3d}: seat {'AB'[ours]}, "
                  f"{'win' if result > 0 else 'loss' if result < 0 else 'draw'} "
                  f"{scores[ours]:.0f}:{scores[1 - ours]:.0f}", flush=True)
    return tally


@dataclass
class Exploitability:
    """Per round: what a best responder gains against the bot's mixed strategy and
    against the pure greedy choice in the same rounds (points, bot's evaluation)."""

    level: str
    mixed: list[float] = field(default_factory=list)
    pure: list[float] = field(default_factory=list)
    replies: int = 0
    """Decisions played as the best reply to a random opponent (a pure strategy)."""

    def observe(self, state: IronoState) -> None:
        """Measure one of the bot's hide or guess decisions."""
        if state.phase not in (HIDE, GUESS):
            return
        seat = state.current_player
        style = STYLES[self.level]
        tendencies = read_opponent(state, seat)
        plan = plan_round(state, style, tendencies)
        value, matrix = plan.equilibrium.value, plan.matrix
        greedy = GreedyBot().choose(Decision.from_state(state), random.Random(0))
        played: Sequence[float] = plan.strategy
        if replies_to_random(style, tendencies):
            self.replies += 1
            played = self._pure(plan, state, RandomReply().choose(state, seat, random.Random(0)))
        if state.phase == HIDE:
            self.mixed.append(value - row_guarantee(matrix, played))
            self.pure.append(value - row_guarantee(matrix, self._pure(plan, state, greedy)))
        else:
            self.mixed.append(column_guarantee(matrix, played) - value)
            self.pure.append(column_guarantee(matrix, self._pure(plan, state, greedy)) - value)

    @staticmethod
    def _pure(plan: RoundPlan, state: IronoState, action: int) -> list[float]:
        if state.phase == HIDE:
            return [1.0 if HIDE_BASE + c == action else 0.0 for c in plan.colours]
        return [1.0 if GUESS_BASE + s == action else 0.0 for s in plan.guesses]


class ReplyAnswerer:
    """Plays at random, except while the bots above ``easy`` would play `RandomReply`
    against it (by their public reading of it): then it guesses the colour the reply
    hides and hides a colour outside the reply's guess. What the reply costs against
    an opponent who reads it."""

    name = "irono-answerer"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """A random action, or the answer to the other seat's pure reply."""
        state = info.determinize(rng)
        assert isinstance(state, IronoState)
        legal = state.legal_actions()
        other = 1 - info.seat
        if state.phase not in (HIDE, GUESS) or not replies_to_random(
                STYLES["expert"], read_opponent(state, other)):
            return rng.choice(legal)
        if state.phase == HIDE:
            named = RandomReply().guess(state, other, rng) - GUESS_BASE
            return rng.choice([a for a in legal if not named >> (a - HIDE_BASE) & 1] or legal)
        hidden = RandomReply().hide(state, other, rng) - HIDE_BASE
        return rng.choice([a for a in legal if (a - GUESS_BASE) >> hidden & 1])


def opponent_bot(game: Game, name: str) -> Bot:
    """The opponent called `name`: ``answerer``, ``random``, ``greedy`` or a level."""
    return ReplyAnswerer() if name == "answerer" else make_bot(game, name)


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench irono",
                                     description=plain(__doc__))
    parser.add_argument("--games", type=positive_int, default=200,
                        help="games per opponent (default: 200)")
    parser.add_argument("--level", default="expert", help="level to measure (default: expert)")
    parser.add_argument("--opponents", default="random,greedy",
                        help="comma-separated opponents: random, greedy, answerer or a level "
                        "(default: random,greedy)")
    parser.add_argument("--seed", type=whole, default=1,
                        help="seed for the games (default: 1)")
    parser.add_argument("--verbose", action="store_true", help="print every game")
    args = parser.parse_args(argv)
    game = spieltisch.load("irono", start="A")
    bot = make_bot(game, args.level)
    opponents = [(name, opponent_bot(game, name)) for name in args.opponents.split(",")]
    for name, opponent in opponents:
        measure = Exploitability(args.level) if args.level in STYLES else None
        started = time.perf_counter()
        tally = pairing(game, bot, opponent, args.games, args.seed,
                        measure.observe if measure is not None else None, args.verbose)
        print(f"{args.level} vs {name}: {count(tally.wins, 'win')}, "
              f"{count(tally.draws, 'draw')}, {count(tally.losses, 'loss', plural='losses')} in "
              f"{count(tally.games, 'game')} = {100 * tally.share:.1f}% of "
              f"the points; board points {statistics.mean(tally.own_points):.1f} : "
              f"{statistics.mean(tally.other_points):.1f} "
              f"({100 * tally.board_share:.1f}%); think {statistics.mean(tally.seconds):.3f} s "
              f"mean, {max(tally.seconds):.3f} s max per decision; "
              f"{time.perf_counter() - started:.0f} s", flush=True)
        if measure is not None and measure.mixed:
            print(f"  exploitability per round ({len(measure.mixed)} hides and guesses): "
                  f"the bot's strategy {statistics.mean(measure.mixed):.3f} mean, "
                  f"{max(measure.mixed):.3f} max points (bound "
                  f"{STYLES[args.level].boldness:g} while reading); the pure greedy choice "
                  f"in the same rounds {statistics.mean(measure.pure):.3f} mean, "
                  f"{max(measure.pure):.3f} max; {measure.replies} played as the best reply "
                  f"to a random opponent", flush=True)
        print(f"  by stones placed (of {FIELDS} per game): {stones_breakdown(tally)}", flush=True)
    return 0


def stones_breakdown(tally: Tally) -> str:
    """Games and share of the points by the number of stones the bot placed.

    >>> stones_breakdown(Tally(by_stones={8: [1.0, 0.5], 6: [0.0]}))
    '6: 0 of 1 (0%), 8: 1.5 of 2 (75%)'
    """
    return ", ".join(
        f"{n}: {sum(points):g} of {len(points)} ({100 * sum(points) / len(points):.0f}%)"
        for n, points in sorted(tally.by_stones.items()))
