"""Irono Ofubi in the browser: marking, hiding and guessing through the page to the end."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from spieltisch import Match, load

from .browser_harness import (
    GAME_OVER,
    Pages,
    finished_bot_table,
    join_game,
    moved,
    play_to_the_end,
    start_game,
)

YOUR_TURN = (".board-area.interactive .field.legal, .board-area.interactive .ir-colour.legal, "
             ".board-area.interactive .ir-guess")


def act(page: Page, rng: random.Random) -> None:
    """Mark a field, hide a colour, or pick colours and guess."""
    guess = page.locator(".ir-guess")
    if guess.count():
        size = int(re.findall(r"/(\d+)\)", guess.inner_text())[0])
        colours = page.locator(".ir-colour")
        for i in rng.sample(range(colours.count()), size):
            colours.nth(i).click()
        expect(guess).to_be_enabled()
        guess.click()
        return
    options = page.locator(".board-area.interactive .field.legal, .ir-colour.legal")
    options.nth(rng.randrange(options.count())).click()


def play_until_guessing(page: Page, rng: random.Random) -> Locator:
    """Mark and hide as the turns come until this seat is to guess; the guess button."""
    guess = page.locator(".ir-guess")
    while not guess.count():
        page.wait_for_selector(YOUR_TURN)
        if not guess.count():
            act(page, rng)
            page.wait_for_timeout(200)
    return guess


def test_a_person_plays_irono_against_a_bot_to_the_end(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    expect(page.locator(".irono-board .field")).to_have_count(16)
    expect(page.locator(".ir-supply")).to_have_count(2)
    expect(page.locator(".irono-board .line-score")).to_have_count(10)
    moves = play_to_the_end(page, act, random.Random(2), turn=YOUR_TURN)
    assert moves >= 16
    expect(page.locator(".irono-board .field circle, .irono-board .field ellipse")
           ).to_have_count(16)
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result).to_contain_text("diagonal")
    expect(page.locator("#log li").first).to_have_text(
        re.compile(r"^(Ada|Computer \(Easy\)) hides first$"))
    log = page.locator("#log li")
    hid = log.filter(has_text=re.compile(r"^hid (yellow|green|white|red|blue|grey)$"))
    expect(hid).to_have_count(8)  # the computer's hides, each named once revealed
    expect(log.filter(has_text="hides a colour")).to_have_count(0)


NAMES = {"Y": "yellow", "G": "green", "W": "white", "R": "red", "B": "blue", "A": "grey"}


def test_the_move_box_takes_every_form_of_the_notation_and_says_why_not(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    typed: dict[str, str] = {}
    rng = random.Random(5)
    while len(typed) < 2:
        page.wait_for_selector(YOUR_TURN)
        legal = [o.get_attribute("value") or ""
                 for o in page.locator("#legal-notations option").all()]
        log = page.locator("#log li").count()
        if len(legal[0]) == 1 and "hide" not in typed:
            page.fill("#move-input", "purple")
            page.keyboard.press("Enter")
            expect(page.locator(".toast.error").last).to_contain_text("'purple' is not a colour")
            typed["hide"] = legal[0]
            page.fill("#move-input", NAMES[legal[0]].upper())
        elif len(legal[0]) > 2 and "guess" not in typed:
            typed["guess"] = legal[0]
            page.fill("#move-input", " ".join(reversed(legal[0].lower())))
        else:
            act(page, rng)
            expect(page.locator("#log li")).not_to_have_count(log)
            continue
        page.keyboard.press("Enter")
        expect(page.locator("#log li").nth(log)).to_have_text(legal[0])
    assert set(typed) == {"hide", "guess"}


CENTRES = """() => {
  const board = document.querySelector('.irono-board');
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const out = {};
  for (const el of board.querySelectorAll('.field')) out[el.dataset.field] = centre(el);
  for (const el of board.querySelectorAll('.line-score')) out[el.dataset.line] = centre(el);
  for (const el of board.querySelectorAll('text.coord')) {
    out[`coord ${el.textContent}`] = centre(el);
  }
  return out;
}"""
"""Page positions of the fields, line scores and coordinates, all taken in the same frame."""


def breakdown_rows(page: Page, view: object, *, body_only: bool = False) -> list[list[str]]:
    """The cells of the result's breakdown of `view` for Ada and Bea, as the page draws it
    (the body's data cells only, or every row with its headers)."""
    rows: list[list[str]] = page.evaluate("""async ([view, bodyOnly]) => {
      const game = await import('/static/games/irono.js');
      const {t} = await import('/static/i18n.js');
      const table = game.breakdown(view, {t, names: ['Ada', 'Bea']});
      return [...table.querySelectorAll(bodyOnly ? 'tbody tr' : 'tr')].map((row) =>
        [...row.querySelectorAll(bodyOnly ? 'td' : 'td, th')].map((cell) => cell.textContent));
    }""", [view, body_only])
    return rows


def test_the_board_has_a1_at_the_top_left_as_in_the_rulebook(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    at = page.evaluate(CENTRES)
    a1, d1, a4, d4 = at["a1"], at["d1"], at["a4"], at["d4"]
    assert a1[1] < a4[1] and a1[0] < d1[0], "a1 is at the top left"
    assert d4[0] > a4[0] and d4[1] > d1[1], "d4 is at the bottom right"
    for row in (1, 2, 3, 4):
        y = at[f"a{row}"][1]
        assert abs(at[f"coord {row}"][1] - y) < 15, f"the number {row} labels row {row}"
        score = at[f"row {row}"]
        assert abs(score[1] - y) < 15 and score[0] > d4[0], f"row {row}'s points"
    for col in "abcd":
        x = at[f"{col}1"][0]
        assert abs(at[f"coord {col}"][0] - x) < 15, f"the letter {col} labels column {col}"
        score = at[f"column {col}"]
        assert abs(score[0] - x) < 15 and score[1] > d4[1], f"column {col}'s points"
    falling, rising = at["diagonal a1-d4"], at["diagonal d1-a4"]
    assert falling[1] < a1[1] and falling[0] < a1[0] + 50, "a1-d4 starts at the top left"
    assert rising[1] < d1[1] and rising[0] > d1[0] - 50, "d1-a4 starts at the top right"
    expect(page.locator(".line-score[data-line='row 1'] title")).to_have_text(
        "row 1: Ada 0 · Computer (Easy) 0")
    expect(page.locator("#ir-line-scores")).to_have_text(
        "Beside each row, column and diagonal: its points so far, Ada · Computer (Easy).")


def test_the_colours_picked_for_a_guess_stand_out(pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    play_until_guessing(page, random.Random(5))
    colours = page.locator(".ir-colour")
    colours.first.click()
    picked, other = colours.nth(0), colours.nth(1)
    expect(picked).to_have_attribute("aria-pressed", "true")
    background = "(el) => getComputedStyle(el).backgroundColor"
    assert picked.evaluate(background) == "rgb(29, 95, 80)"
    assert other.evaluate(background) != picked.evaluate(background)
    mark = "(el) => getComputedStyle(el.querySelector('span'), '::before').content"
    assert picked.evaluate(mark) == '"✓ "' and other.evaluate(mark) == "none"


def test_a_match_result_heads_the_game_rows_and_names_the_game_of_the_lines(
        pages: Pages) -> None:
    table = finished_bot_table(pages.base, "irono", {"preset": "match"})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    breakdown = page.locator(f"{GAME_OVER} .result-table").nth(1)  # after the ranking
    expect(breakdown.locator("thead th")).to_have_text(
        ["Game", "Computer 1 (Easy)", "Computer 2 (Easy)"])
    games = breakdown.locator("tr.ir-game")
    expect(games).to_have_count(2)
    expect(games.nth(1).locator("td").first).to_have_text("Game 2")
    expect(breakdown.locator("tbody th").first).to_have_text("Lines of game 2 (the last)")
    line = breakdown.locator("tr.ir-line").first
    for column in range(3):
        heads = breakdown.locator("thead th").nth(column).bounding_box()
        game = games.first.locator("td").nth(column).bounding_box()
        cell = line.locator("td").nth(column).bounding_box()
        assert heads and game and cell
        assert abs(heads["x"] - game["x"]) < 1 and abs(game["x"] - cell["x"]) < 1
        assert abs(heads["width"] - cell["width"]) < 1
    page.click("#result-close")
    expect(page.locator("#log li").filter(has_text=re.compile(r"^Game \d"))).to_have_text(
        [re.compile(r"^Game 2: [a-d][1-4]$")])


def test_the_last_round_reads_as_german_in_german(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    note = page.locator("#stake p.hint").filter(has_text="setzt den Stein")
    rng = random.Random(3)
    while not note.count():
        page.wait_for_selector(YOUR_TURN)
        act(page, rng)
        page.wait_for_timeout(200)
    colour = "(Gelb|Grün|Weiß|Rot|Blau|Grau)"
    expect(note).to_have_text(re.compile(rf"(trifft {colour}|versteckt {colour};)"))


GERMAN = dict(zip("YGWRBA", ("Gelb", "Grün", "Weiß", "Rot", "Blau", "Grau"), strict=True))


def test_a_german_page_names_the_colours_of_a_hide_or_a_guess_in_words(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    rng = random.Random(6)
    seen: set[str] = set()
    buttons = page.locator("#moves button.move")
    while len(seen) < 2:
        page.wait_for_selector(YOUR_TURN)
        notations = [b.get_attribute("title") or b.inner_text() for b in buttons.all()]
        kind = "field" if re.fullmatch(r"[a-d][1-4]", notations[0]) else \
            "hide" if len(notations[0]) == 1 else "guess"
        if kind == "field" or kind in seen:
            act(page, rng)
            page.wait_for_timeout(200)
            continue
        seen.add(kind)
        words = [", ".join(GERMAN[c] for c in notation) for notation in notations]
        expect(buttons).to_have_text(words)
        if kind == "guess":  # the colours on the board are written as nouns too
            expect(page.locator(".ir-colour span").first).to_have_text(
                re.compile(f"^({'|'.join(GERMAN.values())})$"))
        log = page.locator("#log li").count()
        page.fill("#move-input", words[0].lower())
        page.keyboard.press("Enter")
        expect(page.locator("#log li")).not_to_have_count(log)
        expect(page.locator("#log li").nth(log)).to_have_text(re.compile(rf"{words[0]}$"))


def test_a_guess_of_one_colour_is_made_on_the_board_and_worded_for_one(pages: Pages) -> None:
    """A guess of one colour is written like a hide ("Y"), as when two colours are left."""
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"guess": "1"})
    guess = play_until_guessing(page, random.Random(3))
    expect(guess).to_have_text("Guess this colour (0/1)")
    hint = page.locator(".ir-controls p", has_text="Guess 1 colour")
    expect(hint).to_have_text(re.compile(r"^Guess 1 colour: if it is the hidden colour, "
                                         r"you place it on [a-d][1-4]\.$"))
    expect(guess).to_be_disabled()
    entries = page.locator("#log li").count()
    page.locator(".ir-colour").first.click()
    expect(guess).to_have_text("Guess this colour (1/1)")
    guess.click()
    expect(page.locator("#log li").nth(entries)).to_have_text(re.compile(r"^\s*Y\s*$"))
    german = page.evaluate("""async () => {
      const {t, setLang} = await import('/static/i18n.js');
      setLang('de');
      return [t('irono.guess', {n: 1}), t('irono.guessHint', {n: 1, field: 'b2'}),
              t('irono.guess', {n: 3})];
    }""")
    assert german == ["Diese Farbe raten", "Rate 1 Farbe: Ist sie die versteckte, setzt du sie "
                      "auf b2.", "Diese Farben raten"]


def game_with_blue_sold_out() -> dict[str, Any]:
    """The final view of a game played at random in which Bea sold out blue."""
    game = load("irono", start="A")
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    assert view["sold_out"] == [[], ["B"]]
    return view


SHORT = dict(zip("YGWRBA", ("Ge", "Gü", "We", "Ro", "Bl", "Gr"), strict=True))


def test_a_german_page_shortens_the_colours_in_german_and_takes_them_typed(
        pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "B"})
    guess = play_until_guessing(page, random.Random(2))
    marks = page.locator(".ir-supply").first.locator("svg text")
    expect(marks).to_have_text(list(SHORT.values()))
    expect(page.locator(".ir-colour svg text")).to_have_text(list(SHORT.values()))
    expect(page.locator(".ir-stake .ir-dot").first).to_have_text("Ge")
    assert guess.count()
    page.fill("#move-input", "Ge Gü Gü")
    page.keyboard.press("Enter")
    expect(page.locator(".toast.error")).to_contain_text("„Ge Gü Gü“ nennt eine Farbe zweimal")
    expect(page.locator("#move-input")).to_have_value("Ge Gü Gü")
    # A refusal quotes what was typed, in the notation's letters too.
    page.fill("#move-input", "YGG")
    page.keyboard.press("Enter")
    expect(page.locator(".toast.error").last).to_have_text(
        "Dieser Zug ist nicht erlaubt: „YGG“ nennt eine Farbe zweimal")
    page.fill("#move-input", "Ge Gü Xy")
    page.keyboard.press("Enter")
    expect(page.locator(".toast.error").last).to_have_text(
        re.compile("^Dieser Zug ist nicht erlaubt: „Ge Gü Xy“: „xy“ ist keine Farbe"))
    log = page.locator("#log li").count()
    page.fill("#move-input", "gegüro")
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).not_to_have_count(log)
    expect(page.locator("#log li").nth(log)).to_have_text(re.compile("Gelb, Grün, Rot$"))
    expect(page.locator("#board .ir-stone text").first).to_have_text(
        re.compile(f"^({'|'.join(SHORT.values())})$"))


def test_the_result_adds_the_sold_out_colours_to_the_lines(pages: Pages) -> None:
    view = game_with_blue_sold_out()
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    rows = breakdown_rows(page, view, body_only=True)
    assert rows[-1] == ["Ausverkauf (je +4)", "0", "4 (Bl)"]
    for seat in (0, 1):
        total = sum(int(row[seat + 1].split()[0]) for row in rows)
        assert total == view["scores"][seat], (seat, rows)


def test_a_hidden_colour_is_named_in_the_log_once_its_round_is_revealed(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "B"})
    guess = play_until_guessing(page, random.Random(4))
    log = page.locator("#log li")
    expect(log.last).to_have_text("hides a colour")
    colours = page.locator(".ir-colour")
    for i in range(int(re.findall(r"/(\d+)\)", guess.inner_text())[0])):
        colours.nth(i).click()
    guess.click()
    expect(log.nth(1)).to_have_text(re.compile(r"^hid (yellow|green|white|red|blue|grey)$"))
    page.select_option("#lang", "de")
    expect(log.nth(1)).to_have_text(re.compile(r"^hat (Gelb|Grün|Weiß|Rot|Blau|Grau) versteckt$"))


def test_the_second_game_of_a_match_begins_in_words(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], preset="match",
               options={"start": "A"})
    rng = random.Random(6)
    begun = page.locator("#stake p.hint").filter(has_text=re.compile(r"^Game 2: "))
    for _ in range(40):
        page.wait_for_selector(YOUR_TURN)
        if begun.count():
            break
        version = page.locator("#board").get_attribute("data-version")
        act(page, rng)
        page.wait_for_function(
            "(v) => document.querySelector('#board').dataset.version !== v", arg=version)
    expect(begun).to_have_text("Game 2: Computer (Easy) hides first")
    # How game 1 ended stays in view until game 2's first round is over: its last round
    # and its points, which are the whole match's so far.
    notes = page.locator("#stake p.hint")
    totals = page.locator(".player-score").all_inner_texts()
    expect(notes.filter(has_text="Game 1 is over")).to_have_text(
        f"Game 1 is over: Ada {totals[0]} · Computer (Easy) {totals[1]}.")
    expect(notes.filter(has_text=re.compile(r"placed it \(\+\d+\)\.$"))).to_have_count(1)
    page.select_option("#lang", "de")
    expect(page.locator("#stake p.hint").filter(has_text=re.compile(r"^Spiel 2: "))).to_have_text(
        "Spiel 2: Computer (Leicht) versteckt zuerst")
    expect(notes.filter(has_text="Spiel 1 ist vorbei")).to_have_text(
        f"Spiel 1 ist vorbei: Ada {totals[0]} · Computer (Leicht) {totals[1]}.")


def test_escape_drops_the_colours_picked_for_a_guess(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "B"})
    guess = page.locator(".ir-guess")
    expect(guess).to_have_text("Guess these colours (0/3)")
    colours = page.locator(".ir-colour")
    colours.nth(1).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(guess).to_have_text("Guess these colours (2/3)")
    page.keyboard.press("Escape")
    expect(guess).to_have_text("Guess these colours (0/3)")
    expect(page.locator(".ir-colour[aria-pressed='true']")).to_have_count(0)
    expect(colours.nth(2)).to_be_focused()


def test_a_match_given_up_in_its_second_game_shows_the_points_of_both_games(
        pages: Pages) -> None:
    """The result of a match resigned in game 2 adds up: game 1's points, game 2's so far."""
    state = load("irono", preset="match", start="A").new_initial_state()
    rng = random.Random(1)
    while state.view(None)["game_number"] == 1 or state.view(None)["round"] < 5:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    page = pages.new()
    page.goto(pages.base + "/")
    rows = breakdown_rows(page, view)
    game_one = view["results"][0]["points"]
    assert rows[:3] == [["Game", "Ada", "Bea"], ["Game 1", *map(str, game_one)],
                        ["Game 2", *map(str, view["points"])]]
    assert rows[3] == ["Lines of game 2 (the last)", "Ada", "Bea"]
    for seat in (0, 1):
        lines = sum(int(row[seat + 1].split()[0]) for row in rows[4:])
        assert lines == view["points"][seat], (seat, rows)
        assert game_one[seat] + view["points"][seat] == state.scores()[seat]


def test_what_the_marked_field_is_worth_reads_with_names_and_colours(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "A"})
    page.locator(".field.legal[data-field='a1']").click()
    # a1 lies on a row, a column and a diagonal: one point each, grey two.
    expect(page.locator(".ir-stake")).to_match_aria_snapshot("""
      - table:
        - rowgroup:
          - row "Ada yellow 3 green 3 white 3 red 3 blue 3 grey 6"
          - row "Computer (Easy) yellow 3 green 3 white 3 red 3 blue 3 grey 6"
    """)


def test_screen_readers_read_the_stones_and_the_line_scores_on_the_board(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "A"})
    board = page.locator(".irono-board")
    page.locator(".field.legal[data-field='a1']").click()
    expect(board.get_by_role("img", name="Field a1: marker")).to_have_count(1)
    page.locator(".ir-colour[data-colour='A']").click()
    page.wait_for_selector(".ir-guess")
    stone = board.get_by_role("img", name=re.compile(r"^Field a1: grey stone of "
                                                     r"(Ada|Computer \(Easy\))$"))
    expect(stone).to_have_count(1)
    own = "Ada" in (stone.get_attribute("aria-label") or "")
    points = ["2", "0"] if own else ["0", "2"]
    expect(board.get_by_role("img", name=re.compile(r"^row 1: "))).to_have_accessible_name(
        f"row 1: Ada {points[0]} · Computer (Easy) {points[1]}")
    expect(board.get_by_role("img", name=re.compile(r"^diagonal a1-d4: "))).to_have_count(1)


def test_a_take_back_request_says_what_it_means_for_the_hidden_colour(pages: Pages) -> None:
    ada, bea = pages.new(), pages.new()
    table = start_game(ada, pages.base, "irono", ["me", "open"], options={"start": "A"})
    join_game(bea, pages.base, table)
    moved(ada, lambda: ada.locator(".field.legal").first.click())
    moved(ada, lambda: ada.locator(".ir-colour[data-colour='R']").click())
    colours = bea.locator(".ir-colour")
    for i in range(3):
        colours.nth(i).click()
    moved(bea, lambda: bea.locator(".ir-guess").click())
    bea.get_by_role("button", name="Ask to take back").click()
    expect(ada.locator(".banner.ask")).to_contain_text(
        "Bea asks to take back their last move. Your hidden colour goes back too: "
        "you hide again.")
    ada.click("#undo-refuse")
    expect(ada.locator(".banner.ask")).to_have_count(0)
    ada.get_by_role("button", name="Ask to take back").click()
    expect(bea.locator(".banner.ask")).to_contain_text(
        "Ada asks to take back their last move. Your move since then would go back too. "
        "Ada has seen your guess and would hide again knowing it.")
    bea.click("#undo-allow")
    expect(ada.locator(".ir-colour[data-colour='R']")).to_be_visible()
    expect(bea.locator(".ir-controls")).to_contain_text("Ada is choosing a colour")


def test_screen_readers_no_longer_hold_a_move_that_was_taken_back(pages: Pages) -> None:
    ada, bea = pages.new(), pages.new()
    table = start_game(ada, pages.base, "irono", ["me", "open"], options={"start": "A"})
    join_game(bea, pages.base, table)
    moved(ada, lambda: ada.locator(".field.legal").first.click())
    moved(ada, lambda: ada.locator(".ir-colour[data-colour='R']").click())
    expect(bea.locator("#announce")).to_contain_text("Ada: hides a colour")
    ada.get_by_role("button", name="Ask to take back").click()
    bea.click("#undo-allow")
    expect(bea.locator(".ir-controls")).to_contain_text("Ada is choosing a colour")
    expect(bea.locator("#announce")).not_to_contain_text("hides a colour")


def test_screen_readers_hear_a_sold_out_colour_in_the_supply(pages: Pages) -> None:
    view = game_with_blue_sold_out()
    page = pages.new()
    page.goto(pages.base + "/")
    page.evaluate("""async (view) => {
      const game = await import('/static/games/irono.js');
      const {t} = await import('/static/i18n.js');
      const root = document.createElement('div');
      root.id = 'drawn';
      document.body.append(root);
      game.render(root, {view, t, names: ['Ada', 'Bea'], legal: [], seat: null,
                         interactive: false, ui: {}, prev: null, animate: false});
    }""", view)
    bea = page.locator("#drawn .ir-supply[data-seat='1']")
    expect(bea.get_by_role("img", name="blue: sold out")).to_have_count(1)
    expect(bea.get_by_role("img", name=re.compile(r"^yellow: \d$"))).to_have_count(1)
    assert "★" not in bea.aria_snapshot() and "×" not in bea.aria_snapshot()
    ada = page.locator("#drawn .ir-supply[data-seat='0']")
    expect(ada.get_by_role("img", name="blue: out of the game")).to_have_count(1)
    expect(ada.locator(".ir-stack.gone")).to_have_attribute("title", "blue: out of the game")


def test_a_full_record_asks_whose_view_without_speaking_of_hands(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("irono", start="B"), seed="whose", players=["Ada", "Bea"])
    while match.state.current_player != 0:
        match.play(match.state.current_player, match.state.legal_actions()[0])
    record = tmp_path / "record.json"
    record.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(record))
    expect(page.locator(".record-card p")).to_have_text(
        "This record holds everything, what was hidden too (hands, racks, hidden colours). "
        "Whose view would you like to see?")
    page.get_by_role("button", name="As Ada").click()
    expect(page.locator(".ir-controls")).to_have_text("? hidden colour")


def test_a_table_names_the_options_set_otherwise_than_its_rules(pages: Pages) -> None:
    ada, bea = pages.new(), pages.new(width=320, height=640, locale="de-DE")
    table = start_game(ada, pages.base, "irono", ["me", "open"],
                       options={"guess": "2", "games": "3", "start": "B"})
    rules = ("Irono Ofubi (rulebook) · Colours named in a guess: 2 · Games in the match: 3 · "
             "Who hides first: seat 2 (oval stones)")
    expect(ada.locator(".table-head .rules-chip")).to_have_text(rules)
    bea.goto(f"{pages.base}/#/join/{table}")
    expect(bea.locator(".join-card p.muted")).to_have_text(
        "Irono Ofubi (Spielregel) · Farben pro Rateversuch: 2 · Spiele der Partie: 3 · "
        "Wer zuerst versteckt: Platz 2 (ovale Steine)")
    ada.goto(pages.base + "/")
    expect(ada.locator(f".table-entry[data-table='{table}'] .entry-main .muted").first
           ).to_have_text(rules)
    join_game(bea, pages.base, table)
    expect(bea.locator(".table-head .rules-chip")).to_contain_text("Spiele der Partie: 3")
    assert bea.evaluate("document.documentElement.scrollWidth") <= 320
    start_game(ada, pages.base, "irono", ["me", "bot:easy"])
    expect(ada.locator(".table-head .rules-chip")).to_have_text("Irono Ofubi (rulebook)")


def test_against_the_computer_a_round_shown_stands_and_the_button_says_why(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"start": "A"})
    undo = page.locator("#undo-button")
    moved(page, lambda: page.locator(".field.legal").first.click())
    expect(undo).to_be_enabled()
    moved(page, lambda: page.locator(".ir-colour.legal").first.click())
    page.wait_for_selector(YOUR_TURN)
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile("colour and guess are shown stands"))
    # The reason is within reach of the keyboard too: the button takes focus and says it.
    log = page.locator("#log li").all_inner_texts()
    undo.focus()
    expect(undo).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".toast").last).to_have_text(
        "A round whose colour and guess are shown stands; the computer does not take it back.")
    expect(page.locator("#log li")).to_have_text(log)


def test_the_last_round_speaks_to_the_player_it_names(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {news} = await import('/static/games/irono.js');
      const {t, setLang} = await import('/static/i18n.js');
      const round = (caught, placed_by) => ({game: 1, guess: ['R', 'B'], hider: 1, placed_by,
        colour: caught ? 'R' : 'G', gained: 2, caught, sold_out: null});
      const views = [round(true, 0), round(false, 1)].map((last_round) => ({last_round}));
      views.push({last_round: round(true, 1), game_number: 2, starter: 0,
        results: [{points: [5, 4]}]});
      const said = {};
      for (const code of ['en', 'de']) {
        setLang(code);
        said[code] = [0, 1, null].map((seat) => views.map((view) => news(view, {},
          {t, names: ['Ada', 'Bea'], seat})));
      }
      setLang('en');
      return said;
    }""")
    assert said["en"] == [
        ["You guessed red, blue and caught red: you placed it (+2).",
         "Bea hid green; you guessed red, blue: Bea placed it (+2).",
         "You guessed red, blue and caught red: Bea placed it (+2). Game 1 is over: Ada 5 · "
         "Bea 4. Game 2: you hide first"],
        ["Ada guessed red, blue and caught red: Ada placed it (+2).",
         "You hid green; Ada guessed red, blue: you placed it (+2).",
         "Ada guessed red, blue and caught red: you placed it (+2). Game 1 is over: Ada 5 · "
         "Bea 4. Game 2: Ada hides first"],
        ["Ada guessed red, blue and caught red: Ada placed it (+2).",
         "Bea hid green; Ada guessed red, blue: Bea placed it (+2).",
         "Ada guessed red, blue and caught red: Bea placed it (+2). Game 1 is over: Ada 5 · "
         "Bea 4. Game 2: Ada hides first"]]
    assert said["de"][0] == [
        "Du rätst Rot, Blau und triffst Rot: du setzt den Stein (+2).",
        "Bea versteckt Grün; du rätst Rot, Blau: Bea setzt den Stein (+2).",
        "Du rätst Rot, Blau und triffst Rot: Bea setzt den Stein (+2). Spiel 1 ist vorbei: "
        "Ada 5 · Bea 4. Spiel 2: Du versteckst zuerst"]
    assert said["de"][1][1] == "Du versteckst Grün; Ada rät Rot, Blau: du setzt den Stein (+2)."


def test_the_rules_at_a_table_say_which_options_it_plays_with(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], options={"guess": "2"})
    page.click("#rules-button")
    expect(page.locator("#rules-at-table")).to_have_text(
        "This table plays Irono Ofubi (rulebook) · Colours named in a guess: 2. Where its "
        "options differ from the text below, the options hold.")
    page.click("#rules-close")
    plain = pages.new(locale="de-DE")
    start_game(plain, pages.base, "irono", ["me", "bot:easy"])
    plain.click("#rules-button")
    expect(plain.locator("#rules-at-table")).to_have_text(re.compile(r"^Dieser Tisch spielt "
                                                                     r"[^.]+\.$"))


def view_with_bonuses() -> dict[str, Any]:
    """A view during a game played at random, once a colour is sold out and a line is
    a Bunte Reihe."""
    game = load("irono", start="A")
    rng = random.Random(0)
    for _ in range(2000):
        state = game.new_initial_state()
        while not state.is_terminal():
            view = state.view(None)
            if view["phase"] == "mark" and any(view["sold_out"]) and any(
                    any(line["bunt"]) for line in view["lines"]):
                return view
            state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no game with both bonuses")


def test_the_points_during_a_game_say_what_they_hold_beyond_the_lines(pages: Pages) -> None:
    view = view_with_bonuses()
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    said: list[str] = page.evaluate("""async (view) => {
      const game = await import('/static/games/irono.js');
      const {t} = await import('/static/i18n.js');
      const panel = game.stake(view, {t, names: ['Ada', 'Bea'], seat: 0});
      return [...panel.querySelectorAll('#ir-sold-out, #ir-bunt')].map((p) => p.textContent);
    }""", view)
    words = dict(zip("YGWRBA", ("Gelb", "Grün", "Weiß", "Rot", "Blau", "Grau"), strict=True))
    sold = " · ".join(f"{name} {', '.join(words[c] for c in colours)}"
                      for name, colours in zip(("Ada", "Bea"), view["sold_out"], strict=True)
                      if colours)
    assert said == [f"Ausverkauf, je +4 in den Punkten: {sold}.",
                    "★ neben einer Reihe: Bunte Reihe, +4 in den Punkten."]


def test_the_rules_say_what_the_stars_on_the_board_and_in_the_supplies_mean(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    help_text: dict[str, str] = page.evaluate(
        "async () => (await import('/static/games/irono.js')).help")
    assert "a ★ beside one marks a colourful line, and a ★ in a supply a\ncolour sold out" \
        in help_text["en"]
    assert "ein ★ daneben zeigt eine Bunte Reihe, ein ★ im Vorrat\neine ausverkaufte Farbe" \
        in help_text["de"]


def test_everybody_sees_how_many_colours_a_guess_names_as_colours_sell_out(
        pages: Pages) -> None:
    # Each hider places its colours four at a time, the guesser always missing: after 15
    # rounds yellow, green and white are sold out, and a guess names 2 of 3 colours.
    state = load("irono", start="A").new_initial_state()
    for r in range(15):
        colour = ("YW" if r % 2 == 0 else "GR")[r // 8]
        state = state.apply(state.legal_actions()[0])
        state = state.apply(state.string_to_action(colour))
        state = state.apply(next(a for a in state.legal_actions()
                                 if colour not in state.action_to_string(a)))
    late = state.view(1)
    assert late["in_play"] == ["R", "B", "A"]
    start = load("irono", start="A").new_initial_state().view(0)
    one = load("irono", start="A", guess=1).new_initial_state().view(None)
    page = pages.new()
    page.goto(pages.base + "/")
    said: list[str] = page.evaluate("""async (views) => {
      const game = await import('/static/games/irono.js');
      const {t} = await import('/static/i18n.js');
      return views.map((view) => game.stake(view, {t, names: ['Ada', 'Bea'], seat: view.seat})
        .querySelector('#ir-guess-size').textContent);
    }""", [late, start, one])
    assert said == ["A guess names 2 of the 3 colours in play.",
                    "A guess names 3 of the 6 colours in play.",
                    "A guess names 1 of the 6 colours in play."]
