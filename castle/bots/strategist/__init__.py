"""The strategist: a rule-based yardstick for the arena (issue 24), playing as a sensible person
would from published strategy advice for the game, not from the estimate of `value.py`.

Every decision is one explicit rule of thumb (`rules.py`, the card choice in `cards.py`), every
number of a rule is in `advice.py` with the review it comes from, and the board's promises
(rounds left, what a place will score) are a person's quick projections (`outlook.py`).
docs/bots.md, "The strategist", lists the rules and their sources.

Like every level it plays one seat from that seat's view only: it samples a state consistent
with the view (`Game.determinize`, with its own generator) and its rules read only what the
view shows (hands, face-up cards, pieces, talers, the board), never the others' hidden choices.
It is an arena level only: the page neither offers nor ships it (tools/build.py, NOT_ZIPPED).
"""

from __future__ import annotations

import random

from tabletop.game import Action, Json

from ...game import CASTLE
from . import rules


class StrategistBot:
    """A computer player that follows the strategist's rules (tabletop.bot.Bot)."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, seen: Json, seat: int) -> Action:
        s = CASTLE.determinize(seen, seat, self.rnd)
        return rules.decide(s, seat)


def make_bot(seed: int) -> StrategistBot:
    return StrategistBot(seed)


__all__ = ["StrategistBot", "make_bot"]
