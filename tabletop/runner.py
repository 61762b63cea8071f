"""The task runner: plays a game's queue of tasks until a real decision is due.

A game state that uses it has `task` (the task being played, or None between tasks) and `queue`
(the tasks still to come). A task's steps run in order: an automatic step runs at once; a stage
(a decision) waits for its deciders, except that a decision with exactly one legal option is
taken by itself, so players are only asked real questions. When the queue is empty and no task
is being played, the game has nothing left to ask.

Two patterns live on it (docs/engine.md has an example of each). An **interrupt** (`interrupt`)
plays a task in front of the one being played, which then resumes at its own stage. A
**free-order turn** is a menu stage whose `perform` carries out any of its actions and leaves
the task at the stage, so the same seat is asked again, until its "end" action clears the
stage; an action that needs more questions interrupts the menu with a task of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from .stage import Action, AutoStep, Events, Stage, Task


class Tasks(Protocol):
    task: Task | None
    queue: list[Task]


S = TypeVar("S", bound=Tasks)


def current(s: Tasks, stages: Mapping[str, Stage[Any]]) -> Stage[Any] | None:
    """The stage being decided now, or None when nothing is asked."""
    t = s.task
    return None if t is None or t["stage"] is None else stages[t["stage"]]


def run(
    s: S,
    ev: Events,
    stages: Mapping[str, Stage[S]],
    auto_steps: Mapping[str, AutoStep[S]],
    stop: str | None = None,
) -> None:
    """Run steps until a decision with a real choice is due, or nothing is left; with `stop`,
    also before the step of that name, left to run (a state to look at, not to play on: the
    table as a round ended, before its end step clears it)."""
    while True:
        t = s.task
        if t is None:
            if not s.queue:
                return
            s.task = t = s.queue.pop(0)
            name = t["stage"]
            if name is not None and stages[name].simultaneous:  # resumed after an interrupt
                _take_forced(s, t, stages[name], ev)
            continue
        name = t["stage"]
        if name is None:
            if not t["steps"]:
                s.task = None
                continue
            if t["steps"][0] == stop:
                return
            step = t["steps"].pop(0)
            auto = auto_steps.get(step)
            if auto is not None:
                auto(s, t, ev)
                continue
            st = stages[step]
            if st.enter is None or st.enter(s, t, ev):
                t["stage"] = step
                if st.simultaneous and s.task is t:  # not when `enter` interrupted it
                    _take_forced(s, t, st, ev)
            continue
        st = stages[name]
        if st.simultaneous:
            return  # forced answers were taken when it began or resumed; the rest wait
        (seat,) = st.deciders(s, t)
        only = forced_answer(s, t, st, seat)
        if only is None:
            return
        st.perform(s, t, only, ev)


def interrupt(s: Tasks, task: Task) -> None:
    """Play `task` now, in front of the task being played, which resumes where it stood (at
    its stage, asked again, or at its next step) once `task` is done. Called from a stage's
    `perform`, its `enter` or an automatic step: an effect that pauses a turn to ask another
    seat. An interrupting task may itself be interrupted: they resume last in, first out. A
    simultaneous stage takes its seats' forced answers when it begins and again when it
    resumes (an interrupt may have left a seat one answer only)."""
    if s.task is not None:
        s.queue.insert(0, s.task)
    s.task = task


def forced_answer(s: S, t: Task, st: Stage[S], seat: int) -> Action | None:
    """The seat's one legal option, or None when it has a real choice: the stage's own quick
    answer (`Stage.forced`) if it has one."""
    if st.forced is not None:
        return st.forced(s, t, seat)
    return only_option(s, t, st, seat)


def only_option(s: S, t: Task, st: Stage[S], seat: int) -> Action | None:
    """The seat's one legal option, or None when it has a real choice. Stops at the second
    legal candidate: the whole list is built once, for whoever then asks for it."""
    only = None
    for a in st.candidates(s, t, seat):
        if st.check(s, t, a) is None:
            if only is not None:
                return None
            only = a
    assert only is not None, f"seat {seat} has no legal option at stage {st.name}"
    return only


def _take_forced(s: S, t: Task, st: Stage[S], ev: Events) -> None:
    """In a simultaneous stage, answer for every seat that has only one legal answer (until an
    answer interrupts the task: the rest are asked when it resumes)."""
    for seat in st.deciders(s, t):
        if s.task is not t:
            return
        only = forced_answer(s, t, st, seat)
        if only is not None:
            st.perform(s, t, only, ev)
