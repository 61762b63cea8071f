"""How every script here starts Debian's Chromium (e2e tests, benchmarks, the screenshot).

`playwright install` cannot download a browser on these machines, so Playwright drives
/usr/bin/chromium (Debian's package, which tools/setup_env.sh installs).
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
#: Flags after --headless (which pytest-playwright's --headed leaves out).
FLAGS = [
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these Chromium keeps calling Google's hosts, which this network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # small /dev/shm in containers
]
HEADLESS = ["--headless", *FLAGS]
