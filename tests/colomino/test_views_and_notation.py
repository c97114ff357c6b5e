"""What each seat sees, and how moves are written."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from spieltisch import IllegalAction
from spieltisch.games.colomino.rules import ColominoState

from .helpers import game, play, position


def dealt(players: int = 2, seed: int = 1) -> ColominoState:
    state = game(players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_view_shows_own_rack_sizes_of_others_tokens_and_bag() -> None:
    state = dealt(players=3)
    view = state.view(1)
    assert view["rack"] is not None and len(view["rack"]) == 5
    assert view["rack_sizes"] == [5, 5, 5]
    assert view["bag"] == 144 - 15
    assert view["tokens"] == [{"yellow": 0, "blue": 0}] * 3
    assert view["to_move"] == 0 and view["phase"] == "place"
    assert view["legal"] is None, "only the seat to move gets its placements listed"
    assert state.view(None)["rack"] is None
    mine = state.view(0)
    assert mine["legal"] is not None
    assert len(mine["legal"]) == len(state.legal_actions())
    entry = mine["legal"][0]
    assert set(entry) == {"action", "move", "square", "tile", "rotation", "edges", "court", "pays"}
    assert state.string_to_action(entry["move"]) == entry["action"]


def test_view_never_holds_another_racks_tiles() -> None:
    state = dealt(players=2, seed=3)
    text = json.dumps(state.view(1))
    own = json.dumps(state.view(0)["rack"])
    assert json.dumps(state.view(1)["rack"]) != own or state.racks[0] == state.racks[1]
    assert "racks" not in text


def test_others_see_a_draw_as_a_hidden_draw() -> None:
    state = dealt()
    rng = random.Random(2)
    for _ in range(3):
        state = state.apply(rng.choice(state.legal_actions()))
    action = state.legal_actions()[0]
    assert state.action_as_seen(action, 0).startswith("draw ")
    assert state.action_as_seen(action, 1) == "player 1 draws a tile"
    assert state.action_as_seen(action, None) == "player 1 draws a tile"
    after = state.apply(action)
    assert after.view(0)["last_move"] == {"seat": 0, "move": state.action_to_string(action)}
    assert after.view(1)["last_move"] == {"seat": 0, "move": "draws a tile"}


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = dealt(players=3, seed=5)
    twin = state.resample(0, random.Random(9))
    assert twin.racks[0] == state.racks[0]
    assert twin.view(0) == state.view(0)
    assert sorted(twin.racks[1] + twin.racks[2]) != sorted(state.racks[1] + state.racks[2])
    pool = sorted(twin.racks[1] + twin.racks[2] + tuple(
        k for k, c in enumerate(twin.bag) for _ in range(c)))
    assert pool == state.unseen(0)


class TestNotation:
    state = position(game(), {"E1": "GBRY"}, [["RYGB", "J", "RRRR"], []])

    def test_square_pattern_and_rotation(self) -> None:
        action = self.state.string_to_action("E2 RYGB r0")
        assert self.state.action_to_string(action) == "E2 RYGB r0"

    @pytest.mark.parametrize("text", ["e2 rygb r0", "E2 RYGB", " E2  rygb  ", "E2RYGB",
                                      "E2 GBRY r2", "E2 YGBR r1"])
    def test_any_spelling_of_the_same_lie_is_accepted(self, text: str) -> None:
        assert self.state.string_to_action(text) == self.state.string_to_action("E2 RYGB r0")

    def test_jokers_and_draws(self) -> None:
        assert self.state.action_to_string(self.state.string_to_action("E2 joker")) == "E2 J"
        assert self.state.string_to_action("E2 J r0") == self.state.string_to_action("E2 J")
        chance = game().new_initial_state()
        action = chance.string_to_action("draw rygb")
        assert chance.action_to_string(action) == "draw RYGB"
        with pytest.raises(IllegalAction, match="draw"):
            chance.string_to_action("E1 RYGB")

    @pytest.mark.parametrize("text,reason", [
        ("", "not a move"),
        ("E2", "not a move"),
        ("E2 RYGX", "not a move"),
        ("E2 RYGB r4", "not a move"),
        ("Z1 RYGB", "no square Z1"),
        ("E10 RYGB", "no square E10"),
        ("E2 BBBB", "no BBBB tile in your rack"),
        ("E2 RYGB r1", "does not match"),
        ("E4 RYGB r0", "not joined to the base line"),
        ("E1 RRRR", "E1 is taken"),
        ("E2 J r1", "E2 J: a joker takes no rotation"),
        ("E2 joker r3", "E2 J: a joker takes no rotation"),
        ("E02 J", "'E02 J' is not a move"),
        ("E0 J", "'E0 J' is not a move"),
        ("\u212a1 J", "is not a move"),  # the Kelvin sign, not K
        ("E\u0662 J", "is not a move"),  # an Arabic-Indic two
    ])
    def test_clear_errors(self, text: str, reason: str) -> None:
        with pytest.raises(IllegalAction, match=reason):
            self.state.string_to_action(text)

    def test_a_missing_joker_is_called_a_joker(self) -> None:
        state = position(game(), racks=[["RRRR"], []])
        with pytest.raises(IllegalAction, match="E2 J: there is no joker in your rack"):
            state.string_to_action("E2 J")

    def test_symmetric_tiles_have_one_notation_per_lie(self) -> None:
        state = position(game(), racks=[["RRRR", "RBRB"], []])
        assert state.string_to_action("E1 RRRR r3") == state.string_to_action("E1 RRRR r0")
        names = [state.action_to_string(a) for a in state.legal_actions()]
        assert len(names) == len(set(names))
        assert not any(n.endswith(("RRRR r1", "RBRB r2", "RBRB r3")) for n in names)


def test_a_reason_is_asked_for_an_action_not_a_string() -> None:
    state = position(game(), {"E1": "GBRY"}, [["RYGB"], []])
    with pytest.raises(IllegalAction, match="an action is an int, not "):
        state.explain_illegal("E2 RYGB")  # type: ignore[arg-type]


def test_apply_refuses_with_reasons_and_changes_nothing() -> None:
    state = position(game(), {"E1": "GBRY"}, [["RYGB"], []])
    before = state.to_json()
    for bad in (-1, 10**9, state.game.geo.placement(40, 0, 0)):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.to_json() == before
    after = play(state, "E2 RYGB")
    assert state.to_json() == before and after.to_json() != before


def test_the_latest_turn_that_laid_tiles_is_shown_to_all_until_the_next_one_lays() -> None:
    state = dealt(players=3)
    assert state.view(1)["last_turn"] is None
    rng = random.Random(4)
    turns: list[dict[str, Any]] = []
    while state.turn < 5:
        action = rng.choice(state.legal_actions())
        if not state.is_chance_node():
            if not turns or turns[-1]["turn"] != state.turn:
                turns.append({"turn": state.turn, "seat": state.to_move, "moves": []})
            turns[-1]["moves"].append(state.action_to_string(action))
        state = state.apply(action)
        seen = {"seat": turns[-1]["seat"], "moves": turns[-1]["moves"]}
        assert all(state.view(s)["last_turn"] == seen for s in (0, 1, 2, None))
    assert [t["seat"] for t in turns] == [0, 1, 2, 0]
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.view(None)["last_turn"] == state.view(None)["last_turn"]


def test_a_latest_turn_that_no_board_holds_is_refused() -> None:
    state = dealt()
    state = state.apply(state.legal_actions()[0])
    good = state.to_json()
    assert good["laid"] and good["laid_by"] == 0
    for edit in ({"laid_by": -1}, {"laid": []},
                 {"laid": [state.game.geo.draw_base]}, {"laid": good["laid"] * 4}):
        with pytest.raises(IllegalAction, match="bad laid"):
            state.game.state_from_json({**good, **edit})
    older = {k: v for k, v in good.items() if k not in ("laid", "laid_by")}
    assert state.game.state_from_json(older).view(0)["last_turn"] is None
