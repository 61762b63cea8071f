"""The computer players of the open game: which level plays each seat, what a computer is given
(its seat's view and nothing more), how it answers here or in the worker, and the pace its
moves are shown at.

Why apart from the controller: this is all a computer needs, and none of it depends on the
screen; the controller (app.py) only decides when a computer is asked (never behind a cover
or a summary) and plays its answer like a person's.
"""

from __future__ import annotations

from typing import Any

from tabletop import record as records
from tabletop.bot import Bot
from tabletop.game import Action, Json

from .settings import DEFAULT_PACE, PACE, PACES, Settings
from .ui import GameUI


class Computers:
    def __init__(self, settings: Settings, ui: GameUI[Any]) -> None:
        self.settings = settings
        self.ui = ui
        #: Seconds a searching computer may think per decision (None: its own budget).
        self.think_seconds: float | None = 1.5
        #: The computer players of the game in progress, by seat and level (made when first
        #: asked, since a bot may remember what it searched).
        self._bots: dict[tuple[int, str], Bot] = {}

    def forget(self) -> None:
        """Another game: its computers start afresh."""
        self._bots = {}

    def levels(self, rec: records.Record) -> list[str | None]:
        """The level playing each seat (None: a person). Kept in the record's setup, which
        the page updates when a seat is handed over; the game itself never reads it."""
        setup = rec["setup"]
        levels = setup.get("computers")
        if not isinstance(levels, list) or len(levels) != setup["players"]:
            return [None] * setup["players"]
        return [level if level in self.ui.levels else None for level in levels]

    def searches(self, level: str | None) -> bool:
        """Whether a level searches (the page asks its worker, not its own thread)."""
        return level in self.ui.searching

    def request(self, state: Any, rec: records.Record, seat: int) -> Json:
        """What a computer player is given: its level, its seat's view and nothing more, a seed
        and its time, and the number of actions so far (to match the answer to the moment)."""
        levels = self.levels(rec)
        level = levels[seat]
        assert level is not None
        moves = len(rec["actions"])
        return {
            "game": self.ui.game.name,
            "level": level,
            "seat": seat,
            "view": self.ui.game.view(state, seat),
            "seed": rec["setup"]["seed"] * 1009 + moves * 31 + seat,
            "seconds": self.seconds(state, levels),
            "moves": moves,
        }

    def seconds(self, state: Any, levels: list[str | None]) -> float | None:
        """The time a computer asked now may think. A secret choice is thought over while the
        people choose, longer than any other decision (tabletop.search.Budget.scaled); the
        computers asked think one after another in the page's one worker, so they share that
        time, and the table waits no longer for three than for one."""
        seconds = self.think_seconds
        game = self.ui.game
        asked = game.asked(state)
        prompt = game.prompt(state, asked[0]) if asked else None
        if seconds is None or prompt is None or not prompt["secret"]:
            return seconds
        computers = sum(1 for seat in asked if levels[seat] in self.ui.searching)
        return seconds / max(1, computers)

    def choose(self, request: Json, fallback: bool = False) -> Action:
        """A computer's action, computed here: the quick levels, and (`fallback`) the
        quickest level but one for a searching seat whose worker cannot run."""
        level = request["level"]
        if fallback:
            quick = [lv for lv in self.ui.levels if lv not in self.ui.searching]
            level = quick[-1] if quick else level
        key = (request["seat"], level)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self.ui.bot(level, request["seed"], request["seconds"])
        return bot.choose(request["view"], request["seat"])

    @property
    def pace(self) -> float:
        """Seconds a computer's action waits before it is played."""
        value = self.settings.get(PACE) or DEFAULT_PACE
        return float(value) if value in PACES else float(DEFAULT_PACE)
