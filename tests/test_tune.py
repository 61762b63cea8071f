"""The tuner (castle/bots/tune.py, `python -m castle tune`): a run is its options, so it can
be made again, and it moves the weights only within its bounds. A trial of weights
(castle/bots/trial.py, `python -m castle trial`) changes only its own player's, and so do the
search settings it tries. Their results
are figures for docs/bots.md, never a test's."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from castle.bots import trial, tune, value
from castle.cli import main
from tabletop import arena
from tabletop.game import Action, Json
from tabletop.search import Budget, SearchBot


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


def test_a_trial_names_the_weights_it_changes_and_refuses_others() -> None:
    assert trial.parse_weights("bp=0.4, taler=0.35") == {"bp": 0.4, "taler": 0.35}
    for wrong in ("bp", "bq=0.4", "bp=much", "cheap_building=10"):
        with pytest.raises(argparse.ArgumentTypeError, match=r"name=value|not a number"):
            trial.parse_weights(wrong)
    assert trial.trial_name({"bp": 0.4}) == "hard+bp=0.4"
    assert trial.parse_search("score_weight=0.3,exploration=1") == {
        "score_weight": 0.3,
        "exploration": 1.0,
    }
    with pytest.raises(argparse.ArgumentTypeError, match="name=value"):
        trial.parse_search("rollout=5")
    assert trial.trial_name({}, {"widening": 3.0}) == "hard+widening=3"


def test_a_trial_seats_its_search_settings_only_at_its_own_seat() -> None:
    budget = Budget(iterations=9)
    mine = trial.seat_bot({}, {"score_weight": 0.3}, budget, "hard+score_weight=0.3", 1)
    other = trial.seat_bot({}, {"score_weight": 0.3}, budget, "hard", 2)
    assert isinstance(mine, trial.Weighted) and isinstance(mine.bot, SearchBot)
    assert isinstance(other, SearchBot)
    assert mine.bot.budget == Budget(iterations=9, score_weight=0.3) and other.budget == budget
    deeper = trial.seat_bot({}, {"iterations": 36}, budget, "hard+iterations=36", 1)
    assert isinstance(deeper, trial.Weighted) and isinstance(deeper.bot, SearchBot)
    assert deeper.bot.budget == Budget(iterations=36)


def test_a_trial_player_decides_with_its_weights_and_puts_them_back() -> None:
    seen: list[float] = []

    class Probe:
        iterations = 7

        def choose(self, view: Json, seat: int) -> Action:
            seen.append(value.W["bp"])
            raise RuntimeError("a decision that fails")

    player = trial.Weighted(Probe(), {"bp": 0.123})
    with pytest.raises(RuntimeError):
        player.choose({}, 0)
    assert seen == [0.123] and value.W["bp"] == value.WEIGHTS["bp"] and player.iterations == 7


def test_a_trials_margins_pair_each_game_with_its_other_seats() -> None:
    tallies = {"t": arena.Tally(scores=[90, 70]), "hard": arena.Tally(scores=[80, 60, 75, 85])}
    assert trial.margins(tallies, "t", "hard", 3) == [20.0, -10.0]


@pytest.mark.long  # it plays arena games
def test_a_trial_reports_the_tally_and_the_margin(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["trial", "--weights", "bp=0.4", "--games", "2", "--iterations", "3", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "hard+bp=0.4: won" in out and "margin: " in out and "VP a game" in out
