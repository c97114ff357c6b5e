"""Time per move in the page: chosen in the lobby, shown there and counted down at the
table; the person whose time runs short is warned (in words, for screen readers, and
with a sound), and when it runs out a computer player moves for them and they play on."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from .browser_harness import TURN, Pages, heard, moved, recording, start_game
from .test_browser_contrast import low_contrast

CLOCK = re.compile(r"^(\d+):(\d\d) left$")


def seconds_left(text: str) -> int:
    found = CLOCK.match(text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def test_a_time_per_move_is_chosen_in_the_lobby_and_counts_down_at_the_table(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    expect(page.locator("label[for='move-seconds']")).to_have_text("Time per move")
    expect(page.locator("#move-seconds option")).to_have_text(
        ["No limit", "30 s", "1 min", "2 min", "5 min"])
    expect(page.locator("#move-seconds")).to_have_accessible_description(
        "When a person’s time runs out, a computer player (Easy) makes that move for them.")
    table = start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"},
                       move_seconds=60)
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    expect(clock).to_have_attribute("role", "timer")
    expect(clock).to_have_class(re.compile(r"\bmine\b"))
    first = seconds_left(clock.inner_text())
    assert 50 <= first <= 60
    page.wait_for_function("(s) => document.querySelector('#clock').textContent !== s",
                           arg=clock.inner_text(), timeout=3000)
    assert seconds_left(clock.inner_text()) < first, "the clock counts down"
    assert "hurry" not in (clock.get_attribute("class") or "")

    page.goto(pages.base + "/")
    entry = page.locator(f".table-entry[data-table='{table}'] .entry-status").first
    expect(entry).to_have_text("Your turn · 0 moves · 1 min a move")
    page.select_option("#lang", "de")
    expect(entry).to_have_text("Du bist am Zug · 0 Züge · 1 Min. pro Zug")
    expect(page.locator("#move-seconds option").first).to_have_text("Ohne Limit")

    page.goto(f"{pages.base}/#/t/{table}")
    expect(page.locator("#clock")).to_have_text(re.compile(r"^noch 0:[0-5]\d$"))

    waiting = start_game(page, pages.base, "koikoi", ["me", "open"], move_seconds=30)
    friend = pages.new()
    friend.goto(f"{pages.base}/#/join/{waiting}")
    expect(friend.locator(".join-card .muted").first).to_have_text(
        "Koi-Koi (rulebook) · 30 s a move")


def test_a_person_out_of_time_is_warned_then_a_computer_player_moves_for_them(
        pages: Pages) -> None:
    made = httpx.post(f"{pages.base}/api/tables", json={
        "game": "oware", "options": {"start": "A"}, "name": "Ada",
        "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
        "move_seconds": 13}).json()
    page = recording(pages)
    page.goto(f"{pages.base}/#/seat/{made['id']}/{made['token']}")
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{made['id']}")
    clock = page.locator("#clock")
    expect(clock).to_have_class(re.compile(r"\bmine\b"))
    assert seconds_left(clock.inner_text()) > 10
    expect(watcher.locator("#clock")).to_be_visible()
    expect(watcher.locator("#clock")).not_to_have_class(re.compile(r"\bmine\b"))

    expect(clock).to_have_class(re.compile(r"\bhurry\b"), timeout=8000)
    expect(page.locator("#announce")).to_have_text(
        re.compile(r"^Only (10|9) seconds left for your move$"))
    assert heard(page) == ["hurry"]
    assert low_contrast(page) == []
    page.locator("#theme").click()
    assert low_contrast(page) == []
    expect(watcher.locator("#clock")).not_to_have_class(re.compile(r"\bhurry\b"))

    toasts = page.locator("#toasts .toast")
    expect(toasts.filter(has_text="Your time ran out: a computer player (Easy) made your "
                                  "move.")).to_have_count(1, timeout=15000)
    expect(watcher.locator("#toasts .toast").filter(
        has_text="Time ran out for Ada: a computer player (Easy) made the move.")
    ).to_have_count(1)
    log = page.locator("#log li")
    expect(log).to_have_count(2)  # Ada's move, made for her, and the reply
    expect(log.first.locator(".timed-out")).to_have_text("(time ran out)")
    expect(watcher.locator("#log li").first.locator(".timed-out")).to_have_text(
        "(time ran out)")
    expect(log.nth(1).locator(".timed-out")).to_have_count(0)
    expect(clock).not_to_have_class(re.compile(r"\bhurry\b"))
    assert seconds_left(clock.inner_text()) > 10, "a new move, a new clock"
    expect(page.locator("#status")).to_have_text("Your turn")
    assert low_contrast(page) == []

    # Looking back, the move is not Ada's to ask the expert about.
    page.click("#resign-button")
    page.click("#resign-yes")
    page.goto(f"{pages.base}/#/replay/{made['id']}")
    card = page.locator("#advice-card")
    expect(card).to_contain_text("At a move of yours")
    page.keyboard.press("Home")
    expect(card.locator("#advice-timed-out")).to_have_text(re.compile(
        r"^Your time ran out here: a computer player played A\d for you\.$"))
    expect(card.locator("#advice-ask")).to_have_count(0)
    expect(card.locator("#advice-all")).to_have_count(0)
    replay_log = page.locator("#log li")
    expect(replay_log.first.locator(".timed-out")).to_have_text("(time ran out)")
    expect(replay_log.nth(1).locator(".timed-out")).to_have_count(0)


def test_a_take_back_request_lapses_in_words_when_the_time_of_the_person_asked_runs_out(
        pages: Pages) -> None:
    made = httpx.post(f"{pages.base}/api/tables", json={
        "game": "oware", "options": {"start": "A"}, "name": "Ada",
        "seats": [{"kind": "me"}, {"kind": "open"}], "move_seconds": 4}).json()
    bea_token = httpx.post(f"{pages.base}/api/tables/{made['id']}/join",
                           json={"name": "Bea"}).json()["token"]
    ada, bea = pages.new(), pages.new()
    ada.goto(f"{pages.base}/#/seat/{made['id']}/{made['token']}")
    bea.goto(f"{pages.base}/#/seat/{made['id']}/{bea_token}")
    expect(bea.locator("#status")).to_have_text("Ada to move")
    moved(ada, lambda: ada.locator(TURN).first.click())
    ada.click("#undo-button")
    expect(bea.locator("#undo-allow")).to_be_attached()
    toast = ("Time ran out for Bea: a computer player (Easy) made the move. "
             "The take-back request lapsed.")
    expect(ada.locator("#toasts .toast").filter(has_text=toast)).to_have_count(1)
    expect(ada.locator("#toasts .toast").filter(has_text="played on")).to_have_count(0)
    expect(bea.locator("#undo-allow")).to_have_count(0)
    expect(ada.locator("#status")).to_have_text("Your turn")
