"""Playing against the computer in the real page: alone against computers with no cover screen,
the person choosing their cards while the searching level thinks its own over in its worker,
the page answering clicks meanwhile, a reload while it thinks, and no request leaving 127.0.0.1
meanwhile (the worker's own runtime included)."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from castle import CASTLE
from e2e.helpers import (
    ConsoleLog,
    game_over,
    leaving,
    play,
    record_requests,
    saved_record,
    settled,
    start_against_computers,
    wait_until_ready,
)
from tabletop import record as records

#: Counts every cover that is ever drawn (a hot-seat "pass the device" or the reveal cover).
COVER_WATCH = """
window.__covers = 0;
new MutationObserver(() => {
  if (document.querySelector('#pass-cover, #reveal')) window.__covers += 1;
}).observe(document, { childList: true, subtree: true });
"""


def test_one_person_plays_a_whole_game_against_three_computers_with_no_cover(
    page: Page, console: ConsoleLog
) -> None:
    page.add_init_script(COVER_WATCH)
    page.goto("")
    wait_until_ready(page, console)
    start_against_computers(page, 4, ["medium", "medium", "medium"], seed=31)
    clicks = play(page, random.Random(31), game_over)
    assert page.evaluate("window.__covers") == 0, "a cover was shown to a lone person"
    rec = saved_record(page)
    assert rec["setup"]["computers"] == [None, "medium", "medium", "medium"]
    assert rec["setup"]["names"][1] == "Computer 2 (medium)"
    mine = [a for a in rec["actions"] if a.startswith("p0 ")]
    assert 0 < len(mine) <= clicks  # every person's action was a click; the rest, computers'
    state, _ = records.replay(CASTLE, rec)
    assert state.phase == "over"
    expect(page.locator("#winner")).to_be_visible()
    assert console.errors() == [], str(console)


def test_a_hard_computer_thinks_in_its_worker_while_the_page_answers(
    page: Page, console: ConsoleLog, site_url: str
) -> None:
    seen = record_requests(page.context)
    page.goto(f"{site_url}?think=2")
    wait_until_ready(page, console)
    start_against_computers(page, 2, ["hard"], seed=5)
    # The card choice is secret: the person chooses while the hard computer thinks its own
    # over in its worker (four times the setting: 8 s), with no cover and nothing of it shown.
    page.locator("#decision[data-stage='select']").wait_for()
    marker = page.locator("[data-thinking]")
    expect(marker).to_have_count(0)
    page.wait_for_selector("body[data-bot-worker]", state="attached", timeout=60_000)
    cards = page.locator("#decision button[data-act][aria-pressed]")
    cards.nth(0).click()
    settled(page)
    cards.nth(1).click()
    settled(page)
    page.locator("#confirm-cards[data-act]").click()
    # Its answer still to come: now the table waits for it.
    expect(marker).to_be_visible()
    assert saved_record(page)["actions"][-1].startswith("p0 select")
    page.click("#seats")  # the page answers a click at once, while the worker searches
    expect(page.locator("#seats-panel")).to_be_visible(timeout=1_000)
    expect(marker).to_be_visible()
    # A reload while it thinks: the game opens again, and the computer finishes its move.
    before = len(saved_record(page)["actions"])
    page.reload()
    wait_until_ready(page, console)
    expect(page.locator("[data-thinking]")).to_be_visible()
    expect(page.locator("[data-thinking]")).to_be_hidden(timeout=60_000)
    actions = saved_record(page)["actions"]
    assert len(actions) > before and actions[before].startswith("p1 select")
    expect(page.locator("#pass-cover")).to_have_count(0)
    assert not leaving(seen), f"requests left 127.0.0.1: {leaving(seen)}"
    assert any("bot_worker.py" in url for url in seen)
    assert console.errors() == [], str(console)


def test_the_new_game_form_follows_its_choices_and_keeps_the_pace(
    page: Page, console: ConsoleLog
) -> None:
    """A seat's kind, the season and the pace act at once (web/main.py `on_change`): a person's
    name is not carried over to a computer and comes back with the person, the winter note shows
    only for winter, and the pace is kept before any game starts (so it holds on Resume); the
    focus stays on the field changed."""
    page.goto("")
    wait_until_ready(page, console)
    name = page.locator('input[name="name1"]')
    name.fill("Ben")
    page.focus("#kind1")
    page.select_option("#kind1", "hard")
    expect(name).to_have_value("")
    expect(name).to_have_attribute("placeholder", "Computer 2 (hard)")
    expect(page.locator("#kind1")).to_be_focused()
    page.select_option("#kind1", "person")
    expect(name).to_have_value("Ben")
    note = page.locator(".variant .hint")
    expect(note).to_have_count(0)
    page.select_option("#variant", "winter")
    expect(note).to_contain_text("Six winter cards")
    page.select_option("#variant", "summer")
    expect(note).to_have_count(0)
    page.select_option("#pace", "0")
    assert page.evaluate("() => localStorage.getItem('castle.pace')") == "0"
    expect(name).to_have_value("Ben")  # what was typed stays through every redraw
    assert not console.errors(), str(console)
