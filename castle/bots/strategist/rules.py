"""The strategist's decisions, one rule of thumb each, by the decision asked (the engine's
stage). The card choice is `cards.py`; the numbers are `advice.py`.

* **erect**: the building that scores best by `cards.erect_score` (VP share, the helpers it
  helps and hurts, the Bricklayer's talers, the place it lets a helper take), as long as it
  scores above nothing: "do not hesitate to build" (Spielekritik 2009);
* **pay**: convert no silver where a piece will do (silver is the wild piece); the Bricklayer
  spends the most pieces (a taler each); otherwise keep three kinds, then a hand that can pay
  the most buildings next, then spend the fewest pieces (ours, from the rules of payment);
* **helper**: the free place whose projected end VP beats its fee by `place_margin`, the best
  first (Spielekritik: helpers bring many points at the end; Schloesser: beat the others to
  the lucrative places); a helper from the supply, else from the cart that delivers least;
* **trader**: the cart that leaves the most BP, with two small preferences a richer cart
  outweighs: a kind the seat lacks (`cart_lacking_kind`) and, with every cart taken, the leading
  rival's helper pushed out (`cart_push_leader`; the rulebook: the others must not gain more
  from your moves than you);
* **tower**: the pile of the most BP;
* **buy**: first a piece that makes a building payable (`buy_opens_vp`), else the one worth most
  above a taler, none when no piece is worth its taler;
* **worker C**: the two pieces after which the best building is payable, else the most BP,
  else kinds the seat lacks;
* **sell**: keep the last piece on a Worker (the rulebook's warning again);
* **the end**: silver goes to the Forge only for a seat with a Forge place or Palace room
  (never to feed a rival's Forge); the Palace takes the biggest pieces; the Market all it can;
* **winter**: pay talers for the Plague or the Snowdrift when cheap, else give up the card
  least needed (`DISCARD_ORDER`); return stones to the Cracked Wall but keep one while
  buildings may still need it; give the Damsel sand, wood or spare talers, then drop out;
  take back the dearest item; the toll sends home the helper that delivers least.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.game import Action

from ... import data, engine, payment, scoring, winter
from ...actions import make
from ...state import State
from . import cards, outlook
from .advice import DISCARD_ORDER, ITEM_WORTH, value

Decide = Callable[[State, int, list[Action]], Action]


def decide(s: State, seat: int) -> Action:
    """The rules' action for `seat`, which is asked now."""
    legal = engine.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    stage = engine.stage(s)
    assert stage is not None
    rule = DECISIONS.get(stage.name)
    if rule is None:  # a stage added to the engine later: the strategist needs a rule for it
        raise NotImplementedError(f"the strategist has no rule for the stage {stage.name!r}")
    return rule(s, seat, legal)


def _done(legal: list[Action]) -> Action | None:
    return next((a for a in legal if a["do"] == "done"), None)


# --- building ------------------------------------------------------------------------------


def _erect(s: State, seat: int, legal: list[Action]) -> Action:
    t = s.task
    assert t is not None
    card = t["card"]
    p = s.players[seat]
    helpers = p.helpers + sum(1 for owner in s.traders.values() if owner == seat)
    if t.get("helpers", 0) >= data.MAX_HELPERS_PER_CARD:
        helpers = 0
    best, best_score = _done(legal), value("build_margin")
    for a in legal:
        if a["do"] == "erect":
            score = cards.erect_score(s, seat, card, a["building"], p.talers, helpers)
            if score > best_score:
                best, best_score = a, score
    return best or legal[0]


def _pay(s: State, seat: int, legal: list[Action]) -> Action:
    """The first step of the payment the rules prefer, among the ways to finish it."""
    t = s.task
    assert t is not None
    ctx = t["pay"]
    p = s.players[seat]
    left = dict(p.pieces)
    for kind, n in ctx["own"].items():
        left[kind] -= n
    left["silver"] -= ctx["silver"]
    card = t.get("card")

    def key(rest: list[tuple[str, int, int]]) -> tuple[float, ...]:
        after = dict(left)
        for kind, own, silver in rest:
            after[kind] -= own
            after["silver"] -= silver
        converted = sum(c for _, _, c in rest)
        spent = sum(o + c for _, o, c in rest)
        kinds = sum(1 for k in data.BUILDING_KINDS if after[k]) + min(after["silver"], 1)
        earns = -spent if card == "bricklayer" else 0
        next_ones = len(outlook.payable(s, after))
        return (converted, earns, -min(kinds, data.MIN_PAYMENT_KINDS), -next_ones, spent)

    found = _completions(s, seat, left)
    if not found:
        return legal[0]
    kind, own, silver = min(found, key=key)[0]
    return make(seat, "pay", kind, own, silver)


def _completions(s: State, seat: int, left: dict[str, int]) -> list[list[tuple[str, int, int]]]:
    """Every way to finish the payment under way (at most `pay_ways_most`), as its remaining
    steps."""
    t = s.task
    assert t is not None
    ctx = t["pay"]
    own = payment.kinds_in_order(s.players[seat].pieces)
    stock = payment.kinds_in_order(s.stock)
    most = int(value("pay_ways_most"))
    return payment.completions(
        ctx["step"], ctx["rem"], ctx["kinds"], left["silver"], own, stock, most
    )


# --- helpers -------------------------------------------------------------------------------


def _helper(s: State, seat: int, legal: list[Action]) -> Action:
    tiles = outlook.projected_tiles(s)
    best, best_gain = _done(legal), value("place_margin")
    for a in legal:
        if a["do"] != "helper":
            continue
        gain = outlook.place_gain(s, seat, a["place"], tiles)
        better_source = (
            best is not None
            and best["do"] == "helper"
            and (best["place"] == a["place"] and _source_cost(a) < _source_cost(best))
        )
        if gain > best_gain or better_source:
            best, best_gain = a, gain
    return best or legal[0]


def _source_cost(a: Action) -> int:
    """A helper from the supply costs nothing; from a cart, what the cart delivers."""
    return -1 if a["source"] == "supply" else cards.kept_bp(a["source"])


# --- the characters' small decisions -------------------------------------------------------


def _trader(s: State, seat: int, legal: list[Action]) -> Action:
    """The cart that leaves the most BP; a kind the seat lacks and, with every cart taken, the
    leading rival's helper pushed out add small preferences that a richer cart outweighs."""
    others = [i for i in range(s.n) if i != seat]
    leader = max(others, key=lambda i: s.players[i].vp) if others else None

    def score(a: Action) -> float:
        if a["do"] == "done":
            return -1.0
        place = a["place"]
        kind = data.TRADER_PLACES[place].kind
        lacking = value("cart_lacking_kind") if s.players[seat].pieces[kind] == 0 else 0.0
        pushes_leader = (
            value("cart_push_leader") if s.traders[place] == leader and leader is not None else 0.0
        )
        return cards.kept_bp(place) + lacking + pushes_leader

    return max(legal, key=score)


def _tower(s: State, seat: int, legal: list[Action]) -> Action:
    """The pile of the most BP (silver as a stone)."""
    return max(legal, key=lambda a: s.tower[a["kind"]] * cards.piece_bp(a["kind"]))


def _buy(s: State, seat: int, legal: list[Action]) -> Action:
    """A piece that lets a building be paid, else the dearest while talers last; done when
    nothing is worth a taler."""
    p = s.players[seat]
    now = len(outlook.payable(s, p.pieces))

    def score(a: Action) -> float:
        if a["do"] == "done":
            return 0.0
        kind = a["kind"]
        after = outlook.with_pieces(p.pieces, {kind: 1})
        opens = len(outlook.payable(s, after)) - now
        worth = cards.piece_bp(kind) * value("bp_vp") - outlook.taler_vp(s, seat)
        return value("buy_opens_vp") * opens + worth

    return max(legal, key=score)


def _sell(s: State, seat: int, legal: list[Action]) -> Action:
    return next(a for a in legal if not a["accept"])


def _worker_first(s: State, seat: int, legal: list[Action]) -> Action:
    workers = s.players[seat].workers
    return max(
        legal,
        key=lambda a: sum(n * cards.piece_bp(k) for k, n in workers.get(a["card"], {}).items()),
    )


def _worker_c(s: State, seat: int, legal: list[Action]) -> Action:
    """The two pieces that complete the best building at a Worker's half VP, else the most BP,
    else kinds the seat lacks."""
    p = s.players[seat]

    def score(a: Action) -> tuple[float, int, int]:
        extra: dict[str, int] = dict(data.WORKER_EQUIPMENT["worker_c"])
        for kind in a["kinds"]:
            extra[kind] = extra.get(kind, 0) + 1
        after = outlook.with_pieces(p.pieces, extra)
        vp = max((data.BUILDING[b].vp for b in outlook.payable(s, after)), default=0)
        bp = sum(data.BP[k] for k in a["kinds"])
        new = sum(1 for k in set(a["kinds"]) if not p.pieces[k])
        return vp, bp, new

    return max(legal, key=score)


# --- the end -------------------------------------------------------------------------------


def _convert(s: State, seat: int, legal: list[Action]) -> Action:
    p = s.players[seat]
    forge = scoring.held(s, seat, "forge_silver") + scoring.held(s, seat, "forge_silver_per_n")
    room = data.PALACE_PIECES * scoring.held(s, seat, "palace")
    held = sum(p.pieces[k] for k in data.BUILDING_KINDS)
    if forge or held < room:
        converts = [a for a in legal if a["do"] == "convert"]
        if converts:
            return max(converts, key=lambda a: data.BP[a["kind"]])
    return _done(legal) or legal[0]


def _palace(s: State, seat: int, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: data.BP.get(a.get("kind", ""), 0))


def _market(s: State, seat: int, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: a.get("vp", 0))


# --- winter (§10) --------------------------------------------------------------------------


def _discard(s: State, seat: int, legal: list[Action]) -> Action:
    """Plague, Snowdrift: pay when cheap and it leaves some talers, else the card least
    needed."""
    pay = next((a for a in legal if a["do"] == "pay_talers"), None)
    price = winter.talers_price(s, seat)
    left = s.players[seat].talers - price
    if (
        pay is not None
        and price <= value("winter_pay_most")
        and left >= value("winter_keep_talers")
    ):
        return pay
    discards = [a for a in legal if a["do"] == "discard"]
    if not discards:
        return pay or legal[0]
    return min(discards, key=lambda a: DISCARD_ORDER.index(a["card"]))


def _return_stone(s: State, seat: int, legal: list[Action]) -> Action:
    """Own stones only, 3 VP each; keep one while rounds are left to build with it."""
    stones = s.players[seat].pieces["stone"]
    keep = 1 if outlook.rounds_left(s) else 0
    most = min(data.CRACKED_WALL_STONES, max(0, stones - keep))
    own_only = [a for a in legal if a["silver"] == 0 and a["own"] <= most]
    return max(own_only or legal, key=lambda a: (a["own"], -a["silver"]))


def _give(s: State, seat: int, legal: list[Action]) -> Action:
    p = s.players[seat]
    gives = {a["item"]: a for a in legal if a["do"] == "give"}
    if outlook.rounds_left(s):
        for kind in ("sand", "wood"):
            if kind in gives:
                return gives[kind]
        if data.TALER in gives and p.talers > value("damsel_reserve"):
            return gives[data.TALER]
    return next((a for a in legal if a["do"] == "drop_out"), legal[0])


def _take(s: State, seat: int, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: ITEM_WORTH.get(a["item"], 0))


def _toll(s: State, seat: int, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: cards.kept_bp(a["place"]))


DECISIONS: dict[str, Decide] = {
    "select": cards.choose,
    "erect": _erect,
    "pay": _pay,
    "helper": _helper,
    "trader": _trader,
    "tower": _tower,
    "buy": _buy,
    "sell": _sell,
    "first": _worker_first,
    "worker_c": _worker_c,
    "convert": _convert,
    "palace": _palace,
    "market": _market,
    "plague": _discard,
    "snowdrift": _discard,
    "cracked_wall": _return_stone,
    "give": _give,
    "share": _take,
    "toll": _toll,
}
