"""Random full games per second, of each game and each of its variants, measured by the
interpreter that runs this file.

Run through `bench/engine.py`, which runs it on CPython and inside Pyodide under Node in one go
and reports both with their ratio. Alone: `python3 -m bench.engine_speed --json [--game
castle,seasons]`.

The games are each game's own random player (`castle.sim.random_game`,
`seasons.cli.random_game`): uniformly random legal actions for a seat that is asked. The
variants: Castle's summer and winter (§10), Seasons' three levels (archmage, the hardest,
first).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from castle.sim import random_game as castle_game
from seasons.cli import random_game as seasons_game


def _castle(players: int, seed: int, variant: str) -> int:
    return len(castle_game(players, seed, winter=variant == "winter")[1])


def _seasons(players: int, seed: int, variant: str) -> int:
    return len(seasons_game(players, seed, variant)[1])


@dataclass(frozen=True, slots=True)
class Subject:
    """A game as this benchmark plays it: one random game of a player count, seed and variant
    (returning its number of actions), and the variants, the first the one reported first."""

    play: Callable[[int, int, str], int]
    variants: tuple[str, ...]


SUBJECTS = {
    "castle": Subject(_castle, ("summer", "winter")),
    "seasons": Subject(_seasons, ("archmage", "magician", "apprentice")),
}
PLAYERS = (2, 3, 4)


def play_batch(
    subject: Subject, variant: str, players: int, games: int, first_seed: int
) -> tuple[float, int]:
    """Seconds for `games` random games (seeds from `first_seed`), and their actions."""
    actions = 0
    began = time.perf_counter()
    for i in range(games):
        actions += subject.play(players, first_seed + i, variant)
    return time.perf_counter() - began, actions


def _summary(seconds: list[float], games: int, actions: float) -> dict[str, Any]:
    median = statistics.median(seconds)
    return {
        "median_games_per_s": games / median,
        "median_ms_per_game": 1000 * median / games,
        "actions_per_game": actions,
        "runs": [games / t for t in seconds],
    }


def measure(games: int, repeats: int, names: Sequence[str] = ("castle",)) -> dict[str, Any]:
    """Median games/s over `repeats` batches of `games` games, per game, player count and
    variant.

    Every batch plays the same seeds, so each interpreter plays exactly the same games. For each
    player count the batches of every game and variant follow each other, repeat after repeat,
    so that a change in the machine's load falls on all of them; the ratios are medians of the
    ratios within one repeat. A game's figures: its first variant's under the player count
    (`"2"`), every other variant's under its name (`["winter"]["2"]`) with its time over the
    first's (`winter_over_summer`); every game after the first also has its first variant's
    time over the first game's (`over_castle`). With one game (Castle by default, as before
    Seasons) its figures are at the top level; with several, under each game's name.
    """
    subjects = {name: SUBJECTS[name] for name in names}
    for subject in subjects.values():  # warm caches and imports before timing
        for variant in subject.variants:
            subject.play(4, 0, variant)
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": sys.platform,
        "games": games,
        "repeats": repeats,
    }
    layouts: dict[str, dict[str, Any]] = {name: {} for name in subjects}
    reference = names[0]
    for players in PLAYERS:
        times: dict[tuple[str, str], list[float]] = {}
        actions: dict[tuple[str, str], int] = {}
        for _ in range(repeats):
            for name, subject in subjects.items():
                for variant in subject.variants:
                    took, actions[(name, variant)] = play_batch(
                        subject, variant, players, games, 1000
                    )
                    times.setdefault((name, variant), []).append(took)
        for name, subject in subjects.items():
            base = subject.variants[0]
            for variant in subject.variants:
                row = _summary(times[(name, variant)], games, actions[(name, variant)] / games)
                if variant != base:
                    ratios = map(_ratio, times[(name, variant)], times[(name, base)])
                    row[f"{variant}_over_{base}"] = statistics.median(ratios)
                    layouts[name].setdefault(variant, {})[str(players)] = row
                else:
                    if name != reference:
                        against = times[(reference, SUBJECTS[reference].variants[0])]
                        ratios = map(_ratio, times[(name, base)], against)
                        row[f"over_{reference}"] = statistics.median(ratios)
                    layouts[name][str(players)] = row
    if len(names) == 1:
        result.update(layouts[reference])
    else:
        result.update(layouts)
    return result


def _ratio(a: float, b: float) -> float:
    return a / b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--game", default="castle", help="games to measure, comma-separated (castle,seasons)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.game.split(",")
    if unknown := sorted(set(names) - set(SUBJECTS)):
        parser.error(f"unknown game {', '.join(unknown)}: one of {', '.join(SUBJECTS)}")
    result = measure(args.games, args.repeats, names)
    print(json.dumps(result) if args.json else json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
