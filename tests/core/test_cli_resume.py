"""`spieltisch resume`: going on with an unfinished game from its full record."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

import spieltisch
from spieltisch.cli import main
from spieltisch.core.bots import Bot
from spieltisch.terminal import play
from spieltisch.terminal.play import CLEAR, RULE, seat_names


def run(monkeypatch: pytest.MonkeyPatch, typed: str, *argv: str) -> int:
    """`spieltisch ARGV` with `typed` as its input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return main(list(argv))


def left_after(monkeypatch: pytest.MonkeyPatch, path: Path, typed: str, *argv: str) -> None:
    """Play `typed` in ``spieltisch play ARGV --record PATH``, then quit."""
    assert run(monkeypatch, typed + "quit\n", "play", *argv, "--record", str(path)) == 0


def test_a_game_left_goes_on_where_it_was_with_the_same_seats(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "A3\n", "oware", "--preset", "abapa", "--bot", "hard")
    before = spieltisch.Match.from_record(json.loads(path.read_text()))
    state = before.state
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    capsys.readouterr()
    assert run(monkeypatch, f"moves\n{legal[-1]}\nquit\n", "resume", str(path)) == 0
    out = capsys.readouterr().out
    assert "Going on after 2 moves." in out
    assert "Legal moves: " + ", ".join(legal) in out
    assert out.endswith(f"Record of the unfinished game saved to {path}\n"
                        f"To go on with it: spieltisch resume {path}\n")
    after = spieltisch.Match.from_record(json.loads(path.read_text()))
    assert after.players == ["You (A)", "Bot B (hard)"]
    assert after.log(None)[:3] == [*before.log(None), legal[-1]]
    assert after.movers() == [0, 1, 0, 1]


@pytest.mark.parametrize("level", ["greedy", "random"])
def test_a_game_against_a_baseline_bot_goes_on_against_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        level: str) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "A3\n", "oware", "--preset", "abapa", "--bot", level)
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0
    assert "Going on after 2 moves." in capsys.readouterr().out
    after = spieltisch.Match.from_record(json.loads(path.read_text()))
    assert after.players == ["You (A)", f"Bot B ({level})"]


def test_a_game_of_hidden_cards_goes_on_with_the_same_hands_and_pile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "koikoi.json"
    left_after(monkeypatch, path, "", "koikoi", "--seed", "7", "target=0", "months=1")
    saved = json.loads(path.read_text())
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0
    assert json.loads(path.read_text()) == saved
    expected = spieltisch.Match.from_record(saved)
    seat = expected.state.current_player
    move = expected.state.legal_actions()[0]
    typed = expected.state.action_to_string(move)
    expected.play(seat, move)
    assert expected.log(seat)[-1].startswith("draw "), "the move turned up a card"
    assert run(monkeypatch, f"{typed}\nquit\n", "resume", str(path)) == 0
    went_on = spieltisch.Match.from_record(json.loads(path.read_text()))
    assert went_on.log(seat)[:len(expected.log(seat))] == expected.log(seat)


def test_people_sharing_the_terminal_are_handed_it_before_any_hand(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "shared.json"
    left_after(monkeypatch, path, "\n", "koikoi", "--humans", "2", "--seed", "3",
               "target=0", "months=1")
    capsys.readouterr()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert run(monkeypatch, "quit\n", "resume", str(path), "--color", "never") == 0
    out = capsys.readouterr().out
    first = out.split(CLEAR)[1]  # the intro is said again after the first clearing
    assert first.startswith("Koi-Koi (seed). Commands: ")
    assert "\nPass the terminal to Player B." in first
    assert "Your hand" not in out and "Table (" not in out


def test_output_that_is_no_terminal_is_not_cleared_but_ruled_off(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(monkeypatch, "\nRGB\n\nquit\n", "play", "irono", "--humans", "2",
               "--seed", "3", "--color", "never") == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert out.count("Irono Ofubi (rulebook). Commands:") == 1, "said once, as nothing cleared it"
    assert f"{RULE}Pass the terminal to Player " in out
    assert f"{RULE}Game left unfinished." in out


def test_the_seats_and_the_level_can_change_and_the_record_go_elsewhere(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, other = tmp_path / "game.json", tmp_path / "other.json"
    left_after(monkeypatch, path, "A3\n", "oware", "--preset", "abapa")
    kept = path.read_text()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "2", "--bot", "easy",
               "--save", str(other)) == 0
    assert f"saved to {other}" in capsys.readouterr().out
    assert path.read_text() == kept
    moved = spieltisch.Match.from_record(json.loads(other.read_text()))
    assert moved.players == ["Bot A (easy)", "You (B)"]
    assert len(moved.log(None)) == 3, "the easy bot at seat A played on before B's turn"


def test_a_record_without_the_terminals_seats_needs_them_named(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "named.json"
    match = spieltisch.Match(spieltisch.load("oware", preset="abapa"), seed="n",
                             players=["Ada", "Bea"])
    path.write_text(json.dumps(match.to_record()))
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 2
    assert capsys.readouterr().err.strip() == (
        f"spieltisch: {path} does not say which seats people play (it was not saved by "
        "spieltisch play): give --seat N, --humans N or the people's seats (--humans 1,3)")
    assert run(monkeypatch, "quit\n", "resume", str(path), "--humans", "2") == 0
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Ada (A)", "Bea (B)"]
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0, "the seats are known now"
    assert "Ada (A) > " in capsys.readouterr().out


def test_what_cannot_be_played_on_is_refused_in_one_line_and_left_as_it_was(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    done, views = tmp_path / "done.json", tmp_path / "views.json"
    assert run(monkeypatch, "resign\nyes\n", "play", "oware", "--record", str(done)) == 0
    full = spieltisch.Match.from_record(json.loads(done.read_text()))
    views.write_text(json.dumps(full.public_record(0)))
    (tmp_path / "list.json").write_text("[]")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({**full.to_record(), "events": [999]}))
    capsys.readouterr()
    refusals = {
        damaged: f"{damaged} is not a readable spieltisch record: the record names action 999, "
                 "but this game's actions are 0 to 11",
        done: f"the game in {done} is over; spieltisch replay {done} shows it, and "
              f"spieltisch resume {done} --from N plays on from its position N",
        views: f"{views} holds a record of views, which leaves out the hidden cards and "
               "tiles: only a full record (spieltisch play --record) can be played on",
        tmp_path / "list.json": f"{tmp_path / 'list.json'} is not a spieltisch record",
    }
    for path, said in refusals.items():
        kept = path.read_text()
        assert run(monkeypatch, "", "resume", str(path)) == 2
        assert capsys.readouterr().err == f"spieltisch: {said}\n"
        assert path.read_text() == kept
    for command in (["replay"], ["resume", "--from", "1", "--seat", "1"]):
        assert run(monkeypatch, "", *command, str(damaged)) == 2
        assert capsys.readouterr().err == f"spieltisch: {refusals[damaged]}\n"
    assert run(monkeypatch, "", "resume", str(tmp_path / "none.json")) == 2
    assert capsys.readouterr().err.startswith("spieltisch: cannot read ")
    left = tmp_path / "left.json"
    left_after(monkeypatch, left, "", "oware")
    kept = left.read_text()
    for argv, said in ((["--bot", "best"], "unknown level 'best'"),
                       (["--seat", "3"], "--seat is 1 to 2 for Oh-Wah-Ree with 2 players"),
                       (["--save", str(tmp_path)], "it is a directory")):
        assert run(monkeypatch, "quit\n", "resume", str(left), *argv) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1
        assert left.read_text() == kept


def test_a_game_left_without_a_record_says_how_to_keep_the_next_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(monkeypatch, "quit\n", "play", "oware") == 0
    assert capsys.readouterr().out.endswith(
        "Game left unfinished.\nTo go on with a game later, start it with --record FILE.\n")
    left_after(monkeypatch, tmp_path / "kept.json", "", "oware")
    assert "--record FILE" not in capsys.readouterr().out


class CtrlC(io.StringIO):
    """Input where the person presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_a_game_left_with_ctrl_c_says_how_to_keep_the_next_one_or_keeps_this_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", CtrlC())
    assert main(["play", "oware"]) == 130
    assert capsys.readouterr().out.endswith(
        "Game left unfinished.\nTo go on with a game later, start it with --record FILE.\n")
    kept = tmp_path / "kept.json"
    assert main(["play", "oware", "--record", str(kept)]) == 130
    out = capsys.readouterr().out
    assert "--record FILE" not in out and f"saved to {kept}\n" in out
    assert json.loads(kept.read_text())["game"] == "oware"


def test_a_move_made_before_leaving_can_be_taken_back_after(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "A3\n", "oware", "--preset", "abapa")
    assert run(monkeypatch, "undo\nquit\n", "resume", str(path)) == 0
    assert "Move taken back." in capsys.readouterr().out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).log(None) == []


def test_a_colour_hidden_before_leaving_stays_hidden_from_the_guesser(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "irono.json"
    left_after(monkeypatch, path, "\nb3\nR\n", "irono", "--humans", "2", "--seed", "2")
    capsys.readouterr()
    assert run(monkeypatch, "\nquit\n", "resume", str(path)) == 0
    guesser = capsys.readouterr().out.split("Pass the terminal to Player A.")[1]
    assert "B has chosen a colour." in guesser
    assert "names 3 colours" in guesser and "B (you)" not in guesser


def finished(path: Path, key: str, seed: str, **options: object) -> spieltisch.Match:
    """A game of `key` played to its end by random moves, with the terminal's names for
    one person at seat A, saved to `path`."""
    game = spieltisch.load(key, **options)
    match = spieltisch.Match(game, seed=seed, players=seat_names(2, [0], "easy"))
    rng = random.Random(seed)
    while not match.over:
        state = match.state
        match.play(state.current_player, rng.choice(state.legal_actions()))
    path.write_text(json.dumps(match.to_record()))
    return match


def test_a_resigned_game_plays_on_from_a_position_into_a_file_of_its_own(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    assert run(monkeypatch, "A3\nA2\nresign\nyes\n", "play", "oware", "--preset", "abapa",
               "--bot", "hard", "--record", str(path)) == 0
    kept = path.read_text()
    first = spieltisch.Match.from_record(json.loads(kept))
    capsys.readouterr()
    assert run(monkeypatch, "moves\nquit\n", "resume", str(path), "--from", "3") == 0
    out = capsys.readouterr().out
    branch = tmp_path / "game-from-3.json"
    assert out.startswith(f"Playing on from position 3 of {path}.\n")
    assert "Going on after 2 moves." in out and "dealt or chosen afresh" not in out
    assert out.endswith(f"saved to {branch}\nTo go on with it: spieltisch resume {branch}\n")
    assert path.read_text() == kept
    played_on = spieltisch.Match.from_record(json.loads(branch.read_text()))
    assert played_on.log(None) == first.log(None)[:2] and not played_on.over
    assert played_on.players == ["You (A)", "Bot B (hard)"]
    assert played_on.public_record(0)["views"] == first.public_record(0)["views"][:3]
    state = played_on.state
    assert "Legal moves: " + ", ".join(map(state.action_to_string, state.legal_actions())) in out
    branched = branch.read_text()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--from", "3") == 2
    assert capsys.readouterr().err == (
        f"spieltisch: {branch} is there already: go on with its game with spieltisch resume "
        f"{branch}, or give --save another name\n")
    assert branch.read_text() == branched


def test_a_game_of_hidden_cards_plays_on_as_the_seat_saw_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, other = tmp_path / "koikoi.json", tmp_path / "other.json"
    first = finished(path, "koikoi", "k", months=1)
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--from", "6", "--seat", "2",
               "--bot", "expert", "--save", str(other)) == 0
    out = capsys.readouterr().out
    assert "What was hidden from you there is dealt or chosen afresh." in out
    played_on = spieltisch.Match.from_record(json.loads(other.read_text()))
    assert played_on.players == ["Bot A (expert)", "You (B)"]
    seen = played_on.public_record(1)
    assert seen["views"] == first.public_record(1)["views"][:6]
    assert played_on.log(1)[:len(seen["moves"])] == seen["moves"]


def test_the_replay_plays_on_from_the_position_shown(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "oware.json"
    first = finished(path, "oware", "o", preset="abapa")
    count = len(first.public_record(0)["views"])
    capsys.readouterr()
    assert run(monkeypatch, "\n" * (count - 1) + "p\n", "replay", str(path), "--seat", "1",
               "--color", "never") == 0
    out = capsys.readouterr().out
    last = out.split(f"-- position {count}/{count}")[1].split("End of the record.")[0]
    assert "p: play on" not in last
    assert "End of the record." in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "p: play on from here" in out.split(f"-- position {count - 1}/")[1]
    assert not (tmp_path / f"oware-from-{count}.json").exists()
    assert run(monkeypatch, "\n" * (count - 2) + "p\nquit\n", "replay", str(path),
               "--seat", "1", "--bot", "easy", "--color", "never") == 0
    assert f"Playing on from position {count - 1} of {path}." in capsys.readouterr().out
    played_on = spieltisch.Match.from_record(
        json.loads((tmp_path / f"oware-from-{count - 1}.json").read_text()))
    assert played_on.players == ["You (A)", "Bot B (easy)"]
    assert played_on.log(None) == first.log(None)[:-1] and not played_on.over


def test_what_cannot_be_played_on_from_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, views, named = tmp_path / "game.json", tmp_path / "views.json", tmp_path / "n.json"
    first = finished(path, "oware", "r", preset="abapa")
    count = len(first.public_record(0)["views"])
    views.write_text(json.dumps(first.public_record(0)))
    record = first.to_record()
    named.write_text(json.dumps({**record, "players": ["Ada", "Bea"]}))
    capsys.readouterr()
    refusals = [
        ([str(path), "--from", str(count + 1)],
         f"there is no position {count + 1}: the game in {path} has positions 1 to {count}"),
        ([str(path), "--from", str(count)],
         f"the game in {path} ended at position {count}: nothing is left to play there"),
        ([str(path), "--from", "2", "--humans", "2"],
         "--from plays on for one person: give the seat with --seat N"),
        ([str(named), "--from", "2"],
         f"{named} does not say which seat plays on: give --seat N"),
        ([str(views), "--from", "2", "--seat", "1"],
         f"{views} holds a record of views, which leaves out the hidden cards and tiles: "
         "only a full record (spieltisch play --record) can be played on"),
        ([str(path), "--from", "2", "--bot", "best"], "unknown level 'best'"),
        ([str(path), "--from", "2", "--save", str(tmp_path)], "it is a directory"),
    ]
    for argv, said in refusals:
        assert run(monkeypatch, "quit\n", "resume", *argv) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "n.json", "views.json"]
    assert run(monkeypatch, "\n\n", "replay", str(path), "--seat", "1", "--bot", "best") == 2
    said = capsys.readouterr()
    assert said.out == "", "a bad level is refused before the replay shows anything"
    assert said.err.startswith("spieltisch: unknown level 'best'; choose one of easy, ")
    assert run(monkeypatch, "quit\n", "resume", str(named), "--from", "2", "--seat", "2") == 0
    assert spieltisch.Match.from_record(json.loads(
        (tmp_path / "n-from-2.json").read_text())).players == ["Bot A (medium)", "Bea (B)"]


@pytest.mark.parametrize("game", ["oware", "irono", "koikoi", "okey", "colomino"])
def test_a_name_kept_from_the_record_carries_one_label(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        game: str) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", game, "--seed", "3", "--bot", "random")
    record = json.loads(path.read_text())
    long = "Alexandra Konstantinopoulou-Wittgenstein"
    record["players"] = [long, *["Computer (Easy)"] * (len(record["players"]) - 1)]
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1", "--no-color") == 0
    out = capsys.readouterr().out
    assert f"{long} (you)" in out
    assert "(A) (you)" not in out
    assert max(len(line) for line in out.splitlines() if str(path) not in line) <= 80


@pytest.mark.parametrize(("names", "level"), [
    (["Ada", "Computer (Easy)"], "easy"), (["Ada", "Bot (Easy)"], "easy"),
    (["Ada", "Bea (computer, Hard)"], "hard"), (["Ada (A)", "Bot B (random)"], "random"),
    (["Ada", "Computer (Leicht)"], "easy")])
def test_the_computer_players_keep_the_level_the_records_names_give(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        names: list[str], level: str) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", "oware", "--seed", "3", "--bot", level)
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "players": names}))
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1") == 0
    out = capsys.readouterr().out
    assert f"Bot B ({level})" in out and "medium" not in out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Ada (A)", f"Bot B ({level})"]
    assert run(monkeypatch, "quit\n", "resume", str(path), "--from", "1") == 0
    assert f"Bot B ({level})" in capsys.readouterr().out


def test_a_level_the_record_does_not_give_is_said_unless_chosen(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", "oware", "--seed", "3", "--bot", "easy")
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "players": ["Ada", "Bea"]}))
    capsys.readouterr()
    said = ("The record names no level for the computer players: they play at medium "
            "(--bot sets another level).")
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1", "--save",
               str(tmp_path / "other.json")) == 0
    assert said in " ".join(capsys.readouterr().out.split())
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1", "--bot", "hard") == 0
    out = capsys.readouterr().out
    assert "Bot B (hard)" in out and "does not say" not in out


def test_a_person_taking_a_computer_players_seat_is_not_called_by_its_name(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", "oware", "--seed", "3", "--bot", "easy")
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "players": ["Ada", "Computer (Easy)"]}))
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--humans", "2") == 0
    assert "Computer (Easy)" not in capsys.readouterr().out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Ada (A)", "Player B"]
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0, "the seats are known"
    assert "Player B" in capsys.readouterr().out


def test_each_computer_player_keeps_its_own_level(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", "okey", "--seed", "3", "--bot", "random")
    record = json.loads(path.read_text())
    names = ["Ada", "Computer 1 (Easy)", "Computer (Hard)", "Computer 2 (Easy)"]
    path.write_text(json.dumps({**record, "players": names}))
    made: list[str] = []
    real = play.make_bot

    def making(game: spieltisch.Game, level: str = "medium") -> Bot:
        made.append(level)
        return real(game, level)

    monkeypatch.setattr(play, "make_bot", making)
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1", "--no-color") == 0
    out = capsys.readouterr().out
    assert "medium" not in out
    assert made == ["easy", "hard", "easy"], "each seat plays at its own level"
    kept = ["Ada (A)", "Bot B (easy)", "Bot C (hard)", "Bot D (easy)"]
    assert all(name in out for name in kept[1:])
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players == kept
    made.clear()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--no-color") == 0, "seats known"
    assert made == ["easy", "hard", "easy"]
    made.clear()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--bot", "expert") == 0
    assert made == ["expert"] * 3 and "Bot C (expert)" in capsys.readouterr().out
    made.clear()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--from", "1", "--no-color") == 0
    assert made == ["expert"] * 3, "the record saved by the last resume"


def test_a_computer_player_without_a_level_is_named(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    left_after(monkeypatch, path, "", "colomino", "--players", "3", "--seed", "3")
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "players": ["Ada", "Computer (Hard)", "Cem"]}))
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1", "--no-color") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("The record names no level for Bot C: it plays at medium (--bot sets another "
            "level).") in out
    assert "Bot B (hard)" in out and "Bot C (medium)" in out


def test_a_persons_name_that_starts_like_a_computers_is_kept(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.json"
    match = spieltisch.Match(spieltisch.load("oware", preset="abapa", start="A"), seed="c",
                             players=["Computer Club (Ada)", "Bot (Easy)"])
    path.write_text(json.dumps(match.to_record()))
    assert run(monkeypatch, "quit\n", "resume", str(path), "--seat", "1") == 0
    assert "Computer Club (Ada) (you)" in capsys.readouterr().out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Computer Club (Ada) (A)", "Bot B (easy)"]


def web_record(path: Path) -> None:
    """A record of the web table's names: people at seats 1 and 3, a computer at 2."""
    match = spieltisch.Match(spieltisch.load("oware", players=3, start="B"), seed="w",
                             players=["Ada", "Bot (Easy)", "Bea"])
    path.write_text(json.dumps(match.to_record()))


def test_the_peoples_seats_are_read_from_the_web_tables_names(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "web.json"
    web_record(path)
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0
    out = capsys.readouterr().out
    assert "The record's names give people seats A and C, and computer players the rest " \
        "(--seat or --humans names other seats)." in " ".join(out.split())
    assert "Bea (C) > " in out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Ada (A)", "Bot B (easy)", "Bea (C)"]


def test_humans_names_the_peoples_seats(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "web.json"
    web_record(path)
    assert run(monkeypatch, "quit\n", "resume", str(path), "--humans", "2, 3") == 0
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Bot A (medium)", "Player B", "Bea (C)"]
    capsys.readouterr()
    assert run(monkeypatch, "quit\n", "play", "oware", "--players", "3",
               "--humans", "1,3") == 0
    assert "Player C" in capsys.readouterr().out
    for humans, error in [
            ("1,4", "--humans 1,4: there is no seat 4; Oh-Wah-Ree with 3 players has seats "
                    "1 to 3"),
            ("3,3", "--humans 3,3 names seat 3 twice"),
            ("1,", "--humans takes the number of people (2: seats 1 and 2) or their seats "
                   "(1,3), not '1,'"),
            ("two", "--humans takes the number of people (2: seats 1 and 2) or their seats "
                    "(1,3), not 'two'")]:
        assert run(monkeypatch, "", "resume", str(path), "--humans", humans) == 2
        assert capsys.readouterr().err.strip() == f"spieltisch: {error}"
    assert run(monkeypatch, "", "resume", str(path), "--humans", "1,3", "--seat", "1") == 2
    assert capsys.readouterr().err.strip() == ("spieltisch: --seat is for playing alone; "
                                               "--humans 1,3 names the people's seats already")
    assert run(monkeypatch, "", "resume", str(path), "--from", "1", "--humans", "1,3") == 2
    assert "--from plays on for one person" in capsys.readouterr().err


def test_people_without_a_name_at_the_web_table_are_named_as_the_terminal_names_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "nameless.json"
    match = spieltisch.Match(spieltisch.load("oware", players=3, start="B"), seed="w",
                             players=["Player 1", "Bot (Easy)", "Spieler 3"])
    path.write_text(json.dumps(match.to_record()))
    assert run(monkeypatch, "quit\n", "resume", str(path)) == 0
    assert "Player C > " in capsys.readouterr().out
    assert spieltisch.Match.from_record(json.loads(path.read_text())).players \
        == ["Player A", "Bot B (easy)", "Player C"]


def test_a_record_saved_elsewhere_does_not_write_over_another_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, other = tmp_path / "game.json", tmp_path / "other.json"
    left_after(monkeypatch, path, "A3\n", "oware", "--preset", "abapa")
    left_after(monkeypatch, other, "A1\n", "oware", "--preset", "abapa")
    kept = other.read_text()
    capsys.readouterr()
    for extra in ([], ["--from", "2"]):
        assert run(monkeypatch, "quit\n", "resume", str(path), *extra, "--seat", "1",
                   "--save", str(other)) == 2
        assert capsys.readouterr().err == (
            f"spieltisch: {other} is there already: go on with its game with spieltisch "
            f"resume {other}, or give --save another name\n")
        assert other.read_text() == kept
    assert run(monkeypatch, "quit\n", "resume", str(path), "--save", str(path)) == 0
