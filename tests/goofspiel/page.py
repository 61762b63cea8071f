"""The tests' Goofspiel on the page's shell: no board or panel of its own, only what every
GameUI must say, so everything on screen comes from the shell's generic blocks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from goofspiel import GOOFSPIEL, GOOFSPIEL_STRATEGY
from tabletop.bot import Bot, GreedyBot, Plan, RandomBot
from tabletop.game import Action, Event, Json
from tabletop.refusal import Refusal
from tabletop.search import Budget, SearchBot
from web.shell import i18n, screens
from web.shell.app import App
from web.shell.generic_panel import label
from web.shell.html import esc, tag


class GoofspielPage:
    game = GOOFSPIEL
    catalogs = (i18n.SHELL, Path(__file__).resolve().parent / "i18n")
    version = "1"
    word_families = ()
    levels = ("easy", "medium", "hard")
    searching = ("hard",)
    strategy = GOOFSPIEL_STRATEGY

    def plan_text(self, app: App, plan: Plan) -> str:
        return label(app, plan[0])

    def action_text(self, app: App, action: Action) -> str:
        return label(app, action)

    def bot(self, level: str, seed: int, seconds: float | None) -> Bot:
        if level == "easy":
            return RandomBot(GOOFSPIEL_STRATEGY, seed)
        if level == "medium":
            return GreedyBot(GOOFSPIEL_STRATEGY, seed)
        return SearchBot(GOOFSPIEL_STRATEGY, seed, Budget(iterations=200, seconds=seconds))

    def setup_fields(self, app: App) -> str:
        return ""

    def setup(self, form: Mapping[str, str], players: int) -> Json:
        return {}

    def progress(self, state: Any) -> Json:
        return {"prizes_left": len(state.deck)}

    def progress_text(self, app: App, progress: Json) -> str:
        return app.t("goofspiel.prizes_left", count=progress.get("prizes_left", 0))

    def variant_text(self, app: App, progress: Json) -> str:
        return ""

    def reveal_text(self, app: App) -> str:
        return app.t("app.reveal")

    def cover_hint(self, app: App) -> str:
        return app.t("goofspiel.cover_hint")

    def screen(self, app: App) -> str:
        return screens.generic_screen(app)

    def table(self, app: App, state: Any) -> str:
        scores = ", ".join(f"{n}: {v}" for n, v in zip(app.names, state.scores, strict=False))
        return tag("section", tag("p", esc(scores)), id="board")

    round_end_step: str | None = None  # the board behind a summary is already the next trick
    summary_events: tuple[str, ...] = ("won",)

    def points(self, event: Event) -> tuple[int, int] | None:
        if event["e"] == "won" and event["p"] is not None:
            return event["p"], event["value"]
        return None

    def cards_played(self, event: Event, cat: i18n.Catalog) -> list[str] | None:
        return None

    def scores(self, state: Any) -> list[int]:
        return list(state.scores)

    def help(self, app: App, topic: str | None) -> str:
        return tag("section", tag("p", esc(app.t("goofspiel.rules"))), id="help")

    def rules(self, app: App) -> str:
        return tag("p", esc(app.t("goofspiel.rules")), class_="house-rules")

    def describe(self, event: Event, names: Sequence[str], cat: i18n.Catalog) -> str | None:
        if event["e"] != "won":
            return None
        if event["p"] is None:
            return cat.t("goofspiel.tie", value=event["value"])
        return cat.t("goofspiel.won", player=names[event["p"]], value=event["value"])

    def log_round(self, event: Event) -> int | None:
        return None

    def reason(self, refusal: Refusal, names: Sequence[str], cat: i18n.Catalog) -> str:
        return cat.t(f"rule.{refusal.rule}")


GOOFSPIEL_PAGE = GoofspielPage()
