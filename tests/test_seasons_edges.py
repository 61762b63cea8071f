"""Seasons (seasons/) at two edges issue 23 names: two copies of a card in play, each acting on
its own (rules 16.3), for every card whose effect is more than a once-on-entry effect; and
every refusal the engine can give, each met in a situation a player could try it in.

The situations start as tests/test_seasons_turn.py's do (p0's actions in round 1 of a
two-player game, nothing anywhere but in the piles) and are set up by hand. The rules are
docs/seasons-rules.md, cited as "rules 9.2.3" and by card number (without the section sign:
tests/test_rules_doc.py reads test files against Castle's rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from seasons_scenario import act, named, options, refusal, stage
from test_seasons_round import draw_turn
from test_seasons_turn import FIRST_FACES, cards, play_on, put, setup, turn

from seasons import SEASONS
from seasons.cards import CARDS
from seasons.state import Player, State
from tabletop import chance

ROOT = Path(__file__).resolve().parents[1]

Energies = tuple[int, int, int, int]


def mine(s: State) -> Player:
    return s.players[0]


def answer(s: State) -> None:
    """Every question asked answered by its first option, until p0 is at its actions again."""
    while stage(s, SEASONS.asked(s)[0]) != "actions":
        seat = SEASONS.asked(s)[0]
        SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])


# --- two copies in play (rules 16.3) -----------------------------------------------------------


class Activated(NamedTuple):
    """A card with an activation, two copies of it in p0's play; what p0 sees after the first
    copy's activation and after the second's."""

    card: int
    notice: Callable[[State], object]
    seen: tuple[object, object]
    before: tuple[int, ...] = ()  # cards in play ahead of the two copies
    crystals: int = 0
    reserve: Energies = (0, 0, 0, 0)
    gauge: int = 0
    hand: tuple[int, ...] = ()
    pile: tuple[int, ...] | None = None
    theirs: int = 0  # p1's crystals
    answers: tuple[str, ...] = ()  # the first answers to each activation; the rest: first option
    again: Energies | None = None  # p0's reserve before the second activation


ACTIVATED = (
    # Balance of Ishtar: 3 W for 9 c, each copy
    Activated(5, lambda s: mine(s).crystals, (9, 18), reserve=(6, 0, 0, 0)),
    # Kairn the Destroyer: 4 c off the opponent, each copy
    Activated(16, lambda s: s.players[1].crystals, (6, 2), reserve=(0, 0, 0, 2), theirs=10),
    # Potion of Power: each sacrificed for its own card and gauge + 2
    Activated(
        23, lambda s: (mine(s).hand, mine(s).gauge), (([3], 2), ([3, 13], 4)), pile=(3, 13, 25)
    ),
    # Potion of Dreams: each puts an Olaf's Statue into play free (+20 c)
    Activated(24, lambda s: mine(s).crystals, (20, 40), gauge=4, hand=(29, 29)),
    # Potion of Knowledge: 5 energies each (a Grimoire holds the ten)
    Activated(25, lambda s: sum(mine(s).reserve), (5, 10), before=(18,)),
    # Potion of Life: the reserve at 4 c an energy, each time
    Activated(26, lambda s: mine(s).crystals, (8, 12), reserve=(2, 0, 0, 0), again=(0, 1, 0, 0)),
    # Tree of Light: 3 c for an energy, each copy
    Activated(32, lambda s: (mine(s).crystals, sum(mine(s).reserve)), ((3, 1), (0, 2)), crystals=6),
    # Crystal Orb: 3 c to bury the top card, each copy
    Activated(
        34,
        lambda s: (s.pile, mine(s).crystals),
        (([29, 13], 3), ([13], 0)),
        crystals=6,
        pile=(3, 29, 13),
        answers=("p0 option bury",),
    ),
    # Glutton Cauldron: each stores the token put on it, not the other's
    Activated(
        35,
        lambda s: [c["stored"] for c in mine(s).play],
        ([[1, 0, 0, 0], [0, 0, 0, 0]], [[1, 0, 0, 0], [0, 0, 0, 1]]),
        reserve=(1, 0, 0, 1),
    ),
    # Dragon Skull: three cards for 15 c, each copy (the last three: the Skulls among them)
    Activated(
        37,
        lambda s: (mine(s).crystals, cards(mine(s))),
        ((15, [29, 37, 37]), (30, [])),
        before=(29, 29, 29, 29),
    ),
    # Idol of the Familiar: a crystal per familiar, each copy
    Activated(43, lambda s: mine(s).crystals, (2, 4), before=(16, 16)),
    # Necrotic Kriss: a familiar from the hand for 4 energies, each copy
    Activated(
        44,
        lambda s: (mine(s).hand, sum(mine(s).reserve)),
        (([40], 4), ([], 8)),
        before=(18,),
        hand=(38, 40),
    ),
    # Mirror of the Seasons: 1 c and 1 E for 1 A, each copy
    Activated(
        47,
        lambda s: (mine(s).crystals, mine(s).reserve),
        ((1, [0, 2, 0, 1]), (0, [0, 1, 0, 2])),
        crystals=2,
        reserve=(0, 3, 0, 0),
        answers=("p0 mirror E A 1",),
    ),
    # Damned Soul of Onys: each passed on by itself, for its own water
    Activated(
        50,
        lambda s: (cards(mine(s)), cards(s.players[1])),
        (([50], [50]), ([], [50, 50])),
        reserve=(2, 0, 0, 0),
    ),
)


@pytest.mark.parametrize("case", ACTIVATED, ids=lambda case: f"card{case.card}")
def test_two_copies_are_activated_once_a_round_each(case: Activated) -> None:
    """Rules 9.5.1, 16.3: at most once a round for each card: with the first copy used (turned,
    or gone), the second is still ready and gives its effect again."""
    s = turn()
    p = mine(s)
    put(s, 0, *case.before)
    first, second = put(s, 0, case.card, case.card)
    setup(p, case.crystals, case.reserve, case.gauge, case.hand)
    s.players[1].crystals = case.theirs
    if case.pile is not None:
        s.pile = list(case.pile)
    for uid, seen in zip((first, second), case.seen, strict=True):
        assert f"p0 activate {uid}" in options(s, 0)
        act(s, f"p0 activate {uid}")
        for line in case.answers:
            act(s, line)
        answer(s)
        assert case.notice(s) == seen
        assert f"p0 activate {uid}" not in options(s, 0)
        assert refusal(s, f"p0 activate {uid}") in ("activate.turned", "activate.not_in_play")
        if case.again is not None and uid == first:
            p.reserve = list(case.again)


def test_two_dice_of_malice_each_reroll_once() -> None:
    """Rules 6.1, 14 card 15: each copy once; a Die used, or a card that is no Die, is not
    ready to reroll."""
    s = turn()
    p1 = s.players[1]
    first, second = put(s, 1, 15, 15)
    (kairn,) = put(s, 1, 16)
    act(s, "p0 end")
    assert options(s, 1) == [f"p1 reroll {first}", f"p1 reroll {second}", "p1 resolve"]
    assert refusal(s, f"p1 reroll {kairn}") == "activate.not_ready"
    with chance.forcing(reroll=[5]):
        act(s, f"p1 reroll {first}")
    assert stage(s, 1) == "before_die" and p1.crystals == 2
    assert refusal(s, f"p1 reroll {first}") == "activate.not_ready"
    assert options(s, 1) == [f"p1 reroll {second}", "p1 resolve"]


class AtRoundEnd(NamedTuple):
    """A card with an end-of-round effect, two copies in p0's play; what p0 sees once both
    resolved (the first copy first)."""

    card: int
    notice: Callable[[State], object]
    seen: object
    crystals: int = 0
    reserve: Energies = (0, 0, 0, 0)
    theirs: int = 0  # p1's crystals


AT_ROUND_END = (
    # Wondrous Chest: each sees 4 energies, +3 c each
    AtRoundEnd(13, lambda s: mine(s).crystals, 6, reserve=(4, 0, 0, 0)),
    # Beggar's Horn: none, then 1 after the first: both gain
    AtRoundEnd(14, lambda s: mine(s).reserve, [2, 0, 0, 0]),
    # Beggar's Horn: 1, then 2 after the first: the second gains nothing
    AtRoundEnd(14, lambda s: mine(s).reserve, [1, 0, 0, 1], reserve=(0, 0, 0, 1)),
    # Titus Deepgaze: p1's 3 c pay both
    AtRoundEnd(
        39,
        lambda s: (mine(s).crystals, cards(mine(s)), s.players[1].crystals),
        (2, [39, 39], 1),
        theirs=3,
    ),
    # Titus Deepgaze: the second sees the 0 c the first left, and goes
    AtRoundEnd(
        39,
        lambda s: (mine(s).crystals, cards(mine(s)), s.players[1].crystals),
        (1, [39], 0),
        theirs=1,
    ),
    # Damned Soul of Onys: 3 c lost for each
    AtRoundEnd(50, lambda s: mine(s).crystals, 4, crystals=10),
)


@pytest.mark.parametrize(
    "case",
    AT_ROUND_END,
    ids=["chest", "horn-none", "horn-one", "titus-paid", "titus-unpaid", "soul"],
)
def test_two_copies_at_the_round_end_each_check_their_own_condition(case: AtRoundEnd) -> None:
    """Rules 5.4.1, 16.3: each copy is one of its holder's end-of-round effects and checks its
    condition when it resolves, after the other (a choice it asks is asked once a copy)."""
    s = turn()
    put(s, 0, case.card, case.card)
    setup(mine(s), case.crystals, case.reserve)
    s.players[1].crystals = case.theirs
    act(s, "p0 end")
    with chance.forcing(season_die=FIRST_FACES[:3]):  # the next round's roll
        act(s, "p1 end")
        while stage(s, SEASONS.asked(s)[0]) != "take":
            SEASONS.apply(s, SEASONS.legal_actions(s, SEASONS.asked(s)[0])[0])
    assert s.round == 2
    assert case.notice(s) == case.seen


def test_ones_end_of_round_effects_are_ordered_all_at_once() -> None:
    """Rules 5.4.1: the order names every one of the holder's end-of-round cards, once."""
    s = turn()
    chest, soul = put(s, 0, 13, 50)
    (theirs,) = put(s, 1, 13)
    act(s, "p0 end")
    act(s, "p1 end")
    assert stage(s, 0) == "order"
    assert refusal(s, f"p0 order {chest}") == "order.not_your_effects"
    assert refusal(s, f"p0 order {chest} {soul} {chest}") == "order.not_your_effects"
    assert refusal(s, f"p0 order {chest} {theirs}") == "order.not_your_effects"
    assert refusal(s, f"p0 order {soul} {chest}") is None


class Copied(NamedTuple):
    """Two copies in p0's play, something that sets both off, and what p0 then sees."""

    card: int
    notice: Callable[[State], object]
    seen: object
    reserve: Energies = (0, 0, 0, 0)
    theirs: int = 0  # p1's crystals


AT_SEASON_CHANGE = (
    # Figrim the Avaricious: p1 gives 1 c for each
    Copied(11, lambda s: (mine(s).crystals, s.players[1].crystals), (2, 3), theirs=5),
    # Hourglass of Time: an energy for each (asked once a copy)
    Copied(27, lambda s: mine(s).reserve, [2, 0, 0, 0]),
)


@pytest.mark.parametrize("case", AT_SEASON_CHANGE, ids=lambda case: f"card{case.card}")
def test_two_copies_each_act_after_a_season_change(case: Copied) -> None:
    """Rules 4.9, 16.3: two Figrims make each opponent give 1 c per Figrim; two Hourglasses
    give 1 energy each."""
    s = turn(position=3)
    put(s, 0, case.card, case.card)
    setup(mine(s), reserve=case.reserve)
    s.players[1].crystals = case.theirs
    events = play_on(s, 2)
    assert s.position == 4 and named(events, "season_changed")
    assert case.notice(s) == case.seen


def end_of_game(s: State, card: int) -> tuple[int, int]:
    """What each of p0's two copies of `card` added to its score (rules 12.4)."""
    assert s.result is not None
    parts = s.result["seats"][0]["breakdown"]
    return parts[f"end_of_game {card}"], parts[f"end_of_game {card}/2"]


AT_GAME_END = (
    # Ragfield's Helm: two cards in play against one, +20 c each
    Copied(19, lambda s: end_of_game(s, 19), (20, 20)),
    # Lantern of Xidit: 3 c per energy each
    Copied(45, lambda s: end_of_game(s, 45), (6, 6), reserve=(1, 1, 0, 0)),
    # Sealed Chest of Urm: no familiar, +20 c each
    Copied(46, lambda s: end_of_game(s, 46), (20, 20)),
)


@pytest.mark.parametrize("case", AT_GAME_END, ids=lambda case: f"card{case.card}")
def test_two_copies_each_add_their_end_of_game_crystals(case: Copied) -> None:
    """Rules 12.1, 16.3: two Helms add 20 c each when the condition holds, two Lanterns 3 c
    per energy each, two Sealed Chests 20 c each."""
    s = turn(position=36)
    put(s, 0, case.card, case.card)
    put(s, 1, 29)
    setup(mine(s), reserve=case.reserve)
    play_on(s, 2)
    assert s.over and case.notice(s) == case.seen


ON_SUMMON = (
    # Staff of Spring: +3 c each
    Copied(6, lambda s: mine(s).crystals, 6),
    # Yjang's Forgotten Vase: an energy each (asked once a copy)
    Copied(30, lambda s: mine(s).reserve, [2, 0, 0, 0]),
)


@pytest.mark.parametrize("case", ON_SUMMON, ids=lambda case: f"card{case.card}")
def test_two_copies_each_pay_on_a_later_summon(case: Copied) -> None:
    """Rules 9.2.6, 16.3: each copy's "whenever you summon" effect, once per summon."""
    s = turn()
    put(s, 0, case.card, case.card)
    setup(mine(s), gauge=3, hand=[15])
    act(s, "p0 summon 15")
    answer(s)
    assert cards(mine(s)) == [case.card, case.card, 15]
    assert case.notice(s) == case.seen


def test_two_amulets_of_water_each_hold_their_own_tokens() -> None:
    """Rules 7.5, 7.6, 14 card 4: the second Amulet's four go on it alone; a payment may take
    a token from either."""
    s = turn()
    p = mine(s)
    (old,) = put(s, 0, 4)
    p.play[0]["stored"] = [0, 2, 0, 0]
    setup(p, reserve=(2, 0, 0, 0), gauge=3, hand=[4, 3])
    act(s, "p0 summon 4")
    new = p.play[-1]["uid"]
    for _ in range(4):
        act(s, "p0 store E")
    assert [c["stored"] for c in p.play] == [[0, 2, 0, 0], [0, 4, 0, 0]]
    act(s, "p0 summon 3")  # 2E, from the Amulets only
    assert options(s, 0) == [f"p0 spend_stored {old} E", f"p0 spend_stored {new} E"]
    act(s, f"p0 spend_stored {old} E")
    act(s, f"p0 spend_stored {new} E")
    assert [c["stored"] for c in p.play[:2]] == [[0, 1, 0, 0], [0, 3, 0, 0]]
    assert p.crystals == 9


def test_two_grimoires_hold_ten_until_the_last_one_goes() -> None:
    """Rules 7.1, 7.2, 9.6.2: a second Grimoire adds nothing, but while one is left the
    limit stays 10; the last one leaving overflows its holder."""
    s = turn()
    p0, p1 = s.players
    a, b = put(s, 1, 18, 18)
    p1.reserve = [4, 3, 3, 0]
    setup(p0, reserve=(0, 0, 6, 0), gauge=2, hand=[10, 10])
    act(s, "p0 summon 10")  # Syllas: p1 sacrifices one of the two
    assert options(s, 1) == [f"p1 sacrifice {a}", f"p1 sacrifice {b}"]
    act(s, f"p1 sacrifice {a}")
    assert p1.reserve == [4, 3, 3, 0] and stage(s, 0) == "actions"  # no overflow
    act(s, "p0 summon 10")  # the other one, without a choice
    assert cards(p1) == [] and SEASONS.asked(s) == [1] and stage(s, 1) == "overflow"


def test_two_hands_of_fortune_each_waive_a_token() -> None:
    """Rules 9.2.3, 16.3: each Hand takes one token off; the cost never below 1 token."""
    s = turn()
    p = mine(s)
    put(s, 0, 20, 20)
    setup(p, reserve=(1, 1, 0, 0), gauge=3, hand=[27])
    act(s, "p0 summon 27")  # W E F A: two tokens waived, the F and the A
    assert options(s, 0) == ["p0 lower F", "p0 lower A"]
    act(s, "p0 lower F")  # the other Hand's token: the A, by itself
    assert p.reserve == [0, 0, 0, 0] and cards(p) == [20, 20, 27]


def test_two_arcano_leeches_of_one_holder_each_take_a_crystal() -> None:
    """Rules 9.2.4, 9.2.5: one crystal per Leech card, all at once, even for a free card."""
    s = turn()
    p0, p1 = s.players
    put(s, 1, 33, 33)
    setup(p0, crystals=1, gauge=1, hand=[15])
    assert refusal(s, "p0 summon 15") == "summon.too_few_crystals"
    p0.crystals = 2
    events = act(s, "p0 summon 15")
    gifts = [(e["to"], e["crystals"]) for e in named(events, "crystals_given")]
    assert gifts == [(1, 1), (1, 1)] and p1.crystals == 2 and p0.crystals == 0


def test_two_cursed_treatises_each_empty_the_reserve_when_they_go() -> None:
    """Rules 9.6.3, 14 card 42: the copy sacrificed empties the reserve; the other stays, and
    empties it again when it goes in turn."""
    s = turn()
    p0, p1 = s.players
    a, b = put(s, 1, 42, 42)
    p1.reserve = [2, 2, 0, 0]
    setup(p0, reserve=(0, 0, 6, 0), gauge=2, hand=[10, 10])
    act(s, "p0 summon 10")
    act(s, f"p1 sacrifice {a}")
    assert p1.reserve == [0, 0, 0, 0] and [c["uid"] for c in p1.play] == [b]
    p1.reserve = [0, 3, 0, 0]  # energies since
    act(s, "p0 summon 10")  # the other one, without a choice
    assert cards(p1) == [] and p1.reserve == [0, 0, 0, 0] and s.discard_log == [42, 42]


#: Cards whose two copies are shown acting on their own in another file.
ELSEWHERE = {
    8: "test_seasons_turn.py::test_a_purse_of_io_adds_a_crystal_per_energy_and_copies_add_up",
    41: (
        "test_seasons_turn.py::"
        "test_thieving_fairies_take_a_crystal_from_the_activator_and_one_from_the_supply"
    ),
}
#: Cards with a test of their own above.
ALONE = {
    4: test_two_amulets_of_water_each_hold_their_own_tokens,
    15: test_two_dice_of_malice_each_reroll_once,
    18: test_two_grimoires_hold_ten_until_the_last_one_goes,
    20: test_two_hands_of_fortune_each_waive_a_token,
    33: test_two_arcano_leeches_of_one_holder_each_take_a_crystal,
    42: test_two_cursed_treatises_each_empty_the_reserve_when_they_go,
}


def test_every_card_with_more_than_an_entry_effect_has_a_two_copies_test() -> None:
    """Rules 9.4.1, 16.3: every card with a trigger (a permanent effect, an activation, an
    end-of-round, season-change, end-of-game or "whenever you summon" effect) is tested with
    two copies in play."""
    triggered = {
        number
        for number, card in CARDS.items()
        if card.activation
        or card.end_of_round
        or card.season_change
        or card.end_of_game
        or card.on_summon
        or card.modifiers
        or card.before_die
    }
    tables = (ACTIVATED, AT_ROUND_END, AT_SEASON_CHANGE, AT_GAME_END, ON_SUMMON)
    tested = {case.card for table in tables for case in table} | ALONE.keys()
    assert sorted(triggered - tested - ELSEWHERE.keys()) == []
    assert sorted((tested | ELSEWHERE.keys()) - triggered) == []
    for where in ELSEWHERE.values():
        path, name = where.split("::")
        assert f"def {name}(" in (ROOT / "tests" / path).read_text(encoding="utf-8"), where


# --- every refusal, where a player could try it ------------------------------------------------


def test_a_payment_refuses_tokens_not_owed_not_held_or_that_leave_the_rest_unpaid() -> None:
    """Rules 7.6, 9.2.3: a Hand of Fortune waives a token that is owed; a token is paid from
    an Amulet that holds it (the reserve pays the rest by itself); and what is waived or paid
    must leave the rest payable."""
    s = turn()
    p = mine(s)
    put(s, 0, 20)
    holder, empty = put(s, 0, 4, 4)
    p.play[1]["stored"] = [1, 0, 0, 0]
    setup(p, reserve=(1, 1, 1, 0), gauge=4, hand=[27])
    act(s, "p0 summon 27")  # W E F A, one token waived: it has to be the A
    assert stage(s, 0) == "pay"
    assert refusal(s, "p0 lower W") == "pay.cannot_then"  # the A could then not be paid
    assert refusal(s, "p0 spend E") == "pay.from_the_reserve"  # no Amulet holds E
    assert refusal(s, f"p0 spend_stored {empty} W") == "energy.none_stored"
    act(s, "p0 lower A")
    assert stage(s, 0) == "pay"  # the W: from the reserve or the Amulet
    assert refusal(s, "p0 lower A") == "pay.not_owed"
    assert refusal(s, "p0 lower W") == "pay.nothing_waived"  # one Hand, one token
    act(s, f"p0 spend_stored {holder} W")
    assert p.reserve == [1, 0, 0, 0] and p.play[1]["stored"] == [0, 0, 0, 0]
    assert stage(s, 0) == "actions"


def test_elemental_amulet_picks_different_types_one_has() -> None:
    """Rules 14 card 31: 1 to 4 different types, a token of each paid."""
    s = turn()
    setup(mine(s), reserve=(1, 1, 0, 1), gauge=1, hand=[31])
    act(s, "p0 summon 31")
    assert stage(s, 0) == "pick_types"
    assert refusal(s, "p0 pick W W") == "pick.different_types"
    assert refusal(s, "p0 pick W X") == "pick.different_types"
    assert refusal(s, "p0 pick E F") == "pick.none_of_it"


def test_balance_of_ishtar_spends_three_of_one_type_and_only_of_it() -> None:
    """Rules 14 card 5: the type chosen must have three; then the three are of that type
    (from the reserve or an Amulet of Water)."""
    s = turn()
    p = mine(s)
    (amulet,) = put(s, 0, 4)
    (balance,) = put(s, 0, 5)
    p.play[0]["stored"] = [1, 0, 0, 0]
    p.reserve = [3, 1, 0, 3]
    act(s, f"p0 activate {balance}")
    assert options(s, 0) == ["p0 spend W", "p0 spend A"]
    assert refusal(s, "p0 spend E") == "ishtar.too_few"
    assert refusal(s, "p0 spend X") == "energy.unknown"
    act(s, "p0 spend W")
    assert options(s, 0) == ["p0 spend W", f"p0 spend_stored {amulet} W"]
    assert refusal(s, "p0 spend A") == "energy.one_type"
    for _ in range(3):
        act(s, "p0 spend W")
    assert p.reserve == [0, 1, 0, 3] and p.crystals == 9 and stage(s, 0) == "actions"


def test_mirror_of_the_seasons_needs_a_crystal_and_a_reserve_energy_and_counts_them() -> None:
    """Rules 7.7, 14 card 47: X c and X energies of the reserve, X at least 1; Amulet of Water
    tokens do not count."""
    s = turn()
    p = mine(s)
    put(s, 0, 4)
    (mirror,) = put(s, 0, 47)
    p.play[0]["stored"] = [0, 4, 0, 0]
    setup(p, crystals=0, reserve=(0, 3, 0, 0))
    assert refusal(s, f"p0 activate {mirror}") == "activate.mirror_needs"  # no crystal
    setup(p, crystals=5, reserve=(0, 0, 0, 0))
    assert refusal(s, f"p0 activate {mirror}") == "activate.mirror_needs"  # the Amulet's only
    p.reserve = [0, 3, 0, 0]
    act(s, f"p0 activate {mirror}")
    assert refusal(s, "p0 mirror E A 4") == "mirror.count"  # three E only
    assert refusal(s, "p0 mirror E A 0") == "mirror.count"
    act(s, "p0 mirror E A 3")
    assert p.reserve == [0, 0, 0, 3] and p.crystals == 2


def test_tree_of_light_refuses_an_option_it_cannot_pay() -> None:
    """Rules 9.5.3, 14 card 32: 3 c for an energy, or an energy for the right. These checks
    leave the other option to be taken by itself; here the crystals and the energy are taken
    away by hand while both are offered."""
    s = turn()
    p = mine(s)
    (tree,) = put(s, 0, 32)
    setup(p, crystals=3, reserve=(0, 1, 0, 0))
    act(s, f"p0 activate {tree}")
    assert options(s, 0) == ["p0 option energy", "p0 option transmute"]
    assert refusal(s, "p0 option sing") == "option.unknown"
    p.crystals = 2
    assert refusal(s, "p0 option energy") == "tree.too_few_crystals"
    setup(p, crystals=3, reserve=(0, 0, 0, 0))
    assert refusal(s, "p0 option transmute") == "tree.no_energy"


def test_crystal_orb_refuses_what_it_cannot_pay_and_cards_not_on_top() -> None:
    """Rules 9.3.1, 14 card 34: a bury costs 3 c; only the top card looked at goes into play,
    for 4 energies. The payment checks leave the other option to be taken by itself; here
    what pays is taken away by hand while both are offered."""
    s = turn()
    p = mine(s)
    (orb,) = put(s, 0, 34)
    setup(p, crystals=3, reserve=(1, 1, 1, 1), gauge=2)
    s.pile = [3, 29]
    act(s, f"p0 activate {orb}")
    assert options(s, 0) == ["p0 option look", "p0 option bury"]
    assert refusal(s, "p0 option peek") == "option.unknown"
    p.crystals = 2
    assert refusal(s, "p0 option bury") == "orb.too_few_crystals"
    p.crystals = 3
    act(s, "p0 option look")
    assert options(s, 0) == ["p0 put_back", "p0 play 3"]
    assert refusal(s, "p0 play 29") == "card.not_drawn"  # not the top card
    p.reserve = [1, 1, 1, 0]
    assert refusal(s, "p0 play 3") == "orb.too_few_energies"


def test_necrotic_kriss_takes_familiars_only() -> None:
    """Rules 14 card 44: a familiar discarded from the hand or sacrificed from play."""
    s = turn()
    p = mine(s)
    (kriss,) = put(s, 0, 44)
    (kairn,) = put(s, 0, 16)
    p.hand = [29, 38]
    act(s, f"p0 activate {kriss}")
    assert options(s, 0) == ["p0 discard_card 38", f"p0 sacrifice {kairn}"]
    assert refusal(s, "p0 discard_card 29") == "kriss.not_a_familiar_in_hand"  # an item
    assert refusal(s, "p0 discard_card 12") == "kriss.not_a_familiar_in_hand"  # not in hand
    assert refusal(s, f"p0 sacrifice {kriss}") == "kriss.not_a_familiar_in_play"


def test_syllas_has_each_opponent_sacrifice_a_card_of_their_own() -> None:
    """Rules 9.6.1, 14 card 10: a player sacrifices only their own cards."""
    s = turn()
    p0 = mine(s)
    put(s, 1, 29, 13)
    setup(p0, reserve=(0, 0, 3, 0), gauge=1, hand=[10])
    act(s, "p0 summon 10")
    assert stage(s, 1) == "sacrifice_one"
    (syllas,) = [c["uid"] for c in p0.play]
    assert refusal(s, f"p1 sacrifice {syllas}") == "card.not_in_your_play"


def test_amsug_has_each_player_return_an_item_of_their_own() -> None:
    """Rules 14 card 17: an item, one's own; a familiar stays."""
    s = turn()
    p0 = mine(s)
    put(s, 1, 13, 3)
    (kairn,) = put(s, 1, 16)
    (statue,) = put(s, 0, 29)
    setup(p0, reserve=(1, 0, 0, 1), gauge=2, hand=[17])
    act(s, "p0 summon 17")
    assert stage(s, 1) == "return_item"
    assert refusal(s, f"p1 return_card {kairn}") == "card.not_your_item"  # a familiar
    assert refusal(s, f"p1 return_card {statue}") == "card.not_your_item"  # p0's


def test_amulet_of_fire_keeps_one_of_the_cards_drawn() -> None:
    """Rules 14 card 2: exactly one of the four drawn, no other card."""
    s = turn()
    setup(mine(s), reserve=(0, 0, 2, 0), gauge=1, hand=[2])
    s.pile = [3, 8, 13, 19, 25]
    act(s, "p0 summon 2")
    assert refusal(s, "p0 keep 25") == "card.not_drawn"  # still on the pile


def test_vampiric_crown_draws_only_while_a_card_is_left() -> None:
    """Rules 10.5, 14 card 36: with both piles empty, a card of the hand is discarded."""
    s = turn()
    setup(mine(s), reserve=(1, 0, 0, 1), gauge=1, hand=[36, 1, 3])
    s.pile, s.discard = [], []
    act(s, "p0 summon 36")
    assert options(s, 0) == ["p0 discard_card 1", "p0 discard_card 3"]
    assert refusal(s, "p0 draw_card") == "draw.nothing_left"


def test_the_draw_bonus_needs_two_cards_to_draw() -> None:
    """Rules 11.4, 16.1: it is refused with fewer than 2 cards in the piles, which leaves the
    one-card draw to be taken by itself; here the piles are emptied by hand while both are
    offered."""
    s = draw_turn([13, 27])
    assert stage(s, 0) == "card_symbol"
    s.pile = [13]
    assert refusal(s, "p0 bonus_draw") == "bonus.draw_too_few"


def test_actions_that_are_no_action_of_the_game_are_refused() -> None:
    """What a page or a record might send: a seat the game has not, a verb it has not, fields
    that are not the verb's."""
    s = turn()

    def rule(action: dict[str, object]) -> str | None:
        why = SEASONS.why_not(s, action)
        return None if why is None else why.rule

    assert refusal(s, "p5 end") == "action.unknown_seat"
    assert rule({"p": 0, "do": "fly"}) == "action.unknown_verb"
    assert rule({"p": 0, "do": "end", "card": 3}) == "action.malformed"
    assert rule({"p": "0", "do": "end"}) == "action.malformed"
    assert rule({"p": 0, "do": "summon", "card": "3"}) == "action.malformed"


#: The first argument of a Refusal: a rule id, or two in a conditional expression.
REFUSAL = re.compile(r'Refusal\(\s*"([\w.]+)"(?:\s+if\s[^"]*?\selse\s+"([\w.]+)")?')


def refusal_ids() -> set[str]:
    sources = [*(ROOT / "seasons").glob("*.py"), *(ROOT / "tabletop").glob("*.py")]
    return {
        rule
        for path in sources
        for match in REFUSAL.finditer(path.read_text(encoding="utf-8"))
        for rule in match.groups()
        if rule
    }


def test_every_refusal_in_the_source_is_met_by_a_test() -> None:
    """Every rule id seasons/ and tabletop/ refuse with is named in a Seasons test (this file
    asserts the ones the others do not), so a new refusal comes with its test."""
    found = refusal_ids()
    assert len(found) > 50 and "draft.not_in_packet" in found
    tests = "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "tests").glob("test_seasons_*.py")
    )
    assert sorted(rule for rule in found if f'"{rule}"' not in tests) == []
