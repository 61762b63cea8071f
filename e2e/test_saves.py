"""Saves in the real browser: two tabs of one game (the one behind is told at once, through the
browser's storage event, and loses nothing), and the game file downloaded from the page and
opened in another browser profile."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, expect

from castle import CASTLE
from e2e.helpers import ConsoleLog, play, saved_record, start_game, wait_until_ready
from tabletop import record as records


def test_a_second_tab_is_told_when_the_first_plays_on_and_loses_nothing(
    context: BrowserContext,
) -> None:
    first = context.new_page()
    first_log = ConsoleLog(first)
    first.goto("")
    wait_until_ready(first, first_log)
    start_game(first, 2, 12, 0, ["Ann", "Bo"], ["blue", "red"])
    second = context.new_page()
    second_log = ConsoleLog(second)
    second.goto("")
    wait_until_ready(second, second_log)
    second.locator("#pass-cover").wait_for()  # the game on screen in the first tab opens
    before = len(saved_record(first)["actions"])
    play(first, random.Random(12), lambda p: len(saved_record(p)["actions"]) > before)
    # The second tab is told at once, without a click (the storage event).
    expect(second.locator("#save-problem")).to_contain_text("another tab")
    second.click("#load-latest")
    expect(second.locator("#save-problem")).to_have_count(0)
    assert saved_record(second)["actions"] == saved_record(first)["actions"]
    assert first_log.errors() == [] and second_log.errors() == []


def test_the_game_file_downloads_and_opens_in_a_fresh_browser_profile(
    context: BrowserContext, browser: Browser, site_url: str, tmp_path: Path
) -> None:
    page = context.new_page()
    log = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, log)
    start_game(page, 2, 14, 0, ["Ann", "Bo"], ["blue", "red"])
    play(
        page,
        random.Random(14),
        lambda p: len(saved_record(p)["actions"]) >= 6 and p.locator("#menu").count() > 0,
    )
    page.click("#menu")
    with page.expect_download() as info:
        page.click("#export")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == "castle-Ann-Bo.json"
    downloaded = records.loads(CASTLE, path.read_text(encoding="utf-8"))
    assert downloaded == saved_record(page)
    records.replay(CASTLE, downloaded)
    assert log.errors() == []
    # Another browser profile: a bad file is refused with a message, the good one opens.
    fresh = browser.new_context(base_url=site_url, service_workers="block")
    other = fresh.new_page()
    other_log = ConsoleLog(other)
    other.goto("")
    wait_until_ready(other, other_log)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "castle-game-record"}', encoding="utf-8")
    other.set_input_files("#import-file", str(bad))
    expect(other.locator("#notice")).to_contain_text("could not be opened")
    assert other.evaluate("localStorage.length") == 0
    other.set_input_files("#import-file", str(path))
    other.wait_for_function("localStorage.getItem('castle.last') !== null")
    assert saved_record(other) == downloaded
    expect(other.locator("#app")).not_to_contain_text("could not be opened")
    assert other_log.errors() == []
    fresh.close()
