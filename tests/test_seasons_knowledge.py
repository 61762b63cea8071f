"""Seasons (seasons/): what a seat remembers of the prelude (rules 16.4) and how a state drawn
from its view keeps it: the packets it was handed, the cards it saw the others keep, the
Apprentice decks dealt openly; and a search's taking back of the others' secret answers.

The rules are docs/seasons-rules.md, cited here as "rules 16.4" (without the section sign: the
citation check of tests/test_rules_doc.py reads test files against Castle's rules).
"""

from __future__ import annotations

import random
from collections import Counter

from seasons_scenario import IN_ORDER, act, stage

from seasons import SEASONS
from seasons.bots import STRATEGY
from seasons.data import DECKS
from seasons.game import start
from seasons.state import Player, State, in_play, leave_hand
from tabletop import chance


def drafting(players: int, seed: int = 7, level: str = "magician") -> State:
    with chance.forcing(season_dice=IN_ORDER):
        s, _ = start({"players": players, "seed": seed, "level": level, "start_player": 0})
    return s


def keep_at_random(s: State, rnd: random.Random, passes: int = 9) -> None:
    """Every seat keeps a card at random, for `passes` passes (or to the end of the draft); a
    packet of two copies of one card is kept without a choice."""
    for _ in range(passes):
        asked = SEASONS.asked(s)
        if stage(s, asked[0]) != "draft":
            return
        for seat in asked:
            SEASONS.apply(s, rnd.choice(SEASONS.legal_actions(s, seat)))


def starting(p: Player) -> Counter[int]:
    return Counter([*p.unsplit, *p.hand, *p.libraries[0], *p.libraries[1]])


def samples(s: State, seat: int, count: int = 12) -> list[State]:
    seen = SEASONS.view(s, seat)
    return [SEASONS.determinize(seen, seat, random.Random(k)) for k in range(count)]


def test_with_two_players_a_seat_knows_all_but_the_first_card_the_other_kept() -> None:
    """Rules 16.4: seat 0 saw its own 9 cards and the 8 seat 1 passed it; of the 17, it kept 9,
    so seat 1 kept the other 8. Seat 1's first pick, from its own packet, it never saw."""
    s = drafting(2)
    keep_at_random(s, random.Random(1))
    assert stage(s, 0) == "split"
    me = s.players[0]
    seen_cards = Counter(me.draft_packets[0]) + Counter(me.draft_packets[1])
    theirs = seen_cards - Counter(me.draft_kept)
    assert sum(theirs.values()) == 8
    assert theirs <= Counter(s.players[1].unsplit)
    firsts = set()
    for whole in samples(s, 0):
        assert theirs <= starting(whole.players[1])
        assert sum(starting(whole.players[1]).values()) == 9
        firsts |= set((starting(whole.players[1]) - theirs).elements())
    assert len(firsts) > 1  # the unseen one is drawn afresh, among the copies seat 0 never saw
    assert all(seen_cards[card] < 2 for card in firsts)


def test_after_the_split_the_known_cards_are_in_the_hand_or_the_libraries() -> None:
    s = drafting(2, seed=3)
    keep_at_random(s, random.Random(2))
    while stage(s, 0) == "split" or stage(s, 1) == "split":
        for seat in SEASONS.asked(s):
            SEASONS.apply(s, SEASONS.legal_actions(s, seat)[-1])
    me = s.players[0]
    theirs = Counter(me.draft_packets[0]) + Counter(me.draft_packets[1]) - Counter(me.draft_kept)
    for whole in samples(s, 0):
        assert theirs <= starting(whole.players[1])
        assert whole.players[0].libraries == me.libraries


def test_a_starting_card_played_is_no_longer_expected_in_the_hand() -> None:
    """A card seat 0 saw seat 1 keep, once seat 1 summons it, is in play, not still hidden."""
    s = drafting(2, seed=5)
    keep_at_random(s, random.Random(3))
    me, other = s.players
    theirs = Counter(me.draft_packets[0]) + Counter(me.draft_packets[1]) - Counter(me.draft_kept)
    card = min(theirs)
    other.unsplit.remove(card)
    other.hand.append(card)
    leave_hand(other, card)  # as a summon takes it out in the open
    other.play.append(in_play(s, card))
    assert other.shown_from_hand == [card]
    for whole in samples(s, 0):
        assert theirs - Counter([card]) <= starting(whole.players[1])
        assert sum(starting(whole.players[1]).values()) == 8


def test_with_three_players_a_packet_one_held_is_known_where_it_went() -> None:
    """At pass 4 seat 1 holds the packet seat 0 held at pass 3, less seat 0's pick; and the
    card seat 0 passed last goes to seat 1 in every sample (rules 16.4)."""
    s = drafting(3, seed=11)
    keep_at_random(s, random.Random(4), passes=3)
    me = s.players[0]
    passed = Counter(me.draft_packets[2]) - Counter([me.draft_kept[2]])
    assert Counter(s.packets[1]) == passed
    for whole in samples(s, 0):
        assert Counter(whole.packets[1]) == passed
        assert whole.packets[0] == s.packets[0]
    keep_at_random(s, random.Random(5))
    last = Counter(me.draft_packets[7]) - Counter([me.draft_kept[7]])
    assert sum(last.values()) == 1
    for whole in samples(s, 0):
        assert last <= starting(whole.players[1])


def test_every_sample_of_a_draft_is_a_draft_the_seat_could_have_seen() -> None:
    """For 2–4 players at every pass: the others hold as many picks as they made, a packet the
    seat held goes round as it left it, and the cards gone from it between two of its turns
    were kept by the seats it went through."""
    for players in (2, 3, 4):
        for passes in range(10):
            s = drafting(players, seed=passes)
            keep_at_random(s, random.Random(passes), passes=passes)
            if passes < 9 and s.packets[0]:
                act(s, f"p1 keep {s.packets[1][0]}")  # one seat ahead at this pass
            for seat in range(players):
                for whole in samples(s, seat, count=3):
                    assert SEASONS.view(whole, seat) == SEASONS.view(s, seat)
                    for other in range(players):
                        assert len(whole.players[other].unsplit) == len(s.players[other].unsplit)
                        if other != seat and whole.packets and whole.packets[other]:
                            kept = whole.players[other].draft_kept
                            assert sorted(kept) == whole.players[other].unsplit
                    everything = Counter(card for packet in whole.packets for card in packet)
                    everything += sum((starting(p) for p in whole.players), Counter())
                    assert everything + Counter(whole.pile) == Counter(
                        card for p in s.players for card in starting(p).elements()
                    ) + Counter(card for packet in s.packets for card in packet) + Counter(s.pile)


def test_apprentice_decks_are_known_to_every_seat() -> None:
    """Rules 16.4: the decks are dealt openly, so each seat knows the others' nine cards, but
    not how they split them."""
    with chance.forcing(season_dice=IN_ORDER, decks=[[3, 1, 0, 2]]):
        s, _ = start({"players": 3, "seed": 2, "level": "apprentice", "start_player": 0})
    assert SEASONS.view(s, 0)["decks"] == [3, 1, 0]
    for seat in range(3):
        for whole in samples(s, seat, count=4):
            for other, deck in enumerate((3, 1, 0)):
                assert starting(whole.players[other]) == Counter(DECKS[deck])


def test_a_search_takes_back_the_others_pick_of_this_pass() -> None:
    s = drafting(3, seed=13)
    keep_at_random(s, random.Random(6), passes=2)
    act(s, f"p1 keep {s.packets[1][0]}")
    act(s, f"p2 keep {s.packets[2][-1]}")
    assert SEASONS.asked(s) == [0]
    whole = samples(s, 0, count=1)[0]
    assert SEASONS.asked(whole) == [0]
    STRATEGY.reopen(whole, 0)
    assert SEASONS.asked(whole) == [0, 1, 2]
    assert [len(packet) for packet in whole.packets] == [7, 7, 7]
    assert [len(p.unsplit) for p in whole.players] == [2, 2, 2]


def test_a_search_takes_back_the_others_split() -> None:
    s = drafting(2, seed=17)
    keep_at_random(s, random.Random(7))
    for card in s.players[1].unsplit[:6]:
        act(s, f"p1 split {card}")
    assert SEASONS.asked(s) == [0]
    whole = samples(s, 0, count=1)[0]
    STRATEGY.reopen(whole, 0)
    assert SEASONS.asked(whole) == [0, 1] and stage(whole, 1) == "split"
    assert len(whole.players[1].unsplit) == 9 and whole.players[1].hand == []
