"""The moves a computer player weighs at each of Castle's decisions (tabletop.bot's plans).

Most decisions are small and every legal action is a plan of its own, ordered by a quick
judgement so that a search widening from the first looks at the likely ones first. Two are
abstracted:

* **building**: "erect X" is followed by up to four payment steps. A plan is a building with
  one whole payment, and only the payments that keep the most valuable hand are proposed
  (`PAYMENTS_PER_BUILDING`), not the dozens that reach the same building;
* **the end**: the Market converts as many talers as it can and the Palace takes the biggest
  pieces first; the rest changes no score.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from tabletop.bot import Plan
from tabletop.game import Action

from .. import data, engine, payment, scoring, winter
from ..actions import make
from ..state import State
from . import value

#: Payments proposed per building: the best by the estimate's own worth of what a payment
#: leaves and earns, then the best by the quick judgement of the pieces kept (`_left_worth`).
PAYMENTS_PER_BUILDING: Final = 2


def plans(s: State, seat: int) -> list[Plan]:
    legal = engine.legal_actions(s, seat)
    if len(legal) == 1:
        return [legal]
    stage = engine.stage(s)
    assert stage is not None
    name = stage.name
    if name == "erect":
        return _erect_plans(s, seat, legal)
    if name == "pay":
        return _completions(s, seat)
    if name == "market":
        return [[legal[0]]]  # the most VP (the list runs from most to none)
    if name == "palace":
        return [[max(legal, key=lambda a: data.BP.get(a.get("kind", ""), 0))]]
    if name == "select":
        return _select_plans(s, seat, legal)
    if name == "helper":
        return _helper_plans(s, seat, legal)
    return [[a] for a in sorted(legal, key=lambda a: -_quick(s, seat, a))]


def _select_plans(s: State, seat: int, legal: list[Action]) -> list[Plan]:
    """Card choices, the likeliest to pay first."""
    h = value.horizon(s)
    places = value.place_worths(s, h)
    worth = {c: value.card_worth(s, seat, c, h, places) for c in s.players[seat].hand}
    return [[a] for a in sorted(legal, key=lambda a: -sum(worth[c] for c in a["cards"]))]


def _quick(s: State, seat: int, a: Action) -> float:
    """A quick preference among the actions of the small decisions (bigger is better)."""
    do = a["do"]
    if do == "done":
        return -1.0
    if do == "trader":
        return value.KEPT_BP[a["place"]] + (1 if s.traders[a["place"]] is None else 0)
    if do == "tower":
        return s.tower[a["kind"]] * data.BP.get(a["kind"], 4)
    if do == "buy":
        return data.BP.get(a["kind"], 4)
    if do == "worker_c":
        return sum(data.BP[k] for k in a["kinds"])
    if do == "convert":
        return data.BP[a["kind"]]
    if do == "sell":
        return 1.0 if not a["accept"] else 0.0
    if do in _WINTER_VERBS:
        return _quick_winter(s, seat, a)
    return 0.0


_WINTER_VERBS: Final = frozenset(
    ("discard", "pay_talers", "return_stone", "give", "drop_out", "take", "toll_helper")
)


def _quick_winter(s: State, seat: int, a: Action) -> float:
    """The winter cards' decisions (§10), by what each costs or brings by the estimate's
    weights: the card least missed or the talers, the stones for 3 VP each (own stones before
    silver), the cheapest gift to the Damsel and the dearest item back, the helper that
    delivers least sent home for the toll."""
    do = a["do"]
    h = value.horizon(s)
    share = value.stage_share(h)
    if do == "discard":
        return -value.card_loss(s, seat, a["card"], h)
    if do == "pay_talers":
        return -winter.talers_price(s, seat) * value.taler_worth(s, seat, share)
    if do == "return_stone":
        gain = data.CRACKED_WALL_VP
        own = gain - share * value.W["bp"] * data.BP["stone"]
        silver = gain - share * value.W["silver"]
        return float(a["own"] * own + a["silver"] * silver)
    if do == "give":
        return -value.item_worth(s, seat, a["item"], share)
    if do == "drop_out":
        givers = len(winter.cards(s)["damsel_in"])
        return -data.DAMSEL_VP * value.stage_share(h) / max(1, givers)
    if do == "take":
        return value.item_worth(s, seat, a["item"], share)
    # toll_helper: the helper that delivers least goes home.
    return -float(value.KEPT_BP[a["place"]])


def _erect_plans(s: State, seat: int, legal: list[Action]) -> list[Plan]:
    p = s.players[seat]
    out: list[tuple[float, Plan]] = []
    card = (s.task or {}).get("card", "stonemason")
    num, den = data.ERECT_VP_SHARE.get(card, (1, 1))
    own, stock = payment.kinds_in_order(p.pieces), payment.kinds_in_order(s.stock)
    worth = _worth_terms(s, seat)
    for a in legal:
        if a["do"] != "erect":
            continue
        building = data.BUILDING[a["building"]]
        gain = building.vp * num / den + len(building.places)
        for steps in _best_payments(building.cost, own, p.pieces["silver"], stock, card, *worth):
            out.append((gain, [a, *(make(seat, "pay", *step) for step in steps)]))
    out.sort(key=lambda item: -item[0])
    return [plan for _, plan in out] + [[make(seat, "done")]]


def _worth_terms(s: State, seat: int) -> tuple[float, int, float]:
    """What the estimate weighs a payment's outcome by, for `seat` now: the share of their
    mid-game worth pieces keep, the seat's Palace places (value.hand_worth) and a taler's
    worth (the Bricklayer's income)."""
    share = value.stage_share(value.horizon(s))
    return share, scoring.held(s, seat, "palace"), value.taler_worth(s, seat, share)


@lru_cache(maxsize=1 << 14)
def _best_payments(
    cost: int,
    own: tuple[int, ...],
    silver: int,
    stock: tuple[int, ...],
    card: str,
    share: float,
    palace: int,
    per_taler: float,
) -> tuple[tuple[tuple[str, int, int], ...], ...]:
    """The payments of `cost` worth proposing (`_chosen`), as pay steps (kind, own, silver) in
    payment order. Cached: a search meets the same hands again and again."""
    pieces = dict(zip(payment.ORDER, own, strict=True)) | {"silver": silver}
    found = payment.payments(cost, pieces, dict(zip(payment.ORDER, stock, strict=True)))
    return tuple(
        tuple((k, pay["own"].get(k, 0), pay["converted"].get(k, 0)) for k in payment.ORDER)
        for pay in _chosen(found, pieces, card, (share, palace, per_taler))
    )


def forget_payments() -> None:
    """Forget the payments worked out so far: they were chosen by the estimate's weights of
    the moment (a trial changes them for one player, castle/bots/trial.py)."""
    _best_payments.cache_clear()


def _chosen(
    found: list[payment.Payment],
    pieces: dict[str, int],
    card: str,
    worth: tuple[float, int, float],
) -> list[payment.Payment]:
    """The payments proposed among `found` (from a hand of `pieces`, for `card`), at most
    `PAYMENTS_PER_BUILDING`: first the best by the estimate's own worth of the pieces left and
    the talers earned (`worth`: `_worth_terms`), so that no payment the estimate would value
    more is left out (issue 20: of a Keep paid with 8 or 9 pieces leaving hands the estimate
    values alike, the Bricklayer's 9 earn a taler more, but the quick judgement below preferred
    the 8 for the two kinds they keep, and the 9 were never weighed); then the best by the
    quick judgement of the pieces kept, which also looks at the kinds for later payments.
    Ties go to the other order's better one."""
    share, palace, per_taler = worth

    def estimated(pay: payment.Payment) -> float:
        return value.hand_worth(
            payment.left_after(pieces, pay), share, palace
        ) + per_taler * payment.income(card, pay)

    def judged(pay: payment.Payment) -> float:
        return _left_worth(pieces, pay) + _income_worth(card, pay)

    if not found:
        return []
    scored = [(estimated(pay), judged(pay), pay) for pay in found]
    best = max(scored, key=lambda item: (item[0], item[1]))
    rest = sorted(
        (item for item in scored if item is not best), key=lambda item: (-item[1], -item[0])
    )
    return [best[2], *(item[2] for item in rest[: PAYMENTS_PER_BUILDING - 1])]


def _left_worth(pieces: dict[str, int], pay: payment.Payment) -> float:
    """What the pieces left after a payment are worth: silver most, then kinds kept (silver
    can stand for a missing kind)."""
    left = payment.left_after(pieces, pay)
    kinds = sum(1 for k in data.BUILDING_KINDS if left[k]) + min(left["silver"], 2)
    bp = sum(left[k] * data.BP[k] for k in data.BUILDING_KINDS)
    return value.W["silver"] * left["silver"] + value.W["bp"] * bp + 1.5 * min(kinds, 3)


def _income_worth(card: str, pay: payment.Payment) -> float:
    """What a payment earns its payer, by the estimate's weight of a taler: the Bricklayer takes
    talers per piece spent (docs/rules.md §Bricklayer), so of two payments leaving hands of
    equal worth the one with more pieces is the better."""
    return value.W["taler"] * payment.income(card, pay)


def _completions(s: State, seat: int) -> list[Plan]:
    """The rest of a payment begun by hand (a person's or a cut plan), as plans: the ways to
    finish it that keep the most valuable pieces."""
    t = s.task
    assert t is not None
    ctx = t["pay"]
    p = s.players[seat]
    step = ctx["step"]
    own = payment.kinds_in_order(p.pieces)
    stock = payment.kinds_in_order(s.stock)
    silver = p.pieces["silver"] - ctx["silver"]
    found = payment.completions(step, ctx["rem"], ctx["kinds"], silver, own, stock, 200)
    pays = [payment.as_payment(steps) for steps in found]
    card = t.get("card", "stonemason")
    # The hand the rest is paid from: the steps already taken leave the player only at the end.
    pieces = dict(p.pieces)
    for kind, n in ctx["own"].items():
        pieces[kind] -= n
    pieces["silver"] -= ctx["silver"]
    return [
        [
            make(seat, "pay", kind, pay["own"].get(kind, 0), pay["converted"].get(kind, 0))
            for kind in payment.ORDER[step:]
        ]
        for pay in _chosen(pays, pieces, card, _worth_terms(s, seat))
    ]


def _helper_plans(s: State, seat: int, legal: list[Action]) -> list[Plan]:
    """One plan per free place: the helper from the supply if there is one, else from the cart
    that delivers least; best places first, and stopping last."""
    h = value.horizon(s)
    worth = value.place_worths(s, h)
    by_place: dict[str, Action] = {}
    for a in legal:
        if a["do"] != "helper":
            continue
        kept = by_place.get(a["place"])
        if kept is None or _source_cost(a["source"]) < _source_cost(kept["source"]):
            by_place[a["place"]] = a
    ranked = sorted(by_place.values(), key=lambda a: -_place_gain(s, seat, a["place"], h, worth))
    return [[a] for a in ranked] + [[make(seat, "done")]]


def _place_gain(s: State, seat: int, place: str, h: float, worth: value.Worth) -> float:
    """What a helper at `place` is expected to bring, less its fee (winter places too)."""
    share = value.stage_share(h)
    per_taler = value.W["taler"] * share
    if place in data.WINTER_PLACES:
        gain = value.winter_place_gain(s, seat, place, h, share)
        return gain - data.WINTER_PLACES[place].fee * per_taler
    return worth[place] - data.PLACE[place].fee * per_taler


def _source_cost(source: str) -> int:
    return -1 if source == "supply" else value.KEPT_BP[source]
