"""Build exact Irono Ofubi positions by playing scripted rounds."""

from __future__ import annotations

from collections.abc import Iterable

from spieltisch import load
from spieltisch.games.irono.board import FIELD_NAMES, LETTERS, mask_colours
from spieltisch.games.irono.rules import GUESS_BASE, HIDE_BASE, IronoState, guess_subsets

Placement = tuple[int, str, str]
"""(seat that places, field name, colour letter)."""


def new(**options: object) -> IronoState:
    """A new game where seat 0 hides first (unless options say otherwise)."""
    state = load("irono", **{"start": "A", **options}).new_initial_state()
    assert isinstance(state, IronoState)
    return state


def step(state: IronoState, *actions: int) -> IronoState:
    for action in actions:
        nxt = state.apply(action)
        assert isinstance(nxt, IronoState)
        state = nxt
    return state


def guess_mask(state: IronoState, colour: int, catch: bool) -> int:
    """A legal guess that contains `colour` (catch) or not."""
    for mask in guess_subsets(state.in_play, state.guess_size):
        if bool(mask >> colour & 1) == catch:
            return mask
    raise AssertionError("no such guess")


def play_round(state: IronoState, placer: int, field: str, letter: str) -> IronoState:
    """One round in which `placer` ends up with `letter` on `field`."""
    colour = LETTERS.index(letter)
    catch = placer != state.hider
    state = step(state, FIELD_NAMES.index(field), HIDE_BASE + colour)
    return step(state, GUESS_BASE + guess_mask(state, colour, catch))


def play(state: IronoState, placements: Iterable[Placement]) -> IronoState:
    for placer, field, letter in placements:
        state = play_round(state, placer, field, letter)
    return state


def in_play_letters(state: IronoState) -> str:
    return "".join(LETTERS[c] for c in mask_colours(state.in_play))


RULEBOOK_EXAMPLE_A = (
    ("a1", "Y"), ("b1", "G"), ("d1", "Y"),
    ("c2", "A"),
    ("b3", "G"), ("d3", "W"),
    ("a4", "R"), ("c4", "R"), ("d4", "A"),
)
"""Seat A's 9 stones of the rulebook's worked example (the figure is missing from the
text; this board gives exactly its line sums)."""
RULEBOOK_EXAMPLE_B = (
    ("c1", "B"), ("a2", "W"), ("b2", "B"), ("d2", "R"), ("a3", "Y"), ("c3", "W"), ("b4", "G"),
)
"""Seat B's 7 stones on the remaining fields."""


def rulebook_example() -> IronoState:
    """The finished game of the rulebook's example, alternating A's and B's stones."""
    placements: list[Placement] = []
    a, b = list(RULEBOOK_EXAMPLE_A), list(RULEBOOK_EXAMPLE_B)
    while a or b:
        if a:
            placements.append((0, *a.pop(0)))
        if b:
            placements.append((1, *b.pop(0)))
    return play(new(), placements)
