"""The shape of a decision: what the engine asks, how it checks an answer, what it then does.

Every decision of the game (a secret card choice, a Trader's placement, one step of a payment,
a helper placement, ...) is a `Stage`. The engine lists a stage's options by filtering its
`candidates` through its `check`, so legality is written once: the option lists, the refusals
("why not") and `apply` all use the same `check`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import Refusal
from .state import State

#: The task being played: {"seat", "card", "stage", "steps", ...stage context}. See engine.py.
Turn = dict[str, Any]
Event = dict[str, Any]
Events = list[Event]


@dataclass(frozen=True, slots=True)
class Stage:
    name: str
    #: The verbs this decision accepts (e.g. ("erect", "done")).
    verbs: tuple[str, ...]
    #: A superset of the legal actions of the deciding seat, in a deterministic order (the
    #: engine filters them through `check`).
    candidates: Callable[[State, Turn, int], list[Action]]
    #: Why an action of one of `verbs` is refused here, or None if it is legal.
    check: Callable[[State, Turn, Action], Refusal | None]
    #: Carry out a legal action; sets turn["stage"] to None when the decision is over.
    perform: Callable[[State, Turn, Action, Events], None]
    #: Called when the step begins; returning False skips the step (nothing to decide).
    enter: Callable[[State, Turn, Events], bool] | None = None


#: A step that needs no decision.
AutoStep = Callable[[State, Turn, Events], None]


def event(name: str, **params: Any) -> Event:
    return {"e": name, **params}
