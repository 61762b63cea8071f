"""Moves that are not saved, in the real browser: while the storage is full (or the game was
deleted in another tab), leaving the page asks first (`beforeunload`), the site's update offer
asks before its reload and offers the game's file, and the save is tried again as soon as
another tab frees space.

Each test starts at a game on screen from an injected save, fills the storage to its last
character, and plays until a save fails: no whole game is clicked through. The update offer is
the one boot.js makes when another tab has taken the new version (a `controllerchange` on
`navigator.serviceWorker`, dispatched here): the same notice, the same buttons, without building
a second version of the site (test_offline.py does that, for the service worker's own part).
"""

from __future__ import annotations

import random

from playwright.sync_api import BrowserContext, Dialog, Page, expect

from castle import CASTLE
from e2e.helpers import (
    ConsoleLog,
    another_tab,
    fill_storage,
    open_with_saves,
    play,
    recorded_game,
    saved_record,
)
from tabletop import record as records

KEY = "castle.game.e2eunsaved"
FILLER = "e2e.filler"
UNSAVED = "body[data-unsaved='yes']"
UPDATE = '#site-notice [data-notice="update"]'


def _unsaved_game(context: BrowserContext, seed: int = 5) -> tuple[Page, ConsoleLog, int]:
    """A 2-player game on screen whose last moves the full storage refused: the page, its
    console, and how many of its moves are saved."""
    game = recorded_game(2, seed, ["Ann", "Bo"], ["blue", "red"], upto=6)
    page, log = open_with_saves(context, {KEY: game, "castle.last": KEY, "castle.open": KEY})
    assert page.locator(UNSAVED).count() == 0  # everything is saved
    fill_storage(page, FILLER)
    play(page, random.Random(seed), lambda p: p.locator("#save-problem").count() > 0)
    expect(page.locator(UNSAVED)).to_have_count(1)
    return page, log, len(saved_record(page)["actions"])


def _free_space_in_another_tab(context: BrowserContext) -> None:
    """Another tab of the site (any page of its origin) deletes what filled the storage: the
    game's tab hears of it by the browser's `storage` event."""
    other = another_tab(context)
    other.evaluate("key => localStorage.removeItem(key)", FILLER)
    other.close()


def _offer_update(page: Page) -> None:
    """What boot.js does when another tab of the game has taken the new version."""
    page.evaluate("() => navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))")
    expect(page.locator(UPDATE)).to_be_visible()


def test_leaving_the_page_asks_first_while_moves_are_unsaved(context: BrowserContext) -> None:
    page, log, _ = _unsaved_game(context)
    asked: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.dismiss()  # the player stays

    page.on("dialog", on_dialog)
    page.close(run_before_unload=True)
    page.wait_for_timeout(300)
    assert asked == ["beforeunload"] and not page.is_closed()
    # Space is freed (here, so no storage event: the next click saves), and nothing is asked.
    page.evaluate("key => localStorage.removeItem(key)", FILLER)
    page.click("#help-open")
    expect(page.locator("#save-problem")).to_have_count(0)
    expect(page.locator(UNSAVED)).to_have_count(0)
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]
    assert log.errors() == []


def test_a_save_that_failed_is_made_once_another_tab_frees_space(context: BrowserContext) -> None:
    page, log, saved = _unsaved_game(context)
    _free_space_in_another_tab(context)
    expect(page.locator("#save-problem")).to_have_count(0)  # without a click
    expect(page.locator(UNSAVED)).to_have_count(0)
    assert len(saved_record(page)["actions"]) > saved
    assert log.errors() == []


def test_a_save_that_failed_is_made_when_the_page_is_seen_again(context: BrowserContext) -> None:
    page, log, saved = _unsaved_game(context)
    # Space freed by this very page (so no storage event, and no click either).
    page.evaluate("key => localStorage.removeItem(key)", FILLER)
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#save-problem")).to_have_count(0)
    assert len(saved_record(page)["actions"]) > saved
    assert log.errors() == []


def test_the_update_asks_first_and_offers_the_game_file_while_moves_are_unsaved(
    context: BrowserContext,
) -> None:
    page, log, saved = _unsaved_game(context)
    page.set_viewport_size({"width": 390, "height": 844})
    notice = page.locator(UPDATE)
    page.evaluate("() => { window.__sameDocument = true; }")
    _offer_update(page)
    # It does not say the game is saved, and Reload now asks before it reloads.
    expect(notice).not_to_contain_text("Your game is saved", use_inner_text=True)
    expect(notice).to_contain_text("not all saved", use_inner_text=True)
    page.click("#update-reload")
    expect(notice).to_contain_text("Reloading now loses the moves", use_inner_text=True)
    expect(page.locator("#update-reload")).to_be_hidden()
    for button in ("#update-download", "#update-anyway", "#update-cancel"):
        expect(page.locator(button)).to_be_in_viewport()
    assert page.evaluate("() => window.__sameDocument === true"), "it reloaded without asking"
    with page.expect_download() as info:
        page.click("#update-download")
    downloaded = records.loads(CASTLE, info.value.path().read_text(encoding="utf-8"))
    assert len(downloaded["actions"]) > saved  # the moves the storage refused are in the file
    page.click("#update-cancel")
    expect(page.locator("#update-reload")).to_be_focused()
    # Reload anyway: the player chose, so the page does not ask again before it goes.
    asked: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.accept()

    page.on("dialog", on_dialog)
    page.click("#update-reload")
    with page.expect_navigation():
        page.click("#update-anyway")
    assert asked == []
    assert log.errors() == []


def test_the_update_says_the_game_is_saved_once_space_is_freed(context: BrowserContext) -> None:
    page, log, _ = _unsaved_game(context)
    _offer_update(page)
    notice = page.locator(UPDATE)
    page.click("#update-reload")
    expect(notice).to_contain_text("Reloading now loses the moves", use_inner_text=True)
    _free_space_in_another_tab(context)  # saved meanwhile: nothing is left to ask
    # On the storage event; failing that (a loaded machine), on the 20 s retry.
    expect(notice).to_contain_text("Your game is saved", use_inner_text=True, timeout=30_000)
    expect(page.locator("#update-reload")).to_be_visible()
    expect(page.locator("#update-anyway")).to_be_hidden()
    assert log.errors() == []


def test_a_game_deleted_in_another_tab_is_said_so_with_its_file_offered(
    context: BrowserContext,
) -> None:
    game = recorded_game(2, 7, ["Ann", "Bo"], ["blue", "red"], upto=6)
    page, log = open_with_saves(context, {KEY: game, "castle.last": KEY, "castle.open": KEY})
    other = another_tab(context)
    other.evaluate(
        "key => ['', '.rev', '.about', '.notes'].forEach((k) => localStorage.removeItem(key + k))",
        KEY,
    )
    other.close()
    problem = page.locator("#save-problem")
    expect(problem).to_contain_text("deleted in another tab")
    expect(problem).not_to_contain_text("played on")
    expect(page.locator(UNSAVED)).to_have_count(1)
    with page.expect_download() as info:
        page.click("#export-deleted")
    assert records.loads(CASTLE, info.value.path().read_text(encoding="utf-8")) == records.loads(
        CASTLE, game
    )
    page.click("#keep-deleted")  # kept: saved again, nothing left to ask
    expect(problem).to_have_count(0)
    expect(page.locator(UNSAVED)).to_have_count(0)
    assert saved_record(page) == records.loads(CASTLE, game)
    assert log.errors() == []
