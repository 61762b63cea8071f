"""The round as a story: what the game did by itself since a person last decided, and at the end
of each round a summary that stays until it is dismissed.

Why: one click can pay, end a turn, deliver the carts and start the next round; without these
the next thing on screen would be the next round's cover, and a table could not follow what
happened. Both are made of the game's own log sentences (`GameUI.describe`), so they say
nothing the log does not, and nothing hidden: a secret answer's event only says that a seat
has chosen.

Nothing here knows the game: a round begins where `GameUI.log_round` says, the summary keeps the
events `GameUI.summary_events` names, under the seat each is about, with every event that gives
points (`GameUI.points`), so that each seat's lines add up to the change in its score
(`GameUI.scores`); the cards each seat played come from `GameUI.cards_played`.
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
class Line:
    """One sentence of a seat's round, and the points it brought that seat (0: none)."""

    text: str
    points: int = 0


@dataclass(frozen=True)
class SeatRound:
    """One seat's round: the cards it played (in words) and what they did, in order."""

    cards: str = ""
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Summary:
    """A round that is over, as its summary shows it."""

    round: int
    #: Each seat's points when the round began and when it ended.
    before: tuple[int, ...]
    after: tuple[int, ...]
    #: Each seat's round; its lines' points add up to after - before.
    seats: tuple[SeatRound, ...]
    #: What concerned the whole table (a winter card turned over, no delivery, the end).
    common: tuple[str, ...] = ()
    #: The game ended with this round: its summary has the final scoring too.
    final: bool = False
    #: The game's state as the round ended, for the board behind the summary (None: the game
    #: as it stands, the next round's start or the game's end).
    board: Any = None

    @property
    def lines(self) -> tuple[str, ...]:
        """Every sentence of the summary: the table's, then each seat's."""
        return self.common + tuple(line.text for seat in self.seats for line in seat.lines)


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


def summary(
    app: Told, start: int, end: int, before: list[int], after: list[int], final: bool = False
) -> Summary | None:
    """The summary of the round whose events are app.events[start:end], or None if the game
    names no round there. `before` and `after` are each seat's points when it began and ended;
    `final`: the game ended with it."""
    began = app.ui.log_round(app.events[start]) if start < len(app.events) else None
    if began is None:
        return None
    kept = set(app.ui.summary_events)
    seats = len(app.names)
    cards = [""] * seats
    lines: list[list[Line]] = [[] for _ in range(seats)]
    common: list[str] = []
    for e in app.events[start:end]:
        played = app.ui.cards_played(e, app.cat)
        if played is not None:
            cards = [*played, *[""] * seats][:seats]
            continue
        scored = app.ui.points(e)
        if scored is None and e.get("e") not in kept:
            continue
        text = app.ui.describe(e, app.names, app.cat) or ""
        seat, points = scored if scored is not None else (e.get("p"), 0)
        if isinstance(seat, int) and 0 <= seat < seats:
            if text or points:
                lines[seat].append(Line(text, points))
        elif text:
            common.append(text)
    return Summary(
        began,
        tuple(before),
        tuple(after),
        tuple(SeatRound(c, tuple(ls)) for c, ls in zip(cards, lines, strict=True)),
        tuple(common),
        final,
    )
