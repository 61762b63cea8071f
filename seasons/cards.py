"""The fifty power cards as data (docs/seasons-rules.md §14; PUB, effects in our words).

A card is its number, name, family, cost by player count, prestige points and its effects, each
a tuple of steps `(primitive, *arguments)` at one trigger point. The primitives are
seasons/effects.py's; a card that needs more than primitives names its own handler there (its
number's name, "naria"), so no card's name appears in the turn, summon or activation logic.
Permanent effects are modifiers the rules read by name (`Card.modifiers`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .data import ENERGIES

ITEM: Final = "item"
FAMILIAR: Final = "familiar"

#: An effect step: a primitive of seasons/effects.py and its arguments.
Step = tuple[object, ...]


class Cost(NamedTuple):
    """What summoning a card costs: energies (in ENERGIES order) and crystals."""

    energies: tuple[int, int, int, int] = (0, 0, 0, 0)
    crystals: int = 0


class Card(NamedTuple):
    number: int
    name: str
    family: str
    #: The cost with 2, 3 and 4 players (the same but for five cards, §9.2).
    costs: tuple[Cost, Cost, Cost]
    pp: int
    #: On entering play (summoned or put into play free; not when passed).
    entry: tuple[Step, ...] = ()
    #: When its holder activates it in their turn (once a round, §9.5).
    activation: tuple[Step, ...] = ()
    end_of_round: tuple[Step, ...] = ()
    season_change: tuple[Step, ...] = ()
    end_of_game: tuple[Step, ...] = ()
    #: Each time its holder summons another card from hand (§9.2.6).
    on_summon: tuple[Step, ...] = ()
    #: Permanent effects, read by the rules where they apply: "reserve_limit", "purse",
    #: "fortune", "leech", "fairies", "stores", "cursed", "cauldron".
    modifiers: tuple[str, ...] = ()
    #: An activation allowed only before the die is resolved (Die of Malice).
    before_die: bool = False
    #: Its summoning cost is chosen (Elemental Amulet: 1 token of each type picked).
    chosen_cost: bool = False


def cost(text: str) -> Cost:
    """A cost as the rules print it: "2W", "E F A + 3c", "20c", "free"."""
    amounts = [0, 0, 0, 0]
    crystals = 0
    for token in text.replace("+", " ").split():
        if token == "free":
            continue
        if token.endswith("c"):
            crystals += int(token[:-1])
            continue
        count, energy = (int(token[:-1]), token[-1]) if len(token) > 1 else (1, token)
        amounts[ENERGIES.index(energy)] += count
    return Cost((amounts[0], amounts[1], amounts[2], amounts[3]), crystals)


def same(text: str) -> tuple[Cost, Cost, Cost]:
    """A cost that does not depend on the player count."""
    return (cost(text),) * 3


def by_players(two: str, three: str, four: str) -> tuple[Cost, Cost, Cost]:
    return (cost(two), cost(three), cost(four))


_CARDS: Final = (
    Card(1, "Amulet of Air", ITEM, same("2A"), 6, entry=(("gauge", 2),)),
    Card(2, "Amulet of Fire", ITEM, same("2F"), 6, entry=(("draw_keep_one", 4),)),
    Card(3, "Amulet of Earth", ITEM, same("2E"), 6, entry=(("crystals", 9),)),
    Card(4, "Amulet of Water", ITEM, same("2W"), 6, entry=(("store", 4),), modifiers=("stores",)),
    # ⚖ flagged: the errata'd text (2c; 3 of a type → 9 c), `ruling.ishtar_errata`.
    Card(5, "Balance of Ishtar", ITEM, same("2c"), 4, activation=(("ishtar", 3, 9),)),
    Card(6, "Staff of Spring", ITEM, same("3E"), 9, on_summon=(("crystals", 3),)),
    Card(7, "Temporal Boots", ITEM, same("free"), 8, entry=(("boots",),)),
    Card(8, "Purse of Io", ITEM, same("F A"), 6, modifiers=("purse",)),
    Card(9, "Divine Chalice", ITEM, same("W E F A"), 10, entry=(("chalice", 4),)),
    Card(10, "Syllas the Faithful", FAMILIAR, same("3F"), 14, entry=(("syllas",),)),
    Card(
        11,
        "Figrim the Avaricious",
        FAMILIAR,
        by_players("3c", "6c", "9c"),
        7,
        season_change=(("each_opponent_gives", 1),),
    ),
    Card(12, "Naria the Prophetess", FAMILIAR, same("3c"), 8, entry=(("naria",),)),
    Card(
        13,
        "Wondrous Chest",
        ITEM,
        same("W F"),
        4,
        end_of_round=(("if_reserve_at_least", 4, ("crystals", 3)),),
    ),
    Card(
        14,
        "Beggar's Horn",
        ITEM,
        same("E A"),
        8,
        end_of_round=(("if_reserve_at_most", 1, ("gain", 1)),),
    ),
    Card(
        15,
        "Die of Malice",
        ITEM,
        same("free"),
        8,
        activation=(("reroll", 2),),
        before_die=True,
    ),
    Card(
        16,
        "Kairn the Destroyer",
        FAMILIAR,
        same("3A"),
        9,
        activation=(("spend", 1), ("each_opponent_loses", 4)),
    ),
    Card(17, "Amsug Longneck", FAMILIAR, same("W A"), 8, entry=(("amsug",),)),
    Card(
        18,
        "Bespelled Grimoire",
        ITEM,
        same("W E"),
        8,
        entry=(("gain", 2),),
        modifiers=("reserve_limit",),
    ),
    Card(19, "Ragfield's Helm", ITEM, same("3A"), 10, end_of_game=(("helm", 20),)),
    Card(20, "Hand of Fortune", ITEM, same("E F A + 3c"), 9, modifiers=("fortune",)),
    Card(21, "Lewis Greyface", FAMILIAR, same("F A"), 6, entry=(("lewis",),)),
    Card(22, "Runic Cube of Eolis", ITEM, same("20c"), 30),
    Card(
        23,
        "Potion of Power",
        ITEM,
        same("2F"),
        0,
        activation=(("sacrifice_self",), ("draw", 1), ("gauge", 2)),
    ),
    Card(24, "Potion of Dreams", ITEM, same("2A"), 0, activation=(("dreams",),)),
    Card(
        25,
        "Potion of Knowledge",
        ITEM,
        same("2W"),
        0,
        activation=(("sacrifice_self",), ("gain", 5)),
    ),
    Card(
        26,
        "Potion of Life",
        ITEM,
        same("2E"),
        0,
        activation=(("sacrifice_self",), ("transmute_all", 4)),
    ),
    Card(27, "Hourglass of Time", ITEM, same("W E F A"), 6, season_change=(("gain", 1),)),
    Card(28, "Scepter of Greatness", ITEM, same("W E F A"), 8, entry=(("per_other_item", 3),)),
    Card(29, "Olaf's Blessed Statue", ITEM, same("3W"), 0, entry=(("crystals", 20),)),
    Card(30, "Yjang's Forgotten Vase", ITEM, same("W E F"), 6, on_summon=(("gain", 1),)),
    Card(
        31,
        "Elemental Amulet",
        ITEM,
        same("free"),
        2,
        entry=(("elemental",),),
        chosen_cost=True,
    ),
    Card(32, "Tree of Light", ITEM, same("2E"), 12, activation=(("tree", 3),)),
    Card(33, "Arcano Leech", FAMILIAR, by_players("2c", "5c", "8c"), 8, modifiers=("leech",)),
    Card(34, "Crystal Orb", ITEM, same("E F"), 6, activation=(("orb", 3, 4),)),
    Card(
        35,
        "Glutton Cauldron",
        ITEM,
        same("free"),
        0,
        activation=(("cauldron", 7, 15),),
        modifiers=("cauldron",),
    ),
    Card(36, "Vampiric Crown", ITEM, same("W A"), 0, entry=(("crown",),)),
    Card(37, "Dragon Skull", ITEM, same("W E F"), 9, activation=(("skull", 3, 15),)),
    Card(38, "Demon of Argos", FAMILIAR, same("W E F A"), 16, entry=(("argos",),)),
    Card(
        39, "Titus Deepgaze", FAMILIAR, by_players("1F", "2F", "3F"), 4, end_of_round=(("titus",),)
    ),
    Card(40, "Air Elemental", FAMILIAR, same("3A"), 12, entry=(("air_elemental",),)),
    Card(
        41,
        "Thieving Fairies",
        FAMILIAR,
        by_players("free", "3c", "6c"),
        6,
        modifiers=("fairies",),
    ),
    Card(
        42,
        "Cursed Treatise of Arus",
        ITEM,
        same("W"),
        -10,
        entry=(("gain", 2), ("crystals", 10), ("gauge", 1)),
        modifiers=("cursed",),
    ),
    # ⚖ flagged: the errata'd text (+10 c on entry), `ruling.idol_errata`.
    Card(
        43,
        "Idol of the Familiar",
        ITEM,
        same("W E F A"),
        0,
        entry=(("crystals", 10),),
        activation=(("per_familiar", 1),),
    ),
    Card(44, "Necrotic Kriss", ITEM, same("W 2A"), 6, activation=(("kriss", 4),)),
    Card(45, "Lantern of Xidit", ITEM, same("3E 3F"), 24, end_of_game=(("per_energy", 3),)),
    Card(46, "Sealed Chest of Urm", ITEM, same("2W E"), 10, end_of_game=(("if_no_familiar", 20),)),
    Card(47, "Mirror of the Seasons", ITEM, same("3c"), 8, activation=(("mirror",),)),
    Card(48, "Pendant of Ragnor", ITEM, same("W F A"), 0, entry=(("gain_per_other_item", 1),)),
    Card(49, "Sid Nightshade", FAMILIAR, by_players("1E", "2E", "3E"), 6, entry=(("sid", 5),)),
    Card(
        50,
        "Damned Soul of Onys",
        FAMILIAR,
        same("W"),
        -5,
        entry=(("crystals", 10), ("gain_of", "W", 1)),
        end_of_round=(("lose", 3),),
        activation=(("damned_soul",),),
    ),
)

#: Elemental Amulet's effect for each energy type picked (W, E, F, A; §14): gain 2 energies,
#: +5 c, draw 1 (kept), gauge + 1.
ELEMENTAL_EFFECTS: Final[tuple[Step, Step, Step, Step]] = (
    ("gain", 2),
    ("crystals", 5),
    ("draw", 1),
    ("gauge", 1),
)

#: Every card by its number.
CARDS: Final[dict[int, Card]] = {card.number: card for card in _CARDS}


def card_cost(number: int, players: int) -> Cost:
    return CARDS[number].costs[players - 2]
