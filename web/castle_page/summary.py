"""What Castle's round summary shows (web/shell/story.py lays it out): the events kept under
each seat, the points each event gives, and the cards each seat played.

Why apart from the log: the log says everything; the summary says what a player asks after a
round (which cards did what, who scored and why), and its points must add up to each seat's
change of score, so every event that carries points is counted here, the final scoring's too.
"""

from __future__ import annotations

from tabletop.game import Event
from web.shell.i18n import Catalog

#: The events a round's summary keeps under the seat that did them (or, without a seat, for the
#: whole table): what each card took or did, deliveries, buildings, the final scoring, and the
#: winter cards (§10). Every event that gives points is kept besides (`points`).
SUMMARY_EVENTS: tuple[str, ...] = (
    "messenger",
    "trader_placed",
    "trader_passed",
    "no_delivery",
    "delivered",
    "tower_taken",
    "tower_empty",
    "bricklayer_talers",
    "bought",
    "sale_refused",
    "collected",
    "erected",
    "helper_placed",
    "master_builder",
    # The end (§8).
    "game_ended",
    "cart_helper_removed",
    "forge_converted",
    "palace_scored",
    "market_scored",
    "place_scored",
    # The winter cards (§10).
    "winter_revealed",
    "innkeeper_placed",
    "card_discarded",
    "winter_paid",
    "stone_returned",
    "damsel_won",
    "toll_paid",
    "toll_helper_returned",
)


def points(event: Event) -> tuple[int, int] | None:
    """The seat an event gives victory points to and how many: the engine puts them in the
    event's `vp` (a building, the Master Builder, the Cracked Wall, the Damsel, the scoring)."""
    seat, vp = event.get("p"), event.get("vp")
    if isinstance(seat, int) and isinstance(vp, int) and vp:
        return seat, vp
    return None


def cards_played(event: Event, cat: Catalog) -> list[str] | None:
    """The cards each seat revealed this round, in words, from the `revealed` event."""
    if event.get("e") != "revealed":
        return None
    return [cat.join(cat.t(f"card.{card}") for card in cards) for cards in event["cards"]]
