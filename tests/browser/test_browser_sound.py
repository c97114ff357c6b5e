"""Sounds at the table and in the lobby: a move, your turn, the end of a game, a chat
line; off in the top bar, and kept off in this browser."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .browser_harness import GAME_OVER, TURN, Pages, click_random_legal, join_game, start_game

# An AudioContext that plays nothing and writes down every note: each call of
# `currentTime` is a new second, so the notes of one sound share the whole part of
# their start.
RECORDER = """
window.__notes = [];
class RecordingAudio {
  constructor() { this.state = 'running'; this.destination = {}; this.ticks = 0; }
  get currentTime() { return ++this.ticks; }
  resume() { return Promise.resolve(); }
  createGain() {
    const ramp = () => {};
    return {gain: {setValueAtTime: ramp, exponentialRampToValueAtTime: ramp},
            connect() {}};
  }
  createOscillator() {
    const tone = {type: '', frequency: {value: 0}, connect() {}, stop() {},
      start(at) { window.__notes.push([Math.floor(at), tone.frequency.value]); }};
    return tone;
  }
}
window.AudioContext = RecordingAudio;
"""


def recording(pages: Pages, *, width: int = 1280, height: int = 860,
              locale: str = "en-GB") -> Page:
    """A page whose sounds are written down instead of played."""
    page = pages.new(width=width, height=height, locale=locale)
    page.add_init_script(RECORDER)
    return page


def heard(page: Page) -> list[str]:
    """The sounds the page has played, by name, in order."""
    result: list[str] = page.evaluate("""async () => {
        const {SOUNDS} = await import('/static/sound.js');
        const sounds = [];
        for (const [at, frequency] of window.__notes) {
            const last = sounds[sounds.length - 1];
            if (last && last.at === at) last.notes.push(frequency);
            else sounds.push({at, notes: [frequency]});
        }
        return sounds.map(({notes}) => Object.keys(SOUNDS).find((name) =>
            SOUNDS[name].notes.map((n) => n[0]).join() === notes.join()) || notes.join());
    }""")
    return result


def move(page: Page, rng: random.Random) -> None:
    version = page.locator("#board").get_attribute("data-version")
    click_random_legal(page, rng)
    page.wait_for_function(
        "(v) => document.querySelector('#board').dataset.version !== v", arg=version)


def test_a_game_against_the_computer_sounds_moves_turns_and_its_end(pages: Pages) -> None:
    rng = random.Random(3)
    page = recording(pages)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator(TURN).first).to_be_visible()
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-label", "Sounds")
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#lang option:checked")).to_have_text("English")
    assert heard(page) == []

    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]

    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    move(page, rng)
    expect(page.locator(TURN).first).to_be_visible()
    assert heard(page) == ["move", "turn"]

    page.reload()
    expect(page.locator(TURN).first).to_be_visible()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.locator("#sound").click()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    assert heard(page) == ["turn"]

    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert heard(page) == ["turn", "end"]


def test_a_friend_s_chat_line_and_a_turn_come_through_in_the_lobby(pages: Pages) -> None:
    ada = recording(pages, locale="de-DE", width=320, height=740)
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "B"})
    bea = pages.new()
    join_game(bea, pages.base, table)
    expect(bea.locator(TURN).first).to_be_visible()
    expect(ada.locator("#chat-card")).to_be_visible()
    expect(ada.locator("#sound")).to_have_attribute("aria-label", "Töne")
    expect(ada.locator("#lang option:checked")).to_have_text("DE")
    assert ada.evaluate("document.documentElement.scrollWidth") <= 320

    bea.fill("#chat-input", "Hello")
    bea.press("#chat-input", "Enter")
    expect(ada.locator("#chat-lines li")).to_have_count(1)
    assert heard(ada) == ["chat"]

    ada.goto(pages.base + "/")  # a new page: its notes start afresh
    expect(ada.locator(f".table-entry[data-table='{table}']").first).to_be_visible()
    bea.locator(TURN).first.click()
    expect(ada.locator(f".table-entry.my-turn[data-table='{table}']").first).to_be_visible()
    assert heard(ada) == ["turn"]
