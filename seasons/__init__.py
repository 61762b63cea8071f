"""*Seasons* (四季物语; Régis Bonnessée, Libellud 2012), the project's second game: its engine,
pure standard-library Python on the seam (tabletop/). The rules are docs/seasons-rules.md."""

from .game import SEASONS

__all__ = ["SEASONS"]
