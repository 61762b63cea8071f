"""Every saved game of a game in one file: the backup a player downloads, and its restoring.

    {
      "format": "castle-backup",
      "format_version": 1,
      "games": [{"title": "Sunday's game", "record": "<the save, as stored>"}, ...]
    }

A record is kept as the text it was stored as, so that a save which cannot be read travels
unchanged too. Restoring reads the whole file first (bounded like a record: tabletop.record)
and writes nothing if it is not a backup; then each game that can be read and is not saved
already (the same text) gets a key of its own (saves.SavedGames.restore), and the player is told
how many were restored, were there already, or could not be read.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tabletop import record as records
from tabletop.game import Game

from . import storage

FORMAT_VERSION = 1
#: A browser keeps about 5 MB for a site: a backup of all of it is below this.
MAX_CHARS = 8_000_000
MAX_GAMES = 2_000


class BackupError(ValueError):
    """A file that is not a backup this program can restore; the message says why."""


def backup_format(game: Game[Any]) -> str:
    return f"{game.name}-backup"


def is_backup(game: Game[Any], text: str | bytes) -> bool:
    """Whether a file is a backup (then `restore` reads it, else it is a record): a JSON object
    whose own `format` says so. Told by its structure, not by a substring: a record whose
    player is named like the format stays a record. A file too large or too deep to read is
    judged by how it begins, so that its refusal can speak of a backup."""
    try:
        words = records.decode(text)
    except ValueError:
        return False
    if backup_format(game) not in words[:1000]:
        return False  # a record (most files): read once, by the record's reader
    if len(words) > MAX_CHARS or records.json_depth(words) > records.MAX_DEPTH:
        return opens_as_backup(game, words)
    try:
        data = json.loads(words)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == backup_format(game)


def opens_as_backup(game: Game[Any], opening: str) -> bool:
    """Whether a file's first characters open a backup (`{"format": "castle-backup"`, as
    `dumps` writes it): how a file too large or too deep to be read is judged, so that its
    refusal speaks of a backup."""
    pattern = rf'\s*\{{\s*"format"\s*:\s*"{re.escape(backup_format(game))}"'
    return re.match(pattern, opening.removeprefix("\ufeff")[:200]) is not None


def too_large(size: int) -> str:
    """Why a file of `size` characters (or bytes) is refused as a backup."""
    return (
        f"the file is too large for a backup ({size / 1e6:.1f} million characters; "
        f"at most {MAX_CHARS / 1e6:g} million)"
    )


def dumps(game: Game[Any], games: list[tuple[str, str]]) -> str:
    """The backup of these (title, record text) pairs."""
    saved = [{"title": title, "record": text} for title, text in games]
    return json.dumps(
        {"format": backup_format(game), "format_version": FORMAT_VERSION, "games": saved},
        ensure_ascii=False,
        indent=1,
    )


def loads(game: Game[Any], text: str | bytes) -> list[tuple[str, str]]:
    """The (title, record text) pairs of a backup, checked; BackupError otherwise."""
    try:
        text = records.decode(text)
    except ValueError as e:
        raise BackupError(f"{e} (a backup is UTF-8 JSON)") from None
    if len(text) > MAX_CHARS:
        raise BackupError(too_large(len(text)))
    if records.json_depth(text) > records.MAX_DEPTH:
        raise BackupError("not a backup: its JSON is nested too deeply")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise BackupError(f"not a JSON file ({e})"[:120]) from None
    if not isinstance(data, dict) or data.get("format") != backup_format(game):
        raise BackupError(f"not a backup of {game.title}")
    version = data.get("format_version")
    if not records.whole(version) or not 1 <= version <= FORMAT_VERSION:
        raise BackupError(
            f"a backup of format version {records.quote(version)}: this program reads "
            f"version {FORMAT_VERSION} (update it to read a newer one)"
        )
    games = data.get("games")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise BackupError(f"its games must be a list of at most {MAX_GAMES}")
    out = []
    for number, item in enumerate(games, start=1):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("title", ""), str)
            or not isinstance(item.get("record"), str)
        ):
            raise BackupError(f"game {number} must have a title and a record (text)")
        out.append((item.get("title", "")[: storage.TITLE_LENGTH], item["record"]))
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")
