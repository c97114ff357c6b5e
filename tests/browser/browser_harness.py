"""Browser tests: the web table in Debian's Chromium driven by Playwright.

The server runs in a thread of the test process; every test gets fresh browser contexts
and leaves a screenshot of each of its pages in ``test-artifacts/`` when it fails.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page, expect
from server.server_harness import SeedsByTest

from spieltisch import Match
from spieltisch.server import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TURN = ".board-area.interactive [data-action]:not([data-action=''])"
"""Board elements that play a legal move when clicked."""
GAME_OVER = "#result:not([hidden]) .result-card"
WAIT_MS = 15000
"""How long an action or an `expect` waits for the page, a computer player's move included."""

expect.set_options(timeout=WAIT_MS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn with the web table, in a background thread.

    A test that needs a particular deal puts its seed in `seeds`: the next table made
    takes it; tables made while `seeds` is empty get one named after the test.
    """

    def __init__(self, data_dir: Path, **kwargs: Any) -> None:
        self.port = free_port()
        self.seeds: list[str] = []
        self._named = SeedsByTest()
        kwargs.setdefault("tables_per_minute", None)
        kwargs.setdefault("watchers_per_address", None)
        kwargs.setdefault("sockets_per_address", None)
        kwargs.setdefault("bot_pause", 0.05)
        app = create_app(data_dir, seeds=self._next_seed, **kwargs)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def _next_seed(self) -> str:
        return self.seeds.pop(0) if self.seeds else self._named()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web table did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class Pages:
    """Browser contexts of one test; screenshots them all if the test fails."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.pages: list[Page] = []
        self.errors: list[str] = []

    def new(self, *, width: int = 1280, height: int = 860, locale: str = "en-GB",
            scheme: Literal["light", "dark"] = "light", phone: bool = False) -> Page:
        """A page of a fresh context; `phone` gives it a touch screen of three pixels a point."""
        touch: dict[str, Any] = ({"has_touch": True, "is_mobile": True, "device_scale_factor": 3}
                                 if phone else {})
        context = self.browser.new_context(viewport={"width": width, "height": height},
                                           locale=locale, color_scheme=scheme,
                                           accept_downloads=True, **touch)
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text)
                if message.type == "error" else None)
        self.pages.append(page)
        return page

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^\w.-]+", "_", name)
        for i, page in enumerate(self.pages):
            page.screenshot(path=str(ARTIFACTS / f"{safe}-{i}.png"), full_page=True)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


# An AudioContext that plays nothing and writes down every note and the loudness each
# note rises to: each call of `currentTime` is a new second, so the notes of one sound
# share the whole part of their start.
RECORDER = """
window.__notes = [];
window.__loudness = [];
class RecordingAudio {
  constructor() { this.state = 'running'; this.destination = {}; this.ticks = 0; }
  get currentTime() { return ++this.ticks; }
  resume() { return Promise.resolve(); }
  createGain() {
    const ramp = (value) => { if (value > 0.001) window.__loudness.push(value); };
    return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime: ramp},
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


def loudness(page: Page) -> list[float]:
    """The loudness each note the page has played rose to, in order."""
    result: list[float] = page.evaluate("window.__loudness")
    return result


SETUP_KEY = "spieltisch.setup"
"""Where the lobby keeps how the last new game of each kind was set up."""


def start_game(page: Page, base: str, game: str, seats: list[str], *,
               preset: str | None = None, players: int | None = None,
               options: dict[str, str] | None = None, name: str = "Ada",
               move_seconds: int | None = None) -> str:
    """Create a table from the lobby; `seats` holds 'me', 'bot:easy' or 'open' per seat.
    Whatever the lobby kept of the last new game is forgotten first, so that what is not
    named here is the lobby's default.

    Returns the table id.
    """
    page.goto(base + "/")
    if page.evaluate(f"localStorage.getItem('{SETUP_KEY}') !== null"):
        page.evaluate(f"localStorage.removeItem('{SETUP_KEY}')")
        page.reload()
    page.click(f".game-tile[data-game='{game}']")
    if preset is not None:
        page.select_option("#preset", preset)
    if players is not None:
        page.click(f".segmented button[data-players='{players}']")
    for key, value in (options or {}).items():
        field = page.locator(f"#opt-{key}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for i, choice in enumerate(seats):
        page.select_option(f"#seat-{i}", choice)
    page.fill("#player-name", name)
    if move_seconds is not None:
        page.select_option("#move-seconds", str(move_seconds))
    page.click("#start")
    page.wait_for_url(re.compile(r"#/(t|watch)/\w+"))
    expect(page.locator("#board svg:visible").first).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def join_game(page: Page, base: str, table: str, name: str = "Bea") -> None:
    """Take the open seat of `table` through its invite link, as `name`."""
    page.goto(f"{base}/#/join/{table}")
    page.fill("#join-name", name)
    page.click("#take-seat")


def play_to_the_end(page: Page, choose: Callable[[Page, random.Random], None],
                    rng: random.Random, *, turn: str = TURN, limit: int = 800) -> int:
    """Play the seat of this page until the result shows; returns the number of moves made.

    `turn` is a selector that shows once this seat may act.
    """
    moves = 0
    either = f"{turn}, {GAME_OVER}"
    while moves < limit:
        page.wait_for_selector(either, timeout=30000)
        if page.locator(GAME_OVER).count():
            return moves
        moved(page, lambda: choose(page, rng), timeout=30000)
        moves += 1
    raise AssertionError(f"no result after {limit} moves")


def moved(page: Page, act: Callable[[], None], *, timeout: float = 15000) -> None:
    """Make a move with `act` and wait until the table shows it taken (a new version)."""
    version = page.locator("#board").get_attribute("data-version")
    act()
    page.wait_for_function("(v) => document.querySelector('#board').dataset.version !== v",
                           arg=version, timeout=timeout)


NAMED_HOST = "spieltisch.test"
"""A name for 127.0.0.1 that is no secure address; only `named_chromium` knows it."""


@contextlib.contextmanager
def named_chromium(browser: Browser) -> Iterator[Browser]:
    """A Chromium of its own in which `NAMED_HOST` is 127.0.0.1."""
    named = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAMED_HOST} 127.0.0.1"])
    try:
        yield named
    finally:
        named.close()


@contextlib.contextmanager
def own_server(browser: Browser, data_dir: Path, *, host: str = "127.0.0.1",
               **kwargs: Any) -> Iterator[Pages]:
    """Pages of `browser` on a web table of their own (`kwargs` go to `create_app`),
    reached at `host`; the pages must have shown no error."""
    with LiveServer(data_dir, **kwargs) as server:
        pages = Pages(browser, server.url.replace("127.0.0.1", host))
        try:
            yield pages
            assert not pages.errors, f"errors in the page: {pages.errors}"
        finally:
            pages.close()


def click_random_legal(page: Page, rng: random.Random) -> None:
    """Click one of the highlighted board elements at random."""
    targets = page.locator(TURN)
    count = targets.count()
    assert count > 0
    targets.nth(rng.randrange(count)).click()


def finished_bot_table(base: str, game: str, options: dict[str, object], *,
                       players: int = 2, timeout: float = 120) -> str:
    """Create a table of easy bots over HTTP and wait until their game is over; its id."""
    seats = [{"kind": "bot", "level": "easy"}] * players
    made = httpx.post(f"{base}/api/tables", json={
        "game": game, "options": {"players": players, **options}, "seats": seats,
        "name": "Ada", "listed": False}, timeout=10)
    made.raise_for_status()
    table = str(made.json()["id"])
    deadline = time.monotonic() + timeout
    while httpx.get(f"{base}/api/tables/{table}", timeout=10).json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots did not finish {game} in {timeout} s")
        time.sleep(0.1)
    return table


def replay_as_ada(pages: Pages, match: Match, tmp_path: Path) -> Page:
    """A page with the replay of `match`'s record, opened as its first seat, Ada."""
    record = tmp_path / "record.json"
    record.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(record))
    page.get_by_role("button", name="As Ada").click()
    expect(page.locator("#replay-step")).to_be_visible()
    return page


SAID = """() => {
  window.__said = [];
  const region = document.querySelector('#announce');
  new MutationObserver(() => window.__said.push(region.textContent)).observe(
    region, {childList: true, characterData: true, subtree: true});
}"""
"""Keep every text the page announces to screen readers in `window.__said`."""
