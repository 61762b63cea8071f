"""Erecting buildings and placing helpers (§5), with silver converted as part of a payment (§6).

A card erects up to two buildings: `erect <building>` opens a payment, settled kind by kind
(payment.py) by `pay <kind> <own> <silver>` steps; the last step erects the building. Then the
Bricklayer and the Stonemason may place up to two helpers: in the castle, or in winter on the
Innkeeper and the Granary (winter.py).
"""

from __future__ import annotations

from tabletop.refusal import Refusal
from tabletop.stage import Events, Stage, Task, event

from . import data, payment, winter
from .actions import Action, make
from .state import State

PLACE_IDS = tuple(data.PLACE)

# --- Choosing a building -----------------------------------------------------------------------


def _erect_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "erect", b) for b in data.TILE_BUILDINGS] + [make(seat, "done")]


def _erect_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "done":
        return None
    building = a["building"]
    if building not in data.TILE_BUILDINGS:
        return Refusal("erect.unknown_building", {"building": building})
    if t.get("built", 0) >= data.MAX_BUILDINGS_PER_CARD:
        return Refusal("erect.limit", {"max": data.MAX_BUILDINGS_PER_CARD})
    if not s.tiles[building]:
        return Refusal("erect.no_tile", {"building": building})
    cost = data.BUILDING[building].cost
    if not payment.affordable(cost, s.players[a["p"]].pieces, s.stock):
        return Refusal("erect.cannot_pay", {"building": building, "cost": cost})
    return None


#: Each tile building with its cost, for `_erect_forced`.
_COSTS = tuple((building, data.BUILDING[building].cost) for building in data.TILE_BUILDINGS)


def _erect_forced(s: State, t: Task, seat: int) -> Action | None:
    """ "done" when it is the only option (`_erect_check` refuses every building), else None:
    each cost on a tile left is checked once, without an action or a refusal made for each
    building. Most hands pay for none, and a search asks this after nearly every card."""
    if t.get("built", 0) < data.MAX_BUILDINGS_PER_CARD:
        pieces, stock, tiles = s.players[seat].pieces, s.stock, s.tiles
        tried: set[int] = set()
        for building, cost in _COSTS:
            if tiles[building] and cost not in tried:
                if payment.affordable(cost, pieces, stock):
                    return None
                tried.add(cost)
    return make(seat, "done")


def _erect_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    if a["do"] == "done":
        if not t.get("built"):
            ev.append(event("erected_nothing", p=a["p"], card=t["card"]))
        t["stage"] = None
        return
    building = a["building"]
    t["stage"] = "pay"
    t["pay"] = {
        "building": building,
        "step": 0,
        "rem": data.BUILDING[building].cost,
        "kinds": 0,
        "silver": 0,
        "own": {},
        "converted": {},
    }


ERECT = Stage(
    "erect",
    ("erect", "done"),
    _erect_candidates,
    _erect_check,
    _erect_perform,
    forced=_erect_forced,
)


# --- Paying, kind by kind ----------------------------------------------------------------------


def _pay_counts(s: State, t: Task, seat: int) -> list[tuple[int, int]]:
    """The step's (own pieces, silver converted) within the seat's pieces, its free silver,
    the stock and the cost left: the candidates, of which `_pay_check` keeps those after
    which the payment can still be finished."""
    ctx = t["pay"]
    kind = payment.ORDER[ctx["step"]]
    bp = data.BP[kind]
    p = s.players[seat]
    most_silver = min(p.pieces["silver"] - ctx["silver"], s.stock[kind])
    out = []
    for own in range(p.pieces[kind] + 1):
        for silver in range(most_silver + 1):
            if (own + silver) * bp > ctx["rem"]:
                break
            out.append((own, silver))
    return out


def _pay_candidates(s: State, t: Task, seat: int) -> list[Action]:
    kind = payment.ORDER[t["pay"]["step"]]
    return [make(seat, "pay", kind, own, silver) for own, silver in _pay_counts(s, t, seat)]


def _pay_forced(s: State, t: Task, seat: int) -> Action | None:
    """The step when it is the only legal one, else None. Within `_pay_counts` every
    condition of `_pay_check` holds but the last, so only that one is asked of each count,
    without an action or a refusal made for it (the engine asks this at every step of every
    payment a search plays)."""
    ctx = t["pay"]
    step = ctx["step"]
    kind = payment.ORDER[step]
    bp = data.BP[kind]
    p = s.players[seat]
    free_silver = p.pieces["silver"] - ctx["silver"]
    mine = payment.kinds_in_order(p.pieces)
    stock = payment.kinds_in_order(s.stock)
    only = None
    for own, silver in _pay_counts(s, t, seat):
        paid = own + silver
        rem, kinds = ctx["rem"] - paid * bp, ctx["kinds"] + (paid > 0)
        if payment.can_finish(step + 1, rem, kinds, free_silver - silver, mine, stock):
            if only is not None:
                return None
            only = (own, silver)
    assert only is not None, "a payment begun can always be finished"
    return make(seat, "pay", kind, *only)


def _pay_check(s: State, t: Task, a: Action) -> Refusal | None:
    ctx = t["pay"]
    step = ctx["step"]
    expected = payment.ORDER[step]
    kind, own, silver = a["kind"], a["own"], a["silver"]
    if kind != expected:
        return Refusal("pay.kind_order", {"expected": expected})
    if own < 0 or silver < 0:
        return Refusal("action.negative_count")
    p = s.players[a["p"]]
    if own > p.pieces[kind]:
        return Refusal("pay.not_enough_pieces", {"kind": kind, "have": p.pieces[kind]})
    free_silver = p.pieces["silver"] - ctx["silver"]
    if silver > free_silver:
        return Refusal("pay.not_enough_silver", {"have": free_silver})
    if silver > s.stock[kind]:
        return Refusal("forge.kind_not_in_stock", {"kind": kind})
    rem = ctx["rem"] - (own + silver) * data.BP[kind]
    if rem < 0:
        return Refusal("pay.exceeds_cost", {"remaining": ctx["rem"]})
    kinds = ctx["kinds"] + (own + silver > 0)
    mine = payment.kinds_in_order(p.pieces)
    stock = payment.kinds_in_order(s.stock)
    left = free_silver - silver
    if payment.can_finish(step + 1, rem, kinds, left, mine, stock):
        return None
    if payment.can_finish(step + 1, rem, data.MIN_PAYMENT_KINDS, left, mine, stock):
        return Refusal("pay.three_kinds", {"min": data.MIN_PAYMENT_KINDS})
    return Refusal("pay.exact_cost", {"remaining": rem})


def _pay_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    ctx = t["pay"]
    kind, own, silver = a["kind"], a["own"], a["silver"]
    if own:
        ctx["own"][kind] = own
    if silver:
        ctx["converted"][kind] = silver
    ctx["silver"] += silver
    ctx["rem"] -= (own + silver) * data.BP[kind]
    ctx["kinds"] += own + silver > 0
    ctx["step"] += 1
    if ctx["step"] == len(payment.ORDER):
        _erect(s, t, a["p"], ev)


def _erect(s: State, t: Task, seat: int, ev: Events) -> None:
    """The payment is complete: pay, erect, score the card's share of the building's VP."""
    ctx = t.pop("pay")
    p = s.players[seat]
    building = data.BUILDING[ctx["building"]]
    for kind, count in ctx["own"].items():
        p.pieces[kind] -= count
        s.stock[kind] += count
    # A converted piece comes from the stock and is paid straight back to it (§6 ⚖): only
    # the silver moves, from the player into the Forge.
    converted = ctx["silver"]
    p.pieces["silver"] -= converted
    s.forge += converted
    s.tiles[building.id] -= 1
    for place in building.places:
        s.places[place.id] = None
    num, den = data.ERECT_VP_SHARE[t["card"]]
    vp = building.vp * num // den
    if vp:
        p.vp += vp
        p.vp_by_source["buildings"] = p.vp_by_source.get("buildings", 0) + vp
    pieces = sum(ctx["own"].values()) + converted
    t["built"] = t.get("built", 0) + 1
    t["spent"] = t.get("spent", 0) + pieces
    p.built_this_round += 1
    ev.append(
        event(
            "erected",
            p=seat,
            card=t["card"],
            building=building.id,
            paid=dict(ctx["own"]),
            converted=dict(ctx["converted"]),
            vp=vp,
        )
    )
    t["stage"] = "erect"


PAY = Stage(
    "pay",
    ("pay",),
    _pay_candidates,
    _pay_check,
    _pay_perform,
    kind="payment",
    forced=_pay_forced,
)


# --- Placing helpers ---------------------------------------------------------------------------


def _helper_enter(s: State, t: Task, ev: Events) -> bool:
    return bool(t.get("built"))


def helper_sources(s: State, seat: int) -> list[str]:
    """Where a helper for the castle can come from: the supply, or one of the seat's carts."""
    sources = ["supply"] if s.players[seat].helpers else []
    return sources + [place for place, owner in s.traders.items() if owner == seat]


def _helper_candidates(s: State, t: Task, seat: int) -> list[Action]:
    sources = helper_sources(s, seat)
    places = [p for p in PLACE_IDS if p in s.places and s.places[p] is None]
    out = [
        make(seat, "helper", place, source)
        for place in places + winter.open_places(s)
        for source in sources
    ]
    out.append(make(seat, "done"))
    return out


def _helper_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "done":
        return None
    seat, place, source = a["p"], a["place"], a["source"]
    p = s.players[seat]
    if t.get("helpers", 0) >= data.MAX_HELPERS_PER_CARD:
        return Refusal("helper.limit", {"max": data.MAX_HELPERS_PER_CARD})
    if place in data.WINTER_PLACES:
        refusal = winter.place_check(s, seat, place)
        if refusal:
            return refusal
    elif place not in data.PLACE:
        return Refusal("helper.unknown_place", {"place": place})
    else:
        building = data.PLACE_BUILDING[place]
        if place not in s.places:
            return Refusal("helper.not_erected", {"building": building})
        if s.places[place] is not None:
            return Refusal("helper.place_taken", {"place": place})
        if building in p.helper_buildings:
            return Refusal("helper.same_building_this_round", {"building": building})
        fee = data.PLACE[place].fee
        if p.talers < fee:
            return Refusal("helper.fee", {"fee": fee, "have": p.talers})
    if source == "supply":
        if not p.helpers:
            return Refusal("helper.none_in_supply")
    elif source not in data.TRADER_PLACES:
        return Refusal("helper.unknown_source", {"source": source})
    elif s.traders[source] != seat:
        return Refusal("helper.not_at_that_cart", {"source": source})
    return None


def _helper_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    if a["do"] == "done":
        t["stage"] = None
        return
    place, source = a["place"], a["source"]
    p = s.players[seat]
    if source == "supply":
        p.helpers -= 1
    else:
        s.traders[source] = None
        if source in s.fresh:
            s.fresh.remove(source)
    t["helpers"] = t.get("helpers", 0) + 1
    if place in data.WINTER_PLACES:
        winter.place_helper(s, seat, place, source, ev)
        return
    fee = data.PLACE[place].fee
    p.talers -= fee
    s.places[place] = seat
    p.helper_buildings.append(data.PLACE_BUILDING[place])
    ev.append(event("helper_placed", p=seat, place=place, source=source, fee=fee))


HELPER = Stage(
    "helper",
    ("helper", "done"),
    _helper_candidates,
    _helper_check,
    _helper_perform,
    _helper_enter,
    kind="place",
)

STAGES = {"erect": ERECT, "pay": PAY, "helper": HELPER}
