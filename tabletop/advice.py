"""A hint for a person: the move the game's estimate likes best from the person's own view, with
a chance of winning that means something.

Why not the greedy level's own figures (one sampled state, "before" and "after" the move): a
person read them as chances and they were not. The sampled state guessed the others' hidden
answers at random, so a secret choice looked like 90 % against opponents who had chosen
nothing sensible; "before" counted the others' chosen cards but not the person's, so a good
move seemed to jump from 26 % to 92 %, and a recommended move could seem to lower it; and a
lead of a few points in round 1 read as a near-certain win.

So here:

* every move is valued on the same `samples` states sampled from the person's view, each by
  the same evaluator, and the figure is the average: the recommended move is the one with the
  best average, so no other move weighed ever shows a higher chance;
* for a secret choice the others' hidden answers are taken back (`Strategy.reopen`) and drawn
  again on each sample from what they would likely choose (a softmax over their own plans by
  the estimate), the same draw for every move of the person, so that moves are compared
  against the same answers and the figure averages over the answers, not one guess of them;
* the estimate becomes a chance with a scale that widens with the game still to play, when
  the game says how (`Forecast.chance_spread`): a lead early on is worth less than at the end;
* the spread of the samples comes with the average, so that the page can say a range or a
  word when the samples disagree (what is hidden matters more than the move then).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from .bot import Plan, Strategy, apply_plan, chances, outcome
from .game import Json
from .search import plan_key

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

#: States sampled from the person's view for one hint: enough for the average of a round-1
#: card choice to move by a few points at most between two sets of samples, few enough for a
#: phone (docs/benchmarks.md, "The hint").
SAMPLES = 8
#: How sure the others' likely answers are, in chance of winning: an answer 0.05 worse than
#: their best is chosen e^-1 as often (a sensible player mostly takes the best few).
ANSWER_TEMPERATURE = 0.05


@runtime_checkable
class Forecast(Protocol[S_contra]):
    """What a game may add to its strategy for hints: how sure its estimate is from a state."""

    def chance_spread(self, s: S_contra) -> float:
        """The estimated score lead that wins about 3 times in 4 from `s` (wider while much of
        the game is still to play)."""
        ...


@dataclass(frozen=True, slots=True)
class Advice:
    """The suggested move and what the samples make of it (chances in [0, 1])."""

    plan: Plan
    #: The seat's average chance of winning after the move, and the spread of the samples
    #: around it (one standard deviation each way, within [0, 1]).
    chance: float
    low: float
    high: float
    #: Every move weighed with its average chance, best first (the first is `plan`'s).
    weighed: tuple[tuple[Plan, float], ...]
    #: The seats playing (a fair share of the win is 1 / seats).
    seats: int
    samples: int

    @property
    def margin(self) -> float | None:
        """How much better the move does than the next best one weighed, on the same samples
        (None: it was the only move weighed)."""
        if len(self.weighed) < 2:
            return None
        return self.weighed[0][1] - self.weighed[1][1]


def chance_of(strategy: Strategy[S], s: S, seat: int) -> float:
    """The seat's chance of winning from `s`: the outcome once the game is over, else its
    estimate through the game's spread at `s` (its bots' constant spread if it gives none)."""
    game = strategy.game
    if game.terminal(s):
        return outcome(game, s)[seat]
    spread = strategy.chance_spread(s) if isinstance(strategy, Forecast) else strategy.spread
    return chances(strategy.estimate(s), spread)[seat]


def advise(
    strategy: Strategy[S], seen: Json, seat: int, rnd: random.Random, samples: int = SAMPLES
) -> Advice:
    """The move for `seat` (asked now in the game that `seen`, its view, shows) with the best
    average chance over `samples` states sampled with `rnd`."""
    game = strategy.game
    states = [game.determinize(seen, seat, rnd) for _ in range(samples)]
    prompt = game.prompt(states[0], seat)
    secret = prompt is not None and prompt["secret"]
    answers = [_likely_answers(strategy, s, seat, rnd) if secret else {} for s in states]
    # The moves weighed: those the game proposes on every sample (the seat's own options are
    # the same on each, as they depend on what it sees).
    proposed = [{plan_key(p): p for p in strategy.plans(s, seat)} for s in states]
    keys = [k for k in proposed[0] if all(k in each for each in proposed[1:])]
    if not keys:
        keys, states, answers, proposed = list(proposed[0]), states[:1], answers[:1], proposed[:1]
    values: dict[str, list[float]] = {}
    for key in keys:
        values[key] = []
        for s, given, plans in zip(states, answers, proposed, strict=True):
            after = game.copy(s)
            apply_plan(game, after, seat, plans[key])
            for other, plan in given.items():
                apply_plan(game, after, other, plan)
            values[key].append(chance_of(strategy, after, seat))
    mean = {key: statistics.fmean(v) for key, v in values.items()}
    ranked = sorted(keys, key=lambda key: -mean[key])  # stable: ties in the game's order
    best = ranked[0]
    chance = mean[best]
    deviation = statistics.pstdev(values[best])
    return Advice(
        plan=proposed[0][best],
        chance=chance,
        low=max(0.0, chance - deviation),
        high=min(1.0, chance + deviation),
        weighed=tuple((proposed[0][key], mean[key]) for key in ranked),
        seats=len(strategy.estimate(states[0])),
        samples=len(states),
    )


def _likely_answers(strategy: Strategy[S], s: S, seat: int, rnd: random.Random) -> dict[int, Plan]:
    """The other seats' answers to the secret choice asked now, drawn afresh on `s` (taken back
    first if the sample guessed them): each seat's plans weighed by a softmax of the chance the
    estimate gives it after each, as it would judge them without knowing the others' answers."""
    strategy.reopen(s, seat)
    game = strategy.game
    drawn: dict[int, Plan] = {}
    for other in game.asked(s):
        if other == seat:
            continue
        plans = strategy.plans(s, other)
        worth = []
        for plan in plans:
            after = game.copy(s)
            apply_plan(game, after, other, plan)
            worth.append(chance_of(strategy, after, other))
        top = max(worth)
        weights = [math.exp((w - top) / ANSWER_TEMPERATURE) for w in worth]
        drawn[other] = rnd.choices(plans, weights)[0]
    return drawn
