"""Oh-Wah-Ree at the terminal: the ring of 12 pits drawn as two rows of six.

The bottom row runs left to right from the first pit (A1), the top row right to
left, so sowing counter-clockwise goes along the bottom row, up, and back along
the top row. With two players the stores stand at the sides (B left, A right).
In Grand-Oh-Wah-Ree an owner row above and below the board shows who holds
each pit now.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.starts import SEAT_LETTERS
from spieltisch.games.oware.recall import recall as recall  # the screen recalls it
from spieltisch.terminal import WIDTH, count, listed, paint, seat_label, width, yours

HELP = """\
Take all stones from one of your pits and sow them one by one into the
following pits (with 2 players always counter-clockwise; with 3 or 4 you choose
the direction); from 12 stones on, the emptied pit is skipped on every lap. If
the last stone lands in an opponent's pit that then holds 2 or 3, you capture
it, and so on backwards while the pits are an opponent's with 2 or 3. No grand
slam rule, no duty to feed. The game ends when the player to move cannot sow
(with 3 or 4: when two in a row cannot), when a position comes back since the
last capture, or after 1,000 moves; each pit's stones then go to its owner, and
the most stones wins.
Grand: a capture takes the pit too (keeping its name); you sow from the pits you
own now, a player who owns none is out, and the most pits wins (stones break a
tie). Abapa (tournament Oware, A begins): a capture of all the opponent's stones
takes nothing, an opponent without stones must be fed if you can, and whoever
has more than 24 wins at once.

Type the pit to sow from, e.g. "A3" (pits are named by player letter and number,
counted in the counter-clockwise sowing order).
With 3 or 4 players add the direction: "A3 ccw" (counter-clockwise, towards A4)
or "A3 cw" (clockwise, towards A2), also in words ("A3 clockwise"). Capitals and
spaces do not matter.
On the board: ^ marks the pit sown from in the last move, * a pit it captured.
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move), resign (give up), help, quit."""

REDRAW_ROUNDS = True
"""While only computer players move, the board is drawn again after each round of them."""
SAYS_RESULT = True
"""The last screen of a game its rules ended names the winner with the scores (and the
stones that broke a tie in pits), so no result line follows it."""
_COLOURS = ("31", "32", "33", "34")  # A red, B green (as in the rulebook), C yellow, D blue
_TOP = tuple(range(11, 5, -1))
_BOTTOM = tuple(range(6))
_MARGIN = 10
_RULE = "+" + "+".join(["----"] * 6) + "+"


class _Pen:
    """ANSI colouring, or none."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def seat(self, text: str, seat: int, *extra: str) -> str:
        return paint(text, ";".join((_COLOURS[seat], *extra)), self.color)


def _cell(pits: list[dict[str, Any]], index: int, last: dict[str, Any] | None,
          pen: _Pen) -> str:
    mark, codes = " ", tuple[str, ...]()  # captured pits in reverse video, the sown pit underlined
    if last is not None and index in last["captured"]:
        mark, codes = "*", ("7",)
    elif last is not None and index == last["pit"]:
        mark, codes = "^", ("4",)
    return pen.seat(f"{pits[index]['stones']:>3}{mark}", pits[index]["owner"], *codes)


def _row(pits: list[dict[str, Any]], order: tuple[int, ...], last: dict[str, Any] | None,
         pen: _Pen) -> str:
    return "|" + "|".join(_cell(pits, i, last, pen) for i in order) + "|"


def _names(pits: list[dict[str, Any]], order: tuple[int, ...], pen: _Pen) -> str:
    return " " + " ".join(f" {pen.seat(pits[i]['name'], SEAT_LETTERS.index(pits[i]['name'][0]))} "
                          for i in order)


def _owners(pits: list[dict[str, Any]], order: tuple[int, ...], pen: _Pen) -> str:
    return " " + " ".join(f" {pen.seat(SEAT_LETTERS[pits[i]['owner']], pits[i]['owner'])}  "
                          for i in order) + " owner"


def _board(view: dict[str, Any], pen: _Pen) -> list[str]:
    pits, last = view["pits"], view["last_move"]
    pad = " " * _MARGIN
    # beside the board: left of the top row, left of the middle rule, right of it,
    # right of the bottom row
    beside = [pad, pad, "", ""]
    if view["players"] == 2:
        stores = view["stores"]
        beside = [f" {pen.seat('B store', 1)}  ", f"{stores[1]:^{_MARGIN - 1}} ",
                  f"  {pen.seat('A store', 0)}", f" {stores[0]:^{_MARGIN - 1}}"]
    grand = view["preset"] == "grand"
    lines = [pad + _owners(pits, _TOP, pen)] if grand else []
    lines += [
        pad + _names(pits, _TOP, pen),
        pad + _RULE,
        beside[0] + _row(pits, _TOP, last, pen),
        beside[1] + _RULE + beside[2],
        pad + _row(pits, _BOTTOM, last, pen) + beside[3],
        pad + _RULE,
        pad + _names(pits, _BOTTOM, pen),
    ]
    if grand:
        lines.append(pad + _owners(pits, _BOTTOM, pen))
    return [line.rstrip() for line in lines]


def _who(seat: int, me: int | None, pen: _Pen) -> str:
    if seat == me:
        label, you = yours(seat_label(seat), seat).removesuffix(" (you)"), " (you)"
    else:
        label, you = seat_label(seat), ""
    return pen.seat(label, seat, "1") + you


def _standings(view: dict[str, Any], me: int | None, pen: _Pen) -> list[str]:
    pits, stores = view["pits"], view["stores"]
    rows = []
    wide = max(width(_who(s, me, pen)) for s in range(view["players"]))
    for s in range(view["players"]):
        parts = []
        if view["preset"] == "grand":
            parts.append(count(sum(1 for p in pits if p["owner"] == s), "pit", 2))
        if view["terminal"]:
            parts.append(count(stores[s], "stone", 2))
        else:
            on_board = sum(p["stones"] for p in pits if p["owner"] == s)
            parts += [f"{stores[s]:>2} captured", f"{on_board:>2} in own pits"]
        turn = ">" if s == view["to_move"] else " "
        who = _who(s, me, pen) + ":"
        rows.append(f"{turn} {who}{' ' * (wide + 1 - width(who))} " + ", ".join(parts))
    return rows


def _last_moves(view: dict[str, Any], seat: int | None, pen: _Pen) -> list[str]:
    """The last sowing, after those before it since `seat`'s own, that one first
    (captures named)."""
    last = view["last_move"]
    if last is None:
        return ["No move yet."]
    earlier = list(view.get("earlier_moves", []))
    mine = [k for k, move in enumerate(earlier) if move["seat"] == seat]
    if mine:  # from the seat's own sowing on
        del earlier[:mine[-1]]
    elif view.get("own_move"):
        earlier.insert(0, view["own_move"])
    if last["seat"] == seat:
        earlier = []
    lines = [f"Earlier: {_sowing(move, view, seat, pen)}." for move in earlier]
    lines.append(f"Last move: {_sowing(last, view, seat, pen)}.")
    if view.get("grand_slam"):
        other = _who(1 - last["seat"], seat, pen)
        lines.append(f"That sowing would have captured all the stones of {other}, so it"
                     " captured nothing (grand slam).")
    return lines


def _sowing(move: dict[str, Any], view: dict[str, Any], seat: int | None, pen: _Pen) -> str:
    return f"{_who(move['seat'], seat, pen)} sowed {move['notation']}{_captures(move, view)}"


def _captures(move: dict[str, Any], view: dict[str, Any]) -> str:
    """What a sowing captured, after its pit: ", capturing A2 and A1" (Grand: the pits too),
    or nothing."""
    if not move["captured"]:
        return ""
    pits = [view["pits"][p]["name"] for p in move["captured"]]
    said = f", capturing {listed(pits)}"
    if view["preset"] == "grand":
        said += " and taking the pit" if len(pits) == 1 else \
            f" and taking {'both' if len(pits) == 2 else f'the {len(pits)}'} pits"
    return said


_ENDS = {
    "no_stones": "{0} has no stone left to sow",
    "stuck": "{0} and {1} cannot sow, one after the other",
    "no_pits": "only {0} still owns pits",
    "repetition": "a position came back since the last capture",
    "move_limit": "1,000 moves have been played",
    "majority": "{0} has more than half the stones",
    "split": "each has half the stones",
    "no_move": "{0} cannot move; each takes the stones on their side",
}


def _passed_over(view: dict[str, Any], me: int | None, pen: _Pen) -> list[str]:
    """Who is out (Grand), who was skipped after the last sowing, why the game ended."""
    lines = _out_lines(view.get("out", []), me, pen) + passed_over_lines(view, me, pen)
    end = view.get("end")
    if end:
        names = [_who(s, me, pen) for s in end["seats"]]
        lines.append("The game is over: " + _ENDS[end["reason"]].format(*names) + ".")
    return lines


def _outcome(view: dict[str, Any], me: int | None, pen: _Pen) -> str:
    scores, stones, label = view["scores"], view["stores"], view["score_label"]
    keys = [(scores[s], stones[s] if label == "pits" else 0) for s in range(len(scores))]
    best = max(keys)
    winners = [s for s, key in enumerate(keys) if key == best]
    table = " : ".join(f"{score:g}" for score in scores)
    if len(winners) == len(keys):
        return f"Game over: a draw, {table} {label}."
    verb = "win" if len(winners) > 1 else "wins"
    text = f"Game over: {listed([_who(s, me, pen) for s in winners])} {verb}, {table} {label}"
    tied = [s for s, key in enumerate(keys) if key[0] == best[0]]
    if len(tied) > len(winners):
        text += " (more stones break the tie: " + ", ".join(
            f"{_who(s, me, pen)} {count(stones[s], 'stone')}" for s in tied) + ")"
    return text + "."


def hint_words(move: str) -> str:
    """A suggested move, as the screen says a move: the pit sown.

    >>> hint_words("B4")
    'sow B4'
    """
    return f"sow {move}"


def bot_words(move: str, hidden: bool) -> str:
    """What a computer player did, as the screen says it: the pit it sowed.

    >>> bot_words("B4 cw", False)
    'sows B4 cw'
    """
    return f"sows {move}"


def bot_move_words(move: str, before: dict[str, Any], after: dict[str, Any],
                   viewer: int | None = None) -> str:
    """What a computer player did, as the screen says a sowing: the pit, what it captured
    (Grand: the pits too), and who then went out or was skipped (`before` and `after`:
    the `viewer`'s views around the move).

    >>> from spieltisch import load
    >>> state = load("oware", start="A").new_initial_state()
    >>> for move in ("A1", "B6", "A2", "B5", "A3"):
    ...     state = state.apply(state.string_to_action(move))
    >>> bot_move_words("B3", state.view(0), state.apply(8).view(0), 0)
    'sows B3, capturing A2 and A1'
    """
    last, pen = after["last_move"], _Pen(False)
    said = f"sows {move}{'' if last is None else _captures(last, after)}"
    if after.get("grand_slam") and last is not None:
        said += (f", which would have captured all the stones of "
                 f"{_who(1 - last['seat'], viewer, pen)}, so it captured nothing (grand slam)")
    went_out = [s for s in after.get("out", []) if s not in before.get("out", [])]
    return "\n".join([said, *_out_lines(went_out, viewer, pen),
                      *passed_over_lines(after, viewer)])


def _out_lines(seats: list[int], viewer: int | None, pen: _Pen) -> list[str]:
    return [f"{_who(s, viewer, pen)} owns no pit and is out." for s in seats]


def passed_over_lines(view: dict[str, Any], viewer: int | None = None,
                      pen: _Pen | None = None) -> list[str]:
    """Who could not sow and was skipped after the last sowing, said after a move.

    >>> passed_over_lines({"skipped": [1]}, 0)
    ['B cannot sow and is skipped.']
    """
    return [f"{_who(s, viewer, pen or _Pen(False))} cannot sow and is skipped."
            for s in view.get("skipped", [])]


def tie_words(view: dict[str, Any], seats: list[int], names: list[str]) -> str | None:
    """Why `seats` with as many pits as another are placed apart: more stones (grand).

    >>> tie_words({"score_label": "pits", "stores": [22, 26]}, [0, 1], ["Ada", "Bea"])
    'more stones break the tie: Ada 22 stones, Bea 26 stones'
    """
    if view["score_label"] != "pits":
        return None
    return "more stones break the tie: " + ", ".join(
        f"{names[s]} {count(view['stores'][s], 'stone')}" for s in seats)


def render(view: dict[str, Any], seat: int | None, *, color: bool, ended: bool = False) -> str:
    """The screen for `seat` (``None``: a spectator); `ended`: nobody is to move.

    >>> from spieltisch import load
    >>> print(render(load("oware", start="A").new_initial_state().view(0), 0, color=False))
    Oh-Wah-Ree (oh-wah-ree), 2 players, move 1 (goal: most stones). You are A.
    <BLANKLINE>
                B6   B5   B4   B3   B2   B1
              +----+----+----+----+----+----+
     B store  |  4 |  4 |  4 |  4 |  4 |  4 |
        0     +----+----+----+----+----+----+  A store
              |  4 |  4 |  4 |  4 |  4 |  4 |     0
              +----+----+----+----+----+----+
                A1   A2   A3   A4   A5   A6
    <BLANKLINE>
    > A (you):  0 captured, 24 in own pits
      B:        0 captured, 24 in own pits
    No move yet.
    A (you) to move.
    """
    pen = _Pen(color)
    goal = "most pits, stones break ties" if view["score_label"] == "pits" else "most stones"
    head = (f"Oh-Wah-Ree ({view['preset']}), {view['players']} players, move {view['ply'] + 1}"
            f" (goal: {goal}).")
    heads = [head]
    if seat is not None:
        you = f"You are {pen.seat(seat_label(seat), seat, '1')}."
        heads = [head, you] if width(f"{head} {you}") > WIDTH else [f"{head} {you}"]
    if ended:
        view = {**view, "to_move": None}
    lines = [*heads, "", *_board(view, pen), "", *_standings(view, seat, pen),
             *_last_moves(view, seat, pen), *_passed_over(view, seat, pen)]
    if view["terminal"]:
        lines.append(_outcome(view, seat, pen))
    elif ended:
        pass
    elif view["to_move"] is None:
        lines.append("Who begins is drawn by lot.")
    else:
        other = 1 - view["to_move"]
        if view["preset"] == "abapa" and not any(
                p["stones"] for p in view["pits"] if p["owner"] == other):
            mover = "you" if seat == view["to_move"] else _who(view["to_move"], seat, pen)
            lines.append(f"{_who(other, seat, pen)} has no stones: {mover} must sow a pit"
                         " that gives them some.")
        turn = f"{_who(view['to_move'], seat, pen)} to move"
        if view["direction_choice"]:
            turn += " (a pit and a direction: ccw or cw)"
        lines.append(turn + ".")
    return "\n".join(lines)
