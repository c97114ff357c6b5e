"""After a game: what the expert computer player would have played where a player moved.

It sees only what that player saw then (`spieltisch.core.bots.Decision`), so looking
back at a game of hidden cards tells nobody anything they had not seen.
"""

from __future__ import annotations

import secrets

from spieltisch.core.bots import ranked_advice
from spieltisch.core.match import Match
from spieltisch.core.protocol import JSON, State
from spieltisch.server.bots import BotPool

ADVICE_LEVEL = "expert"
"""The computer player asked, here and for a suggested move at the table."""


async def advise(bots: BotPool, match: Match, seat: int, step: int) -> dict[str, JSON]:
    """The expert's moves at `step` of `seat`'s replay, most likely first, each with how
    likely it plays it, and the move `seat` made there; `IllegalAction` if `seat` made
    none there."""
    state, played = match.decision(seat, step)
    info = match.game.info
    mix = await bots.advise(info.name, dict(info.options), state.to_json(), ADVICE_LEVEL,
                            secrets.token_hex(8))
    return {
        "step": step,
        "seat": seat,
        "played": state.action_as_seen(played, seat),
        "advice": shares(state, seat, mix),
    }


def shares(state: State, seat: int, mix: dict[int, float]) -> list[JSON]:
    """The actions of a computer player's `mix` in `state` as `seat` writes them, most
    likely first, each with its share.

    >>> from spieltisch import load
    >>> state = load("oware", start="A").new_initial_state()
    >>> shares(state, 0, {0: 0.25, 2: 0.75})
    [{'move': 'A3', 'share': 0.75}, {'move': 'A1', 'share': 0.25}]
    """
    return [{"move": move, "share": round(share, 4)}
            for move, share in ranked_advice(state, seat, mix)]
