"""Fixtures for the rule scenarios; the helpers themselves are in scenario.py."""

from __future__ import annotations

import pytest
from scenario import game

from castle.state import State


@pytest.fixture
def s3() -> State:
    return game(3)


@pytest.fixture
def s2() -> State:
    return game(2)


@pytest.fixture
def s4() -> State:
    return game(4)
