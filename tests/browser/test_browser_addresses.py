"""Addresses the page does not know: typed without the ``#``, or naming no page."""

from __future__ import annotations

from playwright.sync_api import expect

from .browser_harness import Pages, start_game


def test_a_table_address_without_its_hash_opens_the_table(pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "oware", ["me", "bot:easy"])
    page.goto(f"{pages.base}/t/{table}")
    expect(page).to_have_url(f"{pages.base}/#/t/{table}")
    expect(page.locator("#board svg:visible").first).to_be_visible()


def test_an_unknown_address_says_so_in_the_pages_language_over_the_lobby(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/#/nonsense")
    expect(page.locator("#unknown-address")).to_have_text(
        "There is no page at the address #/nonsense; here is the lobby.")
    expect(page.locator("#start")).to_be_visible()
    page.select_option("#lang", "de")
    expect(page.locator("#unknown-address")).to_have_text(
        "Unter der Adresse #/nonsense gibt es keine Seite; hier ist die Lobby.")
    page.click(".topbar nav a[href='#/']")
    expect(page.locator("#unknown-address")).to_have_count(0)

    german = pages.new(locale="de-DE")
    german.goto(pages.base + "/no/such/page")
    expect(german.locator("#unknown-address")).to_have_text(
        "Unter der Adresse /no/such/page gibt es keine Seite; hier ist die Lobby.")
    expect(german).to_have_url(pages.base + "/")
    german.click(".game-tile[data-game='okey']")
    german.click("#start")
    expect(german.locator("#board svg:visible").first).to_be_visible()
    expect(german.locator("#unknown-address")).to_have_count(0)
    pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]


def test_a_rules_address_of_no_game_says_so_instead_of_another_games_rules(
        pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/#/rules/nonsense")
    expect(page.locator("#unknown-address")).to_have_text(
        "There is no game nonsense; choose one of the games above.")
    expect(page.locator(".rules-page article")).to_have_count(0)
    expect(page.locator(".rules-page nav.tabs a")).to_have_count(5)
    page.select_option("#lang", "de")
    expect(page.locator("#unknown-address")).to_have_text(
        "Es gibt kein Spiel nonsense; wähle oben eines der Spiele.")
    page.click(".rules-page nav.tabs a[href='#/rules/okey']")
    expect(page.locator("#rules-okey")).to_be_visible()
    expect(page.locator("#unknown-address")).to_have_count(0)
    page.goto(pages.base + "/#/rules")
    expect(page.locator("#rules-oware")).to_be_visible()
    expect(page.locator("#unknown-address")).to_have_count(0)
    page.goto(pages.base + "/#/rules/OKEY")
    expect(page.locator("#rules-okey")).to_be_visible()
    expect(page.locator("#unknown-address")).to_have_count(0)


def test_a_page_named_after_the_hash_of_an_unknown_address_is_shown_without_a_warning(
        pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "oware", ["me", "bot:easy"])
    page.goto(f"{pages.base}/foo#/t/{table}")
    expect(page.locator("#board svg:visible").first).to_be_visible()
    expect(page).to_have_url(f"{pages.base}/#/t/{table}")
    expect(page.locator("#unknown-address")).to_have_count(0)
    page.goto(f"{pages.base}/foo#/nonsense")
    expect(page.locator("#unknown-address")).to_have_text(
        "There is no page at the address /foo; here is the lobby.")
    pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]
