"""Okey rule sets: the presets ``seed`` (the rulebook) and ``standard`` as option data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.core.protocol import (
    JSON,
    option_number,
    players_refused,
    unknown_options,
    unknown_preset,
)
from spieltisch.core.reasons import Reason

PRESETS = ("seed", "standard")
PLAYER_COUNTS = (2, 3, 4)
START_POINTS = 20
"""Points everyone starts with in ``standard``."""
NORMAL_WIN = 2
"""Points each opponent loses to a normal win in ``standard``; doubled for finishing by
discarding the okey, doubled for seven pairs."""
TURN_LIMIT = 200
"""Discards after which a round ends without a winner (only endless taking of discards
can get there)."""
_DEFAULT_ROUNDS = {"seed": 5, "standard": 60}
MAX_ROUNDS = 500


@dataclass(frozen=True)
class OkeyOptions:
    """One rule set.

    ``rounds``: in ``seed`` the match is this many rounds; in ``standard`` the match ends
    at the latest after this many rounds (it normally ends when someone reaches 0 points).

    >>> OkeyOptions.make(preset="standard", players=2).clockwise
    False
    >>> OkeyOptions.make().rounds
    5
    """

    preset: str = "seed"
    players: int = 4
    rounds: int = 5

    @classmethod
    def make(cls, preset: str = "seed", players: int = 4, rounds: int | None = None,
             **unknown: Any) -> OkeyOptions:
        """Validated options; `IllegalAction` names what is wrong."""
        if unknown:
            raise unknown_options("Okey", unknown, ["preset", "players", "rounds"])
        if preset not in PRESETS:
            raise unknown_preset(preset, PRESETS)
        if type(players) is not int or players not in PLAYER_COUNTS:
            raise players_refused("Okey", [2, 3, 4], players)
        rounds = option_number(Reason("option.rounds", "rounds"),
                               _DEFAULT_ROUNDS[preset] if rounds is None else rounds,
                               1, MAX_ROUNDS)
        return cls(preset, players, rounds)

    @property
    def clockwise(self) -> bool:
        """Play direction: the rulebook plays clockwise, the standard game anticlockwise."""
        return self.preset == "seed"

    @property
    def countdown(self) -> bool:
        """Scoring by the 20-point countdown (``standard``) instead of rounds won."""
        return self.preset == "standard"

    @property
    def seven_pairs(self) -> bool:
        """Whether seven pairs is a winning hand."""
        return self.preset == "standard"

    @property
    def redraw_false_joker(self) -> bool:
        """A false joker drawn as indicator is put back and drawn again (``standard``);
        in ``seed`` the false jokers then become the jokers."""
        return self.preset == "standard"

    def to_json(self) -> dict[str, JSON]:
        """The option set as `load` takes it."""
        return {"preset": self.preset, "players": self.players, "rounds": self.rounds}
