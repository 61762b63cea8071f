"""Helpers shared by the browser tests (fixtures live in conftest.py)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import ConsoleMessage, Error, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# A cold boot (wasm compile + interpreter start) takes ~5 s here; leave room for a loaded CI.
BOOT_TIMEOUT_MS = 90_000


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
