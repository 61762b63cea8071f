"""The baseline: the hard level as it stood when issue 24's work began (commit 59f451b), kept
unchanged as the arena's yardstick (`python -m castle arena --bots hard,baseline`), so that
every change to the hard level is measured against the same opponent (docs/bots.md).

`plans.py` and `value.py` here are copies of castle/bots/plans.py and value.py of that commit
and are never edited: a change to how the computer plays goes into castle/bots/, and this
package is what it is measured against. It shares the engine with the other levels (the rules
are the game's), tabletop's search with its defaults as they are, and the hard level's taking
back of the others' secret selection (correctness, not strength). A test checks its moves
in fixed positions against those it made when it was frozen (tests/test_baseline.py).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from tabletop.bot import Bot, Plan
from tabletop.search import Budget, SearchBot

from ...game import CASTLE
from ...state import State
from ..strategy import reopen_selection
from . import plans as _plans
from . import value


class BaselineStrategy:
    """The hard level's plans and estimate as they were frozen; what is not strength (taking
    back the others' secret selection in a sampled state) is the hard level's own. It has no
    sample keys (tabletop.search.Sampled), which came later: its search works out every plan
    at every visit, so a time budget gives it the iterations it had when it was frozen."""

    game = CASTLE
    spread = 8.0

    def plans(self, s: State, seat: int) -> list[Plan]:
        return _plans.plans(s, seat)

    def estimate(self, s: State) -> list[float]:
        return value.estimate(s)

    #: Every decision's effort is 1: the mean too.
    mean_effort = 1.0

    def effort(self, s: State, seat: int) -> float:
        """The whole budget at every decision, as when it was frozen."""
        return 1.0

    def reopen(self, s: State, seat: int) -> None:
        reopen_selection(s, seat)


STRATEGY: Final = BaselineStrategy()


def make_bot(seed: int, budget: Budget | None = None) -> Bot:
    """The baseline's search, with the rewards and the tree it was frozen with (no score
    share; a node after the secret selection for every pair of answers)."""
    budget = dataclasses.replace(budget or Budget(), score_weight=0.0, split_secret=True)
    return SearchBot(STRATEGY, seed, budget)
