"""The computer players of the games this page plays, by game name: all that the searching
levels' worker (web/bot_worker.py) imports, so that a worker loads the engines and their bots
and none of the pages.

A game's page (its `GameUI.bot`) makes its computers here too, so that the page and its
worker play the same bot for a level.
"""

from __future__ import annotations

from collections.abc import Callable

from castle import bots as castle_bots
from tabletop.bot import Bot
from tabletop.search import Budget

#: A computer player of a level, from its seed and the seconds a search may take per
#: decision (None: its own budget).
MakeBot = Callable[[str, int, float | None], Bot]


def castle(level: str, seed: int, seconds: float | None) -> Bot:
    # The time alone bounds the search.
    budget = Budget(iterations=None, seconds=seconds) if seconds else None
    return castle_bots.make_bot(level, seed, budget)


BOTS: dict[str, MakeBot] = {"castle": castle}
#: The Python packages the page and its worker run, as tools/build.py zips them: both digest
#: them (tabletop/code.py) so that the page knows its worker runs the same code.
PACKAGES = ("tabletop", "castle", "web")
