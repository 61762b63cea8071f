"""The command line: `python -m castle simulate ...` and `python -m castle replay FILE`."""

from __future__ import annotations

import argparse
import sys
import time

from . import data
from .record import RecordError, loads, replay
from .sim import random_game
from .state import State


def _scores(s: State) -> str:
    return "/".join(str(p.vp) for p in s.players)


def simulate(players: int, games: int, seed: int) -> int:
    began = time.perf_counter()
    for i in range(games):
        s, actions = random_game(players, seed + i)
        assert s.result is not None
        winners = ",".join(f"p{w}" for w in s.result["winners"])
        print(
            f"game {i + 1}: seed {seed + i}, winner {winners}, scores {_scores(s)}, "
            f"rounds {s.round}, actions {len(actions)}"
        )
    elapsed = time.perf_counter() - began
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.1f} games/s")
    return 0


def _breakdown(s: State) -> list[str]:
    lines = []
    for seat, p in enumerate(s.players):
        parts = ", ".join(f"{k} {v}" for k, v in sorted(p.vp_by_source.items()))
        lines.append(f"p{seat}: {p.vp} VP ({parts or 'nothing'}); {p.talers} talers")
    return lines


def replay_file(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"error: cannot read {path}: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"error: {path}: not a text file (a game record is UTF-8 JSON)", file=sys.stderr)
        return 1
    try:
        s, _ = replay(loads(text))
    except RecordError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return 1
    if s.result is None:
        print(f"game not finished: round {s.round} of {s.rounds}, phase {s.phase}")
        print("\n".join(_breakdown(s)))
        return 0
    print("\n".join(_breakdown(s)))
    winners = ", ".join(f"p{w}" for w in s.result["winners"])
    tie = s.result["tie_break"]
    print(f"winner: {winners}" + (f" (tie-break: {tie})" if tie else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m castle", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and report their speed")
    sim.add_argument("--players", type=int, choices=data.PLAYER_COUNTS, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    rep = sub.add_parser("replay", help="replay a game record and print the scores")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args.players, args.games, args.seed)
    return replay_file(args.file)
