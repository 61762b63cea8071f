"""Seasons' numbers (seasons/data.py, seasons/cards.py) against the project's rules text for it,
docs/seasons-rules.md, read from the document itself: the dice of sections 13.2-13.7 cell by
cell, the transmutation chart of 8.1, the pre-built decks of 3.2, the fifty cards of 14.2 and
the lists of 14.3.

(Sections are cited here as "rules 13.4", without the section sign: the citation check of
tests/test_rules_doc.py reads every test file against Castle's rules text.)
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from seasons import data
from seasons.cards import CARDS, FAMILIAR, ITEM, Card, Cost, card_cost

RULES = Path(__file__).resolve().parents[1] / "docs" / "seasons-rules.md"
TEXT = RULES.read_text(encoding="utf-8")

#: Each season's own (C), previous (P) and opposite (O) energy (rules 13.2).
LETTERS = {
    "winter": {"C": "W", "P": "A", "O": "F"},
    "spring": {"C": "E", "P": "W", "O": "A"},
    "summer": {"C": "F", "P": "E", "O": "W"},
    "fall": {"C": "A", "P": "F", "O": "E"},
}
HEADINGS = {"winter": "13.4", "spring": "13.5", "summer": "13.6", "fall": "13.7"}


def section(start: str, end: str) -> str:
    """The document's text from the line that starts with `start` to the next `end`."""
    begin = TEXT.index(start)
    return TEXT[begin : TEXT.index(end, begin + len(start))]


def rows(text: str) -> list[list[str]]:
    """The body rows of the first markdown table in `text`, as stripped cells."""
    out: list[list[str]] = []
    started = False
    for line in text.splitlines():
        if not line.startswith("|"):
            if started:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not started:
            started = True  # the header
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the rule under the header
        out.append(cells)
    return out


def face(text: str) -> tuple[tuple[int, int, int, int], int, bool, bool, bool, int]:
    """A face as the rules print it, read independently of seasons/data.py."""
    m = re.fullmatch(r"(.*)\(([1-3])\)", text.strip())
    assert m is not None, text
    amounts = [0, 0, 0, 0]
    crystals = 0
    star = draw = turn = False
    for token in m[1].split():
        if token == "★":
            star = True
        elif token == "⟳":
            turn = True
        elif token == "draw":
            draw = True
        elif token.startswith("+") and token.endswith("c"):
            crystals += int(token[1:-1])
        else:
            assert re.fullmatch(r"[0-9][WEFA]", token), (text, token)
            amounts[data.ENERGIES.index(token[1])] += int(token[0])
    return (amounts[0], amounts[1], amounts[2], amounts[3]), crystals, star, draw, turn, int(m[2])


def as_read(f: data.Face) -> tuple[tuple[int, int, int, int], int, bool, bool, bool, int]:
    return f.energies, f.crystals, f.star, f.draw, f.transmute, f.pips


def substituted(text: str, letters: dict[str, str]) -> str:
    """A template face with C, P and O read as a season's energies ("2C ★ (2)" → "2W ★ (2)")."""
    return re.sub(r"(?<=[0-9])([CPO])", lambda m: letters[m[1]], text)


def season_table(season: str) -> dict[str, list[str]]:
    number = HEADINGS[season]
    text = section(f"**{number} ", "\n**13.") if season != "fall" else section("**13.7 ", "## 14")
    return {cells[0].split()[0]: cells[1:] for cells in rows(text)}


def templates() -> dict[str, list[str]]:
    table = rows(section("**13.2 Templates", "**13.3"))
    return {name: [part.strip() for part in faces.split("·")] for name, faces in table}


# --- the dice (rules 13) ---------------------------------------------------------------------


def test_the_dice_equal_the_rules_tables_cell_by_cell() -> None:
    seen: list[str] = []
    for season in data.SEASONS:
        table = season_table(season)
        assert len(table) == 5, season
        assert list(data.SEASON_DICE[season]) == list(table), season
        for die, cells in table.items():
            assert len(cells) == 6, die
            faces = data.DICE[die]
            assert [f.text for f in faces] == cells, die
            assert [as_read(f) for f in faces] == [face(cell) for cell in cells], die
            seen.append(die)
    assert sorted(seen) == sorted(data.DICE) and len(seen) == 20  # rules 1.1: 5 per season


def test_every_die_follows_its_template_with_its_seasons_energies() -> None:
    """Die k of a season has the faces of template k (A-E), C, P and O read as that season's
    own, previous and opposite energy; the faces' order on a die is only a label."""
    forms = templates()
    assert list(forms) == ["A", "B", "C", "D", "E"]
    for season in data.SEASONS:
        letters = LETTERS[season]
        for k, die in enumerate(data.SEASON_DICE[season]):
            template = forms["ABCDE"[k]]
            wanted = [face(substituted(text, letters)) for text in template]
            assert sorted(wanted) == sorted(as_read(f) for f in data.DICE[die]), die
            assert f"{die} ({'ABCDE'[k]})" in section(f"**{HEADINGS[season]} ", "|\n\n")


def test_the_seasons_letters_are_the_rules_own() -> None:
    for season, letters in LETTERS.items():
        title = TEXT[TEXT.index(f"**{HEADINGS[season]} ") :].splitlines()[0]
        wanted = ", ".join(f"{key} = {value}" for key, value in letters.items())
        assert f"({wanted})" in title, title


def test_every_die_has_two_faces_of_each_pip_count() -> None:
    for die, faces in data.DICE.items():
        assert len(faces) == 6, die
        assert Counter(f.pips for f in faces) == {1: 2, 2: 2, 3: 2}, die


def test_each_season_has_15_stars_10_transmutes_and_3_draws() -> None:
    for season in data.SEASONS:
        faces = [f for die in data.SEASON_DICE[season] for f in data.DICE[die]]
        assert len(faces) == 30
        assert sum(f.star for f in faces) == 15, season
        assert sum(f.transmute for f in faces) == 10, season
        assert sum(f.draw for f in faces) == 3, season


def test_a_seasons_best_paid_energy_never_appears_on_its_dice() -> None:
    for season in data.SEASONS:
        rates = data.TRANSMUTATION[season]
        best = rates.index(max(rates))
        for die in data.SEASON_DICE[season]:
            assert all(f.energies[best] == 0 for f in data.DICE[die]), (season, die)


def test_the_dice_in_use_are_the_players_and_one() -> None:
    assert data.PLAYER_COUNTS == (2, 3, 4)
    assert data.EXTRA_DICE == 1
    assert data.FACES == (1, 2, 3, 4, 5, 6)


# --- transmutation, limits, time (rules 4, 7, 8, 11) ---------------------------------------------


def test_the_transmutation_chart_equals_the_rules_table() -> None:
    table = rows(section("**8.1**", "**8.2**"))
    assert [cells[0].split()[0] for cells in table] == list(data.SEASONS)
    header = section("**8.1**", "**8.2**").split("| season |")[1].splitlines()[0]
    assert [cell.strip() for cell in header.strip(" |").split("|")] == list(data.ENERGIES)
    for cells in table:
        season = cells[0].split()[0]
        assert data.TRANSMUTATION[season] == tuple(int(cell) for cell in cells[1:]), season


def test_the_chart_s_seasons_cover_their_spaces() -> None:
    for cells in rows(section("**8.1**", "**8.2**")):
        season = cells[0].split()[0]
        m = re.search(r"(\d+)–(\d+)", cells[0])
        assert m is not None
        for space in range(int(m[1]), int(m[2]) + 1):
            assert data.season_of(space) == season
            assert data.season_of(space + 12) == season and data.season_of(space + 24) == season
    assert [data.season_of(p) for p in (37, 38, 39, 40)] == ["winter"] * 3 + ["spring"]
    assert [data.year_of(p) for p in (1, 12, 13, 24, 25, 36, 37)] == [1, 1, 2, 2, 3, 3, 4]


def test_the_limits_and_penalties_are_the_rules_numbers() -> None:
    assert (data.RESERVE_LIMIT, data.GRIMOIRE_LIMIT) == (7, 10)  # rules 7.1
    assert data.GAUGE_MAX == 15  # rules 9.1.1
    assert data.BONUS_MAX == 3 and data.BONUS_PENALTY == (0, 5, 12, 20)  # rules 11.1, 11.3
    assert data.HAND_PENALTY == 5  # rules 12.2
    assert data.LAST_POSITION == 36 and data.FIRST_POSITION == 1  # rules 4.1, 4.4
    assert (data.EXCHANGED, data.BONUS_DRAWN) == (2, 2)  # rules 11.4


# --- levels and decks (rules 3) ------------------------------------------------------------------


def numbers(cell: str) -> list[int]:
    return [int(n) for n in re.findall(r"[0-9]+", cell)]


def test_the_pre_built_decks_equal_the_rules_table() -> None:
    table = rows(section("**3.2**", "**3.3**"))
    assert [int(cells[0]) for cells in table] == [1, 2, 3, 4]
    assert [tuple(numbers(cells[1])) for cells in table] == list(data.DECKS)
    every = Counter(card for deck in data.DECKS for card in deck)
    assert max(every.values()) <= data.COPIES  # rules 3.5: two copies are always enough
    assert set(range(1, 31)) - set(every) == {8, 10, 19}  # rules 3.4
    assert all(len(deck) == data.STARTING_CARDS for deck in data.DECKS)


def test_the_levels_cards_are_the_rules_own() -> None:
    assert data.LEVELS == ("apprentice", "magician", "archmage")
    assert list(data.LEVEL_CARDS["apprentice"]) == list(range(1, 31))
    assert list(data.LEVEL_CARDS["magician"]) == list(range(1, 31))
    assert list(data.LEVEL_CARDS["archmage"]) == list(range(1, 51))
    assert (data.COPIES, data.STARTING_CARDS, data.SET_SIZE) == (2, 9, 3)


# --- the fifty cards (rules 14) ------------------------------------------------------------------


def cost(text: str) -> Cost:
    """A cost cell as the rules print it ("2A", "E F A + 3c", "20c", "free")."""
    amounts = [0, 0, 0, 0]
    crystals = 0
    for token in text.replace("+", " ").split():
        if token == "free":
            continue
        m = re.fullmatch(r"([0-9]*)([WEFAc])", token)
        assert m is not None, (text, token)
        count = int(m[1] or 1)
        if m[2] == "c":
            crystals += count
        else:
            amounts[data.ENERGIES.index(m[2])] += count
    return Cost((amounts[0], amounts[1], amounts[2], amounts[3]), crystals)


def costs(cell: str) -> tuple[Cost, Cost, Cost]:
    """A cost cell, "a/b/c" by the player count ("3/6/9c", "1/2/3F", "free/3c/6c")."""
    cell = cell.replace("⚖", "").strip()
    if "/" not in cell:
        return (cost(cell),) * 3
    parts = cell.split("/")
    unit = re.sub(r"^[0-9]+", "", parts[-1])
    two, three, four = (part + unit if part.isdigit() else part for part in parts)
    return cost(two), cost(three), cost(four)


def card_rows() -> list[list[str]]:
    return rows(section("**14.2**", "## 15."))


def test_the_cards_equal_the_rules_table() -> None:
    table = card_rows()
    assert [int(cells[0]) for cells in table] == list(range(1, 51))
    assert sorted(CARDS) == list(range(1, 51))
    for number, name, family, cost_cell, pp, _kind, _effect in table:
        card = CARDS[int(number)]
        assert card.name == name, number
        assert card.family == family, number
        assert card.pp == int(pp.replace("−", "-")), number
        if cost_cell.startswith("chosen"):
            assert card.chosen_cost and card.costs == (Cost(),) * 3, number  # Elemental Amulet
        else:
            assert card.costs == costs(cost_cell), number
            assert not card.chosen_cost, number


def test_the_costs_by_player_count_equal_the_rules_table() -> None:
    table = rows(section("**9.2.2**", "**9.2.3 "))
    assert len(table) == 5
    for label, *by_count in table:
        number = int(label.split()[0])
        assert CARDS[number].name == label.split(" ", 1)[1]
        for players, cell in zip((2, 3, 4), by_count, strict=True):
            assert card_cost(number, players) == cost(cell), (number, players)
    varying = [n for n, card in CARDS.items() if len(set(card.costs)) > 1]
    assert varying == sorted(int(label.split()[0]) for label, *_ in table)


def test_the_free_cards_are_the_rules_own() -> None:
    free = sorted(n for n in CARDS if card_cost(n, 3) == Cost() and not CARDS[n].chosen_cost)
    assert free == [7, 15, 35]  # rules 9.2.2: and 41 with 2 players
    assert card_cost(41, 2) == Cost()


#: Each kind mark of rules 9.4.1 and where a card's data says it has one.
MARKS = {
    "On": "entry",
    "Act": "activation",
    "EoR": "end_of_round",
    "SC": "season_change",
    "EoG": "end_of_game",
    "Sum": "on_summon",
    "Perm": "modifiers",
}


def test_the_cards_kinds_are_the_rules_marks() -> None:
    for number, *_, kind, _effect in card_rows():
        marks = {mark.strip() for mark in kind.split(",")} - {"—"}
        card: Card = CARDS[int(number)]
        has = {mark for mark, attribute in MARKS.items() if getattr(card, attribute)}
        assert has == marks, (number, kind)


def test_the_families_list_matches_the_data() -> None:
    text = section("**14.3**", "\n\n").removeprefix("**14.3**")
    familiars = numbers(text[: text.index("every other")])
    assert familiars == [10, 11, 12, 16, 17, 21, 33, 38, 39, 40, 41, 49, 50]
    assert [n for n, card in CARDS.items() if card.family == FAMILIAR] == familiars
    assert all(card.family in (ITEM, FAMILIAR) for card in CARDS.values())
    assert sum(card.family == ITEM for card in CARDS.values()) == 37  # rules 1.1


def test_the_activation_list_matches_the_data() -> None:
    text = section("**14.3**", "\n\n")
    activated = numbers(text[text.index("with an activation") :])
    assert activated == [5, 15, 16, 23, 24, 25, 26, 32, 34, 35, 37, 43, 44, 47, 50]
    assert [n for n, card in CARDS.items() if card.activation] == activated
    assert [n for n, card in CARDS.items() if card.before_die] == [15]  # Die of Malice
