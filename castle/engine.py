"""The engine's interface: who must decide, what they may do, why not, and applying an action.

The game runs as a queue of tasks (tasks.py), each a sequence of steps; a step either runs by
itself (income, delivery, scoring) or is a decision (`Stage`). A decision with exactly one legal
option is taken by itself, so the players are only asked real questions; everything else waits
for `apply`. During the secret selection every seat that has not chosen is asked at once.
"""

from __future__ import annotations

from typing import Any

from . import building, characters, payment, rounds, scoring
from .actions import Action, malformed
from .errors import IllegalAction, Refusal
from .stage import AutoStep, Events, Stage, Turn, event
from .state import State, new_state

STAGES: dict[str, Stage] = {
    **rounds.STAGES,
    **characters.STAGES,
    **building.STAGES,
    **scoring.STAGES,
}
AUTO_STEPS: dict[str, AutoStep] = {
    **rounds.AUTO_STEPS,
    **characters.AUTO_STEPS,
    **scoring.AUTO_STEPS,
}
_NO_TURN: Turn = {}


def new_game(players: int, seed: int = 0, start_player: int | None = None) -> tuple[State, Events]:
    """Set up a game (§2) and run it to the first decision. `start_player` None: drawn by lot."""
    s = new_state(players, seed, start_player)
    ev: Events = [event("game_started", players=players, start_player=s.start_player)]
    rounds.begin_round(s, ev)
    _run(s, ev)
    return s, ev


def pending(s: State) -> list[int]:
    """The seats that must decide now: several during the secret selection, else one or none."""
    if s.phase == "over":
        return []
    if s.turn is None:  # the secret selection
        return [seat for seat in s.seats_from_start() if s.selection[seat] is None]
    return [characters.decider(s.turn)]


def stage(s: State) -> Stage | None:
    """The decision being asked, or None when the game is over."""
    if s.phase == "over":
        return None
    return rounds.SELECT if s.turn is None else STAGES[s.turn["stage"]]


def decision(s: State) -> dict[str, Any] | None:
    """What is being decided, for the page: the stage, the seats asked and its context."""
    st = stage(s)
    if st is None:
        return None
    t = s.turn or _NO_TURN
    info: dict[str, Any] = {"stage": st.name, "players": pending(s)}
    for key in ("seat", "card", "built", "helpers", "offer", "pay", "left"):
        if key in t:
            info[key] = t[key]
    if st.name == "pay":
        info["kind"] = payment.ORDER[t["pay"]["step"]]
    return info


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of `seat` now, in a deterministic order (empty if not asked)."""
    if seat not in pending(s):
        return []
    st = stage(s)
    assert st is not None
    t = s.turn or _NO_TURN
    return [a for a in st.candidates(s, t, seat) if st.check(s, t, a) is None]


def why_not(s: State, action: Any) -> Refusal | None:
    """Why `action` is refused now, as a rule id with parameters; None if it is legal."""
    refusal = malformed(action)
    if refusal:
        return refusal
    if s.phase == "over":
        return Refusal("game.over")
    seat = action["p"]
    if not 0 <= seat < s.n:
        return Refusal("action.unknown_seat", {"seat": seat})
    waiting = pending(s)
    if seat not in waiting:
        return Refusal("turn.not_yours", {"waiting_for": waiting})
    st = stage(s)
    assert st is not None
    if action["do"] not in st.verbs:
        return Refusal("turn.other_decision", {"stage": st.name, "verbs": list(st.verbs)})
    return st.check(s, s.turn or _NO_TURN, action)


def apply(s: State, action: Any) -> Events:
    """Apply a legal action and run the game on to the next real decision; returns the events.

    An illegal action raises IllegalAction (with its rule id) and leaves `s` unchanged.
    """
    refusal = why_not(s, action)
    if refusal:
        raise IllegalAction(refusal)
    ev: Events = []
    st = stage(s)
    assert st is not None
    st.perform(s, s.turn or _NO_TURN, action, ev)
    _run(s, ev)
    return ev


def _run(s: State, ev: Events) -> None:
    """Run steps until a decision with a real choice is due, or the game is over."""
    while True:
        t = s.turn
        if t is None:
            if s.phase == "over":
                return
            if s.phase == "select":
                # A seat's options depend on its own cards only, so forced choices are found
                # once, when the selection opens (every seat still to choose).
                if all(c is None for c in s.selection):
                    _select_forced(s, ev)
                if any(c is None for c in s.selection):
                    return
                rounds.reveal(s, ev)
                continue
            s.turn = s.queue.pop(0)
            continue
        name = t["stage"]
        if name is None:
            if not t["steps"]:
                s.turn = None
                continue
            step = t["steps"].pop(0)
            auto = AUTO_STEPS.get(step)
            if auto is not None:
                auto(s, t, ev)
                continue
            st = STAGES[step]
            if st.enter is None or st.enter(s, t, ev):
                t["stage"] = step
            continue
        st = STAGES[name]
        seat = characters.decider(t)
        options = [a for a in st.candidates(s, t, seat) if st.check(s, t, a) is None]
        if len(options) != 1:
            assert options, f"no legal option at stage {name}"
            return
        st.perform(s, t, options[0], ev)


def _select_forced(s: State, ev: Events) -> None:
    """Take the selections of seats that have only one legal choice."""
    for seat in s.seats_from_start():
        options = legal_actions(s, seat)
        if len(options) == 1:
            rounds.select_perform(s, _NO_TURN, options[0], ev)


__all__ = [
    "IllegalAction",
    "Refusal",
    "apply",
    "decision",
    "legal_actions",
    "new_game",
    "pending",
    "why_not",
]
