"""The command line, as Castle's: `python -m seasons simulate --players 3 --level magician`,
`python -m seasons replay FILE` and `python -m seasons arena --bots hard,medium`."""

from __future__ import annotations

import argparse
import random
import time

from tabletop import commands

from . import data
from .game import SEASONS, start
from .state import State

#: The arena's search budget a decision, unless the options give one; the levels that search.
ITERATIONS = 200
SEARCHING = ("hard",)


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
    from .bots import LEVELS, make_bot

    budget = commands.default_budget(args, ITERATIONS)
    kind = f"{args.level} games"
    return commands.arena(
        SEASONS, make_bot, LEVELS, SEARCHING, args, budget, {"level": args.level}, kind
    )


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
    bots = commands.arena_parser(sub, data.PLAYER_COUNTS, games=10, iterations=ITERATIONS)
    bots.add_argument("--level", **level)  # type: ignore[arg-type]
    args = parser.parse_args(argv)
    if args.command in ("simulate", "sim"):
        return simulate(args.players, args.games, args.seed, args.level)
    if args.command == "arena":
        return arena(args)
    return replay_file(args.file)
