"""Saved games in the real browser: bad saves listed beside a new game, a full storage, names
that look like HTML, a key that is not a game listed and deleted, a file's notice over the
hot-seat cover it opens on, a seed that is not a number, undo of a misplaced helper, and a
look back from the log. Each test reaches its screen from saves written into localStorage, not
by playing up to it."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Dialog, Page, expect

from castle import CASTLE
from e2e.helpers import (
    castle_record,
    open_with_saves,
    play,
    recorded_game,
    saved_record,
    stage,
    start_game,
    wait_until_ready,
)
from tabletop import record as records


def _record_text(**setup: object) -> str:
    rec = castle_record(3, 1, names=["A", "B", "C"], colours=["blue", "red", "green"])
    rec["actions"] = ["p0 select trader"]
    rec["setup"].update(setup)
    return records.dumps(rec)


#: Saves an earlier build or a hand edit could leave, each under its own key; `castle.current`
#: is where earlier builds kept their one game.
BAD_SAVES = {
    "castle.current": "{not json",
    "castle.game.seat": _record_text().replace('"p0 select', '"p² select'),
    "castle.game.names": _record_text(names=["A", "B"]),
    "castle.game.html": _record_text(names=["A", "<img src=x onerror=alert(1)>" * 3, "C"]),
    "castle.game.seed": _record_text().replace('"seed": 1', '"seed": ' + "7" * 5000),
    "castle.game.deep": "[" * 100_000 + "]" * 100_000,
    "castle.game.big": '{"format": "castle-game-record", "x": "' + "y" * 3_000_000 + '"}',
}

KEYS_JS = "() => Object.keys(localStorage).sort()"


def _clicks(n: int) -> Callable[[Page], bool]:
    """For `play`: done after n clicks."""
    asked = [0]

    def until(_page: Page) -> bool:
        asked[0] += 1
        return asked[0] > n

    return until


def _no_alert(page: Page) -> list[str]:
    seen: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


def test_bad_saves_are_listed_once_each_and_a_new_game_plays_beside_them(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context, BAD_SAVES)
    alerts = _no_alert(page)
    rows = page.locator("li.saved")
    expect(rows).to_have_count(len(BAD_SAVES))
    expect(rows.filter(has_text="could not be read")).to_have_count(len(BAD_SAVES))
    expect(page.locator("#resume")).to_have_count(0)
    keys = page.evaluate(KEYS_JS)
    page.reload()  # nothing is copied or changed by another visit
    wait_until_ready(page, log)
    assert page.evaluate(KEYS_JS) == keys
    evil = "<img src=x onerror=f()>"  # within the form's 24 characters
    start_game(page, 2, 5, 0, [evil, "Bo"], ["blue", "red"])
    play(page, random.Random(5), lambda p: len(saved_record(p)["actions"]) >= 6)
    page.click("#menu")
    expect(rows).to_have_count(len(BAD_SAVES) + 1)
    expect(page.locator("#resume")).to_have_count(1)
    expect(page.locator("li.saved").first).to_contain_text(f"{evil}, Bo")
    stored = page.evaluate("keys => keys.map(k => localStorage.getItem(k))", list(BAD_SAVES))
    assert stored == list(BAD_SAVES.values())
    assert alerts == [] and page.locator("#app img").count() == 0
    page.click("#resume")
    expect(page.locator("#app")).to_contain_text(evil)  # shown literally on the board too
    assert page.locator("#app img").count() == 0
    assert log.errors() == []


def test_a_full_storage_is_said_until_old_games_are_deleted_and_no_move_is_lost(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context)
    # An old save fills the storage but for a little room (the browser's quota found by trying).
    page.evaluate(
        """() => {
          let low = 0, high = 12_000_000;
          while (high - low > 256) {
            const mid = Math.floor((low + high) / 2);
            try { localStorage.setItem('castle.game.old', 'x'.repeat(mid)); low = mid; }
            catch (e) { high = mid; }
          }
          localStorage.setItem('castle.game.old', 'x'.repeat(low - 1200));
        }"""
    )
    page.reload()
    wait_until_ready(page, log)
    start_game(page, 3, 8, 0, ["Ann", "Bo", "Cy"], ["blue", "red", "green"])
    rnd = random.Random(8)
    play(page, rnd, lambda p: p.locator("#save-problem").count() > 0)
    saved = len(saved_record(page)["actions"])
    for _ in range(5):  # the game goes on, and the warning stays
        play(page, rnd, _clicks(1))
        expect(page.locator("#save-problem")).to_contain_text("could not be saved")
    with page.expect_download() as info:
        page.locator("#save-problem #export").click()
    downloaded = records.loads(CASTLE, info.value.path().read_text(encoding="utf-8"))
    assert len(downloaded["actions"]) >= saved
    page.click("#free-space")
    old = page.locator('li.saved[data-key="castle.game.old"]')
    old.locator("button", has_text="Delete").click()
    page.locator("#delete-yes").click()
    expect(page.locator("#save-problem")).to_have_count(0)
    assert saved_record(page)["actions"][: len(downloaded["actions"])] == downloaded["actions"]
    page.click("#resume")
    expect(page.locator("#pass-cover, #menu").first).to_be_visible()
    assert log.errors() == []


#: Keys under the games' prefix that are no game: a hostile name, and an About whose game is gone.
STRAYS = {
    "castle.game.<img src=x.png onerror=alert(1)>": "hello",
    "castle.game.gone.about": "{}",
}


def test_a_key_that_is_not_a_game_is_listed_as_such_and_deleted(context: BrowserContext) -> None:
    game = recorded_game(2, 4, ["Ann", "Bo"], ["blue", "red"], upto=3)
    page, log = open_with_saves(context, {"castle.game.a": game, **STRAYS})
    alerts = _no_alert(page)
    strays = page.locator("li.saved.stray")
    expect(strays).to_have_count(2)
    expect(page.locator("li.saved")).to_have_count(3)
    hostile = page.locator("li.saved.stray", has_text="<img src=x.png onerror=alert(1)>")
    expect(hostile).to_contain_text("Not a game")
    expect(hostile.locator("button")).to_have_text(["Delete"])
    assert page.locator("#app img").count() == 0 and alerts == []
    hostile.locator("button", has_text="Delete").click()
    page.locator("#delete-yes").click()
    expect(page.locator("#notice")).to_contain_text("The entry was deleted.")
    expect(strays).to_have_count(1)
    keys = page.evaluate(KEYS_JS)
    assert "castle.game.gone.about" in keys and not any("<img" in key for key in keys)
    expect(page.locator("#resume")).to_have_count(1)  # the game beside them is untouched
    assert log.errors() == []


#: The notice's centre is drawn on top there (no cover over it).
ON_TOP_JS = """() => {
  const notice = document.getElementById('notice');
  const r = notice.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return notice.contains(hit);
}"""


def test_the_opened_notice_shows_over_the_hot_seat_cover(context: BrowserContext) -> None:
    page, log = open_with_saves(context)
    text = records.dumps(
        castle_record(3, 6, 0, names=["Ann", "Bo", "Cy"], colours=["blue", "red", "green"])
    )
    file = {"name": "table.json", "mimeType": "application/json", "buffer": text.encode()}
    page.set_input_files("#import-file", files=[file])
    expect(page.locator("#pass-cover")).to_be_visible()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Opened table.json: 3 players · Summer · Round 1 of 15.")
    assert page.evaluate(ON_TOP_JS)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the line floats at the foot
    expect(notice).to_be_visible()
    assert page.evaluate(ON_TOP_JS)
    assert log.errors() == []


def test_a_seed_that_is_not_a_number_is_said_and_a_misplaced_helper_is_taken_back(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context)
    page.fill('input[name="seed"]', "²")
    page.click("#start-game")
    expect(page.locator("#notice")).to_contain_text("The seed must be a whole number")
    start_game(page, 2, 3, 0, ["Ann", "Bo"], ["blue", "red"])
    rnd = random.Random(3)
    for _ in range(30):  # until a helper is placed (a player may stop placing instead)
        play(page, rnd, lambda p: stage(p) == "helper")
        count = len(saved_record(page)["actions"])
        play(page, rnd, lambda p, count=count: len(saved_record(p)["actions"]) > count)
        before = saved_record(page)["actions"][:count]
        if saved_record(page)["actions"][-1].split()[1] == "helper":
            break
    else:
        raise AssertionError("no helper was placed")
    page.click("#undo")
    expect(page.locator("#app")).to_contain_text("took back")
    assert saved_record(page)["actions"] == before
    assert stage(page) == "helper"
    assert log.errors() == []


def test_a_line_of_the_log_shows_its_moment_read_only_and_the_game_comes_back(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context)
    start_game(page, 2, 6, 0, ["Ann", "Bo"], ["blue", "red"])
    play(
        page,
        random.Random(6),
        lambda p: len(saved_record(p)["actions"]) >= 12 and p.locator("#board").count() > 0,
    )
    record = saved_record(page)
    board = page.inner_html("#board")
    page.locator("#log button.moment").nth(6).click()
    expect(page.locator("#history")).to_contain_text("Looking back")
    expect(page.locator("#decision")).to_contain_text("nothing can be played")
    assert page.locator("#board [data-act], #decision [data-act]").count() == 0
    page.click("#step-back")
    page.click("#back")
    expect(page.locator("#history")).to_have_count(0)
    assert saved_record(page) == record
    assert page.inner_html("#board").count("data-act") == board.count("data-act")
    assert log.errors() == []
