"""What every part of the board's drawing shares: the view, the players' names and colours, the
catalog and what may be clicked (`Board`), and how a keyed thing becomes a button or a plain
element with its explanation.

Why a module of its own: the castle's board (board.py), the winter strip (winter_board.py), the
players' panels and the round track all draw with it, and none of them may import another's
drawing to get it (that was an import circle between board.py and winter_board.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from castle.scoring import preview
from web.castle_page import art
from web.shell.html import button, esc, tag
from web.shell.settings import SEAT_COLOURS

Clickable = dict[str, tuple[str | None, str | None]]
View = Mapping[str, Any]


class Catalog(Protocol):
    def t(self, key: str, /, **params: object) -> str: ...

    def join(self, items: Iterable[str], last: str = "list.and") -> str: ...


class Board:
    """What every part of the drawing needs: the view, the players and the catalog."""

    def __init__(
        self,
        view: View,
        names: Sequence[str],
        colours: Sequence[str],
        cat: Catalog,
        clickable: Clickable,
    ) -> None:
        self.view = view
        self.names = names
        self.colours = colours
        self.cat = cat
        self.clickable = clickable
        self.values = _place_values(view)

    def t(self, key: str, /, **params: object) -> str:
        return self.cat.t(key, **params)

    def name(self, seat: int) -> str:
        return player_name(self.names, seat, self.cat)

    def colour(self, seat: int) -> str:
        return player_colour(self.colours, seat)

    def element(self, key: str, inner: str, cls: str, label: str, explain: str = "") -> str:
        """A keyed element: a button when `clickable` names its key, else a plain element.
        `explain` (what the thing is, from the rules help) shows on hover with the label, and
        on a tap where the tap plays nothing (`data-explain`, which the page puts in its status
        line)."""
        title = f"{label}\n{explain}" if explain else label
        more = explain or None
        topic = key.replace(":", "-") if explain else None  # its entry in the rules help
        if key in self.clickable:
            # A control's name is what it shows followed by the label (WCAG 2.5.3: a voice
            # command naming the visible words must reach it), not the label alone.
            inner += tag("span", esc(f" {label}"), class_="sr")
            act, reason = self.clickable[key]
            if act is None and not reason:
                reason = self.t("board.not_now")
            if act is None:
                return button(
                    inner,
                    None,
                    reason,
                    class_=cls,
                    data_key=key,
                    data_explain=more,
                    data_topic=topic,
                )
            return button(inner, act, class_=cls, title=title, data_key=key)
        return tag(
            "div",
            inner,
            class_=cls,
            data_key=key,
            title=title,
            data_explain=more,
            data_topic=topic,
            tabindex="0",
        )

    def helper(self, seat: int, label: str, cls: str = "") -> str:
        return art.helper(self.colour(seat), label, cls)


def player_name(names: Sequence[str], seat: int, cat: Catalog) -> str:
    """The seat's name, or "Player n" when the page gave none."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return cat.t("board.seat", n=seat + 1)


def player_colour(colours: Sequence[str], seat: int) -> str:
    """The seat's colour if style.css knows it (c-<colour>), else the seat's default one."""
    if 0 <= seat < len(colours) and colours[seat] in SEAT_COLOURS:
        return colours[seat]
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _place_values(view: View) -> dict[str, int]:
    """What each existing place would score if the game ended now (the engine's preview)."""
    try:
        return preview(view["places"], view["tiles"], view["forge"])
    except (KeyError, TypeError):
        return {}
