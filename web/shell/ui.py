"""What a game's page gives the shell: everything the shell cannot draw without knowing the game.

The shell (controller, covers, new-game and log frames, generic panel, storage) plays any
`tabletop.game.Game`; a `GameUI` adds that game's words, board and panels. The shell finds the
games in the registry the page hands it (web/games.py), and never imports a game itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from tabletop.bot import Bot, Plan, Strategy
from tabletop.game import Action, Event, Game, Json
from tabletop.refusal import Refusal

from .i18n import Catalog, Roots

#: The controller a game's page draws from (web.shell.app.App): a parameter, so that this seam
#: names no module of the shell above it (the controller imports this one).
App = TypeVar("App", contravariant=True)


class GameUI(Protocol[App]):
    #: The game, through the seam only.
    game: Game[Any]
    #: The catalog folders of this page: the shell's, then the game's own.
    catalogs: Roots
    #: The engine's version, shown with the build id on the home screen.
    version: str
    #: Catalog families that the values in its actions are words of, tried in order: the
    #: generic panel words an action's `"trader"` as `card.trader` if that family is listed.
    word_families: tuple[str, ...]
    #: The computer players' levels, weakest first (`app.level.<level>` in the catalogs);
    #: empty for a game played by people only.
    levels: tuple[str, ...]
    #: The levels that search: the page runs them in a worker, so that it stays responsive.
    searching: tuple[str, ...]

    #: The game's advice to its bots, which also gives a person a hint (None: no hints).
    strategy: Strategy[Any] | None

    def bot(self, level: str, seed: int, seconds: float | None) -> Bot:
        """A computer player of that level; `seconds` bounds a search's time per decision."""
        ...

    def plan_text(self, app: App, plan: Plan) -> str:
        """A plan (a hint) in words: its first action, and what the rest settles."""
        ...

    def action_text(self, app: App, action: Action) -> str:
        """One action in words, as the game's panels word it (the log's note of an action
        taken back); `generic_panel.label` for a game without words of its own."""
        ...

    def setup_fields(self, app: App) -> str:
        """The game's own fields of the new-game form, as HTML (named inputs)."""
        ...

    def setup(self, form: Mapping[str, str], players: int) -> Json:
        """The game's own setup keys from the new-game form's values."""
        ...

    def progress(self, state: Any) -> Json:
        """Where a game stands, as data ({"round": 4, "rounds": 15}): kept with each saved
        game, so that its list can say it in any language without replaying the game."""
        ...

    def progress_text(self, app: App, progress: Json) -> str:
        """`progress` in a few words ("Round 4 of 15"): the header, the list of saved games.
        A progress saved by an older build may lack keys: word what is there."""
        ...

    def variant_text(self, app: App, progress: Json) -> str:
        """Which variant of the game `progress` is of, in a word ("Winter"), said before it in
        the header and the list of saved games (which shows games of every variant side by
        side); "" for a game of one variant, or a progress that does not say."""
        ...

    def cover_hint(self, app: App) -> str:
        """The line under "Pass the device to …" on a hot-seat cover."""
        ...

    def reveal_text(self, app: App) -> str:
        """The button of the cover shown once everyone has answered in secret: what it shows
        next (the answers, or what the game does first)."""
        ...

    def screen(self, app: App) -> str:
        """The game screen under the shell's header: board, panels, log, as the game lays
        them out (the shell's blocks are in screens.py)."""
        ...

    def table(self, app: App, state: Any) -> str:
        """The board of `state` as a spectator sees it (no secret, nothing to click): what a
        round's summary is read over, so the table still sees the castle it speaks of. One
        element, the one the game's screen draws its board in (the summary marks it, and the
        redraw then keeps it where it was)."""
        ...

    #: The engine's automatic step that closes a round (clears the cards played, moves the
    #: start player): a round's summary shows the table just before it, as the round ended
    #: (`Game.apply_until`). None: the board as it stands, already the next round.
    round_end_step: str | None

    #: The events a round's summary keeps (who built what, deliveries, bonuses): names of
    #: `Event["e"]`; the summary words them as the log does, under the seat its `"p"` names
    #: (an event without one concerns the whole table).
    summary_events: tuple[str, ...]

    def points(self, event: Event) -> tuple[int, int] | None:
        """The seat an event gives points to and how many, or None if it gives none: a round's
        summary lists every such event under its seat, so that the lines add up to the change
        in the seat's score (`scores`), the final scoring's included."""
        ...

    def cards_played(self, event: Event, cat: Catalog) -> list[str] | None:
        """The cards each seat played in the round, in words ("Trader, Messenger"), if this
        event shows them (None: it does not; a game without cards never does)."""
        ...

    def scores(self, state: Any) -> list[int]:
        """Each seat's points so far (the round's summary says what each gained)."""
        ...

    def help(self, app: App, topic: str | None) -> str:
        """The game's rules help as HTML (how to play, a reference, the house rulings), open
        at `topic` if it names one: the shell shows it over any screen."""
        ...

    def rules(self, app: App) -> str:
        """The rules section of the new-game screen (house rulings), as HTML."""
        ...

    def describe(self, event: Event, names: Sequence[str], cat: Catalog) -> str | None:
        """One sentence of the game log for an event, or None for an event not worth a line."""
        ...

    def log_round(self, event: Event) -> int | None:
        """The round that begins with this event, if it begins one (the log groups by round)."""
        ...

    def reason(self, refusal: Refusal, names: Sequence[str], cat: Catalog) -> str:
        """Why an action is refused, in words."""
        ...
