"""Colomino: lay coloured tiles domino-fashion from the base line, fill courts for tokens.

Rules implemented (rulebook ``colomino.de.txt``; RULINGS.md, section Colomino,
decides the tile set, the rim, the centre squares and the end):

- **Tiles** (RULINGS): the 70 rotation-distinct colourings of four edges with
  red, yellow, green, blue, twice each, plus 4 white jokers: 144 tiles, drawn from
  a bag (chance actions, one tile each). Tiles may lie in any rotation.
- **Boards** (presets ``small`` 9x9, ``large`` 12x12, see `board`). Every rim
  segment is marked: segment i of a side, counted clockwise, has colour i mod 4
  (RULINGS). The large board has four printed one-colour centre squares
  (RULINGS positions; colours are our choice: E5 red, H5 yellow, E8 green,
  H8 blue). The base line is the south side, the target line the north side.
- **Placing.** A tile's edges must match every touching edge: neighbouring tiles,
  centre squares and rim markings; jokers match anything. A tile goes in the base
  row or next to a tile (or a centre square that touches a tile), so every tile is
  joined to the base line. A tile that fits a joker's square exactly may cover the
  joker, which leaves play. A printed centre square may be covered by its
  one-colour tile once a tile touches it; that is never a court.
- **Who begins** is drawn by lot before the deal, as the rulebook says (option
  ``start``: ``random``, the default, a chance node with the outcomes ``player 1
  starts`` ... each as likely), or is the seat the option names (``A`` to ``D``).
- **Turn.** Racks of 5, dealt from seat 0 on, hidden. The player lays exactly 3
  tiles one at a time, fewer only when no legal placement remains, then draws
  back up to 5 (nothing once the bag is empty). A player who cannot lay anything
  at the start of their turn is skipped, which the log and the view tell.
- **Courts.** Judged before each placement: an empty square with 3 bounded sides
  (tiles, jokers, centre squares or rim) is an open court, with 4 a closed court.
  Laying a tile there (it then matches every bounded side) pays the n-th court of
  the turn n tokens: yellow (1 point) for open, blue (2 points) for closed. So
  open then closed pays 1 + 4 = 5 points, closed then open 2 + 2 = 4. A joker in a
  court earns the premium; covering a joker earns it too if the joker's square,
  judged as if empty, is a court. A joker may be covered from the next turn on,
  not in the turn it was laid (decision: the rulebook gives the cover to a
  "following" player, "im weiteren Verlauf").
- **End** (RULINGS). Once a tile lies in the row next to the target line, that
  player finishes the turn and every other player has exactly one more turn
  (a skipped player's turn counts). From then on nobody draws (decision: the
  tiles could not be used). The game also ends when nobody can lay a tile.
  Points = yellow + 2 x blue; ties go to more blue tokens, then are shared.

Actions: a placement ``(square, kind, rot)`` is ``(square * 71 + kind) * 4 + rot``
(see `placing.Geometry.placement`); drawing a tile of kind k is ``draw_base + k``.
Notation: ``E1 RYGB r1`` (square, the pattern's edges north-east-south-west as
listed in the bag, quarter-turns clockwise), ``E1 J`` for a joker, ``draw RYGB``
for a chance draw. At the draw of the first player, chance outcome ``k`` (``player
k+1 starts``) lets seat k begin. `string_to_action` also reads the tile as it will lie
(``E1 BRYG`` equals ``E1 RYGB r1``).

View keys (``view(seat)``): ``game``, ``board`` (``name``, ``size``, ``rim``: per side
a string of colour letters, north/south by column from A, east/west by row
from 1, ``tiles``: per laid tile or centre square ``square``, ``row``, ``col``,
``edges`` (north-east-south-west letters, ``J`` for a joker), ``tile``, ``rotation``,
``joker``, ``centre``), ``courts`` (``square``, ``court`` open/closed, ``needs``: the
edge letters a filling tile must show, ``?`` where free, ``joker``), ``open_squares``,
``rack`` (own tile names, None for others and spectators), ``rack_sizes``, ``bag``,
``tokens`` (``yellow``/``blue`` per seat), ``scores``, ``phase`` (deal/place/draw/over),
``to_move``, ``drawing``, ``starter`` (the seat that began, null before the draw),
``turn``, ``per_turn``, ``turn_tiles`` (the most tiles the turn in play can lay: fewer
than ``per_turn`` once the bag is empty and the rack short), ``placed_this_turn``,
``courts_this_turn``, ``next_court_pays``,
``end`` (``triggered``, ``turns_left``), ``earned`` (``yellow``/``blue`` per seat: the
tokens of its latest turn that laid a tile, the turn in play too), ``skipped`` (the
seats passed over, as they could lay no tile, before the turn in play or the end; the
log line of the move after which that happened ends with ``; player 3 is skipped``, or
``; no player can lay a tile``),
``jokers_out``, ``fresh_jokers`` (squares of jokers laid this turn), ``last_move``
(``seat``, ``move`` as this seat may see it), ``last_turn`` (null before the first tile;
then ``seat`` and ``moves``, the placements of the latest turn that laid a tile),
``legal`` (only for the seat to move: ``action``, ``move``, ``square``, ``tile``,
``rotation``, ``edges``, ``court``, ``pays``), ``winners`` (seats, once over).

A placement ``legal`` entry's ``court`` is open/closed/None and ``pays`` the tokens
it would earn. While dealing and drawing, ``to_move`` is None and ``drawing`` the
seat receiving tiles; at the draw of the first player both are None.
"""

from __future__ import annotations

import random
import re
from bisect import insort
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
    is_whole,
    players_refused,
    unknown_options,
    unknown_preset,
    unreadable,
)
from spieltisch.core.reasons import Reason
from spieltisch.core.starts import RANDOM, check_start, starter_of
from spieltisch.core.tuples import replaced
from spieltisch.games.colomino.board import BOARDS, SMALL, BoardSpec
from spieltisch.games.colomino.placing import CENTRE, CLOSED, EMPTY, OPEN, Geometry, geometry
from spieltisch.games.colomino.tiles import (
    COLOURS,
    EDGES,
    FREE,
    JOKER,
    JOKER_ORIENTATION,
    KIND_OF,
    KINDS,
    ROTATION_OF,
    orientation_name,
    orientation_of,
    oriented,
    parse_edges,
    rotate_edges,
    tile_name,
)

NAME = "colomino"
TITLE = "Colomino"
PRESETS = ("small", "large")
PLAYER_COUNTS = (2, 3, 4)
_MOVE = re.compile(r"^([a-z])([1-9][0-9]?)\s*(joker|j|[rygb]{4})\s*(?:r([0-3]))?$", re.ASCII)
_DRAW = re.compile(r"^draw\s+(joker|j|[rygb]{4})$", re.ASCII)


@dataclass(frozen=True)
class ColominoOptions:
    """A Colomino rule set: board, players and the tile set (all as data).

    >>> ColominoOptions.build(preset="large", players=3).board.size
    12
    """

    preset: str = "small"
    players: int = 2
    board: BoardSpec = SMALL
    rack_size: int = 5
    per_turn: int = 3
    copies: int = 2
    """Copies of each of the 70 patterns."""
    jokers: int = 4
    start: str = RANDOM
    """Who begins: ``random`` (drawn by lot) or a seat letter."""

    @classmethod
    def build(cls, **options: JSON) -> ColominoOptions:
        """Validate keyword options; `IllegalAction` names a bad or unknown one."""
        unknown = sorted(set(options) - {"preset", "players", "start"})
        if unknown:
            raise unknown_options(TITLE, unknown, ["preset", "players", "start"])
        preset = options.get("preset", PRESETS[0])
        if preset not in PRESETS:
            raise unknown_preset(preset, PRESETS)
        players = options.get("players", 2)
        if type(players) is not int or players not in PLAYER_COUNTS:
            raise players_refused("Colomino", [2, 3, 4], players)
        start = check_start(options.get("start", RANDOM), players)
        return cls(preset=preset, players=players, board=BOARDS[preset], start=start)

    @property
    def starter(self) -> int | None:
        """The seat that begins, or None where it is drawn by lot.

        >>> ColominoOptions.build(start="B").starter, ColominoOptions.build().starter
        (1, None)
        """
        return starter_of(self.start)

    def tile_counts(self) -> tuple[int, ...]:
        """How many tiles of each kind the bag starts with."""
        return (self.copies,) * JOKER + (self.jokers,)


def make_game(**options: JSON) -> ColominoGame:
    """Build a Colomino game from keyword options (``preset``, ``players``, ``start``).

    >>> make_game(players=4).info.num_players
    4
    """
    return ColominoGame(ColominoOptions.build(**options))


class ColominoGame(Game):
    """Colomino with one option set; a factory of `ColominoState`."""

    def __init__(self, options: ColominoOptions) -> None:
        self.options = options
        self.geo: Geometry = geometry(options.board)
        self.total = options.tile_counts()
        squares = options.board.squares
        tiles = sum(self.total)
        self.info = GameInfo(
            name=NAME,
            title=TITLE,
            preset=options.preset,
            num_players=options.players,
            num_distinct_actions=self.geo.draw_base + KINDS,
            max_chance_outcomes=KINDS,
            max_game_length=2 * tiles + 1,
            hidden_information=True,
            observation_shape=(squares * _SQUARE_FEATURES + KINDS + 4 * 4 + 6,),
            options={"preset": options.preset, "players": options.players,
                     "start": options.start},
        )

    def new_initial_state(self) -> ColominoState:
        """Empty board, full bag, the first player to be drawn or the deal about to start
        (chance nodes either way).

        >>> make_game().new_initial_state().chance_outcomes()
        [(0, 0.5), (1, 0.5)]
        >>> make_game(start="A").new_initial_state().legal_actions()[0] >= 0
        True
        """
        n = self.options.players
        starter = self.options.starter
        return ColominoState(
            self, self.geo.empty_board(), ((),) * n, self.total, sum(self.total),
            (0,) * n, (0,) * n, 0, -1 if starter is None else 0, 0, 0, -1, 0, -1, -1, 0,
            False, starter=-1 if starter is None else starter,
        )

    def state_from_json(self, data: JSON) -> ColominoState:
        """Rebuild a state from `ColominoState.to_json`; `IllegalAction` on bad data."""
        try:
            return _state_from_json(self, data)
        except READ_ERRORS as fault:
            raise unreadable("a Colomino state", fault, data) from None


_SQUARE_FEATURES = 22


class ColominoState(State):
    """One position of Colomino (immutable)."""

    __slots__ = (
        "_legal", "bag", "bag_size", "blue", "board", "courts", "drawer", "final", "fresh", "game",
        "jokers_out", "laid", "laid_by", "last_action", "last_actor", "over", "placed", "racks",
        "starter", "to_move", "turn", "yellow",
    )
    game: ColominoGame

    def __init__(
        self,
        game: ColominoGame,
        board: tuple[int, ...],
        racks: tuple[tuple[int, ...], ...],
        bag: tuple[int, ...],
        bag_size: int,
        yellow: tuple[int, ...],
        blue: tuple[int, ...],
        to_move: int,
        drawer: int,
        placed: int,
        courts: int,
        final: int,
        jokers_out: int,
        last_actor: int,
        last_action: int,
        turn: int,
        over: bool,
        fresh: tuple[int, ...] = (),
        starter: int = 0,
        laid: tuple[int, ...] = (),
        laid_by: int = -1,
        skipped: tuple[int, ...] = (),
        earned: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.game = game
        self.board = board
        self.racks = racks
        """Each seat's tiles as sorted kinds."""
        self.bag = bag
        """Tiles per kind still in the bag."""
        self.bag_size = bag_size
        self.yellow = yellow
        self.blue = blue
        self.to_move = to_move
        self.drawer = drawer
        """The seat drawing now (a chance node), or -1."""
        self.placed = placed
        """Tiles laid in the current turn."""
        self.courts = courts
        """Courts filled in the current turn."""
        self.final = final
        """-1 before the end is triggered; then the turns left, the current one included."""
        self.jokers_out = jokers_out
        """Jokers covered and taken out of play."""
        self.last_actor = last_actor
        self.last_action = last_action
        self.turn = turn
        """0 while dealing, then the number of the current turn."""
        self.over = over
        self.fresh = fresh
        """Squares of the jokers laid in the current turn (not to be covered in it)."""
        self.starter = starter
        """The seat that begins, or -1 while it is still to be drawn (a chance node)."""
        self.laid = laid
        """The placements of the latest turn that laid a tile, in order."""
        self.laid_by = laid_by
        """The seat that made them, or -1 before the first tile is laid."""
        self.skipped = skipped
        """The seats passed over, as they could lay no tile, before the turn in play (or
        before the end)."""
        self.earned = earned or ((0, 0),) * len(racks)
        """The yellow and blue tokens each seat earned in its latest turn that laid a tile
        (the turn in play too)."""
        self._legal: list[int] | None = None

    def _with(self, **changes: Any) -> ColominoState:
        state = ColominoState.__new__(ColominoState)
        for name in _FIELDS:
            setattr(state, name, getattr(self, name))
        for name, value in changes.items():
            setattr(state, name, value)
        state.game = self.game
        state._legal = None
        return state

    # -- protocol -----------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.drawer >= 0 or self.starter < 0:
            return CHANCE
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            if self.over:
                self._legal = []
            elif self.starter < 0:
                self._legal = list(range(len(self.racks)))
            elif self.drawer >= 0:
                base = self.game.geo.draw_base
                self._legal = [base + k for k, count in enumerate(self.bag) if count]
            else:
                self._legal = self.game.geo.placements(self.board, self.racks[self.to_move],
                                                       self.fresh)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.starter < 0:
            n = len(self.racks)
            return [(seat, 1 / n) for seat in range(n)]
        if self.drawer < 0 or self.over:
            return []
        base = self.game.geo.draw_base
        size = self.bag_size
        return [(base + k, count / size) for k, count in enumerate(self.bag) if count]

    def apply(self, action: SupportsIndex) -> ColominoState:
        """The state after `action` (see `State.apply`)."""
        state = super().apply(action)
        assert isinstance(state, ColominoState)
        return state

    def _apply(self, action: int) -> ColominoState:
        geo = self.game.geo
        if self.starter < 0:
            return self._with(starter=action, drawer=0)
        if action >= geo.draw_base:
            return self._draw(action - geo.draw_base)
        return self._place(action)

    def scores(self) -> list[float]:
        return [float(y + 2 * b) for y, b in zip(self.yellow, self.blue, strict=True)]

    def ranking_scores(self) -> list[tuple[float, ...]]:
        """Points, then blue tokens."""
        return [(float(y + 2 * b), float(b)) for y, b in zip(self.yellow, self.blue, strict=True)]

    # -- transitions --------------------------------------------------------------------------

    def _draw(self, kind: int) -> ColominoState:
        seat = self.drawer
        rack = list(self.racks[seat])
        insort(rack, kind)
        racks = replaced(self.racks, seat, tuple(rack))
        bag = replaced(self.bag, kind, self.bag[kind] - 1)
        state = self._with(racks=racks, bag=bag, bag_size=self.bag_size - 1,
                           last_actor=seat, last_action=self.game.geo.draw_base + kind)
        if len(rack) < self.game.options.rack_size and state.bag_size:
            return state
        if self.turn == 0 and seat + 1 < len(self.racks):
            state.drawer = seat + 1
            return state
        state.drawer = -1
        return state._advance(self.starter if self.turn == 0 else seat + 1)

    def _place(self, action: int) -> ColominoState:
        geo = self.game.geo
        square, kind, rot = geo.unpack(action)
        seat = self.to_move
        court = geo.court(self.board, square)
        rack = list(self.racks[seat])
        rack.remove(kind)
        yellow, blue, courts = self.yellow, self.blue, self.courts
        got_yellow, got_blue = self.earned[seat] if self.placed else (0, 0)
        if court:
            courts += 1
            if court == OPEN:
                yellow = replaced(yellow, seat, yellow[seat] + courts)
                got_yellow += courts
            else:
                blue = replaced(blue, seat, blue[seat] + courts)
                got_blue += courts
        final = self.final
        if final < 0 and square >= geo.top_row_start:
            final = len(self.racks)
        state = self._with(
            board=geo.lay(self.board, square, kind, rot),
            racks=replaced(self.racks, seat, tuple(rack)),
            yellow=yellow, blue=blue, courts=courts, placed=self.placed + 1, final=final,
            jokers_out=self.jokers_out + (self.board[square] == JOKER_ORIENTATION),
            last_actor=seat, last_action=action,
            laid=(*self.laid, action) if self.placed else (action,), laid_by=seat,
            earned=replaced(self.earned, seat, (got_yellow, got_blue)),
            fresh=(*self.fresh, square) if kind == JOKER else self.fresh,
        )
        if state.placed < self.game.options.per_turn:
            before = self.legal_actions()
            state._legal = sorted(geo.placements_after(before, state.board, state.racks[seat],
                                                       square, kind, state.fresh))
            if state._legal:
                return state
        return state._end_turn()

    def _end_turn(self) -> ColominoState:
        seat = self.to_move
        if self.final > 0:
            self.final -= 1
            if self.final == 0:
                return self._finish()
        self._legal = None
        if self.final < 0 and self.bag_size and \
                len(self.racks[seat]) < self.game.options.rack_size:
            self.drawer = seat
            return self
        return self._advance(seat + 1)

    def _advance(self, start: int) -> ColominoState:
        """Give the turn to the first seat from `start` on that can lay a tile.

        Mutates only a state still private to the transition that built it.
        """
        n = len(self.racks)
        geo = self.game.geo
        self._legal = None
        skipped: list[int] = []
        for i in range(n):
            seat = (start + i) % n
            placements = geo.placements(self.board, self.racks[seat])
            if placements:
                self.to_move = seat
                self.placed = 0
                self.courts = 0
                self.fresh = ()
                self.turn += 1
                self._legal = placements
                self.skipped = tuple(skipped)
                return self
            skipped.append(seat)
            if self.final > 0:
                self.final -= 1
                if self.final == 0:
                    break
        return self._finish(tuple(skipped))

    def arrival(self) -> str:
        """The seats passed over on the way here, as the move that led here ends its log
        line with them: ``; player 3 is skipped``, or ``; no player can lay a tile``
        where that ends the game."""
        if not self.skipped or not (self.over or (self.placed == 0 and self.drawer < 0)):
            return ""
        if self.over and len(self.skipped) == len(self.racks):
            return "; no player can lay a tile"
        return "".join(f"; player {seat + 1} is skipped" for seat in self.skipped)

    def _finish(self, skipped: tuple[int, ...] = ()) -> ColominoState:
        self.skipped = skipped
        self.over = True
        self.drawer = -1
        self._legal = []
        return self

    # -- notation -----------------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        geo = self.game.geo
        action = as_action(action)
        if not 0 <= action < geo.draw_base + KINDS:
            raise IllegalAction(f"action {action} is out of range")
        if self.starter < 0:
            if action >= len(self.racks):
                raise IllegalAction(f"action {action} is no seat that could start")
            return f"player {action + 1} starts"
        if action >= geo.draw_base:
            return f"draw {tile_name(action - geo.draw_base)}"
        return geo.describe(action)

    def string_to_action(self, text: str) -> int:
        """Parse ``E1 RYGB r1``, ``E1 BRYG`` (tile as it will lie), ``E1 J`` or ``draw RYGB``."""
        check_text(text)
        # Only ASCII: lower() would turn the Kelvin sign into k.
        wanted = " ".join(text.strip().lower().split()) if text.isascii() else "?"
        geo = self.game.geo
        if self.over:
            raise IllegalAction(Reason("game.over", "the game is over"))
        if self.starter < 0:
            return super().string_to_action(text)
        if self.drawer >= 0:
            match = _DRAW.match(wanted)
            if match is None:
                raise IllegalAction(Reason("colomino.drawing",
                                           "{text!r}: a tile is being drawn; write 'draw RYGB'",
                                           text=text.strip()))
            action = geo.draw_base + _kind_and_rotation(match.group(1), 0)[0]
            if action not in self.legal_actions():
                raise IllegalAction(Reason("colomino.no_draw",
                                           "{text!r} is not a possible draw now",
                                           text=text.strip()))
            return action
        match = _MOVE.match(wanted)
        if match is None:
            raise IllegalAction(Reason(
                "colomino.not_a_move", "{text!r} is not a move; write square, tile and "
                "rotation, e.g. 'E1 RYGB r1' or 'E1 J'", text=text.strip()))
        square = self.game.options.board.parse_square(match.group(1) + match.group(2))
        if square is None:
            last = geo.spec.square_name(geo.squares - 1)
            raise IllegalAction(Reason("colomino.no_square",
                                       "no square {square} on this board (A1 to {last})",
                                       square=f"{match.group(1).upper()}{match.group(2)}",
                                       last=last))
        kind, rot = _kind_and_rotation(match.group(3), int(match.group(4) or 0))
        action = geo.placement(square, kind, rot)
        if kind == JOKER and int(match.group(4) or 0):
            raise IllegalAction(Reason("colomino.joker_rotation",
                                       "{move}: a joker takes no rotation",
                                       move=geo.describe(action)))
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        return action

    def explain_illegal(self, action: int) -> str:
        geo = self.game.geo
        action = as_action(action)
        if self.over:
            return Reason("game.over", "the game is over")
        if self.drawer >= 0 or self.starter < 0 or not 0 <= action < geo.draw_base:
            return super().explain_illegal(action)
        square, kind, rot = geo.unpack(action)
        name = geo.spec.square_name(square)
        move = geo.describe(action)
        content = self.board[square]
        if kind not in self.racks[self.to_move] and kind == JOKER:
            return Reason("colomino.no_joker", "{move}: there is no joker in your rack",
                          move=move)
        if kind not in self.racks[self.to_move]:
            return Reason("colomino.not_in_rack", "{move}: there is no {tile} tile in your rack",
                          move=move, tile=tile_name(kind))
        if rot not in (0, 1, 2, 3) or (kind == JOKER and rot):
            return Reason("colomino.joker_rotation", "{move}: a joker takes no rotation",
                          move=move)
        if content >= CENTRE:
            colour = COLOURS[content - CENTRE]
            if tile_name(kind) != colour * 4:
                return Reason("colomino.centre_tile",
                              "{move}: only the {tile} tile may cover the centre square {square}",
                              move=move, tile=colour * 4, square=name)
            return Reason("colomino.centre_alone",
                          "{move}: the centre square {square} touches no tile yet",
                          move=move, square=name)
        if content == JOKER_ORIENTATION and kind == JOKER:
            return Reason("colomino.joker_on_joker", "{move}: {square} holds a joker already",
                          move=move, square=name)
        if content == JOKER_ORIENTATION and square in self.fresh:
            return Reason("colomino.fresh_joker", "{move}: the joker on {square} was laid this "
                          "turn; cover it in a later turn", move=move, square=name)
        if content not in (EMPTY, JOKER_ORIENTATION):
            return Reason("colomino.taken", "{move}: {square} is taken", move=move, square=name)
        if content == EMPTY and not geo.connected(self.board, square):
            return Reason("colomino.unjoined",
                          "{move}: {square} is not joined to the base line (row 1) by tiles",
                          move=move, square=name)
        fitting = geo.fitting_rotations(self.board, square, kind)
        need = _need_text(geo.need(self.board, square))
        if fitting:
            return Reason("colomino.mismatch", "{move}: does not match the edges around "
                          "{square} ({need}: north, east, south, west, ? any colour); "
                          "fitting: {options}", move=move, square=name,
                          need=need, options=", ".join(f"r{r}" for r in fitting))
        return Reason("colomino.fits_nowhere", "{move}: {tile} fits {square} in no rotation "
                      "(needs {need}: north, east, south, west, ? any colour)", move=move,
                      tile=tile_name(kind), square=name, need=need)

    def hidden_move(self, action: int, seat: int | None) -> str | None:
        """Others see a draw as ``player k draws a tile``; placements are public."""
        if self.drawer >= 0 and seat != self.drawer:
            return f"player {self.drawer + 1} draws a tile"
        return None

    # -- what seats see -----------------------------------------------------------------------

    def view(self, seat: SupportsIndex | None) -> dict[str, JSON]:
        seat = self.check_seat(seat)
        geo = self.game.geo
        spec = geo.spec
        opts = self.game.options
        tiles: list[JSON] = []
        for square, content in enumerate(self.board):
            if content == EMPTY:
                continue
            row, col = divmod(square, spec.size)
            entry: dict[str, JSON] = {
                "square": spec.square_name(square), "row": row, "col": col,
                "joker": content == JOKER_ORIENTATION, "centre": content >= CENTRE,
            }
            if content >= CENTRE:
                entry.update(edges=COLOURS[content - CENTRE] * 4, tile=None, rotation=None)
            else:
                entry.update(edges=orientation_name(content), tile=tile_name(KIND_OF[content]),
                             rotation=ROTATION_OF[content])
            tiles.append(entry)
        courts: list[JSON] = [
            {"square": spec.square_name(sq), "court": "open" if kind == OPEN else "closed",
             "needs": _need_text(geo.need(self.board, sq)),
             "joker": self.board[sq] == JOKER_ORIENTATION}
            for sq, kind in geo.courts(self.board, self.fresh)
        ]
        own = seat is not None and 0 <= seat < len(self.racks)
        phase = "over" if self.over else "deal" if self.turn == 0 else \
            "draw" if self.drawer >= 0 else "place"
        view: dict[str, JSON] = {
            "game": NAME,
            "board": {"name": spec.name, "size": spec.size, "rim": _rim_view(spec),
                      "tiles": tiles},
            "courts": courts,
            "open_squares": [spec.square_name(sq) for sq in geo.open_squares(self.board)],
            "rack": [tile_name(k) for k in self.racks[seat]] if own and seat is not None
            else None,
            "rack_sizes": [len(r) for r in self.racks],
            "bag": self.bag_size,
            "tokens": [{"yellow": y, "blue": b} for y, b in zip(self.yellow, self.blue,
                                                               strict=True)],
            "scores": [y + 2 * b for y, b in zip(self.yellow, self.blue, strict=True)],
            "phase": phase,
            "to_move": None if self.current_player < 0 else self.to_move,
            "drawing": self.drawer if self.drawer >= 0 else None,
            "starter": self.starter if self.starter >= 0 else None,
            "turn": self.turn,
            "per_turn": opts.per_turn,
            "turn_tiles": min(opts.per_turn, self.placed + len(self.racks[self.to_move]))
            if phase == "place" else opts.per_turn,
            "placed_this_turn": self.placed,
            "courts_this_turn": self.courts,
            "next_court_pays": self.courts + 1,
            "end": {"triggered": self.final >= 0,
                    "turns_left": self.final if self.final >= 0 else None},
            "jokers_out": self.jokers_out,
            "fresh_jokers": [spec.square_name(sq) for sq in self.fresh],
            "last_move": self._last_move(seat),
            "skipped": list(self.skipped),
            "earned": [{"yellow": y, "blue": b} for y, b in self.earned],
            "last_turn": None if self.laid_by < 0 else {
                "seat": self.laid_by, "moves": [self.action_to_string(a) for a in self.laid]},
            "legal": self._legal_view() if own and seat == self.current_player else None,
            "winners": self._winners() if self.over else None,
        }
        return view

    def _last_move(self, seat: int | None) -> JSON:
        if self.last_action < 0:
            return None
        geo = self.game.geo
        if self.last_action >= geo.draw_base and seat != self.last_actor:
            move = "draws a tile"
        else:
            move = self.action_to_string(self.last_action)
        return {"seat": self.last_actor, "move": move}

    def _legal_view(self) -> list[JSON]:
        geo = self.game.geo
        out: list[JSON] = []
        for action in self.legal_actions():
            square, kind, rot = geo.unpack(action)
            court = geo.court(self.board, square)
            out.append({
                "action": action, "move": geo.describe(action),
                "square": geo.spec.square_name(square), "tile": tile_name(kind), "rotation": rot,
                "edges": orientation_name(oriented(kind, rot)),
                "court": {OPEN: "open", CLOSED: "closed"}.get(court),
                "pays": self.courts + 1 if court else 0,
            })
        return out

    def _winners(self) -> list[JSON]:
        keys = self.ranking_scores()
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def observation(self, seat: SupportsIndex) -> list[float]:
        """Per square: each edge's colour (one-hot), joker, centre square, empty, open
        court, closed court, open to a tile; then the seat's rack (counts by kind); per
        seat from this one on (four places): yellow and blue tokens, rack size, to move;
        then the bag, tiles and courts of this turn, the end reached, turns left, drawing."""
        seat = self.check_seat(seat, spectator=False)
        geo = self.game.geo
        n = len(self.racks)
        obs: list[float] = []
        court_of = dict(geo.courts(self.board, self.fresh))
        open_set = set(geo.open_squares(self.board))
        for sq, content in enumerate(self.board):
            cell = [0.0] * _SQUARE_FEATURES
            if 0 <= content < 256:
                for d, colour in enumerate(EDGES[content]):
                    cell[d * 4 + colour] = 1.0
            elif content >= CENTRE:
                for d in range(4):
                    cell[d * 4 + content - CENTRE] = 1.0
                cell[17] = 1.0
            cell[16] = float(content == JOKER_ORIENTATION)
            cell[18] = float(content == EMPTY)
            cell[19] = float(court_of.get(sq) == OPEN)
            cell[20] = float(court_of.get(sq) == CLOSED)
            cell[21] = float(sq in open_set)
            obs.extend(cell)
        rack = [0.0] * KINDS
        for k in self.racks[seat]:
            rack[k] += 0.5
        obs.extend(rack)
        for i in range(4):
            if i < n:
                p = (seat + i) % n
                obs.extend((self.yellow[p] / 20, self.blue[p] / 20, len(self.racks[p]) / 5,
                            float(self.current_player == p)))
            else:
                obs.extend((0.0, 0.0, 0.0, 0.0))
        obs.extend((self.bag_size / 144, self.placed / 3, self.courts / 3,
                    float(self.final >= 0), max(self.final, 0) / 4, float(self.drawer >= 0)))
        return obs

    # -- hidden information -------------------------------------------------------------------

    def unseen(self, seat: int) -> list[int]:
        """Tiles `seat` cannot see (other racks and the bag), as sorted kinds.

        >>> len(make_game().new_initial_state().unseen(0))
        144
        """
        counts = list(self.game.total)
        counts[JOKER] -= self.jokers_out
        for content in self.board:
            if 0 <= content <= JOKER_ORIENTATION:
                counts[KIND_OF[content]] -= 1
        for k in self.racks[seat]:
            counts[k] -= 1
        return [k for k, c in enumerate(counts) for _ in range(c)]

    def drawn_item(self, action: int) -> int | None:
        """The kind of tile a draw takes from the bag."""
        base = self.game.geo.draw_base
        return action - base if action >= base else None

    def _resample(self, seat: int, rng: random.Random, keep: frozenset[int],
                  reserve: tuple[int, ...]) -> ColominoState:
        """Deal the tiles `seat` cannot see at random among the other racks (but those of
        `keep`) and the bag; the kinds in `reserve` stay in the bag."""
        pool = self.unseen(seat)
        for other in keep - {seat}:
            for k in self.racks[other]:
                pool.remove(k)
        saved: list[int] = []
        for kind in reserve:
            if kind in pool and len(saved) < self.bag_size:
                pool.remove(kind)
                saved.append(kind)
        rng.shuffle(pool)
        pool += saved
        racks = list(self.racks)
        at = 0
        for other, rack in enumerate(self.racks):
            if other != seat and other not in keep:
                racks[other] = tuple(sorted(pool[at:at + len(rack)]))
                at += len(rack)
        bag = [0] * KINDS
        for k in pool[at:]:
            bag[k] += 1
        last_action = self.last_action
        if last_action >= self.game.geo.draw_base and self.last_actor not in (seat, *keep):
            last_action = self.game.geo.draw_base + racks[self.last_actor][-1]
        state = self._with(racks=tuple(racks), bag=tuple(bag), last_action=last_action)
        return state

    # -- storage ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return {
            "board": list(self.board),
            "racks": [list(r) for r in self.racks],
            "bag": list(self.bag),
            "yellow": list(self.yellow),
            "blue": list(self.blue),
            "to_move": self.to_move,
            "drawer": self.drawer,
            "placed": self.placed,
            "courts": self.courts,
            "final": self.final,
            "jokers_out": self.jokers_out,
            "last_actor": self.last_actor,
            "last_action": self.last_action,
            "turn": self.turn,
            "over": self.over,
            "fresh": list(self.fresh),
            "starter": self.starter,
            "laid": list(self.laid),
            "laid_by": self.laid_by,
            "skipped": list(self.skipped),
            "earned": [list(pair) for pair in self.earned],
        }


_FIELDS = (
    "board", "racks", "bag", "bag_size", "yellow", "blue", "to_move", "drawer", "placed",
    "courts", "final", "jokers_out", "last_actor", "last_action", "turn", "over", "fresh",
    "starter", "laid", "laid_by", "skipped", "earned",
)


def _kind_and_rotation(text: str, rot: int) -> tuple[int, int]:
    """Kind and smallest rotation of a tile written as it lies, turned `rot` more."""
    if text in ("j", "joker"):
        return JOKER, 0
    edges = parse_edges(text)
    assert edges is not None
    orientation = orientation_of(rotate_edges(edges, rot))
    return KIND_OF[orientation], ROTATION_OF[orientation]


def _need_text(code: int) -> str:
    needs = (code % 5, code // 5 % 5, code // 25 % 5, code // 125)
    return "".join("?" if c == FREE else COLOURS[c] for c in needs)


def _rim_view(spec: BoardSpec) -> dict[str, JSON]:
    n = spec.size
    side = spec.rim_colour
    return {
        "north": "".join(COLOURS[side[(n - 1) * n + c][0]] for c in range(n)),
        "east": "".join(COLOURS[side[r * n + n - 1][1]] for r in range(n)),
        "south": "".join(COLOURS[side[c][2]] for c in range(n)),
        "west": "".join(COLOURS[side[r * n][3]] for r in range(n)),
    }


def _ints(value: JSON, length: int, low: int, high: int, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length or not all(
            is_whole(v) and low <= v <= high for v in value):
        raise IllegalAction(f"bad {what}: expected {length} integers in {low}..{high}")
    return tuple(value)


def _state_from_json(game: ColominoGame, data: JSON) -> ColominoState:
    if not isinstance(data, dict):
        raise IllegalAction("a state is a JSON object")
    opts = game.options
    n = opts.players
    squares = opts.board.squares
    board = _ints(data["board"], squares, EMPTY, CENTRE + 3, "board")
    racks_data = data["racks"]
    if not isinstance(racks_data, list) or len(racks_data) != n:
        raise IllegalAction(f"bad racks: expected {n} lists")
    racks = tuple(tuple(sorted(_ints(r, len(r) if isinstance(r, list) else -1, 0, JOKER,
                                     "rack"))) for r in racks_data)
    if any(len(r) > opts.rack_size for r in racks):
        raise IllegalAction(f"bad racks: at most {opts.rack_size} tiles each")
    bag = _ints(data["bag"], KINDS, 0, max(game.total), "bag")
    yellow = _ints(data["yellow"], n, 0, 10_000, "yellow tokens")
    blue = _ints(data["blue"], n, 0, 10_000, "blue tokens")
    # States stored before the draw of the first player existed all began with seat 0,
    # and those stored before the latest turn's placements were kept tell none.
    older = {"starter": 0, "laid_by": -1}
    scalars = {}
    for key, low, high in (("to_move", 0, n - 1), ("drawer", -1, n - 1),
                           ("placed", 0, opts.per_turn), ("courts", 0, opts.per_turn),
                           ("final", -1, n), ("jokers_out", 0, opts.jokers),
                           ("last_actor", -1, n - 1),
                           ("last_action", -1, game.geo.draw_base + KINDS - 1),
                           ("turn", 0, 10_000), ("starter", -1, n - 1),
                           ("laid_by", -1, n - 1)):
        value = data.get(key, older[key]) if key in older else data[key]
        scalars[key] = _ints([value], 1, low, high, key)[0]
    over = data["over"]
    if not isinstance(over, bool):
        raise IllegalAction("bad over: expected true or false")
    fresh_data = data["fresh"]
    fresh = _ints(fresh_data, len(fresh_data) if isinstance(fresh_data, list) else -1, 0,
                  squares - 1, "fresh")
    if any(board[sq] != JOKER_ORIENTATION for sq in fresh):
        raise IllegalAction("bad fresh: only squares holding jokers")
    laid_data = data.get("laid", [])
    laid = _ints(laid_data, len(laid_data) if isinstance(laid_data, list) else -1, 0,
                 game.geo.draw_base - 1, "laid")
    if len(laid) > opts.per_turn or (scalars["laid_by"] < 0) != (not laid) or any(
            board[game.geo.unpack(action)[0]] == EMPTY for action in laid):
        raise IllegalAction(f"bad laid: 1 to {opts.per_turn} placements on occupied squares, "
                            "with the seat that made them")
    counts = [0] * KINDS
    for content in board:
        if content == EMPTY or content >= CENTRE:
            continue
        if content > JOKER_ORIENTATION:
            raise IllegalAction("bad board: unknown square content")
        counts[KIND_OF[content]] += 1
    counts[JOKER] += scalars["jokers_out"]
    for rack in racks:
        for k in rack:
            counts[k] += 1
    for k, c in enumerate(bag):
        counts[k] += c
    if tuple(counts) != game.total:
        raise IllegalAction("bad state: the tiles on the board, in racks and in the bag "
                            "do not make up the tile set")
    size = opts.board.size
    centre_squares = {row * size + col: colour for row, col, colour in opts.board.centres}
    for sq, content in enumerate(board):
        if content >= CENTRE and centre_squares.get(sq) != content - CENTRE:
            raise IllegalAction(f"bad board: no printed centre square at {sq}")
    skipped_data = data.get("skipped", [])  # states stored before skips were kept: none
    skipped = _ints(skipped_data, len(skipped_data) if isinstance(skipped_data, list) else -1,
                    0, n - 1, "skipped")
    if len(set(skipped)) != len(skipped) or (scalars["to_move"] in skipped and not over):
        raise IllegalAction("bad skipped: each seat once, not the one to move")
    # States stored before each seat's latest turn's tokens were kept: none earned.
    earned_data = data.get("earned", [[0, 0]] * n)
    if not isinstance(earned_data, list) or len(earned_data) != n:
        raise IllegalAction(f"bad earned: expected {n} pairs")
    most = sum(range(opts.per_turn + 1))
    earned = tuple((pair[0], pair[1]) for pair in (
        _ints(p, 2 if isinstance(p, list) else -1, 0, most, "earned") for p in earned_data))
    state = ColominoState(game, board, racks, bag, sum(bag), yellow, blue, over=over,
                          fresh=fresh, laid=laid, skipped=skipped, earned=earned, **scalars)
    problem = _inconsistency(state)
    if problem:
        raise IllegalAction(f"bad state: {problem}")
    return state


def _inconsistency(state: ColominoState) -> str:
    """What makes `state` impossible in a game under its rules ('' if nothing)."""
    actor, action = state.last_actor, state.last_action
    draw_base = state.game.geo.draw_base
    if (actor < 0) != (action < 0):
        return f"a last move {action} by seat {actor}"
    if action >= draw_base and action - draw_base not in state.racks[actor]:
        return f"seat {actor} drew a tile it does not hold"
    fixed = state.game.options.starter
    if state.starter < 0:
        if fixed is not None or state.to_json() != state.game.new_initial_state().to_json():
            return "a draw of the first player that is not at the start of a game by lot"
        return ""
    if fixed is not None and state.starter != fixed:
        return f"seat {state.starter} began, but the options say seat {fixed} does"
    if state.over:
        return ""
    if state.drawer >= 0:
        if len(state.racks[state.drawer]) >= state.game.options.rack_size or \
                not state.bag_size:
            return f"seat {state.drawer} draws, with a full rack or from an empty bag"
        return ""
    if not state.legal_actions():
        return f"seat {state.to_move} to move, who cannot lay a tile"
    return ""
