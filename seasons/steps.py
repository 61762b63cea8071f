"""Every effect step a card's data can name: the primitives (effects.py) and the handlers of
the cards that need their own (handlers.py)."""

from __future__ import annotations

from tabletop.stage import Events, Task

from .effects import PRIMITIVES, Primitive
from .handlers import HANDLERS
from .state import State

STEPS: dict[str, Primitive] = {**PRIMITIVES, **HANDLERS}


def run_effect(s: State, t: Task, ev: Events) -> None:
    """The automatic step `effect`: the task's next effect step."""
    name, *args = t["effects"].pop(0)
    STEPS[str(name)](s, t, tuple(args), ev)
