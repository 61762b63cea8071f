"""What one seat may know (§10, §16.4–16.5), and a whole state drawn from it.

Hidden from a seat: the other hands and libraries (their sizes shown), the cards the others are
drafting, splitting or looking at, the draw pile, the discard pile (its size shown; the cards
the public log and the seat's own record put there since the last reshuffle are known to be in
it) and the generator. Kept: everything the seat saw itself, the draft as it saw it included.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tabletop import rng

from . import recall
from .prelude import level_cards
from .state import Json, State, adopt, clone, to_json

HIDDEN = "hidden"

#: The fields of another player that are hidden cards.
_SECRET_CARDS = ("hand", "unsplit", "looking")
#: What another player alone remembers of the draft.
_SECRET_MEMORY = ("draft_packets", "draft_kept")


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
        for name in _SECRET_MEMORY:
            p[name] = []
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
    not seen anywhere, but for what it knows of the draft (§16.4): the cards it saw the others
    keep are still theirs, but those they took out of their hands in the open, and a packet
    it held is as it left it. Known discards stay in the discard pile; a fresh generator."""
    whole = dict(seen)
    whole["players"] = [dict(p) for p in seen["players"]]
    picks, packets_now = recall.draft(seen, seat, rnd)
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
    available = Counter(level_cards(seen["level"])) - shown
    packets: list[list[int | None]] = []
    for other, packet in enumerate(seen["packets"]):
        known = packets_now[other]
        if other == seat or known is None or len(known) != len(packet):
            packets.append(list(packet))
        else:
            packets.append(_reserve(known, available))
    starting = [
        _starting_cards(seen["players"][other], picks[other], available) if other != seat else []
        for other in range(len(seen["players"]))
    ]
    unseen = list(available.elements())
    rnd.shuffle(unseen)

    def fill(cards: Sequence[int | str | None], first: list[int | None] | None = None) -> list[int]:
        """The hidden places filled: from `first` (None in it: any unseen card), then unseen."""
        out = []
        for card in cards:
            if card == HIDDEN:
                card = first.pop() if first else None
            out.append(unseen.pop() if card is None else card)
        return out  # type: ignore[return-value]

    drafting = any(seen["packets"])
    for other, p in enumerate(whole["players"]):
        if other == seat:
            continue
        mine = starting[other]
        if drafting:
            # Drafting: its unsplit cards are exactly its picks, in the order they were kept.
            p["draft_kept"] = fill([HIDDEN] * len(p["unsplit"]), mine[::-1])
            p["unsplit"] = sorted(p["draft_kept"])
        else:
            rnd.shuffle(mine)
            p["unsplit"] = fill(p["unsplit"], mine)
        p["libraries"] = [fill(lib, mine) for lib in p["libraries"]]  # only starting cards
        p["hand"] = fill(p["hand"], mine)
        p["looking"] = fill(p["looking"])
        p["told"] = [c if observer == seat else [] for observer, c in enumerate(p["told"])]
        p["discarded_seen"] = [0] * p["discarded_seen"]  # their contents: unknown, not needed
    whole["packets"] = [fill(packet) for packet in packets]
    whole["discard"] = [*in_discard, *fill([HIDDEN] * (len(seen["discard"]) - len(in_discard)))]
    whole["pile"] = fill(seen["pile"][1:] if top is not None else seen["pile"])
    if top is not None:
        whole["pile"].insert(0, top)
    for p in whole["players"]:
        if p["pile_top"] == HIDDEN:
            p["pile_top"] = whole["pile"][0]  # what it looked at is on top (or it would know)
    assert not unseen, "a view that leaves some of the game's cards nowhere"
    whole["rng"] = rnd.getrandbits(64) & rng.MASK64
    return clone(adopt(whole))  # a clone's copies, not a deep copy's: the view's lists are shared


def _reserve(cards: list[int], available: Counter[int]) -> list[int | None]:
    """Cards known to be in a hidden place, taken from those not seen elsewhere (None: one that
    cannot be there after all, drawn among the unseen)."""
    out: list[int | None] = []
    for card in cards:
        if available[card] > 0:
            available[card] -= 1
            out.append(card)
        else:
            out.append(None)
    return out


def _starting_cards(p: Json, picks: list[int | None], available: Counter[int]) -> list[int | None]:
    """The starting cards another player may still hide, as far as the seat knows, in the
    order it kept them: its picks but those it took out of its hand in the open (a card shown
    that is none of the picks the seat saw is taken for one it did not see, while there are
    such picks), at most as many as it has hidden places; None for a card the seat never saw."""
    shown: Counter[int] = Counter(p["shown_from_hand"])
    gone_unseen = sum((shown - Counter(card for card in picks if card is not None)).values())
    mine: list[int | None] = []
    for card in picks:
        if card is None:
            if gone_unseen:
                gone_unseen -= 1
            else:
                mine.append(None)
        elif shown[card] > 0:
            shown[card] -= 1
        else:
            mine.append(_reserve([card], available)[0])
    places = sum(card == HIDDEN for card in p["hand"]) + len(p["unsplit"])
    places += sum(len(lib) for lib in p["libraries"])
    for card in mine[places:]:
        if card is not None:
            available[card] += 1
    return mine[:places]
