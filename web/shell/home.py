"""The home screen: the saved games (resume, replay, rename, download, delete, back them all
up), a game opened from a file, and the new-game form (players, names, colours, who plays each
seat, the game's own fields, the pace, the seed). The game's frame is in screens.py."""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from . import storage
from .frame import help_button, languages, notice, pace_field, where_it_stands
from .html import button, esc, tag, void
from .settings import NAME_LENGTH, PERSON, SEAT_COLOURS
from .storage import TITLE_LENGTH

if TYPE_CHECKING:
    from .app import App
    from .saves import Listed
    from .storage import About


def home(app: App) -> str:
    t = app.t
    f = app.form
    players = app.player_count()
    top = tag("div", languages(app) + help_button(app), class_="home-tools")
    # What the game is, for how many and how long: the game's own words (its catalogs).
    out = tag("h1", esc(t("app.title"))) + tag("p", esc(t("app.tagline")), class_="tagline")
    out += top + notice(app) + saved_games(app)
    counts = "".join(
        button(
            esc(t("app.players_n", n=n)),
            None if n == players else app.reg(partial(_set, app, "players", str(n))),
            t("app.players_n", n=n),
            class_="count picked" if n == players else "count",
            name="players-count",
        )
        for n in app.game.players
    )
    rows = ""
    for seat in range(players):
        name = f.get(f"name{seat}", "")
        level = app.form_level(seat)
        if level is None:
            placeholder = t("app.default_name", n=seat + 1)
        else:
            placeholder = app.computer_name(seat, level)
        colour = f.get(f"colour{seat}") or SEAT_COLOURS[seat]
        options = "".join(
            tag("option", esc(t(f"app.colour.{c}")), value=c, selected=c == colour)
            for c in SEAT_COLOURS
        )
        rows += tag(
            "div",
            tag(
                "label",
                esc(t("app.player_n", n=seat + 1))
                + void(
                    "input",
                    name=f"name{seat}",
                    value=name,
                    placeholder=placeholder,
                    maxlength=str(NAME_LENGTH),
                    autocomplete="off",
                ),
            )
            + tag(
                "label",
                esc(t("app.colour")) + tag("select", options, name=f"colour{seat}"),
            )
            + _kind_field(app, seat),
            class_=f"player-row c-{colour}",
        )
    form = (
        tag("h2", esc(t("app.new_game")))
        + tag("div", counts, class_="options")
        + void("input", type="hidden", name="players", value=str(players))
        + rows
        + app.ui.setup_fields(app)
        + pace_field(app, "pace")
        + tag(
            "label",
            esc(t("app.seed"))
            + void("input", name="seed", value=f.get("seed", ""), inputmode="numeric"),
        )
        + button(esc(t("app.start_game")), app.reg(app.start), class_="go", id="start-game")
    )
    out += tag("section", form, class_="new-game") + _import_section(app) + app.ui.rules(app)
    # Which version runs, so that a player can say it (a bug report, "is mine up to date?").
    version = app.t("app.version", build=app.build, engine=app.ui.version)
    return tag("div", out + tag("p", esc(version), class_="version"), class_="home")


def saved_games(app: App) -> str:
    """The saved games, most recent first: resume or replay, rename, download, delete (after
    a confirmation); the one to resume first is on top, and a backup of all below. After them
    whatever else is stored under the games' name, as "not a game", to be deleted."""
    if not app.listed and not app.strays:
        return ""
    first = app.featured()
    entries = sorted(app.listed, key=lambda e: e is not first)
    rows = "".join(_saved_row(app, e, e is first) for e in entries)
    rows += "".join(_stray_row(app, key) for key in app.strays)
    backup = ""
    if app.listed:
        button_ = button(esc(app.t("app.backup")), app.reg(app.export_all), id="backup")
        backup = tag("p", button_ + " " + esc(app.t("app.backup_hint")), class_="backup")
    return tag(
        "section",
        tag("h2", esc(app.t("app.saved_title"))) + tag("ul", rows, class_="saved-games") + backup,
        class_="resume",
    )


def _saved_row(app: App, entry: Listed, first: bool) -> str:
    t, key, about = app.t, entry["key"], entry["about"]
    if about is not None:
        title = storage.title_of(about)
        details = [", ".join(about["names"])] if about["title"] else []
        details.append(t("app.players_n", n=len(about["names"])))
        if about["finished"]:
            details.append(app.ui.variant_text(app, about["progress"]))
            details.append(_results(app, about))
        else:
            details.append(where_it_stands(app, about["progress"]))
        details.append(t("app.saved_at", date=_date(about["updated"])))
    else:
        title, details = t("app.unknown_game"), [key]
    # Each detail kept on one line where it fits (a date is never cut in two).
    parts = " · ".join(tag("span", esc(d)) for d in details if d)
    line = tag("span", esc(title), class_="title") + tag("span", parts, class_="details")
    if entry["problem"] is not None:
        line += tag("span", esc(t("app.cannot_play", reason=entry["problem"])), class_="problem")
    if app.confirming == key:
        tools = _delete_sure(app, key, t("app.delete_sure"))
    elif app.renaming == key and about is not None:
        field = void(
            "input",
            name="title",
            value=about["title"],
            maxlength=str(TITLE_LENGTH),
            placeholder=", ".join(about["names"]),
            autocomplete="off",
            aria_label=t("app.rename"),
        )
        tools = (
            field
            + " "
            + button(esc(t("app.save")), app.reg(partial(app.rename_saved, key)), id="rename-yes")
            + " "
            + button(esc(t("app.cancel")), app.reg(partial(app.start_rename, None)))
        )
    else:
        buttons = []
        if entry["problem"] is None:
            over = about is not None and about["finished"]
            words = t("app.replay") if over else t("app.resume")
            buttons.append(
                button(
                    esc(words),
                    app.reg(partial(app.open_saved, key)),
                    class_="go open" if first else "open",
                    id="resume" if first else None,
                )
            )
            buttons.append(button(esc(t("app.rename")), app.reg(partial(app.start_rename, key))))
        # The banner of a failed save has the game's #export already.
        export_id = "export" if first and app.save_problem is None else None
        buttons.append(
            button(esc(t("app.export")), app.reg(partial(app.export_saved, key)), id=export_id)
        )
        buttons.append(button(esc(t("app.delete")), app.reg(partial(app.confirm_delete, key))))
        tools = " ".join(buttons)
    return tag(
        "li",
        tag("p", line) + tag("p", tools, class_="tools"),
        class_="saved",
        data_key=key,
    )


#: The most of a stray key the list shows (a key may be as long as the storage allows).
KEY_SHOWN = 80


def _delete_sure(app: App, key: str, question: str) -> str:
    """The question before a deletion, with its two answers."""
    yes = button(esc(app.t("app.delete")), app.reg(partial(app.delete_saved, key)), id="delete-yes")
    no = button(esc(app.t("app.cancel")), app.reg(partial(app.confirm_delete, None)))
    return f"{esc(question)} {yes} {no}"


def _stray_row(app: App, key: str) -> str:
    """A key under the games' name that is no game (storage.stray_keys): its name, shown as
    text whatever it looks like, why it cannot be played, and Delete (after a confirmation)."""
    t = app.t
    shown = key if len(key) <= KEY_SHOWN else key[: KEY_SHOWN - 1] + "…"
    line = (
        tag("span", esc(t("app.not_a_game")), class_="title")
        + tag("span", tag("span", esc(shown)), class_="details")
        + tag("span", esc(t("app.not_a_game_why")), class_="problem")
    )
    if app.confirming == key:
        tools = _delete_sure(app, key, t("app.delete_stray_sure"))
    else:
        tools = button(esc(t("app.delete")), app.reg(partial(app.confirm_delete, key)))
    return tag(
        "li",
        tag("p", line) + tag("p", tools, class_="tools"),
        class_="saved stray",
        data_key=key,
    )


def _results(app: App, about: About) -> str:
    """Who won, and each player's points beside their name ("Ann 62 · Ben 55 · Cy 61"), so
    that a list of numbers need not be matched to the players in order."""
    names = about["names"]
    winners = [names[w] for w in about["winners"] if w < len(names)]
    scores = app.t("app.score_sep").join(
        app.t("app.name_score", player=name, score=score)
        for name, score in zip(names, about["scores"], strict=False)
    )
    return app.t("app.finished_won", players=app.cat.join(winners), scores=scores)


def _date(seconds: float) -> str:
    """A save's date, in the device's time zone."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _import_section(app: App) -> str:
    """Open a game from its record file: a file picker, or a file dropped on the page (the DOM
    glue reads the file and hands its text to `App.import_game`)."""
    picker = void("input", type="file", id="import-file", accept=".json,application/json")
    return tag(
        "section",
        tag("h2", esc(app.t("app.import_title")))
        + tag("label", esc(app.t("app.import_hint")) + " " + picker),
        class_="import",
    )


def _set(app: App, key: str, value: str) -> None:
    app.form[key] = value


def _kind_field(app: App, seat: int) -> str:
    """Who plays the seat: a person, or the computer at one of the game's levels. A name is
    the seat's kind's: a person's name is kept aside (a hidden field) while a computer plays
    the seat, which is named after its level, and comes back with the person."""
    if not app.ui.levels:
        return ""
    kind = app.form.get(f"kind{seat}", PERSON)
    if kind not in app.ui.levels:
        kind = PERSON
    kept = ""
    if kind != PERSON:
        person = app.form.get(f"person{seat}", "")
        kept = void("input", type="hidden", name=f"person{seat}", value=person)
    options = tag("option", esc(app.t("app.person")), value=PERSON, selected=kind == PERSON)
    options += "".join(
        tag(
            "option",
            esc(app.t("app.computer_level", level=app.t(f"app.level.{level}"))),
            value=level,
            selected=kind == level,
        )
        for level in app.ui.levels
    )
    select = tag(
        "select",
        options,
        name=f"kind{seat}",
        id=f"kind{seat}",
        data_change=app.reg(partial(_kind_changed, app, seat, kind)),
    )
    return tag("label", esc(app.t("app.played_by")) + select) + kept


def _kind_changed(app: App, seat: int, before: str) -> None:
    """A seat handed from a person to a computer keeps the person's name aside, and the
    computer goes by its level's name (unless given one); handed back, the person's name
    returns. So a rematch's form never names a computer after the person it replaces."""
    form = app.form
    person = app.form_level(seat) is None
    if before == PERSON and not person:
        form[f"person{seat}"] = form.get(f"name{seat}", "")
        form[f"name{seat}"] = ""
    elif before != PERSON and person:
        form[f"name{seat}"] = form.pop(f"person{seat}", "")
