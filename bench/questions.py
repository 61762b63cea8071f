"""What the page's questions about one state cost: who is asked, their prompt and their legal
actions, six times over, as one click's redraw asks them (the shell, the panels, the hints).

    .venv/bin/python -m bench.questions [--number 2000] [--repeats 7] [--tree DIR]

On a 4-player state in the middle of a random game, at a secret selection (four seats asked)
and at a one-seat decision after it. Best of --repeats batches of --number redraws' questions
(µs per redraw), on CPython and inside Pyodide under Node, in one run. `--tree DIR` runs this
same file in another checkout too (a commit before the change: `git worktree add DIR REV`), for
a before/after in one go. Public calls of `CASTLE` only, so it runs in any tree that has it.
Figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shutil
import sys
import timeit
from functools import partial
from pathlib import Path
from typing import Any

from bench.in_pyodide import run_module
from castle import CASTLE

ROOT = Path(__file__).resolve().parent.parent
#: How often one redraw asks the same questions (issue 19: up to six times a click).
ASKED_PER_REDRAW = 6


def mid_game(selecting: bool) -> Any:
    """A random 4-player game played to round 6: at its secret selection (nobody has chosen)
    or at the first one-seat decision after it."""
    rnd = random.Random(6)
    state, _ = CASTLE.new(4, 6)
    wanted = ("select", 4) if selecting else ("round", 1)
    while not (state.round == 6 and (state.phase, len(CASTLE.asked(state))) == wanted):
        seats = CASTLE.asked(state)
        CASTLE.apply(state, rnd.choice(CASTLE.legal_actions(state, seats[0])))
    return state


def redraw(state: Any) -> None:
    for _ in range(ASKED_PER_REDRAW):
        for seat in CASTLE.asked(state):
            CASTLE.prompt(state, seat)
            CASTLE.legal_actions(state, seat)


def measure(number: int, repeats: int) -> dict[str, Any]:
    out: dict[str, Any] = {"python": platform.python_version()}
    for name, selecting in (("selection", True), ("one_seat", False)):
        state = mid_game(selecting)
        redraw(state)  # as after the first redraw of that state
        best = min(timeit.repeat(partial(redraw, state), number=number, repeat=repeats))
        out[f"{name}_us"] = best / number * 1e6
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--tree", type=Path, help="another checkout to measure too (before)")
    parser.add_argument("--inner", action="store_true", help="this interpreter only, as JSON")
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(measure(args.number, args.repeats)))
        return 0
    inner = ["--inner", "--number", str(args.number), "--repeats", str(args.repeats)]
    trees = {"this tree": ROOT} if args.tree is None else {"before": args.tree, "after": ROOT}
    print(f"4-player state in round 6, questions of one redraw ({ASKED_PER_REDRAW} times who,")
    print(f"prompt and legal actions), best of {args.repeats} x {args.number}, µs per redraw")
    print("tree      | interpreter | selection (4 seats) | one seat")
    for name, tree in trees.items():
        if tree != ROOT:
            shutil.copy2(ROOT / "bench" / "questions.py", tree / "bench" / "questions.py")
        for interpreter, pyodide in (("CPython", False), ("Pyodide", True)):
            row = run_module("bench.questions", *inner, tree=tree, pyodide=pyodide)
            print(
                f"{name:9} | {interpreter:11} | {row['selection_us']:19.1f} |"
                f" {row['one_seat_us']:8.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
