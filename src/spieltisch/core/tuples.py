"""Tuples changed the way immutable states change: by making new ones."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced by `value`.

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1:])
