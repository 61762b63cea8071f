"""What a search pays per state: a copy, a view and a determinization, of each game, on CPython
and in Pyodide.

    .venv/bin/python -m bench.state_copy [--number 2000] [--repeats 7] [--game castle,seasons]

Castle: late-game states of a random 4-player game (the last round, where the lists are
longest): `CASTLE.copy` (field by field), the JSON round trip it replaced (the unchecked
`state.from_json(state.to_json(s))`), and a seat's view and its determinization during a
secret selection with one seat chosen. Seasons: a random 4-player Archmage game at its first
one-seat decision of the second year (mid-game, about round 7 of 18): the same calls, for the
seat asked. Best of --repeats batches of --number calls (the minimum: the least disturbed by
other work on a shared machine), then the same inside Pyodide under Node, in one run, and the
CPython targets. Figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import castle
import castle.state
import seasons.state
from bench.in_pyodide import run_json
from castle import CASTLE
from seasons import SEASONS
from tabletop.game import Game

#: The required CPython times, µs: game, call, bound (issues 16 and 23).
TARGETS = (
    ("castle", "copy_us", 30.0),
    ("seasons", "copy_us", 50.0),
    ("seasons", "determinize_us", 200.0),
)
CALLS = (
    ("json_round_trip_us", "JSON round trip"),
    ("copy_us", "copy (field by field)"),
    ("view_us", "view"),
    ("determinize_us", "determinize"),
    ("view_determinize_us", "view + determinize"),
)


def late_state(seed: int, selecting: bool) -> tuple[castle.State, int]:
    """A 4-player game played at random into its last round (at a secret selection with one
    seat chosen if `selecting`); returns it and the seat asked."""
    rnd = random.Random(seed)
    s, _ = CASTLE.new(4, seed)
    while True:
        seat = CASTLE.asked(s)[0]
        last = s.round == s.rounds
        if last and s.phase == "select" and (not selecting or s.selection.count(None) == 3):
            return s, seat
        CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seat)))


def mid_state(seed: int) -> tuple[seasons.state.State, int]:
    """A 4-player Archmage game played at random (as `seasons.cli.random_game` plays) into its
    second year, at the first decision asked of one seat; returns it and that seat."""
    rnd = random.Random(seed)
    s, _ = SEASONS.start({"players": 4, "seed": seed, "level": "archmage"})
    while True:
        seats = SEASONS.asked(s)
        if s.position > 12 and len(seats) == 1:  # the token's position: 12·(year − 1) + space
            return s, seats[0]
        SEASONS.apply(s, rnd.choice(SEASONS.legal_actions(s, rnd.choice(seats))))


@dataclass(frozen=True, slots=True)
class Subject:
    """A game's states as measured here: the state to copy, the state and seat to view and
    determinize, and the unchecked JSON round trip of a state."""

    game: Game[Any]
    copied: Callable[[], Any]
    viewed: Callable[[], tuple[Any, int]]
    round_trip: Callable[[Any], Any]


SUBJECTS = {
    "castle": Subject(
        CASTLE,
        lambda: late_state(3, selecting=False)[0],
        lambda: late_state(3, selecting=True),
        lambda s: castle.state.from_json(castle.state.to_json(s)),
    ),
    "seasons": Subject(
        SEASONS,
        lambda: mid_state(3)[0],
        lambda: mid_state(3),
        lambda s: seasons.state.from_json(seasons.state.to_json(s)),
    ),
}


def best_us(call: Callable[[], object], number: int, repeats: int) -> float:
    return min(timeit.repeat(call, number=number, repeat=repeats)) / number * 1e6


def measure_game(subject: Subject, number: int, repeats: int) -> dict[str, float]:
    game = subject.game
    s = subject.copied()
    shown, seat = subject.viewed()
    seen = game.view(shown, seat)
    rnd = random.Random(0)

    def both() -> None:
        game.determinize(game.view(shown, seat), seat, rnd)

    return {
        "json_round_trip_us": best_us(lambda: subject.round_trip(s), number, repeats),
        "copy_us": best_us(lambda: game.copy(s), number, repeats),
        "view_us": best_us(lambda: game.view(shown, seat), number, repeats),
        "determinize_us": best_us(lambda: game.determinize(seen, seat, rnd), number, repeats),
        "view_determinize_us": best_us(both, number, repeats),
    }


def measure(number: int, repeats: int, names: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = {"python": platform.python_version()}
    for name in names:
        result[name] = measure_game(SUBJECTS[name], number, repeats)
    return result


def in_pyodide(number: int, repeats: int, game: str) -> dict[str, Any]:
    return run_json(
        "bench.state_copy",
        *("--inner", "--number", str(number), "--repeats", str(repeats), "--game", game),
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument(
        "--game", default="castle", help="games to measure, comma-separated (castle,seasons)"
    )
    parser.add_argument("--inner", action="store_true", help="this interpreter only, as JSON")
    args = parser.parse_args()
    names = args.game.split(",")
    if unknown := sorted(set(names) - set(SUBJECTS)):
        parser.error(f"unknown game {', '.join(unknown)}: one of {', '.join(SUBJECTS)}")
    here = measure(args.number, args.repeats, names)
    if args.inner:
        print(json.dumps(here))
        return 0
    there = in_pyodide(args.number, args.repeats, args.game)
    print(f"4-player states, best of {args.repeats} x {args.number} calls, µs per call")
    print(f"{'':30} CPython {here['python']:8} Pyodide {there['python']:8} Pyodide/CPython")
    for name in names:
        for key, label in CALLS:
            c, p = here[name][key], there[name][key]
            print(f"{name + ', ' + label:30} {c:16.1f} {p:16.1f} {p / c:10.2f}x")
    for name, key, bound in TARGETS:
        if name in names:
            took = here[name][key]
            verdict = "met" if took < bound else "MISSED"
            label = dict(CALLS)[key]
            print(f"target: {name} {label} under {bound:g} µs on CPython: {took:.1f} µs, {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
