"""Okey rules: setup, deal, turns, finishing, both presets' scoring, the round's end."""

from __future__ import annotations

import random
import re

import pytest

from spieltisch import CHANCE, TERMINAL, IllegalAction, load
from spieltisch.games.okey import tiles
from spieltisch.games.okey.options import TURN_LIMIT
from spieltisch.games.okey.rules import DISCARD, FINISH, STARTER, OkeyState

from .helpers import DRAW, TAKE, dealt, discard, edited, finish, game

WINNER = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9"
"""15 tiles: four melds and Y7 (Y4-Y7) make 14; R9 is left over."""


def test_setup_draws_the_starter_then_the_indicator() -> None:
    for preset, outcomes in (("seed", 53), ("standard", 52)):
        state = game(preset=preset, players=3).new_initial_state()
        assert state.current_player == CHANCE
        assert state.chance_outcomes() == [(STARTER + s, pytest.approx(1 / 3)) for s in range(3)]
        state = state.apply(STARTER + 1)
        kinds = dict(state.chance_outcomes())
        assert len(kinds) == outcomes                    # standard draws a false joker again
        assert kinds[0] == pytest.approx(2 / (106 if preset == "seed" else 104))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("preset", "step"), [("seed", 1), ("standard", -1)])
def test_deal_gives_fifteen_to_the_starter_and_fourteen_to_the_others(
        players: int, preset: str, step: int) -> None:
    g = game(preset=preset, players=players)
    state = g.new_initial_state().apply(STARTER + 1).apply(tiles.parse("R5"))
    receivers = []
    while state.current_player == CHANCE:
        receivers.append(g.deal_seat(state.starter, state.dealt))
        state = state.apply(state.legal_actions()[0])
    assert receivers[:15] == [1] * 15
    assert receivers[15:29] == [(1 + step) % players] * 14
    view = state.view(1)
    assert view["rack_sizes"] == [15 if s == 1 else 14 for s in range(players)]
    assert view["pile"] == 106 - 1 - 15 - 14 * (players - 1)
    assert view["to_move"] == 1 and view["phase"] == "discard"
    discards = [a - DISCARD for a in state.legal_actions() if a < FINISH]
    assert discards == sorted({tiles.parse(t) for t in view["rack"]})


def test_taking_the_discard_is_seen_by_everybody() -> None:
    g = game(players=4)
    state = dealt(g, {}, "K1").apply(discard("R1"))
    assert state.current_player == 1
    assert state.legal_actions() == [TAKE, DRAW]
    assert state.action_to_string(TAKE) == "take R1"
    assert state.string_to_action("take") == state.string_to_action("take r1") == TAKE
    for wrong in ("take K13", "take take"):
        with pytest.raises(IllegalAction, match=r"the discard you can take is R1|not a tile"):
            state.string_to_action(wrong)
    after = state.apply(TAKE)
    assert after.view(3)["known"][1] == ["R1"] and after.view(3)["discards"][0] == []
    assert after.view(1)["rack"].count("R1") == state.view(1)["rack"].count("R1") + 1
    twin = after.resample(0, random.Random(3))
    assert isinstance(twin, OkeyState) and twin.racks[1][tiles.parse("R1")] >= 1
    gone = after.apply(discard("R1"))
    assert gone.view(0)["known"][1] == []


def test_drawing_is_hidden_from_the_others() -> None:
    g = game(players=2)
    state = dealt(g, {}, "K1").apply(discard("R1")).apply(DRAW)
    assert state.current_player == CHANCE
    tile = state.legal_actions()[0]
    assert state.action_as_seen(tile, 1) == f"drew {tiles.name(tile)}"
    assert state.action_as_seen(tile, 0) == "draws from the pile"
    assert state.action_as_seen(tile, None) == "draws from the pile"
    after = state.apply(tile)
    assert after.view(0)["last_move"] == {"seat": 1, "move": "draws from the pile"}
    assert after.view(1)["last_move"] == {"seat": 1, "move": f"drew {tiles.name(tile)}"}
    assert after.view(0)["rack"] == state.view(0)["rack"]


def test_deals_are_hidden_from_the_others() -> None:
    state = game(players=2).new_initial_state().apply(STARTER).apply(5)
    assert state.action_as_seen(7, 0) == "deal R8"
    assert state.action_as_seen(7, 1) == "deal to seat 1"


def test_views_never_show_another_rack() -> None:
    state = dealt(game(players=3), {0: WINNER}, "K1")
    rack0 = state.view(0)["rack"]
    assert rack0 is not None and sorted(rack0) == sorted(WINNER.split())
    for seat in (1, 2, None):
        view = state.view(seat)
        assert view["rack"] != rack0
        assert "racks" not in view and "pool" not in view
    assert state.view(None)["rack"] is None


def test_finish_is_its_own_action_and_only_with_the_spare_tile() -> None:
    state = dealt(game(players=4, rounds=2), {0: WINNER}, "K1")
    finishes = [a for a in state.legal_actions() if a >= FINISH]
    assert finishes == [finish("R9")]
    with pytest.raises(IllegalAction, match="do not all form sets"):
        state.string_to_action("finish Y7")
    done = state.apply(finish("R9"))
    view = done.view(2)
    assert view["scores"] == [1, 0, 0, 0]
    result = view["results"][-1]
    assert result["winner"] == 0 and result["how"] == "sets and runs"
    assert sorted(result["hand"]) == sorted(WINNER.replace(" R9", "").split())
    assert view["round"] == 2 and view["starter"] == 1 and view["phase"] == "indicator"
    assert view["discards"] == [[], [], [], []]


def test_seed_match_ends_after_its_rounds_most_rounds_won_wins() -> None:
    state = dealt(game(players=2, rounds=1), {0: WINNER}, "K1").apply(finish("R9"))
    assert state.current_player == TERMINAL
    assert state.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("rack", "last", "loss", "how"), [
    (WINNER, "R9", 2, "sets and runs"),
    (WINNER.replace("R9", "K2"), "K2", 4, "sets and runs"),         # K2 is the okey
    ("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K13 R11", "R11", 4, "seven pairs"),
    ("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K13 K2", "K2", 8, "seven pairs"),
    ("R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K2 R11", "R11", 4, "seven pairs"),
])
def test_standard_countdown_scoring(rack: str, last: str, loss: int, how: str) -> None:
    state = dealt(game(preset="standard", players=4), {0: rack}, "K1")
    done = state.apply(finish(last))
    view = done.view(0)
    assert view["scores"] == [20, 20 - loss, 20 - loss, 20 - loss]
    assert view["results"][-1]["how"] == how
    assert view["results"][-1]["okey_discard"] is (last == "K2")


def test_the_view_tells_only_the_player_to_discard_what_each_finish_costs() -> None:
    rack = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K2 K2"
    state = dealt(game(preset="standard", players=3), {0: rack}, "K1")
    costs = {f["tile"]: f["points"] for f in state.view(0)["finishes"]}
    assert costs == {"R1": 4, "R12": 4, "Y3": 4, "Y4": 4, "B7": 4, "B12": 4, "K10": 4,
                     "K2": 8}
    for done in (state.apply(finish("K2")), state.apply(finish("R1"))):
        lost = 20 - done.view(0)["scores"][1]
        assert lost == costs[done.view(0)["results"][-1]["discard"]]
    assert state.view(1)["finishes"] == [] and state.view(None)["finishes"] == []
    seed = dealt(game(players=2), {0: WINNER}, "K1")
    assert seed.view(0)["finishes"] == [{"tile": "R9", "points": None}]


def test_seven_pairs_do_not_win_in_the_rulebook_game() -> None:
    rack = "R1 R1 R5 R5 Y2 Y2 Y9 Y9 B3 B3 B7 B7 K13 K13 R11"
    state = dealt(game(preset="seed", players=2), {0: rack}, "K1")
    assert not [a for a in state.legal_actions() if a >= FINISH]


def test_standard_match_ends_when_someone_reaches_zero() -> None:
    state = dealt(game(preset="standard", players=3), {0: WINNER}, "K1")
    state = edited(state, score=[20, 5, 2])
    done = state.apply(finish("R9"))
    assert done.current_player == TERMINAL
    assert done.scores() == [20, 3, 0]
    assert done.returns() == [1.0, 0.0, -1.0]
    assert game(preset="standard").info.preset == "standard"


def test_standard_plays_anticlockwise() -> None:
    state = dealt(game(preset="standard", players=4), {}, "K1", starter=2)
    assert state.apply(discard(state.view(2)["rack"][0])).current_player == 1


def test_an_empty_pile_ends_the_round_without_a_winner() -> None:
    state = dealt(game(players=4, rounds=2), {}, "K1")
    state = state.apply(state.legal_actions()[0])
    draws = 0
    while state.view(0)["round"] == 1:
        assert state.current_player >= 0
        state = state.apply(DRAW)
        state = state.apply(state.legal_actions()[0])
        draws += 1
        state = state.apply(next(a for a in state.legal_actions() if a < FINISH))
    assert draws == 106 - 1 - 57
    result = state.view(0)["results"][-1]
    assert result["winner"] is None and result["how"] == "pile exhausted"
    assert state.scores() == [0, 0, 0, 0]


def test_endless_taking_stops_at_the_turn_limit() -> None:
    state = dealt(game(players=2, rounds=1), {}, "K1")
    tile = state.view(0)["rack"][-1]
    state = state.apply(discard(tile))
    while not state.is_terminal():
        state = state.apply(TAKE).apply(discard(tile))
    assert state.view(0)["results"][-1]["how"] == "turn limit"
    assert state.turns == TURN_LIMIT


def test_notation_and_refusals() -> None:
    state = dealt(game(players=2), {0: WINNER}, "K1")
    assert state.string_to_action("R9") == discard("R9")
    assert state.string_to_action("discard r9") == discard("R9")
    assert state.string_to_action("Finish R9") == finish("R9")
    with pytest.raises(IllegalAction, match="no R13 on your rack"):
        state.string_to_action("R13")
    with pytest.raises(IllegalAction, match="you start the round with 15 tiles and take or "
                       "draw nothing: discard one now"):
        state.string_to_action("draw")
    with pytest.raises(IllegalAction, match="not a tile"):
        state.string_to_action("discard Z3")
    with pytest.raises(IllegalAction, match=r"^'ZZ' is not a tile"):  # quoted as typed
        state.string_to_action("discard ZZ")
    with pytest.raises(IllegalAction, match=r"^'Zz' is not a tile"):
        state.string_to_action("Finish Zz")
    with pytest.raises(IllegalAction, match="not a move"):
        state.string_to_action("play nicely")
    with pytest.raises(IllegalAction, match="discard one now"):
        state.string_to_action("d")
    with pytest.raises(IllegalAction, match=r"which tile.*finish R5"):
        state.string_to_action("f")
    assert state.string_to_action("d R9") == discard("R9")
    turn = state.apply(discard("R9"))
    assert turn.string_to_action("take") == TAKE
    assert turn.string_to_action("d") == turn.string_to_action("D") == DRAW
    with pytest.raises(IllegalAction, match="you have your tile already: discard now"):
        drawing = turn.apply(DRAW)
        drawing.apply(drawing.legal_actions()[0]).string_to_action("take")
    with pytest.raises(IllegalAction, match="before you discard"):
        turn.string_to_action("R1")
    pile = turn.apply(DRAW)
    first = pile.legal_actions()[0]
    assert pile.string_to_action(pile.action_to_string(first)) == first


def test_false_joker_as_indicator() -> None:
    seed = game(players=2).new_initial_state().apply(STARTER).apply(tiles.FALSE_JOKER)
    view = seed.view(0)
    assert view["okey"] == "FJ" and view["false_joker_as"] is None
    standard = game(preset="standard", players=2).new_initial_state().apply(STARTER)
    with pytest.raises(IllegalAction):
        standard.apply(tiles.FALSE_JOKER)


def test_options_are_checked() -> None:
    with pytest.raises(IllegalAction) as refused:
        load("okey", colour="red")
    assert str(refused.value) == "Okey has no option 'colour'; options: preset, players, rounds"
    with pytest.raises(IllegalAction, match="players"):
        load("okey", players=5)
    with pytest.raises(IllegalAction, match="rounds"):
        load("okey", rounds=0)
    g = load("okey", preset="standard", players=3)
    assert g.info.options == {"preset": "standard", "players": 3, "rounds": 60}
    assert load("okey", **g.info.options).info == g.info


@pytest.mark.parametrize("players", [2.0, "3"])
def test_players_are_plain_ints(players: object) -> None:
    with pytest.raises(IllegalAction, match="2, 3 or 4 players"):
        load("okey", players=players)  # type: ignore[arg-type]


def test_a_won_round_shows_its_rack_in_the_melds_or_pairs_it_won_with() -> None:
    runs = dealt(game(players=2, rounds=3), {
        0: "R1 R2 R3 Y4 Y5 Y6 Y7 B7 B8 B9 K10 K11 K12 K2 R9"}, indicator="K1")
    result = runs.apply(finish("R9")).view(1)["results"][-1]
    assert result["melds"] == [["R1", "R2", "R3"], ["Y4", "Y5", "Y6", "Y7"],
                               ["B7", "B8", "B9"], ["K10", "K11", "K12", "K2"]]
    pairs = dealt(game(players=2, rounds=3, preset="standard"), {
        0: "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K2 R9"}, indicator="K1")
    result = pairs.apply(finish("R9")).view(1)["results"][-1]
    assert result["how"] == "seven pairs"
    assert result["melds"] == [["R1", "R1"], ["R12", "R12"], ["Y3", "Y3"], ["Y4", "Y4"],
                               ["B7", "B7"], ["K10", "K10"], ["B12", "K2"]]


def test_the_okey_may_be_typed_with_the_star_the_screen_marks_it_with() -> None:
    state = dealt(game(players=2), {0: "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 K2"}, "K1")
    assert state.string_to_action("K2*") == discard("K2")
    assert state.string_to_action("discard k2*") == discard("K2")
    assert state.string_to_action("finish K2*") == finish("K2")
    with pytest.raises(IllegalAction, match=r"^only the okey is marked \*: R9 is not the okey"
                       r" \(K2\)"):
        state.string_to_action("R9*")
    with pytest.raises(IllegalAction, match="not a tile"):
        state.string_to_action("discard Q9*")


def test_a_refused_finish_in_standard_names_seven_pairs_too() -> None:
    rack = "R1 R1 Y4 Y4 B7 B7 K10 K10 R12 R12 Y3 Y3 B12 K6 K5"
    state = dealt(game(preset="standard", players=2), {0: rack}, "K1")
    with pytest.raises(IllegalAction, match=r"^the 14 tiles left after K5 do not all form sets "
                       r"and runs, nor seven pairs: discard it instead"):
        state.string_to_action("finish K5")
    seed = dealt(game(players=2), {0: rack}, "K1")
    with pytest.raises(IllegalAction, match="form sets and runs: discard it instead"):
        seed.string_to_action("finish K5")


def test_a_move_without_its_tile_or_a_tile_miswritten_says_what_is_wanted() -> None:
    state = dealt(game(players=2), {0: WINNER}, "K1")
    for typed, said in (("discard", "which tile? type discard and the tile, e.g. discard R5"),
                        ("finish", "which tile? type finish and the tile, e.g. finish R5"),
                        ("R14", "'R14' is not a tile"), ("k0", "'k0' is not a tile"),
                        ("FJ*", "only the okey is marked")):
        with pytest.raises(IllegalAction, match=re.escape(said)):
            state.string_to_action(typed)
