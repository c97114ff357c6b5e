"""The checks every game must pass; each raises AssertionError saying what broke.

They take `Game` objects (not registry keys) so that the tests can also run them
on deliberately broken games and see them fail.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spieltisch import CHANCE, TERMINAL, Game, IllegalAction, State
from spieltisch.core.bots import Bot, Decision

NOT_ACTIONS: tuple[Any, ...] = (True, 1.5, "0", None)
"""Values that are not actions at all: `apply` must refuse them too."""


@dataclass(frozen=True)
class Playout:
    """One game from the first state to the end: ``states[i + 1] = states[i].apply(actions[i])``."""

    states: tuple[State, ...]
    actions: tuple[int, ...]


def random_playout(game: Game, rng: random.Random) -> Playout:
    """Play uniformly random legal actions (chance by probability) to the end."""
    state = game.new_initial_state()
    states = [state]
    actions: list[int] = []
    limit = game.info.max_game_length
    while not state.is_terminal():
        assert len(actions) < limit, (
            f"not over after info.max_game_length = {limit} actions: {actions[-20:]}")
        legal = state.legal_actions()
        assert legal, f"no legal action in a state that is not terminal: {state.to_json()}"
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
        assert 0 <= action < game.info.num_distinct_actions, (
            f"legal action {action} outside [0, {game.info.num_distinct_actions})")
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return Playout(tuple(states), tuple(actions))


def seats(game: Game) -> range:
    return range(game.info.num_players)


def json_exact(value: Any, what: str) -> None:
    """`value` survives a JSON round trip unchanged (no tuples, no int keys, no NaN)."""
    text = json.dumps(value, allow_nan=False)
    assert json.loads(text) == value, f"{what} is not JSON-safe: {value!r}"


def check_state(state: State) -> None:
    """Structure of one state: player, legal actions, chance, returns, scores, observation."""
    game = state.game
    info = game.info
    n = info.num_players
    player = state.current_player
    assert player in (CHANCE, TERMINAL) or 0 <= player < n, f"current_player {player!r}"
    assert state.is_terminal() == (player == TERMINAL), "is_terminal disagrees"
    assert state.is_chance_node() == (player == CHANCE), "is_chance_node disagrees"
    legal = state.legal_actions()
    assert isinstance(legal, list), f"legal_actions returned {type(legal).__name__}"
    for action in legal:
        assert type(action) is int, f"legal action {action!r} is not an int"
        assert 0 <= action < info.num_distinct_actions, (
            f"legal action {action} outside [0, {info.num_distinct_actions})")
    assert len(set(legal)) == len(legal), f"legal actions repeat: {legal}"
    assert bool(legal) != state.is_terminal(), (
        f"legal actions {legal} in a state with terminal={state.is_terminal()}")
    outcomes = state.chance_outcomes()
    if player == CHANCE:
        assert info.max_chance_outcomes > 0, "a chance node, but info.max_chance_outcomes is 0"
        assert len(outcomes) <= info.max_chance_outcomes, (
            f"{len(outcomes)} chance outcomes, info.max_chance_outcomes = "
            f"{info.max_chance_outcomes}")
        assert sorted(a for a, _ in outcomes) == sorted(legal), (
            "chance_outcomes and legal_actions disagree")
        assert all(p > 0 for _, p in outcomes), f"chance outcome without probability: {outcomes}"
        total = math.fsum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
        assert state.sample_chance(random.Random(0)) in legal, "sample_chance drew no outcome"
    else:
        assert outcomes == [], f"chance_outcomes {outcomes} outside a chance node"
        try:
            state.sample_chance(random.Random(0))
        except IllegalAction:
            pass
        else:
            raise AssertionError("sample_chance drew an outcome outside a chance node")
    returns = state.returns()
    assert len(returns) == n, f"{len(returns)} returns for {n} seats"
    if state.is_terminal():
        assert abs(math.fsum(returns)) < 1e-9, f"returns {returns} do not sum to zero"
        assert all(-1.0 <= r <= 1.0 for r in returns), f"returns {returns} outside [-1, 1]"
    else:
        assert all(r == 0 for r in returns), f"returns {returns} before the end"
    scores = state.scores()
    assert len(scores) == n, f"{len(scores)} scores for {n} seats"
    json_exact(scores, "scores()")
    size = math.prod(info.observation_shape)
    for seat in seats(game):
        obs = state.observation(seat)
        assert len(obs) == size, (
            f"observation({seat}) has {len(obs)} values, shape {info.observation_shape} "
            f"needs {size}")
        assert all(map(math.isfinite, obs)), f"observation({seat}) holds a value that is not finite"


def check_playout(game: Game, playout: Playout) -> None:
    """Every state of a playout is well formed; the game ended in time."""
    assert len(playout.actions) <= game.info.max_game_length, "longer than max_game_length"
    assert playout.states[-1].is_terminal(), "the playout did not end"
    for state in playout.states:
        check_state(state)


def check_determinism(game: Game, playout: Playout) -> None:
    """Replaying the same actions from a new first state gives the same states."""
    state = game.new_initial_state()
    assert state.to_json() == playout.states[0].to_json(), "new_initial_state is not deterministic"
    for i, action in enumerate(playout.actions):
        state = state.apply(action)
        assert state.to_json() == playout.states[i + 1].to_json(), (
            f"replaying the same actions differs after action {i}")


def check_immutability(state: State) -> None:
    """Applying any legal action leaves the source state as it was (and twice gives the same)."""
    before = state.to_json()
    views = [state.view(seat) for seat in (*seats(state.game), None)]
    for action in state.legal_actions():
        first = state.apply(action).to_json()
        assert state.to_json() == before, f"apply({action}) changed the source state"
        assert state.apply(action).to_json() == first, f"apply({action}) twice differs"
    assert [state.view(seat) for seat in (*seats(state.game), None)] == views, (
        "apply changed the source state's views")


def illegal_candidates(state: State) -> list[Any]:
    """Ids out of range, some ids in range that are not legal, and non-actions."""
    count = state.game.info.num_distinct_actions
    legal = set(state.legal_actions())
    unused = [a for a in range(count) if a not in legal]
    step = max(1, len(unused) // 4)
    return [-1, count, count + 7, *unused[::step], *NOT_ACTIONS]


def refusals(state: State) -> list[str]:
    """The reasons given for refusing illegal action ids and unknown notation."""
    reasons = []
    for action in illegal_candidates(state):
        if isinstance(action, int) and not isinstance(action, bool):
            try:
                state.apply(action)
            except IllegalAction as error:
                reasons.append(str(error))
    for text in ("?!", "no such move 99"):
        try:
            state.string_to_action(text)
        except IllegalAction as error:
            reasons.append(str(error))
    return reasons


def check_illegal_actions(state: State) -> None:
    """Illegal actions raise IllegalAction with a reason and change nothing; asked why,
    the state answers a numpy id as it answers the int, and refuses a non-action."""
    before = state.to_json()
    for action in illegal_candidates(state):
        try:
            state.apply(action)
        except IllegalAction as error:
            assert str(error).strip(), f"IllegalAction for {action!r} without a reason"
        else:
            raise AssertionError(f"apply({action!r}) was accepted in {before}")
        assert state.to_json() == before, f"refusing {action!r} changed the state"
        if isinstance(action, int) and not isinstance(action, bool):
            why = state.explain_illegal(action)
            assert isinstance(why, str) and why.strip(), f"no reason for {action!r}"
            assert state.explain_illegal(np.int64(action)) == why, (
                f"explain_illegal(np.int64({action})) differs from explain_illegal({action})")
        else:
            try:
                state.explain_illegal(action)
            except IllegalAction as error:
                assert "an action is an int" in str(error), error
            else:
                raise AssertionError(f"explain_illegal({action!r}) gave an answer")


def check_notation(state: State) -> None:
    """Every legal action (chance included) round-trips through its notation."""
    n = state.game.info.num_players
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert isinstance(text, str) and text.strip(), f"empty notation for action {action}"
        assert state.string_to_action(text) == action, (
            f"string_to_action({text!r}) != {action}")
        for seat in (*range(n), None):
            seen = state.action_as_seen(action, seat)
            assert isinstance(seen, str) and seen.strip(), (
                f"action_as_seen({action}, {seat}) is empty")
    for text in ("", "?!", "no such move 99"):
        try:
            state.string_to_action(text)
        except IllegalAction as error:
            assert str(error).strip(), f"IllegalAction for {text!r} without a reason"
        else:
            raise AssertionError(f"string_to_action({text!r}) was accepted")
    for text in garbled(state):
        try:
            action = state.string_to_action(text)
        except IllegalAction:
            continue
        assert action in state.legal_actions(), f"string_to_action({text!r}) gave {action}"
    for thing in (5, None, b"moves"):
        try:
            state.string_to_action(thing)  # type: ignore[arg-type]
        except IllegalAction as error:
            assert "string" in str(error), error
        else:
            raise AssertionError(f"string_to_action({thing!r}) was accepted")


def check_numpy_actions(state: State) -> None:
    """An action may be any integer type (numpy's, as research code hands them over)."""
    for action in state.legal_actions()[:3]:
        assert state.apply(np.int64(action)).to_json() == state.apply(action).to_json()


ODD_DIGITS = "²①٣"
"""Characters that `str.isdigit` accepts but `int` may not."""


def garbled(state: State) -> list[str]:
    """Typing mistakes a person can make: legal notations with odd digits and letters."""
    texts = ["²p", "A²", "seat ² starts", "deal 8b to seat ²", "\x00", "ß" * 300]
    for action in state.legal_actions()[:6]:
        text = state.action_to_string(action)
        for odd in ODD_DIGITS:
            texts.append("".join(odd if c.isdigit() else c for c in text))
            texts.append(f"{text} {odd}")
            texts.append(odd + text)
        texts.append("ß" + text[1:])
    return texts


def check_json(state: State) -> None:
    """to_json is JSON-safe and state_from_json rebuilds an equal state."""
    game = state.game
    data = state.to_json()
    json_exact(data, "to_json()")
    rebuilt = game.state_from_json(json.loads(json.dumps(data)))
    assert rebuilt.to_json() == data, "state_from_json(to_json()) differs"
    assert rebuilt.current_player == state.current_player, "rebuilt: another player moves"
    assert rebuilt.legal_actions() == state.legal_actions(), "rebuilt: other legal actions"
    for seat in (*seats(game), None):
        assert rebuilt.view(seat) == state.view(seat), f"rebuilt view({seat}) differs"


PYTHON_WORDS = ("object", "subscriptable", "indices", "index(", "literal", "unhashable",
                "NoneType", "iterable", "unpack", "argument", "attribute")
"""Words of Python's own error messages, which mean nothing to a person."""
WRONG_KINDS: tuple[Any, ...] = ("x", -1, 1.5, True, None, [["x"]], {"x": 1})


def check_bad_json(state: State) -> None:
    """Data that is not a state is refused with IllegalAction; so is `state`'s own JSON
    with a field left out or of another kind, unless what is left is still a state
    (an optional field, a value of the right kind), in words a person can read."""
    game = state.game
    data = state.to_json()
    for bad in ({}, None, "nonsense", [1, 2, 3]):
        try:
            game.state_from_json(bad)
        except IllegalAction as error:
            assert str(error).strip(), "IllegalAction without a reason"
        else:
            raise AssertionError(f"state_from_json({bad!r}) was accepted")
    changed: list[tuple[str, dict[str, Any]]] = []
    for key in data:
        changed.append((f"without {key}", {k: v for k, v in data.items() if k != key}))
        changed.extend((f"{key}={wrong!r}", {**data, key: wrong}) for wrong in WRONG_KINDS)
    for what, bad in changed:
        try:
            game.state_from_json(bad)
        except IllegalAction as error:
            message = str(error)
            assert message.strip(), f"{what}: IllegalAction without a reason"
            assert not any(word in message for word in PYTHON_WORDS), f"{what}: {message}"


def check_views(state: State) -> None:
    """view(seat) and the spectator's view are JSON-safe dicts."""
    for seat in (*seats(state.game), None):
        view = state.view(seat)
        assert isinstance(view, dict), f"view({seat}) is a {type(view).__name__}"
        json_exact(view, f"view({seat})")
    assert str(state)


def check_hidden_information(state: State, seeds: Sequence[int]) -> bool:
    """What a seat (or a spectator) sees must not depend on what it cannot know.

    For every seat s and seed k, ``r = state.resample(s, Random(k))`` is a state s
    cannot tell apart: equal views for s and the spectator, equal observation,
    equal notation as seen, equal legal actions and reasons for refusing illegal
    ones when s is to move, and
    ``resample`` from r gives what it gives from the true state. Returns whether
    some resample differed from the true state (hidden information was redrawn).
    """
    game = state.game
    truth = state.to_json()
    redrawn = False
    for seat in seats(game):
        for k in seeds:
            twin = state.resample(seat, random.Random(k))
            assert state.to_json() == truth, "resample changed the source state"
            if not game.info.hidden_information:
                assert twin.to_json() == truth, "resample changed a perfect-information state"
                continue
            redrawn = redrawn or twin.to_json() != truth
            where = f"resample({seat}, Random({k}))"
            assert twin.current_player == state.current_player, f"{where}: another player moves"
            assert twin.view(seat) == state.view(seat), f"{where}: view({seat}) differs"
            assert twin.view(None) == state.view(None), f"{where}: spectator view differs"
            assert twin.observation(seat) == state.observation(seat), (
                f"{where}: observation({seat}) differs")
            if state.current_player == seat:
                assert twin.legal_actions() == state.legal_actions(), (
                    f"{where}: the seat to move has other legal actions")
                assert refusals(twin) == refusals(state), (
                    f"{where}: refusing the seat's illegal moves tells it different things")
            common = [a for a in state.legal_actions() if a in set(twin.legal_actions())]
            for viewer in (seat, None):
                for action in common:
                    assert twin.action_as_seen(action, viewer) == \
                        state.action_as_seen(action, viewer), (
                            f"{where}: action_as_seen({action}, {viewer}) differs")
            again = twin.resample(seat, random.Random(k + 1)).to_json()
            assert again == state.resample(seat, random.Random(k + 1)).to_json(), (
                f"resample({seat}) depends on more than view({seat}): two states with "
                "equal views resample differently with the same seed")
    return redrawn


def check_seen_actions(state: State, most: int = 24) -> None:
    """An action's notation as seen by a viewer tells no more than the viewer's next view:
    actions after which the viewer sees the same view must look the same to it.
    Looks at `most` legal actions, evenly spread."""
    game = state.game
    legal = state.legal_actions()
    children = [(a, state.apply(a)) for a in legal[::max(1, len(legal) // most)]]
    for viewer in (*seats(game), None):
        seen: dict[str, str] = {}
        for action, child in children:
            key = json.dumps(child.view(viewer), sort_keys=True)
            text = state.action_as_seen(action, viewer)
            assert seen.setdefault(key, text) == text, (
                f"action_as_seen(_, {viewer}) tells {seen[key]!r} from {text!r}, "
                "which its view after the move does not")


def check_bot(bot: Bot, state: State, seed: int) -> None:
    """The bot picks a legal action, and the same one for a state its seat cannot tell apart."""
    decision = Decision.from_state(state)
    action = bot.choose(decision, random.Random(seed))
    assert action in decision.legal_actions, f"bot {bot.name} chose illegal {action!r}"
    twin = state.resample(decision.seat, random.Random(seed + 1))
    again = bot.choose(Decision.from_state(twin), random.Random(seed))
    assert again == action, (
        f"bot {bot.name} chose {action} and {again} for states seat {decision.seat} "
        "cannot tell apart")
