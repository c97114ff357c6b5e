"""Terminal fronts: one renderer module per game, and the interactive play loop."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from types import ModuleType
from typing import Any

from spieltisch.core.protocol import JSON, READ_ERRORS
from spieltisch.core.starts import SEAT_LETTERS

WIDTH = 80
"""Columns a screen line may take; longer lines are wrapped (`fit`)."""
_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def width(line: str) -> int:
    """Columns ``line`` takes on the terminal (colour codes take none).

    >>> width("\x1b[31mR5\x1b[0m R6")
    5
    """
    return len(_ESCAPE.sub("", line))


def paint(text: str, code: str, color: bool) -> str:
    """``text`` in the ANSI style ``code`` where ``color`` is on, else as it is.

    >>> paint("R5", "31", True), paint("R5", "31", False)
    ('\\x1b[31mR5\\x1b[0m', 'R5')
    """
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


_NAMES: ContextVar[Sequence[str] | None] = ContextVar("names", default=None)
"""The players' names the screen being drawn gives the seats (`naming`); None: letters."""


@contextmanager
def naming(names: Sequence[str] | None) -> Iterator[None]:
    """Draw screens with the seats called by `names` (None: by their letters)."""
    token = _NAMES.set(names)
    try:
        yield
    finally:
        _NAMES.reset(token)


def named() -> bool:
    """Whether `naming` calls the seats by names while this screen is drawn."""
    return _NAMES.get() is not None


def says_you(label: str) -> bool:
    """Whether a seat's name says it is the viewer's already (the terminal's ``You (A)``).

    >>> says_you("You (A)"), says_you("Youssef (A)")
    (True, False)
    """
    return re.fullmatch(r"You \([A-Z]\)", label) is not None


def seat_label(seat: int) -> str:
    """A seat's name while `naming` gives one, else (or for the terminal's ``You (A)``)
    its letter.

    >>> seat_label(1)
    'B'
    >>> with naming(["Ada", "Bea"]):
    ...     seat_label(1)
    'Bea'
    """
    names = _NAMES.get()
    if names is None or seat >= len(names) or says_you(names[seat]):
        return SEAT_LETTERS[seat]  # "You (A)" would say "You (A) has": "A (you) has"
    return names[seat]


def seat_name(seat: int, viewer: int | None) -> str:
    """A seat's letter (or name, `seat_label`), marked for the viewer.

    >>> seat_name(1, 1), seat_name(2, None)
    ('B (you)', 'C')
    >>> with naming(["You (A)", "Bot B (easy)"]):
    ...     seat_name(0, 0), seat_name(1, 0)
    ('A (you)', 'Bot B (easy)')
    >>> with naming(["Ada (A)", "Bot B (easy)"]):
    ...     seat_name(0, 0)
    'Ada (you)'
    """
    label = seat_label(seat)
    return yours(label, seat) if seat == viewer else label


def called(game_key: str, seat: int, viewer: int | None) -> str:
    """A seat as the game's screen calls it in a sentence (`seat_name`, or the game's
    ``called``: Colomino's ``Player A`` where the seats have no names).

    >>> called("colomino", 0, 0), called("oware", 0, 0)
    ('Player A (you)', 'A (you)')
    """
    words = getattr(renderer(game_key), "called", None)
    return str(words(seat, viewer)) if words is not None else seat_name(seat, viewer)


def yours(label: str, seat: int) -> str:
    """A seat's `label` marked as the viewer's, with one label after a name: a person's
    name kept with the seat's letter (``Ada (A)``) gives up the letter.

    >>> yours("A", 0), yours("Ada (A)", 0), yours("Player B", 1)
    ('A (you)', 'Ada (you)', 'Player B (you)')
    """
    return f"{label.removesuffix(f' ({SEAT_LETTERS[seat]})')} (you)"


def table_names(record: dict[str, JSON]) -> JSON:
    """A record's players as the web table named them, where its `seats` say who played
    each: computer players by level ("Computer (Easy)", several of one level numbered,
    one standing in for a person "Bea (computer, Hard)"), a name met twice numbered.

    >>> bot, person = {"kind": "bot", "level": "easy"}, {"kind": "human"}
    >>> table_names({"players": ["Ada", "Bot (Easy)", "Bot (Easy)", "Bea"], "seats": [
    ...     person, bot, bot, {"kind": "bot", "level": "hard", "stand_in": True}]})
    ['Ada', 'Computer 1 (Easy)', 'Computer 2 (Easy)', 'Bea (computer, Hard)']
    """
    players, seats = record.get("players"), record.get("seats")
    if not isinstance(players, list) or not isinstance(seats, list) \
            or len(seats) != len(players) or not all(isinstance(s, dict) for s in seats):
        return players
    from spieltisch.ai.levels import LEVELS

    def bot(seat: JSON) -> bool:
        return isinstance(seat, dict) and seat.get("kind") == "bot" \
            and seat.get("level") in LEVELS

    names: list[str] = []
    for i, (name, seat) in enumerate(zip(players, seats, strict=True)):
        name = name if isinstance(name, str) else ""
        if not bot(seat):
            names.append(name)
            continue
        assert isinstance(seat, dict)
        level = LEVELS[str(seat["level"])].title
        if seat.get("stand_in"):
            names.append(f"{name or f'Player {i + 1}'} (computer, {level})")
            continue
        alike = [j for j, other in enumerate(seats) if bot(other) and isinstance(other, dict)
                 and not other.get("stand_in") and other.get("level") == seat["level"]]
        names.append(f"Computer ({level})" if len(alike) < 2
                     else f"Computer {alike.index(i) + 1} ({level})")
    taken: set[str] = set()
    for i, name in enumerate(names):
        numbered, n = name, 2
        while numbered.casefold() in taken:
            numbered, n = f"{name} {n}", n + 1
        taken.add(numbered.casefold())
        names[i] = numbered
    return list(names)


def record_names(players: object) -> list[str] | None:
    """The names a record gives its seats, to show in its place of their letters; None
    where it gives none, or only those the terminal gives (``You (A)``, ``Bot B (easy)``),
    which name the letters already, or those `Match` gives unnamed seats (``Seat 1``);
    a name kept with its seat's letter (``Ada (A)``) without the letter.

    >>> record_names(["Ada", "Computer (Easy)"]), record_names(["You (A)", "Bot B (easy)"])
    (['Ada', 'Computer (Easy)'], None)
    >>> record_names(["Ada", ""]), record_names(["Seat 1", "Seat 2"])
    (['Ada', 'B'], None)
    >>> record_names(["Ada (A)", "Bot B (easy)"])  # a person's name kept by resume
    ['Ada', 'Bot B (easy)']
    """
    if not isinstance(players, list) or not players:
        return None
    names = [" ".join(name.split())[:40] if isinstance(name, str) and name.strip()
             else SEAT_LETTERS[s] for s, name in enumerate(players[:len(SEAT_LETTERS)])]
    terminal = re.compile(r"^(You \([A-D]\)|Player [A-D]|Bot [A-D] \(.*\)|[A-D]|Seat \d)$")
    if all(terminal.match(name) for name in names):
        return None
    return [name.removesuffix(f" ({SEAT_LETTERS[s]})") or name for s, name in enumerate(names)]


def pack(parts: Sequence[str], sep: str = ", ", indent: int = 4) -> list[str]:
    """`parts` joined by `sep` on as few lines as fit the screen, broken only between
    parts (a name is never split); further lines are indented by `indent`.

    >>> pack(["Scores: " + "A" * 40 + " (you) 0", "B" * 40 + " 0"], indent=8)[1]
    '        BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB 0'
    >>> [width(line) for line in pack(["x" * 76, "yy", "z"])]  # room kept for the comma
    [77, 9]
    """
    lines = [parts[0]]
    for n, part in enumerate(parts[1:], 2):
        after = len(sep.rstrip()) if n < len(parts) else 0  # a line may end with it
        if width(lines[-1] + sep + part) + after > WIDTH:
            lines[-1] += sep.rstrip()
            lines.append(" " * indent + part)
        else:
            lines[-1] += sep + part
    return lines


def legend(names: Sequence[str], viewer: int | None) -> str:
    """Which letter each named seat has (pits, stores and short tables use the letters).

    >>> legend(["Ada", "Computer (Easy)"], 0)
    'Players: A Ada (you), B Computer (Easy).'
    """
    said = [f"{SEAT_LETTERS[s]} {name}{' (you)' * (s == viewer)}" for s, name in enumerate(names)]
    said[0] = "Players: " + said[0]
    said[-1] += "."
    return "\n".join(pack(said, indent=len("Players: ")))


_GLUE = "\ue000"
"""Stands for a space inside a name while `fit` wraps (never a character of a name)."""


_QUOTED = re.compile(r"(?<![\w'])'[^'\n]{1,20}'(?![\w'])")
"""A short quoted example of a move, kept on one line by `fit`."""


def fit(text: str, columns: int = WIDTH, names: Sequence[str] = ()) -> str:
    """``text`` with every line longer than ``columns`` wrapped at its spaces, but not at
    those inside one of the `names` or a short quoted move; the wrapped part is indented
    four more than the line.

    >>> print(fit("Not possible: write square, tile and rotation, e.g. 'E1 RYGB r1'", 60))
    Not possible: write square, tile and rotation, e.g.
        'E1 RYGB r1'

    >>> print(fit("Last round: Ada Lovelace hid red, Bea Beck guessed", 30, ["Bea Beck"]))
    Last round: Ada Lovelace hid
        red, Bea Beck guessed

    >>> print(fit("  fits: " + ", ".join(f"A{i}" for i in range(1, 30)), 40))
      fits: A1, A2, A3, A4, A5, A6, A7, A8,
          A9, A10, A11, A12, A13, A14, A15,
          A16, A17, A18, A19, A20, A21, A22,
          A23, A24, A25, A26, A27, A28, A29
    """
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, name.replace(" ", _GLUE))
    # A short move quoted as an example ('E1 RYGB r1') is not broken either.
    text = _QUOTED.sub(lambda found: found.group(0).replace(" ", _GLUE), text)
    out = []
    for line in text.split("\n"):
        if width(line) <= columns:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        indent = " " * min(lead + 4, columns // 2)
        first, *words = line[lead:].split(" ")
        row = line[:lead] + first
        for word in words:
            if width(row) + 1 + width(word) > columns:
                out.append(row)
                row = indent + word
            else:
                row += " " + word
        out.append(row)
    return "\n".join(out).replace(_GLUE, " ")


def listed(items: Sequence[str]) -> str:
    """`items` in words: the last joined by "and", the others by commas.

    >>> listed(["red"]), listed(["Bot B", "Bot C", "Bot D"])
    ('red', 'Bot B, Bot C and Bot D')
    """
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]


def count(n: int, noun: str, width: int = 0, plural: str = "") -> str:
    """``n`` (right-aligned in ``width`` columns) and ``noun``, in the plural (``plural``,
    or ``noun`` with an s) unless ``n`` is 1.

    >>> count(1, "card"), count(3, "point"), count(1, "stone", 2), count(2, "loss", plural="losses")
    ('1 card', '3 points', ' 1 stone', '2 losses')
    """
    return f"{n:>{width}} {noun if n == 1 else plural or noun + 's'}"


def renderer(game_key: str) -> ModuleType | None:
    """The game's terminal module (``render``, ``HELP``), if it has one."""
    try:
        return importlib.import_module(f"spieltisch.terminal.{game_key}")
    except ModuleNotFoundError:
        return None


def render(game_key: str, view: dict[str, JSON], seat: int | None, *, color: bool,
           ended: bool = False, names: Sequence[str] | None = None,
           told: bool = True, earlier: Iterable[dict[str, Any]] = ()) -> str:
    """The screen for `seat`: the game's own drawing, or the view as JSON. `ended`: the
    game was ended before its rules end it (a resignation), so no move is asked for.
    `names`: the players' names to call the seats by (`record_names`), after a `legend`
    unless `told` is False (names with their letters, as the terminal gives them).
    `earlier`: `seat`'s views of the positions before, latest first, from which a game's
    screen recalls moves its view no longer holds (its module's ``recall``).

    >>> render("no-such-game", {"a": 1}, 0, color=False)
    '{\\n  "a": 1\\n}'
    """
    module = renderer(game_key)
    if module is None:
        return json.dumps(view, indent=2, ensure_ascii=False)
    recall = getattr(module, "recall", None)
    if recall is not None:
        with suppress(*READ_ERRORS):  # a damaged earlier position of a record: none recalled
            view = recall(view, iter(earlier), seat)
    with naming(names):
        text: str = module.render(view, seat, color=color, ended=ended)
    if names is not None and told:
        text = legend(names, seat) + "\n" + text
    return fit(text, names=names or ())


def help_text(game_key: str, against_computer: bool = False) -> str:
    """How to type moves in this game; `against_computer`, its commands say what
    `undo` cannot take back there (a draw seen since), where the game has such draws.

    >>> help_text("koikoi", against_computer=True).splitlines()[-1][-25:]
    ' have seen turned stands.'
    """
    module = renderer(game_key)
    text = str(getattr(module, "HELP", "Type a move exactly as listed by 'moves'."))
    limited = getattr(module, "AGAINST_COMPUTER", None)
    if against_computer and limited is not None:
        text = text[:text.index("Commands: ")] + limited
    return fit(text)


def takes_back(game_key: str) -> bool:
    """Whether a person can ever take a move back against the computer (not in
    Koi-Koi, where a card is turned from the pile after every move).

    >>> takes_back("okey"), takes_back("koikoi")
    (True, False)
    """
    return not getattr(renderer(game_key), "NO_TAKE_BACK", False)


def no_take_back_words(game_key: str) -> str:
    """What `undo` answers before a person's first move against the computer in a game
    where no move can be taken back there (`takes_back`), in the game's words.

    >>> no_take_back_words("koikoi")[:50]
    'against the computer a move cannot be taken back: '
    """
    return str(getattr(renderer(game_key), "NO_TAKE_BACK_WORDS",
                       "against the computer a move cannot be taken back in this game"))


def says_result(game_key: str) -> bool:
    """Whether the last screen of a game its rules ended says the result itself (the
    winner under the scores, as every game here does), so the terminal adds no result line.

    >>> says_result("koikoi"), says_result("no-such-game")
    (True, False)
    """
    return bool(getattr(renderer(game_key), "SAYS_RESULT", False))


def secret_input(game_key: str, view: dict[str, Any], seat: int) -> bool:
    """Whether the next move must be typed without echo (a hidden choice)."""
    module = renderer(game_key)
    check = getattr(module, "secret_input", None)
    return bool(check(view, seat)) if check is not None else False


def bot_words(game_key: str, move: str, hidden: bool,
              views: tuple[dict[str, Any], dict[str, Any]] | None = None,
              viewer: int | None = None) -> str:
    """What a computer player did, after its name: its `move` as the viewer sees it, or
    that it moved in secret (`hidden`); with the `viewer`'s `views` before and after it,
    in the words of a game that needs them (Colomino's tile, square and court).

    >>> bot_words("oware", "A3", False), bot_words("irono", "WRB", False)
    ('sows A3', 'guesses white, red and blue')
    """
    told = getattr(renderer(game_key), "bot_move_words", None)
    if told is not None and views is not None and not hidden:
        return str(told(move, *views, viewer))
    words = getattr(renderer(game_key), "bot_words", None)
    if words is not None:
        return str(words(move, hidden))
    return "moves in secret" if hidden else f"plays {move}"


_BASE_VERBS = {"plays": "play", "lays": "lay", "takes": "take", "draws": "draw",
               "discards": "discard", "finishes": "finish", "calls": "call", "stops": "stop"}


def _imperative(words: str) -> str:
    """What a computer player did (`bot_words`), said as what to do.

    >>> _imperative("stops and scores the month"), _imperative("calls Koi-Koi and plays on")
    ('stop and score the month', 'call Koi-Koi and play on')
    """
    verb, _, rest = words.partition(" ")
    said = f"{_BASE_VERBS.get(verb, verb)} {rest}".rstrip()
    return said.replace(" and scores ", " and score ").replace(" and plays on", " and play on")


def hint_words(game_key: str, move: str,
               views: tuple[dict[str, Any], dict[str, Any]] | None = None) -> str:
    """A suggested `move` as the hint says it: in the words the screen says moves in (with
    the seat's `views` before and after it, where the game's words need them), and how
    to type it where the words do not show that.

    >>> hint_words("oware", "A3"), hint_words("irono", "A")
    ('sow A3', 'hide grey')
    >>> hint_words("okey", "finish Y5")
    'finish the round, discarding Y5 (type finish Y5)'
    >>> hint_words("koikoi", "take 8b")
    'take 8b Pampas Moon with the card from the pile'
    """
    words = getattr(renderer(game_key), "hint_words", None)
    if words is not None:
        return str(words(move))
    said = _imperative(bot_words(game_key, move, False, views))
    return said if move in said else f"{said} (type {move})"


def listed_move(game_key: str, move: str) -> str:
    """A legal `move` as the ``moves`` command lists it: as typed, with the game's words
    after it where the letters alone could be misread (Irono's grey ``A`` for seat A).

    >>> listed_move("irono", "A"), listed_move("irono", "YGA"), listed_move("oware", "A3")
    ('A (grey)', 'YGA', 'A3')
    """
    words = getattr(renderer(game_key), "listed_move", None)
    return str(words(move)) if words is not None else move


def move_name(game_key: str, move: str) -> str:
    """A `move` as a list of moves names it (the expert's mix).

    >>> move_name("oware", "A3"), move_name("irono", "YGA")
    ('A3', 'yellow green grey')
    """
    name = getattr(renderer(game_key), "move_name", None)
    return str(name(move)) if name is not None else move


def secret_words(game_key: str, move: str) -> str:
    """What the terminal tells the person who made the secret `move`, as they see it.

    >>> secret_words("no-such-game", "X")
    'Your secret move: X.'
    """
    words = getattr(renderer(game_key), "secret_words", None)
    return str(words(move)) if words is not None else f"Your secret move: {move}."


def doubt_words(game_key: str, view: dict[str, Any], move: str) -> str | None:
    """Why the terminal asks again before playing `move` as typed (Okey's discard of a
    tile that would finish the round), if the game's ``doubt`` gives a reason.

    >>> doubt_words("oware", {}, "A3") is None
    True
    """
    doubt = getattr(renderer(game_key), "doubt", None)
    return None if doubt is None else doubt(view, move)


def settled_words(game_key: str, view: dict[str, Any]) -> str:
    """Why a person's last move is not taken back against computer players: what was
    hidden at it has been shown since, in the game's words where it has them.

    >>> settled_words("irono", {})
    'what was hidden at your last move has been shown since, so it stands'
    """
    words = getattr(renderer(game_key), "settled_words", None)
    return str(words(view)) if words is not None else \
        "what was hidden at your last move has been shown since, so it stands"


def drawn_words(game_key: str) -> str:
    """Why a person's last move is not taken back against computer players: a draw they
    saw since would come out again, in the game's words (`DRAWN_WORDS`) where it has them.

    >>> drawn_words("okey")[:46]
    'you have seen the tile you drew from the pile:'
    """
    return str(getattr(renderer(game_key), "DRAWN_WORDS",
                       "you have seen what was drawn since your last move, so it stands"))


def tie_words(game_key: str, view: dict[str, JSON], seats: list[int],
              names: list[str]) -> str | None:
    """Why the `seats` level on score at the end of the game (`view`) are not level, in
    the game's words (Oh-Wah-Ree grand: more stones), if it gives any.

    >>> tie_words("no-such-game", {}, [0, 1], ["Ada", "Bea"]) is None
    True
    """
    words = getattr(renderer(game_key), "tie_words", None)
    return str(words(view, seats, names)) if words is not None else None


FOLD = 5
"""Runs of at least this many lines of a deal are listed as one entry, as the page does."""
_DEALT = re.compile(r"^(deal|draw)\b|\bdraws a tile(?:;|$)")
"""A line no seat made that deals out cards or tiles (as the page's log tells them)."""


def log_entries(game_key: str, lines: list[str],
                movers: list[int | None] | None = None) -> list[tuple[int, str]]:
    """A move log as it is listed: each entry's first place in `lines` and its words. A
    deal of `FOLD` lines or more that no seat made (`movers`; without them, lines that
    begin with "deal") is one entry (``the deal: 29 entries``), as the page folds it;
    where the game's ``joins_log`` joins a line to the move before it (Okey's tile drawn
    after "draw"), that move is listed once, in the words of that line; a shorter run of
    draws that the game's ``draw_run`` gives words for (Colomino's turn) is one entry;
    the game's ``log_words`` says what a line ends with (Colomino's skipped player).

    >>> log_entries("okey", ["discard R3", "draw", "drew K5", "discard K5"])
    [(0, 'discard R3'), (1, 'drew K5'), (3, 'discard K5')]
    >>> log_entries("okey", ["indicator R5", *["deal to seat 2"] * 14, "deal R3", "R3"])
    [(0, 'indicator R5'), (1, 'the deal: 15 entries'), (16, 'R3')]
    """
    joins = getattr(renderer(game_key), "joins_log", None)
    draw_run = getattr(renderer(game_key), "draw_run", None)

    def dealt(i: int) -> bool:
        if movers is None:
            return lines[i].startswith("deal ")
        return i < len(movers) and movers[i] is None and bool(_DEALT.search(lines[i]))

    shown: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        end = i
        while end < len(lines) and dealt(end):
            end += 1
        # The last draw of a month or round stays with it, out of the next one's deal.
        ahead = not lines[i].startswith("deal ") and any(
            line.startswith("deal ") for line in lines[i:end])
        if end - i >= FOLD and not ahead:
            shown.append((i, f"the deal: {end - i} entries"))
            i = end
            continue
        words = draw_run(lines[i:end]) if draw_run is not None and 1 < end - i < FOLD \
            else None
        if words is not None:
            shown.append((i, str(words)))
            i = end
            continue
        if shown and joins is not None and joins(lines, i):
            shown[-1] = (shown[-1][0], lines[i])
        else:
            shown.append((i, lines[i]))
        i += 1
    words_of = getattr(renderer(game_key), "log_words", None)
    return shown if words_of is None else [(i, str(words_of(said))) for i, said in shown]


def redraws_rounds(game_key: str) -> bool:
    """Whether the screen is drawn again after each round of computer players' moves
    while no person moves (Oh-Wah-Ree's player who is out or cannot sow).

    >>> redraws_rounds("oware"), redraws_rounds("koikoi")
    (True, False)
    """
    return bool(getattr(renderer(game_key), "REDRAW_ROUNDS", False))


def skipped_words(game_key: str
                  ) -> Callable[[dict[str, Any], int | None], list[str]] | None:
    """The game's way of saying, from a view, who was passed over before the turn in
    play (Colomino's player who could lay no tile), if it has one."""
    return getattr(renderer(game_key), "skipped_lines", None)


def passed_over_words(game_key: str
                      ) -> Callable[[dict[str, Any], int | None], list[str]] | None:
    """The game's way of saying, from the view after a move, who was passed over, if its
    screen says that only of the last move (Oh-Wah-Ree's player who cannot sow)."""
    return getattr(renderer(game_key), "passed_over_lines", None)


def chance_words(game_key: str) -> Callable[[dict[str, Any], str, int | None], str | None] | None:
    """The game's way of saying a chance outcome (the view before it, the outcome as the
    viewer sees it, the viewer), if its screen says any."""
    return getattr(renderer(game_key), "chance_words", None)
