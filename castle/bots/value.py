"""What a position is worth: each seat's expected final score, for the computer players.

The estimate is the VP a seat has, plus what it holds turned into the VP it can still become,
valued by the stage of the game: pieces and talers are worth much while there are rounds to
build and place helpers in, and at the end only what the Palace and the Market convert;
helpers at the carts are worth their deliveries over the rounds left; helpers in the castle
what their places will score, with the Towers and Houses still to come; and the cards chosen
this round but not yet resolved what they are likely to bring (the Master Builder: 5 VP for
every building the others are likely to erect). It reads only what a seat's view shows, so a
bot's estimate of a sampled state never depends on a hidden choice it could not know (beyond
the sampled choices themselves).

The weights are a strategy's, not the game's: `WEIGHTS` holds them, each with why. They were
set by playing the levels against each other (`python -m castle arena`).
"""

from __future__ import annotations

from typing import Final

from .. import data, payment
from ..scoring import place_vp
from ..state import Player, State

WEIGHTS: Final = {
    # VP per BP of building pieces while buildings can still be erected: buildings give
    # 0.5-0.75 VP per BP with the Stonemason, half with a Worker, and fund helpers' places.
    "bp": 0.5,
    # VP per silver: a wild piece (converted in a payment into any kind, stone included), so a
    # little more than a stone: a payment converts silver only where it must.
    "silver": 2.6,
    # VP per taler while helper fees are still to be paid (fees of 5-17 for places of 5-25 VP).
    "taler": 0.3,
    # Share of its deliveries a cart helper is expected to bring (no Trader some rounds, it may
    # be displaced, and a tribute is paid).
    "delivery": 0.55,
    # VP a helper in supply is worth while there are rounds and free places to put it in.
    "helper": 2.0,
    # Buildings the whole table erects per round on average (for the Towers and Houses to come
    # and the game ending early).
    "builds_per_round": 1.6,
    # VP a Palace helper's conversion is expected to bring before the end (5 pieces, of 1-5 BP).
    "palace": 14.0,
    # The chance that a seat which chose a building card and can pay a building erects one.
    "build_chance": 0.7,
    # VP per face-up card the Master Builder takes back (more choices in the rounds after).
    "card_back": 0.4,
    # Pieces a Bricklayer is expected to spend on its buildings (a taler back for each).
    "bricklayer_pieces": 10,
    # The most BP a building may cost to count as one a seat "can pay" for the Master
    # Builder's forecast (the cheap ones: Towers, Houses, Small Gate, Well).
    "cheap_building": 12,
}
W = WEIGHTS

#: BP a delivery leaves its owner after the tribute (silver counted as 4: a wild piece).
KEPT_BP: Final = {
    place: (amount - data.TRIBUTE) * data.BP.get(kind, 4)
    for place, (kind, amount) in data.TRADER_PLACES.items()
}
BUILDING_CARDS: Final = ("bricklayer", "stonemason", *data.WORKERS)
CHEAP_BUILDINGS: Final = tuple(
    b for b in data.TILE_BUILDINGS if data.BUILDING[b].cost <= W["cheap_building"]
)
#: What Worker C is assumed to take besides its stone, before its owner chooses (a strategy's
#: guess: a sand and a clay, two of data.WORKER_C_KINDS).
WORKER_C_GUESS: Final = {"sand": 1, "clay": 1}


def horizon(s: State) -> float:
    """Rounds still to play after this one, as expected: the round track, or fewer when the
    tiles run out first."""
    if s.phase in ("final", "over"):
        return 0.0
    by_track = s.rounds - s.round
    by_tiles = sum(s.tiles.values()) / W["builds_per_round"]
    return max(0.0, min(float(by_track), by_tiles - 1))


def stage_share(h: float) -> float:
    """How much of their mid-game worth resources keep with `h` rounds left (0 at the end)."""
    return min(1.0, (h + 0.5) / 2.5)


def projected_tiles(s: State, h: float) -> dict[str, float]:
    """The tiles expected to be left at the end: the table builds on, Towers and Houses most."""
    left = dict(s.tiles)
    total = sum(left.values())
    if not total:
        return {k: float(v) for k, v in left.items()}
    built = min(total, W["builds_per_round"] * h)
    return {k: v - built * v / total for k, v in left.items()}


def place_worth(s: State, place: str, tiles: dict[str, float]) -> float:
    """What a helper place is expected to score at the end (Palace and Market: see below)."""
    scoring = data.PLACE[place].scoring
    if scoring == "palace":
        return W["palace"]
    if scoring == "market":
        return 0.0  # its owner's talers carry its worth (taler_worth)
    return float(place_vp(s.places, {k: round(v) for k, v in tiles.items()}, s.forge, place))


def taler_worth(s: State, seat: int, share: float) -> float:
    """VP per taler: fees while rounds are left, the Market's rate at the end."""
    market = sum(
        1 for pl, o in s.places.items() if o == seat and data.PLACE[pl].scoring == "market"
    )
    end = 1.0 / data.MARKET_TALERS_PER_VP[market] if market else 0.01
    return max(end, W["taler"] * share)


def pieces_worth(p: Player, share: float, palace: int) -> float:
    """The worth of a seat's pieces: building material while rounds are left; at the end only
    what its Palace places convert (up to 5 pieces each, the biggest first)."""
    bp = sum(p.pieces[k] * data.BP[k] for k in data.BUILDING_KINDS)
    kinds = sum(1 for k in data.BUILDING_KINDS if p.pieces[k]) + min(p.pieces["silver"], 2)
    mid = W["bp"] * bp * (1.0 if kinds >= data.MIN_PAYMENT_KINDS else 0.7)
    mid += W["silver"] * p.pieces["silver"]
    end = 0.0
    if palace:
        room = data.PALACE_PIECES * palace
        best = sorted(
            [data.BP[k] for k in data.BUILDING_KINDS for _ in range(p.pieces[k])]
            + [data.BP["stone"]] * p.pieces["silver"],  # silver converted to stone at the end
            reverse=True,
        )
        end = float(sum(best[:room]))
    return share * mid + (1 - share) * end


def best_building(s: State, pieces: dict[str, int], share: tuple[int, int]) -> float:
    """The best net gain of erecting one building with `pieces`: its VP share minus what the
    pieces paid were worth (0 if none can be paid)."""
    num, den = share
    best = 0.0
    for b in data.TILE_BUILDINGS:
        if not s.tiles[b]:
            continue
        building = data.BUILDING[b]
        gain = building.vp * num / den - W["bp"] * building.cost
        if gain > best and payment.affordable(building.cost, pieces, s.stock):
            best = gain
    return best


def helper_chance(s: State, seat: int, tiles: dict[str, float], share: float) -> float:
    """The best net worth of placing one helper now: a free place's score minus its fee."""
    p = s.players[seat]
    if not p.helpers and seat not in s.traders.values():
        return 0.0
    per_taler = W["taler"] * share
    best = 0.0
    for place, owner in s.places.items():
        if owner is None and data.PLACE[place].fee <= p.talers:
            best = max(best, place_worth(s, place, tiles) - data.PLACE[place].fee * per_taler)
    return best


def others_builds(s: State, seat: int) -> float:
    """Buildings the other seats are expected to erect in the rest of this round."""
    expected = 0.0
    for i, q in enumerate(s.players):
        if i == seat:
            continue
        expected += q.built_this_round
        cards = pending_cards(s, i)
        if any(c in BUILDING_CARDS for c in cards) and _can_build(s, q):
            expected += W["build_chance"] * sum(1 for c in cards if c in BUILDING_CARDS)
    return expected


def _can_build(s: State, p: Player) -> bool:
    return any(
        s.tiles[b] and payment.affordable(data.BUILDING[b].cost, p.pieces, s.stock)
        for b in CHEAP_BUILDINGS
    )


def pending_cards(s: State, seat: int) -> list[str]:
    """The seat's cards of this round still to act: chosen (not revealed), or revealed and
    still in the queue. The card being played now is not among them."""
    chosen = s.selection[seat] if s.selection else None
    if chosen:
        return list(chosen)
    return [t["card"] for t in s.queue if t.get("seat") == seat and t.get("card")]


def card_worth(s: State, seat: int, card: str, h: float, tiles: dict[str, float]) -> float:
    """What one of this round's cards is likely to bring its owner, on top of the position."""
    p = s.players[seat]
    share = stage_share(h)
    per_taler = taler_worth(s, seat, share)
    if card == "messenger":
        return data.MESSENGER_TALERS * per_taler
    if card == "trader":
        if not p.helpers:
            return 0.0
        free = [c for c in data.CARTS if s.traders[c] is None]
        if not free and s.traders[data.RIDER] is None:
            free = [data.RIDER]
        kept = max((KEPT_BP[c] for c in free), default=2)
        return kept * W["bp"] * W["delivery"] * (h + 1) * 0.8
    if card == "master_builder":
        return data.MASTER_BUILDER_BONUS * others_builds(s, seat) + W["card_back"] * len(p.played)
    pieces = dict(p.pieces)
    if card == "bricklayer":
        tower = max(data.KINDS, key=lambda k: s.tower[k] * (data.BP.get(k) or data.BP["stone"]))
        pieces[tower] += s.tower[tower]
        got = s.tower[tower] * _piece(tower)
        build = best_building(s, pieces, data.ERECT_VP_SHARE[card])
        if build or _can_build(s, _with(p, pieces)):
            build += W["bricklayer_pieces"] * per_taler + helper_chance(s, seat, tiles, share)
        return got * share + build
    if card in data.WORKERS:
        on = p.workers.get(card) or data.WORKER_EQUIPMENT[card] | (
            WORKER_C_GUESS if card == "worker_c" else {}
        )
        got = sum(n * _piece(k) for k, n in on.items())
        for k, n in on.items():
            pieces[k] += n
        return got * share + best_building(s, pieces, data.ERECT_VP_SHARE[card])
    # The Stonemason.
    build = best_building(s, pieces, data.ERECT_VP_SHARE[card])
    if build:
        build += helper_chance(s, seat, tiles, share)
    return build


def _piece(kind: str) -> float:
    """Mid-game VP of one piece of a kind."""
    return W["bp"] * data.BP[kind] if kind in data.BP else W["silver"]


def _with(p: Player, pieces: dict[str, int]) -> Player:
    return Player(pieces=pieces)


def task_worth(s: State, seat: int, h: float, tiles: dict[str, float]) -> float:
    """What the card being played now still owes its owner: the whole card while its first
    decision is still to come (the Trader's place, the Bricklayer's tower), the buildings it
    may still erect, the Bricklayer's talers for the pieces spent, and helper places once a
    building was erected."""
    t = s.task
    if t is None or t.get("seat") != seat or not t.get("card"):
        return 0.0
    card, stage = t["card"], t.get("stage")
    if stage in ("trader", "tower") or (stage in ("buy", "sell") and not t.get("bought_from")):
        return card_worth(s, seat, card, h, tiles)
    share = stage_share(h)
    worth = 0.0
    building = card in data.ERECT_VP_SHARE and stage in ("buy", "sell", "erect", "pay")
    if building and t.get("built", 0) < data.MAX_BUILDINGS_PER_CARD:
        worth += best_building(s, s.players[seat].pieces, data.ERECT_VP_SHARE[card])
    if card == "bricklayer" and "bricklayer_talers" in t["steps"]:
        worth += t.get("spent", 0) * taler_worth(s, seat, share)
    placing = card in ("bricklayer", "stonemason")
    placing = placing and t.get("helpers", 0) < data.MAX_HELPERS_PER_CARD
    if placing and (t.get("built") or (building and worth)):
        worth += helper_chance(s, seat, tiles, share)
    return worth


def estimate(s: State) -> list[float]:
    """Each seat's expected final score."""
    if s.phase == "over":
        return [float(p.vp) for p in s.players]
    h = horizon(s)
    share = 0.0 if s.phase == "final" else stage_share(h)
    tiles = projected_tiles(s, h)
    worth = {place: place_worth(s, place, tiles) for place in s.places}
    out = []
    for seat, p in enumerate(s.players):
        value = float(p.vp)
        palace = 0
        for place, owner in s.places.items():
            if owner == seat:
                value += worth[place]
                palace += data.PLACE[place].scoring == "palace"
        value += pieces_worth(p, share, palace) - (W["palace"] * palace * (1 - share))
        value += p.talers * taler_worth(s, seat, share)
        carts = [place for place, owner in s.traders.items() if owner == seat]
        value += sum(KEPT_BP[c] for c in carts) * W["bp"] * W["delivery"] * h
        free = sum(1 for owner in s.places.values() if owner is None)
        value += min(p.helpers + len(carts), free) * W["helper"] * min(1.0, h / 4)
        value += sum(card_worth(s, seat, c, h, tiles) for c in pending_cards(s, seat))
        value += task_worth(s, seat, h, tiles)
        out.append(value)
    return out
