"""Dealing: the first dealer by chance, exact deals, the redeal on four of a month."""

from __future__ import annotations

import math

import pytest

import spieltisch
from spieltisch.core.protocol import CHANCE, IllegalAction
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import DECK, card_id, mask_of
from spieltisch.games.koikoi.deal import deal_odds
from spieltisch.games.koikoi.rules import DEAL, PLAY, KoiKoiState, deal_place

from .helpers import dealt, ids

HAND0 = "1b 1r 2a 2r 3b 3r 4a 4r"
HAND1 = "5a 5r 6a 6r 7a 7r 8b 8a"
TABLE = "9a 9r 10a 10r 11b 11a 12b 12p1"


def test_the_first_dealer_is_drawn_by_chance() -> None:
    state = spieltisch.load("koikoi").new_initial_state()
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(act.FIRST_DEALER, 0.5), (act.FIRST_DEALER + 1, 0.5)]
    assert state.action_to_string(act.FIRST_DEALER + 1) == "first dealer seat 2"
    assert state.apply(act.FIRST_DEALER + 1).view(None)["dealer"] == 1


def test_deal_in_pairs_then_the_dealer_plays_first() -> None:
    assert [deal_place(s, 1) for s in range(6)] == [0, 0, act.TABLE, act.TABLE, 1, 1]
    state = dealt(HAND0, HAND1, TABLE, dealer=1)
    assert state.phase == PLAY and state.current_player == 1
    assert state.hands == (mask_of(ids(HAND0)), mask_of(ids(HAND1)))
    assert state.table == mask_of(ids(TABLE))
    assert state.deck.bit_count() == 24
    view = state.view(0)
    assert view["pile_size"] == 24 and view["hand_sizes"] == [8, 8]


def test_deals_to_a_hand_are_seen_without_the_card_by_others() -> None:
    state = spieltisch.load("koikoi").new_initial_state().apply(act.FIRST_DEALER)
    to_one = act.deal(card_id("8b"), 1)
    assert state.action_to_string(to_one) == "deal 8b to seat 2"
    assert state.string_to_action("deal 8b to seat 2") == to_one
    assert state.action_as_seen(to_one, 1) == "deal 8b to seat 2"
    assert state.action_as_seen(to_one, 0) == "deal to seat 2"
    assert state.action_as_seen(to_one, None) == "deal to seat 2"
    after = state.apply(to_one)
    assert after.view(0)["last_move"] == "deal to seat 2"
    assert after.view(1)["last_move"] == "deal 8b to seat 2"
    assert after.view(0)["hand"] == []


def test_a_fourth_card_of_a_month_is_never_dealt_to_the_table() -> None:
    state = spieltisch.load("koikoi").new_initial_state().apply(act.FIRST_DEALER)
    assert isinstance(state, KoiKoiState)
    for code, place in (("9a", 1), ("10a", 1), ("1b", act.TABLE), ("1r", act.TABLE),
                        ("11b", 0), ("11a", 0), ("12b", 1), ("12p1", 1), ("1p1", act.TABLE)):
        assert deal_place(state.step, 0) == place
        nxt = state.apply(act.deal(card_id(code), place))
        assert isinstance(nxt, KoiKoiState)
        state = nxt
    assert deal_place(state.step, 0) == act.TABLE
    outcomes = dict(state.chance_outcomes())
    fourth = act.deal(card_id("1p2"), act.TABLE)
    assert fourth not in outcomes
    with pytest.raises(IllegalAction, match="four cards of one month"):
        state.apply(fourth)
    assert math.isclose(sum(outcomes.values()), 1.0)


def test_deal_odds_equal_those_of_redealing() -> None:
    # Three pines on a table of seven, one table card still to come: of the 40 * 41
    # ways to deal the next hand card and then the table card, the fourth pine may not
    # go to the table, so dealing it to a hand now is slightly likelier.
    table = mask_of(ids("1b 1r 1p1 2a 3b 4a 5a"))
    deck = DECK & ~table
    odds = dict(deal_odds(deck, table, to_table=False))
    assert math.isclose(odds[card_id("1p2")], 40 / 1600)
    assert math.isclose(odds[card_id("8b")], 39 / 1600)


def test_deal_odds_match_redealing_by_enumeration() -> None:
    # Seven table cards (three pines), four cards left: a hand card, then the last table
    # card. Redealing keeps exactly the orders whose table card is not the fourth pine.
    table = mask_of(ids("1b 1r 1p1 2a 3b 4a 5a"))
    left = ids("1p2 6a 7a 8a")
    kept = [(x, y) for x in left for y in left if x != y and y != card_id("1p2")]
    odds = dict(deal_odds(mask_of(left), table, to_table=False))
    for card in left:
        assert math.isclose(odds[card], sum(x == card for x, _ in kept) / len(kept))
    assert math.isclose(odds[card_id("1p2")], 1 / 3)


def test_replaying_a_deal_from_the_state_is_exact() -> None:
    state = dealt(HAND0, HAND1, TABLE)
    again = dealt(HAND0, HAND1, TABLE)
    assert state.to_json() == again.to_json()
    assert state.phase != DEAL
