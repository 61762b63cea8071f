"""Game records, for any game: the JSON file that saves, loads, undoes and replays a game.

    {
      "format": "<game>-game-record",   # e.g. "castle-game-record"
      "format_version": 1,              # this file's layout; a newer one is refused
      "rules_version": 1,               # the game's rules version it was played under
      "setup": {"players": 3, "seed": 7, ...},
      "actions": ["p0 select trader", "p1 select messenger", ...]
    }

A game is fully determined by its setup and its actions, so replaying the actions from the
setup gives the identical state. The game checks its own setup (`Game.setup_error`) and starts
from it (`Game.start`); `setup` may carry more keys for the page (names, colours), which games
ignore.
"""

from __future__ import annotations

import json
from typing import Any, TypeGuard, TypeVar

from .actions import ParseError
from .game import Event, Game, Json
from .refusal import IllegalAction

FORMAT_VERSION = 1

Record = dict[str, Any]
S = TypeVar("S")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the problem."""


def record_format(game: Game[Any]) -> str:
    return f"{game.name}-game-record"


def whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (JSON's true/false and 2.0 are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def new_record(game: Game[Any], setup: Json) -> Record:
    return {
        "format": record_format(game),
        "format_version": FORMAT_VERSION,
        "rules_version": game.rules_version,
        "setup": setup,
        "actions": [],
    }


def dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def loads(game: Game[Any], text: str) -> Record:
    """Parse and check a record's layout (not its actions: `replay` does that)."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not a JSON file ({e.msg} at line {e.lineno})") from None
    check(game, record)
    return record  # type: ignore[no-any-return]


def check(game: Game[Any], record: Any) -> None:
    if not isinstance(record, dict) or record.get("format") != record_format(game):
        raise RecordError(f"not a game record of {game.title}")
    version = record.get("format_version")
    if not whole(version):
        raise RecordError("the record has no format version")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"the record is of format version {version}, newer than this program's "
            f"{FORMAT_VERSION}: update the program to read it"
        )
    if record.get("rules_version") != game.rules_version:
        raise RecordError(
            f"the record was played under rules version {record.get('rules_version')}, "
            f"this program has {game.rules_version}"
        )
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("the record has no setup")
    problem = game.setup_error(setup)
    if problem:
        raise RecordError(f"setup: {problem}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of action lines")


def replay(game: Game[S], record: Record, upto: int | None = None) -> tuple[S, list[Event]]:
    """The state after the record's actions (the first `upto` of them), and all their events.

    Raises RecordError naming the action (1-based) that cannot be read or is refused.
    """
    check(game, record)
    s, ev = game.start(record["setup"])
    ev += play_on(game, s, record["actions"][:upto])
    return s, ev


def play_on(game: Game[S], s: S, lines: list[str], first: int = 1) -> list[Event]:
    """Apply action lines to `s` (numbered from `first` in errors); returns their events."""
    ev: list[Event] = []
    for number, line in enumerate(lines, start=first):
        try:
            ev += game.apply(s, game.parse_action(line))
        except ParseError as e:
            raise RecordError(f"action {number} ({line!r}) cannot be read: {e}") from None
        except IllegalAction as e:
            raise RecordError(f"action {number} ({line!r}) is not allowed: {e.refusal}") from None
    return ev
