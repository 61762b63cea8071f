"""Game records: the JSON file that saves, loads, undoes and replays a game.

    {
      "format": "castle-game-record",
      "format_version": 1,          # this file's layout; a newer one is refused with a message
      "rules_version": 1,           # data.RULES_VERSION the game was played under
      "setup": {"players": 3, "seed": 7, "start_player": null},
      "actions": ["p0 select trader", "p1 select messenger", ...]
    }

A game is fully determined by its setup and its actions, so replaying the actions from the
setup gives the identical state. `setup` may carry more keys for the page (player names,
colours); the engine ignores them.
"""

from __future__ import annotations

import json
from typing import Any, TypeGuard

from tabletop.refusal import IllegalAction
from tabletop.stage import Events

from . import data
from .actions import Action, ParseError, parse, to_text
from .engine import apply, new_game
from .state import State

FORMAT = "castle-game-record"
FORMAT_VERSION = 1

Record = dict[str, Any]


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the problem."""


def new_record(
    players: int, seed: int = 0, start_player: int | None = None, **extra: Any
) -> Record:
    setup = {"players": players, "seed": seed, "start_player": start_player, **extra}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "rules_version": data.RULES_VERSION,
        "setup": setup,
        "actions": [],
    }


def dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def loads(text: str) -> Record:
    """Parse and check a record's layout (not its actions: `replay` does that)."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not a JSON file ({e.msg} at line {e.lineno})") from None
    check(record)
    return record  # type: ignore[no-any-return]


def _whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (JSON's true/false and 2.0 are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check(record: Any) -> None:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("not a Castle for All Seasons game record")
    version = record.get("format_version")
    if not _whole(version):
        raise RecordError("the record has no format version")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"the record is of format version {version}, newer than this program's "
            f"{FORMAT_VERSION}: update the program to read it"
        )
    if record.get("rules_version") != data.RULES_VERSION:
        raise RecordError(
            f"the record was played under rules version {record.get('rules_version')}, "
            f"this program has {data.RULES_VERSION}"
        )
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("the record has no setup")
    players, seed, start = setup.get("players"), setup.get("seed"), setup.get("start_player")
    if not _whole(players) or players not in data.PLAYER_COUNTS:
        raise RecordError(f"setup: players must be one of {data.PLAYER_COUNTS}")
    if not _whole(seed):
        raise RecordError("setup: seed must be a whole number")
    if start is not None and (not _whole(start) or not 0 <= start < players):
        raise RecordError(f"setup: start_player must be empty or 0..{players - 1}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of action lines")


def start(record: Record) -> tuple[State, Events]:
    setup = record["setup"]
    return new_game(setup["players"], setup["seed"], setup["start_player"])


def replay(record: Record, upto: int | None = None) -> tuple[State, Events]:
    """The state after the record's actions (the first `upto` of them), and all their events.

    Raises RecordError naming the action (1-based) that cannot be read or is refused.
    """
    check(record)
    s, ev = start(record)
    for number, line in enumerate(record["actions"][:upto], start=1):
        try:
            action = parse(line)
            ev += apply(s, action)
        except ParseError as e:
            raise RecordError(f"action {number} ({line!r}) cannot be read: {e}") from None
        except IllegalAction as e:
            raise RecordError(f"action {number} ({line!r}) is not allowed: {e.refusal}") from None
    return s, ev


def append(record: Record, action: Action) -> None:
    record["actions"].append(to_text(action))
