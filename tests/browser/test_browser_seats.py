"""Seats changing hands: computer players step in for an open seat, for a person who has
to go, for one who has been away a while, and the person takes the seat back on return;
a person takes their seat to another device by its link."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .browser_harness import TURN, LiveServer, Pages, join_game, moved, start_game


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A person away for a second counts as absent here."""
    with LiveServer(tmp_path_factory.mktemp("seats"), absent_after=1.0) as server:
        yield server


def names(page: Page) -> list[str]:
    return page.locator(".players .player-name").all_inner_texts()


def play_first_move(page: Page) -> None:
    page.locator(".pit.legal.clickable").first.click()


def test_a_computer_player_takes_the_seat_of_a_friend_who_left_until_they_are_back(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator(".players .player-name")).to_have_text(["Ada (you)", "Bea"])
    expect(ada.locator(".seat-bot")).to_have_count(0)
    play_first_move(ada)
    expect(bea.locator("#status")).to_have_text("Your turn")
    link = bea.url
    bea.goto("about:blank")

    call = ada.locator(".player[data-seat='1'] .seat-bot")
    expect(call).to_have_text("Let a computer play")
    call.click()
    expect(ada.locator("#seat-bot-choice")).to_contain_text("Let a computer play for Bea")
    ada.click("#seat-bot-level-easy")
    expect(ada.locator(".players .player-name")).to_have_text(
        ["Ada (you)", "Bea (computer, Easy)"])
    expect(ada.locator("#status")).to_have_text("Your turn")
    expect(ada.locator("#log li")).to_have_count(2)

    bea.goto(link)
    expect(bea.locator("#banner")).to_contain_text("A computer player (Easy) is playing your seat.")
    expect(bea.locator(".players .player-name")).to_have_text(
        ["Ada", "Bea (computer, Easy) (you)"])
    expect(bea.locator("#undo-button")).to_have_count(0)
    bea.click("#take-seat-back")
    expect(bea.locator("#take-seat-back")).to_have_count(0)
    expect(bea.locator("#undo-button")).to_be_visible()
    expect(ada.locator(".players .player-name")).to_have_text(["Ada (you)", "Bea"])
    play_first_move(ada)
    expect(bea.locator("#status")).to_have_text("Your turn")
    expect(bea.locator("#move-input")).to_be_visible()


def test_the_game_over_no_longer_offers_the_seat_back(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(width=390, height=844)
    join_game(bea, pages.base, table)
    bea.click("#seat-bot-mine")
    bea.click("#seat-bot-level-easy")
    expect(bea.locator("#take-seat-back")).to_be_visible()
    ada.click("#resign-button")
    ada.click("#resign-yes")
    expect(bea.locator("#status")).to_contain_text("Game over")
    expect(bea.locator("#take-seat-back")).to_have_count(0)
    expect(bea.locator("#banner")).not_to_contain_text("is playing your seat")


def test_a_computer_player_fills_an_open_seat_and_plays_for_a_person_who_has_to_go(
        pages: Pages) -> None:
    page = pages.new(width=320, height=740, locale="de-DE")
    start_game(page, pages.base, "oware", ["me", "open"], options={"start": "B"},
               name="Maximiliankowalskischmid")
    call = page.locator(".player[data-seat='1'] .seat-bot")
    expect(call).to_have_text("Computer spielen lassen")
    call.click()
    expect(page.locator("#seat-bot-choice")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.click("#seat-bot-cancel")
    expect(page.locator("#seat-bot-choice")).to_have_count(0)
    expect(call).to_be_focused()
    call.click()
    expect(page.locator("#seat-bot-level-medium")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#seat-bot-choice")).to_have_count(0)
    expect(call).to_be_focused()
    call.click()
    page.click("#seat-bot-level-medium")
    expect(page.locator(".players .player-name")).to_have_text(
        ["Maximiliankowalskischmid (du)", "Computer (Mittel)"])
    expect(page.locator("#status")).to_have_text("Du bist am Zug")
    expect(page.locator("#invite-link")).to_have_count(0)

    page.click("#seat-bot-mine")
    page.keyboard.press("Escape")
    expect(page.locator("#seat-bot-choice")).to_have_count(0)
    expect(page.locator("#seat-bot-mine")).to_be_focused()
    page.click("#seat-bot-mine")
    page.click("#seat-bot-level-easy")
    expect(page.locator("#banner")).to_contain_text("Ein Computer (Leicht) spielt deinen Platz.")
    expect(page.locator("#seat-bot-mine")).to_have_text("Stärke ändern")
    page.click("#seat-bot-mine")
    expect(page.locator("#seat-bot-level-easy")).to_be_disabled()
    expect(page.locator("#seat-bot-level-medium")).to_be_focused()
    page.click("#seat-bot-level-hard")
    expect(page.locator("#banner")).to_contain_text("Ein Computer (Schwer) spielt deinen Platz.")
    expect(page.locator("#log li").nth(3)).to_be_attached()
    page.click("#take-seat-back")
    expect(page.locator("#seat-bot-mine")).to_have_text("Computer für mich spielen lassen")


def test_a_person_takes_their_seat_to_another_device_by_its_link_and_can_renew_it(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    ada.click("#device-button")
    field = ada.locator("#device-link")
    expect(field).to_be_focused()
    expect(ada.locator("#device-choice")).to_contain_text("keep it to yourself")
    link = field.input_value()
    assert link.startswith(f"{pages.base}/#/seat/{table}/")
    ada.keyboard.press("Escape")
    expect(ada.locator("#device-choice")).to_have_count(0)
    expect(ada.locator("#device-button")).to_be_focused()

    phone = pages.new(width=320, height=740, locale="de-DE")
    phone.goto(link)
    expect(phone.locator(".players .player-name")).to_have_text(
        ["Ada (du)", "Computer (Leicht)"])
    assert phone.url == f"{pages.base}/#/t/{table}"
    expect(phone.locator("#status")).to_have_text("Du bist am Zug")
    play_first_move(phone)
    expect(ada.locator("#log li").first).to_be_attached()
    phone.click("#device-button")
    expect(phone.locator("#device-choice")).to_contain_text("Gib ihn nicht weiter.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 320
    expect(phone.locator("#device-link")).to_have_value(link)
    phone.click("#device-close")
    expect(phone.locator("#device-button")).to_be_focused()

    tab = phone.context.new_page()
    tab.goto(f"{pages.base}/#/t/{table}")
    expect(tab.locator("#device-button")).to_be_visible()
    phone.click("#device-button")
    phone.click("#device-new-key")
    expect(phone.locator(".toast").last).to_have_text(
        "Das ist der neue Link zu deinem Platz; der alte gilt nirgends mehr.")
    expect(phone.locator("#device-link")).not_to_have_value(link)
    new_link = phone.locator("#device-link").input_value()
    assert new_link.startswith(f"{pages.base}/#/seat/{table}/")
    expect(ada.locator(".toast.error").last).to_have_text(
        "Your seat got a new link on another device; here you are watching now.")
    expect(ada.locator("#status")).to_contain_text("watching")
    expect(ada.locator("#device-button")).to_have_count(0)
    tab.click("#device-button")
    expect(tab.locator("#device-link")).to_have_value(new_link)
    ada.reload()
    expect(ada.locator("#status")).to_contain_text("watching")
    expect(ada.locator(".players .player-name")).to_have_text(["Ada", "Computer (Easy)"])
    ada.goto(pages.base + "/")
    expect(ada.locator("#start")).to_be_visible()
    expect(ada.locator(f".table-entry[data-table='{table}'] a.button")).to_have_text("Watch")

    phone.goto(pages.base + "/")
    mine = phone.locator("section", has=phone.get_by_role("heading", name="Deine Spiele"))
    expect(mine.locator(f".table-entry[data-table='{table}'] a.button.primary")).to_have_text(
        "Weiterspielen")

    stranger = pages.new()
    stranger.goto(link)
    expect(stranger.locator(".toast.error")).to_contain_text(
        "Your seat key is not valid for this table; you are watching.")
    expect(stranger.locator("#status")).to_contain_text("watching")
    expect(stranger.locator("#device-button")).to_have_count(0)
    stranger.goto(pages.base + "/")
    expect(stranger.locator("#start")).to_be_visible()
    listed = stranger.locator(f".table-entry[data-table='{table}'] a.button")
    expect(listed).to_have_text("Watch")


def test_a_new_link_in_the_rematch_opens_the_game_before_it_too(pages: Pages) -> None:
    ada = pages.new()
    first = start_game(ada, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    ada.click("#resign-button")
    ada.click("#resign-yes")
    ada.click("#result-rematch")
    ada.wait_for_url(re.compile(r"#/t/(?!" + first + r")\w+"))
    second = ada.url.rsplit("/", 1)[1]
    expect(ada.locator(".player.me")).to_have_attribute("data-seat", "1")
    ada.click("#device-button")
    old_link = ada.locator("#device-link").input_value()
    ada.click("#device-new-key")
    expect(ada.locator("#device-link")).not_to_have_value(old_link)
    ada.goto(f"{pages.base}/#/t/{first}")
    expect(ada.locator(".player.me")).to_have_attribute("data-seat", "0")
    expect(ada.locator("#status")).not_to_contain_text("watching")
    stranger = pages.new()
    stranger.goto(old_link.replace(second, first))
    expect(stranger.locator(".toast.error")).to_contain_text(
        "Your seat key is not valid for this table; you are watching.")


def test_a_take_back_request_is_alerted_once_however_often_the_table_changes(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator(TURN).first).to_be_visible()
    moved(ada, lambda: ada.locator(TURN).first.click())
    ada.click("#undo-button")
    alert = bea.locator("#banner [role='alert']")
    expect(alert).to_have_count(1)
    alert.evaluate("(el) => { el.dataset.first = 'yes'; }")
    bea.evaluate("""() => {
      window.__statusSaid = 0;
      new MutationObserver(() => { window.__statusSaid += 1; }).observe(
        document.querySelector('#status'), {childList: true, characterData: true,
                                            subtree: true});
    }""")
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator("#board svg").first).to_be_visible()
    ada.reload()
    bea.wait_for_timeout(1000)
    expect(alert).to_have_count(1)
    expect(alert).to_have_attribute("data-first", "yes")
    assert bea.evaluate("window.__statusSaid") == 0, "the same status was said again"


def test_handing_ones_seat_on_while_asking_to_take_back_says_it_was_ones_doing(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    expect(ada.locator(TURN).first).to_be_visible()
    moved(ada, lambda: ada.locator(TURN).first.click())
    ada.click("#undo-button")
    expect(bea.locator("#undo-allow")).to_be_visible()
    ada.click("#seat-bot-mine")
    ada.click("#seat-bot-level-easy")
    expect(ada.locator(".toast").filter(has_text="take-back")).to_have_text(
        "You handed your seat to the computer; your take-back request was dropped.")
    expect(bea.locator(".toast").filter(has_text="Zurücknahme")).to_have_text(
        "Ein Platz hat den Spieler gewechselt; die Bitte um Zurücknahme ist hinfällig.")


def test_a_seat_link_cut_short_opens_the_table_and_says_its_key_is_missing(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    ada.goto(f"{pages.base}/#/seat/{table}")   # this browser holds the seat: it plays on
    expect(ada.locator("#device-button")).to_be_visible()
    assert ada.url == f"{pages.base}/#/t/{table}"
    phone = pages.new(width=320, height=740, locale="de-DE")
    phone.goto(f"{pages.base}/#/seat/{table}/")
    expect(phone.locator(".toast").last).to_have_text(
        "Diesem Link zu einem Platz fehlt sein Schlüssel (ist sein Ende abgeschnitten?); "
        "du schaust zu.")
    expect(phone.locator(".players .player-name")).to_have_text(["Ada", "Computer (Leicht)"])
    assert phone.url == f"{pages.base}/#/t/{table}"


def test_no_two_seats_read_alike_even_with_names_kept_from_before(pages: Pages) -> None:
    """Names like the table's own ("Spieler 1") are refused now, but tables and records
    kept from before may have them."""
    for locale, words in (("en-US", ["Player 1", "player 1 2", "Computer (Easy)",
                                     "computer (easy) 2", "open seat"]),
                          ("de-DE", ["Spieler 1", "spieler 1 2", "Computer (Leicht)",
                                     "computer (leicht) 2", "freier Platz"])):
        page = pages.new(locale=locale)
        page.goto(pages.base + "/")
        shown = page.evaluate("""async (typed) => {
          const {seatName} = await import('/static/lobby.js');
          const seats = [{kind: 'human', name: ''}, {kind: 'human', name: typed[0]},
                         {kind: 'bot', level: 'easy'}, {kind: 'human', name: typed[1]},
                         {kind: 'open', name: ''}];
          return seats.map((seat, i) => seatName(seat, i, seats));
        }""", [words[1].rsplit(" ", 1)[0], words[3].rsplit(" ", 1)[0]])
        assert shown == words, locale


SAID_STATUS = """(id) => {
  window.__said = [];
  const note = () => {
    const text = document.getElementById(id)?.textContent;
    if (text && text !== window.__said[window.__said.length - 1]) window.__said.push(text);
  };
  new MutationObserver(note).observe(document.body,
    {childList: true, subtree: true, characterData: true});
  note();
}"""


def test_a_computer_player_at_ones_own_seat_is_never_ones_turn_nor_in_the_rematch(
        pages: Pages) -> None:
    ada = pages.new()
    first = start_game(ada, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    ada.evaluate(SAID_STATUS, "status")
    ada.click("#seat-bot-mine")
    ada.click("#seat-bot-level-easy")
    expect(ada.locator("#status")).to_contain_text("Game over", timeout=60000)
    said = ada.evaluate("window.__said")
    assert "Ada (computer, Easy) is thinking…" in said
    assert "Your turn" not in said[1:], said
    ada.click("#result-rematch")
    ada.wait_for_url(re.compile(r"#/t/(?!" + first + r")\w+"))
    expect(ada.locator("#take-seat-back")).to_be_visible()
    ada.evaluate(SAID_STATUS, "status")
    expect(ada.locator("#log li").nth(3)).to_be_attached()
    said = ada.evaluate("window.__said")
    assert "Your turn" not in said, said
    ada.click("#take-seat-back")
    expect(ada.locator("#status")).to_have_text("Your turn")


def test_the_lobby_does_not_call_it_your_turn_while_a_computer_plays_your_seat(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    ada.click("#seat-bot-mine")
    ada.click("#seat-bot-level-easy")
    expect(ada.locator("#take-seat-back")).to_be_visible()
    summary = ada.request.get(f"{pages.base}/api/tables/{table}").json()
    assert summary["seats"][0]["stand_in"]
    # Caught at the moment the computer player is to move for Ada.
    ada.route(f"**/api/tables/{table}", lambda route: route.fulfill(json={**summary,
                                                                         "to_move": 0}))
    ada.goto(pages.base + "/")
    entry = ada.locator(f".table-entry[data-table='{table}']").first
    expect(entry.locator(".entry-status")).to_contain_text("Playing")
    expect(entry).not_to_have_class(re.compile("my-turn"))


def test_screen_readers_hear_the_moves_a_computer_player_makes_at_ones_seat(
        pages: Pages) -> None:
    ada = pages.new()
    start_game(ada, pages.base, "oware", ["me", "bot:easy"], options={"start": "B"})
    expect(ada.locator("#log li")).to_have_count(1)
    ada.evaluate(SAID_STATUS, "announce")
    ada.click("#seat-bot-mine")
    ada.click("#seat-bot-level-easy")
    expect(ada.locator("#log li").nth(4)).to_be_attached()
    said = " ".join(ada.evaluate("window.__said"))
    assert re.search(r"Ada \(computer, Easy\): A\d", said), said


def test_a_take_back_waits_for_the_person_a_computer_player_stands_in_for_by_name(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open", "open"], players=3,
                       options={"start": "A"})
    bea, cem = pages.new(), pages.new()
    join_game(bea, pages.base, table, "Bea")
    join_game(cem, pages.base, table, "Cem")
    expect(cem.locator("#seat-bot-mine")).to_be_visible()
    cem.click("#seat-bot-mine")
    cem.click("#seat-bot-level-easy")
    expect(ada.locator(".players")).to_contain_text("Cem (computer, Easy)")
    ada.locator(".pit.legal.clickable").first.click()   # a pit, then its direction
    moved(ada, lambda: ada.locator(TURN).last.click())
    ada.click("#undo-button")
    expect(ada.locator("#banner")).to_contain_text("Waiting for Bea and Cem to agree…")
    cem.click("#undo-refuse")
    expect(ada.locator(".toast").last).to_have_text("Cem refused the take-back.")


def test_before_the_game_a_computer_player_stands_in_for_a_friend_who_left(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "okey", ["me", "open", "open", "open"],
                       players=4)
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(bea.locator("#seat-bot-mine")).to_have_text("Let a computer play for me")
    link = bea.url
    bea.goto("about:blank")
    call = ada.locator(".player[data-seat='1'] .seat-bot")
    expect(call).to_have_text("Let a computer play")
    call.click()
    ada.click("#seat-bot-level-easy")
    expect(ada.locator(".player[data-seat='1'] .player-name")).to_have_text(
        "Bea (computer, Easy)")
    bea.goto(link)
    expect(bea.locator("#banner")).to_contain_text("A computer player (Easy) is playing your seat.")
    bea.click("#take-seat-back")
    expect(ada.locator(".player[data-seat='1'] .player-name")).to_have_text("Bea")

    # Gone again, her seat may be opened for somebody else; so may a computer player's.
    bea.goto("about:blank")
    expect(call).to_have_text("Let a computer play")
    call.click()
    ada.click("#seat-open")
    expect(ada.locator(".toast")).to_contain_text("everything was dealt afresh")
    expect(ada.locator(".player[data-seat='1'] .player-name")).not_to_have_text("Bea")
    expect(call).to_have_text("Let a computer play")
    ada.locator(".player[data-seat='2'] .seat-bot").click()
    ada.click("#seat-bot-level-easy")
    reopen = ada.locator(".player[data-seat='2'] .seat-bot")
    expect(reopen).to_have_text("Open the seat")
    reopen.click()
    expect(reopen).to_have_text("Let a computer play")
    bea.goto(link)
    expect(bea.locator(".toast")).to_contain_text("you are watching")
    join_game(bea, pages.base, table, "Cem")
    expect(ada.locator(".player[data-seat='1'] .player-name")).to_have_text("Cem")
