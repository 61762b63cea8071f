"""The rules help (web/castle_page/help.py): complete in both languages, and true to the data.

Why these tests: the help is read by players deciding what to build, so a number in it that
differs from the engine's would mislead them, and a missing message would only show in the
browser (as English in the Chinese page, or as a raw key). So every help key must exist in both
languages, no catalog may type a number (all come from castle/data.py), every explanation must
state the numbers of its card, building or place as the data has them, and the whole page must
render, in both languages, as well-formed HTML naming everything and listing every ruling.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from castle import data
from web.castle_page import CATALOGS, catalog
from web.castle_page import help as helppage
from web.shell import i18n, keys
from web.shell.i18n import Catalog

LANGS = tuple(i18n.LANGUAGES)
HELP_FILES = {lang: CATALOGS[-1] / lang / "help.json" for lang in LANGS}


def _has_number(text: str, n: int) -> bool:
    """Whether `text` states `n` as digits (not as part of a longer number)."""
    return re.search(rf"(?<!\d){n}(?!\d)", text) is not None


def _assert_numbers(text: str, numbers: Iterable[int], what: str) -> None:
    missing = [n for n in numbers if not _has_number(text, n)]
    assert not missing, f"{what}: {missing} not stated in {text!r}"


def _assert_explains(text: str, name: str, what: str) -> None:
    assert text.strip(), f"{what}: empty"
    assert text != name, f"{what}: only its name"
    assert "{" not in text and "}" not in text, f"{what}: a placeholder left: {text!r}"
    assert not re.search(r"\b(help|card|building|place|kind)\.[a-z_]", text), (what, text)


def _placeholders(template: str) -> set[str]:
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


class Recording(Catalog):
    """A catalog that notes every message asked for, with the parameters it was given."""

    def __init__(self, cat: Catalog) -> None:
        super().__init__(cat.lang, cat.messages, cat.fallback)
        self.calls: list[tuple[str, frozenset[str]]] = []

    def t(self, key: str, /, **params: Any) -> str:
        self.calls.append((key, frozenset(params)))
        return super().t(key, **params)


def _render_everything(cat: Catalog) -> list[str]:
    out = [helppage.help_page(cat, None), helppage.piece_values(cat), helppage.explain_tower(cat)]
    out += [helppage.explain_card(cat, c) for c in data.CARDS]
    out += [helppage.explain_building(cat, b.id) for b in data.BUILDINGS]
    out += [helppage.explain_place(cat, p) for p in data.PLACE]
    out += [helppage.explain_trader_place(cat, t) for t in data.TRADER_PLACES]
    return out


# --- The catalogs ------------------------------------------------------------------------------


def test_help_keys_are_listed() -> None:
    keys = helppage.help_keys()
    assert len(keys) == len(set(keys))
    assert all(k.startswith("help.") for k in keys)
    # The scan covers each kind of entry.
    for key in ("help.card.trader", "help.building.keep", "help.place.forge_6", "help.tower"):
        assert key in keys
    assert "help.trader_place.rider" in keys and "help.section.goal.p1" in keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_key_is_in_the_language(lang: str) -> None:
    messages = i18n.read_messages(lang, CATALOGS)
    missing = [k for k in helppage.help_keys() if k not in messages]
    assert missing == [], f"{lang}: missing {missing}"
    # And nothing in the help catalog is unused (a stray key would go untested).
    own = set(i18n.read_file(HELP_FILES[lang]))
    assert sorted(own - set(helppage.help_keys())) == []


def test_help_keys_live_in_help_json_only() -> None:
    for lang in LANGS:
        own = set(i18n.read_file(HELP_FILES[lang]))
        for path in i18n.files(lang, CATALOGS):
            if path == HELP_FILES[lang]:
                continue
            stray = sorted(k for k in i18n.read_file(path) if k.startswith("help."))
            assert stray == [], f"{lang}: help keys in {path.name}"
            clash = sorted(own & set(i18n.read_file(path)))
            assert clash == [], f"{lang}: {path.name} also defines {clash}"


def _forms(message: i18n.Message) -> list[str]:
    return [message] if isinstance(message, str) else list(message.values())


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


@pytest.mark.parametrize("lang", LANGS)
def test_no_number_is_typed_in_the_help_catalog(lang: str) -> None:
    """Every number comes from castle/data.py through a placeholder."""
    for key, message in i18n.read_file(HELP_FILES[lang]).items():
        for form in _forms(message):
            assert not re.search(r"\d", form.format_map(_Blank())), f"{lang} {key}: {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_placeholder_is_supplied(lang: str) -> None:
    rec = Recording(catalog(lang))
    _render_everything(rec)
    asked = {key for key, _ in rec.calls}
    assert set(helppage.help_keys()) <= asked, sorted(set(helppage.help_keys()) - asked)
    for key, given in rec.calls:
        assert key in rec.messages, f"{lang}: {key!r} is not written in this language"
        for form in _forms(rec.messages[key]):
            missing = _placeholders(form) - given
            assert not missing, f"{lang} {key!r}: {sorted(missing)} not supplied"


# --- Each explanation --------------------------------------------------------------------------


def _card_numbers(card: str) -> list[int]:
    """The numbers a card's explanation must state, from the data."""
    numbers = [data.CARD_STEP[card] + 1]
    if card == "messenger":
        numbers.append(data.MESSENGER_TALERS)
    elif card == "trader":
        numbers += [d.amount for d in data.TRADER_PLACES.values()]
        numbers += [data.TRIBUTE, len(data.CARTS)]
    elif card == "bricklayer":
        numbers += [data.MAX_BUILDINGS_PER_CARD, data.MAX_HELPERS_PER_CARD]
        numbers.append(data.BRICKLAYER_TALERS_PER_PIECE)
    elif card == "stonemason":
        numbers += [data.STONEMASON_PRICE, data.MAX_BUILDINGS_PER_CARD, data.MAX_HELPERS_PER_CARD]
    elif card in data.WORKERS:
        numbers += [*data.WORKER_EQUIPMENT[card].values(), data.MAX_BUILDINGS_PER_CARD]
        if card == "worker_c":
            numbers.append(data.WORKER_C_CHOICES)
    elif card == "master_builder":
        numbers.append(data.MASTER_BUILDER_BONUS)
    return numbers


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("card", data.CARDS)
def test_card_explanation(lang: str, card: str) -> None:
    cat = catalog(lang)
    text = helppage.explain_card(cat, card)
    _assert_explains(text, cat.t(f"card.{card}"), card)
    _assert_numbers(text, _card_numbers(card), card)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("building", [b.id for b in data.BUILDINGS])
def test_building_explanation(lang: str, building: str) -> None:
    cat = catalog(lang)
    b = data.BUILDING[building]
    text = helppage.explain_building(cat, building)
    _assert_explains(text, cat.t(f"building.{building}"), building)
    numbers = [p.fee for p in b.places]
    if b.tiles:
        num, den = data.ERECT_VP_SHARE["worker_a"]
        numbers += [b.cost, b.vp, b.vp * num // den]
    if b.tiles > 1:
        numbers.append(b.tiles)
    _assert_numbers(text, numbers, building)


def _place_numbers(place: data.Place) -> list[int]:
    numbers = [place.fee]
    if place.scoring == "palace":
        numbers.append(data.PALACE_PIECES)
    elif place.scoring == "market":
        numbers += list(data.MARKET_TALERS_PER_VP.values())
    else:
        numbers.append(place.rate)
    return numbers


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("place", list(data.PLACE))
def test_place_explanation(lang: str, place: str) -> None:
    cat = catalog(lang)
    text = helppage.explain_place(cat, place)
    name = cat.t(f"place.{place}")
    _assert_explains(text, name, place)
    assert name in text
    _assert_numbers(text, _place_numbers(data.PLACE[place]), place)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("place", list(data.TRADER_PLACES))
def test_trader_place_explanation(lang: str, place: str) -> None:
    cat = catalog(lang)
    text = helppage.explain_trader_place(cat, place)
    name = cat.t(f"trader_place.{place}")
    _assert_explains(text, name, place)
    delivery = data.TRADER_PLACES[place]
    assert name in text and cat.t(f"kind.{delivery.kind}") in text
    numbers = [delivery.amount, data.TRIBUTE]
    if place == data.RIDER:
        numbers.append(len(data.CARTS))
    _assert_numbers(text, numbers, place)


@pytest.mark.parametrize("lang", LANGS)
def test_tower_explanation(lang: str) -> None:
    cat = catalog(lang)
    text = helppage.explain_tower(cat)
    _assert_explains(text, cat.t("help.tower_name"), "tower")
    _assert_numbers(text, [*data.TOWER_START.values(), data.TRIBUTE], "tower")
    for kind in data.TOWER_START:
        assert cat.t(f"kind.{kind}") in text


def test_piece_values() -> None:
    assert helppage.piece_values(catalog("en")) == "sand 1 · wood 2 · clay 4 · stone 5 BP"
    assert helppage.piece_values(catalog("zh")) == "建材值：沙1 · 木2 · 砖4 · 石5"
    for lang in LANGS:
        cat = catalog(lang)
        text = helppage.piece_values(cat)
        for kind, bp in data.BP.items():
            assert f"{cat.t(f'kind.{kind}')}" in text and _has_number(text, bp)


def test_exact_explanations() -> None:
    en, zh = catalog("en"), catalog("zh")
    assert helppage.explain_card(en, "messenger") == "Step 1 of 6: take 8 talers from the bank."
    assert helppage.explain_card(zh, "messenger") == "第1步（共6步）：从银行拿取8金。"
    assert helppage.explain_place(en, "gate") == (
        "Gate: a helper costs 10 talers. At the end it scores 2 VP per Tower erected, "
        "whoever erected them."
    )
    assert helppage.explain_place(zh, "gate") == (
        "城门：安插手下需10金。游戏结束时每建成一座塔得2分，不论由谁建成。"
    )
    keep = helppage.explain_building(en, "keep")
    assert keep.startswith("Costs 24 BP; scores 14 VP when the Stonemason erects it, 7 VP")
    assert keep.endswith("Helper places: fee 14 talers → 3 VP per free helper place in the castle.")


def test_unknown_ids_raise() -> None:
    cat = catalog("en")
    for explain in (
        helppage.explain_card,
        helppage.explain_building,
        helppage.explain_place,
        helppage.explain_trader_place,
    ):
        with pytest.raises(KeyError):
            explain(cat, "no_such_thing")


# --- The whole page ----------------------------------------------------------------------------

VOID = {"br", "hr", "img", "input", "meta", "link", "wbr"}


class Page(HTMLParser):
    """Checks nesting, and collects ids, links, classes by id and the visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.classes: dict[str, str] = {}
        self.root: dict[str, str | None] = {}
        self.text: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if not self.root:
            self.root = {"tag": tag, **values}
        self.tags.add(tag)
        if values.get("id"):
            self.ids.append(str(values["id"]))
            self.classes[str(values["id"])] = values.get("class") or ""
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    assert page.stack == [], f"unclosed {page.stack}"
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_help_page_renders_everything(lang: str) -> None:
    cat = catalog(lang)
    html = helppage.help_page(cat, None)
    assert "{" not in html and "}" not in html
    page = _parse(html)
    assert page.root["tag"] == "section" and page.root["id"] == "help"
    assert "data-topic" not in page.root and page.root["lang"] == lang
    assert "button" not in page.tags and "script" not in page.tags
    assert len(page.ids) == len(set(page.ids)), "an id used twice"
    for link in page.links:
        assert link.startswith("#") and link[1:] in page.ids, link
    text = unescape(" ".join(page.text))
    names = [cat.t(f"card.{c}") for c in data.CARDS]
    names += [cat.t(f"building.{b.id}") for b in data.BUILDINGS]
    names += [cat.t(f"place.{p}") for p in data.PLACE]
    names += [cat.t(f"trader_place.{t}") for t in data.TRADER_PLACES]
    names += [cat.t(f"help.section.{s}.title") for s, _ in helppage.SECTIONS]
    names += [cat.t(f"ruling.{r}") for r in data.HOUSE_RULES]
    names += [cat.t("rules.title"), helppage.piece_values(cat)]
    for name in names:
        assert name in text, f"{lang}: {name!r} is not on the help page"
    for topic in helppage.topics():
        assert f"help-{topic}" in page.ids, topic
    # The cost, VP and fees of every building are in its table row and its explanation.
    for b in data.BUILDINGS:
        assert helppage.explain_building(cat, b.id) in text


@pytest.mark.parametrize("lang", LANGS)
def test_help_page_opens_at_a_topic(lang: str) -> None:
    cat = catalog(lang)
    for topic in ("round", "cards", "card-trader", "building-keep", "ruling-tie_break", "tower"):
        page = _parse(helppage.help_page(cat, topic))
        assert page.root["data-topic"] == f"help-{topic}"
        assert "topic" in page.classes[f"help-{topic}"].split()
        marked = [i for i, c in page.classes.items() if "topic" in c.split()]
        assert marked == [f"help-{topic}"]
    # An unknown topic opens at the start, as None does.
    assert helppage.help_page(cat, "no_such_topic") == helppage.help_page(cat, None)


def test_chinese_help_has_no_english_words() -> None:
    """The Chinese page speaks Chinese: no Latin word of three or more letters in its text."""
    # BP and VP as the game's Chinese rules print them, and the keys as keyboards do.
    allowed = {"BP", "VP"} | {
        w for label in keys.LABELS.values() for w in re.findall(r"\w+", label)
    }
    text = unescape(" ".join(_parse(helppage.help_page(catalog("zh"), None)).text))
    words = set(re.findall(r"[A-Za-z]{3,}", text)) - allowed
    assert words == set(), sorted(words)
    for explanation in _render_everything(catalog("zh"))[1:]:
        assert set(re.findall(r"[A-Za-z]{3,}", explanation)) - allowed == set(), explanation


def test_english_help_has_no_chinese() -> None:
    text = " ".join(_render_everything(catalog("en")))
    assert not re.search(r"[\u3400-\u9fff]", text)


def test_help_files_exist_for_every_language() -> None:
    for lang, path in HELP_FILES.items():
        assert isinstance(path, Path) and path.is_file(), lang
