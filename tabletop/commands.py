"""What every game's command line shares (castle/cli.py, seasons/cli.py): a record file read
and replayed with a clear message for whatever is wrong, and the arena's levels checked."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from . import record as records
from .game import Game
from .record import RecordError


def replay_file(game: Game[Any], path: str) -> tuple[Any, int]:
    """The state the record at `path` replays to, and 0; or None and an exit code, once the
    error is printed: 2 when the file cannot be read, 1 when it is not a good record."""
    # Read no more than a record can be (a device like /dev/zero never ends): the reader
    # refuses what is too large, with a message.
    limit = 4 * records.MAX_CHARS + 1
    try:
        with open(path, "rb") as f:
            raw = f.read(limit)
    except OSError as e:
        print(f"error: cannot read {path}: {e.strerror}", file=sys.stderr)
        return None, 2
    try:
        state, _ = records.replay(game, records.loads(game, raw))
    except RecordError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return None, 1
    return state, 0


def unknown_level(bots: Sequence[str], levels: Sequence[str]) -> bool:
    """Whether a level asked for is not one of `levels` (then the error is printed)."""
    unknown = [b for b in bots if b not in levels]
    if unknown:
        print(f"error: unknown level {unknown[0]!r} (levels: {', '.join(levels)})", file=sys.stderr)
    return bool(unknown)
