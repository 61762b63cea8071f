"""The site as published: offline after one visit, updates on the player's word, installable.

These tests open browser contexts that allow service workers (the others block them). Each
visit of such a context precaches the whole site (about 15 MB) on its first load.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from e2e.conftest import SITE_PREFIX
from e2e.helpers import (
    ConsoleLog,
    app_html,
    leaving,
    play,
    record_requests,
    saved_record,
    wait_until_ready,
)
from tools import build, chromium
from tools.devserver import SiteServer

NewContext = Callable[..., BrowserContext]


def build_id(page: Page) -> str | None:
    return page.locator("meta[name=castle-build]").get_attribute("content")


def first_visit(context: BrowserContext) -> tuple[Page, ConsoleLog]:
    """Open the site and wait until its service worker holds the whole site."""
    page = context.new_page()
    console = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, console)
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=60_000)
    return page, console


def snapshot_made(page: Page) -> None:
    """Wait until the page has kept a snapshot of Python for the next visits (web/python.mjs)."""
    page.wait_for_selector(
        "body[data-snapshot=saved], body[data-snapshot=failed]", state="attached", timeout=60_000
    )
    assert page.evaluate("() => document.body.dataset.snapshot") == "saved"


SNAPSHOT_CACHE = "castle-python-snapshot"


def update_check(url: str) -> bool:
    """Whether a request is the browser's own check for a new service worker (sw.js and the
    scripts it imports), which Playwright's offline emulation does not stop; with a real
    network off, that check fails silently."""
    name = url.removeprefix(SITE_PREFIX)
    return bool(build.NOT_PRECACHED.match(name)) or name == "web/sw-routes.js"


def start_and_play_a_decision(page: Page, seed: int) -> None:
    """A 3-player game (the form's default) to the first cover after someone has chosen."""
    page.fill('input[name="seed"]', str(seed))
    page.click("#start-game")
    play(
        page,
        random.Random(seed),
        lambda p: p.locator("#pass-cover").count() > 0 and len(saved_record(p)["actions"]) > 0,
    )


def resume(page: Page, console: ConsoleLog) -> None:
    """After a reload: the game that was on screen opens again by itself."""
    wait_until_ready(page, console)


@pytest.fixture
def new_sw_context(browser: Browser, site_url: str) -> Iterator[NewContext]:
    """new_context(base_url=...) for contexts that allow service workers; closed at the end."""
    made: list[BrowserContext] = []

    def make(base_url: str = site_url) -> BrowserContext:
        made.append(browser.new_context(base_url=base_url, service_workers="allow"))
        return made[-1]

    yield make
    for context in made:
        context.close()


@pytest.fixture
def sw_context(new_sw_context: NewContext) -> BrowserContext:
    return new_sw_context()


def test_after_one_visit_the_game_opens_and_plays_with_the_network_off(
    sw_context: BrowserContext, site_server: SiteServer
) -> None:
    seen = record_requests(sw_context)
    page, console = first_visit(sw_context)
    # The page says once that it is ready offline.
    expect(page.locator('#site-notice [data-notice="offline"]')).to_be_visible()
    page.locator('#site-notice [data-notice="offline"] [data-close]').click()
    expect(page.locator('#site-notice [data-notice="offline"]')).to_be_hidden()
    assert page.evaluate("() => document.body.dataset.snapshot") in ("none", "saved")
    snapshot_made(page)

    served = len(site_server.requests)
    sw_context.set_offline(True)
    page.reload()
    wait_until_ready(page, console)
    # Python starts from the snapshot that the first visit kept, and the whole game works on it.
    assert page.evaluate("() => document.body.dataset.snapshot") == "loaded"
    expect(page.locator('#site-notice [data-notice="offline"]')).to_be_hidden()  # once only
    start_and_play_a_decision(page, seed=5)
    actions = saved_record(page)["actions"]
    before = app_html(page)

    page.reload()
    resume(page, console)
    page.locator("#pass-cover").wait_for()
    assert saved_record(page)["actions"] == actions
    assert app_html(page) == before
    asked = [url for url in site_server.requests[served:] if not update_check(url)]
    assert asked == [], "the server was asked while offline"
    assert not leaving(seen), f"requests left 127.0.0.1: {leaving(seen)}"
    assert console.errors() == [], str(console)


def test_a_damaged_snapshot_of_python_is_replaced_and_the_game_starts_anyway(
    sw_context: BrowserContext,
) -> None:
    page, console = first_visit(sw_context)
    snapshot_made(page)
    page.evaluate(
        """async (name) => {
            const cache = await caches.open(name);
            for (const key of await cache.keys()) await cache.put(key, new Response("damaged"));
        }""",
        SNAPSHOT_CACHE,
    )
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") == "refused"
    page.fill('input[name="seed"]', "3")
    page.click("#start-game")
    page.locator("#pass-cover").wait_for()
    snapshot_made(page)  # a new one, for the next visit
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") == "loaded"
    assert console.errors() == [], str(console)


# --- A damaged copy in the browser never locks the page (web/boot.js, web/python.mjs) ---------

#: Flips 4 KB of a cached entry at a fraction of its length. keep: "headers" keeps the entry's
#: headers (the snapshot's digest among them), "digest" writes the damaged bytes' own digest
#: (a snapshot made wrong, which no digest can tell).
DAMAGE_JS = """async ([cacheName, part, at, keep]) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith(cacheName)) continue;
    const cache = await caches.open(name);
    for (const key of await cache.keys()) {
      if (!key.url.includes(part)) continue;
      const response = await cache.match(key);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const start = Math.floor(bytes.length * at);
      for (let i = start; i < Math.min(start + 4096, bytes.length); i++) bytes[i] ^= 0xff;
      const headers = new Headers(response.headers);
      if (keep === "digest") {
        const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const hex = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
        headers.set("x-castle-sha256", hex);
      }
      await cache.put(key, new Response(bytes, { headers }));
      return key.url;
    }
  }
  return null;
}"""

#: Whether every file of the offline copy has the build's digest again (web/integrity.json).
COPY_WHOLE_JS = """async () => {
  const scope = new URL(".", location.href).href;
  const expected = await (await fetch("web/integrity.json")).json();
  const wrong = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("castle-precache-")) continue;
    const cache = await caches.open(name);
    for (const key of await cache.keys()) {
      const url = new URL(key.url);
      url.searchParams.delete("__WB_REVISION__");
      const path = url.href.slice(scope.length);
      if (!(path in expected)) continue;
      const bytes = await (await cache.match(key)).arrayBuffer();
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      if ("sha256-" + btoa(String.fromCharCode(...hash)) !== expected[path]) wrong.push(path);
    }
  }
  return wrong;
}"""


def damage(page: Page, cache: str, part: str, at: float = 0.5, keep: str = "headers") -> None:
    assert page.evaluate(DAMAGE_JS, [cache, part, at, keep]), f"no {part} in {cache}"


def controlled_visit(context: BrowserContext) -> tuple[Page, ConsoleLog]:
    """A visit served by the service worker from its offline copy, Python from its snapshot."""
    page, console = first_visit(context)
    snapshot_made(page)
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") == "loaded"
    return page, console


def mended(page: Page) -> str | None:
    return page.evaluate("() => document.body.dataset.mended ?? null")


def test_a_snapshot_altered_half_way_is_refused_by_its_digest(sw_context: BrowserContext) -> None:
    """The tester's case: bytes flipped in the middle, the entry's headers kept. Before the digest
    this one loaded and then stopped the page on a fatal Pyodide error, on every reload."""
    page, console = controlled_visit(sw_context)
    damage(page, SNAPSHOT_CACHE, "python.snapshot", at=0.75)
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") == "refused"
    assert mended(page) is None  # refused before it was used: nothing to say
    assert console.errors() == [], str(console)


def test_a_start_from_a_snapshot_that_fails_starts_again_without_it_at_once(
    sw_context: BrowserContext,
) -> None:
    """A snapshot whose digest holds but that fails once Python runs (made wrong, or a runtime
    fault): Pyodide's fatal error before the first screen, as the tester saw it."""
    page, console = controlled_visit(sw_context)
    # The fault, on the start that follows no mended one: an error once Python runs from the
    # snapshot, and no first screen after it (a mark of one drawn is taken away at once).
    sw_context.add_init_script(
        """if (!sessionStorage.getItem("castle.boot.mended")) {
          let thrown = false;
          new MutationObserver(() => {
            const body = document.body;
            if (!body) return;
            if (body.dataset.snapshot === "loaded" && !thrown) {
              thrown = true;
              setTimeout(() => { throw new Error("RuntimeError: table index is out of bounds"); });
            }
            if (body.hasAttribute("data-ready")) body.removeAttribute("data-ready");
          }).observe(document, { attributes: true, subtree: true });
        }"""
    )
    with page.expect_navigation():  # the failed start, then at once the one that mends it
        page.reload()
    page.wait_for_selector("body[data-mended]", state="attached", timeout=60_000)
    console.lines.clear()  # the failed start's error is the point, not a fault of the test
    wait_until_ready(page, console)
    assert mended(page) == "failed"
    assert page.evaluate("() => document.body.dataset.snapshot") == "skipped"
    assert page.evaluate("() => sessionStorage.getItem('castle.boot.mended')") is None
    snapshot_made(page)  # a new one, for the next visit
    assert console.errors() == [], str(console)


def test_a_snapshot_that_hangs_python_is_dropped_by_the_next_start(
    sw_context: BrowserContext,
) -> None:
    """A snapshot that loads and then loops for ever blocks the page's only thread, where no
    timer runs: the player reloads (or opens the game again), and that start goes without it."""
    page, console = controlled_visit(sw_context)
    damage(page, SNAPSHOT_CACHE, "python.snapshot", at=0.1, keep="digest")
    page.evaluate("() => { location.reload(); }")
    page.wait_for_timeout(8_000)  # the damaged start, under way or stuck
    page.close(run_before_unload=False)
    page = sw_context.new_page()
    console = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") in ("refused", "skipped")
    assert console.errors() == [], str(console)


def test_a_damaged_page_in_the_offline_copy_is_replaced_before_it_is_served(
    sw_context: BrowserContext,
) -> None:
    """index.html itself: no code of the page runs to mend it, so the service worker checks it
    against its build's digest before serving it (web/sw-routes.js): the player gets the
    network's copy, never the damaged one, and the offline copy is whole again."""
    page, console = controlled_visit(sw_context)
    damage(page, "castle-precache-", "index.html", at=0.0)
    assert page.evaluate(COPY_WHOLE_JS) == ["index.html"]
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate(COPY_WHOLE_JS) == []
    sw_context.set_offline(True)
    page.goto("?think=0.5")  # a query is the same page, offline too
    wait_until_ready(page, console)
    assert console.errors() == [], str(console)


@pytest.mark.parametrize(
    "part", ["runtime/pyodide-314.0.7/pyodide.asm.wasm", "runtime/castle.zip", "pyscript.toml"]
)
def test_a_damaged_file_of_the_offline_copy_is_fetched_anew_and_the_game_starts(
    sw_context: BrowserContext, part: str
) -> None:
    page, console = controlled_visit(sw_context)
    damage(page, "castle-precache-", part, at=0.0)
    assert page.evaluate(COPY_WHOLE_JS) == [part]
    page.reload()
    page.wait_for_selector("body[data-mended]", state="attached", timeout=90_000)
    console.lines.clear()  # the damaged start's errors
    wait_until_ready(page, console)
    assert page.evaluate(COPY_WHOLE_JS) == []  # mended in place: offline play goes on
    sw_context.set_offline(True)
    page.reload()
    wait_until_ready(page, console)
    assert mended(page) is None
    assert console.errors() == [], str(console)


def test_a_new_version_waits_for_the_player_and_the_game_goes_on_in_it(
    new_sw_context: NewContext, sources: Path, own_server: tuple[SiteServer, Path]
) -> None:
    server, site = own_server
    old = build.build(site, sources=sources)
    url = f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}"
    context = new_sw_context(url)
    page, console = first_visit(context)
    page.reload()  # now the service worker serves the page, as on any later visit
    wait_until_ready(page, console)
    start_and_play_a_decision(page, seed=8)
    before = app_html(page)

    with (sources / "web" / "style.css").open("a") as css:
        css.write("\n/* a new version */\n")
    new = build.build(site, sources=sources)
    assert new != old
    page.evaluate("() => { window.__sameDocument = true; }")
    # What the browser does on a visit or now and then: look for a new service worker.
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    notice = page.locator('#site-notice [data-notice="update"]')
    expect(notice).to_be_visible(timeout=60_000)
    page.wait_for_timeout(1_000)  # a swap would reload by now
    assert page.evaluate("() => window.__sameDocument === true"), "the page reloaded by itself"
    assert build_id(page) == old
    assert app_html(page) == before

    with page.expect_navigation():
        page.click("#update-reload")
    wait_until_ready(page, console)
    assert build_id(page) == new
    # The game that was on screen opens again, in the new version (its build id is at the
    # home screen's foot).
    page.locator("#pass-cover").wait_for()
    assert app_html(page) == before
    page.click("#menu")
    expect(page.locator(".home .version")).to_contain_text(new)
    page.click("#resume")
    page.locator("#pass-cover").wait_for()
    assert app_html(page) == before
    assert console.errors() == [], str(console)


def test_chromium_finds_the_site_installable(
    playwright: Playwright, site_url: str, tmp_path: Path
) -> None:
    # getInstallabilityErrors answers "in-incognito" in Playwright's default (incognito) contexts.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=chromium.CHROMIUM,
        args=chromium.FLAGS,
        headless=True,
        base_url=site_url,
    )
    try:
        page, _ = first_visit(context)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"] == f"{site_url}web/manifest.webmanifest"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_opened_from_a_file_it_says_how_to_serve_it(page: Page, site: Path) -> None:
    page.goto((site / "index.html").as_uri())
    message = page.locator('#boot-problem [data-problem="file"]')
    expect(message).to_be_visible()
    expect(message).to_contain_text("./tools/serve")


def test_the_loading_screen_speaks_the_players_language(browser: Browser, site_url: str) -> None:
    context = browser.new_context(
        base_url=site_url, service_workers="block", locale="zh-CN", java_script_enabled=True
    )
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: None)  # hold Python back: see the screen
        page.goto("")
        expect(page.locator("#boot h1")).to_have_text("四季城", use_inner_text=True)
        expect(page.locator('#boot [data-step="download"]')).to_have_class("bi now")
        assert page.locator("html").get_attribute("lang") == "zh"
    finally:
        context.close()


def test_a_runtime_that_fails_to_load_is_reported_not_an_endless_loading(page: Page) -> None:
    page.route("**/core.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("")
    message = page.locator('#boot-problem [data-problem="failed"]')
    expect(message).to_be_visible()
    expect(message).to_contain_text("core.js")
