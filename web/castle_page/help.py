"""The rules help: how to play, a reference of every card, building and place, and the house
rulings, in the player's language, with every number taken from the engine's data.

Why the numbers are filled in here and never typed in the catalogs: `castle/data.py` holds every
number of the game (costs, VP, fees, deliveries, rounds), and the help must say what the engine
plays. A translator writes "{cost}" and this module fills it from the data, so a changed ruling
changes the help in every language at once, and no catalog can contradict the engine. The text
follows the project's rules specification, `docs/rules.md` (same § numbering); the house
rulings (⚖) come from `castle.data.HOUSE_RULES`, worded by the `ruling.*` keys.

Why pure functions: the page shows the same explanations on hover, focus or tap of a card,
building, helper place, cart, the rider and the defense tower (as a title or a note), and the
whole help as one HTML string the host puts on screen; nothing here reads or changes the app.

Catalog layout (`web/castle_page/i18n/<lang>/help.json`, all keys `help.*`):
- `help.section.<id>.title` and `help.section.<id>.p1` … `.p<n>` for each section of `SECTIONS`;
- `help.card.<card>`, `help.building.<building>`, `help.place.<place>`,
  `help.trader_place.<cart or rider>`, `help.tower`: one explanation template each;
- `help.scoring.<scoring>`: how a kind of helper place scores, shared by the places;
- short phrases (`help.talers`, `help.vp`, `help.bp`, …) that give a number its unit.
`help_keys()` lists them all, so a test can require each in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Protocol, TypeVar

from castle import data
from web.shell import hint, keys
from web.shell.html import esc, tag


class Catalog(Protocol):
    """The words this module needs (a web.shell.i18n.Catalog, or the board's)."""

    def t(self, key: str, /, **params: object) -> str: ...

    def join(self, items: Iterable[str], last: str = "list.and") -> str: ...


Params = dict[str, object]
Explain = TypeVar("Explain", bound=Callable[..., object])

#: How many (catalog, thing) explanations are kept: every card, building and place in both
#: languages, with room to spare.
KEPT: Final = 1024


def per_catalog(explain: Explain) -> Explain:
    """Remember an explanation per catalog and thing.

    Why: the board shows every card's, building's and place's explanation (as its title) on
    every redraw, about 80 of them, and each fills a template from `_facts`, some fifty catalog
    look-ups; computed afresh that was most of a redraw. A catalog is not changed after loading
    (`web.shell.i18n.load` caches it), and the data is constant, so an explanation depends on
    the catalog (by identity) and its arguments alone."""
    return lru_cache(maxsize=KEPT)(explain)  # type: ignore[return-value]


#: The how-to-play sections, in reading order, with how many paragraphs each has in the
#: catalogs (`help.section.<id>.p1` … `.p<n>`): a fixed count, so both languages say it all.
SECTIONS: Final = (
    ("goal", 2),
    ("setup", 3),
    ("round", 5),
    ("characters", 2),
    ("erecting", 4),
    ("helpers", 3),
    ("forge", 2),
    ("end", 3),
    ("two_players", 1),
    ("keyboard", 2),
    ("hint", 2),
)
#: The reference parts after the sections (`help.part.<id>` is each one's title; the rulings
#: part is titled as the new-game screen's list of them, `rules.title`).
PARTS: Final = ("cards", "buildings", "places", "carts", "pieces", "winter", "rulings")
#: The section whose text is followed by the list of the six resolution steps.
STEPS_AFTER: Final = ("characters", 1)
#: Separates the values in `piece_values` (the same in every language: no word in it).
VALUE_SEP: Final = " · "
#: The kinds of helper place scoring (`data.Place.scoring`), each worded by `help.scoring.*`.
SCORINGS: Final = tuple(dict.fromkeys(p.scoring for p in data.PLACE.values()))

#: Phrases and labels of the page itself, beside the section and item templates.
PHRASES: Final = (
    "help.title",
    "help.intro",
    "help.toc",
    "help.howto",
    "help.reference",
    "help.talers",
    "help.vp",
    "help.bp",
    "help.pieces_n",
    "help.cards_n",
    "help.or",
    "help.delivery",
    "help.piece_value",
    "help.piece_values",
    "help.building_cost",
    "help.building_cost_stack",
    "help.building_from_start",
    "help.building_places",
    "help.building_no_places",
    "help.building_text",
    "help.place_fee",
    "help.place_fee_each",
    "help.place_sep",
    "help.table.building",
    "help.table.tiles",
    "help.table.cost",
    "help.table.vp",
    "help.table.places",
    "help.table.from_start",
    "help.table.kind",
    "help.table.bp",
    "help.table.box",
    "help.table.none",
    "help.pieces.silver",
    "help.tower_name",
)


def help_keys() -> list[str]:
    """Every `help.*` key this module asks for, so a test can require each in every language
    (a missing one would show in the browser as English, or as the raw key)."""
    keys = list(PHRASES)
    for section, paragraphs in SECTIONS:
        keys.append(f"help.section.{section}.title")
        keys += [f"help.section.{section}.p{n}" for n in range(1, paragraphs + 1)]
    keys += [_part_key(part) for part in PARTS if _part_key(part).startswith("help.")]
    keys += [f"help.card.{card}" for card in data.CARDS]
    keys += [f"help.building.{b.id}" for b in data.BUILDINGS]
    keys += [f"help.place.{place}" for place in data.PLACE]
    keys += [f"help.trader_place.{place}" for place in data.TRADER_PLACES]
    keys += [f"help.scoring.{scoring}" for scoring in SCORINGS]
    keys += ["help.winter.intro", *(f"help.winter_place.{p}" for p in data.WINTER_PLACES)]
    keys.append("help.tower")
    return keys


# --- Numbers with their units ------------------------------------------------------------------


def _talers(cat: Catalog, n: int) -> str:
    return cat.t("help.talers", count=n)


def _vp(cat: Catalog, n: int) -> str:
    return cat.t("help.vp", count=n)


def _bp(cat: Catalog, n: int) -> str:
    return cat.t("help.bp", count=n)


def _pieces(cat: Catalog, pieces: Mapping[str, int]) -> str:
    """Pieces as prose ("2 sand and 1 clay"), kinds in the engine's order."""
    return cat.join(
        cat.t("pieces.item", count=pieces[k], kind=cat.t(f"kind.{k}"))
        for k in data.KINDS
        if pieces.get(k)
    )


@per_catalog
def piece_values(cat: Catalog) -> str:
    """The BP of each building piece on one line ("sand 1 · wood 2 · clay 4 · stone 5 BP"),
    from `data.BP`: shown wherever pieces are, since every payment is counted in BP."""
    values = VALUE_SEP.join(
        cat.t("help.piece_value", kind=cat.t(f"kind.{k}"), bp=data.BP[k])
        for k in data.BUILDING_KINDS
    )
    return cat.t("help.piece_values", values=values)


@per_catalog
def _facts(cat: Catalog) -> Mapping[str, object]:
    """The numbers and names any help template may use, from the data, with their units.

    One dict for every template, so a translator may use any fact in any sentence; a template
    ignores the ones it does not name. No key is `count`, which would choose a plural form.
    Read-only, since every caller of a catalog shares it."""
    steps = max(data.CARD_STEP.values()) + 1
    facts: Params = {f"card_{c}": cat.t(f"card.{c}") for c in data.CARDS}
    facts |= {f"building_{b.id}": cat.t(f"building.{b.id}") for b in data.BUILDINGS}
    facts |= {f"kind_{k}": cat.t(f"kind.{k}") for k in data.KINDS}
    facts |= {f"trader_place_{t}": cat.t(f"trader_place.{t}") for t in data.TRADER_PLACES}
    deliveries = [
        cat.t(
            "help.delivery",
            place=cat.t(f"trader_place.{place}"),
            pieces=_pieces(cat, {d.kind: d.amount}),
        )
        for place, d in data.TRADER_PLACES.items()
    ]
    most = max(data.PLAYER_COUNTS)
    facts |= {
        "steps": steps,
        "cards": len(data.CARDS),
        "helpers": data.HELPERS[most],
        "helpers_two": data.HELPERS[2],
        "start_talers": _talers(cat, data.START_TALERS),
        "start_pieces": _pieces(cat, data.START_PIECES),
        "tower_start": _pieces(cat, data.TOWER_START),
        "carts": len(data.CARTS),
        "tiles": sum(b.tiles for b in data.BUILDINGS),
        "rounds_two": data.ROUNDS[2],
        "rounds_three": data.ROUNDS[3],
        "rounds_four": data.ROUNDS[4],
        "income": _talers(cat, data.ROUND_INCOME),
        "cards_per_round": cat.t("help.cards_n", count=data.CARDS_PER_ROUND[most]),
        "cards_per_round_two": cat.t("help.cards_n", count=data.CARDS_PER_ROUND[2]),
        "worker_a": _pieces(cat, data.WORKER_EQUIPMENT["worker_a"]),
        "worker_b": _pieces(cat, data.WORKER_EQUIPMENT["worker_b"]),
        "worker_c": _pieces(cat, data.WORKER_EQUIPMENT["worker_c"]),
        "worker_c_choices": data.WORKER_C_CHOICES,
        "worker_c_kinds": cat.join(
            (cat.t(f"kind.{k}") for k in data.WORKER_C_KINDS), last="help.or"
        ),
        "forge_kinds": cat.join((cat.t(f"kind.{k}") for k in data.FORGE_KINDS), last="help.or"),
        "max_buildings": data.MAX_BUILDINGS_PER_CARD,
        "max_helpers": data.MAX_HELPERS_PER_CARD,
        "min_kinds": data.MIN_PAYMENT_KINDS,
        "piece_values": piece_values(cat),
        "messenger_talers": _talers(cat, data.MESSENGER_TALERS),
        "stonemason_price": _talers(cat, data.STONEMASON_PRICE),
        "bricklayer_talers": _talers(cat, data.BRICKLAYER_TALERS_PER_PIECE),
        "master_bonus": _vp(cat, data.MASTER_BUILDER_BONUS),
        "tribute": cat.t("help.pieces_n", count=data.TRIBUTE),
        "deliveries": cat.join(deliveries),
        "castle_places": len(data.PLACE),
        "start_places": sum(len(data.BUILDING[b].places) for b in data.START_BUILDINGS),
        "palace_pieces": data.PALACE_PIECES,
        "market_one": _talers(cat, data.MARKET_TALERS_PER_VP[1]),
        "market_two": _talers(cat, data.MARKET_TALERS_PER_VP[2]),
        "one_vp": _vp(cat, 1),
    }
    facts |= keys.LABELS  # the keyboard section's keys, as keyboards print them
    facts["hint_step"] = hint.STEP  # how a hint rounds its chance (web/shell/hint.py)
    return MappingProxyType(facts)


# --- Explanations of single things -------------------------------------------------------------


@per_catalog
def explain_card(cat: Catalog, card_id: str) -> str:
    """What a character card does, when it acts (its step of the round's fixed order) and the
    numbers it deals in; shown on hover, focus or tap of the card, and in the card reference.
    Raises KeyError for an id that is not in `data.CARDS`."""
    step = data.CARD_STEP[card_id] + 1
    params: Params = {**_facts(cat), "step": step}
    if card_id in data.WORKER_EQUIPMENT:
        params["equipment"] = _pieces(cat, data.WORKER_EQUIPMENT[card_id])
    return cat.t(f"help.card.{card_id}", **params)


def _worker_vp(vp: int) -> int:
    """The VP a Worker scores for a building of `vp` (the same share for every Worker card)."""
    num, den = data.ERECT_VP_SHARE[data.WORKERS[0]]
    return vp * num // den


def _rule(cat: Catalog, place: data.Place) -> str:
    """How a helper place scores at the end, with its rate from the data."""
    return cat.t(
        f"help.scoring.{place.scoring}",
        **_facts(cat),
        vp=_vp(cat, place.rate),
        n=place.rate,
        pieces=data.PALACE_PIECES,
    )


def _place_fee_list(cat: Catalog, building: data.Building) -> list[str]:
    """A building's helper places as "fee … → how it scores"; alike places (the Palace's, the
    Market's) are said once, with their number, rather than twice word for word."""
    alike: dict[tuple[int, str, int], list[data.Place]] = {}
    for p in building.places:
        alike.setdefault((p.fee, p.scoring, p.rate), []).append(p)
    out = []
    for group in alike.values():
        p = group[0]
        fee, rule = _talers(cat, p.fee), _rule(cat, p)
        if len(group) == 1:
            out.append(cat.t("help.place_fee", fee=fee, rule=rule))
        else:
            out.append(cat.t("help.place_fee_each", places=len(group), fee=fee, rule=rule))
    return out


def _place_fees(cat: Catalog, building: data.Building) -> str:
    return cat.t("help.place_sep").join(_place_fee_list(cat, building))


@per_catalog
def explain_building(cat: Catalog, building_id: str) -> str:
    """A building's cost, VP (by the card that erects it), tiles, what it does and its helper
    places with their fees and scoring: everything needed to decide whether to erect it.
    Raises KeyError for an id that is not in `data.BUILDING`."""
    b = data.BUILDING[building_id]
    facts = _facts(cat)
    if not b.tiles:
        head = cat.t("help.building_from_start", **facts)
    else:
        numbers: Params = {
            **facts,
            "cost": _bp(cat, b.cost),
            "vp": _vp(cat, b.vp),
            "half": _vp(cat, _worker_vp(b.vp)),
            "tiles_n": b.tiles,
        }
        key = "help.building_cost" if b.tiles == 1 else "help.building_cost_stack"
        head = cat.t(key, **numbers)
    if b.places:
        places = cat.t("help.building_places", places=_place_fees(cat, b))
    else:
        places = cat.t("help.building_no_places")
    effect = cat.t(f"help.building.{building_id}", **facts)
    return cat.t("help.building_text", facts=head, effect=effect, places=places)


@per_catalog
def explain_place(cat: Catalog, place_id: str) -> str:
    """A helper place of the castle: its building, its fee and how it scores at the end.
    Raises KeyError for an id that is not in `data.PLACE`."""
    place = data.PLACE[place_id]
    return cat.t(
        f"help.place.{place_id}",
        **_facts(cat),
        place=cat.t(f"place.{place_id}"),
        building=cat.t(f"building.{data.PLACE_BUILDING[place_id]}"),
        fee=_talers(cat, place.fee),
        rule=_rule(cat, place),
    )


@per_catalog
def explain_trader_place(cat: Catalog, place_id: str) -> str:
    """A cart or the rider: who may put a helper there, what it delivers and the tribute.
    Raises KeyError for an id that is not in `data.TRADER_PLACES`."""
    d = data.TRADER_PLACES[place_id]
    return cat.t(
        f"help.trader_place.{place_id}",
        **_facts(cat),
        place=cat.t(f"trader_place.{place_id}"),
        delivery=_pieces(cat, {d.kind: d.amount}),
        kind=cat.t(f"kind.{d.kind}"),
    )


@per_catalog
def explain_tower(cat: Catalog) -> str:
    """The defense tower: what it starts with, how deliveries fill it, who empties it."""
    return cat.t("help.tower", **_facts(cat))


# --- The whole help ----------------------------------------------------------------------------


def _part_key(part: str) -> str:
    return "rules.title" if part == "rulings" else f"help.part.{part}"


def _anchor(topic: str) -> str:
    return f"help-{topic}"


def topics() -> tuple[str, ...]:
    """Every topic `help_page` can open at: the sections, the reference parts, and each card
    (`card-<id>`), building (`building-<id>`), helper place (`place-<id>`), cart or rider
    (`trader-<id>`), the defense tower (`tower`) and house ruling (`ruling-<id>`)."""
    out = [s for s, _ in SECTIONS] + list(PARTS)
    out += [f"card-{c}" for c in data.CARDS]
    out += [f"building-{b.id}" for b in data.BUILDINGS]
    out += [f"place-{p}" for p in data.PLACE]
    out += [f"trader-{t}" for t in data.TRADER_PLACES]
    out.append("tower")
    out += [f"winter-{c}" for c in data.WINTER_CARDS]
    out += [f"place-{p}" for p in data.WINTER_PLACES]
    out += [f"ruling-{r}" for r in (*data.HOUSE_RULES, *data.WINTER_HOUSE_RULES)]
    return tuple(out)


def _heading(level: str, text: str, topic: str, current: str | None) -> str:
    """A heading with the topic's id; the one asked for is marked, so the host can scroll to it
    and focus it (tabindex -1: focusable by script, not a tab stop)."""
    return tag(
        level,
        esc(text),
        id=_anchor(topic),
        tabindex="-1",
        class_="topic" if topic == current else None,
    )


def _entry(term: str, text: str, topic: str, current: str | None) -> str:
    """One reference entry: the name (with its topic id) and its explanation."""
    return tag(
        "dt", esc(term), id=_anchor(topic), class_="topic" if topic == current else None
    ) + tag("dd", esc(text))


def _toc(cat: Catalog) -> str:
    def item(topic: str, title: str) -> str:
        return tag("li", tag("a", esc(title), href=f"#{_anchor(topic)}"))

    howto = "".join(item(s, cat.t(f"help.section.{s}.title")) for s, _ in SECTIONS)
    reference = "".join(item(p, cat.t(_part_key(p))) for p in PARTS)
    body = tag(
        "ol",
        tag("li", esc(cat.t("help.howto")) + tag("ol", howto))
        + tag("li", esc(cat.t("help.reference")) + tag("ol", reference)),
    )
    return tag("nav", body, class_="help-toc", aria_label=cat.t("help.toc"))


def _steps(cat: Catalog) -> str:
    """The six resolution steps in order, each linking to its card(s) in the reference."""
    by_step: dict[int, list[str]] = {}
    for card in data.CARDS:
        by_step.setdefault(data.CARD_STEP[card], []).append(card)
    items = []
    for step in sorted(by_step):
        cards = by_step[step]
        names = cat.join(cat.t(f"card.{c}") for c in cards)
        items.append(tag("li", tag("a", esc(names), href=f"#{_anchor('card-' + cards[0])}")))
    return tag("ol", "".join(items), class_="help-steps")


def _section(cat: Catalog, section: str, paragraphs: int, current: str | None) -> str:
    facts = _facts(cat)
    body = _heading("h3", cat.t(f"help.section.{section}.title"), section, current)
    for n in range(1, paragraphs + 1):
        body += tag("p", esc(cat.t(f"help.section.{section}.p{n}", **facts)))
        if (section, n) == STEPS_AFTER:
            body += _steps(cat)
    return tag("section", body, class_="help-part")


def _part(cat: Catalog, part: str, body: str, current: str | None) -> str:
    head = _heading("h3", cat.t(_part_key(part)), part, current)
    return tag("section", head + body, class_="help-part")


def _cards(cat: Catalog, current: str | None) -> str:
    entries = "".join(
        _entry(cat.t(f"card.{c}"), explain_card(cat, c), f"card-{c}", current) for c in data.CARDS
    )
    return _part(cat, "cards", tag("dl", entries), current)


def _buildings_table(cat: Catalog) -> str:
    """Cost, VP, tiles and helper places of every building, side by side."""
    none = esc(cat.t("help.table.none"))
    head = "".join(
        tag("th", esc(cat.t(f"help.table.{col}")), scope="col")
        for col in ("building", "tiles", "cost", "vp", "places")
    )
    rows = []
    for b in data.BUILDINGS:
        places = "".join(tag("li", esc(item)) for item in _place_fee_list(cat, b))
        cells = tag("th", esc(cat.t(f"building.{b.id}")), scope="row")
        cells += tag("td", esc(b.tiles) if b.tiles else esc(cat.t("help.table.from_start")))
        cells += tag("td", esc(b.cost) if b.tiles else none)
        cells += tag("td", esc(b.vp) if b.tiles else none)
        cells += tag("td", tag("ul", places) if places else none)
        rows.append(tag("tr", cells))
    return tag(
        "table",
        tag("thead", tag("tr", head)) + tag("tbody", "".join(rows)),
        class_="help-table",
    )


def _buildings(cat: Catalog, current: str | None) -> str:
    entries = "".join(
        _entry(cat.t(f"building.{b.id}"), explain_building(cat, b.id), f"building-{b.id}", current)
        for b in data.BUILDINGS
    )
    return _part(cat, "buildings", _buildings_table(cat) + tag("dl", entries), current)


def _places(cat: Catalog, current: str | None) -> str:
    entries = "".join(
        _entry(cat.t(f"place.{p}"), explain_place(cat, p), f"place-{p}", current)
        for p in data.PLACE
    )
    return _part(cat, "places", tag("dl", entries), current)


def _carts(cat: Catalog, current: str | None) -> str:
    entries = "".join(
        _entry(cat.t(f"trader_place.{t}"), explain_trader_place(cat, t), f"trader-{t}", current)
        for t in data.TRADER_PLACES
    )
    entries += _entry(cat.t("help.tower_name"), explain_tower(cat), "tower", current)
    return _part(cat, "carts", tag("dl", entries), current)


def _pieces_part(cat: Catalog, current: str | None) -> str:
    head = "".join(
        tag("th", esc(cat.t(f"help.table.{col}")), scope="col") for col in ("kind", "bp", "box")
    )
    rows = "".join(
        tag(
            "tr",
            tag("th", esc(cat.t(f"kind.{k}")), scope="row")
            + tag("td", esc(data.BP[k]) if k in data.BP else esc(cat.t("help.table.none")))
            + tag("td", esc(data.PIECES_IN_BOX[k])),
        )
        for k in data.KINDS
    )
    table = tag(
        "table",
        tag("thead", tag("tr", head)) + tag("tbody", rows),
        class_="help-table",
    )
    body = tag("p", esc(piece_values(cat))) + table
    body += tag("p", esc(cat.t("help.pieces.silver", **_facts(cat))))
    return _part(cat, "pieces", body, current)


def _ruling_items(cat: Catalog, rulings: Iterable[str], current: str | None) -> str:
    return "".join(
        tag(
            "li",
            esc(cat.t(f"ruling.{r}")),
            id=_anchor(f"ruling-{r}"),
            class_="topic" if f"ruling-{r}" == current else None,
        )
        for r in rulings
    )


def _rulings(cat: Catalog, current: str | None) -> str:
    body = tag("p", esc(cat.t("rules.intro")))
    body += tag("ul", _ruling_items(cat, data.HOUSE_RULES, current))
    body += tag("h4", esc(cat.t("rules.winter_title")))
    body += tag("ul", _ruling_items(cat, data.WINTER_HOUSE_RULES, current))
    return _part(cat, "rulings", body, current)


@per_catalog
def explain_winter_place(cat: Catalog, place_id: str) -> str:
    """The Innkeeper or the Granary: its fee, what it does and how it scores."""
    spec = data.WINTER_PLACES[place_id]
    return cat.t(
        f"help.winter_place.{place_id}",
        place=cat.t(f"place.{place_id}"),
        card=cat.t(f"card.{spec.card}"),
        fee=_talers(cat, spec.fee),
        places=spec.places,
        one=data.GRANARY_VP[1],
        two=data.GRANARY_VP[2],
        three=data.GRANARY_VP[3],
    )


def winter_card_numbers(card: str) -> dict[str, int]:
    """The numbers a winter card's text speaks of (castle/data.py, §10), card by card: two
    cards may name different numbers alike (the Cracked Wall's VP a stone, the Damsel's VP)."""
    if card == "village_tavern":
        return {"fee": data.WINTER_PLACES["innkeeper"].fee, "toll": data.TAVERN_TOLL}
    if card == "granary":
        fee, vp = data.WINTER_PLACES["granary"].fee, data.GRANARY_VP
        return {"fee": fee, "one": vp[1], "two": vp[2], "three": vp[3]}
    if card == "plague":
        return {"per_card": data.PLAGUE_TALERS_PER_CARD}
    if card == "cracked_wall":
        return {"stones": data.CRACKED_WALL_STONES, "vp": data.CRACKED_WALL_VP}
    if card == "damsel":
        return {"vp": data.DAMSEL_VP}
    return {"talers": data.SNOWDRIFT_TALERS}  # the Snowdrift


@per_catalog
def explain_winter_card(cat: Catalog, card: str) -> str:
    """What a winter card does, in a sentence or two, with the engine's numbers: on the board,
    in its decisions' panels and in the help's winter part."""
    return cat.t(f"winter.text.{card}", **winter_card_numbers(card))


def _winter(cat: Catalog, current: str | None) -> str:
    """The winter variant (§10): how it runs, each card, the two places on cards."""
    intro = cat.t(
        "help.winter.intro",
        cards=len(data.WINTER_CARDS),
        rounds=cat.join(str(r) for r in data.WINTER_ROUNDS),
    )
    entries = "".join(
        _entry(cat.t(f"card.{c}"), explain_winter_card(cat, c), f"winter-{c}", current)
        for c in data.WINTER_CARDS
    )
    entries += "".join(
        _entry(cat.t(f"place.{p}"), explain_winter_place(cat, p), f"place-{p}", current)
        for p in data.WINTER_PLACES
    )
    return _part(cat, "winter", tag("p", esc(intro)) + tag("dl", entries), current)


def help_page(cat: Catalog, topic: str | None) -> str:
    """The rules help as one HTML string: a table of contents, the how-to-play sections, the
    reference (cards, buildings with their cost, VP and fees, helper places, carts and the
    defense tower, pieces) and the house rulings (⚖).

    `topic` (one of `topics()`, e.g. "round", "cards" or "building-keep") is the part to open
    at: the root carries its element id as `data-topic` and that element has class "topic", so
    the host scrolls to it; None, or a topic that does not exist, opens at the start. No
    buttons: the host adds its own close button."""
    current = topic if topic in topics() else None
    body = tag("h2", esc(cat.t("help.title")), id=_anchor("top"), tabindex="-1")
    body += tag("p", esc(cat.t("help.intro")))
    body += _toc(cat)
    body += "".join(_section(cat, s, n, current) for s, n in SECTIONS)
    body += _cards(cat, current)
    body += _buildings(cat, current)
    body += _places(cat, current)
    body += _carts(cat, current)
    body += _pieces_part(cat, current)
    body += _winter(cat, current)
    body += _rulings(cat, current)
    return tag(
        "section",
        body,
        id="help",
        class_="help",
        lang=getattr(cat, "lang", None),
        data_topic=_anchor(current) if current else None,
    )
