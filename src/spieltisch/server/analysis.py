"""After a game: what the expert computer player would have played where a player moved.

It sees only what that player saw then (`spieltisch.core.bots.Decision`), so looking
back at a game of hidden cards tells nobody anything they had not seen.
"""

from __future__ import annotations

import secrets

from spieltisch.core.match import Match
from spieltisch.core.protocol import JSON
from spieltisch.server.bots import BotPool

ADVICE_LEVEL = "expert"
"""The computer player asked."""


async def advise(bots: BotPool, match: Match, seat: int, step: int) -> dict[str, JSON]:
    """The expert's moves at `step` of `seat`'s replay, most likely first, each with how
    likely it plays it, and the move `seat` made there; `IllegalAction` if `seat` made
    none there."""
    state, played = match.decision(seat, step)
    info = match.game.info
    mix = await bots.advise(info.name, dict(info.options), state.to_json(), ADVICE_LEVEL,
                            secrets.token_hex(8))
    ranked = sorted(mix.items(), key=lambda item: -item[1])
    return {
        "step": step,
        "seat": seat,
        "played": state.action_as_seen(played, seat),
        "advice": [{"move": state.action_as_seen(action, seat), "share": round(share, 4)}
                   for action, share in ranked],
    }
