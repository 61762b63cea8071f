"""What a position is worth: each seat's expected final score, for the computer players.

The estimate is the VP a seat has, plus what it holds turned into the VP it can still become,
valued by the stage of the game: pieces and talers are worth much while there are rounds to
build and place helpers in, and at the end only what the Palace and the Market convert;
helpers at the carts are worth their deliveries over the rounds left; helpers in the castle
what their places will score, with the Towers and Houses still to come; and the cards chosen
this round but not yet resolved what they are likely to bring (the Master Builder: 5 VP for
every building the others are likely to erect). In winter (§10) it also counts the Granary's
VP, the tolls the Innkeeper collects, the Damsel's 8 VP by a seat's chance of outlasting the
others (and what lies on her card, shared back by those who drop out), and what a character
card discarded from the game would still have brought; a summer game gets none of these terms,
so the summer estimate is unchanged by them. It reads only what a seat's view shows, so a
bot's estimate of a sampled state never depends on a hidden choice it could not know (beyond
the sampled choices themselves).

The weights are a strategy's, not the game's: `WEIGHTS` holds them, each with why. They were
set by playing the levels against each other (`python -m castle arena`).
"""

from __future__ import annotations

from typing import Final

from .. import data, payment, winter
from ..scoring import place_vp
from ..state import Player, State

WEIGHTS: Final = {
    # VP per BP of building pieces while buildings can still be erected: buildings give
    # 0.5-0.75 VP per BP with the Stonemason, half with a Worker, and fund helpers' places;
    # not every piece finds a building before the end. 0.5 until 2026-12-07: at 300
    # iterations hard at 0.4 scored 5 VP a game more than hard at 0.5 and left a third fewer
    # pieces unused; at 1000 the two are within the error (docs/bots.md, "Trials of the
    # estimate's weights").
    "bp": 0.4,
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
    # --- Winter (§10) ---
    # The chance that a seat plays its Trader in a round, per card it chooses (the medium
    # level's games: 0.14-0.15 with one card a round, 0.30 with two): the tolls to come.
    "trader_rate": 0.15,
    # The share of those tolls the Innkeeper's owner collects before a rival pushes it out.
    "innkeeper_hold": 0.6,
    # The share of its plays' worth a card discarded from the game takes with it: the others
    # are played in its rounds instead, so only part of it is lost.
    "card_lost": 0.5,
    # Rounds left (this one counted) from which the Damsel is sure to be decided before the
    # end; with fewer, the giving may outlast the game and the card then gives nothing.
    "damsel_rounds": 3,
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
#: What a character card brings in a round it is played, roughly (winter: what a card
#: discarded from the game would still have brought): the Messenger's 8 talers, a Worker's
#: pieces (its printed ones, at W["bp"] a BP, silver at W["silver"]) and a share of a
#: building, a building card's building and helper.
CARD_PLAY_VP: Final = {
    "messenger": 2.4,
    "trader": 3.0,
    "bricklayer": 4.0,
    "stonemason": 4.0,
    "worker_a": 3.5,
    "worker_b": 4.5,
    "worker_c": 5.0,
    "master_builder": 4.0,
}


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


def projected_tiles(s: State, h: float) -> dict[str, int]:
    """The tiles expected to be left at the end, to the nearest tile: the table builds on,
    Towers and Houses most."""
    left = dict(s.tiles)
    total = sum(left.values())
    if not total:
        return left
    built = min(total, W["builds_per_round"] * h)
    return {k: round(v - built * v / total) for k, v in left.items()}


#: What each helper place is expected to score at the end, worked out once a position.
Worth = dict[str, float]


def place_worths(s: State, h: float) -> Worth:
    """Every place's `place_worth` with the tiles projected `h` rounds on."""
    tiles = projected_tiles(s, h)
    return {place: place_worth(s, place, tiles) for place in s.places}


def place_worth(s: State, place: str, tiles: dict[str, int]) -> float:
    """What a helper place is expected to score at the end (Palace and Market: see below)."""
    scoring = data.PLACE[place].scoring
    if scoring == "palace":
        return W["palace"]
    if scoring == "market":
        return 0.0  # its owner's talers carry its worth (taler_worth)
    return float(place_vp(s.places, tiles, s.forge, place))


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
    return hand_worth(p.pieces, share, palace)


def hand_worth(pieces: dict[str, int], share: float, palace: int) -> float:
    """`pieces_worth` of a hand of `pieces` (the plans weigh the hand a payment leaves by it)."""
    bp = sum(pieces[k] * data.BP[k] for k in data.BUILDING_KINDS)
    kinds = sum(1 for k in data.BUILDING_KINDS if pieces[k]) + min(pieces["silver"], 2)
    mid = W["bp"] * bp * (1.0 if kinds >= data.MIN_PAYMENT_KINDS else 0.7)
    mid += W["silver"] * pieces["silver"]
    end = 0.0
    if palace:
        room = data.PALACE_PIECES * palace
        best = sorted(
            [data.BP[k] for k in data.BUILDING_KINDS for _ in range(pieces[k])]
            + [data.BP["stone"]] * pieces["silver"],  # silver converted to stone at the end
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


def helper_chance(s: State, seat: int, worth: Worth, share: float) -> float:
    """The best net worth of placing one helper now: a free place's score minus its fee."""
    p = s.players[seat]
    if not p.helpers and seat not in s.traders.values():
        return 0.0
    per_taler = W["taler"] * share
    best = 0.0
    for place, owner in s.places.items():
        if owner is None and data.PLACE[place].fee <= p.talers:
            best = max(best, worth[place] - data.PLACE[place].fee * per_taler)
    if s.winter is not None:
        h = horizon(s)
        for place in winter.open_places(s):
            if winter.place_check(s, seat, place) is None:  # its own rule: fee, limits
                fee = data.WINTER_PLACES[place].fee
                best = max(best, winter_place_gain(s, seat, place, h, share) - fee * per_taler)
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


def card_worth(s: State, seat: int, card: str, h: float, worth: Worth) -> float:
    """What one of this round's cards is likely to bring its owner, on top of the position."""
    p = s.players[seat]
    share = stage_share(h)
    per_taler = taler_worth(s, seat, share)
    if card == "messenger":
        return data.MESSENGER_TALERS * per_taler
    if card == "trader":
        # Winter: the Village Tavern's toll, paid whether a helper is placed or not; without a
        # taler a helper goes home instead, and the card brings nothing.
        toll = toll_cost(s, seat, per_taler)
        if not p.helpers:
            return -toll
        if toll and p.talers < data.TAVERN_TOLL and "messenger" not in pending_cards(s, seat):
            return 0.0
        free = [c for c in data.CARTS if s.traders[c] is None]
        if not free and s.traders[data.RIDER] is None:
            free = [data.RIDER]
        kept = max((KEPT_BP[c] for c in free), default=2)
        return kept * W["bp"] * W["delivery"] * (h + 1) * 0.8 - toll
    if card == "master_builder":
        return data.MASTER_BUILDER_BONUS * others_builds(s, seat) + W["card_back"] * len(p.played)
    pieces = dict(p.pieces)
    if card == "bricklayer":
        tower = max(data.KINDS, key=lambda k: s.tower[k] * (data.BP.get(k) or data.BP["stone"]))
        pieces[tower] += s.tower[tower]
        got = s.tower[tower] * _piece(tower)
        build = best_building(s, pieces, data.ERECT_VP_SHARE[card])
        if build or _can_build(s, _with(p, pieces)):
            build += W["bricklayer_pieces"] * per_taler + helper_chance(s, seat, worth, share)
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
        build += helper_chance(s, seat, worth, share)
    return build


def _piece(kind: str) -> float:
    """Mid-game VP of one piece of a kind."""
    return W["bp"] * data.BP[kind] if kind in data.BP else W["silver"]


def _with(p: Player, pieces: dict[str, int]) -> Player:
    return Player(pieces=pieces)


def task_worth(s: State, seat: int, h: float, places: Worth) -> float:
    """What the card being played now still owes its owner: the whole card while its first
    decision is still to come (the Trader's place, the Bricklayer's tower), the buildings it
    may still erect, the Bricklayer's talers for the pieces spent, and helper places once a
    building was erected."""
    t = s.task
    if t is None or t.get("seat") != seat or not t.get("card"):
        return 0.0
    card, stage = t["card"], t.get("stage")
    if stage in ("trader", "tower") or (stage in ("buy", "sell") and not t.get("bought_from")):
        return card_worth(s, seat, card, h, places)
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
        worth += helper_chance(s, seat, places, share)
    return worth


def estimate(s: State) -> list[float]:
    """Each seat's expected final score."""
    if s.phase == "over":
        return [float(p.vp) for p in s.players]
    h = horizon(s)
    share = 0.0 if s.phase == "final" else stage_share(h)
    worth = place_worths(s, h)
    free = sum(1 for owner in s.places.values() if owner is None)
    if winter.in_play(s, "granary"):
        free += data.WINTER_PLACES["granary"].places - len(winter.cards(s)["granary"])
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
        value += min(p.helpers + len(carts), free) * W["helper"] * min(1.0, h / 4)
        value += sum(card_worth(s, seat, c, h, worth) for c in pending_cards(s, seat))
        value += task_worth(s, seat, h, worth)
        out.append(value)
    if s.winter is not None:
        out = [v + w for v, w in zip(out, winter_worth(s, h, share), strict=True)]
    return out


# --- §10 The winter variant ----------------------------------------------------------------------


def card_loss(s: State, seat: int, card: str, h: float) -> float:
    """What a character card discarded from the game (Plague, Snowdrift) costs its owner: a
    share of what its plays in the rounds left would have brought (a Worker: its pieces)."""
    plays = h * data.CARDS_PER_ROUND[s.n] / len(data.CARDS)
    return W["card_lost"] * plays * CARD_PLAY_VP[card]


def item_worth(s: State, seat: int, item: str, share: float) -> float:
    """What one item the Damsel's card takes or gives back is worth to `seat` (a piece, or a
    taler)."""
    if item == data.TALER:
        return taler_worth(s, seat, share)
    return share * _piece(item)


def toll_cost(s: State, seat: int, per_taler: float) -> float:
    """What the Village Tavern's toll costs a Trader action of `seat` (0 in summer, and for
    the Innkeeper's owner)."""
    if not winter.in_play(s, "village_tavern") or winter.cards(s)["innkeeper"] == seat:
        return 0.0
    return data.TAVERN_TOLL * per_taler


def tolls_to_come(s: State, h: float) -> float:
    """The talers the Innkeeper's owner may expect from the others' Traders in the rounds
    after this one."""
    traders = (s.n - 1) * W["trader_rate"] * data.CARDS_PER_ROUND[s.n] * h
    return traders * data.TAVERN_TOLL * W["innkeeper_hold"]


def winter_place_gain(s: State, seat: int, place: str, h: float, share: float) -> float:
    """What one more helper of `seat` at a winter place brings, its fee aside: the Granary its
    VP (every helper there scores less as it fills), the Innkeeper the talers lying on the card
    and the tolls to come."""
    w = winter.cards(s)
    if place == "granary":
        count, mine = len(w["granary"]), w["granary"].count(seat)
        return (mine + 1) * data.GRANARY_VP[count + 1] - mine * data.GRANARY_VP.get(count, 0)
    return (w["tavern"] + tolls_to_come(s, h)) * taler_worth(s, seat, share)


def _pending_trader(s: State, seat: int) -> bool:
    """Whether `seat`'s Trader is still to act this round (its toll still to be paid)."""
    t = s.task
    if t is not None and t.get("seat") == seat and t.get("card") == "trader":
        return t.get("stage") == "trader"
    return "trader" in pending_cards(s, seat)


def damsel_worth(s: State, h: float, share: float) -> list[float]:
    """Each seat's expectation from the Damsel of the Castle: a seat still giving has a chance
    of her 8 VP (the more it has left to give, the likelier it outlasts the others), and what
    lies on the card goes back to those who dropped out, shared; if the giving outlasts the
    game, nobody gets anything."""
    w = winter.cards(s)
    out = [0.0] * s.n
    if "damsel" not in w["in_play"]:
        return out
    givers, takers = w["damsel_in"], s.n - 1
    items = [(item, n) for item, n in w["damsel"].items() if n]
    if len(givers) == 1:  # won: the others are sharing out the card
        for seat in range(s.n):
            if seat != givers[0]:
                out[seat] = sum(n * item_worth(s, seat, i, share) for i, n in items) / takers
        return out
    # Decided only in a round's giving still to come: none after the last round's (nor at the
    # end, where what a seat keeps would otherwise look like a chance of her VP).
    over = s.phase == "final" or (s.phase == "round" and h == 0)
    decided = 0.0 if over else min(1.0, (h + 1) / W["damsel_rounds"])
    left = {i: s.players[i].talers + sum(s.players[i].pieces.values()) for i in givers}
    total = sum(n * n for n in left.values())
    for seat in range(s.n):
        if seat not in left:
            chance = 0.0
        elif total:
            chance = left[seat] ** 2 / total
        else:
            chance = 1 / len(givers)
        pool = sum(n * item_worth(s, seat, i, share) for i, n in items)
        out[seat] = decided * (chance * data.DAMSEL_VP + (1 - chance) * pool / takers)
    return out


def winter_worth(s: State, h: float, share: float) -> list[float]:
    """Each seat's winter terms of the estimate: its Granary helpers' VP, the Innkeeper's
    tolls, the Damsel, and the cards it lost from the game."""
    w = winter.cards(s)
    out = damsel_worth(s, h, share)
    granary = winter.granary_vp(s)
    for seat in w["granary"]:
        out[seat] += granary
    owner = w["innkeeper"]
    if owner is not None and winter.in_play(s, "village_tavern"):
        per_taler = taler_worth(s, owner, share)
        tolls = tolls_to_come(s, h)
        for seat in range(s.n):
            if seat != owner and s.players[seat].talers and _pending_trader(s, seat):
                tolls += data.TAVERN_TOLL
        out[owner] += tolls * per_taler
    for seat, lost in enumerate(w["discarded"]):
        out[seat] -= sum(card_loss(s, seat, card, h) for card in lost)
    return out
