"""What the tests' small games (goofspiel/, harvest/) do alike on the engine side: a setup of
players and seed only, and a state that is a plain dataclass with the core's `decided` slot.
Stdlib and tabletop only, like any engine: their pages (small_page/) import the shell."""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

from tabletop.game import Json
from tabletop.record import whole


def setup_error(setup: Json, players: tuple[int, ...]) -> str | None:
    """What is wrong with a setup of `players` and `seed`, or None."""
    if setup.get("players") not in players:
        return f"players must be one of {players}"
    if not whole(setup.get("seed")):
        return "seed must be a whole number"
    return None


def saved_fields(state_type: type) -> tuple[str, ...]:
    """The dataclass's fields that make the game: all but the core's `decided`."""
    return tuple(f.name for f in fields(state_type) if f.name != "decided")


def to_json(state: Any, names: tuple[str, ...]) -> Json:
    return {name: copy.deepcopy(getattr(state, name)) for name in names}


def mark(state: Any, names: tuple[str, ...]) -> str:
    """The state's fingerprint, for the tests' watch on hand edits (`core.Rules.mark`)."""
    return repr([getattr(state, name) for name in names])
