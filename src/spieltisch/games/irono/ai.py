"""Computer opponents for Irono Ofubi: equilibrium play of every round, reading and
exploiting the opponent within a fixed risk, the marker field by search.

Everything but the hidden colour is public between rounds, so a round is a
simultaneous zero-sum game: the hider's colour against the guesser's set of
``g`` colours. Its payoffs are the point differences after each possible
placement, "hider places colour c" or "guesser places colour c" (Ausverkauf and
Bunte Reihe included). The bot solves that matrix game exactly
(`matrix_game.solve`) and draws its hidden colour or its guess from the
solution; to mark, it searches every empty field and solves its round game.
(A search two rounds deep, each round valued by its game, and searching the
last rounds to the end for the win, both measured no stronger than this.)

Played as is, the equilibrium gives nothing away to anybody, but it gains little
from weak play: with 3 of 6 colours named, uniform guessing is close to optimal
and a round between sound players is nearly a coin flip. So the bots above
``easy`` also read the opponent. From the public history of the match they fit
two numbers: how strongly the opponent's hidden colours follow its own
immediate gain, and how strongly its guesses follow the points at stake
(softmax weights, most probable under a mild prior). They weigh how much better
that model explains the opponent's choices than the rounds' equilibria do, and
whether its marker fields look chosen or random. Only as far as that evidence
goes do they lean from the equilibrium towards the best reply to the model,
and never further than `safe_mixture` allows: a best-responding opponent gains
at most ``Style.boldness`` points per round over the round's value. The marker
goes where the strategy expects most against the model.

One opponent is beaten by a different game altogether: one that marks, hides
and guesses at random. The bots weigh uniform play against purposeful play
(choices following the points, the fields' values or the equilibria) on all
the opponent's past choices, and once uniform play explains them clearly
better (`RANDOM_PROOF`), they play `reply.RandomReply`, the pure best reply to
such an opponent. Purposeful marking moves the evidence back at once, and an
opponent seen to catch the reply's colour or escape its guess more often than
chance allows (`EXPLOIT_PROOF`) is not given the reply again.

Bots read only the public position (from ``Decision.determinize``); the hidden
colour of a determinization is never looked at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from spieltisch.ai.levels import offer
from spieltisch.ai.matrix_game import (
    Solution,
    best_column,
    best_row,
    for_columns,
    hide_and_guess_value,
    safe_mixture,
    sample,
    solve,
)
from spieltisch.core.bots import Bot, Decision, NamedBot, determinized
from spieltisch.core.protocol import Game
from spieltisch.games.irono.board import EMPTY, FIELDS, colour_bit, mask_colours
from spieltisch.games.irono.position import Position
from spieltisch.games.irono.reply import RandomReply, best_of
from spieltisch.games.irono.rules import (
    GUESS,
    GUESS_BASE,
    HIDE,
    HIDE_BASE,
    MARK,
    START_BASE,
    IronoState,
    guess_subsets,
)


@dataclass(frozen=True)
class Style:
    """How a level plays: the points per round it may risk against a best responder
    to exploit its model of the opponent (0: pure equilibrium play)."""

    boldness: float


STYLES = {
    "easy": Style(boldness=0.0),
    "medium": Style(boldness=1.0),
    "hard": Style(boldness=2.0),
    "expert": Style(boldness=3.0),
}


def outcomes(position: Position, field: int, colours: Sequence[int]) -> tuple[list[float],
                                                                             list[float]]:
    """For each colour, the hider's point difference if the hider places it on
    `field`, and if the guesser does."""
    hider = position.hider
    base = position.diff if hider == 0 else -position.diff
    return ([base + position.gain(hider, c, field) for c in colours],
            [base - position.gain(1 - hider, c, field) for c in colours])


def field_value(position: Position, field: int, colours: Sequence[int]) -> float:
    """The value for the hider of the round game on `field`.

    >>> from spieltisch import load
    >>> state = load("irono", start="A").new_initial_state()
    >>> field_value(Position(state), 0, range(6))  # the start is even for everybody
    0.0
    """
    return hide_and_guess_value(*outcomes(position, field, colours), position.guess_size)


@dataclass(frozen=True)
class Tendencies:
    """A model of the opponent: softmax weights per point of how its hidden colour
    follows its own immediate gain, and how its guess follows the points at stake
    (the hider's gain plus its own). 0 is uniform play, large is greedy play.
    The evidences say how much better (log-likelihood ratio in nats) the model
    explains the opponent's past hidden colours and guesses than the rounds'
    equilibria do, and its marker fields uniform choice than a sound choice does:
    only an opponent that plays clearly off equilibrium is exploited."""

    hide: float = 0.0
    guess: float = 0.0
    hide_evidence: float = 0.0
    guess_evidence: float = 0.0
    field_evidence: float = 0.0
    random_evidence: float = 0.0
    """How much better (nats) uniformly random play explains all the opponent's
    choices than purposeful play does (`_Evidence`)."""
    exploit_evidence: float = 0.0
    """How much better (nats) uniformly random play explains the rounds the bots played
    as `RandomReply` than an opponent who answers that pure reply does: one who
    catches its colour or escapes its guess (`EXPLOIT_HITS` of the time)."""

    def hide_model(self, gains: Sequence[float]) -> list[float]:
        """Probabilities of the colours, given the opponent's gain for each."""
        return _softmax([self.hide * g for g in gains])

    def guess_model(self, stakes: Sequence[float], colours: Sequence[int],
                    guesses: Sequence[int]) -> list[float]:
        """Probabilities of the guess masks, given the stake of each colour."""
        return _softmax([self.guess * _set_stake(stakes, colours, m) for m in guesses])


WEIGHTS = tuple(i / 10 for i in range(-10, 31))
"""The softmax weights considered when fitting `Tendencies`."""
PRIOR_SPREAD = 1.0
"""Standard deviation of the Gaussian prior on each weight (around uniform play)."""
SMOOTHING = 0.05
"""Share of uniform play mixed into both models when comparing them."""
SOUND_SPREAD = 0.25
"""A sound player marks a field with probability proportional to
``exp(value / SOUND_SPREAD)`` (values in points of its round game)."""
EVIDENCE_DOUBT, EVIDENCE_FULL = 0.25, 1.5
"""Evidence (nats) below which the bot does not exploit, and from which it uses its
full boldness (in between: proportionally)."""


PURPOSEFUL_WEIGHTS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""Softmax weights (per point, or on log-probabilities) of the purposeful players that
uniform play is weighed against."""
RANDOM_PROOF = 1.0
"""Evidence (nats) for uniformly random play from which the bots above ``easy``
switch to `RandomReply`."""
EXPLOIT_HITS = 0.9
"""How often the opponent that answers `RandomReply` catches or escapes it."""
EXPLOIT_PROOF = 2.0
"""Evidence (nats) for such an opponent against uniform play from which the bots stop
playing `RandomReply` (four catches or escapes in a row, from the start)."""
SHARE_FLOOR = 1e-9
"""Shares of a solved strategy below this are the solver's rounding, not a choice."""


def replies_to_random(style: Style, tendencies: Tendencies) -> bool:
    """Whether a bot of `style` plays `RandomReply` against an opponent read so.

    >>> replies_to_random(STYLES["expert"], Tendencies(random_evidence=RANDOM_PROOF))
    True
    >>> replies_to_random(STYLES["easy"], Tendencies(random_evidence=9.0))
    False
    >>> replies_to_random(STYLES["expert"], Tendencies(random_evidence=9.0,
    ...                                                 exploit_evidence=-EXPLOIT_PROOF))
    False
    """
    return style.boldness > 0 and _replying(tendencies.random_evidence,
                                            tendencies.exploit_evidence)


def _replying(random_evidence: float, exploit_evidence: float) -> bool:
    return random_evidence >= RANDOM_PROOF and exploit_evidence > -EXPLOIT_PROOF


@dataclass(frozen=True)
class _Options:
    """One past choice of the opponent among ``n`` options, with the features a
    purposeful player would follow (a score per option each)."""

    features: tuple[tuple[float, ...], ...]
    chosen: int


@dataclass(frozen=True)
class _Choice:
    """One past choice of the opponent: a score per option (the model's feature),
    the equilibrium's probability of each option, and the option taken."""

    scores: tuple[float, ...]
    equilibrium: tuple[float, ...]
    chosen: int


def read_opponent(state: IronoState, me: int) -> Tendencies:
    """Fit `Tendencies` to the opponent's hidden colours and guesses in the public
    history of the match (most probable weights under the prior), and weigh the
    evidence against the equilibria of those rounds (each solved on immediate points).
    Round by round, it also weighs how the opponent fared in the rounds a bot above
    ``easy`` played as `RandomReply` (by the evidence before each round).

    >>> from spieltisch import load
    >>> read_opponent(load("irono", start="A").new_initial_state(), 0)
    Tendencies(hide=0.0, guess=0.0, hide_evidence=0.0, guess_evidence=0.0, field_evidence=0.0, \
random_evidence=0.0, exploit_evidence=0.0)
    """
    hides: list[_Choice] = []
    guesses: list[_Choice] = []
    fields: list[_Choice] = []
    marked_at, hid, guessed = _Evidence(), _Evidence(), _Evidence()
    exploits = 0.0
    replay = state.game.new_initial_state()
    if replay.phase != MARK and state.history:
        replay = _after(replay, START_BASE + state.starter)
    for _, field, hider, colour, guess, *_rest in state.history:
        replying = _replying(marked_at.value + hid.value + guessed.value, exploits)
        marked = _after(replay, field)
        position = Position(marked)
        colours = mask_colours(marked.in_play)
        sets = guess_subsets(marked.in_play, marked.guess_size)
        hidden, caught = outcomes(position, field, colours)
        equilibrium = solve([[caught[i] if m >> c & 1 else hidden[i] for m in sets]
                             for i, c in enumerate(colours)])
        own = [position.gain(hider, c, field) for c in colours]
        if hider != me:
            hides.append(_Choice(tuple(own), equilibrium.row, colours.index(colour)))
            empty = [f for f in range(FIELDS) if replay.board[f] == EMPTY]
            rounds = [outcomes(position, f, colours) for f in empty]
            values = [hide_and_guess_value(h, c, position.guess_size) for h, c in rounds]
            fields.append(_Choice(tuple(1.0 for _ in empty),
                                  tuple(_softmax([v / SOUND_SPREAD for v in values])),
                                  empty.index(field)))
            best_placements = tuple(max(h) for h, _ in rounds)
            marked_at.add(_Options((tuple(values), best_placements), empty.index(field)))
            hid.add(_Options((hides[-1].scores, _logs(hides[-1].equilibrium)), hides[-1].chosen))
            chance = 1 - position.guess_size / len(colours)
            hit = not guess >> colour & 1
        else:
            other = [position.gain(1 - hider, c, field) for c in colours]
            stakes = [a + b for a, b in zip(own, other, strict=True)]
            marginals = [sum(q for q, m in zip(equilibrium.column, sets, strict=True)
                             if m >> c & 1) for c in colours]
            guesses.append(_Choice(tuple(_set_stake(stakes, colours, m) for m in sets),
                                   _sets_with(marginals, colours, sets), sets.index(guess)))
            guessed.add(_Options((guesses[-1].scores, _logs(guesses[-1].equilibrium)),
                                 guesses[-1].chosen))
            chance = position.guess_size / len(colours)
            hit = bool(guess >> colour & 1)
        if replying:  # the opponent escaped the bot's guess or caught its colour, or not
            exploits += math.log(chance / EXPLOIT_HITS if hit
                                 else (1 - chance) / (1 - EXPLOIT_HITS))
        replay = _after(_after(marked, HIDE_BASE + colour), GUESS_BASE + guess)
    hide, guess_weight = _most_likely(hides), _most_likely(guesses)
    return Tendencies(hide, guess_weight, _evidence(hides, hide), _evidence(guesses, guess_weight),
                      _evidence(fields, 0.0), marked_at.value + hid.value + guessed.value,
                      exploits)


def _logs(probabilities: Sequence[float]) -> tuple[float, ...]:
    return tuple(math.log(max(p, 1e-6)) for p in probabilities)


class _Evidence:
    """Log Bayes factor (nats) of uniformly random play against purposeful play on the
    choices added so far. A purposeful player picks an option with probability
    proportional to ``exp(w * feature)`` for one of the features and one weight `w` of
    `PURPOSEFUL_WEIGHTS` (equally likely a priori), mixed with a little uniform play
    (`SMOOTHING`) for its slips."""

    def __init__(self) -> None:
        self.uniform = 0.0
        self.purposeful: list[float] = []

    def add(self, choice: _Options) -> None:
        n = len(choice.features[0])
        self.uniform -= math.log(n)
        likelihoods = [math.log((1 - SMOOTHING) * _softmax([w * x for x in feature])[choice.chosen]
                                + SMOOTHING / n)
                       for feature in choice.features for w in PURPOSEFUL_WEIGHTS]
        self.purposeful = [a + b for a, b in zip(self.purposeful, likelihoods, strict=True)] \
            if self.purposeful else likelihoods

    @property
    def value(self) -> float:
        if not self.purposeful:
            return 0.0
        top = max(self.purposeful)
        mixed = top + math.log(sum(math.exp(v - top) for v in self.purposeful)
                               / len(self.purposeful))
        return self.uniform - mixed


def _after(state: IronoState, action: int) -> IronoState:
    following = state.apply(action)
    assert isinstance(following, IronoState)
    return following


def _most_likely(choices: Sequence[_Choice]) -> float:
    def fit(w: float) -> float:
        return sum(_log_softmax([w * x for x in c.scores], c.chosen) for c in choices) \
            - w * w / (2 * PRIOR_SPREAD ** 2)

    return max(WEIGHTS, key=fit) if choices else 0.0


def _evidence(choices: Sequence[_Choice], weight: float) -> float:
    total = 0.0
    for c in choices:
        model = _softmax([weight * x for x in c.scores])[c.chosen]
        uniform = SMOOTHING / len(c.scores)
        total += math.log((1 - SMOOTHING) * model + uniform) \
            - math.log((1 - SMOOTHING) * c.equilibrium[c.chosen] + uniform)
    return total


def _sets_with(marginals: Sequence[float], colours: Sequence[int],
               sets: Sequence[int]) -> tuple[float, ...]:
    """A distribution over guess masks that names each colour about as often as
    `marginals` say (each mask weighted by the product of its colours' odds)."""
    odds = [min(max(q, 0.01), 0.99) / (1 - min(max(q, 0.01), 0.99)) for q in marginals]
    weights = [math.prod(o for o, c in zip(odds, colours, strict=True) if m >> c & 1)
               for m in sets]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _boldness(style: Style, evidence: float) -> float:
    share = (evidence - EVIDENCE_DOUBT) / (EVIDENCE_FULL - EVIDENCE_DOUBT)
    return style.boldness * min(1.0, max(0.0, share))


def _set_stake(stakes: Sequence[float], colours: Sequence[int], mask: int) -> float:
    return sum(s for s, c in zip(stakes, colours, strict=True) if mask >> c & 1)


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _log_softmax(scores: Sequence[float], index: int) -> float:
    top = max(scores)
    return scores[index] - top - math.log(sum(math.exp(s - top) for s in scores))


@dataclass(frozen=True)
class RoundPlan:
    """One round at the marked field, for the seat to move: the matrix game (rows: the
    hider's colours, columns: the guesser's colour masks, entries: values for the
    hider), its exact solution, and the mixed strategy the bot plays."""

    colours: tuple[int, ...]
    guesses: tuple[int, ...]
    matrix: tuple[tuple[float, ...], ...]
    equilibrium: Solution
    strategy: tuple[float, ...]
    """Over `colours` when the seat hides, over `guesses` when it guesses."""
    expected: float
    """The strategy's expected value for the hider against the model of the opponent."""


def plan_round(state: IronoState, style: Style, tendencies: Tendencies) -> RoundPlan:
    """The plan for the hider (hide phase) or the guesser (guess phase) of `state`.

    >>> from spieltisch import load
    >>> state = load("irono", start="A").new_initial_state().apply(0)
    >>> plan = plan_round(state, STYLES["easy"], Tendencies())
    >>> len(plan.colours), len(plan.guesses)
    (6, 20)
    >>> [round(p, 3) for p in plan.strategy]  # a1 lies on 3 lines; grey scores double
    [0.182, 0.182, 0.182, 0.182, 0.182, 0.091]
    """
    position = Position(state)
    field = state.marker
    colours = tuple(mask_colours(state.in_play))
    hidden, caught = outcomes(position, field, colours)
    guesses = guess_subsets(state.in_play, state.guess_size)
    matrix = tuple(tuple(caught[i] if s >> c & 1 else hidden[i] for s in guesses)
                   for i, c in enumerate(colours))
    equilibrium = solve(matrix)
    hider = position.hider
    gains = [[position.gain(seat, c, field) for c in colours] for seat in (0, 1)]
    if state.phase == HIDE:
        stakes = [a + b for a, b in zip(gains[0], gains[1], strict=True)]
        model = tendencies.guess_model(stakes, colours, guesses)
        bold = [0.0] * len(colours)
        bold[best_row(matrix, model)] = 1.0
        risk = _boldness(style, tendencies.guess_evidence + tendencies.field_evidence)
        strategy, _ = safe_mixture(matrix, equilibrium.row, bold, equilibrium.value - risk)
        expected = sum(p * sum(q * matrix[i][j] for j, q in enumerate(model))
                       for i, p in enumerate(strategy))
    else:
        model = tendencies.hide_model(gains[hider])
        bold = [0.0] * len(guesses)
        bold[best_column(matrix, model)] = 1.0
        risk = _boldness(style, tendencies.hide_evidence + tendencies.field_evidence)
        strategy, _ = safe_mixture(for_columns(matrix), equilibrium.column, bold,
                                   -equilibrium.value - risk)
        expected = sum(q * sum(p * matrix[i][j] for i, p in enumerate(model))
                       for j, q in enumerate(strategy))
    return RoundPlan(colours, guesses, matrix, equilibrium, strategy, expected)


class IronoBot(NamedBot):
    """Plays each round's equilibrium, leaning towards the best reply to its model of
    the opponent within its style's risk; marks the field it expects most from."""

    def __init__(self, level: str, style: Style | None = None) -> None:
        self.name = f"irono-{level}"
        self.style = STYLES[level] if style is None else style
        self._read: tuple[object, Tendencies] | None = None
        """The last reading of the opponent, with the public facts it was read from."""

    def _tendencies(self, state: IronoState, seat: int) -> Tendencies:
        facts = (state.game.info.options, state.starter, state.history, seat)
        if self._read is None or self._read[0] != facts:
            self._read = (facts, read_opponent(state, seat))
        return self._read[1]

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The bot's action: marker by search, colour or guess drawn from its plan."""
        state, tendencies = self._position(info, rng)
        if replies_to_random(self.style, tendencies):
            return RandomReply().choose(state, info.seat, rng)
        actions, strategy = self._options(state, tendencies)
        return rng.choice(actions) if strategy is None else actions[sample(strategy, rng)]

    def policy(self, info: Decision, rng: random.Random) -> dict[int, float]:
        """How likely the bot is to take each action it may take: the best fields alike,
        or its plan's mixed strategy over colours or guesses.

        >>> from spieltisch import load
        >>> from spieltisch.core.bots import Decision
        >>> state = load("irono", start="A").new_initial_state().apply(0)
        >>> mix = IronoBot("easy").policy(Decision.from_state(state), random.Random(1))
        >>> [round(p, 3) for p in mix.values()]
        [0.182, 0.182, 0.182, 0.182, 0.182, 0.091]
        """
        state, tendencies = self._position(info, rng)
        if replies_to_random(self.style, tendencies):
            return {RandomReply().choose(state, info.seat, rng): 1.0}
        actions, strategy = self._options(state, tendencies)
        if strategy is None:
            strategy = [1 / len(actions)] * len(actions)
        return {a: p for a, p in zip(actions, strategy, strict=True) if p > SHARE_FLOOR}

    def _position(self, info: Decision, rng: random.Random) -> tuple[IronoState, Tendencies]:
        """A state the seat cannot tell from the true one, and the opponent read from it."""
        state = determinized(info, rng, IronoState, "Irono Ofubi")
        return state, self._tendencies(state, info.seat)

    def _options(self, state: IronoState, tendencies: Tendencies) -> tuple[
            list[int], list[float] | None]:
        """The actions the bot chooses among, with its mixed strategy over them (None: the
        best fields, any of them alike)."""
        if state.phase == MARK:
            values = [(f, self._field_value(state, f, tendencies))
                      for f in range(FIELDS) if state.board[f] == EMPTY]
            best = max(v for _, v in values)
            return [f for f, v in values if v >= best - 1e-9], None
        plan = plan_round(state, self.style, tendencies)
        if state.phase == HIDE:
            return [HIDE_BASE + c for c in plan.colours], list(plan.strategy)
        assert state.phase == GUESS
        return [GUESS_BASE + g for g in plan.guesses], list(plan.strategy)

    def _field_value(self, state: IronoState, field: int, tendencies: Tendencies) -> float:
        if self.style.boldness == 0:
            return field_value(Position(state), field, mask_colours(state.in_play))
        return plan_round(_after(state, field), self.style, tendencies).expected


class GreedyBot(NamedBot):
    """The baseline: marks the field where its best colour gains most, hides the colour
    that gains it most there, and guesses the colours whose catch swings the most
    points (the hider's gain plus its own); ties are broken at random."""

    name = "irono-greedy"

    def choose(self, info: Decision, rng: random.Random) -> int:
        """The greedy action."""
        state = determinized(info, rng, IronoState, "Irono Ofubi")
        position = Position(state)
        me = info.seat
        colours = mask_colours(state.in_play)
        if state.phase == MARK:
            fields = [f for f in range(FIELDS) if state.board[f] == EMPTY]
            return best_of(fields, [max(position.gain(me, c, f) for c in colours)
                                    for f in fields], rng)
        field = state.marker
        if state.phase == HIDE:
            return HIDE_BASE + best_of(colours, [position.gain(me, c, field) for c in colours],
                                       rng)
        hider = 1 - me
        ranked = sorted(colours, key=lambda c: (
            -(position.gain(hider, c, field) + position.gain(me, c, field)), rng.random()))
        return GUESS_BASE + sum(colour_bit(c) for c in ranked[:state.guess_size])


def make_bot(game: Game, level: str) -> Bot:
    """A bot for a level of `LEVELS`, or ``greedy``.

    >>> from spieltisch import load
    >>> make_bot(load("irono"), "expert").name
    'irono-expert'
    """
    del game
    return offer(level, GreedyBot, IronoBot)
