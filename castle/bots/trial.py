"""A trial of the estimate's weights or the search's settings: the hard level with some of them
changed, played against a level as it is (today's hard, or the baseline) on games that open at
random, reporting the arena's tally and the paired score margin. Reproducible from one command,
never part of the test command:

    python3 -m castle trial --weights bp=0.4 --against hard --games 60 --iterations 300 --seed 300
    python3 -m castle trial --search score_weight=0.3 --games 60 --iterations 1000 --seed 900

Both seats may be the hard level, so the changed weights cannot be set once for a process as
the tuner does (tune.py): a trial's player sets them in this process's castle.bots.value
around each of its own decisions and puts them back after (the games of a process are played
one decision at a time). Seats are rotated in pairs of games on one opening (tabletop.arena),
so a game's margin, the trial's score less the others' mean, compares the two on the same
table; its standard error says how far the mean margin is to be trusted (docs/bots.md,
"Trials of the estimate's weights").
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from dataclasses import replace
from typing import Final

from tabletop import arena
from tabletop.bot import Bot
from tabletop.game import Action, Json
from tabletop.search import Budget

from ..game import CASTLE
from ..scoring import left_unused
from . import make_bot, plans, value

#: The decisions of each game played at random first (tabletop.arena's opening).
OPENING: Final = 4


class Weighted:
    """A computer player that decides with some of the estimate's weights changed."""

    def __init__(self, bot: Bot, weights: dict[str, float]) -> None:
        self.bot = bot
        self.weights = weights

    @property
    def iterations(self) -> int:
        """The search's iterations of the last decision (the arena reports them)."""
        return int(getattr(self.bot, "iterations", 0))

    def choose(self, seen: Json, seat: int) -> Action:
        kept = {name: value.W[name] for name in self.weights}
        value.W.update(self.weights)
        plans.forget_payments()  # chosen by the other weights' worth of a hand
        try:
            return self.bot.choose(seen, seat)
        finally:
            value.W.update(kept)
            plans.forget_payments()


def trial_name(weights: dict[str, float], search: dict[str, float] | None = None) -> str:
    """The trial's level name in the report: hard and what it changes."""
    changed = {**weights, **(search or {})}
    return "hard+" + ",".join(f"{name}={w:g}" for name, w in changed.items())


def seat_bot(
    weights: dict[str, float], search: dict[str, float], budget: Budget, level: str, seed: int
) -> Bot:
    """The arena's bots of a trial: the trial's level with `weights` and the search's settings
    `search` (tabletop.search.Budget's), the other as it is."""
    if level.startswith("hard+"):
        iterations = search.get("iterations")
        searched = replace(
            budget,
            exploration=search.get("exploration", budget.exploration),
            widening=search.get("widening", budget.widening),
            score_weight=search.get("score_weight", budget.score_weight),
            minimax=search.get("minimax", budget.minimax),
            iterations=budget.iterations if iterations is None else int(iterations),
        )
        return Weighted(make_bot("hard", seed, searched), weights)
    return make_bot(level, seed, budget)


#: The weights a trial may change: those the estimate reads as it runs (the cheap buildings'
#: bound is folded into a constant at import, so changing it in a process changes nothing).
TRIED: Final = tuple(name for name in value.WEIGHTS if name != "cheap_building")


def parse_weights(text: str) -> dict[str, float]:
    """`name=value,...` of the estimate's weights (`TRIED`; another name is refused)."""
    return _parse(text, TRIED)


#: The search's settings a trial may change (tabletop.search.Budget: the bandit's exploration
#: constant, the progressive widening, the reward's share of the score, the share of the best
#: line's, and its own iterations a decision, to see what more search brings), as numbers.
SEARCHED: Final = ("exploration", "widening", "score_weight", "minimax", "iterations")


def parse_search(text: str) -> dict[str, float]:
    """`name=value,...` of the search's settings (`SEARCHED`; another name is refused)."""
    return _parse(text, SEARCHED)


def _parse(text: str, known: tuple[str, ...]) -> dict[str, float]:
    found: dict[str, float] = {}
    for part in text.split(","):
        name, sep, number = part.partition("=")
        name = name.strip()
        if not sep or name not in known:
            names = ", ".join(known)
            raise argparse.ArgumentTypeError(f"{part!r}: give name=value, a name among {names}")
        try:
            found[name] = float(number)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r}: {number!r} is not a number") from None
    return found


def margins(tallies: dict[str, arena.Tally], trial: str, other: str, players: int) -> list[float]:
    """Each game's margin: the trial's score less the other seats' mean (the tallies keep
    their scores in game order, a game's seats in seat order)."""
    mine = tallies[trial].scores
    theirs = tallies[other].scores
    rest = players - 1
    return [
        score - statistics.mean(theirs[game * rest : (game + 1) * rest])
        for game, score in enumerate(mine)
    ]


def run(args: argparse.Namespace) -> int:
    weights: dict[str, float] = args.weights
    search: dict[str, float] = args.search
    if not weights and not search:
        raise SystemExit("a trial changes something: give --weights, --search or both")
    trial = trial_name(weights, search)
    budget = Budget(iterations=args.iterations)
    bots = [trial, *[args.against] * (args.players - 1)]
    setup = {"winter": True} if args.winter else None
    factory = functools.partial(seat_bot, weights, search, budget)
    began = time.perf_counter()
    tallies = arena.run(
        CASTLE,
        factory,
        bots,
        args.players,
        args.games,
        args.seed,
        args.workers,
        setup=setup,
        measure=left_unused,
        opening=OPENING,
    )
    print(
        f"{args.games} games of {args.players} players, seed {args.seed}, {args.iterations} "
        f"iterations a decision, the first {OPENING} decisions at random; "
        f"{time.perf_counter() - began:.0f} s with {args.workers} worker(s)"
    )
    print("\n".join(arena.report(tallies)))
    each = margins(tallies, trial, args.against, args.players)
    error = statistics.stdev(each) / len(each) ** 0.5 if len(each) > 1 else float("nan")
    print(f"margin: {statistics.mean(each):+.2f} VP a game (standard error {error:.2f})")
    return 0


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--weights",
        type=parse_weights,
        default={},
        help="the weights changed, as name=value,... (castle/bots/value.py WEIGHTS)",
    )
    parser.add_argument(
        "--search",
        type=parse_search,
        default={},
        help="the trial's search settings changed, as name=value,... among "
        + ", ".join(SEARCHED)
        + " (tabletop.search.Budget)",
    )
    parser.add_argument(
        "--against",
        choices=("hard", "baseline", "medium"),
        default="hard",
        help="the level played against, as it is (default: %(default)s)",
    )
    parser.add_argument("--games", type=int, default=60, help="games (default: %(default)s)")
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="seats (default: %(default)s)"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=300,
        help="the searching levels' iterations a decision (default: %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default: %(default)s)")
    parser.add_argument("--winter", action="store_true", help="play the winter variant (§10)")
