"""What a seat remembers of the prelude (§16.4), and one draft drawn consistent with it.

A seat saw every packet it was handed and kept one card of each. The packet dealt to seat j is
at seat (j + k) mod n at pass k. Between two passes at which the seat held the same packet, the
n − 1 cards gone from it were kept by the seats it went through, one each, in an order the seat
did not see; the cards kept from it before the seat first held it, it never saw; the cards it
passed on after the last time are kept by the next seats, one each. With 2 players that leaves
one card of the other's nine unseen: the one it kept first, from its own packet.

Apprentice decks are dealt openly: every seat knows each other's nine cards.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from . import data
from .state import Json

#: For each seat, the card it kept at each pass so far (None: a card the seat never saw).
Picks = list[list[int | None]]


def draft(seen: Json, seat: int, rnd: random.Random) -> tuple[Picks, list[list[int] | None]]:
    """A draft history `seat` cannot tell from the true one: each seat's picks, and the packet
    each seat holds now where the seat can tell it (None: a packet it has not held yet).

    A gone card is given, where it can be, to a seat that later took that card out of its hand
    in the open (it most likely kept it); otherwise at random among the seats it went through."""
    players = seen["players"]
    count = len(players)
    if seen["decks"]:
        return [list(data.DECKS[deck]) for deck in seen["decks"]], [None] * count
    handed: list[list[int]] = players[seat]["draft_packets"]
    kept: list[int] = players[seat]["draft_kept"]
    if not handed:
        return [[] for _ in players], [None] * count
    now_pass = len(handed) - 1
    ongoing = any(seen["packets"])

    def picked(holder: int, at: int) -> bool:
        if at < now_pass or not ongoing:
            return True
        return len(seen["packets"][holder]) < data.STARTING_CARDS - now_pass

    picks: Picks = [[None] * (now_pass + picked(other, now_pass)) for other in range(count)]
    picks[seat] = list(kept)
    shown = [Counter(p["shown_from_hand"]) for p in players]
    now: list[list[int] | None] = [None] * count
    for packet in range(count):
        held = [at for at in range(now_pass + 1) if (packet + at) % count == seat]
        for start, end in pairwise(held):
            gone = Counter(handed[start])
            gone[kept[start]] -= 1
            gone -= Counter(handed[end])
            takers = [((packet + at) % count, at) for at in range(start + 1, end)]
            _share(gone, takers, picks, shown, rnd)
        if not held:
            continue
        last = held[-1]
        if len(kept) <= last:  # the seat's own packet now, nothing kept from it yet
            now[seat] = list(handed[last])
            continue
        left = Counter(handed[last])
        left[kept[last]] -= 1
        takers = [
            ((packet + at) % count, at)
            for at in range(last + 1, now_pass + 1)
            if picked((packet + at) % count, at)
        ]
        _share(left, takers, picks, shown, rnd)
        if ongoing:
            now[(packet + now_pass) % count] = sorted(left.elements())
    return picks, now


def _share(
    cards: Counter[int],
    takers: list[tuple[int, int]],
    picks: Picks,
    shown: list[Counter[int]],
    rnd: random.Random,
) -> None:
    """One of `cards` to each taker (seat, pass); what is left stays in `cards`."""
    pool = sorted(cards.elements())
    rnd.shuffle(pool)
    for holder, at in takers:
        explained = next((card for card in pool if shown[holder][card] > 0), None)
        card = pool.pop() if explained is None else explained
        if explained is not None:
            pool.remove(card)
            shown[holder][card] -= 1
        picks[holder][at] = card
    cards.clear()
    cards.update(pool)
