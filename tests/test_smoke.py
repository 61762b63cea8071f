"""A first look: the setup of §2 as a player would check it at the table."""

from scenario import choose, game, options, piece_total

from castle import data


def test_setup_three_players():
    s = game(3, start=1)
    assert s.rounds == 15
    # §3.1: the start player has taken round 1's taler.
    assert [p.talers for p in s.players] == [3, 4, 3]
    assert all(p.pieces["sand"] == 1 and p.pieces["wood"] == 1 for p in s.players)
    assert all(p.helpers == 6 for p in s.players)
    assert s.tower == {k: 1 for k in data.KINDS}
    # §2.3: the stock after setup for 3 players.
    assert s.stock == {"sand": 16, "wood": 14, "clay": 14, "stone": 14, "silver": 14}
    assert piece_total(s) == data.PIECES_IN_BOX


def test_master_builder_never_in_round_one():
    s = game(3)
    assert "p0 select master_builder" not in options(s, 0)
    assert len(options(s, 0)) == 7


def test_messenger_gives_eight_talers():
    s = game(3, start=0)
    choose(s, p0="messenger", p1="messenger", p2="messenger")
    # 3 + 8 each, +1 for p0's round-1 income and +1 for p1's round-2 income.
    assert [p.talers for p in s.players] == [12, 12, 11]
    assert s.round == 2 and s.start_player == 1
