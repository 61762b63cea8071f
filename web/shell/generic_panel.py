"""The generic decision panel: any prompt, answered by picking one of its legal actions.

A game's own panels (panels.py for Castle) show a decision at its best: payments suggested,
places on the board. A prompt that has no panel of its own (a new stage, a winter card before
its panel exists, a second game) is still playable here: one button per legal action, worded
from the catalogs where they have a word for it, with the action's text form otherwise. It
knows nothing of any game: only the prompt and the action codec's fields.
"""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.game import Action, Game, Prompt

from .html import button, esc, tag
from .i18n import Catalog
from .ui import GameUI


class Asked(Protocol):
    """What the panel reads of the controller (web.shell.app.App is one; a Protocol, so that a
    game's page can word its actions with `label` without this module naming the controller)."""

    @property
    def ui(self) -> GameUI[Any]: ...
    @property
    def cat(self) -> Catalog: ...
    @property
    def game(self) -> Game[Any]: ...
    @property
    def state(self) -> Any: ...
    def t(self, key: str, /, **params: Any) -> str: ...
    def play(self, action: Action) -> str: ...
    def prompt(self, seat: int) -> Prompt | None: ...


def word(app: Asked, value: Any) -> str:
    """A field's value in the player's language, if the catalogs have it."""
    if isinstance(value, bool):
        return app.t("app.yes") if value else app.t("app.no")
    if isinstance(value, list):
        return ", ".join(word(app, v) for v in value)
    for family in app.ui.word_families:
        key = f"{family}.{value}"
        if app.cat.has(key):
            return app.t(key)
    return str(value)


def label(app: Asked, action: Action) -> str:
    """One option's words: its verb (if the catalogs name it) and its fields."""
    verb = action["do"]
    parts = [app.t(f"verb.{verb}") if app.cat.has(f"verb.{verb}") else verb]
    parts += [word(app, value) for name, value in action.items() if name not in ("p", "do")]
    return " ".join(parts)


def generic_panel(app: Asked, seat: int) -> str:
    """The buttons of every legal action of `seat` now, each worded by the game's page
    (`GameUI.action_text`: `label` for a game without words of its own)."""
    game, state = app.game, app.state
    prompt = app.prompt(seat)
    assert prompt is not None, f"seat {seat} is not asked"
    buttons = [
        button(esc(app.ui.action_text(app, a)), app.play(a), None, data_action=game.action_text(a))
        for a in game.legal_actions(state, seat)
    ]
    return tag("div", "".join(buttons), class_="options generic", data_kind=prompt["kind"])
