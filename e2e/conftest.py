"""Fixtures for the browser tests: the real page, served locally, in Debian's Chromium.

Run with ``pytest e2e`` (tools/test does, after setting up .venv, runtime/ and Chromium).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e.helpers import BOOT_TIMEOUT_MS, ConsoleLog, wait_until_ready
from tools import chromium, vendor_runtime
from tools.devserver import make_server

CHROMIUM = Path(chromium.CHROMIUM)
# GitHub Pages serves the site under /<repo>/: serving it the same way here makes any absolute
# URL in the page fail in tests, not only after deployment.
SITE_PREFIX = "/castle-game/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (`playwright install` cannot download a browser on these machines)."""
    if not CHROMIUM.exists():
        pytest.exit(f"{CHROMIUM} is missing: run ./tools/test, or apt-get install chromium", 2)
    args = list(chromium.FLAGS)
    if browser_type_launch_args.get("headless", True):  # pytest-playwright's --headed says False
        args.insert(0, "--headless")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": args}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Serve the repo root from a thread on a free port, under SITE_PREFIX."""
    # Refresh runtime/ (cheap when up to date), so `pytest e2e` alone tests the current engine.
    if vendor_runtime.main() != 0:
        pytest.exit("runtime/ could not be built: run ./tools/test (it installs node_modules)", 2)
    server = make_server(port=0, prefix=SITE_PREFIX, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: `page.goto("")` opens the local site's index.html."""
    return site_url


@pytest.fixture
def console(page: Page) -> ConsoleLog:
    """The page's console, recorded from before the first navigation."""
    return ConsoleLog(page)


@pytest.fixture
def open_page(page: Page, console: ConsoleLog) -> Callable[..., Page]:
    """``open_page(path="")`` loads a page of the site and waits until Python marked it ready."""

    def _open(path: str = "", timeout_ms: int = BOOT_TIMEOUT_MS) -> Page:
        page.goto(path)
        wait_until_ready(page, console, timeout_ms)
        return page

    return _open
