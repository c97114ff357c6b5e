"""A bot that plays uniformly at random among the legal actions."""

from __future__ import annotations

import random

from spieltisch.core.bots import Decision, NamedBot


class RandomBot(NamedBot):
    """Plays a random legal action.

    >>> from spieltisch import load
    >>> from spieltisch.core.bots import Decision
    >>> state = load("oware", start="A").new_initial_state()
    >>> RandomBot().choose(Decision.from_state(state), random.Random(1)) in state.legal_actions()
    True
    """

    name = "random"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """A uniformly random legal action."""
        return rng.choice(info.legal_actions)
