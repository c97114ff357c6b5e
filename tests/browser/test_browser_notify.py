"""Notifications of your turn while the table's page is hidden: asked for in the ♪ panel,
sent only while hidden, and refused cleanly where the browser refuses them."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from spieltisch.server import live_table

from .browser_harness import (
    NAMED_HOST,
    TURN,
    Pages,
    join_game,
    moved,
    named_chromium,
    own_server,
    start_game,
)

# Notifications are written down instead of shown, and the page is hidden while
# `window.__hidden` is true.
RECORDER = """
window.__notes = [];
window.__hidden = false;
const Shown = window.Notification;
window.Notification = class {
  constructor(title, options) { this.title = title; window.__notes.push({title, ...options}); }
  close() { window.__closed = [...(window.__closed || []), this.title]; }
  static get permission() { return Shown.permission; }
  static requestPermission() { return Shown.requestPermission(); }
};
Object.defineProperty(document, 'hidden', {get: () => window.__hidden});
"""


def notes(page: Page) -> list[dict[str, str]]:
    """The notifications the page has shown: title, body, tag and icon."""
    found: list[dict[str, str]] = page.evaluate("window.__notes")
    return found


def move(page: Page) -> None:
    """Play the first legal move and wait until the table has taken it."""
    moved(page, page.locator(TURN).first.click)


def test_a_hidden_page_is_told_of_its_turn_and_of_a_take_back_to_allow(
        pages: Pages, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_table, "UNDO_AGAIN", 0.5)
    ada = pages.new()
    ada.context.grant_permissions(["notifications"])
    ada.add_init_script(RECORDER)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    ada.click("#sound")
    ada.check("#notify-on")
    expect(ada.locator("#notify-on")).to_be_checked()
    expect(ada.locator("#notify-refused")).to_be_hidden()
    ada.keyboard.press("Escape")
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator(TURN).first).to_be_visible()
    move(ada)
    ada.evaluate("window.__hidden = true")
    expect(bea.locator(TURN).first).to_be_visible()
    move(bea)
    expect(ada.locator(TURN).first).to_be_attached()
    bea.click("#undo-button")
    expect(ada.locator("#undo-allow")).to_be_attached()
    assert notes(ada) == [
        {"title": "Your turn", "body": "Oh-Wah-Ree", "tag": table, "icon": "/static/icon-192.png"},
        {"title": "Bea asks to take back their last move.", "body": "Oh-Wah-Ree", "tag": table,
         "icon": "/static/icon-192.png"}]
    assert ada.evaluate("window.__closed") is None
    # Withdrawn, the request's notification goes; asked again, it comes again.
    bea.click("#undo-withdraw")
    expect(ada.locator("#undo-allow")).to_have_count(0)
    assert ada.evaluate("window.__closed") == ["Bea asks to take back their last move."]
    expect(bea.locator("#undo-button")).not_to_have_attribute("aria-disabled", "true")
    bea.click("#undo-button")
    expect(ada.locator("#undo-allow")).to_be_attached()
    assert len(notes(ada)) == 3
    ada.reload()
    ada.click("#sound")
    expect(ada.locator("#notify-on")).to_be_checked()
    ada.uncheck("#notify-on")
    ada.evaluate("window.__hidden = true")
    ada.click("#undo-allow")
    expect(ada.locator(TURN).first).to_be_hidden()
    expect(bea.locator(TURN).first).to_be_visible()
    move(bea)
    expect(ada.locator(TURN).first).to_be_attached()
    assert notes(ada) == []


def test_a_take_back_notification_goes_when_its_page_leaves_the_table(pages: Pages) -> None:
    ada = pages.new()
    ada.context.grant_permissions(["notifications"])
    ada.add_init_script(RECORDER)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    ada.evaluate("localStorage.setItem('spieltisch.notify', 'on')")
    bea = pages.new()
    join_game(bea, pages.base, table)
    move(bea)
    ada.evaluate("window.__hidden = true")
    bea.click("#undo-button")
    expect(ada.locator("#undo-allow")).to_be_attached()
    assert [note["title"] for note in notes(ada)] == ["Bea asks to take back their last move."]
    ada.evaluate("location.hash = '#/'")
    expect(ada.locator(".game-tile").first).to_be_attached()
    # The lobby cannot answer it: the request's notification does not stay behind.
    assert ada.evaluate("window.__closed") == ["Bea asks to take back their last move."]


def test_a_turn_notification_goes_once_the_turn_is_over_or_the_page_leaves(
        pages: Pages) -> None:
    ada = pages.new()
    ada.context.grant_permissions(["notifications"])
    ada.add_init_script(RECORDER)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    ada.evaluate("localStorage.setItem('spieltisch.notify', 'on')")
    bea = pages.new()
    join_game(bea, pages.base, table)
    ada.evaluate("window.__hidden = true")
    move(bea)
    expect(ada.locator(TURN).first).to_be_attached()
    assert [note["title"] for note in notes(ada)] == ["Your turn"]
    assert ada.evaluate("window.__closed") is None
    # Played (here, or on another device), the turn is no longer told as waiting.
    move(ada)
    assert ada.evaluate("window.__closed") == ["Your turn"]
    move(bea)
    expect(ada.locator(TURN).first).to_be_attached()
    assert [note["title"] for note in notes(ada)] == ["Your turn", "Your turn"]
    ada.evaluate("location.hash = '#/'")
    expect(ada.locator(".game-tile").first).to_be_attached()
    assert ada.evaluate("window.__closed") == ["Your turn", "Your turn"]


def test_a_hidden_lobby_tells_of_a_game_that_became_your_turn(pages: Pages) -> None:
    ada = pages.new(locale="de-DE")
    ada.context.grant_permissions(["notifications"])
    ada.add_init_script(RECORDER)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    ada.evaluate("localStorage.setItem('spieltisch.notify', 'on')")
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(bea.locator(TURN).first).to_be_visible()
    ada.goto(pages.base + "/")
    expect(ada.locator(f".table-entry[data-table='{table}']").first).to_be_visible()
    ada.evaluate("window.__hidden = true")
    bea.locator(TURN).first.click()
    expect(ada.locator(f".table-entry.my-turn[data-table='{table}']").first).to_be_visible(
        timeout=15000)
    assert notes(ada) == [{"title": "Du bist am Zug", "body": "Oh-Wah-Ree", "tag": table,
                           "icon": "/static/icon-192.png"}]


def test_a_refusing_browser_leaves_notifications_off_and_says_so(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.context.grant_permissions([])
    page.add_init_script("""
        Object.defineProperty(Notification, 'permission', {get: () => 'denied'});
    """)
    page.goto(pages.base + "/")
    expect(page.locator(".game-tile").first).to_be_visible()
    page.click("#sound")
    page.click("#notify-on")
    expect(page.locator("#notify-refused")).to_be_visible()
    expect(page.locator("#notify-on")).not_to_be_checked()
    expect(page.locator("#notify-refused")).to_contain_text(
        "Der Browser erlaubt dieser Seite keine Benachrichtigungen")
    assert page.evaluate("localStorage.getItem('spieltisch.notify')") is None


def test_a_page_without_a_secure_address_is_not_offered_notifications(
        browser: Browser, tmp_path: Path) -> None:
    with named_chromium(browser) as named, \
            own_server(named, tmp_path, host=NAMED_HOST) as pages:
        page = pages.new()
        page.goto(pages.base + "/")
        expect(page.locator(".game-tile").first).to_be_visible()
        page.click("#sound")
        expect(page.locator("#sound-on")).to_be_visible()
        expect(page.locator("#notify-on")).to_have_count(0)
