"""The ``spieltisch`` command: serve, play, resume, replay, arena, bench, games."""

from __future__ import annotations

import argparse
import getpass
import importlib
import json
import os
import random
import signal
import socket
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import IO, Protocol

from spieltisch.ai.levels import BASELINES, LEVELS, canonical_level, check_level, make_bot
from spieltisch.arguments import plain, port, positive_float, positive_int, whole
from spieltisch.core.bots import Decision
from spieltisch.core.match import Match
from spieltisch.core.protocol import CHANCE, JSON, Game, IllegalAction
from spieltisch.core.registry import available_games, canonical_game, game_spec, load
from spieltisch.core.starts import SEAT_LETTERS
from spieltisch.terminal import count, fit, listed
from spieltisch.terminal.play import (
    Levels,
    TerminalGame,
    ended_at,
    full_record,
    people_of_names,
    replay,
    resumed_levels,
    resumed_names,
    seats_from_names,
    unfinished,
)


def _options(args: argparse.Namespace) -> dict[str, JSON]:
    """The game options of ``--preset``, ``--players`` and NAME=VALUE; one given twice is
    refused."""
    options: dict[str, JSON] = {}
    given: dict[str, str] = {}
    if args.preset is not None:
        options["preset"], given["preset"] = args.preset, f"--preset {args.preset}"
    if args.players is not None:
        options["players"], given["players"] = args.players, f"--players {args.players}"
    for item in [*args.settings, *(args.option or ())]:
        name, sep, value = item.partition("=")
        if not sep:
            raise IllegalAction(f"options are NAME=VALUE, not {item!r}")
        if name in given:
            raise IllegalAction(f"{name} is given twice: {given[name]} and {item}")
        given[name] = item
        options[name] = typed_value(value)
    return options


def typed_value(text: str) -> JSON:
    """An option's value as typed: JSON (``3``, ``true``, ``"A"``) where it reads back as
    typed, else the text itself, so that a refusal repeats what was typed.

    >>> typed_value("3"), typed_value("true"), typed_value("A"), typed_value("1e3")
    (3, True, 'A', '1e3')
    """
    try:
        value: JSON = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return text
    if json.dumps(value, ensure_ascii=False) != text.strip() and not isinstance(value, str):
        return text
    return value


def cmd_games(args: argparse.Namespace) -> int:
    """List the games with their presets and player counts."""
    for key in available_games():
        spec = game_spec(key)
        counts = "/".join(str(n) for n in spec.player_counts)
        print(f"{key:10s} {spec.title:14s} players {counts:7s} presets: {', '.join(spec.presets)}")
    print(fit("Bot levels: " + ", ".join(f"{k} ({v.description})" for k, v in LEVELS.items())
              + "; as baselines: greedy (takes what is worth most now), random (any legal "
              "move)."))
    print(fit("The expert thinks per move: " + "; ".join(
        f"{key} {game_spec(key).expert_thinks}" for key in available_games()) + "."))
    return 0


def colored(choice: str, isatty: bool, environ: Mapping[str, str]) -> bool:
    """Whether to colour the screen: ``--color always``/``never``, or by default (``auto``)
    only on a terminal and without ``NO_COLOR`` set.

    >>> colored("auto", True, {}), colored("auto", False, {}), colored("always", False, {})
    (True, False, True)
    >>> colored("auto", True, {"NO_COLOR": "1"}), colored("never", True, {})
    (False, False)
    """
    if choice == "auto":
        return isatty and not environ.get("NO_COLOR")
    return choice == "always"


def _color(args: argparse.Namespace) -> bool:
    return colored(args.color, sys.stdout.isatty(), os.environ)


def _people(game: Game, humans: str | None, seat: int | None) -> list[int] | None:
    """The seats of the people from ``--humans`` (a number of people, ``2``: seats 1
    and 2, or their seats, ``1,3``) and ``--seat``; None if neither is given."""
    n = game.info.num_players
    listed = humans is not None and "," in humans
    if seat is not None and humans is not None and (listed or humans.strip() != "1"):
        raise IllegalAction("--seat is for playing alone; " + (
            f"--humans {humans} names the people's seats already" if listed
            else "with --humans N the people take seats 1 to N"))
    if seat is not None and not 1 <= seat <= n:
        raise IllegalAction(f"--seat is 1 to {n} for {game.info.title} with {n} players")
    if seat is not None:
        return [seat - 1]
    if humans is None:
        return None
    parts = [part.strip() for part in humans.split(",")]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise IllegalAction(f"--humans takes the number of people (2: seats 1 and 2) or "
                            f"their seats (1,3), not {humans!r}")
    numbers = [int(part) for part in parts]
    if not listed:
        if not 1 <= numbers[0] <= n:
            raise IllegalAction(f"--humans is 1 to {n} for {game.info.title} with {n} players")
        return list(range(numbers[0]))
    for number in numbers:
        if not 1 <= number <= n:
            raise IllegalAction(f"--humans {humans}: there is no seat {number}; "
                                f"{game.info.title} with {n} players has seats 1 to {n}")
        if numbers.count(number) > 1:
            raise IllegalAction(f"--humans {humans} names seat {number} twice")
    return sorted(number - 1 for number in numbers)


def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal."""
    game = load(args.game, **_options(args))
    humans = _people(game, args.humans, args.seat) or [0]
    record = None if args.record is None else _named("--record", args.record)
    if record is not None:
        _check_writable(record)
        _check_new(record, "--record")
    return _play(_terminal_game(args, game, humans, args.bot, seed=args.seed), record)


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with an unfinished game from its full record, or with ``--from N`` play on
    from its position N."""
    path = Path(args.record)
    save = None if args.save is None else _named("--save", args.save)
    if args.position is not None:
        match = full_record(path)
        people = _people(match.game, args.humans, args.seat)
        if people is not None and len(people) > 1:
            raise IllegalAction("--from plays on for one person: give the seat with --seat N")
        return _play_on(args, path, match, None if args.seat is None else args.seat - 1,
                        args.position)
    match = unfinished(path)
    humans = _people(match.game, args.humans, args.seat)
    was = seats_from_names(match.players)
    told = ""
    if humans is None:
        if was is None:
            humans = people_of_names(match.players)
            if humans is None:
                raise IllegalAction(f"{path} does not say which seats people play (it was "
                                    "not saved by spieltisch play): give --seat N, --humans N "
                                    "or the people's seats (--humans 1,3)")
            told = (f"The record's names give people seat{'s' * (len(humans) > 1)} "
                    f"{listed([SEAT_LETTERS[s] for s in humans])}, and computer players "
                    "the rest (--seat or --humans names other seats).")
        else:
            humans = was[0]
    levels, notice = resumed_levels(match.players, humans, args.bot)
    notice = " ".join(filter(None, (told, notice)))
    record = path if save is None else save
    _check_writable(record)
    if not _same_file(record, path):
        _check_new(record, "--save")
    return _play(_terminal_game(args, match.game, humans, levels, match=match, notice=notice),
                 record)


def _play_on(args: argparse.Namespace, path: Path, match: Match, seat: int | None,
             position: int) -> int:
    """Play `seat` (None: the one person the record's names tell) on from `position`
    (1-based) of `match`'s replay against computer players, the record saved to
    ``--save`` or beside `path` (``game-from-12.json``)."""
    was = seats_from_names(match.players)
    if seat is None:
        people = people_of_names(match.players) if was is None else was[0]
        if people is None or len(people) != 1:
            raise IllegalAction(f"{path} does not say which seat plays on: give --seat N")
        seat = people[0]
    count = len(match.public_record(seat)["views"])
    if not 1 <= position <= count:
        raise IllegalAction(f"there is no position {position}: the game in {path} has "
                            f"positions 1 to {count}")
    if ended_at(match, position, count):
        raise IllegalAction(f"the game in {path} ended at position {position}: nothing is "
                            "left to play there")
    levels, notice = resumed_levels(match.players, [seat], args.bot)
    save = getattr(args, "save", None)
    record = Path(save) if save else path.with_name(f"{path.stem}-from-{position}.json")
    _check_writable(record)
    if not _same_file(record, path):
        _check_new(record, "--save")
    names = resumed_names(match.players, [seat], levels)
    branch = match.branch(seat, position - 1, players=names)
    session = _terminal_game(args, branch.game, [seat], levels, match=branch, notice=notice)
    print(f"Playing on from position {position} of {path}."
          + "\nWhat was hidden from you there is dealt or chosen afresh."
          * match.game.info.hidden_information)
    return _play(session, record)


def _terminal_game(args: argparse.Namespace, game: Game, humans: list[int], levels: Levels, *,
                   seed: str | None = None, match: Match | None = None,
                   notice: str = "") -> TerminalGame:
    """A terminal game reading from standard input: secret moves without echo and
    type-ahead thrown away at a hand-over, where that input is a terminal."""
    tty = sys.stdin.isatty()
    return TerminalGame(game, humans, levels, seed=seed, color=_color(args), match=match,
                        notice=notice, clears=sys.stdout.isatty(),
                        read=_ending_the_line(input) if tty else _echoing(input),
                        read_secret=(_ending_the_line(getpass.getpass) if tty
                                     else _echoing(input, secret=True)),
                        discard_typed=_discard_typed if tty else lambda: None)


def _ending_the_line(read: Callable[[str], str]) -> Callable[[str], str]:
    """`read`, ending the prompt's line when the input ends (Ctrl-D at a terminal), so
    that what is said next starts a line of its own."""
    def typed(prompt: str) -> str:
        try:
            return read(prompt)
        except EOFError:
            print()
            raise
    return typed


def _echoing(read: Callable[[str], str], *, secret: bool = False) -> Callable[[str], str]:
    """`read` for input that is no terminal (a pipe, a file): what it reads is written
    after the prompt as if typed (a secret is not: only the line is ended), so that each
    answer and what follows stand on lines of their own."""
    def typed(prompt: str) -> str:
        line = _ending_the_line(read)(prompt)
        print("" if secret else line)
        return line
    return typed


def _play(session: TerminalGame, record: Path | None) -> int:
    """Run a terminal game, saving its record at the end (or on leaving, Ctrl-C too) if
    asked, else saying how to keep a game for later if it was left."""
    stopped: KeyboardInterrupt | None = None
    try:
        result = session.run()
    except KeyboardInterrupt as exc:
        stopped, result = exc, None
    finally:
        saved = record is None or _save_record(record, session.match.to_record(),
                                               session.match.over)
    if result is None and record is None:
        print("To go on with a game later, start it with --record FILE.")
    if stopped is not None:
        raise stopped
    return 0 if saved else 1


def _discard_typed() -> None:
    """Throw away what was typed ahead, so that a stray Enter cannot answer the hand-over."""
    import termios

    termios.tcflush(sys.stdin, termios.TCIFLUSH)


def _named(flag: str, name: str) -> Path:
    """The file `name` given to `flag`; refused if empty."""
    if not name.strip():
        raise IllegalAction(f"{flag} needs the name of a file")
    return Path(name)


def _same_file(path: Path, other: Path) -> bool:
    """Whether `path` names the file `other` names (the record itself, saved again)."""
    try:
        return path.resolve() == other.resolve()
    except OSError:
        return False


def _check_new(path: Path, flag: str) -> None:
    """Refuse to write a new game's record over a file that is there already, with the
    command that goes on with its game where it holds one left unfinished."""
    if not path.is_file():
        return
    try:
        match = full_record(path)
    except IllegalAction:
        held = ""  # no game that resume could go on with
    else:
        held = f"its game is over (spieltisch replay {path} shows it); " if match.over else \
            f"go on with its game with spieltisch resume {path}, or "
    raise IllegalAction(f"{path} is there already: {held}give {flag} another name")


def _check_writable(path: Path) -> None:
    """Refuse a record path that cannot be written, before the game starts."""
    where = path.parent
    try:
        if path.is_dir():
            raise IllegalAction(f"cannot save the record to {path}: it is a directory")
        if not where.is_dir():
            raise IllegalAction(f"cannot save the record to {path}: there is no directory "
                                f"{where}")
        if not os.access(where, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise IllegalAction(f"cannot save the record to {path}: not allowed to write there")
    except OSError as exc:   # a name too long, a loop of links
        raise IllegalAction(f"cannot save the record to {path}: {exc.strerror}") from None


def _save_record(path: Path, data: dict[str, JSON], finished: bool) -> bool:
    """Write the record; False (and a message) if it could not be written."""
    try:
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError as exc:
        print(f"spieltisch: the record could not be saved to {path}: {exc.strerror}",
              file=sys.stderr)
        return False
    print(f"Record saved to {path}" if finished else
          f"Record of the unfinished game saved to {path}\n"
          f"To go on with it: spieltisch resume {path}")
    return True


def cmd_replay(args: argparse.Namespace) -> int:
    """Step through a saved record."""
    if args.bot is not None:
        check_level(args.bot)
    seat = None if args.seat is None else args.seat - 1
    path = Path(args.record)

    def play_on(match: Match, position: int) -> int:
        assert seat is not None
        return _play_on(args, path, match, seat, position)

    return replay(path, seat, color=_color(args), only_review=args.review, play_on=play_on,
                  read=_ending_the_line(input) if sys.stdin.isatty() else _echoing(input))


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the web table."""
    from spieltisch.server import serve

    data = Path(args.data)
    database = args.database or os.environ.get("SPIELTISCH_DATABASE") or None
    _check_listening(args.host, args.port)   # before a directory is made or a lock held
    if database is None:   # with a database, nothing is kept in the data directory
        _make_data(data)
    lost: list[str] = []
    held: Closable | None = _hold_data(data) if database is None \
        else _hold_database(database, lost)
    try:
        _check_database(data, database)
        serve(args.host, args.port, data, database)
    except KeyboardInterrupt:
        if not lost:
            raise
    finally:
        if held is not None:
            held.close()
    if lost:
        raise IllegalAction(f"stopped: the connection to the database dropped, and {lost[0]} "
                            "now")
    return 0


def _stop_serving() -> None:
    """End the running server as Ctrl-C would."""
    os.kill(os.getpid(), signal.SIGINT)


def _make_data(data: Path) -> None:
    """Make the data directory `data` if need be; refuse one the server cannot write in."""
    try:
        if data.exists() and not data.is_dir():
            raise IllegalAction(f"cannot keep the tables in {data}: it is not a directory")
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IllegalAction(f"cannot keep the tables in {data}: {exc.strerror}") from None
    if not os.access(data, os.W_OK):
        raise IllegalAction(f"cannot keep the tables in {data}: not allowed to write there")


class Closable(Protocol):
    """What holds a server's tables for it alone until closed."""

    def close(self) -> None: ...


def _hold_data(data: Path) -> IO[str] | None:
    """Lock `data` for this server alone (its file spieltisch.lock, which names the
    process, locked until the server stops or dies): two servers on one data directory
    would each play its tables from memory and show their people different games."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    lock = open(data / "spieltisch.lock", "a+", encoding="utf-8")  # noqa: SIM115
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.seek(0)
        other = lock.read().strip()
        lock.close()
        who = f" (process {other})" if other.isdigit() else ""
        raise IllegalAction(f"cannot keep the tables in {data}: another spieltisch server{who} "
                            "keeps its tables there; stop it, or give another --data") from None
    lock.truncate(0)
    lock.write(str(os.getpid()))
    lock.flush()
    return lock


def _hold_database(url: str, lost: list[str]) -> Closable:
    """Hold the PostgreSQL database at `url` for this server alone, as `_hold_data` holds
    a data directory (an advisory lock, let go when the server stops or dies, taken again
    when the database drops its connection); if another server takes it meanwhile, the
    server stops and `lost` says why."""
    from spieltisch.server.postgres import DatabaseTaken, Hold
    from spieltisch.server.storage import StorageError

    def stop(why: str) -> None:
        lost.append(why)
        _stop_serving()

    try:
        return Hold(url, stop)
    except DatabaseTaken as exc:
        raise IllegalAction(f"cannot keep the tables in the database: {exc}; stop it, or "
                            "give another --database") from None
    except StorageError as exc:
        raise IllegalAction(f"cannot keep the tables in the database: {exc}") from None


def _check_database(data: Path, url: str | None) -> None:
    """Refuse a database the server could not keep its tables in (None: the SQLite file
    in `data`)."""
    from spieltisch.server.app import DATABASE
    from spieltisch.server.storage import StorageError, open_storage

    try:
        open_storage(data / DATABASE, url).close()
    except StorageError as exc:
        where = "the database" if url is not None else data
        raise IllegalAction(f"cannot keep the tables in {where}: {exc}") from None


def _check_listening(host: str, port: int) -> None:
    """Refuse an address the server could not listen on (a port in use, an unknown host)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port,
                                                             type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise IllegalAction(f"cannot listen on {host}:{port}: {reason}") from None


def cmd_arena(args: argparse.Namespace) -> int:
    """Bots against each other, seats rotated every game; prints each bot's wins (a win
    shared by several seats split among them) and its mean return."""
    # --bots takes every word after it; game options among them are options all the same.
    levels = [word for word in args.bots if "=" not in word]
    args.settings = [*args.settings, *(word for word in args.bots if "=" in word)]
    game = load(args.game, **_options(args))
    n = game.info.num_players
    if len(levels) != n:
        raise IllegalAction(f"name {n} bots (one per seat), got {len(levels)}")
    wins = [0.0] * n
    returns = [0.0] * n
    for g in range(args.games):
        seats = [levels[(s + g) % n] for s in range(n)]
        bots = [make_bot(game, level) for level in seats]
        match = Match(game, seed=f"arena/{args.seed}/{g}")
        rng = random.Random(f"arena/{args.seed}/{g}/bots")
        while not match.state.is_terminal():
            state = match.state
            action = bots[state.current_player].choose(Decision.from_state(state), rng)
            match.play(state.current_player, action)
        result = match.state.returns()
        top = [s for s, r in enumerate(result) if r == max(result)]
        for s, r in enumerate(result):
            returns[(s + g) % n] += r
            if s in top:
                wins[(s + g) % n] += 1 / len(top)
    for i, level in enumerate(levels):
        print(f"bot {i + 1} ({level}): won {round(wins[i], 2):g} of {count(args.games, 'game')} "
              f"({100 * wins[i] / args.games:.1f} %), mean return "
              f"{returns[i] / args.games:+.2f}")
    return 0


def playout_speed(options: dict[str, JSON], game_key: str, seconds: float) -> float:
    """Random-playout moves per second through the protocol (`State.apply`, checked)."""
    game = load(game_key, **options)
    rng = random.Random(0)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
            moves += 1
    return moves / (time.perf_counter() - start)


def cmd_bench(args: argparse.Namespace) -> int:
    """Random-playout speed of every game, or one game's strength benchmark."""
    if args.target:
        if args.target[0] not in (*available_games(), "workers"):
            raise IllegalAction(f"no benchmark called {args.target[0]!r}; there is one per "
                                f"game ({', '.join(available_games())}) and 'workers'")
        module = importlib.import_module(f"spieltisch.bench.{args.target[0]}")
        code: int = module.main(list(args.target[1:]))
        return code
    runs = [(key, dict(options), ", ".join(f"{k}={v}" for k, v in options.items()))
            for key in available_games() for options in game_spec(key).configurations]
    width = max(len(label) for _, _, label in runs)
    row = partial(_speed_row, width)
    print(row("game", "options", "moves/s", "engine"))
    for key, options, label in runs:
        speed = playout_speed(options, key, args.seconds)
        print(row(key, label, f"{speed:,.0f}", "State.apply (one game at a time)"))
        if key == "oware":
            _bench_oware_extra(options, label, args.seconds, row)
    return 0


def _speed_row(width: int, game: str, options: str, speed: str, engine: str) -> str:
    """A line of the playout-speed table, its options column `width` wide."""
    return f"{game:10s} {options:{width}s} {speed:>12s}  {engine}".rstrip()


def _bench_oware_extra(options: dict[str, JSON], label: str, seconds: float,
                       row: Callable[[str, str, str, str], str]) -> None:
    try:
        from spieltisch.games.oware.batch import BatchOware
    except ImportError:
        return
    batch = BatchOware(**options, batch_size=1024)
    moves, start, games = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        moves += batch.random_playouts(1024, seed=games)
        games += 1024
    ours = moves / (time.perf_counter() - start)
    print(row("oware", label, f"{ours:,.0f}", "BatchOware (1024 games at once, numpy)"))
    if options.get("preset") != "abapa":
        return
    import pyspiel

    ref = pyspiel.load_game("oware")
    rng = random.Random(0)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = ref.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    theirs = moves / (time.perf_counter() - start)
    print(row("oware", "OpenSpiel C++ oware", f"{theirs:,.0f}", "pyspiel from Python"))
    print(row("", "ratio BatchOware / OpenSpiel", f"{ours / theirs:.2f}", ""))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``spieltisch`` command."""
    parser = argparse.ArgumentParser(prog="spieltisch", description=plain(__doc__))
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("serve", help="start the web table")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: this computer alone; 0.0.0.0: "
                   "every network it is on)")
    p.add_argument("--port", type=port, default=8000, help="the port (default: 8000)")
    p.add_argument("--data", default="data",
                   help="data directory (SQLite file); unused with --database")
    p.add_argument("--database", help="keep the tables in this PostgreSQL database "
                   "(postgresql://user:password@host/name) instead of the SQLite file; "
                   "also read from SPIELTISCH_DATABASE")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", type=canonical_game, choices=available_games(),
                       help="the game (any letter case)")
        p.add_argument("--preset", help="the rule set (spieltisch games lists them; "
                       "default: the game's first)")
        p.add_argument("--players", type=whole, help="how many play (default: the rule set's own)")
        p.add_argument("settings", nargs="*", default=[], metavar="NAME=VALUE",
                       help="game options, e.g. rounds=3 (also after the other arguments)")
        p.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                       help="a game option (same as NAME=VALUE)")

    def color_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                       help="colour the screen (auto: on a terminal unless NO_COLOR is set)")
        p.add_argument("--no-color", action="store_const", const="never", dest="color",
                       help="same as --color never")

    p = sub.add_parser("play", help="play in the terminal")
    game_options(p)
    p.add_argument("--bot", default="medium", help="level of the bots: " + ", ".join(LEVELS)
                   + " (default: medium), or a baseline: " + ", ".join(BASELINES))
    p.add_argument("--humans", help="people sharing this terminal: their number N (seats "
                   "1..N) or their seats (1,3); bots take the rest")
    p.add_argument("--seat", type=whole, help="play alone at this seat (1-based)")
    p.add_argument("--seed", help="seed for dealing (default: random)")
    color_options(p)
    p.add_argument("--record", help="save the game record here at the end")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("resume", help="go on with an unfinished game saved by play "
                       "--record, or play on from a position of any game saved so")
    p.add_argument("record", help="the record of the game; saved again at the end")
    p.add_argument("--bot", help="level of the bots (default: as before)")
    p.add_argument("--humans", help="people sharing this terminal: N (seats 1..N) or their "
                   "seats (1,3); default: as before, or as the record's names say")
    p.add_argument("--seat", type=whole, help="play alone at this seat (1-based)")
    p.add_argument("--save", help="save the record here instead of to the same file "
                   "(with --from: instead of to RECORD-from-N.json beside it)")
    p.add_argument("--from", dest="position", type=positive_int, metavar="N",
                   help="play on alone from position N of the game (as replay numbers "
                   "them), finished or not, against computer players")
    color_options(p)
    p.set_defaults(func=cmd_resume)

    p = sub.add_parser("replay", help="step through a game record")
    p.add_argument("record", help="a record saved by play --record, or exported by the "
                   "web table")
    p.add_argument("--seat", type=whole, help="see the game as this seat (1-based); "
                   "default: as a spectator")
    p.add_argument("--review", action="store_true",
                   help="instead of the replay, ask the expert about every move of --seat "
                   "(a full record only)")
    p.add_argument("--bot", help="level of the computer players when playing on with p "
                   "(default: as in the record, else medium)")
    color_options(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("arena", help="bots against each other")
    game_options(p)
    p.add_argument("--bots", nargs="+", required=True, help="one level per seat")
    p.add_argument("--games", type=positive_int, default=20,
                   help="how many games (default: 20)")
    p.add_argument("--seed", default="0", help="seed for the deals and the bots (default: 0)")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("bench", help="playout speed; 'bench GAME ...' for bot strength; "
                       "'bench workers' for the wait for a computer player under load")
    p.add_argument("--seconds", type=positive_float, default=1.0,
                   help="how long each playout-speed figure is measured (default: 1)")
    p.add_argument("target", nargs=argparse.REMAINDER,
                   help="a game key (or 'workers') and its benchmark's arguments")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; errors are one clear line, not a traceback."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        if not hasattr(args, "settings") or any("=" not in x or x.startswith("-")
                                                for x in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.settings = [*args.settings, *extra]
    _canonical_names(args)
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except IllegalAction as exc:
        print(f"spieltisch: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _stop_writing()
        return 1
    return code


def _canonical_names(args: argparse.Namespace) -> None:
    """The bot levels and the benchmark's game the user typed, in any letter case, as
    the library keys them (so that records keep that spelling)."""
    if isinstance(getattr(args, "bot", None), str):
        args.bot = canonical_level(args.bot)
    if isinstance(getattr(args, "bots", None), list):
        args.bots = [canonical_level(word) for word in args.bots]
    target = getattr(args, "target", None)
    if target:
        target[0] = canonical_game(target[0])


def _stop_writing() -> None:
    """Whoever read the output has gone (``spieltisch games | head -1``): send what is
    left to /dev/null, so that leaving does not fail on the same pipe again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
