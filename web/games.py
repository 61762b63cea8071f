"""The games this page plays: the registry the shell is handed (web/main.py), by name.

The shell (web/shell) imports no game; each game's page implements `web.shell.ui.GameUI` in a
folder of its own and is listed here. The first is the page's default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.castle_page.page import PAGE as CASTLE

if TYPE_CHECKING:
    from web.shell.app import App
    from web.shell.ui import GameUI

GAMES: dict[str, GameUI[App]] = {"castle": CASTLE}
#: The site's name in storage: the prefix of its own settings (web/shell/settings.py), which
#: are Castle's as they always were, so that a player's language, pace and last game stay.
SITE = "castle"
