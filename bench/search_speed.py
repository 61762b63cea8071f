"""The hard level's search, this tree against another, in one run: the time of the same
decisions, so a change to the search, the plans or the estimate is measured as a ratio.

    python3 -m bench.search_speed [--before REV] [--iterations 400] [--repeats 5]

Checks REV (default: HEAD, so the working tree against its last commit) out into
.cache/bench-before, then alternates the two trees: each run times the hard level's choice,
at a fixed budget and seed, in four fixed positions (2, 3 and 4 players, summer, reached by
random moves from fixed seeds), in a process of its own. Prints each tree's median seconds and
the ratio, and whether the moves chosen are the same (a speed-up that changes no move). Figures
go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time

from bench.seam import BEFORE, ROOT, checkout, run_json

#: (players, seed, random moves played first): a selection, a building card's turn, others.
POSITIONS = ((2, 5, 60), (2, 7, 20), (4, 3, 40), (3, 2, 80))


def probe(iterations: int) -> dict[str, object]:
    """This tree's time for the four decisions, and the moves."""
    from castle.bots import Budget, make_bot
    from castle.game import CASTLE

    seconds = 0.0
    moves = []
    for players, seed, played in POSITIONS:
        s, _ = CASTLE.new(players, seed)
        rnd = random.Random(seed)
        for _ in range(played):
            seat = CASTLE.asked(s)[0]
            CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seat)))
        seat = CASTLE.asked(s)[0]
        bot = make_bot("hard", 1, Budget(iterations=iterations))
        seen = CASTLE.view(s, seat)
        began = time.perf_counter()
        moves.append(CASTLE.action_text(bot.choose(seen, seat)))
        seconds += time.perf_counter() - began
    return {"seconds": seconds, "moves": moves}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default="HEAD", help="the tree to compare with (a revision)")
    parser.add_argument("--iterations", type=int, default=400, help="the search's budget")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each tree")
    parser.add_argument("--probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe:
        print(json.dumps(probe(args.iterations)))
        return 0
    checkout(args.before)
    shutil.copy2(ROOT / "bench" / "search_speed.py", BEFORE / "bench" / "search_speed.py")
    command = [sys.executable, "-m", "bench.search_speed", "--probe"]
    command += ["--iterations", str(args.iterations)]
    runs: dict[str, list[float]] = {"before": [], "after": []}
    moves: dict[str, object] = {}
    for _ in range(args.repeats):
        for name, tree in (("before", BEFORE), ("after", ROOT)):
            result = run_json(tree, command)
            runs[name].append(float(result["seconds"]))
            moves[name] = result["moves"]
    before, after = statistics.median(runs["before"]), statistics.median(runs["after"])
    print(
        f"hard, {args.iterations} iterations, {len(POSITIONS)} decisions, median of {args.repeats}:"
    )
    print(
        f"before ({args.before}) {before:.2f} s, after {after:.2f} s: "
        f"after/before {after / before:.2f}"
    )
    print("the same moves" if moves["before"] == moves["after"] else f"moves differ: {moves}")
    subprocess.run(["git", "worktree", "remove", "--force", str(BEFORE)], cwd=ROOT, check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
