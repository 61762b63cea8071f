"""Rule scenarios for placing helpers in the castle (§5 Placing helpers, §4 Bricklayer 4,
§4 Stonemason 3, §7 the castle's places).

Only the Bricklayer and the Stonemason place helpers, only after erecting at least one building
with that card, up to 2, each paying the place's fee, on a free place of any erected building
(Market and Forge from round 1, and a building erected in this very action). Never two of one's
helpers in the same building in one round (over both cards in a 2-player game). A helper comes
from the supply or is taken back from one of the player's carts or the rider; helpers in the
castle never move again.

Situations are built before the first selection by editing plain data: pieces via give(), and
helpers put at carts (s.traders) or in castle places (s.places, with the erected building's tile
taken off the board) — always taken from their owner's supply, so every helper is accounted for.
"""

from __future__ import annotations

import pytest
from scenario import (
    assert_refused,
    choose,
    decision,
    events_named,
    game,
    give,
    options,
    pieces,
    play,
    refusal,
    stage,
)

import castle
from castle import CASTLE, data


def at_cart(s: castle.State, seat: int, place: str) -> None:
    """Put one of `seat`'s helpers from its supply at a cart or the rider."""
    s.players[seat].helpers -= 1
    s.traders[place] = seat


def in_castle(s: castle.State, seat: int, place: str) -> None:
    """Put one of `seat`'s helpers from its supply into a castle place (its building erected)."""
    building = data.PLACE_BUILDING[place]
    if building in s.tiles and place not in s.places:
        s.tiles[building] -= 1
        for p in data.BUILDING[building].places:
            s.places.setdefault(p.id, None)
    s.players[seat].helpers -= 1
    s.places[place] = seat


def stonemason_erects_tower(talers: int = 30, **setup) -> castle.State:
    """3 players: p0's Stonemason pays a Tower with stone + wood + sand (the only way), the others
    play Messengers; returns the state at p0's first helper decision."""
    s = game(3, start=0)
    give(s, 0, talers=talers, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    return s


# --- Only after erecting -----------------------------------------------------------------------


def test_no_placement_before_erecting():
    """§5: helpers are placed only after erecting; while choosing what to erect, no helper."""
    s = game(3, start=0)
    give(s, 0, talers=30, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    assert stage(s) == "erect"
    assert_refused(s, "p0 helper market_1 supply", "turn.other_decision")


def test_no_placement_without_a_building():
    """§4 Stonemason 3 / §5: "only after erecting at least one building with that card": a
    Stonemason who erects nothing is not asked to place helpers."""
    s = game(3, start=0)
    give(s, 0, talers=30, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    ev = play(s, "p0 done")
    assert events_named(ev, "helper_placed") == []
    assert s.round == 2 and s.phase == "select"
    assert all(owner is None for owner in s.places.values())


def test_bricklayer_without_a_building_places_none():
    """§4 Bricklayer 4: "If at least one building was erected with this card" — the Bricklayer
    that only took from the tower places no helper."""
    s = game(3, start=0)
    give(s, 0, talers=30, **pieces())
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    ev = play(s, "p0 tower silver")
    assert events_named(ev, "erected_nothing")
    assert events_named(ev, "helper_placed") == []
    assert s.round == 2


# --- Where: erected buildings only -------------------------------------------------------------


def test_market_and_forge_from_round_one():
    """§5 and §7: the Market and the Forge are built from the start, so their places are free for
    helpers from round 1; places of buildings still on the board are not offered."""
    s = stonemason_erects_tower()
    assert stage(s) == "helper"
    assert options(s) == [
        "p0 helper market_1 supply",
        "p0 helper market_2 supply",
        "p0 helper forge_10 supply",
        "p0 helper forge_6 supply",
        "p0 done",
    ]


def test_place_of_an_unbuilt_building_is_refused():
    """§7: "Places on unbuilt tiles do not exist yet"."""
    s = stonemason_erects_tower()
    assert_refused(s, "p0 helper keep supply", "helper.not_erected")
    assert refusal(s, "p0 helper palace_1 supply") == "helper.not_erected"


def test_place_of_a_building_erected_this_action():
    """§5: "a free helper place of any erected building … including those just erected": the
    Small Gate erected by this Stonemason takes its helper at once (fee 5)."""
    s = game(3, start=0)
    give(s, 0, talers=30, **pieces(stone=1, clay=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect small_gate")
    assert "p0 helper small_gate supply" in options(s)
    play(s, "p0 helper small_gate supply")
    assert s.places["small_gate"] == 0
    assert s.players[0].talers == 25


def test_occupied_place_is_refused():
    """§5: a *free* helper place: p1's helper already holds market_1."""
    s = game(3, start=0)
    in_castle(s, 1, "market_1")
    give(s, 0, talers=30, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper market_1 supply" not in options(s)
    assert_refused(s, "p0 helper market_1 supply", "helper.place_taken")


# --- Fees ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "fee"), [("market_1", 6), ("market_2", 6), ("forge_10", 10), ("forge_6", 6)]
)
def test_fee_is_paid(place, fee):
    """§5 / §7: each helper pays the fee printed at its place (Market 6 and 6 ⚖, Forge 10 and 6)."""
    s = stonemason_erects_tower(talers=20)
    ev = play(s, f"p0 helper {place} supply")
    assert events_named(ev, "helper_placed") == [
        {"e": "helper_placed", "p": 0, "place": place, "source": "supply", "fee": fee}
    ]
    assert s.players[0].talers == 20 - fee
    assert s.players[0].helpers == data.HELPERS[3] - 1


@pytest.mark.parametrize(
    ("place", "fee"),
    [
        ("keep", 14),
        ("tavern_12", 12),
        ("tavern_6", 6),
        ("gate", 10),
        ("small_gate", 5),
        ("stable_16", 16),
        ("stable_12", 12),
        ("servants_house", 8),
        ("palace_1", 17),
        ("palace_2", 17),
    ],
)
def test_fee_of_each_place_of_an_erected_building(place, fee):
    """§7 fees: a place of a building erected earlier (by anybody) is free for any player; the fee
    printed there goes to the bank (no other player gains)."""
    s = game(3, start=0)
    building = data.PLACE_BUILDING[place]
    s.tiles[building] -= 1  # erected in an earlier round
    for p in data.BUILDING[building].places:
        s.places[p.id] = None
    give(s, 0, talers=40, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    others = [s.players[1].talers, s.players[2].talers]
    assert f"p0 helper {place} supply" in options(s)
    play(s, f"p0 helper {place} supply")
    assert CASTLE.asked(s) == [0]  # still placing: the round is not over
    assert s.places[place] == 0
    assert s.players[0].talers == 40 - fee
    assert [s.players[1].talers, s.players[2].talers] == others


def test_fee_not_affordable_is_refused():
    """§5: the fee must be paid: with 9 talers the Forge's 10-place is refused, its 6-place not."""
    s = stonemason_erects_tower(talers=9)
    assert options(s) == [
        "p0 helper market_1 supply",
        "p0 helper market_2 supply",
        "p0 helper forge_6 supply",
        "p0 done",
    ]
    assert_refused(s, "p0 helper forge_10 supply", "helper.fee")


def test_bricklayer_talers_pay_the_fee():
    """§4 Bricklayer 3–4: the talers just received (1 per piece spent) may pay the fees: 1 taler
    + 4 for the Small Gate's 4 pieces pay the Small Gate's fee of 5."""
    s = game(3, start=0)
    give(s, 0, talers=1, **pieces(clay=1, wood=1, sand=1))
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    play(s, "p0 tower stone", "p0 erect small_gate")
    assert s.players[0].talers == 5
    assert options(s) == ["p0 helper small_gate supply", "p0 done"]
    play(s, "p0 helper small_gate supply")
    assert s.players[0].talers == 0


# --- How many ------------------------------------------------------------------------------------


def test_up_to_two_helpers():
    """§5: up to 2 helpers per card — after two, p0 is asked no more, though Forge places are
    free and affordable."""
    s = game(3, start=0)
    give(s, 0, talers=40, **pieces(stone=1, clay=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect small_gate", "p0 helper small_gate supply", "p0 helper market_1 supply")
    assert s.round == 2 and s.phase == "select"
    assert s.places["forge_10"] is None and s.places["forge_6"] is None
    assert s.players[0].talers == 40 - 5 - 6
    assert s.players[0].helpers == data.HELPERS[3] - 2


def test_placing_fewer_is_allowed():
    """§5: "Up to 2" — one, then done."""
    s = stonemason_erects_tower()
    play(s, "p0 helper forge_6 supply", "p0 done")
    assert s.places == {"market_1": None, "market_2": None, "forge_10": None, "forge_6": 0}


# --- Never two in one building in one round ----------------------------------------------------


def test_never_two_helpers_in_one_building_in_one_round():
    """§5: "A player never puts 2 of their helpers into the same building in one round": after
    market_1, market_2 is refused; the Forge is still open."""
    s = stonemason_erects_tower()
    play(s, "p0 helper market_1 supply")
    assert options(s) == [
        "p0 helper forge_10 supply",
        "p0 helper forge_6 supply",
        "p0 done",
    ]
    assert_refused(s, "p0 helper market_2 supply", "helper.same_building_this_round")


def test_two_player_never_two_in_one_building_over_both_cards():
    """§5: the one-building-per-round limit holds "over both cards in a 2-player game": the
    Bricklayer put a helper in the Market, so the Stonemason cannot put one there."""
    s = game(2, start=0)
    give(s, 0, talers=30, **pieces(stone=1, wood=2, sand=2))
    choose(s, p0="bricklayer stonemason", p1="messenger trader")
    play(s, "p1 done")  # p1's Trader places nothing
    # Bricklayer: the tower's stone, then a Tower (stone + wood + sand), then the Market.
    play(s, "p0 tower stone", "p0 erect tower", "p0 done", "p0 helper market_1 supply", "p0 done")
    # Stonemason: nothing to buy; the second Tower; the Market's other place is refused.
    assert decision(s)["card"] == "stonemason"
    play(s, "p0 erect tower")
    assert stage(s) == "helper"
    assert "p0 helper market_2 supply" not in options(s)
    assert_refused(s, "p0 helper market_2 supply", "helper.same_building_this_round")
    play(s, "p0 helper forge_6 supply")
    assert s.places["forge_6"] == 0


def test_same_building_again_in_a_later_round():
    """§5: the limit is per round: the Market's other place may take p0's helper next round."""
    s = game(3, start=0)
    give(s, 0, talers=30, **pieces(stone=1, wood=2, sand=2))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower", "p0 helper market_1 supply", "p0 done")
    assert s.round == 2
    # Round 2: p0's Bricklayer takes the tower's stone and pays a second Tower.
    choose(s, p0="bricklayer", p1="trader", p2="trader")
    play(s, "p1 done", "p2 done", "p0 tower stone", "p0 erect tower")
    assert "p0 helper market_2 supply" in options(s)
    play(s, "p0 helper market_2 supply")
    assert s.places["market_1"] == s.places["market_2"] == 0


# --- Where the helper comes from ---------------------------------------------------------------


def test_helper_taken_back_from_a_cart():
    """§5: "A helper comes from the player's supply, or is taken back from one of their carts or
    the rider (the place it leaves becomes empty)"; the supply is not touched."""
    s = game(3, start=0)
    at_cart(s, 0, "sand_cart")
    at_cart(s, 1, "wood_cart")
    give(s, 0, talers=30, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper market_1 sand_cart" in options(s)
    # Another player's cart is no source.
    assert_refused(s, "p0 helper market_1 wood_cart", "helper.not_at_that_cart")
    ev = play(s, "p0 helper market_1 sand_cart")
    assert events_named(ev, "helper_placed")[0]["source"] == "sand_cart"
    assert s.traders["sand_cart"] is None
    assert s.traders["wood_cart"] == 1
    assert s.places["market_1"] == 0
    assert s.players[0].helpers == data.HELPERS[3] - 1


def test_helper_taken_back_from_the_rider():
    """§5: the rider, too, may give back its helper for the castle; it becomes empty."""
    s = game(3, start=0)
    at_cart(s, 1, "sand_cart")
    at_cart(s, 2, "wood_cart")
    at_cart(s, 1, "clay_cart")
    at_cart(s, 2, "stone_cart")
    at_cart(s, 0, "rider")
    give(s, 0, talers=30, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower", "p0 helper forge_10 rider")
    assert s.traders["rider"] is None
    assert s.places["forge_10"] == 0
    assert s.players[0].helpers == data.HELPERS[3] - 1


def test_helpers_in_the_castle_never_move_again():
    """§5: "Helpers in the castle never move again". p0's helpers: 5 in the castle, 1 at the stone
    cart, none in supply. Only the cart helper can go; castle places are no source."""
    s = game(3, start=0)
    for place in ("market_2", "forge_6", "keep", "tavern_12", "tavern_6"):
        in_castle(s, 0, place)
    at_cart(s, 0, "stone_cart")
    assert s.players[0].helpers == 0
    give(s, 0, talers=50, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert options(s) == [
        "p0 helper market_1 stone_cart",
        "p0 helper forge_10 stone_cart",
        "p0 done",
    ]
    assert refusal(s, "p0 helper market_1 supply") == "helper.none_in_supply"
    assert_refused(s, "p0 helper market_1 keep", "helper.unknown_source")
    assert refusal(s, "p0 helper market_1 tavern_6") == "helper.unknown_source"
    play(s, "p0 helper market_1 stone_cart")
    # No helper left to place: the action ended by itself, the castle is as it was plus one.
    assert s.round == 2
    assert s.traders["stone_cart"] is None
    assert s.places["keep"] == s.places["market_2"] == s.places["market_1"] == 0


def test_no_helper_to_place_no_question():
    """§5: a player whose helpers are all in the castle has nothing to place: after erecting, the
    engine does not ask (and the castle helpers stay where they are)."""
    s = game(3, start=0)
    for place in ("market_2", "forge_6", "keep", "tavern_12", "tavern_6", "gate"):
        in_castle(s, 0, place)
    give(s, 0, talers=50, **pieces(stone=1, wood=1, sand=1))
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    before = dict(s.places)
    ev = play(s, "p0 erect tower")
    assert events_named(ev, "helper_placed") == []
    assert s.round == 2
    assert s.places == before


def test_two_player_two_helpers_with_each_card():
    """§5: up to 2 helpers *per card*: in a 2-player game the Bricklayer and the Stonemason of one
    player place 2 each in one round, in 4 different buildings (Market, Forge, a Gate erected
    earlier, and the Small Gate just erected)."""
    s = game(2, start=0)
    s.tiles["gate"] -= 1  # erected in an earlier round
    s.places["gate"] = None
    give(s, 0, talers=60, **pieces(stone=1, clay=1, wood=2, sand=2))
    choose(s, p0="bricklayer stonemason", p1="messenger trader")
    play(s, "p1 done")
    # Bricklayer: the tower's stone; a Tower (stone + wood + sand); 3 talers; two helpers.
    play(s, "p0 tower stone", "p0 erect tower", "p0 pay stone 1 0", "p0 done")
    play(s, "p0 helper market_1 supply", "p0 helper forge_10 supply")
    # Stonemason: a Small Gate (one piece of each kind); two more helpers.
    assert decision(s)["card"] == "stonemason"
    play(s, "p0 erect small_gate", "p0 helper gate supply", "p0 helper small_gate supply")
    assert s.round == 2
    assert {place for place, owner in s.places.items() if owner == 0} == {
        "market_1",
        "forge_10",
        "gate",
        "small_gate",
    }
    assert s.players[0].talers == 60 + 3 - 6 - 10 - 10 - 5
    assert s.players[0].helpers == data.HELPERS[2] - 4
