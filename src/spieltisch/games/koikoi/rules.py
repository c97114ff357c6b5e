"""Koi-Koi: the hanafuda game for two, as the rulebook ``koi-koi.de.txt`` and
RULINGS.md describe it.

Rules implemented
-----------------
* Deck: the 48 hanafuda cards (`cards.py`): 5 brights, 9 animals, 10 ribbons
  (3 poetry, 3 blue, 4 plain red), 24 plain cards (RULINGS).
* Match: the first dealer is drawn by chance (a fair coin stands in for the
  rulebook's birthday months). Each month 8 cards go to each hand and 8 face up to
  the table, dealt in pairs: 2 to the non-dealer, 2 to the table, 2 to the dealer,
  four times; the other 24 form the face-down pile. A table with four cards of
  one month is redealt (RULINGS); `deal.py` folds the redeal into the deal's
  probabilities, so that deal simply never happens. The dealer plays first.
* Turn: play a hand card. It takes the one table card of its month, or one of two
  (the player chooses), or all three; with none it stays on the table. Then the top
  card of the pile is turned and resolved the same way; with two matches the
  player chooses which to take. The pile is face down and unordered here: the
  drawn card is a chance outcome among the cards nobody has seen.
* Koi-Koi: a turn that raised the player's yaku points (a new yaku or a higher
  one) lets the player stop (the month is scored) or call Koi-Koi and play on
  (RULINGS). Stopping after the opponent called Koi-Koi leaves the opponent with
  nothing. When the hands run out, the last player who called Koi-Koi scores the
  yaku they hold then; without any call, preset ``seed`` gives the dealer 1 point
  (Oya-ken). The winner of a month deals the next; without a winner the dealer
  stays.
* Yaku (`yaku.py`): Kasu 10 plain = 1 (+1 each further), Tanzaku 5 ribbons = 1 (+1),
  Tane 5 animals = 1 (+1), Aotan 5, Akatan 5, Ino-Shika-Chō 5, Sankō 5, Ame-Shikō 6,
  Shikō 8, Gokō 10 (only the best bright yaku), Tsukimi-zake 5 and Hanami-zake 5
  only alongside another yaku, Tsukifuda 5, Oya-ken 1. The Sake Cup counts as an
  animal or as plain, whichever scores more, never as both (RULINGS).
* Match end (preset ``seed``): a player reaches 50 points. Options: ``target``
  (points, 0 = none), ``months`` (a number of months, most points wins; 0 = no
  limit), ``subtract`` (the month's points are also taken from the loser),
  ``double_seven``, ``double_koikoi``. Equal points at the end are a draw.
* Preset ``nintendo`` (RULINGS): Ame-Shikō 7, the sake yaku count on their own,
  Teshi (four of a month) or Kuttsuki (four pairs) in a dealt hand win 6 at once,
  7 or more points count double, points count double when the opponent had called
  Koi-Koi; no Tsukifuda, no Oya-ken; 12 months.

Decisions where rulebook and RULINGS are silent
-----------------------------------------------
* "Raised a yaku" means the total of the player's yaku points grew during the turn.
* The current month for Tsukifuda is the month of the match's calendar: month
  ``k`` of the match is flower month ``(k - 1) % 12 + 1``.
* "Another yaku" for the sake yaku is any yaku but the two sake yaku themselves.
* A turn that raises the yaku when both hands are empty ends the month as a stop
  would (a Koi-Koi would have nothing left to play for); its reason is ``last-turn``.
* When the month runs out after Koi-Koi, the last caller's points are counted as
  a stop would count them (multipliers included).
* Oya-ken makes the dealer the month's winner (so the dealer deals again).
* Teshi/Kuttsuki are checked when the deal is complete; if both hands hold one,
  the month ends without points and the dealer stays.
* A month with no winner counts towards ``months``.

View keys (``view(seat)``)
--------------------------
``seat``, ``preset``, ``phase`` (first-dealer, deal, play, draw, choose, decide,
over), ``to_move`` (seat or null), ``turn`` (seat whose turn it is, or null),
``month`` (1, 2, …), ``flower`` (1–12), ``flower_name``, ``target``, ``months``,
``double_seven``, ``double_koikoi`` (the multipliers in force),
``dealer``, ``scores``, ``hand`` (own cards; null for spectators), ``hand_sizes``,
``table``, ``pile_size``, ``drawn`` (the drawn card waiting for a choice, or
null), ``captured`` (per seat: cards by kind: bright, animal, ribbon, plain),
``yaku`` (per seat: key, name, english, points), ``yaku_points`` (per seat),
``sake_as_plain`` (per seat), ``stop_points`` (per seat: what stopping now would
earn, multipliers applied), ``koikoi_calls`` (per seat), ``last_caller``,
``at_stake`` (in phase decide: seat, stop_points, yaku_points, opponent_called,
opponent_stop_points; else null), ``last_move`` (as this seat may see it),
``last_mover`` (the seat that made it, null for chance), ``log`` (this month's moves:
seat, move, and takes: the table cards it took), ``history`` (finished months:
month, dealer, winner, points, yaku, reason, shown: the cards a Teshi or Kuttsuki
showed), ``winner`` (at the end: seat or
null for a draw). A card is ``{id, code, month, kind, ribbon, name, name_ja}``.

>>> from spieltisch import load
>>> state = load("koikoi").new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'first dealer seat 1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
    not_an_outcome,
    unreadable,
    whole_number,
)
from spieltisch.core.reasons import Reason
from spieltisch.games.koikoi import actions as act
from spieltisch.games.koikoi.cards import (
    CARDS,
    DECK,
    KIND_MASK,
    KINDS,
    MONTH_MASK,
    MONTHS,
    card_id,
    cards_of,
    mask_of,
    parse_card,
)
from spieltisch.games.koikoi.deal import HAND_SIZE, TABLE_SIZE, deal_odds
from spieltisch.games.koikoi.options import Rules, make_rules, month_limit
from spieltisch.games.koikoi.yaku import (
    HAND_YAKU_POINTS,
    YAKU,
    hand_yaku,
    month_value,
    sake_as_plain,
    yaku_list,
    yaku_points,
)

FIRST, DEAL, PLAY, DRAW, CHOOSE, DECIDE, OVER = range(7)
_DECISION_WORDS = {
    **dict.fromkeys(("k", "koi", "koikoi", "koi-koi", "koi koi", "call"), act.KOIKOI),
    **dict.fromkeys(("s", "stop", "shobu", "end"), act.STOP),
}
PHASES = ("first-dealer", "deal", "play", "draw", "choose", "decide", "over")
DEAL_STEPS = 2 * HAND_SIZE + TABLE_SIZE
ACTIONS_PER_MONTH = DEAL_STEPS + 4 * 2 * HAND_SIZE
"""Deals, then per turn at most: play, draw, choose, decide."""
OBSERVATION_SIZE = 6 * 48 + 6 + 2 + 2 + 2 + 2 + 12 + 1 + 2


def deal_place(step: int, dealer: int) -> int:
    """Where the ``step``-th card of a deal goes: a seat's hand or `actions.TABLE`.

    >>> [deal_place(s, 0) for s in range(6)]
    [1, 1, 2, 2, 0, 0]
    """
    slot = step % 6
    if slot < 2:
        return 1 - dealer
    return act.TABLE if slot < 4 else dealer


class MonthResult(tuple[int, int, int, int, tuple[tuple[str, int], ...], str, int]):
    """A finished month: (month, dealer, winner or -1, points, yaku, reason, shown).

    Reasons: ``stop``, ``koikoi`` (the hands ran out; the last caller scores),
    ``last-turn`` (a yaku raised on the month's last turn scores without a choice),
    ``oya-ken``, ``hand`` (Teshi/Kuttsuki), ``none`` (nobody scores). ``shown`` is
    the mask of the cards the hands had to show: a Teshi's four cards or a
    Kuttsuki's pairs (for both seats when both hold one), else 0.
    """

    __slots__ = ()

    def to_json(self) -> dict[str, JSON]:
        month, dealer, winner, points, yaku, reason, shown = self
        return {"month": month, "dealer": dealer, "winner": None if winner < 0 else winner,
                "points": points, "yaku": [_yaku_json(k, p) for k, p in yaku],
                "reason": reason, "shown": _cards_json(shown)}


def _yaku_json(key: str, points: int) -> dict[str, JSON]:
    name, english = YAKU[key]
    return {"key": key, "name": name, "english": english, "points": points}


class KoiKoiGame(Game):
    """Koi-Koi with a rule set (`options.Rules`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.info = GameInfo(
            name="koikoi",
            title="Koi-Koi",
            preset=rules.preset,
            num_players=2,
            num_distinct_actions=act.NUM_ACTIONS,
            max_chance_outcomes=48,
            max_game_length=1 + month_limit(rules) * ACTIONS_PER_MONTH,
            hidden_information=True,
            observation_shape=(OBSERVATION_SIZE,),
            options=rules.options() | {"players": 2},
        )

    def new_initial_state(self) -> KoiKoiState:
        """The match before the first dealer is drawn."""
        return KoiKoiState(self, FIRST, dealer=-1, player=-1, month=1, step=0, hands=(0, 0),
                           table=0, deck=DECK, caps=(0, 0), drawn=-1, calls=(0, 0),
                           last_caller=-1, base=0, scores=(0, 0), last=(-1, -1), log=(),
                           history=())

    def state_from_json(self, data: JSON) -> KoiKoiState:
        """Rebuild a state from `KoiKoiState.to_json`."""
        try:
            return _from_json(self, data)
        except READ_ERRORS as fault:
            raise unreadable("a Koi-Koi state", fault, data) from None


def make_game(preset: str = "seed", players: int = 2, **options: JSON) -> KoiKoiGame:
    """The registry's factory: validated options, then the game."""
    return KoiKoiGame(make_rules(preset, players, **options))


_PLAIN_NAMES = {name: m + 1 for m, (flower, flower_ja) in enumerate(MONTHS) for sep in (" ", "-")
                for name in (f"{flower.lower()}{sep}plain",
                             f"{flower_ja.lower()}{sep}no{sep}kasu")}


def _plain_month(text: str) -> int | None:
    """The month of ``<month>p`` or ``<flower> plain`` (a month's plain card), else None.

    >>> _plain_month("10p"), _plain_month("maple plain"), _plain_month("maple-plain-1")
    (10, 10, None)
    >>> _plain_month("Momiji no Kasu")
    10
    """
    text = " ".join(text.strip().lower().split())
    digits = text.removesuffix("p")
    if digits != text and digits.isascii() and digits.isdigit() and 1 <= int(digits) <= 12:
        return int(digits)
    return _PLAIN_NAMES.get(text)


def _names_card(text: str) -> bool:
    """Whether ``text`` names one card, or a month's plain card as ``<month>p``."""
    if _plain_month(text) is not None:
        return True
    try:
        parse_card(text)
    except IllegalAction:
        return False
    return True


def _two_cards(text: str) -> tuple[str, str] | None:
    """``text`` split at the space that leaves a card on both sides (names have spaces
    too); without one, after the first words that name a card; None if none do."""
    words = text.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    for first, second in cuts:
        if _names_card(first) and _names_card(second):
            return first, second
    for first, second in cuts:
        if _names_card(first):
            return first, second
    return None


def _card_and_target(text: str) -> tuple[str, str] | None:
    """``text`` split into a card and the card it takes (``3r>3b``, ``3r takes 3b``,
    ``3r 3b``); None if it names a single card or no pair.

    >>> _card_and_target("3r takes 3b"), _card_and_target("3r")
    (('3r', '3b'), None)
    """
    if _names_card(text):
        return None
    lower = text.lower()  # as long as `text`: `string_to_action` checks
    for sep in (">", ":", "+", " takes ", " take "):
        if sep in lower:
            at = lower.index(sep)
            return text[:at], text[at + len(sep):]
    return _two_cards(text) if " " in text else None


class KoiKoiState(State):
    """One position of a Koi-Koi match; immutable."""

    __slots__ = ("base", "calls", "caps", "dealer", "deck", "drawn", "game", "hands",
                 "history", "last", "last_caller", "log", "month", "phase", "player",
                 "points", "rules", "step", "table")

    game: KoiKoiGame

    def __init__(self, game: KoiKoiGame, phase: int, *, dealer: int, player: int, month: int,
                 step: int, hands: tuple[int, int], table: int, deck: int,
                 caps: tuple[int, int], drawn: int, calls: tuple[int, int], last_caller: int,
                 base: int, scores: tuple[int, int], last: tuple[int, int],
                 log: tuple[tuple[int, int], ...], history: tuple[MonthResult, ...]) -> None:
        self.game = game
        self.rules = game.rules
        self.phase = phase
        self.dealer = dealer
        self.player = player
        """Whose turn it is (play, draw, choose, decide); -1 otherwise."""
        self.month = month
        self.step = step
        """Cards dealt so far this month."""
        self.hands = hands
        self.table = table
        self.deck = deck
        """Cards nobody has seen: the undealt cards, then the draw pile."""
        self.caps = caps
        """Each seat's captured cards."""
        self.drawn = drawn
        self.calls = calls
        """Koi-Koi calls per seat this month."""
        self.last_caller = last_caller
        self.base = base
        """Yaku points of the player to move when their turn began."""
        self.points = scores
        """Match points per seat."""
        self.last = last
        """(seat, or -1 for chance; action) of the last action."""
        self.log = log
        """(seat, action) of this month's plays, draws and decisions."""
        self.history = history

    def _clone(self) -> KoiKoiState:
        new = object.__new__(KoiKoiState)
        new.game = self.game
        new.rules = self.rules
        new.phase = self.phase
        new.dealer = self.dealer
        new.player = self.player
        new.month = self.month
        new.step = self.step
        new.hands = self.hands
        new.table = self.table
        new.deck = self.deck
        new.caps = self.caps
        new.drawn = self.drawn
        new.calls = self.calls
        new.last_caller = self.last_caller
        new.base = self.base
        new.points = self.points
        new.last = self.last
        new.log = self.log
        new.history = self.history
        return new

    # ----------------------------------------------------------------- protocol

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in (FIRST, DEAL, DRAW):
            return CHANCE
        return self.player

    @property
    def flower(self) -> int:
        """The flower month (1–12) of the current month of the match."""
        return (self.month - 1) % 12 + 1

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            table = self.table
            out: list[int] = []
            hand = self.hands[self.player]
            while hand:
                low = hand & -hand
                card = low.bit_length() - 1
                hand ^= low
                matches = table & MONTH_MASK[card >> 2]
                if matches.bit_count() == 2:
                    base = act.PLAY_TAKE + card * 4
                    out.extend(base + (t & 3) for t in cards_of(matches))
                else:
                    out.append(card)
            out.sort()
            return out
        if phase == DRAW:
            return [act.DRAW + c for c in cards_of(self.deck)]
        if phase == CHOOSE:
            return [act.TAKE + t for t in cards_of(self.table & MONTH_MASK[self.drawn >> 2])]
        if phase == DECIDE:
            return [act.STOP, act.KOIKOI]
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == DRAW:
            cards = cards_of(self.deck)
            share = 1.0 / len(cards)
            return [(act.DRAW + c, share) for c in cards]
        if phase == DEAL:
            place = deal_place(self.step, self.dealer)
            odds = deal_odds(self.deck, self.table, to_table=place == act.TABLE)
            offset = act.DEAL + place * 48
            return [(offset + c, p) for c, p in odds]
        if phase == FIRST:
            return [(act.FIRST_DEALER, 0.5), (act.FIRST_DEALER + 1, 0.5)]
        return []

    def _apply(self, action: int) -> KoiKoiState:
        phase = self.phase
        new = self._clone()
        if phase == PLAY:
            seat = self.player
            new.last = (seat, action)
            new.log = (*self.log, (seat, action))
            if action < act.PLAY_TAKE:
                card, target = action, -1
            else:
                card, slot = divmod(action - act.PLAY_TAKE, 4)
                target = card & ~3 | slot
            hands = list(self.hands)
            hands[seat] ^= 1 << card
            new.hands = (hands[0], hands[1])
            new._capture(card, target)
            new.phase = DRAW
            return new
        if phase == DRAW:
            card = action - act.DRAW
            new.last = (-1, action)
            new.log = (*self.log, (self.player, action))
            new.deck = self.deck ^ (1 << card)
            if (self.table & MONTH_MASK[card >> 2]).bit_count() == 2:
                new.drawn = card
                new.phase = CHOOSE
                return new
            new._capture(card, -1)
            return new._end_turn()
        if phase == CHOOSE:
            new.last = (self.player, action)
            new.log = (*self.log, (self.player, action))
            new._capture(self.drawn, action - act.TAKE)
            new.drawn = -1
            return new._end_turn()
        if phase == DECIDE:
            seat = self.player
            new.last = (seat, action)
            new.log = (*self.log, (seat, action))
            if action == act.STOP:
                return new._settle_stop(seat, "stop")
            calls = list(self.calls)
            calls[seat] += 1
            new.calls = (calls[0], calls[1])
            new.last_caller = seat
            return new._next_turn()
        new.last = (-1, action)
        if phase == FIRST:
            new.dealer = action - act.FIRST_DEALER
            new.phase = DEAL
            return new
        place, card = divmod(action - act.DEAL, 48)
        new.deck = self.deck ^ (1 << card)
        if place == act.TABLE:
            new.table = self.table | (1 << card)
        else:
            hands = list(self.hands)
            hands[place] |= 1 << card
            new.hands = (hands[0], hands[1])
        new.step = self.step + 1
        if new.step < DEAL_STEPS:
            return new
        return new._start_play()

    # ----------------------------------------------------------- transitions
    # These mutate a fresh clone before it is handed out.

    def _capture(self, card: int, target: int) -> None:
        """Resolve ``card`` against the table (``target`` chosen when two match)."""
        table = self.table
        matches = table & MONTH_MASK[card >> 2]
        if not matches:
            self.table = table | (1 << card)
            return
        if target >= 0:
            matches = 1 << target
        caps = list(self.caps)
        caps[self.player] |= matches | (1 << card)
        self.caps = (caps[0], caps[1])
        self.table = table & ~matches

    def _end_turn(self) -> KoiKoiState:
        seat = self.player
        raised = yaku_points(self.caps[seat], self.flower, self.rules) > self.base
        over = not (self.hands[0] | self.hands[1])
        if raised:
            if over:
                return self._settle_stop(seat, "last-turn")
            self.phase = DECIDE
            return self
        if over:
            return self._run_out()
        return self._next_turn()

    def _next_turn(self) -> KoiKoiState:
        seat = 1 - self.player
        self.player = seat
        self.base = yaku_points(self.caps[seat], self.flower, self.rules)
        self.phase = PLAY
        return self

    def _start_play(self) -> KoiKoiState:
        if self.rules.hand_yaku:
            found = [hand_yaku(h) for h in self.hands]
            shown = _hand_yaku_cards(self.hands[0]) | _hand_yaku_cards(self.hands[1])
            if found[0] and found[1]:
                return self._settle(-1, 0, (), "none", shown)
            for seat in (0, 1):
                kind = found[seat]
                if kind:
                    return self._settle(seat, HAND_YAKU_POINTS, ((kind, HAND_YAKU_POINTS),),
                                        "hand", shown)
        self.player = self.dealer
        self.base = 0
        self.phase = PLAY
        return self

    def _settle_stop(self, seat: int, reason: str) -> KoiKoiState:
        yaku = yaku_list(self.caps[seat], self.flower, self.rules)
        base = sum(p for _, p in yaku)
        points = month_value(base, self.calls[1 - seat] > 0, self.rules)
        return self._settle(seat, points, yaku, reason)

    def _run_out(self) -> KoiKoiState:
        if self.last_caller >= 0:
            return self._settle_stop(self.last_caller, "koikoi")
        if self.rules.oyaken:
            return self._settle(self.dealer, 1, (("oyaken", 1),), "oya-ken")
        return self._settle(-1, 0, (), "none")

    def _settle(self, winner: int, points: int, yaku: tuple[tuple[str, int], ...],
                reason: str, shown: int = 0) -> KoiKoiState:
        rules = self.rules
        self.history = (*self.history, MonthResult((self.month, self.dealer, winner, points,
                                                    yaku, reason, shown)))
        if winner >= 0:
            scores = list(self.points)
            scores[winner] += points
            if rules.subtract:
                scores[1 - winner] -= points
            self.points = (scores[0], scores[1])
            if rules.target and scores[winner] >= rules.target:
                self.phase = OVER
                return self
        if rules.months and self.month >= rules.months:
            self.phase = OVER
            return self
        if winner >= 0:
            self.dealer = winner
        self.phase = DEAL
        self.month += 1
        self.step = 0
        self.player = -1
        self.hands = (0, 0)
        self.table = 0
        self.deck = DECK
        self.caps = (0, 0)
        self.drawn = -1
        self.calls = (0, 0)
        self.last_caller = -1
        self.base = 0
        self.log = ()
        return self

    # ------------------------------------------------------------ information

    def scores(self) -> list[float]:
        """Match points of each seat."""
        return [float(p) for p in self.points]

    def action_to_string(self, action: int) -> str:
        return act.describe(action)

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        """Deals to a hand are shown without the card to everybody else."""
        if act.DEAL <= action < act.NUM_ACTIONS:
            place = (action - act.DEAL) // 48
            if place != act.TABLE and place != seat:
                return f"deal to seat {place + 1}"
        return None

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` cannot be played now, without naming hidden cards."""
        action = as_action(action)
        if not 0 <= action < act.NUM_ACTIONS:
            return f"action {action} is out of range"
        phase = self.phase
        if phase == OVER:
            return Reason("match.over", "the match is over")
        name = act.describe(action)
        if phase in (FIRST, DEAL, DRAW):
            if self.phase == DEAL and action >= act.DEAL and \
                    (action - act.DEAL) // 48 == act.TABLE:
                card = (action - act.DEAL) % 48
                if self.table & MONTH_MASK[card >> 2] == MONTH_MASK[card >> 2] & ~(1 << card):
                    return (f"{name} would put four cards of one month on the table, "
                            "which is redealt, so that deal never happens")
            return f"{name} is not a possible chance outcome now ({PHASES[phase]})"
        if phase == PLAY:
            if action >= act.TAKE:
                return Reason("koikoi.hand_first",
                              "{move} is not possible now: play a card from your hand first",
                              move=name)
            card = action if action < act.PLAY_TAKE else (action - act.PLAY_TAKE) // 4
            code = CARDS[card].code
            if not self.hands[self.player] >> card & 1:
                return Reason("koikoi.not_in_hand", "{card} is not in your hand", card=code)
            matches = cards_of(self.table & MONTH_MASK[card >> 2])
            if len(matches) == 2:
                return Reason("koikoi.two_targets",
                              "{card} matches two table cards: choose one with {first} or "
                              "{second}", card=code, first=f"{code}>{CARDS[matches[0]].code}",
                              second=f"{code}>{CARDS[matches[1]].code}")
            return Reason("koikoi.no_choice", "{card} has no choice of target: play it as "
                          "{card}", card=code)
        if phase == CHOOSE:
            return Reason("koikoi.drawn_takes", "the drawn card {card} takes one of two: "
                          "{options}", card=CARDS[self.drawn].code,
                          options=", ".join(act.describe(a) for a in self.legal_actions()))
        if phase == DECIDE:
            return Reason("koikoi.decide", "decide first: stop (score now) or koikoi (play on)")
        return super().explain_illegal(action)

    def string_to_action(self, text: str) -> int:
        """Parse notation (see `actions`); also ``k``/``koi-koi``, ``s``, ``3r 3b``,
        ``3r takes 3b``, a bare target after a draw, and a month's plain card
        as ``1p``."""
        check_text(text)
        wanted = " ".join(text.strip().lower().split())
        typed = " ".join(text.split())  # as typed, to quote a card that is not one
        if len(typed) != len(wanted):  # lower case of another length: lower case only
            typed = wanted
        legal = self.legal_actions()
        for action in legal:
            if act.describe(action) == wanted:
                return action
        decision = _DECISION_WORDS.get(wanted)
        if self.phase == DECIDE:
            if decision is not None:
                return decision
            raise IllegalAction(Reason("koikoi.type_decision", "{text!r}: type stop or koikoi",
                                       text=text.strip()))
        if self.phase == CHOOSE:
            if decision is not None:
                raise IllegalAction(self.explain_illegal(decision))
            body = typed[5:] if wanted.startswith("take ") else typed
            return self._parse_take(self._drawn_target(body, legal), legal)
        if self.phase == PLAY:
            if decision is not None:
                raise IllegalAction(Reason("koikoi.no_decision", "there is nothing to stop or "
                                           "call now: play a card from your hand"))
            if wanted.startswith("take "):
                raise IllegalAction(Reason("koikoi.take_drawn", "{text!r}: only the drawn card "
                                           "takes that way; play a card from your hand first",
                                           text=text.strip()))
            return self._parse_play(typed, legal)
        if self.phase == OVER:
            raise IllegalAction(Reason("match.over", "the match is over"))
        raise not_an_outcome(text)

    def _drawn_target(self, text: str, legal: list[int]) -> str:
        """The target of ``3r>3b``, ``3r 3b`` or ``3r takes 3b`` typed for the drawn card
        3r; ``text`` itself when it names no card before a target."""
        pair = _card_and_target(text)
        if pair is None or not _names_card(pair[0]):
            return text
        first = pair[0].strip()
        month = _plain_month(first)
        if month is None:
            drawn = parse_card(first) == self.drawn
        else:
            drawn = month == (self.drawn >> 2) + 1 and bool(KIND_MASK["plain"] >> self.drawn & 1)
        if drawn:
            return pair[1]
        raise IllegalAction(Reason("koikoi.not_drawn", "{card} is not the drawn card "
                                   "({drawn}); type {options}", card=first,
                                   drawn=CARDS[self.drawn].code,
                                   options=", ".join(act.describe(a) for a in legal)))

    def _parse_take(self, text: str, legal: list[int]) -> int:
        target = self._table_card(text)
        if act.TAKE + target in legal:
            return act.TAKE + target
        raise IllegalAction(Reason("koikoi.drawn_cannot_take",
                                   "the drawn card cannot take {card}; type {options}",
                                   card=CARDS[target].code,
                                   options=", ".join(act.describe(a) for a in legal)))

    def _parse_play(self, text: str, legal: list[int]) -> int:
        pair = _card_and_target(text)
        if pair is not None:
            return self._parse_capture(*pair, legal)
        card = self._hand_card(text)
        if card in legal:
            return card
        raise IllegalAction(self.explain_illegal(card))

    def _parse_capture(self, first: str, second: str, legal: list[int]) -> int:
        card = self._hand_card(first)
        if not self.hands[self.player] >> card & 1:
            raise IllegalAction(self.explain_illegal(card))
        try:
            target = self._table_card(second)
        except IllegalAction as missing:
            if _plain_month(second) is None:
                raise
            raise IllegalAction(Reason("koikoi.cannot_take", "{card} cannot take {target}; "
                                       "{why}", card=CARDS[card].code, target=second.strip(),
                                       why=missing.args[0])) from None
        if act.play_take(card, target) in legal and target >> 2 == card >> 2:
            return act.play_take(card, target)
        if card in legal and self.table >> target & 1 and target >> 2 == card >> 2:
            return card
        raise IllegalAction(Reason("koikoi.cannot_take", "{card} cannot take {target}; {why}",
                                   card=CARDS[card].code, target=CARDS[target].code,
                                   why=self.explain_illegal(card)))

    def _hand_card(self, text: str) -> int:
        """A card code; ``<month>p`` stands for the lowest plain card of that month in hand."""
        text = text.strip()
        month = _plain_month(text)
        if month is not None:
            plains = self.hands[self.player] & MONTH_MASK[month - 1] & KIND_MASK["plain"]
            if plains:
                return cards_of(plains)[0]
            try:
                return parse_card(text)
            except IllegalAction:
                raise IllegalAction(Reason("koikoi.no_plain",
                                           "you hold no plain card of month {month} ({flower})",
                                           month=month, flower=MONTHS[month - 1][0])) from None
        return parse_card(text)

    def _table_card(self, text: str) -> int:
        """A card code; ``<month>p`` stands for the lowest plain card of that month on the
        table (a month's plain cards are worth the same)."""
        text = text.strip()
        month = _plain_month(text)
        if month is not None:
            plains = self.table & MONTH_MASK[month - 1] & KIND_MASK["plain"]
            if plains:
                return cards_of(plains)[0]
            try:
                return parse_card(text)
            except IllegalAction:
                raise IllegalAction(Reason("koikoi.no_plain_on_table", "there is no plain card "
                                           "of month {month} ({flower}) on the table",
                                           month=month, flower=MONTHS[month - 1][0])) from None
        return parse_card(text)

    def log_takes(self) -> list[int]:
        """The table cards each move of this month's log took (a mask; 0 for none, for a
        decision, and for a draw that waits for its choice)."""
        moved = 0
        for _, action in self.log:
            if action < act.TAKE:
                moved |= 1 << (action if action < act.PLAY_TAKE else
                               (action - act.PLAY_TAKE) // 4)
            elif action >= act.DRAW:
                moved |= 1 << (action - act.DRAW)
        table = (self.table | self.caps[0] | self.caps[1]) & ~moved
        out: list[int] = []
        for _, action in self.log:
            card, target = -1, -1
            if action < act.PLAY_TAKE:
                card = action
            elif action < act.TAKE:
                card, slot = divmod(action - act.PLAY_TAKE, 4)
                target = card & ~3 | slot
            elif action < act.STOP:
                target = action - act.TAKE
            elif action >= act.DRAW:
                card = action - act.DRAW
            if card < 0:
                taken = 1 << target if target >= 0 else 0
                table &= ~taken
                out.append(taken)
                continue
            matches = table & MONTH_MASK[card >> 2]
            if matches.bit_count() == 2 and target < 0:
                out.append(0)
                continue
            taken = 1 << target if target >= 0 else matches
            table = (table & ~taken) | (0 if taken else 1 << card)
            out.append(taken)
        return out

    def yaku(self, seat: int) -> tuple[tuple[str, int], ...]:
        """The yaku ``seat`` holds now, as (key, points)."""
        return yaku_list(self.caps[seat], self.flower, self.rules)

    def stop_points(self, seat: int) -> int:
        """What ``seat`` would earn by stopping now (0 without a yaku)."""
        base = yaku_points(self.caps[seat], self.flower, self.rules)
        return month_value(base, self.calls[1 - seat] > 0, self.rules) if base else 0

    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        seat = self.check_seat(seat)
        rules = self.rules
        flower = self.flower
        playing = self.phase in (PLAY, DRAW, CHOOSE, DECIDE)
        stop_points = [self.stop_points(s) for s in (0, 1)]
        at_stake: JSON = None
        if self.phase == DECIDE:
            me = self.player
            at_stake = {"seat": me, "stop_points": stop_points[me],
                        "yaku_points": yaku_points(self.caps[me], flower, rules),
                        "opponent_called": self.calls[1 - me] > 0,
                        "opponent_stop_points": stop_points[1 - me]}
        last_seat, last_action = self.last
        last_move = None
        if last_action >= 0:
            last_move = self.action_as_seen(last_action, seat)
        winner: JSON = None
        if self.phase == OVER and self.points[0] != self.points[1]:
            winner = 0 if self.points[0] > self.points[1] else 1
        return {
            "seat": seat,
            "preset": rules.preset,
            "phase": PHASES[self.phase],
            "to_move": self.player if self.phase in (PLAY, CHOOSE, DECIDE) else None,
            "turn": self.player if playing else None,
            "month": self.month,
            "flower": flower,
            "flower_name": " / ".join(MONTHS[flower - 1]),
            "target": rules.target or None,
            "months": rules.months or None,
            "double_seven": rules.double_seven,
            "double_koikoi": rules.double_koikoi,
            "dealer": None if self.dealer < 0 else self.dealer,
            "scores": list(self.points),
            "hand": None if seat is None else _cards_json(self.hands[seat]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "table": _cards_json(self.table),
            "pile_size": self.deck.bit_count() if self.phase != DEAL else
            len(CARDS) - DEAL_STEPS,
            "drawn": CARDS[self.drawn].to_json() if self.drawn >= 0 else None,
            "captured": [{kind: _cards_json(cap & KIND_MASK[kind]) for kind in KINDS}
                         for cap in self.caps],
            "yaku": [[_yaku_json(k, p) for k, p in self.yaku(s)] for s in (0, 1)],
            "yaku_points": [yaku_points(cap, flower, rules) for cap in self.caps],
            "sake_as_plain": [sake_as_plain(cap, flower, rules) for cap in self.caps],
            "stop_points": stop_points,
            "koikoi_calls": list(self.calls),
            "last_caller": None if self.last_caller < 0 else self.last_caller,
            "at_stake": at_stake,
            "last_move": last_move,
            "last_mover": None if last_seat < 0 else last_seat,
            "log": [{"seat": s, "move": act.describe(a), "takes": _codes(taken)}
                    for (s, a), taken in zip(self.log, self.log_takes(), strict=True)],
            "history": [r.to_json() for r in self.history],
            "winner": winner,
        }

    def observation(self, seat: SupportsIndex) -> list[float]:
        """Per card: own hand, table, own captures, opponent captures, unseen, drawn;
        then phase, dealer, turn, calls, scores, month, flower, sizes, stop points."""
        seat = self.check_seat(seat, spectator=False)
        other = 1 - seat
        unseen = self.deck | self.hands[other]
        planes = (self.hands[seat], self.table, self.caps[seat], self.caps[other], unseen,
                  (1 << self.drawn) if self.drawn >= 0 else 0)
        obs = [float(plane >> c & 1) for plane in planes for c in range(48)]
        obs.extend(float(self.phase == p) for p in (DEAL, PLAY, DRAW, CHOOSE, DECIDE, OVER))
        obs.append(float(self.dealer == seat))
        obs.append(float(self.current_player == seat))
        obs.extend((float(self.calls[seat] > 0), float(self.calls[other] > 0)))
        obs.extend((self.points[seat] / 50.0, self.points[other] / 50.0))
        obs.extend((float(self.player == seat), self.month / 12.0))
        obs.extend(float(self.flower == f) for f in range(1, 13))
        obs.append(self.hands[other].bit_count() / HAND_SIZE)
        obs.extend((self.stop_points(seat) / 20.0, self.stop_points(other) / 20.0))
        return obs

    def with_hand(self, seat: int, hand: int) -> KoiKoiState:
        """This state with ``hand`` (a card mask) as ``seat``'s hand; the cards of its
        old hand that ``hand`` leaves out go to the pile. `IllegalAction` if ``hand``
        holds a card that is neither in that hand nor in the pile.

        >>> from spieltisch import load
        >>> state = load("koikoi").new_initial_state()
        >>> while state.current_player < 0:
        ...     state = state.apply(state.legal_actions()[0])
        >>> hand, pile = state.hands[1], state.deck
        >>> swapped = state.with_hand(1, hand & (hand - 1) | pile & -pile)
        >>> swapped.hands[1] != hand, swapped.hands[1] | swapped.deck == hand | pile
        (True, True)
        >>> state.with_hand(1, state.hands[0])
        Traceback (most recent call last):
        spieltisch.core.protocol.IllegalAction: a hand may only hold cards of that hand or the pile
        """
        unseen = self.deck | self.hands[seat]
        if hand & ~unseen:
            raise IllegalAction("a hand may only hold cards of that hand or the pile")
        new = self._clone()
        hands = list(self.hands)
        hands[seat] = hand
        new.hands = (hands[0], hands[1])
        new.deck = unseen & ~hand
        return new

    def deal_number(self) -> int:
        """Each month is dealt from a deck shuffled afresh: the month's number."""
        return self.month

    def settled(self) -> bool:
        """A month after the first is settled once it is dealt: taking back the move that
        ended the month before would shuffle this deal afresh, so that a player could
        deal the next month again and again until it suits them.

        >>> from spieltisch import load
        >>> state = load("koikoi").new_initial_state()
        >>> state.settled()
        False
        """
        return self.month > 1 and not self.is_chance_node() and not self.log

    def drawn_item(self, action: int) -> int | None:
        """The card a draw or a deal takes from the pile.

        >>> from spieltisch import load
        >>> state = load("koikoi").new_initial_state()
        >>> state.drawn_item(act.DRAW + 5), state.drawn_item(act.deal(5, act.TABLE))
        (5, 5)
        """
        return (action - act.DRAW) % 48 if action >= act.DRAW else None

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> KoiKoiState:
        """Deal the opponent's hand afresh from the cards ``seat`` has not seen but those
        in ``reserve`` (unless ``keep`` holds the opponent: the pile has no order, so
        nothing else is hidden). Once play has begun under Teshi and Kuttsuki, the hand
        it was dealt (this hand and the cards it played) held neither."""
        other = 1 - seat
        if self.phase == FIRST or other in keep:
            return self
        held = self.deck | self.hands[other]
        size = self.hands[other].bit_count()
        for card in reserve:
            bit = 1 << card
            if held & bit and (held & ~bit).bit_count() >= size:
                held &= ~bit
        pool = cards_of(held)
        checked = self.rules.hand_yaku and self.phase in (PLAY, DRAW, CHOOSE, DECIDE)
        played = mask_of([a if a < act.PLAY_TAKE else (a - act.PLAY_TAKE) // 4
                          for s, a in self.log if s == other and a < act.TAKE]) if checked else 0
        for _ in range(1000):
            rng.shuffle(pool)
            hand = mask_of(pool[:size])
            if not checked or hand_yaku(hand | played) is None:
                break
        new = self.with_hand(other, hand)
        last_seat, last_action = self.last
        if last_action >= act.DEAL and (last_action - act.DEAL) // 48 == other:
            new.last = (last_seat, act.deal(cards_of(hand)[0], other))
        return new

    def to_json(self) -> dict[str, JSON]:
        return {
            "phase": PHASES[self.phase],
            "dealer": self.dealer,
            "player": self.player,
            "month": self.month,
            "step": self.step,
            "hands": [_codes(h) for h in self.hands],
            "table": _codes(self.table),
            "deck": _codes(self.deck),
            "captured": [_codes(c) for c in self.caps],
            "drawn": CARDS[self.drawn].code if self.drawn >= 0 else None,
            "koikoi_calls": list(self.calls),
            "last_caller": self.last_caller,
            "turn_start_points": self.base,
            "scores": list(self.points),
            "last": list(self.last),
            "log": [[s, a] for s, a in self.log],
            "history": [[m, d, w, p, [[k, v] for k, v in y], r, _codes(shown)]
                        for m, d, w, p, y, r, shown in self.history],
        }


def _hand_yaku_cards(hand: int) -> int:
    """The cards a dealt hand shows for its Teshi (the month's four) or Kuttsuki (all)."""
    kind = hand_yaku(hand)
    if kind == "teshi":
        return sum(m for m in MONTH_MASK if hand & m == m)
    return hand if kind == "kuttsuki" else 0


def _cards_json(mask: int) -> list[JSON]:
    return [CARDS[c].to_json() for c in cards_of(mask)]


def _codes(mask: int) -> list[JSON]:
    return [CARDS[c].code for c in cards_of(mask)]


def _mask_from(codes: Sequence[str]) -> int:
    mask = 0
    for code in codes:
        if not isinstance(code, str):
            raise IllegalAction(f"a card is written as its code, such as '1b', not {code!r}")
        card = card_id(code)
        if mask >> card & 1:
            raise IllegalAction(f"card {code} appears twice")
        mask |= 1 << card
    return mask


def _from_json(game: KoiKoiGame, data: Any) -> KoiKoiState:
    if not isinstance(data, dict):
        raise IllegalAction("a state is a JSON object")
    if data["phase"] not in PHASES:
        raise IllegalAction(f"unknown phase {data['phase']!r}")
    phase = PHASES.index(data["phase"])
    hands = (_mask_from(data["hands"][0]), _mask_from(data["hands"][1]))
    caps = (_mask_from(data["captured"][0]), _mask_from(data["captured"][1]))
    table = _mask_from(data["table"])
    deck = _mask_from(data["deck"])
    drawn = -1 if data["drawn"] is None else card_id(data["drawn"])
    parts = [*hands, *caps, table, deck, (1 << drawn) if drawn >= 0 else 0]
    if sum(p.bit_count() for p in parts) != len(CARDS) or \
            (parts[0] | parts[1] | parts[2] | parts[3] | table | deck | parts[6]) != DECK:
        raise IllegalAction("the cards do not add up to one deck")
    history = tuple(
        MonthResult((whole_number(m), whole_number(d), whole_number(w), whole_number(p),
                     tuple((str(k), whole_number(v)) for k, v in y), str(r),
                     _mask_from(shown[0] if shown else [])))
        for m, d, w, p, y, r, *shown in data["history"])
    for result in history:
        for key, _ in result[4]:
            if key not in YAKU:
                raise IllegalAction(f"unknown yaku {key!r}")
    dealer, player, month = (whole_number(data[key]) for key in ("dealer", "player", "month"))
    if dealer not in ((-1,) if phase == FIRST else (0, 1)) or month < 1:
        raise IllegalAction("bad dealer or month")
    if phase in (PLAY, DRAW, CHOOSE, DECIDE) and player not in (0, 1):
        raise IllegalAction("nobody's turn in a turn phase")
    if (drawn >= 0) != (phase == CHOOSE):
        raise IllegalAction("a drawn card waits only in phase choose")
    last = data["last"]
    state = KoiKoiState(
        game, phase, dealer=dealer, player=player,
        month=month, step=whole_number(data["step"]), hands=hands, table=table, deck=deck,
        caps=caps, drawn=drawn, calls=(whole_number(data["koikoi_calls"][0]),
                                       whole_number(data["koikoi_calls"][1])),
        last_caller=whole_number(data["last_caller"]), base=whole_number(data["turn_start_points"]),
        scores=(whole_number(data["scores"][0]), whole_number(data["scores"][1])),
        last=(whole_number(last[0]), whole_number(last[1])),
        log=tuple((whole_number(s), whole_number(a)) for s, a in data["log"]), history=history)
    problem = _inconsistency(state)
    if problem:
        raise IllegalAction(problem)
    return state


def _inconsistency(state: KoiKoiState) -> str:
    """What makes `state` impossible in a match under its rules ('' if nothing)."""
    rules = state.rules
    if state.month < len(state.history) + (state.phase != OVER):
        return f"month {state.month} after {len(state.history)} finished months"
    if rules.months and state.month > rules.months:
        return f"month {state.month} in a match of {rules.months} months"
    best = max(state.points)
    if state.phase != OVER and rules.target and best >= rules.target:
        return f"the match is not over at {best} points with a target of {rules.target}"
    if min(state.calls) < 0 or state.last_caller not in (-1, 0, 1) or \
            (state.last_caller >= 0) != any(state.calls):
        return "bad Koi-Koi calls"
    if max(h.bit_count() for h in state.hands) > HAND_SIZE:
        return f"a hand of more than {HAND_SIZE} cards"
    if any(s not in (0, 1) or not 0 <= a < act.NUM_ACTIONS for s, a in state.log):
        return "a move in the log that does not exist"
    try:
        if state.phase != OVER and not state.legal_actions():
            return f"nothing can happen in phase {PHASES[state.phase]}"
        outcomes = state.chance_outcomes()
        for seat in (0, 1, None):
            state.view(seat)
    except (IllegalAction, ArithmeticError, IndexError, KeyError, ValueError) as err:
        return str(err)
    if state.is_chance_node() and abs(sum(p for _, p in outcomes) - 1) > 1e-9:
        return "chance outcomes that do not add up to 1"
    return ""
