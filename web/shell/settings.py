"""What the shell keeps in storage for the site, and the choices its forms offer: one module
that the controller, the screens and a game's board all read, so that none of them imports
another for a constant.

The site's settings are stored as `<site>.<name>`: the site is named by the registry
(web/games.py SITE), so the shell names no game; each game's saves have its own name's prefix
(storage.py). A newer build of the page may keep more than this one knows: in the new-game form
it kept (`table`), a key this build does not know, or a value that is not text, is left out of
the form and written back unchanged (`table_text`), so that going back to a newer build loses
nothing.
"""

from __future__ import annotations

import json
from typing import Any

from .storage import Store

#: The settings by name: the language chosen; the computers' pace (seconds a computer's action
#: stays on screen before it is played, so that a person can follow); the key of the game
#: opened last (offered first for resuming); the key of the game on screen ("" once the player
#: has gone back to the home screen: a reload opens that game again, where it was, or the home
#: screen); the last new-game form (players, names, colours, who plays each seat, who starts:
#: the next game's form opens with it, for a rematch).
LANG = "lang"
PACE = "pace"
LAST = "last"
OPEN = "open"
TABLE = "table"
#: The seat colours a player may pick, in the order seats get them by default.
SEAT_COLOURS = ("blue", "red", "yellow", "green")
#: The paces the form offers.
PACES = ("2", "1", "0.5", "0")
DEFAULT_PACE = "1"
#: The new-game form's value for a seat played by a person.
PERSON = "person"
#: The longest name a player may give (the form's maxlength; a save's names are checked).
NAME_LENGTH = 24
#: The longest stored new-game form read (this build's is well under 1,000 characters).
TABLE_CHARS = 20_000


class Settings:
    """The site's settings in storage. Reading only: every write goes through the saves'
    `write`, which a full storage cannot stop."""

    def __init__(self, store: Store, site: str) -> None:
        self.store = store
        self.site = site

    def key(self, name: str) -> str:
        return f"{self.site}.{name}"

    def get(self, name: str) -> str | None:
        return self.store.get(self.key(name))

    def table(self) -> dict[str, str]:
        """The last new-game form as the form reads it (the fields of this build: text values,
        names bounded), or nothing if there is none or it is not one."""
        return {
            k: v[:NAME_LENGTH]
            for k, v in self._stored_table().items()
            if isinstance(v, str) and len(k) < 20
        }

    def table_text(self, form: dict[str, str]) -> str:
        """The new-game form to keep: this one's fields over the stored one, whose other keys
        (a newer build's, or a seat this game did not have) are kept as they were."""
        return json.dumps({**self._stored_table(), **form}, ensure_ascii=False)

    def _stored_table(self) -> dict[str, Any]:
        text = self.get(TABLE)
        try:
            table = json.loads(text) if text and len(text) <= TABLE_CHARS else {}
        except (ValueError, RecursionError):
            return {}
        return table if isinstance(table, dict) else {}
