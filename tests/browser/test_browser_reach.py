"""Links for other devices: from a page opened on the server's own computer they carry the
server's network address, or the page says that only this computer can open them; a
phone's camera reads them from their QR codes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import segno
import zxingcpp
from playwright.sync_api import Browser, Locator, Page, expect

from spieltisch.server.reach import Reach

from .browser_harness import NAMED_HOST, Pages, named_chromium, own_server, start_game

NETWORK = "http://192.0.2.7:8000"

SCANNED = """async (selector) => {
  const code = document.querySelector(selector);
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(code)],
    {type: 'image/svg+xml'}));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 400;
  const pen = canvas.getContext('2d');
  pen.drawImage(image, 0, 0, 400, 400);
  return [...pen.getImageData(0, 0, 400, 400).data].filter((_, i) => i % 4 === 0);
}"""
"""The grey levels of the SVG image at a selector, drawn 400 pixels square."""

MODULES = """async ([text, mask]) => {
  const {qrModules} = await import('/static/qr.js');
  const code = qrModules(text, mask);
  return code && {...code, modules: code.modules.map((row) => row.map(Number).join(''))};
}"""
"""The page's QR code of a text with a mask (null: the one it prefers)."""

LINK = "http://192.168.1.23:8000/#/seat/AbCdEfGh/" + "kLmNoPqRsTuVwXyZ0123456789_-" * 8
"""A link long enough to fill the largest QR code the page draws."""


def scanned(page: Page, selector: str) -> str:
    """What a camera reads from the QR code at `selector`."""
    grey = np.array(page.evaluate(SCANNED, selector), dtype=np.uint8).reshape(400, 400)
    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} codes read"
    return str(found[0].text)


def filling(version: int) -> str:
    """A text that fills a QR code of `version` at level M to its last bit."""
    data = [16, 28, 44, 64, 86, 108, 124, 154, 182, 216][version - 1]
    return LINK[:data - (2 if version < 10 else 3)]


def test_each_qr_code_is_module_for_module_the_standards(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    for version in range(1, 11):
        text = filling(version)
        for mask in range(8):
            code = page.evaluate(MODULES, [text, mask])
            made = segno.make_qr(text.encode(), error="m", version=version, mask=mask,
                                 mode="byte", boost_error=False)
            assert code["version"] == version and code["mask"] == mask
            assert code["modules"] == ["".join(map(str, row)) for row in made.matrix], \
                (version, mask)
    assert page.evaluate(MODULES, [LINK[:214], None]) is None


@pytest.mark.parametrize("text", [
    LINK[:1], LINK[:20], LINK[:47], LINK[:100], LINK[:150], LINK[:213],
    "Tisch für Ada, Bea und Özlem: ♠ ♥ ♦ ♣"])
def test_a_camera_reads_each_qr_code_back(pages: Pages, text: str) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    page.evaluate("""async (text) => {
        const {qrCode} = await import('/static/qr.js');
        document.body.append(qrCode(text, 'code'));
    }""", text)
    assert scanned(page, "svg.qr") == text


def test_links_for_other_devices_carry_the_servers_network_address(
        browser: Browser, tmp_path: Path) -> None:
    with own_server(browser, tmp_path, reach=Reach(origin=NETWORK)) as pages:
        page = pages.new()
        table = start_game(page, pages.base, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{NETWORK}/#/join/{table}")
        page.click("#device-button")
        assert page.locator("#device-link").input_value().startswith(
            f"{NETWORK}/#/seat/{table}/")
        expect(page.locator(".only-here")).to_have_count(0)


def test_a_page_opened_by_another_name_keeps_its_own_address_in_its_links(
        browser: Browser, tmp_path: Path) -> None:
    with named_chromium(browser) as named, \
            own_server(named, tmp_path, host=NAMED_HOST, reach=Reach(origin=NETWORK)) as pages:
        page = pages.new()
        table = start_game(page, pages.base, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{pages.base}/#/join/{table}")


def test_a_server_for_this_computer_alone_says_its_links_work_only_here(
        browser: Browser, tmp_path: Path) -> None:
    with own_server(browser, tmp_path, reach=Reach(local=True)) as pages:
        page = pages.new()
        table = start_game(page, pages.base, "oware", ["me", "open"])
        expect(page.locator("#invite-link")).to_have_value(f"{pages.base}/#/join/{table}")
        expect(page.locator(".banner.invite .only-here")).to_contain_text(
            "Only this computer can open this link")
        expect(page.locator("#invite-qr-button")).to_have_count(0)
        watcher = pages.new(locale="de-DE")
        watcher.goto(f"{pages.base}/#/watch/{table}")
        expect(watcher.locator(".banner.invite .only-here")).to_contain_text(
            "Nur dieser Computer kann diesen Link öffnen")
        page.click("#device-button")
        expect(page.locator("#device-choice .only-here")).to_contain_text("HOST=0.0.0.0")
        expect(page.locator("#device-choice svg.qr")).to_have_count(0)
        page.click("#spectate-button")
        expect(page.locator("#watch-banner .only-here")).to_contain_text("HOST=0.0.0.0")
        expect(page.locator("#watch-banner svg.qr")).to_have_count(0)


def test_a_server_that_says_nothing_of_its_reach_adds_no_words(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    table = start_game(page, pages.base, "oware", ["me", "open"])
    expect(page.locator("#invite-link")).to_have_value(f"{pages.base}/#/join/{table}")
    page.click("#device-button")
    expect(page.locator("#device-choice")).to_be_visible()
    expect(page.locator(".only-here")).to_have_count(0)


def opens(button: Locator, shown: Locator) -> None:
    """Click `button`, closed with nothing of `shown` on the page, and see that it says
    it is open and keeps focus."""
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(shown).to_have_count(0)
    button.click()
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "true")


def test_the_invite_link_and_the_link_to_another_device_show_their_qr_codes(
        pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    table = start_game(page, pages.base, "oware", ["me", "open"])
    button = page.locator("#invite-qr-button")
    opens(button, page.locator(".banner.invite svg.qr"))
    expect(page.locator(".banner.invite svg.qr")).to_have_attribute(
        "aria-label", "QR code of the link, for a phone’s camera")
    assert scanned(page, ".banner.invite svg.qr") == f"{pages.base}/#/join/{table}"
    page.click("#device-button")
    link = page.locator("#device-link").input_value()
    assert scanned(page, "#device-choice svg.qr") == link
    page.keyboard.press("Escape")
    button.click()
    expect(page.locator(".banner.invite svg.qr")).to_have_count(0)


def test_the_spectator_link_opens_to_copy_or_to_scan(pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    table = start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    link = f"{pages.base}/#/watch/{table}"
    button = page.locator("#spectate-button")
    opens(button, page.locator("#watch-banner"))
    expect(page.locator("#watch-link")).to_have_value(link)
    expect(page.locator("#watch-banner")).to_contain_text("see no hidden cards")
    assert scanned(page, "#watch-banner svg.qr") == link
    page.click("#copy-watch")
    expect(page.locator(".toast").last).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.focus("#watch-link")
    page.keyboard.press("Escape")
    expect(page.locator("#watch-banner")).to_have_count(0)
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    page.click("#watch-close")
    expect(page.locator("#watch-banner")).to_have_count(0)
    watcher = pages.new(locale="de-DE")
    watcher.goto(link)
    expect(watcher.locator("#status")).to_contain_text("Du schaust bei diesem Spiel zu")
    watcher.click("#spectate-button")
    expect(watcher.locator("#watch-banner")).to_contain_text("Verdeckte Karten")
    expect(watcher.locator("#watch-link")).to_have_value(link)
