"""Any Castle action, or a plan of several, as one sentence from the asking seat's point of view.

Why one place: a hint, the undo note in the log, and the log of what was taken back all say
"what this move does", and each used to say it in the engine's own tokens ("Pay stone 2 0",
"Buy from 1 Worker B silver"). Here every verb is worded as the decision's panel words it:
seats by name, pieces as "2 stone and 1 sand", "Erect nothing" for passing the building step,
a Bricklayer's payment with the talers it brings. The panels use the same phrases where their
buttons say the same thing (payments, winter choices), so a hint reads like the button it
points at.

An action is worded against the state in which it is asked (what a Trader's place holds, how
much lies on the defense tower, the stage a "done" ends): the hint's state now, or for an
undo the state once the action is taken back, which is the same moment.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from castle import data, payment, scoring, winter
from castle.state import State
from tabletop.bot import Plan
from tabletop.game import Action, Prompt
from web.shell.i18n import Catalog


class Asking(Protocol):
    """What an action is worded from: the moment it is asked at, in the reader's language
    (the controller, web.shell.app.App, is one; so is a test's bare game)."""

    @property
    def state(self) -> Any: ...
    @property
    def cat(self) -> Catalog: ...
    @property
    def names(self) -> list[str]: ...
    def prompt(self, seat: int) -> Prompt | None: ...


#: The panel's words for ending each stage that a "done" ends (the erect stage's depends on
#: whether the card has built yet: `_done`).
DONE_KEYS = {
    "trader": "page.trader_pass",
    "buy": "page.buy_done",
    "helper": "page.helper_done",
    "convert": "page.convert_done",
    "palace": "page.palace_done",
}


# --- Phrases shared with the panels ------------------------------------------------------------


def pieces(
    cat: Catalog, counts: Mapping[str, int], converted: Mapping[str, int] | None = None
) -> str:
    """Pieces as one phrase, in the game's order of kinds: "2 stone, 1 clay and 1 sand" /
    "2石、1砖、1沙"; silver converted at the Forge into a kind as "1 silver as wood" /
    "1银（换作木）". No piece at all is `pieces.none`."""
    items = [
        cat.t("pieces.item", count=counts[k], kind=cat.t(f"kind.{k}"))
        for k in data.KINDS
        if counts.get(k)
    ]
    items += [
        cat.t("words.converted", count=n, kind=cat.t(f"kind.{k}"))
        for k in data.KINDS
        if (n := (converted or {}).get(k))
    ]
    if not items:
        return cat.t("pieces.none")
    return cat.join(items, last="words.and")


def payment_text(cat: Catalog, pay: payment.Payment) -> str:
    """A whole payment ("2 stone, 1 clay and 1 silver as sand")."""
    return pieces(cat, pay["own"], pay["converted"])


def income(cat: Catalog, card: str | None, pay: payment.Payment) -> str:
    """What a payment brings its payer: "+9 talers" for a Bricklayer, else nothing."""
    talers = payment.income(card, pay)
    return cat.t("words.income", count=talers) if talers else ""


def with_income(cat: Catalog, text: str, card: str | None, pay: payment.Payment) -> str:
    """A payment's words with the Bricklayer's talers after them, if any."""
    gain = income(cat, card, pay)
    return cat.t("words.with_income", text=text, income=gain) if gain else text


def payment_option(cat: Catalog, pay: payment.Payment, card: str | None) -> str:
    """A whole payment as a button offers it: its pieces, and a Bricklayer's talers."""
    return with_income(cat, payment_text(cat, pay), card, pay)


# --- Actions -----------------------------------------------------------------------------------


def action_text(app: Asking, action: Action) -> str:
    """One action as a sentence ("Buy 1 stone from Bo's Worker B for 1 taler")."""
    s: State = app.state
    cat = app.cat
    # Every verb of castle.actions has its words (tests/test_wording.py checks it).
    worded = WORDERS[action["do"]]
    return worded(s, cat, app.names, _stage(app, action), action)


def plan_text(app: Asking, plan: Plan) -> str:
    """A plan (a hint) as a sentence: a building with its whole payment and, for a Bricklayer,
    its talers; a payment's remaining steps as one payment; else its first action."""
    first = plan[0]
    s: State = app.state
    cat = app.cat
    pays = [a for a in plan[1:] if a["do"] == "pay"] if first["do"] == "erect" else []
    if first["do"] == "pay":
        pays = [a for a in plan if a["do"] == "pay"]
    if not pays:
        return action_text(app, first)
    card = (s.task or {}).get("card")
    pay: payment.Payment = {
        "own": {a["kind"]: a["own"] for a in pays if a["own"]},
        "converted": {a["kind"]: a["silver"] for a in pays if a["silver"]},
    }
    if first["do"] == "erect":
        building = first["building"]
        text = cat.t(
            "words.erect_paid",
            building=cat.t(f"building.{building}"),
            cost=data.BUILDING[building].cost,
            pieces=payment_text(cat, pay),
        )
    else:
        # The rest of a payment already begun: the Bricklayer's talers count what was paid
        # before too.
        ctx = (s.task or {}).get("pay", {})
        text = cat.t("words.pay", pieces=payment_text(cat, pay))
        pay = {
            "own": dict(Counter(ctx.get("own", {})) + Counter(pay["own"])),
            "converted": dict(Counter(ctx.get("converted", {})) + Counter(pay["converted"])),
        }
    return with_income(cat, text, card, pay)


def _stage(app: Asking, action: Action) -> str | None:
    """The stage at which the action's seat is asked now (what its "done" ends)."""
    prompt = app.prompt(action["p"]) if app.state is not None else None
    return prompt["stage"] if prompt is not None else None


def _context(s: State) -> dict[str, Any]:
    return s.task or {}


def _select(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    cards = cat.join(cat.t(f"card.{c}") for c in a["cards"])
    return cat.t("words.select", cards=cards)


def _worker_c(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("words.worker_c", pieces=pieces(cat, Counter(a["kinds"])))


def _trader(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    place = a["place"]
    where = cat.t(f"trader_place.{place}")
    occupant = s.traders.get(place)
    if occupant is not None and occupant != a["p"]:
        return cat.t("words.trader_displace", place=where, player=names[occupant])
    return cat.t("words.trader", place=where)


def _tower(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    kind = a["kind"]
    return cat.t("words.tower", count=s.tower.get(kind, 0), kind=cat.t(f"kind.{kind}"))


def _buy(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t(
        "page.buy_option",
        kind=cat.t(f"kind.{a['kind']}"),
        seller=names[a["seller"]],
        card=cat.t(f"card.{a['card']}"),
        talers=data.STONEMASON_PRICE,
    )


def _sell(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    t = _context(s)
    offer, buyer = t.get("offer"), t.get("seat")
    if offer is None or not isinstance(buyer, int):  # not at an offer: the panel's bare words
        return cat.t("page.sell_yes" if a["accept"] else "page.sell_no")
    return cat.t(
        "words.sell" if a["accept"] else "words.sell_refuse",
        kind=cat.t(f"kind.{offer['kind']}"),
        card=cat.t(f"card.{offer['card']}"),
        buyer=names[buyer],
        talers=data.STONEMASON_PRICE,
    )


def _first(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("words.first", card=cat.t(f"card.{a['card']}"))


def _erect(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    building = a["building"]
    return cat.t(
        "words.erect",
        building=cat.t(f"building.{building}"),
        cost=data.BUILDING[building].cost,
    )


def _pay(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    """One step of a payment: the pieces of one kind, own and converted."""
    own = {a["kind"]: a["own"]} if a["own"] else {}
    converted = {a["kind"]: a["silver"]} if a["silver"] else {}
    if not own and not converted:
        return cat.t("words.pay_none", kind=cat.t(f"kind.{a['kind']}"))
    return cat.t("words.pay", pieces=pieces(cat, own, converted))


def _helper(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    place, source = a["place"], a["source"]
    spec = data.PLACE.get(place) or data.WINTER_PLACES[place]
    where = cat.t(f"place.{place}")
    if source == "supply":
        text = cat.t("words.helper", place=where, count=spec.fee)
    else:
        cart = cat.t(f"trader_place.{source}")
        text = cat.t("words.helper_moved", place=where, source=cart, count=spec.fee)
    holder = s.winter["innkeeper"] if s.winter is not None and place == "innkeeper" else None
    if holder is not None and holder != a["p"]:
        text = cat.t("words.displacing", text=text, player=names[holder])
    return text


def _convert(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("words.convert", kind=cat.t(f"kind.{a['kind']}"))


def _palace(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    kind = a["kind"]
    return cat.t("words.palace", kind=cat.t(f"kind.{kind}"), vp=data.BP[kind])


def _market(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    if not a["vp"]:
        return cat.t("words.market_none")
    rate = scoring.market_rate(s, a["p"])
    return cat.t("words.market", vp=a["vp"], count=a["vp"] * rate)


def _done(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    if stage == "erect":
        return cat.t("page.erect_done" if _context(s).get("built") else "page.erect_nothing")
    key = DONE_KEYS.get(stage or "")
    return cat.t(key) if key else cat.t("words.done")


# --- The winter cards (§10), as their panels word them ------------------------------------------


def _item(cat: Catalog, item: str) -> str:
    return cat.t("item.taler") if item == data.TALER else cat.t(f"kind.{item}")


def _discard(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("page.discard_option", card=cat.t(f"card.{a['card']}"))


def _pay_talers(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("page.pay_talers", count=winter.talers_price(s, a["p"]))


def _return_stone(
    s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action
) -> str:
    count = a["own"] + a["silver"]
    vp = count * data.CRACKED_WALL_VP
    if not count:
        return cat.t("page.wall_none")
    if a["silver"]:
        return cat.t("page.wall_option_silver", own=a["own"], silver=a["silver"], vp=vp)
    return cat.t("page.wall_option", count=count, vp=vp)


def _give(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("page.give_option", item=_item(cat, a["item"]))


def _drop_out(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("page.drop_out")


def _take(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    on_card = s.winter["damsel"].get(a["item"], 0) if s.winter else 0
    return cat.t("page.take_option", item=_item(cat, a["item"]), count=on_card)


def _toll_helper(s: State, cat: Catalog, names: Sequence[str], stage: str | None, a: Action) -> str:
    return cat.t("page.toll_option", place=cat.t(f"trader_place.{a['place']}"))


WORDERS = {
    "select": _select,
    "worker_c": _worker_c,
    "trader": _trader,
    "tower": _tower,
    "buy": _buy,
    "sell": _sell,
    "first": _first,
    "erect": _erect,
    "pay": _pay,
    "helper": _helper,
    "convert": _convert,
    "palace": _palace,
    "market": _market,
    "done": _done,
    "discard": _discard,
    "pay_talers": _pay_talers,
    "return_stone": _return_stone,
    "give": _give,
    "drop_out": _drop_out,
    "take": _take,
    "toll_helper": _toll_helper,
}
