"""The shared bot workers under load: how long a person waits for a computer player.

``spieltisch bench workers --busy 6 --seconds 20`` keeps ``busy`` games of expert
computer players alone (Koi-Koi) thinking in a pool of two workers, while one person
plays Oh-Wah-Ree against the medium computer player, taking half a second for each
move. It prints how long the person waited for each reply, with the person's moves
put first (as the server does) and, for comparison, with every move served in order of
arrival on both workers.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

import spieltisch
from spieltisch.adapters.common import resolve_chance
from spieltisch.arguments import plain, positive_float, positive_int
from spieltisch.core.protocol import JSON, State
from spieltisch.server.bots import BotPool
from spieltisch.terminal import count

PERSON_THINKS = 0.5


def _to_move(key: str, options: dict[str, JSON], seed: int) -> State:
    """A position of `key` with a seat to move, after the chance events of its start."""
    return resolve_chance(spieltisch.load(key, **options).new_initial_state(),
                          random.Random(seed))


async def _measure(busy: int, seconds: float, first: bool) -> list[float]:
    """The person's waits (seconds) while `busy` games of computer players run."""
    pool = BotPool(2)
    koikoi: dict[str, JSON] = {"months": 1}
    oware: dict[str, JSON] = {"start": "A"}
    stop = 0.0

    async def computers(n: int) -> None:
        state = _to_move("koikoi", koikoi, n).to_json()
        while time.monotonic() < stop:
            await pool.choose("koikoi", koikoi, state, "expert", f"b{n}", urgent=not first)

    async def person() -> list[float]:
        state = _to_move("oware", oware, 0).to_json()
        waits: list[float] = []
        while not waits or time.monotonic() < stop:
            await asyncio.sleep(PERSON_THINKS)
            asked = time.monotonic()
            await pool.choose("oware", oware, state, "medium", "p")
            waits.append(time.monotonic() - asked)
        return waits

    try:
        await asyncio.gather(*(pool.choose("oware", oware, _to_move("oware", oware, 0).to_json(),
                                           "easy", "w") for _ in range(2)))
        stop = time.monotonic() + seconds
        tasks = [asyncio.create_task(computers(n)) for n in range(busy)]
        waits = await person()
        await asyncio.gather(*tasks)
        return waits
    finally:
        pool.close()


def main(argv: list[str]) -> int:
    """Run the benchmark; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="spieltisch bench workers",
                                     description=plain(__doc__))
    parser.add_argument("--busy", type=positive_int, default=6,
                        help="games of computer players alone (default: 6)")
    parser.add_argument("--seconds", type=positive_float, default=20.0,
                        help="how long to measure (default: 20)")
    args = parser.parse_args(argv)
    for first, label in ((True, "people first"), (False, "in order of arrival")):
        waits = asyncio.run(_measure(args.busy, args.seconds, first))
        print(f"{label:20s} {count(len(waits), 'reply', 4, 'replies')}, waited "
              f"{statistics.mean(waits):.2f} s "
              f"on average, {statistics.median(waits):.2f} s median, {max(waits):.2f} s at most")
    return 0
