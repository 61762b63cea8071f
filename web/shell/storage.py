"""The browser's storage behind a small interface the tests can fake, and the saved games in it.

Nothing here knows the game. Every key starts with the game's name (`castle.` for Castle;
another game on the same page gets its own prefix). A game is saved under its own key, so that
several can be kept at once and starting one never replaces another:

    <game>.game.<id>         the game's record (docs/engine.md), written after every action
    <game>.game.<id>.rev     how many times this tab family saved it: a tab that finds a higher
                             count than it wrote is behind another tab (App.check_behind)
    <game>.game.<id>.about   what the list of saved games shows without replaying the game
                             (JSON: an `About`; keys a newer build added are kept, and written
                             back unchanged when this build rewrites it)
    <game>.game.<id>.notes   what the page showed of it beyond the record (notes.py: the
                             "Just now" notes, the takebacks, a round's summary unread)
    <site>.last              the key of the game opened last (offered first for resuming):
                             a setting of the site (settings.py; Castle's site is `castle`)
    <site>.open              the key of the game on screen, which a reload opens again
                             ("" after going back to the home screen)
    <site>.boot.snapshot     while Python starts from its snapshot (web/python.mjs): not this
                             module's, listed so that every key the site keeps is named here

Earlier builds kept one game under `<game>.current` (and the one it replaced under
`<game>.previous`, unreadable ones under `<game>.unreadable.<n>`). Those keys are listed as
games in place: nothing is copied or moved, so a storage that refuses writes loses nothing. A
save that cannot be read stays where it is, listed as unreadable, until the player deletes it.

Nothing stored is out of the player's reach or lost to an update:
- every key under `<game>.game.` is listed: a game (`<game>.game.<id>`, its id without a dot),
  or else, unless it is a sidecar above of a game beside it, a stray (`stray_keys`: another
  program's key, a sidecar whose game is gone), shown as "not a game" with Delete alone;
- an `About` written by a newer build is read for the keys this build knows, and the keys it
  does not know are written back unchanged at every save and rename (`with_unknown`); the
  new-game form kept in the settings likewise (settings.py);
- `<site>.last` naming a game that is gone is moved to the game offered first, or cleared
  (App.list_games).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Protocol, TypedDict, cast


class Store(Protocol):
    """The part of localStorage the page uses (main.py adapts the real one)."""

    #: Whether what is written outlives the page: localStorage's does; the page's fallback when
    #: the browser lets it keep nothing (a private window, storage turned off) does not.
    lasting: bool

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A Store in a dict: for tests, and the fallback when localStorage is unavailable (then
    not `lasting`)."""

    def __init__(self, lasting: bool = True) -> None:
        self.data: dict[str, str] = {}
        self.lasting = lasting

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class About(TypedDict):
    """A saved game as its list shows it, written beside its record at every save."""

    #: The name the player gave it ("" until renamed: the list shows the players' names).
    title: str
    names: list[str]
    #: Seconds since the epoch: when it was started, and saved last.
    created: float
    updated: float
    #: Actions in its record (the list's "moves"), and the game's own words of where it stands
    #: (GameUI.progress: e.g. the round), kept as data so that any language can word it.
    moves: int
    progress: dict[str, Any]
    finished: bool
    #: Final scores by seat and the winners, once finished.
    scores: list[int]
    winners: list[int]
    #: The rules version it was last played under (a game of an older one that cannot be
    #: replayed is still listed with what it showed last).
    rules_version: int


#: What is kept beside a game's record, each under `<record's key>.<sidecar>`.
SIDECARS = ("rev", "about", "notes")
#: The longest title a player may give a saved game.
TITLE_LENGTH = 40
_ABOUT_KEYS = set(About.__annotations__)
_LEGACY = re.compile(r"(current|previous|unreadable\.[0-9]+)")


def game_keys(store: Store, game: str) -> list[str]:
    """The keys of every saved game of `game`, the ones of earlier builds included."""
    prefix = f"{game}."
    found = []
    for key in store.keys():  # noqa: SIM118 (a Store, not a dict)
        if not key.startswith(prefix):
            continue
        rest = key[len(prefix) :]
        if (rest.startswith("game.") and rest.count(".") == 1) or _LEGACY.fullmatch(rest):
            found.append(key)
    return found


def stray_keys(store: Store, game: str) -> list[str]:
    """The keys under the games' prefix (`<game>.game.`) that are no saved game: a key whose
    id has a dot but is not a sidecar (.rev, .about, .notes) of a game, or a sidecar whose
    game is gone. The list shows each as "not a game", so that it can be deleted from the page
    and nothing under the prefix stays out of the player's reach."""
    prefix = f"{game}.game."
    under = [key for key in store.keys() if key.startswith(prefix)]  # noqa: SIM118
    games = {key for key in under if "." not in key[len(prefix) :]}
    strays = []
    for key in under:
        owner, _, sidecar = key.rpartition(".")
        if key not in games and not (sidecar in SIDECARS and owner in games):
            strays.append(key)
    return sorted(strays)


def new_key(store: Store, game: str, now: float, rnd: random.Random) -> str:
    """A key no game has yet: the time it was made (so keys sort by age) and a random tail (so
    two tabs starting games at once do not collide)."""
    taken = set(store.keys())
    while True:
        key = f"{game}.game.{int(now * 1000):x}{rnd.randrange(16**4):04x}"
        if key not in taken:
            return key


def read_about(store: Store, key: str) -> About | None:
    """A game's `About`, or None if it has none or it is not one (a hand edit, an older build):
    the caller then works it out from the record."""
    text = store.get(f"{key}.about")
    if text is None or len(text) > 20_000:
        return None
    try:
        about = json.loads(text)
    except (ValueError, RecursionError):
        return None
    # A newer build may add keys: they are kept (`with_unknown`), and only the ones this build
    # knows are checked, so that the game keeps its title, its dates and its players.
    if not isinstance(about, dict) or not set(about) >= _ABOUT_KEYS:
        return None
    typed = (
        isinstance(about["title"], str)
        and len(about["title"]) <= TITLE_LENGTH
        and _strings(about["names"])
        and all(_when(about[k]) for k in ("created", "updated"))
        and isinstance(about["moves"], int)
        and isinstance(about["progress"], dict)
        and isinstance(about["finished"], bool)
        and _ints(about["scores"])
        and _ints(about["winners"])
        and all(0 <= w < len(about["names"]) for w in about["winners"])
        and isinstance(about["rules_version"], int)
    )
    return about if typed else None  # type: ignore[return-value]


def with_unknown(about: About, old: About | None) -> About:
    """`about` with the keys of `old` that this build does not know (a newer build's), so that
    a save or a rename here never drops what a newer build keeps of the game."""
    if old is None:
        return about
    kept = {k: v for k, v in old.items() if k not in _ABOUT_KEYS}
    return cast(About, {**kept, **about}) if kept else about


def _when(value: Any) -> bool:
    """A date as seconds since the epoch that a clock can show (not NaN, not 1e300)."""
    return isinstance(value, int | float) and 0 <= value < 10**11


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, int) for v in value)


def title_of(about: About) -> str:
    """The name a saved game goes by: the one the player gave it, or its players'."""
    return about["title"] or ", ".join(about["names"])


def delete(store: Store, key: str) -> None:
    """Forget a saved game: its record, its count of saves, its About and its notes."""
    for k in (key, *(f"{key}.{sidecar}" for sidecar in SIDECARS)):
        store.remove(k)
