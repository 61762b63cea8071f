"""The shell plays a game that is not Castle: a test build of the site registers the tests'
Goofspiel beside Castle, and a person plays it to its end at `?game=goofspiel`, through the
hot-seat covers and the generic panel, as Seasons will before it has panels of its own."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.conftest import SITE_PREFIX
from e2e.helpers import ConsoleLog, wait_until_ready
from tools import build
from tools.devserver import SiteServer

TESTS = Path(__file__).resolve().parent.parent / "tests"
REGISTRY = '''"""A test build's registry: Castle, and the tests' Goofspiel."""

from goofspiel.page import GOOFSPIEL_PAGE
from web.castle_page.page import PAGE as CASTLE

GAMES = {"castle": CASTLE, "goofspiel": GOOFSPIEL_PAGE}
SITE = "castle"
'''


def test_a_second_game_plays_to_its_end_through_the_shell(
    page: Page, console: ConsoleLog, sources: Path, own_server: tuple[SiteServer, Path]
) -> None:
    server, site = own_server
    shutil.copytree(TESTS / "goofspiel", sources / "goofspiel")
    (sources / "web" / "games.py").write_text(REGISTRY)
    build.build(site, sources=sources, extra_packages=("goofspiel",))
    page.goto(f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}?game=goofspiel")
    wait_until_ready(page, console)
    expect(page.locator("h1")).to_have_text("Goofspiel")
    page.locator("button[name=players-count]", has_text="2").click()
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bo")
    page.click("#start-game")

    rnd = random.Random(3)
    covers = 0
    for _ in range(40):
        if page.locator("#winner").count():
            break
        if page.locator("#pass-cover").count():
            covers += 1
            assert page.locator("[data-action]").count() == 0  # no hand behind a cover
            page.click("#pass-cover")
        elif page.locator("#reveal").count():
            page.click("#reveal")
        else:
            bids = page.locator(".options.generic button[data-act]")
            bids.nth(rnd.randrange(bids.count())).click()
    expect(page.locator("#winner")).to_be_visible()
    assert covers == 4  # two secret bids in each of the first two rounds; the last is forced
    assert console.errors() == [], str(console)
