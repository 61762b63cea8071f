"""The tests' Goofspiel on the page's shell: no board or panel of its own, only what every
GameUI must say, so everything on screen comes from the shell's generic blocks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from small_page import SmallPage

from goofspiel import GOOFSPIEL, GOOFSPIEL_STRATEGY
from tabletop.game import Event, Json
from tabletop.refusal import Refusal
from web.shell import i18n
from web.shell.app import App
from web.shell.html import esc, tag


class GoofspielPage(SmallPage):
    game = GOOFSPIEL
    catalogs = (i18n.SHELL, Path(__file__).resolve().parent / "i18n")
    strategy = GOOFSPIEL_STRATEGY
    iterations = 200
    rules_key = "goofspiel.rules"

    def progress(self, state: Any) -> Json:
        return {"prizes_left": len(state.deck)}

    def progress_text(self, app: App, progress: Json) -> str:
        return app.t("goofspiel.prizes_left", count=progress.get("prizes_left", 0))

    def cover_hint(self, app: App) -> str:
        return app.t("goofspiel.cover_hint")

    def table(self, app: App, state: Any) -> str:
        scores = ", ".join(f"{n}: {v}" for n, v in zip(app.names, state.scores, strict=False))
        return tag("section", tag("p", esc(scores)), id="board")

    round_end_step: str | None = None  # the board behind a summary is already the next trick
    summary_events: tuple[str, ...] = ("won",)

    def points(self, event: Event) -> tuple[int, int] | None:
        if event["e"] == "won" and event["p"] is not None:
            return event["p"], event["value"]
        return None

    def scores(self, state: Any) -> list[int]:
        return list(state.scores)

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
