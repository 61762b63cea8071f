"""Where the keyboard's focus goes after a redraw, and what a screen reader is told: the rules
of it, apart from the DOM (web/main.py moves the focus and fills the live region), so that
they are tested without a browser.

A redraw replaces every element, so the focus is always put somewhere again. A new moment (a
decision, a cover, a round's summary before a person) takes it to the decision and is
announced; the rules help takes it to its Close and gives it back where it was on closing;
anything else (a click that changes nothing of the moment) puts it back where it was.
"""

from __future__ import annotations

from typing import Literal, Protocol

from tabletop import record as records

#: What a redraw does with the focus: to the help's Close ("help"), back where it was
#: ("stay"), to the new decision and announce it ("decision"), or back where it was before the
#: help opened ("back").
Move = Literal["help", "stay", "decision", "back"]
#: The most log sentences one announcement says (the log has them all).
SAID = 8


class Shown(Protocol):
    """What the focus follows of the controller (web.shell.app.App is one)."""

    @property
    def screen(self) -> str: ...
    @property
    def record(self) -> records.Record | None: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def revealing(self) -> bool: ...
    @property
    def summary(self) -> object: ...


def moment(app: Shown) -> str:
    """What the screen asks of whom: when it changes, a person has something new before them."""
    actions = len(app.record["actions"]) if app.record is not None else -1
    return f"{app.screen}:{actions}:{app.viewer}:{app.revealing}:{app.summary is not None}"


class Attention:
    """What the page has shown and said so far: the moment at the last redraw, whether the
    help was open, and how many of a game's log sentences a screen reader has heard."""

    def __init__(self) -> None:
        self.shown: str | None = None
        self.help_was_open = False
        self.heard: tuple[str | None, int] = (None, 0)

    def after_redraw(self, now: str, help_open: bool, computer_deciding: bool) -> Move:
        """Where the focus goes after a redraw at moment `now`. The rules help is not a moment:
        a moment that changes under it is taken up once it closes. While a computer decides
        the focus stays, and its move is the next moment."""
        if help_open and not self.help_was_open:
            move: Move = "help"
        elif help_open:
            move = "stay"
        elif now != self.shown and not computer_deciding:
            move = "decision"
        elif self.help_was_open:
            move = "back"
        else:
            move = "stay"
        if now != self.shown and not help_open:
            self.shown = now
        self.help_was_open = help_open
        return move

    def news(self, game: str | None, lines: list[str]) -> list[str]:
        """The log's sentences not yet told of the open game (`game`: its key), the last
        `SAID` of them; none on first seeing a game, whose whole log is on screen."""
        heard_game, count = self.heard
        self.heard = (game, len(lines))
        if heard_game != game or count >= len(lines):
            return []
        return lines[count:][-SAID:]
