"""A round's summary, as a table reads it after each round: every point it shows is explained by
lines that add up to it (the last round's final scoring included), and it says which cards each
seat played and what they took.

Played through the real controller (web.shell.app.App) with random legal actions: the summary is
made where the page makes it, after each action.
"""

from __future__ import annotations

import random
import re

import pytest

from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore
from web.shell.story import Summary

#: Whole games through the controller, as test_web_app's (not again in Pyodide).
pytestmark = pytest.mark.long


def new_app(players: int, seed: int, winter: bool) -> App:
    app = App(MemoryStore(), GAMES, lang="en")
    app.form = {"players": str(players), "seed": str(seed), "start": "0"}
    if winter:
        app.form["variant"] = "winter"
    app.start()
    return app


def play(app: App, seed: int) -> list[Summary]:
    """Random legal moves to the end of the game; every round's summary, as it was shown."""
    rnd = random.Random(seed)
    shown = []
    while not app.game.terminal(app.state):
        seat = app.asked()[0]
        assert app.do(rnd.choice(app.game.legal_actions(app.state, seat)))
        if app.revealing:
            app.reveal()  # the cover after the last secret answer, passed
        if app.summary is not None:
            shown.append(app.summary)
            assert app.ui.scores(app.state) == list(app.summary.after)
            app.dismiss_summary()
    return shown


GAMES_PLAYED = [(2, 1, False), (3, 2, False), (4, 3, False), (2, 4, True), (3, 5, True)]


@pytest.mark.parametrize(("players", "seed", "winter"), GAMES_PLAYED)
def test_each_rounds_lines_add_up_to_each_seats_points(
    players: int, seed: int, winter: bool
) -> None:
    app = new_app(players, seed, winter)
    summaries = play(app, seed)
    assert [s.round for s in summaries] == list(range(1, app.state.rounds + 1))
    points = [0] * players
    for summary in summaries:
        assert list(summary.before) == points, summary.round
        for seat in range(players):
            lines = sum(line.points for line in summary.seats[seat].lines)
            assert lines == summary.after[seat] - summary.before[seat], (summary.round, seat)
        points = list(summary.after)
    # The last one is the final scoring's too: it ends at the engine's final scores.
    assert summaries[-1].final and not any(s.final for s in summaries[:-1])
    results = app.game.results(app.state)
    assert results is not None
    assert points == [r["score"] for r in sorted(results["seats"], key=lambda r: r["seat"])]


def test_the_summary_names_each_seats_cards_and_what_they_took() -> None:
    app = new_app(3, 2, False)
    rnd = random.Random(2)
    seen: dict[str, str] = {}
    while not app.game.terminal(app.state) and len(seen) < 4:
        seat = app.asked()[0]
        app.do(rnd.choice(app.game.legal_actions(app.state, seat)))
        if app.summary is None:
            continue
        html = render(app)
        for part in app.summary.seats:
            assert part.cards  # every seat played a card
        for line in app.summary.lines:
            for card, words in (
                ("bricklayer", "defense tower"),
                ("trader", "Trader sends a helper"),
                ("stonemason", "Stonemason buys"),
                ("points", "VP"),
            ):
                if words in line:
                    seen[card] = line
                    assert line.replace("'", "&#x27;") in html
        assert 'class="summary-seat c-' in html and 'class="summary-cards"' in html
        app.dismiss_summary()
    assert set(seen) >= {"bricklayer", "trader", "points"}, seen


def test_the_last_rounds_summary_has_the_final_scoring() -> None:
    app = new_app(2, 1, False)
    last = play(app, 1)[-1]
    app.summary = last
    html = render(app)
    assert f"Round {last.round} is over: the final scoring" in html
    scored = [line for seat in last.seats for line in seat.lines if "helper in the" in line.text]
    assert scored and all(line.points > 0 for line in scored)
    assert 'class="summary-points"' in html
    for seat, part in enumerate(last.seats):  # each seat's sum, beside its name
        if any(line.points for line in part.lines):
            gained = last.after[seat] - last.before[seat]
            assert f'<span class="summary-gained">+{gained} VP</span>' in html


@pytest.mark.parametrize("winter", [False, True])
def test_the_board_behind_a_summary_is_the_table_as_the_round_ended(winter: bool) -> None:
    """Not the next round's start: the round track still shows the cards the round played, the
    start player and the talers are the round's, and the board says so."""
    app = new_app(3, 7, winter)
    rnd = random.Random(7)
    while app.summary is None:
        seat = app.asked()[0]
        assert app.do(rnd.choice(app.game.legal_actions(app.state, seat)))
        if app.revealing:
            app.reveal()
    board = app.summary.board
    assert board is not None and app.summary.round == board.round == 1
    assert app.state.round == 2
    played = [card for p in board.players for card in p.revealed]
    assert len(played) == 3 and not any(p.revealed for p in app.state.players)
    assert board.start_player != app.state.start_player
    assert (
        board.players[app.state.start_player].talers
        < app.state.players[app.state.start_player].talers
    )  # the next round's income is not in it yet
    html = render(app)
    behind = html[html.index('summary-table"') : html.index('id="summary"')]
    assert 'id="round-track"' in behind
    assert "The board behind this is the table as round 1 ended." in html
    # The game itself is untouched: it goes on from the next round's start.
    app.dismiss_summary()
    assert app.state.round == 2 and app.asked()


def _step(html: str, id_: str) -> tuple[str | None, str | None]:
    """A history step's token (None if greyed) and the reason it gives when greyed."""
    found = re.search(rf'<button[^>]*id="{id_}"[^>]*>', html)
    assert found is not None, id_
    act = re.search(r'data-act="(k\d+)"', found.group(0))
    reason = re.search(r'data-reason="([^"]*)"', found.group(0))
    return (act.group(1) if act else None), (reason.group(1) if reason else None)


def test_a_finished_game_says_it_is_over_and_a_greyed_step_says_why() -> None:
    app = new_app(2, 1, False)
    play(app, 1)
    count = len(app.record["actions"])
    html = render(app)
    # At the end: the game is over, not "after move 96 of 96".
    assert f"Game over — the final scores, after {count} moves." in html
    assert "Looking back" not in html
    assert _step(html, "to-end") == (None, "This is the end of the game.")
    assert _step(html, "step-on") == (None, "This is the end of the game.")
    token, _ = _step(html, "step-back")
    assert token is not None
    app.click(token, {})
    html = render(app)
    assert f"Looking back at a finished game: after move {count - 1} of {count} — " in html
    assert "End ▶▶ for the final scores" in html and "go back to the game" not in html
    token, _ = _step(html, "to-start")
    assert token is not None
    app.click(token, {})
    html = render(app)
    assert _step(html, "to-start") == (None, "This is the start of the game.")
    assert _step(html, "step-back") == (None, "This is the start of the game.")
