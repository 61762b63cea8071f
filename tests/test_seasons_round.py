"""Seasons (seasons/), the round around the turns: setup and the prelude (the dice in use, the
Apprentice decks, the Magician draft, the libraries), the roll and the dice taken, time (the
time die, seasons, years, libraries, the first player passing left, the end), overflow, the
die's card symbol and the draw bonus, reshuffles, scoring and what each seat may see.

The rules are docs/seasons-rules.md, cited here as "rules 5.2" (without the section sign: the
citation check of tests/test_rules_doc.py reads test files against Castle's rules).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from seasons_scenario import IN_ORDER, act, named, refusal, stage

from seasons import SEASONS
from seasons.data import DECKS, DICE, SEASON_DICE
from seasons.data import SEASONS as SEASON_NAMES
from seasons.game import start
from seasons.state import State, in_play
from seasons.view import HIDDEN
from tabletop import chance
from tabletop.stage import Events

#: Deck 4 first, then 2, 1, 3 (every card of decks 4, 2 and 1 has its effect built).
DECKS_ORDER = [3, 1, 0, 2]


def new(players: int = 2, level: str = "apprentice", first: int = 0) -> State:
    """A game at its prelude: the dice in use Wi1, Wi2, ... of each season, the decks 4, 2, 1."""
    with chance.forcing(season_dice=IN_ORDER, decks=[DECKS_ORDER]):
        s, _ = start({"players": players, "seed": 1, "level": level, "start_player": first})
    return s


def split(s: State, faces: Sequence[int] = ()) -> Events:
    """Every player splits their nine cards in number order (hand, Library II, Library III);
    the first round's roll comes out as `faces` (one per die in use, in the dice's order)."""
    events: Events = []
    with chance.forcing(season_die=faces):
        while SEASONS.prompt(s, SEASONS.asked(s)[0])["stage"] == "split":  # type: ignore[index]
            for seat in SEASONS.asked(s):
                events += SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    return events


def round_one(faces: Sequence[int], players: int = 2) -> State:
    """A game at its first round's first die taken, the roll forced; no card anywhere but
    the piles (hands and libraries emptied)."""
    s = new(players)
    split(s, faces)
    for p in s.players:
        p.hand, p.libraries = [], [[], []]
    return s


def to_round_end(s: State, faces: Sequence[int] = ()) -> Events:
    """Every die taken in order, every turn ended at once, until the round is over (the next
    round's roll: `faces`)."""
    events: Events = []
    now = s.round
    with chance.forcing(season_die=faces):
        while not s.over and s.round == now:
            seat = SEASONS.asked(s)[0]
            if stage(s, seat) == "actions":
                events += act(s, f"p{seat} end")
            else:
                events += SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    return events


# --- setup and the prelude (rules 2, 3) ----------------------------------------------------------


def test_each_season_uses_players_plus_one_dice_drawn_once_and_shown() -> None:
    for players in (2, 3, 4):
        s, events = start({"players": players, "seed": 7, "level": "apprentice"})
        (shown,) = named(events, "dice_chosen")
        assert shown["dice"] == s.dice
        for season in SEASON_NAMES:
            assert len(s.dice[season]) == players + 1
            assert set(s.dice[season]) <= set(SEASON_DICE[season])
        assert SEASONS.view(s, None)["dice"] == s.dice  # public
    backwards = [list(reversed(order)) for order in IN_ORDER]
    with chance.forcing(season_dice=backwards):
        s, _ = start({"players": 3, "seed": 7, "level": "apprentice"})
    assert s.dice["winter"] == ["Wi2", "Wi3", "Wi4", "Wi5"]
    assert s.dice["fall"] == ["Fa2", "Fa3", "Fa4", "Fa5"]


def test_apprentices_get_different_pre_built_decks_dealt_openly() -> None:
    with chance.forcing(season_dice=IN_ORDER, decks=[DECKS_ORDER]):
        s, events = start({"players": 3, "seed": 2, "level": "apprentice", "start_player": 0})
    assert named(events, "decks_dealt") == [{"e": "decks_dealt", "decks": [3, 1, 0]}]
    for seat, deck in enumerate((3, 1, 0)):
        assert s.players[seat].unsplit == sorted(DECKS[deck])
        assert s.players[seat].hand == [] and s.players[seat].crystals == 0
        assert s.players[seat].gauge == 0 and s.players[seat].reserve == [0, 0, 0, 0]
    dealt = Counter(card for p in s.players for card in p.unsplit)
    # the cards 1-30 not in a dealt deck, two copies of each, are the draw pile
    assert dealt + Counter(s.pile) == Counter({card: 2 for card in range(1, 31)})
    assert s.discard == []
    assert (s.position, s.years_begun, s.round) == (1, [1], 1)
    assert SEASONS.asked(s) == [0, 1, 2] and stage(s, 0) == "split"


def test_the_split_puts_three_in_hand_three_in_library_two_three_in_library_three() -> None:
    s = new(2)
    assert SEASONS.prompt(s, 0)["secret"] is True  # type: ignore[index]  # all at once, in secret
    order = [27, 1, 25, 2, 18, 3, 15, 11, 13]  # deck 4, in the order placed
    for card in order[:3]:
        act(s, f"p0 split {card}")
    assert refusal(s, "p0 split 27") == "split.not_yours"  # placed already
    assert refusal(s, "p0 split 7") == "split.not_yours"  # not p0's
    for card in order[3:6]:
        act(s, f"p0 split {card}")
    assert SEASONS.asked(s) == [1]  # p0 has placed its six: the last three need no choice
    p = s.players[0]
    assert p.hand == [1, 25, 27] and p.libraries == [[2, 3, 18], [11, 13, 15]]
    split(s)
    assert len(s.players[1].hand) == 3 and [len(lib) for lib in s.players[1].libraries] == [3, 3]
    assert SEASONS.asked(s) == [0] and stage(s, 0) == "take"


def test_the_magician_draft_keeps_one_and_passes_the_rest_left() -> None:
    s = new(3, level="magician")
    assert stage(s, 0) == "draft" and SEASONS.asked(s) == [0, 1, 2]
    assert all(p.unsplit == [] for p in s.players)
    packets = [list(packet) for packet in s.packets]
    assert [len(packet) for packet in packets] == [9, 9, 9]
    assert all(card in range(1, 31) for packet in packets for card in packet)
    kept = [packet[0] for packet in packets]
    for seat in range(3):
        act(s, f"p{seat} keep {kept[seat]}")
    for seat in range(3):
        passed = list(packets[(seat - 1) % 3])  # from the right neighbour
        passed.remove(kept[(seat - 1) % 3])
        assert sorted(s.packets[seat]) == sorted(passed), seat
        assert s.players[seat].unsplit == [kept[seat]]
    while stage(s, 0) == "draft":
        for seat in SEASONS.asked(s):
            SEASONS.apply(s, SEASONS.legal_actions(s, seat)[0])
    # the last card of each packet was kept without a choice; all 27 cards placed
    assert all(len(p.unsplit) == 9 for p in s.players)
    assert all(packet == [] for packet in s.packets)
    everyone = Counter(card for p in s.players for card in p.unsplit)
    assert everyone == Counter(card for packet in packets for card in packet)
    assert stage(s, 0) == "split"


def test_each_level_plays_two_copies_of_its_cards() -> None:
    for level, top in (("magician", 30), ("archmage", 50)):
        for players in (2, 4):
            s = new(players, level=level)
            dealt = Counter(card for packet in s.packets for card in packet)
            assert all(len(packet) == 9 for packet in s.packets)
            assert dealt + Counter(s.pile) == Counter({n: 2 for n in range(1, top + 1)})


def test_a_card_not_in_ones_packet_is_refused_in_the_draft() -> None:
    s = new(2, level="magician")
    absent = next(card for card in range(1, 31) if card not in s.packets[0])
    assert refusal(s, f"p0 keep {absent}") == "draft.not_in_packet"


# --- the roll and the dice (rules 5.1, 5.2) ------------------------------------------------------


def test_the_roll_is_a_chance_event_per_die_and_can_be_forced() -> None:
    s = new(2)
    events = split(s, [3, 4, 6])
    rolls = [e for e in events if e["e"] == "chance" and e["what"] == "season_die"]
    assert [e["outcome"] for e in rolls] == [3, 4, 6]
    assert s.rolled == {"Wi1": 2, "Wi2": 3, "Wi3": 5}  # face indices
    assert named(events, "rolled")[0]["season"] == "winter"
    assert DICE["Wi1"][2].text == "2W +3c (1)"


def test_the_dice_are_taken_in_turn_from_the_first_player() -> None:
    s = new(3, first=1)
    split(s, [1, 1, 1, 1])
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "take"
    assert refusal(s, "p0 take Wi1") == "turn.not_yours"
    act(s, "p1 take Wi3")
    assert SEASONS.asked(s) == [2]
    assert refusal(s, "p2 take Wi3") == "die.not_left"
    act(s, "p2 take Wi1")
    act(s, "p0 take Wi4")
    assert s.rolled == {"Wi2": 0}  # the die nobody took: the time die
    assert [p.die for p in s.players] == ["Wi4", "Wi3", "Wi1"]
    assert SEASONS.asked(s) == [1]  # the first player's turn begins


def test_the_time_die_moves_the_token_and_the_first_player_passes_left() -> None:
    s = round_one([3, 4, 6])  # Wi1 2W +3c (1), Wi2 draw (3), Wi3 2W +3c (3)
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi3")
    assert s.rolled == {"Wi2": 3}
    events = to_round_end(s)
    assert named(events, "time_moved")[0]["spaces"] == 3  # Wi2's face has 3 pips
    assert s.position == 4 and s.round == 2 and s.first == 1
    assert named(events, "season_changed") == [{"e": "season_changed", "season": "spring"}]
    assert sorted(s.rolled) == ["Sp1", "Sp2", "Sp3"]  # the new season's dice
    assert SEASONS.asked(s) == [1] and stage(s, 1) == "take"
    assert all(p.die is None for p in s.players)


def test_with_three_players_the_first_player_goes_round_the_table() -> None:
    s = round_one([1, 1, 1, 1], players=3)
    firsts = []
    for _ in range(3):
        to_round_end(s, [1, 1, 1, 1])
        firsts.append(s.first)
    assert firsts == [1, 2, 0]


def test_a_season_change_inside_a_round_does_not_change_its_dice() -> None:
    """The dice rolled are those of the season the round began in (rules 4.2)."""
    s = round_one([6, 6, 6])  # Wi1 1A 1W (1), Wi2 1A star (1), Wi3 2W +3c (3)
    s.position = 2
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi2")
    events = to_round_end(s)
    assert s.position == 5 and named(events, "season_changed")
    assert all(die.startswith("Sp") for die in s.rolled)


def test_a_new_year_brings_every_library_into_its_hand() -> None:
    s = new(2)
    split(s, [1, 1, 1])  # Wi3 2W star (1): the time die
    libraries = [[list(lib) for lib in p.libraries] for p in s.players]
    hands = [list(p.hand) for p in s.players]
    s.position = 12
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi2")
    events = to_round_end(s, [1, 1, 1])
    assert s.position == 13 and s.years_begun == [1, 2]
    for seat, p in enumerate(s.players):
        assert sorted(p.hand) == sorted(hands[seat] + libraries[seat][0])
        assert p.libraries == [[], libraries[seat][1]]
    assert [e["p"] for e in named(events, "library_joined")] == [0, 1]
    s.position = 24
    to_round_end(s, [1, 1, 1])
    assert s.years_begun == [1, 2, 3]
    assert all(p.libraries == [[], []] for p in s.players)
    assert sorted(s.players[1].hand) == sorted(hands[1] + libraries[1][0] + libraries[1][1])


def test_the_game_ends_after_year_three_with_scoring() -> None:
    s = round_one([1, 1, 1])
    s.position = 35
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi2")  # Wi3's face 1 has 1 pip: to 36, the last fall space
    to_round_end(s, [1, 1, 1])
    assert s.position == 36 and not s.over and s.round == 2
    to_round_end(s)  # the time move takes the token beyond 36
    assert SEASONS.terminal(s)
    assert s.position > 36 and s.round == 2
    results = SEASONS.results(s)
    assert results is not None and sorted(results["ranking"]) == [0, 1]
    assert SEASONS.asked(s) == [] and SEASONS.legal_actions(s, 0) == []
    assert refusal(s, "p0 end") == "game.over"


def test_the_game_ending_moves_season_change_effects_come_before_scoring() -> None:
    """Figrim the Avaricious (card 11) collects on the last move too (ruling.last_move_effects)."""
    s = round_one([1, 1, 1])
    s.position = 36
    s.players[0].play = [in_play(s, 11)]
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi2")
    s.players[1].crystals = 4
    events = to_round_end(s)
    assert s.over and named(events, "season_changed")
    assert s.players[0].crystals == 1 and s.players[1].crystals == 3
    results = SEASONS.results(s)
    assert results is not None
    assert [row["breakdown"]["crystals"] for row in results["seats"]] == [1, 3]


# --- overflow (rules 7) ------------------------------------------------------------------------


def test_a_reserve_above_seven_returns_the_excess_token_by_token() -> None:
    s = round_one([3, 3, 3])  # Wi1 2W +3c (1)
    act(s, "p0 take Wi1")
    s.players[0].reserve = [0, 3, 3, 0]  # 6 + the die's 2W = 8
    act(s, "p1 take Wi2")
    assert stage(s, 0) == "overflow" and s.players[0].reserve == [2, 3, 3, 0]
    options = [a["energy"] for a in SEASONS.legal_actions(s, 0)]
    assert options == ["W", "E", "F"]  # any token of the whole reserve, new or old
    assert refusal(s, "p0 return_energy A") == "energy.none_of_it"
    assert refusal(s, "p0 transmute W") == "turn.other_decision"  # overflow comes first
    events = act(s, "p0 return_energy E")
    assert named(events, "returned") == [{"e": "returned", "p": 0, "energy": "E"}]
    assert s.players[0].reserve == [2, 2, 3, 0] and stage(s, 0) == "actions"
    assert s.players[0].crystals == 3  # the die's crystals all the same


def test_a_bigger_excess_asks_once_per_token() -> None:
    s = round_one([3, 3, 3])
    act(s, "p0 take Wi1")
    s.players[0].reserve = [0, 0, 0, 7]  # 9
    act(s, "p1 take Wi2")
    act(s, "p0 return_energy A")
    assert stage(s, 0) == "overflow"
    act(s, "p0 return_energy W")
    assert s.players[0].reserve == [1, 0, 0, 6] and stage(s, 0) == "actions"


def test_a_bespelled_grimoire_holds_ten() -> None:
    s = round_one([3, 3, 3])
    act(s, "p0 take Wi1")
    p = s.players[0]
    p.play = [in_play(s, 18), in_play(s, 18)]  # a second one adds nothing
    p.reserve = [0, 3, 3, 3]  # 9 + 2 = 11
    act(s, "p1 take Wi2")
    assert stage(s, 0) == "overflow"
    act(s, "p0 return_energy F")
    assert sum(p.reserve) == 10 and stage(s, 0) == "actions"
    s = round_one([3, 3, 3])
    act(s, "p0 take Wi1")
    s.players[0].play = [in_play(s, 18)]
    s.players[0].reserve = [0, 4, 4, 0]
    act(s, "p1 take Wi2")
    assert stage(s, 0) == "actions" and sum(s.players[0].reserve) == 10


# --- the card symbol, the draw bonus, the piles (rules 6.2.4, 10, 11) ----------------------------


def draw_turn(pile: list[int], discard: Sequence[int] = ()) -> State:
    """p0's turn at its die's card symbol (Wi2 draw (3)), the piles as given."""
    s = round_one([1, 4, 1])
    s.pile, s.discard = list(pile), list(discard)
    act(s, "p0 take Wi2")
    act(s, "p1 take Wi1")
    return s


def test_the_card_symbol_draws_a_card_kept_in_hand() -> None:
    s = draw_turn([13, 27, 3])
    assert stage(s, 0) == "card_symbol"
    assert [a["do"] for a in SEASONS.legal_actions(s, 0)] == ["draw_card", "bonus_draw"]
    act(s, "p0 draw_card")
    assert stage(s, 0) == "looked" and s.players[0].looking == [13]
    assert [SEASONS.action_text(a) for a in SEASONS.legal_actions(s, 0)] == [
        "p0 keep 13",
        "p0 discard",
    ]
    assert SEASONS.view(s, 1)["players"][0]["looking"] == [HIDDEN]
    act(s, "p0 keep 13")
    assert s.players[0].hand == [13] and s.pile == [27, 3] and stage(s, 0) == "actions"
    assert s.players[0].bonuses == 0


def test_a_card_discarded_from_the_draw_goes_into_the_players_record_only() -> None:
    s = draw_turn([13, 27, 3])
    act(s, "p0 draw_card")
    act(s, "p0 discard")
    p = s.players[0]
    assert p.hand == [] and s.discard == [13] and p.discarded_seen == [13]
    assert s.discard_log == []  # not public
    assert s.players[1].discarded_seen == []
    seen = SEASONS.view(s, 1)
    assert seen["discard"] == [HIDDEN] and seen["players"][0]["discarded_seen"] == 1
    assert SEASONS.view(s, 0)["players"][0]["discarded_seen"] == [13]


def test_the_draw_bonus_draws_two_keeps_one_and_costs_a_bonus_action() -> None:
    s = draw_turn([13, 27, 3])
    events = act(s, "p0 bonus_draw")
    assert {"e": "bonus_used", "p": 0, "bonus": "draw"} in events
    assert s.players[0].bonuses == 1 and sorted(s.players[0].looking) == [13, 27]
    assert [SEASONS.action_text(a) for a in SEASONS.legal_actions(s, 0)] == [
        "p0 keep 13",
        "p0 keep 27",
    ]
    assert refusal(s, "p0 discard") == "draw.keep_one"
    act(s, "p0 keep 27")
    p = s.players[0]
    assert p.hand == [27] and s.discard == [13] and p.discarded_seen == [13]
    assert s.pile == [3] and stage(s, 0) == "actions"


def test_the_draw_bonus_needs_two_drawable_cards_and_a_bonus_left() -> None:
    s = draw_turn([13])
    # one card only: the bonus is refused, so the plain draw is taken by itself
    assert stage(s, 0) == "looked" and s.players[0].looking == [13]
    s = draw_turn([13], [22])
    assert stage(s, 0) == "card_symbol"  # a reshuffle counts: two can be drawn
    s = draw_turn([13, 27, 3])
    s.players[0].bonuses = 3
    assert refusal(s, "p0 bonus_draw") == "bonus.none_left"
    s = draw_turn([])
    assert stage(s, 0) == "actions" and s.players[0].looking == []  # nothing to draw


def test_an_empty_draw_pile_is_made_again_from_the_discard_pile() -> None:
    s = draw_turn([], [5, 9, 14])
    with chance.forcing(draw_pile=[[14, 5, 9]]):
        events = act(s, "p0 draw_card")
    assert {"e": "chance", "what": "draw_pile"} in events
    assert named(events, "reshuffled") == [{"e": "reshuffled", "cards": 3}]
    assert s.players[0].looking == [14] and s.pile == [5, 9] and s.discard == []


# --- scoring (rules 12) ------------------------------------------------------------------------


def last_round() -> State:
    """p1's turn in the last round (the time die moves the token beyond 36 at its end)."""
    s = round_one([1, 1, 1])
    s.position = 36
    act(s, "p0 take Wi1")
    act(s, "p1 take Wi2")
    act(s, "p0 end")
    return s


def test_the_score_is_crystals_end_of_game_cards_prestige_less_hand_and_bonuses() -> None:
    s = last_round()
    p0, p1 = s.players
    p0.crystals, p0.bonuses, p0.hand = 30, 1, [3, 3]
    p0.reserve = [1, 1, 1, 0]
    p0.play = [in_play(s, 45), in_play(s, 19), in_play(s, 22), in_play(s, 42)]
    p1.crystals, p1.bonuses, p1.hand = 12, 2, []
    p1.play = [in_play(s, 46), in_play(s, 46)]  # two Sealed Chests, no familiar: 20 c each
    act(s, "p1 end")
    results = SEASONS.results(s)
    assert results is not None
    first, second = results["seats"]
    # Lantern 3 c per energy (9), Helm: 4 cards in play against 2 (20), each listed (rules 12.4)
    assert first["breakdown"] == {
        "crystals": 30,
        "end_of_game 45": 9,
        "end_of_game 19": 20,
        "prestige": 24 + 10 + 30 - 10,
        "hand": -10,
        "bonus": -5,
    }
    assert first["score"] == 30 + 29 + 54 - 10 - 5
    assert second["breakdown"] == {
        "crystals": 12,
        "end_of_game 46": 20,
        "end_of_game 46/2": 20,
        "prestige": 20,
        "hand": 0,
        "bonus": -12,
    }
    assert results["ranking"] == [0, 1] and results["winners"] == [0]


def test_the_third_bonus_action_costs_twenty() -> None:
    s = last_round()
    s.players[0].bonuses = 3
    act(s, "p1 end")
    assert s.result is not None
    assert [row["breakdown"]["bonus"] for row in s.result["seats"]] == [-20, 0]


def test_a_tie_goes_to_more_cards_in_play_then_it_is_shared() -> None:
    s = last_round()
    p0, p1 = s.players
    p0.crystals, p0.play = 10, [in_play(s, 29)]  # 0 PP
    p1.crystals, p1.play = 0, [in_play(s, 29), in_play(s, 23), in_play(s, 3)]  # 6 + 4 c
    p1.crystals = 4
    act(s, "p1 end")
    assert s.result is not None
    assert [row["score"] for row in s.result["seats"]] == [10, 10]
    assert s.result["ranking"] == [1, 0] and s.result["winners"] == [1]
    assert s.result["ranks"] == [2, 1]
    s = last_round()
    s.players[0].crystals = s.players[1].crystals = 7
    act(s, "p1 end")
    assert s.result is not None
    assert s.result["winners"] == [0, 1] and s.result["ranks"] == [1, 1]
    assert s.result["ranking"] == [0, 1]  # shared: in seat order


def test_scores_are_not_floored_at_zero() -> None:
    s = last_round()
    s.players[0].hand = [1, 2]
    s.players[0].play = [in_play(s, 42)]
    act(s, "p1 end")
    assert s.result is not None and s.result["seats"][0]["score"] == -20


# --- what each seat sees (rules 10.8, 16.4) ------------------------------------------------------


def test_a_view_hides_other_hands_libraries_piles_and_the_generator() -> None:
    s = new(2)
    split(s, [1, 2, 3])
    s.discard = [5, 9]
    seen = SEASONS.view(s, 0)
    mine, theirs = seen["players"]
    assert mine["hand"] == s.players[0].hand and mine["libraries"] == s.players[0].libraries
    assert theirs["hand"] == [HIDDEN] * 3
    assert theirs["libraries"] == [[HIDDEN] * 3, [HIDDEN] * 3]
    assert seen["pile"] == [HIDDEN] * len(s.pile)
    assert seen["discard"] == [HIDDEN, HIDDEN]
    assert "rng" not in seen
    assert seen["rolled"] == s.rolled and seen["dice"] == s.dice  # public
    spectator = SEASONS.view(s, None)["players"]
    assert spectator[0]["hand"] == [HIDDEN] * 3 and spectator[1]["hand"] == [HIDDEN] * 3


def test_two_states_that_differ_only_in_hidden_cards_look_the_same() -> None:
    s = new(2)
    split(s, [1, 2, 3])
    twin = SEASONS.copy(s)
    twin.players[1].hand = [1, 1, 1]
    twin.players[1].libraries = [[2, 2, 2], [3, 3, 3]]
    twin.pile = list(reversed(twin.pile))
    twin.rng ^= 12345
    assert SEASONS.view(twin, 0) == SEASONS.view(s, 0)
    assert SEASONS.view(twin, None) == SEASONS.view(s, None)
    assert SEASONS.view(twin, 1) != SEASONS.view(s, 1)


def test_determinize_gives_back_the_same_view() -> None:
    s = new(2)
    split(s, [1, 4, 1])
    act(s, "p0 take Wi2")  # draw (3)
    act(s, "p1 take Wi1")
    top = s.pile[0]
    act(s, "p0 draw_card")
    act(s, "p0 discard")  # a discard p0 alone knows
    for seat in (0, 1):
        seen = SEASONS.view(s, seat)
        for sample in range(5):
            whole = SEASONS.determinize(seen, seat, random.Random(sample))
            assert SEASONS.view(whole, seat) == seen
            assert whole.players[seat].hand == s.players[seat].hand
    whole = SEASONS.determinize(SEASONS.view(s, 0), 0, random.Random(3))
    assert whole.discard == [top]  # p0's own record: known to be there
