"""The decision a state stands at, worked out once for every question about it.

The page asks who is asked, their prompt and their options several times a click, the bots ask
them for every step of a plan, and `apply` takes a listed action without checking it again: all
of them read one `Decision`, which the engine (engine.py) makes on the first question and drops
on every `apply`. It is never saved, copied or compared: a copy or a state read from JSON starts
without one.

A state changed by hand after a question (a test setting up a scenario) would leave it stale,
and no test has to remember to say so: with `watch_hand_edits(True)` (tests/conftest.py turns
it on) each question first compares the state's mark (`state.mark`) with the one its decision
was made from, and works the decision out again if they differ. Code that never edits a state
by hand (the page, the bots, replays) leaves it off: a mark costs about as much as listing the
options (docs/engine.md, "The current decision"). The engine's own edits outside `apply` say so
with `engine.changed`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.game import Action, Prompt
from tabletop.stage import Stage


@dataclass(slots=True)
class Decision:
    #: The stage being decided, None when the game is over.
    stage: Stage[Any] | None
    #: The seats asked now.
    asked: list[int]
    #: Each asked seat's prompt and legal actions, once some caller asked for them.
    prompts: dict[int, Prompt] = field(default_factory=dict)
    options: dict[int, list[Action]] = field(default_factory=dict)
    #: The state's mark (`state.mark`) when this was worked out, while hand edits are watched.
    mark: bytes | None = None


_watched = False


def watch_hand_edits(on: bool) -> None:
    """Check before every question that the state is still the one its decision was worked out
    for (for code that changes states by hand: the tests)."""
    global _watched
    _watched = on


def watched() -> bool:
    return _watched
