"""The winter cards on the board (docs/rules.md §10): the face-down pile, this round's card with
its text, the cards in play (Village Tavern with its Innkeeper and talers, Granary with its
helpers, Damsel of the Castle with what lies on it and who still gives) and those discarded.

Drawn from a view like the rest of the board (board.py). The Innkeeper and the Granary are
keyed ``place:innkeeper`` and ``place:granary``, so the helper decision makes them clickable as
it does the castle's places.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from castle import data
from web.castle_page import art
from web.castle_page import help as rules_help
from web.shell.html import esc, tag

from .drawing import Board


def next_round(view: Mapping[str, Any]) -> int | None:
    """The round whose winter card is turned over next, if any is left."""
    w = view["winter"]
    if not w["deck"]:
        return None
    now = view["round"] + (1 if view["phase"] not in ("select",) else 0)
    return next((r for r in data.WINTER_ROUNDS if r >= now), None)


def winter_cards(b: Board) -> str:
    """The winter strip of the board, or nothing in a summer game."""
    w = b.view.get("winter")
    if not w:
        return ""
    cards = [_deck(b, w)]
    if w["card"] is not None and w["card"] not in w["in_play"]:
        cards.append(_card(b, w["card"], "", now=True))
    for card in w["in_play"]:
        cards.append(_card(b, card, _in_play(b, card, w), now=card == w["card"]))
    gone = [c for c in w["gone"] if c != w["card"]]
    if gone:
        names = b.cat.join(b.t(f"card.{c}") for c in gone)
        cards.append(tag("p", esc(b.t("board.winter_gone", cards=names)), class_="winter-gone"))
    return tag(
        "div",
        tag("h3", esc(b.t("board.winter")), class_="sr") + "".join(cards),
        class_="winter-cards",
        role="group",
        aria_label=b.t("board.winter"),
    )


def _deck(b: Board, w: Mapping[str, Any]) -> str:
    left = len(w["deck"])
    label = b.t("board.winter_deck", count=left) if left else b.t("board.winter_deck_empty")
    upcoming = next_round(b.view)
    note = b.t("board.winter_next", round=upcoming) if upcoming else ""
    return tag(
        "div",
        art.icon("snow", cls="deck-pic")
        + tag("b", esc(left))
        + tag("span", esc(label), class_="deck-label sr")  # the count says it to the eye
        + (tag("span", esc(note), class_="deck-next") if note else ""),
        class_="winter-deck" + ("" if left else " empty"),
        title=label + (f"\n{note}" if note else ""),
        data_left=left,
    )


def _card(b: Board, card: str, body: str, now: bool) -> str:
    name = b.t(f"card.{card}")
    head = tag("span", esc(name), class_="wname")
    if now:
        head += tag("span", esc(b.t("board.winter_now")), class_="wnow")
    text = tag("p", esc(rules_help.explain_winter_card(b.cat, card)), class_="wtext")
    return tag(
        "div",
        tag("div", head, class_="whead") + text + body,
        class_=f"winter-card w-{card}" + (" now" if now else ""),
        data_card=card,
        data_topic=f"winter-{card}",
        data_explain=rules_help.explain_winter_card(b.cat, card),
        title=f"{name}\n{rules_help.explain_winter_card(b.cat, card)}",
        tabindex="0",
    )


def _in_play(b: Board, card: str, w: Mapping[str, Any]) -> str:
    if card == "village_tavern":
        return _tavern(b, w)
    if card == "granary":
        return _granary(b, w)
    return _damsel(b, w)


def _slot(b: Board, seat: int | None) -> str:
    if seat is None:
        return tag("span", "", class_="empty-slot")
    return b.helper(seat, b.t("board.helper_of", name=b.name(seat)))


def _tavern(b: Board, w: Mapping[str, Any]) -> str:
    fee = data.WINTER_PLACES["innkeeper"].fee
    owner = w["innkeeper"]
    pname = b.t("place.innkeeper")
    who = b.t("board.free") if owner is None else b.name(owner)
    if owner is None:
        label = b.t("board.place_free", place=pname, fee=fee)
    else:
        label = b.t("board.place_taken", place=pname, fee=fee, name=who)
    inner = (
        tag(
            "span",
            tag("span", esc(fee), class_="fee") + (_slot(b, owner) if owner is not None else ""),
            class_="ring",
        )
        + tag("span", esc(who), class_="who")
        + tag("span", esc(pname), class_="rule")
    )
    place = b.element(
        "place:innkeeper",
        inner,
        "place " + ("free" if owner is None else "taken"),
        label,
        rules_help.explain_winter_place(b.cat, "innkeeper"),
    )
    talers = w["tavern"]
    money = tag(
        "span",
        art.taler()
        + tag("b", esc(talers))
        + tag("span", esc(b.t("board.tavern_talers", count=talers)), class_="sr"),
        class_="tavern-talers",
        title=b.t("board.tavern_talers", count=talers),
        data_talers=talers,
    )
    return tag("div", place + money, class_="wbody")


def _granary(b: Board, w: Mapping[str, Any]) -> str:
    spec = data.WINTER_PLACES["granary"]
    owners = list(w["granary"])
    slots = "".join(_slot(b, owners[i] if i < len(owners) else None) for i in range(spec.places))
    free = len(owners) < spec.places
    pname = b.t("place.granary")
    names = b.cat.join(b.name(o) for o in owners) if owners else b.t("board.free")
    label = (
        b.t("board.place_free", place=pname, fee=spec.fee)
        if free
        else b.t("board.place_taken", place=pname, fee=spec.fee, name=names)
    )
    vp = data.GRANARY_VP.get(len(owners))
    now = tag("span", esc(b.t("board.granary_now", vp=vp)), class_="now") if vp else ""
    inner = (
        tag("span", tag("span", esc(spec.fee), class_="fee") + slots, class_="ring")
        + tag("span", esc(names), class_="who")
        + now
    )
    place = b.element(
        "place:granary",
        inner,
        "place granary-places " + ("free" if free else "taken"),
        label,
        rules_help.explain_winter_place(b.cat, "granary"),
    )
    return tag("div", place, class_="wbody", data_helpers=len(owners))


def _damsel(b: Board, w: Mapping[str, Any]) -> str:
    items = w["damsel"]
    shown = "".join(
        tag("li", (art.taler() if i == data.TALER else art.piece(i)) + tag("b", esc(items[i])))
        for i in data.DAMSEL_ITEMS
        if items.get(i)
    )
    counts = {k: items.get(k, 0) for k in data.KINDS}
    words = b.cat.join(
        [t for t in [_pieces_words(b, counts), _talers_words(b, items.get(data.TALER, 0))] if t]
    )
    on_card = (
        tag("ul", shown, class_="counts", title=b.t("board.damsel_items", items=words))
        if shown
        else tag("span", esc(b.t("board.damsel_nothing")), class_="none")
    )
    giving = b.cat.join(b.name(s) for s in w["damsel_in"])
    return tag(
        "div",
        on_card + tag("p", esc(b.t("board.damsel_in", names=giving)), class_="damsel-in"),
        class_="wbody",
        data_items=sum(items.values()),
        data_giving=len(w["damsel_in"]),
    )


def _pieces_words(b: Board, counts: Mapping[str, int]) -> str:
    pieces = getattr(b.cat, "pieces", None)
    if not any(counts.values()) or pieces is None:
        return ""
    return str(pieces(counts, data.KINDS))


def _talers_words(b: Board, n: int) -> str:
    return b.t("board.talers", count=n) if n else ""
