"""Seasons (seasons/), a player's turn: the menu (summon, transmute, the bonus actions,
activate), what a summon costs (free slots, player counts, Hand of Fortune, Arcano Leech) and
what it sets off (Staff of Spring, Yjang's Vase), Thieving Fairies, and the cards' effects,
each in a situation its text describes and at its edges.

Each test starts at p0's actions in the first round of a two-player (or larger) game, with
every hand, library, reserve, crystal and gauge emptied, and sets up the rest by hand. The
rules are docs/seasons-rules.md, cited as "rules 9.2.3" and by card number (without the
section sign: tests/test_rules_doc.py reads test files against Castle's rules).
"""

from __future__ import annotations

from collections.abc import Sequence

from seasons_scenario import IN_ORDER, act, named, options, refusal, stage

from seasons import SEASONS
from seasons.game import start
from seasons.state import Player, State, in_play
from seasons.view import HIDDEN
from tabletop import chance
from tabletop.stage import Events

#: Every die's first face: Wi1 1F star transmute (3), Wi2 2W star (3), Wi3 2W star (1), Wi4
#: 1A 1W transmute (1).
FIRST_FACES = (1, 1, 1, 1, 1)


def turn(players: int = 2, right: bool = False, position: int = 1) -> State:
    """p0's actions in round 1 (p0 first), with the right to transmute or not (p0's die Wi1 or
    Wi2); the time die is one of 1 pip. Nothing anywhere but in the piles."""
    with chance.forcing(season_dice=IN_ORDER, decks=[[3, 1, 0, 2]]):
        s, _ = start({"players": players, "seed": 1, "level": "apprentice", "start_player": 0})
    with chance.forcing(season_die=FIRST_FACES[: players + 1]):
        while stage(s, SEASONS.asked(s)[0]) == "split":
            for seat in SEASONS.asked(s):
                SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    act(s, f"p0 take {'Wi1' if right else 'Wi2'}")
    while stage(s, 0) != "actions":
        seat = SEASONS.asked(s)[0]
        SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    for p in s.players:
        p.hand, p.libraries, p.reserve, p.crystals, p.gauge = [], [[], []], [0, 0, 0, 0], 0, 0
    s.position = position
    return s


def put(s: State, seat: int, *cards: int) -> list[int]:
    """Cards into `seat`'s play, ready; their uids."""
    entering = [in_play(s, card) for card in cards]
    s.players[seat].play.extend(entering)
    return [c["uid"] for c in entering]


def setup(
    p: Player,
    crystals: int = 0,
    reserve: Sequence[int] = (0, 0, 0, 0),
    gauge: int = 0,
    hand: Sequence[int] = (),
) -> None:
    p.crystals, p.reserve, p.gauge, p.hand = crystals, list(reserve), gauge, list(hand)


def play_on(s: State, until: int, faces: Sequence[int] = FIRST_FACES) -> Events:
    """Every turn ended and every other question answered by its first option, until round
    `until` begins (its roll: `faces`) or the game is over."""
    events: Events = []
    with chance.forcing(season_die=faces[: s.n + 1]):
        while not s.over and s.round < until:
            seat = SEASONS.asked(s)[0]
            if stage(s, seat) == "actions":
                events += act(s, f"p{seat} end")
            else:
                events += SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    return events


def cards(p: Player) -> list[int]:
    return [c["card"] for c in p.play]


# --- the menu and summoning (rules 6.3, 9.2) ---------------------------------------------------


def test_the_menu_lists_what_is_allowed_and_is_asked_again_until_the_end() -> None:
    s = turn()
    p = s.players[0]
    setup(p, crystals=20, reserve=(0, 0, 0, 2), gauge=1, hand=[1, 22])
    assert SEASONS.prompt(s, 0)["kind"] == "menu"  # type: ignore[index]
    assert options(s, 0) == [
        "p0 summon 1",
        "p0 summon 22",
        "p0 exchange",
        "p0 transmute_bonus",
        "p0 gauge_bonus",
        "p0 end",
    ]
    act(s, "p0 summon 22")
    assert stage(s, 0) == "actions" and cards(p) == [22] and p.crystals == 0
    assert refusal(s, "p0 summon 1") == "summon.no_free_slot"
    act(s, "p0 end")
    assert SEASONS.asked(s) == [1]


def test_a_summon_needs_a_free_slot_and_its_whole_cost() -> None:
    s = turn()
    p = s.players[0]
    setup(p, crystals=19, reserve=(0, 0, 0, 1), gauge=0, hand=[1, 22])
    assert refusal(s, "p0 summon 1") == "summon.no_free_slot"
    p.gauge = 1
    assert refusal(s, "p0 summon 1") == "summon.too_few_energies"  # 2A
    assert refusal(s, "p0 summon 22") == "summon.too_few_crystals"  # 20c
    assert refusal(s, "p0 summon 3") == "card.not_in_hand"
    p.reserve = [3, 0, 0, 2]
    events = act(s, "p0 summon 1")
    assert {"e": "summoned", "p": 0, "card": 1} in events
    assert p.reserve == [3, 0, 0, 0] and p.hand == [22]
    assert p.play[-1]["card"] == 1 and p.play[-1]["turned"] is False
    assert p.gauge == 3  # Amulet of Air's gauge + 2


def test_a_card_costs_by_the_player_count() -> None:
    """Figrim the Avaricious (card 11): 3c, 6c or 9c with 2, 3 or 4 players."""
    for players, price in ((2, 3), (3, 6), (4, 9)):
        s = turn(players)
        p = s.players[0]
        setup(p, crystals=price - 1, gauge=1, hand=[11])
        assert refusal(s, "p0 summon 11") == "summon.too_few_crystals", players
        p.crystals = price
        act(s, "p0 summon 11")
        assert cards(p) == [11] and p.crystals == 0, players


def test_thieving_fairies_are_free_with_two_players_only() -> None:
    s = turn(2)
    setup(s.players[0], gauge=1, hand=[41])
    act(s, "p0 summon 41")
    assert cards(s.players[0]) == [41]
    s = turn(3)
    setup(s.players[0], crystals=2, gauge=1, hand=[41])
    assert refusal(s, "p0 summon 41") == "summon.too_few_crystals"


def test_a_hand_of_fortune_waives_one_token_of_the_summoners_choice() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 20)
    setup(p, reserve=(1, 1, 1, 1), gauge=3, hand=[27, 27])
    act(s, "p0 summon 27")  # Hourglass of Time: W E F A
    assert stage(s, 0) == "pay"
    assert options(s, 0) == ["p0 lower W", "p0 lower E", "p0 lower F", "p0 lower A"]
    act(s, "p0 lower F")
    assert p.reserve == [0, 0, 1, 0] and stage(s, 0) == "actions"
    # with no water left, the water is the token waived: no question
    p.reserve = [0, 1, 1, 1]
    act(s, "p0 summon 27")
    assert p.reserve == [0, 0, 0, 0] and stage(s, 0) == "actions"
    assert cards(p) == [20, 27, 27]


def test_hands_of_fortune_never_take_the_energy_below_one_token_nor_touch_crystals() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 20, 20)
    setup(p, crystals=20, reserve=(0, 0, 0, 1), gauge=6, hand=[1, 42, 22])
    act(s, "p0 summon 1")  # 2A: two Hands, yet one token paid
    assert p.reserve == [0, 0, 0, 0]
    assert refusal(s, "p0 summon 42") == "summon.too_few_energies"  # W: one token, not lowered
    p.reserve = [1, 0, 0, 0]
    act(s, "p0 summon 42")
    assert p.reserve[0] == 0
    act(s, "p0 gain W")  # Cursed Treatise's two energies
    act(s, "p0 gain W")
    p.crystals = 19
    assert refusal(s, "p0 summon 22") == "summon.too_few_crystals"  # 20c: never lowered


def test_each_arcano_leech_takes_a_crystal_from_the_summoner() -> None:
    s = turn(3)
    p = s.players[0]
    put(s, 1, 33)
    put(s, 2, 33)
    setup(p, crystals=1, gauge=2, hand=[7, 3])
    assert refusal(s, "p0 summon 7") == "summon.too_few_crystals"  # free, yet 2 Leeches
    p.crystals, p.reserve = 5, [0, 2, 0, 0]
    events = act(s, "p0 summon 3")  # Amulet of Earth: 2E, then +9 c
    gifts = named(events, "crystals_given")
    assert [(e["to"], e["crystals"]) for e in gifts] == [(1, 1), (2, 1)]
    assert s.players[1].crystals == 1 and s.players[2].crystals == 1
    assert p.crystals == 5 - 2 + 9
    own = turn(2)
    put(own, 0, 33)
    setup(own.players[0], gauge=2, hand=[7])
    act(own, "p0 summon 7")  # one's own Leech takes nothing
    assert cards(own.players[0]) == [33, 7]


def test_staff_of_spring_gives_3_crystals_on_each_later_summon() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(0, 3, 0, 0), gauge=3, hand=[6, 7, 15])
    act(s, "p0 summon 6")
    assert p.crystals == 0  # not on its own summoning
    act(s, "p0 summon 7")
    assert stage(s, 0) == "boots"
    act(s, "p0 move 1")
    act(s, "p0 summon 15")
    assert p.crystals == 6


def test_staff_of_spring_pays_before_the_summoned_cards_entry_effect() -> None:
    """Rules 9.2.6-7: the "whenever you summon" effects, then the entry: Sid Nightshade
    (card 49) sees the Staff's 3 c."""
    s = turn()
    p0, p1 = s.players
    put(s, 0, 6)
    setup(p0, crystals=5, reserve=(0, 1, 0, 0), gauge=2, hand=[49])
    p1.crystals = 7
    act(s, "p0 summon 49")
    assert (p0.crystals, p1.crystals) == (5 + 3 + 5, 2)


def test_yjangs_vase_gives_an_energy_on_each_later_summon() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 30, 30)
    setup(p, gauge=4, hand=[15])
    act(s, "p0 summon 15")
    assert stage(s, 0) == "gain"  # one energy of p0's choice, for each Vase
    assert options(s, 0) == ["p0 gain W", "p0 gain E", "p0 gain F", "p0 gain A"]
    act(s, "p0 gain E")
    act(s, "p0 gain A")
    assert p.reserve == [0, 1, 0, 1] and stage(s, 0) == "actions"


# --- transmutation (rules 8) -------------------------------------------------------------------


def test_transmuting_needs_the_right_to() -> None:
    s = turn(right=False)
    s.players[0].reserve = [1, 1, 1, 1]
    assert refusal(s, "p0 transmute E") == "transmute.no_right"
    assert "p0 transmute E" not in options(s, 0)


def test_each_energy_transmutes_at_the_current_seasons_rate() -> None:
    rates = {1: (1, 3, 2, 1), 4: (1, 1, 3, 2), 7: (2, 1, 1, 3), 10: (3, 2, 1, 1)}
    for position, rate in rates.items():
        s = turn(right=True, position=position)
        p = s.players[0]
        for kind, energy in enumerate("WEFA"):
            p.reserve, p.crystals = [0, 0, 0, 0], 0
            p.reserve[kind] = 1
            events = act(s, f"p0 transmute {energy}")
            assert p.crystals == rate[kind], (position, energy)
            assert {"e": "transmuted", "p": 0, "energy": energy} in events
    assert refusal(s, "p0 transmute W") == "energy.none_of_it"


def test_a_purse_of_io_adds_a_crystal_per_energy_and_copies_add_up() -> None:
    s = turn(right=True)
    p = s.players[0]
    put(s, 0, 8)
    p.reserve = [2, 0, 0, 0]
    act(s, "p0 transmute W")
    assert p.crystals == 2
    put(s, 0, 8)
    act(s, "p0 transmute W")
    assert p.crystals == 2 + 3


def test_the_transmute_bonus_gives_the_right_and_one_more_crystal_from_then_on() -> None:
    s = turn(right=False)
    p = s.players[0]
    p.reserve = [3, 0, 0, 0]
    events = act(s, "p0 transmute_bonus")
    assert {"e": "bonus_used", "p": 0, "bonus": "transmute_bonus"} in events
    act(s, "p0 transmute W")
    assert p.crystals == 2 and p.bonuses == 1
    act(s, "p0 transmute_bonus")
    act(s, "p0 transmute W")
    assert p.crystals == 2 + 3 and p.bonuses == 2
    put(s, 0, 8)
    act(s, "p0 transmute W")
    assert p.crystals == 5 + 4  # 1 + Purse + two bonuses


def test_the_transmute_bonus_adds_nothing_to_energies_transmuted_before_it() -> None:
    s = turn(right=True)
    p = s.players[0]
    p.reserve = [2, 0, 0, 0]
    act(s, "p0 transmute W")
    act(s, "p0 transmute_bonus")
    act(s, "p0 transmute W")
    assert p.crystals == 1 + 2


def test_the_right_and_the_bonus_last_for_the_turn_only() -> None:
    s = turn(right=False)
    p0, p1 = s.players
    act(s, "p0 transmute_bonus")
    act(s, "p0 end")  # p1's die Wi1: 1F star transmute
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "actions"
    p1.reserve = [1, 0, 0, 0]
    act(s, "p1 transmute W")
    assert p1.crystals == 1  # p0's bonus is p0's own
    play_on(s, 2)
    assert stage(s, 1) == "take"
    act(s, "p1 take Wi1")
    act(s, "p0 take Wi2")  # no transmute face: the round before's bonus is gone
    act(s, "p1 end")
    p0.reserve = [1, 0, 0, 0]
    assert refusal(s, "p0 transmute W") == "transmute.no_right"


# --- the bonus actions (rules 11) --------------------------------------------------------------


def test_at_most_three_bonus_actions_in_a_game() -> None:
    s = turn()
    p = s.players[0]
    p.reserve, p.hand = [2, 0, 0, 0], [7]  # something left to do: the turn stays open
    for _ in range(3):
        act(s, "p0 gauge_bonus")
    assert p.gauge == 3 and p.bonuses == 3
    for line in ("p0 gauge_bonus", "p0 transmute_bonus", "p0 exchange"):
        assert refusal(s, line) == "bonus.none_left", line
    assert options(s, 0) == ["p0 summon 7", "p0 end"]


def test_the_exchange_spends_exactly_two_energies_and_gains_two() -> None:
    s = turn()
    p = s.players[0]
    p.reserve = [1, 0, 0, 0]
    assert refusal(s, "p0 exchange") == "bonus.exchange_two"
    p.reserve = [1, 0, 0, 5]
    act(s, "p0 exchange")
    assert stage(s, 0) == "spend" and options(s, 0) == ["p0 spend W", "p0 spend A"]
    act(s, "p0 spend A")
    act(s, "p0 spend W")
    assert stage(s, 0) == "gain" and p.reserve == [0, 0, 0, 4]
    act(s, "p0 gain F")
    act(s, "p0 gain F")
    assert p.reserve == [0, 0, 2, 4] and p.bonuses == 1 and stage(s, 0) == "actions"


def test_the_gauge_bonus_is_not_usable_at_fifteen() -> None:
    s = turn()
    p = s.players[0]
    p.gauge = 14
    act(s, "p0 gauge_bonus")
    assert p.gauge == 15
    assert refusal(s, "p0 gauge_bonus") == "bonus.gauge_full"
    assert p.bonuses == 1


# --- activation (rules 9.5) and Thieving Fairies (card 41) -------------------------------------


def test_a_card_is_activated_once_a_round_and_turned_until_its_end() -> None:
    s = turn()
    p = s.players[0]
    (idol,) = put(s, 0, 43)
    put(s, 0, 16, 38)
    act(s, f"p0 activate {idol}")
    assert p.crystals == 2 and p.play[0]["turned"] is True  # two familiars
    assert refusal(s, f"p0 activate {idol}") == "activate.turned"
    assert f"p0 activate {idol}" not in options(s, 0)
    play_on(s, 2)
    assert p.play[0]["turned"] is False  # ready again in the next round


def test_what_cannot_be_activated_is_refused() -> None:
    s = turn()
    uids = put(s, 0, 3, 15)
    assert refusal(s, f"p0 activate {uids[0]}") == "activate.no_activation"
    assert refusal(s, f"p0 activate {uids[1]}") == "activate.before_die"  # Die of Malice
    assert refusal(s, "p0 activate 999") == "activate.not_in_play"
    (theirs,) = put(s, 1, 43)
    assert refusal(s, f"p0 activate {theirs}") == "activate.not_in_play"


def test_thieving_fairies_take_a_crystal_from_the_activator_and_one_from_the_supply() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    (idol,) = put(s, 0, 43)
    put(s, 1, 41)
    put(s, 2, 41, 41)
    p0.crystals = 2
    events = act(s, f"p0 activate {idol}")
    gifts = [(e["to"], e["crystals"]) for e in named(events, "crystals_given")]
    assert gifts == [(1, 1), (2, 1), (2, 0)]  # clockwise, one card at a time
    assert (p1.crystals, p2.crystals) == (2, 3)  # +1 c from the supply in every case
    assert p0.crystals == 0 + 0  # paid 2, then Idol: no familiar of p0's


def test_a_refused_activation_gives_the_fairies_nothing() -> None:
    s = turn()
    p0, p1 = s.players
    (kairn,) = put(s, 0, 16)
    put(s, 1, 41)
    p0.crystals = 3
    assert refusal(s, f"p0 activate {kairn}") == "activate.too_few_energies"
    assert (p0.crystals, p1.crystals) == (3, 0)
    (tree,) = put(s, 0, 32)
    assert refusal(s, f"p0 activate {tree}") == "activate.tree_needs"  # 3 c, 1 to the Fairies


# --- the cards (rules 14), by number -----------------------------------------------------------


def test_01_amulet_of_air_raises_the_gauge_by_two_up_to_fifteen() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(0, 0, 0, 4), gauge=14, hand=[1])
    act(s, "p0 summon 1")
    assert p.gauge == 15


def test_02_amulet_of_fire_draws_four_and_keeps_exactly_one() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(0, 0, 2, 0), gauge=1, hand=[2])
    s.pile = [3, 8, 13, 19, 25]
    act(s, "p0 summon 2")
    assert stage(s, 0) == "looked" and sorted(p.looking) == [3, 8, 13, 19]
    assert options(s, 0) == ["p0 keep 3", "p0 keep 8", "p0 keep 13", "p0 keep 19"]
    act(s, "p0 keep 13")
    assert p.hand == [13] and sorted(p.discarded_seen) == [3, 8, 19]
    assert sorted(s.discard) == [3, 8, 19] and s.discard_log == [] and s.pile == [25]


def test_02_amulet_of_fire_with_fewer_cards_gets_as_many_as_there_are() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(0, 0, 2, 0), gauge=1, hand=[2])
    s.pile, s.discard = [3], []
    act(s, "p0 summon 2")
    assert p.hand == [3] and stage(s, 0) == "actions"  # one card: kept without a choice
    s = turn()
    setup(s.players[0], reserve=(0, 0, 2, 0), gauge=1, hand=[2])
    s.pile, s.discard = [], []
    act(s, "p0 summon 2")
    assert s.players[0].hand == [] and stage(s, 0) == "actions"


def test_03_amulet_of_earth_gives_nine_crystals() -> None:
    s = turn()
    setup(s.players[0], crystals=1, reserve=(0, 2, 0, 0), gauge=1, hand=[3])
    act(s, "p0 summon 3")
    assert s.players[0].crystals == 10


def test_04_amulet_of_water_stores_four_energies_of_ones_choice() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(2, 0, 0, 7), gauge=1, hand=[4])
    act(s, "p0 summon 4")
    assert stage(s, 0) == "store"
    assert options(s, 0) == ["p0 store W", "p0 store E", "p0 store F", "p0 store A"]
    for energy in ("E", "E", "F", "A"):
        act(s, f"p0 store {energy}")
    # from the supply, onto the card: outside the reserve and its limit
    assert p.play[0]["stored"] == [0, 2, 1, 1] and p.reserve == [0, 0, 0, 7]
    assert stage(s, 0) == "actions"


def test_04_amulet_of_water_tokens_pay_summons_and_activations() -> None:
    s = turn()
    p = s.players[0]
    (amulet,) = put(s, 0, 4)
    (kairn,) = put(s, 0, 16)
    p.play[0]["stored"] = [0, 2, 0, 2]
    setup(p, reserve=(0, 1, 0, 0), gauge=3, hand=[3])
    act(s, "p0 summon 3")  # 2E: one E in the reserve, two on the Amulet
    assert stage(s, 0) == "pay"
    assert options(s, 0) == ["p0 spend E", f"p0 spend_stored {amulet} E"]
    act(s, f"p0 spend_stored {amulet} E")
    assert stage(s, 0) == "pay"  # the second E: again from either
    act(s, "p0 spend E")
    assert p.play[0]["stored"] == [0, 1, 0, 2] and p.reserve == [0, 0, 0, 0]
    assert p.crystals == 9
    act(s, f"p0 activate {kairn}")  # its energy from the Amulet alone
    assert options(s, 0) == [f"p0 spend_stored {amulet} E", f"p0 spend_stored {amulet} A"]
    act(s, f"p0 spend_stored {amulet} A")
    assert p.play[0]["stored"] == [0, 1, 0, 1]


def test_04_amulet_of_water_tokens_transmute_but_are_not_the_reserve() -> None:
    s = turn(right=True)
    p = s.players[0]
    (amulet,) = put(s, 0, 4)
    (potion,) = put(s, 0, 26)
    put(s, 0, 13)  # Wondrous Chest: four in the reserve, not on the Amulet
    p.play[0]["stored"] = [0, 3, 0, 1]
    p.reserve = [1, 0, 0, 0]
    assert f"p0 transmute_stored {amulet} E" in options(s, 0)
    act(s, f"p0 transmute_stored {amulet} E")
    assert p.crystals == 3 and p.play[0]["stored"] == [0, 2, 0, 1]
    act(s, f"p0 activate {potion}")  # Potion of Life: the reserve's one energy only
    assert p.crystals == 3 + 4 and p.play[0]["stored"] == [0, 2, 0, 1]
    play_on(s, 2)
    assert p.crystals == 7  # the Chest counts the reserve only


def test_05_balance_of_ishtar_turns_three_energies_of_a_type_into_nine_crystals() -> None:
    s = turn(right=False)
    p = s.players[0]
    (balance,) = put(s, 0, 5)
    p.reserve = [2, 2, 2, 2]
    assert refusal(s, f"p0 activate {balance}") == "activate.too_few_energies"
    p.reserve = [3, 2, 2, 4]
    act(s, f"p0 activate {balance}")
    assert stage(s, 0) == "ishtar" and options(s, 0) == ["p0 spend W", "p0 spend A"]
    act(s, "p0 spend A")
    assert p.reserve == [3, 2, 2, 1] and p.crystals == 9
    assert refusal(s, "p0 transmute W") == "transmute.no_right"  # it gives no right


def test_05_balance_of_ishtar_counts_as_a_transmutation_for_purse_and_bonus() -> None:
    s = turn()
    p = s.players[0]
    (balance,) = put(s, 0, 5)
    put(s, 0, 8)
    p.reserve = [3, 0, 0, 0]
    act(s, "p0 transmute_bonus")
    act(s, f"p0 activate {balance}")
    assert p.crystals == 9 + 3 * 2


def test_07_temporal_boots_move_the_token_forward_or_back_one_to_three() -> None:
    s = turn(position=5)
    p = s.players[0]
    setup(p, gauge=1, hand=[7])
    act(s, "p0 summon 7")
    assert stage(s, 0) == "boots"
    assert options(s, 0) == [f"p0 move {n}" for n in (-3, -2, -1, 1, 2, 3)]
    assert refusal(s, "p0 move 0") == "boots.spaces"
    assert refusal(s, "p0 move 4") == "boots.spaces"
    act(s, "p0 move -2")
    assert s.position == 3 and stage(s, 0) == "actions"


def test_07_temporal_boots_never_go_below_the_first_space() -> None:
    s = turn(position=2)
    setup(s.players[0], gauge=1, hand=[7])
    act(s, "p0 summon 7")
    assert options(s, 0) == [f"p0 move {n}" for n in (-1, 1, 2, 3)]
    assert refusal(s, "p0 move -2") == "boots.before_the_start"


def test_07_a_boots_season_change_triggers_at_once_from_the_boots_holder() -> None:
    s = turn(position=3)
    p0, p1 = s.players
    put(s, 0, 11)  # Figrim
    put(s, 1, 11)
    setup(p0, crystals=0, gauge=3, hand=[7])
    p1.crystals = 2
    act(s, "p0 summon 7")
    events = act(s, "p0 move 1")
    assert s.position == 4 and named(events, "season_changed")
    gifts = [(e["p"], e["to"], e["crystals"]) for e in named(events, "crystals_given")]
    assert gifts == [(1, 0, 1), (0, 1, 1)]  # the holder's Figrim first
    assert (p0.crystals, p1.crystals) == (0, 2)
    p0.reserve = [0, 0, 1, 0]
    s.task["right"] = True  # type: ignore[index]
    act(s, "p0 transmute F")
    assert p0.crystals == 3  # the spring rate at once


def test_07_temporal_boots_into_year_two_bring_the_libraries_in_at_once() -> None:
    s = turn(position=11)
    p0, p1 = s.players
    p0.libraries, p1.libraries = [[3, 13, 29], [1, 2, 25]], [[6, 14, 27], [9, 18, 28]]
    setup(p0, gauge=1, reserve=(0, 2, 0, 0), hand=[7])
    act(s, "p0 summon 7")
    act(s, "p0 move 2")
    assert s.position == 13 and sorted(p0.hand) == [3, 13, 29]
    assert sorted(p1.hand) == [6, 14, 27] and p1.libraries == [[], [9, 18, 28]]
    p0.gauge = 2
    act(s, "p0 summon 3")  # usable at once
    assert p0.crystals == 9
    p0.hand.append(7)
    p0.gauge = 5
    act(s, "p0 summon 7")
    act(s, "p0 move -1")  # back into year 1: the hands keep their cards
    assert s.position == 12 and sorted(p1.hand) == [6, 14, 27]
    play_on(s, 2)
    assert s.position == 13 and sorted(p1.hand) == [6, 14, 27]  # the library joined once


def test_07_temporal_boots_beyond_year_three_end_the_game_after_the_round() -> None:
    s = turn(position=35)
    p0, p1 = s.players
    put(s, 1, 13)  # Wondrous Chest: end-of-round effects still apply
    setup(p0, gauge=1, hand=[7])
    act(s, "p0 summon 7")
    events = act(s, "p0 move 3")
    assert s.position == 38 and named(events, "season_changed") and not s.over
    act(s, "p0 end")
    p1.reserve = [4, 0, 0, 0]
    act(s, "p1 end")
    assert SEASONS.terminal(s) and s.position == 38  # no time move
    assert p1.crystals == 3


def test_07_a_later_boots_move_back_lets_the_game_go_on() -> None:
    s = turn(position=35)
    p0 = s.players[0]
    setup(p0, gauge=2, hand=[7, 7])
    act(s, "p0 summon 7")
    act(s, "p0 move 2")
    act(s, "p0 summon 7")
    act(s, "p0 move -1")
    assert s.position == 36
    play_on(s, 2)
    assert s.over and s.position == 37  # the time die's move ends it, as usual


def test_09_divine_chalice_puts_one_of_four_into_play_free() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 6)  # Staff of Spring: +3 c for the Chalice's summon only
    setup(p, reserve=(1, 1, 1, 1), gauge=3, hand=[9])
    s.pile = [29, 3, 22, 13, 25]
    act(s, "p0 summon 9")
    assert stage(s, 0) == "looked"
    assert options(s, 0) == ["p0 play 3", "p0 play 13", "p0 play 22", "p0 play 29"]
    act(s, "p0 play 3")  # Amulet of Earth, free, its entry effect resolved
    assert cards(p) == [6, 9, 3] and p.crystals == 3 + 9
    assert sorted(p.discarded_seen) == [13, 22, 29] and s.pile == [25]
    assert p.reserve == [0, 0, 0, 0]


def test_09_divine_chalice_without_a_free_slot_discards_all_four() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 1, 1, 1), gauge=1, hand=[9])
    s.pile = [29, 3, 22, 13, 25]
    act(s, "p0 summon 9")
    assert cards(p) == [9] and stage(s, 0) == "actions"
    assert sorted(s.discard) == [3, 13, 22, 29] and sorted(p.discarded_seen) == [3, 13, 22, 29]


def test_09_divine_chalice_without_a_free_slot_never_draws_its_own_discards_again() -> None:
    """Rules 10.5: with two cards left in both piles, it gets those two, once each."""
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 1, 1, 1), gauge=1, hand=[9])
    s.pile, s.discard = [29], [3]
    events = act(s, "p0 summon 9")
    assert len(named(events, "drew")) == 2 and len(named(events, "reshuffled")) == 1
    assert s.pile == [] and sorted(s.discard) == [3, 29] and sorted(p.discarded_seen) == [3, 29]


def test_10_syllas_makes_each_opponent_with_a_card_sacrifice_one() -> None:
    s = turn(3)
    p0, p1, _ = s.players
    treatise, grimoire = put(s, 1, 42, 18)
    setup(p0, reserve=(0, 0, 3, 0), gauge=1, hand=[10])
    p1.reserve = [3, 3, 3, 0]
    act(s, "p0 summon 10")
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "sacrifice_one"
    assert options(s, 1) == [f"p1 sacrifice {treatise}", f"p1 sacrifice {grimoire}"]
    act(s, f"p1 sacrifice {treatise}")  # the Cursed Treatise empties p1's reserve
    assert cards(p1) == [18] and p1.reserve == [0, 0, 0, 0]
    assert s.discard_log == [42]
    assert SEASONS.asked(s) == [0] and stage(s, 0) == "actions"  # p2 had nothing in play
    assert cards(p0) == [10]


def test_10_a_bespelled_grimoire_sacrificed_to_syllas_overflows_its_owner() -> None:
    s = turn()
    p1 = s.players[1]
    (grimoire,) = put(s, 1, 18)
    setup(s.players[0], reserve=(0, 0, 3, 0), gauge=1, hand=[10])
    p1.reserve = [0, 0, 4, 5]
    act(s, "p0 summon 10")  # p1's only card: sacrificed without a choice
    assert grimoire not in [c["uid"] for c in p1.play]
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "overflow"
    act(s, "p1 return_energy A")
    act(s, "p1 return_energy F")
    assert p1.reserve == [0, 0, 3, 4] and stage(s, 0) == "actions"


def test_11_figrim_collects_a_crystal_from_each_opponent_after_a_season_change() -> None:
    s = turn(3, position=3)
    p0, p1, p2 = s.players
    put(s, 0, 11, 11)
    p1.crystals, p2.crystals = 5, 1
    events = play_on(s, 2)
    assert s.position == 4 and named(events, "season_changed")
    assert (p0.crystals, p1.crystals, p2.crystals) == (3, 3, 0)  # two Figrims: one at a time
    events = play_on(s, 3)
    assert s.position == 5 and not named(events, "crystals_given")  # no season change


def test_11_season_change_effects_go_from_the_first_player_of_the_round() -> None:
    """Ruling season_change_order: at the round's end, from the first player of the round
    that ended (p0); with p0 at 0 c, p0's Figrim collects first and then pays p1's."""
    s = turn(position=3)
    p0, p1 = s.players
    put(s, 0, 11)
    put(s, 1, 11)
    p1.crystals = 1
    events = play_on(s, 2)
    gifts = [(e["p"], e["to"], e["crystals"]) for e in named(events, "crystals_given")]
    assert gifts == [(1, 0, 1), (0, 1, 1)]
    assert (p0.crystals, p1.crystals) == (0, 1) and s.first == 1


def test_12_naria_keeps_one_and_gives_one_to_each_opponent() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    setup(p0, crystals=3, gauge=1, hand=[12])
    s.pile = [3, 8, 13, 25]
    act(s, "p0 summon 12")
    assert stage(s, 0) == "naria_keep" and sorted(p0.looking) == [3, 8, 13]
    act(s, "p0 keep 8")
    assert stage(s, 0) == "naria_give"
    act(s, "p0 give 13")  # to p1, the left neighbour, first; the last card to p2
    assert (p0.hand, p1.hand, p2.hand) == ([8], [13], [3])
    assert s.pile == [25] and stage(s, 0) == "actions"
    # p0 knows each gift; p2 knows its own, not p1's
    assert SEASONS.view(s, 0)["players"][1]["hand"] == [13]
    assert SEASONS.view(s, 2)["players"][1]["hand"] == [HIDDEN]
    assert SEASONS.view(s, 2)["players"][2]["hand"] == [3]


def test_12_naria_with_too_few_cards_serves_herself_then_the_left_first() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    setup(p0, crystals=3, gauge=1, hand=[12])
    s.pile, s.discard = [3, 8], []
    act(s, "p0 summon 12")
    act(s, "p0 keep 3")
    assert (p0.hand, p1.hand, p2.hand) == ([3], [8], [])
    assert stage(s, 0) == "actions"


def test_13_wondrous_chest_gives_3_crystals_with_four_energies_at_the_round_end() -> None:
    s = turn()
    p0 = s.players[0]
    put(s, 0, 13)
    p0.reserve = [4, 0, 0, 0]
    play_on(s, 2)
    assert p0.crystals == 3
    p0.reserve = [1, 0, 0, 0]  # and the die's 2W: three
    play_on(s, 3)
    assert p0.crystals == 3


def test_13_ones_own_end_of_round_effects_go_in_the_order_one_chooses() -> None:
    s = turn()
    p0 = s.players[0]
    chest, soul = put(s, 0, 13, 50)
    p0.reserve = [4, 0, 0, 0]
    act(s, "p0 end")
    act(s, "p1 end")
    assert stage(s, 0) == "order" and SEASONS.prompt(s, 0)["kind"] == "order"  # type: ignore[index]
    assert options(s, 0) == [f"p0 order {chest} {soul}", f"p0 order {soul} {chest}"]
    other = SEASONS.copy(s)
    act(s, f"p0 order {soul} {chest}")  # lose 3 of none, then +3
    assert p0.crystals == 3
    act(other, f"p0 order {chest} {soul}")  # +3, then lose them
    assert other.players[0].crystals == 0


def test_13_two_copies_alone_ask_no_order_and_each_checks_its_condition() -> None:
    """Two Wondrous Chests and a Damned Soul: the orders that differ are chest-chest-soul,
    chest-soul-chest and soul-chest-chest, not the six orders of three ids."""
    s = turn()
    p0 = s.players[0]
    put(s, 0, 13, 13)
    p0.reserve = [4, 0, 0, 0]
    act(s, "p0 end")
    act(s, "p1 end")
    assert stage(s, 0) != "order" and p0.crystals == 3 + 3
    s = turn()
    put(s, 0, 13, 13, 50)
    s.players[0].reserve = [4, 0, 0, 0]
    act(s, "p0 end")
    act(s, "p1 end")
    assert stage(s, 0) == "order" and len(options(s, 0)) == 3


def test_14_beggars_horn_gives_an_energy_to_a_reserve_of_one_or_none() -> None:
    s = turn()
    p0 = s.players[0]
    put(s, 0, 14)
    p0.reserve = [0, 0, 0, 1]
    act(s, "p0 end")
    with chance.forcing(season_die=[1, 1, 1]):  # round 2's roll, after the Horn
        act(s, "p1 end")
        assert stage(s, 0) == "gain"
        act(s, "p0 gain E")
    assert p0.reserve == [0, 1, 0, 1]
    p0.reserve = [0, 0, 0, 0]  # and round 2's die, Wi2: 2W
    play_on(s, 3)
    assert p0.reserve == [2, 0, 0, 0]


def test_15_die_of_malice_rerolls_before_the_die_and_gives_2_crystals() -> None:
    s = turn()
    p1 = s.players[1]
    (malice,) = put(s, 1, 15)
    act(s, "p0 end")
    assert stage(s, 1) == "before_die"
    assert options(s, 1) == [f"p1 reroll {malice}", "p1 resolve"]
    with chance.forcing(reroll=[3]):
        events = act(s, f"p1 reroll {malice}")
    assert {"e": "chance", "what": "reroll", "outcome": 3} in events
    # Wi1's face 3: 2W +3c (1), resolved now; 2 c for the reroll
    assert p1.crystals == 2 + 3 and p1.reserve == [2, 0, 0, 0]
    assert stage(s, 1) == "actions" and p1.play[0]["turned"] is True
    assert refusal(s, f"p1 activate {malice}") == "activate.turned"


def test_15_two_dice_of_malice_reroll_twice_in_a_row() -> None:
    s = turn()
    p1 = s.players[1]
    first, second = put(s, 1, 15, 15)
    act(s, "p0 end")
    with chance.forcing(reroll=[5, 2]):
        act(s, f"p1 reroll {first}")
        assert stage(s, 1) == "before_die"
        assert options(s, 1) == [f"p1 reroll {second}", "p1 resolve"]
        act(s, f"p1 reroll {second}")
    assert p1.face == 1 and p1.crystals == 4 and p1.reserve == [2, 0, 0, 0]  # 2W star (2)
    assert p1.gauge == 1


def test_16_kairn_spends_an_energy_and_each_opponent_loses_4_crystals() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    (kairn,) = put(s, 0, 16)
    p0.reserve = [0, 1, 0, 1]
    p1.crystals, p2.crystals = 10, 2
    act(s, f"p0 activate {kairn}")
    assert stage(s, 0) == "spend" and options(s, 0) == ["p0 spend E", "p0 spend A"]
    act(s, "p0 spend A")
    assert p0.reserve == [0, 1, 0, 0]
    assert (p1.crystals, p2.crystals) == (6, 0)  # never below 0


def test_17_amsug_returns_an_item_of_each_player_to_the_hand() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    chest, amulet = put(s, 1, 13, 3)
    put(s, 2, 16)  # a familiar only: nothing to return
    (statue,) = put(s, 0, 29)
    setup(p0, reserve=(1, 0, 0, 1), gauge=3, hand=[17])
    events = act(s, "p0 summon 17")
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "return_item"
    assert options(s, 1) == [f"p1 return_card {chest}", f"p1 return_card {amulet}"]
    act(s, f"p1 return_card {amulet}")
    assert cards(p1) == [13] and p1.hand == [3] and p1.known == [3]
    # p0 last, with one item only: Amsug itself is a familiar and stays
    assert cards(p0) == [17] and p0.hand == [29] and stage(s, 0) == "actions"
    assert cards(p2) == [16]
    assert statue and not named(events, "sacrificed")


def test_17_an_item_amsug_returns_loses_its_stored_tokens() -> None:
    s = turn()
    p0, p1 = s.players
    put(s, 1, 4)
    p1.play[0]["stored"] = [1, 1, 1, 1]
    setup(p0, reserve=(1, 0, 0, 1), gauge=1, hand=[17])
    act(s, "p0 summon 17")  # p1's one item goes back without a choice
    assert p1.play == [] and p1.hand == [4] and p1.reserve == [0, 0, 0, 0]


def test_17_a_cursed_treatise_amsug_returns_is_not_sacrificed() -> None:
    s = turn()
    p0, p1 = s.players
    put(s, 1, 42)
    p1.reserve = [2, 2, 0, 0]
    setup(p0, reserve=(1, 0, 0, 1), gauge=1, hand=[17])
    act(s, "p0 summon 17")
    assert p1.hand == [42] and p1.reserve == [2, 2, 0, 0] and s.discard_log == []


def test_18_bespelled_grimoire_gains_two_and_holds_ten() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(5, 4, 0, 0), gauge=1, hand=[18])
    act(s, "p0 summon 18")
    act(s, "p0 gain F")
    act(s, "p0 gain F")
    assert p.reserve == [4, 3, 2, 0] and stage(s, 0) == "actions"  # 9 held


def test_19_ragfields_helm_needs_strictly_more_cards_in_play() -> None:
    s = turn()
    put(s, 0, 19, 29)
    put(s, 1, 29, 29)
    play_on(s, 2)
    s.position = 36
    play_on(s, 3)
    assert s.result is not None
    assert s.result["seats"][0]["breakdown"]["end_of_game 19"] == 0


def test_21_lewis_greyface_copies_an_opponents_reserve() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    setup(p0, reserve=(1, 0, 1, 3), gauge=1, hand=[21])
    p1.reserve, p2.reserve = [0, 2, 0, 0], [3, 0, 1, 0]
    act(s, "p0 summon 21")
    assert stage(s, 0) == "lewis" and options(s, 0) == ["p0 target p1", "p0 target p2"]
    assert refusal(s, "p0 target p0") == "target.not_an_opponent"
    act(s, "p0 target p2")
    # F A paid, then p2's four copied: seven, and p2 keeps its own
    assert p0.reserve == [4, 0, 1, 2] and p2.reserve == [3, 0, 1, 0]


def test_21_lewis_greyface_overflows_once_after_the_copy() -> None:
    s = turn()
    p0, p1 = s.players
    setup(p0, reserve=(3, 0, 1, 1), gauge=1, hand=[21])
    p1.reserve = [0, 5, 0, 0]
    act(s, "p0 summon 21")  # one opponent: no choice
    assert stage(s, 0) == "overflow" and p0.reserve == [3, 5, 0, 0]
    act(s, "p0 return_energy W")
    assert p0.reserve == [2, 5, 0, 0] and stage(s, 0) == "actions"


def test_22_runic_cube_of_eolis_costs_20_crystals_and_does_nothing_else() -> None:
    s = turn()
    p = s.players[0]
    setup(p, crystals=25, gauge=1, hand=[22])
    events = act(s, "p0 summon 22")
    assert p.crystals == 5 and cards(p) == [22]
    assert [e["e"] for e in events] == ["summoned", "paid"]


def test_23_potion_of_power_is_sacrificed_for_a_card_and_two_gauge() -> None:
    s = turn()
    p = s.players[0]
    (potion,) = put(s, 0, 23)
    p.gauge = 14
    s.pile = [27, 3]
    act(s, f"p0 activate {potion}")
    assert cards(p) == [] and p.hand == [27] and p.gauge == 15
    assert s.discard_log == [23] and s.discard == [23]


def test_24_potion_of_dreams_needs_a_card_in_hand_and_a_slot_after_it_goes() -> None:
    s = turn()
    p = s.players[0]
    (potion,) = put(s, 0, 24)
    put(s, 0, 29)
    p.gauge = 2
    assert refusal(s, f"p0 activate {potion}") == "activate.dreams_needs"  # no card in hand
    p.hand = [22]
    p.gauge = 1
    assert refusal(s, f"p0 activate {potion}") == "activate.dreams_needs"  # 1 card after, gauge 1


def test_24_potion_of_dreams_empties_the_reserve_and_plays_a_card_free() -> None:
    s = turn()
    p0, p1 = s.players
    (potion,) = put(s, 0, 24)
    put(s, 0, 6)  # Staff: not a summon
    put(s, 1, 33)  # Leech: not a summon
    setup(p0, reserve=(2, 0, 1, 0), gauge=2, hand=[22, 3])
    act(s, f"p0 activate {potion}")
    assert p0.reserve == [0, 0, 0, 0] and stage(s, 0) == "dream"
    assert options(s, 0) == ["p0 play 3", "p0 play 22"]
    act(s, "p0 play 22")
    assert cards(p0) == [6, 22] and p0.hand == [3]
    assert p0.crystals == 0 and p1.crystals == 0
    assert s.discard_log == [24]


def test_25_potion_of_knowledge_gains_five_energies_then_overflows() -> None:
    s = turn()
    p = s.players[0]
    (potion,) = put(s, 0, 25)
    p.reserve = [0, 0, 0, 4]
    act(s, f"p0 activate {potion}")
    for _ in range(5):
        act(s, "p0 gain W")
    assert stage(s, 0) == "overflow"
    act(s, "p0 return_energy A")
    act(s, "p0 return_energy A")
    assert p.reserve == [5, 0, 0, 2] and cards(p) == [] and stage(s, 0) == "actions"


def test_26_potion_of_life_transmutes_the_whole_reserve_at_four_each() -> None:
    s = turn(right=False)
    p = s.players[0]
    (potion,) = put(s, 0, 26)
    put(s, 0, 8)  # + Purse of Io
    p.reserve = [1, 2, 0, 1]
    act(s, f"p0 activate {potion}")
    assert p.crystals == 4 * 5 and p.reserve == [0, 0, 0, 0]
    assert cards(p) == [8]
    p.reserve = [1, 0, 0, 0]
    assert refusal(s, "p0 transmute W") == "transmute.no_right"  # gives none


def test_26_potion_of_life_takes_the_transmute_bonus_and_keeps_the_right() -> None:
    s = turn(right=True)
    p = s.players[0]
    (potion,) = put(s, 0, 26)
    p.reserve = [2, 0, 0, 0]
    act(s, "p0 transmute_bonus")
    act(s, f"p0 activate {potion}")
    assert p.crystals == 2 * 5
    p.reserve = [1, 0, 0, 0]
    act(s, "p0 transmute W")  # the right stays
    assert p.crystals == 10 + 2


def test_27_hourglass_of_time_gains_an_energy_after_each_season_change() -> None:
    s = turn(position=3)
    p0 = s.players[0]
    put(s, 0, 27, 27)
    act(s, "p0 end")
    act(s, "p1 end")
    assert stage(s, 0) == "gain"
    act(s, "p0 gain F")
    act(s, "p0 gain W")
    assert p0.reserve == [1, 0, 1, 0] and s.position == 4


def test_28_scepter_of_greatness_gives_3_crystals_per_other_item() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 3, 29, 16)  # two items and a familiar
    setup(p, reserve=(1, 1, 1, 1), gauge=4, hand=[28])
    act(s, "p0 summon 28")
    assert p.crystals == 6


def test_29_olafs_statue_gives_20_crystals() -> None:
    s = turn()
    setup(s.players[0], reserve=(3, 0, 0, 0), gauge=1, hand=[29])
    act(s, "p0 summon 29")
    assert s.players[0].crystals == 20


def test_31_elemental_amulet_pays_a_token_of_each_type_picked_for_its_effects() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 1, 0, 1), gauge=3, hand=[31])
    s.pile = [3, 29]
    act(s, "p0 summon 31")
    assert stage(s, 0) == "pick_types"
    assert "p0 pick W E A" in options(s, 0) and "p0 pick F" not in options(s, 0)
    act(s, "p0 pick E A")
    assert p.reserve == [1, 0, 0, 0] and stage(s, 0) == "elemental_order"
    act(s, "p0 order 3 1")  # air, then earth
    assert p.gauge == 4 and p.crystals == 5 and p.hand == [] and stage(s, 0) == "actions"


def test_31_elemental_amulet_with_a_hand_of_fortune_still_pays_one_token() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 20)
    setup(p, reserve=(0, 0, 1, 0), gauge=3, hand=[31, 31])
    s.pile = [3, 29]
    act(s, "p0 summon 31")
    assert "p0 pick F" in options(s, 0) and "p0 pick W E" not in options(s, 0)  # one paid
    assert refusal(s, "p0 pick W") == "pick.none_of_it"  # never nothing paid
    act(s, "p0 pick F")  # fire only: one token, not lowered; draws 1, kept
    assert p.reserve == [0, 0, 0, 0] and p.hand == [31, 3]
    p.reserve = [1, 1, 0, 0]
    act(s, "p0 summon 31")
    act(s, "p0 pick W E")
    assert stage(s, 0) == "pay"
    act(s, "p0 lower W")  # one token waived, yet both effects
    assert p.reserve == [1, 0, 0, 0]
    act(s, "p0 order 1 0")
    act(s, "p0 gain F")
    act(s, "p0 gain F")
    assert p.crystals == 5 and p.reserve == [1, 0, 2, 0]


def test_31_elemental_amulet_with_a_hand_of_fortune_picks_a_type_it_lacks() -> None:
    """The Hand waives a token of the summoner's choice (rules 9.2.3): holding W and E only,
    it may pick W E F, pay W and E, and still draw for the fire (as a W E F cost is payable)."""
    s = turn()
    p = s.players[0]
    put(s, 0, 20)
    setup(p, reserve=(1, 1, 0, 0), gauge=3, hand=[31])
    s.pile = [3, 29]
    act(s, "p0 summon 31")
    assert "p0 pick W E F" in options(s, 0) and "p0 pick W E F A" not in options(s, 0)
    assert refusal(s, "p0 pick F A") == "pick.none_of_it"  # two lacking, one waived
    act(s, "p0 pick W E F")
    assert p.reserve == [0, 0, 0, 0]  # W and E paid, F waived: nothing left to choose
    act(s, "p0 order 2 1 0")  # fire (draw), earth (+5 c), water (2 energies)
    act(s, "p0 gain A")
    act(s, "p0 gain A")
    assert p.hand == [3] and p.crystals == 5 and p.reserve == [0, 0, 0, 2]


def test_31_elemental_amulet_put_into_play_free_gives_all_four() -> None:
    s = turn()
    p = s.players[0]
    (potion,) = put(s, 0, 24)
    setup(p, gauge=2, hand=[31])
    s.pile = [3, 29]
    act(s, f"p0 activate {potion}")  # Potion of Dreams: the Amulet, free, the only card
    assert stage(s, 0) == "elemental_order" and len(options(s, 0)) == 24
    act(s, "p0 order 0 1 2 3")
    act(s, "p0 gain A")
    act(s, "p0 gain A")
    assert p.reserve == [0, 0, 0, 2] and p.crystals == 5 and p.hand == [3] and p.gauge == 3


def test_32_tree_of_light_buys_an_energy_for_3_crystals() -> None:
    s = turn()
    p = s.players[0]
    (tree,) = put(s, 0, 32)
    p.crystals, p.reserve = 3, [0, 0, 0, 1]
    act(s, f"p0 activate {tree}")
    assert stage(s, 0) == "tree"
    assert options(s, 0) == ["p0 option energy", "p0 option transmute"]
    act(s, "p0 option energy")
    act(s, "p0 gain E")
    assert p.crystals == 0 and p.reserve == [0, 1, 0, 1]
    s = turn()
    (tree,) = put(s, 0, 32)
    s.players[0].crystals = 3
    act(s, f"p0 activate {tree}")  # no energy: the crystals option, taken by itself
    assert stage(s, 0) == "gain"


def test_32_tree_of_light_spends_an_energy_for_the_right_to_transmute() -> None:
    s = turn(right=False)
    p = s.players[0]
    (tree,) = put(s, 0, 32)
    p.reserve = [0, 2, 0, 0]
    act(s, f"p0 activate {tree}")  # no crystals: the energy option only, taken by itself
    assert p.reserve == [0, 1, 0, 0] and stage(s, 0) == "actions"
    act(s, "p0 transmute E")
    assert p.crystals == 3


def test_34_crystal_orb_looks_at_the_top_card_and_puts_it_back() -> None:
    s = turn()
    p0 = s.players[0]
    (orb,) = put(s, 0, 34)
    setup(p0, crystals=3, reserve=(1, 1, 1, 1))
    s.pile = [29, 3]
    act(s, f"p0 activate {orb}")
    assert stage(s, 0) == "orb" and options(s, 0) == ["p0 option look", "p0 option bury"]
    events = act(s, "p0 option look")  # no free slot: put back, with no other choice
    assert {"e": "looked_at_top", "p": 0, "shown": [0]} in events
    assert {"e": "put_back", "p": 0} in events and stage(s, 0) == "actions"
    assert s.pile == [29, 3] and p0.pile_top == 29 and p0.reserve == [1, 1, 1, 1]
    assert SEASONS.view(s, 1)["players"][0]["pile_top"] != 29


def test_34_crystal_orb_plays_the_top_card_free_for_four_energies() -> None:
    s = turn()
    p0 = s.players[0]
    (orb,) = put(s, 0, 34)
    setup(p0, reserve=(1, 1, 1, 2), gauge=2)
    s.pile = [3, 29]
    act(s, f"p0 activate {orb}")  # no crystals to bury it: looking, taken by itself
    assert options(s, 0) == ["p0 put_back", "p0 play 3"]
    act(s, "p0 play 3")
    for energy in ("A", "A", "W", "E"):
        act(s, f"p0 spend {energy}")
    assert p0.reserve == [0, 0, 1, 0] and cards(p0) == [34, 3] and p0.crystals == 9
    assert s.pile == [29]


def test_34_crystal_orb_buries_the_top_card_for_3_crystals() -> None:
    s = turn()
    p0 = s.players[0]
    (orb,) = put(s, 0, 34)
    p0.crystals = 3
    s.pile = [3, 29]
    act(s, f"p0 activate {orb}")
    act(s, "p0 option bury")
    assert s.pile == [29] and s.discard == [3] and p0.crystals == 0
    assert s.discard_log == [] and p0.discarded_seen == []  # seen by nobody


def test_34_crystal_orb_needs_a_card_in_the_piles() -> None:
    s = turn()
    (orb,) = put(s, 0, 34)
    s.pile, s.discard = [], []
    assert refusal(s, f"p0 activate {orb}") == "activate.orb_no_cards"


def test_35_glutton_cauldron_stores_energies_and_pays_at_seven() -> None:
    s = turn()
    p = s.players[0]
    (cauldron,) = put(s, 0, 35)
    assert refusal(s, f"p0 activate {cauldron}") == "activate.too_few_energies"
    p.play[0]["stored"] = [2, 2, 2, 0]
    p.reserve = [0, 0, 0, 7]
    act(s, f"p0 activate {cauldron}")  # one type only: no choice
    assert stage(s, 0) == "overflow" and cards(p) == [] and p.crystals == 15
    assert p.reserve == [2, 2, 2, 7]
    for energy in ("A", "A", "A", "A", "A", "A"):
        act(s, f"p0 return_energy {energy}")
    assert sum(p.reserve) == 7 and s.discard_log == [35]


def test_35_glutton_cauldron_below_seven_just_stores() -> None:
    s = turn()
    p = s.players[0]
    (cauldron,) = put(s, 0, 35)
    p.reserve = [1, 0, 0, 1]
    act(s, f"p0 activate {cauldron}")
    act(s, "p0 spend W")
    assert p.play[0]["stored"] == [1, 0, 0, 0] and p.reserve == [0, 0, 0, 1]


def test_36_vampiric_crown_gains_the_pp_of_the_card_discarded_or_drawn() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 0, 0, 1), gauge=1, hand=[36, 1])
    s.pile = [29, 3]
    act(s, "p0 summon 36")
    assert stage(s, 0) == "crown"
    assert options(s, 0) == ["p0 discard_card 1", "p0 draw_card"]
    act(s, "p0 discard_card 1")  # Amulet of Air: 6 PP, shown
    assert s.discard_log == [1] and p.hand == []
    for _ in range(6):
        act(s, "p0 gain E")
    assert p.reserve == [0, 6, 0, 0]


def test_36_vampiric_crown_drawing_a_card_of_no_pp_gains_nothing() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 0, 0, 1), gauge=1, hand=[36])
    s.pile = [29, 3]
    events = act(s, "p0 summon 36")
    assert p.hand == [29] and p.known == [29] and p.reserve == [0, 0, 0, 0]  # drawn, shown
    assert {"e": "shown", "p": 0, "card": 29, "shown": "all"} in events
    assert SEASONS.view(s, 1)["players"][0]["hand"] == [29]


def test_37_dragon_skull_sacrifices_three_cards_for_15_crystals() -> None:
    s = turn()
    p = s.players[0]
    skull, *_ = put(s, 0, 37, 29)
    assert refusal(s, f"p0 activate {skull}") == "activate.skull_needs"
    (treatise,) = put(s, 0, 42)
    p.reserve = [3, 0, 0, 0]
    act(s, f"p0 activate {skull}")
    assert stage(s, 0) == "sacrifice_one"
    act(s, f"p0 sacrifice {treatise}")
    assert p.reserve == [0, 0, 0, 0]  # the Treatise, sacrificed
    act(s, f"p0 sacrifice {skull}")  # the Skull may be one of them
    assert cards(p) == [] and p.crystals == 15  # the last card: taken by itself
    assert sorted(s.discard_log) == [29, 37, 42]


def test_38_demon_of_argos_lowers_each_opponents_gauge_and_gives_them_a_card() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    put(s, 1, 29, 29)
    p1.gauge, p2.gauge = 2, 0
    setup(p0, reserve=(1, 1, 1, 1), gauge=1, hand=[38])
    s.pile = [3, 8, 13]
    act(s, "p0 summon 38")
    assert (p1.gauge, p2.gauge) == (1, 0)
    assert (p1.hand, p2.hand) == ([3], [8]) and cards(p1) == [29, 29]  # nothing sacrificed


def test_39_titus_collects_from_each_opponent_and_goes_if_one_had_none() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    put(s, 0, 39)
    p1.crystals, p2.crystals = 4, 1
    play_on(s, 2)
    assert (p0.crystals, p1.crystals, p2.crystals) == (2, 3, 0) and cards(p0) == [39]
    play_on(s, 3)
    assert (p0.crystals, p1.crystals, p2.crystals) == (3, 2, 0)
    assert cards(p0) == [] and s.discard_log == [39]


def test_40_air_elemental_turns_each_opponents_energies_into_air() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    setup(p0, reserve=(1, 0, 0, 3), gauge=1, hand=[40])
    p1.reserve, p2.reserve = [1, 2, 3, 0], [0, 0, 0, 0]
    act(s, "p0 summon 40")
    assert p1.reserve == [0, 0, 0, 6] and p2.reserve == [0, 0, 0, 0]
    assert p0.reserve == [1, 0, 0, 0]


def test_42_cursed_treatise_gains_two_energies_10_crystals_and_a_gauge() -> None:
    s = turn()
    p = s.players[0]
    setup(p, reserve=(1, 0, 0, 0), gauge=1, hand=[42])
    act(s, "p0 summon 42")
    act(s, "p0 gain E")
    act(s, "p0 gain E")
    assert p.reserve == [0, 2, 0, 0] and p.crystals == 10 and p.gauge == 2


def test_43_idol_of_the_familiar_gives_10_on_entry_and_a_crystal_per_familiar() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 16, 16)
    setup(p, reserve=(1, 1, 1, 1), gauge=3, hand=[43])
    act(s, "p0 summon 43")
    assert p.crystals == 10
    (idol,) = [c["uid"] for c in p.play if c["card"] == 43]
    act(s, f"p0 activate {idol}")
    assert p.crystals == 12


def test_44_necrotic_kriss_takes_a_familiar_for_four_energies() -> None:
    s = turn()
    p = s.players[0]
    (kriss,) = put(s, 0, 44)
    p.hand = [29]
    assert refusal(s, f"p0 activate {kriss}") == "activate.kriss_needs"
    (familiar,) = put(s, 0, 16)
    p.hand = [29, 38]
    act(s, f"p0 activate {kriss}")
    assert options(s, 0) == ["p0 discard_card 38", f"p0 sacrifice {familiar}"]
    act(s, "p0 discard_card 38")  # shown to all
    assert s.discard_log == [38] and p.hand == [29]
    for _ in range(4):
        act(s, "p0 gain F")
    assert p.reserve == [0, 0, 4, 0] and cards(p) == [44, 16]


def test_45_lantern_of_xidit_gives_3_crystals_per_energy_in_the_reserve() -> None:
    s = turn(position=36)
    p0 = s.players[0]
    put(s, 0, 45, 45)  # two Lanterns: each on its own
    p0.reserve = [1, 1, 0, 0]
    act(s, "p0 end")
    act(s, "p1 end")
    assert s.result is not None
    breakdown = s.result["seats"][0]["breakdown"]
    assert breakdown["end_of_game 45"] == breakdown["end_of_game 45/2"] == 3 * 2


def test_46_sealed_chest_needs_no_familiar_in_play() -> None:
    s = turn(position=36)
    put(s, 0, 46)
    put(s, 1, 46, 16)
    play_on(s, 2)
    assert s.result is not None
    assert [row["breakdown"]["end_of_game 46"] for row in s.result["seats"]] == [20, 0]


def test_47_mirror_of_the_seasons_swaps_x_energies_of_a_type_for_x_crystals() -> None:
    s = turn()
    p = s.players[0]
    (mirror,) = put(s, 0, 47)
    setup(p, crystals=2, reserve=(0, 3, 0, 0))
    act(s, f"p0 activate {mirror}")
    assert stage(s, 0) == "mirror"
    assert "p0 mirror E W 2" in options(s, 0) and "p0 mirror E W 3" not in options(s, 0)
    assert refusal(s, "p0 mirror E E 1") == "mirror.two_types"
    act(s, "p0 mirror E A 2")
    assert p.reserve == [0, 1, 0, 2] and p.crystals == 0


def test_48_pendant_of_ragnor_gains_an_energy_per_other_item() -> None:
    s = turn()
    p = s.players[0]
    put(s, 0, 3, 29, 16)
    setup(p, reserve=(1, 0, 1, 1), gauge=4, hand=[48])
    act(s, "p0 summon 48")
    act(s, "p0 gain W")
    act(s, "p0 gain E")
    assert p.reserve == [1, 1, 0, 0] and stage(s, 0) == "actions"


def test_49_sid_nightshade_takes_5_from_each_opponent_if_strictly_richest() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    setup(p0, crystals=8, reserve=(0, 4, 0, 0), gauge=2, hand=[49, 49])  # 2E each
    p1.crystals, p2.crystals = 7, 3
    act(s, "p0 summon 49")
    assert (p0.crystals, p1.crystals, p2.crystals) == (8 + 5 + 3, 2, 0)
    p1.crystals = 16
    act(s, "p0 summon 49")  # equal is not more
    assert (p0.crystals, p1.crystals) == (16, 16)


def test_50_damned_soul_gives_10_and_a_water_and_costs_its_holder_3_each_round() -> None:
    s = turn()
    p0 = s.players[0]
    setup(p0, reserve=(1, 0, 0, 0), gauge=1, hand=[50])
    act(s, "p0 summon 50")
    assert p0.crystals == 10 and p0.reserve == [1, 0, 0, 0]
    play_on(s, 2)
    assert p0.crystals == 7


def test_50_damned_soul_is_passed_to_the_left_neighbour_for_a_water() -> None:
    s = turn(3)
    p0, p1, p2 = s.players
    (soul,) = put(s, 0, 50)
    p0.reserve = [1, 0, 0, 0]
    p1.gauge = 0  # no free slot needed
    act(s, f"p0 activate {soul}")
    assert cards(p0) == [] and cards(p1) == [50] and p0.reserve == [0, 0, 0, 0]
    assert p1.play[0]["turned"] is False and p1.crystals == 0  # ready; no entry effect
    act(s, "p0 end")
    p1.reserve = [1, 0, 0, 0]
    (passed,) = [c["uid"] for c in p1.play]
    act(s, f"p1 activate {passed}")  # passed on in the same round
    assert cards(p2) == [50]
    p2.crystals = 5
    play_on(s, 2)
    assert p2.crystals == 2


def test_17_a_grimoire_amsug_returns_makes_its_holder_return_the_excess_at_once() -> None:
    """Rules 7.2, 9.6.2: the limit falls back to 7 the moment the Grimoire leaves play."""
    s = turn()
    p0, p1 = s.players
    put(s, 1, 18)
    p1.reserve = [3, 3, 3, 0]
    setup(p0, reserve=(1, 0, 0, 1), gauge=1, hand=[17])
    act(s, "p0 summon 17")
    assert p1.hand == [18] and SEASONS.asked(s) == [1] and stage(s, 1) == "overflow"
    act(s, "p1 return_energy W")
    act(s, "p1 return_energy W")
    assert p1.reserve == [1, 3, 3, 0] and stage(s, 0) == "actions"


def test_20_a_hand_of_fortune_does_not_lower_its_own_cost() -> None:
    """Rules 9.2.3, 9.2.5: only the Hands already in play lower a cost."""
    s = turn()
    p0 = s.players[0]
    setup(p0, crystals=3, reserve=(0, 1, 1, 1), gauge=1, hand=[20])
    act(s, "p0 summon 20")  # E F A + 3c, all paid, no token waived, nothing asked
    assert p0.reserve == [0, 0, 0, 0] and p0.crystals == 0
    assert cards(p0) == [20] and stage(s, 0) == "actions"
