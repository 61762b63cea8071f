"""A whole state from what one seat may know (castle.view.determinize), for computer opponents
that must never play on the true state; and `from_json` refusing a view.

A determinized state must agree with the view in everything public, sample every hidden
selection among those legal for its seat (each of them, given enough samples), never read the
game's own generator, and play on to the end like any state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from scenario import new_game

import castle
from castle import CASTLE, NotAState
from castle.view import HIDDEN


def secret_moments(players: int, seed: int) -> Iterator[tuple[castle.State, int]]:
    """Every moment of a random game where a seat must select while another already has."""
    rnd = random.Random(seed)
    s, _ = new_game(players, seed)
    while s.phase != "over":
        seats = CASTLE.asked(s)
        if s.phase == "select" and any(c is not None for c in s.selection):
            yield s, seats[0]
        CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seats[0])))


def test_from_json_refuses_a_view() -> None:
    s, _ = new_game(3, 1)
    CASTLE.apply(s, CASTLE.legal_actions(s, CASTLE.asked(s)[0])[0])
    seen = CASTLE.view(s, CASTLE.asked(s)[0])
    with pytest.raises(NotAState, match="view"):
        CASTLE.from_json(seen)
    no_rng = CASTLE.to_json(s)
    del no_rng["rng"]
    with pytest.raises(NotAState):
        CASTLE.from_json(no_rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_state_agrees_with_the_view_and_plays_on(players: int) -> None:
    checked = 0
    for s, seat in secret_moments(players, seed=players):
        seen = CASTLE.view(s, seat)
        assert HIDDEN in seen["selection"]
        det = CASTLE.determinize(seen, seat, random.Random(checked))
        # Everything public, and the seat's own choice, is the view's.
        assert CASTLE.view(det, seat) == seen
        for other, cards in enumerate(det.selection):
            if seen["selection"][other] != HIDDEN:
                continue
            # The sampled selection is one that seat could legally have made.
            before = CASTLE.copy(det)
            before.selection[other] = None
            assert CASTLE.why_not(before, {"p": other, "do": "select", "cards": cards}) is None
        checked += 1
        if checked % 4 == 1:  # and it plays to the end like any state
            rnd = random.Random(checked)
            while det.phase != "over":
                who = CASTLE.asked(det)[0]
                CASTLE.apply(det, rnd.choice(CASTLE.legal_actions(det, who)))
    assert checked >= 5


def test_every_legal_hidden_selection_is_sampled() -> None:
    s, seat = next(m for m in secret_moments(2, seed=11) if m[0].round >= 3)
    other = 1 - seat
    probe = CASTLE.copy(s)
    probe.selection[other] = None
    legal = {
        tuple(sorted(a["cards"], key=castle.data.CARDS.index))
        for a in CASTLE.legal_actions(probe, other)
    }
    assert len(legal) > 3
    rnd = random.Random(0)
    seen = CASTLE.view(s, seat)
    draws = 60 * len(legal)
    drawn = Counter(
        tuple(CASTLE.determinize(seen, seat, rnd).selection[other] or ()) for _ in range(draws)
    )
    assert set(drawn) == legal


def test_the_games_own_generator_is_never_read() -> None:
    """Two true states that differ only in their generator determinize alike: the view has no
    generator to read, and the copy's comes from the caller's."""
    s, seat = next(secret_moments(3, seed=5))
    twin = CASTLE.copy(s)
    twin.rng ^= 0xDEADBEEF
    assert CASTLE.view(s, seat) == CASTLE.view(twin, seat)
    a = CASTLE.determinize(CASTLE.view(s, seat), seat, random.Random(7))
    b = CASTLE.determinize(CASTLE.view(twin, seat), seat, random.Random(7))
    assert CASTLE.to_json(a) == CASTLE.to_json(b)
    assert a.rng != s.rng
