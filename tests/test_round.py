"""Rule scenarios for a round (§2 setup, §3 a round, §11 the 2-player game).

Setup per player count, the round's income, the secret selection (2 cards with 2 players), the
Master Builder's selection restriction, the reveal, turn order, the start player passing, played
cards lying face up, and the end of the round.
"""

from __future__ import annotations

import pytest
from scenario import (
    assert_refused,
    choose,
    decision,
    events_named,
    game,
    options,
    piece_total,
    play,
    refusal,
)

import castle
from castle import CASTLE, data

ALL_CARDS = [
    "messenger",
    "trader",
    "bricklayer",
    "stonemason",
    "worker_a",
    "worker_b",
    "worker_c",
    "master_builder",
]


def talers(s: castle.State) -> list[int]:
    return [p.talers for p in s.players]


# --- §2 Setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds", "helpers", "stock"),
    [
        (2, 12, 7, {"sand": 17, "wood": 15, "clay": 14, "stone": 14, "silver": 14}),
        (3, 15, 6, {"sand": 16, "wood": 14, "clay": 14, "stone": 14, "silver": 14}),
        (4, 12, 6, {"sand": 15, "wood": 13, "clay": 14, "stone": 14, "silver": 14}),
    ],
)
def test_setup_per_player_count(players, rounds, helpers, stock):
    """§2: 8 cards in hand, 6 helpers (7 with 2 players), 3 talers, 1 sand, 1 wood, 0 VP; the
    tower holds one piece of each kind; the stock holds 74 / 72 / 70 pieces; 12 / 15 / 12 rounds."""
    s = game(players, start=0)
    assert s.round == 1
    assert s.rounds == rounds
    for p in s.players:
        assert p.hand == ALL_CARDS
        assert p.played == []
        assert p.helpers == helpers
        assert p.pieces == {"sand": 1, "wood": 1, "clay": 0, "stone": 0, "silver": 0}
        assert p.vp == 0
    # §3.1: the start player has already taken round 1's taler.
    assert talers(s) == [4] + [3] * (players - 1)
    assert s.tower == {k: 1 for k in data.KINDS}
    assert s.stock == stock
    assert sum(s.stock.values()) == {2: 74, 3: 72, 4: 70}[players]
    assert piece_total(s) == data.PIECES_IN_BOX
    # No helper at a cart or the rider, only Market and Forge places exist (§7).
    assert all(owner is None for owner in s.traders.values())
    assert sorted(s.places) == ["forge_10", "forge_6", "market_1", "market_2"]


# --- §3.1 Income -------------------------------------------------------------------------------


def test_income_goes_to_each_rounds_start_player():
    """§3.1: the start player takes the round's taler (+1); the next round it is the next seat."""
    s = game(3, start=1)
    assert talers(s) == [3, 4, 3]
    # Stonemasons with nothing to buy or erect: a round that changes no talers.
    choose(s, p0="stonemason", p1="stonemason", p2="stonemason")
    assert s.round == 2 and s.start_player == 2
    assert talers(s) == [3, 4, 4]
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    assert s.round == 3 and s.start_player == 0
    assert talers(s) == [3 + 8 + 1, 4 + 8, 4 + 8]


# --- §3.2 Select -------------------------------------------------------------------------------


def test_every_player_is_asked_at_once_and_choices_stay_secret():
    """§3.2: every player chooses secretly; §3.4: nothing is revealed until all have chosen."""
    s = game(3, start=1)
    assert CASTLE.asked(s) == [1, 2, 0]
    play(s, "p0 select trader")
    assert CASTLE.asked(s) == [1, 2]
    # p0's card is still in hand and lies nowhere face up; the others see only that p0 chose.
    assert "trader" in s.players[0].hand
    assert s.players[0].played == []
    assert CASTLE.view(s, 1)["selection"][0] == "hidden"
    assert CASTLE.view(s, 0)["selection"][0] == ["trader"]
    # A player who has chosen is not asked again.
    assert refusal(s, "p0 select messenger") == "turn.not_yours"


@pytest.mark.parametrize("card", ["master_builder", "trader"])
def test_a_secret_choice_does_not_show_in_the_others_view(card):
    """§3.2: the choice is secret — another seat's view is the same whichever card p0 chose
    (here the Master Builder, whose legality is fixed at selection, or the Trader)."""
    s = game(3, start=0)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    reference = CASTLE.copy(s)
    play(s, f"p0 select {card}")
    play(reference, "p0 select worker_a")
    assert CASTLE.view(s, 1) == CASTLE.view(reference, 1)
    assert CASTLE.view(s, None) == CASTLE.view(reference, None)
    assert CASTLE.view(s, 0) != CASTLE.view(reference, 0)


def test_three_players_choose_exactly_one_card():
    """§3.2: every player chooses 1 card (3 or 4 players)."""
    s = game(3)
    assert all(len(CASTLE.parse_action(o)["cards"]) == 1 for o in options(s, 0))
    assert_refused(s, "p0 select messenger trader", "select.card_count")


def test_two_players_choose_exactly_two_cards():
    """§3.2, §11: in a 2-player game every player chooses 2 cards."""
    s = game(2)
    # Round 1: any 2 of the 7 cards other than the Master Builder: C(7, 2) = 21 pairs.
    opts = options(s, 0)
    assert len(opts) == 21
    assert all(len(CASTLE.parse_action(o)["cards"]) == 2 for o in opts)
    assert "p0 select worker_a worker_b" in opts  # two Workers are allowed (§11)
    assert_refused(s, "p0 select messenger", "select.card_count")
    assert_refused(s, "p0 select messenger trader bricklayer", "select.card_count")
    assert_refused(s, "p0 select trader trader", "select.same_card_twice")


def test_two_players_both_chosen_cards_resolve():
    """§3.2, §11: both cards chosen by a 2-player player are revealed and resolve."""
    s = game(2, start=0)
    choose(s, p0="messenger stonemason", p1="messenger stonemason")
    assert s.players[0].played == ["messenger", "stonemason"]
    assert talers(s) == [4 + 8, 3 + 8 + 1]  # p1 is round 2's start player
    assert s.players[0].hand == [c for c in ALL_CARDS if c not in ("messenger", "stonemason")]


def test_master_builder_never_chosen_in_round_one():
    """§3.2 ⚖: the Master Builder needs a card lying face up from an earlier round (S003: not
    in round 1)."""
    s = game(4)
    assert "p0 select master_builder" not in options(s, 0)
    assert_refused(s, "p0 select master_builder", "select.master_builder.no_face_up_card")


def test_master_builder_never_chosen_in_round_one_with_two_players():
    """§3.2, §11: the restriction also holds for a card + Master Builder pair."""
    s = game(2)
    assert not [o for o in options(s, 0) if "master_builder" in o]
    assert_refused(s, "p0 select messenger master_builder", "select.master_builder.no_face_up_card")


def test_master_builder_choosable_with_a_face_up_card():
    """§3.2: from round 2, with a card face up from an earlier round, the Master Builder may be
    chosen."""
    s = game(3)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    assert "p0 select master_builder" in options(s, 0)
    assert refusal(s, "p1 select master_builder") is None


def test_master_builder_not_choosable_with_all_cards_in_hand():
    """§3.2 ⚖ (S003): not with all 8 cards in hand — e.g. right after the Master Builder took
    every card back."""
    s = game(3)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    choose(s, p0="master_builder", p1="stonemason", p2="stonemason")
    assert s.players[0].hand == ALL_CARDS and s.players[0].played == []
    assert "p0 select master_builder" not in options(s, 0)
    assert_refused(s, "p0 select master_builder", "select.master_builder.no_face_up_card")
    # p1 still has the Messenger face up, so p1 may.
    assert "p1 select master_builder" in options(s, 1)


def test_last_card_in_hand_is_chosen_by_itself():
    """§3.2, §3.7: after 7 rounds without the Master Builder only it is left in hand — with
    7 cards face up it is legal, and the only choice: the player is not asked."""
    s = game(3, start=0)
    for card in ALL_CARDS[:7]:
        others = "messenger" if s.round % 2 else "master_builder"
        choose(s, p0=card, p1=others, p2=others)
        while s.phase == "round":  # decline every decision of the round
            opts = options(s)
            play(s, next((o for o in opts if o.endswith(" done")), opts[0]))
    assert s.round == 8
    assert s.players[0].hand == ["master_builder"]
    assert 0 not in CASTLE.asked(s)
    assert s.selection[0] == ["master_builder"]
    choose(s, p1="master_builder", p2="master_builder")
    assert s.players[0].hand == ALL_CARDS and s.players[0].played == []


def test_played_cards_stay_face_up_and_cannot_be_chosen():
    """§3.7: played cards lie face up in front of their owner and cannot be chosen again until
    the Master Builder takes them back."""
    s = game(3)
    choose(s, p0="messenger", p1="stonemason", p2="stonemason")
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    p0 = s.players[0]
    assert p0.played == ["messenger", "stonemason"]
    assert "messenger" not in p0.hand and "stonemason" not in p0.hand
    opts = options(s, 0)
    assert "p0 select messenger" not in opts and "p0 select stonemason" not in opts
    assert len(opts) == 6  # 6 cards left in hand, the Master Builder among them
    assert_refused(s, "p0 select messenger", "select.not_in_hand")


def test_played_cards_not_choosable_with_two_players():
    """§3.7, §11: a face-up card cannot be part of a 2-player pair either."""
    s = game(2)
    choose(s, p0="messenger stonemason", p1="messenger stonemason")
    opts = options(s, 0)
    assert len(opts) == 15  # C(6, 2): the Master Builder is allowed now
    assert not [o for o in opts if "messenger" in o or "stonemason" in o]
    assert_refused(s, "p0 select messenger trader", "select.not_in_hand")


# --- §3.4 Reveal, §3.6 Resolve -----------------------------------------------------------------


def test_all_cards_revealed_at_once_after_the_last_choice():
    """§3.4: all chosen cards are revealed together, once every player has chosen."""
    s = game(3, start=0)
    assert not events_named(play(s, "p0 select messenger"), "revealed")
    assert not events_named(play(s, "p1 select trader"), "revealed")
    ev = play(s, "p2 select bricklayer")
    (revealed,) = events_named(ev, "revealed")
    assert revealed["cards"] == [["messenger"], ["trader"], ["bricklayer"]]
    assert [p.played for p in s.players] == [["messenger"], ["trader"], ["bricklayer"]]
    assert [p.revealed for p in s.players] == [["messenger"], ["trader"], ["bricklayer"]]


def test_cards_resolve_in_card_order_not_seat_order():
    """§3.6: Messenger before Trader, whoever sits where: the start player's Trader waits for
    the Messenger of the last seat."""
    s = game(3, start=0)
    choose(s, p0="trader", p1="stonemason", p2="messenger")
    assert decision(s)["stage"] == "trader"
    assert CASTLE.asked(s) == [0]
    assert s.players[2].talers == 3 + 8


def test_same_card_resolves_from_the_start_player_clockwise():
    """§3.6: several players with the same card act one after another from the start player,
    clockwise; each completes their action before the next begins."""
    s = game(3, start=1)
    choose(s, p0="trader", p1="trader", p2="trader")
    assert CASTLE.asked(s) == [1]
    assert refusal(s, "p0 trader sand_cart") == "turn.not_yours"
    play(s, "p1 trader sand_cart")
    assert CASTLE.asked(s) == [2]
    play(s, "p2 trader wood_cart")
    assert CASTLE.asked(s) == [0]
    play(s, "p0 trader clay_cart")
    assert s.traders == {
        "sand_cart": 1,
        "wood_cart": 2,
        "clay_cart": 0,
        "stone_cart": None,
        "rider": None,
    }


def test_two_players_same_card_order_from_the_start_player():
    """§3.6, §11: with 2 players each card step still begins with the start player."""
    s = game(2, start=1)
    choose(s, p0="messenger trader", p1="messenger trader")
    assert s.players[0].talers == 3 + 8 and s.players[1].talers == 4 + 8
    assert CASTLE.asked(s) == [1]
    play(s, "p1 trader stone_cart")
    assert CASTLE.asked(s) == [0]
    assert "p0 trader stone_cart" not in options(s)


def test_messengers_resolve_from_the_start_player():
    """§3.6: same-card order from the start player, seen in the event log."""
    s = game(4, start=2)
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger", p3="messenger")
    assert [e["p"] for e in events_named(ev, "messenger")] == [2, 3, 0, 1]


# --- §3.8 End of round -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "start", "next_start"), [(3, 2, 0), (4, 3, 0), (2, 1, 0)])
def test_start_player_passes_clockwise(players, start, next_start):
    """§3.8: if the game goes on, the start player passes clockwise (wrapping to seat 0)."""
    s = game(players, start=start)
    cards = "messenger stonemason" if players == 2 else "messenger"
    choose(s, **{f"p{i}": cards for i in range(players)})
    assert s.round == 2
    assert s.start_player == next_start
    assert CASTLE.asked(s)[0] == next_start
    assert s.players[next_start].talers == 3 + 8 + 1


def test_end_of_round_clears_the_round_and_opens_the_next_selection():
    """§3.8: after the round, the next round begins with income and a new secret selection;
    this round's cards stay face up."""
    s = game(3, start=0)
    ev = choose(s, p0="messenger", p1="stonemason", p2="stonemason")
    assert [e["e"] for e in ev][-3:] == ["round_ended", "round_started", "income"]
    assert s.phase == "select"
    assert s.round == 2
    assert CASTLE.asked(s) == [1, 2, 0]
    assert decision(s)["stage"] == "select"
    assert all(p.revealed == [] for p in s.players)
    assert [p.played for p in s.players] == [["messenger"], ["stonemason"], ["stonemason"]]
    assert s.selection == [None, None, None]
