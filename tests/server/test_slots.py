"""The bot workers' slots: people's moves first, arrivals in order, nothing lost to a
cancellation."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import pytest

from spieltisch.server.slots import Slots

T = TypeVar("T")


def run(coro: Awaitable[T]) -> T:
    """Run `coro` on a loop of its own: the browser tests may leave one in this thread."""
    async def main() -> T:
        return await coro
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


async def served(slots: Slots, order: list[str], name: str, priority: int) -> None:
    await slots.acquire(priority)
    order.append(name)
    await asyncio.sleep(0)
    slots.release()


def test_the_urgent_go_first_and_each_priority_in_order_of_arrival() -> None:
    async def scenario() -> list[str]:
        slots, order = Slots(1), []
        await slots.acquire(0)
        tasks = []
        for name, priority in (("bots 1", 1), ("ada", 0), ("bots 2", 1), ("bea", 0)):
            tasks.append(asyncio.create_task(served(slots, order, name, priority)))
            await asyncio.sleep(0)
        assert slots.waiting == 4 and order == []
        slots.release()
        await asyncio.gather(*tasks)
        return order

    assert run(scenario()) == ["ada", "bea", "bots 1", "bots 2"]


def test_free_slots_are_taken_at_once_and_come_back() -> None:
    async def scenario() -> tuple[int, bool]:
        slots = Slots(2)
        await slots.acquire(1)
        await slots.acquire(1)
        third = asyncio.create_task(slots.acquire(0))
        await asyncio.sleep(0)
        waiting = slots.waiting
        slots.release()
        await asyncio.wait_for(third, 1)
        slots.release()
        slots.release()
        await asyncio.wait_for(slots.acquire(1), 1)
        await asyncio.wait_for(slots.acquire(1), 1)
        return waiting, third.done()

    assert run(scenario()) == (1, True)


def test_a_cancelled_waiter_takes_no_slot_and_one_cancelled_as_it_is_served_passes_it_on(
        ) -> None:
    async def scenario() -> list[str]:
        slots, order = Slots(1), []
        await slots.acquire(0)
        gone = asyncio.create_task(slots.acquire(0))
        late = asyncio.create_task(slots.acquire(0))
        after = asyncio.create_task(served(slots, order, "after", 1))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.sleep(0)
        assert slots.waiting == 2
        slots.release()  # goes to `late`, which is cancelled before it runs
        late.cancel()
        await asyncio.wait_for(after, 1)
        await asyncio.wait_for(served(slots, order, "last", 0), 1)
        return order

    assert run(scenario()) == ["after", "last"]


def test_there_is_at_least_one_slot() -> None:
    with pytest.raises(ValueError, match="at least one slot"):
        Slots(0)
