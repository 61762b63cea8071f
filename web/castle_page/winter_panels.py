"""The decision panels of the winter cards (docs/rules.md §10): Plague, Snowdrift, Cracked Wall,
the Damsel's giving and share-out, and the Village Tavern's toll.

As in panels.py, every button is an engine action and a refused one shows the engine's reason;
the card being resolved is shown above the choices with its text.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import castle
from castle import data, winter
from castle.actions import Action, make
from web.shell.html import button, esc, tag

from . import panels
from .board import Clickable
from .winter_board import explain

if TYPE_CHECKING:
    from web.shell.app import App


def _card_note(app: App, card: str) -> str:
    """The winter card at hand, named, with what it does."""
    return tag(
        "div",
        tag("b", esc(app.t(f"card.{card}"))) + " " + esc(explain(app.cat, card)),
        class_="winter-note",
        data_card=card,
    )


def _item(app: App, item: str) -> str:
    return app.t("item.taler") if item == data.TALER else app.t(f"kind.{item}")


def _discard(app: App, seat: int, card: str, price: int, hint: str) -> str:
    """Plague and Snowdrift: a button per card that may go, then paying instead."""
    s = app.state
    assert s is not None
    p = s.players[seat]
    buttons = []
    for c in data.CARDS:
        action = make(seat, "discard", c)
        if castle.why_not(s, action) is not None:
            continue  # not offered: only the cards the card may take are listed
        where = app.t("app.discard_face_up" if c in p.played else "app.discard_in_hand")
        label = f"{app.t('app.discard_option', card=app.t(f'card.{c}'))} ({where})"
        buttons.append(panels._opt(app, action, label))
    pay = panels._opt(app, make(seat, "pay_talers"), app.t("app.pay_talers", count=price))
    return (
        _card_note(app, card)
        + tag("p", esc(app.t(hint)))
        + panels._options(app, buttons)
        + panels._options(app, [pay])
    )


def _plague(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    assert app.state is not None
    return _discard(app, seat, "plague", winter.plague_price(app.state, seat), "app.plague_hint")


def _snowdrift(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return _discard(app, seat, "snowdrift", data.SNOWDRIFT_TALERS, "app.snowdrift_hint")


def _cracked_wall(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None

    def label(a: Action) -> str:
        count = a["own"] + a["silver"]
        vp = count * data.CRACKED_WALL_VP
        if not count:
            return app.t("app.wall_none")
        if a["silver"]:
            return app.t("app.wall_option_silver", own=a["own"], silver=a["silver"], vp=vp)
        return app.t("app.wall_option", count=count, vp=vp)

    return _card_note(app, "cracked_wall") + panels._legal_buttons(app, seat, label)


def _give(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None and s.winter is not None
    names = app.cat.join(app.names[i] for i in s.winter["damsel_in"])
    hint = app.t("app.damsel_hint", names=names, vp=data.DAMSEL_VP)
    gifts = [
        panels._opt(app, a, app.t("app.give_option", item=_item(app, a["item"])))
        for a in castle.legal_actions(s, seat)
        if a["do"] == "give"
    ]
    drop = panels._opt(app, make(seat, "drop_out"), app.t("app.drop_out"), class_="done")
    return (
        _card_note(app, "damsel")
        + tag("p", esc(hint))
        + panels._options(app, gifts)
        + panels._options(app, [drop])
    )


def _share(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None and s.winter is not None
    on_card = s.winter["damsel"]

    def label(a: Action) -> str:
        return app.t("app.take_option", item=_item(app, a["item"]), count=on_card[a["item"]])

    return _card_note(app, "damsel") + panels._legal_buttons(app, seat, label)


def _toll(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    buttons = []
    for place in data.TRADER_PLACES:
        action = make(seat, "toll_helper", place)
        token, reason = app.option(action)
        if s.traders[place] == seat:
            clickable[f"trader:{place}"] = (token, reason)
            label = app.t("app.toll_option", place=app.t(f"trader_place.{place}"))
            buttons.append(panels._opt(app, action, label))
    return _card_note(app, "village_tavern") + panels._options(app, buttons)


def helper_buttons(app: App, seat: int, legal: list[Action], clickable: Clickable) -> list[str]:
    """The Innkeeper and the Granary among the helper places, while their cards are in play."""
    s = app.state
    assert s is not None and s.winter is not None
    out = []
    for place, spec in data.WINTER_PLACES.items():
        if spec.card not in s.winter["in_play"]:
            continue
        acts = [a for a in legal if a["place"] == place]
        if len(acts) == 1:
            entry = app.option(acts[0])
        elif acts:
            entry = (app.reg(partial(panels.choose_place, app, place)), None)
        else:
            entry = (None, panels._helper_reason(app, seat, place))
        clickable[f"place:{place}"] = entry
        holder = s.winter["innkeeper"]
        if place == "granary":
            label = app.t("app.helper_granary", fee=spec.fee)
        elif holder is not None and holder != seat:
            label = app.t("app.helper_innkeeper_displace", fee=spec.fee, player=app.names[holder])
        else:
            label = app.t("app.helper_innkeeper", fee=spec.fee)
        out.append(button(esc(label), *entry))
    return out


STAGES = {
    "plague": _plague,
    "snowdrift": _snowdrift,
    "cracked_wall": _cracked_wall,
    "give": _give,
    "share": _share,
    "toll": _toll,
}
