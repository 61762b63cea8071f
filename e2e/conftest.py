"""Fixtures for the browser tests: the built site, served locally, in Debian's Chromium.

Run with ``pytest e2e`` (tools/test does, after setting up .venv, node_modules and Chromium).
Every test serves the folder tools/build.py writes (``_site/``, or one folder per worker when
tools/test runs them on two), as GitHub Pages will, under a sub-path. Service workers are
blocked in the default browser context, so that each test does not precache 15 MB; the offline
tests (test_offline.py) open contexts of their own that allow them.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.helpers import BOOT_TIMEOUT_MS, ConsoleLog, record_requests, wait_until_ready
from tools import build, chromium
from tools.devserver import SiteServer, make_server

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
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session from the working tree (so `pytest e2e` alone tests it).

    Under pytest-xdist (tools/test runs e2e on two workers) each worker is a session of its
    own: it builds into its own folder, since two builds into `_site/` at once would mix."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    out = tmp_path_factory.getbasetemp() / "site" if worker else build.SITE
    try:
        build.build(out)
    except build.BuildError as e:
        pytest.exit(
            f"the site could not be built: {e} (run ./tools/test: it installs node_modules)", 2
        )
    return out


@pytest.fixture(scope="session")
def site_server(site: Path) -> Iterator[SiteServer]:
    """Serve the built site from a thread on a free port, under SITE_PREFIX."""
    server = make_server(port=0, prefix=SITE_PREFIX, quiet=True, directory=site)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(site_server: SiteServer) -> str:
    return f"http://127.0.0.1:{site_server.server_port}{SITE_PREFIX}"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker in the ordinary tests (test_offline.py has contexts that allow them)."""
    return {**browser_context_args, "service_workers": "block"}


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


@pytest.fixture
def requests_seen(context: BrowserContext) -> list[str]:
    """Every URL the test's context requests."""
    return record_requests(context)


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of the page's sources, which a test may change and build."""
    src = tmp_path / "src"
    for folder in build.ZIPPED_PACKAGES:
        shutil.copytree(build.ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__py*"))
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(build.ROOT / name, src / name)
    return src


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[SiteServer, Path]]:
    """A second server, for a site of the test's own (a copy that gets a new version)."""
    site = tmp_path / "site"
    site.mkdir()
    server = make_server(port=0, prefix=SITE_PREFIX, quiet=True, directory=site)
    threading.Thread(target=server.serve_forever, name="own-server", daemon=True).start()
    try:
        yield server, site
    finally:
        server.shutdown()
        server.server_close()
