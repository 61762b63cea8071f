"""Computer players in the page's controller: alone against computers (no cover, ever), people
and computers together (covers only between people), undo never taking back a computer's move,
seats handed over mid-game and kept in the save, stale answers ignored. The browser's part (the
pace, the worker) is in e2e/test_computers.py.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from goofspiel.page import GOOFSPIEL_PAGE
from test_web_app import _click, tokens

from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

pytestmark = [pytest.mark.as_played, pytest.mark.long]


#: The cards' names as the page shows them.
CARD_NAMES = {
    "messenger": "Messenger",
    "trader": "Trader",
    "bricklayer": "Bricklayer",
    "stonemason": "Stonemason",
    "master_builder": "Master Builder",
    "worker_a": "Worker A",
    "worker_b": "Worker B",
    "worker_c": "Worker C",
}


def new_app(kinds: list[str], seed: int = 3, store: MemoryStore | None = None) -> App:
    app = App(store or MemoryStore(), GAMES, lang="en")
    render(app)
    app.form = {"players": str(len(kinds)), "seed": str(seed), "start": "0", "pace": "0"}
    app.form |= {f"kind{seat}": kind for seat, kind in enumerate(kinds)}
    app.start()
    return app


def computer_moves(app: App) -> int:
    """Let the computers play until a person must decide (what web/main.py does, at once)."""
    played = 0
    while (seat := app.computer_asked()) is not None:
        assert app.record is not None
        moves = len(app.record["actions"])
        assert app.computer_play(seat, app.computer_choice(seat), moves)
        played += 1
    return played


def play_out(app: App, rnd: random.Random, covers: list[int]) -> None:
    """The whole game: computers play, the people click at random; notes every cover's seat."""
    for _ in range(5000):
        computer_moves(app)
        assert app.state is not None
        if app.game.terminal(app.state):
            return
        html = render(app)
        if 'id="pass-cover"' in html:
            covers.append(int(html.split('data-seat="', 1)[1].split('"', 1)[0]))
        assert 'id="reveal"' not in html or len(app.people()) > 1
        app.click(rnd.choice(tokens(html)), {})
    raise AssertionError("the game did not end")


def test_alone_against_three_computers_no_cover_is_ever_shown() -> None:
    app = new_app(["person", "medium", "easy", "hard"])
    app.bots.think_seconds = 0.005  # the hard level's time per decision: a tiny search here
    assert app.record is not None
    assert app.record["setup"]["computers"] == [None, "medium", "easy", "hard"]
    assert app.names[1:] == ["Computer 2 (medium)", "Computer 3 (easy)", "Computer 4 (hard)"]
    covers: list[int] = []
    play_out(app, random.Random(3), covers)
    assert covers == []
    assert app.store.get("castle.pace") == "0"


def test_with_two_people_the_covers_are_for_people_only() -> None:
    app = new_app(["person", "medium", "person"], seed=5)
    covers: list[int] = []
    play_out(app, random.Random(5), covers)
    assert covers and set(covers) <= {0, 2}


def test_at_a_secret_choice_the_person_chooses_while_the_computer_thinks() -> None:
    """A card choice is where a computer thinks longest (castle.bots.strategy): the person
    chooses meanwhile, and the computer's answer, hidden, comes in whenever it is ready. It
    leaves the person's cards picked so far as they were, and nothing of it is on the page."""
    app = new_app(["person", "medium"], seed=2)
    assert app.record is not None
    assert app.computer_asked() == 1 and app.computer_waited_for() is None
    moves = len(app.record["actions"])
    answer = app.computer_choice(1)
    html = render(app)
    assert "data-thinking" not in html and 'id="pass-cover"' not in html
    card = app.game.action_text(answer).split()[2]  # one of the computer's, also in hand
    _click(app, CARD_NAMES[card])
    assert app.picked == [card]
    assert app.computer_play(1, answer, moves, app.record)
    assert app.picked == [card] and app.viewer == 0
    html = render(app)
    assert "data-thinking" not in html and 'id="pass-cover"' not in html
    assert app.computer_asked() is None and app.asked() == [0]


def test_a_computers_hidden_answer_stands_after_the_persons() -> None:
    """The person may answer first: the computer's answer, computed from what it saw before,
    still stands (the person's is hidden from it); then the table waits for it alone."""
    app = new_app(["person", "medium"], seed=2)
    assert app.record is not None
    moves = len(app.record["actions"])
    answer = app.computer_choice(1)
    person = next(a for a in app.game.legal_actions(app.state, 0))
    assert app.do(person)
    assert app.computer_waited_for() == 1
    assert 'data-thinking="1"' in render(app)
    assert not app.computer_play(1, answer, moves, {"actions": []})  # another game
    assert app.computer_play(1, answer, moves, app.record)
    assert app.computer_asked() is None and app.revealing is False


def test_undo_never_takes_back_a_computers_move() -> None:
    app = new_app(["person", "medium"], seed=4)
    rnd = random.Random(4)
    for _ in range(400):
        computer_moves(app)
        assert app.record is not None and app.state is not None
        if app.record["actions"]:
            last = app.record["actions"][-1]
            if last.startswith("p1 "):
                assert not app.can_undo()
            elif not app.history.last_secret:
                assert app.can_undo()
                return
        app.click(rnd.choice(tokens(render(app))), {})
    raise AssertionError("no public move of the person's was found")


def test_a_seat_is_handed_over_and_taken_back_and_the_save_keeps_it() -> None:
    store = MemoryStore()
    app = new_app(["person", "person"], seed=6, store=store)
    assert app.computer_asked() is None
    app.hand_over(1, "easy")
    assert app.computer_asked() == 1
    computer_moves(app)
    app.hand_over(1, None)
    assert app.computers == [None, None]
    app.hand_over(0, "medium")
    reopened = App(store, GAMES, lang="en")
    render(reopened)
    reopened.resume()
    assert reopened.computers == ["medium", None]
    assert reopened.computer_asked() in (0, None)


def test_an_answer_for_another_moment_is_not_played() -> None:
    app = new_app(["person", "medium"], seed=7)
    seat = app.computer_asked()
    assert seat == 1 and app.record is not None
    action = app.computer_choice(seat)
    moves = len(app.record["actions"])
    assert not app.computer_play(seat, action, moves + 1)  # the game moved on meanwhile
    app.screen = "home"
    assert not app.computer_play(seat, action, moves)  # the player left the game screen
    app.screen = "game"
    assert app.computer_play(seat, action, moves)


def test_a_second_game_has_computer_players_through_the_same_shell() -> None:
    app = App(MemoryStore(), {"goofspiel": GOOFSPIEL_PAGE}, lang="en")
    render(app)
    app.form = {"players": "2", "seed": "9", "kind1": "hard"}
    app.start()
    covers: list[int] = []
    play_out(app, random.Random(9), covers)
    assert covers == []
    assert app.game.results(app.state) is not None


def test_a_hint_names_the_suggested_move_and_its_chance() -> None:
    app = new_app(["person", "person"], seed=8)
    app.pass_cover(0)
    html = render(app)
    assert 'id="hint"' in html and 'id="hint-text"' not in html
    assert app.record is not None
    before = list(app.record["actions"])
    app.hint(0)
    html = render(app)
    assert "The computer suggests: Choose " in html
    assert "chance of winning" in html or "you are" in html
    assert app.record["actions"] == before  # a hint plays nothing
    app.click(tokens(html)[0], {})  # an action (or a picked card) forgets the hint
    if app.record["actions"] != before:
        assert 'id="hint-text"' not in render(app)


def test_a_building_hint_names_its_whole_payment() -> None:
    app = new_app(["person", "person"], seed=8)
    s = app.state
    s.players[0].pieces.update(sand=3, wood=2, clay=1, stone=0, silver=0)
    for line in ("p0 select messenger stonemason", "p1 select messenger worker_a"):
        app.game.apply(s, app.game.parse_action(line))
    while app.asked() != [0] or app.game.prompt(s, 0)["stage"] != "erect":  # type: ignore[index]
        seat = app.asked()[0]
        app.game.apply(s, app.game.legal_actions(s, seat)[-1])
    app.hint(0)
    text = app.local["hint"]
    assert text.startswith("The computer suggests: Erect "), text
    assert "sand" in text


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a subprocess")
def test_the_worker_answers_as_the_page_would_and_loads_no_page() -> None:
    app = new_app(["person", "hard", "person"])
    app.bots.think_seconds = None
    request = app.computer_request(1)
    request["level"] = "medium"  # a level that answers the same for the same seed, quickly
    worker = subprocess.run(
        [sys.executable, "-c", WORKER, json.dumps(request)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    action, modules = worker.stdout.splitlines()
    page_bot = GAMES["castle"].bot("medium", request["seed"], None)
    answer = json.loads(action)
    assert answer == {"action": page_bot.choose(request["view"], 1), "iterations": None}
    assert json.loads(modules) == [
        "web",
        "web.bot_worker",
        "web.bots",
    ]


ROOT = Path(__file__).resolve().parent.parent
#: The worker's module in a Python of its own: its answer to a request, and the page's
#: modules it loaded.
WORKER = """
import json, sys
from web import bot_worker
print(bot_worker.choose(sys.argv[1]))
print(json.dumps(sorted(m for m in sys.modules if m == "web" or m.startswith("web."))))
"""
