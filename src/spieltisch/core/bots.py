"""The bot protocol: a bot sees a `Decision` (its seat's view) and returns an action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeVar

from spieltisch.core.protocol import JSON, Game, IllegalAction, State


class Decision:
    """What a seat knows when it must act; bots get nothing else.

    `determinize` draws a full state consistent with the seat's knowledge
    (`State.resample`), so a bot never sees the true hidden information.
    """

    __slots__ = ("_notation", "_resample", "_view", "_view_cache", "game", "legal_actions", "seat")

    def __init__(
        self,
        game: Game,
        seat: int,
        legal_actions: tuple[int, ...],
        view: Callable[[], dict[str, JSON]],
        resample: Callable[[random.Random], State],
        notation: Callable[[int], str],
    ) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = legal_actions
        self._view = view
        self._view_cache: dict[str, JSON] | None = None
        self._resample = resample
        self._notation = notation

    @classmethod
    def from_state(cls, state: State) -> Decision:
        """The decision facing the player to move in `state`."""
        seat = state.current_player
        if seat < 0:
            raise IllegalAction("no player is to move in this state")
        return cls(
            state.game,
            seat,
            tuple(state.legal_actions()),
            lambda: state.view(seat),
            lambda rng: state.resample(seat, rng),
            state.action_to_string,
        )

    def __repr__(self) -> str:
        """The game, the seat and how many actions it has, nothing hidden.

        >>> from spieltisch import load
        >>> Decision.from_state(load("oware", start="A").new_initial_state())
        <Decision oware: seat 0 to move, 6 legal actions>
        """
        count = len(self.legal_actions)
        return (f"<Decision {self.game.info.name}: seat {self.seat} to move, {count} legal "
                f"action{'' if count == 1 else 's'}>")

    @property
    def view(self) -> dict[str, JSON]:
        """The seat's view (`State.view`)."""
        if self._view_cache is None:
            self._view_cache = self._view()
        return self._view_cache

    def determinize(self, rng: random.Random) -> State:
        """A full state the seat cannot tell from the true one."""
        return self._resample(rng)

    def notation(self, action: int) -> str:
        """Notation of one of the legal actions."""
        return self._notation(action)


class Bot(Protocol):
    """A computer player."""

    name: str

    def choose(self, info: Decision, rng: random.Random) -> int:
        """Pick one of ``info.legal_actions``."""
        ...


S = TypeVar("S", bound=State)


def determinized(info: Decision, rng: random.Random, kind: type[S], title: str) -> S:
    """`Decision.determinize` for a bot that plays one game only (`title`, whose states
    are `kind`); a decision of another game is refused in words.

    >>> from spieltisch import load
    >>> determinized(Decision.from_state(load("oware", start="A").new_initial_state()),
    ...              random.Random(0), State, "Okey")
    <OwareState oware: seat 0 to move>
    """
    state = info.determinize(rng)
    if not isinstance(state, kind):
        raise IllegalAction(f"this bot plays {title} only, not {info.game.info.title}")
    return state


class NamedBot:
    """A base for bots whose repr names them, as ``<RandomBot 'random'>``."""

    name: str

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def advice(bot: Bot, info: Decision, rng: random.Random) -> dict[int, float]:
    """What `bot` would do facing `info`: how likely it is to take each action.

    A bot that mixes its choices on purpose says so with a ``policy`` method of the same
    signature; any other bot's advice is its one choice.

    >>> from spieltisch import load
    >>> from spieltisch.ai.levels import make_bot
    >>> state = load("irono", start="A").new_initial_state()
    >>> mix = advice(make_bot(state.game, "easy"), Decision.from_state(state.apply(0)),
    ...              random.Random(2))
    >>> round(mix[21], 3)  # grey, worth double, is hidden least often
    0.091
    >>> oware = load("oware", start="A").new_initial_state()
    >>> list(advice(make_bot(oware.game, "easy"), Decision.from_state(oware), random.Random(2)
    ...             ).values())
    [1.0]
    """
    policy: Callable[[Decision, random.Random], dict[int, float]] | None = getattr(
        bot, "policy", None)
    if policy is not None:
        return policy(info, rng)
    return {bot.choose(info, rng): 1.0}


def draw(mix: dict[int, float], rng: random.Random) -> int:
    """One action of a bot's `mix` (see `advice`), drawn by its shares.

    >>> draw({4: 1.0}, random.Random(0)), draw({0: 0.5, 2: 0.5}, random.Random(1)) in (0, 2)
    (4, True)
    """
    return rng.choices(list(mix), list(mix.values()))[0]


def ranked_advice(state: State, seat: int, mix: dict[int, float]) -> list[tuple[str, float]]:
    """The actions of a bot's `mix` (see `advice`) in `state` as `seat` writes them, most
    likely first, each with its share.

    >>> from spieltisch import load
    >>> ranked_advice(load("oware", start="A").new_initial_state(), 0, {0: 0.25, 2: 0.75})
    [('A3', 0.75), ('A1', 0.25)]
    """
    ranked = sorted(mix.items(), key=lambda item: -item[1])
    return [(state.action_as_seen(action, seat), share) for action, share in ranked]
