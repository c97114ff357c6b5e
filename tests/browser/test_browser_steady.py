"""The board stays put on a phone as the turn passes (in German too, beside *Take back* and
*Resign*): the status, the clock and the hint
keep their lines whether or not they have something to say."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .browser_harness import LiveServer, Pages, join_game, start_game


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Computer players think for two seconds here, long enough to look at the page."""
    with LiveServer(tmp_path_factory.mktemp("steady"), bot_pause=2.0) as server:
        yield server


def board_top(page: Page) -> float:
    box = page.locator("#board").bounding_box()
    assert box is not None
    return box["y"]


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(390, 844, "en-GB"), (360, 640, "de-DE"), (320, 568, "de-DE")])
def test_the_board_stays_put_while_a_computer_player_thinks(pages: Pages, width: int,
                                                            height: int, locale: str) -> None:
    page = pages.new(width=width, height=height, locale=locale, phone=width < 390)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"},
               move_seconds=60)
    status = page.locator("#status")
    german = locale == "de-DE"
    expect(status).to_have_text("Du bist am Zug" if german else "Your turn")
    expect(page.locator("#hint")).not_to_be_empty()
    expect(page.locator("#clock")).to_be_visible()
    mine = board_top(page)
    page.locator(".pit.legal.clickable").first.click()
    expect(status).to_have_text("Computer (Leicht) überlegt …" if german
                                else "Computer (Easy) is thinking…")
    expect(page.locator("#hint")).to_be_empty()
    expect(page.locator("#clock")).not_to_be_visible()
    assert board_top(page) == mine
    expect(status).to_have_text("Du bist am Zug" if german else "Your turn")
    assert board_top(page) == mine
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_board_stays_put_while_a_friend_moves(pages: Pages) -> None:
    ada = pages.new(width=390, height=844, locale="de-DE")
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    status = ada.locator("#status")
    expect(status).to_have_text("Du bist am Zug")
    hint = ada.locator("#hint")
    expect(hint).not_to_be_empty()
    mine = board_top(ada)
    ada.locator(".pit.legal.clickable").first.click()
    expect(status).to_have_text("Bea ist am Zug")
    expect(hint).to_be_empty()
    assert board_top(ada) == mine
