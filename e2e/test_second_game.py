"""The shell plays games that are not Castle: a test build of the site registers the tests'
Goofspiel and Harvest beside Castle, and people play each to its end (`?game=goofspiel`,
`?game=harvest`), through the hot-seat covers and the generic panel, as Seasons will before it
has panels of its own; Harvest's undo stops at a card drawn."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.conftest import SITE_PREFIX
from e2e.helpers import ConsoleLog, settled, wait_until_ready
from tools import build
from tools.devserver import SiteServer

TESTS = Path(__file__).resolve().parent.parent / "tests"
REGISTRY = '''"""A test build's registry: Castle, and the tests' small games."""

from goofspiel.page import GOOFSPIEL_PAGE
from harvest.page import HARVEST_PAGE
from web.castle_page.page import PAGE as CASTLE

GAMES = {"castle": CASTLE, "goofspiel": GOOFSPIEL_PAGE, "harvest": HARVEST_PAGE}
SITE = "castle"
'''
PACKAGES = ("goofspiel", "harvest", "small_game", "small_page")


def build_with_small_games(sources: Path, site: Path) -> None:
    for package in PACKAGES:
        shutil.copytree(TESTS / package, sources / package)
    (sources / "web" / "games.py").write_text(REGISTRY)
    build.build(site, sources=sources, extra_packages=PACKAGES)


def test_a_second_game_plays_to_its_end_through_the_shell(
    page: Page, console: ConsoleLog, sources: Path, own_server: tuple[SiteServer, Path]
) -> None:
    server, site = own_server
    build_with_small_games(sources, site)
    page.goto(f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}?game=goofspiel")
    wait_until_ready(page, console)
    expect(page.locator("h1")).to_have_text("Goofspiel")
    page.locator("button[name=players-count]", has_text="2").click()
    settled(page)
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bo")
    page.click("#start-game")

    rnd = random.Random(3)
    covers = 0
    for _ in range(40):
        settled(page)  # the screen of the last click
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


def test_a_game_of_rolls_draws_and_free_turns_plays_through_the_shell(
    page: Page, console: ConsoleLog, sources: Path, own_server: tuple[SiteServer, Path]
) -> None:
    """Harvest: tokens of two kinds gathered, each turn a menu of actions until "End the
    turn", an offer to a grower chosen by name who is asked at once, and no undo once a card
    is drawn."""
    server, site = own_server
    build_with_small_games(sources, site)
    page.goto(f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}?game=harvest")
    wait_until_ready(page, console)
    expect(page.locator("h1")).to_have_text("Harvest")
    three = page.locator("button[name=players-count]", has_text="3")
    if three.is_enabled():  # not already the form's choice
        three.click()
        settled(page)
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        page.fill(f"input[name=name{seat}]", name)
    page.click("#start-game")
    tokens = page.locator(".options.generic[data-kind=tokens] button[data-act]")
    expect(tokens).to_have_text(
        ["Take suns 2, rain 0", "Take suns 1, rain 1", "Take suns 0, rain 2"]
    )
    tokens.first.click()  # in the open: nothing of Ann's hand is asked yet
    page.click("#pass-cover")
    menu = page.locator(".options.generic[data-kind=menu] button[data-act]")
    expect(menu.filter(has_text="End the turn")).to_have_count(1)
    menu.filter(has_text="Draw a card").click()
    expect(page.locator(".options.generic[data-kind=menu]")).to_be_visible()  # asked again
    expect(page.locator("#undo")).to_have_count(0)  # the card drawn was seen
    menu.filter(has_text="Offer").first.click()
    to_whom = page.locator(".options.generic[data-kind=seat] button[data-act]")
    expect(to_whom).to_have_text(["Offer it to Bo", "Offer it to Cy"])
    to_whom.nth(1).click()
    page.click("#pass-cover")  # Cy, asked in the middle of Ann's turn
    expect(page.locator(".options.generic[data-kind=confirm]")).to_be_visible()
    page.locator(".options.generic button[data-act]").last.click()  # Decline: always allowed
    page.click("#pass-cover")  # back to Ann, in her turn
    expect(page.locator(".options.generic[data-kind=menu]")).to_be_visible()
    rnd = random.Random(5)
    for _ in range(300):
        settled(page)  # the screen of the last click
        if page.locator("#winner").count():
            break
        if page.locator("#pass-cover").count():
            page.click("#pass-cover")
        elif page.locator("#summary-ok").count():
            page.click("#summary-ok")
        else:
            choices = page.locator(".options.generic button[data-act]")
            choices.nth(rnd.randrange(choices.count())).click()
    expect(page.locator("#winner")).to_be_visible()
    assert console.errors() == [], str(console)
