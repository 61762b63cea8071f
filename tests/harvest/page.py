"""The tests' Harvest on the page's shell: no board or panel of its own, only what every GameUI
must say, so its menu turn, its interrupt and its rolls are played through the shell's generic
blocks (and its undo stops at a roll or a draw: tabletop.chance.revealed_to)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from small_page import SmallPage

from harvest import HARVEST, HARVEST_STRATEGY, scores
from tabletop.game import Action, Event, Json
from tabletop.refusal import Refusal
from web.shell import i18n
from web.shell.app import App
from web.shell.generic_panel import label
from web.shell.html import esc, tag


class HarvestPage(SmallPage):
    game = HARVEST
    catalogs = (i18n.SHELL, Path(__file__).resolve().parent / "i18n")
    strategy = HARVEST_STRATEGY
    iterations = 100
    rules_key = "harvest.rules"

    def action_text(self, app: App, action: Action) -> str:
        """A seat worded as its grower's name (the generic label would say its number)."""
        if action["do"] == "give_to":
            return app.t("harvest.give_to", player=app.names[action["to"]])
        if action["do"] == "gather":
            suns, rain = action["amounts"]
            return app.t("harvest.gather", suns=suns, rain=rain)
        return label(app, action)

    def progress(self, state: Any) -> Json:
        return {"round": state.round}

    def progress_text(self, app: App, progress: Json) -> str:
        return app.t("harvest.round", round=progress.get("round", 1))

    def cover_hint(self, app: App) -> str:
        return app.t("harvest.cover_hint")

    def table(self, app: App, state: Any) -> str:
        gardens = ", ".join(f"{n}: {v}" for n, v in zip(app.names, scores(state), strict=False))
        return tag("section", tag("p", esc(gardens)), id="board")

    round_end_step: str | None = "round_end"
    summary_events: tuple[str, ...] = (
        "gathered",
        "planted",
        "accepted",
        "declined",
        "composted",
        "ripened",
    )

    def points(self, event: Event) -> tuple[int, int] | None:
        if event["e"] in ("planted", "rain_scored"):
            return event["p"], event["vp"]
        return None

    def scores(self, state: Any) -> list[int]:
        return scores(state)

    def describe(self, event: Event, names: Sequence[str], cat: i18n.Catalog) -> str | None:
        kind = event["e"]
        if kind == "round_started":
            return cat.t("harvest.weather", die=event["die"])
        if kind in (
            "gathered",
            "drew",
            "planted",
            "offered",
            "accepted",
            "declined",
            "composted",
            "rain_scored",
            "ripened",
        ):
            params = {k: v for k, v in event.items() if k not in ("e", "shown")}
            for key in ("p", "to", "offerer"):
                if key in params:
                    params[key] = names[params[key]]
            for key in ("cards", "order"):
                if key in params:
                    params[key] = cat.join(str(card) for card in params[key])
            return cat.t(f"harvest.{kind}", **params)
        return None

    def log_round(self, event: Event) -> int | None:
        return event["round"] if event["e"] == "round_started" else None

    def reason(self, refusal: Refusal, names: Sequence[str], cat: i18n.Catalog) -> str:
        key = f"rule.{refusal.rule}"
        return cat.t(key, **refusal.params) if cat.has(key) else refusal.rule


HARVEST_PAGE = HarvestPage()
