"""Random full games per second, measured by the interpreter that runs this file.

Run through `bench/engine.py`, which runs it on CPython and inside Pyodide under Node in one go
and reports both with their ratio. Alone: `python3 -m bench.engine_speed --json`.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

from castle.sim import random_game


def games_per_second(players: int, games: int, first_seed: int) -> float:
    began = time.perf_counter()
    for i in range(games):
        random_game(players, first_seed + i)
    return games / (time.perf_counter() - began)


def measure(games: int, repeats: int) -> dict[str, object]:
    """Median games/s over `repeats` batches of `games` games, per player count.

    Every batch plays the same seeds, so each interpreter plays exactly the same games.
    """
    random_game(4, 0)  # warm caches and imports before timing
    result: dict[str, object] = {
        "python": platform.python_version(),
        "platform": sys.platform,
        "games": games,
        "repeats": repeats,
    }
    for players in (2, 3, 4):
        rates = [games_per_second(players, games, 1000) for _ in range(repeats)]
        result[str(players)] = {
            "median_games_per_s": statistics.median(rates),
            "median_ms_per_game": 1000 / statistics.median(rates),
            "runs": rates,
        }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.games, args.repeats)
    print(json.dumps(result) if args.json else json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
