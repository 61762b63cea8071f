"""The current decision (tabletop/core.py): worked out once per state for every question about
it, dropped by `apply`, and never stale after a hand edit while the tests watch for them
(conftest.py)."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import game, options, refusal

from castle import CASTLE, IllegalAction, engine
from castle.state import PLAYER_FIELDS, STATE_FIELDS, mark
from tabletop.core import watch_hand_edits, watched


def test_the_tests_watch_for_hand_edits() -> None:
    assert watched()


def test_a_state_changed_by_hand_after_a_question_is_asked_afresh() -> None:
    s = game(3)
    assert "p0 select trader" in options(s, 0)  # the decision is worked out and kept
    p = s.players[0]
    p.hand.remove("trader")  # by hand, with nothing else said: as a scenario does
    p.played.append("trader")
    fresh = CASTLE.from_json(CASTLE.to_json(s))
    assert CASTLE.legal_actions(s, 0) == CASTLE.legal_actions(fresh, 0)
    assert "p0 select trader" not in options(s, 0)
    assert refusal(s, "p0 select trader") is not None
    with pytest.raises(IllegalAction):
        CASTLE.apply(s, CASTLE.parse_action("p0 select trader"))


def test_the_questions_of_an_unchanged_state_are_worked_out_once() -> None:
    s = game(4)
    seats = CASTLE.asked(s)
    known = s.decided
    assert known is not None and seats == [0, 1, 2, 3]
    for _ in range(6):  # as a redraw asks them
        for seat in CASTLE.asked(s):
            assert CASTLE.prompt(s, seat) is not None
            assert CASTLE.legal_actions(s, seat)
    assert s.decided is known and set(known.options) == set(known.prompts) == set(seats)


def test_answers_are_copies_the_caller_may_change() -> None:
    s = game(3)
    CASTLE.asked(s).append(9)
    CASTLE.legal_actions(s, 0).clear()
    prompt = CASTLE.prompt(s, 0)
    assert prompt is not None
    prompt["seats"].append(9)
    assert CASTLE.asked(s) == [0, 1, 2] and CASTLE.legal_actions(s, 0)
    assert CASTLE.prompt(s, 0)["seats"] == [0, 1, 2]  # type: ignore[index]


def test_apply_drops_the_decision_and_copies_start_without_one() -> None:
    s = game(3)
    action = CASTLE.legal_actions(s, 0)[0]
    assert s.decided is not None
    assert CASTLE.copy(s).decided is None
    assert CASTLE.from_json(CASTLE.to_json(s)).decided is None
    CASTLE.apply(s, action)
    assert s.decided is None
    assert CASTLE.asked(s) == [1, 2]


def test_unwatched_the_engine_is_told_of_its_own_edits() -> None:
    """Off (the page, the bots, replays: they never edit a state by hand), a question trusts the
    decision until `apply`; the engine's own edits outside it call `engine.changed`."""
    s = game(3)
    assert "p0 select trader" in options(s, 0)
    watch_hand_edits(False)
    try:
        p = s.players[0]
        p.hand.remove("trader")
        p.played.append("trader")
        engine.changed(s)
        assert "p0 select trader" not in options(s, 0)
    finally:
        watch_hand_edits(True)


def test_a_mark_covers_every_field_of_the_game() -> None:
    s = game(3, seed=4)
    base = mark(s)
    assert mark(CASTLE.copy(s)) == base
    for name in STATE_FIELDS:
        if name == "players":
            continue
        changed = dataclasses.replace(s, **{name: "changed"})
        assert mark(changed) != base, name
    for name in PLAYER_FIELDS:
        t = CASTLE.copy(s)
        setattr(t.players[1], name, "changed")
        assert mark(t) != base, f"players[1].{name}"
    t = CASTLE.copy(s)
    t.players.pop()
    assert mark(t) != base, "players"
