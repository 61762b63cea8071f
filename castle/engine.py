"""The engine's interface: who must decide, what they may do, why not, and applying an action.

The game runs as a queue of tasks, each a sequence of steps (tabletop.runner); a step either
runs by itself (income, reveal, delivery, scoring) or is a decision (a `Stage`). A decision with
exactly one legal option is taken by itself, so the players are only asked real questions;
everything else waits for `apply`. The secret selection is one task whose stage asks every seat
that has not chosen at once; the reveal is the automatic step after it.
"""

from __future__ import annotations

from typing import Any

from tabletop import core
from tabletop.refusal import IllegalAction, Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

from . import building, characters, payment, rounds, scoring, winter
from .actions import malformed
from .state import State, mark, new_state

STAGES: dict[str, Stage[State]] = {
    **rounds.STAGES,
    **characters.STAGES,
    **building.STAGES,
    **scoring.STAGES,
    **winter.STAGES,
}
AUTO_STEPS: dict[str, AutoStep[State]] = {
    **rounds.AUTO_STEPS,
    **characters.AUTO_STEPS,
    **scoring.AUTO_STEPS,
    **winter.AUTO_STEPS,
}


def new_game(
    players: int, seed: int = 0, start_player: int | None = None, winter: bool = False
) -> tuple[State, Events]:
    """Set up a game (§2) and run it to the first decision. `start_player` None: drawn by lot;
    `winter`: the winter variant (§10)."""
    s = new_state(players, seed, start_player, winter)
    started = event("game_started", players=players, start_player=s.start_player)
    if winter:
        started["winter"] = True
    ev: Events = [started]
    rounds.begin_round(s, ev)
    run(s, ev)
    return s, ev


def _context(s: State, t: Task, st: Stage[State]) -> dict[str, Any]:
    """The task's context (the card, the building, the offer, the payment so far, ...); a
    payment's step names the kind of piece it asks for."""
    out = core.task_context(s, t, st)
    if st.name == "pay":
        out["kind"] = payment.ORDER[t["pay"]["step"]]
    return out


RULES: core.Rules[State] = core.Rules(
    STAGES, AUTO_STEPS, seats=lambda s: s.n, malformed=malformed, context=_context, mark=mark
)
ENGINE = core.engine(RULES)

#: The engine's functions (tabletop/core.py): the decision being asked (None when the game is
#: over), the seats asked now, a seat's prompt, its legal actions (deterministic order), why an
#: action is refused (a rule id with parameters), and `apply(s, action, stop=None)`, which runs
#: the game on to the next real decision and returns the events (IllegalAction, and nothing
#: changed, if refused).
stage = ENGINE.stage
pending = ENGINE.asked
prompt = ENGINE.prompt
legal_actions = ENGINE.legal_actions
why_not = ENGINE.why_not
apply = ENGINE.apply
run = ENGINE.run
changed = core.changed


__all__ = [
    "IllegalAction",
    "Refusal",
    "apply",
    "changed",
    "legal_actions",
    "new_game",
    "pending",
    "prompt",
    "why_not",
]
