"""The engine's interface: who must decide, what they may do, why not, and applying an action.

The game runs as a queue of tasks, each a sequence of steps (tabletop.runner); a step either
runs by itself (income, reveal, delivery, scoring) or is a decision (a `Stage`). A decision with
exactly one legal option is taken by itself, so the players are only asked real questions;
everything else waits for `apply`. The secret selection is one task whose stage asks every seat
that has not chosen at once; the reveal is the automatic step after it.
"""

from __future__ import annotations

from typing import Any

from tabletop import runner
from tabletop.game import Prompt
from tabletop.refusal import IllegalAction, Refusal
from tabletop.stage import AutoStep, Events, Stage, event

from . import building, characters, payment, rounds, scoring, winter
from .actions import Action, malformed
from .decision import Decision, watched
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
    runner.run(s, ev, STAGES, AUTO_STEPS)
    return s, ev


def stage(s: State) -> Stage[State] | None:
    """The decision being asked, or None when the game is over."""
    return _decided(s).stage


def _decided(s: State) -> Decision:
    """The state's decision, worked out now if no question since the last `apply` did (or, while
    hand edits are watched, if the state changed since: decision.py)."""
    known = s.decided
    now = mark(s) if watched() else None
    if known is not None and known.mark == now:
        return known
    st = runner.current(s, STAGES)
    asked = [] if st is None or s.task is None else st.deciders(s, s.task)
    known = s.decided = Decision(st, asked, {}, {}, now)
    return known


def changed(s: State) -> None:
    """Say that `s` was changed outside `apply` (the engine's own edits: a bot's reopened
    selection, a determinized view): its decision is worked out again at the next question."""
    s.decided = None


def pending(s: State) -> list[int]:
    """The seats that must decide now: several during the secret selection, else one or none."""
    return list(_decided(s).asked)


def prompt(s: State, seat: int) -> Prompt | None:
    """What `seat` is asked now (None if nothing): the question's stage and type, who else is
    asked, whether the answers stay secret until all have answered, and what it is about."""
    known = _decided(s)
    st = known.stage
    if st is None or seat not in known.asked:
        return None
    asked = known.prompts.get(seat)
    if asked is None:
        asked = known.prompts[seat] = {
            "stage": st.name,
            "kind": st.kind,
            "seats": known.asked,
            "secret": st.simultaneous,
            "private": st.private,
            "context": _context(s, st),
        }
    return {**asked, "seats": list(known.asked)}


def _context(s: State, st: Stage[State]) -> dict[str, Any]:
    """The task's context (the card, the building, the offer, the payment so far, ...)."""
    t = s.task
    assert t is not None
    out = {k: v for k, v in t.items() if k not in ("stage", "steps") and v is not None}
    if st.name == "pay":
        out["kind"] = payment.ORDER[t["pay"]["step"]]
    return out


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat` now, in a deterministic order (empty if not asked)."""
    known = _decided(s)
    listed = known.options.get(seat)
    if listed is None:
        st = known.stage
        if st is None or s.task is None or seat not in known.asked:
            return []
        listed = known.options[seat] = st.options(s, s.task, seat)
    return list(listed)


def why_not(s: State, action: Any) -> Refusal | None:
    """Why `action` is refused now, as a rule id with parameters; None if it is legal."""
    refusal = malformed(action)
    if refusal:
        return refusal
    known = _decided(s)
    st = known.stage
    if st is None or s.task is None:
        return Refusal("game.over")
    seat = action["p"]
    if not 0 <= seat < s.n:
        return Refusal("action.unknown_seat", {"seat": seat})
    if seat not in known.asked:
        return Refusal("turn.not_yours", {"waiting_for": list(known.asked)})
    if action in known.options.get(seat, ()):
        return None
    if action["do"] not in st.verbs:
        return Refusal("turn.other_decision", {"stage": st.name, "verbs": list(st.verbs)})
    return st.check(s, s.task, action)


def apply(s: State, action: Any, stop: str | None = None) -> Events:
    """Apply a legal action and run the game on to the next real decision (or, with `stop`,
    to the automatic step of that name if it comes first: see `Game.apply_until`); returns
    the events.

    An illegal action raises IllegalAction (with its rule id) and leaves `s` unchanged.
    """
    # A well-formed action equal to a listed one is legal: no second check. (Well-formed first:
    # in Python 1.0 == 1 == True, and a listed action must not let a float seat through.)
    well_formed = malformed(action) is None
    known = _decided(s)
    if not (well_formed and action in known.options.get(action["p"], ())):
        refusal = why_not(s, action)
        if refusal:
            raise IllegalAction(refusal)
    ev: Events = []
    st = known.stage
    assert st is not None and s.task is not None
    st.perform(s, s.task, action, ev)
    runner.run(s, ev, STAGES, AUTO_STEPS, stop)
    s.decided = None  # a new state: its decision is worked out at the next question
    return ev


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
