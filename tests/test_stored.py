"""Everything in storage stays within the player's reach (issue 21): a newer build's settings
and `.about` entries are read for what this build knows and written back with what it does not,
every key under the games' prefix is listed (a stray one as "not a game", to be deleted), and
the pointer to the game opened last never names a game that is gone."""

from __future__ import annotations

import itertools
import json
import re
from html import unescape

from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.settings import LAST, TABLE
from web.shell.storage import MemoryStore, read_about, stray_keys

HOSTILE = "castle.game.<img src=x.png onerror=alert(1)>"


#: A clock that moves on at every look: games saved one after the other are never saved at the
#: same second (Pyodide's clock is coarse enough for that).
TICKS = itertools.count(1_800_000_000)


def page(store: MemoryStore) -> App:
    return App(store, GAMES, lang="en", clock=lambda: float(next(TICKS)))


def started(store: MemoryStore, seed: int = 3, **form: str) -> App:
    """A page with a new 2-player game of people open (and saved)."""
    app = page(store)
    app.form = {"players": "2", "seed": str(seed), "name0": "Ann", "name1": "Bo", **form}
    app.start()
    assert app.key is not None
    return app


def rows(html: str) -> list[str]:
    """The saved games' list as text, a row each."""
    found = re.findall(r'<li class="saved[^"]*".*?</li>', html, re.S)
    return [unescape(re.sub(r"<[^>]+>", " ", row)) for row in found]


def click(app: App, words: str, row_key: str | None = None) -> None:
    """Click the button with these words (in the row of `row_key`, if given)."""
    html = render(app)
    if row_key is not None:
        start = html.index(f'data-key="{row_key.replace("<", "&lt;").replace(">", "&gt;")}"')
        html = html[start : html.index("</li>", start)]
    token = re.search(rf'data-act="(k\d+)"[^>]*>{re.escape(words)}<', html)
    assert token is not None, words
    app.click(token.group(1), {})


def test_a_newer_builds_key_in_an_about_keeps_the_games_title() -> None:
    """'Sunday game' became '' when a newer build had added a key to the game's `.about`."""
    store = MemoryStore()
    app = started(store)
    key = app.key
    assert key is not None and app.about is not None
    app.saves.rename(key, app.about, "Sunday game")
    about = json.loads(store.data[f"{key}.about"])
    store.data[f"{key}.about"] = json.dumps({**about, "mood": {"weather": "rain"}})
    later = page(store)
    entry = later.listed_entry(key)
    assert entry is not None and entry["about"] is not None
    assert entry["about"]["title"] == "Sunday game"
    assert "Sunday game" in rows(render(later))[0]


def test_a_newer_builds_key_in_an_about_is_written_back_at_every_save_and_rename() -> None:
    store = MemoryStore()
    key = started(store).key
    assert key is not None
    about = json.loads(store.data[f"{key}.about"])
    store.data[f"{key}.about"] = json.dumps({**about, "title": "Sunday game", "mood": [1, 2]})
    later = page(store)
    later.open_saved(key)
    assert later.state is not None
    assert later.do(later.game.legal_actions(later.state, later.asked()[0])[0])
    saved = read_about(store, key)
    assert saved is not None and saved["moves"] == 1
    assert saved["title"] == "Sunday game" and saved.get("mood") == [1, 2]
    later.home()
    later.form = {"title": "Monday game"}
    later.rename_saved(key)
    saved = read_about(store, key)
    assert saved is not None and saved["title"] == "Monday game" and saved.get("mood") == [1, 2]


def test_a_newer_builds_keys_in_the_new_game_form_are_kept() -> None:
    store = MemoryStore()
    kept = {"name0": "Ann", "seating": {"round": True}, "name1": 7}
    store.data[f"castle.{TABLE}"] = json.dumps(kept)
    app = page(store)
    assert app.form["name0"] == "Ann" and "seating" not in app.form and "name1" not in app.form
    app.form = {"players": "2", "seed": "4", "name0": "Cy", "name1": "Di"}
    app.start()
    table = json.loads(store.data[f"castle.{TABLE}"])
    assert table["seating"] == {"round": True}
    assert table["name0"] == "Cy" and table["name1"] == "Di"


def test_every_key_under_the_games_prefix_is_listed_strays_as_not_a_game() -> None:
    store = MemoryStore()
    key = started(store).key
    assert key is not None
    strays = {
        HOSTILE: "hello",
        "castle.game.gone.about": "{}",  # an About whose game is gone
        f"{key}.extra": "1",  # beside a game, but no sidecar of it
        "castle.game.": "",  # a game's key with no id: listed as a save that cannot be read
    }
    store.data |= strays
    expected = sorted([HOSTILE, "castle.game.gone.about", f"{key}.extra"])
    assert stray_keys(store, "castle") == expected
    app = page(store)
    html = render(app)
    listed = rows(html)
    assert len(listed) == 5
    assert sum("Not a game" in row for row in listed) == 3
    assert any(HOSTILE in row and "it can only be deleted" in row for row in listed)
    assert "<img" not in html  # a hostile name stays text
    assert f"{key}.rev" not in html and f"{key}.about" not in html  # a game's own, not strays
    stray_row = next(row for row in listed if HOSTILE in row)
    assert "Resume" not in stray_row and "Download" not in stray_row and "Rename" not in stray_row


def test_a_stray_is_deleted_from_the_list_alone() -> None:
    store = MemoryStore()
    store.data |= {HOSTILE: "x", f"{HOSTILE}.about": "y", "castle.game.gone.notes": "z"}
    app = page(store)
    click(app, "Delete", HOSTILE)
    assert "Delete this entry for good?" in render(app)
    click(app, "Delete", HOSTILE)
    assert app.notice == "The entry was deleted."
    # Only the key itself: a stray named like another's sidecar is an entry of its own.
    assert set(store.data) == {f"{HOSTILE}.about", "castle.game.gone.notes"}
    assert len(rows(render(app))) == 2
    click(app, "Delete", "castle.game.gone.notes")
    click(app, "Delete", "castle.game.gone.notes")
    click(app, "Delete", f"{HOSTILE}.about")
    click(app, "Delete", f"{HOSTILE}.about")
    assert store.data == {} and 'class="resume"' not in render(app)


def test_strays_are_left_out_of_a_backup() -> None:
    store = MemoryStore()
    started(store)
    store.data[HOSTILE] = '{"format": "castle-game-record"}'
    app = page(store)
    app.export_all()
    assert app.download is not None
    backup = json.loads(app.download[1])
    assert len(backup["games"]) == 1 and HOSTILE not in app.download[1]


def test_the_last_game_pointer_naming_a_gone_game_moves_to_a_remaining_one() -> None:
    store = MemoryStore()
    first = started(store, 1).key
    second = started(store, 2).key
    assert first is not None and second is not None
    store.data[f"castle.{LAST}"] = "castle.game.gone"
    app = page(store)
    assert store.data[f"castle.{LAST}"] == second  # the one offered first now
    featured = app.featured()
    assert featured is not None and featured["key"] == second


def test_the_last_game_pointer_follows_a_deletion_and_is_cleared_with_the_last_game() -> None:
    store = MemoryStore()
    first = started(store, 1).key
    app = started(store, 2)
    second = app.key
    assert first is not None and second is not None
    app.home()
    app.delete_saved(second)
    assert store.data[f"castle.{LAST}"] == first
    app.delete_saved(first)
    assert store.data[f"castle.{LAST}"] == ""
    assert app.featured() is None and 'id="resume"' not in render(app)


def test_the_last_game_pointer_is_kept_for_an_open_game_not_saved_yet() -> None:
    """A first save refused by a full storage: the open game stays the one opened last."""
    store = MemoryStore()
    app = started(store)
    key = app.key
    assert key is not None
    del store.data[key]
    app.list_games()
    assert store.data[f"castle.{LAST}"] == key


def test_a_key_a_newer_builds_tab_adds_while_this_one_plays_is_kept() -> None:
    """Two tabs of two builds on one game: what the newer one adds to the game's entry after
    this tab opened it survives this tab's next save."""
    store = MemoryStore()
    app = started(store)
    key = app.key
    assert key is not None and app.state is not None
    about = json.loads(store.data[f"{key}.about"])
    store.data[f"{key}.about"] = json.dumps({**about, "mood": "sunny"})
    assert app.do(app.game.legal_actions(app.state, app.asked()[0])[0])
    saved = read_about(store, key)
    assert saved is not None and saved["moves"] == 1 and saved.get("mood") == "sunny"
