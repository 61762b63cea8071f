"""The page's Content-Security-Policy (index.html's <meta http-equiv>, docs/site.md) in Chromium:
the page, PyScript, Pyodide, the computers' worker (a blob: worker, which inherits the page's
policy), the site's Chinese face, downloads, the service worker and the snapshot worker all live
with it, and it refuses what it is there to refuse: anything from another origin, inline script
and inline style.

A violation is an event (`securitypolicyviolation`) on the document, or on the worker's own
scope for one inside a worker (Chromium does not log those to the page's console), so both are
watched, besides the console's CSP errors.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Worker, expect

from e2e.helpers import (
    ConsoleLog,
    play,
    record_requests,
    saved_record,
    start_against_computers,
    wait_until_ready,
)

#: Records every violation in `__csp` of the scope it runs in (the page's window, a worker).
WATCH_JS = """
self.__csp = [];
self.addEventListener('securitypolicyviolation', (e) => self.__csp.push(
  `${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
"""
#: What another origin is, for the refusals: a name that never resolves, so that nothing could
#: be fetched even if the policy let it through.
OUTSIDE = "http://example.invalid"


def violations(where: Page | Worker) -> list[str]:
    return list(where.evaluate("() => self.__csp"))


@pytest.fixture
def csp_console(context: BrowserContext) -> list[str]:
    """The console's messages about the policy, from the page or a worker."""
    said: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            said.append(f"{message.type}: {message.text}")

    context.on("console", on_console)
    return said


def bot_worker(page: Page) -> Worker:
    """The computers' worker: PyScript's blob: worker, once the page says it is ready."""
    page.wait_for_selector("body[data-bot-worker=ready]", state="attached", timeout=60_000)
    found = [worker for worker in page.workers if worker.url.startswith("blob:")]
    assert len(found) == 1, [worker.url for worker in page.workers]
    return found[0]


def test_the_page_its_computers_worker_and_its_face_live_with_the_policy(
    page: Page, console: ConsoleLog, csp_console: list[str], site_url: str
) -> None:
    page.add_init_script(WATCH_JS)
    seen = record_requests(page.context)
    page.goto(f"{site_url}?think=0.3")
    wait_until_ready(page, console)
    assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1
    start_against_computers(page, 2, ["hard"], seed=5)
    worker = bot_worker(page)
    worker.evaluate(WATCH_JS)
    # A person's moves and the computer's, the latter searched in its worker.
    play(
        page,
        random.Random(5),
        lambda p: (
            sum(a.startswith("p1 ") for a in saved_record(p)["actions"]) >= 3
            and sum(a.startswith("p0 ") for a in saved_record(p)["actions"]) >= 2
        ),
    )
    # The site's own Chinese face (this browser has a Chinese font, so the page never asks for
    # it by itself).
    loaded = page.evaluate(
        """async () => (await document.fonts.load('700 16px "Castle Noto Sans SC"', '城'))
             .map((face) => face.status)"""
    )
    assert loaded == ["loaded"]
    # A game's file, downloaded through a blob: link.
    page.click("#menu")
    with page.expect_download() as download:
        page.click("#export")
    assert download.value.suggested_filename.endswith(".json")
    assert violations(page) == []
    assert violations(worker) == []
    assert csp_console == []
    assert console.errors() == [], str(console)
    assert any("bot_worker.py" in url for url in seen)
    # The worker lives under the page's policy, not without one: it too is refused another
    # origin.
    worker.evaluate(f"() => fetch('{OUTSIDE}/from-the-worker').catch(() => null)")
    for _ in range(50):
        if violations(worker):
            break
        page.wait_for_timeout(100)
    refused = violations(worker)
    assert refused and all(
        v.startswith(f"connect-src {OUTSIDE}/from-the-worker") for v in refused
    ), refused


@pytest.fixture
def static_page(page: Page, site_url: str) -> Page:
    """The page without Python (PyScript's core.js refused): its policy is in the static HTML,
    so the refusals need none, and the test costs no Python start."""
    page.route("**/core.js", lambda route: route.abort())
    page.add_init_script(WATCH_JS)
    page.goto(site_url)
    return page


#: What each refusal does in the page, and the directive that refuses it.
REFUSALS: dict[str, tuple[str, str]] = {
    "a fetch to another origin": (
        f"() => fetch('{OUTSIDE}/data.json').catch(() => null)",
        "connect-src",
    ),
    "a script from another origin": (
        f"""() => {{ const s = document.createElement('script');
              s.src = '{OUTSIDE}/script.js'; document.head.append(s); }}""",
        "script-src-elem",
    ),
    "an inline script": (
        """() => { const s = document.createElement('script');
             s.textContent = 'window.__ran = true'; document.head.append(s); }""",
        "script-src-elem",
    ),
    "a style sheet from another origin": (
        f"""() => {{ const l = document.createElement('link'); l.rel = 'stylesheet';
              l.href = '{OUTSIDE}/style.css'; document.head.append(l); }}""",
        "style-src-elem",
    ),
    "an inline style attribute": (
        """() => { document.body.insertAdjacentHTML('beforeend',
             '<p id="styled" style="color: red">x</p>'); }""",
        "style-src-attr",
    ),
    "an image from another origin": (
        f"""() => {{ const i = new Image(); i.src = '{OUTSIDE}/image.png';
              document.body.append(i); }}""",
        "img-src",
    ),
    "a font from another origin": (
        f"""() => new FontFace('Elsewhere', 'url({OUTSIDE}/font.woff2)').load()
              .catch(() => null)""",
        "font-src",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS), ids=list(REFUSALS))
def test_the_policy_refuses(static_page: Page, case: str) -> None:
    page = static_page
    failed: dict[str, str | None] = {}
    page.context.on("requestfailed", lambda r: failed.__setitem__(r.url, r.failure))
    seen = record_requests(page.context)
    script, directive = REFUSALS[case]
    page.evaluate(script)
    page.wait_for_function(
        "(directive) => self.__csp.some((v) => v.startsWith(directive + ' '))",
        arg=directive,
        timeout=5_000,
    )
    refused = [v for v in violations(page) if v.startswith(f"{directive} ")]
    assert refused, violations(page)
    assert all(OUTSIDE in v or " inline " in v for v in refused), refused
    assert page.evaluate("() => window.__ran === undefined")  # the inline script never ran
    # Chromium may list a refused request, never sends it: it fails as blocked by the policy.
    outside = [url for url in seen if url.startswith(OUTSIDE)]
    page.wait_for_timeout(100)
    assert all(failed.get(url) in ("csp", "net::ERR_BLOCKED_BY_CSP") for url in outside), failed


@pytest.fixture
def sw_context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=site_url, service_workers="allow")
    yield context
    context.close()


def test_the_service_worker_and_the_python_snapshot_live_with_the_policy(
    sw_context: BrowserContext,
) -> None:
    """The service worker precaches the site and the snapshot worker (a module worker of the
    site's own) keeps Python's snapshot; the next visit starts from it, all under the policy."""
    said: list[str] = []
    sw_context.on(
        "console",
        lambda m: said.append(m.text) if "Content Security Policy" in m.text else None,
    )
    sw_context.add_init_script(WATCH_JS)
    page = sw_context.new_page()
    console = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, console)
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=60_000)
    page.wait_for_selector(
        "body[data-snapshot=saved], body[data-snapshot=failed]", state="attached", timeout=60_000
    )
    assert page.evaluate("() => document.body.dataset.snapshot") == "saved"
    assert violations(page) == []
    page.reload()
    wait_until_ready(page, console)
    assert page.evaluate("() => document.body.dataset.snapshot") == "loaded"
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    page.fill('input[name="seed"]', "3")
    page.click("#start-game")
    expect(page.locator("#pass-cover")).to_be_visible()
    assert violations(page) == []
    assert said == []
    assert console.errors() == [], str(console)
