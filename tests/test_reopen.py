"""A reload opens the game that was on screen, where it was, with what the page showed beside
it: the "Just now" notes, the log's note of a move taken back, a round's summary not yet read.
After going back to the home screen, a reload shows the home screen.

A reload is a new controller (web.shell.app.App) on the same storage, as web/main.py makes one,
then `reopen`.
"""

from __future__ import annotations

import random

from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore


def new_app(store: MemoryStore, seed: int = 3, **form: str) -> App:
    app = App(store, GAMES, lang="en")
    app.form = {"players": "2", "seed": str(seed), "start": "0", **form}
    app.start()
    return app


def reload(store: MemoryStore) -> App:
    app = App(store, GAMES, lang="en")
    app.reopen()
    return app


def play(app: App, rnd: random.Random, moves: int) -> None:
    for _ in range(moves):
        seat = app.asked()[0]
        assert app.do(rnd.choice(app.game.legal_actions(app.state, seat)))
        if app.summary is not None:
            app.dismiss_summary()


def test_a_reload_opens_the_game_on_screen_with_its_notes_and_takeback() -> None:
    store = MemoryStore()
    app = new_app(store, kind1="easy")  # one person: no cover between the moves
    rnd = random.Random(3)
    play(app, rnd, 6)
    while not app.can_undo():
        play(app, rnd, 1)
    app.undo()
    play(app, rnd, 2)
    logged = [text for _, text, _ in app.log_lines()]
    assert app.happened and any("took back" in text for text in logged)
    again = reload(store)
    assert again.screen == "game" and again.key == app.key
    assert again.record == app.record
    assert again.game.to_json(again.state) == app.game.to_json(app.state)
    assert again.happened == app.happened
    assert again.log_lines() == app.log_lines()
    assert again.history.undoing == app.history.undoing
    html = render(again)
    assert "Just now:" in html and "took back" in html


def test_after_going_home_a_reload_shows_the_home_screen() -> None:
    store = MemoryStore()
    app = new_app(store)
    play(app, random.Random(4), 3)
    app.home()
    again = reload(store)
    assert again.screen == "home" and again.record is None
    again.resume()  # and the game is still offered first
    assert again.key == app.key and again.record == app.record


def test_a_round_summary_not_yet_read_is_shown_again_after_a_reload() -> None:
    store = MemoryStore()
    app = new_app(store)
    rnd = random.Random(5)
    while app.summary is None:
        seat = app.asked()[0]
        app.do(rnd.choice(app.game.legal_actions(app.state, seat)))
    again = reload(store)
    assert again.summary == app.summary
    assert again.summary is not None and again.summary.board is not None
    assert again.summary.board.round == 1  # the table as the round ended, replayed
    assert 'id="summary"' in render(again)
    again.dismiss_summary()
    assert reload(store).summary is None


def test_notes_that_do_not_fit_the_game_are_dropped() -> None:
    store = MemoryStore()
    app = new_app(store)
    play(app, random.Random(6), 4)
    assert app.key is not None
    for bad in ("{not json", '{"happened": 10000}', "[]", '{"happened": -1, "takebacks": []}'):
        store.set(f"{app.key}.notes", bad)
        again = reload(store)
        assert again.key == app.key and again.happened == []
    store.remove(f"{app.key}.notes")
    assert reload(store).record == app.record
