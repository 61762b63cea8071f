"""The characters' own steps (§4): Messenger, Trader and delivery, the Bricklayer's tower and
talers, the Stonemason's purchases, the Workers, the Master Builder.

Erecting buildings and placing helpers, shared by several characters, live in building.py.
"""

from __future__ import annotations

from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

from . import data
from .actions import Action, make
from .state import State
from .tasks import act

# --- Messenger ---------------------------------------------------------------------------------


def messenger(s: State, t: Task, ev: Events) -> None:
    s.players[t["seat"]].talers += data.MESSENGER_TALERS
    ev.append(event("messenger", p=t["seat"], talers=data.MESSENGER_TALERS))


# --- Trader ------------------------------------------------------------------------------------


def _trader_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "trader", place) for place in data.TRADER_PLACES] + [make(seat, "done")]


def _trader_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "done":
        return None
    seat, place = a["p"], a["place"]
    if place not in data.TRADER_PLACES:
        return Refusal("trader.unknown_place", {"place": place})
    if s.players[seat].helpers < 1:
        return Refusal("trader.no_helper_in_supply")
    carts_full = all(s.traders[c] is not None for c in data.CARTS)
    occupant = s.traders[place]
    if occupant is None:
        if place == data.RIDER and not carts_full:
            return Refusal("trader.rider.carts_not_full")
        return None
    if occupant == seat:  # the first reason a player needs: it is their own helper
        return Refusal("trader.displace.own_helper")
    if not carts_full:
        return Refusal("trader.displace.carts_not_full")
    if place == data.RIDER and not data.RIDER_DISPLACEABLE:
        return Refusal("trader.displace.rider")
    if place in s.fresh:
        return Refusal("trader.displace.placed_this_round", {"place": place})
    return None


def _trader_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    seat = a["p"]
    if a["do"] == "done":
        ev.append(event("trader_passed", p=seat))
        return
    place = a["place"]
    displaced = s.traders[place]
    if displaced is not None:
        s.players[displaced].helpers += 1  # ⚖ back to its owner's supply
    s.players[seat].helpers -= 1
    s.traders[place] = seat
    s.fresh.append(place)
    ev.append(event("trader_placed", p=seat, place=place, displaced=displaced))


TRADER = Stage(
    "trader", ("trader", "done"), _trader_candidates, _trader_check, _trader_perform, kind="place"
)


def deliver(s: State, t: Task, ev: Events) -> None:
    """After all Traders: every cart and rider helper delivers, minus the tribute (S000)."""
    if not any("trader" in p.revealed for p in s.players):
        ev.append(event("no_delivery"))
        return
    for place, (kind, amount) in data.TRADER_PLACES.items():
        owner = s.traders[place]
        if owner is None:
            continue
        count = min(amount, s.stock[kind])
        tribute = min(data.TRIBUTE, count)
        s.stock[kind] -= count
        s.tower[kind] += tribute
        s.players[owner].pieces[kind] += count - tribute
        ev.append(
            event(
                "delivered",
                p=owner,
                place=place,
                kind=kind,
                count=count,
                tribute=tribute,
                kept=count - tribute,
            )
        )


# --- Bricklayer --------------------------------------------------------------------------------


def _tower_enter(s: State, t: Task, ev: Events) -> bool:
    if any(s.tower.values()):
        return True
    ev.append(event("tower_empty", p=t["seat"]))
    return False


def _tower_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "tower", kind) for kind in data.KINDS]


def _tower_check(s: State, t: Task, a: Action) -> Refusal | None:
    kind = a["kind"]
    if kind not in data.KINDS:
        return Refusal("action.unknown_kind", {"kind": kind})
    if not s.tower[kind]:
        return Refusal("bricklayer.tower.kind_empty", {"kind": kind})
    return None


def _tower_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    kind = a["kind"]
    count = s.tower[kind]
    s.tower[kind] = 0
    s.players[a["p"]].pieces[kind] += count
    ev.append(event("tower_taken", p=a["p"], kind=kind, count=count))
    t["stage"] = None


TOWER = Stage("tower", ("tower",), _tower_candidates, _tower_check, _tower_perform, _tower_enter)


def bricklayer_talers(s: State, t: Task, ev: Events) -> None:
    """1 taler per piece spent on the buildings just erected (S000)."""
    spent = t.get("spent", 0)
    if spent:
        talers = spent * data.BRICKLAYER_TALERS_PER_PIECE
        s.players[t["seat"]].talers += talers
        ev.append(event("bricklayer_talers", p=t["seat"], pieces=spent, talers=talers))


# --- Stonemason --------------------------------------------------------------------------------


def _buy_candidates(s: State, t: Task, seat: int) -> list[Action]:
    out: list[Action] = []
    for seller in s.seats_from_start():
        for card, pieces in s.players[seller].workers.items():
            out.extend(make(seat, "buy", seller, card, k) for k in data.KINDS if pieces.get(k))
    out.append(make(seat, "done"))
    return out


def _buy_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "done":
        return None
    seat, seller, card, kind = a["p"], a["seller"], a["card"], a["kind"]
    if not 0 <= seller < s.n:
        return Refusal("action.unknown_seat", {"seat": seller})
    if seller == seat:
        return Refusal("stonemason.buy.own_worker")
    if card not in s.players[seller].workers:
        return Refusal("stonemason.buy.no_worker_card", {"seller": seller, "card": card})
    if seller in t.get("bought_from", ()):
        return Refusal("stonemason.buy.already_bought_from", {"seller": seller})
    if [seller, card] in t.get("refused", ()):
        return Refusal("stonemason.buy.refused", {"seller": seller, "card": card})
    if not s.players[seller].workers[card].get(kind):
        return Refusal("stonemason.buy.not_on_card", {"kind": kind})
    if s.players[seat].talers < data.STONEMASON_PRICE:
        return Refusal("stonemason.buy.no_taler", {"price": data.STONEMASON_PRICE})
    return None


def _sell(s: State, t: Task, buyer: int, seller: int, card: str, kind: str, ev: Events) -> None:
    on = s.players[seller].workers[card]
    on[kind] -= 1
    if not on[kind]:
        del on[kind]
    s.players[buyer].pieces[kind] += 1
    s.players[buyer].talers -= data.STONEMASON_PRICE
    s.players[seller].talers += data.STONEMASON_PRICE
    t.setdefault("bought_from", []).append(seller)
    ev.append(
        event(
            "bought",
            p=buyer,
            seller=seller,
            card=card,
            kind=kind,
            talers=data.STONEMASON_PRICE,
        )
    )


def _buy_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    if a["do"] == "done":
        t["stage"] = None
        return
    seller, card, kind = a["seller"], a["card"], a["kind"]
    if sum(s.players[seller].workers[card].values()) == 1:
        # The last piece on that card: its owner decides whether to sell (S000).
        t["offer"] = {"seller": seller, "card": card, "kind": kind}
        t["stage"] = "sell"
        ev.append(event("offer", p=a["p"], seller=seller, card=card, kind=kind))
        return
    _sell(s, t, a["p"], seller, card, kind, ev)


BUY = Stage("buy", ("buy", "done"), _buy_candidates, _buy_check, _buy_perform)


def _sell_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "sell", True), make(seat, "sell", False)]


def _sell_check(s: State, t: Task, a: Action) -> Refusal | None:
    return None


def _sell_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    offer = t.pop("offer")
    seller, card, kind = offer["seller"], offer["card"], offer["kind"]
    t["stage"] = "buy"
    if a["accept"]:
        _sell(s, t, t["seat"], seller, card, kind, ev)
    else:
        # ⚖ The refused offer is not made again in this action.
        t.setdefault("refused", []).append([seller, card])
        ev.append(event("sale_refused", p=t["seat"], seller=seller, card=card, kind=kind))


def _sell_deciders(_s: State, t: Task) -> list[int]:
    """The seller answers the offer, not the Stonemason whose task it is."""
    return [t["offer"]["seller"]]


SELL = Stage(
    "sell",
    ("sell",),
    _sell_candidates,
    _sell_check,
    _sell_perform,
    deciders=_sell_deciders,
    kind="confirm",
)


# --- Workers -----------------------------------------------------------------------------------


def _first_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "first", c) for c in data.WORKERS if c in s.players[seat].revealed]


def _first_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["card"] not in data.WORKERS or a["card"] not in s.players[a["p"]].revealed:
        return Refusal("worker.not_revealed", {"card": a["card"]})
    return None


def _first_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    rest = [c for c in s.players[seat].revealed if c in data.WORKERS and c != a["card"]]
    s.queue[:0] = [act(seat, a["card"])] + [act(seat, c) for c in rest]
    ev.append(event("worker_order", p=seat, cards=[a["card"], *rest]))
    t["stage"] = None


FIRST = Stage("first", ("first",), _first_candidates, _first_check, _first_perform)


def collect(s: State, t: Task, ev: Events) -> None:
    """A Worker moves the pieces still on its card into its owner's supply."""
    p = s.players[t["seat"]]
    on = p.workers.pop(t["card"], {})
    for kind, count in on.items():
        p.pieces[kind] += count
    ev.append(event("collected", p=t["seat"], card=t["card"], pieces=on))


# --- Master Builder ----------------------------------------------------------------------------


def master_builder(s: State, t: Task, ev: Events) -> None:
    seat = t["seat"]
    p = s.players[seat]
    others = sum(q.built_this_round for i, q in enumerate(s.players) if i != seat)
    # ⚖ Legality and bonus are fixed at selection: a Master Builder could only be chosen with a
    # card already face up (select.master_builder.no_face_up_card), so every one revealed earns it.
    bonus = others * data.MASTER_BUILDER_BONUS
    if bonus:
        p.vp += bonus
        p.vp_by_source["master_builder"] = p.vp_by_source.get("master_builder", 0) + bonus
    back = list(p.played)
    p.hand = sorted(p.hand + back, key=data.CARDS.index)
    p.played = []
    ev.append(event("master_builder", p=seat, buildings=others, vp=bonus, cards=back))


STAGES = {"trader": TRADER, "tower": TOWER, "buy": BUY, "sell": SELL, "first": FIRST}
AUTO_STEPS: dict[str, AutoStep[State]] = {
    "messenger": messenger,
    "deliver": deliver,
    "bricklayer_talers": bricklayer_talers,
    "collect": collect,
    "master_builder": master_builder,
}
