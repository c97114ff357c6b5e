"""Building Koi-Koi positions for the tests: exact deals through chance actions, or a
position written out card by card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import spieltisch
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import CARDS, DECK, card_id, cards_of, mask_of
from spieltisch.games.koikoi.rules import KoiKoiState, deal_place


def ids(codes: str) -> list[int]:
    """Card ids from space-separated codes."""
    return [card_id(c) for c in codes.split()]


def dealt(hand0: str, hand1: str, table: str, *, dealer: int = 0, preset: str = "seed",
          **options: Any) -> KoiKoiState:
    """The state after the first dealer is drawn and exactly these cards are dealt."""
    game = spieltisch.load("koikoi", preset=preset, **options)
    state = game.new_initial_state().apply(act.FIRST_DEALER + dealer)
    queues = {0: ids(hand0), 1: ids(hand1), act.TABLE: ids(table)}
    assert all(len(q) == 8 for q in queues.values())
    for step in range(24):
        place = deal_place(step, dealer)
        state = state.apply(act.deal(queues[place].pop(0), place))
    assert isinstance(state, KoiKoiState)
    return state


def position(*, hand0: str = "", hand1: str = "", table: str = "", cap0: str = "",
             cap1: str = "", phase: str = "play", player: int = 0, dealer: int = 0,
             month: int = 1, calls: Sequence[int] = (0, 0), last_caller: int = -1,
             base: int | None = None, scores: Sequence[int] = (0, 0), drawn: str | None = None,
             preset: str = "seed", **options: Any) -> KoiKoiState:
    """A position written out; every card not named is in the pile."""
    game = spieltisch.load("koikoi", preset=preset, **options)
    used = mask_of(ids(hand0) + ids(hand1) + ids(table) + ids(cap0) + ids(cap1)
                   + ([card_id(drawn)] if drawn else []))
    data: dict[str, Any] = {
        "phase": phase, "dealer": dealer, "player": player, "month": month, "step": 24,
        "hands": [hand0.split(), hand1.split()], "table": table.split(),
        "deck": [CARDS[c].code for c in cards_of(DECK & ~used)],
        "captured": [cap0.split(), cap1.split()], "drawn": drawn,
        "koikoi_calls": list(calls), "last_caller": last_caller, "turn_start_points": 0,
        "scores": list(scores), "last": [-1, -1], "log": [], "history": [],
    }
    state = game.state_from_json(data)
    assert isinstance(state, KoiKoiState)
    if base is None:
        base = sum(p for _, p in state.yaku(player))
    data["turn_start_points"] = base
    state = game.state_from_json(data)
    assert isinstance(state, KoiKoiState)
    return state


def play(state: KoiKoiState, *moves: str) -> KoiKoiState:
    """Apply moves written in notation (chance outcomes too, e.g. ``draw 8b``)."""
    for move in moves:
        nxt = state.apply(state.string_to_action(move))
        assert isinstance(nxt, KoiKoiState)
        state = nxt
    return state
