"""A Castle for All Seasons (四季城): the rules engine.

Pure standard-library Python; runs unchanged on CPython 3.11+ and in the browser on Pyodide.
It plays the summer game for 2–4 players by the rules of docs/rules.md; every number and ruling
is in `castle.data`, with its source.

    state, events = new_game(players=3, seed=7)
    seat = pending(state)[0]
    events = apply(state, legal_actions(state, seat)[0])
"""

from __future__ import annotations

from tabletop.refusal import IllegalAction, Refusal

from .actions import Action, ParseError, parse, to_text
from .engine import apply, decision, legal_actions, new_game, pending, prompt, stage, why_not
from .game import CASTLE
from .state import State, clone, to_json
from .view import determinize, view

#: A state from outside, checked (castle/state_check.py).
from_json = CASTLE.from_json

__version__ = "0.1.0"

__all__ = [
    "CASTLE",
    "Action",
    "IllegalAction",
    "ParseError",
    "Refusal",
    "State",
    "apply",
    "clone",
    "decision",
    "determinize",
    "from_json",
    "legal_actions",
    "new_game",
    "parse",
    "pending",
    "prompt",
    "stage",
    "to_json",
    "to_text",
    "view",
    "why_not",
]
