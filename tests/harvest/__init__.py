"""Harvest: a small game invented for the tests, with everything *Seasons* asks of the seam.

Rules. Two or three growers; twelve fruit cards, two of each value 1 to 6. Each grower is dealt
two cards (a secret hand); the rest are a face-down pile. Three rounds. Each round the first
grower rolls the weather die and every grower gains 1 + face // 2 suns; the first grower also
gathers two tokens of its choice, suns or rain (each two rain score a point at the end). Then
each grower in turn, from the first, plays a turn of any number of actions in any order, then
ends it:

* **draw**: pay 1 sun, take the pile's top card into the hand. An empty pile is first made
  again: the discard pile and every grower's hand are shuffled together, each grower is dealt
  back as many cards as it held, and the rest is the pile (so no grower knows more of any
  hidden card than that it is one of those it has not seen). With nothing discarded there is
  nothing to draw;
* **plant** a card of the hand: pay its cost in suns ((value + 1) // 2); it goes to the
  grower's garden, where it scores its value;
* **offer** a card of the hand, then choose to which grower (with two players, the other):
  that grower is asked at once: **accept** (pay the offerer 1 sun and take the card: every
  grower now knows it is in that hand) or **decline**
  (the card goes face up to the discard pile);
* **compost** one or two cards of the hand: face up on the discard pile, a rain for each;
* **end** the turn.

At the end of the round each grower who planted two or more cards in it orders them, and they
ripen in that order: each gives the grower a sun if the grower then holds fewer suns than its
value (so the order matters: with no sun, a 1 then a 3 give two suns, a 3 then a 1 only one).

The first grower passes left each round. After the third round the most points win (the garden's
cards, and a point per two rain); ties share the win. Hidden from a seat: the other hands (but
for the cards known to be in them), the pile, the generator.

Why it exists: a roll each round (a chance step), a hidden hand drawn from a pile that reshuffles
(a chance step whose outcome is not shown), a free-order turn (a menu stage that asks its seat
again until "end"), an order to choose (the ripening, as *Seasons* asks each player to order its
own end-of-round effects), an effect that interrupts the turn to ask another seat
(`runner.interrupt`), and knowledge from a public move into a hidden hand, which a seat's view
keeps and `determinize` respects. It runs on the engine core (tabletop/core.py) like Castle
and Goofspiel, plays through the shell's generic panels, and the three computer levels play it.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

import small_game

from tabletop import chance, core, rng, runner
from tabletop.actions import Codec
from tabletop.game import NO_MIGRATION, Action, Event, Game, Json, Migration, Results
from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

CARDS = tuple(value for value in range(1, 7) for _ in range(2))
PLAYERS = (2, 3)
ROUNDS = 3
HAND = 2
FACES = (1, 2, 3, 4, 5, 6)
HIDDEN = "hidden"
CODEC = Codec(
    {
        "draw": (),
        "plant": (("card", "int"),),
        "offer": (("card", "int"),),
        "give_to": (("to", "seat"),),
        "accept": (),
        "decline": (),
        "end": (),
        "compost": (),
        "compost_cards": (("cards", "ints"),),
        "gather": (("amounts", "ints"),),
        "ripen": (("order", "ints"),),
    }
)
#: What the first grower gathers each round: two tokens of these kinds, its choice.
TOKENS = ("sun", "rain")
GATHERED = 2
#: The most cards one compost takes.
COMPOSTED = 2
RAIN_PER_POINT = 2


def cost(card: int) -> int:
    return (card + 1) // 2


def suns_for(face: int) -> int:
    return 1 + face // 2


@dataclass(slots=True)
class State:
    hands: list[list[int]]
    pile: list[int]
    discard: list[int]
    gardens: list[list[int]]
    suns: list[int]
    #: The cards every grower knows to be in each hand (offered to it and accepted).
    known: list[list[int]]
    rain: list[int] = field(default_factory=list)
    #: The cards each grower planted this round, in the order planted.
    planted: list[list[int]] = field(default_factory=list)
    round: int = 1
    first: int = 0
    die: int | None = None
    task: Task | None = None
    queue: list[Task] = field(default_factory=list)
    over: bool = False
    rng: int = 0
    #: The decision it stands at (tabletop/core.py): never saved, copied or compared.
    decided: core.Decision | None = field(default=None, repr=False, compare=False)


FIELDS = small_game.saved_fields(State)


def _task(seat: int | None, *steps: str, **context: Any) -> Task:
    return {"seat": seat, "stage": None, "steps": list(steps), **context}


# --- the round -----------------------------------------------------------------------------


def _weather(s: State, _t: Task, ev: Events) -> None:
    """The round's roll, the suns, then every grower's turn from the first."""
    s.die = chance.roll(s, ev, "weather", FACES)
    for seat in range(len(s.hands)):
        s.suns[seat] += suns_for(s.die)
    ev.append(event("round_started", round=s.round, die=s.die))
    n = len(s.hands)
    s.queue = [
        _task(s.first, "gather", kinds=list(TOKENS), count=GATHERED),
        *(_task((s.first + k) % n, "turn") for k in range(n)),
        _task(None, "ripening", "round_end"),
    ]


def _ripening(s: State, _t: Task, ev: Events) -> None:
    """Every grower with two cards or more planted this round orders them, from the first."""
    n = len(s.hands)
    growers = [(s.first + k) % n for k in range(n)]
    for seat in reversed(growers):  # each in front of the next: the first grower first
        if len(s.planted[seat]) >= 2:
            runner.interrupt(s, _task(seat, "ripen", items=sorted(s.planted[seat])))


def _round_end(s: State, _t: Task, ev: Events) -> None:
    ev.append(event("round_ended", round=s.round))
    s.planted = [[] for _ in s.hands]
    if s.round == ROUNDS:
        for seat, rain in enumerate(s.rain):
            if rain // RAIN_PER_POINT:
                ev.append(event("rain_scored", p=seat, rain=rain, vp=rain // RAIN_PER_POINT))
        s.over = True
        ev.append(event("game_over", scores=scores(s)))
        return
    s.round += 1
    s.first = (s.first + 1) % len(s.hands)
    s.queue = [_task(None, "weather")]


def scores(s: State) -> list[int]:
    return [
        sum(garden) + rain // RAIN_PER_POINT for garden, rain in zip(s.gardens, s.rain, strict=True)
    ]


# --- the gathering: tokens of several kinds, a choice of amounts ---------------------------


def _gather_candidates(_s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "gather", [GATHERED - rain, rain]) for rain in range(GATHERED + 1)]


def _gather_check(_s: State, _t: Task, a: Action) -> Refusal | None:
    amounts = a["amounts"]
    if len(amounts) != len(TOKENS) or min(amounts) < 0 or sum(amounts) != GATHERED:
        return Refusal("gather.count", {"count": GATHERED})
    return None


def _gather_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    suns, rain = a["amounts"]
    s.suns[a["p"]] += suns
    s.rain[a["p"]] += rain
    ev.append(event("gathered", p=a["p"], suns=suns, rain=rain))
    t["stage"] = None


GATHER = Stage(
    "gather",
    ("gather",),
    _gather_candidates,
    _gather_check,
    _gather_perform,
    kind="tokens",  # context: the kinds and how many in all
)


# --- the turn: a menu until "end" ----------------------------------------------------------


def _can_draw(s: State) -> bool:
    return bool(s.pile or s.discard)


def _turn_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    held = sorted(set(s.hands[seat]))
    return [
        CODEC.make(seat, "draw"),
        *(CODEC.make(seat, "plant", card) for card in held),
        *(CODEC.make(seat, "offer", card) for card in held),
        CODEC.make(seat, "compost"),
        CODEC.make(seat, "end"),
    ]


def _turn_check(s: State, _t: Task, a: Action) -> Refusal | None:
    seat, verb = a["p"], a["do"]
    if verb == "draw":
        if s.suns[seat] < 1:
            return Refusal("draw.no_sun")
        if not _can_draw(s):
            return Refusal("draw.nothing_left")
    elif verb == "compost":
        if not s.hands[seat]:
            return Refusal("compost.empty_hand")
    elif verb in ("plant", "offer"):
        if a["card"] not in s.hands[seat]:
            return Refusal("card.not_in_hand", {"card": a["card"]})
        if verb == "plant" and s.suns[seat] < cost(a["card"]):
            return Refusal("plant.too_few_suns", {"cost": cost(a["card"])})
    return None


def _turn_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, verb = a["p"], a["do"]
    if verb == "draw":
        s.suns[seat] -= 1
        if not s.pile:
            _reshuffle(s, ev)
        s.hands[seat].append(s.pile.pop(0))
        ev.append(event("drew", p=seat, shown=[seat]))  # the card is the drawer's alone
    elif verb == "plant":
        _leave_hand(s, seat, a["card"])
        s.suns[seat] -= cost(a["card"])
        s.gardens[seat].append(a["card"])
        s.planted[seat].append(a["card"])
        ev.append(event("planted", p=seat, card=a["card"], vp=a["card"]))
    elif verb == "offer":
        _leave_hand(s, seat, a["card"])
        runner.interrupt(s, _task(seat, "give_to", card=a["card"]))
    elif verb == "compost":
        held = len(s.hands[seat])
        runner.interrupt(s, _task(seat, "compost_cards", min=1, max=min(COMPOSTED, held)))
    else:
        ev.append(event("turn_ended", p=seat))
        t["stage"] = None


def _reshuffle(s: State, ev: Events) -> None:
    """The discard pile and the hands shuffled together and dealt again: every grower sees
    its new hand (an event that reveals), and nothing is known of the others' any more."""
    held = [len(hand) for hand in s.hands]
    cards = chance.shuffle(
        s, ev, "pile", [*s.discard, *(card for hand in s.hands for card in hand)]
    )
    for seat, count in enumerate(held):
        s.hands[seat], cards = cards[:count], cards[count:]
    s.pile, s.discard = cards, []
    s.known = [[] for _ in s.hands]
    ev.append(event("dealt_again", shown=list(range(len(s.hands)))))


def _leave_hand(s: State, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    if card in s.known[seat]:
        s.known[seat].remove(card)


TURN = Stage(
    "turn",
    ("draw", "plant", "offer", "compost", "end"),
    _turn_candidates,
    _turn_check,
    _turn_perform,
    private=True,  # the options show the hand: out of the other growers' sight
    kind="menu",
)


# --- compost: a choice of cards, between a least and a most ---------------------------------


def _compost_candidates(s: State, t: Task, seat: int) -> list[Action]:
    hand = sorted(s.hands[seat])
    chosen = {
        combination
        for count in range(t["min"], t["max"] + 1)
        for combination in combinations(hand, count)
    }
    return [CODEC.make(seat, "compost_cards", list(cards)) for cards in sorted(chosen)]


def _compost_check(s: State, t: Task, a: Action) -> Refusal | None:
    cards: list[int] = a["cards"]
    if not t["min"] <= len(cards) <= t["max"]:
        return Refusal("compost.count", {"min": t["min"], "max": t["max"]})
    missing = Counter(cards) - Counter(s.hands[a["p"]])
    if missing:
        return Refusal("card.not_in_hand", {"card": min(missing)})
    return None


def _compost_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    for card in a["cards"]:
        _leave_hand(s, seat, card)
        s.discard.append(card)
    s.rain[seat] += len(a["cards"])
    others = [other for other in range(len(s.hands)) if other != seat]
    # Face up, from a hidden hand: new to the others (and the answer may have been forced).
    ev.append(event("composted", p=seat, cards=list(a["cards"]), shown=others))
    t["stage"] = None


COMPOST = Stage(
    "compost_cards",
    ("compost_cards",),
    _compost_candidates,
    _compost_check,
    _compost_perform,
    private=True,  # chosen from the hand
    kind="cards",  # context: min and max
)


# --- the ripening: an order of the cards planted this round --------------------------------


def _ripen_candidates(_s: State, t: Task, seat: int) -> list[Action]:
    orders = sorted(set(permutations(t["items"])))
    return [CODEC.make(seat, "ripen", list(order)) for order in orders]


def _ripen_check(_s: State, t: Task, a: Action) -> Refusal | None:
    if sorted(a["order"]) != t["items"]:
        return Refusal("ripen.not_the_planted", {"cards": t["items"]})
    return None


def _ripen_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, gained = a["p"], 0
    for card in a["order"]:
        if s.suns[seat] < card:
            s.suns[seat] += 1
            gained += 1
    ev.append(event("ripened", p=seat, order=list(a["order"]), suns=gained))
    t["stage"] = None


RIPEN = Stage(
    "ripen",
    ("ripen",),
    _ripen_candidates,
    _ripen_check,
    _ripen_perform,
    kind="order",  # context: the items (cards) to put in order
)


# --- the offer: to whom, then that grower asked in the middle of the turn ------------------


def _give_to_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "give_to", other) for other in range(len(s.hands)) if other != seat]


def _give_to_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if not 0 <= a["to"] < len(s.hands) or a["to"] == a["p"]:
        return Refusal("offer.not_another_grower", {"to": a["to"]})
    return None


def _give_to_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """The chosen grower answers at once: an interrupt inside the offer's own, which ends
    with it; then the turn resumes."""
    seat, card = a["p"], t.pop("card")  # now on offer in the answer's task only
    ev.append(event("offered", p=seat, to=a["to"], card=card))
    t["stage"] = None
    runner.interrupt(s, _task(a["to"], "answer", card=card, offerer=seat))


GIVE_TO = Stage(
    "give_to",
    ("give_to",),
    _give_to_candidates,
    _give_to_check,
    _give_to_perform,
    private=True,  # still the offerer's own decision, hand in view
    kind="seat",
)


def _answer_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "accept"), CODEC.make(seat, "decline")]


def _answer_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["do"] == "accept" and s.suns[a["p"]] < 1:
        return Refusal("accept.no_sun")
    return None


def _answer_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, card = a["p"], t["card"]
    if a["do"] == "accept":
        s.suns[seat] -= 1
        s.suns[t["offerer"]] += 1
        s.hands[seat].append(card)
        s.known[seat].append(card)
        ev.append(event("accepted", p=seat, card=card, offerer=t["offerer"]))
    else:
        s.discard.append(card)
        ev.append(event("declined", p=seat, card=card, offerer=t["offerer"]))
    t["stage"] = None


ANSWER = Stage(
    "answer",
    ("accept", "decline"),
    _answer_candidates,
    _answer_check,
    _answer_perform,
    private=True,  # answered knowing one's hand
    kind="confirm",
)

STAGES: dict[str, Stage[State]] = {
    "gather": GATHER,
    "turn": TURN,
    "give_to": GIVE_TO,
    "compost_cards": COMPOST,
    "answer": ANSWER,
    "ripen": RIPEN,
}
AUTO_STEPS: dict[str, AutoStep[State]] = {
    "weather": _weather,
    "ripening": _ripening,
    "round_end": _round_end,
}


ENGINE = core.engine(
    core.Rules(
        STAGES,
        AUTO_STEPS,
        seats=lambda s: len(s.hands),
        malformed=CODEC.malformed,
        mark=lambda s: small_game.mark(s, FIELDS),
    )
)


# --- the game ------------------------------------------------------------------------------


def _tasks_cards(tasks: list[Task | None]) -> list[int]:
    """The cards on offer (in a task, in no hand): public."""
    return [t["card"] for t in tasks if t is not None and "card" in t]


class Harvest:
    name = "harvest"
    title = "Harvest"
    rules_version = 2  # 2: the ripening at each round's end
    migrations: Mapping[int, Migration] = {1: NO_MIGRATION}  # a version 1 game had no ripening
    setup_keys: Mapping[int, frozenset[str]] = {
        1: frozenset({"players", "seed"}),
        2: frozenset({"players", "seed"}),
    }
    players: tuple[int, ...] = PLAYERS

    def new(self, players: int, seed: int) -> tuple[State, list[Event]]:
        if players not in PLAYERS:
            raise ValueError(f"players must be one of {PLAYERS}")
        ev: Events = [event("game_started", players=players)]
        s = State(
            hands=[[] for _ in range(players)],
            pile=[],
            discard=[],
            gardens=[[] for _ in range(players)],
            suns=[0] * players,
            known=[[] for _ in range(players)],
            rain=[0] * players,
            planted=[[] for _ in range(players)],
            rng=seed & rng.MASK64,
        )
        s.pile = chance.shuffle(s, ev, "pile", CARDS)
        for seat in range(players):
            s.hands[seat], s.pile = s.pile[:HAND], s.pile[HAND:]
        s.queue = [_task(None, "weather")]
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
        """What `seat` has seen and may remember: its hand, the cards known to be in the other
        hands (the rest of each only counted), the gardens, the discard pile, the die, the card
        on offer; the pile only counted; no generator."""
        out = self.to_json(s)
        out["hands"] = [
            list(hand) if other == seat else _seen_hand(hand, s.known[other])
            for other, hand in enumerate(s.hands)
        ]
        out["pile"] = [HIDDEN] * len(s.pile)
        del out["rng"]
        return out

    def determinize(self, seen: Json, seat: int, rnd: random.Random) -> State:
        """A whole state that agrees with `seen`: every card it does not show is drawn, with
        the caller's `rnd`, among the cards nobody has shown, into the hidden places."""
        shown = Counter(card for hand in seen["hands"] for card in hand if card != HIDDEN)
        shown.update(card for garden in seen["gardens"] for card in garden)
        shown.update(seen["discard"])
        shown.update(_tasks_cards([seen["task"], *seen["queue"]]))
        unseen = list((Counter(CARDS) - shown).elements())
        rnd.shuffle(unseen)
        whole_state = copy.deepcopy(dict(seen))
        for hand in whole_state["hands"]:
            for place, card in enumerate(hand):
                if card == HIDDEN:
                    hand[place] = unseen.pop()
        whole_state["pile"] = [unseen.pop() for _ in seen["pile"]]
        assert not unseen, "a view that leaves some of the game's cards nowhere"
        whole_state["rng"] = rnd.getrandbits(64)
        return self.from_json(whole_state)

    def terminal(self, s: State) -> bool:
        return s.over

    def results(self, s: State) -> Results | None:
        if not s.over:
            return None
        points = scores(s)
        best = max(points)
        rain = [count // RAIN_PER_POINT for count in s.rain]
        return {
            "ranking": sorted(range(len(points)), key=lambda seat: -points[seat]),
            "winners": [seat for seat, score in enumerate(points) if score == best],
            "seats": [
                {
                    "seat": seat,
                    "score": score,
                    "breakdown": {"garden": score - rain[seat], "rain": rain[seat]},
                }
                for seat, score in enumerate(points)
            ],
        }

    def to_json(self, s: State) -> Json:
        return small_game.to_json(s, FIELDS)

    def from_json(self, obj: Json) -> State:
        if "rng" not in obj or any(HIDDEN in cards for cards in [*obj["hands"], obj["pile"]]):
            raise ValueError("a seat's view, not a game state")
        return State(**copy.deepcopy(obj))

    def action_text(self, action: Action) -> str:
        return CODEC.to_text(action)

    def parse_action(self, text: str) -> Action:
        return CODEC.parse(text)


def _seen_hand(hand: list[int], known: list[int]) -> list[int | str]:
    """Another grower's hand as the table sees it: the cards known to be in it, then one
    HIDDEN per other card."""
    return [*sorted(known), *[HIDDEN] * (len(hand) - len(known))]


HARVEST: Game[State] = Harvest()


class HarvestStrategy:
    """The bots' advice: every action is a plan; a grower expects its garden, plus what its
    suns and cards can still become (a card in hand is worth its value once it can be paid)."""

    game = HARVEST
    spread = 4.0

    def plans(self, s: State, seat: int) -> list[list[Action]]:
        return [[action] for action in HARVEST.legal_actions(s, seat)]

    def reopen(self, s: State, seat: int) -> None:
        """Nothing: Harvest asks nothing in secret."""

    def estimate(self, s: State) -> list[float]:
        if s.over:
            return [float(score) for score in scores(s)]
        left = ROUNDS - s.round + 1
        return [
            sum(garden) + 0.6 * sum(hand) + 0.8 * suns + rain / RAIN_PER_POINT + 1.5 * left
            for garden, hand, suns, rain in zip(s.gardens, s.hands, s.suns, s.rain, strict=True)
        ]


HARVEST_STRATEGY = HarvestStrategy()
