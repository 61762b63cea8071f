"""What one seat may know (§10, §16.4–16.5), and a whole state drawn from it.

Hidden from a seat: the other hands and libraries (their sizes shown), the cards the others are
drafting, splitting or looking at, the draw pile, the discard pile (its size shown; the cards
the public log and the seat's own record put there since the last reshuffle are known to be in
it) and the generator. Kept: everything the seat saw itself.
"""

from __future__ import annotations

import random
from collections import Counter

from tabletop import rng

from .prelude import level_cards
from .state import Json, State, from_json, to_json

HIDDEN = "hidden"

#: The fields of another player that are hidden cards.
_SECRET_CARDS = ("hand", "unsplit", "looking")


def _hidden(cards: list[int]) -> list[str]:
    return [HIDDEN] * len(cards)


def view(s: State, seat: int | None) -> Json:
    out = to_json(s)
    for other, p in enumerate(out["players"]):
        if other == seat:
            continue
        seen_there = [*p["known"], *(p["told"][seat] if seat is not None else [])]
        for name in _SECRET_CARDS:
            p[name] = _hidden(p[name])
        p["hand"] = [*sorted(seen_there), *p["hand"][len(seen_there) :]]
        # What another seat was told of this hand, not even how much (it shrinks unseen).
        p["told"] = [c if observer == seat else HIDDEN for observer, c in enumerate(p["told"])]
        p["libraries"] = [_hidden(lib) for lib in p["libraries"]]
        p["discarded_seen"] = len(p["discarded_seen"])
        if p["pile_top"] is not None:
            p["pile_top"] = HIDDEN  # it knows the top card: all saw it look; which, only it
    out["packets"] = [
        packet if other == seat else _hidden(packet) for other, packet in enumerate(out["packets"])
    ]
    out["pile"] = _hidden(out["pile"])
    out["discard"] = _hidden(out["discard"])
    del out["rng"]
    return out


def known_discards(seen: Json, seat: int) -> list[int]:
    """The cards known to be in the discard pile: the log's and the seat's own record's since
    the last reshuffle."""
    marks = seen["reshuffled_at"]
    own = seen["players"][seat]["discarded_seen"]
    return [*seen["discard_log"][marks[0] :], *own[marks[1 + seat] :]]


def determinize(seen: Json, seat: int, rnd: random.Random) -> State:
    """Every hidden card drawn, with the caller's `rnd`, among the level's cards the seat has
    not seen anywhere; the known discards kept in the discard pile; a fresh generator."""
    whole = dict(seen)
    whole["players"] = [dict(p) for p in seen["players"]]
    shown: Counter[int] = Counter()
    for p in seen["players"]:
        for name in _SECRET_CARDS:
            shown.update(card for card in p[name] if card != HIDDEN)
        for lib in p["libraries"]:
            shown.update(card for card in lib if card != HIDDEN)
        shown.update(c["card"] for c in p["play"])
    for packet in seen["packets"]:
        shown.update(card for card in packet if card != HIDDEN)
    in_discard = known_discards(seen, seat)
    shown.update(in_discard)
    top = seen["players"][seat]["pile_top"]
    if top is not None:
        shown[top] += 1
    unseen = list((Counter(level_cards(seen["level"])) - shown).elements())
    rnd.shuffle(unseen)

    def fill(cards: list[int | str]) -> list[int]:
        return [unseen.pop() if card == HIDDEN else card for card in cards]  # type: ignore[misc]

    for other, p in enumerate(whole["players"]):
        if other == seat:
            continue
        for name in _SECRET_CARDS:
            p[name] = fill(p[name])
        p["told"] = [c if observer == seat else [] for observer, c in enumerate(p["told"])]
        p["libraries"] = [fill(lib) for lib in p["libraries"]]
        p["discarded_seen"] = [0] * p["discarded_seen"]  # their contents: unknown, not needed
    whole["packets"] = [fill(packet) for packet in seen["packets"]]
    whole["discard"] = [*in_discard, *fill([HIDDEN] * (len(seen["discard"]) - len(in_discard)))]
    whole["pile"] = fill(seen["pile"][1:] if top is not None else seen["pile"])
    if top is not None:
        whole["pile"].insert(0, top)
    for p in whole["players"]:
        if p["pile_top"] == HIDDEN:
            p["pile_top"] = whole["pile"][0]  # what it looked at is on top (or it would know)
    assert not unseen, "a view that leaves some of the game's cards nowhere"
    whole["rng"] = rnd.getrandbits(64) & rng.MASK64
    return from_json(whole)
