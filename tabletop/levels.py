"""The three computer levels every game offers, each over the game's own `Strategy`: easy
plays one of its plans at random, medium the plan its estimate likes best, hard searches
(tabletop.search). A game names its strategy; the levels are the same for all."""

from __future__ import annotations

from typing import Any, Final

from .bot import Bot, GreedyBot, RandomBot, Strategy
from .search import Budget, SearchBot

LEVELS: Final = ("easy", "medium", "hard")


def make(strategy: Strategy[Any], level: str, seed: int, budget: Budget | None = None) -> Bot:
    """A computer player of that level, with a random generator of its own from `seed`."""
    if level == "easy":
        return RandomBot(strategy, seed)
    if level == "medium":
        return GreedyBot(strategy, seed)
    if level == "hard":
        return SearchBot(strategy, seed, budget)
    raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
