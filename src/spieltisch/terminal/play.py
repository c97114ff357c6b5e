"""Interactive terminal play and replay, driven by a `Match`."""

from __future__ import annotations

import getpass
import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple, TextIO

from spieltisch.ai.levels import BASELINES, LEVELS, make_bot
from spieltisch.core.bots import Bot, Decision, advice, draw, ranked_advice
from spieltisch.core.match import RECORD_FORMAT, Match, newer_record
from spieltisch.core.protocol import CHANCE, JSON, READ_ERRORS, Game, IllegalAction, read_fault
from spieltisch.core.registry import plays_a_match
from spieltisch.core.starts import RANDOM, SEAT_LETTERS
from spieltisch.core.views_record import check_views_record
from spieltisch.terminal import (
    bot_words,
    called,
    chance_words,
    count,
    doubt_words,
    drawn_words,
    fit,
    help_text,
    hint_words,
    listed,
    listed_move,
    log_entries,
    move_name,
    naming,
    no_take_back_words,
    pack,
    passed_over_words,
    record_names,
    redraws_rounds,
    render,
    says_result,
    says_you,
    secret_input,
    secret_words,
    settled_words,
    skipped_words,
    table_names,
    takes_back,
    tie_words,
    yours,
)

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clears the screen and the scrollback, so the next person cannot scroll back."""
RULE = "\n" + "-" * 40 + "\n"
"""Stands where the screen would be cleared, when the output is no terminal."""
COMMANDS = "Commands: moves, hint, undo, resign, help, quit."
NO_HINT = "Not possible: moves are suggested only to one person playing computer players."
QUIT = ("quit", "exit", "q")
SHARED_UNDO = ("Sharing the terminal, undo takes back the move of whoever moved last, "
               "before the next person has moved.")
NOTHING_YET = "Not possible: nobody at this terminal has moved yet, so there is nothing to " \
    "take back."
CONFIRM = "Press Enter to hand over, or type undo to choose again. "
"""Asked after a secret move among people sharing the terminal, before the screen clears."""
LONGEST = 100
"""Characters a typed move may have; longer input is refused without being repeated."""
UNREADABLE = "Not possible: that input could not be read; please type it again."


def commands(hint: bool, undo: bool = True) -> str:
    """The commands line, with ``hint`` only where it is answered (`hint`: one person),
    ``undo`` only where it can take a move back.

    >>> commands(False), commands(True, undo=False)
    ('Commands: moves, undo, resign, help, quit.', 'Commands: moves, hint, resign, help, quit.')
    """
    text = COMMANDS if hint else COMMANDS.replace(" hint,", "")
    return text if undo else text.replace(" undo,", "")


def without_hint(text: str) -> str:
    """A help text without the ``hint`` command, for people sharing the terminal.

    >>> without_hint("Commands: moves (the legal moves), hint (a suggested move), undo.")
    'Commands: moves (the legal moves), undo.'
    """
    return text.replace(" hint (a suggested move),", "").replace(" hint,", "")


def _nothing() -> None:
    """No type-ahead to discard (input that is not a terminal)."""


def _readable(text: str) -> bool:
    """Whether typed input decoded cleanly: bytes that are not text arrive as lone
    surrogates when the terminal's encoding reads them leniently.

    >>> _readable("A1"), _readable("\\udcffA1")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


Levels = str | Mapping[int, str]
"""The computer players' level: one for all, or one for each seat (medium where none)."""


def level_of(levels: Levels, seat: int) -> str:
    """The level `levels` give the computer player at `seat`.

    >>> level_of("hard", 2), level_of({1: "easy"}, 1), level_of({1: "easy"}, 2)
    ('hard', 'easy', 'medium')
    """
    return levels if isinstance(levels, str) else levels.get(seat, "medium")


def seat_names(players: int, humans: Sequence[int], levels: Levels) -> list[str]:
    """The names of the seats at the terminal, each computer player's with its level.

    >>> seat_names(3, [1], "hard")
    ['Bot A (hard)', 'You (B)', 'Bot C (hard)']
    >>> seat_names(2, [0, 1], "easy"), seat_names(3, [0], {1: "easy", 2: "hard"})
    (['Player A', 'Player B'], ['You (A)', 'Bot B (easy)', 'Bot C (hard)'])
    """
    return [f"You ({SEAT_LETTERS[s]})" if len(humans) == 1 and s in humans
            else f"Player {SEAT_LETTERS[s]}" if s in humans
            else f"Bot {SEAT_LETTERS[s]} ({level_of(levels, s)})" for s in range(players)]


def seats_from_names(names: Sequence[str]) -> tuple[list[int], dict[int, str]] | None:
    """The people's seats and the bots' levels, seat by seat, that `seat_names` gave
    these names, people's names kept from a record with their letters
    (`resumed_names`) too; None for names it did not give.

    >>> seats_from_names(['Bot A (hard)', 'You (B)', 'Bot C (easy)'])
    ([1], {0: 'hard', 2: 'easy'})
    >>> seats_from_names(['Player A', 'Player B']), seats_from_names(['You (A)', 'Bot B (random)'])
    (([0, 1], {}), ([0], {1: 'random'}))
    >>> seats_from_names(['Ada (A)', 'Bot B (easy)']), seats_from_names(['Ada (A)', 'Player B'])
    (([0], {1: 'easy'}), ([0, 1], {}))
    >>> seats_from_names(['Ada', 'Bea']), seats_from_names(['Bot A (easy)', 'Bot B (easy)'])
    (None, None)
    """
    humans = [s for s, name in enumerate(names) if not name.startswith("Bot ")]
    levels = {s: name.rpartition(" (")[2].removesuffix(")") for s, name in enumerate(names)
              if name.startswith("Bot ")}
    if not humans or any(level not in (*LEVELS, *BASELINES) for level in levels.values()):
        return None
    given = seat_names(len(names), humans, levels)
    if all(given[s] == name or (s in humans and name.endswith(f" ({SEAT_LETTERS[s]})"))
           for s, name in enumerate(names)):
        return humans, levels
    return None


def resumed_names(players: Sequence[str], humans: Sequence[int], levels: Levels) -> list[str]:
    """The seats' names going on with a record: the people keep the names the record
    gives them (`record_names`), with their letters, unless a name is a computer
    player's (``Computer (Easy)``; one standing in for a person, ``Bea (computer,
    Hard)``, gives hers) or the web table's for a person without one (``Player 2``);
    the rest are named as `seat_names` names them.

    >>> resumed_names(["Ada", "Computer (Easy)"], [0], "hard")
    ['Ada (A)', 'Bot B (hard)']
    >>> resumed_names(["Ada (A)", "Bea"], [0, 1], "easy")
    ['Ada (A)', 'Bea (B)']
    >>> resumed_names(["You (A)", "Bot B (easy)"], [1], "easy")
    ['Bot A (easy)', 'You (B)']
    >>> resumed_names(["Ada", "Computer (Easy)"], [0, 1], "easy")
    ['Ada (A)', 'Player B']
    >>> resumed_names(["Computer Club (Ada)", "Bea (computer, Hard)"], [0, 1], "easy")
    ['Computer Club (Ada) (A)', 'Bea (B)']
    >>> resumed_names(["Player 1", "Bot (Easy)", "Spieler 3"], [0, 2], "easy")
    ['Player A', 'Bot B (easy)', 'Player C']
    """
    names = seat_names(len(players), humans, levels)
    kept = record_names(list(players))
    if kept is not None:
        for seat in humans:
            found = _computer(kept[seat])
            person = kept[seat] if found is None else found.group("person")
            if person and not _NAMELESS.fullmatch(person):
                # a computer's name is no person's, but one standing in for Ada is hers
                names[seat] = f"{person} ({SEAT_LETTERS[seat]})"
    return names


_NAMELESS = re.compile(r"(?:player|spieler) \d+", re.IGNORECASE)
"""The web table's name for a person who gave none, by seat number (``Player 2``)."""


_GERMAN_LEVELS = {"leicht": "easy", "mittel": "medium", "schwer": "hard", "experte": "expert"}
_LEVEL_WORDS = "|".join((*LEVELS, *BASELINES, *_GERMAN_LEVELS))
_COMPUTER = re.compile(rf"(?:(?:bot|computer|computerspieler)(?: (?:\d+|[a-z]))? \("
                       rf"|(?P<person>.+) \((?:computer|bot), )(?P<level>{_LEVEL_WORDS})\)",
                       re.IGNORECASE)
"""A computer player's name with its level, and nothing else: the terminal's ``Bot B
(easy)``, the web table's ``Computer (Easy)``, ``Computer 2 (Hard)``, ``Bot (Easy)``, or
``Ada (computer, Hard)`` standing in for the person Ada."""


def _computer(name: object) -> re.Match[str] | None:
    """`_COMPUTER` matched against the whole of `name`, its spaces made single."""
    return _COMPUTER.fullmatch(" ".join(str(name).split()))


def record_levels(players: Sequence[str], humans: Sequence[int]) -> dict[int, str]:
    """The levels the names of the seats not in `humans` give their computer players,
    seat by seat; seats whose names give none are left out.

    >>> record_levels(["Ada", "Computer (Easy)"], [0]), record_levels(["Bot A (hard)", "B"], [1])
    ({1: 'easy'}, {0: 'hard'})
    >>> record_levels(["Ada", "Bea (Computer, Schwer)", "Computer 2 (Easy)", "Cem"], [0])
    {1: 'hard', 2: 'easy'}
    >>> record_levels(["Ada", "Bea"], [0]), record_levels(["Ada", "Computer (Easy)"], [0, 1])
    ({}, {})
    """
    levels: dict[int, str] = {}
    for seat, name in enumerate(players):
        found = _computer(name)
        if seat in humans or found is None:
            continue
        word = found.group("level").lower()
        level = _GERMAN_LEVELS.get(word, word)
        if level in (*LEVELS, *BASELINES):
            levels[seat] = level
    return levels


def people_of_names(players: Sequence[str]) -> list[int] | None:
    """The people's seats where a record's names tell them apart from its computer
    players' (`record_levels`; one standing in for a person counts as a computer player):
    the seats of the other names, if some are computer players' and some not; else None.

    >>> people_of_names(["Ada", "Bot (Easy)", "Computer Club (Bea)"])
    [0, 2]
    >>> people_of_names(["Ada", "Bea"]), people_of_names(["Bot (Easy)", "Computer (Hard)"])
    (None, None)
    """
    people = [s for s, name in enumerate(players)
              if not _computer(name)]
    return people if 0 < len(people) < len(players) else None


def resumed_levels(players: Sequence[str], humans: Sequence[int], chosen: str | None
                   ) -> tuple[Levels, str]:
    """The computer players' levels going on with a record of these `players`: `chosen`
    (``--bot``) for all, else each seat's own that the record's names give it
    (`record_levels`), else medium; and what to tell the person where the record did
    not say it.

    >>> resumed_levels(["Ada", "Computer 1 (Easy)", "Computer (Hard)"], [0], None)
    ({1: 'easy', 2: 'hard'}, '')
    >>> resumed_levels(["Ada", "Bea"], [0], None)[1].split(":")[1]
    ' they play at medium (--bot sets another level).'
    """
    if chosen is not None or len(humans) == len(players):
        return chosen or "medium", ""
    given = record_levels(players, humans)
    bots = [s for s in range(len(players)) if s not in humans]
    levels = {s: given.get(s, "medium") for s in bots}
    if not given:
        return levels, ("The record names no level for the computer players: they play "
                        "at medium (--bot sets another level).")
    unnamed = [s for s in bots if s not in given]
    if unnamed:
        return levels, (f"The record names no level for "
                        f"{listed([f'Bot {SEAT_LETTERS[s]}' for s in unnamed])}: "
                        f"{'it plays' if len(unnamed) == 1 else 'they play'} at medium "
                        "(--bot sets another level).")
    return levels, ""


def _read(path: Path) -> dict[str, JSON]:
    """The JSON object in a record file; `IllegalAction` for anything else."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise IllegalAction(f"cannot read {path}: {_why_unread(exc)}") from None
    except UnicodeDecodeError:
        raise IllegalAction(f"{path} is not a spieltisch record: it is not text") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IllegalAction(f"{path} is not a spieltisch record: it is not JSON (line "
                            f"{exc.lineno}, column {exc.colno})") from None
    if not isinstance(record, dict):
        raise IllegalAction(f"{path} is not a spieltisch record")
    newer = newer_record(record)
    if newer is not None:  # the reason's words once, of the file named
        raise IllegalAction(f"{path} {newer.removeprefix('this record ')}: update spieltisch "
                            "to open it")
    return record


def _why_unread(exc: OSError) -> str:
    """Why a file could not be read, in words.

    >>> _why_unread(FileNotFoundError(2, "No such file or directory"))
    'there is no such file'
    """
    if isinstance(exc, FileNotFoundError):
        return "there is no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a directory"
    if isinstance(exc, PermissionError):
        return "not allowed to read it"
    return exc.strerror or str(exc)


def full_record(path: Path) -> Match:
    """The game of a full record saved by ``spieltisch play --record``; `IllegalAction`
    for a file that holds none."""
    record = _read(path)
    if record.get("format") == RECORD_FORMAT + "+views":
        raise IllegalAction(f"{path} holds a record of views, which leaves out the hidden "
                            "cards and tiles: only a full record (spieltisch play --record) "
                            "can be played on")
    if record.get("format") != RECORD_FORMAT:
        raise IllegalAction(f"{path} is not a spieltisch record")
    return _replayed(record, path)


def _replayed(record: dict[str, JSON], path: Path | None) -> Match:
    """`Match.from_record`, its refusal naming the file at `path` if one is given."""
    try:
        return Match.from_record(record)
    except IllegalAction as exc:
        if path is None:
            raise
        raise IllegalAction(f"{path} is not a readable spieltisch record: {exc}") from None


def unfinished(path: Path) -> Match:
    """The game of a full record (`full_record`) to go on with; `IllegalAction` for a
    file that holds none, or whose game is over."""
    match = full_record(path)
    if match.over:
        raise IllegalAction(f"the game in {path} is over; spieltisch replay {path} shows it, "
                            f"and spieltisch resume {path} --from N plays on from its "
                            "position N")
    return match


class TerminalGame:
    """One game at the terminal: some seats typed by people, the rest played by bots
    of `levels` (one for all, or each seat's own). Given an unfinished `match` of
    `game`, it goes on with that one; `notice` is said with the commands before the
    first screen. Where the output is no terminal (`clears` False), a hand-over draws
    a line instead of clearing the screen."""

    def __init__(self, game: Game, humans: Sequence[int], levels: Levels, *,
                 seed: str | None = None, color: bool = True,
                 read: Callable[[str], str] = input,
                 read_secret: Callable[[str], str] = getpass.getpass,
                 discard_typed: Callable[[], None] = _nothing,
                 out: TextIO | None = None, match: Match | None = None,
                 notice: str = "", clears: bool = True) -> None:
        n = game.info.num_players
        if not humans or any(not 0 <= h < n for h in humans):
            raise IllegalAction(f"human seats must be between 1 and {n}")
        self.game = game
        self.humans = sorted(set(humans))
        names = seat_names(n, self.humans, levels) if match is None \
            else resumed_names(match.players, self.humans, levels)
        if match is None:
            match = Match(game, seed=seed, players=names)
        match.players = names
        self.match = match
        self.bots: dict[int, Bot] = {s: make_bot(game, level_of(levels, s)) for s in range(n)
                                     if s not in self.humans}
        self.color = color
        self.read = read
        self.read_secret = read_secret
        self.discard_typed = discard_typed
        self.out = out
        self.clears = clears
        self._rng = random.Random(seed)
        self._last_viewer: int | None = None
        self._notice = notice
        self._intro: list[str] = []
        """What is said before the first screen: the game, the commands, who starts."""
        self._adviser: Bot | None = None
        self._taken_back = ""
        """Whose move was taken back, said again after the screen is cleared."""
        self._told: list[str] = []
        """What computer players did since a person last saw the screen."""
        self._cleared = False
        """Whether a hand-over cleared the screen since a person last saw it."""
        self._round: set[int] = set()
        """The computer players that moved since a person last saw the screen: once one
        is to move again, a game that asks for it (`redraws_rounds`) is drawn anew."""

    def say(self, text: str) -> None:
        """Print `text` to the players, wrapped to the terminal's width between words but
        never inside a player's name."""
        print(fit(text, names=self.match.players), file=self.out, flush=True)

    @property
    def _hints(self) -> bool:
        """Whether `hint` is answered: for one person playing computer players."""
        return len(self.humans) == 1

    @property
    def _undoes(self) -> bool:
        """Whether `undo` can take a move back: not against the computer in a game
        that turns a card from the pile after every move (`takes_back`)."""
        return not self.bots or takes_back(self.game.info.name)

    @property
    def viewer(self) -> int:
        """The seat whose view is shown: the human to move, else the first human."""
        seat = self.match.state.current_player
        return seat if seat in self.humans else self.humans[0]

    def run(self) -> dict[str, JSON] | None:
        """Play until the game ends or a person quits; the result, or None on quit.

        Ctrl-C leaves the game as quitting does, then goes on as KeyboardInterrupt."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self.say("")
            self._leave()
            raise

    def _leave(self) -> None:
        """Leave the game unfinished; among people sharing the terminal, with nobody's
        hand left on the screen."""
        self.say((self._clear() if self._shared() else "") + "Game left unfinished.")

    def _play(self) -> dict[str, JSON] | None:
        key = self.game.info.name
        self._intro = [f"{self.game.info.title} ({self.game.info.preset}). "
                       f"{commands(self._hints, self._undoes)}"]
        moves = sum(seat is not None for seat in self.match.movers())
        if moves:
            self._intro.append(f"Going on after {count(moves, 'move')}.")
        elif self.game.info.options.get("start") == RANDOM:
            starter = self.match.state.current_player
            name = self.match.players[starter]
            if says_you(name):  # "You (A) starts" would be bad English: "A (you) starts"
                name = yours(SEAT_LETTERS[starter], starter)
            self._intro.append(f"Drawn by lot: {name} starts.")
        if self._notice:
            self._intro.append(self._notice)
        self.say("\n".join(self._intro))
        while not self.match.over:
            state = self.match.state
            seat = state.current_player
            if seat in self.bots:
                if seat in self._round and redraws_rounds(key):
                    self.say(self._screen(state.view(self.viewer), self.viewer))
                    self._round = set()
                self._round.add(seat)
                action = self.bots[seat].choose(Decision.from_state(state), self._rng)
                seen = state.action_as_seen(action, self.viewer)
                start = len(self.match.actions)
                self.match.play(seat, action)
                hidden = seen != state.action_to_string(action)
                views = (state.view(self.viewer), self.match.state.view(self.viewer))
                with naming(self.match.players):
                    said = bot_words(key, seen, hidden, views, self.viewer)
                self._tell(f"{self.match.players[seat]} {said}")
                self._tell_chance(start)
                self._tell_skipped(start)
                continue
            handed = self._hand_over(seat)
            if handed is None:  # the last person took their move back
                continue
            if not handed:
                self._leave()
                return None
            if self._told and self._cleared and self.clears:  # cleared: said again
                self.say("\n".join(self._told))
            self._told, self._cleared, self._round = [], False, set()
            view = state.view(seat)
            self.say(self._screen(view, seat))
            start = len(self.match.actions)
            if not self._ask(seat, secret_input(key, view, seat)):
                self._leave()
                return None
            if len(self.match.actions) > start and self.match.movers()[start] == seat:
                self._tell_skipped(start)
                self._tell_passed_over()
        final = self.match.state
        ended = self.match.resigned is not None
        if len(self.humans) > 1:
            told = "".join(f"{line}\n" for line in self._told) * self.clears
            self.say((self._clear() + told if self._shared() else "")
                     + self._screen(final.view(None), None, ended=ended))
        else:
            self.say(self._screen(final.view(self.viewer), self.viewer, ended=ended))
        result = self.match.result()
        assert result is not None
        if self.match.resigned is not None:
            self.say(f"{self._called(self.match.resigned)} resigned.")
        if self.match.resigned is not None or not says_result(self.game.info.name):
            self._announce(result["returns"])
        return result

    def _screen(self, view: dict[str, JSON], seat: int | None, ended: bool = False) -> str:
        """`seat`'s screen, calling the seats as the rest of the terminal does (Bot C (easy))."""
        before = reversed(self.match.states()[:-1])  # the views recalled are made as needed
        return render(self.game.info.name, view, seat, color=self.color, ended=ended,
                      names=self.match.players, told=False,
                      earlier=(state.view(seat) for state in before))

    def _tell_chance(self, start: int) -> None:
        """Say the chance outcomes from line position `start` on that the game's screen
        tells of (Koi-Koi: the card turned from the pile, a new month's deal)."""
        words = chance_words(self.game.info.name)
        if words is None:
            return
        line, actions, viewer = self.match.states(), self.match.actions, self.viewer
        for before, action in zip(line[start:], actions[start:], strict=False):
            if before.current_player == CHANCE:
                with naming(self.match.players):  # the seats called as the screens call them
                    said = words(before.view(viewer), before.action_as_seen(action, viewer),
                                 viewer)
                if said:
                    self._tell(said)

    def _tell_skipped(self, start: int) -> None:
        """Say who was passed over after the moves from line position `start` on
        (Colomino's player who could lay no tile)."""
        words = skipped_words(self.game.info.name)
        if words is None:
            return
        for after in self.match.states()[start + 1:]:
            if after.arrival():
                with naming(self.match.players):
                    for line in words(after.view(self.viewer), self.viewer):
                        self._tell(line)

    def _tell_passed_over(self) -> None:
        """After a person's move, say who it left unable to move and skipped when a
        computer player moves next, whose move would leave the screen not saying it."""
        words = passed_over_words(self.game.info.name)
        state = self.match.state
        if words is None or self.match.over or state.current_player not in self.bots:
            return
        with naming(self.match.players):
            for line in words(state.view(self.viewer), self.viewer):
                self._tell(line)

    def _tell(self, text: str) -> None:
        """Say what the computer players did, kept to be said again if a hand-over
        clears the screen before the next person sees it."""
        self.say(text)
        self._told.append(text)

    def _clear(self) -> str:
        """What hides the screen at a hand-over: `CLEAR` at a terminal, else `RULE`."""
        return CLEAR if self.clears else RULE

    def _shared(self) -> bool:
        """Whether several people share this terminal in a hidden-information game."""
        return self.game.info.hidden_information and len(self.humans) > 1

    def _hand_over(self, seat: int) -> bool | None:
        """Between people sharing the terminal, hide the screen before a private one;
        False when the person quits, None when the one who moved last takes it back
        (their screen is then handed back to them, as it may be `seat` who typed undo)."""
        if self._shared() and self._last_viewer != seat:
            again = self._last_viewer is None and self.clears  # cleared, so said again
            intro = self._intro if again else []
            self.say(self._clear() + "".join(f"{line}\n" for line in intro) + self._taken_back
                     + f"Pass the terminal to {self.match.players[seat]}.")
            self._cleared = True
            self.discard_typed()
            last = self._last_viewer
            while True:
                if last is not None and self._last_person() != last:
                    last = None  # their move was taken back: nothing of theirs to offer
                # A move that stands against the computer is not offered (undo says why).
                offered = None if last is None or not self.match.can_undo(
                    last, keep=[h for h in self.humans if h != last]) else last
                answer = self._answer(
                    "Press Enter when ready (or type quit). " if offered is None else
                    f"Press Enter when ready (or type undo to take back "
                    f"{self.match.players[offered]}'s move, or quit). ")
                if answer is None:
                    return False
                if not answer:
                    break
                if answer.lower() in ("undo", "u"):
                    if last is None:
                        self.say(NOTHING_YET if self._last_person() is None else
                                 "Not possible: there is no move to take back now.")
                    elif self._undo(last):
                        self._last_viewer = seat  # whoever typed it: handed back to `last`
                        return None
                    continue
                self.say(f"Only {self.match.players[seat]} should see the next screen: "
                         "press Enter when they are ready.")
        self._taken_back = ""
        self._last_viewer = seat
        return True

    def _line(self, read: Callable[[str], str], prompt: str) -> str | None:
        """One typed line, stripped; None, after saying so, if it could not be read.
        End of input passes on as `EOFError`."""
        try:
            typed = read(prompt)
        except UnicodeDecodeError:
            typed = None
            if read is self.read_secret:  # it failed before ending the unechoed line
                self.say("")
        if typed is None or not _readable(typed):
            self.say(UNREADABLE)
            return None
        return typed.strip()

    def _ask(self, seat: int, secret: bool) -> bool:
        """Read commands until a move is played; False when the person quits."""
        prompt = f"{self.match.players[seat]} > "
        doubted: int | None = None  # a move `doubt_words` stopped: typed again, it is played
        while True:
            try:
                text = self._line(self.read_secret if secret else self.read, prompt)
            except EOFError:
                return False
            if text is None:
                continue
            lower = text.lower()
            if lower in QUIT:
                return False
            if lower in ("help", "?", "h"):
                text = help_text(self.game.info.name, against_computer=bool(self.bots))
                text = text if "Commands: " in text else text + "\n" + commands(
                    True, self._undoes)
                text = text if self._hints else without_hint(text)
                self.say(text + ("\n" + SHARED_UNDO) * (len(self.humans) > 1))
                continue
            if lower in ("moves", "m"):
                state = self.match.state
                listing = [listed_move(self.game.info.name, state.action_to_string(a))
                           for a in state.legal_actions()]
                # Broken between moves, never inside one ("E1 RRRB r1").
                self.say("\n".join(pack(["Legal moves: " + listing[0], *listing[1:]])))
                continue
            if lower in ("undo", "u"):
                if not self._undoes and seat not in self.match.movers():
                    # Not "no move of yours yet", as if one could be taken back later.
                    self.say(f"Not possible: {no_take_back_words(self.game.info.name)}.")
                elif len(self.humans) > 1 and self._last_person() is None:
                    self.say(NOTHING_YET)
                elif self._undo(self._undoer(seat), by=seat):
                    return True
                continue
            if lower == "hint":
                self._suggest(seat)
                continue
            if lower == "resign":
                try:
                    whole = "match" if plays_a_match(self.game.info.name,
                                                     self.game.info.options) else "game"
                    sure = self._line(self.read, f"Resign this {whole}? It ends now, and you "
                                      "come last. Type yes to resign: ")
                except EOFError:
                    return False
                if sure is not None and sure.lower() in ("yes", "y"):
                    self.match.resign(seat)
                    return True
                self.say("Playing on.")
                continue
            if not text:
                continue
            if len(text) > LONGEST:
                self.say(f"Not possible: a move is at most {LONGEST} characters long.")
                continue
            start = len(self.match.actions)
            before = self.match.state
            try:
                action = before.string_to_action(text)
                doubt = None if action == doubted or secret else doubt_words(
                    self.game.info.name, before.view(seat), before.action_to_string(action))
                doubted = action
                if doubt is not None:
                    self.say(f"Not played yet: {doubt}.")
                    continue
                self.match.play(seat, action)
            except IllegalAction as exc:
                doubted = None
                self.say(f"Not possible: {self._secret_choices()}." if secret else
                         f"Not possible: {exc}. Type 'moves' to list the legal moves.")
                continue
            self._tell_chance(start)
            if secret and self._shared():
                return self._confirm_secret(seat, before.action_to_string(action))
            return True

    def _confirm_secret(self, seat: int, move: str) -> bool:
        """Tell the person who made the secret `move`, still alone at the terminal, what
        it was, and let them take it back before the hand-over; False when they quit."""
        self.say(secret_words(self.game.info.name, move))
        self.discard_typed()
        while True:
            answer = self._answer(CONFIRM)
            if answer is None:
                return False
            if answer.lower() in ("undo", "u"):
                self._undo(seat, by=seat)
                return True
            if not answer:
                return True

    def _answer(self, prompt: str) -> str | None:
        """A line typed at `prompt`, asked again while it cannot be read; None to quit."""
        while True:
            try:
                answer = self._line(self.read, prompt)
            except EOFError:
                return None
            if answer is not None:
                return None if answer.lower() in QUIT else answer

    def _secret_choices(self) -> str:
        """Why a secret move was refused, without repeating it: what may be chosen now."""
        state = self.match.state
        return ("type one of " + ", ".join(state.action_to_string(a) for a in state.legal_actions())
                + " (a secret move is not repeated)")

    def _suggest(self, seat: int) -> None:
        """Say the move the expert computer player would make for `seat`, from what that
        seat sees; only for a person playing computer players alone."""
        if not self._hints:
            self.say(NO_HINT)
            return
        if self._adviser is None:
            self._adviser = make_bot(self.game, "expert")
        state = self.match.state
        mix = advice(self._adviser, Decision.from_state(state), self._rng)
        action = draw(mix, self._rng)
        key = self.game.info.name
        views = (state.view(seat), state.apply(action).view(seat))
        said = f"Suggestion: {hint_words(key, state.action_as_seen(action, seat), views)}"
        if len(mix) > 1:
            ranked = [(move_name(key, move), p) for move, p in ranked_advice(state, seat, mix)]
            tie, moves = _mix_words(ranked)
            said += (f" (the expert finds these equally good: {moves})" if tie
                     else f" (one draw from the expert's mix: {moves})")
        self.say(said)

    def _last_person(self) -> int | None:
        """The person who made the last move any person made, if any."""
        people = [m for m in self.match.movers() if m in self.humans]
        return people[-1] if people else None

    def _undoer(self, seat: int) -> int:
        """Whose move `undo` typed by `seat` takes back: among people sharing the
        terminal, the last person's who moved, before anybody else has; else `seat`'s."""
        last = self._last_person()
        return last if len(self.humans) > 1 and last is not None else seat

    def _undo(self, seat: int, by: int | None = None) -> bool:
        """Take back `seat`'s last move (and the bots' replies), as typed by the person at
        `by` (None: not known); False if refused."""
        others = [h for h in self.humans if h != seat]
        people = self.match.undone_by(seat, keep=others) & set(self.humans)
        if people:
            names = listed([self.match.players[p] for p in sorted(people)])
            moves = "moves" if len(people) > 1 else "move"
            self.say(f"Not possible: that would take back {names}'s {moves} too. People sharing "
                     "the terminal can take back a move only before the next person moves.")
            return False
        if self.match.settled_since(seat) and not self.match.can_undo(seat, keep=others):
            # Computer players do not agree to a take-back: nobody is there to ask.
            drawn = self.match.drawn_since(seat)
            if by == seat or len(self.humans) == 1:
                view = self.match.state.view(seat)
                why = drawn_words(self.game.info.name) if drawn else \
                    settled_words(self.game.info.name, view)
            else:  # said to whoever is at the terminal, of the person's move
                name = self.match.players[seat]
                why = (f"{name} has seen what was drawn since their last move" if drawn else
                       f"what was hidden at {name}'s last move has been shown since") + \
                    ", so it stands; the computer does not take it back"
            self.say(f"Not possible: {why}.")
            return False
        try:
            self.match.undo(seat, keep=others)
        except IllegalAction as exc:
            self.say(f"Not possible: {exc}.")
            return False
        whose = f"{self.match.players[seat]}'s move taken back."
        self.say("Move taken back." if len(self.humans) == 1 else
                 "Your move taken back." if by == seat else whose)
        self._taken_back = f"{whose}\n" if self._shared() else ""  # said to the next person
        self._told = []  # taken back with it
        return True

    def _called(self, seat: int) -> str:
        """A seat called as the last screen calls it (`called`): a person alone is
        ``A (you)``."""
        with naming(self.match.players):
            return called(self.game.info.name, seat,
                          self.humans[0] if len(self.humans) == 1 else None)

    def _announce(self, returns: list[float]) -> None:
        best = max(returns)
        seats = [s for s, r in enumerate(returns) if r == best]
        winners = [self._called(s) for s in seats]
        scores = self.match.state.scores()
        # What the scores count: the game's `score_label` (rounds won, stones, pits).
        label = self.match.state.view(None).get("score_label") or "points"
        table = f"{str(label).capitalize()}: " + ", ".join(
            f"{self._called(s)}: {scores[s]:g}" for s in range(len(scores)))
        broken = [] if self.match.resigned is not None else [
            s for s in range(len(scores)) if any(
                scores[o] == scores[s] and returns[o] != returns[s] for o in range(len(scores)))]
        why = tie_words(self.game.info.name, self.match.state.view(None), broken,
                        [self._called(s) for s in range(len(scores))]) if broken else None
        if why:
            table += f" ({why})"
        if len(winners) == len(returns):
            self.say(f"Draw. {table}")
        else:
            self.say(f"{listed(winners)} {'win' if len(seats) > 1 else 'wins'}. {table}")


class Replay(NamedTuple):
    """What the terminal's replay shows of a record, for one seat or a spectator."""

    key: str
    views: list[dict[str, JSON]]
    moves: list[str]
    """The moves as seen, turn by turn under the mover's name (`_turns`), those made for
    a person out of time marked so, and a resignation."""
    match: Match | None
    """The referee of a full record; None for a record of views."""
    ran_out: dict[int, str]
    """The steps at which the seat's time ran out, with the move made for it."""
    resigned: int | None = None
    """The seat that gave the game up at its last position, if one did."""


TIME_RAN_OUT = " (time ran out)"


def replay_frames(record: dict[str, JSON], seat: int | None,
                  path: Path | None = None) -> Replay:
    """The `Replay` of a full or a public record for `seat`, read from `path` if given."""
    match = None
    if record.get("format") == RECORD_FORMAT:
        match = _replayed(record, path)
        _check_seat(seat, match.game.info.num_players)
        public = match.public_record(seat)
    elif record.get("format") == RECORD_FORMAT + "+views":
        public = record
    else:
        raise IllegalAction(f"{path or 'this'} is not a spieltisch record")
    players, views, moves = public.get("players"), public.get("views"), public.get("moves")
    if not isinstance(players, list) or not isinstance(views, list) or not views \
            or not isinstance(moves, list):
        raise IllegalAction("not a spieltisch record: it needs players, views and moves")
    _check_seat(seat, len(players))
    result = public.get("result")
    resigned = result.get("resigned") if isinstance(result, dict) else None
    named = record_names(table_names(public))
    # The seat replayed is called as its screens call it (A (you)), the others as they are.
    names = [yours(name, s) if s == seat else name
             for s, name in enumerate(named or SEAT_LETTERS[:len(players)])]
    if type(resigned) is not int or not 0 <= resigned < len(players):
        resigned = None
    ending = [] if resigned is None else [f"{names[resigned]} resigned"]  # as the moves
    timed_out = _numbers(public.get("timed_out"), len(moves))
    key = str(record.get("game"))
    movers = public.get("movers")
    seats = [m if type(m) is int else None for m in movers] if isinstance(movers, list) \
        else None
    shown = [(seats[n] if seats is not None and n < len(seats) else None,
              f"{_named_seats(move, names)}{TIME_RAN_OUT * (n in timed_out)}")
             for n, move in log_entries(key, [str(move) for move in moves], seats)]
    turns = _turns(shown, names) if seats is not None else [move for _, move in shown]
    return Replay(key, views, turns + ending, match,
                  _ran_out(public, seat), resigned)


def _turns(shown: list[tuple[int | None, str]], names: Sequence[str]) -> list[str]:
    """The entries of a move list (who made each, and its words) grouped turn by turn
    under the mover's name; what no seat made (the pile turned, the draws after a turn)
    stays in the turn before it, and a deal with what comes with it stands alone.

    >>> _turns([(None, "B starts"), (1, "B1"), (0, "A1"), (0, "A2")], "AB")
    ['B starts', 'B: B1', 'A: A1, A2']
    >>> _turns([(1, "stop"), (None, "indicator K9"), (None, "the deal: 29 entries"),
    ...         (0, "discard R3"), (None, "A draws 3 tiles")], "AB")
    ['B: stop', 'indicator K9', 'the deal: 29 entries', 'A: discard R3, draws 3 tiles']
    """
    turns: list[tuple[int | None, list[str]]] = []
    i = 0
    while i < len(shown):
        end = i
        while end < len(shown) and shown[end][0] is None:
            end += 1
        if end > i:  # a run that no seat made
            run = [move for _, move in shown[i:end]]
            if turns and turns[-1][0] is not None and not any(
                    move.startswith(("deal", "the deal:")) for move in run):
                turns[-1][1].extend(run)
            else:
                turns.extend((None, [move]) for move in run)
            i = end
            continue
        mover = shown[i][0]
        if turns and turns[-1][0] == mover:
            turns[-1][1].append(shown[i][1])
        else:
            turns.append((mover, [shown[i][1]]))
        i += 1
    said = []
    for mover, moves in turns:
        if mover is None or not 0 <= mover < len(names):
            said.append(", ".join(moves))
            continue
        name = names[mover]
        said.append(f"{name}: " + ", ".join(move.removeprefix(f"{name} ") for move in moves))
    return said


def _moves_said(turns: Sequence[str]) -> str:
    """The replay's list of `turns` (`_turns`), its lines broken between moves, never
    inside one ("E1 RRRB r1").

    >>> print(_moves_said(["A: E1 RRRB r1, F1 RBBY r0", "B: D1 RBYG r0"] * 3))
    End of the record. Moves: A: E1 RRRB r1, F1 RBBY r0; B: D1 RBYG r0;
        A: E1 RRRB r1, F1 RBBY r0; B: D1 RBYG r0; A: E1 RRRB r1, F1 RBBY r0;
        B: D1 RBYG r0
    """
    parts: list[str] = []
    for n, turn in enumerate(turns):
        moves = turn.split(", ")
        parts += [f"{move}," for move in moves[:-1]] \
            + [moves[-1] + (";" if n < len(turns) - 1 else "")]
    lead = "End of the record. Moves:"
    return "\n".join(pack([lead + " " + parts[0], *parts[1:]], sep=" ")) if parts else lead


def _named_seats(move: str, names: Sequence[str]) -> str:
    """A logged move with the seats it counts from 1 ("seat 2 starts", "player 2 draws 3
    tiles") called as the screens call them, as the page's log does.

    >>> _named_seats("deal to seat 2", "AB"), _named_seats("player 1 draws 3 tiles", ["Ada"])
    ('deal to B', 'Ada draws 3 tiles')
    """
    def name(found: re.Match[str]) -> str:
        n = int(found.group(1))
        return names[n - 1] if 1 <= n <= len(names) else found.group(0)
    return re.sub(r"\b(?:seat|player) (\d+)\b", name, move)


def _ran_out(public: dict[str, JSON], seat: int | None) -> dict[int, str]:
    """The steps of a public record at which `seat`'s time ran out, with the move a
    computer player made for it there."""
    moves, movers, views = public.get("moves"), public.get("movers"), public.get("views")
    if not isinstance(moves, list) or not isinstance(movers, list) \
            or not isinstance(views, list) or seat is None:
        return {}
    timed_out = _numbers(public.get("timed_out"), min(len(moves), len(movers)))
    before = _numbers(public.get("moves_before"), len(moves) + 1)
    if len(before) != len(views):
        return {}
    return {step: str(moves[n]) for step, n in enumerate(before)
            if n in timed_out and movers[n] == seat}


def _numbers(value: JSON, below: int) -> list[int]:
    """The whole numbers of `value` (a record's list), those from 0 to `below` - 1."""
    return [n for n in value if type(n) is int and 0 <= n < below] \
        if isinstance(value, list) else []


def _seat_of_views(record: dict[str, JSON], seat: int | None, path: Path) -> int | None:
    """The seat to show a record as: for a record of views, its seat (`IllegalAction` if
    `seat` names another, or if the record is damaged, `check_views_record`); else `seat`."""
    if record.get("format") != RECORD_FORMAT + "+views":
        return seat
    try:
        check_views_record(record)
    except IllegalAction as exc:
        raise IllegalAction(f"{path} is not a readable spieltisch record: {exc}") from None
    if "seat" not in record:
        return seat
    own = record["seat"]
    assert own is None or type(own) is int
    if seat is not None and seat != own:
        whose = "a spectator" if own is None else f"seat {own + 1}"
        raise IllegalAction(f"{path} holds only what {whose} saw; replay it without --seat")
    return own


def _check_seat(seat: int | None, players: int) -> None:
    if seat is not None and not 0 <= seat < players:
        raise IllegalAction(f"there is no seat {seat + 1}: this game has seats 1 to {players}")


def expert_view(match: Match, seat: int, step: int) -> str:
    """What the expert would have played at `step` of `seat`'s replay, beside what `seat`
    played there (`IllegalAction` if `seat` made no move there).

    >>> from spieltisch import load
    >>> match = Match(load("oware", start="A"), seed="x")
    >>> _ = match.play(0, 0)
    >>> expert_view(match, 0, 0).startswith("You played A1. The expert would play")
    True
    """
    mine, ranked = _ask_expert(match, seat, step)
    return f"You played {mine}. {_expert_words(mine, ranked)}"


def _ask_expert(match: Match, seat: int, step: int) -> tuple[str, list[tuple[str, float]]]:
    """The move `seat` made at `step`, and the expert's moves there with their shares
    (`ranked_advice`), from what `seat` saw then."""
    state, played = match.decision(seat, step)
    mix = advice(make_bot(match.game, "expert"), Decision.from_state(state), random.Random())
    return state.action_as_seen(played, seat), ranked_advice(state, seat, mix)


def _expert_words(mine: str, ranked: list[tuple[str, float]]) -> str:
    """The expert's `ranked` moves in words, and whether `mine` is among them."""
    among = mine in dict(ranked)
    if len(ranked) == 1:
        return f"The expert would play {ranked[0][0]}{' too' if among else ''}."
    tie, moves = _mix_words(ranked)
    if tie:
        return (f"The expert finds these moves equally good: {moves}. "
                f"Yours is {'' if among else 'not '}one of them.")
    return (f"The expert mixes its choices here: {moves}. "
            f"Your move is {'' if among else 'not '}part of its mix.")


def review(match: Match, seat: int, out: TextIO | None = None) -> tuple[int, int]:
    """Ask the expert about every move `seat` made in `match` and print, move by move,
    where it agrees (its move, one of its equally good ones, or part of its mix) and
    what it would have played where it does not, then the count; return (agreed, moves).

    >>> from spieltisch import load
    >>> match = Match(load("oware", start="A"), seed="x")
    >>> _ = match.play(0, 0); _ = match.play(1, 6)
    >>> import io; shown = io.StringIO()
    >>> agreed, moves = review(match, 1, shown)
    >>> moves, shown.getvalue().splitlines()[0]
    (1, 'Asking the expert about your 1 move.')
    """
    public = match.public_record(seat)
    return _review(match, seat, _own_steps(match, seat, len(public["views"])),
                   _ran_out(public, seat), out)


def _review(match: Match, seat: int, steps: list[int], ran_out: dict[int, str],
            out: TextIO | None) -> tuple[int, int]:
    """`review` of the `steps` where `seat` moved (`_own_steps`) and those where its time
    ran out (`_ran_out`)."""
    if not steps and not ran_out:
        print("You made no move in this game: there is nothing to ask the expert about.",
              file=out)
        return 0, 0
    print(f"Asking the expert about your {count(len(steps), 'move')}.", file=out)
    agreed = 0
    for step in sorted([*steps, *ran_out]):
        if step in ran_out:
            print(fit(f"  Position {step + 1}: your {_ran_out_words(ran_out[step])}"),
                  file=out)
            continue
        mine, ranked = _ask_expert(match, seat, step)
        if mine in dict(ranked):
            agreed += 1
            print(fit(f"  Position {step + 1}: you played {mine}; the expert agrees."),
                  file=out)
        else:
            print(fit(f"  Position {step + 1}: you played {mine}. "
                      f"{_expert_words(mine, ranked)}"), file=out)
    print(f"The expert agrees with {agreed} of your {count(len(steps), 'move')}.", file=out)
    return agreed, len(steps)


def _ran_out_words(move: str) -> str:
    return f"time ran out here: a computer player played {move} for you."


def _mix_words(ranked: list[tuple[str, float]]) -> tuple[bool, str]:
    """Whether the moves of `ranked` (`ranked_advice`) are all equally likely, and the
    moves, with their shares unless they are."""
    tie = all(abs(p - ranked[0][1]) < 1e-3 for _, p in ranked)
    return tie, ", ".join(move if tie else f"{move} {round(p * 100)} %" for move, p in ranked)


def _own_steps(match: Match | None, seat: int | None, count: int) -> list[int]:
    """The steps of a replay of `count` positions after which `seat` moved (in a full
    record; none in a record of views or for a spectator)."""
    return [step for step in range(count) if _moved(match, seat, step)]


def _moved(match: Match | None, seat: int | None, step: int) -> bool:
    """Whether `seat` made the move after `step` of a full record's replay."""
    if match is None or seat is None:
        return False
    try:
        match.decision(seat, step)
    except IllegalAction:
        return False
    return True


def ended_at(match: Match, position: int, positions: int) -> bool:
    """Whether the game ended under the rules at `position` of its replay of `positions`
    (1-based), so that nothing is left to play there; a resigned game goes on.

    >>> from spieltisch import load
    >>> match = Match(load("oware", start="A"), seed="x")
    >>> _ = match.play(0, 0); match.resign(1)
    >>> ended_at(match, 2, 2)
    False
    """
    return position == positions and match.over and match.resigned is None


def _command(read: Callable[[str], str]) -> str | None:
    """The next command typed, in lower case; None at the end of the input."""
    try:
        return read("> ").strip().lower()
    except EOFError:
        return None


def replay(path: Path, seat: int | None, *, color: bool, read: Callable[[str], str] = input,
           out: TextIO | None = None, only_review: bool = False,
           play_on: Callable[[Match, int], int] | None = None) -> int:
    """Step through a record: Enter = next, b = back, q = quit; with a full record and a
    seat, e = what the expert would have played at that seat's move, a = ask about all
    of its moves (`review`), and p = `play_on(match, position)` from the position shown
    (1-based), whose exit code is returned (else 0). `only_review` prints that review
    instead of the replay."""
    record = _read(path)
    seat = _seat_of_views(record, seat, path)
    key, frames, moves, match, ran_out, resigned = replay_frames(record, seat, path)
    mine = _own_steps(match, seat, len(frames))
    if only_review:
        if match is None or seat is None:
            raise IllegalAction("a review needs a full record (spieltisch play --record) "
                                "and the seat to review (--seat)")
        _review(match, seat, mine, ran_out, out)
        return 0
    screens: dict[int, str] = {}
    names = record_names(table_names(record))

    def screen(i: int) -> str:
        """Position `i` drawn, when it is first shown: a long record starts at once; the
        last one of a game given up asks nobody for a move and says who gave it up."""
        if i not in screens:
            given_up = resigned is not None and i == len(frames) - 1
            screens[i] = render(key, frames[i], seat, color=color, names=names,
                                ended=given_up, earlier=(frames[j] for j in range(i - 1, -1, -1)))
            if given_up:
                assert resigned is not None
                with naming(names):
                    screens[i] += f"\n{called(key, resigned, seat)} resigned."
        return screens[i]

    try:
        screen(0)
    except KeyError as exc:
        raise IllegalAction(f"{path} is not a readable spieltisch record: a view has no "
                            f"{exc.args[0]!r}") from None
    except READ_ERRORS as fault:
        raise IllegalAction(f"{path} is not a readable spieltisch record: "
                            f"{read_fault(fault)}") from None
    i = 0
    while True:
        try:
            print(screen(i), file=out)
        except READ_ERRORS:
            print(fit(f"Position {i + 1} of {path} is damaged and cannot be shown."), file=out)
        if i in ran_out:
            print(fit(f"Your {_ran_out_words(ran_out[i])}"), file=out)
        moved = i in mine
        playable = play_on is not None and match is not None and seat is not None \
            and not ended_at(match, i + 1, len(frames))
        keys = ["Enter: next", "b: back"] + ["e: the expert's move"] * moved \
            + ["a: ask about all your moves"] * bool(mine) \
            + ["p: play on from here"] * playable + ["q: quit"]
        print(fit(f"-- position {i + 1}/{len(frames)}  ({', '.join(keys)})"), file=out)
        cmd = _command(read)
        while match is not None and seat is not None and (
                (cmd == "e" and moved) or (cmd == "a" and bool(mine))):
            if cmd == "e":
                print(fit(expert_view(match, seat, i)), file=out)
            else:
                _review(match, seat, mine, ran_out, out)
            cmd = _command(read)
        if cmd == "p" and playable and play_on is not None and match is not None:
            return play_on(match, i + 1)
        if cmd in (None, "q"):
            return 0
        if cmd == "b":
            i = max(0, i - 1)
        elif i + 1 < len(frames):
            i += 1
        else:
            print(fit(_moves_said(moves)), file=out)
            return 0
