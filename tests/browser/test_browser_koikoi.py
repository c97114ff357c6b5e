"""Koi-Koi in the browser: a person plays a whole match against a bot through the page, and
two people play a month and take back a move after its end."""

from __future__ import annotations

import random
import re
from functools import partial

from playwright.sync_api import Page, expect

from spieltisch import load
from spieltisch.core.match import Match
from spieltisch.games.koikoi.cards import CARDS
from spieltisch.games.koikoi.rules import KoiKoiState

from .browser_harness import (
    GAME_OVER,
    SAID,
    LiveServer,
    Pages,
    join_game,
    moved,
    play_to_the_end,
    start_game,
)

TURN = ".board-area.interactive .kk .legal.clickable"
"""Cards and decisions that play, or prepare, a move of this page's seat."""


def play_a_card(page: Page, rng: random.Random) -> None:
    """Click a glowing card or decision; if the card could take one of two, pick one."""
    choices = page.locator(".kk .legal.clickable")
    choices.nth(rng.randrange(choices.count())).click()
    if page.locator(".kk .hand-card.selected").count():
        targets = page.locator(".kk-table .kk-card.legal")
        targets.nth(rng.randrange(targets.count())).click()


PERSON_DEALS = "koikoi-to-the-end-3"
"""A seed whose one-month game the first seat deals, so that it moves before the other
seat could end the month."""


def test_the_person_deals_first() -> None:
    assert Match(load("koikoi", target=0, months=1), seed=PERSON_DEALS).state.current_player == 0


def test_a_person_plays_koikoi_against_a_bot_to_the_end(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(PERSON_DEALS)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "1"})
    page.wait_for_selector(".kk .legal.clickable, " + GAME_OVER)
    hand = page.locator(".kk-side.mine .hand-card")
    assert 1 <= hand.count() <= 8
    assert page.locator(".kk-side.theirs .kk-back").count() >= 7
    expect(page.locator("#stake")).to_contain_text("Month 1")
    months = page.locator("#stake p.hint").filter(has_text=re.compile(r"\bmonths?\b"))
    expect(months).to_have_text("1 month")  # not "1 months"
    latest = page.locator("#stake .last-turn")
    expect(latest).to_have_count(0)  # nobody has moved this month
    moved(page, partial(play_a_card, page, random.Random(11)))
    expect(page.locator(TURN).first).to_be_visible()
    card = r"\d+[a-z]\d?"
    # The person's own turn stays named, with what its cards took, above the computer's.
    expect(latest).to_have_text([
        re.compile(rf"^Ada: {card}( takes {card}( {card})*)?, draw {card}"),
        re.compile(  # these deals: both cards take one
            rf"^Computer \(Easy\): {card} takes {card}, draw {card} takes {card}$")])
    moves = play_to_the_end(page, play_a_card, random.Random(11), turn=TURN)
    assert moves >= 1
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result).to_contain_text("Months")
    entries = page.locator("#log li:not(.fold)")
    assert entries.count() > 25  # the first dealer, the 24 cards dealt, and play
    for i in range(entries.count()):
        dealt = re.match(r"(first dealer|deal|draw)", entries.nth(i).text_content() or "")
        expect(entries.nth(i).locator(".seat-dot")).to_have_count(0 if dealt else 1)
    dot = page.locator("#log li .seat-dot").first
    expect(dot).to_have_attribute("title", re.compile(r"Ada|Computer"))
    expect(dot).to_have_accessible_name(re.compile(r"^(Ada|Computer \(Easy\))$"))
    expect(entries.first).to_have_text(re.compile(r"^first dealer (Ada|Computer \(Easy\))$"))
    expect(page.locator("#log")).not_to_contain_text("seat")
    page.click("#result-close")
    page.select_option("#lang", "de")
    expect(entries.first).to_have_text(re.compile(r"^(Ada|Computer \(Leicht\)) gibt zuerst$"))
    expect(page.locator("#log")).to_contain_text("eine Karte an ")
    expect(page.locator("#log")).not_to_contain_text(re.compile(r"\bdeal\b|\bdraw\b|first"))


def month_played_out(pages: Pages, live: LiveServer, ada: Page) -> Page:
    """Bea's page, after Ada and Bea played a one-month match at random to its end."""
    live.seeds.append(PERSON_DEALS)
    table = start_game(ada, pages.base, "koikoi", ["me", "open"],
                       options={"target": "0", "months": "1"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    rng = random.Random(5)
    for _ in range(400):
        if ada.locator(GAME_OVER).count():
            break
        mover = next((page for page in (ada, bea) if page.locator(TURN).count()), None)
        if mover is None:
            ada.wait_for_timeout(50)
            continue
        moved(mover, partial(play_a_card, mover, rng))
    expect(bea.locator(GAME_OVER)).to_be_visible()
    return bea


def test_a_take_back_asked_after_the_end_is_answered_over_the_result(
        pages: Pages, live: LiveServer) -> None:
    ada = pages.new()
    bea = month_played_out(pages, live, ada)
    ada.click("#result-close")
    ada.click("#undo-button")
    expect(bea.locator(GAME_OVER)).to_have_count(0)
    expect(bea.locator("#undo-allow")).to_be_focused()
    bea.keyboard.press("Enter")
    expect(ada.locator("#status")).not_to_contain_text("Game over")
    expect(bea.locator("#show-result")).to_have_count(0)


def test_a_take_back_refused_after_the_end_says_it_cannot_be_asked_again(
        pages: Pages, live: LiveServer) -> None:
    ada = pages.new(locale="de-DE")
    bea = month_played_out(pages, live, ada)
    ada.click("#result-close")
    ada.click("#undo-button")
    bea.click("#undo-refuse")
    undo = ada.locator("#undo-button")
    expect(undo).to_have_attribute("aria-disabled", "true")
    # No move comes after the end: the button does not promise one.
    expect(undo).to_have_attribute(
        "title", "Deine Bitte um Zurücknahme wurde abgelehnt, und das Spiel ist vorbei: "
                 "du kannst nicht wieder fragen.")


def test_a_phone_shows_the_hand_on_the_first_screen(pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    expect(page.locator(TURN).first).to_be_visible(timeout=20000)
    card = page.locator(".hand-card").first
    box = card.bounding_box()
    assert box is not None and page.evaluate("window.scrollY") == 0
    if page.locator(".kk-table .kk-card").count() <= 8:
        assert box["y"] + box["height"] <= 844, box
    else:
        assert box["y"] + box["height"] / 3 <= 844, box


def test_the_move_words_of_a_german_page(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    words = page.evaluate("""async () => {
      const game = await import('/static/games/koikoi.js');
      const {t} = await import('/static/i18n.js');
      return ['stop', 'koikoi', 'take 3b', '3r>3b', '3r']
        .map((move) => game.moveLabel(move, {t, names: []}));
    }""")
    assert words == ["aufhören", "Koi-Koi!", "3b nehmen", "3r>3b", "3r"]


def test_the_end_of_a_month_is_told_and_stays_beside_the_next(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "2"})
    said = page.locator("#stake .last-month")
    rng = random.Random(5)
    for _ in range(40):
        page.wait_for_selector(f"{TURN}, #stake .last-month, {GAME_OVER}", timeout=30000)
        if said.count() or page.locator(GAME_OVER).count():
            break
        moved(page, partial(play_a_card, page, rng), timeout=30000)
    month = re.compile(r"^Month 1: (.+ scores \d+ points? \(.+\)|nobody scores)\.$")
    expect(said).to_have_text(month)
    text = said.inner_text()
    expect(page.locator("#toasts .toast").filter(has_text=text)).to_have_count(1)
    expect(page.locator("#stake")).to_contain_text("Month 2")
    folds = page.locator("#log li.fold")
    expect(folds).to_have_count(2)
    for i in range(2):
        first = folds.nth(i).locator(".log-fold li").first.text_content() or ""
        assert first.startswith(("deal", "first dealer")), first
    page.select_option("#lang", "de")
    expect(said).to_have_text(re.compile(
        r"^Monat 1: (.+ bekommt \d+ Punkte? \(.+\)|niemand bekommt Punkte)\.$"))


def test_screen_readers_hear_the_computer_s_cards_by_name(pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(PERSON_DEALS)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "1"})
    page.evaluate(SAID)
    expect(page.locator(".kk-side.theirs .kk-hand")).to_have_accessible_name(
        re.compile(r"^Computer \(Easy\): [1-8] cards? in hand, face down$"))
    rng = random.Random(2)
    for _ in range(3):
        page.wait_for_selector(TURN, timeout=30000)
        moved(page, partial(play_a_card, page, rng))
    page.wait_for_selector(TURN, timeout=30000)
    theirs = [said for said in page.evaluate("window.__said") if "Computer (Easy): " in said]
    assert theirs
    for said in theirs:
        assert not re.search(r"\b(1[0-2]|[1-9])([bar]|p\d?)\b", said), said
    assert any(re.search(r"(Pine|Plum|Cherry|Wisteria|Iris|Peony|Bush Clover|Pampas|"
                         r"Chrysanthemum|Maple|Willow|Paulownia) ", said) for said in theirs)


TWO_MATCHES = "koikoi-escape-3"
"""A seed whose one-month game the first seat deals, holding 4p1 with 4a and 4r on the
table."""


def test_escape_drops_a_hand_card_chosen_to_take_one_of_two(
        pages: Pages, live: LiveServer) -> None:
    state = Match(load("koikoi", target=0, months=1), seed=TWO_MATCHES).state
    assert state.current_player == 0
    assert {"4p1>4a", "4p1>4r"} <= {state.action_to_string(a) for a in state.legal_actions()}
    page = pages.new()
    live.seeds.append(TWO_MATCHES)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "1"})
    card = page.locator(".kk-side.mine .hand-card[data-card='4p1']")
    card.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".kk .hand-card.selected")).to_have_count(1)
    expect(page.locator(".kk-table .kk-card.legal").first).to_be_focused()
    expect(page.locator("#hint")).to_have_text("Now pick the table card it takes.")
    page.keyboard.press("Escape")
    expect(page.locator(".kk .hand-card.selected")).to_have_count(0)
    expect(page.locator(".kk-table .kk-card.legal")).to_have_count(0)
    expect(page.locator("[data-focus-key='hand-4p1']")).to_be_focused()
    expect(page.locator("#hint")).to_have_text(re.compile("^Play a card from your hand"))


DOUBLED = """async (seat) => {
  const game = await import('/static/games/koikoi.js');
  const {t} = await import('/static/i18n.js');
  const ctx = {t, names: ['Ada', 'Bea'], seat};
  const month = (points, yaku) => ({month: 1, dealer: 0, winner: 1, points, reason: 'stop',
    yaku: yaku.map(([key, name, english, n]) => ({key, name, english, points: n}))});
  const history = [month(32, [['shiko', 'Shikō', 'Four Brights', 8]]),
    month(8, [['kasu', 'Kasu', 'Plains', 4]]), month(5, [['aotan', 'Aotan', 'Blue Ribbons', 5]]),
    month(14, [['sanko', 'Sankō', 'Three Brights', 5], ['tane', 'Tane', 'Animals', 2]])];
  const view = {month: 2, flower: 2, flower_name: 'Plum / Ume', target: null, months: 12,
    double_seven: true, double_koikoi: true,
    yaku_points: [1, 0], koikoi_calls: [0, 1], log: [], history,
    at_stake: {seat: 0, stop_points: 2, yaku_points: 1, opponent_called: true}};
  const said = history.map((m, i) => game.roundOver({...view, history: history.slice(0, i + 1)},
    {history: history.slice(0, i)}, ctx));
  const table = game.breakdown(view, ctx);
  return {said, stake: game.stake(view, ctx).querySelector('.stake-line')?.textContent,
    rows: [...table.querySelectorAll('tbody tr')].map((row) => row.lastChild.textContent)};
}"""


def test_doubled_points_say_why_they_are_doubled(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    shown = page.evaluate(DOUBLED, 0)
    # Ada, who called Koi-Koi, is spoken to; Bea, who won, in her own view below.
    assert shown["said"] == [
        "Month 1: Bea scores 32 points (Shikō (Four Brights) 8, doubled twice: 7 points or "
        "more, and you had called Koi-Koi).",
        "Month 1: Bea scores 8 points (Kasu (Plains) 4, doubled: you had called Koi-Koi).",
        "Month 1: Bea scores 5 points (Aotan (Blue Ribbons) 5).",
        "Month 1: Bea scores 14 points (Sankō (Three Brights) 5, Tane (Animals) 2, "
        "doubled: 7 points or more).",
    ]
    assert shown["stake"] == ("Stopping now scores 2 points: 1 for the yaku, "
                              "doubled: Bea had called Koi-Koi.")
    assert shown["rows"] == [
        "Shikō (Four Brights) 8, doubled twice: 7 points or more, and you had called Koi-Koi",
        "Kasu (Plains) 4, doubled: you had called Koi-Koi", "Aotan (Blue Ribbons) 5",
        "Sankō (Three Brights) 5, Tane (Animals) 2, doubled: 7 points or more"]
    bea = page.evaluate(DOUBLED, 1)["said"]
    assert bea[:2] == [
        "Month 1: you score 32 points (Shikō (Four Brights) 8, doubled twice: 7 points or "
        "more, and Ada had called Koi-Koi).",
        "Month 1: you score 8 points (Kasu (Plains) 4, doubled: Ada had called Koi-Koi)."]
    assert page.evaluate(DOUBLED, None)["said"][1] == (
        "Month 1: Bea scores 8 points (Kasu (Plains) 4, doubled: Ada had called Koi-Koi).")
    page.select_option("#lang", "de")
    assert page.evaluate(DOUBLED, 1)["said"][1] == (
        "Monat 1: Du bekommst 8 Punkte (Kasu (Blumen) 4, verdoppelt: Ada hatte Koi-Koi gesagt).")
    assert page.evaluate(DOUBLED, 0)["said"][1] == (
        "Monat 1: Bea bekommt 8 Punkte (Kasu (Blumen) 4, verdoppelt: du hattest Koi-Koi gesagt).")
    shown = page.evaluate(DOUBLED, 0)
    assert shown["stake"] == ("Aufhören bringt jetzt 2 Punkte: 1 für die Yaku, "
                              "verdoppelt: Bea hatte Koi-Koi gesagt.")
    assert shown["said"][0] == ("Monat 1: Bea bekommt 32 Punkte (Shikō (vier Lichter) 8, "
                                "zweimal verdoppelt: 7 Punkte oder mehr, und du hattest "
                                "Koi-Koi gesagt).")
    assert shown["said"][3].endswith("verdoppelt: 7 Punkte oder mehr).")


WATCHED_STAKE = """async (asked) => {
  const [seat, over] = Array.isArray(asked) ? asked : [asked, false];
  const game = await import('/static/games/koikoi.js');
  const {t} = await import('/static/i18n.js');
  const view = {month: 2, flower: 2, flower_name: 'Plum / Ume', target: null, months: 6,
    double_seven: true, double_koikoi: true, yaku_points: [11, 0],
    koikoi_calls: [0, 0], log: [], history: [],
    at_stake: {seat: 0, stop_points: 22, yaku_points: 11, opponent_called: false}};
  const stake = game.stake(view, {t, names: ['Ada', 'Bea'], seat, over});
  return [...stake.querySelectorAll('p')].slice(2).map((p) => p.textContent);
}"""


def test_only_the_player_deciding_is_told_what_stopping_earns_them(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    for seat in (None, 1):
        assert page.evaluate(WATCHED_STAKE, seat) == [
            "Ada may stop now and score 22 points, or call Koi-Koi and play on."]
    assert page.evaluate(WATCHED_STAKE, 0) == [
        "Stopping now scores 22 points: 11 for the yaku, doubled: 7 points or more.",
        "Koi-Koi plays on for more, but if your opponent stops first you score nothing."]
    page.select_option("#lang", "de")
    assert page.evaluate(WATCHED_STAKE, None) == [
        "Ada kann jetzt aufhören und 22 Punkte bekommen oder Koi-Koi sagen und weiterspielen."]


def test_a_game_resigned_while_a_player_decides_offers_nobody_a_stop(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    for seat in (None, 0, 1):
        assert page.evaluate(WATCHED_STAKE, [seat, True]) == []


KUTTSUKI = "koikoi-teshi-34"
"""A seed whose first month in preset nintendo ends at once: B is dealt a Kuttsuki."""


def test_a_dealt_kuttsuki_is_shown_and_each_deal_folds_apart(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(KUTTSUKI)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"], preset="nintendo",
               options={"months": "2"})
    said = page.locator("#stake .last-month")
    expect(said).to_have_text(re.compile(
        r"^Month 1: .+ scores 6 points \(Kuttsuki .+\)\. .+ shows (\d+\w\d? [^,]+, ){7}"
        r"\d+\w\d? [^,]+\.$"))
    folds = page.locator("#log li.fold summary")
    expect(folds).to_have_text(["The deal: 24 entries", "The deal: 24 entries"])
    page.select_option("#lang", "de")
    expect(said).to_contain_text(" zeigt ")


def test_the_move_buttons_name_their_cards_in_either_language(pages: Pages) -> None:
    for locale in ("en-GB", "de-DE"):
        page = pages.new(locale=locale)
        start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
        buttons = page.locator("#moves button.move")
        expect(buttons.first).to_be_visible(timeout=20000)
        named = {label.split(",")[0] for label in page.locator("#board [aria-label]")
                 .evaluate_all("els => els.map((el) => el.getAttribute('aria-label'))")}
        checked = 0
        for button in buttons.all():
            code, title = button.inner_text(), button.get_attribute("title")
            if re.fullmatch(r"\d+(?:[bar]|p\d?)", code):
                assert title in named, (locale, code, title)
                checked += 1
        assert checked, locale


SIDES = """async (view) => {
  const game = await import('/static/games/koikoi.js');
  const {t} = await import('/static/i18n.js');
  const root = document.createElement('div');
  game.render(root, {view, t, seat: 0, legal: [], ui: {}, names: ['Ada', 'Bea'],
    interactive: false, animate: false});
  const mine = root.querySelector('.kk-side.mine');
  return [...mine.querySelectorAll('.kk-group')].map((group) => [
    group.querySelector('.kk-caption').textContent,
    [...group.querySelectorAll('.kk-fan [aria-label]')].map((card) => card.ariaLabel)]);
}"""


def test_a_sake_cup_counted_as_a_plain_is_shown_among_the_plains(pages: Pages) -> None:
    dealt = Match(load("koikoi"), seed="sake").state
    assert isinstance(dealt, KoiKoiState)
    state = dealt._clone()
    taken = ["1p1", "1p2", "2p1", "2p2", "3p1", "3p2", "4p1", "4p2", "5p1", "9a", "2a", "4a"]
    state.caps = (sum(1 << i for i, card in enumerate(CARDS) if card.code in taken), 0)
    view = state.view(0)
    assert view["sake_as_plain"] == [True, False]
    assert [y["key"] for y in view["yaku"][0]] == ["kasu"]
    page = pages.new()
    page.goto(pages.base + "/")
    groups = dict(page.evaluate(SIDES, view))
    assert "Animals 2" in groups and "Plains 10" in groups, groups
    assert "Chrysanthemum Sake Cup, month 9" in groups["Plains 10"]


RAN_OUT = """async (reason) => {
  const game = await import('/static/games/koikoi.js');
  const {t} = await import('/static/i18n.js');
  const ctx = {t, names: ['Ada', 'Bea'], seat: 1};
  const month = {month: 2, dealer: 0, winner: 0, points: 6, reason,
    yaku: [{key: 'tanzaku', name: 'Tanzaku', english: 'Ribbons', points: 1},
      {key: 'hanamizake', name: 'Hanami-zake', english: 'Flower Viewing', points: 5}]};
  return game.roundOver({history: [month]}, {history: []}, ctx);
}"""


def test_points_nobody_stopped_for_say_why_they_were_scored(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    assert page.evaluate(RAN_OUT, "koikoi") == (
        "Month 2: Ada scores 6 points (Tanzaku (Ribbons) 1, Hanami-zake (Flower Viewing) 5; "
        "the cards ran out after Koi-Koi).")
    assert page.evaluate(RAN_OUT, "last-turn").endswith("5; made on the last turn).")
    assert page.evaluate(RAN_OUT, "stop").endswith("Hanami-zake (Flower Viewing) 5).")
    page.select_option("#lang", "de")
    assert page.evaluate(RAN_OUT, "koikoi").endswith(
        "5; Karten aufgebraucht nach Koi-Koi).")


def test_against_the_computer_a_month_dealt_after_stands_and_the_button_says_why(
        pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "2"})
    rng = random.Random(5)
    for _ in range(40):
        page.wait_for_selector(f"{TURN}, {GAME_OVER}", timeout=30000)
        if page.locator(GAME_OVER).count() or "Month 2" in page.locator("#stake").inner_text():
            break
        moved(page, partial(play_a_card, page, rng), timeout=30000)
    expect(page.locator("#stake")).to_contain_text("Month 2")
    page.wait_for_selector(TURN)
    undo = page.locator("#undo-button")
    expect(undo).to_be_disabled()
    said = ("The next month has been dealt, so the last one stands; the computer does not "
            "take it back.")
    expect(undo).to_have_attribute("title", said)
    hand = page.locator(".kk-side.mine .hand-card").all_inner_texts()
    undo.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".toast").last).to_have_text(said)
    expect(page.locator(".kk-side.mine .hand-card")).to_have_text(hand)
