"""A take-back cannot reach behind a month whose next deal has been shown: taking back the
move that ended it and making it again would deal the next month afresh, over and over."""

from __future__ import annotations

import random

import pytest

from spieltisch import IllegalAction, Match, load


def a_month_ended_by(seed: str) -> tuple[Match, int]:
    """A match where a seat's stop ended month 1 and month 2 is dealt: it and the seat."""
    for k in range(100):
        match = Match(load("koikoi", preset="nintendo", months=3), seed=f"{seed}/{k}")
        rng = random.Random(k)
        while match.state.month == 1 and not match.state.is_terminal():
            state = match.state
            seat = state.current_player
            names = {state.action_to_string(a): a for a in state.legal_actions()}
            if "stop" in names:
                match.play(seat, names["stop"])
                if match.state.month == 2 and not match.state.is_terminal():
                    return match, seat
                break
            match.play(seat, rng.choice([a for n, a in names.items() if n != "koikoi"]))
    raise AssertionError("no month ended by a stop")


def test_the_stop_that_ended_a_month_is_not_taken_back_to_deal_the_next_afresh() -> None:
    match, seat = a_month_ended_by("refish")
    hand = match.state.view(seat)["hand"]
    assert not match.can_undo(seat)
    assert match.settled_since(seat)
    with pytest.raises(IllegalAction, match="shown since"):
        match.undo(seat)
    assert match.state.view(seat)["hand"] == hand


def test_the_other_player_agreeing_takes_the_month_back() -> None:
    match, seat = a_month_ended_by("agreed")
    other = 1 - seat
    assert match.can_undo(seat, keep=[other])
    match.undo(seat, keep=[other])
    assert match.state.month == 1 and match.state.current_player == seat


def test_a_move_within_a_month_is_taken_back_only_with_consent_once_a_card_is_turned() -> None:
    match = Match(load("koikoi"), seed="within")
    seat = match.state.current_player
    match.play(seat, match.state.legal_actions()[0])
    while match.state.current_player != seat:
        match.play(match.state.current_player, match.state.legal_actions()[0])
    assert not match.can_undo(seat) and match.drawn_since(seat)
    assert match.can_undo(seat, keep=[1 - seat])


def test_the_terminal_says_a_month_dealt_since_stands_without_asking_for_agreement() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    out = io.StringIO()
    typed: list[str] = []

    def read(prompt: str) -> str:
        state = game.match.state
        if typed or state.month > 1:
            if typed:
                raise EOFError
            typed.append("undo")
            return "undo"
        names = [state.action_to_string(a) for a in state.legal_actions()]
        return "stop" if "stop" in names else names[0]

    game = TerminalGame(load("koikoi", months=3), [0], "random", seed="stands", color=False,
                        read=read, out=out)
    game.run()
    said = " ".join(out.getvalue().split())
    assert typed and "Not possible: your last move was in a month that is over, and month 2 " \
        "has been dealt since, so it stands." in said
    assert "unless everybody else agrees" not in said


def test_the_terminal_says_a_card_turned_since_stands() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    out = io.StringIO()
    typed: list[str] = []

    def read(prompt: str) -> str:
        if typed:
            raise EOFError
        state = game.match.state
        if game.match.movers().count(0):
            typed.append("undo")
            return "undo"
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("koikoi", months=1), [0], "random", seed="turned", color=False,
                        read=read, out=out)
    game.run()
    said = " ".join(out.getvalue().split())
    assert typed and "Not possible: a card has been turned from the pile since your last " \
        "move: taken back, you would play again knowing it, so it stands." in said



def test_undo_before_the_first_move_says_no_move_is_ever_taken_back_here() -> None:
    import io

    from spieltisch.terminal.play import TerminalGame

    out = io.StringIO()
    typed = ["undo", "quit"]
    TerminalGame(load("koikoi", months=1), [0], "random", seed="u", color=False,
                 read=lambda _: typed.pop(0), out=out).run()
    said = " ".join(out.getvalue().split())
    assert "Not possible: against the computer a move cannot be taken back: a card is turned " \
        "from the pile after every move" in said
    assert "no move of yours" not in said
