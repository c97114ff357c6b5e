"""A take-back puts the pile back as it was: draws a seat saw come out again in order."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest

from spieltisch import CHANCE, IllegalAction, Match
from spieltisch.core.match import Undo

from .cases import Case, all_cases, sampled_states
from .test_match import assert_replays, play_random

DRAWING = [c for c in all_cases() if c.key in ("colomino", "koikoi", "okey")]
"""The games whose seats see cards or tiles drawn while they play."""


def seen_draws(match: Match, start: int, seat: int, *, later_deals: bool = False
               ) -> dict[int, int]:
    """The chance outcomes from action `start` on that `seat` saw, by position: those of
    the deal of the state before `start`, or with `later_deals` those of later deals."""
    states, actions = match.states(), match.actions
    deal = states[start - 1].deal_number()
    return {i: a for i, (s, a) in enumerate(zip(states, actions, strict=False))
            if i >= start and s.current_player == CHANCE
            and (s.deal_number() > deal if later_deals else s.deal_number() == deal)
            and s.action_as_seen(a, seat) == s.action_to_string(a)}


def moves_then_seen_draws(match: Match, rng: random.Random
                          ) -> Iterator[tuple[int, int, dict[int, int]]]:
    """Play random moves to the end; after each that the game goes on from with chance
    outcomes its mover saw, yield the mover, the move's position in the line and those
    outcomes (`seen_draws`)."""
    while not match.state.is_terminal():
        seat, start = match.state.current_player, len(match.actions)
        play_random(match, rng, moves=1)
        drawn = seen_draws(match, start + 1, seat)
        if drawn and not match.state.is_terminal():
            yield seat, start, drawn


@pytest.mark.parametrize("case", DRAWING, ids=[c.id for c in DRAWING])
def test_a_seat_that_takes_back_a_move_and_plays_it_again_draws_what_it_drew(case: Case) -> None:
    match = Match(case.game(), seed=f"pile/{case.id}")
    tried = 0
    for seat, start, drawn in moves_then_seen_draws(match, random.Random(3)):
        if tried == 40:
            break
        others = [s for s in range(match.game.info.num_players) if s != seat]
        if not match.can_undo(seat, keep=others):
            continue
        assert match.settled_since(seat) and not match.can_undo(seat), \
            "a seat alone takes back a move after a draw it saw"
        action = match.actions[start]
        match.undo(seat, keep=others)
        assert len(match.actions) == start and match.state.current_player == seat
        match.play(seat, action)
        assert seen_draws(match, start + 1, seat) == drawn
        tried += 1
    assert tried >= 5, f"{tried} draws seen, too few to show anything"
    assert_replays(match)


def test_a_take_back_of_the_move_that_ends_a_deal_shuffles_the_next_deal_afresh() -> None:
    """What a seat saw of the next month's or round's deal tells nothing about the pile
    of the one it goes back to, nor the deal it will play next. (Such a take-back needs
    the others' consent: alone, the deal seen stands.)"""
    crossed = 0
    for case in (c for c in DRAWING if c.key in ("koikoi", "okey")):
        rng = random.Random(5)
        for k in range(12):
            match = Match(case.game(), seed=f"next-deal/{case.id}/{k}")
            while not match.state.is_terminal():
                seat, start = match.state.current_player, len(match.actions)
                play_random(match, rng, moves=1)
                after = match.states()[start + 1:]
                if any(s.deal_number() > match.states()[start].deal_number() for s in after):
                    break
            else:
                continue
            seen = seen_draws(match, start + 1, seat, later_deals=True)
            ended = match.actions[start]
            others = [s for s in range(match.game.info.num_players) if s != seat]
            if not seen or not match.can_undo(seat, keep=others) or match.state.is_terminal():
                continue
            assert not match.can_undo(seat), "a seat alone takes back a deal it has seen"
            deal = match.states()[start].deal_number()
            deal_of_node = [s.deal_number() for s in match.states() if s.is_chance_node()]
            match.undo(seat, keep=others)
            undo = match.events[-1]
            assert isinstance(undo, Undo)
            assert all(deal_of_node[number] == deal for number, _ in undo.pins), \
                "a take-back holds outcomes of the next deal for the pile it goes back to"
            match.play(seat, ended)
            assert seen_draws(match, start + 1, seat, later_deals=True) != seen, \
                "the next deal came out as it was seen before the take-back"
            crossed += 1
    assert crossed >= 4, f"only {crossed} deals ended by a seat's move"


@pytest.mark.parametrize("case", DRAWING, ids=[c.id for c in DRAWING])
def test_taking_back_twice_with_everybody_agreeing_gives_back_the_whole_line(
        case: Case) -> None:
    game = case.game()
    n = game.info.num_players
    match = Match(game, seed=f"twice/{case.id}")
    rng = random.Random(4)
    play_random(match, rng, moves=8 * n)
    seat = match.state.current_player
    play_random(match, rng, moves=3 * n)
    later, movers = match.actions, match.movers()
    others = [s for s in range(n) if s != seat]
    match.undo(seat, keep=others)
    once = len(match.actions)
    match.undo(seat, keep=others)
    assert len(match.actions) < once
    while len(match.actions) < len(later):
        at = len(match.actions)
        mover = movers[at]
        assert mover is not None, "a chance outcome was not drawn after a move"
        match.play(mover, later[at])
    assert match.actions[:len(later)] == later
    assert_replays(match)


def test_the_pile_order_survives_a_restart_from_the_record() -> None:
    match = Match(next(c for c in DRAWING if c.key == "koikoi").game(), seed="restart")
    seat = match.state.current_player
    first = match.state.legal_actions()[0]
    match.play(seat, first)
    drawn = seen_draws(match, 1, seat)
    assert drawn
    match.undo(seat, keep=[1 - seat])
    record = json.loads(json.dumps(match.to_record()))
    assert [e for e in record["events"] if isinstance(e, dict)][-1]["pins"]
    again = Match.from_record(record)
    again.play(seat, first)
    assert seen_draws(again, 1, seat) == drawn


def test_a_record_with_malformed_pins_is_refused() -> None:
    match = Match(next(c for c in DRAWING if c.key == "koikoi").game(), seed="bad")
    seat = match.state.current_player
    match.play(seat, match.state.legal_actions()[0])
    match.undo(seat, keep=[1 - seat])
    record = match.to_record()
    events = record["events"]
    assert isinstance(events, list)
    for bad in ([[1]], [[-1, 3]], [["1", 3]], 5):
        events[-1] = {**events[-1], "pins": bad}
        with pytest.raises(IllegalAction, match="pins"):
            Match.from_record(record)


@pytest.mark.parametrize("case", DRAWING, ids=[c.id for c in DRAWING])
def test_a_resample_keeps_reserved_items_in_the_pile(case: Case) -> None:
    checked = 0
    for state in sampled_states(case):
        if not state.is_chance_node():
            continue
        items = sorted({item for a, _ in state.chance_outcomes()
                        if (item := state.drawn_item(a)) is not None})
        for seat in range(state.game.info.num_players):
            for k, item in enumerate(items):
                twin = state.resample(seat, random.Random(k), reserve=[item])
                assert twin.view(seat) == state.view(seat)
                assert item in {twin.drawn_item(a) for a, _ in twin.chance_outcomes()}
                checked += 1
    assert checked, "no chance node drew from a pile"


@pytest.mark.parametrize("case", DRAWING, ids=[c.id for c in DRAWING])
def test_the_deal_number_grows_only_where_chance_deals_afresh(case: Case) -> None:
    match = Match(case.game(), seed=f"deals/{case.id}")
    play_random(match, random.Random(6), moves=10_000)
    states = match.states()
    deals = [s.deal_number() for s in states]
    assert deals == sorted(deals)
    for before, after in itertools.pairwise(states):
        if after.deal_number() != before.deal_number():
            assert after.is_chance_node(), "a new deal begins with chance dealing it"
