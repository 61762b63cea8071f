"""The hint in the browser: a person at a secret card choice and at a payment asks for a hint and
reads the move with its chance of winning worded as the page words it (web/shell/hint.py), in
either language; the rules help says what the chance means. (The same hint for the same position:
tests/test_advice.py.)"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from .helpers import catalog, open_saved, open_with_saves, past_covers, recorded_game

NAMES = ["Ann", "Bo", "Chen Jing"]
COLOURS = ["blue", "red", "yellow"]
SAVES = {
    "castle.game.fresh": recorded_game(3, 7, NAMES, COLOURS, upto=0),
    "castle.game.pay": recorded_game(3, 2, NAMES, COLOURS, stage="pay"),
}
EN, ZH = catalog("en"), catalog("zh")
#: Set to a folder to keep screenshots of the hint at a phone's and a laptop's size.
SHOTS = os.environ.get("HINT_SHOTS")


def reach(page: Page, key: str, stage: str) -> None:
    """A saved game opened, through its covers, at its decision."""
    open_saved(page, key)
    page.locator("#pass-cover, #reveal, #summary-ok, #decision").first.wait_for()
    past_covers(page)
    page.locator(f"#decision[data-stage='{stage}']").wait_for()


def ask(page: Page) -> str:
    page.click("#hint")
    text = page.locator("#hint-text")
    expect(text).to_be_visible()
    return text.inner_text()


def shoot(page: Page, name: str, shown: str = "#hint-text") -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(shown).scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/{name}-{width}x{height}.png")


def test_a_hint_says_the_move_and_its_chance_and_the_help_what_that_means(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context, SAVES)
    reach(page, "castle.game.fresh", "select")
    first = ask(page)
    assert first.startswith("The computer suggests: "), first
    assert "chance of winning" in first or "you are" in first, first
    shoot(page, "hint-select-en")
    reach(page, "castle.game.pay", "pay")
    page.click('.lang[lang="zh"]')
    text = ask(page)
    assert text.startswith("电脑建议："), text
    shoot(page, "hint-pay-zh")
    page.click("#help-open")
    help_text = page.locator("#help").inner_text()
    assert EN.t("help.section.hint.title") not in help_text  # it is in Chinese now
    assert ZH.t("help.section.hint.title") in help_text
    shoot(page, "help-hint-zh", "#help-hint")
    assert not log.errors(), str(log)
