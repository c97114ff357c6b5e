"""The ``spieltisch`` command and the terminal play loop."""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import socket
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import Records

import spieltisch
from spieltisch.cli import _echoing, build_parser, main
from spieltisch.terminal import play
from spieltisch.terminal.play import TerminalGame, replay


def scripted(lines: list[str]) -> tuple[Iterator[str], object]:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return it, read


def typed_then_quit(lines: list[str]) -> tuple[TerminalGame, str]:
    """`lines` typed as A in Oware Abapa against an easy bot, then "quit": the game
    and all it printed."""
    _, read = scripted([*lines, "quit"])
    out = io.StringIO()
    game = TerminalGame(spieltisch.load("oware", preset="abapa"), [0], "easy",
                        seed="t", color=False, read=read, out=out)  # type: ignore[arg-type]
    assert game.run() is None
    return game, out.getvalue()


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    game, text = typed_then_quit(["Z9", "B1", "A3"])
    assert "'Z9' is not a pit" in text
    assert "B1 is not your pit" in text
    assert re.search(r"Bot B \(easy\) sows B\d\n", text)  # in the screen's words
    assert game.match.log(None)[0] == "A3"


def test_undo_takes_back_the_bot_reply_too() -> None:
    _, read = scripted(["A3", "undo", "quit"])
    game = TerminalGame(spieltisch.load("oware", start="A"), [0], "easy", seed="u", color=False,
                        read=read, out=io.StringIO())  # type: ignore[arg-type]
    game.run()
    assert game.match.actions == []


def lowest_moves(game: spieltisch.Game) -> tuple[spieltisch.State, list[str]]:
    """A whole game in which every seat plays its lowest action: its end and its moves."""
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        action = min(state.legal_actions())
        moves.append(state.action_to_string(action))
        state = state.apply(action)
    return state, moves


def test_people_play_a_whole_game_and_the_result_is_announced() -> None:
    state, moves = lowest_moves(spieltisch.load("oware", preset="abapa"))
    _, read = scripted(moves)
    out = io.StringIO()
    game = TerminalGame(state.game, [0, 1], "easy", color=False, read=read,
                        out=out)  # type: ignore[arg-type]
    result = game.run()
    assert result is not None
    assert result["scores"] == state.scores()
    assert "wins" in out.getvalue() or "Draw" in out.getvalue()


def test_the_winner_is_named_in_good_grammar() -> None:
    out = io.StringIO()
    game = TerminalGame(spieltisch.load("oware"), [0], "easy", color=False, out=out)
    game._announce([1.0, -1.0])
    game._announce([-1.0, 1.0])
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("A (you) wins. ")
    assert lines[1].startswith("Bot B (easy) wins. ")


def test_record_saved_then_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = spieltisch.Match(spieltisch.load("oware"), seed="r")
    for text in ("A1", "B1", "A2"):
        match.play(match.state.current_player, match.state.string_to_action(text))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    _, read = scripted(["", "", "b", "", "", ""])
    out = io.StringIO()
    replay(path, None, color=False, read=read, out=out)  # type: ignore[arg-type]
    assert "position 4/4" in out.getvalue()
    assert "End of the record. Moves: A starts; A: A1; B: B1; A: A2" in out.getvalue()


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "oware", "--players", "5"]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: Oh-Wah-Ree is played by 2, 3 or 4 players, not 5"
    assert main(["play", "colomino", "--players", "5"]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: Colomino is played by 2, 3 or 4 players, not 5"
    assert main(["play", "irono", "--humans", "2", "--seat", "2"]) == 2
    assert capsys.readouterr().err.strip() == ("spieltisch: --seat is for playing alone; "
                                               "with --humans N the people take seats 1 to N")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad)]) == 2
    assert "is not a spieltisch record: it is not JSON" in capsys.readouterr().err
    assert main(["play", "okey", "--humans", "5"]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: --humans is 1 to 4 for Okey with 4 players"
    assert main(["play", "irono", "--seat", "3"]) == 2
    assert "--seat is 1 to 2" in capsys.readouterr().err


def test_a_record_that_cannot_be_written_is_refused_before_the_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "okey", "--record", str(tmp_path / "no" / "x.json")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"spieltisch: cannot save the record to {tmp_path / 'no' / 'x.json'}: "
        f"there is no directory {tmp_path / 'no'}")
    assert main(["play", "okey", "--record", str(tmp_path)]) == 2
    assert "it is a directory" in capsys.readouterr().err
    long = tmp_path / ("x" * 300 + ".json")
    assert main(["play", "okey", "--record", str(long)]) == 2
    assert capsys.readouterr().err == \
        f"spieltisch: cannot save the record to {long}: File name too long\n"
    assert main(["play", "okey", "--record", ""]) == 2
    assert capsys.readouterr().err == "spieltisch: --record needs the name of a file\n"
    record = tmp_path / "game.json"
    record.write_text("{}")
    assert main(["resume", str(record), "--save", ""]) == 2
    assert capsys.readouterr().err == "spieltisch: --save needs the name of a file\n"
    assert main(["play", "okey", "--record", str(record)]) == 2
    assert capsys.readouterr().err == (  # no game in it to go on with
        f"spieltisch: {record} is there already: give --record another name\n")
    assert record.read_text() == "{}"


def test_a_record_file_there_already_is_refused_with_what_its_game_allows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = spieltisch.Match(spieltisch.load("oware", start="A"), seed="x",
                             players=["You (A)", "Bot B (easy)"])
    match.play(0, 0)
    left, over = tmp_path / "left.json", tmp_path / "over.json"
    left.write_text(json.dumps(match.to_record()))
    match.resign(0)
    over.write_text(json.dumps(match.to_record()))
    assert main(["play", "oware", "--record", str(left)]) == 2
    assert capsys.readouterr().err == (
        f"spieltisch: {left} is there already: go on with its game with spieltisch resume "
        f"{left}, or give --record another name\n")
    assert main(["play", "oware", "--record", str(over)]) == 2
    assert capsys.readouterr().err == (
        f"spieltisch: {over} is there already: its game is over (spieltisch replay {over} "
        "shows it); give --record another name\n")


def play_abapa(monkeypatch: pytest.MonkeyPatch, typed: str, record: Path) -> int:
    """`spieltisch play oware --preset abapa --seed 1 --record RECORD` with `typed` input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return main(["play", "oware", "--preset", "abapa", "--seed", "1", "--record", str(record)])


def test_the_record_of_an_unfinished_game_is_saved_and_replays(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "left.json"
    assert play_abapa(monkeypatch, "A3\nquit\n", path) == 0
    assert f"Record of the unfinished game saved to {path}" in capsys.readouterr().out
    match = spieltisch.Match.from_record(json.loads(path.read_text()))
    assert match.log(None)[0] == "A3" and not match.state.is_terminal()


def test_a_game_resigned_in_the_terminal_is_saved_and_replays_to_the_resignation(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "resigned.json"
    assert play_abapa(monkeypatch, "A3\nresign\ny\n", path) == 0
    out = capsys.readouterr().out
    assert "A (you) resigned.\nBot B (medium) wins. " in out
    assert f"Record saved to {path}" in out
    record = json.loads(path.read_text())
    assert record["result"]["resigned"] == 0
    public = spieltisch.Match.from_record(record).public_record(1)
    for saved in (record, public):
        path.write_text(json.dumps(saved))
        out_replay = io.StringIO()
        _, read = scripted(["", "", "", ""])
        replay(path, 1, color=False, read=read, out=out_replay)  # type: ignore[arg-type]
        assert "End of the record. Moves: A: A3; " in out_replay.getvalue()
        said = out_replay.getvalue()
        assert said.rstrip().endswith("; A resigned")  # replayed as B: A is not "You"
        last = said[said.rindex("-- position 2/3"):said.rindex("-- position 3/3")]
        assert "You (A)" not in said and "to move" not in last, last
        assert "\nA resigned.\n-- position 3/3" in said
    path.write_text(json.dumps(record))
    out_replay = io.StringIO()
    replay(path, 0, color=False, read=scripted(["", "", "", ""])[1],  # type: ignore[arg-type]
           out=out_replay)
    said = out_replay.getvalue()  # replayed as A: A is "A (you)" on the screen and in the list
    assert "End of the record. Moves: A (you): A3; " in said
    assert said.rstrip().endswith("; A (you) resigned") and "\nA (you) resigned.\n" in said


def test_games_and_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    listed = " ".join(capsys.readouterr().out.split())
    assert "oware" in listed and "as baselines: greedy" in listed and "random (any" in listed
    assert main(["arena", "oware", "--bots", "greedy", "random", "--games", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("bot 1 (greedy): won ")
    assert main(["arena", "oware", "--games", "2", "--bots", "greedy", "random",
                 "players=3"]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: name 3 bots (one per seat), got 2", "the option after --bots counts"
    assert main(["arena", "oware", "--games", "2", "--bots", "greedy", "random", "random",
                 "players=3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) >= 3
    wins = [float(line.split("won ")[1].split()[0]) for line in lines]
    assert sum(wins) == pytest.approx(4.0)


@pytest.mark.parametrize("order", [["greedy", "random", "random"],
                                   ["random", "greedy", "random"],
                                   ["random", "random", "greedy"]])
def test_an_arena_of_three_credits_each_game_to_the_bots_that_sat_there(
        order: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "oware", "--players", "3", "--bots", *order, "--games", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    wins = {line.split(" won ")[0]: float(line.split("won ")[1].split()[0]) for line in lines}
    strong = order.index("greedy") + 1
    assert wins[f"bot {strong} (greedy):"] == 6, lines


def test_an_arena_of_four_shares_out_each_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "okey", "--bots", "greedy", "random", "random", "random",
                 "--games", "2", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    wins = [float(line.split("won ")[1].split()[0]) for line in lines]
    means = [float(line.rsplit(" ", 1)[1]) for line in lines]
    assert sum(wins) == pytest.approx(2.0)
    assert sum(means) == pytest.approx(0.0, abs=0.02)


def test_game_options_as_name_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "oware", "preset=abapa", "--bots", "random", "random",
                 "--games", "2"]) == 0
    assert main(["arena", "oware", "--bots", "random", "random", "--games", "1"]) == 0
    assert " of 1 game (" in capsys.readouterr().out
    assert main(["arena", "oware", "colour=red", "--bots", "random", "random"]) == 2
    assert "has no option 'colour'" in capsys.readouterr().err


def test_yes_or_no_options_take_the_usual_spellings(
        capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("1", "yes", "On", "true"):
        assert main(["arena", "koikoi", f"subtract={value}", "months=1", "--bots", "random",
                     "random", "--games", "1"]) == 0
    assert main(["arena", "koikoi", "subtract=perhaps", "months=1", "--bots", "random",
                 "random"]) == 2
    assert "subtract must be true or false (or yes/no" in capsys.readouterr().err


@pytest.mark.parametrize(("flags", "environ", "escapes"), [
    ([], {}, False),  # captured output is no terminal
    (["--color", "always"], {"NO_COLOR": "1"}, True),
    (["--color", "never"], {}, False),
    (["--color", "always", "--no-color"], {}, False),
])
def test_colour_only_on_a_terminal_unless_asked(
        flags: list[str], environ: dict[str, str], escapes: bool, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    match = spieltisch.Match(spieltisch.load("oware"), seed="c")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["replay", str(path), *flags]) == 0
    screen = capsys.readouterr().out
    assert "position 1/1" in screen
    assert ("\x1b[" in screen) is escapes


@pytest.mark.parametrize("argv", [
    ["arena", "oware", "--bots", "easy", "easy", "--games", "0"],
    ["arena", "oware", "--bots", "easy", "easy", "--games", "-1"],
    ["bench", "--seconds", "0"],
    ["bench", "--seconds", "-5"],
    ["bench", "oware", "--games", "0"],
    ["bench", "oware", "--games", "1", "--simulations", "0"],
    ["bench", "oware", "--games", "1", "--simulations", "1"],
    ["bench", "irono", "--games", "0"],
    ["bench", "koikoi", "--months", "0"],
    ["bench", "okey", "--rounds", "0"],
    ["bench", "okey", "--checks", "-1"],
    ["bench", "okey", "--progress", "-1"],
    ["bench", "colomino", "--games", "0"],
    ["bench", "workers", "--busy", "0"],
    ["bench", "workers", "--seconds", "-5"],
    ["serve", "--port", "99999"],
])
def test_counts_and_ports_out_of_range_are_usage_errors(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].split(": error: argument ")[1].split(": ")[1] in (
        "must be at least 1, not 0", "must be at least 1, not -1", "must be more than 0, not 0.0",
        "must be more than 0, not -5.0", "a port is 1 to 65535, not 99999",
        "must be an even number from 2 up, not 0", "must be 0 or more, not -1",
        "must be at least 2, not 0", "must be at least 2, not 1")


def test_the_speed_benchmark_times_every_configuration_in_one_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.001"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert header.split() == ["game", "options", "moves/s", "engine"]
    column = header.index("moves/s") + len("moves/s")
    engines: dict[str, list[str]] = {}
    for row in rows:
        game = row.split(" ", 1)[0]
        figure = row[:column].rsplit(" ", 1)[1]
        assert float(figure.replace(",", "")) > 0, row
        assert row[column:column + 2] in ("  ", ""), f"moves/s out of its column: {row!r}"
        engines.setdefault(game or "ratio", []).append(row[column:].strip())
    for key in spieltisch.available_games():
        count = len(spieltisch.game_spec(key).configurations)
        assert engines[key].count("State.apply (one game at a time)") == count
    assert engines["oware"].count("BatchOware (1024 games at once, numpy)") == \
        len(spieltisch.game_spec("oware").configurations)
    assert engines["oware"].count("pyspiel from Python") == 1
    assert engines["ratio"] == [""]


def test_an_unknown_benchmark_and_a_bad_data_directory_are_one_line_errors(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["bench", "nope"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("spieltisch: no benchmark called 'nope'; there is one per game (oware,")
    assert said.endswith(") and 'workers'\n")
    a_file = tmp_path / "file"
    a_file.write_text("")
    assert main(["serve", "--data", str(a_file)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"spieltisch: cannot keep the tables in {a_file}: it is not a directory"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert main(["serve", "--data", str(tmp_path), "--port", str(free),
                 "--database", "mysql://ada:sesame@db/tables"]) == 2
    assert capsys.readouterr().err.strip() == ("spieltisch: cannot keep the tables in the "
                                               "database: 'mysql' databases are not supported; "
                                               "use postgresql://")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "spieltisch.sqlite").write_bytes(bytes(range(256)) * 20)
    assert main(["serve", "--data", str(broken), "--port", str(free)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"spieltisch: cannot keep the tables in {broken}: {broken / 'spieltisch.sqlite'}: "
        "file is not a database")


def test_the_server_refuses_a_port_in_use(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"spieltisch: cannot listen on 127.0.0.1:{port}: ")
    assert "web table is at" not in captured.out


def test_game_options_may_follow_the_other_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "oware", "--bots", "random", "random", "--games", "1",
                 "preset=abapa"]) == 0
    assert capsys.readouterr().out.startswith("bot 1 (random): won ")
    with pytest.raises(SystemExit):
        main(["arena", "oware", "--bots", "random", "random", "--zzz"])
    assert "unrecognized arguments: --zzz" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play"])
    assert capsys.readouterr().err.strip().endswith("the following arguments are required: game")


def test_a_record_that_could_not_be_saved_ends_with_an_error_code(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    path = tmp_path / "r.json"

    def full_disk(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full_disk)
    assert main(["play", "oware", "--record", str(path)]) == 1
    assert "could not be saved" in capsys.readouterr().err


def public_record(tmp_path: Path, **changes: object) -> Path:
    match = spieltisch.Match(spieltisch.load("oware", start="A"), seed="p")
    match.play(0, match.state.string_to_action("A1"))
    record = {"format": "spieltisch-record/1+views", "game": "oware",
              "players": ["Ada", "Bea"], "views": [s.view(None) for s in match.states()],
              "moves": match.log(None), **changes}
    path = tmp_path / "public.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize(("changes", "message"), [
    ({"views": "x"}, "public.json is not a readable spieltisch record: it has no views"),
    ({"views": []}, "public.json is not a readable spieltisch record: it has no views"),
    ({"players": None}, "record: its players are not a list of names"),
    ({"views": [{"pits": 3}]}, "is not a readable spieltisch record: a view has no "),
    ({"views": [5]}, "is not a readable spieltisch record: its position 1 is not a position"),
])
def test_a_broken_public_record_is_refused_in_one_line(
        changes: dict[str, object], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(public_record(tmp_path, **changes))]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("part", "said"), [
    ("seat", "its seat is not one of the game's 2 seats"),
    ("game", "it is a record of 'chess', a game spieltisch does not know; its games are "
             "oware, colomino, koikoi, irono, okey"),
    ("views", "its moves_before does not place its 2 views among its 45 moves"),
    ("moves_before", "its moves_before does not place its 11 views among its 45 moves"),
    ("moves", "its moves are not a list of moves as written"),
    ("gone", "its position 6 has no 'seat'"),
    ("added", "its position 6 has 'x', which the others have not"),
    ("kind", "its position 6 has a str for 'scores', not a list as the others")])
def test_a_damaged_record_of_a_seat_is_refused_naming_the_file_and_what_does_not_fit(
        part: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        records: Records) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(records.damaged(part)))
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == \
        f"spieltisch: {path} is not a readable spieltisch record: {said}\n"


@pytest.mark.parametrize(("kept_by", "asked", "refusal"), [
    (0, "2", "holds only what seat 1 saw; replay it without --seat"),
    (None, "1", "holds only what a spectator saw; replay it without --seat")])
def test_a_record_of_views_replays_as_the_seat_that_saw_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kept_by: int | None, asked: str, refusal: str) -> None:
    match = spieltisch.Match(spieltisch.load("koikoi", months=1), seed="views",
                             players=["Ada", "Bea"])
    while match.state.current_player < 0:
        match.play(match.state.current_player, match.state.legal_actions()[0])
    path = tmp_path / "views.json"
    path.write_text(json.dumps(match.public_record(kept_by)))
    assert main(["replay", "--seat", asked, str(path)]) == 2
    assert capsys.readouterr().err.strip().endswith(refusal)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["replay", "--color", "never", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("Your hand:" in out) == (kept_by == 0)


class TypedAtATerminal(io.StringIO):
    """Standard input that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_end_of_input_at_a_terminal_ends_the_prompts_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", TypedAtATerminal(""))
    assert main(["play", "oware", "--bot", "random", "--color", "never", "start=A"]) == 0
    assert "You (A) > \nGame left unfinished." in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", TypedAtATerminal(""))
    assert main(["replay", str(public_record(tmp_path))]) == 0
    assert capsys.readouterr().out.endswith("> \n")


def test_replay_refuses_a_seat_the_game_does_not_have(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = public_record(tmp_path)
    assert main(["replay", "--seat", "5", str(path)]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: there is no seat 5: this game has seats 1 to 2"
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "other/1", "players": ["Ada", "Bea"]}))
    assert main(["replay", str(other)]) == 2
    assert capsys.readouterr().err == f"spieltisch: {other} is not a spieltisch record\n"
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    assert main(["replay", str(binary)]) == 2
    assert "is not a spieltisch record: it is not text" in capsys.readouterr().err


def test_unreadable_bytes_typed_at_the_prompt_are_asked_again() -> None:
    _, text = typed_then_quit(["\udcff\udcfeA1"])
    assert "that input could not be read; please type it again" in text
    assert "\udcff" not in text and "\\udcff" not in text


def test_people_sharing_a_perfect_information_game_end_on_a_neutral_screen() -> None:
    state, moves = lowest_moves(spieltisch.load("oware", preset="grand", players=3, start="A"))
    _, read = scripted(moves)
    out = io.StringIO()
    game = TerminalGame(state.game, [0, 1, 2], "easy", color=False, read=read,
                        out=out)  # type: ignore[arg-type]
    assert game.run() is not None
    text = out.getvalue()
    final = text[text.rindex("Oh-Wah-Ree (grand)"):]
    assert "Game over: " in final
    assert "(you)" not in final and "You are" not in final


def test_the_replay_of_a_full_record_tells_a_player_what_the_expert_would_have_played(
        tmp_path: Path) -> None:
    match = spieltisch.Match(spieltisch.load("irono", start="A"), seed="e")
    for text in ("b2", "R", "YGW"):
        match.play(match.state.current_player, match.state.string_to_action(text))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    _, read = scripted(["e", "", "e", "e", "", "e", "q"])
    out = io.StringIO()
    replay(path, 0, color=False, read=read, out=out)  # type: ignore[arg-type]
    lines = unwrapped(out.getvalue()).splitlines()
    marks = [line for line in lines if line.startswith("You played")]
    assert marks[0].startswith("You played b2. The expert finds these moves equally good: a1, ")
    assert marks[0].endswith("Yours is one of them.")
    assert marks[1].startswith("You played R. The expert mixes its choices here: ")
    assert " %, " in marks[1] and marks[1].endswith("part of its mix.")
    assert marks[2].startswith("You played R. ")
    assert len(marks) == 3, "at B's guess Ada made no move, so e is not offered there"
    prompts = [line for line in lines if line.startswith("-- position")]
    everything = "a: ask about all your moves"
    assert prompts == [
        f"-- position 1/4  (Enter: next, b: back, e: the expert's move, {everything}, q: quit)",
        f"-- position 2/4  (Enter: next, b: back, e: the expert's move, {everything}, q: quit)",
        f"-- position 3/4  (Enter: next, b: back, {everything}, q: quit)",
        f"-- position 4/4  (Enter: next, b: back, {everything}, q: quit)"]

    _, read = scripted(["e", "a", "q"])
    out = io.StringIO()
    replay(path, None, color=False, read=read, out=out)  # type: ignore[arg-type]
    assert "You played" not in out.getvalue() and "expert" not in out.getvalue()


def irono_record(tmp_path: Path, moves: Sequence[str], timed_out: int | None = None) -> Path:
    """A full record of an Irono Ofubi game begun with `moves`, A first; the move
    numbered `timed_out` made for a person whose time ran out."""
    match = spieltisch.Match(spieltisch.load("irono", start="A"), seed="e")
    for n, text in enumerate(moves):
        match.play(match.state.current_player, match.state.string_to_action(text),
                   timed_out=n == timed_out)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    return path


def reviewed(path: Path, seat: int, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines `spieltisch replay --review` prints for `seat` (counted from 1)."""
    assert main(["replay", "--seat", str(seat), "--review", str(path)]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    return unwrapped(out).splitlines()


def unwrapped(text: str) -> str:
    """`text` with the lines the terminal wrapped to 80 columns joined again."""
    return re.sub(r"\n {4,}", " ", text)


def test_a_review_asks_the_expert_about_every_move_of_a_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The expert guesses YGA or WRB here, half and half, so YGR is not its choice.
    path = irono_record(tmp_path, ["b2", "R", "YGR"])
    assert reviewed(path, 2, capsys) == [
        "Asking the expert about your 1 move.",
        "  Position 3: you played YGR. The expert finds these moves equally good: YGA, WRB. "
        "Yours is not one of them.",
        "The expert agrees with 0 of your 1 move."]
    assert reviewed(path, 1, capsys) == [
        "Asking the expert about your 2 moves.",
        "  Position 1: you played b2; the expert agrees.",
        "  Position 2: you played R; the expert agrees.",
        "The expert agrees with 2 of your 2 moves."]

    _, read = scripted(["", "a", "q"])
    out = io.StringIO()
    replay(path, 1, color=False, read=read, out=out)  # type: ignore[arg-type]
    lines = unwrapped(out.getvalue()).splitlines()
    review = lines.index("Asking the expert about your 1 move.")
    assert lines[review - 1].startswith("-- position 2/4  (Enter: next, b: back, a: ask about")
    assert lines[review + 2] == "The expert agrees with 0 of your 1 move."
    assert [line for line in lines if line.startswith("-- position")][-1].startswith(
        "-- position 2/4"), "the review leaves the replay where it was"


def test_the_replay_and_the_review_name_a_move_made_when_time_ran_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = irono_record(tmp_path, ["b2", "R", "YGR"], timed_out=1)
    assert reviewed(path, 1, capsys) == [
        "Asking the expert about your 1 move.",
        "  Position 1: you played b2; the expert agrees.",
        "  Position 2: your time ran out here: a computer player played R for you.",
        "The expert agrees with 1 of your 1 move."]

    ran_out = "Your time ran out here: a computer player played R for you."
    _, read = scripted(["", "e", "", "", ""])
    out = io.StringIO()
    replay(path, 0, color=False, read=read, out=out)  # type: ignore[arg-type]
    lines = out.getvalue().splitlines()
    assert lines.count(ran_out) == 1
    assert lines[lines.index(ran_out) + 1].startswith(
        "-- position 2/4  (Enter: next, b: back, a: ask about"), "no e at that position"
    assert "You played R." not in lines, "e is no command there"
    assert lines[-1] == "End of the record. Moves: A (you): b2, R (time ran out); B: YGR"

    public = tmp_path / "public.json"
    record = json.loads(path.read_text())
    match = spieltisch.Match.from_record(record)
    public.write_text(json.dumps(match.public_record(0)))
    _, read = scripted(["", "", "", ""])
    out = io.StringIO()
    replay(public, 0, color=False, read=read, out=out)  # type: ignore[arg-type]
    lines = out.getvalue().splitlines()
    assert lines.count(ran_out) == 1, "a record of views says so too"
    assert lines[-1] == "End of the record. Moves: A (you): b2, R (time ran out); B: YGR"

    _, read = scripted(["", "", "", ""])
    out = io.StringIO()
    replay(path, 1, color=False, read=read, out=out)  # type: ignore[arg-type]
    assert "Your time ran out" not in out.getvalue(), "only the seat whose time it was"
    assert out.getvalue().splitlines()[-1] == (
        "End of the record. Moves: A: b2, chosen (time ran out); B (you): YGR")


@pytest.mark.parametrize("arguments", [["--review"], ["--seat", "1", "--review", "public"]])
def test_a_review_needs_a_full_record_and_a_seat(
        arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = irono_record(tmp_path, ["b2"])
    if "public" in arguments:
        public = spieltisch.Match.from_record(json.loads(path.read_text())).public_record(0)
        path.write_text(json.dumps(public))
    assert main(["replay", *[a for a in arguments if a != "public"], str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == ("spieltisch: a review needs a full record (spieltisch play "
                                    "--record) and the seat to review (--seat)")
    assert captured.out == ""


def test_output_read_by_a_reader_that_stops_early_ends_without_a_traceback() -> None:
    listing = subprocess.Popen([sys.executable, "-m", "spieltisch.cli", "games"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert listing.stdout is not None and listing.stderr is not None
    listing.stdout.close()
    said = listing.stderr.read().decode()
    assert listing.wait(timeout=60) == 1
    assert said == ""


def test_every_command_and_argument_says_what_it_is_for() -> None:
    parser = build_parser()
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    described = {choice.dest: choice.help for choice in commands._choices_actions}
    assert set(described) == set(commands.choices)
    assert all(described.values())
    for name, command in commands.choices.items():
        unexplained = [action.dest for action in command._actions
                       if not action.help or action.help == argparse.SUPPRESS]
        assert unexplained == [], f"spieltisch {name} --help leaves {unexplained} unexplained"


def test_games_says_how_long_each_games_expert_thinks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "expert (the strongest level)" in text
    said = text.split("The expert thinks per move: ")[1]
    for key, claim in (("oware", "just under a second"), ("koikoi", "just under a second"),
                       ("irono", "a few milliseconds"), ("okey", "about 0.08 s"),
                       ("colomino", "about 0.1 s")):
        assert re.search(rf"\b{key}[^;.]*{re.escape(claim)}", said), said


def test_a_second_server_on_the_same_data_is_refused(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers on one data directory would each play its tables from memory and
    show their people different games."""
    served: list[Path] = []
    monkeypatch.setattr("spieltisch.server.serve",
                        lambda host, port, data, database: served.append(data))
    ports = []
    for _ in range(2):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            ports.append(str(probe.getsockname()[1]))
    first = subprocess.Popen([sys.executable, "-m", "spieltisch.cli", "serve", "--port",
                              ports[0], "--data", str(tmp_path)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        assert first.stdout.readline().startswith("spieltisch: the web table is at")
        assert main(["serve", "--port", ports[1], "--data", str(tmp_path)]) == 2
        assert capsys.readouterr().err.strip() == (
            f"spieltisch: cannot keep the tables in {tmp_path}: another spieltisch server "
            f"(process {first.pid}) keeps its tables there; stop it, or give another --data")
    finally:
        first.kill()
        first.wait()
    assert main(["serve", "--port", ports[1], "--data", str(tmp_path)]) == 0
    assert served == [tmp_path]


def test_a_preset_is_named_in_any_letter_case_and_kept_in_lower_case(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert spieltisch.load("irono", preset="Match").info.preset == "match"
    assert spieltisch.load("koikoi", preset="NINTENDO").info.options["preset"] == "nintendo"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    path = tmp_path / "abapa.json"
    assert main(["play", "oware", "--preset", "Abapa", "--seed", "1", "--record", str(path)]) == 0
    assert "Oh-Wah-Ree (abapa)" in capsys.readouterr().out
    assert json.loads(path.read_text())["options"]["preset"] == "abapa"
    assert main(["play", "irono", "--preset", "Matches"]) == 2
    assert capsys.readouterr().err.strip() == (
        "spieltisch: unknown preset 'Matches'; choose one of rulebook, match")


@pytest.mark.parametrize(("game", "unit"), [
    (spieltisch.load("okey", players=2), "Rounds won: "),
    (spieltisch.load("okey", players=2, preset="standard"), "Points: "),
    (spieltisch.load("oware"), "Stones: "), (spieltisch.load("oware", preset="grand"), "Pits: "),
    (spieltisch.load("colomino"), "Points: ")])
def test_the_last_line_says_what_the_scores_count(game: spieltisch.Game, unit: str) -> None:
    out = io.StringIO()
    TerminalGame(game, [0], "easy", color=False, out=out)._announce([-1.0, 1.0])
    assert out.getvalue().startswith(f"Bot B (easy) wins. {unit}A (you): ")


def test_a_long_record_starts_at_once_and_a_position_damaged_deep_inside_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = spieltisch.Match(spieltisch.load("koikoi", months=1), seed="damaged",
                             players=["Ada", "Bea"])
    rng = random.Random(3)
    for _ in range(10):
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    record = match.public_record(0)
    drawn: list[int] = []
    real = play.render

    def counted(key: str, view: dict[str, Any], *args: Any, **kwargs: Any) -> str:
        drawn.append(1)
        return real(key, view, *args, **kwargs)

    monkeypatch.setattr(play, "render", counted)
    record["views"][1] = {**record["views"][1], "hand": [None]}
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(record))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nb\nq\n"))
    assert main(["replay", "--color", "never", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Position 2 of {path} is damaged and cannot be shown." in " ".join(out.split())
    assert "-- position 3/11" in out and len(drawn) < 5


def test_a_record_exported_from_the_web_table_names_its_computer_players_as_the_table_did(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The server keeps a computer player as "Bot (Easy)"; the table shows "Computer (Easy)".
    match = spieltisch.Match(spieltisch.load("oware", players=4, start="A"), seed="named",
                             players=["Ada", "Bot (Easy)", "Bot (Easy)", "Bea"])
    match.play(0, match.state.legal_actions()[0])
    match.resign(0)
    exported = match.public_record(0)
    bot = {"kind": "bot", "level": "easy", "stand_in": False}
    exported["seats"] = [{"kind": "human", "level": None, "stand_in": False}, bot, bot,
                         {"kind": "bot", "level": "hard", "stand_in": True}]
    views = tmp_path / "views.json"
    views.write_text(json.dumps(exported))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nq\n"))
    assert main(["replay", "--color", "never", str(views)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Players: A Ada (you), B Computer 1 (Easy), C Computer 2 (Easy), D Bea (computer, " \
           "Hard)." in out
    assert "Bot (Easy)" not in out


def test_a_record_from_the_web_table_replays_and_resumes_with_its_players_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = spieltisch.Match(spieltisch.load("koikoi", months=1), seed="names",
                             players=["Ada", "Computer (Easy)"])
    while match.state.current_player < 0:
        match.play(match.state.current_player, match.state.legal_actions()[0])
    exported = match.public_record(0)
    exported["seats"] = [{"kind": "person", "level": None, "stand_in": None},
                         {"kind": "bot", "level": "easy", "stand_in": None}]
    views = tmp_path / "views.json"
    views.write_text(json.dumps(exported))
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["replay", "--color", "never", str(views)]) == 0
    out = capsys.readouterr().out
    assert "Players: A Ada (you), B Computer (Easy)." in out
    assert "Scores: Ada (you) 0, Computer (Easy) 0" in out
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["resume", "--seat", "1", "--color", "never", str(full)]) == 0
    assert "\nAda (A) > " in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["resume", "--color", "never", str(full)]) == 0, "the seats are known now"
    assert "\nAda (A) > " in capsys.readouterr().out
    mine = spieltisch.Match(spieltisch.load("koikoi", months=1), seed="names",
                            players=["You (A)", "Bot B (easy)"])
    while mine.state.current_player < 0:
        mine.play(mine.state.current_player, mine.state.legal_actions()[0])
    full.write_text(json.dumps(mine.to_record()))
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["replay", "--color", "never", "--seat", "1", str(full)]) == 0
    out = capsys.readouterr().out
    assert "Scores: A (you) 0, B 0" in out and "Players:" not in out


@pytest.mark.parametrize("key", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_the_replay_s_list_of_moves_says_who_moved_turn_by_turn(
        key: str, tmp_path: Path) -> None:
    match = spieltisch.Match(spieltisch.load(key), seed="turns")
    rng = random.Random(4)
    while not match.over and sum(s is not None for s in match.movers()) < 30:
        state = match.state
        match.play(state.current_player, rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_record()))
    for seat in (0, 1, None):
        out = io.StringIO()
        replay(path, seat, color=False, read=lambda _: "", out=out)
        listed = out.getvalue().split("End of the record. Moves: ")[1]
        turns = " ".join(listed.split()).split("; ")
        named = [turn.split(": ")[0] for turn in turns
                 if re.match(r"[A-D]( \(you\))?: ", turn)]
        named = [s for n, s in enumerate(named) if n == 0 or named[n - 1] != s]  # a new deal
        movers = [s for s in match.movers() if s is not None]
        changes = [s for n, s in enumerate(movers) if n == 0 or movers[n - 1] != s]
        # The seat replayed is called as its screens call it, the others by letter.
        assert named == ["ABCD"[s] + " (you)" * (s == seat) for s in changes], listed


def test_a_game_key_and_a_bot_level_are_named_in_any_letter_case(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert spieltisch.load("Oware").info.name == "oware"
    assert spieltisch.game_spec(" OKEY ").key == "okey"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    path = tmp_path / "oware.json"
    assert main(["play", "Oware", "--bot", "Hard", "--seed", "1", "--record", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["game"] == "oware" and "Bot B (hard)" in record["players"], record
    assert main(["arena", "OWARE", "--bots", "Random", "GREEDY", "--games", "1"]) == 0
    assert "bot 1 (random)" in capsys.readouterr().out
    assert main(["play", "oware", "--bot", "Grandmaster"]) == 2
    assert "unknown level 'Grandmaster'" in capsys.readouterr().err


def test_a_record_that_cannot_be_read_is_refused_in_plain_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    cut = tmp_path / "cut.json"
    cut.write_text('{\n "format": "spieltisch-record/1",\n "game": "oware"')
    said = {
        tmp_path / "none.json": f"cannot read {tmp_path / 'none.json'}: there is no such file",
        tmp_path: f"cannot read {tmp_path}: it is a directory",
        binary: f"{binary} is not a spieltisch record: it is not text",
        cut: f"{cut} is not a spieltisch record: it is not JSON (line 3, column 17)",
    }
    for path, words in said.items():
        for command in ("replay", "resume"):
            assert main([command, str(path)]) == 2
            assert capsys.readouterr().err == f"spieltisch: {words}\n"


def test_a_record_of_a_newer_spieltisch_says_so_with_both_versions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = spieltisch.Match(spieltisch.load("oware", start="A"), seed="newer",
                             players=["Ada", "Bea"])
    match.play(0, 0)
    full, views = tmp_path / "full.json", tmp_path / "views.json"
    full.write_text(json.dumps({**match.to_record(), "format": "spieltisch-record/2"}))
    views.write_text(json.dumps({**match.public_record(0),
                                 "format": "spieltisch-record/2+views"}))
    for args in (["replay", str(full)], ["replay", str(views)], ["resume", str(full)],
                 ["resume", "--from", "1", str(full)]):
        assert main(args) == 2
        assert capsys.readouterr().err == (
            f"spieltisch: {args[-1]} was written by a newer spieltisch (record format 2; "
            "this one reads format 1): update spieltisch to open it\n")


def test_the_message_of_a_newer_record_says_the_reason_once_in_its_own_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from spieltisch.core.reasons import Reason
    from spieltisch.terminal import play

    def newer(record: object) -> Reason:
        return Reason("record.newer", "this record was written by spieltisch 3 (record format "
                      "{version}; this one reads format {known})", version=5, known=1)

    monkeypatch.setattr(play, "newer_record", newer)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "spieltisch-record/5"}))
    for command in ("replay", "resume"):
        assert main([command, str(path)]) == 2
        assert capsys.readouterr().err == (
            f"spieltisch: {path} was written by spieltisch 3 (record format 5; this one reads "
            "format 1): update spieltisch to open it\n")


def test_a_review_of_a_seat_that_made_no_move_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = irono_record(tmp_path, ["b2"])
    assert reviewed(path, 2, capsys) == [
        "You made no move in this game: there is nothing to ask the expert about."]


def test_a_server_that_cannot_listen_makes_no_data_directory(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmp_path / "tables"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(data)]) == 2
    assert capsys.readouterr().err.startswith(f"spieltisch: cannot listen on 127.0.0.1:{port}: ")
    assert not data.exists()


def test_an_arena_gives_shared_wins_in_two_decimals(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The first game of three random Okey bots ends with nobody going out: a third each.
    assert main(["arena", "okey", "--players", "3", "--bots", "random", "random", "random",
                 "--games", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"bot {n} (random): won 0.33 of 1 game (33.3 %), mean return +0.00" for n in (1, 2, 3)]


def option_lines(help_text: str) -> dict[str, str]:
    """Each option of an argparse help text with what it says about itself."""
    said: dict[str, str] = {}
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  -"):
            spec, _, words = line.strip().partition("  ")
            follows = lines[i + 1] if i + 1 < len(lines) else ""
            said[spec] = words.strip() or (follows.strip() if follows.startswith(" " * 8)
                                           else "")
    return said


@pytest.mark.parametrize("command", [
    [], ["games"], ["play"], ["resume"], ["replay"], ["arena"], ["bench"], ["serve"],
    *([("bench"), key] for key in (*spieltisch.available_games(), "workers"))])
def test_every_option_says_what_it_is_for(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main([*command, "--help"])
    assert ended.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text, "no reStructuredText quoting"
    assert text.count("(") == text.count(")"), "brackets closed"
    unsaid = [spec for spec, words in option_lines(text).items() if not words]
    assert not unsaid, f"options without a word of help: {unsaid}"


def test_a_data_directory_name_too_long_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmp_path / ("x" * 300)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert main(["serve", "--data", str(data), "--port", str(free)]) == 2
    assert capsys.readouterr().err == \
        f"spieltisch: cannot keep the tables in {data}: File name too long\n"


@pytest.mark.parametrize(("argv", "said"), [
    (["--players", "2", "players=3"], "players is given twice: --players 2 and players=3"),
    (["--preset", "grand", "-o", "preset=abapa"],
     "preset is given twice: --preset grand and preset=abapa"),
    (["start=A", "start=B"], "start is given twice: start=A and start=B"),
])
def test_an_option_given_twice_is_refused(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "oware", *argv]) == 2
    assert capsys.readouterr().err == f"spieltisch: {said}\n"


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "koikoi", "target=true"], "from 0 to 1000, not true"),
    (["play", "koikoi", "target=1e3"], "from 0 to 1000, not '1e3'"),
    (["play", "okey", "players=true"], "2, 3 or 4 players, not true"),
    (["play", "irono", "preset=false"], "unknown preset false; choose one of"),
    (["play", "colomino", "start=false"], "one of random, A, B, not false"),
    (["play", "koikoi", "double_seven=null", "double_koikoi=[1]"], "1/0), not [1]"),
    (["arena", "koikoi", "months=2.5", "--bots", "easy", "easy"], "1000, not 2.5"),
])
def test_a_bad_option_value_is_repeated_as_it_was_typed(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "True" not in err and "False" not in err and "None" not in err


@pytest.mark.parametrize("argv", [["play", "oware", "--players", "x"],
                                  ["play", "oware", "--seat", "1.5"],
                                  ["bench", "colomino", "--seed", "x"]])
def test_a_number_argument_that_is_no_number_is_refused_in_plain_words(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    err = capsys.readouterr().err
    assert "is not a whole number" in err and "invalid int" not in err


def test_piped_input_is_written_after_its_prompt_so_each_answer_has_its_own_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("moves\nquit\n"))
    assert main(["play", "oware", "--bot", "random", "--color", "never", "start=A"]) == 0
    out = capsys.readouterr().out
    assert "You (A) > moves\nLegal moves: A1, A2, A3, A4, A5, A6\nYou (A) > quit\n" in out
    secret = _echoing(lambda prompt: "RGB", secret=True)   # a secret is not repeated
    assert secret("B > ") == "RGB" and capsys.readouterr().out == "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    assert main(["replay", str(public_record(tmp_path))]) == 0
    assert "> n\n" in capsys.readouterr().out
