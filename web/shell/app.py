"""The page's controller: the game in progress, its record, and what the screen shows.

It holds no rule. What may be done comes from the engine (`legal_actions`, `why_not`); the
controller only remembers what the screen is doing (who is looking during a secret choice,
cards picked before confirming, what a game's panel asked to remember) and saves the
game record after every action. It knows no game: it plays the one its `GameUI` names through
`tabletop.game.Game`, and leaves the board and panels to that page (web/castle_page for Castle).
Rendering is in screens.py and the game's page; `main.py` connects it to the DOM: it sets
`render()` as the page's HTML and sends clicks on `[data-act]` to `click`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from tabletop import record as records
from tabletop.game import Action, Event, Game
from tabletop.refusal import IllegalAction, Refusal

from . import i18n
from .storage import Slot, Store
from .ui import GameUI

#: The prefix of the site's own settings in storage (each game's saves have its name's prefix).
SITE = "castle"
LANG_KEY = f"{SITE}.lang"
#: The seat colours a player may pick, in the order seats get them by default.
SEAT_COLOURS = ("blue", "red", "yellow", "green")

Handler = Callable[[], object]


class App:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameUI],
        lang: str | None = None,
        build: str = "dev",
        generic_panels: bool = False,
        game: str | None = None,
    ) -> None:
        self.store = store
        #: The games this page plays (web/games.py), by name; `game` picks one (default: the
        #: first).
        self.games = dict(games)
        self.ui: GameUI = (
            self.games[game] if game in self.games else next(iter(self.games.values()))
        )
        self.game: Game[Any] = self.ui.game
        #: Every decision through the generic panel (generic_panel.py), none through its own.
        self.generic_panels = generic_panels
        #: The site's build id (tools/build.py; "dev" for a dev build), shown on the home screen.
        self.build = build
        self.slot = Slot(store, self.game.name, "current")
        self.lang = lang or store.get(LANG_KEY) or "en"
        if self.lang not in i18n.LANGUAGES:
            self.lang = "en"
        self.cat = i18n.load(self.lang, self.ui.catalogs)
        self.record: records.Record | None = None
        self.state: Any = None
        self.events: list[Event] = []
        #: A saved game found at start-up, offered for resuming.
        #: (record, state, events, whether its last action was a secret answer).
        self.saved: tuple[records.Record, Any, list[Event], bool] | None = None
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
        #: The last action was a secret answer (undo would show it to the next player).
        self.last_secret = False
        #: A one-line message for the player (a refused click, a save problem).
        self.notice: str | None = None
        self.form: dict[str, str] = {}
        self._acts: dict[str, Handler] = {}
        self._reword()
        self._load_saved()

    # --- saving and loading --------------------------------------------------------------------

    def _load_saved(self) -> None:
        text = self.slot.read()
        if text is None:
            return
        try:
            rec = records.loads(self.game, text)
            state, events, secret = self._replay(rec)
        except records.RecordError as e:
            kept = self.slot.keep_aside()
            self.notice = self.t("app.save_unreadable", reason=str(e), key=kept or "")
            return
        self.saved = (rec, state, events, secret)

    def _save(self) -> None:
        assert self.record is not None
        try:
            self.slot.write(records.dumps(self.record))
        except Exception as e:  # a full or blocked localStorage must not stop the game
            self.notice = self.t("app.save_failed", reason=str(e))

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
        self.store.set(LANG_KEY, lang)
        self._reword()

    def _reword(self) -> None:
        """Forget the worded log: the next `log_lines` words every event again."""
        self._log: list[tuple[int, str]] = []
        self._log_done = 0
        self._log_round = 1

    def log_lines(self) -> list[tuple[int, str]]:
        """The game log in the current language: (round, sentence) per event worth a line.

        Every redraw shows the log, so the sentences are kept and only new events are worded;
        a new language, an undo or another game starts them afresh (`_reword`)."""
        for e in self.events[self._log_done :]:
            self._log_round = self.ui.log_round(e) or self._log_round
            text = self.ui.describe(e, self.names, self.cat)
            if text:
                self._log.append((self._log_round, text))
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
        return self.reg(lambda: self.do(action)), None

    def click(self, token: str, form: dict[str, str] | None = None) -> None:
        handler = self._acts.get(token)
        if handler is None:
            return  # a click on something from an older render: ignore it
        self.form = form or {}
        self.notice = None
        handler()

    def render(self) -> str:
        from . import screens

        self._acts = {}
        return screens.render(self)

    # --- the game ----------------------------------------------------------------------------

    def start(self) -> None:
        """A new game from the new-game form."""
        f = self.form
        players = self.player_count()
        names = []
        for seat in range(players):
            default = self.t("app.default_name", n=seat + 1)
            names.append((f.get(f"name{seat}") or "").strip()[:24] or default)
        colours = [f.get(f"colour{seat}") or SEAT_COLOURS[seat] for seat in range(players)]
        if len(set(colours)) < players or not set(colours) <= set(SEAT_COLOURS):
            self.notice = self.t("app.same_colour")
            return
        seed_text = (f.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1, 10**9)
        if self.record is not None or self.saved is not None:
            self._keep_previous()
        setup = {
            "players": players,
            "seed": seed,
            **self.ui.setup(f, players),
            "names": names,
            "colours": colours,
        }
        rec = records.new_record(self.game, setup)
        state, events = self.game.start(setup)
        self._open(rec, state, events, False)
        self._save()

    def player_count(self) -> int:
        """The new-game form's player count (3 where the game can, else its first count)."""
        counts = self.game.players
        chosen = self.form.get("players", "")
        if chosen.isdigit() and int(chosen) in counts:
            return int(chosen)
        return 3 if 3 in counts else counts[0]

    def _keep_previous(self) -> None:
        text = self.slot.read()
        if text is not None:
            self.store.set(f"{self.game.name}.previous", text)

    def resume(self) -> None:
        assert self.saved is not None
        self._open(*self.saved)

    def _open(
        self, rec: records.Record, state: Any, events: list[Event], last_secret: bool
    ) -> None:
        self.record, self.state, self.events = rec, state, list(events)
        self.last_secret = last_secret
        self._reword()
        self.saved = None
        self.screen = "game"
        self.viewer = None
        self.revealing = False
        self.picked = []
        self.local = {}

    def home(self) -> None:
        if self.record is not None and self.state is not None:
            self.saved = (self.record, self.state, self.events, self.last_secret)
        self.screen = "home"

    def secret_now(self) -> bool:
        """The seats asked now answer in secret (the hot-seat covers hide their answers)."""
        return self.state is not None and self._secret(self.state)

    def do(self, action: Action) -> bool:
        """Apply one action: the engine decides; the record is saved at once. False (and the
        reason in the notice) if the engine refused it."""
        assert self.state is not None and self.record is not None
        secret = self._secret(self.state)
        try:
            events = self.game.apply(self.state, action)
        except IllegalAction as e:
            self.notice = self.reason(e.refusal)
            return False
        self.record["actions"].append(self.game.action_text(action))
        self.last_secret = secret
        self.events += events
        self._save()
        self.picked = []
        self.local = {}
        if secret:
            self.viewer = None
            # Everyone has answered: a cover asks to reveal before the board shows the answers.
            self.revealing = not self._secret(self.state)
        return True

    def can_undo(self) -> bool:
        """Undo takes back the last action, unless it was a secret answer."""
        return self.record is not None and bool(self.record["actions"]) and not self.last_secret

    def undo(self) -> None:
        assert self.record is not None
        rec = dict(self.record)
        rec["actions"] = self.record["actions"][:-1]
        self.state, self.events, self.last_secret = self._replay(rec)
        self.record = rec
        self._reword()
        self.picked = []
        self.local = {}
        self._save()

    def pass_cover(self, seat: int) -> None:
        self.viewer = seat
        self.picked = []

    def reveal(self) -> None:
        self.revealing = False

    def asked(self) -> list[int]:
        return [] if self.state is None else self.game.asked(self.state)

    def _secret(self, state: Any) -> bool:
        """Whether the seats asked now answer in secret (the prompt says)."""
        seats = self.game.asked(state)
        prompt = self.game.prompt(state, seats[0]) if seats else None
        return prompt is not None and prompt["secret"]

    def _replay(self, rec: records.Record) -> tuple[Any, list[Event], bool]:
        """The record's state and events, and whether its last action answered a secret
        prompt (undo may not take that back): one replay, which asks before the last action."""
        actions = rec["actions"]
        before = max(len(actions) - 1, 0)
        state, events = records.replay(self.game, rec, upto=before)
        secret = bool(actions) and self._secret(state)
        events += records.play_on(self.game, state, actions[before:], first=before + 1)
        return state, events, secret
