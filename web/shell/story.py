"""The round as a story: what the game did by itself since a person last decided, and at the end
of each round a summary that stays until it is dismissed.

Why: one click can pay, end a turn, deliver the carts and start the next round; without these
the next thing on screen would be the next round's cover, and a table could not follow what
happened. Both are made of the game's own log sentences (`GameUI.describe`), so they say
nothing the log does not, and nothing hidden: a secret answer's event only says that a seat
has chosen.

Nothing here knows the game: a round begins where `GameUI.log_round` says, the summary keeps the
events `GameUI.summary_events` names, and the points gained come from `GameUI.scores`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.game import Event

from .i18n import Catalog
from .ui import GameUI

#: The most notes kept of what happened since a person last decided (the log has them all).
NOTES = 8


@dataclass(frozen=True)
class Summary:
    """A round that is over, as its summary shows it."""

    round: int
    #: Each seat's points when the round began and when it ended.
    before: tuple[int, ...]
    after: tuple[int, ...]
    #: The round's sentences worth a summary (who built what, deliveries, bonuses).
    lines: tuple[str, ...]


class Told(Protocol):
    """What a story is told from: the open game's events and its page's words (the controller,
    web.shell.app.App, is one; a Protocol, since the controller imports this module)."""

    @property
    def ui(self) -> GameUI[Any]: ...
    @property
    def cat(self) -> Catalog: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def state(self) -> Any: ...


def notes(app: Told, events: list[Event]) -> list[str]:
    """The events of one action as sentences of the log."""
    out = []
    for e in events:
        text = app.ui.describe(e, app.names, app.cat)
        if text:
            out.append(text)
    return out


def round_start(app: Told) -> int:
    """Where the round in progress began in the open game's events (0: with the game)."""
    for i in range(len(app.events) - 1, -1, -1):
        if app.ui.log_round(app.events[i]) is not None:
            return i
    return 0


def summary(app: Told, start: int, end: int, before: list[int]) -> Summary | None:
    """The summary of the round whose events are app.events[start:end], or None if the game
    names no round there."""
    began = app.ui.log_round(app.events[start]) if start < len(app.events) else None
    if began is None:
        return None
    kept = set(app.ui.summary_events)
    lines = []
    for e in app.events[start:end]:
        if e.get("e") in kept:
            text = app.ui.describe(e, app.names, app.cat)
            if text:
                lines.append(text)
    after = app.ui.scores(app.state)
    return Summary(began, tuple(before), tuple(after), tuple(lines))
