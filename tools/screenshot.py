"""Take the README's screenshot: the real page in Chromium, a game played by random clicks.

    .venv/bin/python -m tools.screenshot docs/screenshot.png [--players 3] [--seed 7] [--clicks 90]
        [--size 1366x768] [--lang zh] [--winter]

Serves the site like the e2e tests do, starts a game with a fixed seed, clicks seeded random
game controls (never Menu, Undo or the language buttons), and saves a PNG of the window
(1366×768 unless --size says otherwise: a phone is 390x844).
"""

from __future__ import annotations

import argparse
import random
import threading

from playwright.sync_api import sync_playwright

from tools import build
from tools.chromium import CHROMIUM, HEADLESS
from tools.devserver import make_server

NAMES = ("Anna", "Ben", "Chen Jing", "Dora")
MOVES = "#app [data-act]:not([data-tool])"  # the page's tools are not moves (html.py tool())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--clicks", type=int, default=90)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="1366x768", help="the window, WIDTHxHEIGHT")
    parser.add_argument("--full", action="store_true", help="the whole page, not only the window")
    parser.add_argument("--winter", action="store_true", help="the winter variant")
    args = parser.parse_args()
    build.build()
    server = make_server(port=0, prefix="/castle-game/", quiet=True, directory=build.SITE)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/castle-game/"
    rnd = random.Random(args.seed)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        width, height = (int(n) for n in args.size.split("x"))
        page = browser.new_page(
            viewport={"width": width, "height": height}, service_workers="block"
        )
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        if args.lang != "en":
            page.click(f".lang[lang={args.lang}]")
        if args.players != 3:  # 3 is the form's default
            page.locator("button[name=players-count]").nth(args.players - 2).click()
        for seat, name in enumerate(NAMES[: args.players]):
            page.fill(f"input[name=name{seat}]", name)
        page.fill("input[name=seed]", str(args.seed))
        page.select_option("select[name=start]", "0")
        if args.winter:
            page.select_option("select[name=variant]", "winter")
        page.click("#start-game")
        for _ in range(args.clicks):
            moves = page.locator(MOVES)
            count = moves.count()
            if not count or page.locator("#scores").count():
                break
            moves.nth(rnd.randrange(count)).click()
        # End on a screen worth showing: past any hot-seat cover.
        for _ in range(10):
            cover = page.locator("#pass-cover, #reveal")
            if not cover.count():
                break
            cover.first.click()
        page.screenshot(path=args.out, full_page=args.full)
        browser.close()
    server.shutdown()
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
