"""What Castle tells its computer players (tabletop.bot.Strategy): its plans, its estimate,
a hint's chances and the secret selection taken back in a sampled state."""

from __future__ import annotations

from collections.abc import Hashable
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

#: The share of a search's budget each decision gets (tabletop.search.Effort), by stage, as a
#: share of the time a decision may think. The card choice gets the most: it is where search
#: pays (issue 24: four times the iterations there, and only there, won 46 of 60 games against
#: the hard level as it was, margin +8.98 VP a game, standard error 2.25; four times as many
#: at every decision, +6.20), and it is a secret choice, which the page lets a computer think
#: over while the people make theirs, so the time it takes is not waited for
#: (tabletop.search.Budget.scaled). What to erect and where a helper goes get the whole time;
#: the others a quarter: a payment's step (its building's plan already weighed the best
#: payments), a cart, a tower pile, a piece bought or taken, the first player. docs/bots.md
#: ("Effort") has the figures.
EFFORT: Final = {"select": 4.0, "erect": 1.0, "helper": 1.0}
#: Every other decision's share.
EFFORT_SMALL: Final = 0.25
#: The efforts' mean over the hard level's searched decisions in its 2-player games (a fifth
#: are card choices, a third what to erect or where a helper goes: the arena's counts), by
#: which an iteration budget is shared out so that a decision makes it on average.
EFFORT_MEAN: Final = 1.24


class CastleStrategy:
    """What Castle tells its bots (tabletop.bot.Strategy)."""

    game = CASTLE
    #: A lead of about 8 VP wins 3 times in 4.
    spread = 8.0

    def plans(self, s: State, seat: int) -> list[Plan]:
        return _plans.plans(s, seat)

    def estimate(self, s: State) -> list[float]:
        return value.estimate(s)

    mean_effort = EFFORT_MEAN

    def effort(self, s: State, seat: int) -> float:
        """A decision's share of the budget (`EFFORT` by its stage, else `EFFORT_SMALL`)."""
        stage = engine.stage(s)
        return EFFORT_SMALL if stage is None else EFFORT.get(stage.name, EFFORT_SMALL)

    def sample_key(self, s: State) -> Hashable:
        """What a search's sampled states may differ in (tabletop.search.Sampled): the seats'
        selections, another seat's sampled while it is hidden, and the winter cards turned up
        so far (this round's shows each draw as it comes), the face-down deck's order being
        drawn by chance. Nothing else of the game is drawn after its setup, and neither the
        plans nor the estimate reads the face-down winter cards."""
        selection = tuple(None if cards is None else tuple(cards) for cards in s.selection)
        w = s.winter
        if w is None:
            return selection
        return selection, w["card"], tuple(w["in_play"]), tuple(w["gone"])

    def chance_spread(self, s: State) -> float:
        return CHANCE_SPREAD_END + CHANCE_SPREAD_PER_ROUND * value.horizon(s)

    def reopen(self, s: State, seat: int) -> None:
        reopen_selection(s, seat)


def reopen_selection(s: State, seat: int) -> None:
    """Take back the other seats' secret card choices of this round, so that a search lets them
    choose again (they are hidden from `seat`: a sampled state guessed them)."""
    if s.phase != "select":
        return
    for other, chosen in enumerate(s.selection):
        if other != seat and chosen is not None:
            s.selection[other] = None
    engine.changed(s)
