"""Computer players: what every bot is, what a game tells its bots, and the two simple levels.

A bot plays one seat from that seat's view only: `choose(seen, seat)` takes the view (JSON, as
`Game.view` gives it) and returns one legal action. It never sees the state: it samples a whole
state consistent with the view (`Game.determinize`) with a random generator of its own, so no
hidden choice of another seat and nothing the game will draw can reach it.

What a generic bot cannot find cheaply by itself, the game tells it through a `Strategy`:

* **plans**: the few moves worth weighing at a decision. A plan is a sequence of the deciding
  seat's actions that belong together (Castle: a building and the steps of one sensible payment
  for it), so a bot or a search weighs "build a Tower paying stone, clay, wood" as one move
  instead of every way of settling a payment step by step;
* **estimate**: each seat's expected final score from a state, used by the greedy level and to
  end a search's rollouts early.

The levels: `RandomBot` picks one of the plans at random (a beginner's opponent: legal, with
sensible payments); `GreedyBot` takes the plan whose outcome the estimate likes best;
`tabletop.search.SearchBot` searches.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from .game import Action, Game, Json

S = TypeVar("S")

#: Actions of one seat taken one after another (the first is legal now; each next one is legal
#: once the previous ones are applied).
Plan = list[Action]


class Strategy(Protocol[S]):
    """A game's advice to its computer players."""

    game: Game[S]
    #: The score difference at which the better seat wins about 3 times in 4 (a logistic
    #: scale): how estimates become chances of winning.
    spread: float

    def plans(self, s: S, seat: int) -> list[Plan]:
        """The moves worth weighing for `seat`, which is asked now: never empty, each legal,
        the game's favourite first."""
        ...

    def estimate(self, s: S) -> list[float]:
        """Each seat's expected final score from `s` (the final scores once it is over)."""
        ...

    def reopen(self, s: S, seat: int) -> None:
        """Take back, in a state sampled for `seat`, the other seats' secret answers already
        given (a sample guessed them), so that a search or a hint draws them afresh; nothing
        for a game that asks nothing in secret. Says so to the engine (it changes `s`)."""
        ...


class Bot(Protocol):
    """A computer player of one game. Holds its own random generator (seeded when made)."""

    def choose(self, seen: Json, seat: int) -> Action:
        """A legal action for `seat`, which is asked in the game that `seen` (its view) shows."""
        ...


def apply_plan(game: Game[S], s: S, seat: int, plan: Sequence[Action]) -> bool:
    """Apply a plan's actions in order; True if it was played through. Steps the game took by
    itself (each its only option) are passed over to the next step that is legal, and the plan
    ends when the seat is no longer asked. When no step left is legal (a plan made stale by a
    roll or a draw since it was made), it stops there: False, and the rest is not played."""
    number = 0
    while number < len(plan):
        if seat not in game.asked(s):
            return True
        # One action checked (why_not), not the whole list of options made and copied.
        later = next(
            (k for k in range(number, len(plan)) if game.why_not(s, plan[k]) is None), None
        )
        if later is None:
            return False
        game.apply(s, plan[later])
        number = later + 1
    return True


def chances(estimates: Sequence[float], spread: float) -> list[float]:
    """Each seat's chance of winning from estimated final scores: a softmax whose scale makes
    a lead of `spread` points worth a win about 3 times in 4 (against one other seat)."""
    scale = spread / math.log(3)
    top = max(estimates)
    weights = [math.exp((e - top) / scale) for e in estimates]
    total = sum(weights)
    return [w / total for w in weights]


def outcome(game: Game[S], s: S) -> list[float]:
    """A finished game as rewards: winners share 1, the others get 0."""
    results = game.results(s)
    assert results is not None, "the game is not over"
    winners = results["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(results["seats"]))]


def rewards(strategy: Strategy[S], s: S) -> list[float]:
    """Each seat's reward: the outcome once the game is over, else its chance from estimates."""
    if strategy.game.terminal(s):
        return outcome(strategy.game, s)
    return chances(strategy.estimate(s), strategy.spread)


class RandomBot(Generic[S]):
    """Easy: one of the game's plans, uniformly at random."""

    def __init__(self, strategy: Strategy[S], seed: int) -> None:
        self.strategy = strategy
        self.rnd = random.Random(seed)

    def choose(self, seen: Json, seat: int) -> Action:
        s = self.strategy.game.determinize(seen, seat, self.rnd)
        return self.rnd.choice(self.strategy.plans(s, seat))[0]


class GreedyBot(Generic[S]):
    """Medium: the plan after which the estimate gives the seat the best chance of winning.

    It looks one move ahead on one sampled state: the estimate is what anticipates the rest."""

    def __init__(self, strategy: Strategy[S], seed: int) -> None:
        self.strategy = strategy
        self.rnd = random.Random(seed)

    def choose(self, seen: Json, seat: int) -> Action:
        s = self.strategy.game.determinize(seen, seat, self.rnd)
        return best_plan(self.strategy, s, seat)[0]


def best_plan(strategy: Strategy[S], s: S, seat: int) -> Plan:
    """The greedy choice among the plans (ties: the game's order)."""
    game = strategy.game
    plans = strategy.plans(s, seat)
    if len(plans) == 1:
        return plans[0]
    best, best_value = plans[0], -math.inf
    for plan in plans:
        after = game.copy(s)
        apply_plan(game, after, seat, plan)
        value = rewards(strategy, after)[seat]
        if value > best_value:
            best, best_value = plan, value
    return best
