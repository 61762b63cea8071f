"""The strategist (castle/bots/strategist): the rule-based arena yardstick written from published
advice. It must finish games legally at every player count, summer and winter; play the same
for a seed; choose from its seat's view alone; follow a few of its rules where a player would
notice; and sit in the arena but not in the page.

Its strength is measured by the arena and written in docs/bots.md, never here.
"""

from __future__ import annotations

import io
import zipfile

import pytest
from test_bots import hidden_twins, play, play_winter, winter_decision, winter_decisions

from castle import bots, engine
from castle.bots.strategist import advice, rules
from castle.cli import main
from castle.game import CASTLE
from castle.state import State
from tabletop import arena
from tabletop.game import Action
from tools import build

LINEUP = ["strategist", "medium", "easy", "strategist"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_only_legal_moves_to_the_end(players: int) -> None:
    for seed in range(2):
        s, _ = play(arena.lineup(LINEUP, players, seed), seed)
        assert CASTLE.results(s) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_winter_games_to_the_end(players: int) -> None:
    s, seen = play_winter(arena.lineup(LINEUP, players, 0), 40 + players)
    assert s.winter is not None and CASTLE.results(s) is not None
    assert seen["strategist"]  # the winter cards asked it something (the Damsel, at least)


def test_it_answers_every_winter_decision() -> None:
    for kind, s in winter_decisions().items():
        seat = CASTLE.asked(s)[0]
        assert winter_decision(s, seat) == kind
        assert choice(s, seat) in CASTLE.legal_actions(s, seat), kind


def test_it_plays_the_same_game_for_the_same_seed() -> None:
    assert play(["strategist", "medium"], 5)[1] == play(["strategist", "medium"], 5)[1]


def test_a_choice_depends_only_on_what_the_seat_can_see() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 5)):
        a, b, me = hidden_twins(players, seed)
        chosen_a = bots.make_bot("strategist", 11).choose(CASTLE.view(a, me), me)
        chosen_b = bots.make_bot("strategist", 11).choose(CASTLE.view(b, me), me)
        assert chosen_a == chosen_b


def erecting(card: str, pieces: dict[str, int], talers: int = 0) -> State:
    """Seat 0 of a 2-player game in round 4, asked what its `card` erects."""
    s, _ = CASTLE.new(2, 1)
    s.phase, s.round, s.queue = "round", 4, []
    p = s.players[0]
    p.pieces.update(pieces)
    p.talers = talers
    s.task = {"seat": 0, "card": card, "stage": "erect", "steps": ["erect"]}
    return s


def choice(s: State, seat: int = 0) -> Action:
    return bots.make_bot("strategist", 3).choose(CASTLE.view(s, seat), seat)


def test_it_erects_what_the_stonemason_can_pay() -> None:
    """Spielekritik: gather materials and build with the Stonemason, without hesitating."""
    s = erecting("stonemason", {"sand": 2, "wood": 1, "clay": 1, "stone": 2, "silver": 0})
    assert choice(s) == {"p": 0, "do": "erect", "building": "stable"}  # 18 BP for 14 VP


def test_it_erects_nothing_that_feeds_a_rivals_helpers_more_than_itself() -> None:
    """The rulebook: the others must not gain more from your moves than you do. A Bricklayer's
    Tower scores its owner nothing and a rival's Gate 2 VP."""
    s = erecting("bricklayer", {"sand": 0, "wood": 0, "clay": 1, "stone": 0, "silver": 0})
    s.players[0].pieces.update(sand=2, wood=1)  # exactly a Tower: 2 + 2 + 4 BP
    s.tiles["gate"] -= 1
    s.places["gate"] = 1
    assert choice(s) == {"p": 0, "do": "done"}
    s.places["gate"] = None
    s.task = {"seat": 0, "card": "stonemason", "stage": "erect", "steps": ["erect"]}
    assert choice(s)["do"] == "erect"  # with its full VP, the same Tower is worth it


def test_it_chooses_the_stonemason_when_its_pieces_pay_a_building() -> None:
    """Spielekritik's conservative way: pieces gathered, the Stonemason erects for full VP (with
    no talers for a helper and an empty defense tower, nothing else comes close)."""
    s, _ = CASTLE.new(3, 2)
    s.round = 3
    for p in s.players:
        p.hand.remove("messenger")
        p.played.append("messenger")
    me = CASTLE.asked(s)[0]
    s.players[me].pieces.update(sand=2, wood=1, clay=1, stone=2)
    s.players[me].talers = 0
    for kind in s.tower:
        s.stock[kind] += s.tower[kind]
        s.tower[kind] = 0
    assert choice(s, me)["cards"] == ["stonemason"]
    s.players[me].pieces.update(stone=0)  # 8 BP short: no building to pay
    assert choice(s, me)["cards"] != ["stonemason"]


def test_it_keeps_the_last_piece_on_its_worker() -> None:
    """The rulebook's warning: a Stonemason asking for the last piece is refused."""
    s, _ = CASTLE.new(2, 1)
    legal = [{"p": 0, "do": "sell", "accept": True}, {"p": 0, "do": "sell", "accept": False}]
    assert rules.DECISIONS["sell"](s, 0, legal) == legal[1]


def test_every_decision_the_engine_asks_has_a_rule() -> None:
    """No fallback: a stage added to the engine later needs a rule (rules.decide raises)."""
    assert set(rules.DECISIONS) == set(engine.STAGES)


def test_every_rule_number_names_its_source() -> None:
    for name, rule in advice.ADVICE.items():
        assert rule.source == "ours" or rule.source in advice.SOURCES, name
        assert rule.why, name


def test_it_sits_in_the_arena_but_not_in_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert "strategist" in bots.ARENA_LEVELS and "strategist" not in bots.LEVELS
    argv = ["arena", "--bots", "strategist,medium", "--games", "1", "--workers", "1"]
    assert main(argv) == 0
    assert "strategist: won" in capsys.readouterr().out
    names = zipfile.ZipFile(io.BytesIO(build.engine_zip_bytes())).namelist()
    assert not [name for name in names if name.startswith("castle/bots/strategist/")]
