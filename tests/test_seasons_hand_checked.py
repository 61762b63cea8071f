"""Seasons' 2-player golden game (tests/golden/seasons/seasons_2p.record.json), checked by hand
point by point: its setup, its first three rounds action by action, and the final scores.

Every number below was worked out by hand from docs/seasons-rules.md; the comment next to it
gives the arithmetic and the rule. Energies are written W E F A (water, earth, fire, air).
The dice in use (rules 2.2, two players: three of each season's five): winter Wi2 Wi4 Wi5,
spring Sp1 Sp3 Sp4. The faces are numbered from 0 in the order of the dice table (rules 13).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from seasons import SEASONS
from seasons.state import State
from tabletop import record

pytestmark = pytest.mark.as_played

RECORD = Path(__file__).resolve().parent / "golden" / "seasons" / "seasons_2p.record.json"


def after(actions: int) -> State:
    """The game after its first `actions` recorded actions, played through the interface."""
    rec = record.loads(SEASONS, RECORD.read_text(encoding="utf-8"))
    s, _ = record.replay(SEASONS, rec, upto=actions)
    return s


def test_the_setup_deals_decks_one_and_two_and_three_dice_a_season() -> None:
    s = after(0)
    assert s.decks == [0, 1]  # rules 3.2: deck 1 to p0, deck 2 to p1 (dealt at random, 3.5)
    assert s.players[0].unsplit == [1, 2, 7, 17, 18, 20, 26, 29, 30]  # deck 1
    assert s.players[1].unsplit == [3, 5, 9, 14, 15, 21, 23, 25, 28]  # deck 2, ending 28 (3.3)
    assert s.dice["winter"] == ["Wi2", "Wi4", "Wi5"] and s.dice["spring"] == ["Sp1", "Sp3", "Sp4"]
    assert len(s.pile) == 60 - 18  # rules 3.1: the Apprentice's cards 1–30, two copies each
    assert s.position == 1 and s.first == 0


def test_round_one_in_winter() -> None:
    s = after(12)  # both split: hand 3, Library II 3, Library III 3 (rules 3.7)
    for p in s.players:
        assert (len(p.hand), len(p.libraries[0]), len(p.libraries[1])) == (3, 3, 3)
    assert s.rolled == {"Wi2": 0, "Wi4": 4, "Wi5": 0}
    s = after(16)  # p0 took Wi2, p1 Wi4; both ended their turns
    p0, p1 = s.players
    assert p0.reserve == [2, 0, 0, 0] and p0.gauge == 1  # Wi2 face 0: 2W and a star (gauge +1)
    assert p1.crystals == 6 and p1.reserve == [0, 0, 0, 0]  # Wi4 face 4: +6 c
    assert s.position == 3  # the die left, Wi5 face 0 "2A (2)": the token moves 2 spaces, 1 → 3
    assert s.first == 1  # rules 5.4.4: the first player passes to the left


def test_round_two_the_draw_bonus() -> None:
    s = after(19)  # faces Wi2 3, Wi4 3, Wi5 3; p1 (first) took Wi5, p0 Wi2
    p0, p1 = s.players
    assert p1.reserve == [0, 0, 0, 1] and p1.gauge == 1  # Wi5 face 3: 1A, a star
    s = after(21)  # p0's Wi2 face 3 is the card symbol: it takes the draw bonus instead
    p0 = s.players[0]
    assert p0.bonuses == 1  # rules 11: one of its three bonus actions
    assert len(p0.hand) == 3 + 1 and len(s.discard) == 1  # drew 2, kept 1 (card 4), discarded 1
    assert 4 in p0.hand and len(s.pile) == 42 - 2
    s = after(22)
    assert s.position == 4 and s.first == 0  # Wi4 face 3 "2W (1)" left: 3 → 4, spring begins


def test_round_three_in_spring_exchange_transmute_and_a_summon() -> None:
    s = after(24)  # faces Sp1 5, Sp3 1, Sp4 2; p0 took Sp3, p1 Sp4
    p0 = s.players[0]
    assert p0.reserve == [3, 0, 0, 0] and p0.gauge == 2  # Sp3 face 1 "1W ★ ⟳": W 2 + 1, gauge 2
    s = after(25)  # the gauge bonus (rules 11): gauge +1
    assert s.players[0].gauge == 3 and s.players[0].bonuses == 2
    s = after(28)  # the exchange bonus: 2 W back, 2 E gained
    assert s.players[0].reserve == [1, 2, 0, 0] and s.players[0].bonuses == 3
    s = after(31)  # two E transmuted in spring (rules 8.1: E is worth 1 c)
    p0 = s.players[0]
    assert p0.crystals == 0 + 1 + 1 and p0.reserve == [1, 0, 0, 0]
    p1 = s.players[1]
    assert p1.reserve == [1, 0, 0, 1] and p1.gauge == 2  # Sp4 face 2 "1W ★ ⟳": +1W, gauge 2
    s = after(32)  # Balance of Ishtar (card 5) summoned for its 2 c (rules 14)
    assert s.players[1].crystals == 6 - 2 and [c["card"] for c in s.players[1].play] == [5]
    s = after(35)  # one A transmuted in spring (2 c), then the transmute bonus
    p1 = s.players[1]
    assert p1.crystals == 4 + 2 and p1.reserve == [1, 0, 0, 0] and p1.bonuses == 1
    assert s.position == 5  # the die left, Sp1 face 5 "1W 1E ⟳ (1)": 4 → 5


def test_the_final_scores_by_hand() -> None:
    """Rules 12: crystals + prestige of the cards in play − 5 per card in hand − the bonus
    penalty (three bonuses used: 20). No end-of-game card is in play."""
    s = after(192)
    assert s.over and s.result is not None
    p0, p1 = s.players
    assert sorted(c["card"] for c in p0.play) == [1, 2, 4, 7, 12, 17, 20, 22, 30]
    # PP (rules 14): Amulets of Air, Fire, Water 6 each; Temporal Boots 8; Naria 8; Amsug 8;
    # Hand of Fortune 9; Runic Cube of Eolis 30; Yjang's Forgotten Vase 6.
    prestige0 = 6 + 6 + 6 + 8 + 8 + 8 + 9 + 30 + 6
    assert prestige0 == 87
    assert p0.crystals == 53 and len(p0.hand) == 2 and p0.bonuses == 3
    assert sorted(c["card"] for c in p1.play) == [3, 5, 14, 15, 22]
    # Amulet of Earth 6; Balance of Ishtar 4; Beggar's Horn 8; Die of Malice 8; the Cube 30.
    prestige1 = 6 + 4 + 8 + 8 + 30
    assert prestige1 == 56
    assert p1.crystals == 54 and len(p1.hand) == 5 and p1.bonuses == 3
    rows = s.result["seats"]
    assert rows[0]["breakdown"] == {
        "crystals": 53,
        "prestige": 87,
        "hand": -10,
        "bonus": -20,
    }
    assert rows[0]["score"] == 53 + 87 - 2 * 5 - 20 == 110
    assert rows[1]["score"] == 54 + 56 - 5 * 5 - 20 == 65
    assert s.result["winners"] == [0] and s.result["ranking"] == [0, 1]
