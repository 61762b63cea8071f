"""The strategist's numbers: every threshold and weight its rules read, each with the advice
it comes from. The rules themselves are `rules.py`; what the board promises, `outlook.py`.

The advice is published strategy for the game, restated in our own words (docs/bots.md, "The
strategist", lists the sources in full). Where a source gives only a direction ("helpers in the
castle can bring many points"), the number is the smallest concrete rule we could make of it,
marked "our reading of ...". A number the rules need that no source speaks to is marked "ours".
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Source(NamedTuple):
    """A published text the rules rest on."""

    author: str
    title: str
    where: str
    year: int | None  # None: the page gives no date


SOURCES: Final = {
    "schloesser": Source(
        "Greg J. Schloesser",
        "A Castle for All Seasons (review)",
        "Gamers Alliance; first on Boardgame News, reprinted by East Tennessee Gamers",
        2011,
    ),
    "spielekritik": Source(
        "spielekritik.blogspot.com", "Rezension: Im Schutze der Burg", "Spielekritik", 2009
    ),
    "rulebook": Source(
        "Inka and Markus Brand",
        "A Castle for All Seasons, rules ('Contents and Object of the Game')",
        "eggertspiele / Rio Grande Games",
        2008,
    ),
    "gefaehrten": Source(
        "Brettspielgefährten", "Im Schutze der Burg (Rezension)", "brettspielgefährten.de", None
    ),
    "ringbote": Source("Peter Berneiser", "Im Schutze der Burg (Rezension)", "ringbote.de", None),
    "eggert": Source(
        "eggertspiele", "Im Schutze der Burg (the publisher's page)", "eggertspiele.de", None
    ),
    "mattx": Source(
        "mattx",
        "A Castle for All Seasons: Fierce (review)",
        "BoardGameGeek, reposted by the Cosmic Encounters blog",
        2010,
    ),
}


class Rule(NamedTuple):
    """One number of a rule of thumb and where it comes from (a key of `SOURCES`, or "ours")."""

    value: float
    source: str
    why: str


ADVICE: Final = {
    # --- money and pieces as the rules weigh them ---------------------------------------------
    "taler_vp": Rule(
        0.4,
        "schloesser",
        "our reading of 'balance victory points with a steady cash flow': a taler counts as "
        "0.4 VP while fees are still to be paid (the Messenger's 8 talers about 3 VP)",
    ),
    "poor_talers": Rule(
        7,
        "schloesser",
        "our reading of the same: below 7 talers (no place but the Market and the Small Gate "
        "affordable) cash is short and the Messenger's talers count double",
    ),
    "bp_vp": Rule(
        0.4,
        "spielekritik",
        "our reading of 'gather materials and build with the Stonemason': a BP held counts "
        "0.4 VP while it can still become a building (a Tower: 6 VP for 8 BP with the "
        "Stonemason, half with a Worker)",
    ),
    "bp_fade_rounds": Rule(
        3,
        "spielekritik",
        "our reading of 'hoppla, already over': in the last 3 rounds a BP held counts less, "
        "by the rounds left, as the chances to build run out (nothing in the last round)",
    ),
    # --- the cards -------------------------------------------------------------------------
    "delivery_share": Rule(
        0.5,
        "schloesser",
        "our reading of 'a constant need to acquire resources': a cart delivers about every "
        "other round the game still lasts (no Trader some rounds, a rival displaces it)",
    ),
    "delivery_rounds": Rule(
        6,
        "ours",
        "a cart's deliveries are counted over at most 6 rounds: later ones are too uncertain",
    ),
    "rival_build_chance": Rule(
        0.5,
        "spielekritik",
        "our reading of 'watch who may play the Master Builder' turned round: a rival that can "
        "pay a cheap building picks building cards as often as its hand holds them (its cards "
        "a round times their share of its hand), and half of those picks erect",
    ),
    "cheap_building": Rule(
        12,
        "ours",
        "the cheapest buildings (Towers, Houses, Small Gate, Well: 12 BP or less) are those a "
        "rival can pay from a few deliveries",
    ),
    "cards_back_vp": Rule(
        0.6,
        "gefaehrten",
        "our reading of 'whoever plays the wrong card three times in a row hardly catches up': "
        "each face-up card the Master Builder brings back counts 0.6 VP of choice regained",
    ),
    "short_hand": Rule(
        2,
        "gefaehrten",
        "our reading of the same: with 2 cards or fewer left besides the Master Builder, take "
        "the Master Builder now, before the hand forces a wrong card",
    ),
    "short_hand_bonus": Rule(
        4.0,
        "gefaehrten",
        "the VP that need adds to the Master Builder's score",
    ),
    # --- building --------------------------------------------------------------------------
    "build_margin": Rule(
        0.0,
        "spielekritik",
        "'do not hesitate to build, even with a Master Builder about': erect whatever brings "
        "more than the pieces it takes (at `bp_vp`) and what it gives the others' helpers, "
        "however little",
    ),
    "pieces_per_bp": Rule(
        0.33,
        "ours",
        "a payment spends about one piece per 3 BP (the Bricklayer's talers, estimated before "
        "the payment is chosen)",
    ),
    "pay_ways_most": Rule(
        300,
        "ours",
        "a payment compares at most the first 300 ways found to finish it: a bound on the "
        "search's time",
    ),
    "rival_gain": Rule(
        1.0,
        "rulebook",
        "'take care that your opponents do not benefit from your actions more than you do': "
        "the VP an erection adds to the others' helpers (a Tower to a Gate, a House to the "
        "Stable, new free places to the Keep) count in full against it, and what it adds to "
        "our own helpers for it",
    ),
    # --- helpers ---------------------------------------------------------------------------
    "place_margin": Rule(
        1.0,
        "spielekritik",
        "our reading of 'helpers in the castle can bring many points at the end': place one "
        "wherever its projected end VP beat its fee (at `taler_vp`) by 1 VP or more",
    ),
    "builds_per_round": Rule(
        1.5,
        "ours",
        "the table erects about 1.5 buildings a round (23 tiles over 12-15 rounds, most of them "
        "left at the end): the tiles projected to the end for the Gates, the Stable and the "
        "Servants' House",
    ),
    "keep_filled": Rule(
        1.0,
        "spielekritik",
        "our reading of 'a helper's worth can be estimated, sometimes influenced': the "
        "castle's free places now are as many as will be free at the end (the Keep): the "
        "buildings still to come open about as many places as helpers fill",
    ),
    "tavern_more": Rule(
        4,
        "ours",
        "helpers still to enter the castle after now, for the Tavern's places",
    ),
    "palace_pieces_bp": Rule(
        12,
        "ours",
        "a Palace place converts at least 12 BP at the end (5 pieces, the biggest held)",
    ),
    "forge_more": Rule(
        2,
        "ours",
        "silver still to enter the Forge after now",
    ),
    "innkeeper_tolls": Rule(
        2,
        "ours",
        "the Innkeeper (winter): tolls still to land on the Village Tavern's card before a "
        "helper takes its talers, a taler each",
    ),
    # --- the characters' small decisions -------------------------------------------------
    "cart_lacking_kind": Rule(
        0.5,
        "ours",
        "the Trader's cart: a kind the seat holds none of adds 0.5 BP to the cart's kept BP, a "
        "small preference that a richer cart outweighs (with `cart_push_leader`, 1.5 BP: a "
        "cart 2 BP richer outweighs both)",
    ),
    "cart_push_leader": Rule(
        1.0,
        "rulebook",
        "our reading of 'take care that your opponents do not benefit from your actions more "
        "than you do': with every cart taken, pushing out the leading rival's helper adds 1 BP "
        "to the cart's kept BP, a small preference (a cart 1 BP richer ties with it, the "
        "engine's order deciding; one 2 BP richer outweighs it)",
    ),
    "buy_opens_vp": Rule(
        10.0,
        "ours",
        "buying: each building a piece makes payable counts 10 VP, more than any piece is "
        "worth by itself (at most 2 VP), so such a piece is bought first",
    ),
    # --- the end and the winter cards (simple sensible rules) ------------------------------
    "winter_pay_most": Rule(
        4,
        "ours",
        "Plague, Snowdrift: pay talers rather than lose a card when it costs 4 talers or less "
        "and leaves 2",
    ),
    "winter_keep_talers": Rule(
        2,
        "ours",
        "the talers a winter payment must leave",
    ),
    "damsel_reserve": Rule(
        5,
        "ours",
        "the Damsel: give a taler only while holding more than 5 (sand and wood first)",
    ),
}


def value(name: str) -> float:
    """The number of a rule."""
    return ADVICE[name].value


#: Character cards in the order the rules give them up first to a winter card (Plague,
#: Snowdrift): ours, from what each brings a round (a Worker's pieces least, the building
#: cards and the Master Builder most).
DISCARD_ORDER: Final = (
    "worker_a",
    "messenger",
    "worker_b",
    "worker_c",
    "trader",
    "bricklayer",
    "stonemason",
    "master_builder",
)

#: Worker C's two chosen pieces as the card choice counts them, before they are chosen: a clay
#: and a wood, 6 BP (ours).
WORKER_C_GUESS: Final = {"clay": 1, "wood": 1}

#: What the rules call the dearest item to take back from the Damsel: BP, silver as a stone
#: (it converts to any kind), a taler as 1 (ours).
ITEM_WORTH: Final = {"silver": 5, "stone": 5, "clay": 4, "wood": 2, "taler": 1, "sand": 1}
