"""What an Oh-Wah-Ree seat saw of its own last sowing, which its view no longer holds
once others have sown; the terminal and the web table both show it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def recall(view: dict[str, Any], earlier: Iterator[dict[str, Any]],
           seat: int | None = None) -> dict[str, Any]:
    """The view with ``own_move``: `seat`'s latest sowing, with what it captured, when
    other sowings have followed it, from the `earlier` views (latest first).

    >>> recall({"last_move": None}, iter([]), 0)
    {'last_move': None}
    """
    last = view["last_move"]
    if seat is None or last is None or last["seat"] == seat:
        return view
    for _, before in zip(range(view["players"]), earlier, strict=False):  # a round back
        move = before["last_move"]
        if move is None:
            break
        if move["seat"] == seat:
            return {**view, "own_move": move}
    return view
