"""The game log and refusals in the player's language, from the engine's ids.

Why here and not in the engine: the engine reports what happened as events (`{"e": "bought",
"p": 0, "seller": 1, "kind": "wood", ...}`) and why an action is refused as rule ids with
parameters; turning those into sentences is the page's job. Each function below turns the ids
among the parameters into words of the catalog (seats into names, kind ids into "sand"/"沙",
piece counts into "2 sand, 1 clay"), picks the message (a few events have variants, e.g. a
delivery with nothing left to deliver) and the number its plural form depends on, then lets the
catalog write the sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Any

from castle import data
from web.shell.i18n import Catalog

Params = dict[str, Any]

#: Parameters that hold a seat number (the acting seat "p" becomes {player}).
SEAT_PARAMS = ("seller", "displaced", "start_player", "seat", "to")
#: Parameters that hold a list of seats.
SEAT_LIST_PARAMS = ("winners", "waiting_for")
#: Parameters that hold a piece kind.
KIND_PARAMS = ("kind", "expected")
#: Parameters that hold a dict kind -> count of pieces.
PIECE_PARAMS = ("pieces", "paid", "converted")

#: Events that get no line of their own (the next round's header says as much).
SILENT = frozenset({"round_ended"})

#: Which parameter an event's or a rule's plural form counts (else "count", if given).
EVENT_COUNT = {
    "income": "talers",
    "messenger": "talers",
    "bought": "talers",
    "bricklayer_talers": "talers",
    "helper_placed": "fee",
    "innkeeper_placed": "fee",
    "master_builder": "buildings",
    "market_scored": "talers",
    "winter_paid": "talers",
    "toll_paid": "talers",
}
RULE_COUNT = {
    "stonemason.buy.no_taler": "price",
    "erect.limit": "max",
    "helper.limit": "max",
    "helper.fee": "fee",
    "palace.limit": "max",
    "market.not_enough_talers": "talers",
    "plague.not_enough_talers": "talers",
    "snowdrift.not_enough_talers": "talers",
    "cracked_wall.limit": "max",
}


# --- Ids into words ----------------------------------------------------------------------------


def player_name(seat: Any, names: Sequence[str], cat: Catalog) -> str:
    """A seat's name; a seat without one (or out of range) is "Player 3" (1-based)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    number = seat + 1 if isinstance(seat, int) else seat
    return cat.t("player.seat", number=number)


def word(namespace: str, ident: Any, cat: Catalog) -> str:
    """The catalog's name for an id, or the id itself when the catalog has none (an id that
    came from a malformed action, say): a raw id reads better than a raw key."""
    key = f"{namespace}.{ident}"
    return cat.t(key) if cat.has(key) else str(ident)


def place_word(place: Any, cat: Catalog) -> str:
    """A cart, the rider, or a helper place of the castle (their ids never clash)."""
    if place in data.TRADER_PLACES:
        return word("trader_place", place, cat)
    return word("place", place, cat)


def words(params: Mapping[str, Any], names: Sequence[str], cat: Catalog) -> Params:
    """Every id among an event's or a refusal's parameters turned into words; numbers stay
    numbers. The acting seat "p" becomes "player"."""
    out: Params = {}
    for key, value in params.items():
        if key == "e":
            continue
        if key == "p":
            out["player"] = player_name(value, names, cat)
        elif key in SEAT_PARAMS:
            out[key] = None if value is None else player_name(value, names, cat)
        elif key in SEAT_LIST_PARAMS:
            out[key] = cat.join(player_name(s, names, cat) for s in value)
        elif key in KIND_PARAMS:
            out[key] = word("kind", value, cat)
        elif key in PIECE_PARAMS and isinstance(value, dict):
            out[key] = cat.pieces(value, data.KINDS)
        elif key == "kinds":
            out[key] = cat.pieces(Counter(value), data.KINDS)
        elif key in ("card", "by"):  # a character card, or a winter card (same family)
            out[key] = word("card", value, cat)
        elif key == "item":  # given to the Damsel: a piece, or a taler
            out[key] = word("kind" if value in data.KINDS else "item", value, cat)
        elif key == "cards" and all(isinstance(c, str) for c in value):
            out[key] = cat.join(word("card", c, cat) for c in value)
        elif key == "building":
            out[key] = word("building", value, cat)
            out["building_a"] = word("building_a", value, cat)
        elif key == "place" or (key == "source" and value in data.TRADER_PLACES):
            out[key] = place_word(value, cat)
        else:
            out[key] = value
    return out


# --- Events ------------------------------------------------------------------------------------

#: Picks an event's message key (a variant of event.<id>) and adds the words it needs.
Variant = Callable[[dict[str, Any], Params, Sequence[str], Catalog], str]


def _revealed(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    items = [
        cat.t(
            "revealed.item",
            player=player_name(seat, names, cat),
            cards=cat.join(word("card", c, cat) for c in cards),
        )
        for seat, cards in enumerate(ev["cards"])
        if cards
    ]
    w["choices"] = cat.t("revealed.sep").join(items)
    return "event.revealed"


def _worker_order(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    first, *rest = ev["cards"]
    w["first"] = word("card", first, cat)
    w["then"] = cat.join(word("card", c, cat) for c in rest)
    return "event.worker_order"


def _unless(field: str, variant: str) -> Variant:
    """The `variant` message when the event's `field` is empty or 0 (nothing collected, no
    bonus), since "collects nothing" reads badly as "collects {pieces}"."""

    def pick(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
        return f"event.{ev['e']}.{variant}" if not ev[field] else f"event.{ev['e']}"

    return pick


def _delivered(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    if not ev["count"]:
        return "event.delivered.none"
    return "event.delivered.tribute_only" if not ev["kept"] else "event.delivered"


def _trader_placed(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    return "event.trader_placed" if ev["displaced"] is None else "event.trader_placed.displacing"


def _erected(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    silver = sum(ev["converted"].values())
    if not silver:
        w["payment"] = w["paid"]
    else:
        key = "payment.with_forge" if ev["paid"] else "payment.forge_only"
        w["payment"] = cat.t(key, paid=w["paid"], converted=w["converted"], silver=silver)
    return "event.erected" if ev["vp"] else "event.erected.no_vp"


def _innkeeper_placed(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    """The Innkeeper: who was sent home and what lay on the card, when there was any."""
    more = ""
    if ev["displaced"] is not None:
        more += cat.t("innkeeper.displacing", displaced=w["displaced"])
    if ev["taken"]:
        more += cat.t("innkeeper.taking", count=ev["taken"])
    w["more"] = more
    return "event.innkeeper_placed"


def _helper_placed(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    return "event.helper_placed" if ev["source"] == "supply" else "event.helper_placed.from_cart"


def _game_started(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    return "event.game_started.winter" if ev.get("winter") else "event.game_started"


def _stone_returned(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    w["count"] = ev["own"] + ev["silver"]
    if not w["count"]:
        return "event.stone_returned.nothing"
    if not ev["silver"]:
        return "event.stone_returned"
    # "returns 0 stone, and 1 more..." reads as a mistake: a player who only turned silver says so.
    return "event.stone_returned.silver" if ev["own"] else "event.stone_returned.silver_only"


def _toll_paid(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    return "event.toll_paid" if ev["to"] is None else "event.toll_paid.innkeeper"


def _master_builder(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    # The cards come back in the order they were played; listed in card order they read better.
    known = [c for c in data.CARDS if c in ev["cards"]]
    w["cards"] = cat.join(word("card", c, cat) for c in known)
    return "event.master_builder" if ev["vp"] else "event.master_builder.no_bonus"


def _offer(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    w["talers"] = data.STONEMASON_PRICE
    return "event.offer"


def _game_ended(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    return "event.game_ended.tiles" if ev["reason"] == "tiles" else "event.game_ended"


def _game_over(ev: dict[str, Any], w: Params, names: Sequence[str], cat: Catalog) -> str:
    w["count"] = len(ev["winners"])
    return "event.game_over.shared" if len(ev["winners"]) > 1 else "event.game_over"


VARIANTS: dict[str, Variant] = {
    "revealed": _revealed,
    "worker_order": _worker_order,
    "equipped": _unless("pieces", "nothing"),
    "collected": _unless("pieces", "nothing"),
    "delivered": _delivered,
    "trader_placed": _trader_placed,
    "erected": _erected,
    "helper_placed": _helper_placed,
    "innkeeper_placed": _innkeeper_placed,
    "game_started": _game_started,
    "stone_returned": _stone_returned,
    "toll_paid": _toll_paid,
    "winter_paid": _unless("talers", "nothing"),
    "master_builder": _master_builder,
    "market_scored": _unless("vp", "nothing"),
    "offer": _offer,
    "game_ended": _game_ended,
    "game_over": _game_over,
}


def describe(event: dict[str, Any], names: Sequence[str], cat: Catalog) -> str | None:
    """One log line for an engine event, or None for an event not worth a line.

    An event the catalog does not know (from a newer engine) gets no line rather than a raw
    key; tests/test_i18n.py makes sure every event of this engine has its message.
    """
    name = event.get("e", "")
    if name in SILENT:
        return None
    params = words(event, names, cat)
    variant = VARIANTS.get(name)
    key = f"event.{name}"
    if variant is not None:
        # An event of an unexpected shape still gets its plain message.
        with suppress(KeyError, TypeError, ValueError, IndexError):
            key = variant(event, params, names, cat)
    if not cat.has(key):
        return None
    count_param = EVENT_COUNT.get(name)
    if count_param is not None and count_param in event:
        params["count"] = event[count_param]
    return cat.t(key, **params)


# --- Refusals and round headers ----------------------------------------------------------


def reason(refusal_rule: str, params: Mapping[str, Any], names: Sequence[str], cat: Catalog) -> str:
    """Why an action is refused, as a sentence addressed to the player who tried it."""
    w = words(params, names, cat)
    count_param = RULE_COUNT.get(refusal_rule)
    if count_param is not None and count_param in params:
        w["count"] = params[count_param]
    return cat.t(f"rule.{refusal_rule}", **w)
