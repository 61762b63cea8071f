"""Saves in the real browser: two tabs of one game (the one behind is told at once, through the
browser's storage event, and loses nothing)."""

from __future__ import annotations

import random

from playwright.sync_api import BrowserContext, expect

from e2e.helpers import ConsoleLog, play, saved_record, start_game, wait_until_ready


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
    second.click("#resume")
    second.locator("#pass-cover").wait_for()
    before = len(saved_record(first)["actions"])
    play(first, random.Random(12), lambda p: len(saved_record(p)["actions"]) > before)
    # The second tab is told at once, without a click (the storage event).
    expect(second.locator("#save-problem")).to_contain_text("another tab")
    second.click("#load-latest")
    expect(second.locator("#save-problem")).to_have_count(0)
    assert saved_record(second)["actions"] == saved_record(first)["actions"]
    assert first_log.errors() == [] and second_log.errors() == []
