"""The round's cards in the order they act, with the one acting now marked.

Why: after the reveal the characters act one after another, and some of them by themselves
(the carts deliver, a Worker collects); a table that sees every revealed card in resolution
order, done ones ticked off, can follow who is acting and what comes next. Everything here is
public once the cards are revealed (the view of any seat has it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from castle import data
from web.shell.html import esc, tag

from .drawing import Catalog, player_colour, player_name


def round_track(view: Any, names: Sequence[str], colours: Sequence[str], cat: Catalog) -> str:
    """The revealed cards of the round in resolution order (empty before the reveal)."""
    players = view["players"]
    revealed = [(card, seat) for seat, p in enumerate(players) for card in p.get("revealed") or []]
    if not revealed:
        return ""
    task = view.get("task") or {}
    now = (task.get("card"), task.get("seat"))
    upcoming = [(t["card"], t["seat"]) for t in view.get("queue") or [] if t.get("card")]
    n = len(players)
    start = view.get("start_player", 0)

    def order(entry: tuple[str, int]) -> tuple[int, int]:
        card, seat = entry
        step = data.CARDS.index(card) if card in data.CARDS else len(data.CARDS)
        return step, (seat - start) % n

    later = set(upcoming)
    done = sorted((e for e in revealed if e != now and e not in later), key=order)
    entries = [(e, "done") for e in done]
    if now in revealed:
        entries.append((now, "now"))
    entries += [(e, "next") for e in upcoming if e in revealed]
    items = ""
    for (card, seat), state in entries:
        name = player_name(names, seat, cat)
        text = cat.t("board.track_entry", card=cat.t(f"card.{card}"), player=name)
        items += tag(
            "li",
            esc(text),
            class_=f"{state} c-{player_colour(colours, seat)}",
            aria_current="step" if state == "now" else None,
        )
    return tag(
        "section",
        tag("h2", esc(cat.t("board.track_title"))) + tag("ol", items),
        id="round-track",
        aria_label=cat.t("board.track_title"),
    )
