"""Rule scenarios for final scoring (§8), with the castle's places (§7).

The steps, in order: (1) helpers at carts and the rider are removed and score nothing; (2) in turn
order each player may convert silver at the Forge; (3) Palace: up to 5 building pieces per place
into VP at their BP; (4) Market: talers into VP, 1 per 2 talers (1 per taler with both places);
(5) every other place scores on its own. Most VP wins; ⚖ tie-break: most talers left, then the
highest BP of building pieces left (silver 0); then a shared win.

How the situations are built: the game is set to its last round (s.round = s.rounds) before the
selection, everybody plays a Messenger (+8 talers) unless said otherwise, and the game goes
straight into final scoring. Helpers are put into castle places directly (s.places[place] = seat,
taken from the seat's supply) after "erecting" the building: its tile is taken off the board
(s.tiles reduced) and its places added. Silver in the Forge is moved there from the stock.
Pieces move only between the stock, the players and the Forge, so all 83 stay accounted for.
"""

from __future__ import annotations

from scenario import (
    assert_refused,
    choose,
    decision,
    events_named,
    game,
    give,
    options,
    piece_total,
    pieces,
    play,
    refusal,
)

import castle
from castle import CASTLE, data

MESSENGER = data.MESSENGER_TALERS


def last_round(players: int = 3, start: int = 0) -> castle.State:
    """A game at the selection of its last round (§9), every player with 3 talers and no piece."""
    s = game(players, start=start)
    s.round = s.rounds
    for seat in range(players):
        give(s, seat, talers=3, **pieces())
    return s


def finish(s: castle.State, **cards: str) -> list[dict]:
    """Play the last round: Messengers for everybody not named."""
    chosen = {f"p{seat}": "messenger" for seat in range(s.n)}
    chosen.update(cards)
    return choose(s, **chosen)


def erect(s: castle.State, building: str, count: int = 1) -> None:
    """Take `count` tiles of `building` off the board, as if erected; its places exist now."""
    s.tiles[building] -= count
    assert s.tiles[building] >= 0
    for p in data.BUILDING[building].places:
        s.places.setdefault(p.id, None)


def helper(s: castle.State, seat: int, place: str) -> None:
    """Put one of `seat`'s helpers from its supply into `place` (building erected if needed)."""
    building = data.PLACE_BUILDING[place]
    if place not in s.places:
        erect(s, building)
    assert s.places[place] is None
    s.players[seat].helpers -= 1
    s.places[place] = seat


def forge_holds(s: castle.State, silver: int) -> None:
    """Silver converted earlier in the game lies in the Forge (moved there from the stock)."""
    s.stock["silver"] -= silver
    s.forge += silver


def row(s: castle.State, seat: int) -> dict:
    return s.result["players"][seat]


# --- Step 1: cart helpers ----------------------------------------------------------------------


def test_game_ends_after_the_last_round():
    """§9: after round 15 (3 players) the game ends and is scored (§8)."""
    s = last_round()
    ev = finish(s)
    assert events_named(ev, "game_ended") == [{"e": "game_ended", "round": 15, "reason": "rounds"}]
    assert s.phase == "over"
    assert CASTLE.asked(s) == []
    assert s.result is not None


def test_cart_and_rider_helpers_are_removed_and_score_nothing():
    """§8 step 1: "Helpers at carts and the rider are removed; they score nothing" — they go back
    to their owner (§4 Trader 4: they never score)."""
    s = last_round()
    for place, seat in (("sand_cart", 1), ("wood_cart", 2), ("clay_cart", 1), ("stone_cart", 1)):
        s.players[seat].helpers -= 1
        s.traders[place] = seat
    s.players[0].helpers -= 1
    s.traders["rider"] = 0
    ev = finish(s)
    removed = events_named(ev, "cart_helper_removed")
    assert sorted((e["place"], e["p"]) for e in removed) == sorted(
        [("sand_cart", 1), ("wood_cart", 2), ("clay_cart", 1), ("stone_cart", 1), ("rider", 0)]
    )
    assert all(owner is None for owner in s.traders.values())
    assert [p.helpers for p in s.players] == [data.HELPERS[3]] * 3
    assert [r["vp"] for r in s.result["players"]] == [0, 0, 0]
    assert all(r["by_source"] == {} for r in s.result["players"])


# --- Step 2: silver at the Forge ---------------------------------------------------------------


def test_silver_converted_at_the_end():
    """§8 step 2 and §6 (c): a player may convert silver at the Forge as often as they like: 1
    silver into the Forge, 1 building piece of their choice from the stock."""
    s = last_round()
    give(s, 0, silver=3)
    stock_stone = s.stock["stone"]
    finish(s)
    assert decision(s)["stage"] == "convert"
    assert options(s) == [
        "p0 convert sand",
        "p0 convert wood",
        "p0 convert clay",
        "p0 convert stone",
        "p0 done",
    ]
    assert_refused(s, "p0 convert silver", "forge.not_building_piece")
    play(s, "p0 convert stone", "p0 convert stone", "p0 convert wood")
    # No silver left: the step ended by itself, the game is over.
    assert s.phase == "over"
    assert s.forge == 3
    assert s.players[0].pieces == pieces(stone=2, wood=1)
    assert s.stock["stone"] == stock_stone - 2
    assert row(s, 0)["piece_bp"] == 12
    assert piece_total(s) == data.PIECES_IN_BOX


def test_conversion_needs_the_kind_in_the_stock():
    """§6: "a kind with no piece in the stock cannot be chosen"."""
    s = last_round()
    give(s, 0, silver=1)
    s.tower["stone"] += s.stock["stone"]  # the stock's stones lie on the defense tower
    s.stock["stone"] = 0
    finish(s)
    assert "p0 convert stone" not in options(s)
    assert_refused(s, "p0 convert stone", "forge.kind_not_in_stock")


def test_conversions_in_turn_order_from_the_last_start_player():
    """§8: "In turn order" — from the start player of the last round played (here p1)."""
    s = last_round(start=1)
    for seat in range(3):
        give(s, seat, silver=1)
    finish(s)
    asked = []
    while s.phase != "over":
        (seat,) = CASTLE.asked(s)
        asked.append(seat)
        play(s, f"p{seat} done")
    assert asked == [1, 2, 0]


# --- Step 3: the Palace ------------------------------------------------------------------------


def test_palace_turns_up_to_five_pieces_into_vp():
    """§8 step 3 / §7: a Palace helper's owner turns up to 5 of their building pieces into VP equal
    to their BP; these pieces leave the game. The owner picks which: 3 stone + 2 clay = 23 VP,
    the sixth piece stays."""
    s = last_round()
    helper(s, 0, "palace_1")
    give(s, 0, stone=3, clay=3)
    finish(s)
    assert options(s) == ["p0 palace clay", "p0 palace stone", "p0 done"]
    play(s, "p0 palace stone", "p0 palace stone", "p0 palace stone", "p0 palace clay")
    assert decision(s)["left"] == 1
    play(s, "p0 palace clay")
    # Five pieces turned: no more is asked.
    assert s.phase == "over"
    assert s.players[0].pieces == pieces(clay=1)
    assert s.out == pieces(stone=3, clay=2)
    assert row(s, 0)["vp"] == 23
    assert row(s, 0)["by_source"] == {"palace": 23}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_palace_both_places_turn_up_to_ten():
    """§8 step 3: "up to 10 with both places"."""
    s = last_round()
    helper(s, 0, "palace_1")
    helper(s, 0, "palace_2")
    give(s, 0, stone=6, clay=6)
    finish(s)
    assert decision(s)["left"] == 10
    for _ in range(6):
        play(s, "p0 palace stone")
    for _ in range(4):
        play(s, "p0 palace clay")
    assert s.phase == "over"
    assert row(s, 0)["by_source"] == {"palace": 6 * 5 + 4 * 4}
    assert s.players[0].pieces == pieces(clay=2)


def test_palace_takes_no_silver_and_may_stop_early():
    """§1 / §8 step 3: silver "can never be … scored at the Palace"; "up to" 5: the owner may stop
    after one sand and keep its stone."""
    s = last_round()
    helper(s, 0, "palace_1")
    give(s, 0, sand=1, stone=1, silver=1)
    finish(s)
    play(s, "p0 done")  # no conversion at the Forge
    assert decision(s)["stage"] == "palace"
    assert_refused(s, "p0 palace silver", "palace.not_building_piece")
    assert refusal(s, "p0 palace wood") == "palace.no_piece"
    play(s, "p0 palace sand", "p0 done")
    assert row(s, 0)["by_source"] == {"palace": 1}
    assert s.players[0].pieces == pieces(stone=1, silver=1)


def test_palace_after_converting_silver():
    """§8 steps 2 then 3: silver converted at the Forge becomes a building piece the Palace
    takes."""
    s = last_round()
    helper(s, 0, "palace_1")
    give(s, 0, silver=2)
    finish(s)
    play(s, "p0 convert stone", "p0 convert stone")
    assert decision(s)["stage"] == "palace"
    play(s, "p0 palace stone", "p0 palace stone")
    assert row(s, 0)["by_source"] == {"palace": 10}
    assert s.forge == 2


# --- Step 4: the Market ------------------------------------------------------------------------


def test_market_one_place_one_vp_per_two_talers():
    """§8 step 4 / §7: with one Market place, 1 VP per 2 talers; converted talers leave the game."""
    s = last_round()
    helper(s, 0, "market_1")
    finish(s)
    assert s.players[0].talers == 3 + MESSENGER
    assert options(s) == [f"p0 market {vp}" for vp in range(5, -1, -1)]
    assert_refused(s, "p0 market 6", "market.not_enough_talers")
    play(s, "p0 market 5")
    assert row(s, 0)["talers"] == 1
    assert row(s, 0)["by_source"] == {"market": 5}


def test_market_both_places_one_vp_per_taler():
    """§7: "1 VP per taler for a player holding both places"."""
    s = last_round()
    helper(s, 0, "market_1")
    helper(s, 0, "market_2")
    finish(s)
    assert options(s)[0] == "p0 market 11"
    play(s, "p0 market 11")
    assert row(s, 0)["talers"] == 0
    assert row(s, 0)["vp"] == 11


def test_market_owner_chooses_how_many():
    """§8 step 4: "The owner chooses how many (unconverted talers break ties)"."""
    s = last_round()
    helper(s, 1, "market_1")
    finish(s)
    play(s, "p1 market 2")
    assert row(s, 1)["vp"] == 2
    assert row(s, 1)["talers"] == 3 + MESSENGER - 4


# --- Step 5: every other place -----------------------------------------------------------------


def test_keep_scores_three_per_free_castle_place():
    """§7 Keep: 3 VP per *free* castle place; its own place is occupied by its scorer. Places:
    Market 2, Forge 2, Keep, Gate (erected, empty) = 6; occupied: Keep (p0), Forge 6 (p1) → 4
    free → 12 VP."""
    s = last_round()
    helper(s, 0, "keep")
    helper(s, 1, "forge_6")
    erect(s, "gate")
    finish(s)
    assert row(s, 0)["by_source"] == {"keep": 12}
    assert row(s, 0)["vp"] == 12


def test_unbuilt_places_are_not_castle_places():
    """§7: "Places on unbuilt tiles do not exist yet": with only the Keep erected, the castle has
    Market 2 + Forge 2 + Keep 1 places; the 4 free ones give 12 VP (none for unbuilt Palace,
    Tavern, ... places)."""
    s = last_round()
    helper(s, 0, "keep")
    finish(s)
    assert row(s, 0)["by_source"] == {"keep": 12}


def test_tavern_scores_occupied_castle_places():
    """§7 Tavern: fee 12 → 1 VP per occupied castle place; fee 6 → 1 VP per 2, rounded down; its
    own places count as occupied. Occupied: both Tavern places, Forge 10, Forge 6, Keep = 5."""
    s = last_round()
    helper(s, 0, "tavern_12")
    helper(s, 1, "tavern_6")
    helper(s, 0, "forge_10")
    helper(s, 2, "forge_6")
    helper(s, 2, "keep")
    finish(s)
    assert row(s, 0)["by_source"].get("tavern_12") == 5
    assert row(s, 1)["by_source"].get("tavern_6") == 2
    # The Keep: 7 castle places, 5 occupied → 2 free → 6 VP.
    assert row(s, 2)["by_source"].get("keep") == 6


def test_gate_and_small_gate_score_per_tower():
    """§7: Gate 2 VP per erected Tower, Small Gate 1 VP per erected Tower (5 of 9 erected)."""
    s = last_round()
    erect(s, "tower", 5)
    helper(s, 0, "gate")
    helper(s, 1, "small_gate")
    finish(s)
    assert row(s, 0)["by_source"] == {"gate": 10}
    assert row(s, 1)["by_source"] == {"small_gate": 5}


def test_stable_scores_per_house():
    """§7 Stable: fee 16 → 3 VP per erected House, fee 12 → 2 VP per erected House (3 of 6)."""
    s = last_round()
    erect(s, "house", 3)
    helper(s, 0, "stable_16")
    helper(s, 1, "stable_12")
    finish(s)
    assert row(s, 0)["by_source"] == {"stable_16": 9}
    assert row(s, 1)["by_source"] == {"stable_12": 6}


def test_servants_house_scores_per_tile_on_the_board():
    """§7 Servants' House: 1 VP per building tile still on the board: 23 tiles − Servants' House
    − 2 Towers − 1 House = 19."""
    s = last_round()
    erect(s, "tower", 2)
    erect(s, "house", 1)
    helper(s, 0, "servants_house")
    assert sum(s.tiles.values()) == 19
    finish(s)
    assert row(s, 0)["by_source"] == {"servants_house": 19}


def test_forge_scores_per_silver_including_final_conversions():
    """§7 Forge: fee 10 → 1 VP per silver in the Forge; fee 6 → 1 VP per 2, rounded down. Silver
    converted in step 2 is in the Forge when step 5 scores: 6 + 1 = 7 silver → 7 and 3 VP."""
    s = last_round()
    forge_holds(s, 6)
    helper(s, 0, "forge_10")
    helper(s, 1, "forge_6")
    give(s, 2, silver=1)
    finish(s)
    play(s, "p2 convert sand")
    assert s.forge == 7
    assert row(s, 0)["by_source"] == {"forge_10": 7}
    assert row(s, 1)["by_source"] == {"forge_6": 3}
    assert piece_total(s) == data.PIECES_IN_BOX


# --- The result: breakdown and ranking ---------------------------------------------------------


def test_result_breaks_down_vp_per_source():
    """Design (scoring returns a breakdown per player and per source) and §8: p0's Tower erected
    with its Stonemason in the last round (6), Gate over 3 Towers (6), Palace (stone + clay = 9),
    Market (11 talers → 5 VP); p1's Forge 10 over 2 silver."""
    s = last_round()
    erect(s, "tower", 2)
    helper(s, 0, "gate")
    helper(s, 0, "palace_1")
    helper(s, 0, "market_1")
    helper(s, 1, "forge_10")
    forge_holds(s, 2)
    give(s, 0, talers=11, stone=2, clay=1, wood=1, sand=1)
    finish(s, p0="stonemason")
    play(s, "p0 erect tower", "p0 done")  # Tower: stone + wood + sand; no helper
    play(s, "p0 palace stone", "p0 palace clay", "p0 market 5")
    assert s.phase == "over"
    assert row(s, 0)["by_source"] == {"buildings": 6, "gate": 6, "palace": 9, "market": 5}
    assert row(s, 0)["vp"] == 26
    assert row(s, 1)["by_source"] == {"forge_10": 2}
    for r in s.result["players"]:
        assert sum(r["by_source"].values()) == r["vp"]
    assert s.result["winners"] == [0]
    assert s.result["ranking"] == [0, 1, 2]


def test_most_vp_wins_before_any_tie_break():
    """§8: "Most VP wins" — p1 with 1 VP beats p0's larger purse."""
    s = last_round()
    erect(s, "tower", 1)
    helper(s, 1, "small_gate")
    give(s, 0, talers=20)
    finish(s)
    assert s.result["winners"] == [1]
    assert s.result["tie_break"] is None


def test_tie_break_most_talers():
    """§8 ⚖ tie-break (S003): with equal VP, most talers left wins."""
    s = last_round()
    give(s, 0, talers=4)
    give(s, 2, talers=5)
    finish(s)
    assert [r["vp"] for r in s.result["players"]] == [0, 0, 0]
    assert [r["talers"] for r in s.result["players"]] == [12, 11, 13]
    assert s.result["winners"] == [2]
    assert s.result["tie_break"] == "talers"
    assert s.result["ranking"] == [2, 0, 1]


def test_tie_break_building_piece_bp_silver_counts_zero():
    """§8 ⚖: then the highest BP of building pieces left, silver counting 0: p1's single sand
    (1 BP) beats p0's three silver (0 BP) that p0 chose not to convert."""
    s = last_round()
    give(s, 0, silver=3)
    give(s, 1, sand=1)
    finish(s)
    play(s, "p0 done")
    assert [r["talers"] for r in s.result["players"]] == [11, 11, 11]
    assert [r["piece_bp"] for r in s.result["players"]] == [0, 1, 0]
    assert s.result["winners"] == [1]
    assert s.result["tie_break"] == "piece_bp"


def test_shared_win():
    """§8: "A tie after that is shared": p0 and p1 equal in VP, talers and piece BP; p2 behind."""
    s = last_round()
    give(s, 0, talers=3, stone=1)
    give(s, 1, talers=3, clay=1, sand=1)
    give(s, 2, talers=2, stone=1)
    finish(s)
    assert s.result["winners"] == [0, 1]
    assert s.result["tie_break"] == "shared"
    assert s.result["ranking"][-1] == 2
