"""Seasons' computer players on the seam's levels (tabletop/bot.py, tabletop/search.py): easy
plays a legal move at random, medium the move its estimate likes best, hard searches. Only a
first estimate (the next issue strengthens it): what the score would be now, with a little for
what energies, the gauge and cards in hand can still become."""

from __future__ import annotations

from typing import Final

from tabletop import core, levels
from tabletop.bot import Bot
from tabletop.game import Action
from tabletop.search import Budget

from . import data, scoring
from .game import SEASONS
from .state import State

LEVELS: Final = levels.LEVELS
#: What a seat's resources are worth in crystals, before the end (a first guess): an energy
#: transmutes for about 2 c; a card in hand will likely be summoned (its −5 not paid); each
#: point of gauge is room for a card.
ENERGY_VALUE: Final = 2.0
HAND_VALUE: Final = 4.0
GAUGE_VALUE: Final = 1.5


class SeasonsStrategy:
    """Every legal action is a plan of its own; a seat expects its score now, plus what its
    energies, gauge and hand may still become while the game goes on."""

    game = SEASONS
    spread = 25.0

    def plans(self, s: State, seat: int) -> list[list[Action]]:
        return [[action] for action in SEASONS.legal_actions(s, seat)]

    def reopen(self, s: State, seat: int) -> None:
        """Take back the others' secret answers of the prelude, which a sampled state guessed:
        the card each kept from its packet at this pass of the draft, or its split, under way
        or done (all nine unplaced again); the search lets them choose afresh."""
        task = s.task
        if task is None or task["stage"] not in ("draft", "split"):
            return
        for other, p in enumerate(s.players):
            if other == seat:
                continue
            if task["stage"] == "draft" and len(p.draft_kept) > task["picked"]:
                card = p.draft_kept.pop()
                p.unsplit.remove(card)
                s.packets[other] = sorted([*s.packets[other], card])
            elif task["stage"] == "split":
                p.unsplit = sorted([*p.unsplit, *p.hand, *p.libraries[0], *p.libraries[1]])
                p.hand, p.libraries = [], [[], []]
        core.changed(s)

    def estimate(self, s: State) -> list[float]:
        if s.over and s.result is not None:
            return [float(row["score"]) for row in s.result["seats"]]
        ongoing = s.position <= data.LAST_POSITION
        out = []
        for seat, p in enumerate(s.players):
            now = float(sum(scoring.breakdown(s, seat).values()))
            if ongoing:
                now += ENERGY_VALUE * sum(p.reserve) + GAUGE_VALUE * p.gauge
                now += (HAND_VALUE + data.HAND_PENALTY) * len(p.hand)
            out.append(now)
        return out


STRATEGY: Final = SeasonsStrategy()


def make_bot(level: str, seed: int, budget: Budget | None = None) -> Bot:
    """A computer player of that level, with a random generator of its own from `seed`."""
    return levels.make(STRATEGY, level, seed, budget)
