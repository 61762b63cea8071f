"""Tuning the estimate's weights by self-play: SPSA (simultaneous perturbation stochastic
approximation, Spall 1992) over arena games against the baseline, reproducible from one
command and never part of the test command.

    python3 -m castle tune --steps 20 --games 24 --iterations 100 --seed 1 [--out FILE]

Every step perturbs all the tuned weights at once, each by a factor 1 ± c (the sign drawn at
random), plays the same seeded games twice, hard with the weights raised against the baseline
and hard with them lowered against the baseline, and moves every weight by the difference of the
two mean score margins (hard's score less the baseline's) along its sign. Factors, not
additions: the weights are of very different sizes (0.3 VP a taler, 14 VP a Palace place).
The same seeds for both sides of a step (common random numbers) make the difference mostly the
weights', not the dice's. Each step's weights and margins are printed and, with `--out`, written
as JSON: the run that produced a set of weights goes with it (docs/bots.md, "Tuning").

The weights a worker plays with are set in that worker's copy of castle.bots.value (the games
of one arena run all use the same), so the tuner needs no change to the estimate's code; the
baseline has a value module of its own and is not touched.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import time
from typing import Any, Final

from tabletop import arena
from tabletop.bot import Bot
from tabletop.search import Budget

from ..game import CASTLE
from . import make_bot, value

#: The weights tuned: those the estimate reads when it runs (not those folded into constants
#: at import, like the cheap buildings' bound), summer's (the winter ones need winter games).
TUNED: Final = (
    "bp",
    "silver",
    "taler",
    "delivery",
    "helper",
    "builds_per_round",
    "palace",
    "build_chance",
    "card_back",
    "bricklayer_pieces",
)
#: SPSA's gains (Spall's recommended exponents): step k perturbs by c/(k+1)^GAMMA and moves by
#: a/(k+1+A)^ALPHA times the estimated gradient (a margin of 1 VP a unit).
ALPHA: Final = 0.602
GAMMA: Final = 0.101
STABILITY: Final = 2.0
#: The score margin (VP) that moves a weight's logarithm by the step size a.
MARGIN_SCALE: Final = 10.0
#: No weight is moved by more than this factor in one step, nor below a tenth of its default.
MAX_STEP: Final = 1.1
FLOOR: Final = 0.1
#: The decisions of each game played at random first (tabletop.arena's opening: without one,
#: the searches' games repeat one another move for move).
OPENING: Final = 4
#: The weights that are chances or shares: never above 1.
AT_MOST_ONE: Final = ("delivery", "build_chance")


def seat_bot(weights: dict[str, float], budget: Budget, level: str, seed: int) -> Bot:
    """The arena's bots of a tuning run: "hard" with `weights` (set in this process's estimate),
    "baseline" as it is."""
    if level == "hard":
        value.W.update(weights)
    return make_bot(level, seed, budget)


def margin(
    weights: dict[str, float], players: int, games: int, seed: int, budget: Budget, workers: int
) -> float:
    """Hard with `weights` against the baseline: its mean score less the baseline's (seats
    rotated; with more than 2 players, the baselines' mean)."""
    factory = functools.partial(seat_bot, weights, budget)
    bots = ["hard", *["baseline"] * (players - 1)]
    tallies = arena.run(CASTLE, factory, bots, players, games, seed, workers, opening=OPENING)
    hard, base = tallies["hard"], tallies["baseline"]
    return sum(hard.scores) / len(hard.scores) - sum(base.scores) / len(base.scores)


def run(args: argparse.Namespace) -> int:
    """The tuning run the options ask for; the estimate's weights are as before afterwards
    (games played in this process set them)."""
    kept = dict(value.W)
    try:
        return _tune(args)
    finally:
        value.W.clear()
        value.W.update(kept)


def _tune(args: argparse.Namespace) -> int:
    rnd = random.Random(args.seed)
    budget = Budget(iterations=args.iterations)
    theta = {name: float(value.WEIGHTS[name]) for name in TUNED}
    defaults = dict(theta)
    steps: list[dict[str, Any]] = []
    began = time.perf_counter()
    for k in range(args.steps):
        c = args.perturb / (k + 1) ** GAMMA
        a = args.gain / (k + 1 + STABILITY) ** ALPHA
        signs = {name: rnd.choice((-1.0, 1.0)) for name in TUNED}
        plus = _bounded({name: w * (1 + c * signs[name]) for name, w in theta.items()})
        minus = _bounded({name: w * (1 - c * signs[name]) for name, w in theta.items()})
        seed = args.seed * 1000 + k * args.games  # the same games for both sides
        up = margin(plus, args.players, args.games, seed, budget, args.workers)
        down = margin(minus, args.players, args.games, seed, budget, args.workers)
        for name in TUNED:
            factor = math.exp(a * (up - down) / (2 * c * MARGIN_SCALE) * signs[name])
            factor = min(MAX_STEP, max(1 / MAX_STEP, factor))
            theta[name] = max(FLOOR * defaults[name], theta[name] * factor)
            if name in AT_MOST_ONE:
                theta[name] = min(1.0, theta[name])
        steps.append({"step": k + 1, "plus": up, "minus": down, "weights": dict(theta)})
        print(
            f"step {k + 1}: margin {up:+.1f} raised, {down:+.1f} lowered; "
            + ", ".join(f"{name} {w:.3g}" for name, w in theta.items()),
            flush=True,
        )
    result = {
        "options": {k: v for k, v in vars(args).items() if k not in ("command", "out")},
        "seconds": round(time.perf_counter() - began),
        "defaults": defaults,
        "weights": theta,
        "steps": steps,
    }
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
            f.write("\n")
    print("weights: " + json.dumps({name: round(w, 4) for name, w in theta.items()}))
    return 0


def _bounded(weights: dict[str, float]) -> dict[str, float]:
    return {n: min(1.0, w) if n in AT_MOST_ONE else w for n, w in weights.items()}


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--steps", type=int, default=20, help="SPSA steps (default: %(default)s)")
    parser.add_argument(
        "--games", type=int, default=24, help="games for each side of a step (default: %(default)s)"
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="seats (default: %(default)s)"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=100,
        help="hard's iterations a decision (default: %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default: %(default)s)")
    parser.add_argument(
        "--perturb",
        type=float,
        default=0.2,
        help="the first step's factor c (default: %(default)s)",
    )
    parser.add_argument(
        "--gain", type=float, default=0.3, help="SPSA's step size a (default: %(default)s)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default: %(default)s)")
    parser.add_argument("--out", default=None, help="write the run as JSON to this file")
