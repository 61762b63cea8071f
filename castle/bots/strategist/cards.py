"""The strategist's card choice: each selection the seat may make is walked through in the
order the cards act (§3.6), with the pieces and talers each card brings passed on to the next,
and scored by the rules of thumb of `advice.py`:

* the Stonemason scores the best building the hand can pay, at its full VP, and the helper it
  then places (Spielekritik 2009: the conservative way is to gather materials and build with
  the Stonemason; Schloesser: beat the others to the lucrative places);
* the Bricklayer scores its tower pile, and if it can then build, its talers and a helper
  (Schloesser: a steady cash flow);
* a Worker scores its pieces and the building they complete, at half VP;
* the Trader scores its best cart's deliveries over the rounds left (Schloesser: a constant
  need for resources);
* the Messenger scores its talers, double when cash is short (Schloesser);
* the Master Builder scores 5 VP for each rival likely to erect this round (Spielekritik: watch
  who may play it), the cards it brings back, and more when the hand is nearly spent
  (Brettspielgefährten: three wrong cards in a row are hard to make up).

In a 2-player round the two cards are walked together, so a Trader's delivery and a
Messenger's talers arrive before the building cards act, as in play, and two building cards
share one hand. The others' hidden choices are never read: a rival's chances come from its
hand, its pieces and its face-up cards, which everyone sees.
"""

from __future__ import annotations

from tabletop.game import Action

from ... import data, payment
from ...state import State
from . import outlook
from .advice import WORKER_C_GUESS, value

#: The cards that erect buildings.
BUILDING_CARDS = ("bricklayer", "stonemason", *data.WORKERS)


def choose(s: State, seat: int, legal: list[Action]) -> Action:
    """The selection with the best score (ties: the engine's order)."""
    return max(legal, key=lambda a: selection_score(s, seat, a["cards"]))


class _Hand:
    """What the seat holds while its chosen cards act one after another."""

    def __init__(self, s: State, seat: int) -> None:
        p = s.players[seat]
        self.pieces = dict(p.pieces)
        self.talers = p.talers
        self.helpers = p.helpers + sum(1 for owner in s.traders.values() if owner == seat)


def selection_score(s: State, seat: int, cards: list[str]) -> float:
    """The rules' score of playing `cards` this round."""
    hand = _Hand(s, seat)
    total = 0.0
    for card in sorted(cards, key=data.CARDS.index):
        total += card_score(s, seat, card, hand)
    return total


def card_score(s: State, seat: int, card: str, hand: _Hand) -> float:
    """One card's score, updating `hand` with what it brings and spends."""
    per_taler = outlook.taler_vp(s, seat)
    per_bp = outlook.bp_vp(s)
    if card == "messenger":
        poor = hand.talers < value("poor_talers")
        hand.talers += data.MESSENGER_TALERS
        return data.MESSENGER_TALERS * per_taler * (2 if poor else 1)
    if card == "trader":
        return _trader(s, seat, hand, per_bp)
    if card == "master_builder":
        return _master_builder(s, seat)
    gained = 0.0
    if card == "bricklayer":
        kind = max(data.KINDS, key=lambda k: s.tower[k] * piece_bp(k))
        gained = s.tower[kind] * piece_bp(kind) * per_bp
        hand.pieces[kind] += s.tower[kind]
    elif card in data.WORKERS:
        on = dict(data.WORKER_EQUIPMENT[card])
        if card == "worker_c":
            on = outlook.with_pieces(on, WORKER_C_GUESS)
        bp = sum(n * piece_bp(k) for k, n in on.items())
        hand.pieces = outlook.with_pieces(hand.pieces, on)
        gained = bp * per_bp
    return gained + _build(s, seat, card, hand)


def piece_bp(kind: str) -> int:
    """BP of a piece for the rules; silver as a stone (it converts to any kind)."""
    return data.BP.get(kind, data.BP["stone"])


def _trader(s: State, seat: int, hand: _Hand, per_bp: float) -> float:
    """The best cart the seat can take: its kept delivery over the rounds it is likely to
    deliver; the delivery arrives this round, before the building cards act."""
    if hand.helpers <= sum(1 for owner in s.traders.values() if owner == seat):
        return 0.0  # no helper in supply
    carts_full = all(s.traders[c] is not None for c in data.CARTS)
    options = [
        place
        for place, owner in s.traders.items()
        if (owner is None and (place != data.RIDER or carts_full))
        or (carts_full and owner not in (None, seat) and place not in s.fresh)
    ]
    if not options:
        return 0.0
    place = max(options, key=lambda c: kept_bp(c))
    kind, amount = data.TRADER_PLACES[place]
    hand.pieces[kind] += max(0, min(amount, s.stock[kind]) - data.TRIBUTE)
    rounds = min(outlook.rounds_left(s) + 1, value("delivery_rounds"))
    return kept_bp(place) * per_bp * value("delivery_share") * rounds


def kept_bp(place: str) -> int:
    """BP a delivery leaves its owner after the tribute (silver as a stone)."""
    kind, amount = data.TRADER_PLACES[place]
    return (amount - data.TRIBUTE) * piece_bp(kind)


def _build(s: State, seat: int, card: str, hand: _Hand) -> float:
    """The buildings `card` can erect from `hand`, up to two, each the best by `erect_score`
    (its VP share less the pieces it takes, the Bricklayer's talers, what it gives the
    helpers already placed, the helper placed after it), paid from `hand`; 0 if none is worth
    erecting."""
    total = 0.0
    for _ in range(data.MAX_BUILDINGS_PER_CARD):
        best, best_score, best_pay = None, value("build_margin"), None
        for building in outlook.payable(s, hand.pieces):
            pays = payment.suggested(data.BUILDING[building].cost, hand.pieces, s.stock, 1, card)
            if not pays:
                continue
            score = erect_score(s, seat, card, building, hand.talers, hand.helpers)
            if score > best_score:
                best, best_score, best_pay = building, score, pays[0]
        if best is None or best_pay is None:
            break
        hand.pieces = payment.left_after(hand.pieces, best_pay)
        if card == "bricklayer":
            hand.talers += payment.spent(best_pay)
        hand.helpers = 0  # one helper counted per card (erect_score)
        total += best_score
    return total


def erect_score(s: State, seat: int, card: str, building: str, talers: int, helpers: int) -> float:
    """What the rules make of erecting `building` with `card`: its VP share less the pieces
    it takes, what it adds to the seat's own helpers less what it adds to the others' (the
    rulebook's warning), the Bricklayer's talers, and, for the cards that place helpers, the
    best place then open."""
    num, den = data.ERECT_VP_SHARE[card]
    b = data.BUILDING[building]
    mine, theirs = outlook.erection_effect(s, seat, building)
    score = b.vp * num / den + mine - value("rival_gain") * theirs - b.cost * outlook.bp_vp(s)
    if card == "bricklayer":
        earned = round(b.cost * value("pieces_per_bp"))
        score += earned * outlook.taler_vp(s, seat)
        talers += earned
    if card in ("bricklayer", "stonemason") and helpers:
        score += max(
            outlook.best_free_place(s, seat, talers),
            outlook.best_free_place(s, seat, talers, building),
        )
    return score


def _master_builder(s: State, seat: int) -> float:
    """5 VP for each rival likely to erect this round, the cards it takes back, and the need
    of a hand nearly spent."""
    expected = 0.0
    per_round = data.CARDS_PER_ROUND[s.n]
    for other, q in enumerate(s.players):
        if other == seat:
            continue
        builders = [c for c in q.hand if c in BUILDING_CARDS]
        if builders and _can_build_cheaply(s, q.pieces, builders):
            picks = min(len(builders), per_round * len(builders) / len(q.hand))
            expected += value("rival_build_chance") * picks
    p = s.players[seat]
    score = data.MASTER_BUILDER_BONUS * expected + value("cards_back_vp") * len(p.played)
    if len(p.hand) - 1 <= value("short_hand"):
        score += value("short_hand_bonus")
    return score


def _can_build_cheaply(s: State, pieces: dict[str, int], builders: list[str]) -> bool:
    """Whether a rival's pieces (with a Worker's, if that is its only building card) pay one
    of the cheap buildings."""
    hands = [pieces]
    if all(c in data.WORKERS for c in builders):
        hands = [outlook.with_pieces(pieces, data.WORKER_EQUIPMENT[c]) for c in builders]
    cheap = value("cheap_building")
    return any(
        s.tiles[b]
        and data.BUILDING[b].cost <= cheap
        and payment.affordable(data.BUILDING[b].cost, hand, s.stock)
        for hand in hands
        for b in data.TILE_BUILDINGS
    )
