"""The search's playouts: the weighed first Koi-Koi decision and the rule of thumb."""

from __future__ import annotations

import random

from spieltisch.games.koikoi.cards import card_id, mask_of
from spieltisch.games.koikoi.heuristics import scorer
from spieltisch.games.koikoi.options import make_rules
from spieltisch.games.koikoi.playout import Month, Playouts, playout, threatened
from spieltisch.games.koikoi.rules import DECIDE

from .helpers import ids, play, position

KASU = "1p1 1p2 3p1 3p2 4p1 8p1 8p2 9p1 6p1 6p2"


def kasu_decision() -> Month:
    """The end of a May month: seat 0 has just made Kasu and holds a card sure to take
    one more plain; the opponent can make nothing of its one card and the two in the
    pile."""
    return Month([mask_of(ids("5p1")), mask_of(ids("10p2"))], [mask_of(ids(KASU)), 0],
                 mask_of(ids("2p1 5p2 7p1")), mask_of(ids("11p 12p1")), 0, DECIDE, 0,
                 [False, False], -1, card_id("6p2"))


def runs(seed: int = 0) -> Playouts:
    rules = make_rules()
    return Playouts(rules, scorer(5, rules), 1, 0, random.Random(seed), 0.0)


def test_weighing_calls_koikoi_where_the_rule_of_thumb_stops() -> None:
    assert runs().finish(kasu_decision(), ids("11p 12p1"), 0) == 1
    assert runs().finish(kasu_decision(), ids("11p 12p1"), 8) == 3


def test_a_month_already_over_counts_as_it_ended() -> None:
    state = position(hand0="5p1 6p1", hand1="10p2", table="2p1 5p2 6p2 7p1",
                     cap0="1p1 1p2 3p1 3p2 4p1 8p1 8p2 9p1", month=5, player=0, dealer=1)
    state = play(state, "6p1", "draw 11p")
    months = len(state.history)
    stopped = play(state, "stop")
    assert playout(stopped, 0, [], random.Random(0), 0.0, months, 8) == 1
    assert playout(stopped, 1, [], random.Random(0), 0.0, months, 8) == -1


def test_koikoi_is_worth_what_the_month_surely_brings() -> None:
    assert runs().koikoi(kasu_decision(), 8) == 3.0


def test_weighing_never_looks_at_the_opponents_hand() -> None:
    month = kasu_decision()
    swapped = kasu_decision()
    swapped.hands[1] = mask_of(ids("11p"))
    swapped.deck = mask_of(ids("10p2 12p1"))
    for seed in range(5):
        assert runs(seed).koikoi(month, 6) == runs(seed).koikoi(swapped, 6)


def test_threatened_by_two_brights_or_a_near_group() -> None:
    assert threatened(mask_of(ids("1b 3b")), 0)
    assert not threatened(mask_of(ids("1b 11b")), 0)
    assert threatened(mask_of(ids("1r 2r")), 0)
    assert not threatened(mask_of(ids("1r 2r")), mask_of(ids("3r")))
    assert threatened(mask_of(ids("2a 4a 5a 7a")), 0)
