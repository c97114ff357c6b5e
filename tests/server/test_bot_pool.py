"""The bot workers: a person's move does not queue behind games of computer players
alone, which keep off one worker."""

from __future__ import annotations

import asyncio
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from spieltisch import load
from spieltisch.adapters.common import resolve_chance
from spieltisch.bench.workers import main
from spieltisch.core.protocol import JSON
from spieltisch.server.bots import BotPool


def dealt(key: str, options: dict[str, JSON]) -> dict[str, JSON]:
    return resolve_chance(load(key, **options).new_initial_state(), random.Random(3)).to_json()


def test_a_persons_move_is_served_while_computers_alone_wait_for_one_worker() -> None:
    koikoi: dict[str, JSON] = {"months": 1}
    oware: dict[str, JSON] = {"start": "A"}

    async def scenario() -> list[str]:
        pool = BotPool(2)
        done: list[str] = []

        async def move(name: str, key: str, options: dict[str, JSON], level: str,
                       urgent: bool) -> None:
            await pool.choose(key, options, dealt(key, options), level, name, urgent=urgent)
            done.append(name)

        try:
            await asyncio.gather(*(move(f"warm {i}", "oware", oware, "easy", True)
                                   for i in range(2)))
            done.clear()
            alone = [asyncio.create_task(move(f"alone {i}", "koikoi", koikoi, "expert", False))
                     for i in range(2)]
            await asyncio.sleep(0.2)
            await move("person", "oware", oware, "easy", True)
            await asyncio.gather(*alone)
            return done
        finally:
            pool.close()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, as the browser tests leave one
        order = thread.submit(asyncio.run, scenario()).result()
    assert order == ["person", "alone 0", "alone 1"]


def test_the_workers_benchmark_reports_both_ways_of_serving(
        capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(main, ["--busy", "2", "--seconds", "1"]).result() == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line[:20].strip() for line in lines] == ["people first", "in order of arrival"]
    assert all(re.search(r"\d+ repl(y|ies), waited \d+\.\d\d s on average", line) for line in lines)


def test_the_workers_are_started_afresh_when_one_dies() -> None:
    oware: dict[str, JSON] = {"start": "A"}
    state = dealt("oware", oware)
    legal = load("oware", **oware).new_initial_state().legal_actions()

    async def scenario() -> list[int]:
        pool = BotPool(2)
        try:
            moves = [await pool.choose("oware", oware, state, "easy", "before")]
            for worker in list(pool._pool._processes.values()):  # type: ignore[union-attr]
                worker.kill()
                worker.join()
            moves.append(await pool.choose("oware", oware, state, "easy", "after"))
            moves.append(await pool.choose("oware", oware, state, "easy", "again",
                                           urgent=False))
            return moves
        finally:
            pool.close()

    with ThreadPoolExecutor(1) as thread:
        moves = thread.submit(asyncio.run, scenario()).result()
    assert len(moves) == 3 and all(move in legal for move in moves)


def test_the_workers_benchmark_says_one_reply_in_the_singular(
        capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(main, ["--busy", "1", "--seconds", "0.01"]).result() == 0
    lines = capsys.readouterr().out.splitlines()
    assert all("    1 reply, waited " in line for line in lines), lines
