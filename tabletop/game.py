"""The interface every game implements, and everything that plays one uses.

The page, a computer opponent, a test and a replay all talk to a game through `Game`: who is
asked, the prompt, the legal actions, why not, apply (events), copy, view, determinize, terminal
and results, and the record codec. A game's state is its own type; everything here treats it as
opaque, except that it round-trips through JSON (`to_json` / `from_json`).

Modelled on OpenSpiel's `State` (a player, several at once, or terminal; legal actions; apply;
`ResampleFromInfostate`) and TAG's `AbstractGameState.copy(playerId)`, in this project's words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol, TypedDict, TypeVar

from .refusal import Refusal

Json = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

#: How a prompt is best shown. Any of them can be answered by picking one of the legal actions
#: (the page's generic panel does exactly that); a game's own panel may do better.
#: The context keys each kind promises are its only contract with a page (tests/test_interface.py
#: checks them); anything else in a context is the game's own.
PROMPT_KINDS = (
    "choose",  # one of a few options
    "cards",  # a set of cards from a hand (context, optional: `min` and `max` cards)
    "amount",  # a number in a range
    "payment",  # one step of building a payment
    "place",  # a place on the board
    "confirm",  # yes or no
    "menu",  # one of several kinds of action, asked again until the seat ends its turn
    "seat",  # another player (a target)
    "tokens",  # amounts of several kinds (context: `kinds`, and `count` or bounds)
    "order",  # context `items`: each action's list field is an order of them (few items: an
    # order of n items is n! actions; ask one at a time beyond four or five)
)


class Prompt(TypedDict):
    """What one seat is asked: JSON-ready."""

    #: Which question (the game's stage name); the page's catalogs word it.
    stage: str
    #: One of PROMPT_KINDS.
    kind: str
    #: Every seat asked now (several for a simultaneous choice).
    seats: list[int]
    #: The answers stay secret from the other seats until all of them have answered.
    secret: bool
    #: The seat's options show something only it may know (its secret choice): a page for
    #: several people at one device lets it answer out of the others' sight.
    private: bool
    #: What the question is about (a card, a building, an offer, ...), game-specific.
    context: Json


class SeatResult(TypedDict):
    seat: int
    score: int
    #: Points by source, adding up to `score`.
    breakdown: dict[str, int]


class Results(TypedDict):
    #: Seats from first to last (ties broken as the game's rules say).
    ranking: list[int]
    winners: list[int]
    seats: list[SeatResult]


#: Upgrades a record's JSON from rules version v to v + 1 (see `Game.migrations`).
Migration = Callable[[Json], Json]


class _NoMigration:
    """The marker `NO_MIGRATION`: called by mistake, it refuses rather than pass a record on."""

    def __call__(self, record: Json) -> Json:
        raise ValueError("no migration can exist for this rules version")

    def __repr__(self) -> str:
        return "NO_MIGRATION"


#: The entry of `Game.migrations` for a step no migration can make: the old actions cannot be
#: rewritten to mean the same game under the new rules. A record from before it is kept, readable
#: but not playable (tabletop.record.OldRules).
NO_MIGRATION: Final[Migration] = _NoMigration()


S = TypeVar("S")


class Game(Protocol[S]):
    """A game, as everything that plays it sees it. Actions are small JSON dicts with a seat
    `p` and a verb `do`; refusals are rule ids; events are JSON dicts with a name `e`."""

    #: A short id, also the prefix of the game's saved data and records ("castle").
    name: str
    #: The game's name in messages that no catalog words (record errors).
    title: str
    #: Bumped by every change that can change what a record replays to (tabletop/record.py).
    rules_version: int
    #: `migrations[v]` upgrades a record of rules version v to v + 1, so that a game saved or
    #: exported under older rules is not lost when the rules change: the reader applies every
    #: step from the record's version up to `rules_version`, then checks the result as any
    #: record. A migration rewrites what changed in the record's words (a renamed action verb
    #: or setup key, an option that gained a value) so that the old actions mean the same game;
    #: it gets a copy of the record to change or replace and need not set `rules_version`. A
    #: step no migration can make is `NO_MIGRATION`; a record that cannot reach `rules_version`
    #: through the steps is refused with `OldRules`, to be kept and shown, not replayed.
    migrations: Mapping[int, Migration]
    #: `setup_keys[v]` is every setup key the game read at rules version v (one entry for each
    #: version from 1): a record's setup may hold no other but the page's own
    #: (`tabletop.record.PAGE_KEYS`), since a key its version did not know was written by hand
    #: or by another program, and replaying it as if the key were absent could be another game.
    #: A version that adds, renames or drops a key is a new rules version with its migration.
    setup_keys: Mapping[int, frozenset[str]]
    #: The player counts it can be set up for.
    players: tuple[int, ...]

    def new(self, players: int, seed: int) -> tuple[S, list[Event]]:
        """A game of the default setup for that many players and that seed."""
        ...

    def setup_error(self, setup: Json) -> str | None:
        """What is wrong with a record's setup (`players`, `seed` and the game's own keys)."""
        ...

    def start(self, setup: Json) -> tuple[S, list[Event]]:
        """The game a (checked) setup describes, at its first decision."""
        ...

    def asked(self, s: S) -> list[int]:
        """The seats that must decide now: one, several at once, or none when it is over."""
        ...

    def prompt(self, s: S, seat: int) -> Prompt | None: ...

    def legal_actions(self, s: S, seat: int) -> list[Action]: ...

    def why_not(self, s: S, action: Any) -> Refusal | None: ...

    def apply(self, s: S, action: Any) -> list[Event]:
        """Apply a legal action (IllegalAction otherwise, the state unchanged)."""

    def apply_until(self, s: S, action: Any, step: str) -> list[Event]:
        """As `apply`, but the automatic steps that follow stop before the step named `step`
        if they reach it before the next decision: the state is then only to be looked at
        (a round's summary shows the table as the round ended, before its end step clears
        it), never to be played on or saved."""
        ...

    def copy(self, s: S) -> S:
        """An independent copy, fast: a search makes tens of thousands a decision."""
        ...

    def view(self, s: S, seat: int | None) -> Json:
        """Everything `seat` has seen and may remember (None: what every seat has), as JSON:
        perfect recall (a card it was shown, a card known to be in another hand from a public
        move, the prompt contexts of the tasks queued), never the hidden rest (another hand's
        unknown cards, a pile's order, the generator)."""
        ...

    def determinize(self, seen: Json, seat: int, rnd: random.Random) -> S:
        """A whole state consistent with `seen` (a view of `seat`): every fact the view holds
        kept where it is, so that its view from `seat` is `seen` again, and the unseen part
        sampled with the caller's `rnd` (a fresh generator too, so a search's simulations draw
        every chance step anew); never reads the game's own generator."""
        ...

    def terminal(self, s: S) -> bool: ...

    def results(self, s: S) -> Results | None:
        """Final scores with their breakdown, once terminal."""
        ...

    def to_json(self, s: S) -> Json: ...

    def from_json(self, obj: Json) -> S: ...

    def action_text(self, action: Action) -> str:
        """The action's one-line text form, as game records hold it."""
        ...

    def parse_action(self, text: str) -> Action: ...
