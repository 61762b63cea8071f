"""What every game's command line shares (castle/cli.py, seasons/cli.py): a record file read
and replayed with a clear message for whatever is wrong, and the arena: its options, the seats'
levels and budgets checked, the games played and reported."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import arena as bot_arena
from . import record as records
from .bot import Bot
from .code import code_id
from .game import Game, Json
from .record import RecordError
from .search import Budget

#: A game's computer player of a level, from a seed and a search budget (None: its own).
MakeBot = Callable[[str, int, Budget | None], Bot]


def replay_file(game: Game[Any], path: str) -> tuple[Any, int]:
    """The state the record at `path` replays to, and 0; or None and an exit code, once the
    error is printed: 2 when the file cannot be read, 1 when it is not a good record."""
    # Read no more than a record can be (a device like /dev/zero never ends): the reader
    # refuses what is too large, with a message.
    limit = 4 * records.MAX_CHARS + 1
    try:
        with open(path, "rb") as f:
            raw = f.read(limit)
    except OSError as e:
        print(f"error: cannot read {path}: {e.strerror}", file=sys.stderr)
        return None, 2
    try:
        state, _ = records.replay(game, records.loads(game, raw))
    except RecordError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return None, 1
    return state, 0


def arena_parser(
    commands: Any, players: Sequence[int], games: int, iterations: int
) -> argparse.ArgumentParser:
    """A game's `arena` command (`commands`: its subparsers) with the options every game's
    arena has, each explained with its default; the game adds its own."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "arena",
        help="play the computer levels against each other",
        description="Seeded games between computer levels, seats rotated; win rates with 95 % "
        "intervals, scores and time per decision, by level and by seat (docs/bots.md).",
    )
    parser.add_argument(
        "--bots",
        default="hard,medium",
        help="the levels, comma-separated, one per seat of the first game (at most --players; "
        "fewer repeat in turn); each game rotates them one seat. A searching level takes its "
        "own budget after a colon: hard:250 (iterations a decision) or hard:0.5s (seconds) "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=players,
        default=2,
        help="seats a game (default: %(default)s)",
    )
    parser.add_argument(
        "--games", type=int, default=games, help="games to play (default: %(default)s)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="game g is set up with seed + g, and its bots' seeds come from it "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"a searching level's iterations a decision, where --bots gives none "
        f"(default: {iterations}, or no bound when --seconds is given alone)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="a searching level's time a decision in seconds, where --bots gives none "
        "(default: no time bound; a time bound makes a run depend on the machine)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="games played at once, one process each (default: %(default)s)",
    )
    parser.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="N",
        help="the first N decisions of every game played by the easy level (its plans at "
        "random), the same for the games that seat the bots in turn on one setup (a table): "
        "without it, levels that draw nothing at random (the searches, in a game without "
        "chance such as Castle's summer) replay the same few games, as the report's count of "
        "distinct games shows (default: %(default)s)",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="write each game to FILE (JSON lines) as it ends; given a FILE of the same run "
        "(the same options and bots' code), play only the games not in it and report them all, "
        "so a long run can stop and go on, or grow with --games (default: no file)",
    )
    parser.add_argument("--verbose", action="store_true", help="print every game's scores")
    return parser


def default_budget(args: argparse.Namespace, iterations: int, **more: Any) -> Budget:
    """The budget of the options: either bound alone is the only one."""
    if args.iterations is None and args.seconds is not None:
        return Budget(iterations=None, seconds=args.seconds, **more)
    return Budget(iterations=args.iterations or iterations, seconds=args.seconds, **more)


def seat_budget(
    spec: str, levels: Sequence[str], searching: Sequence[str], default: Budget
) -> tuple[str, Budget | None]:
    """A seat's level and budget from `level` or `level:250` or `level:0.5s`; ValueError with
    the reason when it is not one."""
    level, colon, bound = spec.partition(":")
    if level not in levels:
        raise ValueError(f"unknown level {level!r} in {spec!r} (levels: {', '.join(levels)})")
    if level not in searching:
        if colon:
            raise ValueError(f"{level} does not search: it takes no budget ({spec!r})")
        return level, None
    if not colon:
        return level, default
    try:
        if bound.endswith("s"):
            seconds = float(bound[:-1])
            budget = dataclasses.replace(default, iterations=None, seconds=seconds)
        else:
            budget = dataclasses.replace(default, iterations=int(bound), seconds=None)
    except ValueError:
        raise ValueError(f"{spec!r}: a budget is iterations (250) or seconds (0.5s)") from None
    if (
        (budget.iterations or 0) < 0
        or (budget.seconds or 0) < 0
        or not (budget.iterations or budget.seconds)
    ):
        raise ValueError(f"{spec!r}: a budget must be more than nothing")
    return level, budget


def _seat_bot(
    make_bot: MakeBot,
    levels: Sequence[str],
    searching: Sequence[str],
    default: Budget,
    spec: str,
    seed: int,
) -> Bot:
    level, budget = seat_budget(spec, levels, searching, default)
    return make_bot(level, seed, budget)


def _budgets(
    bots: Sequence[str], levels: Sequence[str], searching: Sequence[str], default: Budget
) -> str:
    """The search budgets of the seats that search (nothing when none does)."""
    out = []
    for spec in dict.fromkeys(bots):
        _, budget = seat_budget(spec, levels, searching, default)
        if budget is None:
            continue
        bounds = [f"{budget.iterations} iterations"] if budget.iterations else []
        bounds += [f"at most {budget.seconds:g} s"] if budget.seconds else []
        out.append(f"{spec}: {' and '.join(bounds)} a decision")
    return "; ".join(out)


def read_arena_record(path: str, run: Json) -> dict[int, dict[str, Any]]:
    """The games an arena record holds (by number), once its first line is checked to be
    `run`: the same options and the same bots' code. A missing or empty file is begun with
    `run`. A line cut short (a run stopped while writing) is dropped, and the file rewritten
    without it, so that the games appended next stand on lines of their own. Raises
    ValueError, saying what differs, for a record of another run, and OSError for a file that
    cannot be read or written (found now, not when the first game ends)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        text = ""
    lines = text.splitlines()
    if not lines:
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps({"arena": run}) + "\n")
        return {}
    try:
        theirs = json.loads(lines[0])["arena"]
    except (ValueError, KeyError, TypeError):
        theirs = None
    if not isinstance(theirs, dict):
        raise ValueError("not an arena record (its first line names no run)")
    differ = [key for key in run if theirs.get(key) != run[key]]
    if differ:
        raise ValueError(
            "a record of another run: its "
            + ", ".join(f"{key} {theirs.get(key)!r}" for key in differ)
            + ", where this run's "
            + ", ".join(f"{key} {run[key]!r}" for key in differ)
            + " (the code is a digest of the bots' and engine's sources)"
        )
    games: dict[int, dict[str, Any]] = {}
    kept = [lines[0]]
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            number, played = int(entry["game"]), entry["played"]
            whole = "seats" in played["results"]  # not a line cut short
        except (ValueError, KeyError, TypeError):
            whole = False
        if not whole:
            continue
        games[number] = played
        kept.append(line)
    if len(kept) < len(lines) or not text.endswith("\n"):
        with open(path, "w", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in kept))
    else:
        open(path, "a", encoding="utf-8").close()  # it can be written to
    return games


def arena(
    game: Game[Any],
    make_bot: MakeBot,
    levels: Sequence[str],
    searching: Sequence[str],
    args: argparse.Namespace,
    default: Budget,
    setup: Json | None = None,
    kind: str = "games",
    measure: bot_arena.Measure | None = None,
) -> int:
    """Play the arena the options ask for and print its report; 2 when they are wrong."""
    bots = args.bots.split(",")
    if len(bots) > args.players:
        print(
            f"error: --bots names {len(bots)} seats but a game has {args.players} (--players)",
            file=sys.stderr,
        )
        return 2
    try:
        budgets = _budgets(bots, levels, searching, default)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    factory = functools.partial(_seat_bot, make_bot, tuple(levels), tuple(searching), default)
    run = {
        "bots": bots,
        "players": args.players,
        "seed": args.seed,
        "opening": args.opening,
        "setup": setup,
        "budgets": budgets,
        "default budget": dataclasses.asdict(default),
        "code": code_id(("tabletop", make_bot.__module__.split(".")[0])),
    }
    played_before: dict[int, dict[str, Any]] = {}
    if args.record is not None:
        try:
            played_before = read_arena_record(args.record, run)
        except OSError as e:
            print(f"error: cannot use {args.record}: {e.strerror}", file=sys.stderr)
            return 2
        except ValueError as e:
            print(f"error: {args.record}: {e}", file=sys.stderr)
            return 2
    began = time.perf_counter()

    def progress(g: int, played: dict[str, Any]) -> None:
        if args.record is not None:
            with open(args.record, "a", encoding="utf-8") as out:
                out.write(json.dumps({"game": g, "played": played}) + "\n")
        if args.verbose:
            seated = bot_arena.lineup(bots, args.players, g)
            rows = played["results"]["seats"]
            print(f"game {g + 1}: " + " ".join(f"{seated[r['seat']]}={r['score']}" for r in rows))

    tallies = bot_arena.run(
        game,
        factory,
        bots,
        args.players,
        args.games,
        args.seed,
        args.workers,
        progress,
        setup,
        measure,
        played_before,
        args.opening,
    )
    elapsed = time.perf_counter() - began
    earlier = sum(1 for g in played_before if g < args.games)
    print(
        f"{args.games} {kind} of {args.players} players, seats rotated, seed {args.seed}"
        + (f", the first {args.opening} decisions at random" if args.opening else "")
        + (f"; {budgets}" if budgets else "")
        + f"; {elapsed:.0f} s with {args.workers} worker(s)"
        + (f"; {earlier} of them played before, from {args.record}" if earlier else "")
    )
    print("\n".join(bot_arena.report(tallies)))
    return 0
