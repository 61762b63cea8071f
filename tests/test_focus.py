"""Where the focus goes after a redraw and what a screen reader hears (web/shell/focus.py): the
rules web/main.py follows in the browser, here without one."""

from __future__ import annotations

from web.games import GAMES
from web.shell.app import App
from web.shell.focus import SAID, Attention, moment
from web.shell.storage import MemoryStore


def test_a_new_moment_takes_the_focus_to_the_decision_once() -> None:
    attention = Attention()
    assert attention.after_redraw("home:-1", False, False) == "decision"
    assert attention.after_redraw("home:-1", False, False) == "stay"
    assert attention.after_redraw("game:0", False, False) == "decision"


def test_while_a_computer_decides_the_focus_stays_and_its_move_is_the_next_moment() -> None:
    attention = Attention()
    attention.after_redraw("game:0", False, False)
    assert attention.after_redraw("game:1", False, True) == "stay"
    assert attention.after_redraw("game:2", False, False) == "decision"


def test_the_help_takes_the_focus_and_gives_it_back_where_it_was() -> None:
    attention = Attention()
    attention.after_redraw("game:0", False, False)
    assert attention.after_redraw("game:0", True, False) == "help"
    assert attention.after_redraw("game:0", True, False) == "stay"
    assert attention.after_redraw("game:0", False, False) == "back"
    assert attention.after_redraw("game:0", False, False) == "stay"


def test_a_moment_that_changed_under_the_help_is_taken_up_once_it_closes() -> None:
    attention = Attention()
    attention.after_redraw("game:0", False, False)
    attention.after_redraw("game:0", True, False)
    assert attention.after_redraw("game:1", True, False) == "stay"
    assert attention.after_redraw("game:1", False, False) == "decision"


def test_a_screen_reader_hears_only_the_new_sentences_of_the_same_game() -> None:
    attention = Attention()
    assert attention.news("castle.game.a", ["one", "two"]) == []  # all on screen already
    assert attention.news("castle.game.a", ["one", "two", "three"]) == ["three"]
    assert attention.news("castle.game.a", ["one", "two", "three"]) == []
    assert attention.news("castle.game.b", ["one", "two", "three", "four"]) == []
    many = [str(n) for n in range(4 + 20)]
    assert attention.news("castle.game.b", many) == many[-SAID:]


def test_the_moment_names_the_screen_the_actions_the_viewer_and_the_covers() -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    assert moment(app) == "home:-1:None:False:False"
    app.form = {"players": "2", "seed": "5"}
    app.start()
    assert moment(app) == "game:0:None:False:False"
    app.viewer = 1
    assert moment(app) == "game:0:1:False:False"
