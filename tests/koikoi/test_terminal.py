"""The terminal screen: hand, table, collections by kind, yaku, and a clear Koi-Koi prompt."""

from __future__ import annotations

import io
import re

from spieltisch import load
from spieltisch.terminal.koikoi import HELP, render
from spieltisch.terminal.play import TerminalGame

from .helpers import dealt, play, position


def test_screen_shows_hand_table_and_collections() -> None:
    state = position(hand0="3r 1b", hand1="2a 5p1", table="3b 3p1 4a", cap0="8b 9a 6r 1p1",
                     cap1="10a")
    screen = render(state.view(0), 0, color=False)
    assert "Your hand: 1b Pine Crane, 3r Cherry Poetry Ribbon [takes 3b or 3p1]" in screen
    assert "3b Cherry Curtain" in screen and "4a Wisteria Cuckoo" in screen
    assert "brights  ( 1) 8b Pampas Moon" in screen
    assert "animals  ( 1) 9a Chrysanthemum Sake Cup" in screen
    assert "B: 2 cards in hand" in screen
    assert "2a" not in screen.split("Table")[0]
    assert "Your turn" in screen


def test_koikoi_prompt_says_what_stopping_earns() -> None:
    state = play(position(hand0="8b 2a 2p1", hand1="5a", table="8p1 9p1", cap0="1b 3b"),
                 "8b", "draw 10p1")
    screen = render(state.view(0), 0, color=False)
    assert "Sankō (Three Brights) 5" in screen
    assert "Stop now for 5 points, or call Koi-Koi" in " ".join(screen.split())
    assert "Type stop or koikoi" in screen
    assert "A (you) just" not in screen
    other = render(state.view(1), 1, color=False)
    assert "A to play." in other and "A just: 8b takes 8p1; draw 10p1 takes nothing" in other


def test_the_stop_or_koikoi_question_is_wrapped_between_its_parts() -> None:
    from spieltisch.terminal import render as screen_of

    state = play(position(hand0="8b 2a 2p1", hand1="5a", table="8p1 9p1", cap0="1b 3b"),
                 "8b", "draw 10p1")
    screen = screen_of("koikoi", state.view(0), 0, color=False,
                       names=["You (A)", "Bot B (medium)"], told=False)
    said = screen[screen.index("You have"):].splitlines()
    assert said == ["You have Sankō (Three Brights) 5. Stop now for 5 points,",
                    "    or call Koi-Koi to play on?",
                    "If you call Koi-Koi and the opponent stops first, you score nothing "
                    "this month.",
                    "Type stop or koikoi."]


def test_the_screen_shows_your_own_last_turn_with_its_draw() -> None:
    state = play(position(hand0="3r 1b 4a", hand1="2a 5p1 6a",
                          table="3b 3p1 8b 8p1 4p1 2p1"),
                 "3r>3b", "draw 8a")
    assert "A just: 3r takes 3b; draw 8a\n" in render(state.view(1), 1, color=False)
    state = play(state, "take 8b", "2a", "draw 11p")
    lines = render(state.view(0), 0, color=False).splitlines()
    assert lines[-3:-1] == ["You: 3r takes 3b; draw 8a takes 8b",
                            "B just: 2a takes 2p1; draw 11p takes nothing"]
    state = play(state, "1b", "draw 1r")
    lines = render(state.view(1), 1, color=False).splitlines()
    assert lines[-3:-1] == ["You: 2a takes 2p1; draw 11p takes nothing",
                            "A just: 1b takes nothing; draw 1r takes 1b"]


def test_one_point_is_singular_in_the_prompt() -> None:
    state = play(position(hand0="6p1 7a", hand1="5a", table="6p2 9r",
                          cap0="1p1 1p2 2p1 2p2 3p1 3p2 4p1 4p2"), "6p1", "draw 10a")
    assert "Stop now for 1 point, or call Koi-Koi" in render(state.view(0), 0, color=False)


def test_doubled_points_say_why() -> None:
    state = play(position(preset="nintendo", months=1, hand0="8b 2a", hand1="5a", table="8p1",
                          cap0="1b 3b 12b", calls=(0, 1), last_caller=1), "8b", "draw 10a")
    why = "(8, doubled for 7 or more and again for B's Koi-Koi)"
    screen = " ".join(render(state.view(0), 0, color=False).split())
    assert f"Stop now for 32 points {why}, or call Koi-Koi" in screen
    assert f"stopping would earn 32 {why}" in screen
    screen = " ".join(render(play(state, "stop").view(1), 1, color=False).split())
    assert "-> 32 points (8, doubled for 7 or more and again for your Koi-Koi)." in screen
    assert "stopping would earn" not in screen  # the match is over
    state = play(position(preset="nintendo", double_seven=False, hand0="8b 2a", hand1="5a",
                          table="8p1 3p1", cap0="1r 2r", calls=(0, 1), last_caller=1),
                 "8b", "draw 3r")
    assert "Stop now for 10 points (5, doubled for B's Koi-Koi), or" in \
        " ".join(render(state.view(0), 0, color=False).split())


def test_spectators_see_no_hand_and_colour_is_optional() -> None:
    state = dealt("1b 1r 2a 2r 3b 3r 4a 4r", "5a 5r 6a 6r 7a 7r 8b 8a",
                  "9a 9r 10a 10r 11b 11a 12b 12p1")
    screen = render(state.view(None), None, color=True)
    assert "Your hand" not in screen and "\x1b[" in screen
    assert "1b Pine Crane" not in screen
    assert "\x1b[" not in render(state.view(0), 0, color=False)


def test_month_results_and_the_end_are_announced() -> None:
    state = play(position(scores=(48, 0), hand0="8b 2a", hand1="5a", table="8p1",
                          cap0="1b 3b"), "8b", "draw 10p1", "stop")
    screen = render(state.view(1), 1, color=False)
    assert "Month 1: A stopped with Sankō (Three Brights) 5 -> 5 points." in screen
    assert "The match is over: A wins." in screen
    over = play(position(scores=(48, 0), hand0="8b 2a", hand1="5a", table="8p1 2p1",
                         cap0="1b 3b"), "8b", "draw 10p1", "stop")
    assert "2a Plum Bush Warbler" in render(over.view(0), 0, color=False)
    assert "[takes" not in render(over.view(0), 0, color=False), "nothing is played any more"


def test_a_dealt_teshi_is_shown_to_the_other_player() -> None:
    state = dealt("1b 1r 1p1 1p2 2a 3b 4a 5a", "6a 6r 7a 7r 8b 8a 9a 10r",
                  "9r 10a 11b 11a 12b 12p1 2r 3r", preset="nintendo", dealer=1)
    screen = render(state.view(1), 1, color=False)
    assert "A was dealt Teshi" in screen
    assert "A showed: 1b Pine Crane, 1r Pine Poetry Ribbon, 1p1 Pine Plain 1, 1p2 Pine " \
        "Plain 2." in screen
    assert "2a" not in screen and "5a" not in screen


def test_negative_scores_read_clearly() -> None:
    state = position(hand0="2a", hand1="5a", table="9p1", scores=(-6, 6), months=3,
                     subtract=True)
    assert "Scores: A (you) -6, B 6" in render(state.view(0), 0, color=False)


def test_oya_ken_is_announced_once() -> None:
    state = play(position(hand0="2a", hand1="5a", table="9p1", dealer=1),
                 "2a", "draw 10p1", "5a", "draw 11p")
    screen = render(state.view(0), 0, color=False)
    assert "Month 1: B as dealer scored Oya-ken (Dealer's Privilege) 1 -> 1 point." in screen


def test_help_explains_the_notation_and_the_rules() -> None:
    assert "3r>3b" in HELP and "koikoi" in HELP and "take 8b" in HELP
    flat = " ".join(HELP.split())
    for rule in ("only the best bright yaku counts", "(Oya-ken)", "the last caller scores",
                 "whichever scores more", "double again if the opponent called Koi-Koi"):
        assert rule in flat


def test_two_people_end_on_a_screen_that_shows_neither_hand() -> None:
    out = io.StringIO()
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        state = holder[0].match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("koikoi", months=1, target=0), [0, 1], "easy", seed="k",
                        color=False, read=read, out=out)
    holder.append(game)
    assert game.run() is not None
    text = out.getvalue()
    first = text.index("Pass the terminal to")
    assert "Your hand" not in text[:first]  # nobody's hand before the first hand-over
    last_screen = text.rsplit("\x1b[2J", 1)[1]
    assert "Your hand" not in last_screen and "(you)" not in last_screen
    assert last_screen.splitlines()[-1].startswith("The match is over: ")
    assert "Scores: Player A " in last_screen
    turns = last_screen.splitlines()[-3:-1]  # the month's last turns, both seats named
    assert turns[0].startswith(("Player A: ", "Player B: ")), turns
    assert turns[1].startswith(("Player A just: ", "Player B just: ")), turns


def test_a_spectator_sees_both_sides_last_turns_and_no_hand() -> None:
    state = play(position(hand0="3r 1b 4a", hand1="2a 5p1 6a",
                          table="3b 3p1 8b 8p1 4p1 2p1"),
                 "3r>3b", "draw 8a", "take 8b", "2a", "draw 11p")
    lines = render(state.view(None), None, color=False).splitlines()
    assert lines[-3:-1] == ["A: 3r takes 3b; draw 8a takes 8b",
                            "B just: 2a takes 2p1; draw 11p takes nothing"]
    assert "1b" not in "\n".join(lines) and "5p1" not in "\n".join(lines)


def test_the_winner_is_named_once_at_the_end_of_a_match() -> None:
    out = io.StringIO()
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        state = holder[0].match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("koikoi", months=2), [0], "random", seed="k",
                        color=False, read=read, out=out)
    holder.append(game)
    assert game.run() is not None
    lines = out.getvalue().splitlines()
    assert lines[-1] == "The match is over: A (you) wins."
    assert not any(line.startswith(("You (A) win", "Bot B (random) wins")) for line in lines)
    assert not any("You (A)" in line for line in lines), "called A (you) as on the screens"


def test_every_card_turned_from_the_pile_and_each_new_month_is_told() -> None:
    out = io.StringIO()
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        state = holder[0].match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("koikoi", months=2, target=0), [0], "greedy", seed="p",
                        color=False, read=read, out=out)
    holder.append(game)
    assert game.run() is not None
    text = " ".join(out.getvalue().split())
    draws = [game.match.state.action_to_string(a) for a in game.match.actions
             if game.match.state.action_to_string(a).startswith("draw ")]
    told = re.findall(r"From the pile: (\S+) ", text)
    assert told == [d.removeprefix("draw ") for d in draws]
    # Each says what the card took from the table, as a computer player's card does.
    taking = re.findall(r"From the pile: \S+ [^,]+, which (takes \d+|stays on the table\."
                        r"|matches two table cards, \d+)", text)
    assert len(taking) == len(draws) and any(t.startswith("takes") for t in taking)
    month = re.search(r"Month 1: [^>]*-> \d+ points?\.( Month 2 is dealt\.)?", text)
    assert month is not None and month.group(1) and text.count("is dealt.") == 1
    # The seats are called as the screens call them, the computer player by its name.
    assert month.group(0).startswith(("Month 1: A (you) ", "Month 1: Bot B (greedy) "))


def test_the_computer_player_s_moves_are_said_in_words() -> None:
    out = io.StringIO()
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        state = holder[0].match.state
        return state.action_to_string(state.legal_actions()[0])

    game = TerminalGame(load("koikoi", months=2, target=0), [0], "medium", seed="w",
                        color=False, read=read, out=out)
    holder.append(game)
    assert game.run() is not None
    lines = out.getvalue().replace("\n    ", " ").splitlines()  # wrapped lines joined
    said = [line.removeprefix("Bot B (medium) ") for line in lines
            if line.startswith("Bot B (medium) ") and not line.startswith(("Bot B (medium) wins.",
                                                                         "Bot B (medium) just:"))]
    assert all(re.match(r"(plays \d+[bapr]\d? [A-Z][a-z]+ [\w ]+, which (takes \d+|stays on "
                        r"the table)|stops and scores the month|calls Koi-Koi|takes \d+)",
                        line) for line in said), said
    assert any(" stays on the table" in line for line in said)
    assert any(re.match(r"plays [^,]+, which takes \d+[bapr]\d? [A-Z]", line) for line in said)


def test_lists_of_yaku_go_on_to_the_next_line_between_two_yaku() -> None:
    from spieltisch.terminal import render as screen_of

    state = play(position(scores=(48, 0), hand0="8b 2a", hand1="5a", table="8p1",
                          cap0="1r 2r 3r 6r 9r 10r 1p1 1p2 2p1 2p2 3p1 3p2 4p1 4p2 5p1"),
                 "8b", "draw 10p1", "stop")
    names = ["Alexandra Konstantinopoulou-Wittgenstein", "Bot B (medium)"]
    lines = screen_of("koikoi", state.view(1), 1, color=False, names=names,
                      told=False).splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    yaku = [f"{y['name']} ({y['english']}) {y['points']}" for y in state.view(1)["yaku"][0]]
    assert len(yaku) >= 3
    month = [line for line in lines if line.startswith("Month 1")]
    for said in (month, [line for line in lines if "yaku:" in line]):
        i = lines.index(said[0])
        block = lines[i:i + 3]
        assert all(any(y in line for line in block) for y in yaku), block


def test_a_month_given_up_shows_the_hand_but_nothing_to_take_or_stop_for() -> None:
    state = position(hand0="3r 1b", hand1="2a 5p1", table="3b 3p1 4a")
    screen = render(state.view(0), 0, color=False, ended=True)
    assert "Your hand: 1b Pine Crane, 3r Cherry Poetry Ribbon" in screen
    assert "[takes" not in screen and "Your turn" not in screen
    stake = play(position(hand0="8b 2a 2p1", hand1="5a", table="8p1 9p1", cap0="1b 3b"),
                 "8b", "draw 10p1")
    assert "stopping would earn" in render(stake.view(0), 0, color=False)
    given_up = render(stake.view(0), 0, color=False, ended=True)
    assert "stopping would earn" not in given_up and "Type stop" not in given_up
