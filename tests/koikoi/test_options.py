"""Presets and options: validated, JSON-safe, and enough to load the same game again."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core.protocol import IllegalAction


def test_default_is_the_rulebook_to_fifty() -> None:
    info = spieltisch.load("koikoi").info
    assert info.preset == "seed" and info.num_players == 2
    assert info.options == {"preset": "seed", "target": 50, "months": 0, "subtract": False,
                            "double_seven": False, "double_koikoi": False, "players": 2}


def test_nintendo_is_twelve_months_with_multipliers() -> None:
    options = spieltisch.load("koikoi", preset="nintendo").info.options
    assert options["months"] == 12 and options["target"] == 0
    assert options["double_seven"] is True and options["double_koikoi"] is True


@pytest.mark.parametrize("options", [
    {"preset": "seed"}, {"preset": "nintendo"}, {"months": 12, "target": 0},
    {"months": 3, "subtract": True}, {"double_seven": True}, {"preset": "nintendo", "months": 1},
])
def test_options_reload_the_same_game(options: dict[str, Any]) -> None:
    game = spieltisch.load("koikoi", **options)
    assert spieltisch.load("koikoi", **game.info.options).info == game.info


@pytest.mark.parametrize("flag", [True, 1, "1", "yes", "On", "TRUE"])
def test_a_yes_or_no_option_takes_the_usual_spellings(flag: Any) -> None:
    game = spieltisch.load("koikoi", months=3, subtract=flag, double_seven=not flag
                           if isinstance(flag, bool) else "off")
    assert game.info.options["subtract"] is True
    assert game.info.options["double_seven"] is False


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 3}, "2 players"),
    ({"players": 2.0}, "2 players, not 2.0"),
    ({"preset": "hawaii"}, "unknown preset"),
    ({"preset": ["seed"]}, "unknown preset"),
    ({"doubling": True}, "Koi-Koi has no option 'doubling'"),
    ({"target": -1}, "target"),
    ({"months": "12"}, "months"),
    ({"subtract": 2}, "subtract must be true or false"),
    ({"double_seven": "maybe"}, "double_seven must be true or false"),
    ({"target": 0}, "needs an end"),
    ({"subtract": True}, "^subtract needs a number of months .*: set months to 1 or more, "
                         "e.g. months=12$"),
    ({"preset": "nintendo", "months": 0, "target": 50},
     "^preset nintendo needs a number of months .*: set months to 1 or more, e.g. months=12$"),
])
def test_bad_options_are_refused_by_name(options: dict[str, Any], message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        spieltisch.load("koikoi", **options)


def test_max_game_length_bounds_every_month() -> None:
    assert spieltisch.load("koikoi", months=1).info.max_game_length == 1 + 88
    assert spieltisch.load("koikoi").info.max_game_length == 1 + 99 * 88
