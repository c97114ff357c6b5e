"""Resigning from the web table: asked once more, then the game ends, the result says who
resigned, and the replay ends with it."""

from __future__ import annotations

import json
import re

from playwright.sync_api import WebSocketRoute, expect

from .browser_harness import Pages, join_game, moved, start_game


def test_a_person_resigns_against_the_computer_after_thinking_twice(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    moved(page, lambda: page.locator(".pit.legal.clickable").first.click())
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
    page.click("#resign-button")
    expect(page.locator("#resign-choice")).to_contain_text(
        "Resign this game? It ends now, and you come last.")
    expect(page.locator("#resign-button")).to_have_count(0)
    expect(page.locator("#resign-no")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#resign-choice")).to_have_count(0)
    expect(page.locator("#resign-button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#resign-no")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#resign-choice")).to_have_count(0)
    expect(page.locator("#resign-button")).to_be_focused()
    expect(page.locator("#status")).to_have_text("Your turn")
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator("#result-title")).to_have_text("Ada resigned · Computer (Easy) wins")
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#resign-button")).to_have_count(0)
    expect(page.locator("#undo-button")).to_be_disabled()
    expect(page.locator(".move")).to_have_count(0)
    page.click("#result-replay")
    expect(page.locator("#status")).to_have_text(
        "Position 3 of 3 · Ada resigned · Computer (Easy) wins")


def test_at_a_table_of_friends_the_one_who_resigns_loses_in_german(pages: Pages) -> None:
    ada = pages.new(width=320, height=740, locale="de-DE")
    table = start_game(ada, pages.base, "irono", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator("#resign-button")).to_have_text("Aufgeben")
    ada.click("#resign-button")
    expect(ada.locator("#resign-choice")).to_contain_text("Dieses Spiel aufgeben?")
    assert ada.evaluate("document.documentElement.scrollWidth") <= 320
    ada.click("#resign-yes")
    expect(bea.locator("#result-title")).to_have_text("Ada resigned · Bea wins")
    expect(ada.locator("#result-title")).to_have_text("Ada hat aufgegeben · Bea gewinnt")


def test_resigning_among_three_computers_names_them_winners_together(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "okey", ["me", "bot:easy", "bot:easy", "bot:easy"],
               players=4)
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator("#result-title")).to_have_text(
        "Ada resigned · Computer 1 (Easy), Computer 2 (Easy) and Computer 3 (Easy) win")
    page.select_option("#lang", "de")
    expect(page.locator("#result-title")).to_have_text(
        "Ada hat aufgegeben · Computer 1 (Leicht), Computer 2 (Leicht) und "
        "Computer 3 (Leicht) gewinnen")


def test_a_refused_rematch_is_forgotten_when_the_other_starts_one_later(pages: Pages) -> None:
    ada = pages.new()

    def refuse_rematch(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "rematch":
                ws.send(json.dumps({"type": "error", "code": "too_many_tables",
                                    "message": "too many new tables from your address"}))
            else:
                server.send(message)

        ws.on_message(from_page)

    ada.route_web_socket(re.compile(r".*/ws.*"), refuse_rematch)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator("#resign-button")).to_be_visible()
    ada.click("#resign-button")
    ada.click("#resign-yes")
    ada.click("#result-rematch")
    expect(ada.locator(".toast.error")).to_contain_text("Too many new tables")
    bea.click("#result-rematch")
    bea.wait_for_url(re.compile(r"#/t/(?!" + table + r")\w+"))
    expect(ada.locator("#go-rematch")).to_be_visible()
    ada.wait_for_timeout(500)
    assert ada.url.endswith(f"#/t/{table}")


def test_a_rematch_asked_for_while_offline_is_forgotten(pages: Pages) -> None:
    ada = pages.new()
    routes: list[WebSocketRoute] = []
    cut = [False]

    def connect(ws: WebSocketRoute) -> None:
        if cut[0]:
            ws.close()
            return
        routes.append(ws)
        ws.connect_to_server()

    ada.route_web_socket(re.compile(r".*/ws.*"), connect)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(ada.locator("#resign-button")).to_be_visible()
    ada.click("#resign-button")
    ada.click("#resign-yes")
    expect(ada.locator("#result-rematch")).to_be_visible()
    cut[0] = True
    routes[-1].close()
    expect(ada.locator("#banner")).to_contain_text("Connection lost")
    ada.click("#result-rematch")
    expect(ada.locator(".toast.error")).to_contain_text("Connection lost")
    cut[0] = False
    expect(ada.locator("#banner")).not_to_contain_text("Connection lost", timeout=15000)
    bea.click("#result-rematch")
    expect(ada.locator("#go-rematch")).to_be_visible()
    ada.wait_for_timeout(500)
    assert ada.url.endswith(f"#/t/{table}")


def test_resigning_a_match_of_several_games_asks_about_the_match(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"], preset="match",
               options={"start": "A"})
    page.click("#resign-button")
    expect(page.locator("#resign-choice")).to_contain_text(
        "Resign this match? It ends now, and you come last.")
    page.select_option("#lang", "de")
    expect(page.locator("#resign-choice")).to_contain_text("Diese Partie aufgeben?")
