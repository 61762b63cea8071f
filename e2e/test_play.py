"""Whole games and their rules of play in the real page, driven by clicks only.

Every move is a click on a `[data-act]` button the page shows (a seeded random one among the
visible moves); the engine in CPython then replays the record the page saved in localStorage
and must agree with what the page shows. The same flows run without a browser in
tests/test_web_app.py; here they go through the DOM glue (web/main.py), Pyodide and Chromium.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

import castle
from castle import CASTLE, data
from e2e.helpers import (
    EN,
    ConsoleLog,
    app_html,
    boot,
    check_forbidden_click,
    expected_table,
    game_over,
    leaving,
    normalised,
    play,
    saved_record,
    scores_table,
    stage,
    start_game,
    wait_until_ready,
)
from tabletop import record as records

CARD_NAMES = [EN.t(f"card.{card}") for card in data.CARDS]

# --- whole games --------------------------------------------------------------------------------


GAMES = {
    # players: (seed typed into the form, seed of the clicks, start player, names, colours,
    # the window: a phone held upright). A laptop's window plays a whole game in
    # e2e/test_winter.py, and four players one against computers in e2e/test_computers.py.
    2: (77, 2, 1, ["Dana", "Eli"], ["yellow", "blue"], (390, 844)),
}


@pytest.mark.parametrize("players", [2])
def test_a_whole_game_by_clicking_shows_the_engines_scores(
    players: int,
    page: Page,
    open_page: Callable[..., Page],
    console: ConsoleLog,
    requests_seen: list[str],
) -> None:
    """Started from the form (seed typed, fixed start player), played by clicks only, on a
    laptop and on a phone; the end table and the winner are the engine's for the record the
    page saved; nothing was fetched from beyond 127.0.0.1 and nothing went wrong in the
    console."""
    seed, click_seed, start, names, colours, (width, height) = GAMES[players]
    page.set_viewport_size({"width": width, "height": height})
    open_page()
    start_game(page, players, seed, start, names, colours)
    began = time.monotonic()
    clicks = play(page, random.Random(click_seed), game_over)
    print(f"\n{players} players: {clicks} clicks in {time.monotonic() - began:.1f} s")

    rec = saved_record(page)
    state, _ = records.replay(CASTLE, rec)
    assert state.phase == "over" and state.result is not None
    result = state.result
    assert stage(page) == "over"

    heads, rows = scores_table(page)
    assert heads == [names[seat] for seat in result["ranking"]]
    assert rows == expected_table(result)
    vp_shown = dict(zip(heads, rows[EN.t("page.total_vp")], strict=True))
    assert vp_shown == {names[row["seat"]]: str(row["vp"]) for row in result["players"]}

    winners = [names[seat] for seat in result["winners"]]
    title = (
        EN.t("app.winner", player=winners[0])
        if len(winners) == 1
        else EN.t("app.winners_shared", players=EN.join(winners))
    )
    assert page.inner_text("#winner") == title

    assert not leaving(requests_seen), f"requests left 127.0.0.1: {leaving(requests_seen)}"
    assert any(url.endswith("/pyodide.asm.wasm") for url in requests_seen)  # the log works
    assert console.errors() == [], str(console)


# --- hot-seat secrecy ---------------------------------------------------------------------------


def choose_card(page: Page, card_name: str) -> None:
    """Pick the card, then confirm (a pick alone plays nothing)."""
    page.locator("#decision button[data-act]", has_text=card_name).first.click()
    page.locator("#confirm-cards[data-act]").click()


def assert_no_card_on(page: Page) -> None:
    """No card's name (nor id) anywhere in #app, text or attributes, nor in what assistive
    technology is given of the whole page (its accessibility tree, the live region's words)."""
    html = page.inner_html("#app").lower()
    tree = page.locator("body").aria_snapshot().lower()
    said = page.inner_text("#announce").lower()
    for word in (*CARD_NAMES, *data.CARDS):
        assert word.lower() not in html, f"{word!r} on the cover:\n{html}"
        assert word.lower() not in tree, f"{word!r} in the cover's accessibility tree:\n{tree}"
        assert word.lower() not in said, f"{word!r} said on the cover: {said}"


@pytest.fixture
def fresh_contexts(new_context: Callable[..., BrowserContext]) -> Iterator[Callable[[], Page]]:
    """Fresh pages, each in its own context (own localStorage), their consoles checked."""
    consoles: list[ConsoleLog] = []

    def make() -> Page:
        page, console = boot(new_context())
        consoles.append(console)
        return page

    yield make
    for console in consoles:
        assert console.errors() == [], str(console)


def test_while_one_player_chooses_the_others_choices_are_not_on_the_page(
    fresh_contexts: Callable[[], Page],
) -> None:
    """The same game twice, but for seat 0's secret card: the cover and seat 1's choosing
    screen must be the same HTML (click tokens aside), and no cover names a card."""
    names = ["Alice", "Bob", "Cara"]
    seen: dict[str, tuple[str, str]] = {}
    for card in ("messenger", "trader"):
        page = fresh_contexts()
        start_game(page, 3, 4, 0, names, ["blue", "red", "yellow"])
        assert page.inner_text(".cover h2") == EN.t("app.pass_to", player=names[0])
        assert_no_card_on(page)
        page.click("#pass-cover")
        choose_card(page, EN.t(f"card.{card}"))

        # The cover for the next player: nobody's cards, chosen or not, are on it.
        page.locator("#pass-cover").wait_for()
        assert page.inner_text(".cover h2") == EN.t("app.pass_to", player=names[1])
        assert_no_card_on(page)
        # Told to a screen reader: that Alice has chosen, and whom to pass the device to.
        said = page.inner_text("#announce")
        assert f"{names[0]} has chosen" in said and names[1] in said
        cover_html = page.inner_html("#app") + page.locator("body").aria_snapshot() + said
        assert saved_record(page)["actions"] == [f"p0 select {card}"]

        page.click("#pass-cover")
        page.locator("#decision[data-stage='select']").wait_for()
        assert names[1] in page.inner_text("#decision .who")
        seen[card] = (normalised(cover_html), app_html(page))
        page.close()

    assert seen["messenger"][0] == seen["trader"][0]
    assert seen["messenger"][1] == seen["trader"][1]


# --- reload -------------------------------------------------------------------------------------


def in_round_resolution(page: Page) -> bool:
    return stage(page) in {"pay", "helper"}


def test_a_reload_in_the_middle_of_a_round_resumes_at_the_same_decision(
    page: Page, open_page: Callable[..., Page], console: ConsoleLog
) -> None:
    """At a payment or helper decision: reload, resume, and the page is the same HTML, the record
    the same actions, and the engine's replay at that stage."""
    open_page()
    start_game(page, 3, 31, 2, ["Ann", "Ben", "Cid"], ["red", "yellow", "green"])
    play(page, random.Random(31), in_round_resolution)
    before_stage = stage(page)
    before_actions = saved_record(page)["actions"]
    before_players = page.inner_text(".players")
    before_html = app_html(page)
    state, _ = records.replay(CASTLE, saved_record(page))
    current = castle.CASTLE.prompt(state, castle.CASTLE.asked(state)[0])
    assert state.phase != "select" and current is not None and current["stage"] == before_stage

    page.reload()  # the game on screen opens again by itself, where it was
    wait_until_ready(page, console)
    page.locator("#decision").wait_for()

    assert stage(page) == before_stage
    assert saved_record(page)["actions"] == before_actions
    assert page.inner_text(".players") == before_players
    assert app_html(page) == before_html
    assert console.errors() == [], str(console)


def test_a_reload_opens_the_game_where_it_was_with_its_notes_and_the_move_taken_back(
    page: Page, open_page: Callable[..., Page], console: ConsoleLog
) -> None:
    """A move taken back, then another: reloaded, the page opens that game by itself with the
    same "Just now" notes and the log's note of the takeback; back at the home screen, a reload
    shows the home screen."""
    open_page()
    start_game(page, 2, 31, 0, ["Ann", "Ben"], ["red", "green"])
    rnd = random.Random(31)
    play(page, rnd, lambda p: in_round_resolution(p) and p.locator("#undo").count() > 0)
    page.click("#undo")
    took_back = "took back"  # the log's note (app.took_back)
    # Not at the secret choice, where a reload shows the cover first (nobody is assumed).
    play(page, rnd, lambda p: p.locator("#decision .happened").count() > 0 and stage(p) != "select")
    notes = page.inner_text("#decision .happened")
    actions = saved_record(page)["actions"]
    before = app_html(page)
    assert took_back in page.inner_text("#log")

    page.reload()
    wait_until_ready(page, console)
    page.locator("#decision .happened").wait_for()
    assert page.inner_text("#decision .happened") == notes
    assert took_back in page.inner_text("#log")
    assert saved_record(page)["actions"] == actions
    assert app_html(page) == before

    page.click("#menu")
    page.reload()
    wait_until_ready(page, console)
    page.locator("#start-game").wait_for()
    page.locator("#resume").wait_for()
    assert console.errors() == [], str(console)


# --- forbidden options --------------------------------------------------------------------------


def test_forbidden_options_cannot_be_played_and_show_their_reason(
    page: Page, open_page: Callable[..., Page], console: ConsoleLog
) -> None:
    open_page()
    start_game(page, 3, 4, 0, ["Alice", "Bob", "Cara"], ["blue", "red", "yellow"])
    page.click("#pass-cover")
    master = f'#decision button:has-text("{EN.t("card.master_builder")}")'
    page.locator(master).wait_for()
    check_forbidden_click(page, master)

    # Later: a cart that cannot be taken now, and a building the player cannot erect; the
    # board offers the same options, forbidden for the same reasons.
    rnd = random.Random(4)
    for wanted, key in (("trader", "trader:"), ("erect", "building:")):
        panel = f"#decision[data-stage='{wanted}'] .options button[data-reason]"
        play(page, rnd, lambda p, panel=panel: p.locator(panel).count() > 0)
        check_forbidden_click(page, panel)
        board = f"#board button[data-key^='{key}'][data-reason]"
        check_forbidden_click(page, board)
        reasons = [
            page.locator(sel).evaluate_all("bs => bs.map(b => b.dataset.reason)")
            for sel in (panel, board)
        ]
        assert sorted(reasons[0]) == sorted(reasons[1])
    assert console.errors() == [], str(console)
