"""A turn: the played card, the drawn card, Stop or Koi-Koi, the end of a month and match."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.core.protocol import TERMINAL, IllegalAction
from spieltisch.games.koikoi.cards import CARDS, cards_of, mask_of
from spieltisch.games.koikoi.rules import CHOOSE, DEAL, DECIDE, DRAW, OVER, PLAY, KoiKoiState
from spieltisch.terminal.koikoi import render

from .helpers import dealt, play, position


def codes(mask: int) -> set[str]:
    return {CARDS[c].code for c in cards_of(mask)}


# ------------------------------------------------------------------ the played card

def test_a_card_without_a_match_stays_on_the_table() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b")
    assert codes(state.table) == {"1b", "4a"} and state.caps[0] == 0
    assert state.phase == DRAW


def test_one_match_takes_both() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="1p1 4a"), "1b")
    assert codes(state.caps[0]) == {"1b", "1p1"} and codes(state.table) == {"4a"}


def test_two_matches_the_player_chooses() -> None:
    state = position(hand0="1b 2a", hand1="3b", table="1r 1p1 4a")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "1b" not in legal and {"1b>1r", "1b>1p1"} <= set(legal)
    with pytest.raises(IllegalAction, match="two table cards"):
        state.string_to_action("1b")
    after = play(state, "1b>1r")
    assert codes(after.caps[0]) == {"1b", "1r"} and codes(after.table) == {"1p1", "4a"}


def test_three_matches_take_all_four() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="1r 1p1 1p2 4a"), "1b")
    assert codes(state.caps[0]) == {"1b", "1r", "1p1", "1p2"} and codes(state.table) == {"4a"}


def test_only_own_hand_cards_can_be_played() -> None:
    state = position(hand0="1b 2a", hand1="3b", table="4a")
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.string_to_action("3b")


# ------------------------------------------------------------------ the drawn card

def test_drawn_card_without_a_match_stays() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b", "draw 5a")
    assert codes(state.table) == {"1b", "4a", "5a"}
    assert state.phase == PLAY and state.current_player == 1


def test_drawn_card_takes_the_card_just_played() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b", "draw 1r")
    assert codes(state.caps[0]) == {"1b", "1r"}


def test_drawn_card_with_one_match() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b", "draw 4r")
    assert codes(state.caps[0]) == {"4a", "4r"}


def test_drawn_card_with_two_matches_lets_the_player_choose() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a 4p1"), "1b", "draw 4r")
    assert state.phase == CHOOSE and state.current_player == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["take 4a", "take 4p1"]
    assert state.view(1)["drawn"]["code"] == "4r"
    assert state.string_to_action("4a") == state.string_to_action("take 4a")
    after = play(state, "take 4p1")
    assert codes(after.caps[0]) == {"4r", "4p1"} and codes(after.table) == {"1b", "4a"}
    assert after.current_player == 1


def test_drawn_card_with_three_matches_takes_all() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a 4r 4p1"), "1b", "draw 4p2")
    assert codes(state.caps[0]) == {"4a", "4r", "4p1", "4p2"}


# ------------------------------------------------------------------ Stop or Koi-Koi

SANKO_NEXT: dict[str, Any] = dict(hand0="8b 2a 2p1", hand1="5a 5r 6a", table="8p1 9p1 12p1",
                                  cap0="1b 3b")


def test_a_new_yaku_asks_stop_or_koikoi() -> None:
    state = play(position(**SANKO_NEXT), "8b", "draw 10p1")
    assert state.phase == DECIDE and state.current_player == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stop", "koikoi"]
    stake = state.view(0)["at_stake"]
    assert stake == {"seat": 0, "stop_points": 5, "yaku_points": 5, "opponent_called": False,
                     "opponent_stop_points": 0}
    assert state.view(1)["stop_points"] == [5, 0]


def test_stop_scores_and_the_winner_deals_next() -> None:
    state = play(position(dealer=1, **SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.scores() == [5.0, 0.0]
    assert state.phase == DEAL and state.month == 2 and state.dealer == 0
    assert state.view(0)["history"] == [{
        "month": 1, "dealer": 1, "winner": 0, "points": 5, "reason": "stop",
        "yaku": [{"key": "sanko", "name": "Sankō", "english": "Three Brights", "points": 5}],
        "shown": []}]


def test_the_last_month_keeps_its_dealer_when_the_match_ends() -> None:
    state = play(position(dealer=1, months=1, **SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.is_terminal() and state.view(0)["dealer"] == 1
    screen = render(state.view(0), 0, color=False)
    assert "month 1 of 1: Pine / Matsu (1), dealer B" in screen


def test_no_new_yaku_no_decision() -> None:
    state = play(position(hand0="2a 2p1", hand1="5a 6a", table="2p2 9p1", cap0="1b 3b"),
                 "2a", "draw 10p1")
    assert state.phase == PLAY and state.current_player == 1


def test_koikoi_plays_on_and_a_raise_asks_again() -> None:
    state = play(position(**SANKO_NEXT), "8b", "draw 10p1", "koikoi")
    assert state.current_player == 1 and state.calls == (1, 0)
    state = play(state, "5a", "draw 11p", "2a", "draw 12b")
    assert state.phase == DECIDE
    assert dict(state.yaku(0)) == {"shiko": 8}


def test_opponent_stopping_after_koikoi_leaves_the_caller_nothing() -> None:
    state = position(hand0="2a 2p1", hand1="7a 5r 4p1", table="7p1 9p1", cap0="1b 3b 8b",
                     cap1="10a 6a", calls=(1, 0), last_caller=0, player=1, dealer=0)
    state = play(state, "7a", "draw 11p")
    assert state.phase == DECIDE and state.view(1)["at_stake"]["opponent_called"] is True
    state = play(state, "stop")
    assert state.scores() == [0.0, 5.0]
    assert state.dealer == 1


def test_the_month_running_out_pays_the_last_caller() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", cap0="1b 3b 8b", calls=(1, 0),
                     last_caller=0, player=0, dealer=1)
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert state.scores() == [5.0, 0.0]
    assert state.history[-1][5] == "koikoi"
    assert state.dealer == 0


def test_last_caller_of_two_scores() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", cap0="1b 3b 8b",
                     cap1="1r 2r 3r", calls=(1, 1), last_caller=1, player=0)
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert state.scores() == [0.0, 5.0]


def test_a_raise_on_the_last_turn_stops_at_once() -> None:
    state = position(hand1="8b", table="8p1 9p1", cap1="1b 3b", player=1)
    state = play(state, "8b", "draw 10p1")
    assert state.scores() == [0.0, 5.0] and state.month == 2
    assert state.history[-1][5] == "last-turn"
    screen = render(state.view(0), 0, color=False)
    assert "Month 1: B made Sankō (Three Brights) 5 on the month's last turn -> 5 " \
        "points." in screen
    assert "stopped" not in screen


def test_oya_ken_gives_the_dealer_one_point() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", player=0, dealer=1)
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert state.scores() == [0.0, 1.0] and state.dealer == 1
    assert state.view(0)["history"][-1]["yaku"][0]["key"] == "oyaken"


def test_no_oya_ken_in_nintendo_and_the_dealer_stays() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", player=0, dealer=1,
                     preset="nintendo")
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert state.scores() == [0.0, 0.0] and state.dealer == 1 and state.month == 2
    assert state.history[-1][2] == -1


def test_tsukifuda_uses_the_month_of_the_match() -> None:
    state = position(hand0="3b 2a", hand1="5a 6a", table="3p2 9p1", cap0="3r 3p1", month=15)
    assert state.flower == 3
    state = play(state, "3b", "draw 10p1")
    assert state.phase == DECIDE and dict(state.yaku(0)) == {"tsukifuda": 5}


# ------------------------------------------------------------------ nintendo scoring

def test_nintendo_doubles_when_the_opponent_called_koikoi() -> None:
    state = position(hand0="2a 2p1", hand1="7a 5r 4p1", table="7p1 9p1", cap0="1b 3b 8b",
                     cap1="10a 6a", calls=(1, 0), last_caller=0, player=1,
                     preset="nintendo")
    state = play(state, "7a", "draw 11p")
    assert state.view(1)["at_stake"]["stop_points"] == 10
    assert play(state, "stop").scores() == [0.0, 10.0]


def test_nintendo_doubles_seven_or_more() -> None:
    state = play(position(hand0="12b 2a 2p1", hand1="5a 5r 6a", table="12p1 9p1",
                          cap0="1b 3b 8b", preset="nintendo"), "12b", "draw 10p1")
    assert dict(state.yaku(0)) == {"shiko": 8}
    assert play(state, "stop").scores() == [16.0, 0.0]


def test_teshi_wins_six_at_once_in_nintendo() -> None:
    state = dealt("1b 1r 1p1 1p2 2a 3b 4a 5a", "6a 6r 7a 7r 8b 8a 9a 10r",
                  "9r 10a 11b 11a 12b 12p1 2r 3r", preset="nintendo", dealer=1)
    assert state.scores() == [6.0, 0.0] and state.month == 2 and state.dealer == 0
    assert state.history[-1][4] == (("teshi", 6),)


def test_kuttsuki_wins_six_at_once_in_nintendo() -> None:
    state = dealt("1b 1r 1p1 2a 3b 4a 5a 6a", "7a 7r 8b 8a 9a 9r 10a 10r",
                  "11b 11a 12b 12p1 2r 3r 4r 5r", preset="nintendo")
    assert state.scores() == [0.0, 6.0]
    assert state.history[-1][4] == (("kuttsuki", 6),)


def _shown(state: KoiKoiState, seat: int | None) -> list[str]:
    return [c["code"] for c in state.view(seat)["history"][-1]["shown"]]


def test_a_teshi_shows_its_four_cards_and_nothing_else() -> None:
    state = dealt("1b 1r 1p1 1p2 2a 3b 4a 5a", "6a 6r 7a 7r 8b 8a 9a 10r",
                  "9r 10a 11b 11a 12b 12p1 2r 3r", preset="nintendo", dealer=1)
    assert _shown(state, 1) == _shown(state, None) == ["1b", "1r", "1p1", "1p2"]
    again = state.game.state_from_json(state.to_json())
    assert _shown(again, 1) == ["1b", "1r", "1p1", "1p2"]


def test_a_kuttsuki_shows_its_pairs() -> None:
    state = dealt("1b 1r 1p1 2a 3b 4a 5a 6a", "7a 7r 8b 8a 9a 9r 10a 10r",
                  "11b 11a 12b 12p1 2r 3r 4r 5r", preset="nintendo")
    assert _shown(state, 0) == ["7a", "7r", "8b", "8a", "9a", "9r", "10a", "10r"]


def test_no_cards_are_shown_after_an_ordinary_month() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", player=0, dealer=1,
                     preset="nintendo")
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert _shown(state, 0) == [] and state.to_json()["history"][-1][6] == []


def test_both_hands_with_a_hand_yaku_score_nothing() -> None:
    state = dealt("1b 1r 1p1 1p2 2a 3b 4a 5a", "7a 7r 8b 8a 9a 9r 10a 10r",
                  "11b 11a 12b 12p1 2r 3r 4r 5r", preset="nintendo")
    assert state.scores() == [0.0, 0.0] and state.month == 2
    assert len(_shown(state, 0)) == 12


def test_hand_yaku_do_not_count_in_seed() -> None:
    state = dealt("1b 1r 1p1 1p2 2a 3b 4a 5a", "6a 6r 7a 7r 8b 8a 9a 9r",
                  "10a 10r 11b 11a 12b 12p1 2r 3r")
    assert state.phase == PLAY and state.month == 1


# ------------------------------------------------------------------ the match

def test_reaching_the_target_ends_the_match() -> None:
    state = play(position(scores=(48, 30), **SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.phase == OVER and state.current_player == TERMINAL
    assert state.scores() == [53.0, 30.0] and state.returns() == [1.0, -1.0]
    assert state.view(1)["winner"] == 0


def test_a_month_limit_ends_the_match_with_most_points() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", dealer=1, month=12,
                     scores=(10, 10), preset="nintendo")
    state = play(state, "2a", "draw 10p1", "5a", "draw 11p")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.view(0)["winner"] is None


def test_months_option_shortens_the_match() -> None:
    state = play(position(months=1, **SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_subtract_takes_the_points_from_the_loser() -> None:
    state = play(position(months=12, subtract=True, **SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.scores() == [5.0, -5.0]


def test_new_month_deals_afresh() -> None:
    state = play(position(**SANKO_NEXT), "8b", "draw 10p1", "stop")
    assert state.phase == DEAL and state.hands == (0, 0) and state.caps == (0, 0)
    assert state.deck == mask_of(list(range(48)))
    assert state.view(0)["log"] == []
