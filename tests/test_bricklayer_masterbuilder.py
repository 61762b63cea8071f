"""Rule scenarios for the Bricklayer and the Master Builder (§4, with §5's order of an action).

A Tower costs 8 BP: 1 stone + 1 wood + 1 sand (three kinds, exactly 8) is its only payment from
such a supply, so `erect tower` pays by itself. A Small Gate costs 12 BP: 1 stone + 1 clay +
1 wood + 1 sand.
"""

from __future__ import annotations

from scenario import (
    assert_refused,
    choose,
    decision,
    events_named,
    game,
    give,
    options,
    piece_total,
    play,
    refusal,
)

import castle
from castle import CASTLE, data

ALL_CARDS = list(data.CARDS)
EMPTY_TOWER = dict.fromkeys(data.KINDS, 0)


def face_up(s: castle.State, seat: int, *cards: str) -> None:
    """Cards played in an earlier round, lying face up in front of `seat` (§3.7)."""
    p = s.players[seat]
    for card in cards:
        p.hand.remove(card)
        p.played.append(card)


def set_tower(s: castle.State, **counts: int) -> None:
    """Set the defense tower exactly, moving pieces from or to the stock."""
    for kind in data.KINDS:
        n = counts.get(kind, 0)
        s.stock[kind] -= n - s.tower[kind]
        s.tower[kind] = n
        assert s.stock[kind] >= 0


# --- Bricklayer: the tower ---------------------------------------------------------------------


def test_bricklayer_takes_all_pieces_of_one_kind():
    """§4 Bricklayer 1: take *all* pieces of *one* kind that is on the defense tower."""
    s = game(3, start=0)
    set_tower(s, sand=3, clay=2, silver=1)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    assert decision(s)["stage"] == "tower"
    assert options(s) == ["p0 tower sand", "p0 tower clay", "p0 tower silver"]
    ev = play(s, "p0 tower sand")
    assert events_named(ev, "tower_taken") == [
        {"e": "tower_taken", "p": 0, "kind": "sand", "count": 3}
    ]
    assert s.players[0].pieces["sand"] == 1 + 3
    assert s.tower == {"sand": 0, "wood": 0, "clay": 2, "stone": 0, "silver": 1}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_bricklayer_may_take_silver():
    """§4 Bricklayer 1: silver included."""
    s = game(3, start=0)
    set_tower(s, wood=1, silver=4)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower silver")
    assert s.players[0].pieces["silver"] == 4
    assert s.tower["silver"] == 0 and s.tower["wood"] == 1


def test_bricklayer_cannot_take_a_kind_not_on_the_tower():
    """§4 Bricklayer 1: only a kind that is on the tower."""
    s = game(3, start=0)
    set_tower(s, sand=1, clay=1)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    assert_refused(s, "p0 tower stone", "bricklayer.tower.kind_empty")
    assert_refused(s, "p0 tower silver", "bricklayer.tower.kind_empty")


def test_bricklayer_with_one_kind_on_the_tower_takes_it():
    """§4 Bricklayer 1: with a single kind on the tower, that is the one taken."""
    s = game(3, start=0)
    set_tower(s, clay=2)
    ev = choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    assert events_named(ev, "tower_taken") == [
        {"e": "tower_taken", "p": 0, "kind": "clay", "count": 2}
    ]
    assert s.players[0].pieces["clay"] == 2
    assert s.tower == EMPTY_TOWER


def test_empty_tower_gives_nothing_and_the_action_goes_on():
    """§4 Bricklayer 1: an empty tower gives nothing; the action goes on to erecting."""
    s = game(3, start=0)
    set_tower(s)
    give(s, 0, stone=1)
    ev = choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    assert events_named(ev, "tower_empty") == [{"e": "tower_empty", "p": 0}]
    assert decision(s)["stage"] == "erect"
    assert "p0 erect tower" in options(s)
    play(s, "p0 erect tower")
    assert s.tiles["tower"] == 8


# --- Bricklayer: erecting and talers -----------------------------------------------------------


def test_bricklayer_erects_with_zero_vp_and_one_taler_per_piece():
    """§4 Bricklayer 2, 3: the building scores no VP; then 1 taler per piece spent."""
    s = game(3, start=0)
    set_tower(s, stone=1, clay=1)
    give(s, 0, talers=0)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    ev = play(s, "p0 erect tower")
    (erected,) = events_named(ev, "erected")
    assert erected["building"] == "tower" and erected["vp"] == 0
    assert s.players[0].vp == 0
    assert s.tiles["tower"] == 8
    assert events_named(ev, "bricklayer_talers") == [
        {"e": "bricklayer_talers", "p": 0, "pieces": 3, "talers": 3}
    ]
    assert s.players[0].talers == 3
    assert s.players[0].pieces == {"sand": 0, "wood": 0, "clay": 0, "stone": 0, "silver": 0}
    # Paid pieces go back to the stock (§2.4).
    assert piece_total(s) == data.PIECES_IN_BOX


def test_bricklayer_talers_count_every_piece_of_both_buildings():
    """§4 Bricklayer 2, 3: up to 2 buildings; talers for all pieces spent on them: Small Gate
    (4 pieces) + Tower (3 pieces) = 7 talers, 0 VP."""
    s = game(3, start=0)
    set_tower(s, stone=2, clay=1)
    give(s, 0, talers=0, sand=2, wood=2, clay=1)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    play(s, "p0 erect small_gate")
    assert s.players[0].talers == 0  # talers come after the erecting (§5)
    play(s, "p0 erect tower")
    assert s.players[0].talers == 7
    assert s.players[0].vp == 0
    assert s.tiles["small_gate"] == 0 and s.tiles["tower"] == 8


def test_bricklayer_erects_at_most_two_buildings():
    """§4 Bricklayer 2: up to 2 buildings, even with pieces for a third."""
    s = game(3, start=0)
    set_tower(s, stone=3, clay=1)
    give(s, 0, talers=0, sand=3, wood=3)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    play(s, "p0 erect tower", "p0 erect tower")
    # No third building is offered: the action has moved on to placing helpers (6 talers
    # now pay a Market place).
    assert decision(s)["stage"] == "helper"
    assert s.tiles["tower"] == 7
    assert s.players[0].pieces["stone"] == 1
    assert s.players[0].talers == 6


def test_bricklayer_talers_include_converted_silver():
    """§4 Bricklayer 3, §6: a piece converted from silver as part of the payment is a piece
    spent: silver + wood + sand for a Tower → 3 talers; the silver stays in the Forge."""
    s = game(3, start=0)
    set_tower(s, silver=1, clay=1)
    give(s, 0, talers=0)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower silver")
    # Silver converted into stone is the only way to pay: the payment is settled by itself.
    ev = play(s, "p0 erect tower")
    (erected,) = events_named(ev, "erected")
    assert erected["converted"] == {"stone": 1}
    assert s.forge == 1
    assert s.players[0].talers == 3
    assert s.players[0].pieces["silver"] == 0
    assert piece_total(s) == data.PIECES_IN_BOX


# --- Bricklayer: helpers -----------------------------------------------------------------------


def test_bricklayer_places_no_helper_without_erecting():
    """§4 Bricklayer 4: helpers only if at least one building was erected with this card."""
    s = game(3, start=0)
    set_tower(s, stone=1, clay=1)
    give(s, 0, talers=30)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    assert options(s) == ["p0 erect tower", "p0 erect house", "p0 done"]
    ev = play(s, "p0 done")
    assert events_named(ev, "erected_nothing")
    assert not events_named(ev, "helper_placed")
    assert s.phase == "select"  # the round went on to its end without asking p0 for helpers
    assert s.players[0].helpers == 6
    assert all(owner is None for owner in s.places.values())
    assert s.players[0].talers == 30


def test_bricklayer_places_helpers_after_erecting():
    """§4 Bricklayer 4, §5: after erecting, up to 2 helpers, each paying its fee, on places
    of erected buildings (Market and Forge included)."""
    s = game(3, start=0)
    set_tower(s, stone=1, clay=1)
    give(s, 0, talers=20)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    play(s, "p0 erect tower")
    assert decision(s)["stage"] == "helper"
    assert options(s) == [
        "p0 helper market_1 supply",
        "p0 helper market_2 supply",
        "p0 helper forge_10 supply",
        "p0 helper forge_6 supply",
        "p0 done",
    ]
    play(s, "p0 helper forge_10 supply", "p0 helper market_1 supply")
    assert s.places["forge_10"] == 0 and s.places["market_1"] == 0
    assert s.players[0].talers == 20 + 3 - 10 - 6
    assert s.players[0].helpers == 4


def test_bricklayer_fees_payable_with_the_new_talers():
    """§4 Bricklayer 4: the talers just received may pay the fees: 2 talers + 4 for the Small
    Gate's 4 pieces pay a Market place (fee 6)."""
    s = game(3, start=0)
    set_tower(s, stone=1, clay=1)
    give(s, 0, talers=2, clay=1)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone")
    play(s, "p0 erect small_gate")
    assert s.players[0].talers == 6
    assert "p0 helper market_1 supply" in options(s)
    assert "p0 helper forge_10 supply" not in options(s)
    play(s, "p0 helper market_1 supply")
    assert s.places["market_1"] == 0
    assert s.players[0].talers == 0


def test_two_bricklayers_act_one_after_another():
    """§3.6, §4 Bricklayer: the start player's Bricklayer completes its whole action (tower,
    erecting, talers, helpers) before the next one takes from the tower."""
    s = game(3, start=1)
    set_tower(s, sand=2, stone=1, silver=1)
    give(s, 1, talers=3)
    choose(s, p0="messenger", p1="bricklayer", p2="bricklayer")
    assert CASTLE.asked(s) == [1]
    play(s, "p1 tower stone", "p1 erect tower")
    # p1 now has 6 talers and is asked about helpers; p2 has not acted yet.
    assert decision(s)["stage"] == "helper" and CASTLE.asked(s) == [1]
    assert refusal(s, "p2 tower sand") == "turn.not_yours"
    play(s, "p1 helper market_1 supply")
    # p2: the stone is gone; sand and silver are left.
    assert CASTLE.asked(s) == [2]
    assert options(s) == ["p2 tower sand", "p2 tower silver"]
    assert_refused(s, "p2 tower stone", "bricklayer.tower.kind_empty")


# --- Master Builder ----------------------------------------------------------------------------


def test_master_builder_takes_all_played_cards_back():
    """§4 Master Builder 1: all played cards — the face-up ones and this one — go back to hand."""
    s = game(3, start=0)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    choose(s, p0="stonemason", p1="stonemason", p2="stonemason")
    assert s.players[0].played == ["messenger", "stonemason"]
    choose(s, p0="master_builder", p1="trader", p2="trader")
    ev = play(s, "p2 done", "p1 done")  # round 3: p2 starts
    (mb,) = events_named(ev, "master_builder")
    assert sorted(mb["cards"]) == sorted(["messenger", "stonemason", "master_builder"])
    assert s.players[0].hand == ALL_CARDS
    assert s.players[0].played == []
    # Back in hand, they may be chosen again next round.
    assert "p0 select messenger" in options(s, 0)


def test_master_builder_takes_back_the_card_played_with_it():
    """§3.7, §4 Master Builder 1, §11: a card played in the same round as the Master Builder
    goes straight back to hand."""
    s = game(2, start=0)
    choose(s, p0="messenger stonemason", p1="messenger stonemason")
    choose(s, p0="trader master_builder", p1="trader master_builder")
    assert s.players[0].played == ["messenger", "stonemason", "trader", "master_builder"]
    play(s, "p1 done", "p0 trader sand_cart")  # round 2: p1 starts
    assert s.phase == "select" and s.round == 3
    assert s.players[0].hand == ALL_CARDS
    assert s.players[0].played == []
    assert s.traders["sand_cart"] == 0  # the Trader's helper stays at its cart


def test_master_builder_scores_five_per_building_by_other_players():
    """§4 Master Builder 2: 5 VP for each building erected this round by other players, with
    any card: 2 by p1's Stonemason + 1 by p2's Bricklayer = 15 VP."""
    s = game(3, start=0)
    face_up(s, 0, "messenger")
    give(s, 1, talers=0, stone=2, wood=2, sand=2)
    set_tower(s, stone=1, clay=1)
    give(s, 2, talers=0)
    choose(s, p0="master_builder", p1="stonemason", p2="bricklayer")
    # p2's Bricklayer comes first (§3.6): it takes the stone and erects a Tower.
    play(s, "p2 tower stone", "p2 erect tower")
    play(s, "p1 erect tower", "p1 erect tower")
    assert s.phase == "select"
    assert s.players[0].vp == 15
    assert s.players[0].vp_by_source == {"master_builder": 15}
    # p1 scored its Towers' full VP, p2 none (Bricklayer).
    assert s.players[1].vp == 12 and s.players[2].vp == 0


def test_master_builder_ignores_buildings_of_earlier_rounds():
    """§4 Master Builder 2: only buildings erected *this round* count."""
    s = game(3, start=0)
    give(s, 1, stone=1)
    choose(s, p0="messenger", p1="stonemason", p2="messenger")
    play(s, "p1 erect tower")
    assert s.tiles["tower"] == 8
    ev = choose(s, p0="master_builder", p1="messenger", p2="master_builder")
    assert [(e["p"], e["vp"]) for e in events_named(ev, "master_builder")] == [(2, 0), (0, 0)]
    assert s.players[0].vp == 0


def test_master_builder_never_counts_own_buildings_two_players():
    """§4 Master Builder 2, §11: its owner's buildings never count — in a 2-player game a player
    may build with the other card in the same round; only the opponent's building scores."""
    s = game(2, start=0)
    face_up(s, 0, "messenger")
    give(s, 0, stone=2, wood=2, sand=2)
    give(s, 1, stone=1)
    choose(s, p0="stonemason master_builder", p1="stonemason worker_b")
    # p0's Stonemason first: buys nothing from p1's Worker B, erects two Towers (12 VP).
    play(s, "p0 done", "p0 erect tower", "p0 erect tower")
    # p1's Stonemason: one Tower; its Worker B has nothing left to build with.
    play(s, "p1 erect tower")
    assert s.phase == "select"
    assert s.players[0].vp == 12 + 5
    assert s.players[0].vp_by_source == {"buildings": 12, "master_builder": 5}


def test_master_builder_only_own_buildings_scores_nothing():
    """§4 Master Builder 2, §11: with only its owner building this round, the bonus is 0."""
    s = game(2, start=0)
    face_up(s, 0, "messenger")
    give(s, 0, stone=1)
    choose(s, p0="stonemason master_builder", p1="messenger trader")
    play(s, "p1 done")  # p1's Trader places nothing
    ev = play(s, "p0 erect tower")
    assert s.phase == "select"
    (mb,) = events_named(ev, "master_builder")
    assert mb["buildings"] == 0 and mb["vp"] == 0
    assert s.players[0].vp == 6
    assert "master_builder" not in s.players[0].vp_by_source


def test_two_master_builders_each_score():
    """§4 Master Builder 2: two Master Builders in one round each score on their own."""
    s = game(4, start=0)
    face_up(s, 0, "messenger")
    face_up(s, 1, "messenger")
    give(s, 2, stone=2, wood=2, sand=2)
    give(s, 3, stone=1)
    choose(s, p0="master_builder", p1="master_builder", p2="stonemason", p3="worker_a")
    play(s, "p2 done", "p2 erect tower", "p2 erect tower")
    # p3's Worker A: 1 sand + 1 wood + 1 stone + (2 sand + 1 clay) — a Tower or a House.
    play(s, "p3 erect house", "p3 pay stone 1 0")
    assert s.phase == "select"
    assert s.players[0].vp == 15
    assert s.players[1].vp == 15
    assert s.players[0].vp_by_source == {"master_builder": 15}


def test_master_builder_erects_nothing():
    """§4 Master Builder 3: the Master Builder erects nothing, even for a rich player."""
    s = game(3, start=0)
    face_up(s, 0, "messenger")
    give(s, 0, talers=40, sand=5, wood=5, clay=5, stone=5)
    tiles = dict(s.tiles)
    ev = choose(s, p0="master_builder", p1="messenger", p2="messenger")
    assert s.phase == "select"  # no decision was asked of p0
    assert not events_named(ev, "erected")
    assert s.tiles == tiles
    assert s.players[0].pieces == {"sand": 5, "wood": 5, "clay": 5, "stone": 5, "silver": 0}
    assert s.players[0].talers == 40
