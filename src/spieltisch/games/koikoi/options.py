"""Rule sets of Koi-Koi as data: the presets and the options players may change.

>>> rules = make_rules(preset="nintendo")
>>> rules.months, rules.ameshiko, rules.double_seven
(12, 7, True)
>>> make_rules(preset="seed", target=30).target
30
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from spieltisch.core.protocol import (
    JSON,
    IllegalAction,
    option_flag,
    option_number,
    players_refused,
    unknown_options,
    unknown_preset,
)
from spieltisch.core.reasons import Reason


@dataclass(frozen=True)
class Rules:
    """Everything that differs between rule sets."""

    preset: str
    target: int
    """The match ends once a player has this many points (0: no target)."""
    months: int
    """The match ends after this many months (0: no limit)."""
    subtract: bool
    """The month's points are also taken from the loser."""
    double_seven: bool
    """A month worth 7 or more points counts double."""
    double_koikoi: bool
    """Points count double when the opponent had called Koi-Koi."""
    ameshiko: int
    """Points for four brights with the Rain Man."""
    sake_bonus_only: bool
    """Tsukimi-zake and Hanami-zake only count alongside another yaku."""
    tsukifuda: bool
    """The four cards of the current month are a yaku."""
    oyaken: bool
    """A month without a yaku gives the dealer 1 point."""
    hand_yaku: bool
    """Teshi and Kuttsuki: a dealt hand of four of a month or four pairs wins 6 at once."""

    def options(self) -> dict[str, JSON]:
        """The JSON-safe option set that rebuilds these rules."""
        data = asdict(self)
        return {key: data[key] for key in ("preset", *OPTIONS)}


PRESETS: dict[str, Rules] = {
    "seed": Rules("seed", target=50, months=0, subtract=False, double_seven=False,
                  double_koikoi=False, ameshiko=6, sake_bonus_only=True, tsukifuda=True,
                  oyaken=True, hand_yaku=False),
    "nintendo": Rules("nintendo", target=0, months=12, subtract=False, double_seven=True,
                      double_koikoi=True, ameshiko=7, sake_bonus_only=False, tsukifuda=False,
                      oyaken=False, hand_yaku=True),
}
"""The rulebook's rules first."""

OPTIONS = ("target", "months", "subtract", "double_seven", "double_koikoi")
"""Options players may set on top of a preset."""
NUMBER_RANGE = (0, 1000)
"""The least and greatest value of a number option (0: no target, no limit)."""
_NUMBERS = {"target": Reason("option.target", "target"),
            "months": Reason("option.months", "months")}
_FLAGS = {"subtract": Reason("option.subtract", "subtract"),
          "double_seven": Reason("option.double_seven", "double_seven"),
          "double_koikoi": Reason("option.double_koikoi", "double_koikoi")}


def make_rules(preset: str = "seed", players: int = 2, **options: JSON) -> Rules:
    """Validated rules for a preset with options; `IllegalAction` names a bad option."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise unknown_preset(preset, PRESETS)
    if type(players) is not int or players != 2:
        raise players_refused("Koi-Koi", [2], players)
    changes: dict[str, JSON] = {}
    for key, value in options.items():
        if key not in OPTIONS:
            raise unknown_options("Koi-Koi", [key], ["preset", "players", *OPTIONS])
        if key in _NUMBERS:
            option_number(_NUMBERS[key], value, *NUMBER_RANGE)
        else:
            value = option_flag(_FLAGS[key], value)
        changes[key] = value
    rules = replace(PRESETS[preset], **changes)
    if rules.months == 0 and rules.subtract:
        raise IllegalAction(Reason("koikoi.months_subtract",
                                   "subtract needs a number of months (with points taken from "
                                   "the loser the match might never end): set months to 1 or "
                                   "more, e.g. months=12"))
    if rules.months == 0 and not rules.oyaken:
        raise IllegalAction(Reason("koikoi.months_no_oyaken",
                                   "preset {preset} needs a number of months (a month without "
                                   "yaku scores nothing there, so the match might never end): "
                                   "set months to 1 or more, e.g. months=12", preset=preset))
    if rules.target == 0 and rules.months == 0:
        raise IllegalAction(Reason("koikoi.no_end",
                                   "the match needs an end: set target (points) or months"))
    return rules


def month_limit(rules: Rules) -> int:
    """The most months a match can last.

    Without a month limit every month gives someone at least 1 point (Oya-ken),
    so a match to ``target`` ends within ``2 * target - 1`` months.

    >>> month_limit(make_rules())
    99
    """
    if rules.months:
        return rules.months
    return 2 * rules.target - 1
