"""Every number of *Seasons* but the cards' (seasons/cards.py), each with its source.

The rules, with every ruling and its source, are docs/seasons-rules.md; a § here is its section.
Sources: S004 (the Chinese rules summary), PUB (the published rules, card clarifications and the
licensed online version, where S004 is silent) and ⚖ (a ruling of ours).

The season dice are written as the rules text prints them ("2W +3c (1)", "1A ★ ⟳ (3)") and read
once at import into `Face`s, so that a reader can hold this table against §13 cell by cell.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

#: Bump with every change that can change what a record replays to.
RULES_VERSION: Final = 1
#: The setup keys each rules version reads: players, seed, the level, who starts (null: by lot).
SETUP_KEYS: Final[dict[int, frozenset[str]]] = {
    1: frozenset({"players", "seed", "level", "start_player"}),
}

PLAYER_COUNTS: Final = (2, 3, 4)

# --- energy (§7, §8) -----------------------------------------------------------------------------

#: The four energy types, in the order every list of amounts uses: water, earth, fire, air.
ENERGIES: Final = ("W", "E", "F", "A")
#: The reserve's limit (PUB), and with a Bespelled Grimoire in play (two give no more).
RESERVE_LIMIT: Final = 7
GRIMOIRE_LIMIT: Final = 10

# --- time (§4) -----------------------------------------------------------------------------------

SEASONS: Final = ("winter", "spring", "summer", "fall")
#: Spaces per year on the season wheel, and per season (1–3 winter, ..., 10–12 fall).
SPACES_PER_YEAR: Final = 12
SPACES_PER_SEASON: Final = 3
YEARS: Final = 3
#: The last absolute position of the game (year 3, space 12): a move beyond it ends it (§4.10).
LAST_POSITION: Final = YEARS * SPACES_PER_YEAR
#: Temporal Boots never take the token below year 1, space 1 (⚖ `ruling.boots_floor`).
FIRST_POSITION: Final = 1


def season_of(position: int) -> str:
    """The season of an absolute position (p 37–39 are winter again, a virtual year 4: ⚖)."""
    return SEASONS[((position - 1) % SPACES_PER_YEAR) // SPACES_PER_SEASON]


def year_of(position: int) -> int:
    return (position - 1) // SPACES_PER_YEAR + 1


#: Crystals per energy transmuted, by season, in ENERGIES order (§8: S004 winter; PUB the rest).
TRANSMUTATION: Final[dict[str, tuple[int, int, int, int]]] = {
    "winter": (1, 3, 2, 1),
    "spring": (1, 1, 3, 2),
    "summer": (2, 1, 1, 3),
    "fall": (3, 2, 1, 1),
}

# --- the gauge and the bonus actions (§9.1, §11) -------------------------------------------------

GAUGE_MAX: Final = 15
#: Bonus actions per game (S004), and the penalty at the end by how many were used (S004).
BONUS_MAX: Final = 3
BONUS_PENALTY: Final = (0, 5, 12, 20)
#: Energies spent and gained by the exchange bonus: exactly 2 (S004; ⚖ `ruling.exchange_two`).
EXCHANGED: Final = 2
#: Cards the draw bonus draws, of which one is kept (S004).
BONUS_DRAWN: Final = 2
#: What each card still in hand costs at the end (S004).
HAND_PENALTY: Final = 5

# --- levels and the prelude (§3) -----------------------------------------------------------------

LEVELS: Final = ("apprentice", "magician", "archmage")
#: The cards of each level, two copies of each number (§3: PUB for Magician's whole game).
LEVEL_CARDS: Final[dict[str, range]] = {
    "apprentice": range(1, 31),
    "magician": range(1, 31),
    "archmage": range(1, 51),
}
COPIES: Final = 2
#: Starting cards, split into three sets of three: the hand, Library II, Library III (S004).
STARTING_CARDS: Final = 9
SET_SIZE: Final = 3
#: The Apprentice's pre-built decks (S004; deck 2 ends with 28, ⚖ `ruling.deck2_28`; deck 3
#: holds 24, ⚖ `ruling.deck3_24`, flagged: a single source).
DECKS: Final[tuple[tuple[int, ...], ...]] = (
    (1, 2, 7, 17, 18, 20, 26, 29, 30),
    (3, 5, 9, 14, 15, 21, 23, 25, 28),
    (4, 6, 7, 9, 12, 16, 22, 24, 30),
    (1, 2, 3, 11, 13, 15, 18, 25, 27),
)

# --- the season dice (§13, PUB) ------------------------------------------------------------------


class Face(NamedTuple):
    """One face of a season die: what taking it gives (§6.2), and its pips (time, §5)."""

    energies: tuple[int, int, int, int]  # in ENERGIES order
    crystals: int
    star: bool  # gauge + 1
    draw: bool  # the card symbol
    transmute: bool  # the framed face: the right to transmute this turn
    pips: int
    text: str  # as the rules print it


_FACE = re.compile(
    r"(?:(?P<energy>(?:[0-9][WEFA] ?)+))?\s*(?:\+(?P<c>[0-9]+)c)?\s*(?P<draw>draw)?\s*"
    r"(?P<star>★)?\s*(?P<turn>⟳)?\s*\((?P<pips>[1-3])\)"
)


def _face(text: str) -> Face:
    match = _FACE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a die face: {text!r}")
    amounts = [0, 0, 0, 0]
    for count, energy in re.findall(r"([0-9])([WEFA])", match["energy"] or ""):
        amounts[ENERGIES.index(energy)] += int(count)
    return Face(
        (amounts[0], amounts[1], amounts[2], amounts[3]),
        int(match["c"] or 0),
        match["star"] is not None,
        match["draw"] is not None,
        match["turn"] is not None,
        int(match["pips"]),
        text,
    )


#: Each season's five dice, six faces each, as §13 prints them (the dice are unnumbered: die k
#: follows template k, faces in the table's order).
_DICE_TEXT: Final[dict[str, tuple[str, ...]]] = {
    "Wi1": ("1F ★ ⟳ (3)", "2W ★ (2)", "2W +3c (1)", "2A ★ (3)", "draw (2)", "1A 1W ⟳ (1)"),
    "Wi2": ("2W ★ (3)", "2W +1c (2)", "2F ★ (1)", "draw (3)", "1A 1W ⟳ (2)", "1A ★ ⟳ (1)"),
    "Wi3": ("2W ★ (1)", "1A ★ ⟳ (2)", "1A 1W ⟳ (3)", "draw (1)", "1F ★ (2)", "2W +3c (3)"),
    "Wi4": ("1A 1W ⟳ (1)", "2W +2c (2)", "1A ★ ⟳ (3)", "2W ★ (1)", "+6c (2)", "1F ★ (3)"),
    "Wi5": ("2A ⟳ (2)", "+6c (3)", "1F ★ (1)", "1A ★ ⟳ (1)", "2W ★ (3)", "2W +1c (2)"),
    "Sp1": ("draw (2)", "2W ★ (3)", "2E +3c (1)", "2E ★ (2)", "1A ★ ⟳ (3)", "1W 1E ⟳ (1)"),
    "Sp2": ("1W ★ ⟳ (1)", "1W 1E ⟳ (2)", "draw (3)", "2A ★ (1)", "2E +1c (2)", "2E ★ (3)"),
    "Sp3": ("2E ★ (1)", "1W ★ ⟳ (2)", "1W 1E ⟳ (3)", "draw (1)", "1A ★ (2)", "2E +3c (3)"),
    "Sp4": ("1W 1E ⟳ (1)", "2E +2c (2)", "1W ★ ⟳ (3)", "2E ★ (1)", "+6c (2)", "1A ★ (3)"),
    "Sp5": ("1W ★ ⟳ (1)", "2W ⟳ (2)", "+6c (3)", "1A ★ (1)", "2E +1c (2)", "2E ★ (3)"),
    "Su1": ("draw (2)", "2E ★ (3)", "2F +3c (1)", "2F ★ (2)", "1W ★ ⟳ (3)", "1F 1E ⟳ (1)"),
    "Su2": ("1F 1E ⟳ (2)", "draw (3)", "2W ★ (1)", "2F +1c (2)", "2F ★ (3)", "1E ★ ⟳ (1)"),
    "Su3": ("1E ★ ⟳ (2)", "1F 1E ⟳ (3)", "draw (1)", "1W ★ (2)", "2F +3c (3)", "2F ★ (1)"),
    "Su4": ("2F +2c (2)", "1E ★ ⟳ (3)", "2F ★ (1)", "+6c (2)", "1W ★ (3)", "1F 1E ⟳ (1)"),
    "Su5": ("2F ★ (3)", "1E ★ ⟳ (1)", "2E ⟳ (2)", "+6c (3)", "1W ★ (1)", "2F +1c (2)"),
    "Fa1": ("1A 1F ⟳ (1)", "draw (2)", "2F ★ (3)", "2A +3c (1)", "2A ★ (2)", "1E ★ ⟳ (3)"),
    "Fa2": ("1F ★ ⟳ (1)", "1A 1F ⟳ (2)", "draw (3)", "2E ★ (1)", "2A +1c (2)", "2A ★ (3)"),
    "Fa3": ("2A ★ (1)", "1F ★ ⟳ (2)", "1A 1F ⟳ (3)", "draw (1)", "1E ★ (2)", "2A +3c (3)"),
    "Fa4": ("1A 1F ⟳ (1)", "2A +2c (2)", "1F ★ ⟳ (3)", "2A ★ (1)", "+6c (2)", "1E ★ (3)"),
    "Fa5": ("2F ⟳ (2)", "+6c (3)", "1E ★ (1)", "2A +1c (2)", "2A ★ (3)", "1F ★ ⟳ (1)"),
}
DICE: Final[dict[str, tuple[Face, ...]]] = {
    die: tuple(_face(text) for text in faces) for die, faces in _DICE_TEXT.items()
}
#: The dice of each season, by the prefix of their names.
SEASON_DICE: Final[dict[str, tuple[str, ...]]] = {
    season: tuple(die for die in DICE if die.startswith(season[:2].capitalize()))
    for season in SEASONS
}
#: Dice rolled each round: the players and one more, the time die (S004).
EXTRA_DICE: Final = 1
FACES: Final = (1, 2, 3, 4, 5, 6)
