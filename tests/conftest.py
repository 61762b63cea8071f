"""Fixtures for the rule scenarios; the helpers themselves are in scenario.py.

Tests change states by hand (a scenario's pieces, a bot's situation) between questions, so the
engine watches for hand edits here: every question checks that the state is the one its
decision was worked out for (tabletop/core.py).

Except in the modules marked `as_played` (they play only through the Game interface, as the
page, the bots and replays do): there the engine runs as it does in the page, unwatched, so a
change of state outside `apply` that the engine's own code forgot to announce
(`engine.changed`) shows as a wrong option list instead of being mended by the watch.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scenario import game

from castle import State
from tabletop.core import watch_hand_edits

watch_hand_edits(True)


@pytest.fixture(autouse=True)
def _watch_hand_edits(request: pytest.FixtureRequest) -> Iterator[None]:
    watch_hand_edits(request.node.get_closest_marker("as_played") is None)
    yield
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
