"""The decision panel: what the engine asks the player, as buttons, and the same options on the
board (carts, tower, building tiles, helper places).

Every option shown is an engine action: legal ones are clickable, refused ones are shown with
the engine's reason in words. Nothing here decides what is legal.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from castle import CASTLE, data, payment, scoring
from castle.actions import Action, make
from web.shell import screens
from web.shell.generic_panel import generic_panel
from web.shell.html import button, esc, tag

from . import winter_panels, wording
from .choices import (
    choose_place,
    helper_reason,
    legal_button,
    legal_buttons,
    legal_entry,
    option_button,
    options,
)
from .drawing import Clickable

if TYPE_CHECKING:
    from web.shell.app import App


def _count(app: App, count: int, kind: str) -> str:
    """ "2 sand" in the player's language."""
    return app.t("pieces.item", count=count, kind=app.t(f"kind.{kind}"))


def pay_with(app: App, pay: payment.Payment) -> None:
    """Settle a whole suggested payment: one `pay` action per step the engine still asks
    (steps with a single option it has already taken by itself)."""
    assert app.state is not None
    seat = app.asked()[0]
    for kind in payment.ORDER:
        prompt = app.prompt(seat)
        if prompt is None or prompt["stage"] != "pay":
            return  # paid: the building is erected
        if prompt["context"]["kind"] != kind:
            continue  # a step the engine took by itself
        own, converted = pay["own"].get(kind, 0), pay["converted"].get(kind, 0)
        if not app.do(make(seat, "pay", kind, own, converted)):
            return


def decision(app: App) -> tuple[str, Clickable]:
    """The panel's HTML for the pending decision, and the board's clickable elements."""
    s = app.state
    assert s is not None
    asked = app.asked()
    prompt = app.prompt(asked[0]) if asked else None
    assert prompt is not None
    d = {"stage": prompt["stage"], "players": prompt["seats"], **prompt["context"]}
    stage = d["stage"]
    seat = app.viewer if stage == "select" else d["players"][0]
    assert seat is not None
    clickable: Clickable = {}
    own = None if app.generic_panels else _STAGES.get(stage)
    body = generic_panel(app, seat) if own is None else own(app, seat, d, clickable)
    return screens.who_line(app, seat, stage) + body, clickable


def _select(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    """The secret choice: pick the cards, change them at will, then confirm (a misclick is
    never played: nothing goes to the engine before the confirmation)."""
    s = app.state
    assert s is not None
    hand = s.players[seat].hand
    legal = CASTLE.legal_actions(s, seat)
    count = len(legal[0]["cards"]) if legal else 0
    buttons = []
    for card in hand:
        label = app.t(f"card.{card}")
        if card in app.picked:
            buttons.append(
                button(
                    esc(label),
                    app.reg(partial(app.picked.remove, card)),
                    class_="picked",
                    aria_pressed="true",
                )
            )
            continue
        # With one card to choose, another pick replaces the first; with two, it adds to it.
        kept = [] if count == 1 else app.picked
        wanted = {*kept, card}
        if len(kept) < count and any(wanted <= set(a["cards"]) for a in legal):
            buttons.append(
                button(esc(label), app.reg(partial(_pick, app, kept, card)), aria_pressed="false")
            )
            continue
        other = next((c for c in hand if c != card), card)
        refusal = CASTLE.why_not(s, make(seat, "select", [card] if count == 1 else [card, other]))
        why = app.reason(refusal) if refusal else app.t("page.cards_already_picked", count=count)
        buttons.append(button(esc(label), None, why))
    confirm = (
        option_button(
            app,
            make(seat, "select", list(app.picked)),
            app.t("page.confirm_cards", count=count),
            class_="go",
            id="confirm-cards",
        )
        if len(app.picked) == count
        else button(
            esc(app.t("page.confirm_cards", count=count)),
            None,
            app.t("page.pick_cards", count=count),
            id="confirm-cards",
        )
    )
    hint = tag("p", esc(app.t("page.pick_hint", count=count)))
    return hint + options(buttons) + options([confirm])


def _pick(app: App, kept: list[str], card: str) -> None:
    app.picked[:] = [*kept, card]


def _worker_c(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    def label(a: Action) -> str:
        return app.cat.join(app.t(f"kind.{k}") for k in a["kinds"])

    return legal_buttons(app, seat, label)


def _done(app: App, seat: int, key: str) -> str:
    return option_button(app, make(seat, "done"), app.t(key), class_="done")


def _trader(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    buttons = []
    for place in data.TRADER_PLACES:
        action = make(seat, "trader", place)
        token, reason = app.option(action)
        clickable[f"trader:{place}"] = (token, reason)
        name = app.t(f"trader_place.{place}")
        occupant = s.traders[place]
        if occupant is None:
            label = app.t("page.trader_free", place=name)
        elif occupant == seat:
            label = app.t("page.trader_own", place=name)
        else:  # taking the place sends that helper home: say whose
            label = app.t("page.trader_displace", place=name, player=app.names[occupant])
        buttons.append(button(esc(label), token, reason))
    return options(buttons) + options([_done(app, seat, "page.trader_pass")])


def _tower(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    buttons = []
    for kind in data.KINDS:
        token, reason = app.option(make(seat, "tower", kind))
        clickable[f"tower:{kind}"] = (token, reason)
        label = _count(app, s.tower[kind], kind)
        buttons.append(button(esc(label), token, reason))
    return options(buttons)


def _buy(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    buttons = []
    for a in CASTLE.legal_actions(s, seat):
        if a["do"] == "buy":
            buttons.append(legal_button(app, a, wording.action_text(app, a)))
    return options(buttons) + options([_done(app, seat, "page.buy_done")])


def _sell(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    offer = d["offer"]
    text = app.t(
        "page.sell_question",
        buyer=app.names[d["seat"]],
        kind=app.t(f"kind.{offer['kind']}"),
        card=app.t(f"card.{offer['card']}"),
        talers=data.STONEMASON_PRICE,
    )
    yes = option_button(app, make(seat, "sell", True), app.t("page.sell_yes"), class_="go")
    no = option_button(app, make(seat, "sell", False), app.t("page.sell_no"))
    return tag("p", esc(text)) + options([yes, no])


def _first(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return legal_buttons(app, seat, lambda a: app.t(f"card.{a['card']}"))


def _erect(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    buttons = []
    for building in data.TILE_BUILDINGS:
        token, reason = app.option(make(seat, "erect", building))
        clickable[f"building:{building}"] = (token, reason)
        b = data.BUILDING[building]
        label = app.t("page.erect_option", building=app.t(f"building.{building}"), cost=b.cost)
        buttons.append(button(esc(label), token, reason))
    done_key = "page.erect_done" if d.get("built") else "page.erect_nothing"
    return options(buttons) + options([_done(app, seat, done_key)])


def _pay(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    ctx = d["pay"]
    building = ctx["building"]
    head = app.t(
        "page.paying",
        building=app.t(f"building.{building}"),
        cost=data.BUILDING[building].cost,
        left=ctx["rem"],
    )
    so_far = {"own": ctx["own"], "converted": ctx["converted"]}
    out = tag("p", esc(head))
    if ctx["own"] or ctx["converted"]:
        paid = wording.payment_text(app.cat, so_far)
        out += tag("p", esc(app.t("page.paid_so_far", pieces=paid)))
    if ctx["step"] == 0:
        p = s.players[seat]
        card = d.get("card")
        ideas = payment.suggested(data.BUILDING[building].cost, p.pieces, s.stock, card=card)
        if ideas:
            buttons = [
                button(
                    esc(wording.payment_option(app.cat, pay, card)),
                    app.reg(partial(pay_with, app, pay)),
                    class_="go",
                )
                for pay in ideas
            ]
            out += tag("h3", esc(app.t("page.suggested_payments"))) + options(buttons)
    kind = d["kind"]
    out += tag("h3", esc(app.t("page.pay_kind", kind=app.t(f"kind.{kind}"))))

    def label(a: Action) -> str:
        mine = _count(app, a["own"], kind)
        if not a["silver"]:
            return mine
        return app.t(
            "page.pay_step_silver", own=mine, silver=a["silver"], kind=app.t(f"kind.{kind}")
        )

    return out + legal_buttons(app, seat, label)


def _helper(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    legal = [a for a in CASTLE.legal_actions(s, seat) if a["do"] == "helper"]
    now = scoring.preview(s.places, s.tiles, s.forge)
    buttons = []
    for place in data.PLACE:
        acts = [a for a in legal if a["place"] == place]
        label = _helper_label(app, place, now.get(place))
        if len(acts) == 1:
            entry = legal_entry(app, acts[0])
        elif acts:
            entry = (app.reg(partial(choose_place, app, place)), None)
        else:
            entry = (None, helper_reason(app, seat, place))
        clickable[f"place:{place}"] = entry
        if place in s.places:
            buttons.append(button(esc(label), *entry))
    if s.winter is not None:
        buttons += winter_panels.helper_buttons(app, seat, legal, clickable)
    out = tag(
        "p", esc(app.t("page.helper_hint", left=data.MAX_HELPERS_PER_CARD - d.get("helpers", 0)))
    )
    chosen = app.local.get("place")
    if chosen:
        sources = [a for a in legal if a["place"] == chosen]
        choice = [legal_button(app, a, app.t(f"app.source.{a['source']}")) for a in sources]
        cancel = button(esc(app.t("app.cancel")), app.reg(partial(choose_place, app, None)))
        out += tag("p", esc(app.t("page.helper_from", place=app.t(f"place.{chosen}")))) + options(
            [*choice, cancel]
        )
    return out + options(buttons) + options([_done(app, seat, "page.helper_done")])


def _helper_label(app: App, place: str, vp: int | None) -> str:
    """A helper place's button: its fee and, for a place that scores by what stands (not the
    Palace's or Market's choice at the end), what it would score if the game ended now, the
    value its tile shows on the board, which may be scrolled away."""
    name, fee = app.t(f"place.{place}"), data.PLACE[place].fee
    if vp is None:
        return app.t("page.helper_option", place=name, fee=fee)
    return app.t("page.helper_option_now", place=name, fee=fee, vp=vp)


def _convert(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    buttons = [
        option_button(
            app, make(seat, "convert", k), app.t("page.convert_option", kind=app.t(f"kind.{k}"))
        )
        for k in data.FORGE_KINDS
    ]
    return options(buttons) + options([_done(app, seat, "page.convert_done")])


def _palace(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    buttons = [
        option_button(
            app,
            make(seat, "palace", k),
            app.t("page.palace_option", kind=app.t(f"kind.{k}"), vp=data.BP[k]),
        )
        for k in data.BUILDING_KINDS
    ]
    head = tag("p", esc(app.t("page.palace_left", left=d.get("left", 0))))
    return head + options(buttons) + options([_done(app, seat, "page.palace_done")])


def _market(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    """Each choice with the talers it spends (the Market's rate: one place or both)."""
    assert app.state is not None
    rate = scoring.market_rate(app.state, seat)
    return legal_buttons(
        app, seat, lambda a: app.t("page.market_option", vp=a["vp"], count=a["vp"] * rate)
    )


_STAGES = {
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
    **winter_panels.STAGES,
}
