"""Typing moves: codes, names, targets, shortcuts, and helpful refusals."""

from __future__ import annotations

import pytest

from spieltisch.core.protocol import IllegalAction
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import card_id

from .helpers import play, position


def test_every_id_has_a_notation() -> None:
    state = position(hand0="1b", hand1="2a", table="3b")
    names = [state.action_to_string(a) for a in range(act.NUM_ACTIONS)]
    assert len(set(names)) == act.NUM_ACTIONS
    with pytest.raises(IllegalAction):
        state.action_to_string(act.NUM_ACTIONS)


@pytest.mark.parametrize("text", ["3r>3b", "3R > 3B", "3r 3b", "3r:3b", "3r takes 3b",
                                  "cherry-poetry-ribbon>cherry-curtain",
                                  "Cherry Poetry Ribbon Cherry Curtain",
                                  "cherry poetry ribbon takes sakura ni maku"])
def test_ways_to_choose_the_target(text: str) -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    assert state.string_to_action(text) == act.play_take(card_id("3r"), card_id("3b"))


@pytest.mark.parametrize("text", ["1b", "Pine Crane", "pine-crane", "Matsu ni Tsuru"])
def test_a_hand_card_by_its_name_with_spaces(text: str) -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    assert state.string_to_action(text) == card_id("1b")


@pytest.mark.parametrize(("text", "code"), [("Kiri ni Hōō", "12b"), ("kiri ni hoo", "12b"),
                                           ("kiri-ni-hoo", "12b"), ("Botan ni Cho", "6a"),
                                           ("botan-ni-chō", "6a"), ("matsu-ni-tsuru", "1b")])
def test_japanese_names_without_long_vowel_marks_or_with_hyphens(text: str, code: str) -> None:
    state = position(hand0="12b 6a 1b", hand1="2a", table="3b")
    assert state.string_to_action(text) == card_id(code)


def test_a_name_followed_by_no_card_names_the_bad_part() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    with pytest.raises(IllegalAction, match="'xyz' is not a card"):
        state.string_to_action("Cherry Poetry Ribbon xyz")


def test_a_card_that_is_not_one_is_quoted_as_typed() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    with pytest.raises(IllegalAction, match=r"^'ZZ' is not a card"):
        state.string_to_action("ZZ")
    with pytest.raises(IllegalAction, match=r"^'Xyz' is not a card"):
        state.string_to_action("3R TAKES Xyz")
    assert state.string_to_action("3R Takes 3B") == state.string_to_action("3r>3b")


def test_a_named_single_target_is_accepted() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b")
    assert state.string_to_action("3r>3b") == card_id("3r")
    with pytest.raises(IllegalAction, match="cannot take"):
        state.string_to_action("3r>3p1")


def test_plain_card_without_its_number() -> None:
    state = position(hand0="1p2 1b", hand1="2a", table="4a")
    for text in ("1p", "Pine Plain", "pine-plain", "Matsu no Kasu", "matsu-no-kasu"):
        assert state.string_to_action(text) == card_id("1p2")
    for text in ("3p", "Cherry Plain", "Sakura no Kasu"):
        with pytest.raises(IllegalAction, match=r"no plain card of month 3 \(Cherry\)"):
            state.string_to_action(text)
    with pytest.raises(IllegalAction, match="11p is not in your hand"):
        state.string_to_action("11p")


def test_a_plain_target_without_its_number() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p2 8b 8p1")
    for text in ("3r>3p", "3r 3p", "3r takes cherry plain", "3r>Sakura no Kasu"):
        assert state.string_to_action(text) == act.play_take(card_id("3r"), card_id("3p2"))
    drawn = play(position(hand0="1b 4a", hand1="2a", table="3p1 8b 8p1"), "1b", "draw 8a")
    for text in ("take 8p", "8p", "take Pampas Plain"):
        assert drawn.string_to_action(text) == act.TAKE + card_id("8p1")


def test_decisions_have_short_forms() -> None:
    state = play(position(hand0="8b 2a 2p1", hand1="5a", table="8p1 9p1", cap0="1b 3b"),
                 "8b", "draw 10p1")
    assert state.string_to_action("k") == act.KOIKOI
    assert state.string_to_action("Koi-Koi") == act.KOIKOI
    assert state.string_to_action("s") == act.STOP
    with pytest.raises(IllegalAction, match="stop or koikoi"):
        state.string_to_action("3b")


def test_refusals_name_only_what_the_player_may_know() -> None:
    state = position(hand0="1b 2a", hand1="3b 4a", table="5a")
    with pytest.raises(IllegalAction) as err:
        state.apply(card_id("3b"))
    assert str(err.value) == "3b is not in your hand"
    with pytest.raises(IllegalAction, match="not a card"):
        state.string_to_action("13x")
    with pytest.raises(IllegalAction, match="play a card from your hand first"):
        state.apply(act.TAKE + card_id("5a"))


def test_a_plain_card_missing_from_the_table_is_named_as_missing() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    with pytest.raises(IllegalAction) as err:
        state.string_to_action("3r>5p")
    assert str(err.value) == ("3r cannot take 5p; there is no plain card of month 5 (Iris) "
                              "on the table")
    choosing = play(position(hand0="1b 2a", hand1="5a", table="4a 4p1"), "1b", "draw 4r")
    with pytest.raises(IllegalAction) as err:
        choosing.string_to_action("take 6p")
    assert str(err.value) == "there is no plain card of month 6 (Peony) on the table"


def test_words_out_of_turn_are_refused_with_what_to_do() -> None:
    state = position(hand0="3r 1b", hand1="2a", table="3b 3p1")
    for text, message in (("koikoi", "nothing to stop or call now"),
                          ("stop", "nothing to stop or call now"),
                          ("take 3b", "only the drawn card takes that way"),
                          ("8b>3b", "^8b is not in your hand$")):
        with pytest.raises(IllegalAction, match=message):
            state.string_to_action(text)
    choosing = play(position(hand0="1b 2a", hand1="5a", table="4a 4p1"), "1b", "draw 4r")
    with pytest.raises(IllegalAction, match="the drawn card 4r takes one of two"):
        choosing.string_to_action("stop")


def test_chance_outcomes_have_notation() -> None:
    state = play(position(hand0="1b 2a", hand1="3b", table="4a"), "1b")
    assert state.string_to_action("draw 8b") == act.DRAW + card_id("8b")
    with pytest.raises(IllegalAction, match="chance"):
        state.string_to_action("draw 1b")


def test_the_drawn_card_may_be_named_before_its_target() -> None:
    drawn = play(position(hand0="1b 4a", hand1="2a", table="3p1 8b 8p1"), "1b", "draw 8a")
    for text in ("8a>8b", "8a 8b", "8a takes 8b", "take 8a>8b", "Pampas Geese > Pampas Moon"):
        assert drawn.string_to_action(text) == act.TAKE + card_id("8b")
    with pytest.raises(IllegalAction, match=r"4a is not the drawn card \(8a\); type take 8b"):
        drawn.string_to_action("4a>8b")
    plain = play(position(hand0="1b 4a", hand1="2a", table="3p1 8b 8a"), "1b", "draw 8p1")
    assert plain.string_to_action("8p>8b") == act.TAKE + card_id("8b")
