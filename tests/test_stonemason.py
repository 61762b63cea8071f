"""Rule scenarios for the Stonemason (§4 Stonemason, §5, §11).

The Stonemason first buys, from each other player who revealed a Worker this round, at most one
piece lying on their Worker card(s), paying 1 taler to that player; the buyer picks the piece;
the seller cannot refuse unless it is the last piece on that card. Then it erects up to two
buildings at full VP, then places up to two helpers.

Situations are built before the first selection by moving pieces between the stock, the defense
tower and the players' supplies (all places of §2.4), so the 83 pieces stay accounted for.
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
    refusal,
    stage,
    stock_to,
)

from castle import CASTLE, data

# --- Buying before erecting --------------------------------------------------------------------


def test_buys_before_erecting_and_uses_the_bought_piece():
    """§4 Stonemason 1: buy *before* erecting; bought pieces go into the buyer's supply at once,
    so they can pay for the building erected in the same action (§5 order: buy → erect)."""
    s = game(3, start=0)
    # p0 holds 7 BP (stone + wood): a Tower (8 BP, 3 kinds) needs one more sand.
    give(s, 0, talers=3, stone=1, wood=1, sand=0)
    choose(s, p0="stonemason", p1="worker_a", p2="messenger")
    assert stage(s) == "buy"
    assert options(s) == ["p0 buy p1 worker_a sand", "p0 buy p1 worker_a clay", "p0 done"]
    # Nothing may be erected before the purchases are over.
    assert refusal(s, "p0 erect tower") == "turn.other_decision"

    play(s, "p0 buy p1 worker_a sand")
    assert s.players[0].pieces["sand"] == 1
    # p1 was the only Worker player: the purchases are over, the erecting begins.
    assert stage(s) == "erect"
    # Once erecting has begun, nothing more can be bought.
    assert refusal(s, "p0 buy p1 worker_a clay") == "turn.other_decision"
    ev = play(s, "p0 erect tower")
    (erected,) = events_named(ev, "erected")
    assert erected["paid"] == {"stone": 1, "wood": 1, "sand": 1}
    assert s.tiles["tower"] == 8
    assert piece_total(s) == data.PIECES_IN_BOX


def test_one_taler_goes_to_the_seller():
    """§4 Stonemason 1: each purchase costs 1 taler, paid to the Worker's owner (not the bank)."""
    s = game(3, start=0)
    give(s, 0, talers=5)
    give(s, 1, talers=2)
    choose(s, p0="stonemason", p1="worker_a", p2="messenger")
    ev = play(s, "p0 buy p1 worker_a clay")
    assert events_named(ev, "bought") == [
        {"e": "bought", "p": 0, "seller": 1, "card": "worker_a", "kind": "clay", "talers": 1}
    ]
    assert s.players[0].talers == 4
    assert s.players[0].pieces["clay"] == 1
    # The round is over: p1 has 2 + 1 for the sale + 1 as round 2's start player (§3.1);
    # the bank got nothing from the sale.
    assert s.round == 2 and s.start_player == 1
    assert s.players[1].talers == 2 + 1 + data.ROUND_INCOME
    assert s.players[2].talers == 3 + data.MESSENGER_TALERS


def test_buyer_picks_the_piece():
    """§4 Stonemason 1: "The buyer picks the piece": every kind on the card is offered, and the
    chosen one (the clay, not a sand) leaves the card."""
    s = game(3, start=0)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    assert options(s) == [
        "p0 buy p1 worker_a sand",
        "p0 buy p1 worker_a clay",
        "p0 buy p2 worker_b wood",
        "p0 buy p2 worker_b silver",
        "p0 done",
    ]
    play(s, "p0 buy p1 worker_a clay")
    assert s.players[1].workers["worker_a"] == {"sand": 2}
    # Silver too can be bought (§1: it can be bought, held and given).
    play(s, "p0 buy p2 worker_b silver")
    assert s.players[0].pieces["silver"] == 1
    assert s.players[2].workers["worker_b"] == {"wood": 2}


def test_at_most_one_piece_from_each_worker_player():
    """§4 Stonemason 1: from each other player who revealed a Worker, at most 1 piece."""
    s = game(3, start=0)
    give(s, 0, talers=10)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    play(s, "p0 buy p1 worker_a sand")
    # p1's card still holds a sand and a clay, but p0 has had its piece from p1.
    assert s.players[1].workers["worker_a"] == {"sand": 1, "clay": 1}
    assert options(s) == ["p0 buy p2 worker_b wood", "p0 buy p2 worker_b silver", "p0 done"]
    assert_refused(s, "p0 buy p1 worker_a clay", "stonemason.buy.already_bought_from")
    play(s, "p0 buy p2 worker_b wood")
    # One piece from each: two purchases in all, two talers spent.
    assert s.players[0].talers == 8
    assert s.players[0].pieces == {"sand": 2, "wood": 2, "clay": 0, "stone": 0, "silver": 0}


def test_seller_cannot_refuse_a_piece_that_is_not_the_last():
    """§4 Stonemason 1: "The seller cannot refuse" (except for the last piece on the card): the
    sale happens at once, the seller is not asked."""
    s = game(3, start=0)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    ev = play(s, "p0 buy p1 worker_a sand")
    assert events_named(ev, "offer") == []
    assert len(events_named(ev, "bought")) == 1
    assert CASTLE.asked(s) == [0]
    assert refusal(s, "p1 sell no") == "turn.not_yours"


def test_last_piece_on_the_card_seller_decides_and_sells():
    """§4 Stonemason 1: when the piece is the last one on that card, the seller decides whether to
    sell; a yes completes the purchase (1 taler to the seller)."""
    s = game(3, start=0)
    stock_to(s, "sand", 0)  # Worker A gets only its clay (§3.5: only what the stock holds)
    give(s, 1, talers=3)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    assert s.players[1].workers["worker_a"] == {"clay": 1}
    ev = play(s, "p0 buy p1 worker_a clay")
    assert events_named(ev, "offer") == [
        {"e": "offer", "p": 0, "seller": 1, "card": "worker_a", "kind": "clay"}
    ]
    # The seller is asked, yes or no; the buyer waits.
    assert CASTLE.asked(s) == [1]
    assert options(s) == ["p1 sell yes", "p1 sell no"]
    assert refusal(s, "p0 buy p2 worker_b wood") == "turn.not_yours"
    ev = play(s, "p1 sell yes")
    assert len(events_named(ev, "bought")) == 1
    assert s.players[0].pieces["clay"] == 1
    assert s.players[1].talers == 4
    assert s.players[1].workers["worker_a"] == {}


def test_refused_last_piece_is_not_offered_again():
    """§4 Stonemason 1: the seller may refuse the last piece on the card; ⚖ the refused offer is not
    made again in that action. The piece stays on the card and its Worker collects it (§4 Worker);
    the buyer pays nothing and may still buy from other Worker players."""
    s = game(3, start=0)
    stock_to(s, "sand", 0)
    give(s, 0, talers=5)
    give(s, 1, talers=3)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    play(s, "p0 buy p1 worker_a clay")
    ev = play(s, "p1 sell no")
    assert events_named(ev, "bought") == []
    assert events_named(ev, "sale_refused")
    assert s.players[0].talers == 5
    assert s.players[1].talers == 3
    assert s.players[1].workers["worker_a"] == {"clay": 1}
    # Back to the buyer, who is not offered p1's card again.
    assert CASTLE.asked(s) == [0]
    assert options(s) == ["p0 buy p2 worker_b wood", "p0 buy p2 worker_b silver", "p0 done"]
    assert_refused(s, "p0 buy p1 worker_a clay", "stonemason.buy.refused")
    play(s, "p0 buy p2 worker_b wood")
    assert s.players[0].pieces["wood"] == 2
    # p1's Worker takes the piece it kept.
    assert s.players[1].pieces["clay"] == 1
    assert piece_total(s) == data.PIECES_IN_BOX


def test_second_stonemason_buys_from_the_same_worker_player():
    """§4 Stonemason 1: "Each Stonemason's purchases are its own: a second Stonemason may buy from
    the same Worker player." Stonemasons act in turn order from the start player (§3.6)."""
    s = game(3, start=0)
    give(s, 2, talers=0)
    choose(s, p0="stonemason", p1="stonemason", p2="worker_a")
    play(s, "p0 buy p2 worker_a sand")
    # p0 had nothing to erect, so p1's Stonemason is next, and may buy from p2 too.
    assert CASTLE.asked(s) == [1]
    assert options(s) == ["p1 buy p2 worker_a sand", "p1 buy p2 worker_a clay", "p1 done"]
    play(s, "p1 buy p2 worker_a sand")
    assert s.players[0].pieces["sand"] == 2
    assert s.players[1].pieces["sand"] == 2
    # Two talers for p2, who collects the clay left on its card.
    assert s.players[2].talers == 2
    assert s.players[2].pieces["clay"] == 1
    assert s.players[2].workers == {}


def test_third_stonemason_meets_the_last_piece():
    """§4 Stonemason 1, 4 players: after two purchases the third Stonemason asks for the last piece
    on the card, so now the seller decides."""
    s = game(4, start=0)
    choose(s, p0="stonemason", p1="stonemason", p2="stonemason", p3="worker_a")
    play(s, "p0 buy p3 worker_a sand", "p1 buy p3 worker_a sand")
    assert s.players[3].workers["worker_a"] == {"clay": 1}
    play(s, "p2 buy p3 worker_a clay")
    assert CASTLE.asked(s) == [3]
    play(s, "p3 sell yes")
    assert s.players[2].pieces["clay"] == 1
    assert s.players[3].talers == 3 + 3
    assert piece_total(s) == data.PIECES_IN_BOX


def test_two_player_never_buys_from_own_worker():
    """§4 Stonemason 1, §11: "a player's Stonemason never buys from their own Worker"."""
    s = game(2, start=0)
    choose(s, p0="stonemason worker_a", p1="worker_b messenger")
    assert options(s) == ["p0 buy p1 worker_b wood", "p0 buy p1 worker_b silver", "p0 done"]
    assert_refused(s, "p0 buy p0 worker_a sand", "stonemason.buy.own_worker")


def test_two_player_one_piece_from_a_player_with_two_workers():
    """§4 Stonemason 1, §11: at most 1 piece from each other Worker player — one piece from a
    player's two Worker cards together, not one per card."""
    s = game(2, start=0)
    give(s, 0, talers=5)
    choose(s, p0="stonemason messenger", p1="worker_a worker_b")
    assert options(s) == [
        "p0 buy p1 worker_a sand",
        "p0 buy p1 worker_a clay",
        "p0 buy p1 worker_b wood",
        "p0 buy p1 worker_b silver",
        "p0 done",
    ]
    ev = play(s, "p0 buy p1 worker_a clay")
    # No second purchase was offered: the Stonemason action is over (p0 can erect nothing).
    assert len(events_named(ev, "bought")) == 1
    assert events_named(ev, "erected_nothing") == [
        {"e": "erected_nothing", "p": 0, "card": "stonemason"}
    ]
    assert s.players[0].talers == 5 - 1 + data.MESSENGER_TALERS
    assert s.players[0].pieces["wood"] == 1


def test_never_buys_pieces_a_player_holds():
    """§4 Stonemason 1: "Never from pieces a player holds" — only from a Worker card, and only
    from a player who revealed a Worker this round."""
    s = game(3, start=0)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    # p1 holds a wood in its supply, but its Worker A card carries no wood.
    assert s.players[1].pieces["wood"] == 1
    assert_refused(s, "p0 buy p1 worker_a wood", "stonemason.buy.not_on_card")
    # p2 revealed Worker B, not Worker C.
    assert refusal(s, "p0 buy p2 worker_c stone") == "stonemason.buy.no_worker_card"


def test_cannot_buy_from_a_player_without_a_worker():
    """§4 Stonemason 1: only players who revealed a Worker this round sell."""
    s = game(3, start=0)
    give(s, 0, stone=1, wood=1, sand=1)
    choose(s, p0="stonemason", p1="messenger", p2="worker_a")
    assert options(s) == ["p0 buy p2 worker_a sand", "p0 buy p2 worker_a clay", "p0 done"]
    assert refusal(s, "p0 buy p1 worker_a sand") == "stonemason.buy.no_worker_card"


def test_buying_needs_a_taler():
    """§4 Stonemason 1: a purchase is paid with 1 taler; without one, nothing is bought and the
    Stonemason goes straight on to erecting."""
    s = game(3, start=0)
    give(s, 0, talers=0, stone=1, wood=1, sand=1)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    assert CASTLE.asked(s) == [0]
    assert stage(s) == "erect"
    assert not any(o.startswith("p0 buy") for o in options(s))
    assert s.players[1].workers["worker_a"] == {"sand": 2, "clay": 1}


def test_last_taler_buys_only_one_piece():
    """§4 Stonemason 1: with a single taler the Stonemason buys one piece; the second Worker
    player's pieces are then out of reach."""
    s = game(3, start=0)
    give(s, 0, talers=1, stone=1, wood=1, sand=1)
    choose(s, p0="stonemason", p1="worker_a", p2="worker_b")
    play(s, "p0 buy p1 worker_a clay")
    assert s.players[0].talers == 0
    # The purchases are over: p0 is erecting, p2's card is untouched.
    assert stage(s) == "erect"
    assert refusal(s, "p0 buy p2 worker_b wood") == "turn.other_decision"
    assert s.players[2].workers["worker_b"] == {"wood": 2, "silver": 1}


# --- Erecting: full VP --------------------------------------------------------------------------


def test_stonemason_scores_full_vp():
    """§4 Stonemason 2: up to 2 buildings, each scoring the building's *full* VP (Tower 6,
    Well 10)."""
    s = game(3, start=0)
    # Tower: stone + wood + sand (8); Well: stone + clay + wood + sand (12).
    give(s, 0, talers=0, stone=2, clay=1, wood=2, sand=2)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    ev = play(s, "p0 erect tower", "p0 pay stone 1 0")
    ev += play(s, "p0 erect well")
    vps = [e["vp"] for e in events_named(ev, "erected")]
    assert vps == [data.BUILDING["tower"].vp, data.BUILDING["well"].vp] == [6, 10]
    assert s.players[0].vp == 16
    assert s.players[0].vp_by_source == {"buildings": 16}


# --- Helpers after erecting ---------------------------------------------------------------------


def test_helpers_placed_after_erecting():
    """§4 Stonemason 3 and §5: after erecting at least one building, place up to 2 helpers."""
    s = game(3, start=0)
    give(s, 0, talers=20, stone=1, wood=1, sand=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert stage(s) == "helper"
    assert "p0 helper market_1 supply" in options(s)
    play(s, "p0 helper market_1 supply")
    assert s.places["market_1"] == 0
    assert s.players[0].talers == 14


def test_no_helpers_without_a_building():
    """§4 Stonemason 3: helpers only if at least one building was erected with this card."""
    s = game(3, start=0)
    give(s, 0, talers=20, stone=1, wood=1, sand=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    ev = play(s, "p0 done")
    assert events_named(ev, "erected_nothing")
    assert events_named(ev, "helper_placed") == []
    # No helper decision followed: the round is over and round 2's selection has begun.
    assert s.round == 2 and s.phase == "select"
    assert all(owner is None for owner in s.places.values())
    assert s.players[0].helpers == data.HELPERS[3]


def test_refused_offer_may_be_made_by_another_stonemason():
    """§4 Stonemason 1: ⚖ a refused offer is not made again *in the same action*; "Each
    Stonemason's purchases are its own", so the next Stonemason may ask for that last piece."""
    s = game(3, start=0)
    stock_to(s, "sand", 0)
    choose(s, p0="stonemason", p1="stonemason", p2="worker_a")
    assert s.players[2].workers["worker_a"] == {"clay": 1}
    play(s, "p0 buy p2 worker_a clay", "p2 sell no")
    # p0 had nothing else to buy or erect; p1's Stonemason asks for the same piece.
    assert CASTLE.asked(s) == [1]
    assert options(s) == ["p1 buy p2 worker_a clay", "p1 done"]
    play(s, "p1 buy p2 worker_a clay")
    assert CASTLE.asked(s) == [2]
    play(s, "p2 sell yes")
    assert s.players[1].pieces["clay"] == 1
    assert s.players[0].pieces["clay"] == 0


def test_two_player_refused_card_leaves_the_other_card_open():
    """§4 Stonemason 1, §11: the seller refused the last piece of one Worker card; nothing was
    bought from that player yet, so the buyer may buy from their other card, which the seller
    cannot refuse (it is not that card's last piece)."""
    s = game(2, start=0)
    stock_to(s, "sand", 0)  # p1's Worker A gets only its clay
    give(s, 0, talers=5)
    choose(s, p0="stonemason messenger", p1="worker_a worker_b")
    play(s, "p0 buy p1 worker_a clay", "p1 sell no")
    assert options(s) == ["p0 buy p1 worker_b wood", "p0 buy p1 worker_b silver", "p0 done"]
    ev = play(s, "p0 buy p1 worker_b wood")
    assert events_named(ev, "offer") == []
    assert s.players[0].pieces["wood"] == 2
