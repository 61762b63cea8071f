"""Every saved game of a game in one file: the backup a player downloads, and its restoring.

    {
      "format": "castle-backup",
      "format_version": 1,
      "games": [{"title": "Sunday's game", "record": "<the save, as stored>"}, ...]
    }

A record is kept as the text it was stored as, so that a save which cannot be read travels
unchanged too. Restoring reads the whole file first (bounded like a record: tabletop.record)
and writes nothing if it is not a backup; then each game that can be read and is not saved
already (the same text) gets a key of its own, and the player is told how many were restored,
were there already, or could not be read.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from tabletop import record as records
from tabletop.game import Game

from . import storage

if TYPE_CHECKING:
    from .app import App

FORMAT_VERSION = 1
#: A browser keeps about 5 MB for a site: a backup of all of it is below this.
MAX_CHARS = 8_000_000
MAX_GAMES = 2_000


class BackupError(ValueError):
    """A file that is not a backup this program can restore; the message says why."""


def backup_format(game: Game[Any]) -> str:
    return f"{game.name}-backup"


def is_backup(game: Game[Any], text: str | bytes) -> bool:
    """Whether a file says it is a backup (then `restore` reads it, else it is a record): its
    `format` says so (a player named like the format does not make a record a backup)."""
    head = text[:1000]
    words = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    return re.search(rf'"format"\s*:\s*"{re.escape(backup_format(game))}"', words) is not None


def dumps(app: App) -> str:
    """The backup of every game in the app's list (which the caller has just read)."""
    games = []
    for entry in app.listed:
        text = app.store.get(entry["key"])
        if entry["key"] == app.key and app.record is not None:
            text = records.dumps(app.record)  # the open game as it is, saved or not
        if text is not None:
            title = entry["about"]["title"] if entry["about"] else ""
            games.append({"title": title, "record": text})
    return json.dumps(
        {"format": backup_format(app.game), "format_version": FORMAT_VERSION, "games": games},
        ensure_ascii=False,
        indent=1,
    )


def loads(game: Game[Any], text: str | bytes) -> list[tuple[str, str]]:
    """The (title, record text) pairs of a backup, checked; BackupError otherwise."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError("not a text file (a backup is UTF-8 JSON)") from None
    if len(text) > MAX_CHARS:
        raise BackupError(f"the file is too large for a backup (at most {MAX_CHARS:,} characters)")
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


def restore(app: App, text: str | bytes, name: str) -> bool:
    """Add a backup's games to the saved ones (none replaced); the notice says what happened."""
    file = name[:60]
    try:
        games = loads(app.game, text)
    except BackupError as e:
        app.notice = app.t("app.import_failed", file=file, reason=str(e))
        return False
    stored = {app.store.get(key) for key in storage.game_keys(app.store, app.game.name)}
    restored = already = unreadable = 0
    problem = None
    for title, saved in games:
        if saved in stored:
            already += 1
            continue
        try:
            rec = app._check(saved)
            about = app._make_about(rec, app._replay(rec)[0], None)
        except records.RecordError:
            unreadable += 1
            continue
        about["title"] = title
        key = storage.new_key(app.store, app.game.name, app.clock(), app.rnd)
        problem = app._write(key, saved)
        if problem:
            break
        app._write(f"{key}.about", json.dumps(about))
        stored.add(saved)
        restored += 1
    app.list_games()
    app.notice = app.t(
        "app.restored", file=file, restored=restored, already=already, unreadable=unreadable
    )
    if problem:
        app.notice += " " + app.t("app.restore_full", reason=problem)
    return restored > 0
