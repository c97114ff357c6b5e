"""Colomino at the terminal: the board with coloured edges, courts marked, the rack.

Every square is three characters wide and three lines high: a tile shows its
north edge letter on top, west and east beside its centre, south below. The rim
markings frame the board; the base line (row 1) is at the bottom. Empty squares
show ``+`` where a tile may go now, ``o`` for an open court and ``#`` for a
closed one; a joker is ``J`` and a printed centre square ``@``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from spieltisch.terminal import (
    WIDTH,
    count,
    listed,
    named,
    pack,
    paint,
    seat_name,
)

HELP = """\
Type square, tile and rotation: "E1 RYGB r1" lays your RYGB tile on E1 turned
one quarter-turn clockwise (r0 to r3). Tiles are written by their edge colours
north, east, south, west (R red, Y yellow, G green, B blue) as in your rack.
You may also write the tile as it will lie: "E1 BRYG" is the same move.
A joker is "E1 J". Cover a joker or a centre square by naming its square.
Lay 3 tiles a turn (fewer only if nothing fits); the n-th court you fill in a
turn pays n tokens: yellow (1 point) for an open court, blue (2 points) for a
closed one. On the board: + a square you may use, o open court, # closed court,
J joker, @ printed centre square.
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move), resign (give up), help, quit."""
AGAINST_COMPUTER = """\
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move; against the computer, only a tile laid this turn, as the turn
stands once you have drawn at its end), resign (give up), help, quit."""
"""The end of `HELP` for play against the computer: a turn stands once drawn for."""

DRAWN_WORDS = ("you have drawn tiles since your last move: taken back, you would lay again "
               "knowing them, so it stands")
"""Why a turn stands against the computer once its draw is done."""
SAYS_RESULT = True
"""The last screen of a game its rules ended names the winners under the points, so no
result line follows it."""
_ANSI = {"R": "1;31", "Y": "1;33", "G": "1;32", "B": "1;34", "J": "1;37", "?": "2"}
_MARKS = {"open": "o", "closed": "#"}


class _Pen:
    """ANSI colouring, or none."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def edge(self, letter: str) -> str:
        return paint(letter, _ANSI[letter], self.color) if letter in _ANSI else letter

    def mark(self, text: str, code: str) -> str:
        return paint(text, code, self.color)


def draw_run(lines: list[str]) -> str | None:
    """A turn's draws as one entry of a listed log, the tiles only for the one who drew;
    None unless all are one player's draws.

    >>> draw_run(["player 2 draws a tile"] * 3), draw_run(["draw RGYG", "draw J"])
    ('player 2 draws 3 tiles', 'draw RGYG J')
    >>> draw_run(["player 1 draws a tile", "player 1 draws a tile; player 2 is skipped"])
    'player 1 draws 2 tiles; player 2 is skipped'
    """
    last, semi, skipped = lines[-1].partition(";")  # who was skipped after the last draw
    lines = [*lines[:-1], last]
    if len(set(lines)) == 1 and re.fullmatch(r"player \d draws a tile", lines[0]):
        return lines[0].replace("draws a tile", f"draws {len(lines)} tiles") + semi + skipped
    if all(re.fullmatch(r"draw \S+", line) for line in lines):
        return "draw " + " ".join(line.split()[1] for line in lines) + semi + skipped
    return None


def log_words(line: str) -> str:
    """A logged move with what it ends with about seats passed over said as the screens
    and the page say it.

    >>> log_words("player 1 draws a tile; player 2 is skipped")
    'player 1 draws a tile; player 2 could lay no tile and was skipped'
    >>> log_words("A1 J; no player can lay a tile")
    'A1 J; nobody could lay a tile any more'
    """
    own, *after = line.split("; ")
    said = [re.sub(r"^(player \d+) is skipped$", r"\1 could lay no tile and was skipped", part)
            .replace("no player can lay a tile", "nobody could lay a tile any more")
            for part in after]
    return "; ".join([own, *said])


def skipped_lines(view: dict[str, Any], viewer: int | None = None) -> list[str]:
    """Who could lay no tile and was skipped before the turn in play, or that nobody
    could lay one any more, ending the game.

    >>> skipped_lines({"skipped": [2], "phase": "place", "scores": [0, 0, 0]})
    ['Player C could lay no tile and was skipped.']
    >>> skipped_lines({"skipped": [0, 1], "phase": "over", "scores": [0, 0]})
    ['Nobody could lay a tile any more.']
    """
    skipped = view.get("skipped") or []
    if view["phase"] == "over" and len(skipped) == len(view["scores"]):
        return ["Nobody could lay a tile any more."]
    return [f"{_player(seat_name(s, viewer))} could lay no tile and was skipped."
            for s in skipped]


_COLOUR_WORDS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
_TURNS = ("not turned", "turned a quarter clockwise", "turned half round",
          "turned three quarters clockwise")


def bot_move_words(move: str, before: dict[str, Any], after: dict[str, Any],
                   viewer: int | None = None) -> str:
    """What a computer player laid, in words: the tile, the square, how it is turned and
    the edges it shows, the court it filled and the tokens that earned, and the courts
    it made (`before` and `after`: the views around the move).

    >>> from spieltisch import load
    >>> state = load("colomino").new_initial_state()
    >>> while state.is_chance_node():
    ...     state = state.apply(state.legal_actions()[0])
    >>> before = state.view(None)
    >>> move = [m for m in before["legal"] or state.view(state.current_player)["legal"]
    ...         if m["rotation"] == 1][0]
    >>> after = state.apply(move["action"]).view(None)
    >>> bot_move_words(move["move"], before, after).split(", turned")[0] == (
    ...     f"lays {move['tile']} on {move['square']}")
    True
    >>> bot_move_words("E1 RYGB r1", before, after).split(": ")[1]
    'north blue, east red, south yellow, west green'
    """
    square, tile, *rotation = move.split()
    tiles = {t["square"]: t for t in before["board"]["tiles"]}
    covered = tiles.get(square)
    over = "" if covered is None else " over the joker" if covered["joker"] \
        else " over the centre square" if covered["centre"] else ""
    if tile == "J":
        said = f"lays a joker on {square}{over}"
    else:
        turns = int(rotation[0][1:]) % 4 if rotation else 0
        lying = tile[4 - turns:] + tile[:4 - turns]
        edges = ", ".join(f"{side} {_COLOUR_WORDS.get(letter, letter)}" for side, letter
                          in zip(("north", "east", "south", "west"), lying, strict=False))
        said = f"lays {tile} on {square}{over}, {_TURNS[turns]}: {edges}"
    courts = {c["square"]: c["court"] for c in before["courts"]}
    mover = before["to_move"]
    if square in courts and mover is not None:
        had, has = before["tokens"][mover], after["tokens"][mover]
        earned = [count(has[kind] - had[kind], f"{kind} token") for kind in ("yellow", "blue")
                  if has[kind] > had[kind]]
        said += f"; it fills the {courts[square]} court" + (
            f" and earns {' and '.join(earned)}" if earned else "")
    for court in after["courts"]:
        if court["square"] not in courts:
            said += f"; {court['square']} becomes {_A[court['court']]} {court['court']} court"
    return said


_A = {"open": "an", "closed": "a"}


def _square_lines(entry: dict[str, Any] | None, mark: str, pen: _Pen) -> tuple[str, str, str]:
    if entry is None:
        middle = pen.mark(mark, "1;35") if mark in "o#" else mark
        return "   ", f" {middle} ", "   "
    if entry["joker"]:
        j = pen.edge("J")
        return f" {j} ", f"{j}J{j}", f" {j} "
    n, e, s, w = (pen.edge(ch) for ch in entry["edges"])
    centre = "@" if entry["centre"] else "."
    return f" {n} ", f"{w}{centre}{e}", f" {s} "


def _board(view: dict[str, Any], pen: _Pen) -> list[str]:
    board = view["board"]
    size = board["size"]
    rim = board["rim"]
    tiles = {(t["row"], t["col"]): t for t in board["tiles"]}
    marks: dict[tuple[int, int], str] = {}
    for name in view["open_squares"] if view["phase"] not in ("over", "ended") else ():
        marks[_coords(name)] = "+"  # where a tile may go: none once the game is over
    for court in view["courts"]:
        marks[_coords(court["square"])] = _MARKS[court["court"]]
    letters = "".join(f" {chr(ord('A') + c)} " for c in range(size))
    lines = ["     " + letters, "     " + "".join(f" {pen.edge(ch)} " for ch in rim["north"])]
    for row in range(size - 1, -1, -1):
        parts = [_square_lines(tiles.get((row, col)), marks.get((row, col), " "), pen)
                 for col in range(size)]
        top = "".join(p[0] for p in parts)
        mid = "".join(p[1] for p in parts)
        bottom = "".join(p[2] for p in parts)
        west, east = pen.edge(rim["west"][row]), pen.edge(rim["east"][row])
        lines += [f"     {top}", f"{row + 1:>3} {west}{mid}{east}", f"     {bottom}"]
    lines += ["     " + "".join(f" {pen.edge(ch)} " for ch in rim["south"]),
              "     " + letters, f"     (row 1: base line, row {size}: target line)"]
    return lines


def _coords(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


def _rotations(tile: str) -> list[tuple[int, str]]:
    """Distinct rotations of a pattern and the edges each shows (north, east, south, west)."""
    if tile == "J":
        return [(0, "J")]
    out: list[tuple[int, str]] = []
    for r in range(4):
        lying = tile[4 - r:] + tile[:4 - r]
        if all(lying != seen for _, seen in out):
            out.append((r, lying))
    return out


def _rack(view: dict[str, Any], pen: _Pen) -> list[str]:
    rack = view["rack"]
    if rack is None:
        return []
    if view["phase"] in ("over", "ended"):  # nothing more to lay: the tiles, no rotations
        return pack(["Left on your rack: " + _colour_word(rack[0], pen),
                     *(_colour_word(tile, pen) for tile in rack[1:])]) if rack else []
    legal = view["legal"]
    lines = ["Your rack (edges north-east-south-west, per rotation):"]
    for tile in dict.fromkeys(rack):
        count = rack.count(tile)
        shown = "joker: any edge, no rotation (type e.g. E1 J)" if tile == "J" else \
            "  ".join(f"r{r} {_colour_word(lying, pen)}" for r, lying in _rotations(tile))
        where = ""
        if legal is not None:
            spots = [m["square"] + ("" if tile == "J" else f" r{m['rotation']}")
                     for m in legal if m["tile"] == tile]
            more = " ..." if len(spots) > 8 else ""
            where = f"fits: {', '.join(spots[:8])}{more}" if spots else "fits nowhere now"
        times = f" x{count}" if count > 1 else ""
        lines.append(f"  {_colour_word(tile, pen)}{times}:  {shown}")
        if where:
            lines.append(f"      {where}")
    return lines


def _colour_word(word: str, pen: _Pen) -> str:
    return "".join(pen.edge(ch) for ch in word)


def _player(name: str, word: str = "Player") -> str:
    """A seat's letter after `word` ("Player A", "player B (you)"); a name as it is."""
    return name if named() else f"{word} {name}"


def called(seat: int, viewer: int | None) -> str:
    """A seat as the screen calls it in a sentence ("Player A (you) resigned.").

    >>> called(1, 0)
    'Player B'
    """
    return _player(seat_name(seat, viewer))


def _status(view: dict[str, Any], seat: int | None, pen: _Pen) -> list[str]:
    lines = []
    rows = [_player(seat_name(p, seat)) + ":" for p in range(len(view["scores"]))]
    wide = max(map(len, rows))
    # Long names keep each player's tokens and rack on a line of their own, not split.
    apart = wide + len(" 999 points  (99 yellow, 99 blue)  rack 99  <- to move") > WIDTH
    for p, (tokens, score) in enumerate(zip(view["tokens"], view["scores"], strict=True)):
        turn = "  <- to move" if view["to_move"] == p else ""
        lines.append(f"{rows[p]:<{wide}} {count(score, 'point', 3)}")
        rest = f"({tokens['yellow']} yellow, {tokens['blue']} blue)  " \
            f"rack {view['rack_sizes'][p]}{turn}"
        if apart:
            lines.append(f"    {rest}")
        else:
            lines[-1] += f"  {rest}"
    phase = view["phase"]
    info = f"Turn {view['turn']}  bag {count(view['bag'], 'tile')}"
    if phase == "place":
        info += (f"  placed {view['placed_this_turn']} of "
                 f"{view.get('turn_tiles', view['per_turn'])}"
                 f"  next court: open {view['next_court_pays']},"
                 f" closed {2 * view['next_court_pays']} points")
    elif view["drawing"] is not None:
        info += f"  {_player(seat_name(view['drawing'], seat), 'player')} draws"
    elif phase == "deal":
        info += "  who begins is drawn by lot"
    end = view["end"]
    if end["triggered"] and view["winners"] is None:  # not once the game is over
        more = end["turns_left"] - 1  # after the turn in play
        info += "  END: target row reached, " + (f"this turn and {more} more" if more > 0
                                                 else "this is the last turn")
    lines.append(info)
    earlier = view.get("turns_before") or []
    going = view.get("turn_going", _going(view))  # as recalled, before a game given up
    for k, turn in enumerate(earlier):
        label = "Last turn" if going and k == len(earlier) - 1 else "Earlier"
        lines += _turn_line(label, turn, turn.get("earned"), seat)
    last = view.get("last_turn")
    if last is not None:
        # The turn in play once it has laid a tile: said so, not as if it were over.
        label = "This turn" if going else "Last turn"
        lines += _turn_line(label, last, (view.get("earned") or {})[last["seat"]]
                            if view.get("earned") else None, seat)
    lines += skipped_lines(view, seat)
    if view["courts"]:
        done = phase in ("over", "ended")  # no tile to fit any more: not what each needs
        courts = [f"{c['square']} {c['court']}{' under a joker' if c.get('joker') else ''}"
                  + ("" if done else f" ({c['needs']})") for c in view["courts"]]
        lines += pack(["Courts: " + courts[0], *courts[1:]])
    if view["winners"] is not None:
        winners = view["winners"]
        names = listed([_player(seat_name(w, seat)) for w in winners])
        scores = view["scores"]
        tied = any(scores[p] == scores[winners[0]] for p in range(len(scores))
                   if p not in winners)
        why = " (equal points: more blue tokens)" if tied else ""
        if end["triggered"] and len(view.get("skipped") or []) != len(scores):
            lines.append("The target line was reached and everyone else has had one more turn.")
        lines.append(pen.mark(f"Game over: {names} win{'s' if len(winners) == 1 else ''}{why}.",
                              "1"))
    return lines


def recall(view: dict[str, Any], earlier: Iterator[dict[str, Any]],
           seat: int | None = None) -> dict[str, Any]:
    """The view with ``turns_before``, oldest first: the turns that laid tiles since
    `seat`'s own latest one before the turn in play (that one too), each with its
    ``earned`` tokens, from the `earlier` views (latest first); for a spectator, only the
    turn before one that has laid a tile. ``turn_going``: the turn in play has laid one.

    >>> recall({"phase": "over", "last_turn": None}, iter([]))
    {'phase': 'over', 'last_turn': None}
    """
    latest = view.get("last_turn")
    if latest is None or view["phase"] == "deal":
        return view
    going = _going(view)
    if seat is None and not going:
        return view
    turns = [] if going else [latest]  # latest first
    for before in earlier:
        if before["phase"] == "deal" or before["turn"] < view["turn"] - len(view["scores"]) - 1:
            break
        turn = before["last_turn"]
        if before["phase"] != "place" or before["placed_this_turn"] or turn is None \
                or turn in turns:
            continue  # not the start of a turn: it names no turn before
        turns.append({**turn, "earned": before["earned"][turn["seat"]]})
        if seat is None or turn["seat"] == seat:
            break
    if not going:
        turns.pop(0)
    if not turns:
        return view
    return {**view, "turns_before": turns[::-1], "turn_going": going}


def _going(view: dict[str, Any]) -> bool:
    """Whether the turn in play has laid a tile (so it is the view's ``last_turn``)."""
    last = view.get("last_turn")
    return view["phase"] == "place" and last is not None \
        and last["seat"] == view["to_move"] and view["placed_this_turn"] > 0


def _turn_line(label: str, turn: dict[str, Any], earned: dict[str, int] | None,
               viewer: int | None) -> list[str]:
    """A turn's tiles after `label` and who laid them, with the tokens it earned."""
    laid = list(turn["moves"]) or ["nothing"]
    laid[0] = f"{label}: {_player(seat_name(turn['seat'], viewer), 'player')} laid {laid[0]}"
    got = [count(earned[kind], f"{kind} token") for kind in ("yellow", "blue")
           if earned and earned[kind]]
    if got:
        laid[-1] += f" (earned {' and '.join(got)})"
    return pack(laid)  # broken between tiles, never inside one


def render(view: dict[str, Any], seat: int | None, *, color: bool, ended: bool = False) -> str:
    """The whole screen for `seat` (None: a spectator); `ended`: nobody is to move.

    >>> from spieltisch import load
    >>> state = load("colomino").new_initial_state()
    >>> while state.is_chance_node():
    ...     state = state.apply(state.legal_actions()[0])
    >>> screen = render(state.view(0), 0, color=False)
    >>> "Player A (you):   0 points" in screen and "fits:" in screen
    True
    """
    pen = _Pen(color)
    if ended:
        view = {**view, "to_move": None, "phase": "ended", "drawing": None, "legal": None}
    parts = [*_board(view, pen), "", *_status(view, seat, pen)]
    over = parts.pop() if view["winners"] is not None else None  # said last, under the rack
    rack = _rack(view, pen)
    if rack:
        parts += ["", *rack]
    if over is not None:
        parts += ["", over] if rack else [over]
    return "\n".join(parts)
