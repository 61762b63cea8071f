"""The tests' Harvest on the page's shell: no board or panel of its own, only what every GameUI
must say, so its menu turn, its interrupt and its rolls are played through the shell's generic
blocks (and its undo stops at a roll or a draw: tabletop.chance.revealing)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harvest import HARVEST, HARVEST_STRATEGY, scores
from tabletop.bot import Bot, GreedyBot, Plan, RandomBot
from tabletop.game import Action, Event, Json
from tabletop.refusal import Refusal
from tabletop.search import Budget, SearchBot
from web.shell import i18n, screens
from web.shell.app import App
from web.shell.generic_panel import label
from web.shell.html import esc, tag


class HarvestPage:
    game = HARVEST
    catalogs = (i18n.SHELL, Path(__file__).resolve().parent / "i18n")
    version = "1"
    word_families = ()
    levels = ("easy", "medium", "hard")
    searching = ("hard",)
    strategy = HARVEST_STRATEGY

    def plan_text(self, app: App, plan: Plan) -> str:
        return label(app, plan[0])

    def action_text(self, app: App, action: Action) -> str:
        return label(app, action)

    def bot(self, level: str, seed: int, seconds: float | None) -> Bot:
        if level == "easy":
            return RandomBot(HARVEST_STRATEGY, seed)
        if level == "medium":
            return GreedyBot(HARVEST_STRATEGY, seed)
        return SearchBot(HARVEST_STRATEGY, seed, Budget(iterations=100, seconds=seconds))

    def setup_fields(self, app: App) -> str:
        return ""

    def setup(self, form: Mapping[str, str], players: int) -> Json:
        return {}

    def progress(self, state: Any) -> Json:
        return {"round": state.round}

    def progress_text(self, app: App, progress: Json) -> str:
        return app.t("harvest.round", round=progress.get("round", 1))

    def variant_text(self, app: App, progress: Json) -> str:
        return ""

    def reveal_text(self, app: App) -> str:
        return app.t("app.reveal")

    def cover_hint(self, app: App) -> str:
        return app.t("harvest.cover_hint")

    def screen(self, app: App) -> str:
        return screens.generic_screen(app)

    def table(self, app: App, state: Any) -> str:
        gardens = ", ".join(f"{n}: {v}" for n, v in zip(app.names, scores(state), strict=False))
        return tag("section", tag("p", esc(gardens)), id="board")

    round_end_step: str | None = "round_end"
    summary_events: tuple[str, ...] = ("planted", "accepted", "declined")

    def points(self, event: Event) -> tuple[int, int] | None:
        if event["e"] == "planted":
            return event["p"], event["vp"]
        return None

    def cards_played(self, event: Event, cat: i18n.Catalog) -> list[str] | None:
        return None

    def scores(self, state: Any) -> list[int]:
        return scores(state)

    def help(self, app: App, topic: str | None) -> str:
        return tag("section", tag("p", esc(app.t("harvest.rules"))), id="help")

    def rules(self, app: App) -> str:
        return tag("p", esc(app.t("harvest.rules")), class_="house-rules")

    def describe(self, event: Event, names: Sequence[str], cat: i18n.Catalog) -> str | None:
        kind = event["e"]
        if kind == "round_started":
            return cat.t("harvest.weather", die=event["die"])
        if kind in ("drew", "planted", "offered", "accepted", "declined"):
            params = {k: v for k, v in event.items() if k not in ("e", "shown")}
            for key in ("p", "to", "offerer"):
                if key in params:
                    params[key] = names[params[key]]
            return cat.t(f"harvest.{kind}", **params)
        return None

    def log_round(self, event: Event) -> int | None:
        return event["round"] if event["e"] == "round_started" else None

    def reason(self, refusal: Refusal, names: Sequence[str], cat: i18n.Catalog) -> str:
        key = f"rule.{refusal.rule}"
        return cat.t(key, **refusal.params) if cat.has(key) else refusal.rule


HARVEST_PAGE = HarvestPage()
