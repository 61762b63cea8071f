"""Every move worded as a player reads it (web/castle_page/wording.py), in English and Chinese.

Random summer and winter games are walked through every stage; at each moment every legal
action of the seat asked, and the computer's plans (a hint's words), are worded in both
languages. None may show the engine's tokens (seat numbers, verbs, ids), a placeholder left
unfilled, a doubled word, or two options worded alike; the Chinese keeps full-width
punctuation and no spaces between Chinese words.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from string import Formatter
from typing import Any

import pytest

from castle import CASTLE, data, scoring
from castle.actions import VERBS
from castle.bots import plans
from castle.state import State
from tabletop.game import Prompt
from web.castle_page import CATALOGS, wording
from web.games import GAMES
from web.shell import i18n
from web.shell.app import App
from web.shell.html import esc
from web.shell.i18n import Catalog
from web.shell.screens import render
from web.shell.storage import MemoryStore

NAMES = {"en": ["Ann", "Bo", "Cy", "Di"], "zh": ["阿安", "小波", "西西", "迪迪"]}

#: The engine's text form showing through: an id ("worker_c", "stone_cart"), a seat ("p1"),
#: a bare number after a kind or another number ("stone 2 0"), a flag, a catalog key or an
#: unfilled placeholder. (The Chinese is checked for any Latin letter at all.)
TOKENS = re.compile(
    r"[a-z]+_[a-z0-9]+|\bp\d|\d+ \d+|\b(sand|wood|clay|stone|silver) \d|\b(True|False|None)\b"
    r"|\{|\}|\b[a-z]+\.[a-z_]+\b"
)
#: A word said twice, maybe across a bracket: "the Stable (2nd place) place".
DOUBLED = re.compile(r"\b([A-Za-z]+)\W? \1\b", re.IGNORECASE)
CJK = r"[\u3400-\u9fff]"
HALF_WIDTH = re.compile(r"[,:;!?()]")
SPACED = re.compile(f"{CJK} +{CJK}")


@dataclass
class Moment:
    """A game at one moment, read as the page reads it (wording.Asking)."""

    state: Any
    cat: Catalog
    names: list[str]

    def prompt(self, seat: int) -> Prompt | None:
        return CASTLE.prompt(self.state, seat)


def check(text: str, lang: str, names: list[str]) -> None:
    assert text.strip() and text == text.strip(), repr(text)
    bare = text
    for name in names:
        bare = bare.replace(name, "")
    assert not TOKENS.search(bare), text
    assert not DOUBLED.search(bare), text
    if lang == "zh":
        assert not HALF_WIDTH.search(bare), text
        assert not SPACED.search(bare), text
        assert not re.search("[a-z]", bare), text  # no English left, no id


def walk(players: int, seed: int, winter: bool) -> set[str]:
    """Play a random game, wording every option on the way; the stages met."""
    rnd = random.Random(seed)
    s, _ = CASTLE.start({"players": players, "seed": seed, "start_player": 0, "winter": winter})
    cats = {lang: i18n.load(lang, CATALOGS) for lang in NAMES}
    stages: set[str] = set()
    while not CASTLE.terminal(s):
        seat = CASTLE.asked(s)[0]
        prompt = CASTLE.prompt(s, seat)
        assert prompt is not None
        stages.add(prompt["stage"])
        legal = CASTLE.legal_actions(s, seat)
        for lang, cat in cats.items():
            names = NAMES[lang][:players]
            moment = Moment(s, cat, names)
            texts = [wording.action_text(moment, a) for a in legal]
            for text in texts:
                check(text, lang, names)
            assert len(set(texts)) == len(texts), (prompt["stage"], texts)
            if prompt["stage"] in ("erect", "pay"):
                for plan in plans.plans(s, seat):
                    check(wording.plan_text(moment, plan), lang, names)
        CASTLE.apply(s, rnd.choice(legal))
    return stages


def test_every_verb_has_its_words() -> None:
    assert set(wording.WORDERS) == set(VERBS)


@pytest.mark.parametrize(
    ("players", "seed", "winter"), [(2, 1, False), (4, 2, False), (3, 3, True), (4, 4, True)]
)
def test_every_option_of_a_random_game_reads_as_a_sentence(
    players: int, seed: int, winter: bool
) -> None:
    stages = walk(players, seed, winter)
    assert {"select", "trader", "erect", "pay", "helper", "market"} <= stages


def test_winter_games_meet_the_winter_cards_decisions() -> None:
    """Random winter games word the winter cards' decisions too (a few seeds meet them all)."""
    met: set[str] = set()
    for seed in range(3, 12):
        met |= walk(4, seed, True)
        if {"plague", "snowdrift", "cracked_wall", "give", "share"} <= met:
            return
    pytest.fail(f"winter stages never met: {met}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_toll_and_the_rare_decisions_read_as_sentences(lang: str) -> None:
    """Decisions random play seldom meets (the Village Tavern's toll needs a seat without a
    taler), worded on a state set up for them."""
    s, _ = CASTLE.start({"players": 3, "seed": 5, "start_player": 0, "winter": True})
    names = NAMES[lang][:3]
    moment = Moment(s, i18n.load(lang, CATALOGS), names)
    for line in ("p1 toll_helper stone_cart", "p2 sell yes", "p2 sell no", "p0 first worker_b"):
        check(wording.action_text(moment, CASTLE.parse_action(line)), lang, names)


# --- On the page ---------------------------------------------------------------------------


def _app(players: int = 2, seed: int = 3) -> App:
    app = App(MemoryStore(), GAMES, lang="en")
    render(app)
    app.form = {"players": str(players), "seed": str(seed), "start": "0"}
    app.start()
    app.pass_cover(0)
    return app


def _at_stage(app: App, stage: str, seed: int) -> State:
    """Random play on a copy of the app's game until `stage` is asked, shown on the page."""
    rnd = random.Random(seed)
    s = copy.deepcopy(app.state)
    while not CASTLE.terminal(s):
        seat = CASTLE.asked(s)[0]
        prompt = CASTLE.prompt(s, seat)
        if prompt is not None and prompt["stage"] == stage:
            app.state, app.viewer = s, seat
            return s
        CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seat)))
    raise AssertionError(f"no {stage} came up")


def test_a_helper_places_button_says_what_it_scores_now() -> None:
    """The value the place's tile shows ("now 22 VP"), on the button too: the tile may be
    scrolled away; the Palace and the Market, chosen at the end, show their fee only."""
    app = _app()
    s = _at_stage(app, "helper", seed=5)
    html = render(app)
    now = scoring.preview(s.places, s.tiles, s.forge)
    assert now
    for place, vp in now.items():
        fee = data.PLACE[place].fee
        assert esc(f"{app.t(f'place.{place}')}: fee {fee}, now {vp} VP") in html, place
    for place in set(s.places) - set(now):
        assert esc(f"{app.t(f'place.{place}')}: fee {data.PLACE[place].fee}") + "<" in html


def test_a_bricklayers_payments_say_the_talers_they_bring() -> None:
    """§4 Bricklayer: 1 taler per piece spent; each payment offered, and the hint's, says so."""
    app = _app()
    s = copy.deepcopy(app.state)
    s.phase = "round"
    s.players[0].pieces.update(sand=4, wood=2, clay=2, stone=2, silver=0)
    s.queue = []
    s.task = {"seat": 0, "card": "bricklayer", "stage": "erect", "steps": ["erect"]}
    moment = Moment(s, app.cat, app.names)
    gate = next(p for p in plans.plans(s, 0) if p[0].get("building") == "small_gate")
    spent = sum(a["own"] + a["silver"] for a in gate[1:])
    assert wording.plan_text(moment, gate).endswith(f"(+{spent} talers)")
    CASTLE.apply(s, CASTLE.parse_action("p0 erect small_gate"))
    app.state, app.viewer = s, 0
    html = render(app)
    offered = re.findall(r'class="go"[^>]*>([^<]*)<', html)
    assert offered and all(re.search(r"\(\+\d+ talers\)$", text) for text in offered), offered
    most = max(int(re.findall(r"\+(\d+)", text)[0]) for text in offered)
    assert offered[0].endswith(f"(+{most} talers)")


@pytest.mark.parametrize("place", [*data.PLACE, *data.WINTER_PLACES, *data.TRADER_PLACES])
def test_no_refusal_says_a_word_twice(place: str) -> None:
    """Every refusal, with each place's name in it, says no word twice ("the Stable (2nd
    place) place")."""
    cat = i18n.load("en", CATALOGS)
    family = "trader_place" if place in data.TRADER_PLACES else "place"
    name = cat.t(f"{family}.{place}")
    for key in sorted(k for k in cat.messages if k.startswith("rule.")):
        message = cat.messages[key]
        forms = message.values() if isinstance(message, dict) else [message]
        fields = {f for form in forms for _, f, _, _ in Formatter().parse(form) if f}
        params: dict[str, Any] = {f: name if f in ("place", "source") else 2 for f in fields}
        text = cat.t(key, **params)
        assert not DOUBLED.search(text), (key, text)
