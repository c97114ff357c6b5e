"""Irono Ofubi at the terminal: the board in colour, supplies, line scores, the stake.

Seat A's stones are round, ``(Y)``; seat B's are oval, ``<Y>``; the marked field
shows ``[*]``. Colours are letters (Y yellow, G green, W white, R red, B blue,
A grey), painted in their colour when the terminal shows ANSI colours.

>>> from spieltisch import load
>>> state = load("irono", start="A").new_initial_state().apply(9)
>>> print(render(state.view(0), 0, color=False).splitlines()[0])
Irono Ofubi - game 1 of 1, round 1 of 16        points  A 0 : 0 B
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.protocol import JSON
from spieltisch.core.starts import SEAT_LETTERS
from spieltisch.games.irono.board import COLOUR_NAMES, LETTERS
from spieltisch.terminal import WIDTH, count, listed, pack, paint, seat_label, seat_name

HELP = """\
Each round the hider puts the marker on an empty field, then secretly takes a
colour; the guesser names as many colours as the screen shows (the guess option,
3 by default, and at most one fewer than the colours in play). Caught: the
guesser places a stone of that colour; not caught: the hider places one of
theirs. Per line (rows, columns, diagonals) n of a player's own stones of a
colour score n*n, grey double; 4 own stones of 4 colours in a line (Bunte Reihe)
+4; all 4 stones of a colour placed (Ausverkauf) +4, and that colour leaves the
game for both players.
Type moves like this:
  b3          put the marker on field b3 (column a-d, row 1-4)
  R  or red   hide red (typed without echo, so nobody looking on sees it)
  YGR         guess yellow, green and red (also: y g r, or yellow green red)
Colours: Y yellow, G green, W white, R red, B blue, A grey."""
SAYS_RESULT = True
"""The last screen of a game its rules ended names the winner with the points, so no
result line follows it."""

_ANSI = {"Y": "33", "G": "32", "W": "97", "R": "31", "B": "34", "A": "90"}
_SHAPES = (("(", ")"), ("<", ">"))


def _paint(text: str, letter: str, color: bool) -> str:
    return paint(text, f"1;{_ANSI[letter]}", color)


def _cell(cell: JSON, name: str, marker: str | None, color: bool) -> str:
    if cell is None:
        return " [*] " if name == marker else "  .  "
    seat, letter = cell["seat"], cell["colour"]
    left, right = _SHAPES[seat]
    return " " + _paint(f"{left}{letter}{right}", letter, color) + " "


def _colours(letters: list[str], color: bool) -> str:
    return " ".join(_paint(x, x, color) for x in letters) or "-"


def render(view: dict[str, Any], seat: int | None, *, color: bool, ended: bool = False) -> str:
    """The whole screen for `seat` (None: a spectator); `ended`: nobody is to move."""
    lines = view["lines"]
    points = view["points"]
    out = [f"Irono Ofubi - game {view['game_number']} of {view['games']}, round "
           f"{view['round']} of {view['rounds']}        points  A {points[0]} : {points[1]} B"]
    if view["games"] > 1:
        scores = view["scores"]
        out.append(f"match total  A {scores[0]:g} : {scores[1]:g} B   finished games: "
                   + (", ".join(f"{r['points'][0]}:{r['points'][1]}" for r in view["results"])
                      or "none"))
    last = view["last_round"]
    if last is not None and last["game"] != view["game_number"]:
        done = view["results"][last["game"] - 1]
        sellouts = ", ".join(f"{seat_name(r['placed_by'], seat)} "
                             f"{COLOUR_NAMES[LETTERS.index(r['sold_out'])]}"
                             for r in view["history"]
                             if r["game"] == last["game"] and r["sold_out"])
        out[:0] = [f"The board at the end of game {last['game']} (A {done['points'][0]} : "
                   f"{done['points'][1]} B"
                   + (f"; Ausverkauf +4: {sellouts}" if sellouts else "") + "):", "",
                   *_board(done["board"], done["lines"], None, color),
                   "", ""]
    out.append("")
    out.extend(_board(view["board"], lines, view["marker"], color))
    out.append("")
    wide = max(9, *(len(seat_name(s, seat)) for s in (0, 1)))
    out.append(f"  {'supply':<{wide}}   " + "  ".join(_paint(c["letter"], c["letter"], color)
                                            for c in view["colours"]))
    for s in (0, 1):
        supply = view["supply"][s]
        counts = "  ".join(str(supply[c["letter"]]) for c in view["colours"])
        sold = ", ".join(COLOUR_NAMES[LETTERS.index(x)] for x in view["sold_out"][s])
        out.append(f"  {seat_name(s, seat):<{wide}}   {counts}"
                   + (f"    sold out: {sold}" if sold else ""))
    guessing = "" if ended or view["phase"] == "over" else \
        f"   guesses name {count(view['guess_size'], 'colour')}"  # no more guesses at the end
    out.append(f"  in play: {_colours(view['in_play'], color)}{guessing}")
    out.append("")
    out.extend(_round_lines(view, seat, color, ended))
    return "\n".join(out)


def _board(board: list[list[JSON]], lines: list[dict[str, Any]], marker: str | None,
           color: bool) -> list[str]:
    """The board with the points of every row beside it, then the columns and diagonals."""
    out = ["     " + "".join(f"  {x}  " for x in "abcd") + "    row points"]
    for r, row in enumerate(board):
        cells = "".join(_cell(cell, f"{'abcd'[c]}{r + 1}", marker, color)
                        for c, cell in enumerate(row))
        out.append(f"  {r + 1}  {cells}    {_line_points(lines[r])}")
    out.extend(_entries("  columns: ", [f"{line['name'][-1]} {_line_points(line)}"
                                         for line in lines[4:8]]))
    out.extend(_entries("  diagonals: ", [f"{line['name'].split()[-1]} {_line_points(line)}"
                                          for line in lines[8:]]))
    return out


def _entries(label: str, entries: list[str]) -> list[str]:
    """`label` and the `entries` after it, two spaces apart; where they would not fit
    the screen's width, two to a line, the further lines under the first entry.

    >>> _entries("  columns: ", ["a A  8 B  0 bunt A"] * 4)  # doctest: +NORMALIZE_WHITESPACE
    ['  columns: a A  8 B  0 bunt A  a A  8 B  0 bunt A',
     '           a A  8 B  0 bunt A  a A  8 B  0 bunt A']
    """
    one = label + "  ".join(entries)
    if len(one) <= WIDTH:
        return [one]
    return [(label if i == 0 else " " * len(label)) + "  ".join(entries[i:i + 2])
            for i in range(0, len(entries), 2)]


def _line_points(line: dict[str, Any]) -> str:
    a, b = line["points"]
    flags = "".join(f" bunt {SEAT_LETTERS[s]}" for s in (0, 1) if line["bunt"][s])
    return f"A {a:>2} B {b:>2}{flags}"


def _round_lines(view: dict[str, Any], seat: int | None, color: bool,
                 ended: bool = False) -> list[str]:
    out = []
    last = view["last_round"]
    if last is not None and last["game"] != view["game_number"]:
        done = view["results"][last["game"] - 1]["points"]
        out.append(f"Game {last['game']} is over: A {done[0]} : {done[1]} B. "
                   f"Game {view['game_number']} begins on an empty board.")
    if last is not None:
        caught = "caught it" if last["caught"] else "missed"
        names = {c["letter"]: c["name"] for c in view["colours"]}

        def named(letter: str) -> str:
            return _paint(names[letter], letter, color)

        sold = f", Ausverkauf of {named(last['sold_out'])}" if last["sold_out"] else ""
        colours = [named(x) for x in last["guess"]]
        # The guess said as `listed` says it, a part per colour to break between.
        guessed = [f"{c}," for c in colours[:-2]] + [colours[-2]] * (len(colours) > 1) \
            + [f"and {colours[-1]}" if len(colours) > 1 else colours[-1]]
        # Broken only between these parts, so "and missed" stays together.
        out += pack([f"Last round: {seat_name(last['hider'], seat)} hid {named(last['colour'])} "
                     f"on {last['field']},",
                     f"{seat_name(1 - last['hider'], seat)} guessed {guessed[0]}", *guessed[1:],
                     f"and {caught};", f"{seat_name(last['placed_by'], seat)} placed it "
                     f"(+{last['gained']}{sold})."], sep=" ")
    phase = view["phase"]
    if phase == "over":
        scores = view["scores"]
        result = "a draw" if scores[0] == scores[1] else \
            f"{seat_name(0 if scores[0] > scores[1] else 1, seat)} wins"
        # A match's scores are its totals: said so, not mistaken for the last game's points.
        said = f"The end: A {scores[0]:g} : {scores[1]:g} B" if view["games"] == 1 else \
            f"The match is over: A {scores[0]:g} : {scores[1]:g} B in all"
        out.append(f"{said}, {result}.")
        return out
    if ended:
        return out
    if phase == "start":
        out.append("Drawing who hides first.")
        return out
    hider, guesser = view["hider"], view["guesser"]
    out += pack([f"Hider {seat_name(hider, seat)}", f"guesser {seat_name(guesser, seat)}."])
    stake = view["stake"]
    if stake is not None:
        for s in (hider, guesser):
            gains = " ".join(f"{_paint(k, k, color)}+{v}" for k, v in stake["gain"][s].items())
            # The gains stay on one line: after the name, or under it.
            out += pack([f"  on {stake['field']} {seat_name(s, seat)} would gain", gains],
                        sep="  ", indent=6)
    if phase == "mark":
        empty = [f"{'abcd'[c]}{r + 1}" for r, row in enumerate(view["board"])
                 for c, cell in enumerate(row) if cell is None]
        example = "b3" if "b3" in empty else empty[0]
        out += pack([f"{seat_name(hider, seat)} puts the marker on an empty field",
                     f"(e.g. {example})."], sep=" ")
    elif phase == "hide":
        example = "R" if "R" in view["in_play"] else view["in_play"][0]
        out += pack([f"{seat_name(hider, seat)} takes a colour in secret", f"(e.g. {example})."],
                    sep=" ")
    else:
        hidden = view["hidden"]
        if seat == hider:
            # By name, as the hider is told it: a grey "A" reads as seat A.
            name = COLOUR_NAMES[LETTERS.index(hidden)]
            out.append(f"Your hidden colour: {_paint(name, hidden, color)}.")
        else:
            out.append(f"{seat_label(hider)} has chosen a colour.")
        out += pack([f"{seat_name(guesser, seat)} names {count(view['guess_size'], 'colour')}",
                     f"(e.g. {''.join(view['in_play'][:view['guess_size']])})."], sep=" ")
    return out


def _names(move: str) -> list[str] | None:
    """The colours a move of colour letters names, or None for another move."""
    if not move or any(x not in LETTERS for x in move):
        return None
    return [COLOUR_NAMES[LETTERS.index(x)] for x in move]


def move_name(move: str) -> str:
    """A move as a list names it: a field, or its colours by name, as they may be typed.

    >>> move_name("b3"), move_name("A"), move_name("YGA")
    ('b3', 'grey', 'yellow green grey')
    """
    names = _names(move)
    return move if names is None else " ".join(names)


def listed_move(move: str) -> str:
    """A colour to hide as the list of moves gives it: its letter, and its name, so that
    grey's "A" is not read as seat A; other moves as typed.

    >>> listed_move("A"), listed_move("b3"), listed_move("YGA")
    ('A (grey)', 'b3', 'YGA')
    """
    names = _names(move)
    return f"{move} ({names[0]})" if names is not None and len(names) == 1 else move


def hint_words(move: str) -> str:
    """A suggested move, its colours named so that grey and blue are not read as seats.

    >>> hint_words("b3"), hint_words("A"), hint_words("WRB")
    ('mark b3', 'hide grey', 'guess white, red and blue')
    """
    names = _names(move)
    if names is None:
        return f"mark {move}"
    return f"hide {names[0]}" if len(names) == 1 else f"guess {listed(names)}"


def bot_words(move: str, hidden: bool) -> str:
    """What a computer player did: marks a field, hides a colour, guesses colours.

    >>> bot_words("d4", False), bot_words("chosen", True), bot_words("YGA", False)
    ('marks d4', 'hides a colour', 'guesses yellow, green and grey')
    """
    if hidden:
        return "hides a colour"
    names = _names(move)
    if names is None:
        return f"marks {move}" if move[:1] in "abcd" else f"plays {move}"
    return f"hides {names[0]}" if len(names) == 1 else f"guesses {listed(names)}"


def secret_words(move: str) -> str:
    """What the hider is told of the colour they hid.

    >>> secret_words("A")
    'You hide grey.'
    """
    return f"You hide {COLOUR_NAMES[LETTERS.index(move)]}."


def secret_input(view: dict[str, Any], seat: int) -> bool:
    """The hider types the hidden colour without echo.

    >>> secret_input({"phase": "hide", "hider": 1}, 1)
    True
    >>> secret_input({"phase": "hide", "hider": 1}, 0)
    False
    >>> secret_input({"phase": "mark", "hider": 1}, 1)
    False
    """
    return bool(view["phase"] == "hide" and view["hider"] == seat)
