"""Okey bots: the greedy baseline's rules, what each level weighs (outs, danger, the expert's
playouts), legal and hidden-information-blind levels."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from spieltisch import IllegalAction
from spieltisch.core.bots import Decision
from spieltisch.games.okey import ai as okey_ai
from spieltisch.games.okey import strategy, tiles
from spieltisch.games.okey.ai import GreedyBot, make_bot
from spieltisch.games.okey.rules import FINISH, OkeyState
from spieltisch.games.okey.strategy import Outlook, with_tile, without

from .helpers import DRAW, TAKE, dealt, discard, finish, game

STARTER_RACK = "R3 Y1 Y2 B4 B5 K6 K7 R10 R11 Y12 Y13 B1 B13 K1 K2"
SECOND = "R1 R2 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y9 B11"
"""Seat 1: R1 R2 wants R3; Y9 and B11 are left over."""


def choose(level: str, state: OkeyState, seed: int = 0) -> int:
    return make_bot(state.game, level).choose(Decision.from_state(state), random.Random(seed))


def test_greedy_takes_a_discard_that_helps_and_draws_otherwise() -> None:
    state = dealt(game(players=2), {0: STARTER_RACK, 1: SECOND}, "K5")
    assert choose("greedy", state.apply(discard("R3"))) == TAKE
    assert choose("greedy", state.apply(discard("Y1"))) == DRAW


def test_greedy_discards_what_leaves_the_fewest_missing() -> None:
    state = dealt(game(players=2), {0: STARTER_RACK, 1: SECOND}, "K5").apply(discard("R3"))
    state = state.apply(TAKE)
    assert choose("greedy", state) in (discard("Y9"), discard("B11"))


@pytest.mark.parametrize("level", ["greedy", "easy", "medium", "hard", "expert"])
def test_every_level_finishes_when_it_can(level: str) -> None:
    rack = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9"
    state = dealt(game(players=3), {0: rack}, "K1")
    assert choose(level, state) == finish("R9")


def test_finishing_with_the_okey_is_preferred_where_it_doubles() -> None:
    rack = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K2 Y7"   # K2 is the okey
    state = dealt(game(preset="standard", players=2), {0: rack}, "K1")
    finishes = {a for a in state.legal_actions() if a >= FINISH}
    assert {finish("K2"), finish("Y7"), finish("R1")} <= finishes   # the wild fills in
    assert choose("hard", state) == finish("K2")


def test_a_dealt_winning_rack_takes_a_discarded_okey_to_finish_with_it() -> None:
    ready = "R1 R2 R3 Y4 Y5 Y6 Y7 B7 B8 B9 K10 K11 K12 K13"   # 14 tiles, all melded
    starter = "R4 R5 R6 Y1 Y2 Y3 B1 B2 B3 B4 B5 B6 K3 K4 K2"   # K2 is the okey
    state = dealt(game(preset="standard", players=2), {0: starter, 1: ready}, "K1")
    state = state.apply(discard("K2"))
    assert state.current_player == 1
    look = Outlook.of(state, 1)
    assert look.missing(look.rack) == look.missing(with_tile(look.rack, look.okey)) == 0
    assert choose("greedy", state) == DRAW, "the okey brings no tile closer"
    assert [choose(level, state) for level in ("hard", "expert")] == [TAKE, TAKE]
    assert choose("hard", state.apply(TAKE)) == finish("K2"), "a win with the okey doubles"


@pytest.mark.usefixtures("fake_clock")
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_levels_play_legally_and_blind_to_hidden_tiles(level: str) -> None:
    g = game(players=4)
    rng = random.Random(level)
    state = g.new_initial_state()
    decisions = 0
    bot = make_bot(g, level)
    while decisions < 8:
        if state.current_player < 0:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([a for a, _ in outcomes],
                                            [p for _, p in outcomes])[0])
            continue
        seat = state.current_player
        action = bot.choose(Decision.from_state(state), random.Random(decisions))
        assert action in state.legal_actions()
        twin = state.resample(seat, random.Random(99 + decisions))
        assert bot.choose(Decision.from_state(twin), random.Random(decisions)) == action
        state = state.apply(action)
        decisions += 1


def test_unknown_level_is_refused() -> None:
    with pytest.raises(IllegalAction, match="wizard"):
        make_bot(game(), "wizard")
    assert make_bot(game(), "greedy").name == GreedyBot.name
    assert tiles.name(0) == "R1"


MELDED = "R1 R2 R3 Y4 Y5 Y6 K5 K6 K7 B8 B9 B10"
"""Four runs of three; no number is held in three colours, so they form no sets."""


def torn_between_y13_and_k12() -> OkeyState:
    """Seat 0's discard with R1-R4 (R4 just drawn) and three more runs, and Y13 and K12,
    which fit nothing: Bea (seat 1) took Ada's Y1, which makes Y13 the one that may help
    her (12-13-1 is a run), and threw away K13."""
    bea = "R10 R11 R12 B1 B2 B3 K9 K10 K11 R8 Y8 Y9 Y10 K13"
    state = dealt(game(players=2), {0: f"{MELDED} Y13 K12 Y1", 1: bea}, "R6")
    state = state.apply(discard("Y1")).apply(TAKE).apply(discard("K13")).apply(DRAW)
    state = state.apply(tiles.parse("R4"))
    assert isinstance(state, OkeyState) and state.current_player == 0
    return state


def test_danger_is_what_a_discard_gives_the_next_player() -> None:
    look = Outlook.of(torn_between_y13_and_k12(), 0)
    assert look.next_known == (tiles.parse("Y1"),)
    assert look.next_discards == (tiles.parse("K13"),)
    danger = {name: look.danger(tiles.parse(name))
              for name in ("Y13", "Y2", "Y3", "Y4", "R1", "K12", "K13", "R7", "FJ")}
    assert danger == {"Y13": 1.0, "Y2": 1.0, "Y3": 1.0,   # a run with Y1
                      "Y4": 0.0, "K12": 0.0,              # too far, another colour
                      "R1": 1.0,                          # a set with Y1
                      "K13": 0.0,                         # she threw it away herself
                      "R7": 10.0, "FJ": 0.0}              # the okey; a false joker is R7
    after_13 = replace(look, next_known=(tiles.parse("Y2"),))
    assert after_13.danger(tiles.parse("Y13")) == 0.0, "nothing follows the 1 of 12-13-1"
    before_1 = replace(look, next_known=(tiles.parse("Y12"),))
    assert before_1.danger(tiles.parse("Y1")) == 1.0


@pytest.mark.parametrize(("held", "near"), [
    ("Y13", "Y10 Y11 Y12 Y1 R13 B13 K13"),        # 12-13-1, but not 13-1-2
    ("Y1", "Y2 Y3 Y4 Y11 Y12 Y13 R1 B1 K1"),      # low or after the 13
    ("Y12", "Y9 Y10 Y11 Y13 Y1 R12 B12 K12"),
    ("Y2", "Y1 Y3 Y4 Y5 R2 B2 K2"),
])
def test_the_outs_counted_are_the_tiles_that_can_join_the_rack(held: str, near: str) -> None:
    rack = [0] * tiles.KINDS
    rack[tiles.parse(held)] = 1
    okey = tiles.parse("R7")
    counted = {tiles.name(k) for k in range(tiles.KINDS) if strategy._near(rack, k, okey)}
    assert counted == {held, "R7", "FJ", *near.split()}


def test_the_levels_that_defend_keep_the_tile_the_next_player_wants() -> None:
    state = torn_between_y13_and_k12()
    look = Outlook.of(state, 0)
    ranked = sorted((look.missing(without(look.rack, k)), tiles.name(k))
                    for k in range(tiles.KINDS) if look.rack[k])
    assert [name for m, name in ranked if m == ranked[0][0]] == ["K12", "Y13"]
    assert look.outs(without(look.rack, tiles.parse("K12"))) == \
        look.outs(without(look.rack, tiles.parse("Y13"))), "the two differ only in danger"
    assert {choose("hard", state, seed) for seed in range(6)} == {discard("K12")}
    assert {choose("medium", state, seed) for seed in range(12)} == \
        {discard("K12"), discard("Y13")}, "without defending, a coin decides"


@pytest.mark.parametrize("favoured", ["Y13", "K12"])
def test_the_expert_settles_close_discards_by_its_playouts(
        monkeypatch: pytest.MonkeyPatch, favoured: str) -> None:
    seen: list[tuple[int, ...]] = []

    def playout(look: Outlook, rack: tuple[int, ...], draws: list[int],
                late: object) -> float:
        del look, late
        seen.append(tuple(draws))
        return 0.0 if rack[tiles.parse(favoured)] else 1.0

    monkeypatch.setattr(okey_ai, "_playout", playout)
    assert choose("expert", torn_between_y13_and_k12()) == discard(favoured)
    assert len(seen) == 2 * okey_ai.STYLES["expert"].rollouts, "both, every rollout"
    assert seen[0::2] == seen[1::2], "both candidates see the same draws"
    assert len(set(seen)) > 1, "each rollout draws afresh"


def test_a_playout_values_finishing_sooner_more() -> None:
    look = Outlook.of(torn_between_y13_and_k12(), 0)
    rack = without(look.rack, tiles.parse("Y13"))   # K12 is the one tile that fits nothing
    assert look.missing(rack) == 1
    useless, fits = tiles.parse("B13"), tiles.parse("R5")
    playout = partial(okey_ai._playout, look, rack, late=lambda: False)
    assert playout([fits, useless, useless]) == 1.0
    assert playout([useless, useless, fits]) == pytest.approx(2 / 3)
    assert playout([useless, useless, useless]) == 0.0
    assert okey_ai._playout(look, rack, [fits], lambda: True) == 0.0, "out of time"


def test_the_defending_levels_take_a_discard_that_brings_more_outs() -> None:
    ada = "R5 R12 Y1 Y1 Y4 Y9 Y11 Y12 B2 B3 B5 B12 K10 FJ"   # B12 is the okey
    bea = "Y12 R4 R6 R7 R10 R11 Y5 Y6 Y7 B6 B7 B8 K4 K5 K6"
    state = dealt(game(players=2), {0: ada, 1: bea}, "B11", starter=1).apply(discard("Y12"))
    look = Outlook.of(state, 0)
    now = look.missing(look.rack)
    taken = with_tile(look.rack, tiles.parse("Y12"))
    assert look.missing(taken) == now == 3, "the second Y12 brings no tile closer at once"
    swapped = without(taken, tiles.parse("R5"))
    assert look.outs(swapped, now) > 2 * look.outs(look.rack, now) + 0.02
    for seed in range(4):
        assert [choose(level, state, seed) for level in ("easy", "medium", "hard", "expert")] \
            == [DRAW, DRAW, TAKE, TAKE]
