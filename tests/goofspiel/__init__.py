"""A tiny second game, for the tests only: Goofspiel with three cards, on tabletop's seam.

Each player holds the cards 1, 2 and 3; a prize deck of 1, 2 and 3 is shuffled from the seed.
Each round the top prize is turned up and every player bids one of their cards in secret, all at
once; the highest single bid wins the prize's value (a tie wins nothing), and bids are spent.
After three rounds the most points win. Hidden from a seat: the other seats' bids until all have
bid, the order of the prize deck, and the generator.

It exists to prove that the seam (tabletop: the Game interface, stages and the task runner, the
action codec, the seeded generator) is not Castle's in disguise: the engine-neutral tests and an
e2e test of the page's shell play it exactly as they play Castle.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

import small_game

from tabletop import core, rng
from tabletop.actions import Codec
from tabletop.game import Action, Event, Game, Json, Migration, Results
from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

CARDS = (1, 2, 3)
PLAYERS = (2, 3)
HIDDEN = "hidden"
CODEC = Codec({"bid": (("card", "int"),)})


@dataclass(slots=True)
class State:
    hands: list[list[int]]
    deck: list[int]
    scores: list[int]
    bids: list[int | None]
    prize: int | None = None
    task: Task | None = None
    queue: list[Task] = field(default_factory=list)
    over: bool = False
    rng: int = 0
    #: The decision it stands at (tabletop/core.py): never saved, copied or compared.
    decided: core.Decision | None = field(default=None, repr=False, compare=False)


FIELDS = small_game.saved_fields(State)


def _round_task() -> Task:
    return {"seat": None, "stage": None, "steps": ["draw", "bid", "resolve"]}


# --- the stages and steps ------------------------------------------------------------------------


def _draw(s: State, _t: Task, ev: Events) -> None:
    s.prize = s.deck.pop(0)
    s.bids = [None] * len(s.hands)
    ev.append(event("prize", value=s.prize, shown="all"))  # the deck's top, face up


def _bid_deciders(s: State, _t: Task) -> list[int]:
    return [seat for seat, bid in enumerate(s.bids) if bid is None]


def _bid_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "bid", card) for card in s.hands[seat]]


def _bid_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["card"] not in s.hands[a["p"]]:
        return Refusal("bid.not_in_hand", {"card": a["card"]})
    return None


def _bid_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    s.bids[a["p"]] = a["card"]
    ev.append(event("bid", p=a["p"]))
    if None not in s.bids:
        t["stage"] = None


BID = Stage(
    "bid",
    ("bid",),
    _bid_candidates,
    _bid_check,
    _bid_perform,
    deciders=_bid_deciders,
    simultaneous=True,
    kind="cards",
)


def _resolve(s: State, _t: Task, ev: Events) -> None:
    bids = [b for b in s.bids if b is not None]
    best = max(bids)
    winners = [seat for seat, b in enumerate(s.bids) if b == best]
    for seat, b in enumerate(s.bids):
        assert b is not None
        s.hands[seat].remove(b)
    winner = winners[0] if len(winners) == 1 else None
    if winner is not None and s.prize is not None:
        s.scores[winner] += s.prize
    ev.append(event("won", bids=list(s.bids), p=winner, value=s.prize, shown="all"))
    s.prize = None
    if s.deck:
        s.queue.append(_round_task())
    else:
        s.over = True
        ev.append(event("game_over", scores=list(s.scores)))


STAGES: dict[str, Stage[State]] = {"bid": BID}
AUTO_STEPS: dict[str, AutoStep[State]] = {"draw": _draw, "resolve": _resolve}


# --- the game ------------------------------------------------------------------------------------

ENGINE = core.engine(
    core.Rules(
        STAGES,
        AUTO_STEPS,
        seats=lambda s: len(s.hands),
        malformed=CODEC.malformed,
        context=lambda s, _t, _st: {"prize": s.prize},
        mark=lambda s: small_game.mark(s, FIELDS),
    )
)


class Goofspiel:
    name = "goofspiel"
    title = "Goofspiel"
    rules_version = 1
    migrations: Mapping[int, Migration] = {}  # version 1 is the first
    setup_keys: Mapping[int, frozenset[str]] = {1: frozenset({"players", "seed"})}
    players: tuple[int, ...] = PLAYERS

    def new(self, players: int, seed: int) -> tuple[State, list[Event]]:
        if players not in PLAYERS:
            raise ValueError(f"players must be one of {PLAYERS}")
        state, deck = rng.shuffled(seed & rng.MASK64, CARDS)
        s = State(
            hands=[list(CARDS) for _ in range(players)],
            deck=deck,
            scores=[0] * players,
            bids=[None] * players,
            queue=[_round_task()],
            rng=state,
        )
        ev: Events = [event("game_started", players=players)]
        ENGINE.run(s, ev)
        return s, ev

    def setup_error(self, setup: Json) -> str | None:
        return small_game.setup_error(setup, PLAYERS)

    def start(self, setup: Json) -> tuple[State, list[Event]]:
        return self.new(setup["players"], setup["seed"])

    # The engine core's functions (tabletop/core.py), as the seam's methods.
    asked = staticmethod(ENGINE.asked)
    prompt = staticmethod(ENGINE.prompt)
    legal_actions = staticmethod(ENGINE.legal_actions)
    why_not = staticmethod(ENGINE.why_not)
    apply = staticmethod(ENGINE.apply)
    apply_until = staticmethod(ENGINE.apply)  # its third argument: the step to stop at

    def copy(self, s: State) -> State:
        return self.from_json(self.to_json(s))

    def view(self, s: State, seat: int | None) -> Json:
        out = self.to_json(s)
        out["bids"] = [b if i == seat or b is None else HIDDEN for i, b in enumerate(s.bids)]
        out["deck"] = sorted(s.deck)  # which prizes are left, not their order
        del out["rng"]
        return out

    def determinize(self, seen: Json, seat: int, rnd: random.Random) -> State:
        whole = dict(seen)
        whole["bids"] = [None if b == HIDDEN else b for b in seen["bids"]]
        whole["deck"] = rnd.sample(seen["deck"], len(seen["deck"]))
        whole["rng"] = rnd.getrandbits(64)
        s = self.from_json(whole)
        for other, b in enumerate(seen["bids"]):
            if b == HIDDEN:
                s.bids[other] = rnd.choice(s.hands[other])
        return s

    def terminal(self, s: State) -> bool:
        return s.over

    def results(self, s: State) -> Results | None:
        if not s.over:
            return None
        ranking = sorted(range(len(s.scores)), key=lambda seat: -s.scores[seat])
        best = max(s.scores)
        return {
            "ranking": ranking,
            "winners": [seat for seat, score in enumerate(s.scores) if score == best],
            "seats": [
                {"seat": seat, "score": score, "breakdown": {"prizes": score}}
                for seat, score in enumerate(s.scores)
            ],
        }

    def to_json(self, s: State) -> Json:
        return small_game.to_json(s, FIELDS)

    def from_json(self, obj: Json) -> State:
        if "rng" not in obj or HIDDEN in obj.get("bids", []):
            raise ValueError("a seat's view, not a game state")
        return State(**copy.deepcopy(obj))

    def action_text(self, action: Action) -> str:
        return CODEC.to_text(action)

    def parse_action(self, text: str) -> Action:
        return CODEC.parse(text)


GOOFSPIEL: Game[State] = Goofspiel()


class GoofspielStrategy:
    """The bots' advice for Goofspiel: every bid is a plan; a seat expects its points so far
    plus a share of the prizes left in proportion to the cards it holds."""

    game = GOOFSPIEL
    spread = 4.0

    def plans(self, s: State, seat: int) -> list[list[Action]]:
        return [[a] for a in GOOFSPIEL.legal_actions(s, seat)]

    def reopen(self, s: State, seat: int) -> None:
        """The other seats' bids of this prize taken back (a sample guessed them)."""
        if s.task is None or s.task["stage"] != "bid":
            return
        s.bids = [bid if other == seat else None for other, bid in enumerate(s.bids)]
        core.changed(s)

    def estimate(self, s: State) -> list[float]:
        left = sum(s.deck) + (s.prize or 0)
        held = [sum(hand) for hand in s.hands]
        total = sum(held) or 1
        return [score + left * h / total for score, h in zip(s.scores, held, strict=True)]


GOOFSPIEL_STRATEGY = GoofspielStrategy()
