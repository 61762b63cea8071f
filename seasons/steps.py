"""Every effect step a card's data can name: the primitives (effects.py) and the handlers of
the cards that need their own (handlers.py); and the cards whose steps are not built yet."""

from __future__ import annotations

from tabletop.stage import Events, Task

from .cards import CARDS
from .effects import PRIMITIVES, Primitive
from .handlers import HANDLERS
from .state import State

STEPS: dict[str, Primitive] = {**PRIMITIVES, **HANDLERS}


def run_effect(s: State, t: Task, ev: Events) -> None:
    """The automatic step `effect`: the task's next effect step."""
    name, *args = t["effects"].pop(0)
    STEPS[str(name)](s, t, tuple(args), ev)


#: The cards whose effects are not built yet: left out of every pile and deck until they are
#: (each needs its steps here; docs/seasons-rules.md §14 is what they must do).
UNFINISHED: frozenset[int] = frozenset(
    number
    for number, card in CARDS.items()
    for step in (
        *card.entry,
        *card.activation,
        *card.end_of_round,
        *card.season_change,
        *card.on_summon,
    )
    if str(step[0]) not in STEPS
)
