"""Every number and ruling of the game, in one place, each with its source.

The logic modules read these tables and never repeat a number. The rules themselves, with every
ruling and its source, are docs/rules.md, and section numbers (§) are its sections: §1
components, §2 setup, §3 a round, §4 the characters, §5 erecting buildings and placing helpers,
§6 the Forge, §7 the buildings, §8 final scoring, §9 the end, §10 the winter variant, §11 two
players, §12 the rulings. Sources (docs/rules.md, "The sources"): S000 (the full Chinese
rules), S003 (the English summary), PUB (public rule summaries, where those two are silent) and
⚖ (a ruling of ours where no source decides; the new-game screen lists those as house rules).
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: Bump when a ruling or number changes, or anything that can change what a record replays to,
#: with the step's entry in castle/migrations.py (a migration, or NO_MIGRATION).
RULES_VERSION: Final = 2  # 2: the winter variant (a setup key); version 1 records are summer
#: The setup keys each rules version read (Castle.setup_error and Castle.start at that version;
#: docs/engine.md, "Setup keys by rules version"): a record's setup may hold these and the page's
#: own (tabletop.record.PAGE_KEYS), no other. A new rules version that adds, renames or drops a
#: key gets its entry here, with its migration (castle/migrations.py).
SETUP_KEYS: Final[dict[int, frozenset[str]]] = {
    # the first version: the player count, the seed, who starts (missing or null: by lot)
    1: frozenset({"players", "seed", "start_player"}),
    # the winter variant (§10): `winter`, true or false (missing: summer)
    2: frozenset({"players", "seed", "start_player", "winter"}),
}

# --- §1 Components -----------------------------------------------------------------------------

PLAYER_COUNTS: Final = (2, 3, 4)

#: The five kinds of piece, in the order the engine lists them (sand first, silver last).
KINDS: Final = ("sand", "wood", "clay", "stone", "silver")
#: Building pieces: the kinds with a BP value (silver has none, §1).
BUILDING_KINDS: Final = ("sand", "wood", "clay", "stone")
#: BP of each building piece (S000, S003).
BP: Final = {"sand": 1, "wood": 2, "clay": 4, "stone": 5}
#: The finite pieces of the box (S003): 83 in all.
PIECES_IN_BOX: Final = {"sand": 20, "wood": 18, "clay": 15, "stone": 15, "silver": 15}

#: Character cards in resolution order (§3.6, S000). Each player has one of each.
CARDS: Final = (
    "messenger",
    "trader",
    "bricklayer",
    "stonemason",
    "worker_a",
    "worker_b",
    "worker_c",
    "master_builder",
)
WORKERS: Final = ("worker_a", "worker_b", "worker_c")
#: Resolution step of each card: the three Workers resolve in one step (§3.6).
CARD_STEP: Final = {
    "messenger": 0,
    "trader": 1,
    "bricklayer": 2,
    "stonemason": 3,
    "worker_a": 4,
    "worker_b": 4,
    "worker_c": 4,
    "master_builder": 5,
}

#: Helpers per player by player count (S000: 6, 7 in a 2-player game).
HELPERS: Final = {2: 7, 3: 6, 4: 6}

# --- §2 Setup ----------------------------------------------------------------------------------

START_TALERS: Final = 3  # S000
START_PIECES: Final = {"sand": 1, "wood": 1}  # S000
#: The defense tower at setup: one piece of each kind (S000).
TOWER_START: Final = {"sand": 1, "wood": 1, "clay": 1, "stone": 1, "silver": 1}
#: Rounds by player count (S000, S003); the round track holds one taler per round.
ROUNDS: Final = {2: 12, 3: 15, 4: 12}
# ⚖ The bank of talers is unlimited (the box has 105): no taler is ever counted, so no
# constant is needed.

# --- §3 A round --------------------------------------------------------------------------------

ROUND_INCOME: Final = 1  # the round's taler, taken by the start player (S000)
#: Cards each player chooses per round (S000: 2 in a 2-player game).
CARDS_PER_ROUND: Final = {2: 2, 3: 1, 4: 1}

# --- §4 The characters -------------------------------------------------------------------------

MESSENGER_TALERS: Final = 8  # S000


class Delivery(NamedTuple):
    kind: str
    amount: int


#: Trader places and what each delivers (S000). The four carts, then the rider.
TRADER_PLACES: Final = {
    "sand_cart": Delivery("sand", 4),
    "wood_cart": Delivery("wood", 3),
    "clay_cart": Delivery("clay", 2),
    "stone_cart": Delivery("stone", 2),
    "rider": Delivery("silver", 2),
}
CARTS: Final = ("sand_cart", "wood_cart", "clay_cart", "stone_cart")
RIDER: Final = "rider"
#: Pieces a delivery puts on the defense tower when at least one is delivered (S000).
TRIBUTE: Final = 1
#: ⚖ (PUB, not in the seeds) a helper on the rider may be displaced like one at a cart.
RIDER_DISPLACEABLE: Final = True

#: What each Worker card takes from the stock when equipped (S000). Worker C also takes
#: WORKER_C_CHOICES pieces its owner chooses from WORKER_C_KINDS; ⚖ two of one kind allowed.
WORKER_EQUIPMENT: Final = {
    "worker_a": {"sand": 2, "clay": 1},
    "worker_b": {"wood": 2, "silver": 1},
    "worker_c": {"stone": 1},
}
WORKER_C_KINDS: Final = ("sand", "wood", "clay")
WORKER_C_CHOICES: Final = 2

#: Stonemason: the price of one piece bought from a Worker card, paid to its owner (S000).
STONEMASON_PRICE: Final = 1
# ⚖ An offer the seller refused (last piece on a card) is not made again in the same action
# (characters.py keeps the refused offers of the Stonemason's turn).

#: Master Builder: VP per building erected this round by other players (S000).
MASTER_BUILDER_BONUS: Final = 5

#: What share of a building's VP each erecting card scores (S000): numerator, denominator.
#: All VP values are even, so the Worker's half is exact.
ERECT_VP_SHARE: Final = {
    "bricklayer": (0, 1),
    "stonemason": (1, 1),
    "worker_a": (1, 2),
    "worker_b": (1, 2),
    "worker_c": (1, 2),
}
#: Bricklayer: talers received per piece spent on its buildings (S000).
BRICKLAYER_TALERS_PER_PIECE: Final = 1

# --- §5 Erecting and placing -------------------------------------------------------------------

MAX_BUILDINGS_PER_CARD: Final = 2  # S000
MIN_PAYMENT_KINDS: Final = 3  # S000: at least three different kinds
MAX_HELPERS_PER_CARD: Final = 2  # S000
#: The order in which a payment is built, kind by kind (most valuable first, so the player
#: settles the big pieces before the small change).
PAYMENT_ORDER: Final = ("stone", "clay", "wood", "sand")

# --- §7 The buildings --------------------------------------------------------------------------


class Place(NamedTuple):
    """A helper place of a building: what it costs and how it scores at the end (§7, §8).

    `scoring` names what the place counts at the end (scoring.place_units): free or occupied
    castle places, towers, houses, tiles on the board, silver in the Forge; "palace" and
    "market" are conversions decided at the end. A scoring ending in "_per_n" gives 1 VP per
    `rate` units, rounded down; the others give `rate` VP per unit."""

    id: str
    fee: int
    scoring: str
    rate: int


class Building(NamedTuple):
    id: str
    tiles: int  # tiles on the board at setup; 0 for Market and Forge (built from the start)
    cost: int  # BP
    vp: int
    places: tuple[Place, ...]


BUILDINGS: Final = (
    # S000 cost/VP; Keep fee 14 (PUB).
    Building("keep", 1, 24, 14, (Place("keep", 14, "free_castle_places", 3),)),
    # S000.
    Building(
        "tavern",
        1,
        22,
        12,
        (
            Place("tavern_12", 12, "occupied_castle_places", 1),
            Place("tavern_6", 6, "occupied_castle_places_per_n", 2),
        ),
    ),
    # S000 cost/VP; fee 10 (PUB).
    Building("gate", 1, 18, 10, (Place("gate", 10, "towers", 2),)),
    # S000 cost/VP; fee 5 (PUB).
    Building("small_gate", 1, 12, 6, (Place("small_gate", 5, "towers", 1),)),
    # S000.
    Building(
        "stable",
        1,
        18,
        14,
        (Place("stable_16", 16, "houses", 3), Place("stable_12", 12, "houses", 2)),
    ),
    # S000 cost/VP; ⚖ one place, fee 8.
    Building("servants_house", 1, 18, 14, (Place("servants_house", 8, "tiles_on_board", 1),)),
    # S000 cost/VP; two places, fee 17 each (PUB); each converts up to PALACE_PIECES pieces.
    Building(
        "palace",
        1,
        30,
        18,
        (Place("palace_1", 17, "palace", 1), Place("palace_2", 17, "palace", 1)),
    ),
    # S000 cost/VP; ⚖ one Well.
    Building("well", 1, 12, 10, ()),
    # S000 cost/VP (8 BP / 6 VP); ⚖ 9 Towers (PUB: "9 towers").
    Building("tower", 9, 8, 6, ()),
    # S000 cost/VP (8 BP / 6 VP); ⚖ 6 Houses (23 tiles in all, S000).
    Building("house", 6, 8, 6, ()),
    # Built from the start, no tile; ⚖ fees 6 and 6.
    Building(
        "market", 0, 0, 0, (Place("market_1", 6, "market", 2), Place("market_2", 6, "market", 2))
    ),
    # Built from the start, no tile (S000).
    Building(
        "forge",
        0,
        0,
        0,
        (Place("forge_10", 10, "forge_silver", 1), Place("forge_6", 6, "forge_silver_per_n", 2)),
    ),
)
BUILDING: Final = {b.id: b for b in BUILDINGS}
#: Buildings with tiles on the board (all but Market and Forge), in listing order.
TILE_BUILDINGS: Final = tuple(b.id for b in BUILDINGS if b.tiles)
#: Buildings erected from the start.
START_BUILDINGS: Final = tuple(b.id for b in BUILDINGS if not b.tiles)
PLACE: Final = {p.id: p for b in BUILDINGS for p in b.places}
#: Which building each helper place belongs to.
PLACE_BUILDING: Final = {p.id: b.id for b in BUILDINGS for p in b.places}
#: Place counts for Gate and Stable scoring.
TOWER: Final = "tower"
HOUSE: Final = "house"

# --- §8 Final scoring --------------------------------------------------------------------------

#: Palace: building pieces each Palace helper turns into VP at their BP (PUB).
PALACE_PIECES: Final = 5
#: Market: talers per VP with one Market place, and with both (S000).
MARKET_TALERS_PER_VP: Final = {1: 2, 2: 1}
#: ⚖ (S003) Tie-break order after VP: talers left, then BP of building pieces left (silver 0).
TIE_BREAKS: Final = ("talers", "piece_bp")

# --- §6 The Forge ------------------------------------------------------------------------------

#: ⚖ Silver is converted only during its owner's own decisions: as part of a building payment,
#: (winter) while returning stone for the Cracked Wall, and in final scoring step 2. A piece
#: converted in a payment is paid at once; the stock must hold the piece when converted, so a
#: payment converts at most as many pieces of a kind as the stock holds of it.
FORGE_KINDS: Final = BUILDING_KINDS

# --- §10 The winter variant -------------------------------------------------------------------

#: The six winter cards (S000), in the order the engine lists them.
WINTER_CARDS: Final = (
    "village_tavern",
    "granary",
    "plague",
    "cracked_wall",
    "damsel",
    "snowdrift",
)
#: ⚖ The rounds with the winter symbol, in which the top winter card is revealed (the board's
#: symbols; no source read gives their positions).
WINTER_ROUNDS: Final = (2, 4, 6, 8, 10, 12)
#: Winter cards that stay in play once revealed (S000); the others are resolved and discarded.
WINTER_KEPT: Final = ("village_tavern", "granary", "damsel")


class WinterPlace(NamedTuple):
    """A helper place on a winter card: taken like a castle place (§5), but never one."""

    id: str
    card: str  # the winter card it lies on; it counts as one building for §5's "one per round"
    fee: int  # talers paid to the bank
    places: int  # how many helpers it holds


WINTER_PLACES: Final = {
    # The Innkeeper: fee 3 (PUB); ⚖ not a castle place, scores nothing, displaceable (S000).
    "innkeeper": WinterPlace("innkeeper", "village_tavern", 3, 1),
    # ⚖ fee 8 each; not castle places; one player may hold several (placed in different rounds).
    "granary": WinterPlace("granary", "granary", 8, 3),
}
#: ⚖ The Village Tavern's toll: talers a Trader action costs, onto the card or to the Innkeeper.
TAVERN_TOLL: Final = 1
#: Granary: VP of each helper there at the end, by how many helpers there are (S000; S003 gives
#: 3 for three helpers).
GRANARY_VP: Final = {1: 10, 2: 7, 3: 5}
#: Plague: talers per face-up card a player pays instead of discarding one (S000).
PLAGUE_TALERS_PER_CARD: Final = 1
#: Cracked Wall: the most stone a player may return, and the VP of each (S000).
CRACKED_WALL_STONES: Final = 3
CRACKED_WALL_VP: Final = 3
#: Damsel of the Castle: the VP of the last player still giving (S000); what may be given.
DAMSEL_VP: Final = 8
TALER: Final = "taler"
DAMSEL_ITEMS: Final = (*KINDS, TALER)
#: Snowdrift: talers a player pays instead of discarding a Worker (S000).
SNOWDRIFT_TALERS: Final = 3

# --- §12 Rulings at a glance -------------------------------------------------------------------

#: The house rulings (⚖) the summer game plays by, in the order of docs/rules.md §12, for the
#: page's rules help (its catalogs word each as `ruling.<id>`). The values themselves are above.
HOUSE_RULES: Final = (
    "single_pool_stock",  # §2.3
    "bank_unlimited",  # §1
    "master_builder_needs_face_up_card",  # §3.2
    "short_hand_chooses_all",  # §3.2
    "worker_c_two_of_a_kind",  # §3.5
    "workers_equipped_in_turn_order",  # §3.5
    "rider_displaceable",  # §4 Trader
    "refused_offer_final",  # §4 Stonemason (REFUSED_OFFER_FINAL)
    "silver_in_own_decisions",  # §6
    "servants_house_one_place",  # §7
    "market_fees",  # §7
    "tile_counts",  # §7
    "tie_break",  # §8
)
#: The winter variant's rulings (⚖), in the order of docs/rules.md §10, listed with the summer
#: ones when a winter game is played (catalog keys `ruling.<id>` as well).
WINTER_HOUSE_RULES: Final = (
    "winter_rounds",  # §10
    "face_up_excludes_chosen",  # §10
    "innkeeper_place",  # §10 Village Tavern
    "tavern_toll",  # §10 Village Tavern
    "innkeeper_fee_first",  # §10 further rulings
    "innkeeper_owner_toll",  # §10 further rulings
    "innkeeper_unprotected",  # §10 further rulings
    "toll_returned_helper",  # §10 further rulings
    "granary_places",  # §10 Granary
    "cracked_wall_conversion",  # §10 further rulings
    "damsel_timing",  # §10 Damsel
    "unclaimed_items",  # §10 further rulings
    "snowdrift_short",  # §10 Snowdrift
    "winter_master_builder",  # §10 further rulings
)
