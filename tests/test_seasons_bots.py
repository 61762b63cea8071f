"""Seasons' computer levels and its command line: each level plays whole games to the end,
and a record written from a game replays to its scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seasons import SEASONS
from seasons.bots import LEVELS, make_bot
from seasons.cards import CARDS
from seasons.cli import main, random_game
from seasons.prelude import level_cards
from seasons.steps import STEPS
from tabletop import record as records
from tabletop.search import Budget


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_game_to_the_end(level: str) -> None:
    s, _ = SEASONS.start({"players": 2, "seed": 3, "level": "magician"})
    bots = [make_bot(level, 1, Budget(iterations=8)), make_bot("easy", 2)]
    decisions = 0
    while not SEASONS.terminal(s):
        seat = SEASONS.asked(s)[0]
        action = bots[seat].choose(SEASONS.view(s, seat), seat)
        assert SEASONS.why_not(s, action) is None
        SEASONS.apply(s, action)
        decisions += 1
        assert decisions < 3000
    assert SEASONS.results(s) is not None


def test_a_record_replays_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, lines = random_game(3, 5, "archmage")
    rec = records.new_record(SEASONS, {"players": 3, "seed": 5, "level": "archmage"})
    rec["actions"] = lines
    path = tmp_path / "game.json"
    path.write_text(records.dumps(rec))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert s.result is not None
    for row in s.result["seats"]:
        assert f"p{row['seat']}: {row['score']} (crystals" in out
    path.write_text(json.dumps({**rec, "setup": {**rec["setup"], "level": "grandmaster"}}))
    assert main(["replay", str(path)]) == 1
    assert "level must be one of" in capsys.readouterr().err


def test_simulate_reports_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--players", "2", "--level", "apprentice"]) == 0
    assert "2 apprentice games in" in capsys.readouterr().out


def test_every_step_a_card_names_is_built() -> None:
    """Every effect step of every card's data is a primitive or a handler (seasons/steps.py),
    and every card is in the Archmage's game."""
    for card in CARDS.values():
        for step in (
            *card.entry,
            *card.activation,
            *card.end_of_round,
            *card.season_change,
            *card.on_summon,
        ):
            assert step[0] in STEPS, (card.number, step)
    assert sorted(set(level_cards("archmage"))) == list(range(1, 51))
