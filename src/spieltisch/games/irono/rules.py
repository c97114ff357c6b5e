"""Irono Ofubi: the rules engine (presets ``rulebook`` and ``match``).

Rules implemented (rulebook ``irono-ofubi.de.txt`` as settled by RULINGS.md):

- Two players on a 4×4 board; six colours (yellow Y, green G, white W, red R,
  blue B, grey A); each player has 4 placing stones and 1 guessing stone per
  colour.
- **Round.** The hider puts the marker on an empty field (public), then secretly
  picks a colour still in play (hidden until the reveal). The guesser names
  ``g`` different colours in play. If the hidden colour is among them the guesser
  places one of their own stones of that colour on the marked field, otherwise
  the hider does. Reveal and placement follow the guess at once. Roles swap
  every round; a game ends when all 16 fields are filled (16 rounds).
- **Guess size** ``g = min(guess, k - 1)`` where ``k`` is the number of colours
  still in play and ``guess`` is the option (3 by the rulebook). The RULINGS
  case ``k = 1`` never arises: a colour leaves only after 4 placements, so at
  most 3 of the 6 colours have left before the 16th round and ``k >= 3`` at
  every guess.
- **Ausverkauf.** The moment a player has placed all 4 stones of a colour they
  score +4 and the colour leaves the game for both: the opponent's unplaced
  stones of it and both guessing stones are removed. Hence every colour in play
  has an unplaced stone on each side, and the placer always has the stone.
- **Scoring** (each player, own stones only): in each of the 10 lines (4 rows,
  4 columns, 2 diagonals) n stones of one normal colour score n², grey 2n².
  **Bunte Reihe**: +4 for a line of 4 own stones of 4 different colours (grey
  counts as a colour). Most points wins; equal points is a draw.
- **Who begins.** The rulebook lets the players agree; here option ``start``
  says it: ``"A"`` (seat 0) or ``"B"`` (seat 1) hides first, or ``"random"``
  (the default) draws the first hider by chance, 1:1, before the first round.
- **Take-backs.** A hider and a guesser choose at once, each blind to the
  other; a round whose colour and guess are shown is settled (`settled`), and a
  take-back passes it only with the other player's consent (`Match.undo`).
- **Match** (option ``games``; preset ``match`` plays 2): the starting hider
  alternates from game to game. Decision where RULINGS is silent: the match is
  decided by the points of all its games added up (equal is a draw); `scores`
  are those totals.

Options: ``preset`` (``rulebook``: one game, guess 3; ``match``: two games),
``players`` (2 only), ``guess`` (1..5), ``games`` (1..20), ``start``
(``random``, ``A``, ``B``).

Actions: ``0..15`` put the marker on a field (notation ``b3``: column a-d, row
1-4); ``16 + c`` hide colour ``c`` (notation ``R``; the other seat and
spectators see ``chosen``); ``22 + mask`` guess the colours of a 6-bit mask
(notation ``YGR``, letters in colour order); chance outcomes ``86`` / ``87``
draw the first hider (notation ``A starts`` / ``B starts``, public).
`string_to_action` also accepts colour names and separators (``red``,
``y g r``, ``yellow, green, red``, ``white, red and blue``) and a move named as the
hint words it (``mark b3``, ``hide grey``, ``guess white, red and blue``).

`view` keys: ``game`` ("irono"), ``seat``, ``preset``, ``phase`` ("start",
"mark", "hide", "guess", "over"), ``to_move``, ``hider``, ``guesser`` (seats,
null before the draw and at the end), ``round`` (1-16), ``rounds`` (16),
``game_number`` (1-based), ``games``, ``starter`` (seat that hid first in this
game, null before the draw), ``colours`` (the six ``{"letter", "name"}``),
``board`` (4 rows of 4 cells, row 1 first; a cell is null or ``{"seat",
"colour"}`` with a colour letter), ``marker`` (field name or null), ``hidden``
(the hider's colour letter for the hider, ``"chosen"`` for everyone else once
chosen, else null), ``guess_size``, ``in_play`` (letters), ``supply`` (per
seat ``{letter: unplaced placing stones}``), ``sold_out`` (per seat the letters
of its Ausverkäufe in this game), ``lines`` (10 ``{"name", "fields", "points":
[seat 0, seat 1], "bunt": [bool, bool]}``), ``points`` (this game), ``scores``
(match totals), ``results`` (finished games: ``{"points", "board", "lines"}``),
``stake`` (null, or for the marked field ``{"field", "gain": per seat {letter:
points that seat gains by placing it there, Ausverkauf included}}``),
``history`` (every round of the match so far, oldest first: ``{"game",
"round", "field", "hider", "colour", "guess", "caught", "placed_by", "gained",
"sold_out"}``), ``last_round`` (the last entry of ``history`` or null) and
``last_move`` (as this seat saw it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, SupportsIndex

from spieltisch.core.protocol import (
    CHANCE,
    JSON,
    READ_ERRORS,
    TERMINAL,
    Game,
    GameInfo,
    IllegalAction,
    State,
    as_action,
    check_text,
    option_number,
    players_refused,
    unknown_options,
    unknown_preset,
    unreadable,
)
from spieltisch.core.reasons import Reason
from spieltisch.core.starts import RANDOM, check_start, starter_of
from spieltisch.games.irono.board import (
    ALL_COLOURS,
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    FIELD_NAMES,
    FIELDS,
    LETTERS,
    LINE_NAMES,
    LINES,
    SELLOUT_BONUS,
    SIDE,
    STONES,
    colour_bit,
    lines_points,
    mask_colours,
    mask_letters,
    placement_gain,
)

PRESETS = ("rulebook", "match")
_PRESET_GAMES = {"rulebook": 1, "match": 2}
SEAT_LETTERS = "AB"
MAX_GUESS = COLOURS - 1
MAX_GAMES = 20

HIDE_BASE = FIELDS
"""Action id of hiding colour 0."""
GUESS_BASE = HIDE_BASE + COLOURS
"""Action id of guessing the empty mask."""
START_BASE = GUESS_BASE + (1 << COLOURS)
"""Chance outcome: seat 0 hides first; ``START_BASE + 1``: seat 1."""
NUM_ACTIONS = START_BASE + 2

MARK, HIDE, GUESS, OVER, START = range(5)
PHASE_NAMES = ("mark", "hide", "guess", "over", "start")

OBSERVATION_SIZE = FIELDS * 2 * COLOURS + FIELDS + 2 * COLOURS + COLOURS + 4 + COLOURS + 7

_SUBSETS: dict[tuple[int, int], tuple[int, ...]] = {
    (mask, size): tuple(m for m in range(1 << COLOURS)
                        if m & mask == m and m.bit_count() == size)
    for mask in range(1 << COLOURS) for size in range(COLOURS + 1)
}
"""(colours in play, guess size) -> every guess mask."""


def guess_subsets(in_play: int, size: int) -> tuple[int, ...]:
    """Every set of `size` colours out of the mask `in_play`, as masks.

    >>> [mask_letters(m) for m in guess_subsets(0b111, 2)]
    ['YG', 'YW', 'GW']
    """
    return _SUBSETS[in_play, size]


@dataclass(frozen=True)
class IronoOptions:
    """A rule set: preset, the guess size cap, the number of games, who begins.

    >>> IronoOptions.make(preset="match").games
    2
    >>> IronoOptions.make(guess=2).guess
    2
    """

    preset: str = "rulebook"
    guess: int = 3
    games: int = 1
    start: str = RANDOM

    @classmethod
    def make(cls, preset: JSON = "rulebook", players: JSON = 2, guess: JSON = None,
             games: JSON = None, start: JSON = RANDOM) -> IronoOptions:
        """Validated options; `IllegalAction` names what is wrong."""
        if preset not in PRESETS:
            raise unknown_preset(preset, PRESETS)
        if type(players) is not int or players != 2:
            raise players_refused("Irono Ofubi", [2], players)
        guess = option_number(Reason("option.guess", "guess"), 3 if guess is None else guess,
                              1, MAX_GUESS)
        games = option_number(Reason("option.games", "games"),
                              _PRESET_GAMES[str(preset)] if games is None else games, 1, MAX_GAMES)
        return cls(str(preset), guess, games, check_start(start, 2))

    @property
    def starter(self) -> int | None:
        """The seat that hides first, or None where it is drawn by lot."""
        return starter_of(self.start)


Round = tuple[int, int, int, int, int, int, int, int]
"""A finished round: (game index, field, hider, colour, guess mask, placer, points
gained, colour sold out or -1)."""
Result = tuple[tuple[int, int], tuple[int, ...]]
"""A finished game: (points of seat 0 and seat 1, final board)."""


class IronoGame(Game):
    """Irono Ofubi with one rule set."""

    def __init__(self, options: IronoOptions) -> None:
        self.options = options
        self.info = GameInfo(
            name="irono",
            title="Irono Ofubi",
            preset=options.preset,
            num_players=2,
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=2 if options.starter is None else 0,
            max_game_length=options.games * FIELDS * 3 + 1,
            hidden_information=True,
            observation_shape=(OBSERVATION_SIZE,),
            options={"preset": options.preset, "players": 2, "guess": options.guess,
                     "games": options.games, "start": options.start},
        )

    def new_initial_state(self) -> IronoState:
        starter = self.options.starter
        return self.new_game(EMPTY if starter is None else starter, 0, (), ())

    def new_game(self, starter: int, number: int, results: tuple[Result, ...],
                 history: tuple[Round, ...]) -> IronoState:
        """The empty board of game `number` (the first hider still to be drawn if
        `starter` is ``EMPTY``)."""
        return IronoState(self, (EMPTY,) * FIELDS, (STONES,) * (2 * COLOURS), ALL_COLOURS,
                          (0, 0), (0, 0), 0, number, START if starter == EMPTY else MARK,
                          EMPTY, EMPTY, results, history, starter)

    def state_from_json(self, data: JSON) -> IronoState:
        """Rebuild a state by replaying its history; refuse data that disagrees with it."""
        try:
            state = _replay(self, data)
        except READ_ERRORS as fault:
            raise unreadable("an Irono Ofubi state for these options", fault, data) from None
        if state.to_json() != data:
            raise IllegalAction("not an Irono Ofubi state: it disagrees with its own history")
        return state


class IronoState(State):
    """A position: board, supplies, colours in play, round, phase, the hidden colour."""

    __slots__ = ("board", "game", "hidden", "history", "in_play", "marker", "number", "phase",
                 "points", "results", "round", "sold", "starter", "supply")

    game: IronoGame

    def __init__(self, game: IronoGame, board: tuple[int, ...], supply: tuple[int, ...],
                 in_play: int, sold: tuple[int, int], points: tuple[int, int], round_: int,
                 number: int, phase: int, marker: int, hidden: int,
                 results: tuple[Result, ...], history: tuple[Round, ...], starter: int) -> None:
        self.game = game
        self.board = board
        self.supply = supply
        """Unplaced placing stones, index ``seat * 6 + colour``."""
        self.in_play = in_play
        self.sold = sold
        """Per seat, the mask of colours it sold out (Ausverkauf) in this game."""
        self.points = points
        """Points of this game (lines and bonuses)."""
        self.round = round_
        """Stones placed in this game (0..16)."""
        self.number = number
        """Index of the game in the match."""
        self.phase = phase
        self.marker = marker
        self.hidden = hidden
        self.results = results
        self.history = history
        self.starter = starter
        """The seat that hid first in game 1 (``EMPTY`` before the draw)."""

    @property
    def hider(self) -> int:
        """The seat that marks and hides this round."""
        return (self.starter + self.number + self.round) % 2

    @property
    def guess_size(self) -> int:
        """How many colours the guesser names: ``min(guess, k - 1)``."""
        return min(self.game.options.guess, self.in_play.bit_count() - 1)

    @property
    def last(self) -> Round | None:
        """The round finished last, if any."""
        return self.history[-1] if self.history else None

    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == START:
            return CHANCE
        return self.hider if self.phase != GUESS else 1 - self.hider

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Before the first round: who hides first, 1:1."""
        if self.phase == START:
            return [(START_BASE, 0.5), (START_BASE + 1, 0.5)]
        return []

    def settled(self) -> bool:
        """A round is settled once its colour and guess are shown: taking it back would
        let one side choose again knowing the other's choice.

        >>> from spieltisch import load
        >>> state = load("irono", start="A").new_initial_state()
        >>> state.settled(), state.apply(5).settled()
        (True, False)
        """
        return self.phase in (MARK, OVER)

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == MARK:
            return [f for f in range(FIELDS) if self.board[f] == EMPTY]
        if phase == HIDE:
            return [HIDE_BASE + c for c in mask_colours(self.in_play)]
        if phase == GUESS:
            return [GUESS_BASE + m for m in _SUBSETS[self.in_play, self.guess_size]]
        if phase == START:
            return [START_BASE, START_BASE + 1]
        return []

    def _apply(self, action: int) -> IronoState:
        if self.phase == START:
            return self._replace(phase=MARK, starter=action - START_BASE)
        if self.phase == MARK:
            return self._replace(phase=HIDE, marker=action)
        if self.phase == HIDE:
            return self._replace(phase=GUESS, hidden=action - HIDE_BASE)
        return self._resolve(action - GUESS_BASE)

    def _replace(self, **changes: Any) -> IronoState:
        fields = {name: getattr(self, name) for name in (
            "board", "supply", "in_play", "sold", "points", "round", "number", "phase",
            "marker", "hidden", "results", "history", "starter")}
        fields.update(changes)
        fields["round_"] = fields.pop("round")
        return IronoState(self.game, **fields)

    def _resolve(self, guess: int) -> IronoState:
        colour, field, hider = self.hidden, self.marker, self.hider
        placer = 1 - hider if guess >> colour & 1 else hider
        board = list(self.board)
        gained = placement_gain(board, placer, colour, field)
        board[field] = placer * COLOURS + colour
        supply = list(self.supply)
        supply[placer * COLOURS + colour] -= 1
        in_play, sold = self.in_play, list(self.sold)
        sold_out = -1
        if supply[placer * COLOURS + colour] == 0:
            gained += SELLOUT_BONUS
            sold_out = colour
            sold[placer] |= colour_bit(colour)
            in_play &= ~colour_bit(colour)
            supply[(1 - placer) * COLOURS + colour] = 0
        points = list(self.points)
        points[placer] += gained
        history = (*self.history,
                   (self.number, field, hider, colour, guess, placer, gained, sold_out))
        round_ = self.round + 1
        if round_ < FIELDS:
            return IronoState(self.game, tuple(board), tuple(supply), in_play,
                              (sold[0], sold[1]), (points[0], points[1]), round_, self.number,
                              MARK, EMPTY, EMPTY, self.results, history, self.starter)
        results = (*self.results, ((points[0], points[1]), tuple(board)))
        if self.number + 1 < self.game.options.games:
            return self.game.new_game(self.starter, self.number + 1, results, history)
        return IronoState(self.game, tuple(board), tuple(supply), in_play, (sold[0], sold[1]),
                          (points[0], points[1]), round_, self.number, OVER, EMPTY, EMPTY,
                          results, history, self.starter)

    def scores(self) -> list[float]:
        """Points of the whole match (finished games plus the current one)."""
        totals = [float(p) for p in self.points] if self.phase != OVER else [0.0, 0.0]
        for (p0, p1), _ in self.results:
            totals[0] += p0
            totals[1] += p1
        return totals

    def action_to_string(self, action: int) -> str:
        action = as_action(action)
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"action {action} is out of range")
        if action < HIDE_BASE:
            return FIELD_NAMES[action]
        if action < GUESS_BASE:
            return LETTERS[action - HIDE_BASE]
        if action < START_BASE:
            return mask_letters(action - GUESS_BASE) or "-"
        return f"{SEAT_LETTERS[action - START_BASE]} starts"

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        """The hidden colour shows as ``chosen`` to everyone but the hider.

        >>> from spieltisch import load
        >>> state = load("irono", start="A").new_initial_state().apply(5)
        >>> state.action_as_seen(16, 0), state.action_as_seen(16, 1), state.action_as_seen(16, None)
        ('Y', 'chosen', 'chosen')
        """
        return "chosen" if self.phase == HIDE and seat != self.hider else None

    def string_to_action(self, text: str) -> int:
        """Parse a field (``b3``), a colour to hide (``R`` or ``red``), a guess
        (``YGR``, ``y g r``, ``yellow green red``) or the draw (``A starts``).

        >>> from spieltisch import load
        >>> state = load("irono").new_initial_state()
        >>> state.string_to_action("B starts")
        87
        >>> state = state.apply(87)
        >>> state.string_to_action("b3")
        9
        >>> state = state.apply(9).apply(state.apply(9).string_to_action("grey"))
        >>> state.action_to_string(state.string_to_action("red, yellow green"))
        'YGR'
        """
        check_text(text)
        phase = self.phase
        if phase == OVER:
            raise IllegalAction(Reason("game.over", "the game is over"))
        words = text.strip().lower().replace(",", " ").replace("+", " ").split()
        typed = text.replace(",", " ").replace("+", " ").split()
        if phase != START and words and words[0] in _VERBS:
            # Typed as the hint and the screens word it: "hide grey", "guess W, R and B".
            if _VERBS[words[0]] != phase:
                raise IllegalAction(self.explain_illegal(_VERB_ACTIONS[_VERBS[words[0]]]))
            words, typed = words[1:], typed[1:]
        if phase in (HIDE, GUESS):
            kept = [i for i, word in enumerate(words) if word not in _AND]
            words, typed = [words[i] for i in kept], [typed[i] for i in kept]
        if phase == START:
            action = _parse_start(text, words)
        elif "starts" in words or "start" in words:
            raise IllegalAction(self.explain_illegal(START_BASE))
        elif phase == MARK:
            action = _parse_field(text, words)
        else:
            mask = _parse_colours(text, words, typed)
            if phase == HIDE:
                if mask.bit_count() != 1:
                    raise IllegalAction(Reason(
                        "irono.hide_one", "{text!r}: hide exactly one colour, e.g. {example}",
                        text=text.strip(), example=LETTERS[mask_colours(self.in_play)[0]]))
                action = HIDE_BASE + mask_colours(mask)[0]
            else:
                action = GUESS_BASE + mask
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        return action

    def explain_illegal(self, action: int) -> str:
        action = as_action(action)
        if self.phase == OVER:
            return Reason("game.over", "the game is over")
        if not 0 <= action < NUM_ACTIONS:
            return f"action {action} is out of range"
        if self.phase == START:
            return "first the hider of round 1 is drawn: A starts or B starts"
        kind = MARK if action < HIDE_BASE else HIDE if action < GUESS_BASE else \
            GUESS if action < START_BASE else START
        if kind == START:
            return Reason("irono.drawn", "the first hider is already drawn")
        if kind != self.phase:
            if self.phase == MARK:
                return Reason("irono.now_mark",
                              "now the hider must put the marker on an empty field, e.g. b3")
            if self.phase == HIDE:
                return Reason("irono.now_hide",
                              "now the hider must hide one colour still in play, e.g. R")
            return Reason("irono.now_guess",
                          "now the guesser must guess {n} colours still in play, e.g. {example}",
                          n=self.guess_size,
                          example=mask_letters(_SUBSETS[self.in_play, self.guess_size][0]))
        if kind == MARK:
            return Reason("irono.taken", "{field} is already taken", field=FIELD_NAMES[action])
        mask = colour_bit(action - HIDE_BASE) if kind == HIDE else action - GUESS_BASE
        gone = mask & ~self.in_play
        if gone:
            return Reason("irono.sold_out",
                          "{names} left the game (Ausverkauf); colours in play: {in_play}",
                          names=_names(gone), letters=mask_letters(gone),
                          in_play=mask_letters(self.in_play))
        if self.guess_size == 1:
            return Reason("irono.guess_one", "guess exactly 1 colour, not {count}",
                          count=mask.bit_count())
        return Reason("irono.guess_size", "guess exactly {n} different colours, not {count}",
                      n=self.guess_size, count=mask.bit_count())

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> IronoState:
        """For the guesser, the hidden colour is drawn from the colours in play (unless
        ``keep`` holds the hider); nothing is drawn from a pile, so ``reserve`` asks nothing."""
        del reserve
        if self.phase != GUESS or self.hider in (seat, *keep):
            return self
        return self._replace(hidden=rng.choice(mask_colours(self.in_play)))

    def stake(self) -> list[dict[str, int]]:
        """Per seat, the points it gains by placing each colour in play on the marked field.

        >>> from spieltisch import load
        >>> load("irono", start="A").new_initial_state().apply(0).stake()[0]["A"]
        6
        """
        out = []
        for seat in (0, 1):
            gains = {}
            for c in mask_colours(self.in_play):
                bonus = SELLOUT_BONUS if self.supply[seat * COLOURS + c] == 1 else 0
                gains[LETTERS[c]] = placement_gain(self.board, seat, c, self.marker) + bonus
            out.append(gains)
        return out

    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        seat = self.check_seat(seat)
        playing = self.phase in (MARK, HIDE, GUESS)
        hidden: str | None = None
        if self.phase == GUESS:
            hidden = LETTERS[self.hidden] if seat == self.hider else "chosen"
        stake: JSON = None
        if self.marker != EMPTY:
            stake = {"field": FIELD_NAMES[self.marker], "gain": self.stake()}
        history = _history_json(self.history)
        return {
            "game": "irono",
            "seat": seat,
            "preset": self.game.info.preset,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.current_player if playing else None,
            "hider": self.hider if playing else None,
            "guesser": 1 - self.hider if playing else None,
            "round": min(self.round + 1, FIELDS),
            "rounds": FIELDS,
            "game_number": self.number + 1,
            "games": self.game.options.games,
            "starter": None if self.phase == START else (self.starter + self.number) % 2,
            "colours": [{"letter": LETTERS[c], "name": COLOUR_NAMES[c]} for c in range(COLOURS)],
            "board": _board_json(self.board),
            "marker": None if self.marker == EMPTY else FIELD_NAMES[self.marker],
            "hidden": hidden,
            "guess_size": self.guess_size,
            "in_play": list(mask_letters(self.in_play)),
            "supply": [{LETTERS[c]: self.supply[s * COLOURS + c] for c in range(COLOURS)}
                       for s in (0, 1)],
            "sold_out": [list(mask_letters(m)) for m in self.sold],
            "lines": _lines_json(self.board),
            "points": list(self.points),
            "scores": self.scores(),
            "results": [{"points": list(p), "board": _board_json(b), "lines": _lines_json(b)}
                        for p, b in self.results],
            "stake": stake,
            "history": history,
            "last_round": history[-1] if history else None,
            "last_move": self._last_move(seat),
        }

    def _last_move(self, seat: int | None) -> str | None:
        if self.phase == HIDE:
            return FIELD_NAMES[self.marker]
        if self.phase == GUESS:
            return LETTERS[self.hidden] if seat == self.hider else "chosen"
        last = self.last
        if last is None:
            drawn = self.phase != START and self.game.options.starter is None
            return f"{SEAT_LETTERS[self.starter]} starts" if drawn else None
        return mask_letters(last[4])

    def observation(self, seat: SupportsIndex) -> list[float]:
        """Per field: a stone of the seat's or the other's colour (one-hot); the marker's
        field; both supplies; the colours in play; the phase and whether the seat hides;
        the colour it hid (for the hider only); then the guess size, the round, both
        players' points in this game, the game of the match and the points before it."""
        seat = self.check_seat(seat, spectator=False)
        obs = [0.0] * OBSERVATION_SIZE
        for f, stone in enumerate(self.board):
            if stone != EMPTY:
                relative = (stone // COLOURS != seat) * COLOURS + stone % COLOURS
                obs[f * 2 * COLOURS + relative] = 1.0
        at = FIELDS * 2 * COLOURS
        if self.marker != EMPTY:
            obs[at + self.marker] = 1.0
        at += FIELDS
        for k, s in enumerate((seat, 1 - seat)):
            for c in range(COLOURS):
                obs[at + k * COLOURS + c] = self.supply[s * COLOURS + c] / STONES
        at += 2 * COLOURS
        for c in mask_colours(self.in_play):
            obs[at + c] = 1.0
        at += COLOURS
        if self.phase in (MARK, HIDE, GUESS):
            obs[at + self.phase] = 1.0
            obs[at + 3] = float(self.hider == seat)
        at += 4
        if self.phase == GUESS and seat == self.hider:
            obs[at + self.hidden] = 1.0
        at += COLOURS
        previous = [sum(p[s] for p, _ in self.results) for s in (0, 1)]
        obs[at:at + 7] = [
            self.guess_size / MAX_GUESS, self.round / FIELDS,
            self.points[seat] / 100, self.points[1 - seat] / 100,
            self.number / self.game.options.games,
            previous[seat] / 100, previous[1 - seat] / 100,
        ]
        return obs

    def to_json(self) -> dict[str, JSON]:
        return {
            "starter": self.starter,
            "history": [list(r) for r in self.history],
            "phase": PHASE_NAMES[self.phase],
            "marker": self.marker,
            "hidden": self.hidden,
            "game": self.number,
            "round": self.round,
            "board": list(self.board),
            "supply": list(self.supply),
            "in_play": self.in_play,
            "sold": list(self.sold),
            "points": list(self.points),
            "results": [[list(p), list(b)] for p, b in self.results],
        }


_VERBS = {"mark": MARK, "hide": HIDE, "guess": GUESS}
"""A move may begin with the word for its kind, as the hint says it (``hide grey``)."""
_VERB_ACTIONS = {MARK: 0, HIDE: HIDE_BASE, GUESS: GUESS_BASE}
_AND = ("and", "und", "&")
"""Words that join colours in a list (``white, red and blue``)."""


def _names(mask: int) -> str:
    return " and ".join(COLOUR_NAMES[c] for c in mask_colours(mask))


_COLOUR_LIST = ", ".join(f"{LETTERS[c]} {COLOUR_NAMES[c]}" for c in range(COLOURS))
_GERMAN_NAMES = ("gelb", "grün", "weiß", "rot", "blau", "grau")
_COLOUR_WORDS = {
    **{name: c for c, name in enumerate(COLOUR_NAMES)},
    **{name: c for c, name in enumerate(_GERMAN_NAMES)},
    "gray": COLOUR_NAMES.index("grey"),
    "gruen": _GERMAN_NAMES.index("grün"),
    "weiss": _GERMAN_NAMES.index("weiß"),
    **{letter.lower(): c for c, letter in enumerate(LETTERS)},
}


def _parse_colours(text: str, words: list[str], typed: list[str]) -> int:
    """The colour mask named by words (names or letters, letters may run together), in
    lower case; `typed`: the same words as typed, to quote a word that names none."""
    mask = 0
    count = 0
    for word, as_typed in zip(words, typed, strict=False):
        if len(as_typed) != len(word):  # lower case of another length: lower case only
            as_typed = word
        if word in _COLOUR_WORDS:
            colours = [_COLOUR_WORDS[word]]
        elif all(ch in _COLOUR_WORDS for ch in word):
            colours = [_COLOUR_WORDS[ch] for ch in word]
        else:
            # Mostly colour letters run together: the one that is not is named.
            run_together = 2 * sum(ch in _COLOUR_WORDS for ch in word) > len(word)
            if len(words) > 1 or run_together:
                bad = next(as_typed[i] for i, ch in enumerate(word) if ch not in _COLOUR_WORDS) \
                    if run_together else as_typed
                raise IllegalAction(Reason(
                    "irono.not_a_colour_in", "{text!r}: {word!r} is not a colour; colours are "
                    "{colours}", text=text.strip(), word=bad, colours=_COLOUR_LIST))
            raise IllegalAction(Reason("irono.not_a_colour",
                                       "{word!r} is not a colour; colours are {colours}",
                                       word=as_typed, colours=_COLOUR_LIST))
        for c in colours:
            mask |= colour_bit(c)
            count += 1
    if count == 0:
        raise IllegalAction(Reason("irono.name_a_colour", "name a colour: {colours}",
                                   colours=_COLOUR_LIST))
    if count != mask.bit_count():
        raise IllegalAction(Reason("irono.twice", "{text!r} names a colour twice",
                                   text=text.strip()))
    return mask


def _parse_field(text: str, words: list[str]) -> int:
    raw = "".join(w for w in words if w != "mark")
    if raw not in FIELD_NAMES:
        raise IllegalAction(Reason("irono.not_a_field", "{text!r} is not a field; put the "
                                   "marker on an empty field a1..d4 (column a-d, row 1-4)",
                                   text=text.strip()))
    return FIELD_NAMES.index(raw)


def _parse_start(text: str, words: list[str]) -> int:
    raw = "".join(w for w in words if w not in ("starts", "start")).upper()
    if raw not in tuple(SEAT_LETTERS):
        raise IllegalAction(f"{text.strip()!r}: the first hider is drawn now: "
                            "type 'A starts' or 'B starts'")
    return START_BASE + SEAT_LETTERS.index(raw)


def _lines_json(board: tuple[int, ...]) -> list[JSON]:
    """The ten lines of `board`: name, fields, both seats' points, Bunte Reihe or not."""
    points = [lines_points(board, s) for s in (0, 1)]
    return [{"name": LINE_NAMES[i], "fields": [FIELD_NAMES[f] for f in line],
             "points": [points[0][i], points[1][i]],
             "bunt": [_is_bunt(board, line, s) for s in (0, 1)]}
            for i, line in enumerate(LINES)]


def _is_bunt(board: tuple[int, ...], line: tuple[int, ...], seat: int) -> bool:
    stones = [board[f] for f in line]
    return all(s != EMPTY and s // COLOURS == seat for s in stones) and \
        len({s % COLOURS for s in stones}) == SIDE


def _board_json(board: tuple[int, ...]) -> list[JSON]:
    return [[None if board[r * SIDE + c] == EMPTY else
             {"seat": board[r * SIDE + c] // COLOURS,
              "colour": LETTERS[board[r * SIDE + c] % COLOURS]}
             for c in range(SIDE)] for r in range(SIDE)]


def _history_json(history: tuple[Round, ...]) -> list[JSON]:
    out: list[JSON] = []
    rounds_before = 0
    for i, (number, field, hider, colour, guess, placer, gained, sold_out) in \
            enumerate(history):
        if i and history[i - 1][0] != number:
            rounds_before = i
        out.append({"game": number + 1, "round": i - rounds_before + 1,
                    "field": FIELD_NAMES[field], "hider": hider, "colour": LETTERS[colour],
                    "guess": list(mask_letters(guess)), "caught": placer != hider,
                    "placed_by": placer, "gained": gained,
                    "sold_out": None if sold_out < 0 else LETTERS[sold_out]})
    return out


def _replay(game: IronoGame, data: Any) -> IronoState:
    """The state `data` describes, rebuilt by playing its history (legality checked)."""
    if not isinstance(data, dict):
        raise IllegalAction("a state is a JSON object")
    state = game.new_initial_state()
    history = [tuple(int(x) for x in r) for r in data["history"]]
    phase = PHASE_NAMES.index(data["phase"])
    if phase != START and state.phase == START:
        state = _step(state, START_BASE + int(data["starter"]))
    for entry in history:
        number, field, hider, colour, guess = entry[:5]
        if state.phase != MARK or state.number != number or state.hider != hider:
            raise IllegalAction(f"history entry {entry} does not fit")
        for action in (field, HIDE_BASE + colour, GUESS_BASE + guess):
            state = _step(state, action)
    if phase in (HIDE, GUESS):
        state = _step(state, int(data["marker"]))
    if phase == GUESS:
        state = _step(state, HIDE_BASE + int(data["hidden"]))
    if state.phase != phase:
        raise IllegalAction(f"the history ends in phase {PHASE_NAMES[state.phase]}")
    return state


def _step(state: IronoState, action: int) -> IronoState:
    """`state.apply(action)`, typed."""
    following = state.apply(action)
    assert isinstance(following, IronoState)
    return following


def make_game(preset: JSON = "rulebook", players: JSON = 2, guess: JSON = None,
              games: JSON = None, start: JSON = RANDOM, **unknown: JSON) -> IronoGame:
    """Build the game from keyword options; unknown options are refused by name.

    >>> make_game(preset="match").info.options["games"]
    2
    >>> make_game(colours=5)
    Traceback (most recent call last):
    ...
    spieltisch.core.protocol.IllegalAction: Irono Ofubi has no option 'colours'; \
options: preset, players, guess, games, start
    """
    if unknown:
        raise unknown_options("Irono Ofubi", unknown,
                              ["preset", "players", "guess", "games", "start"])
    return IronoGame(IronoOptions.make(preset, players, guess, games, start))
