"""Properties that hold in every game (design: Tests), checked after every action of random games.

Each hypothesis example plays one whole game for 2, 3 or 4 players from a drawn seed, summer and
winter (§10). The moves
are random legal actions picked by a `random.Random` of the test's own, seeded from the example
(never the game's generator). After every action the invariants of the spec are checked:

- §2.4 the 83 pieces are all somewhere (the Damsel card's included); no count of pieces or
  talers is ever negative;
- §1 every player's helpers are all somewhere (supply, carts/rider, castle places, and in
  winter the Innkeeper and the Granary); every character card is in hand, face up or (winter)
  out of the game;
- the listed options are legal and apply; unlisted actions (mutations of a legal one) are
  refused with a rule id, and `apply` raises IllegalAction leaving the state unchanged;
- the state round-trips through JSON exactly, and its fast copy is equal and shares nothing
  mutable with it; a game record of the actions replays to the
  identical state; a player's view hides the other seats' secret choices, the generator and
  the order of the winter deck;
- someone is always asked (with at least one option) until the game is over, and it ends
  within the round limit (§2.5, §9).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario import castle_record, decision, new_game, piece_total, stage

import castle
from castle import CASTLE, data, scoring, sim
from castle.actions import VERBS
from castle.state import State
from tabletop import record, runner

pytestmark = [pytest.mark.as_played, pytest.mark.long]

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    database=None,  # no .hypothesis/ folder in the repo (the Pyodide run mounts it)
    suppress_health_check=[HealthCheck.too_slow],
)
#: A rule id: dotted lowercase words, e.g. `trader.displace.placed_this_round`.
RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
#: No summer game needs more decisions than this (random games take about 70–130).
MAX_ACTIONS = 3000

#: Words an action field may be mutated into: every name the engine knows, plus nonsense.
WORDS = sorted(
    {
        *data.KINDS,
        *data.CARDS,
        *data.TILE_BUILDINGS,
        *data.START_BUILDINGS,
        *data.PLACE,
        *data.TRADER_PLACES,
        *data.WINTER_PLACES,
        *data.DAMSEL_ITEMS,
        "supply",
        "dragon",
        "",
    }
)


# --- small helpers -----------------------------------------------------------------------------


def helpers_everywhere(s: State, seat: int) -> int:
    """A player's helpers: in supply + at carts and the rider + in castle places (§1, §4, §5)
    + in winter at the Innkeeper and in the Granary (§10)."""
    out = s.players[seat].helpers
    out += sum(1 for owner in s.traders.values() if owner == seat)
    out += sum(1 for owner in s.places.values() if owner == seat)
    if s.winter is not None:
        out += (s.winter["innkeeper"] == seat) + s.winter["granary"].count(seat)
    return out


def canonical(action: Any) -> str | None:
    """A comparable spelling of an action: list fields are unordered (a selection of cards, the
    kinds of Worker C), so `select trader worker_a` and `select worker_a trader` are one action."""
    if not isinstance(action, dict):
        return None
    out = dict(action)
    for key in ("cards", "kinds"):
        if isinstance(out.get(key), list) and all(isinstance(v, str) for v in out[key]):
            out[key] = sorted(out[key])
    try:
        return json.dumps(out, sort_keys=True)
    except (TypeError, ValueError):
        return None


#: Plausible words for each word field: the mutations stay well-formed but mostly illegal.
FIELD_WORDS = {
    "kind": sorted(data.KINDS),
    "place": sorted({*data.PLACE, *data.TRADER_PLACES, *data.WINTER_PLACES}),
    "item": sorted(data.DAMSEL_ITEMS),
    "building": sorted({*data.TILE_BUILDINGS, *data.START_BUILDINGS}),
    "card": sorted(data.CARDS),
    "source": sorted({*data.TRADER_PLACES, "supply"}),
}


def mutations(s: State, action: dict[str, Any], rnd: random.Random) -> tuple[list[Any], list[Any]]:
    """Actions near a legal one that are (mostly) not legal, as two lists: well-formed ones
    (another seat, another word in a field, a bigger or negative count, another verb) and
    malformed ones (an unknown verb, wrong types, missing or extra fields, not a dict)."""
    n = s.n
    seat = action["p"]
    good: list[Any] = []
    # Another seat, and seats that do not exist.
    good += [{**action, "p": (seat + k) % n} for k in range(1, n)]
    good += [{**action, "p": n}, {**action, "p": -1}, {**action, "p": 99}]
    # Another kind / place / building / card in each word field; bigger and negative counts.
    for name, kind in VERBS[action["do"]]:
        value = action[name]
        if kind == "str":
            words = FIELD_WORDS.get(name, WORDS)
            good += [{**action, name: w} for w in rnd.sample(words, min(3, len(words)))]
            good.append({**action, name: rnd.choice(WORDS)})
        elif kind == "int":
            good += [{**action, name: value + 1}, {**action, name: value + 100}]
            good += [{**action, name: -1}, {**action, name: value - 1}]
        elif kind == "seat":
            good += [{**action, name: v} for v in (seat, -1, n, (value + 1) % n)]
        elif kind == "bool":
            good.append({**action, name: not value})
        else:  # a list of words
            good += [
                {**action, name: [*value, rnd.choice(sorted(data.CARDS) + WORDS)]},
                {**action, name: value[:-1]},
                {**action, name: [*value[:-1], "dragon"]},
                {**action, name: [value[0], value[0]] if value else ["dragon"]},
            ]
    # Other well-formed verbs.
    good += [
        {"p": seat, "do": "done"},
        {"p": seat, "do": "trader", "place": "sand_cart"},
        {"p": seat, "do": "tower", "kind": "sand"},
        {"p": seat, "do": "erect", "building": "tower"},
        {"p": seat, "do": "pay", "kind": "stone", "own": 0, "silver": 0},
        {"p": seat, "do": "helper", "place": "market_1", "source": "supply"},
        {"p": seat, "do": "market", "vp": 0},
        {"p": seat, "do": "convert", "kind": "clay"},
        {"p": seat, "do": "select", "cards": ["messenger"]},
        {"p": seat, "do": "sell", "accept": True},
        # The winter cards' verbs (§10).
        {"p": seat, "do": "toll_helper", "place": "sand_cart"},
        {"p": seat, "do": "discard", "card": "worker_a"},
        {"p": seat, "do": "pay_talers"},
        {"p": seat, "do": "return_stone", "own": 1, "silver": 0},
        {"p": seat, "do": "give", "item": "taler"},
        {"p": seat, "do": "drop_out"},
        {"p": seat, "do": "take", "item": "sand"},
        {"p": seat, "do": "helper", "place": "granary", "source": "supply"},
    ]
    bad: list[Any] = [{**action, "do": verb} for verb in rnd.sample(sorted(VERBS), 3)]
    bad += [{"p": seat, "do": "dance"}, {"p": seat, "do": None}]
    for name, kind in VERBS[action["do"]]:
        value = action[name]
        if kind in ("int", "seat"):
            bad += [{**action, name: str(value)}, {**action, name: float(value)}]
            bad.append({**action, name: True})
        elif kind == "bool":
            bad += [{**action, name: "yes"}, {**action, name: 1}]
        elif kind == "strs":
            bad += [{**action, name: " ".join(value)}, {**action, name: [1]}]
        else:
            bad += [{**action, name: None}, {**action, name: [value]}]
    fields = [k for k in action if k not in ("p", "do")]
    if fields:
        missing = dict(action)
        del missing[rnd.choice(fields)]
        bad.append(missing)
    bad += [
        {**action, "extra": 1},
        {**action, "p": str(seat)},
        {**action, "p": True},
        {k: v for k, v in action.items() if k != "p"},
        {k: v for k, v in action.items() if k != "do"},
        CASTLE.action_text(action),
        [seat, action["do"]],
        None,
        42,
        {},
    ]
    return good, bad


def check_invariants(s: State) -> None:
    """§2.4 piece accounting, no negative count, §1 helpers conserved, the round limit."""
    assert piece_total(s) == data.PIECES_IN_BOX
    for where, counts in (("stock", s.stock), ("tower", s.tower), ("out", s.out)):
        assert all(v >= 0 for v in counts.values()), (where, counts)
    assert s.forge >= 0
    for seat, p in enumerate(s.players):
        assert p.talers >= 0, (seat, p.talers)
        assert p.helpers >= 0, (seat, p.helpers)
        assert all(v >= 0 for v in p.pieces.values()), (seat, p.pieces)
        for card, on in p.workers.items():
            assert card in data.WORKERS and all(v >= 0 for v in on.values()), (seat, card, on)
        assert helpers_everywhere(s, seat) == data.HELPERS[s.n], seat
        # Each card is in exactly one place: hand, face up (§3.7) or out of the game (§10).
        gone = s.winter["discarded"][seat] if s.winter else []
        assert sorted(p.hand + p.played + gone) == sorted(data.CARDS), (seat, p.hand, p.played)
    for place, owner in (*s.traders.items(), *s.places.items()):
        assert owner is None or 0 <= owner < s.n, (place, owner)
    assert 1 <= s.round <= s.rounds == data.ROUNDS[s.n]
    if s.winter is not None:
        w = s.winter
        assert w["tavern"] >= 0 and all(v >= 0 for v in w["damsel"].values()), w
        assert w["innkeeper"] is None or 0 <= w["innkeeper"] < s.n
        assert len(w["granary"]) <= data.WINTER_PLACES["granary"].places
        # Every winter card is in the deck, in play or gone (or being resolved), once.
        every = [*w["deck"], *w["in_play"], *w["gone"]]
        if w["card"] is not None and w["card"] not in every:
            every.append(w["card"])
        assert sorted(every) == sorted(data.WINTER_CARDS), w


def check_views(s: State) -> None:
    """A seat sees its own secret choice, never another's, never the generator, and of the
    winter deck only which cards are left (§10), in a fixed order."""
    for seat in [*range(s.n), None]:
        v = CASTLE.view(s, seat)
        assert "rng" not in v
        if s.winter is not None:
            assert v["winter"]["deck"] == [c for c in data.WINTER_CARDS if c in s.winter["deck"]]
        for other, chosen in enumerate(v["selection"]):
            if other == seat:
                assert chosen == s.selection[other]
            else:
                assert chosen in (None, "hidden"), (seat, other, chosen)
                assert (chosen is None) == (s.selection[other] is None)


def shared_parts(a: Any, b: Any, path: str = "state") -> list[str]:
    """The mutable parts (dataclasses, dicts, lists) that `a` and its copy `b` share."""
    if (isinstance(a, (dict, list)) or dataclasses.is_dataclass(a)) and a is b:
        return [path]
    if dataclasses.is_dataclass(a):
        return [
            found
            for f in dataclasses.fields(a)
            if f.compare  # not part of the game: State.decided
            for found in shared_parts(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
        ]
    if isinstance(a, dict):
        return [found for k in a for found in shared_parts(a[k], b[k], f"{path}[{k!r}]")]
    if isinstance(a, list):
        return [found for i, v in enumerate(a) for found in shared_parts(v, b[i], f"{path}[{i}]")]
    return []


def check_json_round_trip(s: State) -> None:
    doc = CASTLE.to_json(s)
    again = CASTLE.from_json(json.loads(json.dumps(doc)))
    assert CASTLE.to_json(again) == doc
    # The fast copy is the same state, and shares nothing that a move could change.
    copy = CASTLE.copy(s)
    assert CASTLE.to_json(copy) == doc
    assert shared_parts(s, copy) == []


def check_options(s: State, rnd: random.Random) -> list[dict[str, Any]]:
    """Someone is asked, with options; every listed option is legal and reads back from its
    text; a sample of them applies on a clone. Returns the options of the first seat asked."""
    seats = CASTLE.asked(s)
    assert seats, f"nobody is asked in phase {s.phase}"
    assert decision(s)["players"] == seats
    first: list[dict[str, Any]] = []
    for seat in seats:
        options = CASTLE.legal_actions(s, seat)
        assert options, f"seat {seat} is asked but has no option"
        first = first or options
        for a in options:
            assert a["p"] == seat
            assert CASTLE.why_not(s, a) is None, a
            assert CASTLE.parse_action(CASTLE.action_text(a)) == a
        assert len({canonical(a) for a in options}) == len(options), "an option listed twice"
        for a in rnd.sample(options, min(2, len(options))):
            c = CASTLE.copy(s)
            CASTLE.apply(c, a)
            assert piece_total(c) == data.PIECES_IN_BOX
    return CASTLE.legal_actions(s, seats[0])


def check_refusals(s: State, legal: dict[str, Any], rnd: random.Random) -> None:
    """A sample of unlisted actions is refused with a rule id and leaves the state as it was."""
    listed = {canonical(a) for seat in CASTLE.asked(s) for a in CASTLE.legal_actions(s, seat)}
    before = CASTLE.to_json(s)
    good, malformed = mutations(s, legal, rnd)
    sample = rnd.sample(good, min(9, len(good))) + rnd.sample(malformed, 3)
    for bad in sample:
        if canonical(bad) in listed:
            continue  # the mutation happens to be legal (e.g. another seat may also select)
        refusal = CASTLE.why_not(s, bad)
        assert refusal is not None, f"unlisted action accepted: {bad!r}"
        assert RULE_ID.match(refusal.rule), refusal
        with pytest.raises(castle.IllegalAction) as err:
            CASTLE.apply(s, bad)
        assert err.value.rule == refusal.rule
    assert CASTLE.to_json(s) == before, "a refused action changed the state"


def exact_payments(cost: int, pieces: dict[str, int], stock: dict[str, int]) -> set[str]:
    """Every legal payment of a building, by brute force from §5/§6: building pieces of the
    player, plus silver converted into a kind the stock holds, BP adding up exactly to the cost,
    at least 3 different kinds. Written as the `paid`/`converted` of an `erected` event."""
    out: set[str] = set()
    order = data.PAYMENT_ORDER

    def walk(i: int, rem: int, silver: int, paid: dict[str, int], conv: dict[str, int]) -> None:
        if i == len(order):
            if rem == 0 and len(set(paid) | set(conv)) >= data.MIN_PAYMENT_KINDS:
                out.add(json.dumps([paid, conv], sort_keys=True))
            return
        kind = order[i]
        bp = data.BP[kind]
        for own in range(min(pieces[kind], rem // bp) + 1):
            for c in range(min(silver, stock[kind], rem // bp - own) + 1):
                walk(
                    i + 1,
                    rem - (own + c) * bp,
                    silver - c,
                    {**paid, kind: own} if own else paid,
                    {**conv, kind: c} if c else conv,
                )

    walk(0, cost, pieces["silver"], {}, {})
    return out


def engine_payments(s: State, seat: int, building: str) -> set[str]:
    """Every payment the engine lets `seat` reach for `building`, step by step."""
    out: set[str] = set()

    def walk(state: State, action: dict[str, Any]) -> None:
        c = CASTLE.copy(state)
        erected = [e for e in CASTLE.apply(c, action) if e["e"] == "erected"]
        if erected:
            assert erected[0]["p"] == seat and erected[0]["building"] == building
            out.add(json.dumps([erected[0]["paid"], erected[0]["converted"]], sort_keys=True))
            return
        assert stage(c) == "pay", "a payment step led nowhere"
        for a in CASTLE.legal_actions(c, seat):
            walk(c, a)

    walk(s, {"p": seat, "do": "erect", "building": building})
    return out


def check_payments(s: State, rnd: random.Random) -> None:
    """At an erect decision: a tile is offered exactly when some legal payment exists (§5), and
    for one of them the payment steps reach exactly the legal payments — all, and no other."""
    if stage(s) != "erect":
        return
    (seat,) = CASTLE.asked(s)
    p = s.players[seat]
    offered = {a["building"] for a in CASTLE.legal_actions(s, seat) if a["do"] == "erect"}
    payable = {}
    for building in data.TILE_BUILDINGS:
        ways = exact_payments(data.BUILDING[building].cost, p.pieces, s.stock)
        if s.tiles[building] and ways:
            payable[building] = ways
    assert offered == set(payable), (offered, sorted(payable))
    small = [b for b, ways in payable.items() if len(ways) <= 40]
    if small:
        building = rnd.choice(small)
        assert engine_payments(s, seat, building) == payable[building], building


# --- the properties ----------------------------------------------------------------------------


def play_checked(
    players: int, seed: int, start: int | None, choice_seed: int, winter: bool = False
) -> None:
    rnd = random.Random(choice_seed)
    s, events = new_game(players, seed, start, winter)
    rec = castle_record(players, seed, start, **({"winter": True} if winter else {}))
    check_invariants(s)
    check_views(s)
    check_json_round_trip(s)
    while s.phase != "over":
        assert len(rec["actions"]) < MAX_ACTIONS, "the game does not end"
        options = check_options(s, rnd)
        check_payments(s, rnd)
        action = rnd.choice(options)
        check_refusals(s, action, rnd)
        events += CASTLE.apply(s, action)
        rec["actions"].append(CASTLE.action_text(action))
        check_invariants(s)
        check_views(s)
        if len(rec["actions"]) % 16 == 0:
            check_json_round_trip(s)

    # Over: §9 it ended after the last round or when the last tile went; nobody is asked.
    assert s.round == s.rounds or sum(s.tiles.values()) == 0
    assert CASTLE.asked(s) == [] and decision(s) is None
    assert all(CASTLE.legal_actions(s, seat) == [] for seat in range(players))
    assert CASTLE.why_not(s, {"p": 0, "do": "done"}).rule == "game.over"
    # §8 step 1: no helper is left at a cart or on the rider.
    assert all(owner is None for owner in s.traders.values())
    # Scoring explains every point.
    assert s.result is not None
    for seat, p in enumerate(s.players):
        assert sum(p.vp_by_source.values()) == p.vp, seat
        assert s.result["players"][seat]["vp"] == p.vp
    assert sorted(s.result["ranking"]) == list(range(players))
    # The board's preview of each place (from the public view) is what the place scored; in
    # winter each Granary helper scores by how many sit there (§10).
    seen = CASTLE.view(s, None)
    worth = scoring.preview(seen["places"], seen["tiles"], seen["forge"])
    if s.winter is not None:
        worth["granary"] = data.GRANARY_VP.get(len(s.winter["granary"]), 0)
    scored = [e for e in events if e["e"] == "place_scored"]
    assert {e["place"]: e["vp"] for e in scored} == {
        p: worth[p] for p in (e["place"] for e in scored)
    }
    check_json_round_trip(s)

    # The game record replays to the identical state, with the identical events.
    again, replay_events = record.replay(CASTLE, record.loads(CASTLE, record.dumps(rec)))
    assert CASTLE.to_json(again) == CASTLE.to_json(s)
    assert replay_events == events


#: A whole random game: its seed, its start player (None: drawn), the moves' generator.
RANDOM_GAME = given(
    seed=st.integers(0, 2**64 - 1),
    start=st.none() | st.integers(0, 3),
    choice_seed=st.integers(0, 2**32 - 1),
)
#: The winter variant plays the summer game too: fewer examples keep the run short.
WINTER_SETTINGS = settings(SETTINGS, max_examples=6)
#: The two games: summer, and the winter variant (§10).
SEASONS = pytest.mark.parametrize("winter", [False, True], ids=["summer", "winter"])


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@RANDOM_GAME
def test_random_games_keep_every_invariant(
    players: int, seed: int, start: int | None, choice_seed: int
) -> None:
    play_checked(players, seed, None if start is None else start % players, choice_seed)


@pytest.mark.parametrize("players", [2, 3, 4])
@WINTER_SETTINGS
@RANDOM_GAME
def test_random_winter_games_keep_every_invariant(
    players: int, seed: int, start: int | None, choice_seed: int
) -> None:
    """The same properties in the winter variant (§10), with its cards, places and deck."""
    play_checked(players, seed, None if start is None else start % players, choice_seed, True)


@SEASONS
@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_sim_random_game_matches_its_record(players: int, winter: bool, seed: int) -> None:
    """castle.sim's games end within the round limit and replay from their record."""
    s, actions = sim.random_game(players, seed, winter=winter)
    assert s.phase == "over" and s.round <= data.ROUNDS[players]
    rec = castle_record(players, seed, **({"winter": True} if winter else {}))
    rec["actions"] = actions
    again, _ = record.replay(CASTLE, rec)
    assert CASTLE.to_json(again) == CASTLE.to_json(s)


@SEASONS
def test_a_stages_quick_forced_answer_agrees_with_its_options(
    winter: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stage's `forced` (the erect stage's: "done" when no building can be paid; a payment's
    step) answers as its candidates checked one by one would, whether the seat has one option
    or a choice."""
    answers: list[tuple[str, bool]] = []
    quick = runner.forced_answer

    def compared(s: Any, t: Any, stage: Any, seat: int) -> Any:
        answer = quick(s, t, stage, seat)
        if stage.forced is not None:
            assert answer == runner.only_option(s, t, stage, seat)
            answers.append((stage.name, answer is None))
        return answer

    monkeypatch.setattr(runner, "forced_answer", compared)
    for players in (2, 3, 4):
        for game_seed in range(4):
            sim.random_game(players, game_seed, winter=winter)
    for name in ("erect", "pay"):
        assert answers.count((name, True)) > 20 and answers.count((name, False)) > 20


# --- secrets of the selection --------------------------------------------------------------------


def _other_choice(s: State, action: dict[str, Any]) -> dict[str, Any] | None:
    """Another legal selection for the same seat, preferring one that differs in whether it
    holds the Master Builder (the card whose choice is easiest to give away)."""
    seat = action["p"]
    mb = "master_builder" in action["cards"]
    others = [a for a in CASTLE.legal_actions(s, seat) if canonical(a) != canonical(action)]
    flipped = [a for a in others if ("master_builder" in a["cards"]) != mb]
    return (flipped or others or [None])[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_does_not_depend_on_another_seats_secret_choice(players: int) -> None:
    """Whatever a seat secretly chose, the other seats' views are the same until the reveal."""
    compared = 0
    for game_seed in range(3):
        rnd = random.Random(1000 + game_seed)
        s, _ = new_game(players, game_seed)
        while s.phase != "over":
            seat = CASTLE.asked(s)[0]
            action = rnd.choice(CASTLE.legal_actions(s, seat))
            alt = _other_choice(s, action) if action["do"] == "select" else None
            before = CASTLE.copy(s)
            CASTLE.apply(s, action)
            if alt is None:
                continue
            CASTLE.apply(before, alt)
            if s.selection[seat] is None or before.selection[seat] is None:
                continue  # the reveal came: the choice is public now
            for other in [*range(players), None]:
                if other != seat:
                    assert CASTLE.view(s, other) == CASTLE.view(before, other), (seat, other)
                    compared += 1
    assert compared > 10


def test_view_hides_a_secretly_chosen_master_builder() -> None:
    """Regression: a per-player Master Builder flag set at selection once showed in views."""
    s, _ = new_game(3, 0, 0)
    for seat in CASTLE.asked(s):
        CASTLE.apply(s, {"p": seat, "do": "select", "cards": ["messenger"]})
    assert s.round == 2  # p1 starts; Messengers lie face up, so the Master Builder may be chosen
    CASTLE.apply(s, {"p": 1, "do": "select", "cards": ["master_builder"]})
    assert s.phase == "select"  # p2 and p0 have not chosen: nothing is revealed
    seen_by_p0 = CASTLE.view(s, 0)
    assert seen_by_p0["selection"][1] == "hidden"
    # Nothing else in p0's view may tell p1's choice apart from, say, a Trader.
    s2, _ = new_game(3, 0, 0)
    for seat in CASTLE.asked(s2):
        CASTLE.apply(s2, {"p": seat, "do": "select", "cards": ["messenger"]})
    CASTLE.apply(s2, {"p": 1, "do": "select", "cards": ["trader"]})
    assert CASTLE.view(s2, 0) == seen_by_p0
