"""The table's shared chrome in the browser: move numbers in long logs, the replay's move
list, error toasts, counted texts in both languages, seat names, links to tables that do
not exist, and the site installing as an app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conformance.refusals import refusals
from playwright.sync_api import Browser, FloatRect, Page, expect

import spieltisch.server
from spieltisch import IllegalAction, load
from spieltisch.core.reasons import Reason

from .browser_harness import (
    GAME_OVER,
    LiveServer,
    Pages,
    finished_bot_table,
    join_game,
    start_game,
)

NUMBER_ROOM = """(list) => {
  const item = list.lastElementChild;
  const number = item.value;
  const probe = document.createElement('span');
  probe.style.whiteSpace = 'pre';
  probe.textContent = `${number}. `;
  item.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return {number, width, room: parseFloat(getComputedStyle(list).paddingLeft)};
}"""
"""The last move number of a log, the width its marker needs, and the room the list gives."""

CURRENT_IN_VIEW = """() => {
  const log = document.querySelector('#log');
  const current = log.querySelector('.current');
  const page = document.scrollingElement;
  const out = {status: document.querySelector('#status').textContent, scroll: page.scrollTop,
    maxScroll: page.scrollHeight - page.clientHeight, visible: log.scrollTop === 0};
  if (current) {
    const box = log.getBoundingClientRect();
    const row = current.getBoundingClientRect();
    out.visible = row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
  }
  return out;
}"""


@pytest.fixture(scope="module")
def long_koikoi(live: LiveServer) -> str:
    """A finished Koi-Koi game of two easy bots over three months: a log of 100+ entries."""
    return finished_bot_table(live.url, "koikoi", {"target": 0, "months": 3})


def assert_numbers_fit(page: Page) -> None:
    fit = page.locator("#log").evaluate(NUMBER_ROOM)
    assert fit["number"] >= 100, fit
    assert fit["room"] >= fit["width"], f"move number {fit['number']} is clipped: {fit}"


def test_move_numbers_of_100_and_more_fit_in_the_log(pages: Pages, long_koikoi: str) -> None:
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{long_koikoi}")
    page.wait_for_selector(GAME_OVER)
    page.click("#result-close")
    assert_numbers_fit(page)
    page.goto(f"{pages.base}/#/replay/{long_koikoi}")
    expect(page.locator("#replay-step")).to_be_visible()
    assert_numbers_fit(page)


def test_the_replay_shows_the_current_move_at_every_position(
        pages: Pages, long_koikoi: str) -> None:
    page = pages.new(height=700)
    page.goto(f"{pages.base}/#/replay/{long_koikoi}")
    expect(page.locator("#replay-step")).to_be_visible()
    page.keyboard.press("Home")
    expect(page.locator("#status")).to_have_text(re.compile(r"Position 1 of \d+"))
    positions = int(page.locator("#status").inner_text().rsplit(" ", 1)[1])
    assert positions > 10
    page.evaluate("window.scrollTo(0, 40)")
    scrolled = page.evaluate("document.scrollingElement.scrollTop")
    for i in range(1, positions + 1):
        expect(page.locator("#status")).to_have_text(re.compile(
            f"^Position {i} of {positions}" + ("$" if i < positions else r" · .+$")))
        seen = page.evaluate(CURRENT_IN_VIEW)
        assert seen["visible"], seen
        assert seen["scroll"] == min(scrolled, seen["maxScroll"]), seen  # the page stays put
        page.keyboard.press("ArrowRight")
    page.click("#replay-first")
    assert page.evaluate(CURRENT_IN_VIEW)["visible"]


def overlap(a: FloatRect, b: FloatRect) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_refusal_replaces_the_one_before_is_said_and_can_be_dismissed(pages: Pages) -> None:
    page = pages.new(width=1280, height=800)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    expect(page.locator("#move-input")).to_be_visible()
    guarded = [page.locator(sel).bounding_box()
               for sel in ("#move-input", ".move-form button", "#moves .move-buttons")]
    # The line is in the page before the first refusal, as screen readers need it.
    expect(page.locator("#alert[role='alert']")).to_have_text("")
    for i in range(4):
        page.fill("#move-input", f"Z{i}")
        page.keyboard.press("Enter")
        refusal = page.locator(".toast.error")
        expect(refusal).to_have_count(1)
        expect(refusal).to_contain_text(f"'Z{i}' is not a pit")
        expect(page.locator("#alert[role='alert']")).to_contain_text(f"'Z{i}' is not a pit")
        box = refusal.bounding_box()
        assert box is not None
        for area in guarded:
            assert area is not None and not overlap(box, area), (box, area)
    # The same refusal again is said again: the line is filled anew.
    page.evaluate("""() => {
      window.__alerts = 0;
      new MutationObserver(() => { if (document.getElementById('alert').textContent) {
        window.__alerts += 1; } }).observe(document.getElementById('alert'),
        {childList: true, characterData: true, subtree: true});
    }""")
    page.fill("#move-input", "Z3")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__alerts === 1")
    expect(page.locator("#alert")).to_contain_text("'Z3' is not a pit")
    expect(page.locator(".toast")).to_have_count(1)
    dismiss = page.get_by_role("button", name="Dismiss")
    expect(page.locator("#move-input")).to_be_focused()
    dismiss.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".toast")).to_have_count(0)
    expect(page.locator("#alert")).to_have_text("")
    # Focus goes back where it was, and to the box drawn anew in its place.
    expect(page.locator("#move-input")).to_be_focused()
    page.fill("#move-input", "Z4")
    page.keyboard.press("Enter")
    dismiss.focus()
    page.evaluate("() => { const box = document.getElementById('move-input');"
                  " box.replaceWith(box.cloneNode()); }")
    page.keyboard.press("Enter")
    expect(page.locator(".toast")).to_have_count(0)
    expect(page.locator("#move-input")).to_be_focused()


def test_a_refusal_that_fades_leaves_the_alert_line_but_a_newer_one_stays(
        pages: Pages) -> None:
    page = pages.new()
    page.clock.install()
    page.goto(pages.base + "/")
    expect(page.locator("#start")).to_be_visible()
    toast = "(text) => import('/static/dom.js').then(({toast}) => toast(text, 'error'))"
    page.evaluate(toast, "Refused.")
    page.clock.run_for(5000)
    page.evaluate(toast, "Refused.")
    page.clock.run_for(5000)  # the first one's time is up
    expect(page.locator(".toast.error")).to_have_count(1)
    expect(page.locator("#alert")).to_have_text("Refused.")
    page.clock.run_for(5000)
    expect(page.locator(".toast")).to_have_count(0)
    expect(page.locator("#alert")).to_have_text("")


def test_a_refused_move_is_explained_in_the_pages_language(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    box = page.locator("#move-input")
    expect(box).to_be_visible()
    box.fill("Z1")
    box.press("Enter")
    expect(page.locator(".toast.error").last).to_have_text(
        "Dieser Zug ist nicht erlaubt: „Z1“ ist keine Mulde; die Mulden heißen A1 bis B6")
    page.select_option("#lang", "en")
    box.fill("Z2")
    box.press("Enter")
    expect(page.locator(".toast.error").last).to_have_text(
        "That move is not allowed: 'Z2' is not a pit; pits are named A1..B6")


OPTIONS_REFUSED = [("koikoi", {"target": 0}), ("koikoi", {"months": 0, "subtract": True}),
                   ("koikoi", {"preset": "nintendo", "months": 0}),
                   ("koikoi", {"months": -1}), ("koikoi", {"target": 1001}),
                   ("irono", {"guess": 0}), ("irono", {"games": 21}), ("okey", {"rounds": 0}),
                   ("oware", {"preset": "nope"}), ("oware", {"players": 9}),
                   ("irono", {"players": 3}), ("oware", {"bogus": 1}),
                   ("okey", {"bogus": 1, "speed": 2}), ("oware", {"start": "Z"}),
                   ("oware", {"preset": "abapa", "players": 3})]
"""Options a lobby can set that the games refuse."""


def load_refusal(key: str, **options: object) -> Reason:
    with pytest.raises(IllegalAction) as refused:
        load(key, **options)
    assert refused.value.reason is not None
    return refused.value.reason


def test_every_refusal_of_the_games_reads_in_german(pages: Pages) -> None:
    """One refusal of each key (and each key given as a cause) said by the German page."""
    examples: dict[str, dict[str, object]] = {}
    for _, refusal in refusals():
        assert isinstance(refusal, Reason)
        examples.setdefault(refusal.key, refusal.to_json())
    made = [Reason("table.full", "every seat at this table is taken"),
            *(load_refusal(key, **options) for key, options in OPTIONS_REFUSED),
            Reason("koikoi.cannot_take", "{card} cannot take {target}; {why}", card="1b",
                   target="2a", why=Reason("koikoi.two_targets", "{card} {first} {second}",
                                           card="1b", first="1b>1a", second="1b>1p"))]
    for reason in made:
        examples[reason.key] = reason.to_json()
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    said = page.evaluate("""async (examples) => {
      const {explain} = await import('/static/reasons.js');
      return Object.fromEntries(Object.entries(examples).map(
        ([key, reason]) => [key, explain(reason, reason.text)]));
    }""", examples)
    for key, text in said.items():
        assert text != examples[key]["text"], f"{key} is still English: {text}"
        assert not re.search(r"\{\w+\}", text), f"{key} leaves a blank: {text}"
    assert said["koikoi.cannot_take"] == (
        "1b kann 2a nicht nehmen; 1b passt zu zwei Karten auf dem Tisch: wähle eine mit "
        "1b>1a oder 1b>1p")


def test_every_refusal_the_server_and_the_referee_send_has_german_words(pages: Pages) -> None:
    root = Path(spieltisch.__file__).parent
    source = "\n".join(path.read_text(encoding="utf-8")
                       for folder in ("server", "core") for path in (root / folder).glob("*.py"))
    keys = sorted(set(re.findall(r'Reason\(\s*"([a-z_.]+)"', source)))
    assert "table.not_over_replay" in keys and "option.range" in keys
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    missing = page.evaluate("""async (keys) => {
      const i18n = await import('/static/i18n.js');
      await import('/static/reasons.js');
      return keys.filter((key) => !i18n.has(`reason.${key}`));
    }""", keys)
    assert missing == []


def server_codes() -> list[str]:
    """Every error and notice the server sends, as the page's keys ('error.stale')."""
    source = "\n".join(path.read_text(encoding="utf-8")
                       for path in Path(spieltisch.server.__file__).parent.glob("*.py"))
    errors = set(re.findall(r'(?:BadMessage|error)\(\s*"(\w+)"', source))
    notices = set(re.findall(r'"type": "notice", "code": "(\w+)"', source))
    return sorted([f"error.{code}" for code in errors] + [f"notice.{code}" for code in notices])


def test_every_error_and_notice_of_the_server_has_words_in_both_languages(
        pages: Pages) -> None:
    keys = server_codes()
    assert {"error.stale", "error.not_absent", "notice.timed_out"} <= set(keys)
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async (keys) => {
      const i18n = await import('/static/i18n.js');
      const out = {};
      for (const code of ['en', 'de']) {
        i18n.setLang(code);
        out[code] = keys.map((key) => (i18n.has(key) ? i18n.t(key, {name: 'A'}) : null));
      }
      return out;
    }""", keys)
    for key, english, german in zip(keys, said["en"], said["de"], strict=True):
        assert english is not None, f"{key} has no English words"
        assert german != english, f"{key} has no German words"


COUNTED = [("lobby.moves", 1), ("lobby.moves", 2), ("koikoi.months", 1), ("koikoi.months", 2),
           ("koikoi.target", 1), ("koikoi.stop", 1), ("koikoi.stakeStop", 1),
           ("koikoi.stakeStop", 3), ("okey.tiles", 1), ("okey.stakeRounds", 1),
           ("colomino.endTriggered", 1), ("oware.pit", 1), ("oware.pit", 0),
           ("clock.hurry", 1), ("clock.hurry", 9), ("advice.all", 1), ("advice.all", 3),
           ("advice.progress", 1), ("advice.summary", 1)]
ENGLISH = ["1 move", "2 moves", "1 month", "2 months", "First to 1 point", "Stop — score 1",
           "Stopping now scores 1 point.", "Stopping now scores 3 points.", "1 tile",
           "A win counts one round won; this round and 1 more.",
           "The target line is reached: this turn and 1 more.",
           "Pit A1: 1 stone", "Pit A1: 0 stones", "Only 1 second left for your move",
           "Only 9 seconds left for your move", "Ask about my one move",
           "Ask about all 3 of my moves", "Asking the expert: 0 of 1 move…",
           "The expert agrees with 0 of your 1 move (✓ in the list of moves; ? where it would "
           "have played otherwise)."]
GERMAN = ["1 Zug", "2 Züge", "1 Monat", "2 Monate", "Gewinnt, wer zuerst 1 Punkt hat",
          "Aufhören — 1 Punkt",
          "Aufhören bringt jetzt 1 Punkt.", "Aufhören bringt jetzt 3 Punkte.", "1 Stein",
          "Ein Sieg zählt eine gewonnene Runde; diese und noch 1 Runde.",
          "Die Ziellinie ist erreicht: dieser Zug und noch 1 weiterer.", "Mulde A1: 1 Stein",
          "Mulde A1: 0 Steine",
          "Nur noch 1 Sekunde für deinen Zug", "Nur noch 9 Sekunden für deinen Zug",
          "Nach meinem einen Zug fragen", "Nach allen 3 meiner Züge fragen",
          "Der Experte wird gefragt: 0 von 1 Zug…",
          "Der Experte stimmt 0 von 1 Zug zu (✓ in der Liste der Züge; ? wo er anders gespielt "
          "hätte)."]


def test_counts_of_one_are_singular_in_both_languages(pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "koikoi", ["me", "open"])  # dealt, nobody moved
    page.goto(pages.base + "/")
    entry = page.locator(f".table-entry[data-table='{table}'] .small").first
    expect(entry).to_have_text("Waiting for players · 0 moves")
    page.select_option("#lang", "de")
    expect(entry).to_have_text("Wartet auf Mitspieler · 0 Züge")
    texts = page.evaluate("""async (cases) => {
      const i18n = await import('/static/i18n.js');
      const out = {};
      for (const code of ['en', 'de']) {
        i18n.setLang(code);
        out[code] = cases.map(([key, n]) => i18n.t(key, {n, i: 0, name: 'A1'}));
      }
      return out;
    }""", COUNTED)
    assert texts == {"en": ENGLISH, "de": GERMAN}


def test_a_replay_of_an_unknown_table_says_so_and_leads_to_the_lobby(pages: Pages) -> None:
    page = pages.new()
    page.goto(f"{pages.base}/#/replay/NOPE")
    notice = page.locator(".notice-card")
    expect(notice).to_contain_text("There is no such table.")
    expect(page.get_by_text("Back to the table")).to_have_count(0)
    notice.get_by_role("link", name="Back to the lobby").click()
    expect(page.locator("h1")).to_have_text("New game")
    page.goto(f"{pages.base}/#/t/%E0%A4%A")  # no valid escape
    expect(page.locator(".notice-card")).to_contain_text("There is no such table.")
    # Chromium logs the expected 404 of the table lookup as a console error.
    pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]


def test_computer_players_of_one_level_are_told_apart(pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:hard", "bot:easy"],
                       players=4)
    names = ["Ada", "Computer 1 (Easy)", "Computer (Hard)", "Computer 2 (Easy)"]
    expect(page.locator(".players .player-name")).to_have_text(["Ada (you)", *names[1:]])
    page.goto(pages.base + "/")
    chips = page.locator(f".table-entry[data-table='{table}']").first.locator(".seat-chip")
    expect(chips).to_have_text(names)
    page.select_option("#lang", "de")
    expect(chips.nth(3)).to_have_text("Computer 2 (Leicht)")


def test_people_who_give_no_name_go_by_their_seat_in_each_viewers_language(
        pages: Pages) -> None:
    host = pages.new(locale="de-DE")
    table = start_game(host, pages.base, "oware", ["me", "open"], name="",
                       options={"start": "A"})
    guest = pages.new()
    guest.goto(f"{pages.base}/#/join/{table}")
    expect(guest.locator("#join-name")).to_have_value("")
    guest.fill("#join-name", "Player")
    guest.click("#take-seat")
    expect(guest.locator(".players .player-name")).to_have_text(["Player 1", "Player (you)"])
    expect(guest.locator("#status")).to_have_text("Player 1 to move")
    expect(host.locator(".players .player-name")).to_have_text(["Spieler 1 (du)", "Player"])
    host.locator(".pit.legal.clickable").first.click()
    expect(host.locator("#log li").first.locator(".seat-dot")).to_have_attribute(
        "title", "Spieler 1")


def test_an_invite_link_opened_late_says_whether_the_game_is_on_or_over(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "irono", ["me", "open"], options={"start": "A"})
    join_game(pages.new(), pages.base, table)
    late = pages.new()
    late.goto(f"{pages.base}/#/join/{table}")
    expect(late.locator(".toast").last).to_have_text(
        "Every seat at this table is taken; you can watch.")
    ada.click("#resign-button")
    ada.click("#resign-yes")
    expect(ada.locator("#result-title")).to_have_text("Ada resigned · Bea wins")
    later = pages.new(locale="de-DE")
    later.goto(f"{pages.base}/#/join/{table}")
    expect(later.locator(".toast").last).to_have_text(
        "Dieses Spiel ist schon vorbei; hier siehst du, wie es ausging.")
    expect(later.locator("#result-title")).to_have_text("Ada hat aufgegeben · Bea gewinnt")


@pytest.mark.parametrize(("width", "locale"), [(320, "de-DE"), (375, "de-DE"), (320, "en-GB")])
def test_the_lobby_fits_a_small_phone(pages: Pages, width: int, locale: str) -> None:
    page = pages.new(width=width, height=740, locale=locale)
    page.goto(pages.base + "/")
    for game in ("oware", "colomino", "koikoi", "irono", "okey"):
        page.click(f".game-tile[data-game='{game}']")
        expect(page.locator("#seat-0")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, game


def test_a_long_name_stays_inside_the_players_card(pages: Pages) -> None:
    page = pages.new(width=375, height=740)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], name="Maximiliankowalskischmid",
               options={"start": "A"})  # the row to move is the narrowest: it has the turn mark
    expect(page.locator(".player.me.to-move")).to_have_count(1)
    row = page.locator(".players .player").first
    expect(row.locator(".player-score")).to_be_visible()
    inside = page.evaluate("""() => {
      const list = document.querySelector('.players').getBoundingClientRect();
      return [...document.querySelectorAll('.players .player, .players .player-score, .you')]
        .every((e) => e.getBoundingClientRect().right <= list.right + 0.5);
    }""")
    assert inside, "a player's row runs out of the players card"
    you = row.locator(".you")
    expect(you).to_have_text(" (you)")
    name_box, you_box = row.locator(".player-text").bounding_box(), you.bounding_box()
    assert name_box is not None and you_box is not None
    assert you_box["x"] >= name_box["x"] + name_box["width"] - 0.5, "(you) is cut off"
    assert you_box["width"] > 10
    cut = page.evaluate("(e) => e.scrollWidth > e.clientWidth",
                        row.locator(".player-text").element_handle())
    assert cut, "the long name itself is the part that is shortened"


def test_your_finished_games_are_listed_with_their_outcome_and_lead_to_the_replay(
        pages: Pages) -> None:
    page = pages.new()
    over = start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator("#result-title")).to_have_text("Ada resigned · Computer (Easy) wins")
    going = start_game(page, pages.base, "koikoi", ["me", "open"])
    bea = pages.new()
    join_game(bea, pages.base, going)
    expect(bea.locator("#board svg").first).to_be_visible()
    page.goto(pages.base + "/")
    finished = page.locator("section", has=page.get_by_role("heading",
                                                            name="Your finished games"))
    expect(finished.locator(f".table-entry[data-table='{over}']")).to_have_count(1)
    entry = page.locator(f".table-entry[data-table='{over}']")
    expect(entry.locator(".entry-status")).to_have_text(
        "Ada resigned · Computer (Easy) wins · 0 : 0 · 0 moves")
    expect(finished.locator(".table-entry")).to_have_count(1)
    mine = page.locator("section", has=page.get_by_role("heading", name="Your games"))
    expect(mine.locator(".table-entry")).to_have_count(1)
    first = page.request.get(f"{pages.base}/api/tables/{going}").json()["to_move"]
    expect(mine.locator(f".table-entry[data-table='{going}'] .entry-status")).to_have_text(
        ("Your turn" if first == 0 else "Playing") + " · 0 moves")  # the dealer is drawn
    running = page.locator("section", has=page.get_by_role("heading", name="Running games"))
    expect(running).to_be_visible()   # listed once, under your games
    expect(running.locator(f".table-entry[data-table='{going}']")).to_have_count(0)
    expect(bea.locator("#status")).to_be_visible()
    page.select_option("#lang", "de")
    expect(entry.locator(".entry-status")).to_have_text(
        "Ada hat aufgegeben · Computer (Leicht) gewinnt · 0 : 0 · 0 Züge")
    entry.get_by_role("link", name="Wiederholung").click()
    expect(page.locator("#status")).to_contain_text("Ada hat aufgegeben")
    page.goto(pages.base + "/")
    entry.get_by_role("link", name="Zum Tisch").click()
    expect(page.locator("#result-title")).to_have_text(
        "Ada hat aufgegeben · Computer (Leicht) gewinnt")


def test_your_games_say_when_it_is_your_turn_and_come_first(pages: Pages) -> None:
    ada = pages.new()
    quiet = start_game(ada, pages.base, "koikoi", ["me", "open"])
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    expect(bea.locator("#status")).to_have_text("Ada ist am Zug")
    bea.goto(pages.base + "/")
    theirs = bea.locator(f".table-entry[data-table='{table}']").first
    expect(theirs.locator(".entry-status")).to_have_text("Läuft · 0 Züge")
    expect(theirs).not_to_have_class(re.compile("my-turn"))
    ada.goto(pages.base + "/")
    mine = ada.locator("section", has=ada.get_by_role("heading", name="Your games"))
    expect(mine.locator(".table-entry")).to_have_count(2)
    first = mine.locator(".table-entry").first
    expect(first).to_have_attribute("data-table", table)
    expect(first).to_have_class(re.compile("my-turn"))
    expect(first.locator(".entry-status")).to_have_text("Your turn · 0 moves")
    expect(mine.locator(f".table-entry[data-table='{quiet}'] .entry-status")).to_have_text(
        "Waiting for players · 0 moves")
    ada.goto(f"{pages.base}/#/t/{table}")
    ada.locator(".pit.legal.clickable").first.click()
    expect(theirs.locator(".entry-status")).to_have_text("Du bist am Zug · 1 Zug")
    expect(theirs).to_have_class(re.compile("my-turn"))


def test_the_browser_finds_nothing_that_keeps_the_site_from_being_installed(
        pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    page.goto(pages.base + "/")
    expect(page.locator(".game-tile").first).to_be_visible()
    browser = page.context.new_cdp_session(page)
    manifest = browser.send("Page.getAppManifest")
    assert manifest["url"].endswith("/static/manifest.webmanifest") and not manifest["errors"]
    assert manifest["manifest"]["display"] == "kStandalone"
    errors = browser.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test's browser context is private, which alone keeps any site from installing.
    assert [error["errorId"] for error in errors] == ["in-incognito"]


SAME_PICTURE = """async ([png, svg, size]) => {
  const pixels = async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const pen = canvas.getContext('2d');
    pen.drawImage(image, 0, 0, size, size);
    return pen.getImageData(0, 0, size, size).data;
  };
  const [a, b] = [await pixels(png), await pixels(svg)];
  let off = 0;
  for (let i = 0; i < a.length; i++) off += Math.abs(a[i] - b[i]);
  return off / a.length;
}"""
"""The mean difference of the two pictures' colour values, drawn at `size` pixels square."""


@pytest.mark.parametrize(("png", "svg", "size"), [
    ("icon-192.png", "icon.svg", 192), ("icon-512.png", "icon.svg", 512),
    ("icon-maskable-512.png", "icon-maskable.svg", 512),
    ("icon-touch-180.png", "icon-maskable.svg", 180),
])
def test_each_icon_picture_is_its_drawing_at_its_size(pages: Pages, png: str, svg: str,
                                                      size: int) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    assert page.evaluate(SAME_PICTURE, [f"/static/{png}", f"/static/{svg}", size]) < 2
    assert page.evaluate(SAME_PICTURE, [f"/static/{png}", "/static/icon-maskable.svg"
                                        if svg == "icon.svg" else "/static/icon.svg", size]) > 10


def test_your_games_keep_a_game_going_on_however_many_came_after_it(pages: Pages) -> None:
    ada = pages.new()
    going = start_game(ada, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    for _ in range(6):
        start_game(ada, pages.base, "oware", ["me", "open"])
    for _ in range(7):
        start_game(ada, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
        ada.click("#resign-button")
        ada.click("#resign-yes")
        expect(ada.locator(GAME_OVER)).to_be_visible()
    ada.goto(pages.base + "/")
    mine = ada.locator("section", has=ada.get_by_role("heading", name="Your games"))
    expect(mine.locator(".table-entry")).to_have_count(7)
    expect(mine.locator(".table-entry").first).to_have_attribute("data-table", going)
    expect(mine.locator(".table-entry").first.locator(".entry-status")).to_have_text(
        "Your turn · 0 moves")
    done = ada.locator("section", has=ada.get_by_role("heading", name="Your finished games"))
    expect(done.locator(".table-entry")).to_have_count(6)


def test_a_table_gone_from_the_server_while_open_says_so(browser: Browser,
                                                          tmp_path: Path) -> None:
    (tmp_path / "before").mkdir()
    (tmp_path / "other").mkdir()
    with LiveServer(tmp_path / "before") as first:
        pages = Pages(browser, first.url)
        page = pages.new()
        start_game(page, first.url, "oware", ["me", "bot:easy"], options={"start": "A"})
        expect(page.locator("#status")).to_have_text("Your turn")
    # The same address now keeps its tables elsewhere: the page's table is not there.
    second = LiveServer(tmp_path / "other")
    second.server.config.port = second.port = first.port
    with second:
        expect(page.locator(".notice-card")).to_contain_text("There is no such table.",
                                                              timeout=20000)
        expect(page.locator("#board")).to_have_count(0)
        page.locator(".notice-card").get_by_role("link", name="Back to the lobby").click()
        expect(page.locator("h1")).to_have_text("New game")
    pages.close()


def test_a_refusal_goes_once_the_move_is_made(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    box = page.locator("#move-input")
    expect(box).to_be_visible()
    box.fill("Z1")
    box.press("Enter")
    expect(page.locator(".toast.error")).to_have_count(1)
    box.fill("A1")
    box.press("Enter")
    expect(page.locator(".toast.error")).to_have_count(0)
    expect(page.locator("#alert")).to_have_text("")


def test_a_long_name_without_a_space_fits_a_narrow_screen(pages: Pages) -> None:
    name = "W" * 24
    page = pages.new(width=320, height=640)
    table = start_game(page, pages.base, "irono", ["me", "open"], name=name)
    wide = "document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= 320, "the table runs off the screen"
    page.goto(pages.base + "/")
    expect(page.locator(".table-entry")).to_have_count(1)
    assert page.evaluate(wide) <= 320, "Your games runs off the screen"
    friend = pages.new(width=320, height=640)
    friend.goto(f"{pages.base}/#/join/{table}")
    expect(friend.locator(".seat-chip").first).to_contain_text(name)
    assert friend.evaluate(wide) <= 320, "the invite link's page runs off the screen"
