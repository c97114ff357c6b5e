"""Terminal play: the screen, the secret input of the hidden colour, clear errors."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest

from spieltisch import Match, State, load
from spieltisch.games.irono.board import FIELD_NAMES
from spieltisch.games.irono.rules import GUESS_BASE, HIDE_BASE, IronoState
from spieltisch.terminal import help_text, secret_input
from spieltisch.terminal.irono import HELP, render
from spieltisch.terminal.play import CLEAR, TerminalGame

from .helpers import guess_mask, new, play, step

Y, R = 0, 3


def test_the_screen_shows_board_supplies_lines_and_whose_turn() -> None:
    state = step(play(new(),
                      [(0, "a1", "R"), (1, "b2", "G")]), FIELD_NAMES.index("c3"))
    screen = render(state.view(0), 0, color=False)
    assert "(R)" in screen and "<G>" in screen and "[*]" in screen
    assert "row points" in screen and "columns:" in screen and "diagonals:" in screen
    assert "A (you)" in screen
    assert "A (you) takes a colour in secret" in screen
    assert "on c3 A (you) would gain" in screen
    assert "\x1b[" not in screen
    assert "\x1b[1;31m(R)\x1b[0m" in render(state.view(0), 0, color=True)


def test_only_the_hider_sees_the_hidden_colour_on_screen() -> None:
    state = step(new(),
                 FIELD_NAMES.index("c3"), HIDE_BASE + R)
    assert "Your hidden colour: red." in render(state.view(0), 0, color=False)
    for seat in (1, None):
        screen = render(state.view(seat), seat, color=False)
        assert "A has chosen a colour." in screen and "hidden colour" not in screen


def test_a_hidden_grey_is_named_so_that_it_is_not_read_as_seat_a() -> None:
    state = step(new(), FIELD_NAMES.index("c3"), HIDE_BASE + 5)
    screen = render(state.view(0), 0, color=False)
    assert "Your hidden colour: grey." in screen and "colour: A." not in screen


def test_the_hidden_colour_is_typed_without_echo() -> None:
    state = step(new(),
                 FIELD_NAMES.index("c3"))
    assert secret_input("irono", state.view(0), 0) is True
    assert secret_input("irono", state.view(1), 1) is False
    hidden = step(state, HIDE_BASE + R)
    assert secret_input("irono", hidden.view(1), 1) is False


def scripted(lines: list[str], log: list[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        if not lines:
            raise EOFError
        log.append(prompt)
        return lines.pop(0)
    return read


def test_two_people_share_a_terminal_and_bad_input_gets_a_reason() -> None:
    plain: list[str] = []
    secret: list[str] = []
    out = io.StringIO()
    game = TerminalGame(load("irono", start="A"), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["", "e9", "b3", "", "B is looking", "", "YG"], plain),
                        read_secret=scripted(["purple", "red"], secret), out=out)
    assert game.run() is None  # the script ends before the game does
    text = out.getvalue().replace("\n    ", " ")  # lines wrapped to fit 80 columns
    assert text.index("Pass the terminal to Player A") < text.index("Hider Player A")
    assert "Not possible: 'e9' is not a field" in text
    assert "purple" not in text  # a refused secret is not repeated
    assert "a secret move is not repeated" in text
    assert "Not possible: guess exactly 3 different colours, not 2" in text
    assert len(secret) == 2  # the colour was read without echo, twice
    assert "Only Player B should see the next screen" in text
    assert "Pass the terminal to Player B" in text
    assert game.match.log(1) == ["b3", "chosen"]


def test_people_sharing_a_terminal_take_back_the_last_persons_move() -> None:
    out = io.StringIO()
    plain: list[str] = []
    game = TerminalGame(load("irono", start="A"), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["", "b3", "", "", "YGW", "", "c3", "", "", "undo", ""],
                                      plain),
                        read_secret=scripted(["R", "G", "W"], []), out=out)
    assert game.run() is None
    text = out.getvalue()
    assert "Player A > " in plain[plain.index("Player B > ") + 1:]
    assert f"{CLEAR}Player B's move taken back.\nPass the terminal to Player B." in text
    assert game.match.log(1)[:5] == ["b3", "chosen", "YGW", "c3", "W"]


def test_quit_or_end_of_input_at_the_hand_over_ends_the_game() -> None:
    for answers in (["", "b3", "quit"], ["", "b3"]):
        out = io.StringIO()
        game = TerminalGame(load("irono", start="A"), [0, 1], "easy", seed="t", color=False,
                            read=scripted(list(answers), []),
                            read_secret=scripted(["R"], []), out=out)
        assert game.run() is None
        text = out.getvalue()
        assert text.rstrip().endswith("Game left unfinished.")
        assert "Hider A, guesser B (you)" not in text and "Your hidden" not in text.split(
            "Pass the terminal to Player B")[-1]


def test_help_explains_the_notation() -> None:
    assert help_text("irono") == HELP
    flowing = " ".join(HELP.split())
    assert "YGR" in HELP and "b3" in HELP and "without echo" in HELP
    assert "n of a player's own stones of a colour score n*n" in flowing
    assert "at most one fewer than the colours in play" in flowing


def test_unreadable_secret_input_is_asked_again_and_a_bots_hide_is_told_plainly() -> None:
    out = io.StringIO()
    answers: list[str | Exception] = [UnicodeDecodeError("utf-8", b"\xc3", 0, 1, "cut"), "R"]

    def read_secret(prompt: str) -> str:
        if not answers:
            raise EOFError
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    game = TerminalGame(load("irono", start="A"), [0], "easy", seed="s", color=False,
                        read=scripted(["b3", "YGW"], []), read_secret=read_secret, out=out)
    assert game.run() is None
    text = out.getvalue()
    assert "that input could not be read; please type it again" in text
    assert game.match.log(0)[:2] == ["b3", "R"]
    assert "Bot B (easy) hides a colour" in text and "plays chosen" not in text


def test_a_match_announces_the_end_of_a_game_on_the_next_games_first_screen() -> None:
    state: State = load("irono", preset="match", start="A").new_initial_state()
    rng = random.Random(1)
    while not state.view(None)["results"]:
        state = state.apply(rng.choice(state.legal_actions()))
    done = state.view(0)["results"][0]["points"]
    screen = render(state.view(0), 0, color=False)
    assert f"Game 1 is over: A {done[0]} : {done[1]} B. Game 2 begins on an empty board." \
        in screen


def test_lines_of_four_colours_in_every_column_fit_the_screen_whole() -> None:
    columns = ("YGWR", "BAYG", "WRBA", "ABRW")
    state = play(new(), [(0 if c < 2 else 1, f"{'abcd'[c]}{r + 1}", columns[c][r])
                         for r in range(4) for c in range(4)])
    screen = render(state.view(0), 0, color=False).splitlines()
    at = next(i for i, line in enumerate(screen) if line.startswith("  columns: "))
    assert screen[at] == "  columns: a A  8 B  0 bunt A  b A  9 B  0 bunt A"
    assert screen[at + 1] == "           c A  0 B  9 bunt B  d A  0 B  9 bunt B"


def test_the_next_games_first_screen_shows_the_finished_games_board_and_its_lines() -> None:
    game_one = [(0, "a1", "Y"), (0, "b1", "Y"), (0, "c1", "Y"), (0, "d1", "Y")] + [
        (1, field, letter) for field, letter in zip(
            ("a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"),
            "GWRBGWRBGWRA", strict=True)]
    state = play(new(preset="match"), game_one)
    assert state.number == 1
    done = state.view(1)["results"][0]
    screen = render(state.view(1), 1, color=False)
    top = screen.split("Irono Ofubi - game 2 of 2")[0]
    assert f"The board at the end of game 1 (A {done['points'][0]} : {done['points'][1]} B; " \
        "Ausverkauf +4: A yellow):" in top
    assert "  1   (Y)  (Y)  (Y)  (Y)     A 16 B  0" in top
    assert "  4   <G>  <W>  <R>  <A>     A  0 B  9 bunt B" in top
    assert "Game 1 is over" in screen.split("Irono Ofubi - game 2 of 2")[1]
    later = render(play(state, [(1, "a1", "R")]).view(0), 0, color=False)
    assert "The board at the end" not in later and later.startswith("Irono Ofubi - game 2")


def test_a_refused_secret_colour_is_answered_with_the_colours_that_may_be_hidden() -> None:
    game = load("irono", start="A")
    match = Match(game, seed="s")
    for field in ("a1", "b1", "c1", "d1"):  # A places all four yellow stones
        state = match.state
        assert isinstance(state, IronoState)
        catch = state.hider != 0
        for action in (FIELD_NAMES.index(field), HIDE_BASE + Y,
                       GUESS_BASE + guess_mask(step(state, FIELD_NAMES.index(field),
                                                    HIDE_BASE + Y), Y, catch)):
            match.play(match.state.current_player, action)
    out = io.StringIO()
    terminal = TerminalGame(game, [0], "easy", seed="s", color=False, match=match,
                            read=scripted(["c2"], []), read_secret=scripted(["gelb"], []),
                            out=out)
    assert terminal.run() is None
    text = out.getvalue().replace("\n    ", " ")
    assert "Not possible: type one of G, W, R, B, A (a secret move is not repeated)." in text
    assert "gelb" not in text


def test_the_examples_on_the_screen_are_an_empty_field_and_a_colour_in_play() -> None:
    first = step(new(), FIELD_NAMES.index("c3"))
    assert "puts the marker on an empty field (e.g. b3)." in render(new().view(0), 0,
                                                                     color=False)
    assert "takes a colour in secret (e.g. R)." in render(first.view(0), 0, color=False)
    state = play(new(), [(0, "b3", "R"), (0, "a1", "R"), (0, "b1", "R"), (0, "c1", "R")])
    assert state.hider == 0 and "R" not in state.view(0)["in_play"]
    screen = render(state.view(0), 0, color=False)
    assert "puts the marker on an empty field (e.g. d1)." in screen
    marked = step(state, FIELD_NAMES.index("d1"))
    assert "takes a colour in secret (e.g. Y)." in render(marked.view(0), 0, color=False)


def test_people_sharing_a_terminal_see_the_commands_and_who_starts_after_the_clearing() -> None:
    out = io.StringIO()
    game = TerminalGame(load("irono"), [0, 1], "easy", seed="t", color=False,
                        read=scripted([], []), read_secret=scripted([], []), out=out)
    assert game.run() is None
    first = out.getvalue().split("\x1b[2J\x1b[3J\x1b[H")[1]
    assert first.startswith("Irono Ofubi (rulebook). Commands: moves, undo, resign")
    assert "\nDrawn by lot: " in first and "\nPass the terminal to Player " in first


def test_the_last_round_names_its_colours_so_grey_and_blue_are_not_read_as_seats() -> None:
    state = play(new(), [(0, "a1", "A"), (1, "b1", "B"), (1, "c1", "B"), (1, "d1", "B"),
                         (1, "a2", "B")])
    screen = " ".join(render(state.view(0), 0, color=False).split())
    assert "Last round: A (you) hid blue on a2, B guessed " in screen
    assert "caught it; B placed it (+6, Ausverkauf of blue)." in screen
    assert "B 4 4 4 4 0 4 sold out: blue" in screen
    first = " ".join(render(play(new(), [(0, "a1", "A")]).view(1), 1, color=False).split())
    assert "Last round: A hid grey on a1, B (you) guessed yellow, green and white and missed;" \
        in first


@pytest.mark.parametrize("names", [["You (A)", "Bot B (medium)"], ["Ada", "Bea"],
                                   ["Alexandra Konstantinopoulou-Wittgenstein",
                                    "Maximilian Bartholomew von Habsburgeeeee"]])
def test_the_last_round_is_wrapped_between_its_clauses(names: list[str]) -> None:
    from spieltisch.terminal import render as screen_of

    state = play(new(), [(0, "a1", "A"), (1, "b1", "B")])
    screen = screen_of("irono", state.view(0), 0, color=False, names=names, told=False)
    said = screen[screen.index("Last round"):].splitlines()
    said = said[:next(i for i, line in enumerate(said) if line.endswith(").")) + 1]
    assert all(len(line) <= 80 for line in said), said
    assert not any(line.endswith((" and", " guessed", " caught")) for line in said), said
    assert any("and missed;" in line or "and caught it;" in line for line in said), said


@pytest.mark.parametrize("names", [["Ada (A)", "Bea (B)"],
                                   ["Alexandra Konstantinopoulou-Wittgenstein (A)",
                                    "Maximilian Bartholomew von Habsburgeeee (B)"]])
def test_the_gains_on_the_marked_field_stay_on_one_line(names: list[str]) -> None:
    from spieltisch.terminal import naming, seat_name
    from spieltisch.terminal import render as screen_of

    state = step(play(new(), [(0, "a1", "R"), (1, "b2", "G")]), FIELD_NAMES.index("b3"))
    for seat in (0, 1):
        lines = screen_of("irono", state.view(seat), seat, color=False, names=names,
                          told=False).splitlines()
        assert all(len(line) <= 80 for line in lines), lines
        for s in (0, 1):
            with naming(names):
                called = seat_name(s, seat)  # the viewer's own is "Ada (you)"
            at = next(i for i, line in enumerate(lines)
                      if line.startswith(f"  on b3 {called} would gain"))
            gains = lines[at].partition("would gain")[2] or lines[at + 1]
            assert len(re.findall(r"[A-Z]\+\d", gains)) == 6, lines[at:at + 2]


@pytest.mark.parametrize("marks", [0, 1, 2])
def test_an_example_after_a_long_name_stays_whole(marks: int) -> None:
    from spieltisch.terminal import render as screen_of

    names = ["Alexandra Konstantinopoulou-Wittgenstein (A)",
             "Maximilian Bartholomew von Habsburgeeee (B)"]
    state = step(play(new(), [(0, "a1", "R"), (1, "b2", "G")]),
                 *[FIELD_NAMES.index("b3"), HIDE_BASE + R][:marks])
    for seat in (0, 1):
        screen = screen_of("irono", state.view(seat), seat, color=False, names=names,
                           told=False)
        assert re.search(r"\(e\.g\. \w+\)\.", screen), screen
        assert all(len(line) <= 80 for line in screen.splitlines())


def test_the_hider_alone_is_told_the_hidden_colour_and_may_choose_again() -> None:
    out = io.StringIO()
    plain: list[str] = []
    game = TerminalGame(load("irono", start="A"), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["", "b3", "undo", "", ""], plain),
                        read_secret=scripted(["G", "A"], []), out=out)
    assert game.run() is None
    text = out.getvalue()
    told = [text.index("You hide green."), text.index("You hide grey.")]
    assert told[0] < text.index("Your move taken back.") < told[1]
    assert told[1] < text.index(CLEAR + "Pass the terminal to Player B")
    assert plain[2] == plain[3] == "Press Enter to hand over, or type undo to choose again. "
    assert game.match.log(0) == ["b3", "A"]


def test_a_bots_moves_and_a_hint_are_told_in_words_with_the_colours_named() -> None:
    out = io.StringIO()
    game = TerminalGame(load("irono", start="B"), [1], "easy", seed="w", color=False,
                        read=scripted(["b2", "hint"], []), read_secret=scripted(["Y"], []),
                        out=out)
    assert game.run() is None
    text = " ".join(out.getvalue().split())
    names = "(yellow|green|white|red|blue|grey)"
    assert re.search(rf"Bot A \(easy\) guesses {names}, {names} and {names}", text), text
    assert re.search(r"Bot A \(easy\) marks [a-d][1-4]", text), text
    assert "Bot A (easy) hides a colour" in text
    assert re.search(rf"Suggestion: guess {names}, {names} and {names} ", text), text
    assert " plays " not in text and "moves in secret" not in text
    hint = io.StringIO()
    TerminalGame(load("irono", start="A"), [0], "easy", seed="h", color=False,
                 read=scripted(["b2"], []), read_secret=scripted(["hint"], []), out=hint).run()
    assert re.search(rf"Suggestion: hide {names} \(", " ".join(hint.getvalue().split()))


def test_the_end_of_a_match_says_its_totals_are_the_match_s() -> None:
    state: State = load("irono", preset="match", start="A").new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    a, b = state.view(None)["scores"]
    screen = render(state.view(0), 0, color=False)
    winner = "a draw" if a == b else "A (you) wins" if a > b else "B wins"
    assert screen.endswith(f"\nThe match is over: A {a:g} : {b:g} B in all, {winner}.")


def test_the_list_of_colours_to_hide_names_grey_so_its_a_is_not_read_as_seat_a() -> None:
    out = io.StringIO()
    typed = ["b3", "quit"]
    secret = ["moves", "quit"]
    TerminalGame(load("irono", start="A"), [0], "easy", seed="m", color=False,
                 read=lambda _: typed.pop(0), read_secret=lambda _: secret.pop(0),
                 out=out).run()
    assert "Legal moves: Y (yellow), G (green), W (white), R (red), B (blue), A (grey)" \
        in out.getvalue()


def test_the_last_screen_says_no_more_how_many_colours_a_guess_names() -> None:
    state: State = load("irono", start="A").new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    going = play(new(), [(0, "a1", "A")])
    assert "guesses name 3 colours" in render(going.view(0), 0, color=False)
    for screen in (render(state.view(0), 0, color=False),
                   render(going.view(0), 0, color=False, ended=True)):
        assert "in play: " in screen and "guesses name" not in screen, screen
