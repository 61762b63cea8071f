"""Moves that are not in storage are never dropped in silence: a save that failed is tried again
when space may have been freed (with no new move to trigger it: a finished game has none), the
page knows while anything is unsaved (web/boot.js then asks before a reload or leaving), and a
game deleted in another tab is said as such, with its file offered, rather than taken for one
played on there.

The controller is played as in tests/test_web_app.py, with a storage that refuses writes until
told otherwise (`FullStore`), and a second App on the same storage as the other tab.
"""

from __future__ import annotations

import random
import re

import pytest
from test_web_app import FullStore, click_randomly, tokens

from castle import CASTLE
from tabletop import record as records
from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

pytestmark = [pytest.mark.as_played, pytest.mark.long]


def _token(html: str, id_: str) -> str:
    """The click token of the element with this id."""
    found = re.search(rf'<[^>]*data-act="(k\d+)"[^>]*id="{id_}"', html) or re.search(
        rf'<[^>]*id="{id_}"[^>]*data-act="(k\d+)"', html
    )
    assert found is not None, id_
    return found.group(1)


def _playing(store: MemoryStore, seed: int = 4, moves: int = 6) -> tuple[App, random.Random]:
    """A 2-player game of the page on `store`, some moves in."""
    app = App(store, GAMES, lang="en")
    render(app)
    app.form = {"players": "2", "seed": str(seed), "start": "0", "pace": "0"}
    app.start()
    rnd = random.Random(seed)
    assert app.record is not None
    while len(app.record["actions"]) < moves:
        app.click(rnd.choice(tokens(render(app))), {})
    return app, rnd


def _stored_actions(store: MemoryStore, key: str | None) -> list[str]:
    assert key is not None and key in store.data
    return records.loads(CASTLE, store.data[key])["actions"]


def test_the_page_knows_the_game_is_unsaved_only_while_the_storage_refuses_it() -> None:
    store = FullStore()
    store.full = False
    app, rnd = _playing(store)
    assert not app.unsaved()
    store.full = True
    assert app.record is not None
    moves = len(app.record["actions"])
    while len(app.record["actions"]) == moves:
        app.click(rnd.choice(tokens(render(app))), {})
    assert app.unsaved() and app.save_problem is not None
    app.home()  # still held in memory on the home screen: still unsaved
    assert app.unsaved()
    store.full = False
    assert app.save_again() is True
    assert not app.unsaved()
    assert _stored_actions(store, app.key) == app.record["actions"]


def test_a_save_that_failed_is_tried_again_once_space_is_freed_without_a_new_move() -> None:
    store = FullStore()
    app, _ = _playing(store)  # every save refused from the start
    assert app.record is not None and app.key not in store.data
    assert app.save_again() is False  # still full: nothing changed, the warning stays
    assert 'id="save-problem"' in render(app)
    store.full = False  # another tab deleted a game, say
    assert app.save_again() is True
    assert _stored_actions(store, app.key) == app.record["actions"]
    assert 'id="save-problem"' not in render(app)
    assert app.save_again() is False  # nothing more to save


def test_a_finished_games_last_moves_are_saved_once_space_is_freed() -> None:
    store = FullStore()
    store.full = False
    app, rnd = _playing(store, seed=6, moves=4)
    store.full = True
    click_randomly(app, rnd)  # to the end, and its last summary read: no save succeeds
    assert app.state is not None and CASTLE.terminal(app.state)
    assert app.record is not None and app.unsaved()
    assert len(_stored_actions(store, app.key)) < len(app.record["actions"])
    store.full = False
    assert app.save_again() is True
    assert _stored_actions(store, app.key) == app.record["actions"]


def test_any_click_tries_a_failed_save_again() -> None:
    store = FullStore()
    app, _ = _playing(store)
    store.full = False
    app.click(_token(render(app), "menu"), {})  # no move played: going home
    assert app.record is not None and not app.unsaved()
    assert _stored_actions(store, app.key) == app.record["actions"]


def test_a_game_deleted_in_another_tab_is_said_as_such_and_offered_as_a_file() -> None:
    store = MemoryStore()
    app, rnd = _playing(store)
    key = app.key
    assert app.record is not None and key is not None
    held = list(app.record["actions"])
    other = App(store, GAMES, lang="en")  # the other tab deletes it
    other.delete_saved(key)
    assert key not in store.data
    assert app.check_behind() and app.deleted_elsewhere and app.unsaved()
    html = render(app)
    assert "deleted in another tab" in html and "played on in another tab" not in html
    assert 'id="load-latest"' not in html  # there is nothing to load
    # It plays nothing more (a move would only write the deleted game back unasked).
    for _ in range(5):
        app.click(rnd.choice(tokens(html)), {})
        html = render(app)
    assert app.record["actions"] == held and key not in store.data
    app.click(_token(html, "export-deleted"), {})
    assert app.download is not None
    name, text = app.download
    assert name.endswith(".json") and records.loads(CASTLE, text)["actions"] == held


def test_a_game_deleted_elsewhere_is_kept_here_when_the_player_says_so() -> None:
    store = MemoryStore()
    app, rnd = _playing(store)
    key = app.key
    assert app.record is not None and key is not None
    App(store, GAMES, lang="en").delete_saved(key)
    assert app.check_behind()  # the page asks on the storage event
    app.click(_token(render(app), "keep-deleted"), {})
    assert not app.deleted_elsewhere and not app.behind and not app.unsaved()
    assert _stored_actions(store, key) == app.record["actions"]
    moves = len(app.record["actions"])
    while len(app.record["actions"]) == moves:  # and it plays on, saved as before
        app.click(rnd.choice(tokens(render(app))), {})
    assert _stored_actions(store, key) == app.record["actions"]


def test_a_game_deleted_elsewhere_is_let_go_only_when_the_player_says_so() -> None:
    store = MemoryStore()
    app, _ = _playing(store)
    key = app.key
    assert key is not None
    other = App(store, GAMES, lang="en")
    other.form = {"players": "3", "seed": "2", "start": "0"}
    other.start()  # a game of its own, then the first one deleted
    other.delete_saved(key)
    assert app.check_behind()
    app.home()
    assert "deleted in another tab" in render(app)  # said on the home screen too
    app.open_saved(str(other.key))  # another game may not take its place unasked
    assert app.key == key and "keep it here or let it go" in render(app)
    app.click(_token(render(app), "let-go"), {})
    assert app.record is None and app.screen == "home" and not app.unsaved()
    app.open_saved(str(other.key))
    assert app.key == other.key


def test_the_deletion_words_are_chinese_too() -> None:
    store = MemoryStore()
    app, _ = _playing(store)
    assert app.key is not None
    App(store, GAMES, lang="en").delete_saved(app.key)
    app.set_language("zh")
    app.check_behind()
    html = render(app)
    assert "另一个标签页或窗口中删除" in html and "留在本浏览器" in html and "放弃此对局" in html


def test_a_browser_that_keeps_nothing_says_so_and_asks_before_the_page_closes() -> None:
    """Storage turned off (or a private window that allows none): the page plays in memory, and
    every open game is unsaved, said on its screen with its file offered; starting another game
    loses nothing (both are in the page's memory)."""
    app, _ = _playing(MemoryStore(lasting=False))
    assert app.unsaved() and app.save_problem is None
    html = render(app)
    assert "This browser lets the page keep nothing" in html
    assert 'id="export"' in html
    first = app.key
    app.home()
    app.form = {"players": "2", "seed": "5", "name0": "Cy", "name1": "Di"}
    app.start()
    assert app.key != first and app.record is not None and app.unsaved()
    assert not App(MemoryStore(), GAMES, lang="en").unsaved()
