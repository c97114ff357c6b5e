"""Opening a saved record in the browser: a seat's own record exported from a table, a
full record saved in the terminal (whose view to show is asked first), and files that
are no records."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from conftest import Records
from playwright.sync_api import expect

from spieltisch import Match, load
from spieltisch.terminal.okey import joins_log

from .browser_harness import Pages, moved, replay_as_ada, start_game


def test_a_record_exported_from_a_table_opens_as_its_replay(pages: Pages,
                                                           tmp_path: Path) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    moved(page, lambda: page.locator(".pit.legal.clickable").first.click())
    expect(page.locator("#status")).to_have_text("Your turn", timeout=15000)
    page.click("#resign-button")
    page.click("#resign-yes")
    expect(page.locator("#result-title")).to_have_text("Ada resigned · Computer (Easy) wins")
    page.click("#result-close")
    with page.expect_download() as download:
        page.click("#export-button")
    saved = tmp_path / "exported.json"
    saved.write_text(Path(download.value.path()).read_text())

    page.goto(pages.base + "/")
    page.click("#open-record")
    expect(page.locator("h1")).to_have_text("Open a record")
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#status")).to_have_text(
        "Position 3 of 3 · Ada resigned · Computer (Easy) wins")
    expect(page.locator(".players .player-text")).to_have_text(["Ada", "Computer (Easy)"])
    assert json.loads(saved.read_text())["seats"] == [
        {"kind": "human", "level": None, "stand_in": False},
        {"kind": "bot", "level": "easy", "stand_in": False}]
    page.select_option("#lang", "de")
    expect(page.locator(".players .player-text")).to_have_text(["Ada", "Computer (Leicht)"])
    page.select_option("#lang", "en")
    expect(page.locator("#log li")).to_have_count(2)
    page.locator("#replay-step").focus()  # Home in the language list is the list's
    page.keyboard.press("Home")
    expect(page.locator("#status")).to_have_text("Position 1 of 3")
    page.keyboard.press("ArrowRight")
    expect(page.locator("p.offscreen[aria-live]")).to_have_text(
        re.compile(r"^Position 2 of 3: Ada: A[1-6]$"))
    expect(page.locator("#replay-step")).to_have_attribute("aria-valuetext", "Position 2 of 3")
    expect(page.locator("#log li[aria-current='step']")).to_have_text(re.compile(r"^A[1-6]$"))
    page.keyboard.press("Home")
    page.click("#record-another")
    expect(page.locator("#record-file")).to_be_visible()


def test_a_full_record_asks_whose_view_and_a_file_that_is_no_record_is_refused(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("koikoi", months=1), seed="open-me", players=["Ada", "Bea"])
    rng = random.Random(3)
    while not match.over:
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**match.to_record(), "events": [999]}))
    notes = tmp_path / "notes.json"
    notes.write_text("not json at all")

    page = pages.new(width=320, height=740, locale="de-DE")
    page.goto(pages.base + "/#/open")
    expect(page.locator("h1")).to_have_text("Partie öffnen")
    page.set_input_files("#record-file", str(notes))
    expect(page.locator("#record-problem")).to_have_text(
        "Diese Datei ist keine spieltisch-Partie.")
    # A damaged one is refused at once, before whose view to show, in the page's language.
    page.set_input_files("#record-file", str(broken))
    expect(page.locator("#record-problem")).to_have_text(
        "Diese Partie ist beschädigt: ihre Teile passen nicht zusammen, darum lässt sie sich "
        "nicht nachspielen.")
    expect(page.get_by_role("button", name="Als Ada")).to_have_count(0)
    page.set_input_files("#record-file", str(full))
    expect(page.get_by_role("button", name="Als Zuschauer")).to_be_visible()
    expect(page.get_by_role("button", name="Als Ada")).to_be_focused()
    # Whoever opened the wrong file goes back to choose another.
    page.get_by_role("button", name="Andere Partie öffnen").click()
    page.set_input_files("#record-file", str(full))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.get_by_role("button", name="Als Bea").click()
    steps = len(match.public_record(1)["views"])
    # Its last position says who won.
    expect(page.locator("#status")).to_have_text(f"Stellung {steps} von {steps} · Bea gewinnt")
    expect(page.locator(".players .player-text")).to_have_text(["Ada", "Bea"])
    expect(page.locator("#log li:not(.fold)")).to_have_count(len(match.log(1)))
    # Chromium logs the refusal of the broken record (400) as a console error.
    pages.errors[:] = [e for e in pages.errors if "status of 400" not in e]


def test_the_replay_of_a_long_game_lists_the_moves_around_the_current_one(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("okey", players=2, rounds=3), seed="long", players=["Ada", "Bea"])
    rng = random.Random(1)
    while not match.over:
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    log = match.log(0)
    # A draw and the tile drawn are one entry, numbered once.
    moves = len(log) - sum(joins_log(log, i) for i in range(len(log)))
    assert moves > 1000
    page = replay_as_ada(pages, match, tmp_path)
    entries = page.locator("#log li:not(.fold)")
    expect(page.locator("#log li.current")).to_have_count(1)
    assert entries.count() <= 300
    expect(page.locator("#log > li").last).to_have_attribute("value", str(moves))
    page.keyboard.press("Home")
    expect(page.locator("#log > li").first).to_have_attribute("value", "1")
    page.locator("#replay-step").fill("450")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Position 452 of \d+$"))
    current = page.locator("#log li.current")
    expect(current).to_have_count(1)
    assert 250 < int(current.get_attribute("value") or 0) < moves - 300
    assert page.locator("#log li:not(.fold)").count() <= 300


def test_a_damaged_record_of_a_seat_is_refused_in_plain_words(
        pages: Pages, tmp_path: Path, records: Records) -> None:
    kept = records.match.public_record(0)
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/#/open")
    for name, damage in (("views", {"views": [{}] * len(kept["views"])}),
                         ("game", {"game": "oware"}), ("players", {"players": ["Ada"]}),
                         ("seat", {"seat": 9}), ("moves", {"moves": [1, 2, 3]}),
                         ("result", {"result": {"scores": [0, 0], "resigned": 7}}),
                         ("timed_out", {"timed_out": 5})):
        damaged = tmp_path / f"{name}.json"
        damaged.write_text(json.dumps({**kept, **damage}))
        page.set_input_files("#record-file", str(damaged))
        expect(page.locator("#record-problem")).to_have_text(
            "Diese Partie ist beschädigt: ihre Teile passen nicht zusammen, darum lässt sie "
            "sich nicht nachspielen.")
        expect(page.locator("#status")).to_have_count(0)


def test_a_record_with_a_damaged_position_or_of_an_unknown_game_is_refused(
        pages: Pages, tmp_path: Path, records: Records) -> None:
    kept = records.match.public_record(0)
    page = pages.new()
    page.goto(pages.base + "/#/open")
    for part in ("gone", "added", "kind", "seat", "views", "moves_before", "moves"):
        path = tmp_path / f"{part}.json"
        path.write_text(json.dumps(records.damaged(part)))
        page.set_input_files("#record-file", str(path))
        expect(page.locator("#record-problem")).to_have_text(
            "This record is damaged: its parts do not fit together, so it cannot be replayed.")
    for record in (records.damaged("game"), {**records.match.to_record(), "game": "chess"}):
        path = tmp_path / "chess.json"
        path.write_text(json.dumps(record))
        page.set_input_files("#record-file", str(path))
        expect(page.locator("#record-problem")).to_have_text(
            "This is a record of “chess”, a game this page does not know; its games are "
            "Oh-Wah-Ree, Colomino, Koi-Koi, Irono Ofubi and Okey.")
    # Deeper than its parts' kinds, a position that cannot be drawn says so in its place.
    views = list(kept["views"])
    views[5] = {**views[5], "hand": [None, None]}
    path = tmp_path / "deep.json"
    path.write_text(json.dumps({**kept, "views": views}))
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#status")).to_have_text("Position 11 of 11")
    page.locator("#replay-step").fill("5")
    expect(page.locator("#position-damaged")).to_have_text(
        "This position of the record is damaged, so it cannot be shown.")
    page.locator("#replay-step").fill("4")
    expect(page.locator("#position-damaged")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Position 5 of 11")


def test_a_record_of_a_newer_spieltisch_says_so_with_both_versions(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="newer", players=["Ada", "Bea"])
    match.play(0, 0)
    full, views = tmp_path / "full.json", tmp_path / "views.json"
    full.write_text(json.dumps({**match.to_record(), "format": "spieltisch-record/2"}))
    views.write_text(json.dumps({**match.public_record(0),
                                 "format": "spieltisch-record/3+views"}))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(full))
    expect(page.locator("#record-problem")).to_have_text(
        "This record was written by a newer spieltisch (record format 2; this one reads "
        "format 1): update spieltisch to open it.")
    page.set_input_files("#record-file", str(views))
    expect(page.locator("#record-problem")).to_have_text(re.compile(r"record format 3;"))
    page.select_option("#lang", "de")
    expect(page.locator("#record-problem")).to_have_text(
        "Diese Partie wurde von einem neueren spieltisch geschrieben (Partieformat 3; dieses "
        "liest Format 1): aktualisiere spieltisch, um sie zu öffnen.")


def test_the_address_of_opening_a_record_followed_again_starts_afresh(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="again", players=["Ada", "Bea"])
    match.play(0, 0)
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/")
    page.click("#open-record")
    page.set_input_files("#record-file", str(full))
    expect(page.get_by_role("button", name="As Bea")).to_be_visible()
    # The address of the page shown, followed again (typed, or a link), opens it afresh.
    page.goto(pages.base + "/#/open")
    expect(page.locator("#record-file")).to_be_visible()
    expect(page.get_by_role("button", name="As Bea")).to_have_count(0)
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="As Bea").click()
    expect(page.locator("#status")).to_have_text("Position 2 of 2")
    page.evaluate("location.assign('#/open')")
    expect(page.locator("#record-file")).to_be_visible()


def test_a_refusal_and_the_question_whose_view_stay_when_the_language_changes(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="relang", players=["Ada", "Bea"])
    match.play(0, 0)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**match.public_record(0), "seat": 9}))
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(broken))
    expect(page.locator("#record-problem")).to_have_text(
        "This record is damaged: its parts do not fit together, so it cannot be replayed.")
    page.select_option("#lang", "de")
    expect(page.locator("#record-problem")).to_have_text(
        "Diese Partie ist beschädigt: ihre Teile passen nicht zusammen, darum lässt sie sich "
        "nicht nachspielen.")
    page.set_input_files("#record-file", str(full))
    expect(page.get_by_role("button", name="Als Bea")).to_be_visible()
    page.select_option("#lang", "en")
    page.get_by_role("button", name="As Bea").click()
    expect(page.locator("#status")).to_have_text("Position 2 of 2")


def test_each_step_of_a_replay_says_every_move_that_led_to_it_in_words(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("koikoi", months=1), seed="said", players=["Ada", "Bea"])
    rng = random.Random(5)
    while not match.over:
        match.play(match.state.current_player, rng.choice(match.state.legal_actions()))
    kept = match.public_record(None)
    first = kept["moves_before"][0]
    played, drawn = kept["moves"][first], kept["moves"][first + 1]
    assert kept["moves_before"][1] == first + 2 and drawn.startswith("draw ")
    mover = ["Ada", "Bea"][kept["movers"][first]]
    names = {card["code"]: card["name"] for card in _cards(kept["views"][1])}
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(full))
    page.get_by_role("button", name="As a spectator").click()
    page.locator("#replay-step").focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    # The card played from the hand as well as the one turned from the pile, by name.
    card = played.split(">")[0]
    expect(page.locator("p.offscreen[aria-live]")).to_have_text(
        f"Position 2 of {len(kept['views'])}: {mover}: {names[card]}"
        f"{_takes(played, names)}. draw {names[drawn.split()[1]]}")


def _cards(view: object) -> list[dict[str, str]]:
    """Every card of a Koi-Koi view, wherever it lies."""
    if isinstance(view, dict):
        own = [view] if "code" in view and "name" in view else []
        return own + [c for v in view.values() for c in _cards(v)]
    if isinstance(view, list):
        return [c for v in view for c in _cards(v)]
    return []


def _takes(move: str, names: dict[str, str]) -> str:
    """The rest of a Koi-Koi play after its hand card, cards by name (`>8a`)."""
    return f">{names[move.split('>')[1]]}" if ">" in move else ""


def test_focus_stays_on_the_choice_of_a_file_and_moves_to_the_replay_it_opens(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="focus", players=["Ada", "Bea"])
    match.play(0, 0)
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    kept = tmp_path / "kept.json"
    kept.write_text(json.dumps(match.public_record(0)))
    notes = tmp_path / "notes.json"
    notes.write_text("[1, 2, 3]")
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.locator("#record-file").focus()
    page.set_input_files("#record-file", str(notes))
    expect(page.locator("#record-problem")).to_have_text("This file is not a spieltisch record.")
    expect(page.locator("#record-file")).to_be_focused()
    page.set_input_files("#record-file", str(full))
    expect(page.get_by_role("button", name="As Ada")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-step")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#status")).to_have_text("Position 1 of 2")
    page.locator("#record-another").press("Enter")
    expect(page.locator("#record-file")).to_be_focused()
    page.set_input_files("#record-file", str(kept))
    expect(page.locator("#replay-step")).to_be_focused()


def test_a_file_too_large_for_a_record_is_refused_in_plain_words(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("oware", start="A"), seed="large", players=["Ada", "Bea"])
    match.play(0, 0)
    padded = tmp_path / "padded.json"
    padded.write_text(json.dumps({**match.to_record(), "notes": "x" * (1100 * 1024)}))
    page = pages.new(locale="de-DE")
    page.goto(pages.base + "/#/open")
    page.set_input_files("#record-file", str(padded))
    expect(page.locator("#record-problem")).to_have_text(
        "Diese Datei ist zu groß für eine Partie: eine vollständige Partie hat höchstens "
        "1024 KiB.")
    # Chromium logs the refusal (413) as a console error.
    pages.errors[:] = [e for e in pages.errors if "status of 413" not in e]


def test_a_record_opened_while_the_server_is_out_of_reach_is_not_called_unplayable(
        pages: Pages, tmp_path: Path) -> None:
    match = Match(load("irono"), seed="reach", players=["Ada", "Bea"])
    match.play(match.state.current_player, match.state.legal_actions()[0])
    full = tmp_path / "full.json"
    full.write_text(json.dumps(match.to_record()))
    page = pages.new()
    page.goto(pages.base + "/#/open")
    page.route("**/api/games", lambda route: route.abort())
    page.set_input_files("#record-file", str(full))
    unreachable = ("The server cannot be reached. Is spieltisch still running? "
                   "Try again in a moment.")
    expect(page.locator("#record-problem")).to_have_text(unreachable)
    page.unroute("**/api/games")
    page.set_input_files("#record-file", str(full))
    expect(page.get_by_role("button", name="As Bea")).to_be_visible()
    page.route("**/api/replay", lambda route: route.abort())
    page.get_by_role("button", name="As Bea").click()
    # The choice stays, to be made again once the server is back.
    expect(page.locator("#record-problem")).to_have_text(unreachable)
    expect(page.get_by_role("button", name="As Bea")).to_be_focused()
    page.select_option("#lang", "de")
    expect(page.locator("#record-problem")).to_have_text(
        "Der Server ist nicht erreichbar. Läuft spieltisch noch? Versuch es gleich noch einmal.")
    page.unroute("**/api/replay")
    page.get_by_role("button", name="Als Bea").click()
    expect(page.locator("#status")).to_have_text("Stellung 2 von 2")
    # Chromium logs each request cut off as a console error.
    pages.errors[:] = [e for e in pages.errors if "ERR_FAILED" not in e]
