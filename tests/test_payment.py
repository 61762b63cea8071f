"""Rule scenarios for paying for buildings (§5 Erecting, §6 the Forge, §1 silver).

A building is paid with building pieces whose BP add up exactly to its cost, of at least 3
different kinds; each building separately; at most 2 buildings per card (two of one kind
allowed). Silver has no BP and is never a kind; it may be converted at the Forge as part of a
payment: the silver goes into the Forge and the converted piece, taken from the stock (so its kind
must be in the stock), is paid at once.

The engine builds a payment kind by kind (stone, clay, wood, sand): `pay <kind> <own> <silver>`.
The design promises that the steps reach exactly the legal payments; the perft-like tests below
enumerate every sequence of steps and compare the outcomes with a brute-force enumeration of all
(own, converted) vectors that satisfy the spec.

Situations: p0 plays the Stonemason while nobody plays a Worker (so there is nothing to buy and
p0 is asked first what to erect). Pieces are moved between the stock, the defense tower and the
players' supplies before the selection, so the 83 pieces stay accounted for.
"""

from __future__ import annotations

from itertools import product

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

import castle
from castle import CASTLE, data, payment

ORDER = ("stone", "clay", "wood", "sand")


def erecting(talers: int = 3, stock: dict[str, int] | None = None, **holding: int) -> castle.State:
    """p0 holds exactly `holding` (missing kinds 0) and is about to erect with its Stonemason."""
    s = game(3, start=0)
    give(s, 0, talers=talers, **pieces(**holding))
    for kind, n in (stock or {}).items():
        stock_to(s, kind, n)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    return s


# --- Exact cost, three kinds, kind by kind -----------------------------------------------------


def test_payment_is_built_kind_by_kind():
    """§5 (design: a payment is built in steps): after choosing a building, p0 says how many
    pieces of each kind it pays, stone first; other kinds are refused until their turn."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    assert stage(s) == "erect"
    play(s, "p0 erect tower")
    d = decision(s)
    assert (d["stage"], d["kind"]) == ("pay", "stone")
    assert options(s) == ["p0 pay stone 0 0", "p0 pay stone 1 0"]
    assert refusal(s, "p0 pay clay 1 0") == "pay.kind_order"
    # Silver is never paid for a building (§1): it is no step of a payment.
    assert refusal(s, "p0 pay silver 1 0") == "pay.kind_order"


def test_paying_more_than_the_cost_is_refused():
    """§5: the BP add up *exactly* to the cost: 2 stone (10 BP) for a Tower (8 BP) is too much."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    play(s, "p0 erect tower")
    assert_refused(s, "p0 pay stone 2 0", "pay.exceeds_cost")


def test_a_step_that_cannot_reach_the_exact_cost_is_refused():
    """§5 exact cost: Gate (18) after 1 stone leaves 13 BP; without clay, wood 3 + sand 4 make at
    most 10, so "no clay" is refused; 1 or 2 clay can still end exactly."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    play(s, "p0 erect gate", "p0 pay stone 1 0")
    assert decision(s)["kind"] == "clay"
    assert options(s) == ["p0 pay clay 1 0", "p0 pay clay 2 0"]
    assert_refused(s, "p0 pay clay 0 0", "pay.exact_cost")
    assert refusal(s, "p0 pay clay 3 0") == "pay.not_enough_pieces"


def test_fewer_than_three_kinds_is_refused():
    """§5: at least 3 different kinds (S000). Gate after 2 stone: 2 clay would pay the exact 18 BP
    with only stone and clay, so it is refused; 0 or 1 clay leave room for a third kind."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    play(s, "p0 erect gate", "p0 pay stone 2 0")
    assert options(s) == ["p0 pay clay 0 0", "p0 pay clay 1 0"]
    assert_refused(s, "p0 pay clay 2 0", "pay.three_kinds")


def test_own_pieces_and_silver_are_limited_to_what_the_player_holds():
    """§5: a player pays with pieces they hold; silver converted must be their own silver."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    play(s, "p0 erect gate")
    assert refusal(s, "p0 pay stone 3 0") == "pay.not_enough_pieces"
    assert refusal(s, "p0 pay stone 0 1") == "pay.not_enough_silver"


def test_paid_pieces_go_back_to_the_stock():
    """§5: "Paid pieces go back to the stock"; the tile leaves the board and the VP are scored."""
    s = erecting(stone=2, clay=2, wood=3, sand=4)
    stock = dict(s.stock)
    ev = play(s, "p0 erect gate", "p0 pay stone 1 0", "p0 pay clay 2 0", "p0 pay wood 2 0")
    (erected,) = events_named(ev, "erected")
    assert erected["paid"] == {"stone": 1, "clay": 2, "wood": 2, "sand": 1}
    assert s.players[0].pieces == pieces(stone=1, wood=1, sand=3)
    assert s.stock == {
        **stock,
        "stone": stock["stone"] + 1,
        "clay": stock["clay"] + 2,
        "wood": stock["wood"] + 2,
        "sand": stock["sand"] + 1,
    }
    assert s.tiles["gate"] == 0
    assert "gate" in s.places
    assert piece_total(s) == data.PIECES_IN_BOX


# --- Silver and the Forge ----------------------------------------------------------------------


def test_silver_is_neither_a_kind_nor_building_points():
    """§1: silver "can never be paid for a building, count as one of a payment's kinds". p0 holds
    stone, clay, 3 sand and a silver, and the stock has no wood: a Well (stone + clay + 3 sand =
    12) is payable, but a Tower is not — any 3 kinds include stone and clay (9 BP > 8); stone +
    3 sand + the silver would need silver to count as a kind (and as 0 or 1 BP)."""
    s = erecting(stone=1, clay=1, sand=3, silver=1, stock={"wood": 0})
    assert "p0 erect well" in options(s)
    assert "p0 erect tower" not in options(s)
    assert_refused(s, "p0 erect tower", "erect.cannot_pay")


def test_converted_silver_goes_to_the_forge():
    """§6 (a): a piece converted in a payment is paid at once: 1 silver from the player into the
    Forge, the piece from the stock straight back to it. stone + wood + converted sand = Tower."""
    s = erecting(stone=1, wood=1, silver=1)
    stock = dict(s.stock)
    ev = play(s, "p0 erect tower")  # the only way to pay: every step is forced
    (erected,) = events_named(ev, "erected")
    assert erected["paid"] == {"stone": 1, "wood": 1}
    assert erected["converted"] == {"sand": 1}
    assert s.forge == 1
    # A conversion never leaves the piece in the player's supply.
    assert s.players[0].pieces == pieces()
    assert s.stock == {**stock, "stone": stock["stone"] + 1, "wood": stock["wood"] + 1}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_conversion_needs_the_kind_in_the_stock():
    """§6: "a kind with no piece in the stock cannot be chosen" for a conversion. With no stone in
    the stock, p0's silver cannot become a stone for its Well; it can become a clay."""
    s = erecting(stone=1, clay=2, wood=2, sand=2, silver=2, stock={"stone": 0})
    play(s, "p0 erect well")
    assert options(s) == ["p0 pay stone 0 0", "p0 pay stone 1 0"]
    assert_refused(s, "p0 pay stone 0 1", "forge.kind_not_in_stock")
    play(s, "p0 pay stone 0 0")
    assert "p0 pay clay 1 1" in options(s)


def test_converted_pieces_are_limited_by_the_stock():
    """§6 ⚖: the stock must hold each converted piece: with 1 clay in the stock, 2 silver convert
    into at most 1 clay (Well: stone + converted clay + wood + sand = 12)."""
    s = erecting(stone=1, wood=1, sand=2, silver=2, stock={"clay": 1})
    play(s, "p0 erect well", "p0 pay stone 1 0")
    assert decision(s)["kind"] == "clay"
    assert options(s) == ["p0 pay clay 0 0", "p0 pay clay 0 1"]
    assert_refused(s, "p0 pay clay 0 2", "forge.kind_not_in_stock")


# --- Two buildings per card --------------------------------------------------------------------


def test_two_buildings_of_the_same_kind():
    """§5: "The two buildings of one action may be of the same kind (two Towers)"; tiles of one
    kind are interchangeable."""
    s = erecting(stone=2, wood=2, sand=2)
    ev = play(s, "p0 erect tower", "p0 erect tower")
    assert [e["building"] for e in events_named(ev, "erected")] == ["tower", "tower"]
    assert s.tiles["tower"] == 7
    assert s.players[0].vp == 12


def test_each_building_is_paid_separately():
    """§5: "Each building is paid separately" (exact cost, 3 kinds each). 2 stone + 1 wood + 4 sand
    are 16 BP, two Towers' worth, but after one Tower (stone + wood + sand) the rest (stone + 3
    sand) is only 2 kinds: the second Tower cannot be paid."""
    s = erecting(stone=2, wood=1, sand=4)
    ev = play(s, "p0 erect tower")
    assert len(events_named(ev, "erected")) == 1
    assert s.players[0].pieces == pieces(stone=1, sand=3)
    # p0 could pay nothing more: the action went on without asking (no fee affordable either).
    assert s.round == 2 and s.phase == "select"


def test_at_most_two_buildings_per_card():
    """§5: at most 2 buildings per card — p0 could pay a third Tower but is asked no more."""
    s = erecting(talers=20, stone=3, wood=3, sand=3)
    play(s, "p0 erect tower", "p0 erect tower")
    assert s.players[0].pieces == pieces(stone=1, wood=1, sand=1)
    assert stage(s) == "helper"
    assert refusal(s, "p0 erect tower") == "turn.other_decision"
    assert s.tiles["tower"] == 7


def test_no_tile_left():
    """§5: "Pick a tile still on the board": with no Tower left, a House (same cost) is possible."""
    s = game(3, start=0)
    give(s, 0, **pieces(stone=1, wood=1, sand=1))
    s.tiles["tower"] = 0  # as if all 9 Towers had been erected
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    assert_refused(s, "p0 erect tower", "erect.no_tile")
    assert "p0 erect house" in options(s)


def test_unaffordable_building_is_refused():
    """§5: a building whose cost p0 cannot pay exactly with 3 kinds is refused (erect.cannot_pay):
    8 BP pay a Tower, not a Keep (24)."""
    s = erecting(stone=1, wood=1, sand=1)
    assert options(s) == ["p0 erect tower", "p0 erect house", "p0 done"]
    assert_refused(s, "p0 erect keep", "erect.cannot_pay")
    assert_refused(s, "p0 erect well", "erect.cannot_pay")


# --- The steps reach exactly the legal payments ------------------------------------------------


def legal_payments(cost: int, have: dict[str, int], stock: dict[str, int]) -> set[tuple]:
    """Brute force over every (own, converted) vector of the 4 building kinds (in ORDER) that the
    spec allows: own ≤ held, converted ≤ stock of that kind (§6), total converted ≤ silver held,
    BP exactly the cost, at least 3 kinds paid (a converted piece counts as its kind)."""
    choices = [
        [(o, c) for o in range(have[k] + 1) for c in range(min(have["silver"], stock[k]) + 1)]
        for k in ORDER
    ]
    out = set()
    for vec in product(*choices):
        if sum(c for _, c in vec) > have["silver"]:
            continue
        if sum((o + c) * data.BP[k] for k, (o, c) in zip(ORDER, vec, strict=True)) != cost:
            continue
        if sum(1 for o, c in vec if o + c) < data.MIN_PAYMENT_KINDS:
            continue
        out.add(vec)
    return out


def reachable_payments(s: castle.State, building: str) -> list[tuple]:
    """Every sequence of legal steps from `erect <building>`, each ending in a payment."""
    found: list[tuple] = []

    def walk(state: castle.State, action: castle.Action) -> None:
        branch = CASTLE.copy(state)
        ev = CASTLE.apply(branch, action)
        erected = events_named(ev, "erected")
        if erected:
            paid, conv = erected[0]["paid"], erected[0]["converted"]
            found.append(tuple((paid.get(k, 0), conv.get(k, 0)) for k in ORDER))
            return
        assert stage(branch) == "pay"
        nxt = CASTLE.legal_actions(branch, 0)
        assert nxt, "a dead end: a legal step after which the payment cannot be completed"
        for a in nxt:
            walk(branch, a)

    walk(s, CASTLE.parse_action(f"p0 erect {building}"))
    return found


HOLDINGS = [
    # (holding, stock left of some kinds)
    ({"stone": 2, "clay": 2, "wood": 3, "sand": 4, "silver": 2}, {}),
    ({"stone": 1, "clay": 1, "wood": 2, "sand": 3, "silver": 3}, {"stone": 0, "clay": 1}),
    ({"sand": 1, "silver": 4}, {}),
    ({"stone": 3, "clay": 1, "wood": 1, "sand": 0, "silver": 2}, {"sand": 1}),
    ({"clay": 3, "wood": 4, "sand": 2, "silver": 1}, {"stone": 0}),
]


@pytest.mark.parametrize(("holding", "stock"), HOLDINGS)
@pytest.mark.parametrize("building", ["tower", "well", "gate", "keep", "palace"])
def test_steps_reach_exactly_the_legal_payments(holding, stock, building):
    """Design (payments built in steps) and §5/§6: the payments reachable by the steps are exactly
    the legal payments — every legal payment, and nothing else — each reached by exactly one
    sequence of steps; a building with no legal payment is refused (erect.cannot_pay)."""
    s = erecting(stock=stock, **holding)
    if CASTLE.asked(s) != [0] or stage(s) != "erect":
        pytest.skip("p0 can pay for no building here; nothing to enumerate")
    have = {**pieces(), **holding}
    cost = data.BUILDING[building].cost
    expected = legal_payments(cost, have, s.stock)
    if not expected:
        assert refusal(s, f"p0 erect {building}") == "erect.cannot_pay"
        return
    found = reachable_payments(s, building)
    assert len(found) == len(set(found))
    assert set(found) == expected


def test_step_sequences_counted_by_hand():
    """Perft-like, counted by hand from §5: stone 1, clay 1, wood 2, sand 2 pay a Tower (8) in
    exactly two ways — stone + wood + sand (5+2+1) and clay + wood + 2 sand (4+2+2) — and a Well
    (12) in one — one of each (5+4+2+1)."""
    s = erecting(stone=1, clay=1, wood=2, sand=2)
    assert sorted(reachable_payments(s, "tower")) == [
        ((0, 0), (1, 0), (1, 0), (2, 0)),
        ((1, 0), (0, 0), (1, 0), (1, 0)),
    ]
    assert reachable_payments(s, "well") == [((1, 0), (1, 0), (1, 0), (1, 0))]


def test_a_bricklayers_suggested_payments_spend_the_most_pieces_first():
    """§4 Bricklayer: each piece spent brings 1 taler, so the payments offered in one click to a
    Bricklayer start with the most pieces; to anyone else, with the fewest."""
    hand = {"sand": 4, "wood": 2, "clay": 2, "stone": 2, "silver": 0}
    stock = dict.fromkeys(hand, 20)
    cost = data.BUILDING["small_gate"].cost
    every = {payment.spent(p) for p in payment.payments(cost, hand, stock)}
    brick = payment.suggested(cost, hand, stock, card="bricklayer")
    other = payment.suggested(cost, hand, stock, card="stonemason")
    assert payment.spent(brick[0]) == max(every)
    assert payment.spent(other[0]) == min(every)
