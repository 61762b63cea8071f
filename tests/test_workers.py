"""Rule scenarios for the Workers (§3.5 equipping, §4 Worker A/B/C, §11).

Equipping: A = 2 sand + 1 clay, B = 2 wood + 1 silver, C = 1 stone + 2 pieces its owner chooses
from sand, wood and clay (⚖ two of a kind allowed, only kinds still in stock); cards are equipped
one at a time in turn order, and ⚖ a card gets only what the stock still holds. Resolving: the
Worker collects what is left on its card (after the Stonemasons' purchases), erects up to two
buildings at half VP, and places no helper. With 2 players, two Workers resolve in the order
their owner chooses, as two separate actions.

Situations are built before the first selection by moving pieces between the stock, the defense
tower and the players' supplies (all places of §2.4), so the 83 pieces stay accounted for.
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
    piece_total,
    pieces,
    play,
    refusal,
    stage,
    stock_to,
)

from castle import CASTLE, data

# --- §3.5 Equipping ----------------------------------------------------------------------------


def test_worker_a_takes_two_sand_and_one_clay():
    """§3.5: Worker A takes 2 sand + 1 clay from the stock onto the card."""
    s = game(3, start=0)
    stock = dict(s.stock)
    # p1's Stonemason lets us look at the card before the Worker resolves.
    choose(s, p0="worker_a", p1="stonemason", p2="messenger")
    assert s.players[0].workers == {"worker_a": {"sand": 2, "clay": 1}}
    assert s.stock["sand"] == stock["sand"] - 2
    assert s.stock["clay"] == stock["clay"] - 1
    # On the card, the pieces are nobody's yet (§3.5): not in p0's supply.
    assert s.players[0].pieces == pieces(sand=1, wood=1)


def test_worker_b_takes_two_wood_and_one_silver():
    """§3.5: Worker B takes 2 wood + 1 silver."""
    s = game(3, start=0)
    stock = dict(s.stock)
    choose(s, p0="worker_b", p1="stonemason", p2="messenger")
    assert s.players[0].workers == {"worker_b": {"wood": 2, "silver": 1}}
    assert s.stock["wood"] == stock["wood"] - 2
    assert s.stock["silver"] == stock["silver"] - 1


def test_worker_c_owner_chooses_two_pieces():
    """§3.5: Worker C takes 1 stone + 2 pieces its owner chooses from sand, wood and clay; ⚖ two of
    one kind allowed. The choice is a decision of the card's owner."""
    s = game(3, start=0)
    choose(s, p0="messenger", p1="worker_c", p2="stonemason")
    assert CASTLE.asked(s) == [1]
    assert s.players[1].workers == {"worker_c": {"stone": 1}}
    assert options(s) == [
        "p1 worker_c sand sand",
        "p1 worker_c sand wood",
        "p1 worker_c sand clay",
        "p1 worker_c wood wood",
        "p1 worker_c wood clay",
        "p1 worker_c clay clay",
    ]
    play(s, "p1 worker_c clay clay")
    assert s.players[1].workers == {"worker_c": {"stone": 1, "clay": 2}}


def test_worker_c_two_different_kinds():
    """§3.5: Worker C may take two different kinds."""
    s = game(3, start=0)
    stock = dict(s.stock)
    choose(s, p0="worker_c", p1="stonemason", p2="messenger")
    play(s, "p0 worker_c sand wood")
    assert s.players[0].workers == {"worker_c": {"stone": 1, "sand": 1, "wood": 1}}
    assert s.stock["stone"] == stock["stone"] - 1
    assert s.stock["sand"] == stock["sand"] - 1
    assert s.stock["wood"] == stock["wood"] - 1


def test_worker_c_chooses_only_kinds_in_stock():
    """§3.5: Worker C's pieces come from sand, wood and clay, only kinds still in the stock; stone
    (and silver) are no choice."""
    s = game(3, start=0)
    stock_to(s, "clay", 0)
    stock_to(s, "sand", 1)
    choose(s, p0="worker_c", p1="stonemason", p2="messenger")
    assert options(s) == ["p0 worker_c sand wood", "p0 worker_c wood wood"]
    assert_refused(s, "p0 worker_c clay wood", "worker_c.not_in_stock")
    assert_refused(s, "p0 worker_c sand sand", "worker_c.not_in_stock")
    assert refusal(s, "p0 worker_c stone wood") == "worker_c.kind"
    assert refusal(s, "p0 worker_c wood") == "worker_c.count"


def test_workers_equipped_in_turn_order_when_the_stock_runs_short():
    """§3.5: one Worker card at a time, in turn order from the start player; ⚖ a card gets only
    what the stock still holds. Start player p1: p1 gets 2 sand, p2 the last sand, p0 none."""
    s = game(3, start=1)
    stock_to(s, "sand", 3)
    ev = choose(s, p0="worker_a", p1="worker_a", p2="worker_a")
    equipped = events_named(ev, "equipped")
    assert [e["p"] for e in equipped] == [1, 2, 0]
    assert [e["pieces"] for e in equipped] == [
        {"sand": 2, "clay": 1},
        {"sand": 1, "clay": 1},
        {"clay": 1},
    ]
    assert s.stock["sand"] == 0
    assert piece_total(s) == data.PIECES_IN_BOX


def test_worker_c_chooses_before_later_workers_are_equipped():
    """§3.5: equipping is one card at a time in turn order, so the start player's Worker C takes
    the last clay before the next player's Worker A is equipped."""
    s = game(3, start=0)
    stock_to(s, "clay", 1)
    choose(s, p0="worker_c", p1="worker_a", p2="stonemason")
    # p1's Worker A is not equipped yet while p0 chooses.
    assert CASTLE.asked(s) == [0]
    assert "worker_a" not in s.players[1].workers
    play(s, "p0 worker_c sand clay")
    assert s.players[0].workers["worker_c"] == {"stone": 1, "sand": 1, "clay": 1}
    assert s.players[1].workers["worker_a"] == {"sand": 2}


def test_empty_stock_equips_nothing():
    """§3.5 ⚖: a card gets only what the stock still holds — nothing from an empty stock; Worker B
    with one wood left and no silver gets that wood only."""
    s = game(3, start=0)
    stock_to(s, "sand", 0)
    stock_to(s, "clay", 0)
    stock_to(s, "wood", 1)
    stock_to(s, "silver", 0)
    choose(s, p0="worker_a", p1="worker_b", p2="stonemason")
    assert s.players[0].workers == {"worker_a": {}}
    assert s.players[1].workers == {"worker_b": {"wood": 1}}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_worker_c_with_one_piece_left_takes_it():
    """§3.5 ⚖: with one sand/wood/clay left in the stock, Worker C gets the stone and that piece."""
    s = game(3, start=0)
    stock_to(s, "sand", 0)
    stock_to(s, "wood", 0)
    stock_to(s, "clay", 1)
    ev = choose(s, p0="worker_c", p1="stonemason", p2="messenger")
    # No real choice: the engine took it.
    assert events_named(ev, "worker_c_chose") == [
        {"e": "worker_c_chose", "p": 0, "kinds": ["clay"]}
    ]
    assert s.players[0].workers == {"worker_c": {"stone": 1, "clay": 1}}


# --- §4 Resolving ------------------------------------------------------------------------------


def test_worker_collects_what_the_stonemason_left():
    """§4 Worker 1: the Worker moves the pieces *still* on its card into its owner's supply —
    after the Stonemasons bought (§3.6: Stonemason before Worker)."""
    s = game(3, start=0)
    choose(s, p0="stonemason", p1="worker_a", p2="messenger")
    ev = play(s, "p0 buy p1 worker_a clay")
    assert events_named(ev, "collected") == [
        {"e": "collected", "p": 1, "card": "worker_a", "pieces": {"sand": 2}}
    ]
    assert s.players[1].pieces == pieces(sand=3, wood=1)
    assert s.players[0].pieces == pieces(sand=1, wood=1, clay=1)
    assert piece_total(s) == data.PIECES_IN_BOX


def test_worker_pays_with_collected_pieces():
    """§4 Worker 1–2 and §5 order: collect, then erect — the collected pieces pay. p0 holds 1 wood
    and collects 2 sand + 1 clay: clay 4 + wood 2 + sand 2 = a Tower's 8 BP."""
    s = game(3, start=0)
    give(s, 0, sand=0, wood=1)
    choose(s, p0="worker_a", p1="messenger", p2="messenger")
    assert decision(s)["card"] == "worker_a"
    ev = play(s, "p0 erect tower")
    (erected,) = events_named(ev, "erected")
    assert erected["paid"] == {"clay": 1, "wood": 1, "sand": 2}
    assert s.players[0].pieces == pieces()


@pytest.mark.parametrize(("building", "vp"), [("tower", 3), ("well", 5), ("keep", 7)])
def test_worker_scores_half_vp(building, vp):
    """§4 Worker 2: half of each building's VP (all VP values are even): Tower 6 → 3, Well 10 → 5,
    Keep 14 → 7."""
    s = game(3, start=0)
    give(s, 0, stone=3, clay=3, wood=3, sand=3)
    choose(s, p0="worker_b", p1="messenger", p2="messenger")
    play(s, f"p0 erect {building}")
    while decision(s)["stage"] == "pay":
        CASTLE.apply(s, CASTLE.legal_actions(s, 0)[-1])
    assert s.players[0].vp == vp == data.BUILDING[building].vp // 2
    assert s.players[0].vp_by_source == {"buildings": vp}


def test_worker_places_no_helper():
    """§4 Worker 3: no helper placement, even after erecting, with talers and free places."""
    s = game(3, start=0)
    give(s, 0, talers=30, stone=1, wood=1, sand=0)
    choose(s, p0="worker_a", p1="messenger", p2="messenger")
    ev = play(s, "p0 erect tower", "p0 pay stone 1 0")
    assert events_named(ev, "erected")
    # p0 can afford nothing more: the Worker's action, and the round, are over.
    assert s.round == 2 and s.phase == "select"
    assert events_named(ev, "helper_placed") == []
    assert all(owner is None for owner in s.places.values())
    assert s.players[0].helpers == data.HELPERS[3]


def test_worker_erects_nothing_when_declining():
    """§4 Worker 2: "up to 2 buildings" — erecting is optional; the Worker still collects."""
    s = game(3, start=0)
    give(s, 0, stone=1, wood=1, sand=1)
    choose(s, p0="worker_a", p1="messenger", p2="messenger")
    ev = play(s, "p0 done")
    assert events_named(ev, "erected_nothing")
    assert s.players[0].pieces == pieces(stone=1, wood=1, sand=3, clay=1)


def test_workers_resolve_in_turn_order():
    """§3.6: several players with a Worker act one after another from the start player; each
    completes its action before the next begins (start player p2: p2, then p0, then p1)."""
    s = game(3, start=2)
    for seat in range(3):
        give(s, seat, stone=1, wood=1, sand=1)
    choose(s, p0="worker_a", p1="worker_b", p2="worker_c")
    play(s, "p2 worker_c sand sand")
    assert decision(s)["seat"] == 2
    # p2 collects at the start of its own action; the others' pieces are still on their cards.
    assert s.players[2].workers == {}
    assert s.players[0].workers == {"worker_a": {"sand": 2, "clay": 1}}
    play(s, "p2 done")
    assert decision(s)["seat"] == 0
    assert s.players[0].workers == {}
    assert s.players[1].workers == {"worker_b": {"wood": 2, "silver": 1}}
    play(s, "p0 done")
    assert decision(s)["seat"] == 1


# --- §11 Two Workers in a 2-player game --------------------------------------------------------


def test_two_player_equips_a_players_two_workers_in_order_a_b_c():
    """§3.5: a 2-player player's two Workers are equipped in the order A, B, C; its Worker C picks
    after its Worker A took the stock's last sand."""
    s = game(2, start=0)
    stock_to(s, "sand", 2)
    ev = choose(s, p0="worker_c worker_a", p1="messenger trader")
    equipped = events_named(ev, "equipped")
    assert [(e["p"], e["card"]) for e in equipped] == [(0, "worker_a"), (0, "worker_c")]
    assert s.players[0].workers["worker_a"] == {"sand": 2, "clay": 1}
    # No sand left for Worker C to choose.
    assert options(s) == ["p0 worker_c wood wood", "p0 worker_c wood clay", "p0 worker_c clay clay"]


def test_two_player_worker_order_is_chosen():
    """§3.6: in the Worker step a 2-player player with two Workers resolves both, in the order they
    choose, as two separate actions: Worker B first collects and erects while Worker A's pieces
    still lie on its card."""
    s = game(2, start=0)
    give(s, 0, stone=1, wood=1, sand=1)
    choose(s, p0="worker_a worker_b", p1="messenger trader")
    play(s, "p1 done")  # p1's Trader places nothing
    assert stage(s) == "first"
    assert options(s) == ["p0 first worker_a", "p0 first worker_b"]
    assert_refused(s, "p0 first worker_c", "worker.not_revealed")
    ev = play(s, "p0 first worker_b")
    assert events_named(ev, "worker_order")[0]["cards"] == ["worker_b", "worker_a"]
    d = decision(s)
    assert (d["stage"], d["card"]) == ("erect", "worker_b")
    assert s.players[0].pieces == pieces(stone=1, wood=3, sand=1, silver=1)
    assert s.players[0].workers == {"worker_a": {"sand": 2, "clay": 1}}
    play(s, "p0 done")
    d = decision(s)
    assert (d["stage"], d["card"]) == ("erect", "worker_a")
    assert s.players[0].workers == {}
    assert s.players[0].pieces == pieces(stone=1, wood=3, sand=3, clay=1, silver=1)


def test_two_player_each_worker_erects_up_to_two():
    """§4 Worker 2 and §3.6: two Workers are two separate actions, each erecting up to 2 buildings
    (4 Towers in all, each at half VP)."""
    s = game(2, start=0)
    give(s, 0, stone=4, wood=4, sand=4)
    choose(s, p0="worker_a worker_c", p1="messenger trader")
    play(s, "p0 worker_c wood wood", "p1 done", "p0 first worker_c")
    built = []
    for _ in range(2):
        built += events_named(play(s, "p0 erect tower"), "erected")
    # The first Worker's action is over after two buildings; the second one begins.
    assert decision(s)["card"] == "worker_a"
    for _ in range(2):
        built += events_named(play(s, "p0 erect tower", "p0 pay stone 1 0"), "erected")
    assert [e["card"] for e in built] == ["worker_c"] * 2 + ["worker_a"] * 2
    assert s.tiles["tower"] == 9 - 4
    assert s.players[0].vp == 4 * 3


def test_no_pieces_on_worker_cards_after_the_worker_step():
    """§4 Worker: "After the Worker step no piece lies on any Worker card" — also a refused last
    piece is collected by its Worker. At the last Worker's decision every card is empty."""
    s = game(3, start=0)
    give(s, 0, sand=0)
    give(s, 2, stone=1, wood=1, sand=1)
    stock_to(s, "sand", 0)  # p1's Worker A gets only its clay
    choose(s, p0="stonemason", p1="worker_a", p2="worker_c")
    play(s, "p2 worker_c wood clay")
    play(s, "p0 buy p1 worker_a clay", "p1 sell no", "p0 buy p2 worker_c stone")
    # p2's Worker (the last one) is deciding what to erect: every card is empty.
    assert decision(s)["seat"] == 2
    assert all(p.workers == {} for p in s.players)
    assert s.players[1].pieces["clay"] == 1
    assert s.players[2].pieces == pieces(stone=1, wood=2, sand=1, clay=1)
    assert piece_total(s) == data.PIECES_IN_BOX


def test_worker_c_without_stone_in_stock_still_chooses():
    """§3.5 ⚖: a card gets only what the stock still holds — no stone left, so Worker C carries
    only the two pieces its owner chooses."""
    s = game(3, start=0)
    stock_to(s, "stone", 0)
    choose(s, p0="worker_c", p1="stonemason", p2="messenger")
    play(s, "p0 worker_c clay clay")
    assert s.players[0].workers == {"worker_c": {"clay": 2}}
    assert piece_total(s) == data.PIECES_IN_BOX
