"""Game records: the JSON file that saves, loads, undoes and replays a game.

    {
      "format": "castle-game-record",
      "format_version": 1,          # this file's layout; a newer one is refused with a message
      "rules_version": 1,           # data.RULES_VERSION the game was played under (older ones
                                    # replay through castle/migrations.py)
      "setup": {"players": 3, "seed": 7, "start_player": null},
      "actions": ["p0 select trader", "p1 select messenger", ...]
    }

A game is fully determined by its setup and its actions, so replaying the actions from the
setup gives the identical state. `setup` may carry more keys for the page (player names,
colours); the engine ignores them. The codec is tabletop.record's; this module gives it
Castle's setup.
"""

from __future__ import annotations

from typing import Any

from tabletop import record as records
from tabletop.record import FORMAT_VERSION, NewerRules, OldRules, Record, RecordError, dumps

from .game import CASTLE
from .state import State

FORMAT = records.record_format(CASTLE)

__all__ = ["FORMAT", "FORMAT_VERSION", "NewerRules", "OldRules", "Record", "RecordError", "dumps"]


def new_record(
    players: int, seed: int = 0, start_player: int | None = None, **extra: Any
) -> Record:
    return records.new_record(
        CASTLE, {"players": players, "seed": seed, "start_player": start_player, **extra}
    )


def loads(text: str | bytes) -> Record:
    """Read and check a record (tabletop.record.loads): every field, every action line parsed;
    applying them is `replay`'s. Raises RecordError only."""
    return records.loads(CASTLE, text)


def start(record: Record) -> tuple[State, list[dict[str, Any]]]:
    return CASTLE.start(record["setup"])


def replay(record: Record, upto: int | None = None) -> tuple[State, list[dict[str, Any]]]:
    """The state after the record's actions (the first `upto` of them), and all their events.

    Raises RecordError naming the action (1-based) that cannot be read or is refused.
    """
    return records.replay(CASTLE, record, upto)
