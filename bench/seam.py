"""The engine before and after the seam (tabletop/), in one run: random games and copies.

    .venv/bin/python -m bench.seam [--before REV] [--games 50] [--repeats 5]

Checks REV (default: the last commit before the seam) out into .cache/bench-before, then,
alternating the two trees batch by batch, plays the same random full games on CPython and
inside Pyodide under Node (bench/engine_speed.py of each tree), and times a state copy in each
(`castle.clone`). Prints ms per random game, µs per real decision (a random 4-player game has
about 100) and µs per copy, before and after. Figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / ".cache" / "bench-before"
#: The last commit before the seam's first change to the engine (clone field by field).
SEAM_BASE = "9aad930"

COPY = """
import json, random, timeit
import castle
rnd = random.Random(3)
s, _ = castle.new_game(4, 3)
while not (s.round == s.rounds and s.phase == "select"):
    castle.apply(s, rnd.choice(castle.legal_actions(s, castle.pending(s)[0])))
n = 2000
best = min(timeit.repeat(lambda: castle.clone(s), number=n, repeat=5))
print(json.dumps({"copy_us": best / n * 1e6}))
"""

DECISIONS = """
import json, random
import castle
total = 0
for seed in range(1000, 1050):
    rnd = random.Random(seed)
    s, _ = castle.new_game(4, seed)
    while s.phase != "over":
        castle.apply(s, rnd.choice(castle.legal_actions(s, castle.pending(s)[0])))
        total += 1
print(json.dumps({"decisions_per_game": total / 50}))
"""


def checkout(rev: str) -> None:
    if BEFORE.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(BEFORE)], cwd=ROOT, check=False)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
    subprocess.run(["git", "worktree", "add", "--detach", str(BEFORE), rev], cwd=ROOT, check=True)
    (BEFORE / "node_modules").symlink_to(ROOT / "node_modules")


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
    decisions = run_json(ROOT, [sys.executable, "-c", DECISIONS])["decisions_per_game"]
    copies = {
        name: run_json(tree, [sys.executable, "-c", COPY])["copy_us"]
        for name, tree in trees.items()
    }
    print(f"random 4-player games, {args.repeats} alternating batches of {args.games}, medians")
    print(f"{decisions:.0f} real decisions per game")
    print("tree    | CPython ms/game | Pyodide ms/game | CPython µs/decision | copy µs (CPython)")
    for name in trees:
        c = statistics.median(runs[(name, "cpython")])
        p = statistics.median(runs[(name, "pyodide")])
        print(
            f"{name:7} | {c:15.2f} | {p:15.2f} | {c * 1000 / decisions:19.1f} | {copies[name]:.1f}"
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
