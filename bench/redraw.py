"""One redraw of a 4-player mid-game page against one random 4-player engine game, in one run.

    .venv/bin/python -m bench.redraw [--batches 7] [--redraws 40] [--games 10] [--before REV]

What a player waits for after every click is a redraw: the page's Python renders the whole
screen (the board with every explanation, the players' panels, the decision, the log) as one
HTML string. Its cost is measured against something the same machine does at the same moment,
a whole random 4-player game of the engine (`castle.sim.random_game`), so that the figure is a
ratio and survives a noisy, shared machine: batches of redraws and of games alternate, and each
batch pair gives one ratio; the median of those is reported. The project requires a redraw to
cost less than one random game, on CPython and in Pyodide (docs/benchmarks.md).

The page is the real controller (`web.shell.app.App`) with an in-memory storage, driven by
clicks on what it shows (a seeded random player, as the page tests do) until round 3 of 6 at a
decision that shows the board, the players and a panel of options.

`--before REV` measures the same in a checkout of REV (into .cache/bench-redraw-before, with this
file copied in), so a change's effect is measured in one run; `--json` prints one line of JSON
(what `bench.in_pyodide` reads). The page's hash says whether both trees drew the same page.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.in_pyodide import check_out, run_module

ROOT = Path(__file__).resolve().parent.parent
BEFORE = ROOT / ".cache" / "bench-redraw-before"
ACT = re.compile(r'data-act="(k\d+)"')
TOOL = re.compile(r'<button[^>]*data-act="(k\d+)"[^>]*\bdata-tool\b')
#: The game, and where in it the page is measured (round 3 of 6, the board with a decision).
PLAYERS, SEED, ROUND = 4, 5, 3
STAGES = ("erect", "helper", "trader", "buy", "pay", "tower")


def _renderer() -> Any:
    """How the tree draws a page: `screens.render(app)`, or `app.render()` before the shell
    was taken apart (issue 19), so that `--before` can measure earlier trees."""
    from web.shell import screens
    from web.shell.app import App

    return getattr(App, "render", None) or screens.render


def mid_game() -> Any:
    """A page at a mid-game decision, reached by clicking as a person would."""
    from web.games import GAMES
    from web.shell.app import App
    from web.shell.storage import MemoryStore

    render = _renderer()

    app = App(MemoryStore(), GAMES, lang="en")
    render(app)
    app.form = {"players": str(PLAYERS), "seed": str(SEED), "start": "0"}
    app.start()
    clicker = random.Random(SEED)
    for _ in range(5_000):
        html = render(app)
        seats = app.game.asked(app.state)
        prompt = app.game.prompt(app.state, seats[0]) if seats else None
        at_board = app.screen == "game" and app.summary is None and not app.revealing
        if app.state.round >= ROUND and prompt and prompt["stage"] in STAGES and at_board:
            return app
        tools = set(TOOL.findall(html))
        app.click(clicker.choice([t for t in ACT.findall(html) if t not in tools]), {})
    raise RuntimeError("the game never reached the decision to measure")


def measure(batches: int, redraws: int, games: int) -> dict[str, Any]:
    from castle.sim import random_game

    render = _renderer()
    app = mid_game()
    html = render(app)
    redraw_ms, game_ms, ratios = [], [], []
    for batch in range(batches):
        start = time.perf_counter()
        for _ in range(redraws):
            render(app)
        redraw = (time.perf_counter() - start) * 1000 / redraws
        start = time.perf_counter()
        for seed in range(games):
            random_game(PLAYERS, 1000 * batch + seed)
        game = (time.perf_counter() - start) * 1000 / games
        redraw_ms.append(redraw)
        game_ms.append(game)
        ratios.append(redraw / game)
    return {
        "python": sys.version.split()[0],
        "html_chars": len(html),
        "html_sha": hashlib.sha256(html.encode()).hexdigest()[:12],
        "redraw_ms": statistics.median(redraw_ms),
        "game_ms": statistics.median(game_ms),
        "ratio": statistics.median(ratios),
        "ratios": ratios,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=7, help="batch pairs (default 7)")
    parser.add_argument("--redraws", type=int, default=40, help="redraws a batch (default 40)")
    parser.add_argument("--games", type=int, default=10, help="random games a batch (default 10)")
    parser.add_argument("--before", metavar="REV", help="also measure a checkout of REV")
    parser.add_argument("--json", action="store_true", help="measure here, print JSON")
    args = parser.parse_args()
    sizes = ["--batches", str(args.batches), "--redraws", str(args.redraws)]
    sizes += ["--games", str(args.games)]
    if args.json:
        print(json.dumps(measure(args.batches, args.redraws, args.games)))
        return 0
    trees = [("now", ROOT)]
    if args.before:
        check_out(args.before, BEFORE, Path(__file__))
        trees.insert(0, (args.before, BEFORE))
    print(f"{PLAYERS}-player page at round {ROUND}, median of {args.batches} batch pairs")
    print("tree | interpreter | redraw ms | random game ms | redraw / game | page (chars, hash)")
    for name, tree in trees:
        for pyodide in (False, True):
            row = run_module("bench.redraw", "--json", *sizes, tree=tree, pyodide=pyodide)
            where = f"Pyodide ({row['python']})" if pyodide else f"CPython {row['python']}"
            print(
                f"{name} | {where} | {row['redraw_ms']:.2f} | {row['game_ms']:.2f} "
                f"| {row['ratio']:.2f} | {row['html_chars']} {row['html_sha']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
