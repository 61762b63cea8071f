"""The decision panels of the winter cards (docs/rules.md §10): Plague, Snowdrift, Cracked Wall,
the Damsel's giving and share-out, and the Village Tavern's toll.

As in panels.py, every button is an engine action and a refused one shows the engine's reason;
the card being resolved is shown above the choices with its text.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from castle import CASTLE, data
from castle.actions import Action, make
from web.shell.html import button, esc, tag

from . import help as rules_help
from . import wording
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


def _card_note(app: App, card: str) -> str:
    """The winter card at hand, named, with what it does."""
    return tag(
        "div",
        app.t(
            "page.winter_note",
            card=tag("b", esc(app.t(f"card.{card}"))),
            text=esc(rules_help.explain_winter_card(app.cat, card)),
        ),
        class_="winter-note",
        data_card=card,
    )


def _label(app: App, a: Action) -> str:
    return wording.action_text(app, a)


def _discard(app: App, seat: int, card: str, hint: str) -> str:
    """Plague and Snowdrift: a button per card that may go, then paying instead."""
    s = app.state
    assert s is not None
    p = s.players[seat]
    buttons = []
    for c in data.CARDS:
        action = make(seat, "discard", c)
        if CASTLE.why_not(s, action) is not None:
            continue  # not offered: only the cards the card may take are listed
        where = app.t("page.discard_face_up" if c in p.played else "page.discard_in_hand")
        label = app.t("page.discard_where", action=_label(app, action), where=where)
        buttons.append(option_button(app, action, label))
    pay_action = make(seat, "pay_talers")
    pay = option_button(app, pay_action, _label(app, pay_action))
    return _card_note(app, card) + tag("p", esc(app.t(hint))) + options(buttons) + options([pay])


def _plague(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return _discard(app, seat, "plague", "page.plague_hint")


def _snowdrift(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return _discard(app, seat, "snowdrift", "page.snowdrift_hint")


def _cracked_wall(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return _card_note(app, "cracked_wall") + legal_buttons(app, seat, partial(_label, app))


def _give(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None and s.winter is not None
    names = app.cat.join(app.names[i] for i in s.winter["damsel_in"])
    hint = app.t("page.damsel_hint", names=names, vp=data.DAMSEL_VP)
    gifts = [
        legal_button(app, a, _label(app, a))
        for a in CASTLE.legal_actions(s, seat)
        if a["do"] == "give"
    ]
    drop_out = make(seat, "drop_out")
    drop = option_button(app, drop_out, _label(app, drop_out), class_="done")
    return _card_note(app, "damsel") + tag("p", esc(hint)) + options(gifts) + options([drop])


def _share(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    return _card_note(app, "damsel") + legal_buttons(app, seat, partial(_label, app))


def _toll(app: App, seat: int, d: dict[str, Any], clickable: Clickable) -> str:
    s = app.state
    assert s is not None
    buttons = []
    for place in data.TRADER_PLACES:
        action = make(seat, "toll_helper", place)
        token, reason = app.option(action)
        if s.traders[place] == seat:
            clickable[f"trader:{place}"] = (token, reason)
            buttons.append(button(esc(_label(app, action)), token, reason))
    return _card_note(app, "village_tavern") + options(buttons)


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
            entry = legal_entry(app, acts[0])
        elif acts:
            entry = (app.reg(partial(choose_place, app, place)), None)
        else:
            entry = (None, helper_reason(app, seat, place))
        clickable[f"place:{place}"] = entry
        holder = s.winter["innkeeper"]
        if place == "granary":
            label = app.t("page.helper_granary", fee=spec.fee)
        elif holder is not None and holder != seat:
            label = app.t("page.helper_innkeeper_displace", fee=spec.fee, player=app.names[holder])
        else:
            label = app.t("page.helper_innkeeper", fee=spec.fee)
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
