"""Rule scenarios for the end of the game (§3.8, §9) and who starts the final scoring (§8).

The game ends after round 12 (2 or 4 players) or 15 (3 players), or at the end of the round in
which the last building tile is erected — the rest of that round is still played (S003).
"""

from __future__ import annotations

import pytest
from scenario import choose, decision, events_named, game, give, options, play, refusal

import castle
from castle import CASTLE, data
from tabletop.stage import Events


def finish(s: castle.State) -> Events:
    """Play the rest of the round (not the final scoring): decline every decision, or take
    the first option."""
    ev: Events = []
    while s.phase == "round":
        (seat,) = CASTLE.asked(s)
        opts = options(s, seat)
        ev += play(s, next((o for o in opts if o.endswith(" done")), opts[0]))
    return ev


def quiet_round(s: castle.State) -> Events:
    """A round in which nobody builds: Messengers, then Master Builders taking them back."""
    if s.n == 2:
        cards = "messenger stonemason" if s.round % 2 else "trader master_builder"
    else:
        cards = "messenger" if s.round % 2 else "master_builder"
    ev = choose(s, **{f"p{i}": cards for i in range(s.n)})
    return ev + finish(s)


def last_tile_only(s: castle.State, building: str = "tower") -> None:
    """Every building tile erected but one (Market and Forge have no tile)."""
    for b in s.tiles:
        s.tiles[b] = 0
    s.tiles[building] = 1
    for b in data.TILE_BUILDINGS:
        if b != building:
            for place in data.BUILDING[b].places:
                s.places[place.id] = None


@pytest.mark.parametrize(("players", "rounds"), [(2, 12), (3, 15), (4, 12)])
def test_game_ends_after_the_last_round(players, rounds):
    """§2.5, §9: the game ends after round 12 with 2 or 4 players, 15 with 3."""
    s = game(players, start=0)
    for _ in range(rounds - 1):
        quiet_round(s)
    assert s.phase == "select"
    assert s.round == rounds
    ev = quiet_round(s)
    assert s.phase == "over"
    assert s.round == rounds
    assert events_named(ev, "game_ended") == [
        {"e": "game_ended", "round": rounds, "reason": "rounds"}
    ]
    assert s.result is not None
    assert CASTLE.asked(s) == []


def test_three_players_play_on_after_round_twelve():
    """§2.5: with 3 players there are 15 rounds — round 13 follows round 12."""
    s = game(3, start=0)
    for _ in range(12):
        quiet_round(s)
    assert s.phase == "select"
    assert s.round == 13
    assert s.start_player == 12 % 3


def test_no_income_and_no_new_round_after_the_last_round():
    """§3.8, §9: after the last round no new round starts: the start player does not pass and
    nobody takes another round's taler."""
    s = game(4, start=1)
    s.round = 12  # the situation before the last round's selection
    before = [p.talers for p in s.players]
    ev = choose(s, p0="messenger", p1="messenger", p2="messenger", p3="messenger")
    assert not events_named(ev, "round_started")
    assert not events_named(ev, "income")
    assert [p.talers for p in s.players] == [t + 8 for t in before]
    assert s.start_player == 1
    assert s.phase == "over"


def test_game_goes_on_while_a_tile_is_left():
    """§9: the game ends early only when *no* building tile is left on the board."""
    s = game(3, start=0)
    last_tile_only(s)
    s.tiles["house"] = 1
    give(s, 0, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert s.tiles["tower"] == 0 and s.tiles["house"] == 1
    assert s.phase == "select"
    assert s.round == 2


def test_game_ends_at_the_end_of_the_round_the_last_tile_is_erected():
    """§3.8, §9 (S003): the round in which the last tile is erected is still finished — a later
    Worker still collects, the Master Builder still scores — then the game ends."""
    s = game(3, start=0)
    last_tile_only(s)
    give(s, 0, stone=1)
    s.players[2].hand.remove("messenger")
    s.players[2].played.append("messenger")
    choose(s, p0="stonemason", p1="worker_a", p2="master_builder")
    # p0's Stonemason may buy from p1's Worker A first; it declines and erects the last tile.
    play(s, "p0 done")
    ev = play(s, "p0 erect tower")
    assert sum(s.tiles.values()) == 0
    assert s.players[0].vp == 6
    # The rest of the round: p1's Worker A collects its pieces, p2's Master Builder scores.
    assert events_named(ev, "collected") == [
        {"e": "collected", "p": 1, "card": "worker_a", "pieces": {"sand": 2, "clay": 1}}
    ]
    assert s.players[1].pieces["sand"] == 1 + 2 and s.players[1].pieces["clay"] == 1
    assert s.players[2].vp == 5
    assert s.players[2].hand == list(data.CARDS)
    assert events_named(ev, "game_ended") == [{"e": "game_ended", "round": 1, "reason": "tiles"}]
    assert s.phase == "over"
    assert s.round == 1


def test_players_still_decide_after_the_last_tile_is_erected():
    """§3.8 (S003): after the last tile is erected the round goes on with real decisions: a later
    Stonemason still buys from a Worker card."""
    s = game(3, start=0)
    last_tile_only(s)
    give(s, 0, stone=1)
    give(s, 1, talers=5)
    choose(s, p0="bricklayer", p1="stonemason", p2="worker_a")
    play(s, "p0 tower clay", "p0 erect tower")
    play(s, "p0 done")  # the Bricklayer's 3 new talers: no helper placed
    assert sum(s.tiles.values()) == 0
    assert s.phase == "round"
    assert CASTLE.asked(s) == [1]
    assert decision(s)["stage"] == "buy"
    play(s, "p1 buy p2 worker_a clay")
    assert s.players[1].pieces["clay"] == 1
    assert s.players[1].talers == 4 and s.players[2].talers == 3 + 1
    finish(s)
    assert s.phase == "over"
    assert s.round == 1


def test_talers_left_on_the_round_track_are_not_handed_out():
    """§9: when the game ends early, the remaining rounds' talers are not handed out."""
    s = game(4, start=2)
    last_tile_only(s)
    give(s, 3, stone=1)
    before = [p.talers for p in s.players]
    choose(s, p0="messenger", p1="messenger", p2="messenger", p3="stonemason")
    play(s, "p3 erect tower")
    assert s.phase == "over"
    assert [p.talers for p in s.players] == [before[0] + 8, before[1] + 8, before[2] + 8, before[3]]


def test_final_scoring_starts_with_the_last_rounds_start_player():
    """§8: "start player" in the final scoring is the start player of the last round played:
    the Forge conversions (step 2) go in turn order from that player."""
    s = game(3, start=1)
    last_tile_only(s)
    for seat in range(3):
        give(s, seat, silver=1)
    give(s, 1, stone=1)
    choose(s, p0="messenger", p1="stonemason", p2="messenger")
    play(s, "p1 erect tower", "p1 pay stone 1 0", "p1 pay wood 1 0", "p1 pay sand 1 0")
    assert s.phase == "final"
    assert s.start_player == 1
    assert decision(s)["stage"] == "convert"
    assert CASTLE.asked(s) == [1]
    play(s, "p1 done")
    assert CASTLE.asked(s) == [2]
    play(s, "p2 convert stone")  # p2's only silver: p2's turn then ends by itself
    assert s.players[2].pieces["stone"] == 1 and s.forge == 1
    assert CASTLE.asked(s) == [0]
    play(s, "p0 done")
    assert s.phase == "over"


def test_final_scoring_start_player_after_the_last_round():
    """§8: after round 12 of a 4-player game started by p1, the last round's start player is p0
    (p1 + 11 seats clockwise): the final scoring begins with p0."""
    s = game(4, start=1)
    for _ in range(11):
        quiet_round(s)
    assert s.round == 12 and s.start_player == 0
    # Round 12: every Worker B brings 1 silver, so everyone has a Forge decision at the end.
    choose(s, p0="worker_b", p1="worker_b", p2="worker_b", p3="worker_b")
    finish(s)  # nobody builds
    assert all(p.pieces["silver"] == 1 for p in s.players)
    assert s.phase == "final"
    assert CASTLE.asked(s) == [0]
    order = []
    while s.phase == "final":
        (seat,) = CASTLE.asked(s)
        order.append(seat)
        play(s, f"p{seat} done")
    assert order == [0, 1, 2, 3]


def test_no_action_after_the_game_is_over():
    """§9: once the game is over nobody is asked anything; every action is refused."""
    s = game(3, start=0)
    last_tile_only(s)
    give(s, 0, stone=1)
    choose(s, p0="stonemason", p1="messenger", p2="messenger")
    play(s, "p0 erect tower")
    assert s.phase == "over"
    assert CASTLE.asked(s) == []
    assert CASTLE.legal_actions(s, 0) == []
    assert decision(s) is None
    assert refusal(s, "p0 select trader") == "game.over"
    before = CASTLE.to_json(s)
    with pytest.raises(castle.IllegalAction) as err:
        CASTLE.apply(s, CASTLE.parse_action("p1 select trader"))
    assert err.value.rule == "game.over"
    assert CASTLE.to_json(s) == before
