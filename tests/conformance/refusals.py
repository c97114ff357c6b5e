"""The refusals a player can meet at a table: illegal actions and badly typed moves at
every seat's turn in random games of each game, with the answers the games give."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

from spieltisch import load
from spieltisch.core.protocol import JSON, IllegalAction, State

SETUPS: list[tuple[str, dict[str, JSON]]] = [
    ("oware", {}), ("oware", {"players": 3}), ("oware", {"preset": "grand", "players": 4}),
    ("irono", {}), ("irono", {"guess": 1}),
    ("colomino", {}), ("colomino", {"preset": "large", "players": 3}),
    ("koikoi", {}), ("okey", {}), ("okey", {"players": 2}),
]

TYPED = [
    "", "  ", "xyz", "purple", "a9", "Z1", "Q12", "A3 cw", "a1 ccw", "b7 ccw", "r", "yy",
    "r g", "r r", "red blue green", "y g w r b a", "a1", "d4", "e5", "A starts",
    "E1 J", "E1 J r1", "E1 RYGB r1", "A1 RRRR", "L12 J", "draw RYGB",
    "1b", "1p", "13p", "1b>1p", "1b 1p", "take 1b", "3r takes 9a", "stop", "k", "s",
    "take", "take R5", "draw", "discard R5", "R5", "finish R5", "R14", "FJ", "discard XX",
]

_WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web"


def german_keys() -> set[str]:
    """The refusal keys `web/reasons.js` has German words for."""
    text = (_WEB / "reasons.js").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*'([a-z_]+\.[a-z_]+)':", text, re.MULTILINE))


def _refusals_at(state: State, rng: random.Random) -> Iterator[str]:
    legal = set(state.legal_actions())
    illegal = [a for a in range(state.game.info.num_distinct_actions) if a not in legal]
    for action in rng.sample(illegal, min(12, len(illegal))):
        yield state.explain_illegal(action)
        try:
            state.string_to_action(state.action_to_string(action))
        except IllegalAction as exc:
            yield exc.args[0]
    for text in TYPED:
        try:
            state.string_to_action(text)
        except IllegalAction as exc:
            yield exc.args[0]


def refusals(seed: int = 1, positions: int = 25) -> Iterator[tuple[str, str]]:
    """(game, refusal) at the first `positions` turns of one random game per set-up."""
    rng = random.Random(seed)
    for name, options in SETUPS:
        state = load(name, **options).new_initial_state()
        turns = 0
        while not state.is_terminal() and turns < positions:
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state = state.apply(rng.choices(outcomes, weights)[0])
                continue
            turns += 1
            for refusal in _refusals_at(state, rng):
                yield name, refusal
            state = state.apply(rng.choice(state.legal_actions()))
