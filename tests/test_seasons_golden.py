"""Seasons' golden games (as tests/test_golden.py is for Castle): recorded games for 2, 3 and 4
players, at the Apprentice, Magician and Archmage levels, replayed and compared step by step
with what is checked in under tests/golden/seasons/.

A failure prints a readable diff. If the change is a bug, fix the engine. If it is intended (a
fixed bug, a changed ruling), regenerate deliberately and review the diff before committing:

    python -m tests.golden.seasons.regen     # from the repository root

This test never rewrites the golden files itself.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import golden_diff
import pytest

from seasons import SEASONS
from seasons.prelude import level_cards
from tabletop import record

pytestmark = pytest.mark.as_played

GOLDEN = Path(__file__).resolve().parent / "golden" / "seasons"


regen = golden_diff.load_regen(GOLDEN / "regen.py", "seasons_golden_regen")
NAMES = sorted(regen.GAMES)
HOW_TO_REGENERATE = golden_diff.how_to_regenerate(regen, "tests/golden/seasons")


def _read(path: Path) -> str:
    return golden_diff.read(path, HOW_TO_REGENERATE)


def _record(name: str) -> record.Record:
    return record.loads(SEASONS, _read(regen.record_path(name)))


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_is_a_whole_game(name: str) -> None:
    players, seed, level = regen.GAMES[name]
    rec = _record(name)
    assert rec["setup"] == {"players": players, "seed": seed, "level": level}
    s, _ = record.replay(SEASONS, rec)
    assert s.over, f"the recorded game is not finished. {HOW_TO_REGENERATE}"
    assert SEASONS.results(s) is not None


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_is_unchanged(name: str) -> None:
    """Every action, its events, the options then offered and the state's digest after it."""
    golden_diff.same_playthrough(regen, name, _record(name), HOW_TO_REGENERATE)


@pytest.mark.parametrize("name", NAMES)
def test_golden_final_state_is_unchanged(name: str) -> None:
    golden_diff.same_final_state(regen, name, _record(name), HOW_TO_REGENERATE)


@pytest.mark.parametrize("name", NAMES)
def test_golden_final_state_reloads_with_scores_that_add_up(name: str) -> None:
    """The checked-in final state is a valid state, over, every card of its level somewhere,
    and each score the sum of its breakdown (rules 12)."""
    s = SEASONS.from_json(json.loads(_read(regen.final_path(name))))
    assert s.over and SEASONS.asked(s) == []
    cards = Counter([*s.pile, *s.discard])
    for p in s.players:
        cards.update([*p.hand, *p.libraries[0], *p.libraries[1], *(c["card"] for c in p.play)])
    assert cards == Counter(level_cards(s.level))
    assert s.result is not None
    for row in s.result["seats"]:
        assert row["score"] == sum(row["breakdown"].values())
    best = max(row["score"] for row in s.result["seats"])
    assert all(s.result["seats"][w]["score"] == best for w in s.result["winners"])
