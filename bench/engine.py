"""Engine speed on CPython and inside Pyodide under Node, summer and winter, measured in one run.

    .venv/bin/python -m bench.engine [--games 50] [--repeats 5]

Plays the same random full games (same seeds) on both interpreters, summer and winter batches
alternating, and prints, per player count and variant, the median games per second of each
interpreter, their ratio, and winter's time over summer's on each. Figures go to
docs/benchmarks.md. Needs node_modules (tools/setup_env.sh installs it).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bench.engine_speed import measure
from bench.in_pyodide import run_json


def in_pyodide(games: int, repeats: int) -> dict[str, Any]:
    return run_json(
        "bench.engine_speed", "--json", "--games", str(games), "--repeats", str(repeats)
    )


def _row(result: dict[str, Any], players: str, variant: str) -> dict[str, Any]:
    """One player count's figures of one variant (summer's at the top level, as before)."""
    row = result[players] if variant == "summer" else result["winter"][players]
    assert isinstance(row, dict)
    return row


def _cell(row: dict[str, Any]) -> str:
    return f"{row['median_games_per_s']:7.1f} ({row['median_ms_per_game']:5.2f})"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    cpython = measure(args.games, args.repeats)
    pyodide = in_pyodide(args.games, args.repeats)
    print(f"random full games, median of {args.repeats} batches of {args.games} games")
    print(f"CPython {cpython['python']} vs Pyodide (Python {pyodide['python']}, Node)")
    print(
        "players | variant | CPython games/s (ms/game) | Pyodide games/s (ms/game) "
        "| Pyodide/CPython time | winter/summer time, CPython | Pyodide"
    )
    for players in ("2", "3", "4"):
        for variant in ("summer", "winter"):
            c, p = _row(cpython, players, variant), _row(pyodide, players, variant)
            ratio = c["median_games_per_s"] / p["median_games_per_s"]
            winter = (
                f" | {c['winter_over_summer']:.2f}x | {p['winter_over_summer']:.2f}x"
                if variant == "winter"
                else " |  |"
            )
            print(
                f"{players}       | {variant}  | {_cell(c)}         | {_cell(p)}         "
                f"| {ratio:.2f}x{winter}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
