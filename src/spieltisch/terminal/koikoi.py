"""Koi-Koi at the terminal: the opponent's side on top, the table in the middle,
your collection and hand below, then what you may do now.

Cards are shown by code and name, e.g. ``3b Cherry Curtain``: the number is the
month (1 January/Pine … 12 December/Paulownia), the letter the kind (b bright,
a animal, r ribbon, p plain). Collections are grouped by kind.
"""

from __future__ import annotations

from typing import Any

from spieltisch.games.koikoi.cards import CARDS, parse_card
from spieltisch.terminal import WIDTH, count, listed, pack, paint, seat_name

HELP = """\
Each month both players get 8 cards and 8 lie on the table. Play a hand card: it
takes a table card of its month (you choose when two match; with three it takes
all four) or stays on the table. Then the top pile card is turned and does the
same.
Yaku: Kasu 10 plains 1 (+1 each more), Tanzaku 5 ribbons 1 (+1), Tane 5 animals
1 (+1), Akatan the 3 poetry ribbons 5, Aotan the 3 blue ribbons 5, Ino-Shika-Cho
boar, deer and butterflies 5, Sanko 3 brights without the Rain Man 5, Ame-Shiko
4 brights with him 6 (7 in nintendo), Shiko 4 without him 8, Goko all 5 brights
10 - only the best bright yaku counts. Tsukimi-zake (Moon + Sake Cup) and
Hanami-zake (Curtain + Sake Cup) 5, in preset seed only alongside another yaku.
The Sake Cup counts as animal or plain, whichever scores more. Preset seed (the
rulebook): Tsukifuda (all 4 cards of the month's flower) 5, a month without yaku
gives the dealer 1 (Oya-ken), first to 50 wins. Preset nintendo: 12 months, 7 or
more points double, and double again if the opponent called Koi-Koi; a dealt
hand of four of a month (Teshi) or four pairs (Kuttsuki) scores 6 at once.
Stopping after the opponent's Koi-Koi leaves them nothing; if the cards run out
after Koi-Koi, the last caller scores. The winner of a month deals the next.

Play a hand card by its code: "3r" (month 3, ribbon). If it matches two cards on
the table, say which one it takes: "3r>3b" (also "3r 3b"). A month's plain card
may be written without its number: "1p", "3r>3p". After the draw, when the
drawn card matches two table cards: "take 8b" (or "8b", "8a>8b"). When you
made or raised a yaku: "stop" to score now, or "koikoi" ("k") to play on for
more - if the opponent then stops first, you get nothing this month. Names work
too: "pine-crane", "Cherry Curtain", "Matsu ni Tsuru", "kiri ni hoo".
Codes: b bright, a animal, r ribbon (poetry, blue or red), p plain; month first.
Commands: moves (the legal moves), hint (a suggested move), undo (take back
your last move), resign (give up), help, quit."""
AGAINST_COMPUTER = """\
Commands: moves (the legal moves), hint (a suggested move), resign (give up),
help, quit. Against the computer a move cannot be taken back: a card is turned
from the pile after every move, and what you have seen turned stands."""
"""The end of `HELP` for play against the computer, where no move can be taken back."""
DRAWN_WORDS = ("a card has been turned from the pile since your last move: taken back, you "
               "would play again knowing it, so it stands")
"""Why a move stands against the computer once a card is turned after it."""
NO_TAKE_BACK = True
"""Against the computer no move can be taken back: `undo` is not among the commands."""
NO_TAKE_BACK_WORDS = ("against the computer a move cannot be taken back: a card is turned "
                      "from the pile after every move, and what you have seen turned stands")
"""What `undo` typed against the computer answers before the person's first move."""
SAYS_RESULT = True
"""The last screen of a match its rules ended names the winner and shows the scores, so
no result line follows it."""

_KIND_TITLE = {"bright": "brights", "animal": "animals", "ribbon": "ribbons", "plain": "plains"}
_KIND_COLOUR = {"bright": "33;1", "animal": "32", "plain": "2"}
_RIBBON_COLOUR = {"poetry": "31;1", "blue": "34;1", "plain": "31"}
_REASON = {
    "stop": "stopped with", "koikoi": "scored after Koi-Koi when the cards ran out, with",
    "oya-ken": "as dealer scored", "hand": "was dealt", "last-turn": "made",
}
_REASON_AFTER = {"last-turn": " on the month's last turn"}
"""Words after the yaku, for reasons told that way."""


class _Pen:
    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(self, text: str, code: str) -> str:
        return paint(text, code, self.color)

    def card(self, card: dict[str, Any]) -> str:
        code = _RIBBON_COLOUR.get(card["ribbon"] or "", _KIND_COLOUR.get(card["kind"], "0"))
        return self.paint(f"{card['code']} {card['name']}", code)

    def bold(self, text: str) -> str:
        return self.paint(text, "1")


def _wrap(label: str, items: list[str], indent: int = 4) -> list[str]:
    """A labelled list of cards, wrapped; colour codes do not count towards the width."""
    lines: list[str] = []
    line, width = " " * indent + label, indent + len(label)
    for item in items:
        visible = len(_plain(item))
        if width + visible + 2 > WIDTH and width > indent + len(label):
            lines.append(line.rstrip(", "))
            line, width = " " * (indent + len(label)), indent + len(label)
        line += item + ", "
        width += visible + 2
    lines.append(line.rstrip(", ") if items else line + "-")
    return lines


def _plain(text: str) -> str:
    while "\x1b[" in text:
        start = text.index("\x1b[")
        end = text.index("m", start)
        text = text[:start] + text[end + 1:]
    return text


def _yaku_text(yaku: list[dict[str, Any]]) -> str:
    return ", ".join(_yaku_list(yaku))


def _yaku_list(yaku: list[dict[str, Any]]) -> list[str]:
    """Each yaku with its points ("Kasu (Plains) 2"), or "no yaku"."""
    return [f"{y['name']} ({y['english']}) {y['points']}" for y in yaku] or ["no yaku"]


def _said(before: str, yaku: list[dict[str, Any]], after: str, indent: int = 4) -> list[str]:
    """`before` the yaku, then `after` them, broken between two yaku (or after `before`),
    never inside one.

    >>> kasu = {"name": "Kasu", "english": "Plains", "points": 1}
    >>> for line in _said("    yaku: ", [kasu] * 5, "", 10):
    ...     print(line)
        yaku: Kasu (Plains) 1, Kasu (Plains) 1, Kasu (Plains) 1, Kasu (Plains) 1,
              Kasu (Plains) 1
    """
    parts = _yaku_list(yaku)
    parts[-1] += after
    if len(before + parts[0]) <= WIDTH:
        return pack([before + parts[0], *parts[1:]], indent=indent)
    return [before.rstrip(), *pack([" " * indent + parts[0], *parts[1:]], indent=indent)]


def _doubled(view: dict[str, Any], base: int, points: int, opponent: int,
             viewer: int | None) -> str:
    """Why ``points`` are more than the yaku's ``base`` points, e.g. " (8, doubled for
    7 or more and again for B's Koi-Koi)"; empty when they are not."""
    if not base or points == base:
        return ""
    seven = view["double_seven"] and base >= 7
    koikoi = view["double_koikoi"] and points == base * (4 if seven else 2)
    whose = "your" if opponent == viewer else f"{seat_name(opponent, viewer)}'s"
    why = ["7 or more"] * seven + [f"{whose} Koi-Koi"] * koikoi
    return f" ({base}, doubled for {' and again for '.join(why)})"


def _collection(view: dict[str, Any], seat: int, viewer: int | None, pen: _Pen,
                done: bool = False) -> list[str]:
    """`seat`'s cards taken and yaku; while the month goes on (not `done`), what stopping
    would earn."""
    captured = view["captured"][seat]
    count = sum(len(cards) for cards in captured.values())
    lines = [f"  {seat_name(seat, viewer)} collected {count} cards:"]
    for kind, title in _KIND_TITLE.items():
        cards = captured[kind]
        lines += _wrap(f"{title:<8} ({len(cards):>2}) ", [pen.card(c) for c in cards])
    sake = "  (the Sake Cup counts as a plain card)" if view["sake_as_plain"][seat] else ""
    lines += _said("    yaku: ", view["yaku"][seat], sake, indent=10)
    calls = view["koikoi_calls"][seat]
    stop = view["stop_points"][seat]
    extra = []
    if stop and not done and view["phase"] != "over":
        base = view["yaku_points"][seat]
        extra.append(f"stopping would earn {stop}{_doubled(view, base, stop, 1 - seat, viewer)}")
    if calls:
        extra.append(f"called Koi-Koi {calls}x")
    if extra:
        lines.append("    " + "; ".join(extra))
    return lines


def _hand(view: dict[str, Any], pen: _Pen, done: bool = False) -> list[str]:
    """The viewer's hand; while a card is still to be played (not `done`), what each takes."""
    table_by_month: dict[int, list[dict[str, Any]]] = {}
    for card in view["table"]:
        table_by_month.setdefault(card["month"], []).append(card)
    items = []
    for card in view["hand"]:
        matches = table_by_month.get(card["month"], []) \
            if not done and view["phase"] != "over" else []
        note = ""
        if len(matches) == 2:
            note = " [takes " + " or ".join(m["code"] for m in matches) + "]"
        elif matches:
            note = " [takes " + "+".join(m["code"] for m in matches) + "]"
        items.append(pen.card(card) + note)
    return _wrap("Your hand: ", items, indent=2)


def _header(view: dict[str, Any], viewer: int | None) -> list[str]:
    limit = f" of {view['months']}" if view["months"] else ""
    target = f", first to {view['target']}" if view["target"] else ""
    scores = [f"{seat_name(s, viewer)} {view['scores'][s]}" for s in (0, 1)]
    dealer = view["dealer"]
    who = f"dealer {seat_name(dealer, viewer)}" if dealer is not None else "dealer not drawn yet"
    head = f"Koi-Koi ({view['preset']}) - month {view['month']}{limit}: " \
        f"{view['flower_name']} ({view['flower']})"
    one = f"{head}, {who}"
    heads = [one] if len(one) <= WIDTH else [head, who[0].upper() + who[1:]]
    return [*heads, *pack([f"Scores: {scores[0]}", scores[1] + target], indent=len("Scores: "))]


def _last_month(view: dict[str, Any], viewer: int | None) -> list[str]:
    if not view["history"]:
        return []
    last = view["history"][-1]
    shown = last.get("shown") or []
    cards = ", ".join(f"{c['code']} {c['name']}" for c in shown)
    if last["winner"] is None:
        if shown:
            return [f"Month {last['month']}: both hands were dealt a Teshi or Kuttsuki "
                    f"({cards}); nobody scored."]
        return [f"Month {last['month']}: nobody scored."]
    how = _REASON.get(last["reason"], last["reason"])
    after = _REASON_AFTER.get(last["reason"], "")
    base = sum(y["points"] for y in last["yaku"])
    why = _doubled(view, base, last["points"], 1 - last["winner"], viewer)
    lines = ["\n".join(_said(f"Month {last['month']}: {seat_name(last['winner'], viewer)} {how} ",
                             last["yaku"],
                             f"{after} -> {count(last['points'], 'point')}{why}."))]
    if shown:
        lines.append(f"{seat_name(last['winner'], viewer)} showed: {cards}.")
    return lines


def _takes(codes: list[str]) -> str:
    """What a move took, in words: " takes 3b" or " takes nothing"."""
    return " takes " + ("+".join(codes) if codes else "nothing")


def _turn_log(view: dict[str, Any], viewer: int | None) -> list[str]:
    """This month's last two turns, the viewer's own (its draw too) and the other side's
    (for a spectator both sides'), the older first, each card with what it took."""
    runs: list[tuple[int, list[str]]] = []
    log = view["log"]
    for i, entry in enumerate(log):
        move = entry["move"]
        if move.startswith("take ") and runs:
            runs[-1][1][-1] = runs[-1][1][-1].split(" takes ")[0] + _takes(entry["takes"])
            continue
        choosing = i == len(log) - 1 and view["phase"] == "choose"
        if move not in ("stop", "koikoi") and not choosing:
            move = move.split(">")[0] + _takes(entry.get("takes", []))
        if runs and runs[-1][0] == entry["seat"]:
            runs[-1][1].append(move)
        else:
            runs.append((entry["seat"], [move]))
    lines: list[str] = []
    for n, (seat, moves) in enumerate(reversed(runs[-2:])):
        who = "You" if seat == viewer else seat_name(seat, viewer)
        lines.insert(0, f"{who}{' just' * (n == 0)}: " + "; ".join(moves))
    return lines


def _prompt(view: dict[str, Any], viewer: int | None, pen: _Pen) -> list[str]:
    phase = view["phase"]
    if phase == "over":
        winner = view["winner"]
        if winner is None:
            return [pen.bold("The match is over: a draw.")]
        return [pen.bold(f"The match is over: {seat_name(winner, viewer)} wins.")]
    to_move = view["to_move"]
    if to_move is None or to_move != viewer:
        if view["turn"] is not None:
            return [f"{seat_name(view['turn'], viewer)} to play."]
        return ["Dealing."]
    if phase == "play":
        return [pen.bold("Your turn: play a hand card (e.g. 3r, or 3r>3b to pick its catch).")]
    if phase == "choose":
        drawn = view["drawn"]
        options = [c for c in view["table"] if c["month"] == drawn["month"]]
        choice = " or ".join(f"take {c['code']}" for c in options)
        return [pen.bold(f"You drew {pen.card(drawn)}; it matches two table cards: {choice}.")]
    stake = view["at_stake"]
    mine = _yaku_text(view["yaku"][viewer])
    why = _doubled(view, stake["yaku_points"], stake["stop_points"], 1 - to_move, viewer)
    # Broken only between these parts, so that no word of the question is left alone.
    question = pack([f"You have {mine}.", f"Stop now for {count(stake['stop_points'], 'point')}"
                     f"{why},", "or call Koi-Koi to play on?"], sep=" ")
    risk = "If you call Koi-Koi and the opponent stops first, you score nothing this month."
    if stake["opponent_called"]:
        risk = "The opponent called Koi-Koi: if you stop now, they score nothing."
    return [*(pen.bold(line) for line in question), risk, "Type stop or koikoi."]


def _card(code: str) -> str:
    return f"{code} {CARDS[parse_card(code)].name}"


def settled_words(view: dict[str, Any]) -> str:
    """Why a move before the month in play is not taken back: that would deal the month
    anew.

    >>> settled_words({"month": 2})
    'your last move was in a month that is over, and month 2 has been dealt since, so it stands'
    """
    return (f"your last move was in a month that is over, and month {view['month']} has been "
            "dealt since, so it stands")


def bot_words(move: str, hidden: bool) -> str:
    """What a computer player did, in words: its card by name, its choice of the table
    card for the drawn one, stopping or calling Koi-Koi.

    >>> bot_words("take 8b", False), bot_words("koikoi", False)
    ('takes 8b Pampas Moon with the card from the pile', 'calls Koi-Koi and plays on')
    """
    if move == "stop":
        return "stops and scores the month"
    if move == "koikoi":
        return "calls Koi-Koi and plays on"
    if move.startswith("take "):
        return f"takes {_card(move.removeprefix('take '))} with the card from the pile"
    return f"plays {' taking '.join(_card(code) for code in move.split('>'))}"


def move_name(move: str) -> str:
    """A move as a list names it (the expert's mix): its cards by name.

    >>> move_name("8b"), move_name("koikoi")
    ('8b Pampas Moon', 'koikoi')
    """
    if move in ("stop", "koikoi"):
        return move
    verb, _, cards = move.rpartition(" ")
    return f"{verb} " * bool(verb) + " taking ".join(_card(code) for code in cards.split(">"))


def bot_move_words(move: str, before: dict[str, Any], after: dict[str, Any],
                   viewer: int | None = None) -> str:
    """`bot_words`, a card played from the hand with what it took from the table (`before`:
    the view before it).

    >>> table = [{"code": "9p2", "month": 9}, {"code": "3b", "month": 3}]
    >>> bot_move_words("9a", {"table": table}, {})
    'plays 9a Chrysanthemum Sake Cup, which takes 9p2 Chrysanthemum Plain 2'
    >>> bot_move_words("11p", {"table": table}, {})
    'plays 11p Willow Lightning, which stays on the table'
    >>> table += [{"code": "9p1", "month": 9}, {"code": "9r", "month": 9}]
    >>> print(bot_move_words("9a", {"table": table}, {}))  # doctest: +NORMALIZE_WHITESPACE
    plays 9a Chrysanthemum Sake Cup, which takes 9p2 Chrysanthemum Plain 2,
    9p1 Chrysanthemum Plain 1 and 9r Chrysanthemum Blue Ribbon
    """
    if move in ("stop", "koikoi") or move.startswith("take "):
        return bot_words(move, False)
    played, _, chosen = move.partition(">")
    month = CARDS[parse_card(played)].month
    same = [card["code"] for card in before["table"] if card["month"] == month]
    taken = [chosen] if chosen else same if len(same) != 2 else []
    return f"plays {_card(played)}, which " + (
        "takes " + listed([_card(code) for code in taken]) if taken
        else "stays on the table")


def chance_words(view: dict[str, Any], move: str, seat: int | None) -> str | None:
    """What the terminal says of a chance outcome, given the view before it: the card
    turned from the pile with what it takes, and before a month's deal how the month
    before ended.

    >>> table = [{"code": "8p1", "month": 8}, {"code": "3b", "month": 3}]
    >>> chance_words({"table": table}, "draw 8b", 0)
    'From the pile: 8b Pampas Moon, which takes 8p1 Pampas Plain 1.'
    >>> chance_words({"table": table}, "draw 11p", 0)
    'From the pile: 11p Willow Lightning, which stays on the table.'
    """
    if move.startswith("draw "):
        code = move.removeprefix("draw ")
        month = CARDS[parse_card(code)].month
        same = [_card(card["code"]) for card in view["table"] if card["month"] == month]
        said = "stays on the table" if not same else \
            f"matches two table cards, {listed(same)}" if len(same) == 2 else \
            f"takes {listed(same)}"
        return f"From the pile: {_card(code)}, which {said}."
    if move.startswith("deal ") and view["history"] and not view["table"] \
            and not any(view["hand_sizes"]):
        return " ".join([*_last_month(view, seat), f"Month {view['month']} is dealt."])
    return None


def render(view: dict[str, Any], seat: int | None, *, color: bool, ended: bool = False) -> str:
    """The whole screen for ``seat`` (None: a spectator, who sees no hand); `ended`:
    nobody is to move."""
    pen = _Pen(color)
    viewer = seat
    top = 1 - seat if seat is not None else 1
    bottom = 1 - top
    sizes = view["hand_sizes"]
    lines = _header(view, viewer) + _last_month(view, viewer) + [""]
    lines.append(f"{seat_name(top, viewer)}: {count(sizes[top], 'card')} in hand")
    lines += _collection(view, top, viewer, pen, ended)
    lines.append("")
    lines += _wrap(f"Table ({len(view['table'])}): ", [pen.card(c) for c in view["table"]],
                   indent=2)
    pile = f"  Pile: {view['pile_size']} cards"
    if view["drawn"] is not None:
        pile += f"; drawn: {pen.card(view['drawn'])}"
    lines += [pile, ""]
    if seat is None:
        lines.append(f"{seat_name(bottom, viewer)}: {count(sizes[bottom], 'card')} in hand")
    lines += _collection(view, bottom, viewer, pen, ended)
    if view["hand"] is not None:
        lines += _hand(view, pen, ended)
    lines.append("")
    lines += _turn_log(view, viewer)
    if not ended or view["phase"] == "over":
        lines += _prompt(view, viewer, pen)
    return "\n".join(lines)
