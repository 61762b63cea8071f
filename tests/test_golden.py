"""Golden games (design: Tests; OpenSpiel's playthroughs): recorded 2-, 3- and 4-player games,
and a 3-player game of the winter variant (§10), are replayed and every step is compared with
what is checked in under tests/golden/.

A failure prints a readable diff. If the change is a bug, fix the engine. If it is intended
(a fixed bug, a changed ruling), regenerate deliberately and review the diff before committing:

    python -m tests.golden.regen     # from the repository root; see tests/golden/regen.py

This test never rewrites the golden files itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import golden_diff
import pytest
from golden_diff import json_diff, text_diff
from scenario import piece_total

from castle import CASTLE, data
from tabletop import record

pytestmark = pytest.mark.as_played

GOLDEN = Path(__file__).resolve().parent / "golden"


regen = golden_diff.load_regen(GOLDEN / "regen.py", "castle_golden_regen")
NAMES = sorted(regen.GAMES)
HOW_TO_REGENERATE = golden_diff.how_to_regenerate(regen, "tests/golden")


def _read(path: Path) -> str:
    return golden_diff.read(path, HOW_TO_REGENERATE)


def _record(name: str) -> record.Record:
    return record.loads(CASTLE, _read(regen.record_path(name)))


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_is_a_complete_game(name: str) -> None:
    players, seed, winter = regen.GAMES[name]
    rec = _record(name)
    assert rec["setup"]["players"] == players
    assert rec["setup"]["seed"] == seed
    assert rec["setup"].get("winter", False) is winter
    s, _ = record.replay(CASTLE, rec)
    assert s.phase == "over", f"the recorded game is not finished. {HOW_TO_REGENERATE}"
    assert s.round == data.ROUNDS[players] or sum(s.tiles.values()) == 0
    assert piece_total(s) == data.PIECES_IN_BOX
    assert (s.winter is not None) is winter


def test_the_winter_golden_game_shows_every_winter_card_at_work() -> None:
    """The winter game's seed was chosen for it (regen.py): all six cards revealed, the toll
    paid and a helper sent home for it, the Innkeeper taken and pushed out, the Granary held,
    stone returned at the Cracked Wall, a card put out of the game, the Damsel won and shared."""
    s, events = record.replay(CASTLE, _record("winter_3p"))
    assert s.winter is not None and s.winter["deck"] == []
    names = [e["e"] for e in events]
    assert names.count("winter_revealed") == len(data.WINTER_CARDS)
    for name in ("toll_paid", "toll_helper_returned", "damsel_won", "damsel_taken"):
        assert name in names, name
    assert "card_discarded" in names
    assert any(e["e"] == "innkeeper_placed" and e["displaced"] is not None for e in events)
    assert any(e["e"] == "helper_placed" and e["place"] == "granary" for e in events)
    assert any(e["e"] == "stone_returned" and e["vp"] for e in events)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_is_unchanged(name: str) -> None:
    """Every action, its events, the options then offered and the state's digest after it."""
    golden_diff.same_playthrough(regen, name, _record(name), HOW_TO_REGENERATE)


@pytest.mark.parametrize("name", NAMES)
def test_golden_final_state_is_unchanged(name: str) -> None:
    golden_diff.same_final_state(regen, name, _record(name), HOW_TO_REGENERATE)


@pytest.mark.parametrize("name", NAMES)
def test_golden_final_state_reloads_and_scores(name: str) -> None:
    """The checked-in final state is a valid state, over, whose scores explain every point."""
    s = CASTLE.from_json(json.loads(_read(regen.final_path(name))))
    assert s.phase == "over" and CASTLE.asked(s) == []
    assert s.result is not None
    for seat, p in enumerate(s.players):
        assert sum(p.vp_by_source.values()) == p.vp
        assert s.result["players"][seat]["vp"] == p.vp
    best = max(p.vp for p in s.players)
    assert all(s.players[w].vp == best for w in s.result["winners"])


def test_helpers_show_a_readable_diff() -> None:
    """The failure messages above point at the changed line and the changed JSON path."""
    diff = text_diff("a\nb\nc\n", "a\nB\nc\n", "x.txt")
    assert "-b" in diff and "+B" in diff
    assert json_diff({"p": [{"vp": 3}], "k": 1}, {"p": [{"vp": 4}], "k": 1}) == [
        "$.p[0].vp: checked in 3, engine now 4"
    ]
