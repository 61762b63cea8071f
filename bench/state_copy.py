"""What a search pays per state: a copy and a determinization, on CPython and in Pyodide.

    .venv/bin/python -m bench.state_copy [--number 2000] [--repeats 7]

For late-game states of random 4-player games (the last round, where the lists are longest),
it times `CASTLE.copy` (field by field), the JSON round trip it replaced (the unchecked
`state.from_json(state.to_json(s))`), and `CASTLE.determinize` of a seat's view during a secret
selection. Best of --repeats batches of --number calls (the minimum: the least disturbed by
other work on a shared machine), then the same inside Pyodide under Node, in one run.
Figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import timeit
from pathlib import Path
from typing import Any

import castle
from bench.in_pyodide import run_json
from castle import CASTLE
from castle.state import from_json, to_json

ROOT = Path(__file__).resolve().parent.parent


def late_state(seed: int, selecting: bool) -> tuple[castle.State, int]:
    """A 4-player game played at random into its last round (at a secret selection with one
    seat chosen if `selecting`); returns it and the seat asked."""
    rnd = random.Random(seed)
    s, _ = CASTLE.new(4, seed)
    while True:
        seat = CASTLE.asked(s)[0]
        last = s.round == s.rounds
        if last and s.phase == "select" and (not selecting or s.selection.count(None) == 3):
            return s, seat
        CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seat)))


def best_us(call: Any, number: int, repeats: int) -> float:
    return min(timeit.repeat(call, number=number, repeat=repeats)) / number * 1e6


def measure(number: int, repeats: int) -> dict[str, Any]:
    s, _ = late_state(3, selecting=False)
    chosen, seat = late_state(3, selecting=True)
    seen = CASTLE.view(chosen, seat)
    rnd = random.Random(0)
    return {
        "python": platform.python_version(),
        "json_round_trip_us": best_us(lambda: from_json(to_json(s)), number, repeats),
        "clone_us": best_us(lambda: CASTLE.copy(s), number, repeats),
        "determinize_us": best_us(lambda: CASTLE.determinize(seen, seat, rnd), number, repeats),
    }


def in_pyodide(number: int, repeats: int) -> dict[str, Any]:
    return run_json(
        "bench.state_copy", "--inner", "--number", str(number), "--repeats", str(repeats)
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--inner", action="store_true", help="this interpreter only, as JSON")
    args = parser.parse_args()
    here = measure(args.number, args.repeats)
    if args.inner:
        print(json.dumps(here))
        return 0
    there = in_pyodide(args.number, args.repeats)
    print(f"late 4-player state, best of {args.repeats} x {args.number} calls, µs per call")
    print(f"{'':22} CPython {here['python']:8} Pyodide {there['python']:8} Pyodide/CPython")
    for key, label in (
        ("json_round_trip_us", "JSON round trip"),
        ("clone_us", "clone (field by field)"),
        ("determinize_us", "determinize"),
    ):
        print(f"{label:22} {here[key]:16.1f} {there[key]:16.1f} {there[key] / here[key]:10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
