"""The move log folds each deal into one entry that opens to show it, at the table and in
the replay, and numbers the lines after it as before."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from .browser_harness import LiveServer, Pages, finished_bot_table, moved, start_game
from .test_browser_koikoi import PERSON_DEALS, TURN, play_a_card

FOLD = "#log > li.fold"


def assert_first_deal_folded(page: Page, summary: str) -> None:
    """Koi-Koi's log: who deals first, then the 24 cards dealt as one closed entry."""
    entries = page.locator("#log > li")
    expect(entries.first).to_have_text(re.compile(r"^first dealer |gibt zuerst$"))
    expect(entries.first).to_have_attribute("value", "1")
    fold = entries.nth(1)
    expect(fold).to_have_class("fold")
    expect(fold).to_have_attribute("value", "2")
    expect(fold.locator("summary")).to_have_text(summary)
    dealt = fold.locator("li")
    expect(dealt).to_have_count(24)
    assert [dealt.nth(i).get_attribute("value") for i in (0, 23)] == ["2", "25"]
    assert all(re.match(r"deal|eine Karte", text) for text in dealt.all_text_contents())


def test_a_deal_is_one_entry_of_the_log_that_stays_open_once_opened(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(PERSON_DEALS)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    assert_first_deal_folded(page, "The deal: 24 entries")
    fold = page.locator(FOLD).first
    expect(fold.locator("details")).not_to_have_attribute("open", "")
    expect(fold.locator("li").first).to_be_hidden()

    fold.locator("summary").click()
    expect(fold.locator("li").first).to_be_visible()
    page.wait_for_selector(TURN)
    moved(page, lambda: play_a_card(page, random.Random(3)))
    expect(page.locator("#log > li").nth(2)).to_have_attribute("value", "26")
    expect(page.locator(FOLD).first.locator("li").first).to_be_visible()

    page.select_option("#lang", "de")
    expect(page.locator(FOLD).first.locator("summary")).to_have_text(
        "Das Austeilen: 24 Einträge")
    expect(page.locator(FOLD).first.locator("li").first).to_be_visible()
    page.locator(FOLD).first.locator("summary").click()
    expect(page.locator(FOLD).first.locator("li").first).to_be_hidden()


def test_the_replay_marks_the_deal_as_the_move_that_led_to_its_first_position(
        pages: Pages, live: LiveServer) -> None:
    table = finished_bot_table(live.url, "koikoi", {"target": 0, "months": 1})
    page = pages.new()
    page.goto(f"{pages.base}/#/replay/{table}")
    expect(page.locator("#replay-step")).to_be_visible()
    assert_first_deal_folded(page, "The deal: 24 entries")
    deal = page.locator(FOLD).first
    expect(deal.locator("li").first).to_be_hidden()
    expect(deal).not_to_have_class(re.compile(r"\bcurrent\b"))

    page.keyboard.press("Home")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 1 of "))
    expect(page.locator("#log .current")).to_have_count(1)
    expect(deal).to_have_class("fold current")
    expect(deal.locator("li").first).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(deal).to_have_class("fold")
    expect(page.locator("#log .current")).to_have_count(1)
    assert int(page.locator("#log > li.current").get_attribute("value") or 0) > 25

    page.keyboard.press("End")
    deal.locator("summary").click()
    page.locator("#replay-step").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#status")).not_to_have_text(re.compile(r"^Position 1 of "))
    expect(deal.locator("li").first).to_be_visible()


def test_the_last_draw_of_a_month_stays_out_of_the_next_deal(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    entries = page.evaluate("""async () => {
      const {logEntries} = await import('/static/log_list.js');
      const lines = ['3p1', 'draw 9r', ...Array.from({length: 24}, (_, i) => `deal ${i}`),
        '1b', 'draw 2p1'];
      const movers = [0, null, ...Array(24).fill(null), 1, null];
      const line = (i) => {
        const li = document.createElement('li');
        li.textContent = lines[i];
        return li;
      };
      return logEntries(0, lines.length, lines, movers, line).map(
        (e) => [e.value, e.classList.contains('fold'), e.querySelectorAll('li').length]);
    }""")
    assert entries == [[1, False, 0], [2, False, 0], [3, True, 24], [27, False, 0],
                       [28, False, 0]]
