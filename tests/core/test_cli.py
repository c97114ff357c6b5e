"""The ``spieltisch`` command and the terminal play loop."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import spieltisch
from spieltisch.cli import main
from spieltisch.terminal.play import TerminalGame, replay


def scripted(lines: list[str]) -> tuple[Iterator[str], object]:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return it, read


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    _, read = scripted(["Z9", "B1", "A3", "quit"])
    out = io.StringIO()
    game = TerminalGame(spieltisch.load("oware", preset="abapa"), [0], "easy",
                        seed="t", color=False, read=read, out=out)  # type: ignore[arg-type]
    assert game.run() is None
    text = out.getvalue()
    assert "'Z9' is not a pit" in text
    assert "B1 is not your pit" in text
    assert "Bot B (easy) plays" in text
    assert game.match.log(None)[0] == "A3"


def test_undo_takes_back_the_bot_reply_too() -> None:
    _, read = scripted(["A3", "undo", "quit"])
    game = TerminalGame(spieltisch.load("oware"), [0], "easy", seed="u", color=False,
                        read=read, out=io.StringIO())  # type: ignore[arg-type]
    game.run()
    assert game.match.actions == []


def test_people_play_a_whole_game_and_the_result_is_announced() -> None:
    state = spieltisch.load("oware", preset="abapa").new_initial_state()
    moves = []
    while not state.is_terminal():
        action = min(state.legal_actions())
        moves.append(state.action_to_string(action))
        state = state.apply(action)
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
    assert lines[0].startswith("You (A) win. ")
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
    assert "End of the record. Moves: A1, B1, A2" in out.getvalue()


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "oware", "--players", "5"]) == 2
    assert capsys.readouterr().err.strip() == \
        "spieltisch: Oh-Wah-Ree is played by 2, 3 or 4 players, not 5"
    assert main(["play", "irono", "--humans", "2", "--seat", "2"]) == 2
    assert capsys.readouterr().err.strip() == ("spieltisch: --seat is for playing alone; "
                                               "with --humans N the people take seats 1 to N")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad)]) == 2
    assert "cannot read" in capsys.readouterr().err
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


def test_the_record_of_an_unfinished_game_is_saved_and_replays(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("A3\nquit\n"))
    path = tmp_path / "left.json"
    assert main(["play", "oware", "--preset", "abapa", "--seed", "1", "--record",
                 str(path)]) == 0
    assert f"Record of the unfinished game saved to {path}" in capsys.readouterr().out
    match = spieltisch.Match.from_record(json.loads(path.read_text()))
    assert match.log(None)[0] == "A3" and not match.state.is_terminal()


def test_games_and_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "oware" in capsys.readouterr().out
    assert main(["arena", "oware", "--bots", "greedy", "random", "--games", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("bot 1 (greedy): won ")
    wins = [float(line.split("won ")[1].split()[0]) for line in lines]
    assert sum(wins) == pytest.approx(4.0)


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
    assert main(["arena", "oware", "colour=red", "--bots", "random", "random"]) == 2
    assert "has no option 'colour'" in capsys.readouterr().err


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
