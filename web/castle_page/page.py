"""Castle's page on the shell (a `web.shell.ui.GameUI`): its new-game fields, its game screen
(board, decision panels, players, log, house rules) and its end-of-game breakdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import castle
from castle import CASTLE, State, bots, data
from tabletop.bot import Bot, Plan, Strategy
from tabletop.game import Action, Event, Game, Json
from tabletop.refusal import Refusal
from web import bots as web_bots
from web.shell import i18n, screens
from web.shell.html import esc, tag, tool
from web.shell.i18n import Catalog

from . import CATALOGS, log, panels, summary, wording
from . import help as rules_help
from .board import Clickable, render_board
from .players import render_players
from .track import round_track

if TYPE_CHECKING:
    from web.shell.app import App


class CastlePage:
    game: Game[Any] = CASTLE
    catalogs: i18n.Roots = CATALOGS
    version: str = castle.__version__
    word_families: tuple[str, ...] = (
        "card",
        "kind",
        "building",
        "place",
        "trader_place",
        "page.source",
        "item",
    )
    levels: tuple[str, ...] = bots.LEVELS
    searching: tuple[str, ...] = ("hard",)
    strategy: Strategy[Any] | None = bots.STRATEGY

    def bot(self, level: str, seed: int, seconds: float | None) -> Bot:
        return web_bots.castle(level, seed, seconds)  # the worker's own (web/bots.py)

    def plan_text(self, app: App, plan: Plan) -> str:
        return wording.plan_text(app, plan)

    def action_text(self, app: App, action: Action) -> str:
        return wording.action_text(app, action)

    def setup_fields(self, app: App) -> str:
        """The season (summer, or the winter variant) and who starts: drawn by lot, or a seat."""
        return _season_field(app) + _start_field(app)

    def setup(self, form: Mapping[str, str], players: int) -> Json:
        start = form.get("start", "random")
        return {
            "start_player": int(start) if start.isdigit() and int(start) < players else None,
            "winter": form.get("variant") == "winter",
        }

    def progress(self, state: Any) -> Json:
        s: State = state
        return {"round": s.round, "rounds": s.rounds, "winter": s.winter is not None}

    def progress_text(self, app: App, progress: Json) -> str:
        played, rounds = progress.get("round"), progress.get("rounds")
        if not isinstance(played, int) or not isinstance(rounds, int):
            return ""
        return app.t("page.round_of", round=played, rounds=rounds)

    def variant_text(self, app: App, progress: Json) -> str:
        """Summer (the basic game) or winter (§10); a progress from before the winter variant
        does not say."""
        winter = progress.get("winter")
        if not isinstance(winter, bool):
            return ""
        return app.t("page.winter_progress" if winter else "page.summer_progress")

    def cover_hint(self, app: App) -> str:
        s: State | None = app.state
        if s is not None and s.phase == "winter" and s.winter is not None and s.winter["card"]:
            # A winter card asks about the hand, where this round's choice shows.
            card = app.t(f"card.{s.winter['card']}")
            return app.t("page.pass_hint_winter", round=s.round, card=card)
        return app.t("page.pass_hint", round=s.round if s else 1)

    def reveal_text(self, app: App) -> str:
        """In a winter round the winter card comes before the chosen cards (§3.3), and the
        Damsel's giving, while she is in play, before them too."""
        s: State | None = app.state
        if s is None or s.phase != "winter" or s.winter is None:
            return app.t("app.reveal")
        return app.t("page.reveal_winter" if s.winter["card"] else "page.reveal_damsel")

    def screen(self, app: App) -> str:
        s: State = app.state
        view = CASTLE.view(s, app.viewer)
        clickable: Clickable = {}
        end = ""
        if app.past is not None and s.phase != "over":
            panel = screens.past_panel(app)
        elif s.phase == "over":
            # The end first, across the page: the winner and every total in view at once.
            end = tag(
                "div",
                screens.decision_section(app, screens.end_panel(app, _scores(app))),
                class_="end",
            )
        elif (waiting := screens.thinking(app)) is not None:
            panel = waiting  # and nothing on the board to click
        else:
            panel, clickable = panels.decision(app)
            panel += _step_help(app)
        side = (
            round_track(view, app.names, app.colours, app.cat)
            + (screens.decision_section(app, panel) if not end else "")
            + screens.notice(app)
            + render_players(view, app.names, app.colours, app.cat, app.viewer)
            + screens.log_section(app)
        )
        board = render_board(view, app.names, app.colours, app.cat, clickable)
        return end + tag(
            "div",
            tag("section", board, id="board")
            + tag("aside", side, id="side", aria_label=app.t("board.side")),
            class_="layout",
        )

    def table(self, app: App, state: Any) -> str:
        """The board and, beside it, the round track and every player's holdings, as a
        spectator sees them (the log and the decision are left out: the summary tells them)."""
        view = CASTLE.view(state, None)
        side = round_track(view, app.names, app.colours, app.cat) + render_players(
            view, app.names, app.colours, app.cat, None
        )
        board = render_board(view, app.names, app.colours, app.cat, {})
        return tag(
            "div",
            tag("section", board, id="board")
            + tag("aside", side, id="side", aria_label=app.t("board.side")),
            class_="layout",
        )

    round_end_step: str | None = "end_round"  # castle/rounds.py, §3.8
    summary_events: tuple[str, ...] = summary.SUMMARY_EVENTS

    def points(self, event: Event) -> tuple[int, int] | None:
        return summary.points(event)

    def cards_played(self, event: Event, cat: Catalog) -> list[str] | None:
        return summary.cards_played(event, cat)

    def scores(self, state: Any) -> list[int]:
        s: State = state
        return [p.vp for p in s.players]

    def help(self, app: App, topic: str | None) -> str:
        return rules_help.help_page(app.cat, topic)

    def rules(self, app: App) -> str:
        """The rulings (⚖) this game plays by where the rule sources are silent or disagree,
        folded away until asked for (a native <details>, no script)."""
        items = "".join(tag("li", esc(app.t(f"ruling.{r}"))) for r in data.HOUSE_RULES)
        winter = "".join(tag("li", esc(app.t(f"ruling.{r}"))) for r in data.WINTER_HOUSE_RULES)
        return tag(
            "details",
            tag("summary", esc(app.t("rules.title")))
            + tag("p", esc(app.t("rules.intro")))
            + tag("ul", items)
            + tag("h3", esc(app.t("rules.winter_title")))
            + tag("ul", winter),
            class_="house-rules",
        )

    def describe(self, event: Event, names: Sequence[str], cat: Catalog) -> str | None:
        return log.describe(event, names, cat)

    def log_round(self, event: Event) -> int | None:
        return event["round"] if event["e"] == "round_started" else None

    def reason(self, refusal: Refusal, names: Sequence[str], cat: Catalog) -> str:
        return log.reason(refusal.rule, refusal.params, names, cat)


def _season_field(app: App) -> str:
    """Summer (the basic game) or the winter variant (§10), with what winter adds when winter
    is chosen (a choice redraws the form: App.refresh)."""
    chosen = app.form.get("variant", "summer")
    options = "".join(
        tag("option", esc(app.t(f"page.variant.{v}")), value=v, selected=chosen == v)
        for v in ("summer", "winter")
    )
    note = ""
    if chosen == "winter":
        rounds = app.cat.join(str(r) for r in data.WINTER_ROUNDS)
        note = tag("small", esc(app.t("page.winter_hint", rounds=rounds)), class_="hint")
    select = tag("select", options, name="variant", id="variant", data_change=app.reg(app.refresh))
    return tag("label", esc(app.t("page.variant")) + select + note, class_="variant")


def _start_field(app: App) -> str:
    """Who starts: drawn by lot, or a seat."""
    start = app.form.get("start", "random")
    options = tag("option", esc(app.t("page.start_random")), value="random")
    options += "".join(
        tag(
            "option",
            esc(app.t("app.player_n", n=seat + 1)),
            value=str(seat),
            selected=start == str(seat),
        )
        for seat in range(app.player_count())
    )
    return tag("label", esc(app.t("page.start_player")) + tag("select", options, name="start"))


#: The part of the rules help that explains each decision.
STEP_TOPICS = {
    "select": "round",
    "worker_c": "card-worker_c",
    "trader": "card-trader",
    "tower": "card-bricklayer",
    "buy": "card-stonemason",
    "sell": "card-stonemason",
    "erect": "erecting",
    "pay": "erecting",
    "helper": "helpers",
    "convert": "forge",
    "palace": "end",
    "market": "end",
    "plague": "winter-plague",
    "snowdrift": "winter-snowdrift",
    "cracked_wall": "winter-cracked_wall",
    "give": "winter-damsel",
    "share": "winter-damsel",
    "toll": "winter-village_tavern",
}


def _step_help(app: App) -> str:
    """The rules of the decision at hand, one click away (the help opens at that part)."""
    topic = STEP_TOPICS.get(screens.stage_name(app), "characters")
    return tag(
        "p",
        tool(
            esc(app.t("app.help_step")),
            app.reg(partial(app.open_help, topic)),
            id="help-step",
            data_topic=topic,
        ),
        class_="step-help",
    )


def _scores(app: App) -> str:
    """The end table: every source of VP per player, the totals and the tie-break values."""
    s: State = app.state
    assert s.result is not None
    result = s.result
    tie = result["tie_break"]
    note = tag("p", esc(app.t(f"tie_break.{tie}")), class_="tie-break") if tie else ""
    sources: list[str] = []
    for row in result["players"]:
        for key in row["by_source"]:
            if key not in sources:
                sources.append(key)
    order = ["buildings", "master_builder", *data.PLACE, "palace", "market"]
    order += ["granary", "cracked_wall", "damsel"]  # winter (§10)
    sources.sort(key=lambda k: order.index(k) if k in order else len(order))
    seats = result["ranking"]
    head = tag("th", esc(app.t("page.score_source"))) + "".join(
        tag("th", esc(app.names[seat]), class_=f"c-{app.colours[seat]}") for seat in seats
    )
    rows_html = ""
    by_seat = {row["seat"]: row for row in result["players"]}
    # The totals first (the tie-break values next to them), then where the VP came from.
    totals = [
        ("page.total_vp", "vp"),
        ("page.talers_left", "talers"),
        ("page.piece_bp", "piece_bp"),
    ]
    for label, field in totals:
        rows_html += tag(
            "tr",
            tag("th", esc(app.t(label)))
            + "".join(tag("td", str(by_seat[seat][field])) for seat in seats),
            class_="total" if field == "vp" else "tie",
        )
    for key in sources:
        rows_html += tag(
            "tr",
            tag("th", esc(app.t(f"source.{key}")))
            + "".join(tag("td", str(by_seat[seat]["by_source"].get(key, 0))) for seat in seats),
            class_="source",
        )
    table = tag("table", tag("thead", tag("tr", head)) + tag("tbody", rows_html), id="scores")
    return note + table


PAGE = CastlePage()
