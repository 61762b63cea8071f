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
from tabletop.bot import Bot, Plan
from tabletop.search import Budget

from .. import engine
from ..game import CASTLE
from ..state import State
from . import plans as _plans
from . import value

LEVELS: Final = levels.LEVELS
#: A hint's chances (tabletop.advice.Forecast): the estimated lead that wins 3 times in 4 is
#: 6 VP once the game is decided and 3 VP more for every round still to play, fitted to the
#: winners of medium games of 2 and 3 players (docs/bots.md, "What a hint's chance means"). The
#: bots keep their constant `spread`: it ranks their moves, it need not be a probability.
CHANCE_SPREAD_END: Final = 6.0
CHANCE_SPREAD_PER_ROUND: Final = 3.0


class CastleStrategy:
    """What Castle tells its bots (tabletop.bot.Strategy)."""

    game = CASTLE
    #: A lead of about 8 VP wins 3 times in 4.
    spread = 8.0

    def plans(self, s: State, seat: int) -> list[Plan]:
        return _plans.plans(s, seat)

    def estimate(self, s: State) -> list[float]:
        return value.estimate(s)

    def chance_spread(self, s: State) -> float:
        return CHANCE_SPREAD_END + CHANCE_SPREAD_PER_ROUND * value.horizon(s)

    def reopen(self, s: State, seat: int) -> None:
        """Take back the other seats' secret card choices of this round, so that a search lets
        them choose again (they are hidden from `seat`: a sampled state guessed them)."""
        if s.phase != "select":
            return
        for other, chosen in enumerate(s.selection):
            if other != seat and chosen is not None:
                s.selection[other] = None
        engine.changed(s)


STRATEGY: Final = CastleStrategy()


#: The arena's levels: the page's three and the baseline, the hard level frozen (baseline/,
#: imported only when seated: the page does not ship it, tools/build.py).
BASELINE: Final = "baseline"
ARENA_LEVELS: Final = (*LEVELS, BASELINE)


def make_bot(level: str, seed: int, budget: Budget | None = None) -> Bot:
    """A computer player of that level, with a random generator of its own from `seed`."""
    if level == BASELINE:
        from . import baseline

        return baseline.make_bot(seed, budget)
    return levels.make(STRATEGY, level, seed, budget)


__all__ = ["ARENA_LEVELS", "LEVELS", "STRATEGY", "Budget", "make_bot"]
