"""The command line: `python -m castle simulate ...`, `python -m castle replay FILE`,
`python -m castle arena --bots hard,medium --players 2 --games 200 --seed 1`, and the bots'
`tune` and `trial` (docs/bots.md); `--winter` plays the winter variant (simulate, arena,
trial)."""

from __future__ import annotations

import argparse
import time

from tabletop import commands

from . import data, scoring
from .game import CASTLE
from .sim import random_game
from .state import State

#: The arena's search budget a decision, unless the options give one; the levels that search.
ITERATIONS = 1000
SEARCHING = ("hard", "baseline")


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
    from .bots import ARENA_LEVELS, make_bot

    budget = commands.default_budget(
        args, ITERATIONS, rollout=args.rollout, score_weight=args.score_weight
    )
    setup = {"winter": True} if args.winter else None
    kind = "winter games" if args.winter else "games"
    return commands.arena(
        CASTLE, make_bot, ARENA_LEVELS, SEARCHING, args, budget, setup, kind, scoring.left_unused
    )


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
    bots = commands.arena_parser(sub, data.PLAYER_COUNTS, games=20, iterations=ITERATIONS)
    bots.add_argument(
        "--rollout",
        type=int,
        default=0,
        help="a searching level's random decisions a rollout (default: %(default)s)",
    )
    bots.add_argument(
        "--score-weight",
        type=float,
        default=0.0,
        help="the share of a searching level's reward taken from the score rather than the "
        "win (tabletop.search.Budget.score_weight; the baseline keeps none) "
        "(default: %(default)s)",
    )
    bots.add_argument("--winter", action="store_true", help=winter)
    tune = sub.add_parser(
        "tune",
        help="tune the estimate's weights by self-play against the baseline (SPSA)",
        description="SPSA over arena games against the baseline (castle/bots/tune.py, "
        "docs/bots.md): prints each step's weights and margins.",
    )
    from .bots import trial
    from .bots import tune as tuning

    tuning.add_options(tune)
    trying = sub.add_parser(
        "trial",
        help="play hard with some estimate weights changed against a level as it is",
        description="A trial of the estimate's weights (castle/bots/trial.py, docs/bots.md): "
        "the arena's tally and the paired score margin with its standard error.",
    )
    trial.add_options(trying)
    args = parser.parse_args(argv)
    if args.command == "tune":
        return tuning.run(args)
    if args.command == "trial":
        return trial.run(args)
    if args.command in ("simulate", "sim"):
        return simulate(args.players, args.games, args.seed, args.winter)
    if args.command == "arena":
        return arena(args)
    return replay_file(args.file)
