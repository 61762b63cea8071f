"""The page's controller: the game in progress, its record, and what the screen shows.

It holds no rule. What may be done comes from the engine (`legal_actions`, `why_not`); the
controller only remembers what the screen is doing (who is looking during the secret
selection, cards picked before confirming, a helper place awaiting its source) and saves the
game record after every action. Rendering is in screens.py and panels.py; `main.py` connects it
to the DOM: it sets `render()` as the page's HTML and sends clicks on `[data-act]` to `click`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import castle
from castle import payment
from castle import record as records
from castle.actions import Action, make, to_text
from castle.state import State
from tabletop.refusal import IllegalAction, Refusal
from web.castle_page import catalog, log
from web.castle_page.board import SEAT_COLOURS

from . import i18n
from .storage import Slot, Store

GAME = "castle"
LANG_KEY = f"{GAME}.lang"

Handler = Callable[[], object]


class App:
    def __init__(
        self,
        store: Store,
        lang: str | None = None,
        build: str = "dev",
        generic_panels: bool = False,
    ) -> None:
        self.store = store
        #: Every decision through the generic panel (generic_panel.py), none through its own.
        self.generic_panels = generic_panels
        #: The site's build id (tools/build.py; "dev" for a dev build), shown on the home screen.
        self.build = build
        self.slot = Slot(store, GAME, "current")
        self.lang = lang or store.get(LANG_KEY) or "en"
        if self.lang not in i18n.LANGUAGES:
            self.lang = "en"
        self.cat = catalog(self.lang)
        self.record: records.Record | None = None
        self.state: State | None = None
        self.events: list[dict[str, Any]] = []
        #: A saved game found at start-up, offered for resuming.
        self.saved: tuple[records.Record, State, list[dict[str, Any]]] | None = None
        self.screen = "home"
        #: The seat that has passed the cover and is choosing its cards, if any.
        self.viewer: int | None = None
        #: Everyone has chosen: a cover asks to reveal before the board shows the cards.
        self.revealing = False
        self.picked: list[str] = []
        #: The last action was a secret answer (undo would show it to the next player).
        self.last_secret = False
        self.place_choice: str | None = None
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
            rec = records.loads(text)
            state, events = records.replay(rec)
        except records.RecordError as e:
            kept = self.slot.keep_aside()
            self.notice = self.t("app.save_unreadable", reason=str(e), key=kept or "")
            return
        self.saved = (rec, state, events)

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
        return log.reason(refusal.rule, refusal.params, self.names, self.cat)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.cat = catalog(lang)
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
            if e["e"] == "round_started":
                self._log_round = e["round"]
            text = log.describe(e, self.names, self.cat)
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
        refusal = castle.why_not(self.state, action)
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
        players = int(f.get("players", "3"))
        names = []
        for seat in range(players):
            default = self.t("app.default_name", n=seat + 1)
            names.append((f.get(f"name{seat}") or "").strip()[:24] or default)
        colours = [f.get(f"colour{seat}") or SEAT_COLOURS[seat] for seat in range(players)]
        if len(set(colours)) < players or not set(colours) <= set(SEAT_COLOURS):
            self.notice = self.t("app.same_colour")
            return
        start = f.get("start", "random")
        start_player = int(start) if start.isdigit() and int(start) < players else None
        seed_text = (f.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1, 10**9)
        if self.record is not None or self.saved is not None:
            self._keep_previous()
        rec = records.new_record(players, seed, start_player, names=names, colours=colours)
        state, events = records.start(rec)
        self._open(rec, state, events)
        self._save()

    def _keep_previous(self) -> None:
        text = self.slot.read()
        if text is not None:
            self.store.set(f"{GAME}.previous", text)

    def resume(self) -> None:
        assert self.saved is not None
        self._open(*self.saved)

    def _open(self, rec: records.Record, state: State, events: list[dict[str, Any]]) -> None:
        self.record, self.state, self.events = rec, state, list(events)
        self.last_secret = _last_secret(rec)
        self._reword()
        self.saved = None
        self.screen = "game"
        self.viewer = None
        self.revealing = False
        self.picked = []
        self.place_choice = None

    def home(self) -> None:
        if self.record is not None and self.state is not None:
            self.saved = (self.record, self.state, self.events)
        self.screen = "home"

    def secret_now(self) -> bool:
        """The seats asked now answer in secret (the hot-seat covers hide their answers)."""
        return self.state is not None and _secret(self.state)

    def do(self, action: Action) -> bool:
        """Apply one action: the engine decides; the record is saved at once. False (and the
        reason in the notice) if the engine refused it."""
        assert self.state is not None and self.record is not None
        secret = _secret(self.state)
        try:
            events = castle.apply(self.state, action)
        except IllegalAction as e:
            self.notice = self.reason(e.refusal)
            return False
        self.record["actions"].append(to_text(action))
        self.last_secret = secret
        self.events += events
        self._save()
        self.picked = []
        self.place_choice = None
        if secret:
            self.viewer = None
            # Everyone has answered: a cover asks to reveal before the board shows the answers.
            self.revealing = not _secret(self.state)
        return True

    def pay_with(self, pay: dict[str, dict[str, int]]) -> None:
        """Settle a whole suggested payment: one `pay` action per step the engine still asks
        (steps with a single option it has already taken by itself)."""
        assert self.state is not None
        seat = castle.pending(self.state)[0]
        for kind in payment.ORDER:
            d = castle.decision(self.state)
            if d is None or d["stage"] != "pay":
                return  # paid: the building is erected
            if d["kind"] != kind:
                continue  # a step the engine took by itself
            own, converted = pay["own"].get(kind, 0), pay["converted"].get(kind, 0)
            if not self.do(make(seat, "pay", kind, own, converted)):
                return

    def choose_place(self, place: str | None) -> None:
        """A helper place with several possible sources: ask where the helper comes from."""
        self.place_choice = place

    def can_undo(self) -> bool:
        """Undo takes back the last action, unless it was a secret answer."""
        return self.record is not None and bool(self.record["actions"]) and not self.last_secret

    def undo(self) -> None:
        assert self.record is not None
        rec = dict(self.record)
        rec["actions"] = self.record["actions"][:-1]
        state, events = records.replay(rec)
        self.record, self.state, self.events = rec, state, events
        self.last_secret = _last_secret(rec)
        self._reword()
        self.picked = []
        self.place_choice = None
        self._save()

    def pass_cover(self, seat: int) -> None:
        self.viewer = seat
        self.picked = []

    def reveal(self) -> None:
        self.revealing = False


def _secret(state: State) -> bool:
    """Whether the seats asked now answer in secret (the prompt says)."""
    seats = castle.pending(state)
    prompt = castle.prompt(state, seats[0]) if seats else None
    return prompt is not None and prompt["secret"]


def _last_secret(rec: records.Record) -> bool:
    """Whether the record's last action answered a secret prompt (replays all but it)."""
    if not rec["actions"]:
        return False
    before, _ = records.replay({**rec, "actions": rec["actions"][:-1]})
    return _secret(before)
