"""A Castle for All Seasons (四季城): the rules engine.

Pure standard-library Python; runs unchanged on CPython 3.11+ and in the browser on Pyodide.
It plays the game for 2–4 players, summer or winter, by the rules of docs/rules.md; every
number and ruling is in `castle.data`, with its source.

Everything outside the package plays it through one object, `CASTLE` (a `tabletop.game.Game`,
docs/engine.md), and the types below:

    state, events = CASTLE.new(3, 7)
    seat = CASTLE.asked(state)[0]
    events = CASTLE.apply(state, CASTLE.legal_actions(state, seat)[0])
"""

from __future__ import annotations

from tabletop.refusal import IllegalAction, Refusal

from .actions import Action, ParseError
from .game import CASTLE
from .state import NotAState, State, StateError

__version__ = "0.1.0"

__all__ = [
    "CASTLE",
    "Action",
    "IllegalAction",
    "NotAState",
    "ParseError",
    "Refusal",
    "State",
    "StateError",
]
