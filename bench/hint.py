"""What a hint costs and how far its chance can be trusted, measured by the interpreter that runs
this file (docs/benchmarks.md, "The hint").

    .venv/bin/python -m bench.hint [--games 2] [--pyodide]   # time and stability of hints
    .venv/bin/python -m bench.hint --calibrate [--games 200] [--first-seed 100]  # its calibration

Time and stability: medium players play games of 2, 3 and 4 players; at every tenth decision
of theirs (and every round's first card choice, the others having chosen) the hint of the seat
asked is worked out twice, with two generators, as `App.hint` does (tabletop.advice, 8
samples). It prints the median and the slowest time of one hint, the largest difference of the
chance between the two, and how often the page would say a figure, a range or a word.
`--pyodide` runs the same inside Pyodide under Node (bench/in_pyodide.py) beside CPython.

Calibration: medium games, and at each round's start every seat's estimate and who won; for a
spread "a + b x rounds left" (castle.bots.CHANCE_SPREAD_*) it prints the mean log-likelihood of
the winners and, in bands of predicted chance, the share actually won (a chance worth its name
wins about as often as it says).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import time
from typing import Any

from castle.bots import CHANCE_SPREAD_END, CHANCE_SPREAD_PER_ROUND, STRATEGY, make_bot
from castle.bots.value import horizon
from castle.game import CASTLE
from castle.state import State
from tabletop.advice import advise
from web.shell.hint import said_as


def positions(players: int, seed: int) -> list[tuple[State, int]]:
    """Decisions met in a medium game: each round's first card choice once the others have
    chosen, and every tenth other decision."""
    s, _ = CASTLE.new(players, seed)
    bots = [make_bot("medium", seed * 10 + seat) for seat in range(players)]
    found: list[tuple[State, int]] = []
    decisions = 0
    while not CASTLE.terminal(s):
        asked = CASTLE.asked(s)
        seat = asked[0]
        if s.phase == "select" and len(asked) == 1 and s.selection[seat] is None:
            found.append((CASTLE.copy(s), seat))
        elif s.phase != "select":
            decisions += 1
            if decisions % 10 == 0:
                found.append((CASTLE.copy(s), seat))
        CASTLE.apply(s, bots[seat].choose(CASTLE.view(s, seat), seat))
    return found


def speed(games: int) -> dict[str, Any]:
    result: dict[str, Any] = {"python": platform.python_version()}
    for players in (2, 3, 4):
        times: list[float] = []
        moved: list[float] = []
        said = {"figure": 0, "range": 0, "word": 0}
        for seed in range(games):
            for s, seat in positions(players, 100 + seed):
                view = CASTLE.view(s, seat)
                began = time.perf_counter()
                first = advise(STRATEGY, view, seat, random.Random(1))
                times.append(time.perf_counter() - began)
                second = advise(STRATEGY, view, seat, random.Random(2))
                moved.append(abs(first.chance - second.chance))
                said[said_as(first)] += 1
        result[str(players)] = {
            "hints": len(times),
            "median_ms": 1000 * statistics.median(times),
            "max_ms": 1000 * max(times),
            "max_moved_points": 100 * max(moved),
            "median_moved_points": 100 * statistics.median(moved),
            "said": said,
        }
    return result


def calibrate(games: int, first_seed: int) -> dict[str, Any]:
    rows: list[tuple[float, list[float], list[int]]] = []
    for players in (2, 3, 4):
        for seed in range(first_seed, first_seed + games):
            s, _ = CASTLE.new(players, seed)
            bots = [make_bot("medium", seed * 10 + seat) for seat in range(players)]
            starts: list[tuple[float, list[float]]] = []
            last = 0
            while not CASTLE.terminal(s):
                if s.phase == "select" and s.round != last and all(c is None for c in s.selection):
                    last = s.round
                    starts.append((horizon(s), STRATEGY.estimate(s)))
                seat = CASTLE.asked(s)[0]
                CASTLE.apply(s, bots[seat].choose(CASTLE.view(s, seat), seat))
            results = CASTLE.results(s)
            assert results is not None
            rows += [(h, estimates, results["winners"]) for h, estimates in starts]
    out: dict[str, Any] = {}
    for name, (end, per_round) in {
        "hint": (CHANCE_SPREAD_END, CHANCE_SPREAD_PER_ROUND),
        "bots' constant": (STRATEGY.spread, 0.0),
    }.items():
        predicted: list[tuple[float, float]] = []
        likelihood = 0.0
        for h, estimates, winners in rows:
            scale = (end + per_round * h) / math.log(3)
            top = max(estimates)
            weights = [math.exp((e - top) / scale) for e in estimates]
            chance = [w / sum(weights) for w in weights]
            likelihood += sum(math.log(chance[w]) for w in winners) / len(winners)
            predicted += [
                (c, 1 / len(winners) if seat in winners else 0.0) for seat, c in enumerate(chance)
            ]
        bands = {}
        for low in range(0, 100, 10):
            band = [(c, won) for c, won in predicted if low <= 100 * c < low + 10]
            if band:
                bands[f"{low}-{low + 10} %"] = {
                    "seats": len(band),
                    "predicted": 100 * statistics.fmean(c for c, _ in band),
                    "won": 100 * statistics.fmean(won for _, won in band),
                }
        out[name] = {"log_likelihood": likelihood / len(rows), "bands": bands}
    return {"round_starts": len(rows), **out}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--first-seed", type=int, default=100, help="of the calibration's games")
    parser.add_argument("--pyodide", action="store_true", help="also inside Pyodide under Node")
    parser.add_argument("--json", action="store_true", help="the result as JSON only")
    args = parser.parse_args()
    if args.calibrate:
        result = calibrate(args.games or 200, args.first_seed)
    elif args.json:
        result = speed(args.games or 2)
    else:
        result = {"cpython": speed(args.games or 2)}
        if args.pyodide:
            from bench.in_pyodide import run_json

            result["pyodide"] = run_json("bench.hint", "--json", "--games", str(args.games or 2))
    print(json.dumps(result, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
