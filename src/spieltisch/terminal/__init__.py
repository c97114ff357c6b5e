"""Terminal fronts: one renderer module per game, and the interactive play loop."""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

from spieltisch.core.protocol import JSON


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    >>> count(1, "card"), count(3, "point")
    ('1 card', '3 points')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def renderer(game_key: str) -> ModuleType | None:
    """The game's terminal module (``render``, ``HELP``), if it has one."""
    try:
        return importlib.import_module(f"spieltisch.terminal.{game_key}")
    except ModuleNotFoundError:
        return None


def render(game_key: str, view: dict[str, JSON], seat: int | None, *, color: bool) -> str:
    """The screen for `seat`: the game's own drawing, or the view as JSON.

    >>> render("no-such-game", {"a": 1}, 0, color=False)
    '{\\n  "a": 1\\n}'
    """
    module = renderer(game_key)
    if module is None:
        return json.dumps(view, indent=2, ensure_ascii=False)
    text: str = module.render(view, seat, color=color)
    return text


def help_text(game_key: str) -> str:
    """How to type moves in this game."""
    module = renderer(game_key)
    return str(getattr(module, "HELP", "Type a move exactly as listed by 'moves'."))


def secret_input(game_key: str, view: dict[str, Any], seat: int) -> bool:
    """Whether the next move must be typed without echo (a hidden choice)."""
    module = renderer(game_key)
    check = getattr(module, "secret_input", None)
    return bool(check(view, seat)) if check is not None else False
