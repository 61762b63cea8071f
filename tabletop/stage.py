"""The shape of a decision: who is asked, what, how an answer is checked, what it then does.

Every decision of a game (a secret card choice, a placement, one step of a payment, ...) is a
`Stage`. Its options are its `candidates` filtered through its `check`, so legality is written
once: the option lists, the refusals ("why not") and `apply` all use the same `check`.

A game runs as a queue of tasks (runner.py); a task is a dict `{"seat", "stage", "steps", ...}`
whose steps are stages (decisions) or automatic steps, run in order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .refusal import Refusal

S = TypeVar("S")
#: A task being played: {"seat", "stage", "steps", ...its context}. See runner.py.
Task = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
Events = list[Event]


def task_seat(_s: Any, t: Task) -> list[int]:
    """The default decider: the seat whose task it is."""
    return [t["seat"]]


@dataclass(frozen=True, slots=True)
class Stage(Generic[S]):
    name: str
    #: The verbs this decision accepts (e.g. ("erect", "done")).
    verbs: tuple[str, ...]
    #: A superset of the legal actions of a deciding seat, in a deterministic order (the runner
    #: filters them through `check`).
    candidates: Callable[[S, Task, int], list[Action]]
    #: Why an action of one of `verbs` is refused here, or None if it is legal.
    check: Callable[[S, Task, Action], Refusal | None]
    #: Carry out a legal action; sets task["stage"] to None when the decision is over.
    perform: Callable[[S, Task, Action, Events], None]
    #: Called when the step begins; returning False skips the step (nothing to decide).
    enter: Callable[[S, Task, Events], bool] | None = None
    #: The seats asked now, in the order their forced answers are taken.
    deciders: Callable[[S, Task], list[int]] = task_seat
    #: Several seats answer at once, each in secret until all have answered. Their answers are
    #: independent (one seat's answer changes no other seat's options), so forced answers are
    #: taken when the stage begins, and again when it resumes after an interrupt.
    simultaneous: bool = False
    #: The seat asked sees something only it may know to answer (its options show its secret
    #: choice): one seat at a time, in the open, but out of the other seats' sight.
    private: bool = False
    #: The prompt's type, for the page: how the question is best shown (see game.PROMPT_KINDS).
    kind: str = "choose"
    #: A quicker answer to whether `seat` has one legal option here (optional): that option,
    #: or None when it has a real choice. It must agree with `options`; without it the runner
    #: checks the candidates until it finds a second legal one. A decision whose candidates
    #: are mostly refused (most hands can pay no building) is asked this after every action a
    #: search plays, so there it is worth writing.
    forced: Callable[[S, Task, int], Action | None] | None = None

    def options(self, s: S, t: Task, seat: int) -> list[Action]:
        """The legal actions of `seat` here, in the candidates' order."""
        check = self.check
        return [a for a in self.candidates(s, t, seat) if check(s, t, a) is None]


#: A step that needs no decision.
AutoStep = Callable[[S, Task, Events], None]


def event(name: str, **params: Any) -> Event:
    return {"e": name, **params}
