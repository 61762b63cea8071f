"""What Castle tells its computer players (tabletop.bot.Strategy): its plans, its estimate,
a hint's chances and the secret selection taken back in a sampled state."""

from __future__ import annotations

from typing import Final

from tabletop.bot import Plan

from .. import engine
from ..game import CASTLE
from ..state import State
from . import plans as _plans
from . import value

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
