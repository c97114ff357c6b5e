"""The terminal play loop for every game: type-ahead cannot skip a hand-over, leaving a
shared game leaves no hand on the screen, refusals do not redraw, and every screen line fits
80 columns."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import sys
from collections.abc import Callable
from itertools import pairwise

import pytest

from spieltisch import load
from spieltisch.cli import _discard_typed
from spieltisch.terminal import listed, width, yours
from spieltisch.terminal.play import CLEAR, NO_HINT, NOTHING_YET, UNREADABLE, TerminalGame


def scripted(lines: list[str | BaseException], events: list[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        if not lines:
            raise EOFError
        events.append(prompt)
        answer = lines.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer
    return read


def test_type_ahead_is_thrown_away_before_every_hand_over() -> None:
    events: list[str] = []

    def read(prompt: str) -> str:
        events.append(prompt)
        if prompt.startswith("Press Enter"):
            if sum(e.startswith("Press Enter") for e in events) > 3:
                raise EOFError
            return ""
        state = game.match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("okey", players=2), [0, 1], "easy", seed="t", color=False,
                        read=read, discard_typed=lambda: events.append("discard"),
                        out=io.StringIO())
    assert game.run() is None
    hand_overs = [i for i, e in enumerate(events) if e.startswith("Press Enter when ready")]
    assert len(hand_overs) == 4
    assert all(events[i - 1] == "discard" for i in hand_overs), events
    assert events.count("discard") == 4


def test_discarding_type_ahead_empties_a_real_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    leader, follower = pty.openpty()
    with os.fdopen(follower, "r", closefd=True) as terminal:
        os.write(leader, b"\r")
        assert select.select([terminal], [], [], 1)[0], "the Enter arrived"
        monkeypatch.setattr(sys, "stdin", terminal)
        _discard_typed()
        assert not select.select([terminal], [], [], 0.2)[0], "the Enter was thrown away"
    os.close(leader)


def test_unreadable_input_at_the_hand_over_is_asked_again() -> None:
    out = io.StringIO()
    bad = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    game = TerminalGame(load("okey", players=2), [0, 1], "easy", seed="t", color=False,
                        read=scripted([bad, "", "quit"], []), out=out)
    assert game.run() is None
    text = out.getvalue()
    assert "that input could not be read; please type it again" in text
    assert "Your rack" in text


@pytest.mark.parametrize("leave", ["quit", "end of input", "Ctrl-C"])
def test_leaving_a_shared_game_leaves_nobodys_rack_on_the_screen(leave: str) -> None:
    out = io.StringIO()
    last: list[str | BaseException] = {"quit": ["quit"], "end of input": [],
                                       "Ctrl-C": [KeyboardInterrupt()]}[leave]
    game = TerminalGame(load("colomino", players=2), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["", *last], []), out=out)
    if leave == "Ctrl-C":
        with pytest.raises(KeyboardInterrupt):
            game.run()
    else:
        assert game.run() is None
    text = out.getvalue()
    assert "Your rack" in text
    assert text.endswith(CLEAR + "Game left unfinished.\n")


def test_a_refused_take_back_or_an_overlong_move_does_not_redraw_the_screen() -> None:
    out = io.StringIO()
    long = "E1 " * 200
    game = TerminalGame(load("colomino", players=2), [0], "easy", seed="t", color=False,
                        read=scripted(["undo", long, "quit"], []), out=out)
    assert game.run() is None
    text = out.getvalue()
    assert "Not possible: there is no move of yours to take back." in text
    assert "Not possible: a move is at most 100 characters long." in text
    assert long.strip() not in text
    assert text.count("Your rack") == 1


def test_a_person_alone_against_the_computer_gets_a_move_suggested() -> None:
    out = io.StringIO()
    game = TerminalGame(load("koikoi", months=1), [0], "easy", seed="h", color=False,
                        read=scripted(["hint", "quit"], []), out=out)
    assert game.run() is None
    [said] = [line for line in out.getvalue().splitlines() if line.startswith("Suggestion: ")]
    state = game.match.state
    assert re.fullmatch(r"Suggestion: play (\w+) [A-Z][a-z]+ .*, which (takes|stays) .*", said)
    assert said.split()[2] in {state.action_to_string(a).partition(">")[0]
                               for a in state.legal_actions()}
    shared = io.StringIO()
    TerminalGame(load("oware", start="A"), [0, 1], "easy", seed="h", color=False,
                 read=scripted(["hint", "quit"], []), out=shared).run()
    assert NO_HINT in \
        shared.getvalue()
    mixed = io.StringIO()
    TerminalGame(load("irono", start="A"), [0], "easy", seed="h", color=False,
                 read=scripted(["hint", "b2"], []), read_secret=scripted(["hint", "quit"], []),
                 out=mixed).run()
    hints = re.findall(r"Suggestion: [^)]*\)", " ".join(mixed.getvalue().split()))
    assert len(hints) == 2
    assert re.fullmatch(r"Suggestion: mark [a-d][1-4] \(the expert finds these equally good: "
                        r"a1, b1, .*, d4\)", hints[0])
    colour = "(yellow|green|white|red|blue|grey)"
    assert re.fullmatch(rf"Suggestion: hide {colour} \(one draw from the expert's mix: "
                        rf"{colour} \d+ %(, {colour} \d+ %)+\)", hints[1])


def test_resigning_asks_once_more_then_ends_the_game_with_the_others_winning() -> None:
    out = io.StringIO()
    prompts: list[str] = []
    game = TerminalGame(load("colomino", players=3), [0], "easy", seed="t", color=False,
                        read=scripted(["resign", "no", "Resign", "Yes"], prompts), out=out)
    result = game.run()
    assert prompts[1] == prompts[3] == \
        "Resign this game? It ends now, and you come last. Type yes to resign: "
    assert out.getvalue().count("Playing on.") == 1
    assert result is not None and result["resigned"] == 0
    assert result["returns"] == [-1.0, 0.5, 0.5]
    said = out.getvalue()
    last = " ".join(said[said.rindex("A (you) resigned."):].split())
    assert last.startswith("A (you) resigned. Bot B (easy) and Bot C (easy) win. Points: "
                           "A (you): 0, ")


@pytest.mark.parametrize(("key", "options", "whole"), [
    ("irono", {"preset": "match"}, "match"), ("irono", {}, "game"),
    ("koikoi", {"months": 2}, "match"), ("koikoi", {"months": 1}, "game"),
    ("okey", {"players": 2}, "match"), ("okey", {"players": 2, "rounds": 1}, "game"),
])
def test_resigning_a_match_of_several_games_asks_about_the_match(
        key: str, options: dict[str, object], whole: str) -> None:
    prompts: list[str] = []
    game = TerminalGame(load(key, start="A", **options) if key == "irono" else
                        load(key, **options), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["", "resign", "yes"], prompts),
                        read_secret=scripted(["resign", "yes"], prompts), out=io.StringIO())
    game.run()
    asked = [p for p in prompts if p.startswith("Resign this ")]
    assert asked and asked[0] == \
        f"Resign this {whole}? It ends now, and you come last. Type yes to resign: "


@pytest.mark.parametrize(("key", "options"), [
    ("okey", {"players": 2, "rounds": 1}), ("okey", {"players": 4, "preset": "standard"}),
    ("colomino", {"players": 2}), ("colomino", {"players": 3, "preset": "large"}),
    ("koikoi", {"months": 1}), ("irono", {"guess": 5}), ("oware", {"preset": "grand",
                                                                  "players": 4}),
])
def test_every_line_of_a_whole_game_fits_80_columns(key: str, options: dict[str, object]) -> None:
    out = io.StringIO()

    def first_legal(prompt: str) -> str:
        state = game.match.state
        if state.is_terminal() or len(game.match.actions) > 400:
            raise EOFError
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load(key, **options), [0], "easy", seed="w", color=True,
                        read=first_legal, read_secret=first_legal, out=out)
    game.run()
    lines = out.getvalue().split("\n")
    assert len(lines) > 50
    too_wide = [line for line in lines if width(line) > 80]
    assert not too_wide, too_wide[:3]


@pytest.mark.parametrize(("key", "options", "said"), [
    ("oware", {}, r"Drawn by lot: (A \(you\)|Bot B \(easy\)) starts\."),
    ("colomino", {"players": 3}, r"Drawn by lot: (A \(you\)|Bot [BC] \(easy\)) starts\."),
    ("irono", {}, r"Drawn by lot: (A \(you\)|Bot B \(easy\)) starts\."),
])
def test_the_draw_of_who_begins_is_said_before_the_first_screen(
        key: str, options: dict[str, object], said: str) -> None:
    out = io.StringIO()
    game = TerminalGame(load(key, **options), [0], "easy", seed="lot", color=False,
                        read=scripted(["quit"], []), out=out)
    game.run()
    lines = out.getvalue().splitlines()
    assert re.fullmatch(said, lines[1]), lines[:3]
    starter = next(s for s in game.match.movers() if s is not None)
    name = game.match.players[starter]
    assert lines[1] == f"Drawn by lot: {'A (you)' if name == 'You (A)' else name} starts."
    fixed = io.StringIO()
    TerminalGame(load(key, **options, start="A"), [0], "easy", seed="lot", color=False,
                 read=scripted(["quit"], []), out=fixed).run()
    assert "Drawn by lot" not in fixed.getvalue()


def test_the_draw_that_picks_the_person_says_so_in_plain_english() -> None:
    out = io.StringIO()
    TerminalGame(load("irono"), [0], "easy", seed="a", color=False,
                 read=scripted(["quit"], []), out=out).run()
    assert out.getvalue().splitlines()[1] == "Drawn by lot: A (you) starts."


def test_an_unreadable_secret_choice_is_refused_on_a_line_of_its_own() -> None:
    out = io.StringIO()
    bad = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    game = TerminalGame(load("irono", start="A"), [0], "easy", seed="t", color=False,
                        read=scripted(["b2", "quit"], []), read_secret=scripted([bad, "R"], []),
                        out=out)
    game.run()
    text = out.getvalue()
    assert "\n\n" + UNREADABLE in text, "the unechoed prompt's line is ended first"
    assert game.match.log(0)[:2] == ["b2", "R"]


@pytest.mark.parametrize(("key", "options", "moves", "asking"), [
    ("oware", {"start": "A"}, [], ["to move"]),
    ("colomino", {"players": 2}, [], ["to move", "fits:", "next court: open 1"]),
    ("koikoi", {"months": 1}, [], ["Your turn", "to play"]),
    ("okey", {"players": 2}, [], ["Your turn", "Waiting for"]),
    ("irono", {"start": "A"}, [], ["puts the marker", "would gain"]),
    ("irono", {"preset": "match", "start": "B"}, ["b2", "Y"],
     ["names 3 colours", "has chosen", "would gain"]),
])
def test_the_screen_after_resigning_asks_for_no_move(
        key: str, options: dict[str, object], moves: list[str], asking: list[str]) -> None:
    out = io.StringIO()
    seat = 1 if key == "irono" and options.get("start") == "B" else 0
    script = [*moves, "resign", "yes"]
    said: list[int] = []

    def read(prompt: str) -> str:
        said.append(len(out.getvalue()))
        return scripted(script, [])(prompt)

    game = TerminalGame(load(key, **options), [seat], "easy", seed="9", color=False,
                        read=read, read_secret=read, out=out)
    assert game.run() is not None
    final = out.getvalue()[said[-1]:]
    assert "resigned." in final
    for words in asking:
        assert words not in final, final


def test_three_winners_are_listed_with_commas() -> None:
    out = io.StringIO()
    game = TerminalGame(load("oware", preset="grand", players=4, start="A"), [0], "random",
                        seed="t", color=False, read=scripted(["resign", "yes"], []), out=out)
    assert game.run() is not None
    said = " ".join(out.getvalue().split())
    assert "Bot B (random), Bot C (random) and Bot D (random) win. Pits: " in said


@pytest.mark.parametrize("key", ["koikoi", "okey", "colomino"])
def test_a_move_taken_back_at_the_hand_over_is_handed_back_first(key: str) -> None:
    events: list[str] = []
    moved: list[str] = []
    undone: list[str] = []

    def read(prompt: str) -> str:
        events.append(prompt)
        if prompt.startswith("Press Enter"):
            undone.append(prompt)
            return "" if "undo" not in prompt else "undo" if len(undone) == 2 else "quit"
        state = game.match.state
        moved.append(prompt)
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    game = TerminalGame(load(key, players=2), [0, 1], "easy", seed="u", color=False,
                        read=read, out=out)
    assert game.run() is None
    first = moved[0]
    handed = [e for e in events if e.startswith("Press Enter")]
    person = first.removesuffix(" > ")
    assert handed[1] == (f"Press Enter when ready (or type undo to take back {person}'s move, "
                         "or quit). ")
    assert moved[1] == first, "the same person chooses again"
    text = out.getvalue()
    back = f"{CLEAR}{person}'s move taken back.\nPass the terminal to {person}.\n"
    assert back in text, "handed back: whoever typed undo may be the next person"
    assert "Your " not in text[text.index(f"{person}'s move taken back."):text.index(back)]
    assert handed[2] == "Press Enter when ready (or type quit). "
    assert events.index(moved[1], events.index(handed[2])) == events.index(handed[2]) + 1


@pytest.mark.parametrize(("key", "players"), [
    ("oware", 2), ("oware", 3), ("oware", 4), ("colomino", 2), ("colomino", 4),
    ("okey", 2), ("okey", 3), ("koikoi", 2)])
def test_the_next_person_takes_the_last_persons_move_back_at_their_prompt(
        key: str, players: int) -> None:
    """Among people sharing the terminal, undo at the next person's prompt takes back the
    move of the person before, who then chooses again; the screen says whose it was."""
    moved: list[tuple[int, int]] = []
    undone: list[int] = []
    again: list[tuple[int, int]] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        state = game.match.state
        seat = state.current_player
        if moved and moved[-1][0] != seat and not undone:
            undone.append(seat)
            return "undo"
        if undone:
            again.append((seat, len(game.match.actions)))
            raise EOFError
        moved.append((seat, len(game.match.actions)))
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    game = TerminalGame(load(key, players=players), list(range(players)), "easy", seed="u",
                        color=False, read=read, out=out)
    assert game.run() is None
    last = moved[-1]
    assert undone and undone[0] != last[0]
    assert again == [last], "the person before chooses again, from the same position"
    name = game.match.players[last[0]]
    assert "undo takes back the move of whoever moved last" not in out.getvalue()
    assert f"{name}'s move taken back." in out.getvalue()
    if game._shared():  # said again after the screen is cleared, handing back
        assert f"{CLEAR}{name}'s move taken back.\nPass the terminal to {name}." \
            in out.getvalue()


@pytest.mark.parametrize(("key", "words"), [
    ("oware", r"sow [A-F][1-6]"),
    ("okey", r"draw from the pile"),
    ("colomino", r"lay [RYGBJ]{1,4} on [A-Z]\d+, (not turned|turned [a-z ]+): north [a-z]+, "
                 r"east [a-z]+, south [a-z]+, west [a-z]+.* \(type [A-Z]\d+ [RYGB]{4} r\d\)"),
    ("koikoi", r"play \d+[a-z]\d? [A-Z][a-z]+.*, which (takes .*|stays on the table)")])
def test_a_hint_says_the_move_in_words(key: str, words: str) -> None:
    out = io.StringIO()
    TerminalGame(load(key), [0], "easy", seed="2", color=False,
                 read=scripted(["hint", "quit"], []), out=out).run()
    said = " ".join(out.getvalue().split())
    assert re.search(rf"Suggestion: {words}( \(|$)", said.split(" Game left")[0]), said


@pytest.mark.parametrize(("key", "players"), [("okey", 4), ("colomino", 4), ("colomino", 3)])
def test_what_computer_players_did_is_said_again_after_a_hand_over_clears_it(
        key: str, players: int) -> None:
    turns: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        turns.append(prompt)
        if len(turns) > 12:
            raise EOFError
        state = game.match.state
        return state.action_to_string(state.legal_actions()[0])

    out = io.StringIO()
    game = TerminalGame(load(key, players=players), [0, 2], "easy", seed="t", color=False,
                        read=read, out=out)
    assert game.run() is None
    parts = out.getvalue().split(CLEAR)
    told = 0
    for before, after in pairwise(parts[1:]):
        lines = before.splitlines()
        tail = []
        while lines and re.match(r"Bot |    \S", lines[-1]):  # wrapped on 4 spaces
            tail.insert(0, lines.pop())
        if tail:
            told += 1
            assert after.startswith("Pass the terminal to Player ")
            assert after.split("\n", 1)[1].startswith("\n".join(tail)), after
    assert told >= 2


def test_help_says_whose_move_undo_takes_back_when_people_share_the_terminal() -> None:
    said = []
    for humans in ([0, 1], [0]):
        out = io.StringIO()
        TerminalGame(load("oware", start="A"), humans, "easy", seed="h", color=False,
                     read=scripted(["help", "quit"], []), out=out).run()
        said.append(" ".join(out.getvalue().split()))
    assert "Sharing the terminal, undo takes back the move of whoever moved last, before " \
        "the next person has moved." in said[0]
    assert "Sharing the terminal" not in said[1]


def test_computer_players_moves_taken_back_at_the_hand_over_are_not_said_again() -> None:
    undone: list[int] = []
    moves: list[str] = []

    def read(prompt: str) -> str:
        seen = out.getvalue()
        if prompt.startswith("Press Enter"):
            if "Player A's move" in prompt and not undone:  # Bot B moved since
                undone.append(len(seen))
                return "undo"
            return ""
        moves.append(prompt)
        if len(moves) > 30:
            raise EOFError
        state = game.match.state
        return state.action_to_string(state.legal_actions()[-1])

    out = io.StringIO()
    game = TerminalGame(load("okey", players=3), [0, 2], "easy", seed="t", color=False,
                        read=read, out=out)
    game.run()
    text = out.getvalue()
    [at] = undone
    bot = re.findall(r"Bot B \(easy\) [^\n]*", text[:at].split(CLEAR)[-2])
    after = text[at:].split("Okey (seed)")[0]  # up to the screen of the person before
    assert bot and not any(line in after for line in bot), after


@pytest.mark.parametrize(("key", "options", "humans", "top"), [
    ("colomino", {"players": 4}, [0, 1], "(row 1: base line"),
    ("okey", {"players": 4, "rounds": 1}, [0, 1], "Okey ("),
    ("koikoi", {"months": 1}, [0], "Koi-Koi ("),
    ("irono", {"guess": 5}, [0], "Irono Ofubi"),
    ("oware", {"preset": "grand", "players": 4}, [0, 1], "Oh-Wah-Ree ("),
])
def test_the_screen_calls_every_seat_as_the_moves_and_the_result_do(
        key: str, options: dict[str, object], humans: list[int], top: str) -> None:
    out = io.StringIO()

    def first_legal(prompt: str) -> str:
        state = game.match.state
        if prompt.startswith("Press Enter"):
            return ""
        if len(game.match.actions) > 2000:
            raise EOFError
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load(key, **options), humans, "easy", seed="w", color=False,
                        read=first_legal, read_secret=first_legal, out=out)
    assert game.run() is not None
    text = out.getvalue().replace("\n    ", " ")  # wrapped lines joined
    last = text[text.rindex(top):]
    end = max(last.rfind(" wins. "), last.rfind(" win. "), last.rfind("Draw. "))
    screen = last[:end].rpartition("\n")[0]  # without the last line
    for seat, name in enumerate(game.match.players):
        said = f"{'ABCD'[seat]} (you)" if name.startswith("You (") else name  # You (A) has…
        assert said in screen, (name, screen)
        if name.startswith("Bot "):
            letter = "ABCD"[seat]
            assert not re.search(rf"\b[Pp]layer {letter}\b", screen), screen


@pytest.mark.parametrize("key", ["koikoi", "oware"])
def test_undo_before_anybody_at_the_terminal_moved_says_there_is_nothing_to_take_back(
        key: str) -> None:
    out = io.StringIO()
    game = TerminalGame(load(key), [0, 1], "easy", seed="t", color=False,
                        read=scripted(["undo", "", "undo", "quit"], []), out=out)
    assert game.run() is None
    text = out.getvalue().replace("\n    ", " ")  # wrapped lines joined
    assert text.count(NOTHING_YET) == 2, text  # at the hand-over and at the prompt
    assert "should see the next screen" not in text
    assert "no move of yours" not in text


def test_a_move_that_stands_against_the_computer_is_not_offered_at_the_hand_over() -> None:
    """Two people and a computer player: once A has drawn after a turn, the hand-over does
    not offer to take A's move back, and undo typed there or at B's prompt says why, of A."""
    prompts: list[str] = []
    typed: list[str] = []  # undo once at the hand-over to B, once at B's prompt

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("Press Enter"):
            handing_to_b = game.match.state.current_player == 1 and "undo" not in typed
            answer = "undo" if handing_to_b else ""
        elif prompt.startswith("Player B"):
            answer = "undo" if typed.count("undo") == 1 else "quit"
        else:
            state = game.match.state
            answer = state.action_to_string(state.legal_actions()[0])
        typed.append(answer)
        return answer

    out = io.StringIO()
    game = TerminalGame(load("colomino", players=3, start="A"), [0, 1], "easy", seed="s",
                        color=False, read=read, out=out)
    assert game.run() is None
    assert all("type undo" not in p for p in prompts), prompts
    text = " ".join(out.getvalue().split())
    why = ("Not possible: Player A has seen what was drawn since their last move, so it "
           "stands; the computer does not take it back.")
    assert text.count(why) == 2, text  # typed at the hand-over and at B's prompt
    assert "your last move" not in text


@pytest.mark.parametrize("key", ["oware", "irono", "colomino", "koikoi", "okey"])
@pytest.mark.parametrize("humans", [[0], [0, 1]])
def test_hint_is_listed_only_where_it_is_answered(key: str, humans: list[int]) -> None:
    out = io.StringIO()
    TerminalGame(load(key), humans, "easy", seed="h", color=False,
                 read=scripted(["", "help", "hint", "quit"], []),
                 read_secret=scripted(["help", "hint", "quit"], []), out=out).run()
    text = " ".join(out.getvalue().split())
    listed = "hint" in text.replace(NO_HINT, "").replace("Suggestion", "")
    assert listed == (len(humans) == 1)
    assert (NO_HINT in text) == (len(humans) > 1)


@pytest.mark.parametrize(("key", "options"), [
    ("oware", {}), ("oware", {"players": 4}), ("oware", {"preset": "grand"}),
    ("koikoi", {"preset": "nintendo"}), ("okey", {})])
def test_header_lines_fit_the_terminal_with_the_longest_names(key: str,
                                                              options: dict[str, str]) -> None:
    from spieltisch.terminal import naming, renderer
    from spieltisch.terminal.play import seat_names

    game = load(key, **options)
    n = game.info.num_players
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    for humans in ([0], [0, 1], list(range(n))):
        with naming(seat_names(n, humans, "medium")):
            screen = renderer(key).render(state.view(0), 0, color=False)  # type: ignore[union-attr]
        header = [line for line in screen.split("\n\n")[0].splitlines()
                  if line.startswith((game.info.title, "You are", "Scores", " "))]
        assert all(width(line) <= 80 for line in header), header


RECORD_NAMES = ["Alexandra Konstantinopoulou-Wittgenstein", "Maximilian Bartholomew von Habsburg",
                "Bea", "Computer (Easy)"]


@pytest.mark.parametrize("key", ["oware", "irono", "colomino", "koikoi", "okey"])
def test_header_lines_fit_the_terminal_with_a_records_longest_names(key: str) -> None:
    from spieltisch.terminal import legend, naming, renderer

    game = load(key)
    n = game.info.num_players
    names = [name.ljust(40, "e") for name in RECORD_NAMES[:n]]
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    for viewer in (0, 1):
        with naming(names):
            screen = renderer(key).render(state.view(viewer), viewer,  # type: ignore[union-attr]
                                          color=False)
        header = [*legend(names, viewer).splitlines(), *[
            line for line in screen.split("\n\n")[0].splitlines()
            if line.startswith((game.info.title, "You are", "Scores", "Dealer", "Hider", " "))
            or any(line.startswith(name) for name in names)]]
        assert all(width(line) <= 80 for line in header), header
        # Broken between items only: a line holding part of a name holds all of it.
        for name in names:
            first, *_, last = [*name.split(), name.split()[-1]]
            assert all(name in line for line in header if first in line or last in line), header


def test_screens_are_not_wrapped_inside_a_records_names() -> None:
    from spieltisch.terminal import render

    key = "irono"
    game = load(key)
    names = [name.ljust(40, "e") for name in RECORD_NAMES[:2]]
    state, said = game.new_initial_state(), set()
    for _ in range(60):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            screen = render(key, state.view(0), 0, color=False, names=names)
            said |= {line for line in screen.splitlines() if names[1].split()[0] in line}
            for name in names:
                first, last = name.split()[0], name.split()[-1]
                assert all(name in line for line in screen.splitlines()
                           if first in line or last in line), screen
        state = state.apply(state.legal_actions()[0])
    assert any(line.startswith("Last round") for line in said)  # as long as it gets


def test_what_is_said_going_on_with_a_record_is_not_wrapped_inside_its_names() -> None:
    from spieltisch import Match

    game = load("irono", start="A")
    names = [name.ljust(40, "e") for name in RECORD_NAMES[:2]]
    match = Match(game, seed="x", players=names)
    match.play(0, match.state.string_to_action("b3"))
    out = io.StringIO()
    read = scripted(["", "resign", "yes"], [])
    TerminalGame(game, [0, 1], "easy", match=match, color=False, out=out, read=read,
                 read_secret=read).run()
    said = out.getvalue().split("resigned.")[1].splitlines()
    assert all(len(line) <= 80 for line in said), said
    for name in (f"{names[0]} (A)", f"{names[1]} (B)"):
        assert any(name in line for line in said), said


def test_a_take_back_refused_for_several_people_lists_them_with_commas(
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    game = TerminalGame(load("oware", players=4), [0, 1, 2, 3], "easy", seed="u",
                        color=False, read=scripted([], []), out=out)
    monkeypatch.setattr(game.match, "undone_by", lambda seat, keep: {1, 2, 3})
    assert not game._undo(0)
    assert "that would take back Player B, Player C and Player D's moves too." \
        in " ".join(out.getvalue().split())


@pytest.mark.parametrize(("key", "limit"), [
    ("koikoi", "Against the computer a move cannot be taken back: a card is turned from the "
               "pile after every move"),
    ("okey", "against the computer, not a draw from the pile once you have seen the tile"),
    ("colomino", "against the computer, only a tile laid this turn, as the turn stands once "
                 "you have drawn at its end")])
def test_help_against_the_computer_says_what_undo_cannot_take_back(key: str,
                                                                   limit: str) -> None:
    out = io.StringIO()
    TerminalGame(load(key), [0], "easy", seed="h", color=False,
                 read=scripted(["help", "quit"], []), out=out).run()
    said = " ".join(out.getvalue().split())
    assert limit in said
    assert "undo (take back your last move)" not in said
    first = out.getvalue().splitlines()[0]
    assert (" undo," in first) == (key != "koikoi"), "offered only where it can take back"


def test_people_alone_at_koikoi_keep_undo_in_their_help() -> None:
    out = io.StringIO()
    TerminalGame(load("koikoi"), [0, 1], "easy", seed="h", color=False,
                 read=scripted(["", "help", "quit"], []), out=out).run()
    said = " ".join(out.getvalue().split())
    assert "Commands: moves, undo, resign, help, quit." in said
    assert "undo (take back your last move)" in said and "computer" not in said


def test_people_sharing_the_terminal_with_computer_players_are_told_a_draw_stands() -> None:
    """The computer players do not agree to a take-back: the refusal says why, and not
    that it waits for everybody's agreement."""
    out = io.StringIO()
    game: TerminalGame
    typed: list[str] = []

    def read(prompt: str) -> str:
        if "Press Enter" in prompt:
            return ""
        if not game.match.movers().count(game.match.state.current_player):
            return "draw"
        typed.append("undo" if not typed else "quit")
        return typed[-1]

    game = TerminalGame(load("okey", players=4), [0, 2], "easy", seed="1", color=False,
                        read=read, out=out)
    game.run()
    said = " ".join(out.getvalue().split())
    assert "Not possible: you have seen the tile you drew from the pile: taken back, you " \
        "would choose again knowing it, so your draw stands." in said, said[-600:]
    assert "agrees" not in said


def test_a_move_of_the_person_before_that_stands_against_the_computer_is_named() -> None:
    out = io.StringIO()
    game: TerminalGame
    undone: list[str] = []

    def read(prompt: str) -> str:
        if "Press Enter" in prompt:
            return ""
        state = game.match.state
        people = [m for m in game.match.movers() if m in (0, 2)]
        if people and people[-1] != state.current_player:
            undone.append(prompt)
            return "undo" if len(undone) == 1 else "quit"
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("colomino", players=4), [0, 2], "easy", seed="x", color=False,
                        read=read, out=out)
    game.run()
    said = " ".join(out.getvalue().split())
    assert "Not possible: Player C has seen what was drawn since their last move, so it " \
        "stands; the computer does not take it back." in said, said[-600:]


@pytest.mark.parametrize(("key", "options"), [
    ("oware", {}), ("oware", {"preset": "grand", "players": 3}), ("colomino", {}),
    ("irono", {}), ("irono", {"preset": "match"}), ("okey", {"players": 2, "rounds": 1}),
    ("koikoi", {"months": 1})])
def test_the_end_of_a_game_names_the_result_once_as_the_screens_call_the_seats(
        key: str, options: dict[str, object]) -> None:
    out = io.StringIO()

    def first_legal(prompt: str) -> str:
        state = game.match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load(key, **options), [0], "random", seed="end", color=False,
                        read=first_legal, read_secret=first_legal, out=out)
    result = game.run()
    assert result is not None
    returns = result["returns"]
    said = out.getvalue().replace("\n    ", " ")  # wrapped lines joined
    told = re.findall(r"\bwins?\b|\ba draw\b|^Draw\.", said, re.MULTILINE)
    assert len(told) == 1, said[-800:]  # the last screen's result, not a line more
    assert "You (A)" not in said  # on the screens a person alone is "A (you)"
    best = [s for s, r in enumerate(returns) if r == max(returns)]
    names = [yours("A", 0) if s == 0 else game.match.players[s] for s in best]
    words = "a draw" if len(best) == len(returns) else \
        f"{listed(names)} {'wins' if len(best) == 1 else 'win'}"
    assert words in said.rstrip().splitlines()[-1], said[-800:]


def test_the_list_of_legal_moves_breaks_between_moves_not_inside_one() -> None:
    out = io.StringIO()
    game = TerminalGame(load("colomino", players=2, start="A"), [0], "easy", seed="5",
                        color=False, read=scripted(["moves", "quit"], []), out=out)
    game.run()
    said = out.getvalue()
    lines = said[said.index("Legal moves: "):said.index("Game left unfinished.")].splitlines()
    assert len(lines) > 1 and all(width(line) <= 80 for line in lines), lines
    moves = " ".join(line.strip() for line in lines).removeprefix("Legal moves: ").split(", ")
    legal = {game.match.state.action_to_string(a) for a in game.match.state.legal_actions()}
    assert set(moves) == legal
    for line in lines:
        for move in line.removeprefix("Legal moves: ").strip().rstrip(",").split(", "):
            assert move in legal, (move, lines)
