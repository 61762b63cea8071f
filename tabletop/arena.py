"""Bots against bots: many seeded games, seats rotated, on every core, with win rates and their
confidence intervals.

Deterministic for a seed and a budget: game `g` is set up with seed `seed + g`, every bot gets
a seed of its own from (seed, g, seat), and the games are played in parallel but counted in
order (a caller's `progress`, the arena's record, hears of each game as it ends). A `setup` of
the game's own keys (a variant, say) is passed to `Game.start` for every game, with the player
count and that seed; without one, games are the default setup (`Game.new`). A bot that
searches against the clock (a time budget) makes a run depend on the machine.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .bot import Bot
from .game import Game, Json

S = TypeVar("S")

#: Makes the bot of a level with a seed (a module-level function, so that worker processes
#: can be handed it).
BotFactory = Callable[[str, int], Bot]
#: A game's own figures of one seat at the end (Castle: what it left unused), averaged by level
#: in the report; a module-level function too.
Measure = Callable[[Any, int], dict[str, float]]


@dataclass(slots=True)
class Tally:
    """One bot level's results over the seats it played."""

    seats: int = 0
    #: Wins, a shared win counting as a share.
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    #: By seat (0 is the first player of game 1, and of every game in the rotation): the
    #: seats played there and the wins.
    by_seat: dict[int, list[float]] = field(default_factory=dict)
    #: Iterations the search made, over `decisions` (0 for a level that does not search).
    iterations: int = 0
    #: The sums, over its seats, of the game's own figures (`Measure`).
    measured: dict[str, float] = field(default_factory=dict)
    #: The games it played, by a digest of their actions: fewer than its games when some
    #: repeated another move for move (a run needs an `opening` then).
    distinct: set[str] = field(default_factory=set)
    games: int = 0


def lineup(bots: Sequence[str], players: int, game: int) -> list[str]:
    """The levels at the seats of game number `game`: the bots in turn, rotated by one seat
    each game, so that every level sits everywhere equally often."""
    return [bots[(game + seat) % len(bots)] for seat in range(players)]


def bot_seed(seed: int, game: int, seat: int) -> int:
    return (seed * 1_000_003 + game * 101 + seat) & 0xFFFF_FFFF


def table(bots: Sequence[str], game: int) -> int:
    """The table of game number `game` when games open at random: the games that seat the
    bots in turn (one rotation) share a table, its setup and its opening, so that every level
    plays the same opening from every seat."""
    return game // len(bots)


#: The level that plays an opening (`run`): the game's plans at random.
OPENING_LEVEL = "easy"


def play(
    game: Game[S],
    factory: BotFactory,
    levels: Sequence[str],
    setup_seed: int,
    seed: int,
    setup: Json | None = None,
    measure: Measure | None = None,
    opening: int = 0,
    opening_seed: int = 0,
) -> dict[str, Any]:
    """One game between bots of those levels (one per seat); its results and timings. `setup`:
    the game's own setup keys, besides the player count and the seed (None: `Game.new`);
    `measure`: the game's own figures of each seat at the end; `opening`: the first decisions
    played by the `OPENING_LEVEL` (seeded by `opening_seed`), whoever sits there. Also a
    digest of the game's actions, which tells two games alike move for move."""
    if setup is None:
        s, _ = game.new(len(levels), setup_seed)
    else:
        s, _ = game.start({**setup, "players": len(levels), "seed": setup_seed})
    bots = [factory(level, seed + seat) for seat, level in enumerate(levels)]
    opener = factory(OPENING_LEVEL, opening_seed) if opening else None
    actions = hashlib.sha256()
    decided = 0
    spent = [0.0] * len(levels)
    slowest = [0.0] * len(levels)
    decisions = [0] * len(levels)
    iterations = [0] * len(levels)
    while not game.terminal(s):
        seat = game.asked(s)[0]
        if opener is not None and decided < opening:
            action = opener.choose(game.view(s, seat), seat)
            actions.update(game.action_text(action).encode() + b"\n")
            game.apply(s, action)
            decided += 1
            continue
        began = time.perf_counter()
        action = bots[seat].choose(game.view(s, seat), seat)
        took = time.perf_counter() - began
        spent[seat] += took
        slowest[seat] = max(slowest[seat], took)
        decisions[seat] += 1
        iterations[seat] += getattr(bots[seat], "iterations", 0)
        actions.update(game.action_text(action).encode() + b"\n")
        game.apply(s, action)
    results = game.results(s)
    assert results is not None
    return {
        "results": results,
        "seconds": spent,
        "slowest": slowest,
        "decisions": decisions,
        "iterations": iterations,
        "measured": [measure(s, seat) if measure else {} for seat in range(len(levels))],
        "digest": actions.hexdigest()[:16],
    }


Job = tuple[Game[Any], BotFactory, list[str], int, int, Json | None, Measure | None, int, int]


def _play_numbered(numbered: tuple[int, Job]) -> tuple[int, dict[str, Any]]:
    number, job = numbered
    return number, play(*job)


def count(
    tallies: dict[str, Tally], bots: Sequence[str], players: int, g: int, played: dict[str, Any]
) -> None:
    """Add game number `g` (what `play` returned) to each level's tally (`lineup` seats them)."""
    levels = lineup(bots, players, g)
    results = played["results"]
    winners = results["winners"]
    for row in results["seats"]:
        tally = tallies[levels[row["seat"]]]
        tally.seats += 1
        tally.scores.append(row["score"])
        there = tally.by_seat.setdefault(row["seat"], [0, 0.0])
        there[0] += 1
        if row["seat"] in winners:
            tally.wins += 1 / len(winners)
            tally.winning_scores.append(row["score"])
            there[1] += 1 / len(winners)
    for seat, level in enumerate(levels):
        tally = tallies[level]
        tally.decisions += played["decisions"][seat]
        tally.seconds += played["seconds"][seat]
        tally.slowest = max(tally.slowest, played["slowest"][seat])
        tally.iterations += played["iterations"][seat]
        for name, amount in played["measured"][seat].items():
            tally.measured[name] = tally.measured.get(name, 0.0) + amount
    for level in dict.fromkeys(levels):
        tallies[level].games += 1
        if "digest" in played:  # (records of older runs have none)
            tallies[level].distinct.add(played["digest"])


def run(
    game: Game[S],
    factory: BotFactory,
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int,
    workers: int = 2,
    progress: Callable[[int, dict[str, Any]], None] | None = None,
    setup: Json | None = None,
    measure: Measure | None = None,
    played_before: Mapping[int, dict[str, Any]] | None = None,
    opening: int = 0,
) -> dict[str, Tally]:
    """Play `games` games (of `setup`'s own keys, if given, and with the game's `measure`: see
    `play`); returns each level's tally. `played_before`: games of this run already played
    (by number: what `play` returned), counted and not played again; `progress` is told of
    the others as they end, in the order they end. The tallies count games in order.
    `opening`: the first decisions of every game played at random by the `OPENING_LEVEL`,
    the same at one `table`, whose games share its setup (seed + table): without one, games
    between bots that draw nothing at random (a search in a game without chance) repeat one
    another move for move, and the games of a run are far fewer than they seem."""
    before = played_before or {}
    jobs: list[tuple[int, Job]] = []
    for g in range(games):
        if g in before:
            continue
        setup_seed = seed + (table(bots, g) if opening else g)
        opening_seed = bot_seed(seed, table(bots, g), players)
        levels = lineup(bots, players, g)
        job: Job = (
            game,
            factory,
            levels,
            setup_seed,
            bot_seed(seed, g, 0),
            setup,
            measure,
            opening,
            opening_seed,
        )
        jobs.append((g, job))
    tallies: dict[str, Tally] = {level: Tally() for level in dict.fromkeys(bots)}

    played_now: dict[int, dict[str, Any]] = {}
    with contextlib.ExitStack() as stack:
        ended: Iterable[tuple[int, dict[str, Any]]] = map(_play_numbered, jobs)
        if workers > 1 and len(jobs) > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(workers))
            # As each game ends, not in order: a record keeps every game already played.
            ended = pool.imap_unordered(_play_numbered, jobs)
        for g, played in ended:
            played_now[g] = played
            if progress:
                progress(g, played)
    every = {**{g: played for g, played in before.items() if g < games}, **played_now}
    for g in sorted(every):
        count(tallies, bots, players, g, every[g])
    return tallies


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (shared wins count as fractions)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(tallies: dict[str, Tally]) -> list[str]:
    """The tallies as lines of text: win rate with its interval, mean score, time per decision
    (and the search's iterations, for a level that searches), then the win rate at each seat."""
    lines = []
    for level, t in tallies.items():
        low, high = wilson(t.wins, t.seats)
        mean = sum(t.scores) / len(t.scores) if t.scores else 0.0
        won = sum(t.winning_scores) / len(t.winning_scores) if t.winning_scores else 0.0
        per = 1000 * t.seconds / t.decisions if t.decisions else 0.0
        searched = ""
        if t.iterations and t.seconds:
            searched = (
                f", {t.iterations / t.decisions:.0f} iterations a decision "
                f"({t.iterations / t.seconds:.0f} a second)"
            )
        lines.append(
            f"{level:>8}: won {t.wins:g} of {t.seats} seats = {t.wins / max(1, t.seats):.1%} "
            f"(95 % CI {low:.1%}-{high:.1%}); mean score {mean:.1f}, when winning {won:.1f}; "
            f"{per:.1f} ms per decision (slowest {1000 * t.slowest:.0f} ms, "
            f"{t.decisions} decisions){searched}"
        )
        seats = ", ".join(
            f"seat {seat + 1} {wins / played:.0%} of {played:g}"
            for seat, (played, wins) in sorted(t.by_seat.items())
        )
        alike = f"; {len(t.distinct)} distinct of its {t.games} games" if t.distinct else ""
        lines.append(f"{'':>8}  by seat: {seats}{alike}")
        if t.measured:
            means = ", ".join(f"{name} {total / t.seats:.1f}" for name, total in t.measured.items())
            lines.append(f"{'':>8}  mean at the end: {means}")
    return lines
