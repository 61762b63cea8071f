"""The draw pile and the discard pile (§10): drawing, reshuffles, the public log and each
player's private record."""

from __future__ import annotations

from tabletop import chance
from tabletop.stage import Events, event

from .state import State


def drawable(s: State) -> int:
    """How many cards can still be drawn, a reshuffle counted."""
    return len(s.pile) + len(s.discard)


def draw(s: State, seat: int, ev: Events) -> int | None:
    """The top card of the draw pile, the discard pile shuffled into a new one first if it is
    empty (§10; a chance step); None when both are empty. The card is the drawer's to see."""
    if not refill(s, ev):
        return None
    card = take_top(s)
    ev.append(event("drew", p=seat, shown=[seat]))
    return card


def take_top(s: State) -> int:
    """The draw pile's top card leaves it: what anyone knew of the top is gone."""
    for p in s.players:
        p.pile_top = None
    return s.pile.pop(0)


def refill(s: State, ev: Events) -> bool:
    """A new draw pile from the discard pile if the draw pile is empty (§10); False when there
    is no card at all."""
    if s.pile:
        return True
    if not s.discard:
        return False
    s.pile = chance.shuffle(s, ev, "draw_pile", s.discard)
    s.discard = []
    s.reshuffled_at = [len(s.discard_log), *(len(p.discarded_seen) for p in s.players)]
    ev.append(event("reshuffled", cards=len(s.pile)))
    return True


def discard_shown(s: State, card: int, seat: int, ev: Events) -> None:
    """A card that was public goes on the discard pile and into the public log (§10)."""
    s.discard.append(card)
    s.discard_log.append(card)
    ev.append(event("discarded", p=seat, card=card))


def discard_seen(s: State, card: int, seat: int, ev: Events) -> None:
    """A card only `seat` saw goes on the discard pile and into its private record (§10)."""
    s.discard.append(card)
    s.players[seat].discarded_seen.append(card)
    ev.append(event("discarded_unseen", p=seat))
