"""What arena records hold so far (bench/arena/), and two records compared game by game.

    .venv/bin/python -m bench.arena_records bench/arena/FILE.jsonl [OTHER.jsonl]

A run against the clock takes hours and goes on over several sessions (bench/arena/README.md);
its figures are wanted before it ends. For each record: every level's seats, wins with their
95 % Wilson interval, mean score, iterations a decision and what it left unused. With a second
record of the same bots, players, seed and opening (the same tables, the same seats), the games
both have played are paired: the first level's score margin over the others in each, and the
mean difference of those margins with its standard error, which tells whether a change of the
code (the records' commits) moved the margin more than the dice.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from tabletop.arena import Tally, count, lineup, wilson


def read(path: str) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """A record's run (its first line) and its games by number (a line cut short skipped)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    run = json.loads(lines[0])["arena"]
    games: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        games[entry["game"]] = entry["played"]
    return run, games


def margin(run: dict[str, Any], number: int, played: dict[str, Any]) -> float:
    """The first level's score in a game less the mean of the other seats' scores."""
    levels = lineup(run["bots"], run["players"], number)
    scores = {row["seat"]: row["score"] for row in played["results"]["seats"]}
    mine = [scores[seat] for seat, level in enumerate(levels) if level == run["bots"][0]]
    others = [scores[seat] for seat, level in enumerate(levels) if level != run["bots"][0]]
    return statistics.mean(mine) - statistics.mean(others)


def summary(path: str) -> list[str]:
    run, games = read(path)
    tallies = {level: Tally() for level in dict.fromkeys(run["bots"])}
    for number in sorted(games):
        count(tallies, run["bots"], run["players"], number, games[number])
    lines = [f"{path}: {len(games)} games of {run['players']} players, seed {run['seed']}"]
    for level, tally in tallies.items():
        if not tally.seats:
            continue
        low, high = wilson(tally.wins, tally.seats)
        measured = ", ".join(
            f"{name} {total / tally.seats:.1f}" for name, total in tally.measured.items()
        )
        lines.append(
            f"  {level}: won {tally.wins:g} of {tally.seats} ({tally.wins / tally.seats:.1%}, "
            f"95 % CI {low:.1%}-{high:.1%}); mean score {statistics.mean(tally.scores):.1f}; "
            f"{tally.iterations / max(1, tally.decisions):.0f} iterations a decision; " + measured
        )
    return lines


def paired(first: str, second: str) -> list[str]:
    run_a, games_a = read(first)
    run_b, games_b = read(second)
    same = ("players", "seed", "opening", "setup")
    differ = [key for key in same if run_a.get(key) != run_b.get(key)]
    if differ or len(run_a["bots"]) != len(run_b["bots"]):
        return [f"not the same tables: {', '.join(differ) or 'bots'} differ"]
    common = sorted(set(games_a) & set(games_b))
    if len(common) < 2:
        return [f"{len(common)} game(s) in both: too few to pair"]
    a = [margin(run_a, n, games_a[n]) for n in common]
    b = [margin(run_b, n, games_b[n]) for n in common]
    change = [y - x for x, y in zip(a, b, strict=True)]
    error = statistics.stdev(change) / len(change) ** 0.5
    return [
        f"{len(common)} games in both: {run_a['bots'][0]}'s margin {statistics.mean(a):+.2f} "
        f"in the first, {statistics.mean(b):+.2f} in the second; the second less the first "
        f"{statistics.mean(change):+.2f} VP a game (standard error {error:.2f})"
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arena_records", description=__doc__)
    parser.add_argument("records", nargs="+", help="one or two arena record files")
    args = parser.parse_args(argv)
    if len(args.records) > 2:
        parser.error("give one record, or two to compare")
    for path in args.records:
        print("\n".join(summary(path)))
    if len(args.records) == 2:
        print("\n".join(paired(*args.records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
