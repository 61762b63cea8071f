"""The board and the player panels, checked the way a player reads them.

Random games (their own random generators, never the game's) are played to several points; at
each, the board drawn from a player's view must account for every tile, place, cart, piece and
helper exactly as the view says, turn `clickable` into the right buttons, and the player panels
must never show another seat's secret choice. Runs under CPython and Pyodide (stdlib + pytest).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from scenario import new_game

import castle
from castle import CASTLE, data
from web.castle_page import art, catalog
from web.castle_page.board import render_board
from web.castle_page.players import render_players

NAMES = ["Ann <&> Co", "Bo", "Chen Jing", "Dörte"]
COLOURS = ["blue", "red", "yellow", "green"]
I18N = Path(__file__).resolve().parent.parent / "web" / "castle_page" / "i18n"


class Stub:
    """A catalog that writes the key and its parameters: every word is traceable."""

    def t(self, key: str, **params: object) -> str:
        if not params:
            return key
        inner = ";".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{key}({inner})"

    def join(self, items: Iterable[str], last: str = "list.and") -> str:
        return f"{last}[{'|'.join(items)}]"


class Recorder(Stub):
    """A stub that remembers every key asked for, with its parameters."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[str, object]]] = []

    def t(self, key: str, **params: object) -> str:
        self.asked.append((key, params))
        return super().t(key, **params)


CAT = Stub()


# --- A small DOM from html.parser ---------------------------------------------------------------

VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "source", "area", "col", "embed"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self) -> Any:
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.iter()

    def find_all(self, **want: str) -> list[Node]:
        """Descendants whose attributes equal `want` (class_ matches one class)."""
        out = []
        for n in self.iter():
            ok = True
            for k, v in want.items():
                if k == "class_":
                    ok = ok and v in n.classes
                elif k == "tag":
                    ok = ok and n.tag == v
                else:
                    ok = ok and n.attrs.get(k.replace("_", "-")) == v
            if ok:
                out.append(n)
        return out

    def one(self, **want: str) -> Node:
        found = self.find_all(**want)
        assert len(found) == 1, (want, len(found))
        return found[0]


class Tree(HTMLParser):
    """Parses and checks that every tag is closed, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.cur.children.append(Node(tag, dict(attrs), self.cur))

    def handle_endtag(self, tag: str) -> None:
        if self.cur.tag != tag or self.cur.parent is None:
            self.errors.append(f"</{tag}> closes <{self.cur.tag}>")
            return
        self.cur = self.cur.parent

    def handle_data(self, text: str) -> None:
        self.cur.children.append(text)


def parse(html: str) -> Node:
    tree = Tree()
    tree.feed(html)
    tree.close()
    assert not tree.errors, tree.errors[:5]
    assert tree.cur is tree.root, f"<{tree.cur.tag}> never closed"
    return tree.root


def check_html(html: str) -> Node:
    assert "{" not in html and "}" not in html, "a placeholder was left unformatted"
    root = parse(html)
    # Every <use> refers to a symbol of the sprite; no URL from anywhere else.
    symbols = set(art.NAMES)
    for use in root.find_all(tag="use"):
        href = use.attrs.get("href") or ""
        assert href.startswith("#i-") and href[3:] in symbols, href
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    return root


# --- Random games --------------------------------------------------------------------------------


def snapshots(players: int, seed: int, every: int = 23) -> list[castle.State]:
    """States of one random game, every `every` actions and at the end."""
    rng = random.Random(seed)
    state, _ = new_game(players, seed=seed)
    out = [CASTLE.copy(state)]
    count = 0
    while CASTLE.asked(state):
        seat = CASTLE.asked(state)[0]
        options = CASTLE.legal_actions(state, seat)
        # Lean towards building and placing, so that the castle fills up.
        busy = [a for a in options if a["do"] in ("erect", "helper", "trader")]
        action = rng.choice(busy if busy and rng.random() < 0.8 else options)
        CASTLE.apply(state, action)
        count += 1
        if count % every == 0:
            out.append(CASTLE.copy(state))
    out.append(CASTLE.copy(state))
    return out


GAMES = [(2, 11), (3, 7), (4, 5), (4, 23)]
STATES = [
    pytest.param(s, id=f"p{players}-s{seed}-{i}")
    for players, seed in GAMES
    for i, s in enumerate(snapshots(players, seed))
]


def viewer(state: castle.State) -> int:
    waiting = CASTLE.asked(state)
    return waiting[0] if waiting else 0


# --- The board -----------------------------------------------------------------------------------


@pytest.mark.parametrize("state", STATES)
def test_board_shows_the_view(state: castle.State) -> None:
    seat = viewer(state)
    view = CASTLE.view(state, seat)
    n = len(view["players"])
    names, colours = NAMES[:n], COLOURS[:n]
    root = check_html(render_board(view, names, colours, CAT))

    # Round track and start player.
    text = root.text()
    assert f"board.round(n={view['round']};total={view['rounds']})" in text
    assert len(root.one(class_="track").find_all(tag="li")) == view["rounds"]
    start = root.one(class_="start-player")
    assert names[view["start_player"]] in start.text()
    assert f"c-{colours[view['start_player']]}" in start.one(class_="swatch").classes

    # All 23 tiles: on the board (left) or erected (built).
    total = 0
    for bid in data.TILE_BUILDINGS:
        tile = root.one(data_building=bid)
        left = view["tiles"][bid]
        assert tile.attrs["data-left"] == str(left)
        built = data.BUILDING[bid].tiles - left
        if data.BUILDING[bid].tiles > 1:
            assert tile.attrs["data-built"] == str(built)
            assert f"board.left(count={left})" in tile.text()
            assert f"board.built_count(count={built})" in tile.text()
        else:
            assert ("built" in tile.classes) == (left == 0)
            assert ("unbuilt" in tile.classes) == (left > 0)
        head = tile.one(data_key=f"building:{bid}")
        cost, vp = data.BUILDING[bid].cost, data.BUILDING[bid].vp
        assert head.one(class_="cost").text() == str(cost)
        assert head.one(class_="worth").text() == str(vp)
        total += left + built
    assert total == 23
    for bid in data.START_BUILDINGS:
        assert "built" in root.one(data_building=bid).classes

    # Every place: with its fee; free, taken (owner's name and colour) or not yet existing.
    for place in data.PLACE.values():
        el = root.one(data_key=f"place:{place.id}")
        assert el.one(class_="fee").text() == str(place.fee)
        if place.id not in view["places"]:
            assert "future" in el.classes
            assert "board.not_yet" in el.text()
            continue
        owner = view["places"][place.id]
        if owner is None:
            assert "free" in el.classes
            assert not el.find_all(tag="svg", class_="meeple")
        else:
            assert "taken" in el.classes
            assert names[owner] in el.one(class_="who").text()
            meeple = el.one(tag="svg", class_="meeple")
            assert f"c-{colours[owner]}" in meeple.classes
            assert names[owner] in (meeple.attrs.get("aria-label") or "")

    # Carts and rider: occupant in colour, fresh ones marked; what each delivers.
    fresh = set(view["fresh"])
    for tp, (kind, amount) in data.TRADER_PLACES.items():
        el = root.one(data_key=f"trader:{tp}")
        assert f"board.delivers(count={amount};kind=kind.{kind})" in el.text()
        assert len(el.one(class_="load").find_all(tag="svg")) == amount
        owner = view["traders"][tp]
        if owner is None:
            assert "free" in el.classes and not el.find_all(class_="meeple")
        else:
            assert names[owner] in el.one(class_="who").text()
            assert f"c-{colours[owner]}" in el.one(class_="meeple").classes
        marks = el.find_all(class_="fresh-mark")
        assert ("fresh" in el.classes) == (tp in fresh) == bool(marks)

    # Defense tower, stock, Forge: the view's counts.
    for kind in data.KINDS:
        row = root.one(data_key=f"tower:{kind}")
        assert row.one(tag="b").text() == str(view["tower"][kind])
        stock = root.one(class_="stock").find_all(data_kind=kind)
        assert [s.attrs["data-count"] for s in stock] == [str(view["stock"][kind])]
    assert root.one(class_="defense-tower").attrs["data-total"] == str(sum(view["tower"].values()))
    assert root.one(class_="forge-silver").attrs["data-forge"] == str(view["forge"])

    # Nothing is clickable without `clickable`.
    assert "data-act" not in render_board(view, names, colours, CAT)


def all_keys() -> list[str]:
    return (
        [f"place:{p}" for p in data.PLACE]
        + [f"trader:{tp}" for tp in data.TRADER_PLACES]
        + [f"building:{b}" for b in data.BUILDING]
        + [f"tower:{k}" for k in data.KINDS]
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_clickable_keys(seed: int) -> None:
    state = snapshots(3, seed, every=40)[1]
    view = CASTLE.view(state, 0)
    rng = random.Random(seed)
    keys = all_keys()
    clickable: dict[str, tuple[str | None, str | None]] = {}
    for i, key in enumerate(keys):
        roll = rng.random()
        if roll < 0.35:
            clickable[key] = (f"tok{i}", None)
        elif roll < 0.7:
            clickable[key] = (None, f"Because <{i}> & so")
    root = check_html(render_board(view, NAMES[:3], COLOURS[:3], CAT, clickable))
    for key in keys:
        el = root.one(data_key=key)
        if key not in clickable:
            assert el.tag != "button" and "data-act" not in el.attrs, key
            continue
        act, reason = clickable[key]
        assert el.tag == "button", key
        if act is not None:
            assert el.attrs["data-act"] == act
            assert "off" not in el.classes
        else:
            assert "data-act" not in el.attrs
            assert "off" in el.classes
            assert el.attrs["aria-disabled"] == "true"
            assert el.attrs["data-reason"] == reason
            assert el.attrs["title"] == reason
    acts = [n.attrs["data-act"] for n in root.iter() if "data-act" in n.attrs]
    assert sorted(acts) == sorted(a for a, _ in clickable.values() if a)
    # No button inside a button.
    for button in root.find_all(tag="button"):
        assert not button.find_all(tag="button")


def test_forbidden_without_reason_still_says_why() -> None:
    state, _ = new_game(3, seed=1)
    view = CASTLE.view(state, 0)
    root = parse(render_board(view, NAMES, COLOURS, CAT, {"tower:sand": (None, None)}))
    el = root.one(data_key="tower:sand")
    assert el.attrs["data-reason"] == "board.not_now"


# --- The player panels ---------------------------------------------------------------------------


@pytest.mark.parametrize("state", STATES)
def test_players_show_public_facts(state: castle.State) -> None:
    me = viewer(state)
    view = CASTLE.view(state, me)
    n = len(view["players"])
    root = check_html(render_players(view, NAMES[:n], COLOURS[:n], CAT, me))
    for seat, p in enumerate(view["players"]):
        panel = root.one(data_seat=str(seat))
        assert f"c-{COLOURS[seat]}" in panel.classes
        assert NAMES[seat] in panel.one(class_="pname").text()
        assert ("start" in panel.classes) == (view["start_player"] == seat)
        assert bool(panel.find_all(class_="start-mark")) == (view["start_player"] == seat)
        assert ("me" in panel.classes) == (seat == me)
        assert panel.one(class_="pvp").text() == str(p["vp"])
        assert panel.one(class_="ptalers").text() == str(p["talers"])
        for kind in data.KINDS:
            assert panel.one(data_kind=kind).attrs["data-count"] == str(p["pieces"][kind])
        carts = sum(1 for o in view["traders"].values() if o == seat)
        castle_places = sum(1 for o in view["places"].values() if o == seat)
        assert panel.one(data_supply=str(p["helpers"]))
        assert panel.one(data_carts=str(carts))
        assert panel.one(data_castle=str(castle_places))
        hand = panel.one(class_="hand").find_all(class_="chip")
        assert sorted(c.attrs["data-card"] for c in hand) == sorted(p["hand"])
        played = panel.one(class_="played").find_all(class_="chip")
        assert sorted(c.attrs["data-card"] for c in played) == sorted(p["played"])
        revealed = [c for c in played if "revealed" in c.classes]
        assert sorted(c.attrs["data-card"] for c in revealed) == sorted(p["revealed"])
        for chip in revealed:
            on_card = p["workers"].get(chip.attrs["data-card"], {})
            shown = [int(b.text()) for b in chip.find_all(tag="b")]
            assert shown == [v for v in on_card.values() if v]


def selecting_states() -> list[castle.State]:
    """States in the secret selection where some seats have chosen and others not."""
    out = []
    for players, seed in GAMES:
        rng = random.Random(seed * 7)
        state, _ = new_game(players, seed=seed)
        found = 0
        while CASTLE.asked(state) and found < 3:
            seat = CASTLE.asked(state)[0]
            CASTLE.apply(state, rng.choice(CASTLE.legal_actions(state, seat)))
            chosen = [c is not None for c in state.selection]
            if state.phase == "select" and any(chosen) and not all(chosen):
                out.append(CASTLE.copy(state))
                found += 1
    return out


def test_the_games_reach_what_the_board_must_show() -> None:
    """The snapshots above are worth checking: places taken, fresh carts, Workers loaded."""
    states = [p.values[0] for p in STATES]
    assert any(any(o is not None for o in s.places.values()) for s in states)
    assert any(len(s.places) > 4 for s in states)
    assert any(s.fresh for s in states)
    assert any(any(p.workers for p in s.players) for s in states)
    assert any(0 < s.tiles["tower"] < 9 for s in states)
    assert any(s.forge for s in states)
    assert any(s.phase == "over" for s in states)
    assert len(selecting_states()) >= 6


@pytest.mark.parametrize("state", selecting_states())
def test_selection_stays_secret(state: castle.State) -> None:
    n = state.n
    names, colours = NAMES[:n], COLOURS[:n]
    for me in [*range(n), None]:
        view = CASTLE.view(state, me)
        root = check_html(render_players(view, names, colours, CAT, me))
        # Even handed every seat's real choice, the panels show only `me`'s own.
        leaky = CASTLE.to_json(state)
        leaked = render_players(leaky, names, colours, CAT, me)
        for seat in range(n):
            panel = root.one(data_seat=str(seat))
            choice = state.selection[seat]
            badge = panel.find_all(class_="sel")
            assert len(badge) == 1
            chips = panel.find_all(class_="chip")
            marked = sorted(c.attrs["data-card"] for c in chips if "chosen" in c.classes)
            if seat == me and choice is not None:
                assert badge[0].attrs["data-sel"] == "mine"
                assert marked == sorted(choice)
                for card in choice:
                    assert f"card.{card}" in badge[0].text()
            else:
                expected = "waiting" if choice is None else "chosen"
                assert badge[0].attrs["data-sel"] == expected
                assert marked == []
                assert "board.your_choice" not in panel.text()
        # The leaky render of other seats is identical to the honest one.
        leaky_root = parse(leaked)
        for seat in range(n):
            if seat != me:
                honest = _html_of(root.one(data_seat=str(seat)))
                other = _html_of(leaky_root.one(data_seat=str(seat)))
                assert honest == other


def _html_of(node: Node) -> str:
    inner = "".join(c if isinstance(c, str) else _html_of(c) for c in node.children)
    attrs = "".join(f" {k}={v!r}" for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"


# --- Words ---------------------------------------------------------------------------------------


def _catalog(lang: str) -> dict[str, Any]:
    return json.loads((I18N / lang / "board.json").read_text(encoding="utf-8"))


def test_every_board_label_is_written_in_both_languages() -> None:
    rec = Recorder()
    for players, seed in GAMES:
        for state in snapshots(players, seed, every=31):
            n = state.n
            view = CASTLE.view(state, viewer(state))
            clickable = {k: (None, None) for k in all_keys()}
            render_board(view, NAMES[:n], COLOURS[:n], rec, clickable)
            render_players(view, NAMES[:n], COLOURS[:n], rec, viewer(state))
    mine = {key for key, _ in rec.asked if key.startswith("board.")}
    assert "board.phase.select" in mine and "board.rule.palace" in mine
    placeholder = re.compile(r"\{(\w+)\}")
    for lang in ("en", "zh"):
        cat = _catalog(lang)
        missing = sorted(mine - set(cat))
        assert not missing, (lang, missing)
        for key, params in rec.asked:
            if not key.startswith("board."):
                continue
            message = cat[key]
            forms = message.values() if isinstance(message, dict) else [message]
            for form in forms:
                names = set(placeholder.findall(form))
                assert names <= set(params), (lang, key, names - set(params))
                assert "{" not in form.format_map(params), (lang, key)
    # The words of the seed in the Chinese labels.
    zh = _catalog("zh")
    assert "防御塔" in zh["board.tower"] and "起始玩家" in zh["board.start_player"]
    assert "回合" in zh["board.round"] and "金" in zh["board.talers"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_renders_with_the_real_catalog(lang: str) -> None:
    real = catalog(lang)
    asked: set[str] = set()

    class Watched:
        def t(self, key: str, **params: object) -> str:
            asked.add(key)
            return real.t(key, **params)

        def join(self, items: Iterable[str], last: str = "list.and") -> str:
            asked.add(last)
            return real.join(items, last)

    cat = Watched()
    for players, seed in GAMES:
        for state in snapshots(players, seed, every=50):
            n = state.n
            view = CASTLE.view(state, viewer(state))
            clickable = {"tower:sand": ("t", None), "trader:rider": (None, None)}
            check_html(render_board(view, NAMES[:n], COLOURS[:n], cat, clickable))
            check_html(render_players(view, NAMES[:n], COLOURS[:n], cat, viewer(state)))
    # Every word asked for (names from game.json included) is written in this language.
    assert not sorted(asked - real.keys())


def test_sprite_defines_each_symbol_once() -> None:
    root = parse(art.sprite())
    ids = [s.attrs["id"] for s in root.find_all(tag="symbol")]
    assert sorted(ids) == sorted(f"i-{name}" for name in art.NAMES)
    assert len(ids) == len(set(ids))
    for kind in data.KINDS:
        assert kind in art.NAMES
