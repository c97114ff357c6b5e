"""High-card duel: a tiny game with chance and hidden hands.

It is not registered; the tests use it to show that the conformance checks
catch broken games, and to drive the adapters through chance nodes and hidden
information. Six cards 0..5; chance deals one card to each seat; then seat 0
and seat 1 in turn either keep their card or swap it (the old card is
discarded face up, chance deals a new one). Higher card wins.

Actions: 0..5 deal that card (chance), 6 keep, 7 swap.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch import CHANCE, TERMINAL, Game, GameInfo, GameSpec, IllegalAction, State

CARDS = 6
KEEP, SWAP = CARDS, CARDS + 1
NO_CARD = -1


class DuelState(State):
    """Hands (NO_CARD while being dealt), face-up discards, seats that decided."""

    def __init__(self, game: Game, hands: tuple[int, int], discards: tuple[int, ...],
                 decided: int) -> None:
        self.game = game
        self.hands = hands
        self.discards = discards
        self.decided = decided

    @property
    def current_player(self) -> int:
        if NO_CARD in self.hands:
            return CHANCE
        return self.decided if self.decided < 2 else TERMINAL

    def _receiver(self) -> int:
        return self.hands.index(NO_CARD)

    def _deck(self) -> list[int]:
        used = {*self.hands, *self.discards}
        return [c for c in range(CARDS) if c not in used]

    def legal_actions(self) -> list[int]:
        player = self.current_player
        if player == CHANCE:
            return self._deck()
        return [] if player == TERMINAL else [KEEP, SWAP]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player != CHANCE:
            return []
        deck = self._deck()
        return [(c, 1 / len(deck)) for c in deck]

    def _apply(self, action: int) -> DuelState:
        hands = list(self.hands)
        if self.current_player == CHANCE:
            hands[self._receiver()] = action
            return type(self)(self.game, (hands[0], hands[1]), self.discards, self.decided)
        seat = self.decided
        discards = self.discards
        if action == SWAP:
            discards = (*discards, hands[seat])
            hands[seat] = NO_CARD
        return type(self)(self.game, (hands[0], hands[1]), discards, self.decided + 1)

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [float(h) for h in self.hands]

    def action_to_string(self, action: int) -> str:
        if action == KEEP:
            return "keep"
        if action == SWAP:
            return "swap"
        if 0 <= action < CARDS:
            return f"deal {action}"
        raise IllegalAction(f"no duel action has id {action}")

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        if self.current_player == CHANCE and seat != self._receiver():
            return f"deal to seat {self._receiver()}"
        return None

    def _visible_hand(self, owner: int, seat: int | None) -> int | None:
        if owner == seat or self.is_terminal():
            return None if self.hands[owner] == NO_CARD else self.hands[owner]
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hands": [self._visible_hand(owner, seat) for owner in range(2)],
            "discards": list(self.discards),
            "to_move": self.current_player if self.current_player >= 0 else None,
            "scores": self.scores(),
        }

    def observation(self, seat: int) -> list[float]:
        rows = [[0.0] * (CARDS + 1) for _ in range(2)]
        own = self.hands[seat]
        if own != NO_CARD:
            rows[0][own] = 1.0
        for card in self.discards:
            rows[1][card] = 1.0
        rows[0][CARDS] = float(self.current_player == seat)
        rows[1][CARDS] = float(self.decided)
        return rows[0] + rows[1]

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> DuelState:
        other = 1 - seat
        if self.is_terminal() or self.hands[other] == NO_CARD or other in keep:
            return self
        unseen = [c for c in range(CARDS) if c not in {self.hands[seat], *self.discards}]
        hands = list(self.hands)
        hands[other] = rng.choice(unseen)
        return type(self)(self.game, (hands[0], hands[1]), self.discards, self.decided)

    def to_json(self) -> dict[str, Any]:
        return {"hands": list(self.hands), "discards": list(self.discards),
                "decided": self.decided}


class DuelGame(Game):
    """The duel's rules; `players` must be 2."""

    state_type: type[DuelState] = DuelState

    def __init__(self) -> None:
        self.info = GameInfo(
            name="duel",
            title="High-card duel",
            preset="standard",
            num_players=2,
            num_distinct_actions=CARDS + 2,
            max_chance_outcomes=CARDS,
            max_game_length=6,
            hidden_information=True,
            observation_shape=(2, CARDS + 1),
            options={"preset": "standard", "players": 2},
        )

    def new_initial_state(self) -> DuelState:
        return self.state_type(self, (NO_CARD, NO_CARD), (), 0)

    def state_from_json(self, data: Any) -> DuelState:
        try:
            hands = (int(data["hands"][0]), int(data["hands"][1]))
            discards = tuple(int(c) for c in data["discards"])
            decided = int(data["decided"])
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise IllegalAction(f"not a duel state: {error!r}") from None
        return self.state_type(self, hands, discards, decided)


def make_duel(preset: str = "standard", players: int = 2) -> DuelGame:
    """The factory (validates its two options like a registered game)."""
    if preset != "standard":
        raise IllegalAction(f"unknown preset {preset!r}; the duel has only 'standard'")
    if players != 2:
        raise IllegalAction(f"the duel is for 2 players, not {players!r}")
    return DuelGame()


SPEC = GameSpec(
    key="duel",
    title="High-card duel",
    presets=("standard",),
    player_counts=(2,),
    factory=make_duel,
    configurations=({"preset": "standard", "players": 2},),
    summary="Keep or swap one hidden card; the higher card wins.",
)
