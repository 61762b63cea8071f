"""Engine speed on CPython and inside Pyodide under Node, measured in one run.

    .venv/bin/python -m bench.engine [--games 50] [--repeats 5]

Plays the same random full games (same seeds) on both interpreters and prints, per player
count, the median games per second of each and their ratio. Figures go to docs/benchmarks.md.
Needs node_modules (tools/setup_env.sh installs it).
"""

from __future__ import annotations

import argparse
import sys

from bench.engine_speed import measure
from bench.in_pyodide import run_json


def in_pyodide(games: int, repeats: int) -> dict[str, object]:
    return run_json(
        "bench.engine_speed", "--json", "--games", str(games), "--repeats", str(repeats)
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    cpython = measure(args.games, args.repeats)
    pyodide = in_pyodide(args.games, args.repeats)
    print(f"random full games, median of {args.repeats} batches of {args.games} games")
    print(f"CPython {cpython['python']} vs Pyodide (Python {pyodide['python']}, Node)")
    print("players | CPython games/s (ms/game) | Pyodide games/s (ms/game) | Pyodide/CPython time")
    for players in ("2", "3", "4"):
        c, p = cpython[players], pyodide[players]
        assert isinstance(c, dict) and isinstance(p, dict)
        ratio = c["median_games_per_s"] / p["median_games_per_s"]
        print(
            f"{players}       | {c['median_games_per_s']:7.1f} ({c['median_ms_per_game']:5.2f})"
            f"      | {p['median_games_per_s']:7.1f} ({p['median_ms_per_game']:5.2f})"
            f"      | {ratio:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
