"""Okey states from JSON: what a match reaches loads again, anything else is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from spieltisch import IllegalAction
from spieltisch.games.okey import tiles
from spieltisch.games.okey.rules import OkeyState

from .helpers import DRAW, TAKE, dealt, discard, edited, finish, game
from .test_rules import WINNER

Edit = Callable[[dict[str, Any]], None]


def taken() -> OkeyState:
    """Seat 1 of 3 took seat 0's discard and is to discard."""
    state = dealt(game(players=3, rounds=2), {}, "K1")
    return state.apply(discard(state.view(0)["rack"][0])).apply(TAKE)


def drawing() -> OkeyState:
    """Seat 1 of 3 draws from the pile (a chance node)."""
    state = dealt(game(players=3, rounds=2), {}, "K1")
    return state.apply(discard(state.view(0)["rack"][0])).apply(DRAW)


def drew() -> OkeyState:
    """Seat 1 of 3 drew from the pile and is to discard."""
    state = drawing()
    return state.apply(state.legal_actions()[0])


def next_round() -> OkeyState:
    """Round 2, after seat 0 finished round 1."""
    return dealt(game(players=3, rounds=2), {0: WINNER}, "K1").apply(finish("R9"))


def pile_to_rack(data: dict[str, Any], seat: int, count: int) -> None:
    for k, copies in enumerate(data["pool"]):
        moved = min(copies, 2 - data["racks"][seat][k], count)
        data["pool"][k] -= moved
        data["racks"][seat][k] += moved
        count -= moved


def pile_to_discards(data: dict[str, Any]) -> None:
    for k, copies in enumerate(data["pool"]):
        data["discards"][2].extend([k] * copies)
        data["pool"][k] = 0


def known_off_rack(data: dict[str, Any]) -> None:
    data["known"][1] = [k for k, count in enumerate(data["racks"][1]) if not count][:3]


CASES: list[tuple[str, Callable[[], OkeyState], Edit]] = [
    ("a result no round has", next_round, lambda d: d["results"][0].__setitem__(2, 9)),
    ("a last tile that does not exist", taken, lambda d: d.update(last=[1, "take", 999])),
    ("nobody to discard", taken, lambda d: d.update(seat=-1)),
    ("known tiles not on the rack", taken, known_off_rack),
    ("29 tiles on a rack", taken, lambda d: pile_to_rack(d, 1, 14)),
    ("a draw by nobody", drew, lambda d: d["last"].__setitem__(0, -1)),
    ("drawing from an empty pile", drawing, pile_to_discards),
]


@pytest.mark.parametrize(("base", "edit"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_data_no_match_reaches_is_refused(base: Callable[[], OkeyState], edit: Edit) -> None:
    state = base()
    data = state.to_json()
    edit(data)
    with pytest.raises(IllegalAction, match="not an Okey state"):
        state.game.state_from_json(data)


def test_a_match_won_by_finishing_loads_again() -> None:
    state = dealt(game(players=3, rounds=1), {0: WINNER}, "K1").apply(finish("R9"))
    assert state.is_terminal() and edited(state) == state


def test_a_numpy_action_is_explained_as_its_int() -> None:
    state = taken()
    assert state.explain_illegal(np.int64(TAKE)) == state.explain_illegal(TAKE)


def test_the_observation_says_which_tile_taking_would_give() -> None:
    state = dealt(game(players=3, rounds=2), {}, "K1")
    rack = state.view(0)["rack"]
    for tile in (rack[0], next(t for t in rack if t != rack[0])):
        offered = state.apply(discard(tile))
        assert offered.view(1)["takeable"] == tile
        seen = np.array(offered.observation(1))
        assert seen.shape == offered.game.info.observation_shape
        block = seen[3 * tiles.KINDS:4 * tiles.KINDS]
        assert list(np.flatnonzero(block)) == [tiles.parse(tile)] and block.sum() == 1.0
        drawn = offered.apply(DRAW)
        assert not np.array(drawn.observation(1))[3 * tiles.KINDS:4 * tiles.KINDS].any(), \
            "once the tile is drawn there is nothing to take"


def test_a_result_saved_without_its_okey_still_loads() -> None:
    state = next_round()
    data = state.to_json()
    assert data["results"][0][-1] == tiles.parse("K2")
    data["results"][0] = data["results"][0][:7]
    loaded = state.game.state_from_json(data)
    assert loaded.view(0)["results"][0]["okey"] is None
    assert loaded.view(0)["results"][0]["hand"] == state.view(0)["results"][0]["hand"]
