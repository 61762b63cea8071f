"""The command line, as Castle's: `python -m seasons simulate --players 3 --level magician`,
`python -m seasons replay FILE` and `python -m seasons arena --bots hard,medium`."""

from __future__ import annotations

import argparse
import functools
import os
import random
import time

from tabletop import arena as bot_arena
from tabletop import commands

from . import data
from .game import SEASONS, start
from .state import State


def random_game(players: int, seed: int, level: str) -> tuple[State, list[str]]:
    """A whole game of random legal actions (its generator from `seed`), and its action lines."""
    rnd = random.Random(seed)
    s, _ = start({"players": players, "seed": seed, "level": level})
    lines = []
    while not SEASONS.terminal(s):
        action = rnd.choice(SEASONS.legal_actions(s, rnd.choice(SEASONS.asked(s))))
        lines.append(SEASONS.action_text(action))
        SEASONS.apply(s, action)
    return s, lines


def _scores(s: State) -> list[str]:
    assert s.result is not None
    lines = []
    for row in s.result["seats"]:
        parts = ", ".join(f"{k} {v}" for k, v in row["breakdown"].items())
        lines.append(f"p{row['seat']}: {row['score']} ({parts})")
    return lines


def simulate(players: int, games: int, seed: int, level: str) -> int:
    began = time.perf_counter()
    for i in range(games):
        s, lines = random_game(players, seed + i, level)
        assert s.result is not None
        winners = ",".join(f"p{w}" for w in s.result["winners"])
        scores = "/".join(str(row["score"]) for row in s.result["seats"])
        print(
            f"game {i + 1}: seed {seed + i}, winner {winners}, scores {scores}, "
            f"rounds {s.round}, actions {len(lines)}"
        )
    elapsed = time.perf_counter() - began
    print(f"{games} {level} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    return 0


def replay_file(path: str) -> int:
    s, code = commands.replay_file(SEASONS, path)
    if s is None:
        return code
    if s.result is None:
        year, season = data.year_of(s.position), data.season_of(s.position)
        print(f"game not finished: round {s.round}, year {year}, {season}")
        return 0
    print("\n".join(_scores(s)))
    print("winner: " + ", ".join(f"p{w}" for w in s.result["winners"]))
    return 0


def arena(args: argparse.Namespace) -> int:
    from .bots import LEVELS, Budget, make_bot

    bots = args.bots.split(",")
    if commands.unknown_level(bots, LEVELS):
        return 2
    budget = Budget(iterations=args.iterations, seconds=args.seconds)
    factory = functools.partial(make_bot, budget=budget)
    began = time.perf_counter()
    tallies = bot_arena.run(
        SEASONS,
        factory,
        bots,
        args.players,
        args.games,
        args.seed,
        args.workers,
        setup={"level": args.level},
    )
    elapsed = time.perf_counter() - began
    print(
        f"{args.games} {args.level} games of {args.players} players, seats rotated, seed "
        f"{args.seed}; hard: {args.iterations} iterations; {elapsed:.0f} s on {args.workers} "
        "processes"
    )
    print("\n".join(bot_arena.report(tallies)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m seasons", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    level = {"choices": data.LEVELS, "default": "apprentice", "help": "the level (§3)"}
    sim = sub.add_parser("simulate", aliases=["sim"], help="play random games, report the speed")
    sim.add_argument("--players", type=int, choices=data.PLAYER_COUNTS, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--level", **level)  # type: ignore[arg-type]
    rep = sub.add_parser("replay", help="replay a game record and print the scores")
    rep.add_argument("file")
    bots = sub.add_parser("arena", help="play the computer levels against each other")
    bots.add_argument("--bots", default="hard,medium", help="levels, seated in turn and rotated")
    bots.add_argument("--players", type=int, choices=data.PLAYER_COUNTS, default=2)
    bots.add_argument("--games", type=int, default=10)
    bots.add_argument("--seed", type=int, default=0)
    bots.add_argument("--iterations", type=int, default=200, help="hard: iterations a decision")
    bots.add_argument("--seconds", type=float, default=None, help="hard: time limit a decision")
    bots.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    bots.add_argument("--level", **level)  # type: ignore[arg-type]
    args = parser.parse_args(argv)
    if args.command in ("simulate", "sim"):
        return simulate(args.players, args.games, args.seed, args.level)
    if args.command == "arena":
        return arena(args)
    return replay_file(args.file)
