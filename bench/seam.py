"""The engine before and after the seam (tabletop/), in one run: random games and copies.

    .venv/bin/python -m bench.seam [--before REV] [--games 50] [--repeats 5]

Checks REV (default: the last commit before the seam) out into .cache/bench-before, then,
alternating the two trees batch by batch, plays the same random full games on CPython and
inside Pyodide under Node (bench/engine_speed.py of each tree), and times a state copy in each
(bench/seam_probe.py). Prints ms per random game, µs per real decision (a random 4-player game
has about 100), µs per copy and per determinize, before and after (`--before HEAD`: the
working tree against its last commit). Figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / ".cache" / "bench-before"
#: The last commit before the seam's first change to the engine (clone field by field).
SEAM_BASE = "9aad930"


def checkout(rev: str) -> None:
    if BEFORE.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(BEFORE)], cwd=ROOT, check=False)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
    subprocess.run(["git", "worktree", "add", "--detach", str(BEFORE), rev], cwd=ROOT, check=True)
    (BEFORE / "node_modules").symlink_to(ROOT / "node_modules")
    shutil.copy2(ROOT / "bench" / "seam_probe.py", BEFORE / "bench" / "seam_probe.py")


def run_json(tree: Path, command: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        command, cwd=tree, env=env, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def games_ms(tree: Path, interpreter: str, games: int) -> float:
    module = ["bench.engine_speed", "--json", "--games", str(games), "--repeats", "1"]
    if interpreter == "cpython":
        command = [sys.executable, "-m", *module]
    else:
        command = ["node", "bench/pyodide_python.mjs", *module]
    result: dict[str, dict[str, float]] = run_json(tree, command)  # type: ignore[assignment]
    return result["4"]["median_ms_per_game"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default=SEAM_BASE)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    checkout(args.before)
    trees = {"before": BEFORE, "after": ROOT}
    runs: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.repeats):
        for interpreter in ("cpython", "pyodide"):
            for name, tree in trees.items():
                ms = games_ms(tree, interpreter, args.games)
                runs.setdefault((name, interpreter), []).append(ms)
    probes = {
        (name, interpreter): run_json(tree, command)
        for name, tree in trees.items()
        for interpreter, command in (
            ("cpython", [sys.executable, "-m", "bench.seam_probe"]),
            ("pyodide", ["node", "bench/pyodide_python.mjs", "bench.seam_probe"]),
        )
    }
    decisions = probes[("after", "cpython")]["decisions_per_game"]
    print(f"random 4-player games, {args.repeats} alternating batches of {args.games}, medians")
    print(f"{decisions:.0f} real decisions per game")
    print("tree   | interpreter | ms/game | µs/decision | copy µs | determinize µs")
    for name in trees:
        for interpreter in ("cpython", "pyodide"):
            ms = statistics.median(runs[(name, interpreter)])
            copy_us = probes[(name, interpreter)]["copy_us"]
            determinize_us = probes[(name, interpreter)].get("determinize_us", 0.0)
            print(
                f"{name:6} | {interpreter:11} | {ms:7.2f} | {ms * 1000 / decisions:11.1f}"
                f" | {copy_us:7.1f} | {determinize_us:14.1f}"
            )
    before = statistics.median(runs[("before", "cpython")])
    after = statistics.median(runs[("after", "cpython")])
    print(f"after/before, CPython: {after / before:.2f}")
    before_p = statistics.median(runs[("before", "pyodide")])
    after_p = statistics.median(runs[("after", "pyodide")])
    print(f"after/before, Pyodide: {after_p / before_p:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
