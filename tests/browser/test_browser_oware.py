"""Oh-Wah-Ree in the browser: against a bot to the end, two people by invite, spectators,
take-backs, replay, export, rematch, keyboard, language and phone size."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from spieltisch import Match, load
from spieltisch.server import live_table

from .browser_harness import (
    GAME_OVER,
    SAID,
    TURN,
    Pages,
    click_random_legal,
    join_game,
    moved,
    play_to_the_end,
    replay_as_ada,
    start_game,
)


def test_a_person_plays_against_a_bot_to_the_end(pages: Pages) -> None:
    page = pages.new()
    table = start_game(page, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    expect(page.locator("#status")).to_have_text("Your turn")
    assert page.locator(TURN).count() == 6
    moves = play_to_the_end(page, click_random_legal, random.Random(7))
    assert moves > 5
    result = page.locator(GAME_OVER)
    expect(result.locator("h2")).to_have_text(re.compile(r"wins|Draw"))
    expect(result.locator(".result-table tbody tr")).to_have_count(4)  # ranking + breakdown
    expect(page.locator("#status")).to_contain_text("Game over")

    with page.expect_download() as download:
        result.get_by_role("button", name="Export record").click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["game"] == "oware" and len(record["moves"]) >= 2 * moves - 1

    page.click("#result-close")
    expect(page.locator("#result")).to_be_hidden()
    page.click("#replay-link")
    expect(page.locator("#replay-step")).to_be_visible()
    last = page.locator("#status").inner_text()
    page.keyboard.press("Home")
    expect(page.locator("#status")).to_have_text(re.compile(r"Position 1 of \d+"))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text(re.compile(r"Position 2 of \d+"))
    expect(page.locator("#log li.current")).to_have_count(1)
    page.keyboard.press("End")
    expect(page.locator("#status")).to_have_text(last)

    page.click("text=Back to the table")
    page.click("#result-rematch")
    page.wait_for_url(re.compile(r"#/t/(?!" + table + r")\w+"))
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator(".player.me")).to_have_attribute("data-seat", "1")


def test_take_back_against_a_bot_and_keyboard_play(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    page.locator(TURN).first.focus()
    page.keyboard.press("ArrowRight")  # no effect: moves are chosen with Tab and Enter
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.pit")
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).to_have_count(2)
    expect(page.locator("#log li").first).to_have_text(focused)
    page.wait_for_selector(TURN)
    page.click("#undo-button")
    expect(page.locator("#log li")).to_have_text(["No moves yet."])
    expect(page.locator("#log li")).to_have_css("list-style-type", "none")  # not "1. No moves"
    expect(page.locator("#undo-button")).to_be_disabled()
    page.fill("#move-input", "a4")
    page.keyboard.press("Enter")
    expect(page.locator("#log li").first).to_have_text("A4")


def test_a_double_click_on_take_back_takes_back_one_move_unrefused(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    for _ in range(2):
        page.wait_for_selector(TURN)
        moved(page, lambda: page.locator(TURN).first.click())
    page.wait_for_selector(TURN)
    expect(page.locator("#log li")).to_have_count(4)
    page.dblclick("#undo-button")
    expect(page.locator("#log li")).to_have_count(2)
    expect(page.locator(".toast").last).to_have_text("You took back a move.")
    page.wait_for_timeout(500)
    expect(page.locator(".toast.error")).to_have_count(0)
    expect(page.locator("#log li")).to_have_count(2)


def test_two_browsers_play_by_invite_with_a_spectator_and_a_consented_take_back(
        pages: Pages) -> None:
    host = pages.new()
    table = start_game(host, pages.base, "oware", ["me", "open"], options={"start": "A"})
    invite = host.locator("#invite-link").input_value()
    assert invite.endswith(f"#/join/{table}")
    expect(host.locator("#status")).to_contain_text("Waiting for players")

    guest = pages.new(locale="de-DE")
    guest.goto(invite)
    guest.fill("#join-name", "Bea")
    guest.click("#take-seat")
    expect(guest.locator("#status")).to_have_text("Ada ist am Zug")
    expect(host.locator("#status")).to_have_text("Your turn")

    watcher = pages.new(width=390, height=844)
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator("#status")).to_contain_text("You are watching")

    rng = random.Random(3)
    players = [host, guest]
    for turn in range(8):
        page = players[turn % 2]
        page.wait_for_selector(TURN)
        click_random_legal(page, rng)
        expect(watcher.locator("#log li")).to_have_count(turn + 1)
    assert watcher.locator(TURN).count() == 0
    expect(watcher.locator(".players .player")).to_have_count(2)

    host.wait_for_selector(TURN)
    guest_log = guest.locator("#log li").all_inner_texts()
    guest.click("#undo-button")  # the guest moved last; the host must agree
    expect(host.locator("#undo-allow")).to_be_visible()
    expect(guest.locator(".banner")).to_contain_text("Warte auf Zustimmung")
    host.dblclick("#undo-allow")  # answered once, not refused the second time
    expect(watcher.locator("#log li")).to_have_count(7)
    expect(guest.locator(".toast").last).to_have_text("Du hast einen Zug zurückgenommen.")
    expect(host.locator(".toast").last).to_have_text("Bea took back a move.")
    host.wait_for_timeout(500)
    expect(host.locator(".toast.error")).to_have_count(0)
    expect(guest.locator("#log li")).to_have_text(guest_log[:7])
    expect(guest.locator("#status")).to_have_text("Du bist am Zug")


def test_the_one_who_asked_withdraws_a_take_back_by_keyboard(
        pages: Pages, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_table, "UNDO_AGAIN", 2.0)
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(ada.locator("#status")).to_have_text("Your turn")
    moved(ada, lambda: ada.locator(TURN).first.click())
    expect(ada.locator("#undo-button")).to_be_enabled()
    ada.focus("#undo-button")
    ada.keyboard.press("Enter")
    expect(bea.locator("#undo-allow")).to_be_visible()
    withdraw = ada.locator("#undo-withdraw")
    expect(withdraw).to_have_text("Withdraw")
    # The words and the buttons' labels read apart, to screen readers and when copied.
    expect(ada.locator("#banner")).to_have_text("Waiting for Bea to agree… Withdraw")
    expect(bea.locator("#banner")).to_have_text(
        "Ada möchte den letzten Zug zurücknehmen. Erlauben Ablehnen")
    expect(watcher.locator("#banner")).to_have_text(
        "Ada asks to take back their last move. Waiting for Bea to agree…")
    expect(withdraw).to_be_focused()
    ada.keyboard.press("Enter")
    expect(bea.locator("#undo-allow")).to_have_count(0)
    expect(bea.locator(".toast").last).to_have_text(
        "Ada hat die Bitte um Zurücknahme zurückgezogen.")
    expect(ada.locator(".toast").last).to_have_text("You withdrew your take-back request.")
    expect(ada.locator("#banner")).not_to_contain_text("Waiting")
    expect(watcher.locator("#banner")).to_have_text("")
    expect(ada.locator("#undo-button")).to_be_focused()
    expect(ada.locator("#log li")).to_have_count(1)
    # Asked again at once, the others would be called again: the button says why it waits.
    undo = ada.locator("#undo-button")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute("title", re.compile("^You withdrew your take-back request"))
    ada.keyboard.press("Enter")
    expect(ada.locator(".toast").last).to_contain_text("ask again half a minute after")
    expect(bea.locator("#undo-allow")).to_have_count(0)
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    expect(undo).to_be_focused()
    ada.keyboard.press("Enter")
    expect(bea.locator("#undo-allow")).to_be_visible()
    expect(bea.locator("#banner")).to_contain_text("Ada möchte")
    expect(bea.locator("#undo-withdraw")).to_have_count(0)
    ada.click("#undo-withdraw")
    expect(bea.locator("#undo-allow")).to_have_count(0)
    ada.wait_for_timeout(300)
    expect(ada.locator(".toast.error")).to_have_count(0)


def test_a_take_back_request_says_whose_moves_since_would_go_back_with_it(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(ada.locator("#status")).to_have_text("Your turn")
    moved(ada, lambda: ada.locator(TURN).first.click())
    moved(bea, lambda: bea.locator(TURN).first.click())
    ada.click("#undo-button")
    expect(bea.locator("#banner")).to_have_text(
        "Ada möchte den letzten Zug zurücknehmen. Dein Zug seitdem ginge mit zurück. "
        "Erlauben Ablehnen")
    # The one who asked is told too, also by the description of Withdraw.
    expect(ada.locator("#banner")).to_have_text(
        "The move made since then by Bea would go back too. Waiting for Bea to agree… "
        "Withdraw")
    expect(ada.locator("#undo-withdraw")).to_have_accessible_description(
        "The move made since then by Bea would go back too. Waiting for Bea to agree…")
    expect(watcher.locator("#banner")).to_have_text(
        "Ada asks to take back their last move. The move made since then by Bea would go "
        "back too. Waiting for Bea to agree…")
    bea.click("#undo-refuse")
    moved(ada, lambda: ada.locator(TURN).first.click())
    bea.click("#undo-button")
    expect(ada.locator("#banner")).to_have_text(
        "Bea asks to take back their last move. Your move since then would go back too. "
        "Allow Refuse")
    expect(bea.locator("#banner")).to_have_text(
        "Der Zug von Ada seitdem ginge mit zurück. Warte auf Zustimmung von Ada … "
        "Zurückziehen")
    expect(watcher.locator("#banner")).to_contain_text("The move made since then by Ada")


def test_a_refused_take_back_is_not_asked_again_until_the_next_move(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    moved(ada, lambda: ada.locator(TURN).first.click())
    ada.click("#undo-button")
    bea.click("#undo-refuse")
    undo = ada.locator("#undo-button")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute(
        "title", "Your take-back request was refused: you can ask again after the next move.")
    undo.click(force=True)
    expect(ada.locator(".toast").last).to_contain_text("was refused")
    bea.wait_for_timeout(300)
    expect(bea.locator("#undo-allow")).to_have_count(0)
    moved(bea, lambda: bea.locator(TURN).first.click())
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    undo.click()
    expect(bea.locator("#undo-allow")).to_be_visible()


def test_three_players_choose_a_direction_and_the_phone_layout(pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    board = page.locator("#board svg")
    box = board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    hint = page.locator("#hint")
    expect(hint).to_have_text("Choose a pit, then the direction to sow.")
    pit = page.locator(".pit.legal.clickable").first
    pit.click()
    expect(hint).to_have_text(re.compile(
        r"^Now choose the direction to sow A\d: one of the two arrows beside it \(pick it "
        r"again, or press Escape, to cancel\)\.$"))
    page.keyboard.press("Escape")
    expect(hint).to_have_text("Choose a pit, then the direction to sow.")
    pit.click()
    page.select_option("#lang", "de")
    expect(hint).to_contain_text("Wähle jetzt die Richtung, in die du A")
    page.select_option("#lang", "en")
    arrows = page.locator(TURN)
    expect(arrows).to_have_count(2)
    arrows.last.click()
    expect(page.locator("#log li").first).to_have_text(re.compile(r"A\d cw"))


def test_the_german_page_names_the_direction_of_a_sowing_in_words(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3,
               options={"start": "A"})
    page.locator(".pit.legal.clickable").first.click()
    page.locator(TURN).last.click()
    expect(page.locator("#log li").first).to_have_text(re.compile(r"^A\d im Uhrzeigersinn$"))
    mine = page.locator(".board-area.interactive .pit.legal.clickable")
    expect(mine.first).to_be_visible()
    expect(page.locator("#log li")).to_have_count(3)
    buttons = page.locator("#moves .move-buttons button")
    assert all(re.fullmatch(r"[A-C]\d (im|gegen den) Uhrzeigersinn", text)
               for text in buttons.all_inner_texts())
    expect(page.locator("#stake .last-move")).to_contain_text("verteilt C")
    shown = " ".join([page.locator("#stake").inner_text(), page.locator("#log").inner_text(),
                      page.locator("#moves").inner_text()])
    assert not re.search(r"\bc?cw\b", shown), shown
    move = buttons.first.inner_text()
    page.fill("#move-input", move.lower())
    page.keyboard.press("Enter")
    expect(page.locator("#log li").nth(3)).to_have_text(move)


def test_a_two_player_board_turns_upright_on_a_phone(pages: Pages) -> None:
    page = pages.new(width=390, height=844)
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["height"] > box["width"] and box["width"] <= 390
    first, sixth = (page.locator(f".pit[data-pit='A{i}']").bounding_box() for i in (1, 6))
    assert first is not None and sixth is not None and sixth["y"] > first["y"]


def test_language_switch_and_rules_help(pages: Pages) -> None:
    page: Page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    expect(page.locator("h1")).to_have_text("Neues Spiel")
    page.select_option("#lang", "en")
    expect(page.locator("h1")).to_have_text("New game")
    page.click("text=How to play")
    expect(page.locator("#rules-oware")).to_contain_text("ripe")
    page.select_option("#lang", "de")
    expect(page.locator("#rules-oware")).to_contain_text("reif")
    start_game(page, pages.base, "oware", ["me", "bot:easy"])
    expect(page.locator("#status")).to_have_text("Du bist am Zug")
    page.click("#rules-button")
    expect(page.locator(".rules-dialog")).to_contain_text("Fangen")
    page.keyboard.press("Escape")
    expect(page.locator(".rules-dialog")).to_have_count(0)
    page.select_option("#lang", "en")
    expect(page.locator("#status")).to_have_text("Your turn")


def test_the_rules_say_a_game_ends_after_1000_moves(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    texts = page.evaluate("""async () => {
      const {help} = await import('/static/games/oware.js');
      return [help.en, help.de].map((html) => html.replace(/\\s+/g, ' '));
    }""")
    assert "and after 1,000 moves" in texts[0]
    assert "und nach 1.000 Zügen" in texts[1]


def test_the_rules_say_a_grand_position_includes_who_owns_each_pit(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    texts = page.evaluate("""async () => {
      const {help} = await import('/static/games/oware.js');
      return [help.en, help.de].map((html) => html.replace(/\\s+/g, ' '));
    }""")
    assert ("In Grand a position also includes who owns each pit: it comes back only with the "
            "same stones, owners and player to move.") in texts[0]
    assert ("Bei Grand gehört zur Stellung auch, wem jede Mulde gehört: Sie wiederholt sich "
            "nur mit denselben Steinen, Besitzern und demselben Spieler am Zug.") in texts[1]


def test_who_begins_is_drawn_by_lot_or_chosen_in_the_lobby(pages: Pages) -> None:
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    page.click(".game-tile[data-game='oware']")
    expect(page.locator("#opt-start option")).to_have_text(["per Los", "Platz 1", "Platz 2"])
    expect(page.locator("#opt-start")).to_have_value("random")
    page.click(".segmented button[data-players='4']")
    expect(page.locator("#opt-start option")).to_have_text(
        ["per Los", "Platz 1", "Platz 2", "Platz 3", "Platz 4"])
    page.select_option("#preset", "abapa")
    expect(page.locator("#opt-start")).to_have_value("A")

    start_game(page, pages.base, "oware", ["me", "bot:easy"])
    expect(page.locator("#log li").first).to_have_text(
        re.compile(r"^(Ada|Computer \(Leicht\)) beginnt \(ausgelost\)$"))
    expect(page.locator("#status")).to_have_text("Du bist am Zug")

    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "B"})
    expect(page.locator("#status")).to_have_text("Du bist am Zug")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#log li").first).to_have_text(re.compile(r"^B[1-6]$"))


STORE_COUNTS_CLEAR = """() => [...document.querySelectorAll('#board .store')].map((store) => {
  const count = store.querySelector('.store-count');
  const box = count.getBBox();
  const covered = [...store.querySelectorAll('.stones circle')].filter((stone) => {
    const s = stone.getBBox();
    return s.x < box.x + box.width && box.x < s.x + s.width
      && s.y < box.y + box.height && box.y < s.y + s.height;
  }).length;
  return {count: count.textContent, covered};
})"""
"""Each store's count, and how many of its stones cover the count."""


def test_a_store_count_stands_clear_of_its_stones(pages: Pages, tmp_path: Path) -> None:
    for players, width in ((2, 1280), (2, 390), (4, 1280)):
        match = Match(load("oware", players=players), seed="stores",
                      players=["Ada", "Bea", "Cem", "Dia"][:players])
        rng = random.Random(1)
        while min(match.state.view(None)["stores"]) < 5:
            match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
        saved = tmp_path / f"stores-{players}.json"
        saved.write_text(json.dumps(match.to_record()))
        page = pages.new(width=width, height=844)
        page.goto(pages.base + "/#/open")
        page.set_input_files("#record-file", str(saved))
        page.get_by_role("button", name="As a spectator").click()
        expect(page.locator("#board .store")).to_have_count(players)
        stores = match.state.view(None)["stores"]
        assert page.evaluate(STORE_COUNTS_CLEAR) == [
            {"count": str(n), "covered": 0} for n in stores], (players, width)


def test_screen_readers_hear_what_a_sowing_captured(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], preset="abapa")
    page.evaluate(SAID)
    rng = random.Random(4)
    captured: list[str] = []
    for _ in range(80):
        page.wait_for_selector(f"{TURN}, {GAME_OVER}", timeout=30000)
        captured = [said for said in page.evaluate("window.__said") if "captured" in said]
        if captured or page.locator(GAME_OVER).count():
            break
        moved(page, lambda: click_random_legal(page, rng))
    assert captured, "no capture in the game"
    assert re.search(r"(Ada|Computer \(Easy\)) sowed [AB][1-6] and captured [AB][1-6]",
                     captured[0]), captured[0]


def test_screen_readers_hear_the_direction_of_a_sowing_in_words(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy", "bot:easy"], players=3)
    said = page.evaluate("""async () => {
      const {spoken} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      const ctx = {t, names: ['Ada', 'B', 'C']};
      return [spoken('B1 ccw', ctx), spoken('C4 cw', ctx), spoken('A starts', ctx)];
    }""")
    assert said == ["B1 counter-clockwise", "C4 clockwise", "Ada begins (drawn by lot)"]


def test_the_table_says_why_a_game_ended_and_who_was_skipped(pages: Pages,
                                                              tmp_path: Path) -> None:
    game = load("oware", start="A")
    state, rng, moves = game.new_initial_state(), random.Random(599), []
    while not state.is_terminal():  # this game ends on a repeated position, A sowing last
        moves.append(rng.choice(state.legal_actions()))
        state = state.apply(moves[-1])
    assert state.view(None)["end"] == {"reason": "repetition", "seats": []}
    match = Match(game, seed="repeat", players=["Ada", "Bea"])
    for action in moves[:-1]:
        match.play(match.state.current_player, action)
    page = replay_as_ada(pages, match, tmp_path)
    page.keyboard.press("End")
    page.click("#branch-start")
    expect(page.locator("#status")).to_have_text("Your turn")
    page.fill("#move-input", state.action_to_string(moves[-1]))
    page.keyboard.press("Enter")
    ending = "The game is over: a position came back since the last capture."
    expect(page.locator(f"{GAME_OVER} .end-reason")).to_have_text(ending)
    page.click("#result-close")
    expect(page.locator("#stake .passed-over")).to_have_text(ending)
    page.click("#replay-link")
    page.keyboard.press("End")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position (\d+) of \1 · "
                                                            + re.escape(ending) + " · .+ wins$"))

    three = load("oware", players=3, start="A").state_from_json({
        "board": [0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0], "owners": [p // 4 for p in range(12)],
        "stores": [20, 20, 17], "to_move": 2, "seen": [], "last": None, "ply": 30})
    skipped = three.apply(three.string_to_action("C1 cw"))
    said = page.evaluate("""async (view) => {
      const {stake} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return [0, 1].map((seat) => [...stake(view, {t, names: ['Ada', 'Bea', 'Cem'], seat,
        turns: []}).querySelectorAll('.passed-over')].map((line) => line.textContent));
    }""", skipped.view(0))
    assert said == [["You cannot sow and are skipped."], ["Ada cannot sow and is skipped."]]
    heard = page.evaluate("""async ([view, prev]) => {
      const {news} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return news(view, prev, {t, names: ['Ada', 'Bea', 'Cem'], seat: 1, turns: []});
    }""", [skipped.view(1), three.view(1)])
    assert heard == "Ada cannot sow and is skipped"


def test_at_the_end_the_side_panel_counts_stones_not_captures(pages: Pages) -> None:
    state = load("oware", start="A").state_from_json({
        "board": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 5], "owners": [0] * 6 + [1] * 6,
        "stores": [20, 22], "to_move": 0, "seen": [], "last": None, "ply": 60})
    over = state.apply(5)  # A6 into B1; B sows next and A has nothing left
    over = over.apply(over.string_to_action("B1"))
    assert over.is_terminal() and over.view(None)["stores"] == [20, 28]
    page = pages.new()
    page.goto(pages.base + "/")
    table = page.evaluate("""async (view) => {
      const {stake} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      const node = stake(view, {t, names: ['Ada', 'Bea'], seat: 0, turns: []});
      const cells = (row) => [...row.children].map((cell) => cell.textContent.trim());
      return [...node.querySelectorAll('tr')].map(cells);
    }""", over.view(0))
    assert table == [["", "Stones"], ["Ada", "20"], ["Bea", "28"]]


def test_a_grand_slam_is_said_to_capture_nothing(pages: Pages) -> None:
    state = load("oware", preset="abapa").state_from_json({
        "board": [3, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [18, 23], "to_move": 0, "seen": [], "last": None, "ply": 40})
    slam = state.apply(state.string_to_action("A6"))  # B1 and B2 ripe: all of B's stones
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    said = page.evaluate("""async ([view, prev]) => {
      const {stake, news} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return [1, null].map((seat) => {
        const ctx = {t, names: ['Ada', 'Bea'], seat, turns: []};
        return [stake(view, ctx).querySelector('.grand-slam').textContent,
          news(view, prev, ctx)];
      });
    }""", [slam.view(1), state.view(1)])
    assert said == [  # Bea, whose stones they were, is spoken to
        ["Der Zug hätte alle deine Steine gefangen und fängt darum nichts (Grand Slam).",
         "Ada verteilt A6. Der Zug hätte alle deine Steine gefangen und fängt darum nichts "
         "(Grand Slam)"],
        ["Der Zug hätte alle Steine von Bea gefangen und fängt darum nichts (Grand Slam).",
         "Ada verteilt A6. Der Zug hätte alle Steine von Bea gefangen und fängt darum nichts "
         "(Grand Slam)"]]


def test_screen_readers_hear_who_owns_a_pit_won_in_grand(pages: Pages) -> None:
    state = load("oware", preset="grand", start="A").state_from_json({
        "board": [0, 0, 0, 0, 0, 2, 1, 2, 4, 4, 4, 4], "owners": [0] * 6 + [1] * 6,
        "stores": [10, 17], "to_move": 0, "seen": [], "last": None, "ply": 20})
    won = state.apply(state.string_to_action("A6"))  # takes B1 and B2 with their stones
    after = won.apply(won.string_to_action("B3"))
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/")
    labels = page.evaluate("""async (views) => {
      const {render} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return views.map(([view, seat]) => {
        const root = document.createElement('div');
        render(root, {view, t, seat, narrow: false, legal: [], ui: {}, animate: false,
                      prev: null, interactive: false, names: ['Ada', 'Bea'], turns: []});
        return [...root.querySelectorAll('.pit')].slice(5, 9).map(
          (pit) => pit.getAttribute('aria-label'));
      });
    }""", [[after.view(1), 1], [won.view(1), 1]])
    assert labels == [
        ["Mulde A6: 0 Steine", "Mulde B1: 0 Steine, gehört Ada", "Mulde B2: 0 Steine, gehört Ada",
         "Mulde B3: 0 Steine"],
        ["Mulde A6: 0 Steine", "Mulde B1: 0 Steine, gefangen von Ada",
         "Mulde B2: 0 Steine, gefangen von Ada", "Mulde B3: 4 Steine"]]


def test_screen_readers_hear_that_a_player_who_lost_the_last_pit_is_out(pages: Pages) -> None:
    state = load("oware", preset="grand", players=3, start="A").state_from_json({
        "board": [1, 1, 1, 5, 4, 4, 4, 5, 1, 1, 1, 1],
        "owners": [0, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0],
        "stores": [11, 10, 10], "to_move": 0, "seen": [], "last": None, "ply": 30})
    out = state.apply(state.string_to_action("A4 ccw"))  # takes C1, Cem's last pit
    later = out.apply(out.legal_actions()[0])
    page = pages.new()
    page.goto(pages.base + "/")
    heard = page.evaluate("""async (pairs) => {
      const {news} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      const ctx = {t, names: ['Ada', 'Bea', 'Cem'], seat: 1, turns: []};
      return pairs.map(([view, prev]) => news(view, prev, ctx));
    }""", [[out.view(1), state.view(1)], [later.view(1), out.view(1)]])
    assert heard[0] == "Ada sowed A4 ccw and captured C1. Cem owns no pit and is out"
    assert "is out" not in heard[1], "told once, when it happens"


def test_a_player_who_is_out_reads_it_said_to_them(pages: Pages) -> None:
    state = load("oware", preset="grand", players=3, start="A").state_from_json({
        "board": [1, 1, 1, 5, 4, 4, 4, 5, 1, 1, 1, 1],
        "owners": [0, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0],
        "stores": [11, 10, 10], "to_move": 0, "seen": [], "last": None, "ply": 30})
    out = state.apply(state.string_to_action("A4 ccw"))  # takes C1, Cem's last pit
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async ([view, prev]) => {
      const {news, stake} = await import('/static/games/oware.js');
      const {t, setLang} = await import('/static/i18n.js');
      const lines = (seat) => {
        const ctx = {t, names: ['Ada', 'Bea', 'Cem'], seat, turns: []};
        return [...[...stake(view, ctx).querySelectorAll('.passed-over')].map((line) =>
          line.textContent), news(view, prev, ctx)];
      };
      const said = [lines(2), lines(1)];
      setLang('de');
      return [...said, lines(2)];
    }""", [out.view(2), state.view(2)])
    assert said == [
        ["You own no pit and are out.",
         "Ada sowed A4 ccw and captured C1. You own no pit and are out"],
        ["Cem owns no pit and is out.",
         "Ada sowed A4 ccw and captured C1. Cem owns no pit and is out"],
        ["Du besitzt keine Mulde mehr und bist ausgeschieden.",
         "Ada verteilt A4 gegen den Uhrzeigersinn und fängt C1. Du besitzt keine Mulde mehr und "
         "bist ausgeschieden"]]


def test_the_turn_says_why_only_some_pits_glow_when_an_empty_opponent_must_be_fed(
        pages: Pages) -> None:
    game = load("oware", preset="abapa")
    feed = game.state_from_json({
        "board": [1, 0, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [20, 21], "to_move": 0, "seen": [], "last": None, "ply": 40})
    assert [feed.action_to_string(a) for a in feed.legal_actions()] == ["A5", "A6"]
    page = pages.new()
    page.goto(pages.base + "/")
    hints = page.evaluate("""async (views) => {
      const {hint} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return views.map((view) => hint(view, {t, names: ['Ada', 'Bea'], seat: 0}));
    }""", [feed.view(0), game.new_initial_state().view(0)])
    assert hints == ["Bea has no stones: you must give them some. Your glowing pits do.",
                     "Choose one of your glowing pits to sow from."]


def test_a_pit_that_cannot_be_sown_says_why_when_clicked(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator("#status")).to_have_text("Your turn")
    page.locator('.pit[data-pit="B2"]').click()
    expect(page.locator("#toasts .toast.error")).to_have_text(re.compile("B2 is not your pit."))
    expect(page.locator("#status")).to_have_text("Your turn")

    game = load("oware", preset="abapa")
    feed = game.state_from_json({
        "board": [1, 0, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0], "owners": [0] * 6 + [1] * 6,
        "stores": [20, 21], "to_move": 0, "seen": [], "last": None, "ply": 40})
    said = page.evaluate("""async (view) => {
      const {refusal} = await import('/static/games/oware.js');
      const {t, setLang} = await import('/static/i18n.js');
      const ctx = {t, names: ['Ada', 'Bea'], seat: 0};
      const said = [1, 0].map((p) => refusal(view, p, ctx));
      setLang('de');
      return [...said, ...[1, 0].map((p) => refusal(view, p, ctx))];
    }""", feed.view(0))
    assert said == [
        "A2 is empty: there is nothing to sow.",
        "A1 gives Bea no stones, and they have none: sow a pit that does.",
        "A2 ist leer: Da gibt es nichts zu verteilen.",
        "A1 gibt Bea keine Steine, und Bea hat keine: Verteile aus einer Mulde, die welche gibt."]


def test_the_end_reason_speaks_to_the_player_it_names(pages: Pages) -> None:
    page = pages.new()
    page.goto(pages.base + "/")
    said = page.evaluate("""async () => {
      const {endNote} = await import('/static/games/oware.js');
      const {t, setLang} = await import('/static/i18n.js');
      const ends = [['no_stones', [0]], ['stuck', [0, 1]], ['stuck', [1, 0]],
        ['no_pits', [0]], ['majority', [0]], ['no_move', [0]], ['split', []]];
      const said = {};
      for (const code of ['en', 'de']) {
        setLang(code);
        said[code] = ends.map(([reason, seats]) => [0, null].map((seat) => endNote(
          {end: {reason, seats}}, {t, names: ['Ada', 'Bea'], seat, turns: []})));
      }
      setLang('en');
      return said;
    }""")
    assert said["en"] == [
        ["The game is over: you have no stone left to sow.",
         "The game is over: Ada has no stone left to sow."],
        ["The game is over: you and Bea cannot sow, one after the other.",
         "The game is over: Ada and Bea cannot sow, one after the other."],
        ["The game is over: Bea and you cannot sow, one after the other.",
         "The game is over: Bea and Ada cannot sow, one after the other."],
        ["The game is over: only you still own pits.",
         "The game is over: only Ada still owns pits."],
        ["The game is over: you have more than half the stones.",
         "The game is over: Ada has more than half the stones."],
        ["The game is over: you cannot move; each takes the stones on their side.",
         "The game is over: Ada cannot move; each takes the stones on their side."],
        ["The game is over: each has half the stones."] * 2]
    assert said["de"] == [
        ["Das Spiel ist aus: Du hast keinen Stein mehr zum Verteilen.",
         "Das Spiel ist aus: Ada hat keinen Stein mehr zum Verteilen."],
        ["Das Spiel ist aus: Du und Bea könnt nacheinander nicht verteilen.",
         "Das Spiel ist aus: Ada und Bea können nacheinander nicht verteilen."],
        ["Das Spiel ist aus: Bea und du könnt nacheinander nicht verteilen.",
         "Das Spiel ist aus: Bea und Ada können nacheinander nicht verteilen."],
        ["Das Spiel ist aus: Nur du besitzt noch Mulden.",
         "Das Spiel ist aus: Nur Ada besitzt noch Mulden."],
        ["Das Spiel ist aus: Du hast mehr als die Hälfte der Steine.",
         "Das Spiel ist aus: Ada hat mehr als die Hälfte der Steine."],
        ["Das Spiel ist aus: Du kannst nicht ziehen; jeder nimmt die Steine seiner Seite.",
         "Das Spiel ist aus: Ada kann nicht ziehen; jeder nimmt die Steine seiner Seite."],
        ["Das Spiel ist aus: Jeder hat die Hälfte der Steine."] * 2]


def test_a_sowing_that_captured_several_pits_names_them_as_a_list_in_words(
        pages: Pages) -> None:
    state = load("oware", start="A").new_initial_state()
    for move in ("A1", "B6", "A2", "B5", "A3"):
        state = state.apply(state.string_to_action(move))
    after = state.apply(state.string_to_action("B3"))  # captures A2 and A1
    page = pages.new()
    page.goto(pages.base + "/")
    heard = page.evaluate("""async ([view, prev]) => {
      const {news} = await import('/static/games/oware.js');
      const {setLang, t} = await import('/static/i18n.js');
      const ctx = {t, names: ['Ada', 'Bea'], seat: 0, turns: []};
      const said = [news(view, prev, ctx)];
      setLang('de');
      said.push(news(view, prev, ctx));
      return said;
    }""", [after.view(0), state.view(0)])
    assert heard == ["Bea sowed B3 and captured A2 and A1", "Bea verteilt B3 und fängt A2 und A1"]


def test_screen_readers_hear_every_capture_of_the_sowings_one_update_brings(
        pages: Pages) -> None:
    state = load("oware", players=3, start="A").new_initial_state()
    views = []
    for move in ["A3 cw", "B3 cw", "C1 ccw", "A1 cw", "B4 cw", "C3 cw", "A2 cw", "B4 cw",
                 "C2 cw", "A4 ccw", "B3 ccw", "C1 cw"]:
        state = state.apply(state.string_to_action(move))
        views.append(state.view(0))
    page = pages.new()
    page.goto(pages.base + "/")
    heard = page.evaluate("""async (pairs) => {
      const {news} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      const ctx = {t, names: ['Ada', 'Bea', 'Cem'], seat: 0, turns: []};
      return pairs.map(([view, prev]) => news(view, prev, ctx));
    }""", [[views[-1], views[-3]], [views[-1], views[-2]], [views[-1], views[-1]]])
    assert heard == [  # both sowings since Ada's, told once each
        "Bea sowed B3 ccw and captured A2. Cem sowed C1 cw and captured A3",
        "Cem sowed C1 cw and captured A3", ""]


def test_a_take_back_is_not_news_of_the_sowing_before_it(pages: Pages) -> None:
    state = load("oware", players=3, start="A").new_initial_state()
    views = []
    for move in ["A3 cw", "B3 cw", "C1 ccw", "A1 cw", "B4 cw", "C3 cw", "A2 cw", "B4 cw",
                 "C2 cw", "A4 ccw", "B3 ccw", "C1 cw", "A1 ccw"]:
        state = state.apply(state.string_to_action(move))
        views.append(state.view(0))
    page = pages.new()
    page.goto(pages.base + "/")
    heard = page.evaluate("""async ([view, prev]) => {
      const {news} = await import('/static/games/oware.js');
      const {t} = await import('/static/i18n.js');
      return news(view, prev, {t, names: ['Ada', 'Bea', 'Cem'], seat: 0, turns: []});
    }""", [views[-2], views[-1]])  # Ada's A1 ccw taken back: Cem's capture is old news
    assert heard == ""
