"""What the page shows of the open game beyond its record, kept beside it in storage as
`<key>.notes`, so that a reload shows the game as it was: the "Just now" notes, the log's notes
of what was taken back (and whose decisions undo is taking back), and a round's summary not yet
read.

Why not in the record: the record is the game (what a file or another browser replays); these
are the page's own, and worded afresh from the game's events in the language of the moment, so
only event indices and actions are kept, never sentences. A note that does not fit the record
it is read against (a hand edit, another tab's newer save) is dropped, never trusted.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypedDict

from tabletop.game import Action


class RoundShown(TypedDict):
    """A round's summary on screen: its events (start, end), each seat's points at its start
    and end, and whether the game ended with it."""

    start: int
    end: int
    before: list[int]
    after: list[int]
    final: bool


class Notes(TypedDict):
    #: Where the "Just now" notes begin in the game's events (the last person's decision).
    happened: int
    #: What was taken back: (events standing then, the action in the record's words).
    takebacks: list[tuple[int, str]]
    #: The seat whose decisions undo is taking back (history.History.undoing).
    undoing: int | None
    summary: RoundShown | None


def dumps(notes: Notes) -> str:
    return json.dumps(notes)


def loads(
    text: str | None, events: int, seats: int, parse: Callable[[str], Action]
) -> tuple[Notes, list[tuple[int, Action]]] | None:
    """The notes of a game whose replay gave `events` events for `seats` seats, with its
    takebacks parsed by the game's codec; None if there are none or they do not fit."""
    if text is None or len(text) > 200_000:
        return None
    try:
        notes: Any = json.loads(text)
        takebacks = [(int(at), parse(str(line))) for at, line in notes["takebacks"]]
        happened, undoing, summary = notes["happened"], notes["undoing"], notes["summary"]
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    if not _index(happened, events) or not all(_index(at, events) for at, _ in takebacks):
        return None
    if undoing is not None and not (_int(undoing) and 0 <= undoing < seats):
        return None
    if summary is not None and not _round(summary, events, seats):
        return None
    return notes, takebacks


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _index(value: Any, events: int) -> bool:
    return _int(value) and 0 <= value <= events


def _round(summary: Any, events: int, seats: int) -> bool:
    if not isinstance(summary, dict) or set(summary) != set(RoundShown.__annotations__):
        return False
    points = [summary["before"], summary["after"]]
    return (
        _index(summary["start"], events)
        and _index(summary["end"], events)
        and summary["start"] < summary["end"]
        and all(isinstance(p, list) and len(p) == seats and all(map(_int, p)) for p in points)
        and isinstance(summary["final"], bool)
    )
