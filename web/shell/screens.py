"""The page's screens: new game, the hot-seat covers, the game, the end of the game."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import castle
from castle import data
from web.castle_page import panels
from web.castle_page.board import SEAT_COLOURS, Clickable, render_board
from web.castle_page.players import render_players

from . import i18n
from .html import button, esc, tag, void

if TYPE_CHECKING:
    from .app import App


def render(app: App) -> str:
    if app.screen == "home" or app.state is None:
        return home(app)
    s = app.state
    if app.secret_now() and app.viewer not in castle.pending(s):
        return cover(app, castle.pending(s)[0])
    if app.revealing:
        return reveal_cover(app)
    return game(app)


def _notice(app: App) -> str:
    text = app.notice or ""
    return tag("p", esc(text), id="notice", role="status", aria_live="polite")


def _languages(app: App) -> str:
    buttons = []
    for lang, name in i18n.LANGUAGES.items():
        token = None if lang == app.lang else app.reg(partial(app.set_language, lang))
        buttons.append(button(esc(name), token, name, lang=lang, class_="lang"))
    return tag("nav", "".join(buttons), class_="languages")


# --- New game ----------------------------------------------------------------------------------


def home(app: App) -> str:
    t = app.t
    f = app.form
    players = int(f.get("players") or 3)
    out = tag("h1", esc(t("app.title"))) + _languages(app) + _notice(app)
    if app.saved is not None:
        rec, state, _ = app.saved
        names = ", ".join(rec["setup"]["names"])
        if state.phase == "over":
            where = t("app.resume_over")
        else:
            where = t("app.resume_where", round=state.round, rounds=state.rounds)
        out += tag(
            "section",
            tag("h2", esc(t("app.resume_title")))
            + tag("p", esc(f"{names} — {where}"))
            + button(esc(t("app.resume")), app.reg(app.resume), class_="go", id="resume"),
            class_="resume",
        )
    counts = "".join(
        button(
            esc(t("app.players_n", n=n)),
            None if n == players else app.reg(partial(_set, app, "players", str(n))),
            t("app.players_n", n=n),
            class_="count picked" if n == players else "count",
            name="players-count",
        )
        for n in data.PLAYER_COUNTS
    )
    rows = ""
    for seat in range(players):
        name = f.get(f"name{seat}", "")
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
                    placeholder=t("app.default_name", n=seat + 1),
                    maxlength="24",
                    autocomplete="off",
                ),
            )
            + tag(
                "label",
                esc(t("app.colour")) + tag("select", options, name=f"colour{seat}"),
            ),
            class_=f"player-row c-{colour}",
        )
    start = f.get("start", "random")
    start_options = tag("option", esc(t("app.start_random")), value="random")
    start_options += "".join(
        tag(
            "option",
            esc(t("app.player_n", n=seat + 1)),
            value=str(seat),
            selected=start == str(seat),
        )
        for seat in range(players)
    )
    form = (
        tag("h2", esc(t("app.new_game")))
        + tag("div", counts, class_="options")
        + void("input", type="hidden", name="players", value=str(players))
        + rows
        + tag("label", esc(t("app.start_player")) + tag("select", start_options, name="start"))
        + tag(
            "label",
            esc(t("app.seed"))
            + void("input", name="seed", value=f.get("seed", ""), inputmode="numeric"),
        )
        + button(esc(t("app.start_game")), app.reg(app.start), class_="go", id="start-game")
    )
    out += tag("section", form, class_="new-game") + house_rules(app)
    # Which version runs, so that a player can say it (a bug report, "is mine up to date?").
    version = app.t("app.version", build=app.build, engine=castle.__version__)
    return tag("div", out + tag("p", esc(version), class_="version"), class_="home")


def house_rules(app: App) -> str:
    """The rulings (⚖) this game plays by where the rule sources are silent or disagree,
    folded away until asked for (a native <details>, no script)."""
    items = "".join(tag("li", esc(app.t(f"ruling.{r}"))) for r in data.HOUSE_RULES)
    return tag(
        "details",
        tag("summary", esc(app.t("rules.title")))
        + tag("p", esc(app.t("rules.intro")))
        + tag("ul", items),
        class_="house-rules",
    )


def _set(app: App, key: str, value: str) -> None:
    app.form[key] = value


# --- Hot-seat covers ---------------------------------------------------------------------------


def cover(app: App, seat: int) -> str:
    """Before a player chooses in secret: nothing private is on the page."""
    name = app.names[seat]
    body = (
        tag("h2", esc(app.t("app.pass_to", player=name)))
        + tag("p", esc(app.t("app.pass_hint", round=app.state.round if app.state else 1)))
        + button(
            esc(app.t("app.i_am", player=name)),
            app.reg(lambda: app.pass_cover(seat)),
            class_="go",
            id="pass-cover",
        )
    )
    return tag("div", body, class_=f"cover c-{app.colours[seat]}", data_seat=str(seat))


def reveal_cover(app: App) -> str:
    body = tag("h2", esc(app.t("app.all_chosen"))) + button(
        esc(app.t("app.reveal")), app.reg(app.reveal), class_="go", id="reveal"
    )
    return tag("div", body, class_="cover reveal")


# --- The game ----------------------------------------------------------------------------------


def game(app: App) -> str:
    s = app.state
    assert s is not None
    view = castle.view(s, app.viewer)
    clickable: Clickable = {}
    if s.phase == "over":
        panel = end_panel(app)
    else:
        panel, clickable = panels.decision(app)
    tools = [button(esc(app.t("app.menu")), app.reg(app.home), id="menu")]
    if app.can_undo():
        tools.append(button(esc(app.t("app.undo")), app.reg(app.undo), id="undo"))
    header = tag(
        "header",
        tag("h1", esc(app.t("app.title")))
        + tag("span", esc(app.t("app.round_of", round=s.round, rounds=s.rounds)), class_="round")
        + tag("div", "".join(tools), class_="tools")
        + _languages(app),
    )
    side = (
        tag("section", panel, id="decision", data_stage=_stage_name(app))
        + _notice(app)
        + render_players(view, app.names, app.colours, app.cat, app.viewer)
        + log_section(app)
        + house_rules(app)
    )
    layout = tag(
        "div",
        tag("section", render_board(view, app.names, app.colours, app.cat, clickable), id="board")
        + tag("aside", side, id="side"),
        class_="layout",
    )
    return header + layout


def _stage_name(app: App) -> str:
    if app.state is None or app.state.phase == "over":
        return "over"
    st = castle.stage(app.state)
    return st.name if st else "over"


def log_section(app: App) -> str:
    """The game log, newest round first and newest line first, so the last move is in view."""
    rounds: dict[int, list[str]] = {}
    for rnd, text in app.log_lines():
        rounds.setdefault(rnd, []).append(text)
    items = []
    for rnd in sorted(rounds, reverse=True):
        items.append(tag("li", esc(app.t("app.log_round", round=rnd)), class_="round"))
        items.extend(tag("li", esc(text)) for text in reversed(rounds[rnd]))
    return tag(
        "section",
        tag("h2", esc(app.t("app.log"))) + tag("ol", "".join(items)),
        id="log",
    )


def end_panel(app: App) -> str:
    s = app.state
    assert s is not None and s.result is not None
    result = s.result
    winners = [app.names[w] for w in result["winners"]]
    if len(winners) == 1:
        title = app.t("app.winner", player=winners[0])
    else:
        title = app.t("app.winners_shared", players=app.cat.join(winners))
    tie = result["tie_break"]
    note = tag("p", esc(app.t(f"tie_break.{tie}")), class_="tie-break") if tie else ""
    sources: list[str] = []
    for row in result["players"]:
        for key in row["by_source"]:
            if key not in sources:
                sources.append(key)
    order = ["buildings", "master_builder", *data.PLACE, "palace", "market"]
    sources.sort(key=lambda k: order.index(k) if k in order else len(order))
    seats = result["ranking"]
    head = tag("th", esc(app.t("app.score_source"))) + "".join(
        tag("th", esc(app.names[seat]), class_=f"c-{app.colours[seat]}") for seat in seats
    )
    rows_html = ""
    by_seat = {row["seat"]: row for row in result["players"]}
    for key in sources:
        rows_html += tag(
            "tr",
            tag("th", esc(app.t(f"source.{key}")))
            + "".join(tag("td", str(by_seat[seat]["by_source"].get(key, 0))) for seat in seats),
        )
    totals = [("app.total_vp", "vp"), ("app.talers_left", "talers"), ("app.piece_bp", "piece_bp")]
    for label, field in totals:
        rows_html += tag(
            "tr",
            tag("th", esc(app.t(label)))
            + "".join(tag("td", str(by_seat[seat][field])) for seat in seats),
            class_="total" if field == "vp" else None,
        )
    table = tag("table", tag("thead", tag("tr", head)) + tag("tbody", rows_html), id="scores")
    again = button(esc(app.t("app.new_game")), app.reg(app.home), class_="go", id="new-game")
    return tag("h2", esc(title), id="winner") + note + table + again
