"""Colomino states from JSON: what a game reaches loads again, anything else is refused."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from spieltisch import IllegalAction
from spieltisch.games.colomino.rules import ColominoState
from spieltisch.games.colomino.tiles import KINDS

from .helpers import game

Edit = Callable[[dict[str, Any]], None]


def dealt() -> ColominoState:
    """Three racks of 5 after the deal, seat 0 to lay; seat 2 drew last."""
    state = game(players=3).new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def empty_rack(data: dict[str, Any]) -> None:
    for k in data["racks"][0]:
        data["bag"][k] += 1
    data["racks"][0] = []


def drew_unheld(data: dict[str, Any]) -> None:
    kind = next(k for k in range(KINDS) if k not in data["racks"][2])
    data["last_action"] = game().geo.draw_base + kind


EDITS: list[tuple[str, Edit]] = [
    ("a full rack draws", lambda d: d.update(drawer=0)),
    ("an empty rack is to lay", empty_rack),
    ("nobody drew", lambda d: d.update(last_actor=-1)),
    ("drew a tile not held", drew_unheld),
]


@pytest.mark.parametrize("edit", [e for _, e in EDITS], ids=[name for name, _ in EDITS])
def test_data_no_game_reaches_is_refused(edit: Edit) -> None:
    state = dealt()
    data = state.to_json()
    edit(data)
    with pytest.raises(IllegalAction, match="bad state"):
        state.game.state_from_json(data)
