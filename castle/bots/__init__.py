"""Castle's computer players: three levels over the game-neutral bots of `tabletop`.

* **easy**: one of the plans at random (legal moves, sensible payments);
* **medium**: the plan the estimate likes best (value.py: VP, buildings, helper places, money
  and pieces by the stage of the game, the Master Builder and the carts anticipated);
* **hard**: information-set Monte Carlo tree search over the plans (tabletop.search), with the
  secret selection searched decoupled and rollouts cut short by the estimate.

Every level plays a seat from that seat's view only (`Bot.choose(view, seat)`). Each plays the
winter variant too (§10): its decisions are plans like the others, and the estimate counts what
the winter cards change (docs/bots.md, "Winter").
"""

from __future__ import annotations

from typing import Final

from tabletop import levels
from tabletop.bot import Bot
from tabletop.search import Budget

from .strategy import CHANCE_SPREAD_END, CHANCE_SPREAD_PER_ROUND, CastleStrategy

LEVELS: Final = levels.LEVELS
STRATEGY: Final = CastleStrategy()


#: The arena's levels: the page's three, the baseline (the hard level frozen, baseline/) and
#: the strategist (a rule-based player from published advice, strategist/); those two are
#: imported only when seated: the page neither offers nor ships them (tools/build.py).
BASELINE: Final = "baseline"
STRATEGIST: Final = "strategist"
ARENA_LEVELS: Final = (*LEVELS, BASELINE, STRATEGIST)


def make_bot(level: str, seed: int, budget: Budget | None = None) -> Bot:
    """A computer player of that level, with a random generator of its own from `seed`."""
    if level == BASELINE:
        from . import baseline

        return baseline.make_bot(seed, budget)
    if level == STRATEGIST:
        from . import strategist

        return strategist.make_bot(seed)
    return levels.make(STRATEGY, level, seed, budget)


__all__ = [
    "ARENA_LEVELS",
    "CHANCE_SPREAD_END",
    "CHANCE_SPREAD_PER_ROUND",
    "LEVELS",
    "STRATEGY",
    "Budget",
    "CastleStrategy",
    "make_bot",
]
