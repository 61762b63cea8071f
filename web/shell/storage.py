"""Saved games in the browser's localStorage, behind a small interface the tests can fake.

Nothing here knows the game: a slot holds one text under a key prefixed by the game's id
(`castle.` today; another game on the same page gets its own prefix). A text that cannot be
read is never deleted: `keep_aside` copies it under a new key before a new game overwrites it.
"""

from __future__ import annotations

from typing import Protocol


class Store(Protocol):
    """The part of localStorage the page uses (main.py adapts the real one)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStore:
    """A Store in a dict: for tests, and the fallback when localStorage is unavailable."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def keys(self) -> list[str]:
        return list(self.data)


class Slot:
    """One named save of one game, e.g. Slot(store, "castle", "current")."""

    def __init__(self, store: Store, game: str, name: str) -> None:
        self.store = store
        self.game = game
        self.key = f"{game}.{name}"

    def read(self) -> str | None:
        return self.store.get(self.key)

    def write(self, text: str) -> None:
        self.store.set(self.key, text)

    def keep_aside(self) -> str | None:
        """Copy the slot's text under a `<game>.unreadable.<n>` key, once: a text kept before
        (the same unreadable save found on every reload) is not copied again. Returns the key,
        or None if there is nothing to keep or storage refuses the copy (full)."""
        text = self.read()
        if text is None:
            return None
        prefix = f"{self.game}.unreadable."
        listed = self.store.keys()  # a Store's keys (localStorage has no iteration)
        taken = [key for key in listed if key.startswith(prefix)]
        for key in taken:
            if self.store.get(key) == text:
                return key
        n = 1
        while f"{prefix}{n}" in taken:
            n += 1
        key = f"{prefix}{n}"
        try:
            self.store.set(key, text)
        except Exception:  # a full storage: the text stays where it is, unchanged
            return None
        return key
