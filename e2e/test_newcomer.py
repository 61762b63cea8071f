"""A newcomer at the table, in the real page: the rules help from every screen in both
languages, a secret card changed before it is confirmed, a round's summary before the next
cover, a log of at least 15 lines and the end's totals in view at 1366×768, and a new game
that leaves the running one resumable. Screens are reached from saves written into storage."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from castle import data
from e2e.helpers import (
    open_with_saves,
    play,
    recorded_game,
    saved_record,
    start_game,
)
from web.shell import keys

CATALOGS = Path(__file__).resolve().parent.parent / "web"
#: Latin words a Chinese page may show: the units of the game, and the files' extension.
# BP and VP as the Chinese rules print them, ".json" files, and keys as keyboards label them.
LATIN_OK = {"BP", "VP", "json"} | {w for k in keys.LABELS.values() for w in re.findall(r"\w+", k)}


def _english_words() -> set[str]:
    """Every word of 3+ letters of the English catalogs (a Chinese page shows none)."""
    words: set[str] = set()
    for path in CATALOGS.glob("*/i18n/en/*.json"):
        text = json.dumps(json.loads(path.read_text(encoding="utf-8")))
        words |= {w for w in re.findall(r"[A-Za-z]{3,}", text)}
    return words


def _help_round_trip(page: Page, lang: str) -> None:
    """Open the rules help, check it explains every card and building, close it."""
    page.click("#help-open")
    overlay = page.locator(".help-overlay")
    expect(overlay).to_be_visible()
    for card in data.CARDS:
        entry = page.locator(f"#help-card-{card}")
        expect(entry).to_have_count(1)
        assert entry.inner_text().strip()
    for building in data.BUILDINGS:
        expect(page.locator(f"#help-building-{building.id}")).to_have_count(1)
    if lang == "zh":
        text = overlay.inner_text()
        latin = set(re.findall(r"[A-Za-z]{3,}", text)) - LATIN_OK
        assert not latin, f"English on the Chinese help: {sorted(latin)[:10]}"
    page.click("#help-close")
    expect(overlay).to_have_count(0)


def test_the_rules_help_opens_from_every_screen_in_both_languages(
    context: BrowserContext,
) -> None:
    done = recorded_game(2, 3, ["Ann", "Bo"], ["blue", "red"])
    page, log = open_with_saves(context, {"castle.game.done": done})
    for lang in ("en", "zh"):
        if lang == "zh":
            page.click('.lang[lang="zh"]')
        _help_round_trip(page, lang)  # the new-game screen
        page.click('li.saved[data-key="castle.game.done"] .open')  # the finished game's end
        expect(page.locator("#winner")).to_be_visible()
        _help_round_trip(page, lang)
        page.click("#menu")
        page.click("#start-game")  # a new game: its first cover
        page.locator("#pass-cover").wait_for()
        _help_round_trip(page, lang)
        page.click("#pass-cover")  # a decision
        page.locator("#decision[data-stage='select']").wait_for()
        _help_round_trip(page, lang)
        if lang == "zh":
            _no_english(page, "decision")
        page.click("#menu")
        if lang == "zh":
            _no_english(page, "list of saved games")
    assert log.errors() == []


def _no_english(page: Page, where: str) -> None:
    """No word of the English catalogs on the page's text (names and BP/VP aside)."""
    shown = set(re.findall(r"[A-Za-z]{3,}", page.inner_text("#app")))
    left = (shown & _english_words()) - LATIN_OK - {"Player"}
    assert not left, f"English on the Chinese {where}: {sorted(left)}"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_card_is_changed_before_it_is_confirmed_and_a_round_ends_with_its_summary(
    context: BrowserContext, lang: str
) -> None:
    page, log = open_with_saves(context)
    if lang == "zh":
        page.click('.lang[lang="zh"]')
    start_game(page, 3, 9, 0, ["Ann", "Bo", "Cy"], ["blue", "red", "green"])
    page.click("#pass-cover")
    # A card or a building reached with the keyboard, or tapped, says what it is.
    chip = page.locator(".players [data-explain]").first
    chip.focus()
    expect(page.locator("#notice")).to_contain_text(str(chip.get_attribute("data-explain")))
    tower = page.locator(".defense-tower h3")
    tower.click()
    expect(page.locator("#notice")).to_contain_text(str(tower.get_attribute("data-explain")))
    # ... and opens the rules help at its own entry, from where the table comes back.
    page.click("#notice .help-more")
    expect(page.locator("#help-tower")).to_have_class("topic")
    expect(page.locator("#help-tower")).to_be_in_viewport()
    page.click("#help-close")
    page.locator(".defense-tower h3").wait_for()
    cards = page.locator("#decision button[data-act]:not(#confirm-cards):not(#hint)")
    first, second = cards.nth(0).inner_text(), cards.nth(1).inner_text()
    cards.nth(0).click()
    page.locator("#decision button[aria-pressed='true']", has_text=first).wait_for()
    assert saved_record(page)["actions"] == []
    page.locator("#decision button[data-act]", has_text=second).click()
    page.click("#confirm-cards")
    page.locator("#pass-cover").wait_for()
    played = saved_record(page)["actions"]
    assert len(played) == 1 and played[0].startswith("p0 select ")
    play(page, random.Random(9), lambda p: p.locator("#round-track li.now").count() > 0)
    if lang == "zh":
        _no_english(page, "board, with the round's cards in order")
    play(page, random.Random(9), lambda p: p.locator("#summary").count() > 0)
    title = "Round 1 is over" if lang == "en" else "第1回合结束"
    expect(page.locator("#summary")).to_contain_text(title)
    if lang == "zh":
        _no_english(page, "round summary")
    assert page.locator("#pass-cover").count() == 0
    page.click("#summary-ok")
    page.locator("#pass-cover").wait_for()
    assert log.errors() == []


def test_at_1366_by_768_the_log_shows_15_lines_and_the_end_every_total(
    context: BrowserContext,
) -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    running = recorded_game(4, 5, names, ["blue", "red", "green", "yellow"], upto=40)
    done = recorded_game(4, 6, names, ["blue", "red", "green", "yellow"])
    page, log = open_with_saves(context, {"castle.game.a": running, "castle.game.b": done})
    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator("li.saved", has_text="Round").locator(".open").click()
    for _ in range(8):  # past any cover, to the board
        cover = page.locator("#pass-cover, #reveal, #summary-ok")
        if not cover.count():
            break
        cover.first.click()
    log_box = page.locator("#log")
    lines = page.evaluate(
        """() => {
          const log = document.getElementById('log');
          const line = log.querySelector('li:not(.round)');
          return log.clientHeight / line.getBoundingClientRect().height;
        }"""
    )
    assert lines >= 15, lines
    expect(log_box).to_be_visible()
    page.click("#menu")
    page.locator("li.saved", has_text="won").locator(".open").click()
    expect(page.locator("#winner")).to_be_visible()
    bottom = page.evaluate(
        "() => [...document.querySelectorAll('#scores tr.tie')].pop()"
        ".getBoundingClientRect().bottom"
    )
    assert bottom <= 768, bottom  # every total in view, no scrolling
    assert log.errors() == []


def test_a_new_game_leaves_the_running_one_in_the_saved_games(context: BrowserContext) -> None:
    page, log = open_with_saves(context)
    start_game(page, 2, 4, 0, ["Ann", "Bo"], ["blue", "red"])
    play(page, random.Random(4), lambda p: len(saved_record(p)["actions"]) >= 4)
    first = saved_record(page)
    page.click("#menu")
    page.click("#start-game")
    page.locator("#pass-cover").wait_for()
    page.click("#menu")
    rows = page.locator("li.saved")
    expect(rows).to_have_count(2)
    rows.filter(has_text="Ann, Bo").first.locator(".open").click()
    page.locator("#menu").wait_for()
    again = saved_record(page)
    assert again["actions"] == first["actions"] or len(again["actions"]) == 0
    assert log.errors() == []
