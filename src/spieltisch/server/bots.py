"""Computer players think in worker processes, so the server keeps answering.

The worker gets the state as JSON, rebuilds it, and hands the bot nothing but
the `Decision` of the seat to move (its view, legal actions and
determinizations), exactly as every other front does.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from spieltisch.ai.levels import make_bot
from spieltisch.core.bots import Bot, Decision, advice
from spieltisch.core.protocol import JSON, Game
from spieltisch.core.registry import load
from spieltisch.server.slots import Slots

_CACHE: dict[tuple[str, str, str], tuple[Game, Bot]] = {}
T = TypeVar("T")


def _decision(game_key: str, options: dict[str, JSON], state: dict[str, JSON],
              level: str) -> tuple[Bot, Decision]:
    """The bot of `level` for the game (made once per worker) and the decision it faces."""
    key = (game_key, json.dumps(options, sort_keys=True), level)
    if key not in _CACHE:
        game = load(game_key, **options)
        _CACHE[key] = (game, make_bot(game, level))
    game, bot = _CACHE[key]
    return bot, Decision.from_state(game.state_from_json(state))


def choose_action(game_key: str, options: dict[str, JSON], state: dict[str, JSON], level: str,
                  seed: str) -> int:
    """The bot's action for the seat to move in `state` (runs in a worker process).

    >>> from spieltisch import load
    >>> start = load("oware", start="A").new_initial_state().to_json()
    >>> choose_action("oware", {"preset": "oh-wah-ree", "players": 2}, start, "easy", "s") < 6
    True
    """
    bot, decision = _decision(game_key, options, state, level)
    return bot.choose(decision, random.Random(seed))


def advise_actions(game_key: str, options: dict[str, JSON], state: dict[str, JSON], level: str,
                   seed: str) -> dict[int, float]:
    """How likely the bot is to take each action for the seat to move in `state` (runs
    in a worker process; see `spieltisch.core.bots.advice`).

    >>> from spieltisch import load
    >>> start = load("oware", start="A").new_initial_state().to_json()
    >>> list(advise_actions("oware", {"preset": "oh-wah-ree", "players": 2}, start, "easy",
    ...                     "s").values())
    [1.0]
    """
    bot, decision = _decision(game_key, options, state, level)
    return advice(bot, decision, random.Random(seed))


def _warm_up() -> None:
    """Import the registry and the bots once per worker, before the first move."""
    import spieltisch.ai.mcts  # noqa: F401


class BotPool:
    """A pool of worker processes for bot moves.

    Moves for people (`urgent`) go to the next free worker before any move of a game
    that computer players play alone, and those games keep off one of the workers (if
    there are two or more), so that it is free when a person's move comes.

    A worker that dies (killed, or out of memory) takes the pool down with it; the
    workers are then started afresh, and each search it held is run once more.
    """

    def __init__(self, workers: int = 2) -> None:
        self._workers = workers
        self._pool = self._start()
        self._slots = Slots(workers)
        self._alone = Slots(max(1, workers - 1))

    async def choose(self, game_key: str, options: dict[str, JSON], state: dict[str, JSON],
                     level: str, seed: str, *, urgent: bool = True) -> int:
        """Run `choose_action` in a worker and await its answer.

        A cancelled caller stops waiting at once, but its worker stays taken until the
        search it started is over.
        """
        return await self._run(choose_action, game_key, options, state, level, seed,
                               urgent=urgent)

    async def advise(self, game_key: str, options: dict[str, JSON], state: dict[str, JSON],
                     level: str, seed: str, *, urgent: bool = False) -> dict[int, float]:
        """Run `advise_actions` in a worker; unless `urgent`, after every move of a game
        in progress."""
        return await self._run(advise_actions, game_key, options, state, level, seed,
                               urgent=urgent)

    async def _run(self, work: Callable[[str, dict[str, JSON], dict[str, JSON], str, str], T],
                   game_key: str, options: dict[str, JSON], state: dict[str, JSON],
                   level: str, seed: str, *, urgent: bool) -> T:
        held = [self._slots] if urgent else [self._alone, self._slots]
        taken: list[Slots] = []
        try:
            for slots in held:
                await slots.acquire(0 if urgent else 1)
                taken.append(slots)
        except BaseException:
            _release(taken)
            raise
        for again in (False, True):
            pool = self._pool
            try:
                running = asyncio.get_running_loop().run_in_executor(
                    pool, work, game_key, options, state, level, seed)
                answer = await asyncio.shield(running)
            except asyncio.CancelledError:
                running.add_done_callback(lambda done: _finished(done, held))
                raise
            except BrokenProcessPool:
                self._renew(pool)
                if again:
                    _release(held)
                    raise
                continue
            except BaseException:
                _release(held)
                raise
            _release(held)
            return answer
        raise AssertionError("unreachable")

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_warm_up,
        )

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        """Start the workers afresh, unless another search has done so already."""
        if self._pool is broken:
            print("spieltisch: a bot worker stopped; the workers are started afresh",
                  file=sys.stderr)
            self._pool = self._start()
            broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a running search is abandoned)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _release(held: list[Slots]) -> None:
    for slots in reversed(held):
        slots.release()


def _finished(running: asyncio.Future[T], held: list[Slots]) -> None:
    """Free the worker of a search nobody waits for any more."""
    if not running.cancelled():
        running.exception()  # retrieved, so that it is not reported as lost
    _release(held)
