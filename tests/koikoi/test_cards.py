"""The 48-card deck: kinds, ribbons, names and codes."""

from __future__ import annotations

from collections import Counter

import pytest

from spieltisch.core.protocol import IllegalAction
from spieltisch.games.koikoi.cards import CARDS, Card, parse_card


def test_the_deck_has_twelve_months_of_four() -> None:
    assert len(CARDS) == 48
    assert Counter(c.month for c in CARDS) == {m: 4 for m in range(1, 13)}
    assert [c.id for c in CARDS] == list(range(48))


def test_kinds_and_ribbons_as_rulings_md_lists_them() -> None:
    kinds = Counter(c.kind for c in CARDS)
    assert kinds == {"bright": 5, "animal": 9, "ribbon": 10, "plain": 24}
    assert Counter(c.ribbon for c in CARDS if c.kind == "ribbon") == {
        "poetry": 3, "blue": 3, "plain": 4}
    brights = {c.name for c in CARDS if c.kind == "bright"}
    assert brights == {"Pine Crane", "Cherry Curtain", "Pampas Moon", "Willow Rain Man",
                       "Paulownia Phoenix"}
    animals = {c.name for c in CARDS if c.kind == "animal"}
    assert {"Chrysanthemum Sake Cup", "Bush Clover Boar", "Maple Deer",
            "Peony Butterflies"} <= animals
    assert CARDS[parse_card("willow red ribbon")].ribbon == "plain"
    assert CARDS[parse_card("willow lightning")].kind == "plain"


def test_names_and_codes_are_unique_and_stable() -> None:
    assert len({c.code for c in CARDS}) == 48
    assert len({c.name for c in CARDS}) == 48
    assert len({c.name_ja for c in CARDS}) == 48
    crane = CARDS[0]
    assert (crane.code, crane.name, crane.name_ja, crane.month, crane.kind) == (
        "1b", "Pine Crane", "Matsu ni Tsuru", 1, "bright")
    assert [c.code for c in CARDS if c.month == 12] == ["12b", "12p1", "12p2", "12p3"]


@pytest.mark.parametrize("card", CARDS, ids=[c.code for c in CARDS])
def test_every_way_of_naming_a_card_parses(card: Card) -> None:
    for text in (card.code, card.code.upper(), card.slug, card.name, card.name_ja.upper()):
        assert parse_card(f" {text} ") == card.id


@pytest.mark.parametrize(("text", "code"), [
    ("Botan ni Cho", "6a"), ("botan ni chou", "6a"), ("Kiri ni Hoo", "12b"),
    ("kiri ni houou", "12b"), ("Kiri ni Hōō", "12b")])
def test_japanese_names_parse_without_long_vowel_marks(text: str, code: str) -> None:
    assert CARDS[parse_card(text)].code == code


def test_unknown_card_names_say_how_cards_are_written() -> None:
    with pytest.raises(IllegalAction, match="month"):
        parse_card("13b")
