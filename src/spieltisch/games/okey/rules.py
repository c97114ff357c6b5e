"""Okey: the rules engine (presets ``seed`` and ``standard``), 2 to 4 players.

Rules implemented (rulebook ``okey.de.txt`` as settled by RULINGS.md):

- **Tiles**: 4 colours (R red, Y yellow, B blue, K black) x 1..13, two of each, and two
  false jokers ``FJ``: 106 tiles (`tiles`).
- **Setup**: the first starter is drawn at random (the rulebook's dice), then the
  indicator, a random face-up tile that stays out of play. The okey is the tile one
  higher in the indicator's colour (13 wraps to 1); its two copies are wild and may
  also stand for themselves; the false jokers stand for the okey's face. If the
  indicator is a false joker, the other false joker is the (only) joker (rulebook);
  ``standard`` draws the indicator again instead. The 21 stacks of 5 and the spare
  only make the order random: the pile is the multiset of tiles not dealt, and every
  tile taken from it is a chance outcome weighted by the copies left.
- **Deal**: tile by tile, 15 to the starter, then 14 to each next player.
- **Turn**: the starter opens by discarding. Then each player in turn takes either
  the tile just discarded by the previous player or draws from the pile, and
  discards one tile face up onto their own discard pile.
- **Melds**: a set is 3 or 4 tiles of one number in different colours; a run is 3 or
  more consecutive numbers of one colour, where 1 may follow 13 (12-13-1) but nothing
  follows that 1 (13-1-2 is no run). The okey fills any place (`solver`).
- **Finishing**: the finishing discard is its own action (``finish R7``), legal only
  when the 14 tiles left form sets and runs (``standard`` also: seven pairs, a pair
  being two equal tiles, the okey pairing with anything). The finishing tile does not
  go onto the discard pile, so nobody can take it (the view of the match's end shows
  it there).
- **End of a round without a winner**: when the player who drew the last pile tile
  has discarded without finishing; also after `TURN_LIMIT` discards (a decision:
  both rulebooks are silent, and only endless taking of discards can get there).
- **seed** (default, the rulebook): clockwise; the match is ``rounds`` rounds
  (default 5); most rounds won wins, equal counts share the rank. The starter
  rotates to the next player every round.
- **standard**: anticlockwise; everyone starts with 20 points; a win costs each
  opponent 2 points, 4 when the finishing discard is the okey, 4 for seven pairs and
  8 for both (decision: the two doublings multiply). The match ends when someone is
  at 0 or below, at the latest after ``rounds`` rounds (default 60, a decision so that
  every match ends); most points wins. The starter rotates as in ``seed``.

Seats are numbered 0..n-1 clockwise round the table; the notation says ``seat 1`` for
seat 0. Actions: 0..52 a tile as chance outcome (indicator, deal, pile draw); 53 + k
discard kind k; 106 + k finish by discarding kind k; 159 take the previous player's
discard; 160 draw from the pile; 161 + s seat s starts the match (chance). Notation:
``take R5`` (or ``t``), ``draw`` (or ``d``), ``discard R5`` (or ``d R5``, or just ``R5``),
``finish R5`` (or ``f R5``); chance:
``seat 2 starts``, ``indicator R5``, ``deal R5``, ``drew R5``. Other seats see
``deal to seat 2`` and ``draws from the pile``.

`view` keys: ``game``, ``preset``, ``players``, ``seat`` (the viewer or null),
``direction`` (``clockwise``/``anticlockwise``), ``round``, ``rounds`` (rounds of the
match, or the limit in ``standard``), ``starter``, ``phase`` (``starter``,
``indicator``, ``deal``, ``draw``, ``drawing``, ``discard``, ``over``), ``to_move``
(seat or null), ``indicator``, ``okey`` (tile names or null), ``false_joker_as`` (the
face a false joker stands for, or null when the false joker is the joker), ``rack``
(the viewer's tiles in kind order; null for a spectator), ``rack_sizes``,
``discards`` (every seat's pile, oldest first; once the match is over, the winner's pile
ends with the discard that finished it), ``takeable`` (the tile the player to
move may take, or null), ``known`` (per seat: tiles everyone saw it take and it has not
given back), ``pile`` (tiles left to draw), ``turn`` and ``turn_limit``, ``scores``,
``score_label`` (``rounds won`` or ``points``), ``last_move`` (null or ``{"seat",
"move"}`` as the viewer may see it), ``results`` (per finished round: ``round``,
``winner`` or null, ``how`` (``sets and runs``, ``seven pairs``, ``pile exhausted``,
``turn limit``), ``discard``, ``okey_discard``, ``hand`` (the winner's 14 tiles),
``melds`` (those tiles grouped as they win), ``change`` (score change per seat) and
``okey`` (that round's okey)), ``stake`` (what a win is worth now), ``finishes`` (for
the player to discard only: each discard that finishes, ``tile`` and ``points`` each
opponent loses to it, null where rounds won count; else empty).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, SupportsIndex

from spieltisch.core.protocol import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    GameInfo,
    IllegalAction,
    State,
    as_action,
    check_text,
    not_an_outcome,
)
from spieltisch.core.reasons import Reason
from spieltisch.core.tuples import replaced
from spieltisch.games.okey import solver, tiles
from spieltisch.games.okey.options import (
    NORMAL_WIN,
    START_POINTS,
    TURN_LIMIT,
    OkeyOptions,
)

DISCARD = tiles.KINDS
FINISH = 2 * tiles.KINDS
TAKE = 3 * tiles.KINDS
DRAW = TAKE + 1
STARTER = DRAW + 1
NUM_ACTIONS = STARTER + 4

PHASES = ("starter", "indicator", "deal", "draw", "drawing", "discard", "over")
P_STARTER, P_INDICATOR, P_DEAL, P_DRAW, P_DRAWING, P_DISCARD, P_OVER = range(7)
HOW = ("sets and runs", "seven pairs", "pile exhausted", "turn limit")
H_MELDS, H_PAIRS, H_EXHAUSTED, H_LIMIT = range(4)
_NONE = -1

Counts = tuple[int, ...]
Result = tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...], int]
"""A finished round: (round, winner or -1, how, finishing discard or -1, 1 if that was
the okey, the winner's hand as kinds, score change per seat, the round's okey)."""


def _win_points(how: int, okey_discard: bool) -> int:
    """What each opponent loses to a win in ``standard``: the two doublings multiply."""
    return NORMAL_WIN * (2 if how == H_PAIRS else 1) * (2 if okey_discard else 1)


def _plus(counts: Counts, k: int, d: int) -> Counts:
    out = list(counts)
    out[k] += d
    return tuple(out)


def _seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


class OkeyGame(Game):
    """Okey with one rule set."""

    def __init__(self, options: OkeyOptions) -> None:
        self.options = options
        n = options.players
        self.step = 1 if options.clockwise else -1
        self.deal_total = 15 + 14 * (n - 1)
        per_round = 1 + self.deal_total + 3 * TURN_LIMIT + 1
        self.info = GameInfo(
            name="okey",
            title="Okey",
            preset=options.preset,
            num_players=n,
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=tiles.KINDS,
            max_game_length=1 + options.rounds * per_round,
            hidden_information=True,
            observation_shape=(_observation_size(n),),
            options=options.to_json(),
        )

    def new_initial_state(self) -> OkeyState:
        n = self.options.players
        start = START_POINTS if self.options.countdown else 0
        return OkeyState(self, P_STARTER, 1, _NONE, _NONE, _NONE, ((0,) * tiles.KINDS,) * n,
                         tiles.FULL_SET, tiles.TOTAL, ((),) * n, ((),) * n, 0, 0,
                         (start,) * n, None, ())

    def next_seat(self, seat: int) -> int:
        """The player after `seat` in the direction of play."""
        return (seat + self.step) % self.options.players

    def deal_seat(self, starter: int, dealt: int) -> int:
        """Who gets the deal's tile number `dealt` (0-based)."""
        if dealt < 15:
            return starter
        return (starter + self.step * ((dealt - 15) // 14 + 1)) % self.options.players

    def state_from_json(self, data: JSON) -> OkeyState:
        from spieltisch.games.okey.records import state_from_json

        return state_from_json(self, data)


def _observation_size(n: int) -> int:
    return 4 * tiles.KINDS + n * (2 * tiles.KINDS + 2) + len(PHASES) + 3 * n + 3


class OkeyState(State):
    """A position of an Okey match."""

    __slots__ = ("_legal", "dealt", "discards", "game", "indicator", "known", "last", "phase",
                 "pool", "pool_size", "racks", "results", "round", "score", "seat", "starter",
                 "turns")

    game: OkeyGame

    def __init__(self, game: OkeyGame, phase: int, round_no: int, starter: int, seat: int,
                 indicator: int, racks: tuple[Counts, ...], pool: Counts, pool_size: int,
                 discards: tuple[tuple[int, ...], ...], known: tuple[tuple[int, ...], ...],
                 turns: int, dealt: int, score: tuple[int, ...],
                 last: tuple[int, str, int] | None, results: tuple[Result, ...]) -> None:
        self.game = game
        self.phase = phase
        self.round = round_no
        self.starter = starter
        self.seat = seat
        self.indicator = indicator
        self.racks = racks
        self.pool = pool
        self.pool_size = pool_size
        self.discards = discards
        self.known = known
        self.turns = turns
        self.dealt = dealt
        self.score = score
        self.last = last
        self.results = results
        self._legal: list[int] | None = None

    def _copy(self) -> OkeyState:
        return OkeyState(self.game, self.phase, self.round, self.starter, self.seat,
                         self.indicator, self.racks, self.pool, self.pool_size, self.discards,
                         self.known, self.turns, self.dealt, self.score, self.last,
                         self.results)

    # --- facts -------------------------------------------------------------------------

    @property
    def okey(self) -> int:
        """The wild tile kind of this round (-1 before the indicator)."""
        return tiles.okey_for(self.indicator) if self.indicator >= 0 else _NONE

    @property
    def current_player(self) -> int:
        if self.phase in (P_DRAW, P_DISCARD):
            return self.seat
        return TERMINAL if self.phase == P_OVER else CHANCE

    def settled(self) -> bool:
        """A round after the first is settled once it is dealt: taking back the move that
        ended the round before would deal this one afresh, so that a player could deal
        the next round again and again until it suits them.

        >>> from spieltisch import load
        >>> load("okey").new_initial_state().settled()
        False
        """
        return self.round > 1 and self.phase == P_DISCARD and self.turns == 0

    def previous_seat(self, seat: int) -> int:
        """The player whose discard `seat` may take."""
        return (seat - self.game.step) % self.game.options.players

    def takeable(self) -> int:
        """The tile the player to draw may take, or -1."""
        if self.phase != P_DRAW:
            return _NONE
        pile = self.discards[self.previous_seat(self.seat)]
        return pile[-1] if pile else _NONE

    def finishing_discards(self) -> list[int]:
        """Kinds whose discard finishes the round for the player to discard."""
        if self.phase != P_DISCARD:
            return []
        rack = self.racks[self.seat]
        okey = self.okey
        whole = solver.rack_key(rack, okey)
        melds = solver.finishes(whole)
        pairs = self.game.options.seven_pairs and solver.pairs_missing(whole) == 0
        if not (melds or pairs):
            return []
        out = []
        for k in range(tiles.KINDS):
            if rack[k]:
                rest = solver.rack_key(_plus(rack, k, -1), okey)
                if (melds and solver.missing(rest) == 0) or \
                        (pairs and solver.pairs_missing(rest) == 0):
                    out.append(k)
        return out

    # --- moves -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player != CHANCE:
            return []
        if self.phase == P_STARTER:
            n = self.game.options.players
            return [(STARTER + s, 1.0 / n) for s in range(n)]
        pool = self.pool
        total = self.pool_size
        skip = _NONE
        if self.phase == P_INDICATOR and self.game.options.redraw_false_joker:
            skip = tiles.FALSE_JOKER
            total -= pool[skip]
        return [(k, c / total) for k, c in enumerate(pool) if c and k != skip]

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == P_OVER:
            return []
        if phase == P_DRAW:
            return [TAKE, DRAW] if self.takeable() >= 0 else [DRAW]
        if phase == P_DISCARD:
            rack = self.racks[self.seat]
            out = [DISCARD + k for k in range(tiles.KINDS) if rack[k]]
            out.extend(FINISH + k for k in self.finishing_discards())
            return out
        return [a for a, _ in self.chance_outcomes()]

    def _apply(self, action: int) -> OkeyState:
        nxt = self._copy()
        phase = self.phase
        game = self.game
        if phase == P_STARTER:
            nxt.starter = action - STARTER
            nxt.phase = P_INDICATOR
            nxt.last = (_NONE, "starter", nxt.starter)
        elif phase == P_INDICATOR:
            nxt.indicator = action
            nxt.pool = _plus(self.pool, action, -1)
            nxt.pool_size -= 1
            nxt.phase = P_DEAL
            nxt.last = (_NONE, "indicator", action)
        elif phase == P_DEAL:
            to = game.deal_seat(self.starter, self.dealt)
            nxt.racks = replaced(self.racks, to, _plus(self.racks[to], action, 1))
            nxt.pool = _plus(self.pool, action, -1)
            nxt.pool_size -= 1
            nxt.dealt += 1
            nxt.last = (to, "deal", action)
            if nxt.dealt == game.deal_total:
                nxt.phase = P_DISCARD
                nxt.seat = self.starter
        elif phase == P_DRAW:
            if action == TAKE:
                prev = self.previous_seat(self.seat)
                tile = self.discards[prev][-1]
                nxt.discards = replaced(self.discards, prev, self.discards[prev][:-1])
                nxt.racks = replaced(self.racks, self.seat,
                                     _plus(self.racks[self.seat], tile, 1))
                nxt.known = replaced(self.known, self.seat,
                                     tuple(sorted((*self.known[self.seat], tile))))
                nxt.phase = P_DISCARD
                nxt.last = (self.seat, "take", tile)
            else:
                nxt.phase = P_DRAWING
                nxt.last = (self.seat, "draw", _NONE)
        elif phase == P_DRAWING:
            nxt.racks = replaced(self.racks, self.seat, _plus(self.racks[self.seat], action, 1))
            nxt.pool = _plus(self.pool, action, -1)
            nxt.pool_size -= 1
            nxt.phase = P_DISCARD
            nxt.last = (self.seat, "drew", action)
        elif action < FINISH:
            self._discard(nxt, action - DISCARD)
        else:
            self._finish(nxt, action - FINISH)
        return nxt

    def _discard(self, nxt: OkeyState, tile: int) -> None:
        seat = self.seat
        nxt.racks = replaced(self.racks, seat, _plus(self.racks[seat], tile, -1))
        known = self.known[seat]
        if tile in known:
            left = list(known)
            left.remove(tile)
            nxt.known = replaced(self.known, seat, tuple(left))
        nxt.discards = replaced(self.discards, seat, (*self.discards[seat], tile))
        nxt.turns += 1
        nxt.last = (seat, "discard", tile)
        if self.pool_size == 0:
            nxt._end_round(_NONE, H_EXHAUSTED, _NONE)
        elif nxt.turns >= TURN_LIMIT:
            nxt._end_round(_NONE, H_LIMIT, _NONE)
        else:
            nxt.seat = self.game.next_seat(seat)
            nxt.phase = P_DRAW

    def _finish(self, nxt: OkeyState, tile: int) -> None:
        seat = self.seat
        hand = _plus(self.racks[seat], tile, -1)
        nxt.racks = replaced(self.racks, seat, hand)
        nxt.last = (seat, "finish", tile)
        nxt._end_round(seat, self._finish_how(hand), tile)

    def _finish_how(self, hand: Counts) -> int:
        """How the 14 tiles of ``hand`` win: seven pairs where the preset counts them."""
        if self.game.options.seven_pairs and \
                solver.pairs_missing(solver.rack_key(hand, self.okey)) == 0:
            return H_PAIRS
        return H_MELDS

    def finish_points(self, tile: int) -> int:
        """What each opponent loses when the player to discard finishes with ``tile``
        (``standard``; 0 in a preset that counts rounds won)."""
        if not self.game.options.countdown:
            return 0
        how = self._finish_how(_plus(self.racks[self.seat], tile, -1))
        return _win_points(how, tile == self.okey)

    def _end_round(self, winner: int, how: int, tile: int) -> None:
        """Score the round (on a fresh copy) and set up the next one or the end."""
        game = self.game
        options = game.options
        n = options.players
        change = [0] * n
        hand: tuple[int, ...] = ()
        if winner >= 0:
            hand = tuple(tiles.kinds_of(self.racks[winner]))
            if options.countdown:
                points = _win_points(how, tile == self.okey)
                change = [0 if s == winner else -points for s in range(n)]
            else:
                change[winner] = 1
        self.score = tuple(s + c for s, c in zip(self.score, change, strict=True))
        okey_discard = int(winner >= 0 and tile == self.okey)
        self.results = (*self.results, (self.round, winner, how, tile, okey_discard, hand,
                                        tuple(change), self.okey))
        over = self.round >= options.rounds or (options.countdown and min(self.score) <= 0)
        if over:
            self.phase = P_OVER
            self.seat = _NONE
            return
        self.round += 1
        self.starter = game.next_seat(self.starter)
        self.seat = _NONE
        self.phase = P_INDICATOR
        self.indicator = _NONE
        self.racks = ((0,) * tiles.KINDS,) * n
        self.pool = tiles.FULL_SET
        self.pool_size = tiles.TOTAL
        self.discards = ((),) * n
        self.known = ((),) * n
        self.turns = 0
        self.dealt = 0

    # --- results -----------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Rounds won (``seed``) or points left (``standard``)."""
        return [float(s) for s in self.score]

    # --- notation ----------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        action = as_action(action)
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"action {action} is out of range")
        if action >= STARTER:
            return f"{_seat_name(action - STARTER)} starts"
        if action == DRAW:
            return "draw"
        if action == TAKE:
            top = self.takeable()
            return f"take {tiles.name(top)}" if top >= 0 else "take"
        if action >= FINISH:
            return f"finish {tiles.name(action - FINISH)}"
        if action >= DISCARD:
            return f"discard {tiles.name(action - DISCARD)}"
        word = {P_INDICATOR: "indicator", P_DEAL: "deal", P_DRAWING: "drew"}.get(self.phase,
                                                                                "tile")
        return f"{word} {tiles.name(action)}"

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        """Others see a tile dealt or drawn without its face; the rest is public."""
        if self.phase == P_DEAL:
            to = self.game.deal_seat(self.starter, self.dealt)
            if seat != to:
                return f"deal to {_seat_name(to)}"
        elif self.phase == P_DRAWING and seat != self.seat:
            return "draws from the pile"
        return None

    def string_to_action(self, text: str) -> int:
        """Parse a move: ``take``, ``draw``, ``discard R5`` or ``R5``, ``finish R5``; chance
        outcomes as printed (``deal R5``, ``drew R5``, ``indicator R5``, ``seat 2 starts``).

        >>> from spieltisch import load
        >>> state = load("okey").new_initial_state()
        >>> state.string_to_action("seat 3 starts")
        163
        """
        check_text(text)
        if self.phase == P_OVER:
            raise IllegalAction(Reason("match.over", "the match is over"))
        words = [self._unstarred(w) for w in text.split()]  # as typed, to quote a tile
        action = _parse(words, self.phase)
        if action is None and self.is_chance_node():
            raise not_an_outcome(text)
        if action is None:
            raise IllegalAction(Reason(
                "okey.not_a_move", "{text!r} is not a move: type take, draw, discard R5 (or "
                "just R5) or finish R5", text=text.strip()))
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        if action == TAKE and len(words) == 2 and tiles.parse(words[1]) != self.takeable():
            raise IllegalAction(Reason("okey.takeable",
                                       "the discard you can take is {tile}, not {typed}",
                                       tile=tiles.name(self.takeable()),
                                       typed=words[1].upper()))
        return action

    def _unstarred(self, word: str) -> str:
        """A typed word without the star the screens mark the okey with ("K2*"); a star
        on another tile is refused."""
        if len(word) < 2 or not word.endswith("*"):
            return word
        try:
            tile = tiles.parse(word[:-1])
        except IllegalAction:
            return word
        if tile != self.okey:
            raise IllegalAction(Reason(
                "okey.not_the_okey", "only the okey is marked *: {tile} is not the okey"
                "{okey}", tile=tiles.name(tile),
                okey=f" ({tiles.name(self.okey)})" if self.okey >= 0 else ""))
        return word[:-1]

    def explain_illegal(self, action: int) -> str:
        action = as_action(action)
        phase = self.phase
        if phase == P_OVER:
            return Reason("match.over", "the match is over")
        try:
            name = self.action_to_string(action)
        except IllegalAction as refusal:
            return str(refusal)
        if phase == P_DRAW:
            if action >= STARTER or action < DISCARD:
                return Reason("okey.draw_now", "{move} is not a move: take or draw now",
                              move=name)
            if action >= TAKE:
                return super().explain_illegal(action)
            if action >= FINISH:
                return Reason("okey.draw_before_finish",
                              "take the discard or draw from the pile before you finish")
            return Reason("okey.draw_before_discard",
                          "take the discard or draw from the pile before you discard")
        if phase == P_DISCARD:
            if action in (TAKE, DRAW) and self.turns == 0 and self.seat == self.starter:
                return Reason("okey.opening_discard", "you start the round with 15 tiles and "
                              "take or draw nothing: discard one now (or finish)")
            if action in (TAKE, DRAW):
                return Reason("okey.discard_now",
                              "you have your tile already: discard now (or finish)")
            if DISCARD <= action < TAKE:
                tile = (action - DISCARD) % tiles.KINDS
                if not self.racks[self.seat][tile]:
                    return Reason("okey.not_on_rack", "you have no {tile} on your rack",
                                  tile=tiles.name(tile))
                if self.game.options.seven_pairs:
                    return Reason("okey.no_finish_pairs", "the 14 tiles left after {tile} do not "
                                  "all form sets and runs, nor seven pairs: discard it instead",
                                  tile=tiles.name(tile))
                return Reason("okey.no_finish", "the 14 tiles left after {tile} do not all form "
                              "sets and runs: discard it instead", tile=tiles.name(tile))
            return Reason("okey.discard_a_tile", "{move} is not a move: discard a tile now",
                          move=name)
        return f"{name} is not a possible outcome here"

    # --- information -------------------------------------------------------------------

    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        seat = self.check_seat(seat)
        from spieltisch.games.okey.records import view

        return view(self, seat)

    def observation(self, seat: SupportsIndex) -> list[float]:
        """A flat tensor of what `seat` may know: its rack, the indicator, the okey and the
        tile the player to draw may take (one-hot by kind), then each seat's discards (counts;
        only the takeable one's place in its pile matters) and what it was seen to take,
        rack size and discards made, then the phase, the seat, the player to move, the
        scores, the pile, the turn and the round."""
        seat = self.check_seat(seat, spectator=False)
        from spieltisch.games.okey.records import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, JSON]:
        from spieltisch.games.okey.records import to_json

        return to_json(self)

    def deal_number(self) -> int:
        """Each round is dealt from tiles shuffled afresh: the round's number."""
        return self.round

    def drawn_item(self, action: int) -> int | None:
        """The kind of tile a chance outcome (the indicator, a deal, a draw) takes.

        >>> from spieltisch import load
        >>> load("okey").new_initial_state().drawn_item(5)
        5
        """
        return action if 0 <= action < tiles.KINDS else None

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> OkeyState:
        """Deal the other racks (but those of `keep`) and the pile again from the tiles
        `seat` cannot see; tiles a seat was seen to take stay on its rack, and the kinds
        in `reserve` stay in the pile."""
        n = self.game.options.players
        if self.phase in (P_STARTER, P_INDICATOR):
            return self
        kept = {seat, *keep}
        unseen = list(tiles.FULL_SET)
        for s in kept:
            for k, c in enumerate(self.racks[s]):
                unseen[k] -= c
        for pile in self.discards:
            for k in pile:
                unseen[k] -= 1
        unseen[self.indicator] -= 1
        for s in range(n):
            if s not in kept:
                for k in self.known[s]:
                    unseen[k] -= 1
        needs = [0 if s in kept else sum(self.racks[s]) - len(self.known[s]) for s in range(n)]
        held = list(unseen)
        spare = sum(unseen) - sum(needs)
        for k in reserve:
            if held[k] and spare:
                held[k] -= 1
                spare -= 1
        drawn = rng.sample(tiles.kinds_of(held), sum(needs))
        racks = list(self.racks)
        fresh: dict[int, list[int]] = {}
        at = 0
        for s in range(n):
            if s not in kept:
                fresh[s] = drawn[at:at + needs[s]]
                at += needs[s]
                racks[s] = tiles.counts_of([*self.known[s], *fresh[s]])
        for k in drawn:
            unseen[k] -= 1
        twin = self._copy()
        twin.racks = tuple(racks)
        twin.pool = tuple(unseen)
        if self.last is not None and self.last[1] in ("deal", "drew") and self.last[0] not in kept:
            who = self.last[0]
            twin.last = (who, self.last[1], fresh[who][-1])
        return twin


def make_game(**options: Any) -> OkeyGame:
    """The factory of the registry: ``make_game(preset=..., players=..., rounds=...)``.

    >>> make_game(players=2).info.num_players
    2
    """
    return OkeyGame(OkeyOptions.make(**options))


_TILE_LIKE = re.compile(r"[A-Za-z][0-9]{1,3}")
"""A word written as a tile is (a letter and a number), though maybe not one."""


def _parse(words: Sequence[str], phase: int) -> int | None:
    """The action a typed move names (legality aside), or None; a badly written tile
    raises `IllegalAction` saying how tiles are written."""
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if len(words) == 3 and head == "seat" and words[2].lower() == "starts" and words[1].isascii() \
            and words[1].isdigit():
        return STARTER + int(words[1]) - 1 if 1 <= int(words[1]) <= 4 else None
    if head in ("take", "t") and len(rest) <= 1:
        return TAKE
    if head in ("draw", "d") and not rest:  # "d R5" discards, as "t" alone takes
        return DRAW
    if head in ("discard", "finish", "f") and not rest:
        verb = "finish" if head == "f" else head
        raise IllegalAction(Reason("okey.which_tile", "which tile? type {verb} and the tile, "
                                   "e.g. {verb} R5", verb=verb))
    if len(rest) == 1:
        base = {"discard": DISCARD, "d": DISCARD, "finish": FINISH, "f": FINISH,
                "indicator": 0, "deal": 0, "drew": 0, "tile": 0}.get(head)
        return None if base is None else base + tiles.parse(rest[0])
    if len(words) == 1:
        try:
            tile = tiles.parse(words[0])
        except IllegalAction:
            if phase in (P_DRAW, P_DISCARD) and _TILE_LIKE.fullmatch(words[0]):
                raise  # a letter and a number, typed by a player: meant as a tile
            return None
        return tile if phase in (P_INDICATOR, P_DEAL, P_DRAWING) else DISCARD + tile
    return None
