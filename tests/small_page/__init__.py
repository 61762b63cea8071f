"""What the tests' small games (goofspiel/, harvest/) say to the page's shell alike: no board or
panel of their own, actions worded by the generic panel, the three computer levels from the
seam's bots. Each page names its game, strategy and catalogs and says the rest itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop import levels
from tabletop.bot import Bot, Plan, Strategy
from tabletop.game import Action, Event, Json
from tabletop.search import Budget
from web.shell import i18n, screens
from web.shell.app import App
from web.shell.generic_panel import label
from web.shell.html import esc, tag


class SmallPage:
    """The shared half of a small game's `web.shell.ui.GameUI`."""

    strategy: Strategy[Any]
    #: The search's iterations a decision (the page's time bound applies too).
    iterations = 200
    #: The catalog key of the game's rules in one sentence (its help and its setup's rulings).
    rules_key = ""
    version = "1"
    word_families: tuple[str, ...] = ()
    levels = ("easy", "medium", "hard")
    searching = ("hard",)

    def plan_text(self, app: App, plan: Plan) -> str:
        return label(app, plan[0])

    def action_text(self, app: App, action: Action) -> str:
        return label(app, action)

    def bot(self, level: str, seed: int, seconds: float | None) -> Bot:
        budget = Budget(iterations=self.iterations, seconds=seconds)
        return levels.make(self.strategy, level, seed, budget)

    def setup_fields(self, app: App) -> str:
        return ""

    def setup(self, form: Mapping[str, str], players: int) -> Json:
        return {}

    def variant_text(self, app: App, progress: Json) -> str:
        return ""

    def reveal_text(self, app: App) -> str:
        return app.t("app.reveal")

    def screen(self, app: App) -> str:
        return screens.generic_screen(app)

    def cards_played(self, event: Event, cat: i18n.Catalog) -> list[str] | None:
        return None

    def help(self, app: App, topic: str | None) -> str:
        return tag("section", tag("p", esc(app.t(self.rules_key))), id="help")

    def rules(self, app: App) -> str:
        return tag("p", esc(app.t(self.rules_key)), class_="house-rules")
