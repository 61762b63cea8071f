"""The baseline (castle/bots/baseline): the hard level frozen as issue 24's yardstick. It must
keep playing exactly as it did when it was frozen, sit in the arena like any level, and stay
out of the page.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from test_bots import moves_chosen

from castle.bots import ARENA_LEVELS, LEVELS, Budget, baseline, make_bot
from castle.cli import main
from tabletop import levels
from tabletop.bot import Bot
from tools import build

#: The budget the recorded moves were made with (tests/test_bots.py's TINY).
TINY = Budget(iterations=6, rollout=2)
MOVES = json.loads((Path(__file__).parent / "data" / "baseline_moves.json").read_text())


@pytest.mark.long  # a search's floating point, compared exactly: CPython's only
@pytest.mark.parametrize("game", sorted(MOVES["games"]))
def test_the_baseline_plays_the_moves_it_was_frozen_with(game: str) -> None:
    """The hard level's moves over fixed seeds at the time it was frozen, played again by the
    baseline: nothing it depends on has moved its hand. Its opponents are the easy and medium
    levels as they were then, over the baseline's frozen plans and estimate: today's play
    otherwise (their estimate's weights have moved since), and so would the games."""
    chosen = moves_chosen(game, frozen_level)
    assert chosen == MOVES["games"][game]


def frozen_level(level: str, seed: int) -> Bot:
    """A level as it was when the baseline was frozen: the baseline, or easy and medium over
    its strategy."""
    if level == "baseline":
        return make_bot(level, seed, TINY)
    return levels.make(baseline.STRATEGY, level, seed, TINY)


def test_the_baseline_sits_in_the_arena_but_not_on_the_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "baseline" in ARENA_LEVELS and "baseline" not in LEVELS
    argv = ["arena", "--bots", "hard:4,baseline:4", "--games", "1", "--workers", "1"]
    assert main(argv) == 0
    assert "baseline:4: won" in capsys.readouterr().out
    names = zipfile.ZipFile(io.BytesIO(build.engine_zip_bytes())).namelist()
    assert "castle/bots/value.py" in names
    assert not [name for name in names if name.startswith("castle/bots/baseline/")]
