"""The lobby's form for a new game: set up as the last game of its kind was."""

from __future__ import annotations

import json
import re

import httpx
from playwright.sync_api import Page, expect

from .browser_harness import SETUP_KEY, Pages, join_game, start_game
from .test_browser_sound import heard, recording

FIELDS = ("#preset", "#opt-start", "#seat-0", "#seat-1", "#seat-2", "#move-seconds")


def form(page: Page) -> dict[str, str | bool]:
    """The values of the new game's form, with whether the table is listed and the number
    of players chosen."""
    expect(page.locator("#seat-0")).to_be_visible()
    values: dict[str, str | bool] = {field: page.locator(field).input_value()
                                     for field in FIELDS if page.locator(field).count()}
    values["players"] = page.locator(".segmented button[aria-checked='true']").inner_text()
    values["listed"] = page.locator("#listed").is_checked()
    return values


def test_a_new_game_is_set_up_as_the_last_one_of_its_kind(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='koikoi']")
    koikoi_first = form(page)
    page.click(".game-tile[data-game='oware']")
    page.select_option("#preset", "grand")
    page.click(".segmented button[data-players='3']")
    page.select_option("#opt-start", "B")
    for i, choice in enumerate(["bot:expert", "me", "bot:easy"]):
        page.select_option(f"#seat-{i}", choice)
    page.select_option("#move-seconds", "60")
    page.uncheck("#listed")
    chosen = form(page)
    page.click("#start")
    expect(page.locator("#board svg:visible").first).to_be_visible()

    page.goto(pages.base + "/")
    expect(page.locator(".game-tile[data-game='oware']")).to_have_attribute(
        "aria-checked", "true")
    assert form(page) == chosen == {
        "#preset": "grand", "#opt-start": "B", "#seat-0": "bot:expert", "#seat-1": "me",
        "#seat-2": "bot:easy", "#move-seconds": "60", "players": "3", "listed": False}
    page.click(".game-tile[data-game='koikoi']")
    assert form(page) == koikoi_first

    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETUP_KEY}')"))
    stored["by"]["oware"].update(preset="grand", players=3, seats=["me", "me", "bot:best"],
                                 options={"start": "Z"}, move_seconds=7, listed="no")
    page.evaluate(f"(kept) => localStorage.setItem('{SETUP_KEY}', kept)", json.dumps(stored))
    page.reload()
    unfit = form(page)
    assert unfit["#preset"] == "grand" and unfit["players"] == "3"
    assert (unfit["#seat-0"], unfit["#seat-1"], unfit["#seat-2"], unfit["#opt-start"]) \
        == ("me", "bot:medium", "bot:medium", "random")
    assert (unfit["#move-seconds"], unfit["listed"]) == ("", True)
    page.evaluate(f"localStorage.setItem('{SETUP_KEY}', '{{not json')")
    page.reload()
    expect(page.locator(".game-tile[data-game='oware']")).to_have_attribute(
        "aria-checked", "true")
    assert form(page)["#preset"] == "oh-wah-ree"


def test_options_the_game_refuses_are_explained_in_the_pages_language(pages: Pages) -> None:
    english = pages.new()
    english.goto(pages.base + "/")
    english.click(".game-tile[data-game='irono']")
    english.fill("#opt-games", "25")
    english.click("#start")   # the page says so itself, before the server is asked
    expect(english.locator("#opt-games-error")).to_have_text(
        "Games in the match: a whole number from 1 to 20, not 25")
    english.click(".game-tile[data-game='koikoi']")   # named as the form names them
    english.fill("#opt-target", "0")
    english.fill("#opt-months", "0")
    english.click("#start")
    expect(english.locator(".toast.error").last).to_have_text(
        "the match needs an end: set Points to win or Months to play")
    english.select_option("#preset", "nintendo")
    english.fill("#opt-months", "0")
    english.click("#start")
    expect(english.locator(".toast.error").last).to_have_text(
        "the common rules need a number of months (a month without yaku scores nothing "
        "there, so the match might never end): set Months to play to 1 or more, e.g. 12")
    english.select_option("#preset", "seed")
    english.check("#opt-subtract")
    english.fill("#opt-months", "0")
    english.click("#start")
    expect(english.locator(".toast.error").last).to_have_text(
        "taking points from the loser needs a number of months (else the match might never "
        "end): set Months to play to 1 or more, e.g. 12")
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='okey']")
    page.fill("#opt-rounds", "0")
    page.click("#start")
    expect(page.locator("#opt-rounds-error")).to_have_text(
        "Runden: eine ganze Zahl von 1 bis 500, nicht 0")
    page.click(".game-tile[data-game='koikoi']")
    page.select_option("#preset", "nintendo")
    page.fill("#opt-months", "0")
    page.click("#start")   # the preset has no Oya-ken: points to win alone would not do
    expect(page.locator(".toast.error").last).to_have_text(
        "die üblichen Regeln brauchen eine Anzahl Monate (ein Monat ohne Yaku bringt dort "
        "niemandem Punkte, also endet die Partie sonst vielleicht nie): setze die Anzahl Monate "
        "auf 1 oder mehr, z. B. 12")
    expect(page).to_have_url(pages.base + "/")
    pages.errors[:] = [e for e in pages.errors if "status of 400" not in e]


def test_the_number_of_players_is_chosen_by_keyboard_without_losing_focus(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='okey']")
    radios = page.locator(".segmented button[role='radio']")
    expect(radios).to_have_count(3)
    page.locator(".segmented button[data-players='4']").click()
    expect(radios.filter(has_text="4")).to_have_attribute("tabindex", "0")
    expect(radios.filter(has_text="2")).to_have_attribute("tabindex", "-1")
    expect(radios.filter(has_text="4")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    three = page.locator(".segmented button[data-players='3']")
    expect(three).to_have_attribute("aria-checked", "true")
    expect(three).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".segmented button[data-players='2']")).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(three).to_be_focused()
    expect(page.locator("#seat-2")).to_be_attached()
    expect(page.locator("#seat-3")).to_have_count(0)


def test_other_rules_keep_the_number_of_players_and_the_seats_chosen(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='okey']")
    page.locator(".segmented button[data-players='4']").click()
    page.select_option("#seat-3", "open")
    page.select_option("#preset", "standard")
    expect(page.locator(".segmented button[data-players='4']")).to_have_attribute(
        "aria-checked", "true")
    expect(page.locator("#seat-3")).to_have_value("open")
    expect(page.locator("#opt-rounds")).to_have_value("60")


def test_a_server_out_of_reach_is_named_in_the_pages_language(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    expect(page.locator("#start")).to_be_visible()
    page.route("**/api/**", lambda route: route.abort())
    page.click("#start")
    expect(page.locator(".toast.error").last).to_have_text(
        "Der Server ist nicht erreichbar. Läuft spieltisch noch? Versuch es gleich noch einmal.")
    expect(page).to_have_url(pages.base + "/")
    page.goto(pages.base + "/#/t/nosuch")   # not "there is no such table": it may be there
    expect(page.locator(".notice-card p")).to_have_text(
        "Der Server ist nicht erreichbar. Läuft spieltisch noch? Versuch es gleich noch einmal.")
    page.unroute("**/api/**")
    page.get_by_role("button", name="Noch einmal versuchen").click()
    expect(page.locator(".notice-card p")).to_have_text("Diesen Tisch gibt es nicht.")
    english = pages.new()
    english.goto(pages.base + "/")
    expect(english.locator("#start")).to_be_visible()
    english.route("**/api/**", lambda route: route.abort())
    english.click("#start")
    expect(english.locator(".toast.error").last).to_have_text(
        "The server cannot be reached. Is spieltisch still running? Try again in a moment.")
    english.reload()   # the lobby itself
    expect(english.locator(".notice-card p")).to_have_text(
        "The server cannot be reached. Is spieltisch still running? Try again in a moment.")
    english.unroute("**/api/**")
    english.get_by_role("button", name="Try again").click()
    expect(english.locator("#start")).to_be_visible()
    pages.errors[:] = [e for e in pages.errors
                       if "net::ERR_FAILED" not in e and "status of 404" not in e]


def test_a_seat_taken_by_somebody_else_meanwhile_leaves_the_invite_to_watch(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    bea.goto(f"{pages.base}/#/join/{table}")
    bea.fill("#join-name", "Bea")
    httpx.post(f"{pages.base}/api/tables/{table}/join", json={"name": "Cy"}).raise_for_status()
    bea.click("#take-seat")
    expect(bea.locator(".toast.error").last).to_have_text(
        "Alle Plätze sind besetzt; du kannst zuschauen.")
    expect(bea.locator("#take-seat")).to_have_count(0)
    expect(bea.locator(".players .player-name")).to_have_text(["Ada", "Cy"])
    expect(bea).to_have_url(f"{pages.base}/#/watch/{table}")
    pages.errors[:] = [e for e in pages.errors if "status of 409" not in e]


def test_a_form_set_up_but_not_started_outlasts_the_rules_another_game_and_a_language(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='okey']")
    page.click(".segmented button[data-players='3']")
    page.fill("#opt-rounds", "7")
    page.select_option("#seat-2", "open")
    page.select_option("#move-seconds", "60")
    page.uncheck("#listed")
    page.fill("#player-name", "Zoe")
    chosen = {**form(page), "rounds": "7", "name": "Zoe"}

    def same() -> None:
        expect(page.locator(".game-tile[data-game='okey']")).to_have_attribute(
            "aria-checked", "true")
        assert {**form(page), "rounds": page.locator("#opt-rounds").input_value(),
                "name": page.locator("#player-name").input_value()} == chosen

    page.click("text=How to play")
    expect(page).to_have_url(pages.base + "/#/rules/okey")
    page.go_back()
    same()
    page.click(".game-tile[data-game='koikoi']")
    page.click(".game-tile[data-game='okey']")
    same()
    page.select_option("#lang", "de")
    expect(page.locator("#start")).to_have_text("Spiel starten")
    same()


def test_a_game_of_yours_is_listed_once_under_your_games(pages: Pages) -> None:
    page = pages.new()
    playing = start_game(page, pages.base, "oware", ["me", "bot:easy"])
    waiting = start_game(page, pages.base, "irono", ["me", "open"])
    # At the table in another tab, where the lobby lists it among the games going on.
    other = page.context.new_page()
    other.goto(f"{pages.base}/#/t/{playing}")
    expect(other.locator("#board svg:visible").first).to_be_visible()
    page.goto(pages.base + "/")
    running = page.locator("section.card", has=page.get_by_role("heading", name="Running games"))
    expect(running).to_be_visible()
    mine = page.locator("section.card", has=page.get_by_role("heading", name="Your games"))
    for table in (playing, waiting):
        expect(mine.locator(f".table-entry[data-table='{table}']")).to_have_count(1)
        expect(page.locator(f".table-entry[data-table='{table}']")).to_have_count(1)


def test_a_number_out_of_range_is_named_by_the_page_in_its_language(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='irono']")
    games = page.locator("#opt-games")
    assert (games.get_attribute("min"), games.get_attribute("max")) == ("1", "20")
    games.fill("-3")
    page.click("#start")
    expect(page.locator("#opt-games-error")).to_have_text(
        "Spiele der Partie: eine ganze Zahl von 1 bis 20, nicht -3")
    expect(games).to_be_focused()
    expect(page).to_have_url(pages.base + "/")
    games.fill("21")
    page.click("#start")
    expect(page.locator("#opt-games-error")).to_have_text(
        "Spiele der Partie: eine ganze Zahl von 1 bis 20, nicht 21")
    games.fill("20")
    expect(page.locator("#opt-games-error")).to_be_hidden()
    page.click(".game-tile[data-game='okey']")
    assert page.locator("#opt-rounds").get_attribute("max") == "500"
    page.click(".game-tile[data-game='koikoi']")
    assert page.locator("#opt-target").get_attribute("min") == "0"
    page.click(".game-tile[data-game='irono']")
    page.click("#start")
    expect(page.locator("#board svg:visible").first).to_be_visible()


def test_a_double_click_on_start_makes_one_table(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='colomino']")
    page.dblclick("#start")
    expect(page.locator("#board svg:visible").first).to_be_visible()
    page.goto(pages.base + "/")
    mine = page.locator("section.card", has=page.get_by_role("heading", name="Your games"))
    expect(mine.locator(".table-entry")).to_have_count(1)
    page.wait_for_timeout(500)
    expect(mine.locator(".table-entry")).to_have_count(1)


def test_somebody_who_chose_to_watch_a_table_with_an_open_seat_may_still_take_it(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    bea.goto(f"{pages.base}/#/join/{table}")
    bea.click("#just-watch")
    expect(bea.locator(".players .player-name")).to_have_text(["Ada", "open seat"])
    bea.click("#watch-take-seat")
    bea.fill("#join-name", "Bea")
    bea.click("#take-seat")
    expect(bea.locator(".players .player-name")).to_have_text(["Ada", "Bea (you)"])
    expect(bea).to_have_url(f"{pages.base}/#/t/{table}")
    expect(ada.locator("#watch-take-seat")).to_have_count(0)

    cy = pages.new()
    cy.goto(f"{pages.base}/#/watch/{table}")
    expect(cy.locator(".players .player-name")).to_have_text(["Ada", "Bea"])
    expect(cy.locator("#watch-take-seat")).to_have_count(0)


def test_a_rematch_somebody_else_started_is_listed_under_your_games(pages: Pages) -> None:
    ada = pages.new()
    first = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = recording(pages)
    join_game(bea, pages.base, first)
    expect(bea.locator("#status")).to_contain_text("Ada to move")
    ada.click("#resign-button")
    ada.click("#resign-yes")
    expect(bea.locator("#status")).to_contain_text("Game over")
    bea.goto(pages.base + "/")
    expect(bea.locator(f".table-entry[data-table='{first}']")).to_be_visible()
    ada.click("#result-rematch")
    ada.wait_for_url(re.compile(r"#/t/(?!" + first + r")\w+"))
    second = ada.url.rsplit("/", 1)[1]
    # Bea holds her seat in the rematch, one seat on: hers to continue, not to watch.
    mine = bea.locator("section.card", has=bea.get_by_role("heading", name="Your games"))
    expect(mine.locator(f".table-entry[data-table='{second}']")).to_be_visible()
    expect(bea.locator(f".table-entry[data-table='{second}']")).to_have_count(1)
    expect(bea.locator(f".table-entry[data-table='{second}'] a.button")).to_have_text("Continue")
    expect(mine.locator(f".table-entry.my-turn[data-table='{second}']")).to_be_visible()
    assert heard(bea) == ["turn"], "the rematch begins with Bea's turn"
    bea.click(f".table-entry[data-table='{second}'] a.button")
    expect(bea.locator(".player.me")).to_have_attribute("data-seat", "0")
    expect(bea.locator("#status")).to_contain_text("Your turn")


def test_the_rematch_of_a_rematch_played_while_one_was_away_is_listed_too(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(bea.locator("#status")).to_contain_text("Ada to move")
    bea.goto("about:blank")
    for _ in range(2):
        expect(ada.locator("#resign-button")).to_be_visible()
        ada.click("#resign-button")
        ada.click("#resign-yes")
        ada.click("#result-rematch")
        ada.wait_for_url(re.compile(r"#/t/(?!" + table + r")\w+"))
        table = ada.url.rsplit("/", 1)[1]
    bea.goto(pages.base + "/")
    mine = bea.locator("section.card", has=bea.get_by_role("heading", name="Your games"))
    expect(mine.locator(f".table-entry[data-table='{table}']")).to_be_visible()


def test_a_refusal_on_show_follows_a_change_of_language(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    expect(page.locator("#start")).to_be_visible()
    page.route("**/api/**", lambda route: route.abort())
    page.click("#start")
    refusal = page.locator(".toast.error").last
    expect(refusal).to_have_text(
        "Der Server ist nicht erreichbar. Läuft spieltisch noch? Versuch es gleich noch einmal.")
    page.unroute("**/api/**")
    page.select_option("#lang", "en")
    english = "The server cannot be reached. Is spieltisch still running? Try again in a moment."
    expect(refusal).to_have_text(english)
    expect(refusal.locator(".toast-dismiss")).to_have_attribute("aria-label", "Dismiss")
    expect(page.locator("#alert")).to_have_text(english)
    pages.errors[:] = [e for e in pages.errors if "net::ERR_FAILED" not in e]
