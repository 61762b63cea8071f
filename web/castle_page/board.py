"""The board: the castle's building tiles, the defense tower, the carts and the rider, the
stock and the round track, and in winter the winter cards (winter_board.py), drawn from a view
as one HTML string.

No rule lives here: what a player may click comes in as `clickable`, computed by the page from
the engine's option lists; current place values come from `castle.scoring.preview`. Every
visible word comes from the catalog: names from `building.* place.* kind.* trader_place.*`
(game.json) and this module's labels from `board.*` (board.json).

Clickable elements have stable keys: ``place:<place id>``, ``trader:<trader place id>``,
``building:<building id>`` and ``tower:<kind>``. A key mapped to (token, None) becomes a button
with ``data-act=token``; a key mapped to (None, reason) becomes a forbidden button showing the
reason; a key not in the map is plain. Every such element carries ``data-key`` either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from castle import data
from web.castle_page import art
from web.castle_page import help as rules_help
from web.shell.html import esc, tag

from .drawing import Board, Catalog, Clickable, View
from .winter_board import winter_cards

#: Where the buildings sit in the castle, row by row (4 columns): the Gates next to the Towers
#: they score, the Stable next to the Houses, Market and Forge together.
LAYOUT = (
    "keep",
    "tavern",
    "palace",
    "servants_house",
    "gate",
    "small_gate",
    "tower",
    "well",
    "stable",
    "house",
    "market",
    "forge",
)


# --- The whole board ---------------------------------------------------------------------------


def render_board(
    view: View,
    names: Sequence[str],
    colours: Sequence[str],
    cat: Catalog,
    clickable: Clickable | None = None,
) -> str:
    """The board for `view` (CASTLE.view(state, seat)) as one HTML string."""
    b = Board(view, names, colours, cat, clickable or {})
    # The board carries the icon sprite, so every icon on the game screen (players' panels
    # included) resolves without the page having to remember it.
    heading = tag("h2", esc(b.t("board.title")), class_="sr")  # the tower's h3 is under it
    body = art.sprite() + heading + _top(b) + winter_cards(b) + _castle(b) + _yard(b)
    cls = "board winter" if view.get("winter") else "board"
    return tag("div", body, class_=cls, role="region", aria_label=b.t("board.title"))


# --- Round track, phase, start player ----------------------------------------------------------


def _top(b: Board) -> str:
    view = b.view
    current, total = view["round"], view["rounds"]
    slots = []
    for n in range(1, total + 1):
        if n < current:
            cls, inner = "done", ""
        elif n == current:
            cls, inner = "now", esc(n)
        else:
            cls, inner = "todo", art.taler()
        slots.append(tag("li", inner, class_=cls, title=b.t("board.round_n", n=n)))
    label = b.t("board.round", n=current, total=total)
    track = tag(
        "div",
        tag("span", esc(label), class_="round-label")
        + tag("ol", "".join(slots), class_="track", aria_hidden="true"),
        class_="rounds",
    )
    phase = tag("span", esc(b.t(f"board.phase.{view['phase']}")), class_="phase")
    seat = view["start_player"]
    start = tag(
        "span",
        art.icon("start")
        + tag("span", "", class_=f"swatch c-{b.colour(seat)}")
        + tag("span", esc(b.t("board.start_player", name=b.name(seat))), class_="sp-text"),
        class_="start-player",
    )
    return tag("div", track + phase + start, class_="board-top")


# --- The castle --------------------------------------------------------------------------------


def _castle(b: Board) -> str:
    order = [bid for bid in LAYOUT if bid in data.BUILDING]
    order += [bld.id for bld in data.BUILDINGS if bld.id not in order]
    tiles = "".join(_building(b, data.BUILDING[bid]) for bid in order)
    return tag("div", tiles, class_="castle", role="list", aria_label=b.t("board.castle"))


def _building(b: Board, bld: data.Building) -> str:
    if bld.tiles > 1:
        return _stack(b, bld)
    name = b.t(f"building.{bld.id}")
    from_start = bld.tiles == 0
    erected = from_start or b.view["tiles"].get(bld.id, 0) == 0
    state_cls = "built" if erected else "unbuilt"
    head = _head(b, bld, name)
    if from_start:
        status = b.t("board.from_start")
    else:
        status = b.t("board.built") if erected else b.t("board.unbuilt")
    places = "".join(_place(b, bld, place, erected) for place in bld.places)
    if not bld.places:
        places = tag("span", esc(b.t("board.no_places")), class_="no-places")
    extra = _forge_silver(b) if bld.id == "forge" else ""
    body = (
        head
        + tag("div", places, class_="places")
        + extra
        + tag("div", esc(status), class_="status")
    )
    return tag(
        "div",
        body,
        class_=f"tile {state_cls} b-{bld.id}",
        role="listitem",
        aria_label=b.t("board.tile_label", name=name, status=status),
        data_building=bld.id,
        data_left=None if from_start else b.view["tiles"].get(bld.id, 0),
    )


def _head(b: Board, bld: data.Building, name: str) -> str:
    """Name, cost (shield) and VP (crown): the tile's top line, and its clickable part."""
    parts = []
    if bld.tiles:
        parts.append(
            tag(
                "span",
                art.icon("bp") + tag("b", esc(bld.cost)),
                class_="cost",
                title=b.t("board.cost", bp=bld.cost),
            )
        )
    parts.append(tag("span", esc(name), class_="bname"))
    if bld.tiles:
        parts.append(
            tag(
                "span",
                art.icon("vp") + tag("b", esc(bld.vp)),
                class_="worth",
                title=b.t("board.vp", vp=bld.vp),
            )
        )
    label = name
    if bld.tiles:
        label = b.t("board.building_label", name=name, bp=bld.cost, vp=bld.vp)
    explain = rules_help.explain_building(b.cat, bld.id)
    return b.element(f"building:{bld.id}", "".join(parts), "tile-head", label, explain)


def _place(b: Board, bld: data.Building, place: data.Place, erected: bool) -> str:
    places = b.view["places"]
    pname = b.t(f"place.{place.id}")
    fee = tag("span", esc(place.fee), class_="fee", title=b.t("board.fee", fee=place.fee))
    rule = b.t(f"board.rule.{place.scoring}", rate=place.rate, pieces=data.PALACE_PIECES)
    if not erected or place.id not in places:
        state_cls, ring, who = "future", fee, b.t("board.not_yet")
        label = b.t("board.place_future", place=pname, fee=place.fee)
    elif places[place.id] is None:
        state_cls, ring, who = "free", fee, b.t("board.free")
        label = b.t("board.place_free", place=pname, fee=place.fee)
    else:
        seat = places[place.id]
        owner = b.name(seat)
        state_cls, who = "taken", owner
        label = b.t("board.place_taken", place=pname, fee=place.fee, name=owner)
        ring = fee + b.helper(seat, b.t("board.helper_of", name=owner))
    value = ""
    if place.id in b.values and state_cls != "future":
        value = tag("span", esc(b.t("board.now", vp=b.values[place.id])), class_="now")
    inner = (
        tag("span", ring, class_="ring")
        + tag("span", esc(who), class_="who")
        + tag("span", esc(rule), class_="rule")
        + value
    )
    explain = rules_help.explain_place(b.cat, place.id)
    return b.element(f"place:{place.id}", inner, f"place {state_cls}", label, explain)


def _forge_silver(b: Board) -> str:
    n = b.view.get("forge", 0)
    label = b.t("board.forge_silver", count=n)
    return tag(
        "div",
        art.piece("silver") + tag("span", esc(label)),
        class_="forge-silver",
        title=label,
        data_forge=n,
    )


def _stack(b: Board, bld: data.Building) -> str:
    """Towers and Houses: a pile of identical tiles with the count left, and those built."""
    name = b.t(f"building.{bld.id}")
    left = b.view["tiles"].get(bld.id, 0)
    built = bld.tiles - left
    pic = "turret" if bld.id == data.TOWER else "house"
    layers = min(left, 4)
    pile = tag(
        "span",
        art.icon(pic) + tag("b", esc(left)),
        class_=f"pile layers-{layers}" + (" empty" if not left else ""),
        title=b.t("board.left", count=left),
    )
    shown = "".join(art.icon(pic, cls="built-one") for _ in range(built))
    row = tag("span", shown, class_="built-row")
    status = b.t("board.stack_status", left=left, built=built)
    body = (
        _head(b, bld, name)
        + tag(
            "div",
            pile
            + tag(
                "span",
                tag("span", esc(b.t("board.left", count=left)), class_="left")
                + tag("span", esc(b.t("board.built_count", count=built)), class_="built-n")
                + row,
                class_="stack-info",
            ),
            class_="stack-body",
        )
        + tag("div", esc(b.t("board.no_places")), class_="status")
    )
    cls = "tile stack " + ("built" if not left else "unbuilt") + f" b-{bld.id}"
    return tag(
        "div",
        body,
        class_=cls,
        role="listitem",
        aria_label=b.t("board.tile_label", name=name, status=status),
        data_building=bld.id,
        data_left=left,
        data_built=built,
    )


# --- Defense tower, stock, carts and rider -----------------------------------------------------


def _yard(b: Board) -> str:
    traders = "".join(_trader(b, tp) for tp in data.TRADER_PLACES)
    return tag(
        "div",
        _defense_tower(b)
        + tag(
            "div",
            _stock(b) + tag("div", traders, class_="traders"),
            class_="yard-right",
        ),
        class_="yard",
    )


def _defense_tower(b: Board) -> str:
    rows = []
    tower = b.view["tower"]
    for kind in data.KINDS:
        n = tower.get(kind, 0)
        kname = b.t(f"kind.{kind}")
        label = b.t("board.tower_kind", kind=kname, count=n)
        inner = art.piece(kind) + tag("b", esc(n)) + tag("span", esc(kname), class_="kname")
        cls = "tower-kind" + ("" if n else " none")
        rows.append(b.element(f"tower:{kind}", inner, cls, label))
    explain = rules_help.explain_tower(b.cat)
    title = tag(
        "h3",
        esc(b.t("board.tower")),
        title=explain,
        data_explain=explain,
        data_topic="tower",
        tabindex="0",
    )
    total = sum(tower.get(k, 0) for k in data.KINDS)
    return tag(
        "div",
        title
        + tag("div", "".join(rows), class_="tower-kinds", title=rules_help.piece_values(b.cat)),
        class_="defense-tower",
        data_total=total,
    )


def _stock(b: Board) -> str:
    stock = b.view["stock"]
    items = []
    for kind in data.KINDS:
        n = stock.get(kind, 0)
        kname = b.t(f"kind.{kind}")
        items.append(
            tag(
                "li",
                art.piece(kind) + tag("b", esc(n)),
                title=b.t("board.stock_kind", kind=kname, count=n),
                data_kind=kind,
                data_count=n,
            )
        )
    out = b.view.get("out") or {}
    gone = ""
    if any(out.get(k, 0) for k in data.KINDS):
        gone_items = "".join(
            tag("li", art.piece(k) + tag("b", esc(out[k]))) for k in data.KINDS if out.get(k, 0)
        )
        gone = tag(
            "div",
            tag("span", esc(b.t("board.out")), class_="label")
            + tag("ul", gone_items, class_="counts"),
            class_="out",
        )
    values = rules_help.piece_values(b.cat)  # what each piece is worth, wherever pieces are
    return tag(
        "div",
        tag("span", esc(b.t("board.stock")), class_="label")
        + tag("ul", "".join(items), class_="counts")
        + gone
        + tag("span", esc(values), class_="values"),
        class_="stock",
        title=values,
    )


def _trader(b: Board, tp: str) -> str:
    kind, amount = data.TRADER_PLACES[tp]
    tname = b.t(f"trader_place.{tp}")
    kname = b.t(f"kind.{kind}")
    in_stock = b.view["stock"].get(kind, 0)
    load = "".join(art.piece(kind, cls="" if i < in_stock else "short") for i in range(amount))
    pic = "rider" if tp == data.RIDER else "cart"
    owner = b.view["traders"].get(tp)
    fresh = tp in (b.view.get("fresh") or [])
    if owner is None:
        slot = tag("span", "", class_="empty-slot")
        who = b.t("board.free")
        label = b.t("board.trader_free", place=tname, count=amount, kind=kname)
    else:
        who = b.name(owner)
        slot = b.helper(owner, b.t("board.helper_of", name=who))
        label = b.t("board.trader_taken", place=tname, count=amount, kind=kname, name=who)
        if fresh:
            slot += art.icon("lock", b.t("board.fresh"), "fresh-mark")
            label = b.t("board.trader_fresh", label=label, fresh=b.t("board.fresh"))
    inner = (
        tag("span", esc(tname), class_="tname")
        + tag("span", art.icon(pic) + tag("span", load, class_="load"), class_=f"pic pic-{pic}")
        + tag("span", esc(b.t("board.delivers", count=amount, kind=kname)), class_="delivers")
        + tag("span", slot + tag("span", esc(who), class_="who"), class_="occupant")
    )
    cls = "trader" + (" taken" if owner is not None else " free") + (" fresh" if fresh else "")
    return b.element(f"trader:{tp}", inner, cls, label, rules_help.explain_trader_place(b.cat, tp))
