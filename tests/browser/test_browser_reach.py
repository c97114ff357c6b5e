"""Links for other devices in a page opened on the server's own computer: they carry the
server's network address, or the page says that only this computer can open them."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from spieltisch.server.reach import Reach

from .browser_harness import CHROMIUM, CHROMIUM_ARGS, LiveServer, Pages, start_game

NETWORK = "http://192.0.2.7:8000"


def test_links_for_other_devices_carry_the_servers_network_address(
        browser: Browser, tmp_path: Path) -> None:
    with LiveServer(tmp_path, reach=Reach(origin=NETWORK)) as server:
        pages = Pages(browser, server.url)
        page = pages.new()
        table = start_game(page, server.url, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{NETWORK}/#/join/{table}")
        page.click("#device-button")
        assert page.locator("#device-link").input_value().startswith(
            f"{NETWORK}/#/seat/{table}/")
        expect(page.locator(".only-here")).to_have_count(0)
        assert not pages.errors
        pages.close()


def test_a_page_opened_by_another_name_keeps_its_own_address_in_its_links(
        browser: Browser, tmp_path: Path) -> None:
    named = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP spieltisch.test 127.0.0.1"])
    with LiveServer(tmp_path, reach=Reach(origin=NETWORK)) as server:
        base = server.url.replace("127.0.0.1", "spieltisch.test")
        pages = Pages(named, base)
        page = pages.new()
        table = start_game(page, base, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{base}/#/join/{table}")
        pages.close()
    named.close()


def test_a_server_for_this_computer_alone_says_its_links_work_only_here(
        browser: Browser, tmp_path: Path) -> None:
    with LiveServer(tmp_path, reach=Reach(local=True)) as server:
        pages = Pages(browser, server.url)
        page = pages.new()
        table = start_game(page, server.url, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{server.url}/#/join/{table}")
        expect(page.locator(".banner.invite .only-here")).to_contain_text(
            "Only this computer can open this link")
        watcher = pages.new(locale="de-DE")
        watcher.goto(f"{server.url}/#/watch/{table}")
        expect(watcher.locator(".banner.invite .only-here")).to_contain_text(
            "Nur dieser Computer kann diesen Link öffnen")
        page.click("#device-button")
        expect(page.locator("#device-choice .only-here")).to_contain_text("HOST=0.0.0.0")
        assert not pages.errors
        pages.close()


def test_a_server_that_says_nothing_of_its_reach_adds_no_words(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    table = start_game(page, pages.base, "oware", ["me", "open"])
    expect(page.locator("#invite-link")).to_have_value(f"{pages.base}/#/join/{table}")
    page.click("#device-button")
    expect(page.locator("#device-choice")).to_be_visible()
    expect(page.locator(".only-here")).to_have_count(0)
