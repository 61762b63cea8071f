"""Random full games per second, summer and winter, measured by the interpreter that runs this
file.

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
from typing import Any

from castle.sim import random_game

#: The variants measured: summer (the default setup) and winter (§10).
VARIANTS = {"summer": False, "winter": True}


def games_per_second(players: int, games: int, first_seed: int, winter: bool = False) -> float:
    began = time.perf_counter()
    for i in range(games):
        random_game(players, first_seed + i, winter=winter)
    return games / (time.perf_counter() - began)


def _summary(rates: list[float]) -> dict[str, object]:
    median = statistics.median(rates)
    return {"median_games_per_s": median, "median_ms_per_game": 1000 / median, "runs": rates}


def measure(games: int, repeats: int) -> dict[str, Any]:
    """Median games/s over `repeats` batches of `games` games, per player count and variant.

    Every batch plays the same seeds, so each interpreter plays exactly the same games; a
    summer batch and a winter batch alternate, so that a change in the machine's load falls on
    both. The summer figures stay under the player count (`result["2"]`), as before the winter
    variant; the winter ones are under `result["winter"]["2"]`, with `winter_over_summer`, the
    median of each pair of batches' time ratio.
    """
    random_game(4, 0)  # warm caches and imports before timing
    random_game(4, 0, winter=True)
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": sys.platform,
        "games": games,
        "repeats": repeats,
    }
    winter: dict[str, object] = {}
    for players in (2, 3, 4):
        rates: dict[str, list[float]] = {name: [] for name in VARIANTS}
        for _ in range(repeats):
            for name, is_winter in VARIANTS.items():
                rates[name].append(games_per_second(players, games, 1000, is_winter))
        result[str(players)] = _summary(rates["summer"])
        ratios = [s / w for s, w in zip(rates["summer"], rates["winter"], strict=True)]
        winter[str(players)] = {
            **_summary(rates["winter"]),
            "winter_over_summer": statistics.median(ratios),
        }
    result["winter"] = winter
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
