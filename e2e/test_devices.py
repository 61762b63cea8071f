"""Every screen at six window sizes, from a small phone to a wide desktop, in both languages.

Why: a layout that works at the size it was drawn for breaks quietly at the others: a page that
scrolls sideways on a phone, a building's name cut to "Ser…", buttons too small for a finger.
One booted page per language is resized (`set_viewport_size`) across the sizes; each screen is
reached from an injected save, and measured by e2e/layout.js as a player would see it: no
sideways scroll, no box outside the window or cut by its container, no clipped text, and at
phone widths every control at least 44 px each way; at a phone's and a laptop's size axe-core
finds no serious or critical accessibility violation. A screenshot of each screen at each size is
kept in test-results/devices/ for a person to look at.

Besides, what players tripped over (issue 20): on a cover and on a round's summary the tools
(Menu, Rules, the languages) never lie over its words, and a score never breaks over two
lines; on a laptop's 1366×768 a 3-player winter board shows the defense tower whole without
scrolling; a phone's page at round 3 stays under PHONE_PAGE px (the players folded to a line
each); and the scroll back to a new decision never cuts the header in half.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from castle import State, data

from .helpers import (
    go_home,
    open_saved,
    open_with_saves,
    past_covers,
    play,
    recorded_game,
    saved_record,
    settled,
)

SIZES = ((360, 740), (390, 844), (768, 1024), (1024, 768), (1366, 768), (1920, 1080))
#: Below this width a finger plays: every control is at least TARGET px each way.
PHONE = 400
TARGET = 44
LAYOUT_JS = (Path(__file__).parent / "layout.js").read_text(encoding="utf-8")
ROOT = Path(__file__).resolve().parent.parent
#: axe-core, from npm (a test's dependency only: the site never loads it).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The sizes axe-core checks each screen at: a phone and a laptop.
AXE_SIZES = ((390, 844), (1366, 768))
AXE_JS = """async () => {
  const found = await axe.run(document, {resultTypes: ['violations']});
  return found.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => {
      const where = v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ');
      return `${v.id} (${v.impact}): ${where}`;
    });
}"""
SHOTS = ROOT / "test-results" / "devices"
#: A phone's page at round 3 (4 players, the secret selection: the longest decision panel) is
#: at most this tall: the header (~110 px), the decision (~370), the board (~850), a line per
#: player (~60 each; the seat deciding opened, ~180) and the log's last lines (~340), about two
#: and a half screens of a 390×844 phone, with room for a taller font. It was 2,560 px with
#: every player's panel open and a longer log; it is about 2,040.
PHONE_PAGE = 2200
#: The screens where a laptop shows the whole board without scrolling (the end puts the
#: scores above it; the summary covers it).
WHOLE_BOARD = {"selection", "payment", "helper", "winter-helper", "winter-give", "winter-3p"}
#: Over a cover or a round's summary: its tools (Menu, Rules, the languages) lie over none of
#: its words, and every score of the summary is on one line.
OVERLAYS_JS = """() => {
  const problems = [];
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const overlay of document.querySelectorAll('#app .cover, #app .summary')) {
    const tools = [...overlay.querySelectorAll('.cover-tools button')];
    const words = [...overlay.querySelectorAll('h2, p, li, tr, button, .summary-body')]
      .filter(el => !el.closest('.cover-tools'));
    for (const tool of tools) {
      for (const el of words) {
        if (meets(tool.getBoundingClientRect(), el.getBoundingClientRect())) {
          problems.push(`${tool.textContent.trim()} lies over ${el.tagName.toLowerCase()} `
            + `"${el.textContent.trim().slice(0, 30)}"`);
        }
      }
    }
  }
  for (const cell of document.querySelectorAll('#summary td, #scores td')) {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) problems.push(`a score on ${tops.size} lines: "${cell.textContent}"`);
  }
  return problems;
}"""
#: The defense tower's box and the window's height, at the page's top.
TOWER_JS = """() => {
  window.scrollTo(0, 0);
  const r = document.querySelector('.defense-tower').getBoundingClientRect();
  return [r.top, r.bottom, window.innerHeight];
}"""

# Four seats: every seat colour is on every screen (axe-core checks the contrast of each).
NAMES = ["Ann", "Bo", "Chen Jing", "Dora"]
COLOURS = ["blue", "red", "yellow", "green"]


def _all_winter(s: State, seat: int) -> bool:
    """The three kept winter cards in play, each with something on it (docs/rules.md §10)."""
    w = s.winter
    assert w is not None
    return (
        set(w["in_play"]) == set(data.WINTER_KEPT)
        and w["innkeeper"] is not None
        and bool(w["granary"])
        and any(w["damsel"].values())
    )


def _kept_in_play(s: State, seat: int) -> bool:
    w = s.winter
    assert w is not None
    return set(w["in_play"]) == set(data.WINTER_KEPT)


def _innkeeper_to_take(s: State, seat: int) -> bool:
    w = s.winter
    assert w is not None
    return _all_winter(s, seat) and w["innkeeper"] != seat


SAVES = {
    "castle.game.fresh": recorded_game(4, 7, NAMES, COLOURS, upto=0),
    "castle.game.pay": recorded_game(4, 2, NAMES, COLOURS, stage="pay"),
    "castle.game.helper": recorded_game(4, 4, NAMES, COLOURS, stage="helper"),
    "castle.game.done": recorded_game(4, 5, NAMES, COLOURS),
    # Winter: the helper places with the Innkeeper (a rival's) and the Granary among them, and
    # the Damsel's giving; the Village Tavern, the Granary and the Damsel on the board.
    "castle.game.winter-helper": recorded_game(
        4, 56, NAMES, COLOURS, stage="helper", winter=True, when=_innkeeper_to_take
    ),
    "castle.game.winter-give": recorded_game(
        4, 56, NAMES, COLOURS, stage="give", winter=True, when=_all_winter
    ),
    # A laptop's 3-player winter game, the three kept winter cards in play above the castle.
    "castle.game.winter-3p": recorded_game(
        3, 40, NAMES[:3], COLOURS[:3], stage="helper", winter=True, when=_kept_in_play
    ),
    # A phone's page by round 3: its first decision, the secret selection.
    "castle.game.round-3": recorded_game(4, 5, NAMES, COLOURS, when=lambda s, seat: s.round >= 3),
}
# A round's summary and the reveal cover are shown only after a move at the table, which a
# save does not hold: each screen's save stops before the move, one per language since
# playing on changes it.
for _lang in ("en", "zh"):
    SAVES[f"castle.game.round-end-{_lang}"] = SAVES["castle.game.helper"]
    SAVES[f"castle.game.reveal-{_lang}"] = SAVES["castle.game.fresh"]


def _cover(page: Page) -> None:
    open_saved(page, "castle.game.fresh")
    page.locator("#pass-cover").wait_for()


def _selection(page: Page) -> None:
    _cover(page)
    page.click("#pass-cover")
    page.locator("#decision[data-stage='select']").wait_for()


def _at(stage: str, key: str) -> Callable[[Page], None]:
    def reach(page: Page) -> None:
        open_saved(page, key)
        past_covers(page)
        page.locator(f"#decision[data-stage='{stage}']").wait_for()

    return reach


def _played_to(selector: str, key: str) -> Callable[[Page], None]:
    """The screen `selector` shows after moves at the table, from this language's save."""

    def reach(page: Page) -> None:
        lang = page.evaluate("() => document.documentElement.lang")
        open_saved(page, f"{key}-{lang}")
        play(page, random.Random(1), lambda page: page.locator(selector).count() > 0)

    return reach


def _seats(page: Page) -> None:
    """Who plays each seat, opened in the middle of the game."""
    _selection(page)
    page.click("#seats")
    page.locator("#seats-panel").wait_for()


def _full_log(page: Page) -> None:
    _selection(page)
    page.click("#log-full")
    page.locator("#log.full").wait_for()


def _help(page: Page) -> None:
    _selection(page)
    page.click("#help-open")
    page.locator("#help-close").wait_for()


def _end(page: Page) -> None:
    open_saved(page, "castle.game.done")
    expect(page.locator("#winner")).to_be_visible()


SCREENS: dict[str, Callable[[Page], None]] = {
    "new-game": go_home,
    "cover": _cover,
    "selection": _selection,
    "payment": _at("pay", "castle.game.pay"),
    "helper": _at("helper", "castle.game.helper"),
    "winter-helper": _at("helper", "castle.game.winter-helper"),
    "winter-give": _at("give", "castle.game.winter-give"),
    "winter-3p": _at("helper", "castle.game.winter-3p"),
    "round-3": _at("select", "castle.game.round-3"),
    "summary": _played_to("#summary", "castle.game.round-end"),
    "reveal": _played_to("#reveal", "castle.game.reveal"),
    "seats": _seats,
    "full-log": _full_log,
    "help": _help,
    "end": _end,
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_screen_fits_every_size(context: BrowserContext, lang: str) -> None:
    page, log = open_with_saves(context, SAVES)
    if lang == "zh":
        page.click('.lang[lang="zh"]')
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for screen, reach in SCREENS.items():
        page.set_viewport_size({"width": 1366, "height": 768})
        reach(page)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(requestAnimationFrame)")  # laid out anew
            found = page.evaluate(LAYOUT_JS, TARGET if width < PHONE else 0)
            found += page.evaluate(OVERLAYS_JS)
            if screen == "round-3" and width < PHONE:
                tall = page.evaluate("() => document.scrollingElement.scrollHeight")
                if tall > PHONE_PAGE:
                    found.append(f"the page is {tall} px tall (at most {PHONE_PAGE})")
            if screen in WHOLE_BOARD and (width, height) == (1366, 768):
                top, bottom, window = page.evaluate(TOWER_JS)
                if top < 0 or bottom > window:
                    found.append(f"the defense tower is cut: [{top:.0f}, {bottom:.0f}]")
            problems += [f"{screen} at {width}×{height}: {p}" for p in found]
            page.screenshot(path=SHOTS / f"{screen}-{lang}-{width}x{height}.png", full_page=True)
            if (width, height) in AXE_SIZES:
                if not page.evaluate("() => 'axe' in window"):
                    # Its text, run by the test's own channel: no request, and the page's
                    # policy refuses an inline script (docs/site.md, Content-Security-Policy).
                    page.evaluate(AXE.read_text(encoding="utf-8"))
                found = page.evaluate(AXE_JS)
                problems += [f"{screen} at {width}×{height}, axe: {p}" for p in found]
    assert not problems, "\n".join(problems[:40])
    assert not log.errors(), str(log)


def test_a_narrow_screen_puts_the_decision_first_and_scrolls_back_to_it(
    context: BrowserContext,
) -> None:
    page, log = open_with_saves(context, SAVES)
    page.set_viewport_size({"width": 390, "height": 844})
    _selection(page)
    decision = page.locator("#decision[data-stage='select']")
    expect(decision).to_be_in_viewport()
    expect(decision).to_be_focused()  # the keyboard's next Tab is the first card
    board = page.locator("#board").bounding_box()
    box = decision.bounding_box()
    assert box is not None and board is not None and box["y"] < board["y"]
    # The players folded to a line each, but for the seat deciding, whose hand the decision
    # needs; a seat opened stays open when the page is drawn again (a card picked).
    expect(page.locator(".player details[open]")).to_have_count(1)
    expect(page.locator(".player.me details")).to_have_attribute("open", "")
    page.locator(".player:not(.me) summary").first.click()
    expect(page.locator(".player details[open]")).to_have_count(2)
    page.click("#decision [data-shortcut='1']")
    expect(page.locator("#decision [data-shortcut='1']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".player details[open]")).to_have_count(2)
    # A tap on the board is explained at the window's foot, in view where the finger is, and
    # can be closed there.
    tile = page.locator(".tile-head").nth(2)
    tile.scroll_into_view_if_needed()
    tile.click()
    notice = page.locator("#notice")
    expect(notice).to_be_in_viewport()
    expect(notice).to_contain_text(str(tile.get_attribute("data-explain")))
    page.click("#notice .notice-close")
    expect(notice).to_have_text("")
    # A move taken on the board, far down the page: the next decision is brought back in view.
    _at("helper", "castle.game.helper")(page)
    place = page.locator("#board button[data-act]").last
    place.scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 400
    place.click()
    expect(page.locator("#decision")).to_be_in_viewport()
    # ... its top in view, and the header above it seen whole or not at all: never its
    # languages cut in half at the window's top.
    header = page.locator("#app > header").bounding_box()
    box = page.locator("#decision").bounding_box()
    assert header is not None and box is not None and box["y"] >= 0
    assert header["y"] >= 0 or header["y"] + header["height"] <= 0, header
    # A move taken in the panel with the page scrolled a little, the header half out of view:
    # the new decision (the next seat's giving to the Damsel) comes with the header whole.
    _at("give", "castle.game.winter-give")(page)
    page.evaluate("() => window.scrollTo(0, 30)")
    expect(page.locator("#app > header")).not_to_be_in_viewport(ratio=1)
    page.click("#decision button[data-act]:not(#hint, #help-step, #undo)")
    expect(page.locator("#decision")).to_be_attached()  # a decision again, not a cover
    expect(page.locator("#app > header")).to_be_in_viewport(ratio=1)
    assert not log.errors(), str(log)


#: Whether the focused element is a move a keyboard player may take: a cover's or a summary's
#: button, or an enabled choice of the decision (not the hint or the step's rules).
MOVE_FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || !el.matches('[data-act]')) return false;
  if (el.matches('#pass-cover, #reveal, #summary-ok')) return true;
  return !!el.closest('#decision') && !el.matches('#hint, #help-step');
}"""


FOCUS_KEPT_JS = """() => {
  const el = document.activeElement;
  return !!el && el !== document.body && !!el.closest('#app')
    && !!el.closest('#decision, .cover, #summary');
}"""


def test_a_keyboard_player_plays_a_whole_round(context: BrowserContext) -> None:
    """Only page.keyboard: Tab to a move, Enter; the focus comes back to each new decision."""
    fresh = recorded_game(2, 3, ["Ann", "Bo"], ["blue", "red"], upto=0)
    page, log = open_with_saves(context, {"castle.game.keys": fresh})
    page.click('li.saved[data-key="castle.game.keys"] .open')  # the mouse only opens the game
    page.locator("#pass-cover").wait_for()
    expect(page.locator("#pass-cover")).to_be_focused()
    page.keyboard.press("Enter")
    # The shortcuts the rules help lists (web/shell/keys.py): ? and Esc, and a key per choice.
    page.keyboard.press("?")
    expect(page.locator("#help-close")).to_be_focused()
    expect(page.locator("#help-keyboard")).to_be_attached()
    page.keyboard.press("1")  # over the help, the decision under it cannot be played
    page.keyboard.press("Escape")
    expect(page.locator("#decision")).to_be_focused()
    first = page.locator("#decision [data-shortcut='1']")
    expect(first).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("1")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("body")).to_have_class(re.compile(r"\bkeys\b"))  # its digit shows
    page.keyboard.press("1")
    expect(first).to_have_attribute("aria-pressed", "false")
    for _ in range(300):
        if page.locator("#app > header .round", has_text="Round 2").count():
            break
        for _ in range(80):  # Tab to the next move
            if page.evaluate(MOVE_FOCUSED_JS):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"no move reached by Tab at {page.locator('#decision').count()}")
        page.keyboard.press("Enter")
        settled(page)
        # The focus is never lost to the page's body: it is on the new decision (or cover or
        # summary), or still on the choice just pressed.
        assert page.evaluate(FOCUS_KEPT_JS), page.evaluate("() => document.activeElement.outerHTML")
        if page.evaluate(MOVE_FOCUSED_JS):  # the same decision still: on to the next choice
            page.keyboard.press("Tab")
    else:
        raise AssertionError("round 1 not over after 300 keys")
    # A screen reader is told what the screen asks now.
    said = page.inner_text("#announce")
    assert "Choose secretly what to play" in said, said
    played = saved_record(page)["actions"]
    assert [a.split()[:2] for a in played[:2]] == [["p0", "select"], ["p1", "select"]]
    assert not log.errors(), str(log)


#: Seed 47, two players, after 22 moves: Ann may erect any of ten buildings, so the step has
#: eleven choices with "Erect nothing", more than there are digits (tests/test_keys.py).
ERECT_ELEVEN = recorded_game(2, 47, ["Ann", "Bo"], ["blue", "red"], upto=22)
#: Whether the game's record has more than `n` moves (the page saves after each).
MOVES_JS = """n => {
  const key = localStorage.getItem('castle.last');
  return JSON.parse(localStorage.getItem(key)).actions.length > n;
}"""


def test_every_playable_choice_has_a_key_and_no_forbidden_one_spends_one(
    context: BrowserContext,
) -> None:
    """The digits, then letters (web/shell/keys.py): House, the tenth choice, is A and
    "Erect nothing" B; at the helper step the places that cannot be taken have no key, and
    "Place no more helpers" has one."""
    page, log = open_with_saves(
        context,
        {"castle.game.erect": ERECT_ELEVEN, "castle.game.helper": SAVES["castle.game.helper"]},
    )
    open_saved(page, "castle.game.erect")
    past_covers(page)
    page.locator("#decision[data-stage='erect']").wait_for()
    keyed = page.locator("#decision [data-shortcut]")
    expect(keyed).to_have_count(11)
    expect(page.locator("#decision [data-shortcut='A']")).to_have_text("House (8 BP)")
    expect(page.locator("#decision [data-shortcut='B']")).to_have_text("Erect nothing")
    page.keyboard.press("a")
    page.locator("#decision[data-stage='pay']").wait_for()
    assert saved_record(page)["actions"][-1].endswith(" erect house")
    go_home(page)
    open_saved(page, "castle.game.helper")
    past_covers(page)
    page.locator("#decision[data-stage='helper']").wait_for()
    expect(page.locator("#decision button.off[data-shortcut]")).to_have_count(0)
    done = page.locator("#decision button.done")
    expect(done).to_have_attribute("data-shortcut", re.compile(r"^[1-9A-Z]$"))
    before = len(saved_record(page)["actions"])
    page.keyboard.press((done.get_attribute("data-shortcut") or "").lower())
    page.wait_for_function(MOVES_JS, arg=before)
    assert saved_record(page)["actions"][before].endswith(" done")
    assert not log.errors(), str(log)


def test_reduced_motion_stills_every_animation(context: BrowserContext) -> None:
    page, log = open_with_saves(context, SAVES)
    _at("helper", "castle.game.helper")(page)  # the castle places to choose from pulse
    assert page.evaluate("() => document.getAnimations().length") > 0
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("() => document.getAnimations().length") == 0
    page.emulate_media(reduced_motion="no-preference")
    assert not log.errors(), str(log)
