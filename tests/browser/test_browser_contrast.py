"""Every page reads clearly in the light and the dark scheme: text keeps WCAG AA contrast
with what lies behind it, a dark system gets dark pages, and the colours chosen in the top
bar override the system's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from .browser_harness import (
    GAME_OVER,
    LiveServer,
    Pages,
    finished_bot_table,
    moved,
    start_game,
)

AUDIT = (Path(__file__).parent / "contrast_audit.js").read_text(encoding="utf-8")
GAMES = ("oware", "irono", "colomino", "koikoi", "okey")
MOVE = "#moves button.move"


def low_contrast(page: Page) -> list[str]:
    """The audit's findings, once the colours' transitions are over (those of a change of
    scheme begin at the next frame)."""
    page.evaluate("""async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => null)));
    }""")
    found: list[str] = page.evaluate(AUDIT)
    return found


def page_colour(page: Page) -> str:
    colour: str = page.evaluate("getComputedStyle(document.body.parentElement).backgroundColor")
    return colour


def play_a_little(page: Page, rng: random.Random) -> None:
    """Up to three moves of this seat from its move buttons (none where it has too many
    moves for buttons), so the board shows more than its opening."""
    for _ in range(3):
        page.wait_for_selector(f"{MOVE}, {GAME_OVER}, #move-input", timeout=30000)
        if page.locator(GAME_OVER).count() or not page.locator(MOVE).count():
            return
        moves = page.locator(MOVE)
        moved(page, moves.nth(rng.randrange(moves.count())).click, timeout=30000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_keeps_its_text_readable(pages: Pages, live: LiveServer,
                                            scheme: Literal["light", "dark"]) -> None:
    page = pages.new(scheme=scheme)
    page.goto(pages.base + "/")
    expect(page.locator("#start")).to_be_visible()
    expected = "rgb(242, 237, 228)" if scheme == "light" else "rgb(28, 24, 21)"
    assert page_colour(page) == expected
    rng = random.Random(5)
    seen: dict[str, list[str]] = {}
    for game in GAMES:
        live.seeds.append(f"contrast-{game}")
        start_game(page, pages.base, game, ["me", "bot:easy"])
        play_a_little(page, rng)
        seen[game] = low_contrast(page)
    page.goto(pages.base + "/")
    expect(page.locator(".table-entry").first).to_be_visible()
    seen["lobby"] = low_contrast(page)

    finished = finished_bot_table(pages.base, "oware", {"preset": "abapa"})
    page.goto(f"{pages.base}/#/watch/{finished}")
    expect(page.locator(GAME_OVER)).to_be_visible()
    seen["result"] = low_contrast(page)
    page.goto(f"{pages.base}/#/replay/{finished}")
    expect(page.locator("#log li.current")).to_be_visible()
    page.keyboard.press("Home")
    seen["replay"] = low_contrast(page)
    for game in GAMES:
        page.goto(f"{pages.base}/#/rules/{game}")
        expect(page.locator("main h2").first).to_be_visible()
        seen[f"rules {game}"] = low_contrast(page)
    page.goto(f"{pages.base}/#/open")
    expect(page.locator("#record-file")).to_be_attached()
    seen["open"] = low_contrast(page)

    invite = pages.new(width=320, height=740, locale="de-DE", scheme=scheme)
    table = start_game(invite, pages.base, "koikoi", ["me", "open"])
    seen["invite"] = low_contrast(invite)
    friend = pages.new(width=320, height=740, locale="de-DE", scheme=scheme)
    friend.goto(f"{pages.base}/#/join/{table}")
    expect(friend.locator("#take-seat")).to_be_visible()
    seen["join"] = low_contrast(friend)
    assert {where: found for where, found in seen.items() if found} == {}


def test_the_colours_chosen_in_the_top_bar_override_the_system_and_are_kept(
        pages: Pages) -> None:
    light, dark = "rgb(242, 237, 228)", "rgb(28, 24, 21)"
    page = pages.new(width=320, height=740, locale="de-DE", scheme="light")
    page.goto(pages.base + "/")
    toggle = page.locator("#theme")
    expect(toggle).to_have_attribute("aria-label", "Dunkle Farben")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page_colour(page) == light
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page_colour(page) == dark
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert low_contrast(page) == []
    page.reload()
    expect(page.locator("#theme")).to_have_attribute("aria-pressed", "true")
    assert page_colour(page) == dark
    page.locator("#theme").click()
    assert page_colour(page) == light
    page.emulate_media(color_scheme="dark")
    expect(page.locator("#theme")).to_have_attribute("aria-pressed", "true")
    assert page_colour(page) == dark

    night = pages.new(scheme="dark")
    night.goto(pages.base + "/")
    expect(night.locator("#theme")).to_have_attribute("aria-pressed", "true")
    assert page_colour(night) == dark
    night.locator("#theme").click()
    assert page_colour(night) == light
    night.goto(pages.base + "/#/rules/okey")
    expect(night.locator("#theme")).to_have_attribute("aria-pressed", "false")
    assert page_colour(night) == light
    assert low_contrast(night) == []
