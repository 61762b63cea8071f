"""The strongest level: information-set Monte Carlo tree search over the game's plans.

Every iteration samples a whole state from the bot's view (`Game.determinize`), so the search
never sees what its seat cannot (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", 2012: one tree per observer, one determinization per iteration, availability
counts in the bandit). Moves are the game's plans (tabletop.bot), not single actions: a payment
settled step by step is one move, and only the few plans the game proposes are searched.

Secret simultaneous choices (Castle's selection) are searched decoupled: each asked seat picks
its own plan with its own bandit statistics at that node, and every seat is scored by its own
reward (decoupled UCT, as in Lanctot et al. for simultaneous-move games). The other seats'
answers already given but hidden are taken back first (`Strategy.reopen`) so that they are
chosen by the search, not by the determinization's uniform guess. The node after such a choice
is the searching seat's own answer's (`own_answer`): the others' stay hidden from it, so the
tree goes on through the round that follows rather than splitting it by every pair of answers.

With many seats the other seats are not searched but modelled: inside the tree they choose as
the greedy level would (`Budget.model_from`), so the search plans against sensible opponents
rather than against bandits that each see a fraction of the iterations.

A game may weigh its decisions (`Effort`): the budget is then shared out, more for the
choices that shape a game, less for the small ones, the same on average.

A rollout plays random plans for a few decisions and ends with the game's estimate (truncated
rollouts): the estimate is better than the end of a random game many rounds away.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Final, Generic, Protocol, TypeVar, runtime_checkable

from .bot import Plan, Strategy, apply_plan, best_plan, chances, rewards
from .game import Action, Json

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may do for one decision. Iterations make it deterministic for a seed;
    seconds (if set) stop it earlier, for the page. Either alone is the only bound (iterations
    None: as many as the seconds allow); one of them is needed. Iterations are what a decision
    makes on average (a game's `Effort` moves them either way); seconds are the longest a
    decision may think, which a person sits waiting for (an effort only shortens them, but at
    a secret choice, which the people make meanwhile)."""

    iterations: int | None = 1000
    seconds: float | None = None
    #: Decisions a rollout plays at random before the estimate scores it. None by default:
    #: in Castle the estimate of the position reached beats a few random moves after it
    #: (docs/bots.md has the figures).
    rollout: int = 0
    #: The bandit's exploration constant with 2 seats (rewards are chances in [0, 1]). With
    #: n seats a seat's chance is about 1/n and moves differ by less, so it is scaled by 2/n,
    #: keeping the balance of exploring and exploiting that 2 seats have.
    exploration: float = 0.7
    #: A node weighs its first ceil(widening * sqrt(visits)) plans only (the game orders plans
    #: best first), so a wide decision is searched where the game's own judgement points.
    widening: float = 2.0
    #: From this many seats on, the other seats choose inside the tree as the greedy level
    #: would (tabletop.bot.best_plan, from the sampled state: their own hands as sampled),
    #: not by bandits of their own. With three opponents, bandits that each learn from a
    #: quarter of the iterations play them nearly at random, and the search then plans against
    #: opponents who do not exist; a model of sensible opponents is worth its cost there
    #: (docs/benchmarks.md: 4 players, 40 % of games won without it, two thirds with it).
    model_from: int = 3
    #: The share of a reward taken from the score rather than the win: a seat's chance at a
    #: spread `SCORE_SPREAD` times the strategy's (a lead of 5 spreads wins about 3 times in
    #: 4), beside its chance of winning. 0 by default. A chance of winning saturates once one
    #: seat is well ahead, and a search then finds every move alike (hard, 4 VP ahead in
    #: Castle's last round: 0.92 after each of its 28 card pairs, within 0.01, so it chose
    #: the Messenger and the Bricklayer over the Stonemason with 49 BP of pieces to build
    #: with); the score's share keeps a better score better.
    score_weight: float = 0.0
    #: Whether the node after a secret choice is one for every pair of answers, the others'
    #: included (the tree the baseline was frozen with), rather than the searching seat's own
    #: answer's (`own_answer`).
    split_secret: bool = False
    #: The share of a plan's worth taken from the best line below it rather than the mean of
    #: its rewards (implicit minimax backups: Lanctot, Winands, Pepels and Sturtevant, "Monte
    #: Carlo Tree Search with Heuristic Evaluations using Implicit Minimax Backups", 2014).
    #: Every iteration ends in the estimate, so a mean mixes the replies a bandit was still
    #: trying with the one a seat would play; the best line's estimate does not. 0 by default.
    minimax: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations, seconds or both")

    def scaled(self, effort: float, mean: float = 1.0, secret: bool = False) -> Budget:
        """This budget for a decision of that `effort` (`Effort`: a share of the time a
        decision may think) among decisions whose efforts average `mean`: its iterations
        times effort / mean (at least `MIN_ITERATIONS`, or the budget's own if fewer, so that
        a small decision's plans are tried), so that they stay the budget's on average; its
        seconds times the effort, but never more than the whole time unless the decision is
        a `secret` choice. The time is a promise to the person waiting (the page's setting is
        a decision's longest, so its median too: issue 24); a secret choice is not waited
        for, since the people make theirs meanwhile (the page asks a computer to think while
        they do)."""
        if effort == mean == 1.0:
            return self
        iterations = self.iterations
        if iterations is not None:
            share = effort / mean
            iterations = max(min(MIN_ITERATIONS, iterations), round(iterations * share))
        seconds = self.seconds
        if seconds is not None:
            seconds *= effort if secret else min(1.0, effort)
        return replace(self, iterations=iterations, seconds=seconds)


#: The fewest iterations a scaled budget makes (`Budget.scaled`).
MIN_ITERATIONS: Final = 8
#: How much wider than the strategy's the spread of a reward's score share is (`Budget.
#: score_weight`).
SCORE_SPREAD: Final = 5.0


@runtime_checkable
class Effort(Protocol[S_contra]):
    """A strategy that says how much of the budget a decision deserves (optional), as a share
    of the time a decision may think: 1 for the whole, less for the small decisions, more for
    a secret choice only (`Budget.scaled`). `mean_effort` is the shares' mean over a game's
    searched decisions, by which an iteration budget is shared out so that a decision makes
    the budget's iterations on average."""

    mean_effort: float

    def effort(self, s: S_contra, seat: int) -> float: ...


@runtime_checkable
class Sampled(Protocol[S_contra]):
    """A strategy that says what of a state the plans that led to it do not settle (optional):
    what a determinization sampled (another seat's hidden choice) and what chance has drawn
    (a card turned up). A search reads the key at every node an iteration passes (at the
    root once its secret answers are taken back, `Strategy.reopen`), and two iterations that
    met equal keys all the way from the root to a node must have met states there that are
    alike to the strategy's plans and estimate: so each key must show what chance drew since
    the node before. The search then works out a seat's plans and a modelled seat's choice
    once for a node and that chain of keys, not at every visit. Without it, a search works
    them out at every visit."""

    def sample_key(self, s: S_contra) -> Hashable: ...


@dataclass(slots=True)
class Arm:
    plan: Plan
    visits: int = 0
    total: float = 0.0
    #: Iterations in which this plan was available at this node (ISMCTS availability).
    available: int = 0
    #: Every seat's reward along the best line below this plan, as far as the tree has grown
    #: (`Budget.minimax`): after a secret choice, whose answers vary, their mean.
    best_line: list[float] | None = None


@dataclass(slots=True)
class Node:
    #: seat -> plan key -> statistics of that seat's plans at this node.
    arms: dict[int, dict[str, Arm]] = field(default_factory=dict)
    visits: int = 0
    children: dict[tuple[str, ...], Node] = field(default_factory=dict)
    #: (seat, chain: the sample keys from the root to here, as a number) -> the seat's plans
    #: here, each with its `plan_key`, or a modelled seat's choice (`Sampled`).
    plans: dict[tuple[int, int], list[tuple[str, Plan]]] = field(default_factory=dict)
    models: dict[tuple[int, int], Plan] = field(default_factory=dict)


def plan_key(plan: Plan) -> str:
    """A plan's identity within one search (its actions' repr: cheaper than their text form,
    and a search asks for it at every node it passes)."""
    return repr(plan)


def own_answer(keys: list[tuple[int, str]], me: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """After a secret choice the searching seat `me` makes too (`keys`: each asked seat's
    plan's `plan_key`), the child's key, its own answer alone, and the others' answers. The
    others' stay hidden from it until their cards act, so, as in single-observer ISMCTS, they
    do not split its tree: split by every pair of answers, a 2-player round's selection
    spreads its iterations over 28 x 28 children, a few each, and leaves the round it starts
    unsearched (docs/bots.md, "The tree after a secret choice")."""
    mine = tuple(key for seat, key in keys if seat == me)
    return mine, tuple(key for seat, key in keys if seat != me)


#: An iteration's step through a node: the seats' picks there and, where one seat chose, the
#: plans it was offered (None after a secret choice, and without implicit minimax).
Step = tuple[Node, list[tuple[int, Arm]], list[Arm] | None]


class SearchBot(Generic[S]):
    """Hard: ISMCTS with decoupled simultaneous choices, truncated rollouts and the estimate."""

    def __init__(self, strategy: Strategy[S], seed: int, budget: Budget | None = None) -> None:
        self.strategy = strategy
        self.rnd = random.Random(seed)
        self.budget = budget or Budget()
        #: Iterations the last decision ran (for benchmarks), and its tree (for tests).
        self.iterations = 0
        self.root = Node()
        self._explore = self.budget.exploration
        #: Whether the other seats play by the greedy model in this decision's tree.
        self._modelled = False
        #: The strategy's sample keys, if it has them (`Sampled`), and this decision's chains
        #: of them: (the chain to the node before, the key here) -> the chain's number.
        self._sampled = strategy if isinstance(strategy, Sampled) else None
        self._chains: dict[tuple[int, Hashable], int] = {}
        #: The plans the acting seat was offered at the node an iteration is at, kept only
        #: for implicit minimax (`Budget.minimax`) where one seat chooses; else None.
        self._offered: list[Arm] | None = None

    def choose(self, seen: Json, seat: int) -> Action:
        game = self.strategy.game
        first = game.determinize(seen, seat, self.rnd)
        mine = self.strategy.plans(first, seat)
        if len(mine) == 1:
            self.iterations = 0
            return mine[0][0]
        budget = self.budget
        if isinstance(self.strategy, Effort):
            prompt = self.strategy.game.prompt(first, seat)
            secret = prompt is not None and prompt["secret"]
            effort = self.strategy.effort(first, seat)
            budget = budget.scaled(effort, self.strategy.mean_effort, secret)
        seats = len(self.strategy.estimate(first))
        self._modelled = seats >= budget.model_from
        self._chains = {}
        root = self.root = Node()
        self._explore = budget.exploration * 2 / seats
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        done = 0
        s = first
        while budget.iterations is None or done < budget.iterations:
            if done:
                s = game.determinize(seen, seat, self.rnd)
            self._iterate(root, s, seat)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.iterations = done
        arms = root.arms[seat]
        best = max(arms.values(), key=lambda arm: (arm.visits, arm.total))
        return best.plan[0]

    def _iterate(self, root: Node, s: S, me: int) -> None:
        strategy, game = self.strategy, self.strategy.game
        path: list[Step] = []
        node: Node | None = root
        chain = -1
        while node is not None and not game.terminal(s):
            asked = game.asked(s)
            prompt = game.prompt(s, asked[0])
            secret = prompt is not None and prompt["secret"]
            if secret:
                strategy.reopen(s, me)
                asked = game.asked(s)
            else:
                asked = asked[:1]
            if self._sampled is not None:
                link = (chain, self._sampled.sample_key(s))
                chain = self._chains.setdefault(link, len(self._chains))
            offered = self._offered = [] if self.budget.minimax and not secret else None
            picks = [(seat, self._choose(node, s, seat, me, chain)) for seat in asked]
            for seat, arm in picks:
                apply_plan(game, s, seat, arm.plan)
            node.visits += 1
            path.append((node, picks, offered))
            if secret and not self.budget.split_secret and me in asked:
                key, hidden = own_answer([(seat, plan_key(arm.plan)) for seat, arm in picks], me)
                if self._sampled is not None:
                    # The others' sampled answers join the chain of sample keys, which alone
                    # tells apart the states sharing the child (a reveal clears the selection).
                    chain = self._chains.setdefault((chain, hidden), len(self._chains))
            else:
                key = tuple(plan_key(arm.plan) for _, arm in picks)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                node = None  # expanded: a rollout from here
            else:
                node = child
        self._rollout(s)
        reward = rewards(strategy, s)
        weight = self.budget.score_weight
        if weight:
            wide = chances(strategy.estimate(s), strategy.spread * SCORE_SPREAD)
            reward = [(1 - weight) * r + weight * w for r, w in zip(reward, wide, strict=True)]
        for _node, picks, _offered in path:
            for seat, arm in picks:
                arm.visits += 1
                arm.total += reward[seat]
        if self.budget.minimax:
            self._back_up_best_line(path, reward)

    def _back_up_best_line(self, path: list[Step], reward: list[float]) -> None:
        """Implicit minimax (`Budget.minimax`): from the leaf's rewards up, a plan played takes
        the best line below it, and a node where one seat chose passes up the line of that
        seat's best plan among those it was offered this iteration (the sampled states that
        share a node may offer different plans). After a secret choice the others' answers
        vary with the sample, so a plan there keeps the mean of the lines met, and the node
        passes this iteration's line up."""
        line = reward
        for _node, picks, offered in reversed(path):
            for _seat, arm in picks:
                kept = arm.best_line
                if offered is not None or kept is None:
                    arm.best_line = line
                else:
                    share = 1.0 / arm.visits
                    arm.best_line = [
                        old + share * (new - old) for old, new in zip(kept, line, strict=True)
                    ]
            if offered:
                seat = picks[0][0]
                line = max(
                    (arm.best_line for arm in offered if arm.best_line is not None),
                    key=lambda best: best[seat],
                )

    def _choose(self, node: Node, s: S, seat: int, me: int, chain: int) -> Arm:
        """The plan a seat plays at this node: the searching seat's bandit always; another
        seat's bandit too, or its greedy choice when it is modelled (an arm kept nowhere: a
        model learns nothing from the rewards). `chain`: the sample keys met from the root
        (`Sampled`), under which the node keeps what it works out."""
        strategy = self.strategy
        key = None if self._sampled is None else (seat, chain)
        if seat != me and self._modelled:
            model = None if key is None else node.models.get(key)
            if model is None:
                model = best_plan(strategy, s, seat)
                if key is not None:
                    node.models[key] = model
            return Arm(model)
        width = max(1, math.ceil(self.budget.widening * math.sqrt(node.visits + 1)))
        keyed = None if key is None else node.plans.get(key)
        if keyed is None:
            plans = strategy.plans(s, seat)
            if key is None:
                keyed = [(plan_key(plan), plan) for plan in plans[:width]]
            else:
                keyed = node.plans[key] = [(plan_key(plan), plan) for plan in plans]
        return self._pick(node, seat, keyed[:width])

    def _pick(self, node: Node, seat: int, keyed: list[tuple[str, Plan]]) -> Arm:
        """UCB1 over the seat's plans weighed here (`keyed`: each with its `plan_key`)."""
        arms = node.arms.setdefault(seat, {})
        minimax = self.budget.minimax
        offered = self._offered
        best: Arm | None = None
        best_score = -math.inf
        for key, plan in keyed:
            arm = arms.get(key)
            if arm is None:
                arm = arms[key] = Arm(plan)
            if offered is not None:
                offered.append(arm)
            arm.available += 1
            if arm.visits == 0:
                score = math.inf
            else:
                explore = self._explore * math.sqrt(math.log(arm.available) / arm.visits)
                mean = arm.total / arm.visits
                if minimax and arm.best_line is not None:
                    mean += minimax * (arm.best_line[seat] - mean)
                score = mean + explore
            if score > best_score:
                best, best_score = arm, score
        assert best is not None
        return best

    def _rollout(self, s: S) -> None:
        game, strategy, rnd = self.strategy.game, self.strategy, self.rnd
        for _ in range(self.budget.rollout):
            if game.terminal(s):
                return
            for seat in game.asked(s):
                if seat in game.asked(s):
                    apply_plan(game, s, seat, rnd.choice(strategy.plans(s, seat)))
