"""The home screen as a player meets it (web/shell/home.py, App, without a browser): what the
game is, the new-game form (a seat's name follows who plays it, the winter note only for winter,
the computers' pace kept at once, for a game resumed too), the pace changed in a game, and the
saved games' list (each game's season, the players' names beside their scores)."""

from __future__ import annotations

import random
import re
from html import unescape

from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.settings import PACE
from web.shell.storage import MemoryStore

INPUT = re.compile(r"<input\b([^>]*)>")
SELECT = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.S)
OPTION = re.compile(r'<option value="([^"]*)"( selected)?>')


def _attr(attrs: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', attrs)
    return None if found is None else unescape(found.group(1))


def form_of(html: str) -> dict[str, str]:
    """The form's values as the page sends them with a click (web/main.py `_form`)."""
    form = {}
    for attrs in INPUT.findall(html):
        name = _attr(attrs, "name")
        if name is not None and _attr(attrs, "type") != "file":
            form[name] = _attr(attrs, "value") or ""
    for attrs, body in SELECT.findall(html):
        name = _attr(attrs, "name")
        options = OPTION.findall(body)
        if name is not None and options:
            form[name] = next((v for v, picked in options if picked), options[0][0])
    return form


def change(app: App, field: str, value: str) -> str:
    """Choose `value` in the select `field` as a player does: the page sends the form with the
    select's `data-change` token, and redraws."""
    html = render(app)
    select = next(attrs for attrs, _ in SELECT.findall(html) if _attr(attrs, "id") == field)
    token = _attr(select, "data-change")
    assert token is not None, select
    name = _attr(select, "name")
    assert name is not None
    app.click(token, {**form_of(html), name: value})
    return render(app)


def click(app: App, words: str) -> str:
    html = render(app)
    token = re.search(rf'data-act="(k\d+)"[^>]*>{re.escape(words)}<', html)
    assert token is not None, words
    app.click(token.group(1), form_of(html))
    return render(app)


def name_field(html: str, seat: int) -> tuple[str, str]:
    """A seat's name field: its value and its placeholder."""
    attrs = next(a for a in INPUT.findall(html) if _attr(a, "name") == f"name{seat}")
    return _attr(attrs, "value") or "", _attr(attrs, "placeholder") or ""


def test_the_home_screen_says_what_the_game_is_for_how_many_and_how_long() -> None:
    html = render(App(MemoryStore(), GAMES, lang="en"))
    line = re.search(r'<h1>A Castle for All Seasons</h1><p class="tagline">([^<]+)</p>', html)
    assert line is not None
    assert "2–4 players" in line.group(1) and "60 minutes" in line.group(1)
    zh = render(App(MemoryStore(), GAMES, lang="zh"))
    assert re.search(r'<p class="tagline">2至4人[^<]*约60分钟', zh)


def test_a_person_s_name_is_not_carried_over_to_a_computer_seat_and_comes_back() -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    html = render(app)
    app.form = {**form_of(html), "name1": "Ben"}
    html = change(app, "kind1", "hard")
    assert name_field(html, 1) == ("", "Computer 2 (hard)")
    html = change(app, "kind1", "easy")
    assert name_field(html, 1) == ("", "Computer 2 (easy)")
    html = change(app, "kind1", "person")
    assert name_field(html, 1) == ("Ben", "Player 2")
    change(app, "kind1", "hard")
    click(app, "Start the game")
    assert app.names[1] == "Computer 2 (hard)"
    # The next game's form (the last table) has the person's name kept aside for the seat.
    app.home()
    html = change(app, "kind1", "person")
    assert name_field(html, 1)[0] == "Ben"


def test_the_winter_note_shows_only_with_winter_chosen() -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    note = "Six winter cards, one turned over in rounds"
    assert note not in render(app)
    assert note in change(app, "variant", "winter")
    assert note not in change(app, "variant", "summer")


def test_a_pace_chosen_at_home_holds_for_a_resumed_game() -> None:
    """ "No time (instant)" chosen before Resume: it was kept only by Start game."""
    store = MemoryStore()
    app = App(store, GAMES, lang="en")
    app.form = {**form_of(render(app)), "kind1": "easy", "kind2": "easy"}
    click(app, "Start the game")
    app.home()
    assert app.bots.pace == 1.0
    change(app, "pace", "0")
    click(app, "Resume")
    assert app.screen == "game" and app.bots.pace == 0.0
    assert App(store, GAMES, lang="en").bots.pace == 0.0  # after a reload too


def test_the_computers_pace_can_be_changed_in_a_game() -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    app.form = {**form_of(render(app)), "kind1": "medium", "kind2": "medium", "pace": "2"}
    click(app, "Start the game")
    assert app.bots.pace == 2.0
    html = click(app, "Players")
    assert 'id="game-pace"' in html.partition('id="seats-panel"')[2]
    change(app, "game-pace", "0.5")
    assert app.bots.pace == 0.5 and app.settings.get(PACE) == "0.5"
    assert re.search(r'id="game-pace"[^>]*>.*?<option value="0.5" selected>', render(app), re.S)


def _play_to_the_end(app: App, seed: int) -> None:
    rnd = random.Random(seed)
    assert app.state is not None
    while app.state.phase != "over":
        seat = app.asked()[0]
        assert app.do(rnd.choice(app.game.legal_actions(app.state, seat)))


def test_the_saved_games_say_each_games_season_and_whose_score_is_whose() -> None:
    store = MemoryStore()
    app = App(store, GAMES, lang="en")
    names = {"name0": "Ann", "name1": "Ben", "name2": "Cy"}
    app.form = {**form_of(render(app)), **names, "seed": "5"}
    click(app, "Start the game")
    _play_to_the_end(app, 5)
    assert app.about is not None
    scores = app.about["scores"]
    app.home()
    app.form = {**form_of(render(app)), **names, "variant": "winter", "seed": "6"}
    click(app, "Start the game")
    app.home()
    html = render(app)
    rows = re.findall(r'<li class="saved".*?</li>', html, re.S)
    winter, summer = (unescape(re.sub(r"<[^>]+>", " ", row)) for row in rows)
    assert "Winter · Round 1 of " in winter
    assert "Summer" in summer
    assert f"(Ann {scores[0]} · Ben {scores[1]} · Cy {scores[2]})" in summer
    zh = render(App(store, GAMES, lang="zh"))
    assert f"（Ann{scores[0]}分、Ben{scores[1]}分、Cy{scores[2]}分）" in zh
    assert "冬季 · " in zh and "夏季" in zh
