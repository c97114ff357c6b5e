"""What each seat sees: its own hand only, both collections, yaku and what stopping earns."""

from __future__ import annotations

import json
import random

import spieltisch
from spieltisch.games.koikoi.cards import CARDS
from spieltisch.games.koikoi.rules import OBSERVATION_SIZE
from spieltisch.games.koikoi.yaku import hand_yaku

from .helpers import dealt, ids, play, position

HAND0 = "1b 1r 2a 2r 3b 3r 4a 4r"
HAND1 = "5a 5r 6a 6r 7a 7r 8b 8a"
TABLE = "9a 9r 10a 10r 11b 11a 12b 12p1"

KEYS = {"seat", "preset", "phase", "to_move", "turn", "month", "flower", "flower_name",
        "target", "months", "double_seven", "double_koikoi", "dealer", "scores", "hand",
        "hand_sizes", "table", "pile_size",
        "drawn", "captured", "yaku", "yaku_points", "sake_as_plain", "stop_points",
        "koikoi_calls", "last_caller", "at_stake", "last_move", "last_mover", "log", "history",
        "winner"}


def test_view_keys_and_own_hand_only() -> None:
    state = dealt(HAND0, HAND1, TABLE)
    view = state.view(0)
    assert set(view) == KEYS
    assert [c["code"] for c in view["hand"]] == HAND0.split()
    assert view["hand_sizes"] == [8, 8]
    text = json.dumps(view)
    assert '"8b"' not in text and "Pampas Moon" not in text
    assert state.view(None)["hand"] is None
    assert '"5a"' not in json.dumps(state.view(None))


def test_cards_in_views_carry_month_kind_and_names() -> None:
    view = dealt(HAND0, HAND1, TABLE).view(1)
    moon = next(c for c in view["hand"] if c["code"] == "8b")
    assert moon == {"id": 28, "code": "8b", "month": 8, "kind": "bright", "ribbon": None,
                    "name": "Pampas Moon", "name_ja": "Susuki ni Tsuki"}


def test_collections_are_grouped_by_kind_with_yaku_and_stop_points() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1",
                     cap0="1b 3b 8b 1p1 1p2", cap1="6r 9r 10r", calls=(0, 1), last_caller=1,
                     preset="nintendo")
    view = state.view(1)
    assert [c["code"] for c in view["captured"][0]["bright"]] == ["1b", "3b", "8b"]
    assert [c["code"] for c in view["captured"][0]["plain"]] == ["1p1", "1p2"]
    assert view["yaku"][0] == [{"key": "sanko", "name": "Sankō", "english": "Three Brights",
                                "points": 5}]
    assert view["yaku_points"] == [5, 5]
    assert view["stop_points"] == [10, 5]
    assert view["koikoi_calls"] == [0, 1] and view["last_caller"] == 1


def test_the_opponents_moves_are_logged() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b", "draw 1r")
    assert state.view(1)["log"] == [{"seat": 0, "move": "1b", "takes": []},
                                    {"seat": 0, "move": "draw 1r", "takes": ["1b"]}]
    assert state.view(1)["last_move"] == "draw 1r"


def test_the_log_says_what_each_move_took() -> None:
    state = play(position(hand0="3r 1b 4a", hand1="2a 5p1 6a",
                          table="3b 3p1 8b 8p1 4p1 2p1 9a 9p1 9p2"),
                 "3r>3b", "draw 8a", "take 8b", "2a", "draw 9r", "4a", "draw 3p2")
    assert [(e["move"], e["takes"]) for e in state.view(1)["log"]] == [
        ("3r>3b", ["3b"]), ("draw 8a", []), ("take 8b", ["8b"]), ("2a", ["2p1"]),
        ("draw 9r", ["9a", "9p1", "9p2"]), ("4a", ["4p1"]), ("draw 3p2", ["3p1"])]


def test_resample_keeps_the_view_and_redraws_the_unseen_cards() -> None:
    state = dealt(HAND0, HAND1, TABLE)
    twin = state.resample(0, random.Random(1))
    assert twin.view(0) == state.view(0)
    assert twin.hands[0] == state.hands[0] and twin.hands[1] != state.hands[1]
    assert twin.hands[1] | twin.deck == state.hands[1] | state.deck
    assert twin.observation(0) == state.observation(0)


def test_observation_has_the_declared_size() -> None:
    game = spieltisch.load("koikoi")
    assert game.info.observation_shape == (OBSERVATION_SIZE,)
    state = dealt(HAND0, HAND1, TABLE)
    obs = state.observation(1)
    assert len(obs) == OBSERVATION_SIZE
    assert obs[28] == 1.0  # the Moon in seat 1's own hand plane
    assert obs[4 * 48 + 0] == 1.0  # the Crane is unseen by seat 1


def test_resample_never_deals_a_hand_that_would_have_won_at_once() -> None:
    # Play goes on, so neither dealt hand held four of a month or four pairs (nintendo).
    state = dealt("1b 2a 3b 4a 5a 6a 7a 8b", "1r 2r 3r 4r 5r 6r 7r 8a",
                  "9a 9r 10a 10r 11b 11a 12b 12p1", preset="nintendo")
    state = play(state, "1b", "draw 12p2", "take 12b")
    assert state.current_player == 1
    played = 1 << ids("1b")[0]
    for seed in range(1500):
        twin = state.resample(1, random.Random(seed))
        assert hand_yaku(twin.hands[0] | played) is None, \
            [CARDS[c].code for c in range(48) if twin.hands[0] >> c & 1]
