"""Fixtures for the rule scenarios; the helpers themselves are in scenario.py.

Tests change states by hand (a scenario's pieces, a bot's situation) between questions, so the
engine watches for hand edits here: every question checks that the state is the one its
decision was worked out for (castle/decision.py).
"""

from __future__ import annotations

import pytest
from scenario import game

from castle import State
from castle.decision import watch_hand_edits

watch_hand_edits(True)


@pytest.fixture
def s3() -> State:
    return game(3)


@pytest.fixture
def s2() -> State:
    return game(2)


@pytest.fixture
def s4() -> State:
    return game(4)
