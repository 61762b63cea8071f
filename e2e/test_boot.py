"""The page boots from local files only, without errors, and shows the game's title."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Request, expect

import castle
from e2e.helpers import ConsoleLog

# Schemes that never leave the page (PyScript makes blob: workers and modules).
LOCAL_SCHEMES = {"data", "blob", "about"}


def test_boots_from_local_files_only(
    context: BrowserContext, open_page: Callable[..., Page], console: ConsoleLog
) -> None:
    # context.on (not page.on) also sees what workers and service workers fetch.
    requests: list[str] = []

    def on_request(request: Request) -> None:
        requests.append(request.url)

    context.on("request", on_request)

    open_page()

    leaving = [
        url
        for url in requests
        if urlsplit(url).scheme not in LOCAL_SCHEMES and urlsplit(url).hostname != "127.0.0.1"
    ]
    assert not leaving, f"requests left 127.0.0.1 (a CDN?): {leaving}"
    # The interpreter really came from our copy (PyScript falls back to a CDN silently).
    assert any(re.search(r"/runtime/pyodide-[\d.]+/pyodide\.asm\.wasm$", url) for url in requests)
    assert console.errors() == []


def test_shows_title_and_engine_version(
    open_page: Callable[..., Page], console: ConsoleLog
) -> None:
    page = open_page()

    expect(page.locator("h1")).to_have_text("A Castle for All Seasons")
    expect(page.locator("#loading")).to_have_count(0)
    # The build a player runs, and the engine's version, so that they can say which they have.
    build = page.locator("meta[name=castle-build]").get_attribute("content")
    assert build and re.fullmatch(r"[0-9a-f]{12}", build), build
    expect(page.locator(".home .version")).to_have_text(
        f"Build {build} · engine {castle.__version__}"
    )
    assert console.errors() == []
