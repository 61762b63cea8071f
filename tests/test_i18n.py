"""The message catalogs and the log: every id the engine can emit has words in every language.

Why these tests: the engine grows events and rule ids on its own, and a missing message would
only show in the browser, as a raw key or a "{placeholder}" in the log. So the ids are read
straight from castle/*.py (event("...") and Refusal("...") calls), random games are rendered
through `web.log` in both languages, and every message a rendering asks for is checked: it must
exist in that language and use only placeholders the code supplied. Runs on CPython and Pyodide.
"""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import castle
from castle import data
from castle.engine import STAGES, apply, legal_actions, new_game, pending, stage, why_not
from castle.state import State
from web.castle_page import CATALOGS, catalog, log
from web.shell import i18n
from web.shell.i18n import Catalog

LANGS = tuple(i18n.LANGUAGES)
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
CASTLE = Path(castle.__file__).resolve().parent
SOURCES = {path.name: path.read_text(encoding="utf-8") for path in sorted(CASTLE.glob("*.py"))}
EVENT_RE = re.compile(r'\bevent\(\s*"([A-Za-z0-9_.]+)"')
REFUSAL_RE = re.compile(r'\bRefusal\(\s*"([A-Za-z0-9_.]+)"')


def _found(pattern: re.Pattern[str]) -> set[str]:
    return {m for text in SOURCES.values() for m in pattern.findall(text)}


ENGINE_EVENTS = _found(EVENT_RE)
ENGINE_RULES = _found(REFUSAL_RE)


def _call_params() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The parameter names of every event(...) (keywords) and Refusal(...) (dict keys) call."""
    events: dict[str, set[str]] = {}
    rules: dict[str, set[str]] = {}
    for text in SOURCES.values():
        for node in ast.walk(ast.parse(text)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            ident = node.args[0].value
            if node.func.id == "event":
                events.setdefault(ident, set()).update(k.arg for k in node.keywords if k.arg)
            elif node.func.id == "Refusal":
                keys = rules.setdefault(ident, set())
                if len(node.args) > 1 and isinstance(node.args[1], ast.Dict):
                    keys.update(k.value for k in node.args[1].keys if isinstance(k, ast.Constant))
    return events, rules


EVENT_PARAMS, RULE_PARAMS = _call_params()


class Recording(Catalog):
    """A catalog that notes every message asked for, with the parameters it was given."""

    def __init__(self, cat: Catalog) -> None:
        super().__init__(cat.lang, cat.messages, cat.fallback)
        self.calls: list[tuple[str, frozenset[str]]] = []
        self.misses: list[str] = []

    def t(self, key: str, **params: Any) -> str:
        self.calls.append((key, frozenset(params)))
        return super().t(key, **params)

    def has(self, key: str) -> bool:
        found = super().has(key)
        if not found:
            self.misses.append(key)
        return found


def placeholders(template: str) -> set[str]:
    """The names of a template's {placeholders} ("{a.b}" and "{a[0]}" count as "a")."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def forms(cat: Catalog, key: str) -> list[str]:
    message = cat.messages[key]
    return [message] if isinstance(message, str) else list(message.values())


def check_calls(rec: Recording) -> None:
    """Every message asked for exists in the language itself and gets all its placeholders."""
    assert not rec.misses, f"{rec.lang}: no words for {sorted(set(rec.misses))}"
    for key, given in rec.calls:
        assert key in rec.messages, f"{rec.lang}: no message {key!r}"
        for template in forms(rec, key):
            missing = placeholders(template) - given
            assert not missing, f"{rec.lang} {key!r}: {sorted(missing)} not supplied"


def check_line(line: str | None) -> None:
    assert line, "an empty line"
    assert "{" not in line and "}" not in line, line
    assert not re.search(r"\b(event|rule|stage)\.[a-z_]", line), f"a raw key: {line}"


@pytest.fixture(params=LANGS)
def rec(request: pytest.FixtureRequest) -> Iterator[Recording]:
    recording = Recording(catalog(request.param))
    yield recording
    check_calls(recording)


# --- The catalogs ------------------------------------------------------------------------------


def test_languages_have_catalogs() -> None:
    assert i18n.LANGUAGES == {"en": "English", "zh": "中文"}
    for lang in LANGS:
        assert any(p.name == "game.json" for p in i18n.files(lang, CATALOGS))


def test_both_languages_have_the_same_keys() -> None:
    en, zh = (set(i18n.read_messages(lang, CATALOGS)) for lang in ("en", "zh"))
    assert sorted(en - zh) == [], "in English only"
    assert sorted(zh - en) == [], "in Chinese only"


def test_no_key_is_defined_twice_in_one_language() -> None:
    for lang in LANGS:
        seen: dict[str, str] = {}
        for path in i18n.files(lang, CATALOGS):
            for key in i18n.read_file(path):
                assert key not in seen, f"{lang}: {key} in both {seen[key]} and {path.name}"
                seen[key] = path.name


def test_plural_messages_have_the_forms_each_language_needs() -> None:
    for lang, needed in (("en", {"one", "other"}), ("zh", {"other"})):
        for key, message in i18n.read_messages(lang, CATALOGS).items():
            if isinstance(message, dict):
                assert set(message) == needed, f"{lang} {key}: forms {sorted(message)}"


def test_stage_prompts_take_no_parameters() -> None:
    """The page shows a prompt after the decider's name as is: `t(f"stage.{stage}")`."""
    for lang in LANGS:
        for key, message in i18n.read_messages(lang, CATALOGS).items():
            if key.startswith("stage."):
                assert isinstance(message, str) and not placeholders(message), (lang, key)


def test_engine_ids_were_found() -> None:
    # The scan itself must work, or the tests below would pass on nothing.
    assert {"bought", "delivered", "erected", "game_over"} <= ENGINE_EVENTS
    assert {"trader.displace.placed_this_round", "pay.three_kinds"} <= ENGINE_RULES
    assert set(EVENT_PARAMS) == ENGINE_EVENTS
    assert set(RULE_PARAMS) == ENGINE_RULES


def _names_needed() -> list[str]:
    keys = [f"event.{e}" for e in ENGINE_EVENTS] + [f"rule.{r}" for r in ENGINE_RULES]
    keys += [f"card.{c}" for c in data.CARDS]
    keys += [f"building.{b.id}" for b in data.BUILDINGS]
    keys += [f"building_a.{b.id}" for b in data.BUILDINGS]
    keys += [f"place.{p}" for p in data.PLACE]
    keys += [f"kind.{k}" for k in data.KINDS]
    keys += [f"trader_place.{t}" for t in data.TRADER_PLACES]
    keys += [f"stage.{s}" for s in [*STAGES, "select"]]
    sources = ["buildings", "master_builder", "palace", "market", *data.PLACE]
    keys += [f"source.{s}" for s in sources]
    keys += [f"tie_break.{t}" for t in (*data.TIE_BREAKS, "shared")]
    return sorted(keys)


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_id_has_words(lang: str) -> None:
    messages = i18n.read_messages(lang, CATALOGS)
    missing = [key for key in _names_needed() if key not in messages]
    assert missing == []


# --- Catalog behaviour -------------------------------------------------------------------------


def test_fallback_to_english_then_to_the_key() -> None:
    en = Catalog("en", {"a": "A {x}", "p": {"one": "{count} taler", "other": "{count} talers"}})
    zh = Catalog("zh", {}, en)
    assert zh.t("a", x=1) == "A 1"
    assert zh.t("no.such.key") == "no.such.key"
    # Chinese has no "one": an English plural message falls back to its "other" form.
    assert zh.t("p", count=1) == "1 talers"
    assert en.t("p", count=1) == "1 taler"


def test_formatting_never_raises() -> None:
    cat = Catalog("en", {"bad": "oops {", "named": "{who} and {what}", "attr": "{x.y}"})
    assert cat.t("bad", who="x") == "oops {"
    assert cat.t("named", who="Anna") == "Anna and {what}"
    assert cat.t("attr", x=1) == "{x.y}"
    assert cat.t("named", count="many", who=1, what=2) == "1 and 2"


def test_unknown_language_is_english() -> None:
    assert catalog("fr").t("card.trader") == "Trader"
    assert catalog("zh").t("card.trader") == "交易商"


def test_loading_does_not_depend_on_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert i18n.read_messages("zh", CATALOGS)["kind.clay"] == "砖"


def test_nested_objects_and_notes_in_a_catalog_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(
        '{"@note": "ignored", "a": {"b": "B", "n": {"one": "1", "other": "n"}}}', encoding="utf-8"
    )
    assert i18n.read_file(path) == {"a.b": "B", "a.n": {"one": "1", "other": "n"}}
    path.write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"x\.json"):
        i18n.read_file(path)


def test_lists_and_pieces() -> None:
    en, zh = catalog("en"), catalog("zh")
    assert en.join(["Anna", "Ben", "Cleo"]) == "Anna, Ben and Cleo"
    assert zh.join(["Anna", "Ben", "Cleo"]) == "Anna、Ben和Cleo"
    assert en.join(["Anna"]) == "Anna"
    assert en.pieces({"clay": 1, "sand": 2, "wood": 0}, data.KINDS) == "2 sand, 1 clay"
    assert zh.pieces({"clay": 1, "sand": 2}, data.KINDS) == "2沙、1砖"
    assert en.pieces({}) == "nothing"


# --- Every event, in both languages ------------------------------------------------------------

#: One event of each kind and of each variant its message has (a delivery with nothing to
#: deliver, a payment with silver converted, a shared victory, ...).
EXAMPLES: list[dict[str, Any]] = [
    {"e": "game_started", "players": 3, "start_player": 1},
    {"e": "round_started", "round": 2, "start_player": 1},
    {"e": "income", "p": 1, "talers": 1},
    {"e": "selected", "p": 0},
    {"e": "revealed", "cards": [["trader"], ["bricklayer"], ["worker_c"]], "shown": "all"},
    {"e": "equipped", "p": 2, "card": "worker_a", "pieces": {"sand": 2, "clay": 1}},
    {"e": "equipped", "p": 2, "card": "worker_b", "pieces": {}},
    {"e": "worker_c_chose", "p": 2, "kinds": ["wood", "sand", "wood"]},
    {"e": "messenger", "p": 0, "talers": 8},
    {"e": "trader_placed", "p": 0, "place": "sand_cart", "displaced": None},
    {"e": "trader_placed", "p": 0, "place": "rider", "displaced": 2},
    {"e": "trader_passed", "p": 1},
    {"e": "no_delivery"},
    {
        "e": "delivered",
        "p": 0,
        "place": "sand_cart",
        "kind": "sand",
        "count": 4,
        "tribute": 1,
        "kept": 3,
    },
    {
        "e": "delivered",
        "p": 0,
        "place": "rider",
        "kind": "silver",
        "count": 1,
        "tribute": 1,
        "kept": 0,
    },
    {
        "e": "delivered",
        "p": 0,
        "place": "stone_cart",
        "kind": "stone",
        "count": 0,
        "tribute": 0,
        "kept": 0,
    },
    {"e": "tower_taken", "p": 1, "kind": "wood", "count": 2},
    {"e": "tower_taken", "p": 1, "kind": "silver", "count": 1},
    {"e": "tower_empty", "p": 1},
    {"e": "bricklayer_talers", "p": 1, "pieces": 4, "talers": 4},
    {"e": "bought", "p": 1, "seller": 2, "card": "worker_c", "kind": "wood", "talers": 1},
    {"e": "bought", "p": 1, "seller": 2, "card": "worker_c", "kind": "wood", "talers": 2},
    {"e": "offer", "p": 3, "seller": 2, "card": "worker_a", "kind": "clay"},
    {"e": "sale_refused", "p": 3, "seller": 2, "card": "worker_a", "kind": "clay"},
    {"e": "erected_nothing", "p": 1, "card": "stonemason"},
    {
        "e": "erected",
        "p": 1,
        "card": "stonemason",
        "building": "keep",
        "paid": {"stone": 2, "clay": 3, "sand": 2},
        "converted": {},
        "vp": 14,
    },
    {
        "e": "erected",
        "p": 1,
        "card": "bricklayer",
        "building": "tower",
        "paid": {"wood": 1, "sand": 2},
        "converted": {"clay": 1},
        "vp": 0,
    },
    {
        "e": "erected",
        "p": 1,
        "card": "worker_a",
        "building": "house",
        "paid": {},
        "converted": {"clay": 1, "wood": 1, "sand": 2},
        "vp": 3,
    },
    {"e": "helper_placed", "p": 1, "place": "tavern_12", "source": "supply", "fee": 12},
    {"e": "helper_placed", "p": 1, "place": "forge_6", "source": "clay_cart", "fee": 6},
    {"e": "worker_order", "p": 0, "cards": ["worker_c", "worker_a"]},
    {"e": "collected", "p": 0, "card": "worker_b", "pieces": {"wood": 2, "silver": 1}},
    {"e": "collected", "p": 0, "card": "worker_b", "pieces": {}},
    {
        "e": "master_builder",
        "p": 2,
        "buildings": 2,
        "vp": 10,
        "cards": ["trader", "worker_a", "master_builder"],
    },
    {"e": "master_builder", "p": 2, "buildings": 1, "vp": 5, "cards": ["master_builder"]},
    {"e": "master_builder", "p": 2, "buildings": 0, "vp": 0, "cards": ["messenger"]},
    {"e": "round_ended", "round": 3},
    {"e": "game_ended", "round": 15, "reason": "rounds"},
    {"e": "game_ended", "round": 9, "reason": "tiles"},
    {"e": "cart_helper_removed", "p": 0, "place": "rider"},
    {"e": "forge_converted", "p": 0, "kind": "stone"},
    {"e": "palace_scored", "p": 0, "kind": "clay", "vp": 4},
    {"e": "market_scored", "p": 0, "talers": 6, "vp": 3},
    {"e": "market_scored", "p": 0, "talers": 0, "vp": 0},
    {"e": "place_scored", "p": 2, "place": "keep", "vp": 9},
    {"e": "game_over", "winners": [0]},
    {"e": "game_over", "winners": [0, 2]},
    # The winter variant (§10).
    {"e": "game_started", "players": 2, "start_player": 0, "winter": True},
    {"e": "winter_revealed", "card": "plague", "shown": "all"},
    {"e": "winter_discarded", "card": "cracked_wall"},
    {"e": "card_discarded", "p": 1, "card": "worker_b", "by": "snowdrift"},
    {"e": "winter_paid", "p": 1, "talers": 3, "by": "snowdrift"},
    {"e": "winter_paid", "p": 1, "talers": 1, "by": "plague"},
    {"e": "winter_paid", "p": 1, "talers": 0, "by": "snowdrift"},
    {"e": "plague_spared", "p": 2},
    {"e": "stone_returned", "p": 0, "own": 2, "silver": 0, "vp": 6},
    {"e": "stone_returned", "p": 0, "own": 1, "silver": 2, "vp": 9},
    {"e": "stone_returned", "p": 0, "own": 0, "silver": 1, "vp": 3},
    {"e": "stone_returned", "p": 0, "own": 0, "silver": 0, "vp": 0},
    {"e": "damsel_given", "p": 0, "item": "silver"},
    {"e": "damsel_given", "p": 0, "item": "taler"},
    {"e": "damsel_dropped", "p": 1},
    {"e": "damsel_won", "p": 0, "vp": 8},
    {"e": "damsel_taken", "p": 1, "item": "taler"},
    {"e": "toll_paid", "p": 1, "talers": 1, "to": None},
    {"e": "toll_paid", "p": 1, "talers": 1, "to": 2},
    {"e": "toll_helper_returned", "p": 1, "place": "rider"},
    {"e": "toll_unpaid", "p": 1},
    {"e": "innkeeper_placed", "p": 0, "source": "supply", "fee": 3, "displaced": 2, "taken": 4},
    {
        "e": "innkeeper_placed",
        "p": 0,
        "source": "sand_cart",
        "fee": 3,
        "displaced": None,
        "taken": 0,
    },
    {"e": "helper_placed", "p": 1, "place": "granary", "source": "supply", "fee": 8},
    {"e": "place_scored", "p": 2, "place": "granary", "vp": 7},
]


#: Parameters an event carries only sometimes (a winter game's start).
OPTIONAL_PARAMS = {"game_started": {"winter"}}


def test_examples_match_the_engine() -> None:
    """The examples have exactly the engine's events and parameters (so they stay current)."""
    assert {ev["e"] for ev in EXAMPLES} == ENGINE_EVENTS
    for ev in EXAMPLES:
        optional = OPTIONAL_PARAMS.get(ev["e"], set())
        assert set(ev) - {"e"} - optional == EVENT_PARAMS[ev["e"]] - optional, ev["e"]


def test_every_example_reads_well(rec: Recording) -> None:
    for ev in EXAMPLES:
        line = log.describe(ev, NAMES, rec)
        if ev["e"] in log.SILENT:
            assert line is None
        else:
            check_line(line)


def test_every_event_message_is_used(rec: Recording) -> None:
    """No variant of an event message is dead, so each one is checked by the test above."""
    for ev in EXAMPLES:
        log.describe(ev, NAMES, rec)
    used = {key for key, _ in rec.calls}
    silent = {f"event.{e}" for e in log.SILENT}
    event_keys = {key for key in rec.messages if key.startswith("event.")}
    assert sorted(event_keys - used - silent) == []


def test_unknown_event_gets_no_line() -> None:
    assert log.describe({"e": "no_such_event", "p": 0}, NAMES, catalog("en")) is None


# --- Every refusal, in both languages ----------------------------------------------------------

#: A plausible value for each refusal parameter, by name.
RULE_SAMPLES: dict[str, Any] = {
    "seat": 6,
    "seller": 1,
    "waiting_for": [1, 2],
    "kind": "clay",
    "expected": "stone",
    "card": "worker_a",
    "building": "tower",
    "place": "sand_cart",
    "source": "wood_cart",
    "count": 2,
    "max": 2,
    "min": 3,
    "fee": 12,
    "have": 3,
    "price": 1,
    "talers": 4,
    "cost": 8,
    "remaining": 5,
    "stage": "trader",
    "verbs": ["trader", "done"],
    "why": "not an object",
    "do": "fly",
    "item": "taler",
}


def test_every_rule_reads_well(rec: Recording) -> None:
    for rule, names in sorted(RULE_PARAMS.items()):
        assert names <= set(RULE_SAMPLES), f"no sample value for {names - set(RULE_SAMPLES)}"
        params = {name: RULE_SAMPLES[name] for name in names}
        check_line(log.reason(rule, params, NAMES, rec))


# --- Random games through the log, the prompts and the refusals --------------------------------


def random_game(
    players: int, seed: int, winter: bool = False
) -> Iterator[tuple[State, list[dict[str, Any]]]]:
    """Play a game with random legal actions; yields each state reached with its new events."""
    chooser = random.Random(seed)
    s, events = new_game(players, seed, winter=winter)
    yield s, events
    while s.phase != "over":
        seat = pending(s)[0]
        events = apply(s, chooser.choice(legal_actions(s, seat)))
        yield s, events


@pytest.mark.parametrize(
    ("players", "seed", "winter"), [(2, 1, False), (3, 2, False), (4, 3, False), (3, 4, True)]
)
def test_random_games_read_well(rec: Recording, players: int, seed: int, winter: bool) -> None:
    names = NAMES[:players]
    seen: set[str] = set()
    for s, events in random_game(players, seed, winter):
        for ev in events:
            seen.add(ev["e"])
            line = log.describe(ev, names, rec)
            if line is not None:
                check_line(line)
        st = stage(s)
        if st is None:
            continue
        check_line(rec.t(f"stage.{st.name}"))
        # Why each option the engine does not offer is refused.
        seat = pending(s)[0]
        for action in st.candidates(s, s.task or {}, seat):
            refusal = why_not(s, action)
            if refusal is not None:
                check_line(log.reason(refusal.rule, refusal.params, names, rec))
    assert {"revealed", "erected", "game_over"} <= seen


def test_refusals_outside_the_stages_read_well(rec: Recording) -> None:
    s, _ = new_game(3, 0, start_player=0)
    for action in ({"p": 0}, {"p": 0, "do": "fly"}, {"p": 9, "do": "done"}):
        refusal = why_not(s, action)
        assert refusal is not None
        check_line(log.reason(refusal.rule, refusal.params, NAMES[:3], rec))


# --- Exact sentences ---------------------------------------------------------------------------


def _say(lang: str, ev: dict[str, Any]) -> str | None:
    return log.describe(ev, NAMES, catalog(lang))


def test_plural_forms_for_one_and_two() -> None:
    bought = {"e": "bought", "p": 0, "seller": 1, "card": "worker_c", "kind": "wood"}
    assert _say("en", {**bought, "talers": 1}) == (
        "Anna's Stonemason buys 1 wood from Ben's Worker C for 1 taler."
    )
    assert _say("en", {**bought, "talers": 2}) == (
        "Anna's Stonemason buys 1 wood from Ben's Worker C for 2 talers."
    )
    assert _say("zh", {**bought, "talers": 1}) == "Anna的石匠花1金从Ben的工人C上收购1木。"
    assert _say("zh", {**bought, "talers": 2}) == "Anna的石匠花2金从Ben的工人C上收购1木。"
    en = catalog("en")
    assert log.reason("select.card_count", {"count": 1}, NAMES, en) == "Choose exactly 1 card."
    assert log.reason("select.card_count", {"count": 2}, NAMES, en) == "Choose exactly 2 cards."


def test_exact_sentences() -> None:
    delivered = {
        "e": "delivered",
        "p": 1,
        "place": "clay_cart",
        "kind": "clay",
        "count": 2,
        "tribute": 1,
        "kept": 1,
    }
    assert _say("en", delivered) == (
        "The clay cart delivers 2 clay to Ben: 1 goes onto the defense tower and Ben keeps 1."
    )
    assert _say("zh", delivered) == "砖牛车为Ben送来2砖：1个放到防御塔上，Ben留下1个。"
    erected = {
        "e": "erected",
        "p": 0,
        "card": "bricklayer",
        "building": "tower",
        "paid": {"wood": 1, "sand": 2},
        "converted": {"clay": 1},
        "vp": 0,
    }
    assert _say("en", erected) == (
        "Anna's Bricklayer erects a Tower (2 sand, 1 wood, plus 1 clay for 1 silver at the Forge)."
    )
    assert _say("zh", erected) == "Anna的砖匠建成1座塔（2沙、1木，另用1银在铸炼铺换得1砖）。"
    placed = {"e": "helper_placed", "p": 2, "place": "tavern_12", "source": "supply", "fee": 12}
    assert _say("en", placed) == "Cleo pays 12 talers to place a helper in the Tavern (1st place)."
    assert _say("zh", placed) == "Cleo支付12金，把1名手下安插到旅馆（一）职位。"
    assert _say("en", {"e": "selected", "p": 3}) == "Dan has chosen."
    assert _say("en", {"e": "game_over", "winners": [0, 1]}) == "Anna and Ben share the victory!"
    assert _say("zh", {"e": "game_over", "winners": [0, 1]}) == "Anna和Ben并列获胜！"
    en, zh = catalog("en"), catalog("zh")
    assert en.t("app.log_round", round=3) == "Round 3"  # the log's heading of a round
    assert zh.t("app.log_round", round=3) == "第3回合"
    rule, params = "trader.displace.placed_this_round", {"place": "sand_cart"}
    assert log.reason(rule, params, NAMES, en) == (
        "The helper at the sand cart was placed this round and cannot be displaced."
    )
    assert log.reason(rule, params, NAMES, zh) == "沙牛车上的手下是本回合才放下的，不可被取代。"
    assert zh.t("stage.trader") == "把1名手下放到牛车或驮马上，或者放弃"
