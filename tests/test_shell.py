"""The page's shell knows no game: it plays whatever the registry hands it through the seam.

A second game (Seasons) must be able to join the page without a change to web/shell; these
tests hold the shell to that by reading its imports, and play a game that is not Castle (the
tests' Goofspiel) through it, with its hot-seat covers and the generic panel only.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from goofspiel.page import GOOFSPIEL_PAGE

from tabletop import record as records
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

SHELL = Path(__file__).resolve().parent.parent / "web" / "shell"
#: Modules the shell may not import: games, their pages, and the registry of them.
GAME_MODULES = re.compile(r"^(castle|web\.castle_page|web\.games)(\.|$)")
ACT = re.compile(r'data-act="(k\d+)"')


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_the_shell_imports_nothing_of_any_game() -> None:
    modules = sorted(SHELL.glob("*.py"))
    assert len(modules) >= 6
    for path in modules:
        bad = [m for m in imports(path) if GAME_MODULES.match(m)]
        assert bad == [], f"{path.name} imports {bad}"


def test_a_second_game_plays_to_its_end_through_the_shell() -> None:
    store = MemoryStore()
    app = App(store, {"goofspiel": GOOFSPIEL_PAGE}, lang="en")
    render(app)
    app.form = {"players": "2", "seed": "4", "name0": "Ann", "name1": "Bo"}
    app.start()
    rnd = random.Random(4)
    covers = 0
    for _ in range(200):
        if app.game.terminal(app.state):
            break
        html = render(app)
        if 'id="pass-cover"' in html:
            covers += 1
            assert "data-action" not in html  # nothing of anyone's hand behind a cover
        tools = set(re.findall(r'data-act="(k\d+)" data-tool', html))  # not moves
        tokens = [t for t in ACT.findall(html) if t not in tools]
        app.click(rnd.choice(tokens), {})
    assert app.game.terminal(app.state)
    app.summary = None  # the last round's summary, read
    assert covers == 4  # two secret bids in each of the first two rounds (the last is forced)
    if 'id="reveal"' in render(app):  # the last answers were secret: a cover before the end
        app.reveal()
    assert 'id="winner"' in render(app)
    assert app.key is not None
    saved = records.loads(app.game, store.data[app.key])
    again, _ = records.replay(app.game, saved)
    assert app.game.to_json(again) == app.game.to_json(app.state)
