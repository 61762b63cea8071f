"""The runner's stop (`tabletop.runner.run`'s `stop`, `Game.apply_until`): the automatic steps
halt before the named step, which is left to run, and nothing else changes: the same action
applied in full still reaches the next decision. What a round's summary is read over."""

from __future__ import annotations

import random
from typing import Any

from castle import CASTLE
from tabletop import runner
from tabletop.stage import Events, Task


def test_the_steps_halt_before_the_named_one_and_leave_it_to_run() -> None:
    class Tasks:
        def __init__(self) -> None:
            self.task: Task | None = None
            self.queue: list[Task] = [
                {"seat": None, "card": None, "stage": None, "steps": ["a", "b"]},
                {"seat": None, "card": None, "stage": None, "steps": ["c"]},
            ]
            self.done: list[str] = []

    def step(name: str) -> Any:
        def run(s: Tasks, _t: Task, _ev: Events) -> None:
            s.done.append(name)

        return run

    steps = {name: step(name) for name in "abc"}
    halted = Tasks()
    runner.run(halted, [], {}, steps, stop="b")
    assert halted.done == ["a"] and halted.task is not None and halted.task["steps"] == ["b"]
    runner.run(halted, [], {}, steps)  # on from where it halted
    assert halted.done == ["a", "b", "c"]
    whole = Tasks()
    runner.run(whole, [], {}, steps, stop="d")  # a step never reached: a full run
    assert whole.done == ["a", "b", "c"] and whole.task is None and not whole.queue


def test_castle_halts_before_the_round_ends_with_the_rounds_table() -> None:
    state, _ = CASTLE.new(4, 11)
    rnd = random.Random(11)
    while True:
        action = rnd.choice(CASTLE.legal_actions(state, CASTLE.asked(state)[0]))
        before = CASTLE.copy(state)
        events = CASTLE.apply(state, action)
        if any(e["e"] == "round_started" for e in events):
            break
    halted = CASTLE.copy(before)
    shown = CASTLE.apply_until(halted, action, "end_round")
    assert shown == events[: len(shown)]  # the same events, up to the round's end
    assert not any(e["e"] in ("round_ended", "round_started") for e in shown)
    assert halted.round == 1 and all(len(p.revealed) == 1 for p in halted.players)
    assert CASTLE.asked(halted) == []  # nothing to decide: only to look at
    assert CASTLE.view(halted, None)["round"] == 1
    CASTLE.apply(before, action)  # the full move is unchanged by the halted copy
    assert CASTLE.to_json(before) == CASTLE.to_json(state)
