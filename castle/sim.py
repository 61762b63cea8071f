"""Random legal play, for the command line, tests and benchmarks.

The players here use a random generator of their own, never the game's.
"""

from __future__ import annotations

import random

from .actions import to_text
from .engine import apply, legal_actions, new_game, pending
from .state import State


def random_game(
    players: int, seed: int, start_player: int | None = None, winter: bool = False
) -> tuple[State, list[str]]:
    """Play a whole game with uniformly random legal actions; returns the end state and actions."""
    chooser = random.Random(seed)
    s, _ = new_game(players, seed, start_player, winter)
    actions: list[str] = []
    while s.phase != "over":
        seat = pending(s)[0]
        action = chooser.choice(legal_actions(s, seat))
        actions.append(to_text(action))
        apply(s, action)
    return s, actions
