"""The command line: `python -m castle simulate ...`, `python -m castle replay FILE` and
`python -m castle arena --bots hard,medium --players 2 --games 200 --seed 1`; `--winter` plays
the winter variant (simulate and arena)."""

from __future__ import annotations

import argparse
import functools
import os
import time

from tabletop import arena as bot_arena
from tabletop import commands

from . import data
from .game import CASTLE
from .sim import random_game
from .state import State


def _scores(s: State) -> str:
    return "/".join(str(p.vp) for p in s.players)


def simulate(players: int, games: int, seed: int, winter: bool = False) -> int:
    began = time.perf_counter()
    for i in range(games):
        s, actions = random_game(players, seed + i, winter=winter)
        assert s.result is not None
        winners = ",".join(f"p{w}" for w in s.result["winners"])
        print(
            f"game {i + 1}: seed {seed + i}, winner {winners}, scores {_scores(s)}, "
            f"rounds {s.round}, actions {len(actions)}"
        )
    elapsed = time.perf_counter() - began
    kind = "winter games" if winter else "games"
    print(f"{games} {kind} in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    return 0


def _breakdown(s: State) -> list[str]:
    lines = []
    for seat, p in enumerate(s.players):
        parts = ", ".join(f"{k} {v}" for k, v in sorted(p.vp_by_source.items()))
        lines.append(f"p{seat}: {p.vp} VP ({parts or 'nothing'}); {p.talers} talers")
    return lines


def replay_file(path: str) -> int:
    s, code = commands.replay_file(CASTLE, path)
    if s is None:
        return code
    if s.result is None:
        print(f"game not finished: round {s.round} of {s.rounds}, phase {s.phase}")
        print("\n".join(_breakdown(s)))
        return 0
    print("\n".join(_breakdown(s)))
    winners = ", ".join(f"p{w}" for w in s.result["winners"])
    tie = s.result["tie_break"]
    print(f"winner: {winners}" + (f" (tie-break: {tie})" if tie else ""))
    return 0


def arena(args: argparse.Namespace) -> int:
    from .bots import LEVELS, Budget, make_bot

    bots = args.bots.split(",")
    if commands.unknown_level(bots, LEVELS):
        return 2
    budget = Budget(iterations=args.iterations, seconds=args.seconds, rollout=args.rollout)
    factory = functools.partial(make_bot, budget=budget)
    began = time.perf_counter()

    def progress(g: int, played: dict[str, object]) -> None:
        if args.verbose:
            levels = bot_arena.lineup(bots, args.players, g)
            results = played["results"]
            assert isinstance(results, dict)
            scores = " ".join(f"{levels[r['seat']]}={r['score']}" for r in results["seats"])
            print(f"game {g + 1}: {scores}", flush=True)

    setup = {"winter": True} if args.winter else None
    tallies = bot_arena.run(
        CASTLE, factory, bots, args.players, args.games, args.seed, args.workers, progress, setup
    )
    elapsed = time.perf_counter() - began
    seconds = f", at most {args.seconds} s" if args.seconds else ""
    kind = "winter games" if args.winter else "games"
    print(
        f"{args.games} {kind} of {args.players} players, seats rotated, seed {args.seed}; "
        f"hard: {args.iterations} iterations{seconds}, rollouts of {args.rollout} decisions; "
        f"{elapsed:.0f} s on {args.workers} processes"
    )
    print("\n".join(bot_arena.report(tallies)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m castle", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    winter = "play the winter variant (§10)"
    sim = sub.add_parser(
        "simulate", aliases=["sim"], help="play random games and report their speed"
    )
    sim.add_argument("--players", type=int, choices=data.PLAYER_COUNTS, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--winter", action="store_true", help=winter)
    rep = sub.add_parser("replay", help="replay a game record and print the scores")
    rep.add_argument("file")
    bots = sub.add_parser("arena", help="play the computer levels against each other")
    bots.add_argument("--bots", default="hard,medium", help="levels, seated in turn and rotated")
    bots.add_argument("--players", type=int, choices=data.PLAYER_COUNTS, default=2)
    bots.add_argument("--games", type=int, default=20)
    bots.add_argument("--seed", type=int, default=0)
    bots.add_argument("--iterations", type=int, default=1000, help="hard: iterations a decision")
    bots.add_argument("--seconds", type=float, default=None, help="hard: time limit a decision")
    bots.add_argument("--rollout", type=int, default=0, help="hard: decisions a rollout plays")
    bots.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    bots.add_argument("--verbose", action="store_true", help="print every game's scores")
    bots.add_argument("--winter", action="store_true", help=winter)
    args = parser.parse_args(argv)
    if args.command in ("simulate", "sim"):
        return simulate(args.players, args.games, args.seed, args.winter)
    if args.command == "arena":
        return arena(args)
    return replay_file(args.file)
