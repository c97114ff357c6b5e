"""Building Okey states with exact deals (tests only)."""

from __future__ import annotations

import json

from spieltisch import load
from spieltisch.games.okey import tiles
from spieltisch.games.okey.rules import DISCARD, DRAW, FINISH, STARTER, TAKE, OkeyGame, OkeyState


def parse_all(text: str) -> list[int]:
    return [tiles.parse(t) for t in text.split()]


def game(**options: object) -> OkeyGame:
    loaded = load("okey", **options)  # type: ignore[arg-type]
    assert isinstance(loaded, OkeyGame)
    return loaded


def dealt(g: OkeyGame, racks: dict[int, str], indicator: str, starter: int = 0) -> OkeyState:
    """The state after an exact deal: `racks[s]` is seat s's rack (15 tiles for the
    starter); seats not given get the lowest tiles still in the box."""
    state = g.new_initial_state()
    for action in deal_actions(g, racks, indicator, starter):
        state = state.apply(action)
    assert isinstance(state, OkeyState)
    return state


def deal_actions(g: OkeyGame, racks: dict[int, str], indicator: str,
                 starter: int = 0) -> list[int]:
    """The chance actions of `dealt`'s deal, to play into a `Match`."""
    actions = [STARTER + starter, tiles.parse(indicator)]
    box = list(tiles.FULL_SET)
    box[tiles.parse(indicator)] -= 1
    for text in racks.values():
        for k in parse_all(text):
            box[k] -= 1
    assert min(box) >= 0, "more copies than the box holds"
    order = [starter]
    while len(order) < g.options.players:
        order.append(g.next_seat(order[-1]))
    for seat in order:
        size = 15 if seat == starter else 14
        if seat in racks:
            hand = parse_all(racks[seat])
        else:
            hand = []
            for k in range(tiles.KINDS):
                while box[k] and len(hand) < size:
                    box[k] -= 1
                    hand.append(k)
        assert len(hand) == size
        actions += hand
    return actions


def edited(state: OkeyState, **fields: object) -> OkeyState:
    """A copy of `state` with some JSON fields replaced."""
    data = json.loads(json.dumps(state.to_json()))
    data.update(fields)
    rebuilt = state.game.state_from_json(data)
    assert isinstance(rebuilt, OkeyState)
    return rebuilt


def discard(tile: str) -> int:
    return DISCARD + tiles.parse(tile)


def finish(tile: str) -> int:
    return FINISH + tiles.parse(tile)


__all__ = ["DRAW", "TAKE", "deal_actions", "dealt", "discard", "edited", "finish", "game",
           "parse_all"]
