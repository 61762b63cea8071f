"""Rule scenarios for the winter variant (docs/rules.md §10 and its further rulings).

A winter game is set up with `winter_game`, which lays the winter cards a test needs on top of
the deck (the first is revealed in round 2), and `to_round`, which makes the coming selection
that of a given round. Cards that stay on the table (Village Tavern, Granary, Damsel) are put in
play "from an earlier round" with `winter_in_play`. Round 3 and round 15 (3 players) are not
winter rounds: a test played in them sees no new winter card.

A Tower costs 8 BP: the starting sand and wood plus 1 stone pay it, and that is its only
payment from such a supply, so `erect tower` pays by itself.
"""

from __future__ import annotations

import random

import pytest
from scenario import (
    assert_refused,
    choose,
    decision,
    events_named,
    give,
    new_game,
    options,
    piece_total,
    play,
    stage,
    stock_to,
    to_round,
    winter_deck,
    winter_game,
    winter_in_play,
)

import castle
from castle import CASTLE, data, sim

TOLL_EVENTS = ("toll_paid", "toll_unpaid", "toll_helper_returned")


def face_up(s: castle.State, seat: int, *cards: str) -> None:
    """Cards played in an earlier round, lying face up in front of `seat` (§3.7)."""
    p = s.players[seat]
    for card in cards:
        p.hand.remove(card)
        p.played.append(card)


def old_helpers(s: castle.State, **places: int) -> None:
    """Helpers of earlier rounds at carts / the rider: old_helpers(s, sand_cart=1, ...)."""
    for place, seat in places.items():
        assert s.traders[place] is None
        s.traders[place] = seat
        s.players[seat].helpers -= 1


def empty_defense_tower(s: castle.State) -> None:
    """The defense tower's pieces back in the stock: a Bricklayer takes nothing from it."""
    for kind, count in s.tower.items():
        s.stock[kind] += count
        s.tower[kind] = 0


def events_of(events: list[dict], *names: str) -> list[dict]:
    return [e for e in events if e["e"] in names]


def card_round(*top: str, players: int = 3, start: int = 0) -> castle.State:
    """A winter game at round 2's selection, the first of `top` about to be revealed."""
    s = winter_game(*top, players=players, start=start)
    to_round(s, 2)
    return s


def total_helpers(s: castle.State, seat: int) -> int:
    """A seat's helpers wherever they are: supply, Trader places, castle, Innkeeper, Granary."""
    w = s.winter
    assert w is not None
    placed = [o for o in [*s.traders.values(), *s.places.values(), w["innkeeper"]] if o == seat]
    return s.players[seat].helpers + len(placed) + w["granary"].count(seat)


# --- The deck: shuffled at setup, revealed in rounds 2, 4, ..., 12 -----------------------------


def test_the_winter_cards_are_revealed_in_rounds_2_4_6_8_10_and_12_in_deck_order() -> None:
    """§10 ⚖ winter rounds: one card at each of rounds 2, 4, 6, 8, 10, 12, top first; a
    3-player game's rounds 13–15 have none (the deck is empty)."""
    seed = 1009  # a random 3-player game that lasts its 15 rounds
    s, events = new_game(3, seed, winter=True)
    assert s.winter is not None
    deck = list(s.winter["deck"])
    _, actions = sim.random_game(3, seed, winter=True)
    for line in actions:
        events += CASTLE.apply(s, CASTLE.parse_action(line))
    revealed, current_round = [], 0
    for e in events:
        if e["e"] == "round_started":
            current_round = e["round"]
        elif e["e"] == "winter_revealed":
            revealed.append((current_round, e["card"]))
    assert current_round == 15
    assert revealed == list(zip(data.WINTER_ROUNDS, deck, strict=True))
    assert s.winter["deck"] == []


def test_the_card_is_resolved_between_the_selection_and_the_reveal() -> None:
    """§3.3: everyone chooses, then the winter card is turned over and carried out while the
    chosen cards are still face down, then the cards are revealed."""
    s = card_round("plague")
    face_up(s, 0, "messenger")
    give(s, 0, talers=5)
    ev = choose(s, p0="trader", p1="stonemason", p2="messenger")
    assert [e["e"] for e in ev] == ["selected", "selected", "selected", "winter_revealed"]
    assert ev[-1] == {"e": "winter_revealed", "card": "plague", "shown": "all"}
    # p0 decides the Plague now, before anything is revealed: the phase is the winter card's.
    assert s.phase == "winter" and stage(s) == "plague"
    assert decision(s)["players"] == [0]
    assert s.players[0].revealed == [] and "trader" in s.players[0].hand
    assert CASTLE.view(s, 0)["selection"] == [["trader"], "hidden", "hidden"]
    ev = play(s, "p0 pay_talers")
    names = [e["e"] for e in ev]
    assert names[:5] == [
        "winter_paid",
        "plague_spared",
        "plague_spared",
        "winter_discarded",
        "revealed",
    ]
    assert s.winter["card"] == "plague" and s.winter["gone"] == ["plague"]


def test_a_round_without_the_winter_symbol_reveals_no_card() -> None:
    """§10: rounds 1, 3, 5, ... turn no card over."""
    s = winter_game()
    deck = list(s.winter["deck"])
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger")
    assert not events_named(ev, "winter_revealed")
    assert s.round == 2 and s.winter["deck"] == deck  # round 2's selection: not turned yet
    to_round(s, 3)
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert not events_named(ev, "winter_revealed")


def test_the_deck_order_comes_from_the_seed() -> None:
    """§2.6, §10: the winter cards are shuffled from the game's seed: the same seed gives the
    same order, other seeds other orders; every card is in the deck once."""
    decks = []
    for seed in range(12):
        a, _ = new_game(3, seed, winter=True)
        b, _ = new_game(3, seed, winter=True)
        assert a.winter is not None and b.winter is not None
        assert a.winter["deck"] == b.winter["deck"]
        assert sorted(a.winter["deck"]) == sorted(data.WINTER_CARDS)
        decks.append(tuple(a.winter["deck"]))
    assert len(set(decks)) > 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_summer_game_is_unchanged_by_the_variant(players: int) -> None:
    """The variant is off unless asked for: `winter=False` is the summer game, identical to one
    set up without it, with no winter cards; a winter game draws the same start player from the
    same seed (the cards are shuffled after the draw)."""
    for seed in (0, 7, 2**40 + 3):
        summer, summer_events = new_game(players, seed)
        off, off_events = new_game(players, seed, winter=False)
        assert CASTLE.to_json(summer) == CASTLE.to_json(off)
        assert summer_events == off_events
        assert summer.winter is None and CASTLE.to_json(summer)["winter"] is None
        assert "winter" not in summer_events[0]
        winter, winter_events = new_game(players, seed, winter=True)
        assert winter_events[0]["winter"] is True
        assert winter.start_player == summer.start_player


def test_a_view_shows_which_winter_cards_are_left_never_their_order() -> None:
    """§10: the pile is face down: a seat's view (and a spectator's) lists the cards still in
    it in the fixed order of data.WINTER_CARDS, whatever the real order."""
    orders = set()
    for seed in range(6):
        s, _ = new_game(3, seed, winter=True)
        assert s.winter is not None
        orders.add(tuple(s.winter["deck"]))
        for seat in (0, 1, 2, None):
            assert CASTLE.view(s, seat)["winter"]["deck"] == list(data.WINTER_CARDS)
    assert len(orders) > 1
    # Two games that differ only in the order of the pile look the same to every seat.
    s = winter_game("snowdrift", "granary")
    twin = CASTLE.copy(s)
    winter_deck(twin, "granary", "snowdrift")
    assert s.winter["deck"] != twin.winter["deck"]
    for seat in (0, 1, 2, None):
        assert CASTLE.view(s, seat) == CASTLE.view(twin, seat)


def test_determinize_shuffles_the_pile_with_the_callers_generator() -> None:
    """A computer opponent plays on a determinized copy (view.determinize): its pile is the
    view's cards in an order drawn from the caller's generator, so it tells nothing of the real
    order: the same view and generator give the same copy, whatever the real pile."""
    s = winter_game("snowdrift", "granary")
    twin = CASTLE.copy(s)
    winter_deck(twin, "granary", "snowdrift")
    seen = CASTLE.view(s, 0)
    drawn = set()
    for r in range(20):
        a = CASTLE.determinize(seen, 0, random.Random(r))
        b = CASTLE.determinize(CASTLE.view(twin, 0), 0, random.Random(r))
        assert a.winter is not None and b.winter is not None
        assert a.winter["deck"] == b.winter["deck"]
        assert sorted(a.winter["deck"]) == sorted(s.winter["deck"])
        assert CASTLE.view(a, 0) == seen
        drawn.add(tuple(a.winter["deck"]))
    assert len(drawn) > 10


def test_a_determinized_copy_leaves_the_seat_asked_its_question() -> None:
    """§10 further rulings: a Worker chosen this round is not offered by the Snowdrift, so the
    Workers a seat is asked about are not its secret choice; a determinized copy samples that
    choice accordingly and the seat is asked the same question in it. (Regression: in a
    2-player game a copy could give p1 both Workers as its choice, leaving it asked with no
    legal answer, and a computer opponent searching from it without a move.)"""
    s = card_round("snowdrift", players=2)
    give(s, 0, talers=5)
    give(s, 1, talers=2)
    s.players[1].hand.remove("worker_c")
    s.winter["discarded"][1] = ["worker_c"]
    choose(s, p0="messenger trader", p1="messenger trader")
    play(s, "p0 pay_talers")
    question = ["p1 discard worker_a", "p1 discard worker_b"]
    assert options(s) == question
    seen = CASTLE.view(s, 0)
    sampled = set()
    for r in range(40):
        copy = CASTLE.determinize(seen, 0, random.Random(r))
        assert CASTLE.view(copy, 0) == seen
        assert options(copy) == question
        sampled.add(tuple(copy.selection[1] or ()))
        play(copy, question[r % 2])
    assert len(sampled) > 3


def test_the_players_decide_a_winter_card_in_turn_order_from_the_start_player() -> None:
    """§10: where a card asks the players, they decide one by one in turn order."""
    s = card_round("snowdrift", start=1)
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger")
    asked = []
    while s.phase == "winter":
        (seat,) = CASTLE.asked(s)
        asked.append(seat)
        ev += play(s, f"p{seat} pay_talers")
    assert asked == [1, 2, 0]
    assert [e["p"] for e in events_named(ev, "winter_paid")] == [1, 2, 0]


# --- Village Tavern: the toll ------------------------------------------------------------------


def tavern_game(*, innkeeper: int | None = None, on_card: int = 0) -> castle.State:
    """A 3-player game at round 3 (no new winter card), the Village Tavern drawn earlier, with
    `on_card` talers on it and the Innkeeper held by `innkeeper`'s helper (or free)."""
    s = winter_game()
    winter_in_play(s, "village_tavern")
    w = s.winter
    assert w is not None
    w["tavern"] = on_card
    if innkeeper is not None:
        w["innkeeper"] = innkeeper
        s.players[innkeeper].helpers -= 1
    to_round(s, 3)
    return s


def test_the_toll_starts_in_the_round_the_tavern_is_drawn_and_lies_on_the_card() -> None:
    """§10 Village Tavern ⚖ toll: from the round it is drawn, each Trader action costs 1 taler,
    after the helper is placed and before delivery; with the Innkeeper free it lies on the card."""
    s = card_round("village_tavern")
    give(s, 0, talers=5)
    give(s, 1, talers=2)
    ev = choose(s, p0="trader", p1="trader", p2="messenger")
    assert events_named(ev, "winter_revealed") == [
        {"e": "winter_revealed", "card": "village_tavern", "shown": "all"}
    ]
    assert s.winter["in_play"] == ["village_tavern"]
    ev = play(s, "p0 trader sand_cart")
    assert events_of(ev, "trader_placed", *TOLL_EVENTS)[1:] == [
        {"e": "toll_paid", "p": 0, "talers": 1, "to": None}
    ]
    assert s.players[0].talers == 4 and s.winter["tavern"] == 1
    ev = play(s, "p1 done")  # passing costs the toll all the same
    names = [e["e"] for e in ev]
    assert names.index("toll_paid") < names.index("delivered")
    assert events_named(ev, "toll_paid") == [{"e": "toll_paid", "p": 1, "talers": 1, "to": None}]
    assert s.winter["tavern"] == 2
    assert s.round == 3 and s.players[1].talers == 2 - 1 + 1  # round 3's taler: p1 starts


def test_the_toll_goes_straight_to_the_innkeepers_owner() -> None:
    """§10 Village Tavern: with the Innkeeper held, the toll goes to its owner at once."""
    s = tavern_game(innkeeper=2)
    give(s, 0, talers=3)
    give(s, 2, talers=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 trader wood_cart")
    assert events_named(ev, "toll_paid") == [{"e": "toll_paid", "p": 0, "talers": 1, "to": 2}]
    assert s.players[0].talers == 2 and s.players[2].talers == 1
    assert s.winter["tavern"] == 0


@pytest.mark.parametrize("talers", [0, 5])
def test_the_innkeepers_owner_pays_themself_no_toll(talers: int) -> None:
    """§10 further rulings: the Innkeeper's owner playing a Trader pays nothing, and without a
    taler sends no helper home."""
    s = tavern_game(innkeeper=0, on_card=2)
    give(s, 0, talers=talers)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 trader sand_cart")
    assert events_of(ev, *TOLL_EVENTS) == []
    assert s.players[0].talers == talers and s.winter["tavern"] == 2
    assert s.traders["sand_cart"] == 0
    assert s.players[0].pieces["sand"] == 1 + 3  # its cart delivers


def test_without_a_taler_the_helper_just_placed_goes_home_and_delivers_nothing() -> None:
    """§10 Village Tavern: with no taler, a helper at a Trader place goes back to the supply
    (the one just placed included: here the only one), and it delivers nothing this round."""
    s = tavern_game()
    give(s, 0, talers=0)
    sand = s.stock["sand"]
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 trader sand_cart")
    assert events_of(ev, "trader_placed", *TOLL_EVENTS, "delivered") == [
        {"e": "trader_placed", "p": 0, "place": "sand_cart", "displaced": None},
        {"e": "toll_helper_returned", "p": 0, "place": "sand_cart"},
    ]
    assert s.traders["sand_cart"] is None
    assert s.players[0].helpers == 6 and s.players[0].talers == 0
    assert s.stock["sand"] == sand and s.players[0].pieces["sand"] == 1
    assert s.winter["tavern"] == 0


def test_without_a_taler_the_trader_chooses_which_helper_goes_home() -> None:
    """§10 Village Tavern: a player with several helpers at Trader places picks the one that
    goes home (`toll_helper <place>`); only their own are offered; the others deliver."""
    s = tavern_game()
    old_helpers(s, wood_cart=0, stone_cart=1)
    give(s, 0, talers=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    play(s, "p0 trader sand_cart")
    assert stage(s) == "toll"
    assert options(s) == ["p0 toll_helper sand_cart", "p0 toll_helper wood_cart"]
    assert_refused(s, "p0 toll_helper stone_cart", "toll.not_your_helper")
    assert_refused(s, "p0 toll_helper clay_cart", "toll.not_your_helper")
    ev = play(s, "p0 toll_helper wood_cart")
    assert events_named(ev, "toll_helper_returned") == [
        {"e": "toll_helper_returned", "p": 0, "place": "wood_cart"}
    ]
    delivered = {e["place"]: e["p"] for e in events_named(ev, "delivered")}
    assert delivered == {"sand_cart": 0, "stone_cart": 1}
    assert s.players[0].pieces["sand"] == 1 + 3 and s.players[0].pieces["wood"] == 1
    assert s.players[0].helpers == 5


def test_with_neither_a_taler_nor_a_helper_at_a_trader_place_nothing_is_owed() -> None:
    """§10 Village Tavern: someone with neither a taler nor such a helper owes nothing."""
    s = tavern_game()
    give(s, 0, talers=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 done")
    assert events_of(ev, *TOLL_EVENTS) == [{"e": "toll_unpaid", "p": 0}]
    assert s.players[0].helpers == 6 and s.winter["tavern"] == 0


def test_a_rival_displaced_by_a_trader_without_a_taler_stays_displaced() -> None:
    """§10 further rulings: a Trader without a taler displaces a rival, then sends that very
    helper home for the toll: the rival stays in its supply and the cart delivers nothing."""
    s = tavern_game()
    old_helpers(s, sand_cart=1, wood_cart=1, clay_cart=2, stone_cart=2)
    give(s, 0, talers=0)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    ev = play(s, "p0 trader sand_cart")
    assert events_of(ev, "trader_placed", "toll_helper_returned") == [
        {"e": "trader_placed", "p": 0, "place": "sand_cart", "displaced": 1},
        {"e": "toll_helper_returned", "p": 0, "place": "sand_cart"},
    ]
    assert s.traders["sand_cart"] is None
    assert s.players[1].helpers == 6 - 1 and s.players[0].helpers == 6
    delivered = [e["place"] for e in events_named(ev, "delivered")]
    assert delivered == ["wood_cart", "clay_cart", "stone_cart"]


# --- Village Tavern: the Innkeeper -------------------------------------------------------------


def test_the_innkeeper_costs_3_talers_and_then_takes_the_talers_on_the_card() -> None:
    """§10 Village Tavern, further rulings: the Innkeeper is a helper place at 3 talers, taken
    after erecting; the fee is paid first, then every taler on the card is collected."""
    s = tavern_game(on_card=4)
    give(s, 0, talers=3, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper innkeeper supply" in options(s)
    ev = play(s, "p0 helper innkeeper supply")
    assert events_named(ev, "innkeeper_placed") == [
        {
            "e": "innkeeper_placed",
            "p": 0,
            "source": "supply",
            "fee": 3,
            "displaced": None,
            "taken": 4,
        }
    ]
    assert s.players[0].talers == 0 + 4
    assert s.winter["innkeeper"] == 0 and s.winter["tavern"] == 0
    assert s.players[0].helpers == 5
    assert "innkeeper" not in s.places  # not a castle place


def test_a_bricklayer_pays_the_innkeepers_fee_with_the_talers_just_earned() -> None:
    """§10 further rulings: a Bricklayer may pay the fee with the talers its buildings just
    earned (1 per piece, §4), and then takes the card's talers."""
    s = tavern_game(on_card=2)
    empty_defense_tower(s)
    give(s, 0, talers=0, stone=1)
    choose(s, p0="bricklayer", p1="messenger", p2="messenger")
    ev = play(s, "p0 erect tower")  # nothing more to erect: on to the talers and helpers
    assert events_named(ev, "bricklayer_talers")[0]["talers"] == 3
    play(s, "p0 helper innkeeper supply")
    assert s.players[0].talers == 3 - 3 + 2
    assert s.winter["innkeeper"] == 0


def test_without_3_talers_of_their_own_a_player_is_not_offered_the_innkeeper() -> None:
    """§10 further rulings: the fee comes from the player's own talers; the card's talers do
    not help, however many lie there."""
    s = tavern_game(on_card=10)
    give(s, 0, talers=2, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    ev = play(s, "p0 erect tower")
    # Every place costs more than 2 talers: the helpers step asks nothing and passes.
    assert not events_of(ev, "helper_placed", "innkeeper_placed")
    assert s.players[0].talers == 2 and s.winter["tavern"] == 10
    assert s.winter["innkeeper"] is None


def test_the_innkeepers_fee_refusal_names_the_fee() -> None:
    """§10 further rulings: why a player short of the fee is not offered the Innkeeper."""
    # No player short of every fee is asked about helpers at all: asked with 5 talers, left
    # with 2 by hand, a player meets the refusal.
    s = tavern_game(on_card=10)
    give(s, 0, talers=5, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper innkeeper supply" in options(s)
    give(s, 0, talers=2)
    assert_refused(s, "p0 helper innkeeper supply", "helper.fee")


def test_placing_on_a_held_innkeeper_sends_the_rivals_helper_home() -> None:
    """§10 Village Tavern (S000): the Innkeeper can be pushed out; the rival's helper goes back
    to its owner's supply ⚖, and the newcomer takes the card's talers."""
    s = tavern_game(innkeeper=1, on_card=0)
    give(s, 0, talers=3, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    ev = play(s, "p0 helper innkeeper supply")
    (placed,) = events_named(ev, "innkeeper_placed")
    assert placed["displaced"] == 1 and placed["taken"] == 0
    assert s.winter["innkeeper"] == 0
    assert s.players[1].helpers == 6 and total_helpers(s, 1) == 6


def test_the_innkeeper_placed_this_round_can_be_pushed_out_and_not_retaken_that_round() -> None:
    """§10 further rulings: the Innkeeper is not protected in its round: a later placement
    pushes it out, and the player pushed out cannot go back that round (§5: one building)."""
    s = winter_game(players=2)
    winter_in_play(s, "village_tavern")
    to_round(s, 3)
    empty_defense_tower(s)
    give(s, 0, talers=9, stone=2, sand=2, wood=2)
    give(s, 1, talers=0, stone=1)
    choose(s, p0="bricklayer stonemason", p1="bricklayer messenger")
    play(s, "p0 erect tower", "p0 done", "p0 helper innkeeper supply", "p0 done")
    assert s.winter["innkeeper"] == 0 and s.players[0].helpers == 6
    ev = play(s, "p1 erect tower", "p1 helper innkeeper supply")
    assert events_named(ev, "innkeeper_placed")[0]["displaced"] == 0
    assert s.winter["innkeeper"] == 1 and s.players[0].helpers == 7
    play(s, "p1 done")
    play(s, "p0 erect tower")  # p0's Stonemason: helpers again
    assert stage(s) == "helper" and decision(s)["players"] == [0]
    assert "p0 helper innkeeper supply" not in options(s)
    assert_refused(s, "p0 helper innkeeper supply", "helper.same_building_this_round")


def test_the_innkeepers_owner_cannot_place_there_again() -> None:
    """§10 Village Tavern: its owner has no way to move it out themself."""
    s = tavern_game(innkeeper=0, on_card=3)
    give(s, 0, talers=10, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert not [o for o in options(s) if "innkeeper" in o]
    assert_refused(s, "p0 helper innkeeper supply", "helper.innkeeper.own")


# --- Granary -----------------------------------------------------------------------------------


def granary_game(*owners: int) -> castle.State:
    """A 3-player game at round 3, the Granary drawn earlier, with helpers of earlier rounds of
    `owners` on it."""
    s = winter_game()
    winter_in_play(s, "granary")
    for seat in owners:
        s.winter["granary"].append(seat)
        s.players[seat].helpers -= 1
    to_round(s, 3)
    return s


def test_a_granary_place_costs_8_talers() -> None:
    """§10 Granary: three places at 8 talers ⚖ each, paid to the bank; none a castle place."""
    s = granary_game()
    give(s, 0, talers=8, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    ev = play(s, "p0 helper granary supply")
    assert events_named(ev, "helper_placed") == [
        {"e": "helper_placed", "p": 0, "place": "granary", "source": "supply", "fee": 8}
    ]
    assert s.players[0].talers == 0 and s.winter["granary"] == [0]
    assert "granary" not in s.places
    s = granary_game()
    give(s, 0, talers=7, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper granary supply" not in options(s)
    assert_refused(s, "p0 helper granary supply", "helper.fee")


def test_one_player_may_hold_several_granary_places_placed_in_different_rounds() -> None:
    """§10 Granary: one player may hold more than one place, placed in different rounds."""
    s = granary_game(0)
    give(s, 0, talers=8, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower", "p0 helper granary supply")
    assert s.winter["granary"] == [0, 0] and total_helpers(s, 0) == 6


def test_a_second_granary_helper_in_the_same_round_is_refused() -> None:
    """§10 Granary, §5: within one round a player's helpers go to different buildings, and the
    Granary is one building."""
    s = granary_game()
    give(s, 0, talers=30, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower", "p0 helper granary supply")
    assert stage(s) == "helper"  # a second helper may go elsewhere
    assert "p0 helper granary supply" not in options(s)
    assert_refused(s, "p0 helper granary supply", "helper.same_building_this_round")


def test_a_fourth_granary_helper_is_refused() -> None:
    """§10 Granary: three places; with all three taken there is none."""
    s = granary_game(1, 2, 1)
    give(s, 0, talers=30, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert "p0 helper granary supply" not in options(s)
    assert_refused(s, "p0 helper granary supply", "helper.place_taken")


@pytest.mark.parametrize(
    ("owners", "scores"),
    [
        ((1,), {1: 10}),
        ((0, 2), {0: 7, 2: 7}),
        ((0, 2, 0), {0: 10, 2: 5}),
    ],
    ids=["one helper", "two helpers", "three helpers"],
)
def test_the_granary_scores_by_how_many_helpers_sit_on_it(
    owners: tuple[int, ...], scores: dict[int, int]
) -> None:
    """§10 Granary, §8.5: a lone helper 10 VP, two 7 VP apiece, three 5 VP apiece (S000),
    whoever owns them; in the final breakdown as "granary"."""
    s = granary_game(*owners)
    to_round(s, 15)
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger")
    assert s.phase == "over"
    scored = [(e["p"], e["vp"]) for e in events_named(ev, "place_scored")]
    per_helper = data.GRANARY_VP[len(owners)]
    assert scored == [(seat, per_helper) for seat in owners]
    for row in s.result["players"]:
        assert row["by_source"].get("granary") == scores.get(row["seat"])
        assert row["vp"] == scores.get(row["seat"], 0)


def test_the_innkeeper_scores_nothing_and_stays_at_the_end() -> None:
    """§10 Village Tavern ⚖: the Innkeeper earns no VP; it is no Trader place, so the end does
    not send it home (§8.1); the talers on the card belong to no one and break no tie."""
    s = tavern_game(innkeeper=1, on_card=5)
    for seat in range(3):
        give(s, seat, talers=0)
    to_round(s, 15)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    assert s.phase == "over"
    assert s.winter["innkeeper"] == 1 and s.players[1].helpers == 5
    rows = s.result["players"]
    assert [r["vp"] for r in rows] == [0, 0, 0] and "innkeeper" not in rows[1]["by_source"]
    assert [r["talers"] for r in rows] == [8, 8, 8]
    assert s.result["winners"] == [0, 1, 2] and s.result["tie_break"] == "shared"
    assert s.winter["tavern"] == 5


# --- Plague ------------------------------------------------------------------------------------


def test_the_plague_spares_a_player_without_a_face_up_card() -> None:
    """§10 Plague: without any face-up card, nothing happens to a player."""
    s = card_round("plague")
    face_up(s, 2, "messenger")
    give(s, 2, talers=0)
    before = CASTLE.to_json(s)["players"][:2]
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert events_of(ev, "plague_spared", "card_discarded", "winter_paid") == [
        {"e": "plague_spared", "p": 0},
        {"e": "plague_spared", "p": 1},
        {"e": "card_discarded", "p": 2, "card": "messenger", "by": "plague"},
    ]
    for seat in (0, 1):
        assert s.players[seat].talers == before[seat]["talers"]
        assert s.players[seat].played == ["trader"]


def test_the_plague_offers_a_discard_of_each_face_up_card_or_a_taler_per_card() -> None:
    """§10 Plague: put one face-up card out of the game, or pay one taler per face-up card."""
    s = card_round("plague")
    face_up(s, 0, "messenger", "worker_b")
    face_up(s, 1, "trader", "worker_a", "worker_c")
    give(s, 0, talers=5)
    give(s, 1, talers=5)
    choose(s, p0="bricklayer", p1="bricklayer", p2="bricklayer")
    assert options(s) == ["p0 discard messenger", "p0 discard worker_b", "p0 pay_talers"]
    ev = play(s, "p0 pay_talers")
    assert events_named(ev, "winter_paid") == [
        {"e": "winter_paid", "p": 0, "talers": 2, "by": "plague"}
    ]
    assert s.players[0].talers == 3
    assert options(s) == [
        "p1 discard trader",
        "p1 discard worker_a",
        "p1 discard worker_c",
        "p1 pay_talers",
    ]
    ev = play(s, "p1 discard worker_a")
    assert events_named(ev, "card_discarded") == [
        {"e": "card_discarded", "p": 1, "card": "worker_a", "by": "plague"}
    ]
    assert s.winter["discarded"] == [[], ["worker_a"], []]
    assert "worker_a" not in s.players[1].played + s.players[1].hand
    assert s.players[1].talers == 5


def test_a_player_short_of_talers_must_put_a_card_out() -> None:
    """§10 Plague: without enough talers to pay, a player has to put a card out."""
    s = card_round("plague")
    face_up(s, 0, "messenger", "trader", "worker_c")
    give(s, 0, talers=2)
    choose(s, p0="stonemason", p1="stonemason", p2="stonemason")
    assert options(s) == ["p0 discard messenger", "p0 discard trader", "p0 discard worker_c"]
    assert_refused(s, "p0 pay_talers", "plague.not_enough_talers")
    assert_refused(s, "p0 discard bricklayer", "plague.not_face_up")


def test_a_card_chosen_this_round_is_not_face_up_for_the_plague() -> None:
    """§10 ⚖: a card chosen this round is never one of its owner's face-up cards: it is not
    offered, and it does not count in the price."""
    s = card_round("plague")
    face_up(s, 0, "messenger")
    give(s, 0, talers=3)
    choose(s, p0="trader", p1="stonemason", p2="stonemason")
    assert options(s) == ["p0 discard messenger", "p0 pay_talers"]
    assert_refused(s, "p0 discard trader", "winter.chosen_this_round")
    play(s, "p0 pay_talers")
    assert s.players[0].talers == 3 - 1
    assert s.players[0].played == ["messenger", "trader"]


def test_a_card_put_out_of_the_game_never_comes_back_with_the_master_builder() -> None:
    """§10: a discarded card is back in the box for good; the Master Builder returns only the
    face-up cards."""
    s = card_round("plague")
    face_up(s, 0, "messenger", "trader")
    give(s, 0, talers=0)
    choose(s, p0="master_builder", p1="stonemason", p2="stonemason")
    play(s, "p0 discard messenger")
    assert s.round == 3  # the round is over: the Master Builder brought the cards back
    assert s.players[0].played == []
    assert s.players[0].hand == [c for c in data.CARDS if c != "messenger"]
    assert s.winter["discarded"][0] == ["messenger"]
    assert_refused(s, "p0 select messenger", "select.not_in_hand")


def test_a_master_builder_chosen_before_the_plague_took_its_only_face_up_card_still_acts() -> None:
    """§10 further rulings, §3.2 ⚖: whether a Master Builder may be played and earns its bonus
    was decided at selection; a winter discard later in the round changes neither."""
    s = card_round("plague")
    face_up(s, 0, "messenger")
    give(s, 0, talers=0)
    give(s, 1, stone=1)
    ev = choose(s, p0="master_builder", p1="stonemason", p2="messenger")
    # p0's only face-up card is put out by itself: no taler to pay, one card to give.
    assert events_named(ev, "card_discarded") == [
        {"e": "card_discarded", "p": 0, "card": "messenger", "by": "plague"}
    ]
    ev = play(s, "p1 erect tower")
    assert events_named(ev, "master_builder") == [
        {"e": "master_builder", "p": 0, "buildings": 1, "vp": 5, "cards": ["master_builder"]}
    ]
    assert s.players[0].vp_by_source == {"master_builder": 5}


# --- Cracked Wall ------------------------------------------------------------------------------


def test_the_cracked_wall_takes_up_to_3_stone_for_3_vp_each() -> None:
    """§10 Cracked Wall: as many as 3 stone back to the stock, each worth 3 VP."""
    s = card_round("cracked_wall")
    give(s, 0, stone=4)
    stone = s.stock["stone"]
    choose(s, p0="trader", p1="trader", p2="trader")
    assert options(s) == [
        "p0 return_stone 3 0",
        "p0 return_stone 2 0",
        "p0 return_stone 1 0",
        "p0 return_stone 0 0",
    ]
    assert_refused(s, "p0 return_stone 4 0", "cracked_wall.limit")
    ev = play(s, "p0 return_stone 3 0")
    assert events_named(ev, "stone_returned")[0] == {
        "e": "stone_returned",
        "p": 0,
        "own": 3,
        "silver": 0,
        "vp": 9,
    }
    assert s.players[0].pieces["stone"] == 1 and s.stock["stone"] == stone + 3
    assert s.players[0].vp == 9 and s.players[0].vp_by_source == {"cracked_wall": 9}
    assert s.winter["gone"] == ["cracked_wall"]


def test_the_cracked_wall_may_take_silver_turned_into_stone() -> None:
    """§10 Cracked Wall, further rulings: silver is turned into stone at the Forge, which goes
    back at once and counts towards the 3, for 3 VP; the silver stays in the Forge."""
    s = card_round("cracked_wall")
    give(s, 0, stone=1, silver=3)
    stone = s.stock["stone"]
    choose(s, p0="trader", p1="trader", p2="trader")
    assert "p0 return_stone 1 2" in options(s) and "p0 return_stone 0 3" in options(s)
    assert_refused(s, "p0 return_stone 1 3", "cracked_wall.limit")
    assert_refused(s, "p0 return_stone 2 1", "pay.not_enough_pieces")
    assert_refused(s, "p0 return_stone 0 -1", "action.negative_count")
    play(s, "p0 return_stone 1 2")
    assert s.players[0].pieces["stone"] == 0 and s.players[0].pieces["silver"] == 1
    assert s.stock["stone"] == stone + 1 and s.forge == 2
    assert s.players[0].vp_by_source == {"cracked_wall": 9}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_a_conversion_needs_a_stone_in_the_stock_once_the_own_stones_are_back() -> None:
    """§10 further rulings: own stones go back first; each conversion then takes a stone of the
    stock, so with the stock out of stone silver converts only after an own stone came back."""
    s = card_round("cracked_wall")
    give(s, 0, stone=1, silver=2)
    stock_to(s, "stone", 0)
    choose(s, p0="trader", p1="trader", p2="trader")
    assert options(s) == [
        "p0 return_stone 1 2",
        "p0 return_stone 1 1",
        "p0 return_stone 1 0",
        "p0 return_stone 0 0",
    ]
    assert_refused(s, "p0 return_stone 0 1", "forge.kind_not_in_stock")
    play(s, "p0 return_stone 1 2")
    assert s.stock["stone"] == 1 and s.forge == 2 and s.players[0].vp == 9


def test_a_player_with_neither_stone_nor_silver_is_not_asked_by_the_cracked_wall() -> None:
    """§10 Cracked Wall: there is nothing to decide without stone or silver."""
    s = card_round("cracked_wall")
    give(s, 1, stone=2)
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert decision(s)["players"] == [1]
    assert events_named(ev, "stone_returned") == [
        {"e": "stone_returned", "p": 0, "own": 0, "silver": 0, "vp": 0}
    ]
    ev = play(s, "p1 return_stone 0 0")
    assert events_named(ev, "stone_returned")[1:] == [
        {"e": "stone_returned", "p": 2, "own": 0, "silver": 0, "vp": 0}
    ]
    assert [p.vp for p in s.players] == [0, 0, 0]
    assert all("cracked_wall" not in p.vp_by_source for p in s.players)


# --- Damsel of the Castle ----------------------------------------------------------------------


def test_the_damsel_asks_everyone_in_the_round_it_is_drawn_for_a_piece_or_a_taler() -> None:
    """§10 Damsel ⚖ timing: from the round it is drawn, at §3.3 of every round, each player
    still in adds 1 piece of their own (silver allowed) or 1 taler, or drops out."""
    s = card_round("damsel")
    give(s, 0, talers=1, sand=0, wood=0, silver=1)
    give(s, 1, talers=2)
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert events_named(ev, "winter_revealed") == [
        {"e": "winter_revealed", "card": "damsel", "shown": "all"}
    ]
    assert options(s) == ["p0 give silver", "p0 give taler", "p0 drop_out"]
    assert_refused(s, "p0 give sand", "damsel.none_to_give")
    assert_refused(s, "p0 give gold", "damsel.unknown_item")
    ev = play(s, "p0 give silver", "p1 give taler", "p2 give wood")
    assert [(e["p"], e["item"]) for e in events_named(ev, "damsel_given")] == [
        (0, "silver"),
        (1, "taler"),
        (2, "wood"),
    ]
    on_card = {item: n for item, n in s.winter["damsel"].items() if n}
    assert on_card == {"wood": 1, "silver": 1, "taler": 1}
    assert s.players[0].pieces["silver"] == 0 and s.players[1].talers == 1
    assert s.players[2].pieces["wood"] == 0
    assert piece_total(s) == data.PIECES_IN_BOX
    assert s.phase == "round"  # then the cards are revealed
    assert s.winter["in_play"] == ["damsel"] and s.winter["damsel_in"] == [0, 1, 2]


def test_the_damsel_asks_again_every_round_until_resolved_and_a_dropout_stays_out() -> None:
    """§10 Damsel: once every round the players who have not dropped out are asked; dropping
    out is for good."""
    s = card_round("damsel")
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    ev = play(s, "p0 give sand", "p1 drop_out", "p2 give taler")
    assert events_named(ev, "damsel_dropped") == [{"e": "damsel_dropped", "p": 1}]
    assert s.winter["damsel_in"] == [0, 2]
    # Round 3 (no winter card): the Damsel asks again, p1 no more; p1 starts now.
    assert s.round == 3 and s.start_player == 1
    choose(s, p0="trader", p1="trader", p2="trader")
    assert stage(s) == "give" and decision(s)["players"] == [2]
    play(s, "p2 give sand")
    assert decision(s)["players"] == [0]
    play(s, "p0 give wood")
    assert s.phase == "round"


def test_a_player_with_nothing_to_give_drops_out() -> None:
    """§10 Damsel: whoever has neither a piece nor a taler drops out (not asked)."""
    s = card_round("damsel")
    give(s, 0, talers=0, sand=0, wood=0)
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert events_named(ev, "damsel_dropped") == [{"e": "damsel_dropped", "p": 0}]
    assert decision(s)["players"] == [1]
    assert s.winter["damsel_in"] == [1, 2]


def test_the_last_giver_scores_8_vp_and_the_others_share_out_the_card() -> None:
    """§10 Damsel: when a single giver remains, no one else is asked that round and the giver
    scores 8 VP; those who dropped out empty the card in turn order, 1 item each turn, and it
    is discarded when nothing is left: it never asks again."""
    s = card_round("damsel")
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    play(s, "p0 give taler", "p1 give sand", "p2 give wood")
    assert s.round == 3 and s.start_player == 1
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    ev += play(s, "p1 drop_out", "p2 drop_out")
    # p0, the last one in, is not asked this round: it wins at once.
    assert events_of(ev, "damsel_given", "damsel_dropped", "damsel_won") == [
        {"e": "damsel_dropped", "p": 1},
        {"e": "damsel_dropped", "p": 2},
        {"e": "damsel_won", "p": 0, "vp": 8},
    ]
    assert s.players[0].vp == 8 and s.players[0].vp_by_source == {"damsel": 8}
    # The share-out: p1 then p2 (turn order from round 3's start player), until it is empty.
    assert stage(s) == "share"
    assert options(s) == ["p1 take sand", "p1 take wood", "p1 take taler"]
    assert_refused(s, "p1 take stone", "damsel.not_on_card")
    assert_refused(s, "p0 take sand", "turn.not_yours")
    play(s, "p1 take taler")
    assert options(s) == ["p2 take sand", "p2 take wood"]
    ev = play(s, "p2 take sand")  # p1's next turn is forced: the wood is all that is left
    assert events_of(ev, "damsel_taken", "winter_discarded") == [
        {"e": "damsel_taken", "p": 2, "item": "sand"},
        {"e": "damsel_taken", "p": 1, "item": "wood"},
        {"e": "winter_discarded", "card": "damsel"},
    ]
    assert s.winter["damsel"] == dict.fromkeys(data.DAMSEL_ITEMS, 0)
    assert s.winter["in_play"] == [] and s.winter["gone"] == ["damsel"]
    assert piece_total(s) == data.PIECES_IN_BOX
    assert s.phase == "round"  # then round 3's cards are revealed
    # Round 4 and after: the Damsel asks nobody any more.
    play(s, "p1 done", "p2 done", "p0 done")
    assert s.round == 4
    ev = choose(s, p0="stonemason", p1="stonemason", p2="stonemason")
    assert not events_of(ev, "damsel_given", "damsel_dropped", "damsel_won")
    assert stage(s) != "give"


def test_a_damsel_won_with_nothing_on_it_is_discarded_at_once() -> None:
    """§10 Damsel: the card is discarded when nothing is left on it: with nothing given, at
    once. The last giver is not asked: p1 wins as soon as p0 drops out."""
    s = card_round("damsel", players=2)
    choose(s, p0="messenger trader", p1="messenger trader")
    ev = play(s, "p0 drop_out")
    assert events_of(ev, "damsel_dropped", "damsel_won", "winter_discarded", "damsel_given") == [
        {"e": "damsel_dropped", "p": 0},
        {"e": "damsel_won", "p": 1, "vp": 8},
        {"e": "winter_discarded", "card": "damsel"},
    ]
    assert s.winter["gone"] == ["damsel"] and s.phase == "round"


def test_an_unresolved_damsel_at_the_end_counts_for_no_one() -> None:
    """§10 Damsel: if the game is over before a single giver remains, the card has no effect:
    what lies on it belongs to no one and breaks no tie; its pieces are still accounted for."""
    s = winter_game()
    winter_in_play(s, "damsel")
    to_round(s, 15)
    give(s, 0, talers=1, sand=0, wood=0, clay=0, stone=0, silver=0)
    give(s, 1, talers=0, sand=0, wood=0, clay=1)
    give(s, 2, talers=2, sand=0, wood=0)
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger")
    ev += play(s, "p0 give taler", "p1 give clay", "p2 give taler")
    assert s.phase == "over"
    assert not events_named(ev, "damsel_won")
    assert s.winter["damsel"]["taler"] == 2 and s.winter["damsel"]["clay"] == 1
    rows = s.result["players"]
    assert [r["vp"] for r in rows] == [0, 0, 0]
    # The talers and the clay on the card are no one's.
    assert [r["talers"] for r in rows] == [8, 8, 9]
    assert [r["piece_bp"] for r in rows] == [0, 0, 0]
    assert s.result["winners"] == [2] and s.result["tie_break"] == "talers"
    assert piece_total(s) == data.PIECES_IN_BOX
    CASTLE.from_json(CASTLE.to_json(s))  # the state check accounts for the card's pieces


# --- Snowdrift ---------------------------------------------------------------------------------


def test_the_snowdrift_takes_a_worker_from_hand_or_face_up_or_3_talers() -> None:
    """§10 Snowdrift: put one Worker card out of the game, from hand or face up, or pay 3."""
    s = card_round("snowdrift")
    face_up(s, 0, "worker_b")
    give(s, 0, talers=3)
    choose(s, p0="trader", p1="trader", p2="trader")
    assert options(s) == [
        "p0 discard worker_a",
        "p0 discard worker_b",
        "p0 discard worker_c",
        "p0 pay_talers",
    ]
    assert_refused(s, "p0 discard trader", "snowdrift.not_a_worker")
    ev = play(s, "p0 discard worker_b")
    assert events_named(ev, "card_discarded") == [
        {"e": "card_discarded", "p": 0, "card": "worker_b", "by": "snowdrift"}
    ]
    assert "worker_b" not in s.players[0].played
    ev = play(s, "p1 discard worker_c", "p2 pay_talers")
    assert "worker_c" not in s.players[1].hand
    assert events_named(ev, "winter_paid") == [
        {"e": "winter_paid", "p": 2, "talers": 3, "by": "snowdrift"}
    ]
    assert s.winter["discarded"] == [["worker_b"], ["worker_c"], []]


def test_a_player_with_a_worker_and_under_3_talers_must_give_the_worker_up() -> None:
    """§10 Snowdrift: holding such a Worker with under 3 talers, the Worker goes."""
    s = card_round("snowdrift")
    give(s, 0, talers=2)
    choose(s, p0="trader", p1="trader", p2="trader")
    assert options(s) == ["p0 discard worker_a", "p0 discard worker_b", "p0 discard worker_c"]
    assert_refused(s, "p0 pay_talers", "snowdrift.not_enough_talers")


@pytest.mark.parametrize(("talers", "paid"), [(5, 3), (2, 2), (0, 0)])
def test_a_player_without_a_worker_pays_3_talers_or_all_they_have(talers: int, paid: int) -> None:
    """§10 Snowdrift ⚖: holding no Worker, a player pays 3 talers, or every taler if fewer;
    there is nothing to ask."""
    s = card_round("snowdrift")
    p = s.players[0]
    for card in data.WORKERS:
        p.hand.remove(card)
    s.winter["discarded"][0] = list(data.WORKERS)
    give(s, 0, talers=talers)
    ev = choose(s, p0="trader", p1="trader", p2="trader")
    assert events_named(ev, "winter_paid") == [
        {"e": "winter_paid", "p": 0, "talers": paid, "by": "snowdrift"}
    ]
    assert decision(s)["players"] == [1]
    assert s.players[0].talers == talers - paid


def test_a_worker_chosen_this_round_is_no_worker_for_the_snowdrift() -> None:
    """§10 further rulings: a card chosen this round is neither in hand nor face up: it is not
    offered, and a player whose only Worker is chosen this round pays."""
    s = card_round("snowdrift")
    give(s, 0, talers=5)
    for card in ("worker_b", "worker_c"):
        s.players[1].hand.remove(card)
    s.winter["discarded"][1] = ["worker_b", "worker_c"]
    give(s, 1, talers=5)
    ev = choose(s, p0="worker_a", p1="worker_a", p2="trader")
    assert options(s) == ["p0 discard worker_b", "p0 discard worker_c", "p0 pay_talers"]
    assert_refused(s, "p0 discard worker_a", "winter.chosen_this_round")
    ev = play(s, "p0 pay_talers")
    # p1's only Worker is the one it chose: it pays 3, not asked.
    assert events_named(ev, "winter_paid")[1:] == [
        {"e": "winter_paid", "p": 1, "talers": 3, "by": "snowdrift"}
    ]
    assert s.players[1].talers == 2
    assert decision(s)["players"] == [2]
