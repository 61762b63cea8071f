"""The history bar names the move that led to the moment shown, worded as the hints and the
undo note word it (`GameUI.action_text`), in English and Chinese; a secret choice not yet
revealed at the present moment of the game names only who chose; the end of a finished game
is worded as the end, not as a moment past."""

from __future__ import annotations

import random
import re

from castle import CASTLE
from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

NAMES = {"name0": "Ann", "name1": "Ben", "name2": "Cy"}


def new_app() -> App:
    app = App(MemoryStore(), GAMES, lang="en")
    render(app)
    app.form = {"players": "3", "seed": "4", "start": "0", **NAMES}
    app.start()
    return app


def bar(app: App) -> str:
    found = re.search(r'<section id="history"><p role="status">(.*?)</p>', render(app))
    assert found is not None, "no history bar"
    return found.group(1)


def both(app: App, moment: int) -> tuple[str, str]:
    """The bar at `moment`, in English and in Chinese (back at the present after)."""
    app.look(moment)
    english = bar(app)
    app.set_language("zh")
    chinese = bar(app)
    app.set_language("en")
    app.present()
    return english, chinese


def play_one(app: App, rnd: random.Random) -> None:
    assert app.state is not None
    seat = app.asked()[0]
    legal = CASTLE.legal_actions(app.state, seat)
    assert app.do(rnd.choice(legal))
    if app.revealing:
        app.reveal()  # the cover that asks to reveal the cards, passed


def test_a_secret_choice_is_named_only_once_revealed_and_a_payment_in_words() -> None:
    app = new_app()
    rnd = random.Random(4)
    assert app.record is not None and app.state is not None
    # Round 1: Ann and Ben choose in secret; Cy has not chosen yet.
    play_one(app, rnd)
    play_one(app, rnd)
    assert app.secret_now()
    english, chinese = both(app, 1)
    assert english == "Looking back: after move 1 of 2 — Ann made a secret choice."
    assert chinese == "回看：第1步之后的局面（共2步）。这一步：Ann秘密做出了选择。"
    picked = CASTLE.parse_action(app.record["actions"][0])["cards"]
    # Cy chooses: the cards are revealed, and looking back names what Ann chose.
    while app.secret_now():
        play_one(app, rnd)
    count = len(app.record["actions"])
    english, chinese = both(app, 1)
    assert english.startswith(f"Looking back: after move 1 of {count} — Ann: ")
    assert "secret" not in english
    assert chinese.startswith(f"回看：第1步之后的局面（共{count}步）。这一步：Ann：")
    assert "秘密" not in chinese
    app.look(0)
    assert bar(app) == f"Looking back: the start of the game, before move 1 of {count}."
    app.present()
    for card in picked:
        assert app.t(f"card.{card}") in english

    # A payment, worded as the payment panel and the hints word it.
    paid = None
    for _ in range(400):
        assert app.state is not None
        seat = app.asked()[0]
        legal = CASTLE.legal_actions(app.state, seat)
        pays = [a for a in legal if a["do"] == "pay"]
        action = pays[0] if pays else rnd.choice(legal)
        assert app.do(action)
        if action["do"] == "pay":
            paid = len(app.record["actions"])
            break
        if app.state.phase == "over":
            break
    assert paid is not None, "no payment was asked"
    play_one(app, rnd)  # the payment is a past moment now
    name = app.names[CASTLE.parse_action(app.record["actions"][paid - 1])["p"]]
    count = len(app.record["actions"])
    english, chinese = both(app, paid)
    assert english.startswith(f"Looking back: after move {paid} of {count} — {name}: Pay ")
    assert chinese.startswith(f"回看：第{paid}步之后的局面（共{count}步）。这一步：{name}：支付")
    assert "Pay" not in chinese


def test_the_end_of_a_finished_game_is_worded_as_the_end() -> None:
    app = new_app()
    rnd = random.Random(5)
    assert app.state is not None and app.record is not None
    for _ in range(5000):
        if app.state.phase == "over":
            break
        play_one(app, rnd)
    assert app.state.phase == "over"
    app.dismiss_summary()
    count = len(app.record["actions"])
    text = bar(app)
    assert (
        text == f"Game over — the final scores, after {count} moves. Step back to watch it again."
    )
    assert "Looking back" not in text
    app.set_language("zh")
    assert bar(app) == f"游戏结束：这是{count}步后的终局得分。可后退重看整局。"
    app.look(count - 1)
    last = CASTLE.parse_action(app.record["actions"][count - 2])
    assert bar(app).startswith(
        f"回看已结束的对局：第{count - 1}步（共{count}步）之后。这一步：{app.names[last['p']]}："
    )
    app.look(count)
    assert bar(app).startswith("游戏结束")
