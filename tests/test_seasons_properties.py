"""Seasons (seasons/) over random games, for 2–4 players at every level: every card in exactly one
place and nothing negative at every step, views that samples agree with and that play on, the
JSON round trip, and a game that is its setup plus its actions.

The rules are docs/seasons-rules.md, cited here as "rules 10.8" (without the section sign: the
citation check of tests/test_rules_doc.py reads test files against Castle's rules).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from seasons import SEASONS
from seasons.data import LEVELS
from seasons.prelude import level_cards
from seasons.state import State

#: How often (in decisions) every seat's view is sampled and played on, and for how long.
SAMPLE_EVERY = 20
PLAY_ON = 30


def places(s: State) -> Counter[int]:
    """Every card wherever it is: piles, packets and each player's places."""
    cards = Counter([*s.pile, *s.discard, *itertools.chain.from_iterable(s.packets)])
    for p in s.players:
        cards.update([*p.hand, *p.unsplit, *p.looking, *p.libraries[0], *p.libraries[1]])
        cards.update(c["card"] for c in p.play)
    return cards


def check(s: State) -> None:
    assert places(s) == Counter(level_cards(s.level)), "a card in two places, or in none"
    for p in s.players:
        amounts = [p.crystals, p.gauge, p.bonuses, *p.reserve]
        amounts += [amount for c in p.play for amount in c["stored"]]
        assert min(amounts) >= 0, p


def play_on(s: State, rnd: random.Random) -> None:
    for _ in range(PLAY_ON):
        if SEASONS.terminal(s):
            return
        seat = rnd.choice(SEASONS.asked(s))
        SEASONS.apply(s, rnd.choice(SEASONS.legal_actions(s, seat)))
        check(s)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_keeps_every_card_and_every_secret(players: int, level: str) -> None:
    setup = {"players": players, "seed": 100 + players, "level": level}
    rnd = random.Random(players * 10 + len(level))
    s, _ = SEASONS.start(setup)
    lines: list[str] = []
    decisions = 0
    while not SEASONS.terminal(s):
        check(s)
        asked = SEASONS.asked(s)
        if decisions % SAMPLE_EVERY == 0:
            assert SEASONS.from_json(json.loads(json.dumps(SEASONS.to_json(s)))) == s
            for seat in range(players):
                seen = SEASONS.view(s, seat)
                sample = SEASONS.determinize(seen, seat, random.Random(decisions + seat))
                assert SEASONS.view(sample, seat) == seen
                check(sample)
                play_on(sample, rnd)
        action = rnd.choice(SEASONS.legal_actions(s, rnd.choice(asked)))
        lines.append(SEASONS.action_text(action))
        SEASONS.apply(s, action)
        decisions += 1
    check(s)
    assert SEASONS.results(s) is not None and s.round >= 8  # three years of at least 8 rounds
    again, _ = SEASONS.start(setup)
    for line in lines:
        SEASONS.apply(again, SEASONS.parse_action(line))
    assert SEASONS.to_json(again) == SEASONS.to_json(s)
