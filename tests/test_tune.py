"""The tuner (castle/bots/tune.py, `python -m castle tune`): a run is its options, so it can
be made again, and it moves the weights only within its bounds. Its results are figures for
docs/bots.md, never a test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castle.bots import tune, value
from castle.cli import main


@pytest.mark.long  # it plays arena games
def test_a_tuning_run_is_reproducible_and_bounded(tmp_path: Path) -> None:
    runs = []
    for name in "ab":
        out = tmp_path / f"{name}.json"
        argv = ["tune", "--steps", "2", "--games", "2", "--iterations", "3", "--workers", "1"]
        assert main([*argv, "--out", str(out)]) == 0
        runs.append(json.loads(out.read_text()))
    first, second = runs
    assert first["steps"] == second["steps"] and first["weights"] == second["weights"]
    assert first["options"]["games"] == 2 and len(first["steps"]) == 2
    assert set(first["weights"]) == set(tune.TUNED)
    for name, weight in first["weights"].items():
        default = first["defaults"][name]
        assert default == value.WEIGHTS[name]  # the estimate's own defaults, untouched
        assert tune.FLOOR * default <= weight <= default * tune.MAX_STEP**2 * (1 + 1e-12)
