"""Rule scenarios for the Messenger and the Trader (§4), with the delivery and its tribute.

Helpers "from an earlier round" are set up before the first selection with `old_helpers`, which
moves them from their owner's supply to a cart or the rider (they were not placed this round).
"""

from __future__ import annotations

from scenario import (
    assert_refused,
    choose,
    events_named,
    game,
    give,
    options,
    piece_total,
    play,
)

import castle
from castle import CASTLE, data

PLACES = ("sand_cart", "wood_cart", "clay_cart", "stone_cart", "rider")


def old_helpers(s: castle.State, **places: int) -> None:
    """Put helpers of earlier rounds at carts / the rider: old_helpers(s, sand_cart=1, ...)."""
    for place, seat in places.items():
        assert s.traders[place] is None
        s.traders[place] = seat
        s.players[seat].helpers -= 1


def all_carts(s: castle.State, seat: int) -> None:
    """All four carts held by `seat`'s helpers from an earlier round."""
    old_helpers(s, sand_cart=seat, wood_cart=seat, clay_cart=seat, stone_cart=seat)


def total_helpers(s: castle.State, seat: int) -> int:
    at_places = [o for o in [*s.traders.values(), *s.places.values()] if o == seat]
    return s.players[seat].helpers + len(at_places)


# --- Messenger ---------------------------------------------------------------------------------


def test_messenger_takes_eight_talers():
    """§4 Messenger: take 8 talers from the bank; nothing else changes."""
    s = game(3, start=1)
    before = CASTLE.to_json(s)["players"][2]
    ev = choose(s, p0="stonemason", p1="stonemason", p2="messenger")
    assert events_named(ev, "messenger") == [{"e": "messenger", "p": 2, "talers": 8}]
    p2 = s.players[2]
    # 3 talers + 8, and p2 took round 2's taler as the new start player.
    assert p2.talers == 3 + 8 + 1
    assert p2.pieces == before["pieces"]
    assert p2.helpers == before["helpers"]


def test_two_messengers_each_take_eight():
    """§4 Messenger, §3.6: each Messenger resolves on its own; the bank is unlimited (§1)."""
    s = game(4, start=0)
    give(s, 1, talers=0)
    choose(s, p0="messenger", p1="messenger", p2="stonemason", p3="stonemason")
    assert [p.talers for p in s.players] == [4 + 8, 0 + 8 + 1, 3, 3]


# --- Trader: placing ---------------------------------------------------------------------------


def test_trader_places_on_an_empty_cart_and_it_delivers():
    """§4 Trader 1, 3: a helper from the supply goes next to an empty cart; the sand cart
    delivers 4 sand, 1 goes to the tower as tribute, 3 are kept."""
    s = game(3, start=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == [
        "p0 trader sand_cart",
        "p0 trader wood_cart",
        "p0 trader clay_cart",
        "p0 trader stone_cart",
        "p0 done",
    ]
    ev = play(s, "p0 trader sand_cart")
    assert s.traders["sand_cart"] == 0
    assert s.players[0].helpers == 5
    assert s.players[0].pieces["sand"] == 1 + 3
    assert s.tower["sand"] == 1 + 1
    assert s.stock["sand"] == 16 - 4
    assert events_named(ev, "delivered") == [
        {
            "e": "delivered",
            "p": 0,
            "place": "sand_cart",
            "kind": "sand",
            "count": 4,
            "tribute": 1,
            "kept": 3,
        }
    ]
    assert piece_total(s) == data.PIECES_IN_BOX


def test_each_cart_takes_one_helper():
    """§4 Trader: each cart takes one helper; an occupied cart is no empty cart."""
    s = game(3, start=0)
    choose(s, p0="trader", p1="trader", p2="stonemason")
    play(s, "p0 trader wood_cart")
    assert "p1 trader wood_cart" not in options(s)
    assert_refused(s, "p1 trader wood_cart", "trader.displace.carts_not_full")
    play(s, "p1 trader stone_cart")
    assert s.traders["wood_cart"] == 0 and s.traders["stone_cart"] == 1


def test_rider_only_when_all_four_carts_are_occupied():
    """§4 Trader: the rider is offered only when all 4 carts are occupied."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=1, wood_cart=2, clay_cart=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == ["p0 trader stone_cart", "p0 done"]
    assert_refused(s, "p0 trader rider", "trader.rider.carts_not_full")


def test_rider_free_when_all_carts_occupied():
    """§4 Trader: with all 4 carts occupied the player may go on the free rider; it delivers 2
    silver: 1 to the tower, 1 kept."""
    s = game(3, start=0)
    all_carts(s, 0)  # p0's own helpers: none of them can be displaced by p0
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == ["p0 trader rider", "p0 done"]
    play(s, "p0 trader rider")
    assert s.traders["rider"] == 0
    assert s.players[0].helpers == 1
    assert s.players[0].pieces["silver"] == 1
    assert s.tower["silver"] == 2
    assert s.stock["silver"] == 14 - 2


def test_rider_offered_after_the_fourth_cart_is_taken_this_round():
    """§4 Trader: once the 4th cart is filled (even this round) the next Trader may take the
    rider, but may not displace the helper placed this round."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=2, wood_cart=2, clay_cart=2)
    choose(s, p0="trader", p1="trader", p2="messenger")
    assert "p0 trader rider" not in options(s)
    play(s, "p0 trader stone_cart")
    assert options(s) == [
        "p1 trader sand_cart",
        "p1 trader wood_cart",
        "p1 trader clay_cart",
        "p1 trader rider",
        "p1 done",
    ]
    assert_refused(s, "p1 trader stone_cart", "trader.displace.placed_this_round")


def test_trader_may_place_nothing():
    """§4 Trader 1: the player *may* place a helper; declining places nothing, and the old
    helpers still deliver."""
    s = game(3, start=0)
    old_helpers(s, wood_cart=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 done")
    assert events_named(ev, "trader_passed") == [{"e": "trader_passed", "p": 0}]
    assert s.players[0].helpers == 5
    assert s.traders == {p: (0 if p == "wood_cart" else None) for p in PLACES}
    assert s.players[0].pieces["wood"] == 1 + 2
    assert "trader" in s.players[0].played


# --- Trader: displacing ------------------------------------------------------------------------


def test_no_displacement_while_a_cart_is_empty():
    """§4 Trader: displacing is allowed only when all 4 carts are occupied (S000)."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=1, wood_cart=1, clay_cart=2, rider=2)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    for place in ("sand_cart", "wood_cart", "clay_cart", "rider"):
        assert_refused(s, f"p0 trader {place}", "trader.displace.carts_not_full")
    assert options(s) == ["p0 trader stone_cart", "p0 done"]


def test_displacing_another_players_helper_from_a_cart():
    """§4 Trader: with all carts occupied a helper may displace another player's helper; the
    displaced helper returns to its owner's supply ⚖ and the cart now delivers to the newcomer."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=1, wood_cart=1, clay_cart=2, stone_cart=2, rider=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == [
        "p0 trader sand_cart",
        "p0 trader wood_cart",
        "p0 trader clay_cart",
        "p0 trader stone_cart",
        "p0 trader rider",
        "p0 done",
    ]
    ev = play(s, "p0 trader clay_cart")
    placed = events_named(ev, "trader_placed")
    assert placed == [
        {"e": "trader_placed", "p": 0, "place": "clay_cart", "displaced": 2},
    ]
    assert s.traders["clay_cart"] == 0
    assert s.players[0].helpers == 5
    assert s.players[2].helpers == 6 - 2 + 1
    # The clay goes to p0 (2 delivered, 1 tribute); p2 gets only the stone cart's delivery.
    assert s.players[0].pieces["clay"] == 1
    assert s.players[2].pieces["clay"] == 0
    assert s.players[2].pieces["stone"] == 1
    assert all(total_helpers(s, seat) == 6 for seat in range(3))


def test_ones_own_helper_is_the_reason_even_before_the_carts_are_full():
    """The reason a player needs first: a cart held by their own helper is theirs already
    (not "the carts are not full yet")."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=0, wood_cart=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert_refused(s, "p0 trader sand_cart", "trader.displace.own_helper")
    assert_refused(s, "p0 trader wood_cart", "trader.displace.carts_not_full")


def test_cannot_displace_own_helper():
    """§4 Trader: only *another player's* helper may be displaced."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=0, wood_cart=1, clay_cart=1, stone_cart=1, rider=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert_refused(s, "p0 trader sand_cart", "trader.displace.own_helper")
    assert_refused(s, "p0 trader rider", "trader.displace.own_helper")
    assert options(s) == [
        "p0 trader wood_cart",
        "p0 trader clay_cart",
        "p0 trader stone_cart",
        "p0 done",
    ]


def test_helper_placed_this_round_cannot_be_displaced():
    """§4 Trader: a helper placed this round can never be displaced (S000) — the rider taken
    by the first Trader is safe from the second."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=2, wood_cart=2, clay_cart=2, stone_cart=2)
    choose(s, p0="trader", p1="trader", p2="stonemason")
    play(s, "p0 trader rider")
    assert "p1 trader rider" not in options(s)
    assert_refused(s, "p1 trader rider", "trader.displace.placed_this_round")
    play(s, "p1 trader sand_cart")
    assert s.traders["rider"] == 0 and s.traders["sand_cart"] == 1


def test_displacing_helper_placed_this_round_from_a_cart_is_refused():
    """§4 Trader (S000): a cart helper displacing another this round is itself safe for the rest
    of the round."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=2, wood_cart=2, clay_cart=2, stone_cart=2, rider=2)
    choose(s, p0="trader", p1="trader", p2="stonemason")
    play(s, "p0 trader sand_cart")
    assert s.traders["sand_cart"] == 0
    assert_refused(s, "p1 trader sand_cart", "trader.displace.placed_this_round")
    assert options(s) == [
        "p1 trader wood_cart",
        "p1 trader clay_cart",
        "p1 trader stone_cart",
        "p1 trader rider",
        "p1 done",
    ]


def test_helper_placed_last_round_can_be_displaced():
    """§4 Trader: the protection lasts only for the round the helper was placed in."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=2, wood_cart=2, clay_cart=2)
    choose(s, p0="trader", p1="messenger", p2="messenger")
    play(s, "p0 trader stone_cart")
    # Round 2: p0's stone cart helper is now an old helper.
    choose(s, p0="messenger", p1="trader", p2="master_builder")
    assert "p1 trader stone_cart" in options(s)
    play(s, "p1 trader stone_cart")
    assert s.traders["stone_cart"] == 1
    assert s.players[0].helpers == 6


def test_displacing_from_the_rider():
    """§4 Trader ⚖ (PUB): with all carts occupied, another player's helper may be displaced
    from the rider; the newcomer gets the silver."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=0, wood_cart=0, clay_cart=0, stone_cart=0, rider=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == ["p0 trader rider", "p0 done"]
    play(s, "p0 trader rider")
    assert s.traders["rider"] == 0
    assert s.players[1].helpers == 6
    assert s.players[0].helpers == 6 - 5
    assert s.players[0].pieces["silver"] == 1
    assert s.players[1].pieces["silver"] == 0


def test_displaced_helper_is_back_in_supply_at_once():
    """§4 Trader ⚖: the displaced helper returns to its owner's supply — so its owner, a later
    Trader this round, may place it again."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=1, wood_cart=1, clay_cart=1, stone_cart=2, rider=1)
    s.players[1].helpers = 0  # p1's other 2 helpers are in the castle
    s.places["market_1"] = 1
    s.places["forge_6"] = 1
    choose(s, p0="trader", p1="trader", p2="stonemason")
    play(s, "p0 trader sand_cart")
    assert s.players[1].helpers == 1
    assert options(s) == ["p1 trader stone_cart", "p1 done"]
    play(s, "p1 trader stone_cart")
    assert s.traders["stone_cart"] == 1
    assert s.players[2].helpers == 6
    assert total_helpers(s, 1) == 6


def test_no_helper_in_supply_places_nothing():
    """§4 Trader: a player with no helper in supply places nothing — never moving one already
    at a cart — and the Trader still counts as played; their cart helpers deliver."""
    s = game(3, start=0)
    old_helpers(s, clay_cart=0, rider=0)
    s.players[0].helpers = 0
    for place in ("market_1", "market_2", "forge_10", "forge_6"):
        s.places[place] = 0
    ev = choose(s, p0="trader", p1="stonemason", p2="stonemason")
    # The only option, "done", was taken by itself.
    assert not events_named(ev, "trader_placed")
    assert events_named(ev, "trader_passed") == [{"e": "trader_passed", "p": 0}]
    assert s.traders["clay_cart"] == 0 and s.traders["rider"] == 0
    assert s.players[0].played == ["trader"]
    assert s.players[0].pieces["clay"] == 1 and s.players[0].pieces["silver"] == 1


def test_no_legal_place_places_nothing():
    """§4 Trader: with every cart and the rider held by one's own helpers there is no legal
    place: the Trader passes by itself."""
    s = game(3, start=0)
    all_carts(s, 0)
    old_helpers(s, rider=0)
    ev = choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert events_named(ev, "trader_passed") == [{"e": "trader_passed", "p": 0}]
    assert s.players[0].helpers == 1
    assert len(events_named(ev, "delivered")) == 5


# --- Delivery ----------------------------------------------------------------------------------


def test_delivery_waits_until_all_traders_have_acted():
    """§4 Trader 3: helpers deliver only after *all* Traders of the round have acted."""
    s = game(3, start=0)
    choose(s, p0="trader", p1="trader", p2="stonemason")
    play(s, "p0 trader sand_cart")
    # p1 is now deciding: nothing has been delivered to p0 yet.
    assert s.players[0].pieces["sand"] == 1
    assert s.tower["sand"] == 1
    play(s, "p1 trader wood_cart")
    assert s.players[0].pieces["sand"] == 1 + 3
    assert s.players[1].pieces["wood"] == 1 + 2
    assert s.tower["sand"] == 2 and s.tower["wood"] == 2


def test_every_helper_delivers_including_other_players_old_helpers():
    """§4 Trader 3: every helper at a cart or on the rider delivers to its owner, helpers of
    earlier rounds and of players who did not play the Trader included."""
    s = game(4, start=0)
    old_helpers(s, wood_cart=2, stone_cart=3, rider=3)
    choose(s, p0="trader", p1="messenger", p2="messenger", p3="stonemason")
    play(s, "p0 trader clay_cart")
    assert [p.pieces for p in s.players] == [
        {"sand": 1, "wood": 1, "clay": 1, "stone": 0, "silver": 0},
        {"sand": 1, "wood": 1, "clay": 0, "stone": 0, "silver": 0},
        {"sand": 1, "wood": 1 + 2, "clay": 0, "stone": 0, "silver": 0},
        {"sand": 1, "wood": 1, "clay": 0, "stone": 1, "silver": 1},
    ]
    # One tribute piece per delivery.
    assert s.tower == {"sand": 1, "wood": 2, "clay": 2, "stone": 2, "silver": 2}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_full_delivery_of_every_place():
    """§4 Trader 3: sand cart 4, wood cart 3, clay cart 2, stone cart 2, rider 2 silver; the owner
    first puts 1 of each on the tower."""
    s = game(3, start=0)
    all_carts(s, 1)
    old_helpers(s, rider=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 done")
    got = {e["place"]: (e["count"], e["tribute"], e["kept"]) for e in events_named(ev, "delivered")}
    assert got == {
        "sand_cart": (4, 1, 3),
        "wood_cart": (3, 1, 2),
        "clay_cart": (2, 1, 1),
        "stone_cart": (2, 1, 1),
        "rider": (2, 1, 1),
    }
    assert s.players[1].pieces == {"sand": 4, "wood": 3, "clay": 1, "stone": 1, "silver": 1}
    assert s.tower == {k: 2 for k in data.KINDS}


def test_no_delivery_in_a_round_without_a_trader():
    """§4 Trader 3: nothing is delivered in a round in which no Trader was played (S000)."""
    s = game(3, start=0)
    old_helpers(s, sand_cart=0, wood_cart=1, clay_cart=2, stone_cart=0, rider=1)
    before = CASTLE.to_json(s)
    ev = choose(s, p0="messenger", p1="stonemason", p2="stonemason")
    assert not events_named(ev, "delivered")
    assert events_named(ev, "no_delivery")
    assert [p.pieces for p in s.players] == [p["pieces"] for p in before["players"]]
    assert s.tower == before["tower"]
    assert s.stock == before["stock"]
    # The helpers stay where they are (§4 Trader 4).
    assert s.traders == before["traders"]


def test_short_stock_delivers_less():
    """§4 Trader 3: a place delivers min(printed amount, pieces of that kind in the stock):
    3 sand left → 1 to the tower, 2 kept."""
    s = game(3, start=0)
    give(s, 2, sand=1 + 13)  # the stock keeps 3 sand
    assert s.stock["sand"] == 3
    old_helpers(s, sand_cart=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    play(s, "p0 done")
    assert s.players[1].pieces["sand"] == 1 + 2
    assert s.tower["sand"] == 2
    assert s.stock["sand"] == 0
    assert piece_total(s) == data.PIECES_IN_BOX


def test_short_delivery_of_one_keeps_nothing():
    """§4 Trader 3: a short delivery of 1 goes entirely to the tower as tribute: keeps 0."""
    s = game(3, start=0)
    give(s, 2, stone=13)  # the stock keeps 1 stone
    old_helpers(s, stone_cart=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 done")
    assert events_named(ev, "delivered") == [
        {
            "e": "delivered",
            "p": 1,
            "place": "stone_cart",
            "kind": "stone",
            "count": 1,
            "tribute": 1,
            "kept": 0,
        }
    ]
    assert s.players[1].pieces["stone"] == 0
    assert s.tower["stone"] == 2
    assert s.stock["stone"] == 0


def test_empty_stock_delivers_nothing_and_pays_no_tribute():
    """§4 Trader 3: with none of that kind in the stock nothing is delivered — and no tribute
    is paid (the tribute is due only if at least 1 piece is delivered)."""
    s = game(3, start=0)
    give(s, 2, clay=14)
    assert s.stock["clay"] == 0
    old_helpers(s, clay_cart=1)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    play(s, "p0 done")
    assert s.players[1].pieces["clay"] == 0
    assert s.tower["clay"] == 1
    assert s.players[2].pieces["clay"] == 14
    assert piece_total(s) == data.PIECES_IN_BOX


def test_helpers_stay_at_their_carts_and_deliver_again():
    """§4 Trader 4: helpers stay at the carts until displaced or moved; they deliver again in
    every later round with a Trader."""
    s = game(3, start=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    play(s, "p0 trader wood_cart")
    assert s.players[0].pieces["wood"] == 1 + 2
    choose(s, p0="messenger", p1="trader", p2="messenger")
    play(s, "p1 trader clay_cart")
    assert s.traders["wood_cart"] == 0
    assert s.players[0].pieces["wood"] == 1 + 2 + 2
    assert s.players[1].pieces["clay"] == 1
