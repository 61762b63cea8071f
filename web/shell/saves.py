"""The saved games of one game in the browser's storage, as the page uses them: listed, opened
(read, checked and replayed), imported from a file, exported, backed up and restored, each
with what its list shows of it (`About`).

Why an object of its own: the controller (app.py) plays the open game; everything about the
games at rest is here, so that the list, the backup (backup.py) and the screens reach it by
one public interface. It holds no open game: the controller hands over what its list shows of
the open one, which may be newer than its save.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TypedDict

from tabletop import record as records
from tabletop.game import Event, Game, Json

from . import backup, storage
from .asked import answers_in
from .settings import NAME_LENGTH, SEAT_COLOURS
from .storage import About, Store
from .ui import GameUI


class Listed(TypedDict):
    """A saved game in the list: its key, what the list shows (None: not known, the save
    cannot be read and no About was kept), and why it cannot be played (None: it can)."""

    key: str
    about: About | None
    problem: str | None


#: A record replayed: its state, events and their moments (how many actions had been played
#: when each happened), and whether its last action answered a secret prompt.
Replayed = tuple[Any, list[Event], list[int], bool]
#: A record replayed for looking back: what `Replayed` holds, and a copy of the state its last
#: action was asked in (None: the record has no action).
Looked = tuple[Any, list[Event], list[int], bool, Any]
#: A game read from a save or a file: its record, then what its replay gives.
Opened = tuple[records.Record, Any, list[Event], list[int], bool]


class Restored(TypedDict):
    """What restoring a backup did: games added, already saved, not readable, and why the
    storage refused to write (None: it did not)."""

    restored: int
    already: int
    unreadable: int
    problem: str | None


class SavedGames:
    def __init__(
        self,
        store: Store,
        ui: GameUI[Any],
        clock: Callable[[], float],
        rnd: random.Random,
    ) -> None:
        self.store = store
        self.ui = ui
        self.game: Game[Any] = ui.game
        #: Seconds since the epoch (the dates of saved games); tests give their own.
        self.clock = clock
        #: Keys of new saved games (storage.new_key), and nothing of the game's.
        self.rnd = rnd

    # --- the list -------------------------------------------------------------------------

    def keys(self) -> list[str]:
        return storage.game_keys(self.store, self.game.name)

    def strays(self) -> list[str]:
        """The keys under the games' prefix that are no game (storage.stray_keys): listed as
        "not a game", with Delete only."""
        return storage.stray_keys(self.store, self.game.name)

    def listed(self, open_key: str | None = None, open_about: About | None = None) -> list[Listed]:
        """The saved games, most recently saved first; the open one (`open_key`) as its
        controller shows it (`open_about`), since it may be newer than a save that failed."""
        entries = [self.entry(key, open_key, open_about) for key in self.keys()]
        listed = [e for e in entries if e is not None]
        listed.sort(key=lambda e: -(e["about"]["updated"] if e["about"] else 0))
        return listed

    def entry(
        self, key: str, open_key: str | None = None, open_about: About | None = None
    ) -> Listed | None:
        """One saved game as the list shows it. A game that cannot be read is listed with why
        (and what it showed when it was saved last, if that is known), never dropped."""
        text = self.store.get(key)
        if text is None:
            return None
        if key == open_key and open_about is not None:
            return {"key": key, "about": open_about, "problem": None}
        about = storage.read_about(self.store, key)
        try:
            rec = self.check(text)
            if about is None or about["moves"] != len(rec["actions"]):
                # A game saved by an earlier build (or edited): replayed once for its About.
                state = self.replay(rec)[0]
                about = self.about(rec, state, about)
                self.write(f"{key}.about", json.dumps(about))
        except records.RecordError as e:
            return {"key": key, "about": about, "problem": str(e)}
        return {"key": key, "about": about, "problem": None}

    def about(
        self, rec: records.Record, state: Any, old: About | None, saved: bool = True
    ) -> About:
        """What the list of saved games shows of a game (its title and start kept from `old`,
        and when it was saved last unless it is being `saved` now; what a newer build added
        to `old` is kept too)."""
        results = self.game.results(state) if self.game.terminal(state) else None
        now = self.clock()
        about: About = {
            "title": old["title"] if old else "",
            "names": list(rec["setup"].get("names", [])),
            "created": old["created"] if old else now,
            "updated": now if saved or old is None else old["updated"],
            "moves": len(rec["actions"]),
            "progress": dict(self.ui.progress(state)),
            "finished": results is not None,
            "scores": [row["score"] for row in results["seats"]] if results else [],
            "winners": list(results["winners"]) if results else [],
            "rules_version": rec["rules_version"],
        }
        return storage.with_unknown(about, old)

    # --- reading ----------------------------------------------------------------------------

    def check(self, text: str | bytes) -> records.Record:
        """A save or a game file read and checked, not replayed: the game's reader, and the
        page's own keys of its setup."""
        rec = records.loads(self.game, text)
        problem = self.setup_error(rec["setup"])
        if problem:
            raise records.RecordError(f"setup: {problem}")
        return rec

    def read(self, text: str | bytes) -> Opened:
        """A save or a game file, read and replayed whole. Anything wrong is a RecordError:
        the game's reader raises nothing else, and nothing else may lock the page either."""
        try:
            rec = self.check(text)
            return (rec, *self.replay(rec))
        except records.RecordError:
            raise
        except Exception as e:
            raise records.RecordError(type(e).__name__) from e

    def open(self, key: str) -> Opened:
        """The saved game under `key`, read and replayed (RecordError: it cannot be)."""
        text = self.store.get(key)
        if text is None:
            raise records.RecordError("it is no longer in this browser's storage")
        return self.read(text)

    def replay(self, rec: records.Record) -> Replayed:
        """The record's state, its events and their moments, and whether its last action
        answered a secret prompt (undo may not take that back)."""
        state, events, moments, secret, _ = self._replayed(rec, keep_asked_in=False)
        return state, events, moments, secret

    def replay_looked(self, rec: records.Record) -> Looked:
        """What `replay` gives, and a copy of the state the last action was asked in (None:
        no action): the history bar words that action against it."""
        return self._replayed(rec, keep_asked_in=True)

    def _replayed(self, rec: records.Record, keep_asked_in: bool) -> Looked:
        """The replay, with the copy only for looking back: opening a game or an undo needs
        none."""
        actions = rec["actions"]
        state, events = records.replay(self.game, rec, upto=0)
        moments = [0] * len(events)
        secret = False
        before = None
        for number, line in enumerate(actions, start=1):
            secret = answers_in(self.game, state, "secret")
            if keep_asked_in and number == len(actions):
                before = self.game.copy(state)
            played = records.play_on(self.game, state, [line], first=number)
            events += played
            moments += [number] * len(played)
        return state, events, moments, secret, before

    def secret_tail(self, rec: records.Record) -> int:
        """How many of the record's last actions are answers to a secret decision still open
        at its end (0: the end asks nothing in secret). Those are not to be named to anyone
        until the reveal. Assumes a secret decision is followed by an open one before the
        next secret decision begins (as the reveal is in Castle)."""
        state, _ = records.replay(self.game, rec, upto=0)
        tail = 0
        for number, line in enumerate(rec["actions"], start=1):
            tail = tail + 1 if answers_in(self.game, state, "secret") else 0
            records.play_on(self.game, state, [line], first=number)
        return tail if answers_in(self.game, state, "secret") else 0

    def setup_error(self, setup: Json) -> str | None:
        """What is wrong with the page's own keys of a record's setup (the game checked its
        own): a name for each seat, distinct colours, a level or a person at each seat."""
        players = setup["players"]
        names = setup.get("names")
        if not isinstance(names, list) or len(names) != players:
            return f"names must be a list of {players} names"
        if not all(isinstance(n, str) and 0 < len(n.strip()) <= NAME_LENGTH for n in names):
            return f"each name must be text of 1 to {NAME_LENGTH} characters"
        colours = setup.get("colours")
        if (
            not isinstance(colours, list)
            or len(colours) != players
            or len(set(colours)) != players
            or not set(colours) <= set(SEAT_COLOURS)
        ):
            return f"colours must be {players} different ones of {', '.join(SEAT_COLOURS)}"
        computers = setup.get("computers", [None] * players)
        if not isinstance(computers, list) or len(computers) != players:
            return f"computers must be a list of {players} levels or nulls"
        if not all(level is None or level in self.ui.levels for level in computers):
            return f"each computer level must be one of {', '.join(self.ui.levels)}, or null"
        return None

    # --- writing ----------------------------------------------------------------------------

    def new_key(self) -> str:
        """A key of its own for a new game: starting or importing one never replaces another."""
        return storage.new_key(self.store, self.game.name, self.clock(), self.rnd)

    def write(self, key: str, text: str) -> str | None:
        """Every write to storage goes here: a full or blocked storage must not stop the
        game. Returns what went wrong, or None."""
        try:
            self.store.set(key, text)
        except Exception as e:
            return str(e) or type(e).__name__
        return None

    def rename(self, key: str, about: About, title: str) -> str | None:
        """Give a saved game a name of its own; what went wrong, or None."""
        return self.write(f"{key}.about", json.dumps({**about, "title": title}))

    def delete(self, key: str) -> None:
        """Forget a saved game with what is kept beside it, or a key that is no game alone (a
        stray's name may look like a game's sidecar: nothing else goes with it)."""
        if key in self.keys():
            storage.delete(self.store, key)
        else:
            self.store.remove(key)

    def saved_as(self, rec: records.Record) -> str | None:
        """The key of a saved game with this very record (the same setup and actions, however
        its file is laid out), or None: a file opened twice opens the game saved, and adds
        no copy of it."""
        text = records.dumps(rec)
        for key in self.keys():
            stored = self.store.get(key)
            if stored is None:
                continue
            if stored == text:
                return key
            try:
                if self.check(stored) == rec:
                    return key
            except records.RecordError:
                continue
        return None

    # --- files ------------------------------------------------------------------------------

    def file_name(self, names: list[str]) -> str:
        """A game's file name: the game's, then its players'."""
        joined = "-".join(str(n) for n in names)
        safe = "".join(c if c.isalnum() else "-" for c in joined)[:40].strip("-") or "game"
        return f"{self.game.name}-{safe}.json"

    def export(self, entry: Listed) -> tuple[str, str] | None:
        """A saved game's file (name, text) as it is stored: one that cannot be read, too."""
        text = self.store.get(entry["key"])
        if text is None:
            return None
        names = entry["about"]["names"] if entry["about"] else []
        return self.file_name(names or ["save"]), text

    def backup(
        self, listed: list[Listed], open_key: str | None = None, open_text: str | None = None
    ) -> tuple[str, str]:
        """Every listed game in one backup file (name, text): the open one (`open_key`) as
        it is in memory (`open_text`), saved or not."""
        games = []
        for entry in listed:
            text = open_text if entry["key"] == open_key else self.store.get(entry["key"])
            if text is not None:
                games.append((entry["about"]["title"] if entry["about"] else "", text))
        return f"{self.game.name}-backup.json", backup.dumps(self.game, games)

    def is_backup(self, text: str | bytes) -> bool:
        return backup.is_backup(self.game, text)

    def restore(self, text: str | bytes) -> Restored:
        """Add a backup's games to the saved ones (none replaced); backup.BackupError if the
        file is not a backup, and then nothing is written."""
        games = backup.loads(self.game, text)
        stored = {self.store.get(key) for key in self.keys()}
        done: Restored = {"restored": 0, "already": 0, "unreadable": 0, "problem": None}
        for title, saved in games:
            if saved in stored:
                done["already"] += 1
                continue
            try:
                rec = self.check(saved)
                about = self.about(rec, self.replay(rec)[0], None)
            except records.RecordError:
                done["unreadable"] += 1
                continue
            about["title"] = title
            key = self.new_key()
            done["problem"] = self.write(key, saved)
            if done["problem"]:
                break
            self.write(f"{key}.about", json.dumps(about))
            stored.add(saved)
            done["restored"] += 1
        return done
