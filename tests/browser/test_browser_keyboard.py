"""The table, the lobby and the replay with the keyboard alone: focus follows the game, so
that a move, the computer's reply, a refused move, a take-back and the result never leave
it on the page's body; dialogs keep it inside; the skip link stays on the page."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from spieltisch.core.match import Match
from spieltisch.core.registry import load
from spieltisch.games.koikoi.cards import MONTH_MASK, SAKE_CUP
from spieltisch.games.koikoi.rules import KoiKoiState

from .browser_harness import GAME_OVER, LiveServer, Pages, finished_bot_table, start_game
from .test_browser_okey import SLOW_COMPUTER

FOCUS = """() => {
  const a = document.activeElement;
  const board = document.querySelector('#board');
  if (!a || a === document.body) return {where: 'body'};
  if (a === board) return {where: 'parked'};
  const inBoard = Boolean(board && board.contains(a));
  return {where: inBoard ? 'board' : (a.closest('[role=dialog]') ? 'dialog' : 'page'),
    id: a.id, cls: a.getAttribute('class') || '', field: a.dataset.field || '',
    text: a.textContent.trim().slice(0, 40), disabled: Boolean(a.disabled)};
}"""
"""Where focus is: on the body, parked on the board, on a control of the board, in a dialog."""

MY_TURN_FOCUSED = """() => {
  const board = document.querySelector('#board');
  const a = document.activeElement;
  return Boolean(document.querySelector('#result:not([hidden]) .result-card'))
    || (board.classList.contains('interactive') && board.contains(a) && a !== board);
}"""
"""The game is over, or it is this seat's turn and focus is on one of the board's controls."""

SENT = """(version) => {
  const board = document.querySelector('#board');
  return board.dataset.version !== version || !board.classList.contains('interactive');
}"""
"""The move is on its way (the board waits for the server) or already taken."""


LISTEN = """
window.heard = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const node = change.target.nodeType === Node.ELEMENT_NODE ? change.target
      : change.target.parentElement;
    const region = node && node.closest('#announce');
    if (region) window.heard.push(region.textContent);
  }
}).observe(document, {childList: true, characterData: true, subtree: true});
"""
"""Record every text the screen readers' live region takes, from the page's first load."""

BOT_DEALS = "keyboard-month-18"
"""A seed whose month the computer begins, with the Sake Cup in the person's hand and one
card of the month's flower on the table: the computer's first turn cannot end the month, so
it plays at least once and the person at least once."""


def focus(page: Page) -> dict[str, str]:
    result: dict[str, str] = page.evaluate(FOCUS)
    return result


def test_the_skip_link_moves_focus_to_the_content_and_stays_on_the_page(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    address = page.url
    page.focus(".skip")
    expect(page.locator(".skip")).to_have_text("Skip to content")
    page.keyboard.press("Enter")
    assert page.url == address
    assert page.evaluate("document.activeElement.id") == "main"
    expect(page.locator(".irono-board")).to_be_visible()
    page.select_option("#lang", "de")
    expect(page.locator(".skip")).to_have_text("Zum Inhalt springen")
    assert page.evaluate("document.activeElement.id") == "lang"


def guess_by_keyboard(page: Page) -> None:
    """Pick the guess's colours with Space and Tab from the first colour, then guess."""
    size = int(re.findall(r"/(\d+)\)", page.locator(".ir-guess").inner_text())[0])
    assert "ir-colour" in focus(page)["cls"], focus(page)
    for _ in range(size):
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
    for _ in range(8):
        if "ir-guess" in focus(page)["cls"]:
            break
        page.keyboard.press("Tab")
    assert "ir-guess" in focus(page)["cls"] and not focus(page)["disabled"], focus(page)
    page.keyboard.press("Enter")


def test_a_whole_irono_game_by_keyboard_with_focus_following_every_turn(pages: Pages) -> None:
    page = pages.new()
    page.add_init_script(LISTEN)
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    page.wait_for_selector(".board-area.interactive .field.legal, "
                           ".board-area.interactive .ir-colour.legal")
    page.locator(".board-area.interactive .field.legal, .ir-colour.legal").first.focus()
    moves = 0
    while not page.locator(GAME_OVER).count():
        page.wait_for_function(MY_TURN_FOCUSED, timeout=30000)
        if page.locator(GAME_OVER).count():
            break
        where = focus(page)
        assert where["where"] == "board", where
        version = page.locator("#board").get_attribute("data-version")
        if page.locator(".ir-guess").count():
            guess_by_keyboard(page)
        else:
            assert where["field"] or "ir-colour" in where["cls"], where
            page.keyboard.press("Enter")
        page.wait_for_function(
            "(v) => document.querySelector('#board').dataset.version !== v", arg=version)
        assert focus(page)["where"] != "body", focus(page)
        moves += 1
    assert moves >= 16
    # What a screen reader hears: the computer's moves, and what each round brought.
    heard: list[str] = page.evaluate("window.heard")
    assert any(re.search(r"Computer \(Easy\): [a-d][1-4]\b", text) for text in heard), heard
    assert any("Computer (Easy): hides a colour" in text for text in heard), heard
    assert any(re.search(r"(caught|hid) \w+.*placed it \(\+\d+\)", text) for text in heard), heard
    expect(page.locator(".irono-board .ir-stone")).to_have_count(16)
    assert focus(page)["where"] == "dialog"
    for _ in range(12):
        page.keyboard.press("Tab")
        assert focus(page)["where"] == "dialog", focus(page)
    page.keyboard.press("Escape")
    expect(page.locator(GAME_OVER)).to_have_count(0)
    assert focus(page)["id"] == "show-result"
    page.keyboard.press("Enter")
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert focus(page)["where"] == "dialog"


def test_the_keyboard_month_begins_with_a_computer_turn_that_cannot_end_it() -> None:
    state = Match(load("koikoi", target=0, months=1), seed=BOT_DEALS).state
    assert isinstance(state, KoiKoiState)
    assert state.current_player == 1
    assert state.hands[0] >> SAKE_CUP & 1
    assert (state.table & MONTH_MASK[state.flower - 1]).bit_count() == 1


def test_a_koikoi_month_by_keyboard_with_the_hint_following_the_choice(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    page.add_init_script(LISTEN)
    live.seeds.append(BOT_DEALS)
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"],
               options={"target": "0", "months": "1"})
    page.wait_for_selector(f".board-area.interactive .kk .legal.clickable, {GAME_OVER}")
    if not page.locator(GAME_OVER).count():
        page.locator(".board-area.interactive .kk .legal.clickable").first.focus()
    while not page.locator(GAME_OVER).count():
        page.wait_for_function(MY_TURN_FOCUSED, timeout=30000)
        if page.locator(GAME_OVER).count():
            break
        assert focus(page)["where"] == "board", focus(page)
        version = page.locator("#board").get_attribute("data-version")
        page.keyboard.press("Enter")
        if page.locator(".kk .hand-card.selected").count():
            expect(page.locator("#hint")).to_have_text("Now pick the table card it takes.")
            assert "kk-card" in focus(page)["cls"], focus(page)
            page.keyboard.press("Enter")
        page.wait_for_function(
            "(v) => document.querySelector('#board').dataset.version !== v", arg=version)
        assert focus(page)["where"] != "body", focus(page)
    assert focus(page)["where"] == "dialog"
    heard: list[str] = page.evaluate("window.heard")
    assert any(re.search(r"^Computer \(Easy\): \S+", text) for text in heard), heard
    assert any(re.search(r"(^|\. )draw \w+", text) for text in heard), heard  # the pile's card
    assert not any("deal" in text for text in heard), heard


def test_a_refused_typed_move_keeps_its_text_and_the_focus(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "irono", ["me", "bot:easy"])
    box = page.locator("#move-input")
    expect(box).to_be_visible()
    box.fill("purple")
    box.press("Enter")
    expect(page.locator(".toast.error").last).to_contain_text("'purple'")
    expect(box).to_have_value("purple")
    expect(box).to_be_focused()
    box.fill("")
    legal = page.locator("#moves button.move").first.inner_text()
    page.keyboard.type(legal)
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text(legal)
    expect(page.locator("#move-input")).to_be_focused()
    expect(page.locator("#move-input")).to_have_value("")


def test_the_rules_dialog_keeps_tab_inside_and_escape_gives_focus_back(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    page.focus("#rules-button")
    page.keyboard.press("Enter")
    expect(page.locator(".rules-dialog")).to_be_visible()
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("Boolean(document.activeElement.closest('.rules-dialog'))")
    page.keyboard.press("Escape")
    expect(page.locator(".rules-dialog")).to_have_count(0)
    expect(page.locator("#rules-button")).to_be_focused()


def test_lobby_tiles_follow_the_arrow_keys_and_a_refresh_keeps_the_focus(pages: Pages) -> None:
    watched = finished_bot_table(pages.base, "oware", {"preset": "abapa"})
    start_game(pages.new(), pages.base, "irono", ["me", "open"])  # stays open, so listed
    page = pages.new()
    page.goto(pages.base + "/")
    tile = page.locator(".game-tile[aria-checked='true']")
    first = tile.get_attribute("data-game")
    tile.focus()
    page.keyboard.press("ArrowRight")
    chosen = page.locator(".game-tile[aria-checked='true']")
    expect(chosen).not_to_have_attribute("data-game", first or "")
    expect(chosen).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator(f".game-tile[data-game='{first}']")).to_be_focused()
    watch = page.locator(".table-entry a[href^='#/watch/']").first
    watch.focus()
    href = watch.get_attribute("href")
    page.wait_for_timeout(4500)  # one refresh of the lists
    assert page.evaluate("document.activeElement.getAttribute('href')") == href
    del watched


def test_the_replay_buttons_keep_the_focus_step_after_step(pages: Pages) -> None:
    table = finished_bot_table(pages.base, "irono", {})
    page = pages.new()
    page.goto(f"{pages.base}/#/replay/{table}")
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^Position (\d+) of \1 · .+$"))
    positions = int(status.inner_text().split(" · ")[0].rsplit(" ", 1)[1])
    page.focus("#replay-prev")
    for k in (1, 2, 3):
        page.keyboard.press("Enter")
        expect(status).to_have_text(f"Position {positions - k} of {positions}")
        expect(page.locator("#replay-prev")).to_be_focused()


def test_irono_stones_carry_their_colour_letter_and_koikoi_cards_their_names(
        pages: Pages) -> None:
    table = finished_bot_table(pages.base, "irono", {})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    page.wait_for_selector(GAME_OVER)
    page.click("#result-close")
    letters = page.locator(".irono-board .field .ir-stone text").evaluate_all(
        "(marks) => marks.map((m) => m.textContent)")
    assert len(letters) == 16 and set(letters) <= set("YGWRBA"), letters
    labels = page.locator(".irono-board .field[aria-label]").evaluate_all(
        "(fields) => fields.map((f) => f.getAttribute('aria-label'))")
    for letter, label in zip(letters, labels, strict=True):
        name = {"Y": "yellow", "G": "green", "W": "white", "R": "red", "B": "blue",
                "A": "grey"}[letter]
        assert name in label, (letter, label)
    page = pages.new()
    start_game(page, pages.base, "koikoi", ["me", "bot:easy"])
    cards = page.locator(".kk-table .kk-card")
    expect(cards.first).to_be_visible()
    named = cards.evaluate_all(
        "(all) => all.map((c) => [c.getAttribute('role'), c.getAttribute('aria-label')])")
    assert named and all(role in ("img", "button") and label for role, label in named), named
    expect(page.locator(".kk-pile")).to_have_attribute("role", "img")


def test_a_game_ending_under_the_rules_dialog_leaves_the_focus_in_it(pages: Pages) -> None:
    table = finished_bot_table(pages.base, "irono", {})
    page = pages.new()
    page.goto(f"{pages.base}/#/watch/{table}")
    page.wait_for_selector(GAME_OVER)
    page.click("#result-close")
    page.focus("#rules-button")
    page.keyboard.press("Enter")
    expect(page.locator(".rules-dialog")).to_be_visible()
    page.evaluate("document.querySelector('#show-result').click()")  # the result opens below
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert page.evaluate("Boolean(document.activeElement.closest('.rules-dialog'))")
    page.keyboard.press("Tab")
    assert page.evaluate("Boolean(document.activeElement.closest('.rules-dialog'))")
    page.keyboard.press("Escape")
    expect(page.locator(".rules-dialog")).to_have_count(0)
    expect(page.locator(GAME_OVER)).to_be_visible()
    assert focus(page)["where"] == "dialog"
    page.keyboard.press("Escape")
    expect(page.locator(GAME_OVER)).to_have_count(0)


def choose_then_escape(page: Page, piece: str, next_step: str) -> None:
    """Choose the second `piece` with Enter, see focus move to the `next_step` of the
    choice, and check that Escape brings it back to the piece."""
    chosen = page.locator(piece).nth(1)
    key = chosen.get_attribute("data-focus-key")
    chosen.focus()
    page.keyboard.press("Enter")
    expect(page.locator(next_step).first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(f"[data-focus-key='{key}']")).to_be_focused()


def test_escape_puts_the_focus_back_on_the_piece_that_was_chosen(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], preset="grand",
               players=3, options={"start": "A"})
    choose_then_escape(page, ".board-area.interactive .pit.legal", "[data-focus-key^='dir-']")
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    choose_then_escape(page, ".rack-tile.playable", ".colomino-board .square.legal")
    expect(page.locator(".rack-tile.chosen")).to_have_count(0)


def test_colomino_focus_comes_back_to_a_tile_after_each_one_laid(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "colomino", ["me", "bot:easy"], preset="small",
               options={"start": "A"})
    tile = ".board-area.interactive .rack-tile.playable"
    page.locator(tile).first.focus()
    for _ in range(2):
        expect(page.locator(tile).first).to_be_visible()
        assert "playable" in focus(page).get("cls", ""), focus(page)
        version = page.locator("#board").get_attribute("data-version")
        for _ in range(3):  # the tile, a square, then a turn of the tile where asked
            page.keyboard.press("Enter")
            if page.evaluate(SENT, version):
                break
        assert page.evaluate(SENT, version), focus(page)
        page.wait_for_function("(v) => document.querySelector('#board').dataset.version "
                               "!== v", arg=version)
        page.wait_for_function(MY_TURN_FOCUSED, timeout=15000)


def test_okey_focus_waits_for_the_turn_and_returns_to_the_move_box(
        pages: Pages, live: LiveServer) -> None:
    page = pages.new()
    live.seeds.append(SLOW_COMPUTER)
    start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2, options={"rounds": "1"})
    box = page.locator("#move-input")
    for _ in range(2):
        expect(box).to_be_visible(timeout=20000)
        legal = page.locator("#moves button.move").all_inner_texts()
        move = next((m for m in legal if m.startswith(("discard", "draw"))), legal[0])
        box.fill(move)
        box.press("Enter")
        expect(page.locator("#log")).to_contain_text(move)
        where = focus(page)
        assert where["where"] in ("parked", "page"), where
        assert "ok-rack-tile" not in where.get("cls", ""), where
    expect(box).to_be_focused(timeout=20000)


def test_sorting_resizing_and_a_spectator_leave_focus_and_typing_alone(pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "okey", ["me", "bot:easy"], players=2,
                       options={"rounds": "1"})
    expect(page.locator("#move-input")).to_be_visible(timeout=20000)
    presence = page.locator(".players .online")
    expect(presence).to_have_attribute("role", "img")
    expect(presence).to_have_attribute("aria-label", "online")
    expect(page.locator(".players .turn-mark")).to_have_attribute("role", "img")
    sort = page.locator("[data-focus-key='sort-runs']")
    sort.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-focus-key='sort-runs']")).to_be_focused()
    page.locator("[data-focus-key='sort-runs']").evaluate("(e) => { e.dataset.wide = 'yes'; }")
    page.set_viewport_size({"width": 420, "height": 860})  # the board turns narrow
    expect(page.locator("[data-focus-key='sort-runs'][data-wide]")).to_have_count(0)
    expect(page.locator("[data-focus-key='sort-runs']")).to_be_focused()
    box = page.locator("#move-input")
    box.fill("disc")
    box.press("Home")
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator("#board svg").first).to_be_visible()
    expect(page.locator("#players")).to_contain_text("Ada")
    expect(page.locator("#watching")).to_have_text("1 person watching")  # the arrival is broadcast
    expect(page.locator("#move-input")).to_have_value("disc")
    page.keyboard.type("X")
    expect(page.locator("#move-input")).to_have_value("Xdisc")  # the caret stayed put
