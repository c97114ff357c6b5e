"""Chat at the web table: friends talk, a spectator sees no chat (but is counted as
watching), what was said is there again after a reload, a person can be muted, and
whoever said a line can delete it."""

from __future__ import annotations

from playwright.sync_api import expect

from .browser_harness import Pages, join_game, start_game


def test_friends_talk_at_the_table_and_a_spectator_sees_no_chat(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    expect(ada.locator("#chat-card")).to_be_hidden()
    bea = pages.new(width=320, height=740, locale="de-DE")
    join_game(bea, pages.base, table)
    expect(ada.locator("#chat-card")).to_be_visible()
    ada.fill("#chat-input", "Good luck, Bea!")
    ada.press("#chat-input", "Enter")
    expect(ada.locator("#chat-input")).to_have_value("")
    expect(bea.locator("#chat-lines li")).to_have_text(["Ada: Good luck, Bea!"])
    expect(bea.locator(".toast").last).to_have_text("Ada: Good luck, Bea!")
    expect(bea.locator("#chat-send")).to_have_text("Senden")
    bea.fill("#chat-input", "Danke, dir auch")
    bea.click("#chat-send")
    expect(ada.locator("#chat-lines li")).to_have_text(
        ["Ada: Good luck, Bea!", "Bea: Danke, dir auch"])
    assert bea.evaluate("document.documentElement.scrollWidth") <= 320
    ada.fill("#chat-input", "<img src=x onerror=alert(1)>")
    ada.press("#chat-input", "Enter")
    expect(bea.locator("#chat-lines li").last).to_have_text("Ada: <img src=x onerror=alert(1)>")
    expect(bea.locator("#chat-lines img")).to_have_count(0)

    watcher = pages.new()
    watcher.goto(f"{pages.base}/#/watch/{table}")
    expect(watcher.locator("#status")).to_contain_text("You are watching this game.")
    expect(watcher.locator("#chat-card")).to_be_hidden()
    expect(watcher.locator("#chat-lines li")).to_have_count(0)
    expect(ada.locator("#watching")).to_have_text("1 person watching")
    expect(bea.locator("#watching")).to_have_text("1 Person schaut zu")
    expect(watcher.locator("#watching")).to_have_text("1 person watching")
    watcher.goto(pages.base + "/")
    expect(ada.locator("#watching")).to_be_hidden()

    bea.reload()
    expect(bea.locator("#chat-lines li")).to_have_text(
        ["Ada: Good luck, Bea!", "Bea: Danke, dir auch", "Ada: <img src=x onerror=alert(1)>"])


def test_alone_against_the_computer_there_is_no_chat(pages: Pages) -> None:
    page = pages.new()
    start_game(page, pages.base, "oware", ["me", "bot:easy"], options={"start": "A"})
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator("#chat-card")).to_be_hidden()


def test_a_person_mutes_another_and_the_mute_lasts_into_the_rematch(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    bea.fill("#chat-input", "first")
    bea.press("#chat-input", "Enter")
    expect(ada.locator("#chat-lines li")).to_have_text(["Bea: first"])
    expect(bea.locator("#mute-0")).to_have_text("Ada stummschalten")
    ada.click("#mute-1")
    expect(ada.locator("#mute-1")).to_have_text("Unmute Bea")
    expect(ada.locator("#mute-1")).to_be_focused()
    expect(ada.locator("#chat-lines li")).to_have_count(0)
    bea.fill("#chat-input", "second")
    bea.press("#chat-input", "Enter")
    ada.fill("#chat-input", "mine")
    ada.press("#chat-input", "Enter")
    expect(bea.locator("#chat-lines li")).to_have_text(["Bea: first", "Bea: second", "Ada: mine"])
    expect(ada.locator("#chat-lines li")).to_have_text(["Ada: mine"])
    expect(ada.locator(".toast", has_text="second")).to_have_count(0)
    ada.reload()
    expect(ada.locator("#mute-1")).to_have_text("Unmute Bea")
    expect(ada.locator("#chat-lines li")).to_have_text(["Ada: mine"])
    ada.click("#mute-1")
    expect(ada.locator("#chat-lines li")).to_have_text(["Bea: first", "Bea: second", "Ada: mine"])
    ada.click("#mute-1")

    ada.click("#resign-button")
    ada.click("#resign-yes")
    ada.click("#result-rematch")
    ada.wait_for_url(lambda url: table not in url)
    expect(ada.locator("#mute-0")).to_have_text("Unmute Bea")
    expect(ada.locator("#chat-card")).to_be_visible()


def test_a_person_deletes_a_line_of_their_own_for_everybody(pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(locale="de-DE")
    join_game(bea, pages.base, table)
    for text in ("Wrong table, sorry", "Good luck"):
        ada.fill("#chat-input", text)
        ada.press("#chat-input", "Enter")
    bea.fill("#chat-input", "Danke")
    bea.press("#chat-input", "Enter")
    lines = ["Ada: Wrong table, sorry", "Ada: Good luck", "Bea: Danke"]
    expect(ada.locator("#chat-lines li")).to_have_text(lines)
    expect(bea.locator("#chat-lines li")).to_have_text(lines)
    expect(ada.locator("#chat-lines li .chat-remove")).to_have_count(2)
    expect(bea.locator("#chat-lines li .chat-remove")).to_have_count(1)
    expect(bea.locator("#chat-lines li").last.locator(".chat-remove")).to_have_accessible_name(
        "Deine Zeile „Danke“ löschen")

    ada.get_by_role("button", name="Delete your line “Wrong table, sorry”").click()
    expect(ada.locator("#chat-lines li")).to_have_text(lines[1:])
    expect(bea.locator("#chat-lines li")).to_have_text(lines[1:])
    expect(ada.locator("#chat-input")).to_be_focused()
    bea.reload()
    expect(bea.locator("#chat-lines li")).to_have_text(lines[1:])


def test_a_line_held_back_stays_in_the_box_and_a_long_word_stays_on_the_screen(
        pages: Pages) -> None:
    ada = pages.new()
    table = start_game(ada, pages.base, "oware", ["me", "open"], options={"start": "A"})
    bea = pages.new(width=390, height=740)
    join_game(bea, pages.base, table)
    expect(ada.locator("#chat-card")).to_be_visible()
    word = "https://example.org/" + "x" * 120
    ada.fill("#chat-input", word)
    ada.press("#chat-input", "Enter")
    toast = bea.locator(".toast").last
    expect(toast).to_have_text(f"Ada: {word}")
    box = toast.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for i in range(4):
        ada.fill("#chat-input", f"line {i}")
        ada.press("#chat-input", "Enter")
        expect(ada.locator("#chat-lines li")).to_have_count(i + 2)
    ada.fill("#chat-input", "one line too many")
    ada.press("#chat-input", "Enter")
    expect(ada.locator(".toast.error").last).to_have_text(
        "Not so fast: wait a moment before the next line.")
    expect(ada.locator("#chat-input")).to_have_value("one line too many")
    expect(ada.locator("#chat-lines li")).to_have_count(5)
