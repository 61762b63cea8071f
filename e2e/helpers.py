"""Helpers shared by the browser tests (fixtures live in conftest.py)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Request
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from castle import CASTLE, State
from tabletop import record as records
from web.castle_page import catalog

#: The page's English words (web/castle_page/i18n/en).
EN = catalog("en")

# A cold boot (wasm compile + interpreter start) takes ~5 s here; leave room for a loaded CI.
BOOT_TIMEOUT_MS = 90_000
# Schemes that never leave the page (PyScript makes blob: workers and modules).
LOCAL_SCHEMES = {"data", "blob", "about"}
#: The record of the game opened last (web/shell/storage.py: `castle.last` holds its key).
SAVED_JS = "(() => { const key = localStorage.getItem('castle.last'); "
SAVED_JS += "return key && localStorage.getItem(key); })()"


class ConsoleLog:
    """Everything a page logs, and its uncaught errors, as 'type: text' lines."""

    def __init__(self, page: Page) -> None:
        self.lines: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _on_console(self, message: ConsoleMessage) -> None:
        self.lines.append(f"{message.type}: {message.text}")

    def _on_page_error(self, error: Error) -> None:
        self.lines.append(f"pageerror: {error}")

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions (warnings and logs are allowed)."""
        return [line for line in self.lines if line.startswith(("error:", "pageerror:"))]

    def __str__(self) -> str:
        return "\n".join(self.lines) or "(nothing logged)"


def castle_record(
    players: int, seed: int = 0, start_player: int | None = None, **extra: Any
) -> records.Record:
    """A new Castle game's record (`extra`: the page's setup keys, names and colours)."""
    setup = {"players": players, "seed": seed, "start_player": start_player, **extra}
    return records.new_record(CASTLE, setup)


def wait_until_ready(page: Page, console: ConsoleLog, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until Python has marked the page ready (``<body data-ready>``).

    state="attached": the body can be "invisible" to Playwright while it is still empty. Waits in
    short slices so that an error during boot (say, a module that failed to load) fails at once
    rather than after the whole timeout, and always reports the console: a Pyodide that hangs
    often says why only there.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        remaining_ms = (deadline - time.monotonic()) * 1000
        try:
            page.wait_for_selector(
                "body[data-ready]", state="attached", timeout=max(1, min(500, remaining_ms))
            )
            return
        except PlaywrightTimeoutError:
            pass  # failing here would chain Playwright's slice timeout into the report
        if console.errors():
            pytest.fail(f"page failed while booting; console:\n{console}")
        if remaining_ms <= 500:
            pytest.fail(f"page not ready after {timeout_ms / 1000:.0f} s; console:\n{console}")


# --- driving the page ---------------------------------------------------------------------------


#: The visible moves of the current screen, in page order, each token once: every `[data-act]`
#: but the page's tools (`[data-tool]`: menu, undo, help, languages, the log's lines, …).
#: It also remembers which drawing of the screen it read (`body[data-draws]`, counted by
#: web/main.py), and returns null while the screen is still the one read before the last click,
#: so a caller never reads a half-handled click, while a redraw is on its way (the page draws
#: in a task after the click's: `body[data-drawing]`), and while a computer player is thinking.
OPTIONS_JS = """(expectRedraw) => {
  const root = document.getElementById('app');
  const draws = document.body.dataset.draws;
  if (document.body.hasAttribute('data-drawing')) return null;
  if (expectRedraw && draws === window.__e2eDraws) return null;
  if (root.querySelector('[data-thinking]')) return null;
  window.__e2eDraws = draws;
  const seen = [];
  for (const el of root.querySelectorAll('[data-act]')) {
    if (el.matches('[data-tool]')) continue;  // the page's tools: web/shell/html.py tool()
    if (!el.getClientRects().length) continue;
    const token = el.getAttribute('data-act');
    if (!seen.includes(token)) seen.push(token);
  }
  return seen;
}"""

#: #app's HTML with the click tokens (new ones every redraw) made equal.
ACT = re.compile(r'data-act="k\d+"')


def normalised(html: str) -> str:
    return ACT.sub('data-act=""', html)


def boot(context: BrowserContext) -> tuple[Page, ConsoleLog]:
    """A fresh page of `context`, with its console recorded, once Python has drawn it."""
    page = context.new_page()
    console = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, console)
    return page, console


def app_html(page: Page) -> str:
    return normalised(page.inner_html("#app"))


def saved_record(page: Page) -> records.Record:
    text = page.evaluate(SAVED_JS)
    assert text is not None, "no game saved in localStorage"
    return records.loads(CASTLE, text)


def stage(page: Page) -> str | None:
    decision = page.locator("#decision")
    return decision.get_attribute("data-stage") if decision.count() else None


def options(page: Page, expect_redraw: bool) -> list[str]:
    """The screen's visible moves (after the last click has been drawn, and once no computer
    is thinking)."""
    deadline = time.monotonic() + 60
    while True:
        found = page.evaluate(OPTIONS_JS, expect_redraw)
        if found is not None:
            return list(found)
        assert time.monotonic() < deadline, "the page did not redraw after a click"
        page.wait_for_timeout(10)


#: Scrolls the first element with the token into view and returns its centre, if a click there
#: reaches it (nothing drawn over it).
AIM_JS = """(token) => {
  const el = document.querySelector(`#app [data-act="${token}"]`);
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest('[data-act]') === el ? [x, y] : null;
}"""


def settled(page: Page) -> None:
    """Wait until the page shows what the last click asked (web/main.py draws in a task after
    the click's own, and marks `body[data-drawing]` meanwhile)."""
    page.wait_for_function("() => !document.body.hasAttribute('data-drawing')")


def click_token(page: Page, token: str) -> None:
    """A real mouse click on the move (a token can be both a panel button and a board element:
    either is the same move). Aiming in one call is 3x faster than Locator.click's checks."""
    centre = page.evaluate(AIM_JS, token)
    if centre is None:  # covered? Playwright's own click says by what
        page.locator(f'#app [data-act="{token}"]').first.click()
    else:
        page.mouse.click(*centre)


def start_game(
    page: Page,
    players: int,
    seed: int,
    start: int,
    names: list[str],
    colours: list[str],
    winter: bool = False,
) -> None:
    """Fill the new-game form as a person would, and start (`winter`: the winter variant)."""
    page.locator("#start-game").wait_for()
    if players != 3:  # the form opens for 3 players
        count = page.locator('button[name="players-count"]', has_text=f"{players} players")
        count.click()
        settled(page)
    assert page.locator('input[name^="name"]').count() == players
    for seat in range(players):
        page.fill(f'input[name="name{seat}"]', names[seat])
        page.select_option(f'select[name="colour{seat}"]', colours[seat])
    page.select_option('select[name="start"]', str(start))
    page.fill('input[name="seed"]', str(seed))
    if winter:  # the form opens for summer
        page.select_option('select[name="variant"]', "winter")
    page.click("#start-game")
    page.locator("#pass-cover").wait_for()
    setup = saved_record(page)["setup"]
    assert setup["players"] == players
    assert setup["seed"] == seed
    assert setup["start_player"] == start
    assert setup["names"] == names
    assert setup["colours"] == colours
    assert setup.get("winter", False) is winter


def play(page: Page, rnd: random.Random, until: Callable[[Page], bool], limit: int = 2000) -> int:
    """Click seeded random visible moves until `until(page)`; returns the number of clicks."""
    expect_redraw = False
    for clicks in range(limit):
        tokens = options(page, expect_redraw)
        if until(page):
            return clicks
        assert tokens, f"nothing to click at stage {stage(page)!r}:\n{app_html(page)}"
        click_token(page, rnd.choice(tokens))
        expect_redraw = True
    raise AssertionError(f"not done after {limit} clicks (stage {stage(page)!r})")


def outside_notice(page: Page) -> str:
    """#app's HTML without the status line."""
    return page.evaluate(
        """() => {
          const copy = document.getElementById('app').cloneNode(true);
          copy.querySelector('#notice').remove();
          return copy.innerHTML;
        }"""
    )


def check_forbidden_click(page: Page, selector: str) -> str:
    """Click a forbidden option: nothing changes but #notice, which shows its reason."""
    button = page.locator(selector).first
    assert button.get_attribute("aria-disabled") == "true"
    assert button.get_attribute("data-act") is None
    reason = button.get_attribute("data-reason")
    assert reason
    actions = saved_record(page)["actions"]
    html = outside_notice(page)
    button.click(force=True)  # force: Playwright itself would wait for an enabled button
    page.wait_for_function(
        "text => document.getElementById('notice').textContent === text", arg=reason
    )
    assert saved_record(page)["actions"] == actions
    assert outside_notice(page) == html
    return reason


def game_over(page: Page) -> bool:
    return page.locator("#winner").count() > 0


def leaving(urls: list[str]) -> list[str]:
    return [
        url
        for url in urls
        if urlsplit(url).scheme not in LOCAL_SCHEMES and urlsplit(url).hostname != "127.0.0.1"
    ]


def record_requests(context: BrowserContext) -> list[str]:
    """Every URL the context requests from now on (context.on also sees what workers and
    service workers fetch; page.on does not)."""
    seen: list[str] = []

    def on_request(request: Request) -> None:
        seen.append(request.url)

    context.on("request", on_request)
    return seen


def recorded_game(
    players: int,
    seed: int,
    names: list[str],
    colours: list[str],
    upto: int | None = None,
    stage: str | None = None,
    winter: bool = False,
    when: Callable[[State, int], bool] | None = None,
) -> str:
    """A saved game as the page writes it: random legal moves from the engine (all of them to
    the end, the first `upto`, until a decision of that `stage` is asked, or until `when(state,
    seat)` holds for the seat asked), so a test can start at a screen instead of clicking to
    it. `winter`: the winter variant (§10), as the new-game screen's season sets it."""
    extra: dict[str, Any] = {"winter": True} if winter else {}
    rec = castle_record(players, seed, 0, names=names, colours=colours, **extra)
    state, _ = records.replay(CASTLE, rec)
    rnd = random.Random(seed)
    wanted = stage is not None or when is not None
    while not CASTLE.terminal(state) and (upto is None or len(rec["actions"]) < upto):
        seat = CASTLE.asked(state)[0]
        if (
            wanted
            and (stage is None or CASTLE.prompt(state, seat)["stage"] == stage)
            and (when is None or when(state, seat))
        ):
            break
        action = rnd.choice(CASTLE.legal_actions(state, seat))
        CASTLE.apply(state, action)
        rec["actions"].append(CASTLE.action_text(action))
    else:
        assert not wanted, f"seed {seed}: the game ended before the screen asked for ({stage})"
    return records.dumps(rec)


def scores_table(page: Page) -> tuple[list[str], dict[str, list[str]]]:
    """The end table: the column heads (names), and each row's values by its label."""
    return page.evaluate(
        """() => {
          const t = document.querySelector('table#scores');
          const heads = [...t.querySelectorAll('thead th')].slice(1).map(th => th.textContent);
          const rows = {};
          for (const tr of t.querySelectorAll('tbody tr')) {
            rows[tr.querySelector('th').textContent] =
              [...tr.querySelectorAll('td')].map(td => td.textContent);
          }
          return [heads, rows];
        }"""
    )


def expected_table(result: dict[str, Any]) -> dict[str, list[str]]:
    """The end table as the engine's result has it (rows keyed by their English label)."""
    by_seat = {row["seat"]: row for row in result["players"]}
    seats = result["ranking"]
    rows: dict[str, list[str]] = {}
    for row in result["players"]:
        for key in row["by_source"]:
            rows[EN.t(f"source.{key}")] = [
                str(by_seat[seat]["by_source"].get(key, 0)) for seat in seats
            ]
    for label, field in (("page.total_vp", "vp"), ("page.talers_left", "talers")):
        rows[EN.t(label)] = [str(by_seat[seat][field]) for seat in seats]
    rows[EN.t("page.piece_bp")] = [str(by_seat[seat]["piece_bp"]) for seat in seats]
    return rows


def past_covers(page: Page) -> None:
    """Through any hot-seat cover, reveal or round summary, to the board."""
    for _ in range(8):
        settled(page)
        cover = page.locator("#pass-cover, #reveal, #summary-ok")
        if not cover.count():
            return
        cover.first.click()


def go_home(page: Page) -> None:
    """To the home screen (the new-game form and the saved games), from any screen."""
    settled(page)
    if page.locator("#help-close").count():
        page.click("#help-close")
        settled(page)
    if page.locator("#log.full").count():  # it covers the page, Menu too
        page.click("#log-full")
        settled(page)
    if page.locator("#menu").count():
        page.click("#menu")
    page.locator("#start-game").wait_for()


def open_saved(page: Page, key: str) -> None:
    """A saved game opened from the home screen's list."""
    go_home(page)
    page.click(f'li.saved[data-key="{key}"] .open')
    settled(page)


#: Writes the saves into localStorage before the page's own scripts run, once per tab. An init
#: script runs again at every navigation and reload, and a test that reloads must find what the
#: page saved, not the seed again: the mark that it has seeded is in sessionStorage (one per tab,
#: kept across reloads, never read by the page). A document without storage (about:blank, an
#: opaque origin) is left alone.
SEED_ONCE_JS = """saves => {
  try {
    if (sessionStorage.getItem('e2e.seeded') !== null) return;
    sessionStorage.setItem('e2e.seeded', '1');
  } catch (e) {
    return;
  }
  for (const [key, value] of Object.entries(saves)) localStorage.setItem(key, value);
}"""


def seed_storage(page: Page, saves: dict[str, str]) -> None:
    """`saves` in the page's localStorage from its first load on, as a returning player's
    browser has them (one boot, where writing into a booted page and reloading costs two)."""
    page.add_init_script(f"({SEED_ONCE_JS})({json.dumps(saves)})")


def open_with_saves(
    context: BrowserContext, saves: dict[str, str] | None = None
) -> tuple[Page, ConsoleLog]:
    """A page of the site with these saves in its storage from the first load, so that a test
    starts at the screen it is about."""
    page = context.new_page()
    log = ConsoleLog(page)
    if saves:
        seed_storage(page, saves)
    page.goto("")
    wait_until_ready(page, log)
    return page, log


#: Fills the page's localStorage to the last character under `key` (the browser's quota found
#: by trying), so that the next save that needs more room fails as a full storage's does.
FILL_STORAGE_JS = """key => {
  let low = 0, high = 16_000_000;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    try { localStorage.setItem(key, 'x'.repeat(mid)); low = mid; }
    catch (e) { high = mid; }
  }
  localStorage.setItem(key, 'x'.repeat(low));
  return low;
}"""


def another_tab(context: BrowserContext) -> Page:
    """Another tab of the site that runs no game (a page of its origin: the manifest), for a
    test to change the storage from, as a player's other tab would."""
    other = context.new_page()
    other.goto("web/manifest.webmanifest")
    return other


def fill_storage(page: Page, key: str = "e2e.filler") -> None:
    """A storage full but for nothing: an entry of the test's own (`key`) takes what is left.
    Then another tab of the site is waited for until it sees the entry whole: Chromium's copy
    of the storage in a page ignores another tab's change to an entry while the page's own
    writes to it are not acknowledged, so a page that had just filled the storage could miss
    its freeing by another tab and hold itself full for good (a test that failed now and then
    in CI). Once another tab reads the last write, the browser has long acknowledged it."""
    size = page.evaluate(FILL_STORAGE_JS, key)
    other = another_tab(page.context)
    other.wait_for_function(
        "([key, size]) => (localStorage.getItem(key) || '').length === size", arg=[key, size]
    )
    other.close()


def start_against_computers(page: Page, players: int, levels: list[str], seed: int) -> None:
    """Seat 0 a person, the others the computer at `levels`, computer moves without delay."""
    page.locator("#start-game").wait_for()
    if players != 3:
        page.locator('button[name="players-count"]', has_text=f"{players} players").click()
        settled(page)
    for seat, level in enumerate(levels, start=1):
        page.select_option(f'select[name="kind{seat}"]', level)
    page.select_option('select[name="pace"]', "0")
    page.select_option('select[name="start"]', "0")
    page.fill('input[name="seed"]', str(seed))
    page.click("#start-game")
