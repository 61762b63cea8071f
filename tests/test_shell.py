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


def test_the_shell_names_no_game_in_its_code_or_its_words() -> None:
    """Its settings' prefix comes from the registry (web/games.py SITE), its title from each
    game's catalogs; "castle" appears in its docstrings only, as the example."""
    for path in sorted(SHELL.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        words = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ]
        assert not [w for w in words if "castle" in w.lower()], path.name
    for path in sorted((SHELL / "i18n").rglob("*.json")):
        text = path.read_text()
        assert "Castle" not in text and "四季" not in text, path


def test_the_site_keeps_its_settings_under_the_registrys_name() -> None:
    store = MemoryStore()
    app = App(store, {"goofspiel": GOOFSPIEL_PAGE}, lang="en", site="tables")
    app.set_language("zh")
    app.form = {"players": "2", "seed": "4", "pace": "2"}
    app.start()
    assert {"tables.lang", "tables.pace", "tables.table", "tables.last"} <= set(store.data)
    assert App(store, {"goofspiel": GOOFSPIEL_PAGE}, site="tables").lang == "zh"
    assert App(store, {"goofspiel": GOOFSPIEL_PAGE}, lang="en").t("app.title") == "Goofspiel"


def test_a_players_settings_and_games_from_before_survive_the_update() -> None:
    """What an earlier build left in storage, key for key, is read as it was: the language,
    the pace, the last new-game form, the game opened last and the game itself."""
    from web.games import GAMES, SITE

    store = MemoryStore()
    earlier = App(store, GAMES, lang="en", site=SITE)
    earlier.form = {"players": "2", "seed": "9", "name0": "Ann", "name1": "Bo", "pace": "2"}
    earlier.start()
    store.data |= {"castle.lang": "zh", "castle.pace": "0.5"}
    assert {"castle.lang", "castle.pace", "castle.table", "castle.last"} <= set(store.data)
    assert earlier.key is not None and earlier.key.startswith("castle.game.")
    assert store.data["castle.last"] == earlier.key
    later = App(store, GAMES, site=SITE)
    assert later.lang == "zh"
    assert later.bots.pace == 0.5
    assert later.form["name0"] == "Ann"
    featured = later.featured()
    assert featured is not None and featured["key"] == earlier.key
    later.resume()
    assert later.record == earlier.record and later.names == ["Ann", "Bo"]


def test_the_decision_asked_is_worked_out_once_per_moment() -> None:
    from web.shell.asked import Decision, answers_in

    game = GOOFSPIEL_PAGE.game
    calls: list[str] = []

    class Counting:
        def asked(self, state: object) -> list[int]:
            calls.append("asked")
            return game.asked(state)

        def prompt(self, state: object, seat: int) -> object:
            calls.append("prompt")
            return game.prompt(state, seat)

    decision = Decision(Counting())  # type: ignore[arg-type]
    state, _ = game.start({"players": 2, "seed": 4})
    seats = game.asked(state)
    for _ in range(3):
        assert decision.asked(state, 0) == seats
        assert decision.says(state, 0, "secret") == answers_in(game, state, "secret")
    assert calls == ["asked", "prompt"]
    game.apply(state, game.legal_actions(state, seats[0])[0])
    decision.asked(state, 1)  # the same state object, one more action: another moment
    assert calls == ["asked", "prompt", "asked"]
