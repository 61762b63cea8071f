"""The player panels: one compact panel per seat, everything on it public, folded on a phone
to its first line (name, VP, talers) until opened.

Shown per seat: name and colour, the start-player mark, VP, talers, pieces per kind, helpers
(in supply, at the carts and the rider, in the castle), cards in hand and face up, this round's
revealed cards with the pieces lying on revealed Worker cards, and during the secret selection
only WHETHER the seat has chosen. The chosen cards themselves are shown to `me` alone, and only
for `me`'s own seat: whatever the view holds for another seat is never drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from castle import data
from web.castle_page import art
from web.castle_page import help as rules_help
from web.castle_page.drawing import Catalog, View, player_colour, player_name
from web.shell.html import esc, tag


def render_players(
    view: View,
    names: Sequence[str],
    colours: Sequence[str],
    cat: Catalog,
    me: int | None,
) -> str:
    """Every seat's panel, in seat order, as one HTML string."""
    panels = "".join(
        _panel(view, seat, names, colours, cat, me) for seat in range(len(view["players"]))
    )
    return tag("div", panels, class_="players", role="list", aria_label=cat.t("board.players"))


def _panel(
    view: View,
    seat: int,
    names: Sequence[str],
    colours: Sequence[str],
    cat: Catalog,
    me: int | None,
) -> str:
    p = view["players"][seat]
    name = player_name(names, seat, cat)
    colour = player_colour(colours, seat)
    is_start = view["start_player"] == seat
    mine = me is not None and seat == me
    chosen = _own_choice(view, seat, me)

    # Header: colour, name, marks, VP, talers.
    marks = ""
    if mine:
        marks += tag("span", esc(cat.t("board.you")), class_="you")
    if is_start:
        label = cat.t("board.start_mark")
        marks += tag("span", art.icon("start", label), class_="start-mark", title=label)
    vp_label = cat.t("board.vp_total", vp=p["vp"])
    talers_label = cat.t("board.talers", count=p["talers"])
    head = (
        tag("span", "", class_="swatch")
        + tag("span", esc(name), class_="pname")
        + marks
        + _selection_badge(view, seat, cat, chosen)
        + tag(
            "span",
            art.icon("vp") + tag("b", esc(p["vp"])),
            class_="pvp",
            title=vp_label,
            aria_label=vp_label,
        )
        + tag(
            "span",
            art.taler() + tag("b", esc(p["talers"])),
            class_="ptalers",
            title=talers_label,
            aria_label=talers_label,
        )
    )

    # Pieces and helpers.
    pieces = "".join(
        tag(
            "li",
            art.piece(kind) + tag("b", esc(p["pieces"].get(kind, 0))),
            class_="zero" if not p["pieces"].get(kind, 0) else None,
            title=cat.t(
                "board.has_kind", kind=cat.t(f"kind.{kind}"), count=p["pieces"].get(kind, 0)
            ),
            data_kind=kind,
            data_count=p["pieces"].get(kind, 0),
        )
        for kind in data.KINDS
    )
    at_carts = sum(1 for owner in view["traders"].values() if owner == seat)
    in_castle = sum(1 for owner in view["places"].values() if owner == seat)
    winter = view.get("winter")
    on_cards = winter["granary"].count(seat) + (winter["innkeeper"] == seat) if winter else 0
    helpers = tag(
        "div",
        art.helper(colour)
        + tag(
            "span",
            esc(cat.t("board.helpers_supply", count=p["helpers"])),
            data_supply=p["helpers"],
        )
        + tag("span", esc(cat.t("board.helpers_carts", count=at_carts)), data_carts=at_carts)
        + tag("span", esc(cat.t("board.helpers_castle", count=in_castle)), data_castle=in_castle)
        + (
            tag("span", esc(cat.t("board.helpers_winter", count=on_cards)), data_winter=on_cards)
            if on_cards
            else ""
        ),
        class_="helpers",
        title=cat.t("board.helpers"),
    )
    stuff = tag("ul", pieces, class_="counts", title=rules_help.piece_values(cat)) + helpers

    # Cards.
    hand = [c for c in data.CARDS if c in p["hand"]]
    hand += [c for c in p["hand"] if c not in hand]
    revealed = list(p.get("revealed") or [])
    earlier = [c for c in p.get("played") or [] if c not in revealed]
    workers = p.get("workers") or {}
    rows = _card_row(
        cat.t("board.hand"),
        "".join(_chip(cat, c, "chosen" if c in chosen else "in-hand") for c in hand),
        "hand",
    )
    played = ""
    if revealed:
        played += tag("span", esc(cat.t("board.this_round")), class_="clabel now")
        played += "".join(_chip(cat, c, "revealed", workers.get(c)) for c in revealed)
        if earlier:
            played += tag("span", esc(cat.t("board.face_up")), class_="clabel")
    played += "".join(_chip(cat, c, "face-up") for c in earlier)
    label = cat.t("board.face_up") if not revealed else ""
    rows += _card_row(label, played, "played")
    discarded = winter["discarded"][seat] if winter else []
    if discarded:
        chips = "".join(_chip(cat, c, "discarded") for c in discarded)
        rows += _card_row(cat.t("board.discarded"), chips, "discarded")
    # A fold (web/main.py keeps it as the player left it): on a phone each seat is one line
    # until opened, but for the seat deciding, whose pieces and cards the decision needs.
    body = tag(
        "details",
        tag("summary", head, class_="phead")
        + tag("div", stuff, class_="pstuff")
        + tag("div", rows, class_="pcards"),
        id=f"fold-player-{seat}",
        data_fold="open" if mine else "closed",
        open=mine,
    )
    cls = f"player c-{colour}" + (" me" if mine else "") + (" start" if is_start else "")
    return tag("div", body, class_=cls, role="listitem", aria_label=name, data_seat=seat)


def _own_choice(view: View, seat: int, me: int | None) -> list[str]:
    """The cards `seat` chose this round, when it is `me`'s own seat; else nothing."""
    if me is None or seat != me or view.get("phase") not in ("select", "winter"):
        return []
    selection = view.get("selection") or []
    mine = selection[seat] if seat < len(selection) else None
    return list(mine) if isinstance(mine, list) else []


def _selection_badge(view: View, seat: int, cat: Catalog, chosen: list[str]) -> str:
    if view.get("phase") not in ("select", "winter"):  # winter: chosen, not yet revealed
        return ""
    selection = view.get("selection") or []
    has_chosen = seat < len(selection) and selection[seat] is not None
    if chosen:
        label = cat.t("board.your_choice", cards=cat.join(cat.t(f"card.{c}") for c in chosen))
        return tag("span", art.icon("check") + esc(label), class_="sel chosen", data_sel="mine")
    if has_chosen:
        label = cat.t("board.has_chosen")
        return tag("span", art.icon("check") + esc(label), class_="sel chosen", data_sel="chosen")
    label = cat.t("board.choosing")
    return tag("span", art.icon("hourglass") + esc(label), class_="sel waiting", data_sel="waiting")


def _card_row(label: str, chips: str, cls: str) -> str:
    if not chips:
        chips = tag("span", "–", class_="none")
    head = tag("span", esc(label), class_="clabel") if label else ""
    return tag("div", head + chips, class_=f"crow {cls}")


def _chip(cat: Catalog, card: str, state: str, on_card: dict[str, int] | None = None) -> str:
    name = cat.t(f"card.{card}")
    extra = ""
    if state == "chosen":
        extra = art.icon("check", cls="chip-check")
    if on_card:
        extra += "".join(
            tag("span", art.piece(kind) + tag("b", esc(n)), class_="on-card")
            for kind, n in on_card.items()
            if n
        )
    title = None
    if on_card:
        title = cat.t(
            "board.on_worker",
            card=name,
            pieces=cat.join(
                cat.t("pieces.item", count=n, kind=cat.t(f"kind.{k}"))
                for k, n in on_card.items()
                if n
            ),
        )
    explain = rules_help.explain_card(cat, card)
    return tag(
        "span",
        esc(name) + extra,
        class_=f"chip {state} card-{card}",
        title=f"{title}\n{explain}" if title else explain,
        data_card=card,
        data_explain=explain,
        data_topic=f"card-{card}",
        tabindex="0",
    )
