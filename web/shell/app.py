"""The page's controller: the game in progress, its record, and what the screen shows.

It holds no rule. What may be done comes from the engine (`legal_actions`, `why_not`); the
controller only remembers what the screen is doing (who is looking during a secret choice,
cards picked before confirming, what a game's panel asked to remember) and saves the
game record after every action. It knows no game: it plays the one its `GameUI` names through
`tabletop.game.Game`, and leaves the board and panels to that page (web/castle_page for Castle).
Its parts have their own modules: the saved games (saves.py), the computer players
(computers.py), undo and looking back (history.py), the decision asked now (asked.py), the
site's settings (settings.py). Rendering is in screens.py, home.py and the game's page;
`main.py` connects it to the DOM: it sets `screens.render(app)` as the page's HTML and sends
clicks on `[data-act]` to `click`.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tabletop import chance
from tabletop import record as records
from tabletop.advice import advise
from tabletop.game import Action, Event, Game, Json, Prompt
from tabletop.refusal import IllegalAction, Refusal

from . import backup, i18n, notes, storage, story
from .asked import Decision, answers_in
from .computers import Computers
from .hint import hint_text
from .history import History, upto
from .saves import Listed, SavedGames
from .settings import (
    LANG,
    LAST,
    NAME_LENGTH,
    OPEN,
    PACE,
    PACES,
    PERSON,
    SEAT_COLOURS,
    TABLE,
    Settings,
)
from .storage import About, Store
from .ui import GameUI

Handler = Callable[[], object]


class App:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameUI[App]],
        lang: str | None = None,
        build: str = "dev",
        generic_panels: bool = False,
        game: str | None = None,
        clock: Callable[[], float] = time.time,
        site: str | None = None,
    ) -> None:
        self.store = store
        #: Seconds since the epoch (the dates of saved games); tests give their own.
        self.clock = clock
        #: Keys of new saved games (storage.new_key), and nothing of the game's.
        self.rnd = random.Random()
        #: The games this page plays (web/games.py), by name; `game` picks one (default: the
        #: first).
        self.games = dict(games)
        self.ui: GameUI[App] = (
            self.games[game] if game in self.games else next(iter(self.games.values()))
        )
        self.game: Game[Any] = self.ui.game
        #: The site's settings, under the registry's name for the site (web/games.py SITE;
        #: by default its first game's).
        self.settings = Settings(store, site or next(iter(self.games)))
        #: The saved games (saves.py), and the decision asked now (asked.py).
        self.saves = SavedGames(store, self.ui, clock, self.rnd)
        self.decision = Decision(self.game)
        #: Every decision through the generic panel (generic_panel.py), none through its own.
        self.generic_panels = generic_panels
        #: The site's build id (tools/build.py; "dev" for a dev build), shown on the home screen.
        self.build = build
        #: The open game's key in storage (storage.py), or None.
        self.key: str | None = None
        #: The open game as the list of saved games shows it (its title, when it was started).
        self.about: About | None = None
        #: The saved games (list_games), and the one whose deletion (or renaming) awaits the
        #: player's confirmation (their new name).
        self.listed: list[Listed] = []
        #: The keys under the games' prefix that are no game (listed as such, to be deleted).
        self.strays: list[str] = []
        self.confirming: str | None = None
        self.renaming: str | None = None
        self.lang = lang or self.settings.get(LANG) or "en"
        if self.lang not in i18n.LANGUAGES:
            self.lang = "en"
        self.cat = i18n.load(self.lang, self.ui.catalogs)
        self.record: records.Record | None = None
        self.state: Any = None
        self.events: list[Event] = []
        #: For each event, how many actions had been played when it happened (the log's lines
        #: lead to those moments).
        self.moments: list[int] = []
        #: Undo and looking back (history.py).
        self.history = History()
        self.screen = "home"
        #: The seat that has passed the cover and is answering in secret, if any.
        self.viewer: int | None = None
        #: Everyone has answered: a cover asks to reveal before the board shows the answers.
        self.revealing = False
        #: Options picked before confirming (cards chosen in secret).
        self.picked: list[str] = []
        #: What the game's panels remember between two clicks (a place awaiting its source);
        #: forgotten after every action.
        self.local: dict[str, Any] = {}
        #: A one-line message for the player (a refused click), until the next click.
        self.notice: str | None = None
        #: Why the game in progress could not be saved: shown on every screen until a save
        #: succeeds again (the game goes on in memory meanwhile).
        self.save_problem: str | None = None
        #: A file the page should offer to the browser as a download (name, text), once: the
        #: DOM glue (web/main.py) hands it over after the click that asked for it.
        self.download: tuple[str, str] | None = None
        #: The save's revision this tab last read or wrote (`<slot>.rev` counts the saves), and
        #: whether another tab has saved the game since: this one is then behind, plays
        #: nothing more, and offers to load what the other saved.
        self._rev = 0
        self.behind = False
        #: The open game was in storage (this tab read or wrote it), and whether another tab
        #: has deleted it since: this one is then behind too, and holds the only copy, which
        #: it offers to download, keep or let go (never dropped in silence).
        self._stored = False
        self.deleted_elsewhere = False
        self.form: dict[str, str] = self._table()
        #: The panel that hands seats to the computer is open; the log is open over the page.
        self.seats_open = False
        self.log_full = False
        #: What the game did since a person last decided (story.notes), from this index of
        #: `events` on, and the summary of a round just over, shown until dismissed (with
        #: what it was made from, kept in the game's notes); where the round in progress began
        #: (an index of `events`) and each seat's points then.
        self.happened: list[str] = []
        self._happened_at = 0
        self.summary: story.Summary | None = None
        self._summary_made: notes.RoundShown | None = None
        self._round_at = 0
        self._round_scores: list[int] = []
        #: The rules help is open over the screen, at this topic (GameUI.help).
        self.help_open = False
        self.help_topic: str | None = None
        #: The computer players (computers.py): their levels, requests, bots and pace.
        self.bots = Computers(self.settings, self.ui)
        self._acts: dict[str, Handler] = {}
        self._reword()
        self.list_games()

    # --- saved games ------------------------------------------------------------------------

    @property
    def _rev_key(self) -> str:
        return f"{self.key}.rev"

    def _stored_rev(self) -> int:
        if self.key is None:
            return 0
        text = self.store.get(self._rev_key) or "0"
        return int(text) if re.fullmatch(r"[0-9]{1,15}", text) else 0

    def check_behind(self) -> bool:
        """Whether another tab saved the open game since this one last read or wrote it, or
        deleted it (the page asks on the browser's `storage` event, and before every action)."""
        if self.key is None:
            return self.behind
        if self._stored and self.store.get(self.key) is None:
            self.behind = self.deleted_elsewhere = True
        elif self._stored_rev() != self._rev:
            self.behind = True
        return self.behind

    def unsaved(self) -> bool:
        """Whether the open game holds moves that are not in storage: its save failed (a full
        storage), another tab deleted it, or the browser keeps nothing for the page (a private
        window: `forgetful`). The page then asks before anything would drop them (leaving the
        page, the site's update: web/boot.js reads `body[data-unsaved]`)."""
        return self.record is not None and (
            self.save_problem is not None or self.deleted_elsewhere or self.forgetful
        )

    @property
    def forgetful(self) -> bool:
        """The browser lets the page keep nothing: every game ends with the page."""
        return not self.store.lasting

    def save_again(self) -> bool:
        """Try a failed save again: space may have been freed since (another tab deleted a
        game, the browser cleared something). The page asks on the `storage` event, now and
        then, when it becomes visible and at every click, since a game whose last move failed
        to save has no next move to save it. Whether anything changed (a redraw is due)."""
        if self.save_problem is None or self.record is None or self.behind:
            return False
        self._save()
        return self.save_problem is None or self.behind

    def keep_deleted(self) -> None:
        """Keep here a game another tab deleted: saved again under its own key, played on."""
        if not self.deleted_elsewhere or self.record is None:
            return
        self.behind = self.deleted_elsewhere = self._stored = False
        self._rev = self._stored_rev()
        self._save()
        self.list_games()

    def let_go(self) -> None:
        """Let a game deleted in another tab go from this one too (its file was offered)."""
        if self.deleted_elsewhere:
            self._close()
            self.list_games()

    def _behind_words(self) -> str:
        """Why this tab plays nothing more: another tab played on, or deleted the game."""
        return self.t("app.deleted_elsewhere" if self.deleted_elsewhere else "app.behind")

    def load_latest(self) -> None:
        """Catch up with what another tab saved: read the game again and resume it."""
        key = self.key
        self.behind = False
        self.record = self.state = self.key = None
        if key is not None:
            self.open_saved(key)

    def list_games(self) -> None:
        """Read the saved games for their list (the home screen), most recently saved first."""
        shown = None
        if self.key is not None and self.record is not None and self.state is not None:
            # The open game: what is in memory (it may be newer than a save that failed).
            old = self.about or storage.read_about(self.store, self.key)
            shown = self.saves.about(self.record, self.state, old, saved=False)
        self.listed = self.saves.listed(self.key, shown)
        self.strays = self.saves.strays()
        self._heal_last()

    def _heal_last(self) -> None:
        """The game opened last (its setting) moved to the game now offered first, or cleared,
        when it names no saved game (one deleted, here or in another tab): no offer to resume
        what is gone. Not while the open game is one whose first save failed."""
        last = self.settings.get(LAST)
        if not last or last == self.key or self.listed_entry(last) is not None:
            return
        first = self.featured() or (self.listed[0] if self.listed else None)
        self.saves.write(self.settings.key(LAST), first["key"] if first else "")

    def listed_entry(self, key: str) -> Listed | None:
        return next((e for e in self.listed if e["key"] == key), None)

    def featured(self) -> Listed | None:
        """The game offered first for resuming: the one open, or else the one opened last
        while unfinished, or else the unfinished one saved last."""
        playable = [e for e in self.listed if e["problem"] is None and e["about"]]
        unfinished = [e for e in playable if e["about"] and not e["about"]["finished"]]
        for key in (self.key, self.settings.get(LAST)):
            for e in unfinished:
                if e["key"] == key:
                    return e
        return unfinished[0] if unfinished else None

    def open_saved(self, key: str) -> None:
        """Resume (or replay, if it is over) a saved game."""
        if key == self.key and self.record is not None:
            self.screen = "game"  # the game in memory, which a full storage may not have saved
            self.saves.write(self.settings.key(OPEN), key)
            return
        if self._holding_unsaved():
            return
        try:
            opened = self.saves.open(key)
        except records.RecordError as e:
            self.notice = self.t("app.open_failed", reason=str(e))
            self.list_games()
            return
        about = storage.read_about(self.store, key)
        self._open(key, *opened, about=about)

    def delete_saved(self, key: str) -> None:
        """Forget a saved game for good (the list asked to confirm first)."""
        self.confirming = None
        if key == self.key:
            self._close()
        stray = key in self.strays
        self.saves.delete(key)
        self.notice = self.t("app.deleted_stray" if stray else "app.deleted")
        if self.save_problem is not None and self.record is not None:
            self._save()  # the space freed may be what the open game needed
        self.list_games()

    def confirm_delete(self, key: str | None) -> None:
        self.confirming = key
        self.renaming = None

    def start_rename(self, key: str | None) -> None:
        self.renaming = key
        self.confirming = None

    def rename_saved(self, key: str) -> None:
        """Give a saved game a name of its own (the form's `title`; empty: its players)."""
        self.renaming = None
        entry = self.listed_entry(key)
        if entry is None or entry["about"] is None:
            return
        title = " ".join((self.form.get("title") or "").split())[: storage.TITLE_LENGTH]
        if key == self.key and self.about is not None:
            self.about["title"] = title
        problem = self.saves.rename(key, entry["about"], title)
        if problem:
            self.notice = self.t("app.save_failed", reason=problem)
        self.list_games()

    def _about(self) -> About:
        """The open game's About as it is saved now."""
        assert self.record is not None
        self.about = self.saves.about(self.record, self.state, self.about)
        return self.about

    def export_game(self) -> None:
        """Offer the open game as its record file."""
        if self.record is None:
            return
        names = self.record["setup"].get("names", [])
        self.download = (self.saves.file_name(names), records.dumps(self.record))

    def export_saved(self, key: str) -> None:
        """Offer a saved game's file as it is stored (one that cannot be read, unchanged)."""
        if key == self.key and self.record is not None:
            self.export_game()
            return
        entry = self.listed_entry(key) or {"key": key, "about": None, "problem": None}
        self.download = self.saves.export(entry)

    def export_all(self) -> None:
        """Offer every saved game as one backup file (see `backup`)."""
        self.list_games()
        open_text = None if self.record is None else records.dumps(self.record)
        self.download = self.saves.backup(self.listed, self.key, open_text)

    def import_file(self, text: str | bytes, name: str = "") -> bool:
        """Open a game record, or restore a backup of saved games, from a file. Everything is
        checked before anything is written: a bad file gets one message naming what is wrong,
        and no save changes."""
        if self.saves.is_backup(text):
            return self._restore(text, name)
        try:
            opened = self.saves.read(text)
        except records.RecordError as e:
            self.notice = self.t("app.import_failed", file=name[:60], reason=str(e))
            return False
        if self._holding_unsaved():
            return False
        saved = self.saves.saved_as(opened[0])
        if saved is not None:
            return self._open_already_saved(saved, name)
        self._open(self.saves.new_key(), *opened)
        self._save()
        self.notice = self.t("app.imported", file=name[:60], game=self._what_game())
        return True

    def _open_already_saved(self, key: str, name: str) -> bool:
        """A file whose record is saved already: that game opens, and no copy is added."""
        self.open_saved(key)
        if self.key != key or self.record is None:
            return False  # open_saved's notice says why
        title = storage.title_of(self.about) if self.about else ", ".join(self.names)
        self.notice = self.t(
            "app.already_saved", title=title, file=name[:60], game=self._what_game()
        )
        return True

    def import_too_large(self, name: str, size: int, opening: str) -> bool:
        """A file too large to be read (web/main.py reads only its `opening`, and its `size` in
        bytes): refused in the words of what its opening says it is, a backup or a record."""
        if backup.opens_as_backup(self.game, opening):
            reason = backup.too_large(size)
        else:
            reason = records.too_large(size)
        self.notice = self.t("app.import_failed", file=name[:60], reason=reason)
        return False

    def _what_game(self) -> str:
        """The open game in a few words, for the notice of a file opened: "3 players · Winter
        · Round 5 of 15", so that a player can tell what came in."""
        assert self.state is not None
        progress = self.ui.progress(self.state)
        words = (
            self.t("app.players_n", n=len(self.names)),
            self.ui.variant_text(self, progress),
            self.ui.progress_text(self, progress),
        )
        return " · ".join(word for word in words if word)

    def _restore(self, text: str | bytes, name: str) -> bool:
        """Add a backup's games to the saved ones (none replaced); the notice says what
        happened."""
        file = name[:60]
        try:
            done = self.saves.restore(text)
        except backup.BackupError as e:
            self.notice = self.t("app.import_failed", file=file, reason=str(e))
            return False
        self.list_games()
        self.notice = self.t(
            "app.restored",
            file=file,
            restored=done["restored"],
            already=done["already"],
            unreadable=done["unreadable"],
        )
        if done["problem"]:
            self.notice += " " + self.t("app.restore_full", reason=done["problem"])
        return done["restored"] > 0

    def _save(self) -> None:
        assert self.record is not None and self.key is not None
        if self.check_behind():
            return  # never overwrite what another tab saved after this one
        self.save_problem = self.saves.write(self.key, records.dumps(self.record))
        if self.save_problem is None:
            self._stored = True
            self._rev += 1
            self.saves.write(self._rev_key, str(self._rev))
            # A title given in another tab (or while saves failed) is kept, not written over,
            # and so is what a newer build's tab added to the entry since this one read it.
            stored = storage.read_about(self.store, self.key)
            if stored is not None and self.about is not None:
                self.about = storage.with_unknown({**self.about, "title": stored["title"]}, stored)
            self.saves.write(f"{self.key}.about", json.dumps(self._about()))
            self._save_notes()

    def _save_notes(self) -> None:
        """What the page shows beyond the record (notes.py), beside it: a reload shows it too."""
        if self.key is None or self.record is None or self.behind:
            return
        kept: notes.Notes = {
            "happened": self._happened_at,
            "takebacks": [
                (at, self.game.action_text(action)) for at, action in self.history.takebacks
            ],
            "undoing": self.history.undoing,
            "summary": self._summary_made if self.summary is not None else None,
        }
        self.saves.write(f"{self.key}.notes", notes.dumps(kept))

    def reopen(self) -> None:
        """After a reload: the game that was on screen, where it was, with its notes (the
        home screen if the player had gone back to it, or the game is gone)."""
        key = self.settings.get(OPEN)
        if not key or self.listed_entry(key) is None:
            return
        self.open_saved(key)
        if self.key != key or self.record is None:
            return
        found = notes.loads(
            self.store.get(f"{key}.notes"),
            len(self.events),
            len(self.names),
            self.game.parse_action,
        )
        if found is None:
            return
        kept, takebacks = found
        self.history.takebacks = takebacks
        self.history.undoing = kept["undoing"]
        self._happened_at = kept["happened"]
        self.happened = story.notes(self, self.events[self._happened_at :])[-story.NOTES :]
        if kept["summary"] is not None:
            self._show_summary(kept["summary"])

    # --- words -----------------------------------------------------------------------------

    def t(self, key: str, /, **params: Any) -> str:
        return self.cat.t(key, **params)

    @property
    def names(self) -> list[str]:
        assert self.record is not None
        names: list[str] = self.record["setup"]["names"]
        return names

    @property
    def colours(self) -> list[str]:
        assert self.record is not None
        colours: list[str] = self.record["setup"]["colours"]
        return colours

    def reason(self, refusal: Refusal) -> str:
        return self.ui.reason(refusal, self.names, self.cat)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.cat = i18n.load(lang, self.ui.catalogs)
        self.saves.write(
            self.settings.key(LANG), lang
        )  # a choice that is not kept is no reason to stop
        self._reword()

    def _reword(self) -> None:
        """Forget the worded log: the next `log_lines` words every event again."""
        self._log: list[tuple[int, str, int]] = []
        self._log_done = 0
        self._notes_done = 0
        self._log_round = 1

    def _notes_upto(self, i: int) -> None:
        """The takeback notes due before event `i` (they are in the order of their events)."""
        takebacks = self.history.takebacks
        while self._notes_done < len(takebacks) and takebacks[self._notes_done][0] <= i:
            action = takebacks[self._notes_done][1]
            text = self.t("app.took_back", player=self.names[action["p"]], move=self._words(action))
            moment = self.moments[i - 1] if 0 < i <= len(self.moments) else 0
            self._log.append((self._log_round, text, moment))
            self._notes_done += 1

    def log_lines(self) -> list[tuple[int, str, int]]:
        """The game log in the current language: (round, sentence, the moment it leads to:
        actions played by then) per event worth a line.

        Every redraw shows the log, so the sentences are kept and only new events are worded;
        a new language, an undo or another game starts them afresh (`_reword`)."""
        for i in range(self._log_done, len(self.events)):
            self._notes_upto(i)
            e = self.events[i]
            self._log_round = self.ui.log_round(e) or self._log_round
            text = self.ui.describe(e, self.names, self.cat)
            if text:
                moment = self.moments[i] if i < len(self.moments) else 0
                self._log.append((self._log_round, text, moment))
        self._notes_upto(len(self.events))
        self._log_done = len(self.events)
        return self._log

    # --- clicks ------------------------------------------------------------------------------

    def reg(self, handler: Handler) -> str:
        """A token for a clickable element of the next render."""
        token = f"k{len(self._acts)}"
        self._acts[token] = handler
        return token

    def option(self, action: Action) -> tuple[str | None, str | None]:
        """(token, None) for a legal action, (None, reason in words) for a refused one."""
        assert self.state is not None
        refusal = self.game.why_not(self.state, action)
        if refusal:
            return None, self.reason(refusal)
        return self.play(action), None

    def play(self, action: Action) -> str:
        """A token that plays an action of the engine's own list: it is legal (the list says
        so), so nobody asks the engine again why not."""
        return self.reg(lambda: self.do(action))

    def click(self, token: str, form: dict[str, str] | None = None) -> None:
        handler = self._acts.get(token)
        if handler is None:
            return  # a click on something from an older render: ignore it
        self.form = form or {}
        self.notice = None
        if self.record is not None:
            self.check_behind()  # another tab may have saved this game since: say so at once
            self.save_again()  # and space may have been freed since a save failed
        handler()

    def clear_clicks(self) -> None:
        """Forget the tokens of the last render (screens.render registers the next one's)."""
        self._acts = {}

    # --- the game ----------------------------------------------------------------------------

    def _holding_unsaved(self) -> bool:
        """Whether the open game has moves the storage refused (it was full), or another tab
        deleted it: then no other game may take its place in memory, which would lose them;
        the player is told to download it or free space first, or to keep or let go the
        deleted one (the save problem's line offers each)."""
        if self.record is None or (self.save_problem is None and not self.deleted_elsewhere):
            return False  # a forgetful store keeps the games in memory: switching loses none
        self.notice = self.t("app.deleted_first" if self.deleted_elsewhere else "app.unsaved_first")
        return True

    def start(self) -> None:
        """A new game from the new-game form."""
        if self._holding_unsaved():
            return
        f = self.form
        players = self.player_count()
        computers = [self.form_level(seat) for seat in range(players)]
        names = []
        for seat, level in enumerate(computers):
            if level is None:
                default = self.t("app.default_name", n=seat + 1)
            else:
                default = self.computer_name(seat, level)
            names.append((f.get(f"name{seat}") or "").strip()[:NAME_LENGTH] or default)
        colours = [f.get(f"colour{seat}") or SEAT_COLOURS[seat] for seat in range(players)]
        if len(set(colours)) < players or not set(colours) <= set(SEAT_COLOURS):
            self.notice = self.t("app.same_colour")
            return
        seed_text = (f.get("seed") or "").strip()
        if seed_text and not re.fullmatch(r"[0-9]{1,18}", seed_text):
            self.notice = self.t("app.bad_seed")
            return
        seed = int(seed_text) if seed_text else random.randrange(1, 10**9)
        setup = {
            "players": players,
            "seed": seed,
            **self.ui.setup(f, players),
            "names": names,
            "colours": colours,
            "computers": computers,
        }
        self.keep_pace()
        table = {k: v for k, v in f.items() if k not in ("seed", "pace") and isinstance(v, str)}
        self.saves.write(self.settings.key(TABLE), self.settings.table_text(table))
        rec = records.new_record(self.game, setup)
        state, events = self.game.start(setup)
        # A key of its own: starting a game never replaces another.
        self._open(self.saves.new_key(), rec, state, events, [0] * len(events), False)
        self._save()

    def keep_pace(self) -> None:
        """The computers' pace the form shows (the new-game form's, or the one beside the seats
        in a game), kept as the site's setting at once: chosen at home, it holds for a game
        resumed as well as for one started, and changed in a game, for the rest of it."""
        pace = self.form.get("pace")
        if pace in PACES and pace != self.settings.get(PACE):
            self.saves.write(self.settings.key(PACE), pace)

    def refresh(self) -> None:
        """Nothing but a redraw with the form's values: a field whose choice changes what the
        form shows (the click that calls this has kept them in `form`)."""

    def player_count(self) -> int:
        """The new-game form's player count (3 where the game can, else its first count)."""
        counts = self.game.players
        chosen = self.form.get("players", "")
        if chosen.isdigit() and int(chosen) in counts:
            return int(chosen)
        return 3 if 3 in counts else counts[0]

    def computer_name(self, seat: int, level: str) -> str:
        """The name of a computer seat not given one: its level's ("Computer 2 (hard)")."""
        return self.t("app.computer_name", n=seat + 1, level=self.t(f"app.level.{level}"))

    def form_level(self, seat: int) -> str | None:
        """The new-game form's choice for a seat: a computer level, or None for a person."""
        level = self.form.get(f"kind{seat}", PERSON)
        return level if level in self.ui.levels else None

    def resume(self) -> None:
        """Resume the game the home screen offers first."""
        entry = self.featured()
        if entry is not None:
            self.open_saved(entry["key"])

    def _open(
        self,
        key: str,
        rec: records.Record,
        state: Any,
        events: list[Event],
        moments: list[int],
        last_secret: bool,
        about: About | None = None,
    ) -> None:
        self._close()
        self.key, self.about = key, about
        self._rev = self._stored_rev()
        self._stored = self.store.get(key) is not None
        self.record, self.state, self.events = rec, state, list(events)
        self.moments = list(moments)
        self.history.opened(last_secret)
        self._mark_round()
        self.saves.write(self.settings.key(LAST), key)
        self.saves.write(self.settings.key(OPEN), key)
        self.screen = "game"

    def _mark_round(self) -> None:
        """Where the round in progress began, and the points then (a replay to that moment:
        once when a game is opened or an action taken back)."""
        assert self.record is not None
        self.happened, self.summary, self._summary_made = [], None, None
        self._happened_at = len(self.events)
        self._round_at = story.round_start(self)
        moment = self.moments[self._round_at] if self._round_at < len(self.moments) else 0
        if moment >= len(self.record["actions"]):
            self._round_scores = self.ui.scores(self.state)
            return
        self._round_scores = self.ui.scores(self.saves.replay(upto(self.record, moment))[0])

    def _close(self) -> None:
        """No game open (the home screen lists what is saved)."""
        self.key = self.about = self.record = self.state = None
        self.events, self.moments = [], []
        self.history.opened()
        self.behind = self.deleted_elsewhere = self._stored = False
        self.save_problem = None
        self._reword()
        self.screen = "home"
        self.viewer = None
        self.revealing = False
        self.picked = []
        self.local = {}
        self.bots.forget()

    def home(self) -> None:
        """The home screen: the saved games (the open one stays open), a new game."""
        if self.past is not None:
            self.present()
        self.screen = "home"
        self.saves.write(self.settings.key(OPEN), "")  # a reload shows the home screen too
        # Whoever resumes passes the cover again: the seat that was choosing is not assumed.
        self.viewer = None
        self.picked = []
        self.confirming = self.renaming = None
        self.form = self._table()
        self.list_games()

    def _table(self) -> dict[str, str]:
        """The last new-game form (its setting), or nothing if there is none or it is not one."""
        return self.settings.table()

    # --- looking back ------------------------------------------------------------------------

    def look(self, moment: int) -> None:
        """Show the open game as it stood after `moment` actions, read-only (from the log, or
        stepping through a finished game); `present` comes back."""
        assert self.record is not None
        now = (self.state, self.events, self.moments)
        shown = self.history.look(
            self.record, moment, now, self.game.terminal, self.saves.replay_looked, self._unrevealed
        )
        if shown is None:
            self.present()
            return
        self.state, self.events, self.moments = shown
        self.viewer = None
        self.picked = []
        self.local = {}
        self._reword()

    def _unrevealed(self, present: Any) -> int:
        """How many of the last actions are secret answers still hidden at `present`, the
        game as it stands (a replay only while it asks a secret decision)."""
        if self.record is None or not answers_in(self.game, present, "secret"):
            return 0
        return self.saves.secret_tail(self.record)

    def past_move(self) -> str:
        """The move that led to the past moment shown, in words ("" at the start, the
        present, or the end of a finished game): worded as the hints and the undo note word
        it, against the state it was asked in; a secret answer not yet revealed in the game
        as it stands names only who answered, to anyone looking back."""
        move = self.history.move
        if move is None or self.record is None:
            return ""
        action = self.game.parse_action(self.record["actions"][move.moment - 1])
        player = self.names[action["p"]]
        if move.hidden:
            return self.t("app.move_secret", player=player)
        shown = self.state
        self.state = move.asked_in
        try:
            words = self._words(action)
        finally:
            self.state = shown
        return self.t("app.move_by", player=player, move=words)

    def present(self) -> None:
        """Back from a past moment to the game as it stands."""
        shown = self.history.back()
        if shown is not None:
            self.state, self.events, self.moments = shown
        self._reword()

    def secret_now(self) -> bool:
        """The seats asked now answer in secret (the hot-seat covers hide their answers)."""
        return self._secret()

    def do(self, action: Action) -> bool:
        """Apply one action: the engine decides; the record is saved at once. False (and the
        reason in the notice) if the engine refused it."""
        assert self.state is not None and self.record is not None
        if self.check_behind():
            self.notice = self._behind_words()
            return False
        if self.past is not None:
            return False  # a past moment is only looked at
        secret = self._secret()
        private = self._secret("private")
        try:
            events = self.game.apply(self.state, action)
        except IllegalAction as e:
            self.notice = self.reason(e.refusal)
            return False
        if self.computers[action["p"]] is None:
            self.happened = []  # a person decided: the notes start again from here
            self._happened_at = len(self.events)
        self.record["actions"].append(self.game.action_text(action))
        self.history.played(secret)
        first = len(self.events)
        self.events += events
        self.moments += [len(self.record["actions"])] * len(events)
        self.happened = (self.happened + story.notes(self, events))[-story.NOTES :]
        self._end_round(first)
        self._save()
        if secret and self.computers[action["p"]] is not None and self._secret():
            return True  # a computer's hidden answer, while a person may be choosing theirs
        self.picked = []
        self.local = {}
        if secret:
            self.viewer = None
            # Everyone has answered: a cover asks to reveal before the board shows the answers
            # (unless nobody else is at the device to see them).
            self.revealing = not self._secret() and not self.lone_person()
        elif private and self.asked() != [action["p"]]:
            # What it saw to answer is not for the next one at the device (the same seat asked
            # again, as in a turn of several actions, keeps its view).
            self.viewer = None
        return True

    def _end_round(self, first: int) -> None:
        """If the events from `first` on end a round (the next begins, or the game ends), the
        summary of that round, shown until dismissed."""
        boundary = next(
            (i for i in range(first, len(self.events)) if self.ui.log_round(self.events[i])),
            len(self.events) if self.game.terminal(self.state) else None,
        )
        if boundary is None or boundary <= self._round_at:
            return
        after = self.ui.scores(self.state)
        self._show_summary(
            {
                "start": self._round_at,
                "end": boundary,
                "before": list(self._round_scores),
                "after": after,
                "final": self.game.terminal(self.state),
            }
        )
        self._round_at = boundary
        self._round_scores = after

    def _show_summary(self, shown: notes.RoundShown) -> None:
        """The summary of a round that is over, with the table as that round ended behind it."""
        self._summary_made = shown
        made = story.summary(
            self, shown["start"], shown["end"], shown["before"], shown["after"], shown["final"]
        )
        if made is not None and not shown["final"]:
            made = replace(made, board=self._round_board(shown["end"]))
        self.summary = made

    def _round_board(self, boundary: int) -> Any:
        """The state as the round that the event `boundary` closes ended, before the game's
        step that clears it: the action that ended it replayed up to that step (None: the
        game names no such step, or an older save's events do not say which action it was).
        A replay, once a round: the board behind the summary only, never played on."""
        step = self.ui.round_end_step
        if step is None or self.record is None or not 0 <= boundary < len(self.moments):
            return None
        moment = self.moments[boundary]  # the actions played once the next round had begun
        if not 0 < moment <= len(self.record["actions"]):
            return None
        state, _ = records.replay(self.game, self.record, upto=moment - 1)
        self.game.apply_until(
            state, self.game.parse_action(self.record["actions"][moment - 1]), step
        )
        return state

    def dismiss_summary(self) -> None:
        self.summary = self._summary_made = None
        self._save_notes()

    def can_undo(self) -> bool:
        """Undo takes back a person's own decisions, back to the last moment new information
        appeared and never further, so that it cannot be used to peek: not a secret answer
        (the reveal follows the last one), not an action that showed a person at this device
        something new (a roll, a card drawn, another seat's hidden card turned up:
        `tabletop.chance.revealed_to`; one shown to a computer only does not count, computers
        never undo), not a computer's move (a person would choose again knowing it), and not
        past another seat's decision."""
        if self.record is None or not self.record["actions"]:
            return False
        seat = self.game.parse_action(self.record["actions"][-1])["p"]
        return self.history.can_undo(
            self.record,
            seat,
            self.computers[seat] is None,
            self._revealed_to_a_person(),
        )

    def _revealed_to_a_person(self) -> bool:
        """The last action's events showed something new to a seat a person plays: then
        taking it back and choosing again would use what that person saw (in a hot-seat
        game, the next player may be the one pressing undo)."""
        events = self._last_events()
        return any(
            chance.revealed_to(events, seat)
            for seat, level in enumerate(self.computers)
            if level is None
        )

    def _last_events(self) -> list[Event]:
        """The events of the record's last action (read from the end: a redraw asks)."""
        assert self.record is not None
        last, first = len(self.record["actions"]), len(self.events)
        while first > 0 and self.moments[first - 1] == last:
            first -= 1
        return self.events[first:]

    def undo(self) -> None:
        """Take back the last action: it leaves the record (which holds what stands), and the
        log of the open game notes it."""
        assert self.record is not None and self.can_undo()
        if self.check_behind():
            self.notice = self._behind_words()
            return
        rec = dict(self.record)
        line = self.record["actions"][-1]
        rec["actions"] = self.record["actions"][:-1]
        action = self.game.parse_action(line)
        self.state, self.events, self.moments, last_secret = self.saves.replay(rec)
        self.record = rec
        self.history.took_back(action, len(self.events), last_secret)
        self._mark_round()
        self._reword()
        self.picked = []
        self.local = {}
        self._save()

    def _words(self, action: Action) -> str:
        return self.ui.action_text(self, action)

    # --- computer players ---------------------------------------------------------------------

    @property
    def computers(self) -> list[str | None]:
        """The level playing each seat (None: a person), as the record's setup keeps it."""
        assert self.record is not None
        return self.bots.levels(self.record)

    def people(self) -> list[int]:
        return [seat for seat, level in enumerate(self.computers) if level is None]

    def computer_asked(self) -> int | None:
        """A computer seat that must decide now, on the game screen (the first one asked). At
        a secret choice the people answer meanwhile (`computer_waited_for`)."""
        if self.screen != "game" or self.state is None or self.revealing or self.behind:
            return None
        if self.past is not None or self.summary is not None:
            return None  # a past moment, or a round's summary the table has not read yet
        computers = self.computers
        for seat in self.asked():
            if computers[seat] is not None:
                return seat
        return None

    def computer_waited_for(self) -> int | None:
        """The computer seat the table waits for: the one asked now, unless a person is asked
        too at a secret choice. Then the person chooses while the computers think theirs over
        (a card choice is where a computer thinks longest: castle.bots.strategy), and their
        answers, hidden, come in whenever they are ready."""
        seat = self.computer_asked()
        if seat is None or not self._secret():
            return seat
        computers = self.computers
        if any(computers[other] is None for other in self.asked()):
            return None
        return seat

    def searches(self, seat: int) -> bool:
        """Whether the seat's level searches (the page asks its worker, not this thread)."""
        return self.bots.searches(self.computers[seat])

    def computer_request(self, seat: int) -> Json:
        """What the computer at `seat` is given now (Computers.request)."""
        assert self.record is not None
        return self.bots.request(self.state, self.record, seat)

    def computer_choice(self, seat: int, fallback: bool = False) -> Action:
        """The computer at `seat`'s action now, computed on this thread (Computers.choose)."""
        return self.bots.choose(self.computer_request(seat), fallback)

    def computer_play(
        self, seat: int, action: Action, moves: int, record: records.Record | None = None
    ) -> bool:
        """Play a computer's answer, if the game is still where it was asked (`moves` actions
        into `record`, the record then open: the player may have undone, handed the seat
        back or opened another game meanwhile). At a secret choice the others may have
        answered since, which the computer could not have seen: its answer still stands while
        it is asked and nobody else answered for it."""
        if self.record is None or (record is not None and self.record is not record):
            return False
        played = self.record["actions"]
        if len(played) < moves:
            return False
        if len(played) > moves:
            since = [self.game.parse_action(text)["p"] for text in played[moves:]]
            if not self._secret() or seat in since:
                return False
        if self.computer_asked() != seat or self.computers[seat] is None:
            return False
        return self.do(action)

    def hand_over(self, seat: int, level: str | None) -> None:
        """Let the computer play a seat (a level) or take it back (None), from now on."""
        assert self.record is not None
        if self.past is not None:
            return
        if self.check_behind():
            self.notice = self._behind_words()
            return
        computers = self.computers
        computers[seat] = level if level in self.ui.levels else None
        self.record["setup"]["computers"] = computers
        if self.viewer is not None and computers[self.viewer] is not None:
            self.viewer = None
        self._save()

    def hint(self, seat: int) -> None:
        """The move the game's estimate likes best for the person deciding, from their own view
        only, with the chance of winning it leaves them, averaged over states sampled from that
        view (tabletop.advice; shown until the next action). The samples are seeded by the
        position, so asking again gives the same hint."""
        strategy = self.ui.strategy
        if strategy is None or self.state is None or self.past is not None:
            return
        if seat not in self.asked():
            return
        assert self.record is not None
        rnd = random.Random(len(self.record["actions"]) * 7919 + seat)
        advice = advise(strategy, self.game.view(self.state, seat), seat, rnd)
        self.local["hint"] = hint_text(self, self.ui.plan_text(self, advice.plan), advice)

    def toggle_seats(self) -> None:
        self.seats_open = not self.seats_open

    def toggle_log(self) -> None:
        self.log_full = not self.log_full

    def open_help(self, topic: str | None = None) -> None:
        """The rules help over the screen (any screen: nothing of the game changes)."""
        self.help_topic, self.help_open = topic, True

    def close_help(self) -> None:
        self.help_open = False

    def lone_person(self) -> bool:
        """At most one person plays: no device is passed, so no cover is ever needed."""
        return len(self.people()) <= 1

    def pass_cover(self, seat: int) -> None:
        self.viewer = seat
        self.picked = []

    def reveal(self) -> None:
        self.revealing = False

    def asked(self) -> list[int]:
        """The seats the open game asks now (the same answer all through a click)."""
        if self.state is None:
            return []
        return self.decision.asked(self.state, self._moves())

    def prompt(self, seat: int) -> Prompt | None:
        """What the open game asks `seat` now (None: nothing)."""
        if self.state is None:
            return None
        return self.decision.prompt(self.state, self._moves(), seat)

    def _moves(self) -> int:
        return 0 if self.record is None else len(self.record["actions"])

    def _secret(self, key: str = "secret") -> bool:
        """Whether the seats asked now answer in secret (the prompt says), or, with `key`
        "private", see something only they may know to answer."""
        return self.state is not None and self.decision.says(self.state, self._moves(), key)

    def private_now(self) -> bool:
        """The seat asked now answers out of the others' sight (a hot-seat cover first)."""
        return self._secret("private")

    @property
    def past(self) -> int | None:
        """The past moment shown (the number of actions played by then), or None: the present."""
        return self.history.past
