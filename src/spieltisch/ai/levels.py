"""Computer opponents by level, for every game.

A game may offer its own bots in ``spieltisch.games.<key>.ai.make_bot(game, level)``;
otherwise the generic MCTS plays with the level's time budget.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.ai.mcts import Budget, MCTSBot
from spieltisch.ai.random_bot import RandomBot
from spieltisch.core.bots import Bot
from spieltisch.core.protocol import Game, IllegalAction
from spieltisch.core.registry import in_any_case, load


@dataclass(frozen=True)
class Level:
    """A playing strength people can choose."""

    key: str
    title: str
    seconds: float
    """Thinking time per move on a 2-core machine."""
    description: str


LEVELS: dict[str, Level] = {
    level.key: level
    for level in (
        Level("easy", "Easy", 0.05, "plays sensible moves but misses a lot"),
        Level("medium", "Medium", 0.2, "a solid club player"),
        Level("hard", "Hard", 0.5, "a strong opponent that punishes mistakes"),
        Level("expert", "Expert", 0.9, "the strongest level"),
    )
}
"""Levels from weakest to strongest."""

BASELINES = ("greedy", "random")
"""Baseline bots that every registered game offers besides the levels (`offer`)."""


def offer(level: str, greedy: Callable[[], Bot], at_level: Callable[[str], Bot]) -> Bot:
    """The bot a game offers for `level`: ``random``, ``greedy`` or a key of `LEVELS`.

    Games call this from their ``make_bot``; an unknown level is refused.

    >>> offer("random", RandomBot, lambda level: RandomBot()).name
    'random'
    >>> offer("grandmaster", RandomBot, lambda level: RandomBot())
    Traceback (most recent call last):
    spieltisch.core.protocol.IllegalAction: unknown level 'grandmaster'; choose one of easy, \
medium, hard, expert, greedy, random
    """
    level = canonical_level(level)
    check_level(level)
    if level == "random":
        return RandomBot()
    if level == "greedy":
        return greedy()
    return at_level(level)


def canonical_level(level: str) -> str:
    """The level named `level` in any letter case, as `LEVELS` and `BASELINES` key it;
    an unknown name as it is.

    >>> canonical_level(" Hard "), canonical_level("best")
    ('hard', 'best')
    """
    return in_any_case(level, (*LEVELS, *BASELINES))


def check_level(level: str) -> None:
    """Refuse a level that no registered game offers; any letter case will do.

    >>> check_level("greedy"), check_level("Expert")
    (None, None)
    >>> check_level("best")
    Traceback (most recent call last):
    spieltisch.core.protocol.IllegalAction: unknown level 'best'; choose one of easy, \
medium, hard, expert, greedy, random
    """
    if canonical_level(level) not in (*LEVELS, *BASELINES):
        raise IllegalAction(f"unknown level {level!r}; choose one of "
                            f"{', '.join([*LEVELS, *BASELINES])}")


def make_bot(game: Game | str, level: str = "medium") -> Bot:
    """A bot for `game` (a loaded `Game`, or a game's key for its rulebook rules) at
    `level` (a key of `LEVELS`, ``greedy`` or ``random``, in any letter case).

    >>> from spieltisch import load
    >>> make_bot(load("oware"), "Hard").name, make_bot("irono", "easy").name
    ('oware-hard', 'irono-easy')
    """
    level = canonical_level(level)
    if isinstance(game, str):
        game = load(game)
    elif not isinstance(game, Game):
        raise IllegalAction(f"make_bot plays a Game (spieltisch.load(...)) or a game's key, "
                            f"not {type(game).__name__}")
    if level == "random":
        return RandomBot()
    try:
        module = importlib.import_module(f"spieltisch.games.{game.info.name}.ai")
    except ModuleNotFoundError:
        module = None
    factory = getattr(module, "make_bot", None)
    if factory is not None:
        bot: Bot = factory(game, level)
        return bot
    if level not in LEVELS:
        raise IllegalAction(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}, random")
    return MCTSBot(Budget(seconds=LEVELS[level].seconds), name=f"mcts-{level}")
