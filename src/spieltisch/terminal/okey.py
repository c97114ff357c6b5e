"""Okey at the terminal: the table (indicator, okey, every discard pile, scores), then
your rack twice - sorted by colour, and laid out by the solver into its best sets and
runs with the tiles left over and the tiles still missing - then what you may do now.

Tiles are a colour letter and a number: R red, Y yellow, B blue, K black (R7, K13);
FJ is a false joker. The okey (wild) is marked with a star.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spieltisch.games.okey import layout, solver, tiles
from spieltisch.terminal import count, listed, pack, paint, seat_name

HELP = """\
On your turn first take the previous player's discard ("take" or "t") or draw
from the pile ("draw" or "d"), then discard one tile by its name ("R7", also
"discard R7"). When the 14 tiles left after a discard all form sets and runs,
finish with that discard: "finish R7"; a plain discard of a tile that would
finish is played only when typed a second time. Sets: 3 or 4 of one number in
different colours (R5 Y5 K5). Runs: 3 or more in a row in one colour (B3 B4
B5); 1 may follow 13 (R12 R13 R1), nothing follows that 1. The okey (marked *)
stands for any tile; a false joker FJ stands for the okey's own face. In preset
standard seven pairs (two alike; the okey pairs with any tile) finish too.
Tiles: R red, Y yellow, B blue, K black, numbers 1-13; the okey may be typed
with its star (K2*).
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move), resign (give up), help, quit."""
AGAINST_COMPUTER = """\
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move; against the computer, not a draw from the pile once you have
seen the tile), resign (give up), help, quit."""
"""The end of `HELP` for play against the computer: a draw seen stands."""

SETTING_UP = ("seat ", "indicator ", "deal ")
"""How the moves that set a round up begin: not shown as the last move, which tells what
a seat did."""

DRAWN = ("drew ", "draws from the pile")
"""How the tile drawn after a "draw" is logged: as the owner and as the others see it."""


def joins_log(lines: list[str], i: int) -> bool:
    """Whether line `i` of a log is the tile drawn by the "draw" before it, listed as that
    move.

    >>> joins_log(["draw", "draws from the pile"], 1), joins_log(["take R5", "drew K5"], 1)
    (True, False)
    """
    return i > 0 and lines[i - 1] == "draw" and lines[i].startswith(DRAWN)


def bot_words(move: str, hidden: bool) -> str:
    """What a computer player did, in the words of the log: a draw from the pile says no
    tile, as others see it.

    >>> bot_words("draw", False), bot_words("take K3", False), bot_words("discard R7", False)
    ('draws from the pile', 'takes K3', 'discards R7')
    >>> bot_words("finish Y5", False)
    'finishes the round, discarding Y5'
    """
    verb, _, tile = move.partition(" ")
    if verb == "draw":
        return "draws from the pile"
    if verb == "take":
        return f"takes {tile}".rstrip()
    if verb == "discard":
        return f"discards {tile}"
    if verb == "finish":
        return f"finishes the round, discarding {tile}"
    return "moves in secret" if hidden else f"plays {move}"


DRAWN_WORDS = ("you have seen the tile you drew from the pile: taken back, you would choose "
               "again knowing it, so your draw stands")
"""Why a draw from the pile stands against the computer once its tile is seen."""
SAYS_RESULT = True
"""The last screen of a match its rules ended names the winners under the scores, so no
result line follows it."""
_NO_WINNER = {"pile exhausted": "the pile is empty", "turn limit": "that was the last turn"}


def bot_move_words(move: str, before: dict[str, Any], after: dict[str, Any],
                   viewer: int | None = None) -> str:
    """`bot_words`, and where the move ended a round without a winner, that it did
    (`before` and `after`: the views around the move).

    >>> ended = {"results": [{"round": 2, "winner": None, "how": "pile exhausted"}]}
    >>> bot_move_words("discard R7", {"results": []}, ended)
    'discards R7; the pile is empty: round 2 ends without a winner'
    """
    said = bot_words(move, False)
    results = after["results"]
    if len(results) > len(before["results"]) and results[-1]["winner"] is None:
        why = _NO_WINNER.get(results[-1]["how"], results[-1]["how"])
        said += f"; {why}: round {results[-1]['round']} ends without a winner"
    return said


def settled_words(view: dict[str, Any]) -> str:
    """Why a move before the round in play is not taken back: that would deal the round
    anew.

    >>> settled_words({"round": 2})
    'your last move was in a round that is over, and round 2 has been dealt since, so it stands'
    """
    return (f"your last move was in a round that is over, and round {view['round']} has been "
            "dealt since, so it stands")


_COLOUR_CODES = {"R": "31;1", "Y": "33;1", "B": "34;1", "K": "1", "F": "35;1"}


class _Pen:
    def __init__(self, color: bool, okey: str | None) -> None:
        self.color = color
        self.okey = okey

    def paint(self, text: str, code: str) -> str:
        return paint(text, code, self.color)

    def tile(self, name: str) -> str:
        text = name + ("*" if name == self.okey else "")
        if name == self.okey and self.color:
            return self.paint(text, _COLOUR_CODES[name[0]] + ";7")
        return self.paint(text, _COLOUR_CODES.get(name[0], "0"))

    def tiles(self, names: list[str]) -> str:
        return " ".join(self.tile(n) for n in names) if names else "-"

    def bold(self, text: str) -> str:
        return self.paint(text, "1")


def _header(view: dict[str, Any], viewer: int | None, pen: _Pen,
            ended: bool = False) -> list[str]:
    rounds = view["rounds"]
    of = f"round {view['round']} of {rounds}" if view["preset"] == "seed" else \
        f"round {view['round']} (at most {rounds})"
    starter = view["starter"]
    head = [pen.bold(f"Okey ({view['preset']}), {of}, {view['direction']}")]
    if starter is not None:
        head.append(f"{seat_name(starter, viewer)} started")
    lines = pack(head, "; ")
    if view["indicator"] is not None:
        okey = view["okey"]
        joker = (f"false jokers FJ stand for {view['false_joker_as']}"
                 if view["false_joker_as"] else "the false joker is the joker")
        lines.append(f"Indicator {pen.tile(view['indicator'])}  ->  okey {pen.tile(okey)} "
                     f"(wild); {joker}.")
    # The turn in play counted from 1 (the view counts the discards made); none at the end.
    turn = "" if view["phase"] == "over" else f" Turn {view['turn'] + 1}" + (
        "" if ended else f" (a round without a winner ends after {view['turn_limit']})")
    lines.append(f"Pile: {count(view['pile'], 'tile')} left.{turn}" + "." * bool(turn))
    lead = f"Scores ({view['score_label']}): "
    said = [f"{seat_name(s, viewer)} {v:g}" for s, v in enumerate(view["scores"])]
    lines += pack([lead + said[0], *said[1:]], "  ", len(lead))
    return lines


def _stake(view: dict[str, Any]) -> str | None:
    stake = view["stake"]
    if stake is None:
        return None
    if view["preset"] == "standard":
        return (f"At stake: a win costs each opponent {stake['normal']} points, "
                f"{stake['okey_discard']} when finishing with the okey, "
                f"{stake['seven_pairs']} with seven pairs, {stake['seven_pairs_okey_discard']}"
                " for both; the match ends when someone reaches 0.")
    more = stake["rounds_left"] - 1  # after the round in play
    return "At stake: one round won; " + (f"this round and {more} more to play." if more > 0
                                          else "this is the last round.")


def _table(view: dict[str, Any], viewer: int | None, pen: _Pen) -> list[str]:
    lines = ["Discard piles (oldest first, the last one on top):"]
    width = max(len(seat_name(s, viewer)) for s in range(view["players"]))
    for s, pile in enumerate(view["discards"]):
        took = [pen.tile(t) for t in view["known"][s]]
        if took:
            took[0] = f"  took: {took[0]}"  # kept with its first tile
        row = [pen.tile(t) for t in pile] or ["-"]
        row[0] = f"  {seat_name(s, viewer):<{width}}  [{view['rack_sizes'][s]:2d} on rack]  " \
            + row[0]
        first, *more = pack([*row, *took], sep=" ", indent=6)  # broken between tiles
        lines += [first, *(" " * 6 + line.lstrip() for line in more)]
    before, last = view.get("move_before"), view["last_move"]
    for label, move in (("Last move", before), ("This turn" if before else "Last move", last)):
        if move is not None and not move["move"].startswith(SETTING_UP):
            who = "" if move["seat"] is None else seat_name(move["seat"], viewer) + ": "
            lines.append(f"{label}: {who}{move['move']}")
    return lines


def recall(view: dict[str, Any], earlier: Iterator[dict[str, Any]],
           seat: int | None = None) -> dict[str, Any]:
    """The view with ``move_before`` once the player to move has taken or drawn: the
    move before their turn, from the `earlier` views (latest first).

    >>> recall({"last_move": None, "to_move": 0}, iter([]))
    {'last_move': None, 'to_move': 0}
    """
    last = view["last_move"]
    if last is None or last["seat"] is None or last["seat"] != view["to_move"]:
        return view
    for before in earlier:
        move = before["last_move"]
        if move is None or move["seat"] != last["seat"]:
            return {**view, "move_before": move} if move else view
    return view


def _results(view: dict[str, Any], viewer: int | None, pen: _Pen) -> list[str]:
    if not view["results"]:
        return []
    r = view["results"][-1]
    if r["winner"] is None:
        return [f"Round {r['round']}: no winner ({r['how']})."]
    bonus = " with the okey" if r["okey_discard"] else ""
    then = _Pen(pen.color, r.get("okey"))  # that round's okey, not the next one's
    lost = [s for s, c in enumerate(r["change"]) if c < 0] if view["preset"] == "standard" \
        else []
    cost = ""
    if lost:
        points = count(-r["change"][lost[0]], "point")
        cost = (f"; {listed([seat_name(s, viewer) for s in lost])} lose {points} each"
                if len(lost) > 1 else f"; {seat_name(lost[0], viewer)} loses {points}")
    lines = [f"Round {r['round']}: {seat_name(r['winner'], viewer)} finished{bonus} "
             f"({r['how']}), discarding {then.tile(r['discard'])}{cost}."]
    groups = r.get("melds") or [r["hand"]]
    okey = f" (okey {then.tile(r['okey'])})" if r.get("okey") else ""
    lead = f"  Winning hand{okey}: "
    melds = [f"[{then.tiles(g)}]" for g in groups]
    lines += pack([lead + melds[0], *melds[1:]], " ", 6)  # broken between melds
    return lines


def _rack(view: dict[str, Any], pen: _Pen, ended: bool = False) -> list[str]:
    """The rack, and while a move is still to come the layouts it is closest to."""
    rack = view["rack"]
    if rack is None or not rack:
        return []
    lines = [f"Your rack ({len(rack)}): " + "  ".join(
        pen.tiles([t for t in rack if t[0] == c]) for c in "RYBKF"
        if any(t[0] == c for t in rack))]
    if view["okey"] is None or ended or view["phase"] == "over":
        return lines
    okey = tiles.parse(view["okey"])
    key = solver.rack_key(tiles.counts_of(tiles.parse(t) for t in rack), okey)
    face = okey if okey != tiles.FALSE_JOKER else None
    arranged = layout.arrange(key, okey_face=face)
    parts = ["[" + " ".join(_slot(name, pen) for name in layout.meld_names(m, face)) + "]"
             for m in arranged.melds] or ["-"]
    if arranged.spare_okeys:
        parts.append(f"+ {arranged.spare_okeys} spare okey")
    lines += pack(["Best layout: " + parts[0], *parts[1:]], "  ", 4)
    melds = " ".join(parts)
    lines.append(f"  left over: {pen.tiles(arranged.junk)}   tiles missing: "
                 f"{arranged.missing}" + ("  (? = a tile you still need)" if "?" in melds else ""))
    if view["preset"] == "standard" and solver.pairs_missing(key) <= arranged.missing:
        lines += _pairs(rack, okey, solver.pairs_missing(key), pen)
    return lines


def _pairs(rack: list[str], okey: int, missing: int, pen: _Pen) -> list[str]:
    """The rack as seven pairs (a win in ``standard``), where that is no farther off than
    sets and runs: the pairs, the tiles left over and the tiles missing."""
    groups = layout.winning_melds([tiles.parse(t) for t in rack], okey, pairs=True)
    pairs = [g for g in groups if len(g) == 2][:7]
    rest = list(groups)
    for pair in pairs:
        rest.remove(pair)
    left = sorted((t for g in rest for t in g), key=tiles.parse)
    parts = [f"[{pen.tiles(p)}]" for p in pairs] or ["-"]
    return [*pack(["Seven pairs: " + parts[0], *parts[1:]], " ", 4),
            f"  left over: {pen.tiles(left)}   tiles missing: {missing}"]


def _slot(name: str, pen: _Pen) -> str:
    if name == "okey":
        return pen.tile(pen.okey) if pen.okey else "okey"
    if name == "?":
        return pen.paint("?", "2")
    return pen.tile(name)


def _prompt(view: dict[str, Any], viewer: int | None) -> list[str]:
    if view["phase"] == "over":
        scores = view["scores"]
        best = [s for s, v in enumerate(scores) if v == max(scores)]
        if len(best) == len(scores):
            return ["The match is over: a draw."]
        verb = "wins" if len(best) == 1 else "win"
        return [f"The match is over: {listed([seat_name(s, viewer) for s in best])} {verb}."]
    to_move = view["to_move"]
    if to_move is None:
        return []
    if to_move != viewer:
        return [f"Waiting for {seat_name(to_move, viewer)}."]
    if view["phase"] == "draw":
        top = view["takeable"]
        take = f"'take' the discard {top}, or " if top else ""
        return [f"Your turn: {take}'draw' from the pile."]
    lines = ["Your turn: discard a tile by its name (e.g. 'R7')."]
    why = "the pile is empty" if not view["pile"] else \
        "this is the last turn" if view["turn"] + 1 >= view["turn_limit"] else None
    if why:
        lines.append(f"Mind: {why}, so a discard that does not finish ends the round "
                     "without a winner.")
    rack = view["rack"]
    if rack and len(rack) == 15 and view["okey"] is not None:
        ready = _finishing(view)
        if ready:
            lines += pack(["You can finish:", *_finish_costs(view, ready)], " ", 2)
    return lines


def doubt(view: dict[str, Any], move: str) -> str | None:
    """Why a discard is not played at once: the tile would finish the round instead, and
    typed again it is discarded.

    >>> rack = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 Y7 R9".split()
    >>> view = {"phase": "discard", "okey": "K2", "preset": "seed", "rack": rack}
    >>> doubt(view, "discard R9")[:56], doubt(view, "discard Y7")
    ("R9 finishes your rack: type 'finish R9' to win the round", None)
    """
    verb, _, tile = move.partition(" ")
    rack = view.get("rack")
    if verb != "discard" or view["phase"] != "discard" or not rack or len(rack) != 15 \
            or view["okey"] is None or tile not in _finishing(view):
        return None
    return (f"{tile} finishes your rack: type 'finish {tile}' to win the round with it, "
            f"or type {tile} again to discard it anyway")


def _finish_costs(view: dict[str, Any], ready: list[str]) -> list[str]:
    """The ``finish`` moves, grouped by what each costs every opponent where that differs
    ("'finish K2' (the okey): 8 points from each opponent; 'finish R1': 4 …"), as the
    parts a line may break between."""
    worth = {f["tile"]: f["points"] for f in view.get("finishes", [])}
    costs = sorted({worth.get(t) for t in ready}, key=lambda n: -(n or 0))
    if len(costs) < 2 or None in costs:
        return [f"'finish {t}'," for t in ready[:-1]] + [f"'finish {ready[-1]}'."]
    parts: list[str] = []
    for cost in costs:
        said = [f"'finish {t}'" + " (the okey)" * (t == view["okey"])
                for t in ready if worth.get(t) == cost]
        parts += [f"{move}," for move in said[:-1]]
        end = "." if cost == costs[-1] else ";"
        parts.append(f"{said[-1]}: {cost} points from each opponent{end}")
    return parts


def _finishing(view: dict[str, Any]) -> list[str]:
    """Tiles whose discard finishes (sets and runs; seven pairs in ``standard``)."""
    okey = tiles.parse(view["okey"])
    counts = list(tiles.counts_of(tiles.parse(t) for t in view["rack"]))
    out = []
    for k in range(tiles.KINDS):
        if counts[k]:
            counts[k] -= 1
            key = solver.rack_key(counts, okey)
            if solver.missing(key) == 0 or (view["preset"] == "standard"
                                            and solver.pairs_missing(key) == 0):
                out.append(tiles.name(k))
            counts[k] += 1
    return out


def render(view: dict[str, Any], seat: int | None, *, color: bool, ended: bool = False) -> str:
    """The whole screen for `seat` (None: a spectator, who sees no rack); `ended`: nobody
    is to move.

    >>> from spieltisch import load
    >>> state = load("okey", players=2).new_initial_state()
    >>> while state.current_player < 0:
    ...     state = state.apply(state.legal_actions()[0])
    >>> screen = render(state.view(0), 0, color=False)
    >>> "Your rack (15)" in screen and "Best layout" in screen and "discard a tile" in screen
    True
    """
    pen = _Pen(color, view["okey"])
    lines = _header(view, seat, pen, ended)
    stake = None if ended else _stake(view)  # nothing is at stake in a game ended early
    if stake:
        lines.append(stake)
    lines.append("")
    lines.extend(_table(view, seat, pen))
    lines.extend(_results(view, seat, pen))
    lines.append("")
    lines.extend(_rack(view, pen, ended))
    if not ended or view["phase"] == "over":
        lines.extend(_prompt(view, seat))
    return "\n".join(lines)
