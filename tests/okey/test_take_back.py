"""A take-back cannot reach behind a round whose next deal has been shown: taking back the
move that ended it and making it again would deal the next round afresh, over and over."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction, Match, load


def a_round_ended_by(seed: str) -> tuple[Match, int]:
    """A match where a seat's move ended round 1 and round 2 is dealt: it and the seat."""
    match = Match(load("okey", players=2, rounds=3), seed=seed)
    rng = random.Random(seed)
    while match.state.round == 1:
        state = match.state
        seat = state.current_player
        match.play(seat, rng.choice(state.legal_actions()))
        if match.state.round == 2:
            return match, seat
    raise AssertionError("round 1 did not end")


def test_the_move_that_ended_a_round_is_not_taken_back_to_deal_the_next_afresh() -> None:
    match, seat = a_round_ended_by("refish")
    rack = match.state.view(seat)["rack"]
    assert not match.can_undo(seat)
    assert match.settled_since(seat)
    with pytest.raises(IllegalAction, match="shown since"):
        match.undo(seat)
    assert match.state.view(seat)["rack"] == rack


def test_the_other_player_agreeing_takes_the_round_back() -> None:
    match, seat = a_round_ended_by("agreed")
    assert match.can_undo(seat, keep=[1 - seat])
    match.undo(seat, keep=[1 - seat])
    assert match.state.round == 1 and match.state.current_player == seat


def test_a_move_within_a_round_is_still_taken_back_alone() -> None:
    match = Match(load("okey", players=2), seed="within")
    seat = match.state.current_player
    match.play(seat, match.state.legal_actions()[0])
    assert match.can_undo(seat) and not match.settled_since(seat)


def test_the_terminal_says_in_the_games_words_why_a_round_that_ended_stands() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    match, seat = a_round_ended_by("terminal")
    typed = ["undo", "quit"]
    out = io.StringIO()
    TerminalGame(match.game, [seat], "random", match=match, color=False,
                 read=lambda _: typed.pop(0), out=out).run()
    said = " ".join(out.getvalue().split())
    assert "Not possible: your last move was in a round that is over, and round 2 has been " \
        "dealt since, so it stands." in said, said[-400:]


def test_a_draw_from_the_pile_stands_alone_and_the_discard_after_it_does_not() -> None:
    """Taken back, a tile seen drawn would come out again for whoever draws next: the seat
    would choose between the pile and the discard knowing it."""
    match = Match(load("okey", players=2), seed="peek")
    starter = match.state.current_player
    match.play(starter, match.state.legal_actions()[0])
    seat = match.state.current_player
    match.play(seat, match.state.string_to_action("draw"))
    drawn = match.log(seat)[-1]
    assert not match.can_undo(seat) and match.drawn_since(seat)
    with pytest.raises(IllegalAction, match="drawn since your last move"):
        match.undo(seat)
    assert match.log(seat)[-1] == drawn
    discard = next(a for a in match.state.legal_actions()
                   if match.state.action_to_string(a).startswith("discard"))
    match.play(seat, discard)
    assert match.can_undo(seat) and not match.settled_since(seat)
    match.undo(seat)
    assert match.log(seat)[-1] == drawn
    assert match.can_undo(seat, keep=[starter])


def test_the_terminal_says_why_a_draw_stands() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    match = Match(load("okey", players=2), seed="peek")
    starter = match.state.current_player
    match.play(starter, match.state.legal_actions()[0])
    seat = match.state.current_player
    match.play(seat, match.state.string_to_action("draw"))
    typed = ["undo", "quit"]
    out = io.StringIO()
    TerminalGame(match.game, [seat], "random", match=match, color=False,
                 read=lambda _: typed.pop(0), out=out).run()
    said = " ".join(out.getvalue().split())
    assert "Not possible: you have seen the tile you drew from the pile: taken back, you " \
        "would choose again knowing it, so your draw stands." in said, said[-400:]
