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
import re
from collections.abc import Callable, Mapping
from typing import Any

from tabletop import record as records
from tabletop.bot import Bot, advise
from tabletop.game import Action, Event, Game, Json
from tabletop.refusal import IllegalAction, Refusal

from . import i18n
from .storage import Slot, Store
from .ui import GameUI

#: The prefix of the site's own settings in storage (each game's saves have its name's prefix).
SITE = "castle"
LANG_KEY = f"{SITE}.lang"
#: The seat colours a player may pick, in the order seats get them by default.
SEAT_COLOURS = ("blue", "red", "yellow", "green")
#: Where the computer players' pace is kept: seconds a computer's action stays on screen
#: before it is played (so that a person can follow), and the choices the form offers.
PACE_KEY = f"{SITE}.pace"
PACES = ("2", "1", "0.5", "0")
DEFAULT_PACE = "1"
#: The new-game form's value for a seat played by a person.
PERSON = "person"
#: The longest name a player may give (the form's maxlength; a save's names are checked).
NAME_LENGTH = 24

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
        #: The seat whose own actions undo is taking back, one by one: never past another
        #: seat's action (None until the first undo after an action).
        self.undoing: int | None = None
        #: What was taken back, for the log of the open game: (number of events before it,
        #: the action), worded in the log's language.
        self.takebacks: list[tuple[int, Action]] = []
        #: A one-line message for the player (a refused click), until the next click.
        self.notice: str | None = None
        #: Why the game in progress could not be saved: shown on every screen until a save
        #: succeeds again (the game goes on in memory meanwhile).
        self.save_problem: str | None = None
        #: A file the page should offer to the browser as a download (name, text), once: the
        #: DOM glue (web/main.py) hands it over after the click that asked for it.
        self.download: tuple[str, str] | None = None
        #: The text of a save that could not be read, kept aside: the player may download it.
        self.unreadable: str | None = None
        #: The save's revision this tab last read or wrote (`<slot>.rev` counts the saves), and
        #: whether another tab has saved the game since: this one is then behind, plays
        #: nothing more, and offers to load what the other saved.
        self._rev = 0
        self.behind = False
        self.form: dict[str, str] = {}
        #: The panel that hands seats to the computer is open.
        self.seats_open = False
        #: Seconds a searching computer may think per decision (None: its own budget).
        self.think_seconds: float | None = 1.5
        #: The computer players of the game in progress, by seat (made when first asked).
        self._bots: dict[tuple[int, str], Bot] = {}
        self._acts: dict[str, Handler] = {}
        self._reword()
        self._load_saved()

    # --- saving and loading --------------------------------------------------------------------

    @property
    def _rev_key(self) -> str:
        return f"{self.slot.key}.rev"

    def _stored_rev(self) -> int:
        text = self.store.get(self._rev_key) or "0"
        return int(text) if text.isdigit() else 0

    def check_behind(self) -> bool:
        """Whether another tab saved the game since this one last read or wrote it (the page
        asks on the browser's `storage` event, and before every action)."""
        if self._stored_rev() != self._rev:
            self.behind = True
        return self.behind

    def load_latest(self) -> None:
        """Catch up with what another tab saved: read the save again and resume it."""
        self.behind = False
        self.record = self.state = None
        self.screen = "home"
        self._load_saved()
        if self.saved is not None:
            self.resume()

    def _load_saved(self) -> None:
        self.saved = None
        self._rev = self._stored_rev()
        text = self.slot.read()
        if text is None:
            return
        try:
            self.saved = self._read(text)
        except records.RecordError as e:
            kept = self.slot.keep_aside()
            self.unreadable = text
            self.notice = self.t("app.save_unreadable", reason=str(e), key=kept or self.slot.key)

    def _read(self, text: str | bytes) -> tuple[records.Record, Any, list[Event], bool]:
        """A save or a game file, read and replayed whole: the record, its state and events,
        and whether its last action was secret. Anything wrong is a RecordError: the game's
        reader raises nothing else, and nothing else may lock the page either."""
        try:
            rec = records.loads(self.game, text)
            problem = self._page_setup_error(rec["setup"])
            if problem:
                raise records.RecordError(f"setup: {problem}")
            return (rec, *self._replay(rec))
        except records.RecordError:
            raise
        except Exception as e:
            raise records.RecordError(type(e).__name__) from e

    def export_game(self, record: records.Record | None = None) -> None:
        """Offer a game as its record file (the game in progress, or the one to resume)."""
        rec = record or self.record or (self.saved[0] if self.saved else None)
        if rec is None:
            return
        names = "-".join(rec["setup"].get("names", []))
        safe = "".join(c if c.isalnum() else "-" for c in names)[:40].strip("-") or "game"
        self.download = (f"{self.game.name}-{safe}.json", records.dumps(rec))

    def import_game(self, text: str | bytes, name: str = "") -> bool:
        """Open a game from a record file. Everything is checked before anything is written:
        a bad file gets one message naming what is wrong, and no save changes."""
        try:
            opened = self._read(text)
        except records.RecordError as e:
            self.notice = self.t("app.import_failed", file=name[:60], reason=str(e))
            return False
        if self.record is not None or self.saved is not None:
            self._keep_previous()
        self._open(*opened)
        self._save()
        self.notice = self.t("app.imported", file=name[:60])
        return True

    def export_unreadable(self) -> None:
        """Offer the save that could not be read, unchanged, as a file."""
        if self.unreadable is not None:
            self.download = (f"{self.game.name}-unreadable-save.json", self.unreadable)

    def _page_setup_error(self, setup: Json) -> str | None:
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

    def _save(self) -> None:
        assert self.record is not None
        if self.check_behind():
            return  # never overwrite what another tab saved after this one
        self.save_problem = self._write(self.slot.key, records.dumps(self.record))
        if self.save_problem is None:
            self._rev += 1
            self._write(self._rev_key, str(self._rev))

    def _write(self, key: str, text: str) -> str | None:
        """Every write to storage goes here: a full or blocked storage must not stop the
        game. Returns what went wrong, or None."""
        try:
            self.store.set(key, text)
        except Exception as e:
            return str(e) or type(e).__name__
        return None

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
        self._write(LANG_KEY, lang)  # a choice that is not kept is no reason to stop
        self._reword()

    def _reword(self) -> None:
        """Forget the worded log: the next `log_lines` words every event again."""
        self._log: list[tuple[int, str]] = []
        self._log_done = 0
        self._notes_done = 0
        self._log_round = 1

    def _notes_upto(self, i: int) -> None:
        """The takeback notes due before event `i` (they are in the order of their events)."""
        while self._notes_done < len(self.takebacks) and self.takebacks[self._notes_done][0] <= i:
            action = self.takebacks[self._notes_done][1]
            text = self.t("app.took_back", player=self.names[action["p"]], move=self._words(action))
            self._log.append((self._log_round, text))
            self._notes_done += 1

    def log_lines(self) -> list[tuple[int, str]]:
        """The game log in the current language: (round, sentence) per event worth a line.

        Every redraw shows the log, so the sentences are kept and only new events are worded;
        a new language, an undo or another game starts them afresh (`_reword`)."""
        for i in range(self._log_done, len(self.events)):
            self._notes_upto(i)
            e = self.events[i]
            self._log_round = self.ui.log_round(e) or self._log_round
            text = self.ui.describe(e, self.names, self.cat)
            if text:
                self._log.append((self._log_round, text))
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
        return self.reg(lambda: self.do(action)), None

    def click(self, token: str, form: dict[str, str] | None = None) -> None:
        handler = self._acts.get(token)
        if handler is None:
            return  # a click on something from an older render: ignore it
        self.form = form or {}
        self.notice = None
        if self.record is not None:
            self.check_behind()  # another tab may have saved this game since: say so at once
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
        computers = [self.form_level(seat) for seat in range(players)]
        names = []
        for seat, level in enumerate(computers):
            if level is None:
                default = self.t("app.default_name", n=seat + 1)
            else:
                default = self.t(
                    "app.computer_name", n=seat + 1, level=self.t(f"app.level.{level}")
                )
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
        if self.record is not None or self.saved is not None:
            self._keep_previous()
        setup = {
            "players": players,
            "seed": seed,
            **self.ui.setup(f, players),
            "names": names,
            "colours": colours,
            "computers": computers,
        }
        pace = f.get("pace")
        if pace in PACES:
            self._write(PACE_KEY, pace)
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

    def form_level(self, seat: int) -> str | None:
        """The new-game form's choice for a seat: a computer level, or None for a person."""
        level = self.form.get(f"kind{seat}", PERSON)
        return level if level in self.ui.levels else None

    def _keep_previous(self) -> None:
        text = self.slot.read()
        if text is not None:
            self._write(f"{self.game.name}.previous", text)

    def resume(self) -> None:
        assert self.saved is not None
        self._open(*self.saved)

    def _open(
        self, rec: records.Record, state: Any, events: list[Event], last_secret: bool
    ) -> None:
        self.record, self.state, self.events = rec, state, list(events)
        self.last_secret = last_secret
        self.undoing = None
        self.takebacks = []
        self._reword()
        self.saved = None
        self.screen = "game"
        self.viewer = None
        self.revealing = False
        self.picked = []
        self.local = {}
        self._bots = {}

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
        if self.check_behind():
            self.notice = self.t("app.behind")
            return False
        secret = self._secret(self.state)
        try:
            events = self.game.apply(self.state, action)
        except IllegalAction as e:
            self.notice = self.reason(e.refusal)
            return False
        self.record["actions"].append(self.game.action_text(action))
        self.last_secret = secret
        self.undoing = None
        self.events += events
        self._save()
        self.picked = []
        self.local = {}
        if secret:
            self.viewer = None
            # Everyone has answered: a cover asks to reveal before the board shows the answers
            # (unless nobody else is at the device to see them).
            self.revealing = not self._secret(self.state) and not self.lone_person()
        return True

    def can_undo(self) -> bool:
        """Undo takes back a person's own decisions, back to the last moment new information
        appeared and never further, so that it cannot be used to peek: not a secret answer
        (the reveal follows the last one), not a computer's move (a person would choose again
        knowing it), and not past another seat's decision."""
        if self.record is None or not self.record["actions"] or self.last_secret:
            return False
        seat = self.game.parse_action(self.record["actions"][-1])["p"]
        return self.computers[seat] is None and self.undoing in (None, seat)

    def undo(self) -> None:
        """Take back the last action: it leaves the record (which holds what stands), and the
        log of the open game notes it."""
        assert self.record is not None and self.can_undo()
        rec = dict(self.record)
        line = self.record["actions"][-1]
        rec["actions"] = self.record["actions"][:-1]
        action = self.game.parse_action(line)
        self.state, self.events, self.last_secret = self._replay(rec)
        self.record = rec
        self.undoing = action["p"]
        self.takebacks = [(min(i, len(self.events)), a) for i, a in self.takebacks]
        self.takebacks.append((len(self.events), action))
        self._reword()
        self.picked = []
        self.local = {}
        self._save()

    def _words(self, action: Action) -> str:
        from .generic_panel import label

        return label(self, action)

    # --- computer players ---------------------------------------------------------------------

    @property
    def computers(self) -> list[str | None]:
        """The level playing each seat (None: a person). Kept in the record's setup, which
        the page updates when a seat is handed over; the game itself never reads it."""
        assert self.record is not None
        setup = self.record["setup"]
        levels = setup.get("computers")
        if not isinstance(levels, list) or len(levels) != setup["players"]:
            return [None] * setup["players"]
        return [level if level in self.ui.levels else None for level in levels]

    def people(self) -> list[int]:
        return [seat for seat, level in enumerate(self.computers) if level is None]

    def computer_asked(self) -> int | None:
        """A computer seat that must decide now, on the game screen (the first one asked: at a
        secret choice the computers answer before the people, who then see no cover for
        them)."""
        if self.screen != "game" or self.state is None or self.revealing or self.behind:
            return None
        computers = self.computers
        for seat in self.asked():
            if computers[seat] is not None:
                return seat
        return None

    def searches(self, seat: int) -> bool:
        """Whether the seat's level searches (the page asks its worker, not this thread)."""
        return self.computers[seat] in self.ui.searching

    def computer_request(self, seat: int) -> Json:
        """What a computer player is given: its level, its seat's view and nothing more, a seed
        and its time, and the number of actions so far (to match the answer to the moment)."""
        assert self.record is not None
        level = self.computers[seat]
        assert level is not None
        moves = len(self.record["actions"])
        return {
            "game": self.game.name,
            "level": level,
            "seat": seat,
            "view": self.game.view(self.state, seat),
            "seed": self.record["setup"]["seed"] * 1009 + moves * 31 + seat,
            "seconds": self.think_seconds,
            "moves": moves,
        }

    def computer_choice(self, seat: int, fallback: bool = False) -> Action:
        """A computer's action, computed here: the quick levels, and (`fallback`) the
        quickest level but one for a searching seat whose worker cannot run."""
        request = self.computer_request(seat)
        if fallback:
            quick = [lv for lv in self.ui.levels if lv not in self.ui.searching]
            request["level"] = quick[-1] if quick else request["level"]
        key = (seat, request["level"])
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self.ui.bot(
                request["level"], request["seed"], request["seconds"]
            )
        return bot.choose(request["view"], seat)

    def computer_play(self, seat: int, action: Action, moves: int) -> bool:
        """Play a computer's answer, if the game is still where it was asked (the player may
        have undone, handed the seat back or opened another game meanwhile)."""
        if self.record is None or len(self.record["actions"]) != moves:
            return False
        if self.computer_asked() != seat or self.computers[seat] is None:
            return False
        return self.do(action)

    def hand_over(self, seat: int, level: str | None) -> None:
        """Let the computer play a seat (a level) or take it back (None), from now on."""
        assert self.record is not None
        computers = self.computers
        computers[seat] = level if level in self.ui.levels else None
        self.record["setup"]["computers"] = computers
        if self.viewer is not None and computers[self.viewer] is not None:
            self.viewer = None
        self._save()

    def hint(self, seat: int) -> None:
        """The medium level's suggestion for the person deciding, from their own view only,
        with what its estimate makes of it (shown until the next action)."""
        strategy = self.ui.strategy
        if strategy is None or self.state is None or seat not in self.asked():
            return
        assert self.record is not None
        rnd = random.Random(len(self.record["actions"]) * 7919 + seat)
        sampled = self.game.determinize(self.game.view(self.state, seat), seat, rnd)
        advice = advise(strategy, sampled, seat)
        self.local["hint"] = self.t(
            "app.hint_text",
            move=self.ui.plan_text(self, advice["plan"]),
            before=round(100 * advice["before"]),
            after=round(100 * advice["after"]),
        )

    def toggle_seats(self) -> None:
        self.seats_open = not self.seats_open

    @property
    def pace(self) -> float:
        """Seconds a computer's action waits before it is played."""
        value = self.store.get(PACE_KEY) or DEFAULT_PACE
        return float(value) if value in PACES else float(DEFAULT_PACE)

    def lone_person(self) -> bool:
        """At most one person plays: no device is passed, so no cover is ever needed."""
        return len(self.people()) <= 1

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
