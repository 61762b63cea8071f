"""Castle's page: its board, player panels, decision panels, log sentences and catalogs, on the
game-neutral shell (web/shell). Named so that it does not shadow the engine package `castle`.
"""

from __future__ import annotations

from pathlib import Path

from web.shell import i18n

#: The shell's catalogs, then Castle's own.
CATALOGS: i18n.Roots = (i18n.SHELL, Path(__file__).resolve().parent / "i18n")


def catalog(lang: str) -> i18n.Catalog:
    """Every message a Castle page shows, in `lang` (backed by English)."""
    return i18n.load(lang, CATALOGS)
