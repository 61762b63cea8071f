"""Engine speed on CPython and inside Pyodide under Node, for each game and variant, in one run.

    .venv/bin/python -m bench.engine [--games 50] [--repeats 5] [--game castle,seasons]

Plays the same random full games (same seeds) on both interpreters, the batches of every game
and variant alternating (bench/engine_speed.py), and prints, per game, player count and
variant, the median games per second of each interpreter, their ratio, each variant's time over
its game's first variant (Castle: winter over summer; Seasons: a level over archmage), and each
later game's time over the first game's (Seasons over Castle). Then the CPython targets. Figures
go to docs/benchmarks.md. Needs node_modules (tools/setup_env.sh installs it).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bench.engine_speed import PLAYERS, SUBJECTS, measure
from bench.in_pyodide import run_json

#: The required CPython time of a random game: game, variant, players, ms (issues 10 and 23).
TARGETS = (("castle", "summer", 4, 20.0), ("seasons", "archmage", 4, 50.0))


def in_pyodide(games: int, repeats: int, game: str) -> dict[str, Any]:
    return run_json(
        "bench.engine_speed",
        *("--json", "--games", str(games), "--repeats", str(repeats), "--game", game),
    )


def row(result: dict[str, Any], names: list[str], game: str, players: int, variant: str) -> Any:
    """One player count's figures of one game's variant (its first variant's at the top)."""
    figures = result if len(names) == 1 else result[game]
    if variant != SUBJECTS[game].variants[0]:
        figures = figures[variant]
    return figures[str(players)]


def _cell(figures: dict[str, Any]) -> str:
    return f"{figures['median_ms_per_game']:6.2f} ({figures['median_games_per_s']:5.1f})"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--game", default="castle", help="games to measure, comma-separated (castle,seasons)"
    )
    args = parser.parse_args()
    names = args.game.split(",")
    if unknown := sorted(set(names) - set(SUBJECTS)):
        parser.error(f"unknown game {', '.join(unknown)}: one of {', '.join(SUBJECTS)}")
    cpython = measure(args.games, args.repeats, names)
    pyodide = in_pyodide(args.games, args.repeats, args.game)
    print(f"random full games, median of {args.repeats} batches of {args.games} games")
    print(f"CPython {cpython['python']} vs Pyodide (Python {pyodide['python']}, Node)")
    print(
        "game | players | variant | actions | CPython ms/game (games/s) | Pyodide ms/game "
        "(games/s) | Pyodide/CPython time | over first variant, CPython | Pyodide "
        f"| over {names[0]}, CPython | Pyodide"
    )
    for game in names:
        first = SUBJECTS[game].variants[0]
        for players in PLAYERS:
            for variant in SUBJECTS[game].variants:
                c = row(cpython, names, game, players, variant)
                p = row(pyodide, names, game, players, variant)
                ratio = c["median_games_per_s"] / p["median_games_per_s"]
                cells = [game, str(players), variant, f"{c['actions_per_game']:.0f}"]
                cells += [_cell(c), _cell(p), f"{ratio:.2f}x"]
                key = f"{variant}_over_{first}"
                cells += [f"{c[key]:.2f}x", f"{p[key]:.2f}x"] if key in c else ["", ""]
                key = f"over_{names[0]}"
                cells += [f"{c[key]:.2f}x", f"{p[key]:.2f}x"] if key in c else ["", ""]
                print(" | ".join(cells))
    for game, variant, players, ms in TARGETS:
        if game in names:
            took = row(cpython, names, game, players, variant)["median_ms_per_game"]
            verdict = "met" if took < ms else "MISSED"
            print(
                f"target: a random {players}-player {game} {variant} game under {ms:g} ms on "
                f"CPython: {took:.2f} ms, {verdict}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
