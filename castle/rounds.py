"""A round (§3): income, the secret selection, the reveal, equipping Workers, end of round."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

from . import data, winter
from .actions import Action, make
from .scoring import final_queue
from .state import State
from .tasks import act, task

TRADER_STEP = data.CARD_STEP["trader"]
WORKER_STEP = data.CARD_STEP["worker_a"]
RESOLUTION_STEPS = sorted(set(data.CARD_STEP.values()))


def begin_round(s: State, ev: Events) -> None:
    """§3.1 Income, then the secret selection."""
    s.phase = "select"
    s.selection = [None] * s.n
    s.players[s.start_player].talers += data.ROUND_INCOME
    ev.append(event("round_started", round=s.round, start_player=s.start_player))
    ev.append(event("income", p=s.start_player, talers=data.ROUND_INCOME))
    # Everyone chooses at once, (winter) a winter card is resolved, then the cards are
    # revealed and the round's queue is built.
    s.queue = winter.round_tasks(s)


# --- §3.2 Select -------------------------------------------------------------------------------


def cards_to_choose(s: State, seat: int) -> int:
    """One card (two with 2 players); ⚖ a short hand chooses all it holds."""
    return min(data.CARDS_PER_ROUND[s.n], len(s.players[seat].hand))


def select_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    hand = s.players[seat].hand
    # Dicts built inline (not with actions.make): this runs for every seat every round.
    return [
        {"p": seat, "do": "select", "cards": list(c)}
        for c in combinations(hand, cards_to_choose(s, seat))
    ]


def select_check(s: State, _t: Task, a: Action) -> Refusal | None:
    seat, cards = a["p"], a["cards"]
    p = s.players[seat]
    if s.selection[seat] is not None:
        return Refusal("select.already_chosen")
    count = cards_to_choose(s, seat)
    if len(cards) != count:
        return Refusal("select.card_count", {"count": count})
    if len(set(cards)) != len(cards):
        return Refusal("select.same_card_twice")
    for card in cards:
        if card not in p.hand:
            return Refusal("select.not_in_hand", {"card": card})
    if "master_builder" in cards and not p.played:
        return Refusal("select.master_builder.no_face_up_card")
    return None


def select_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    cards = sorted(a["cards"], key=data.CARDS.index)
    s.selection[seat] = cards
    ev.append(event("selected", p=seat))
    if all(c is not None for c in s.selection):
        t["stage"] = None


def select_deciders(s: State, _t: Task) -> list[int]:
    """Every seat that has not chosen yet, in turn order."""
    return [seat for seat in s.seats_from_start() if s.selection[seat] is None]


SELECT = Stage(
    "select",
    ("select",),
    select_candidates,
    select_check,
    select_perform,
    deciders=select_deciders,
    simultaneous=True,
    kind="cards",
)


# --- §3.4 Reveal and the order of the round ----------------------------------------------------


def reveal(s: State, _t: Task, ev: Events) -> None:
    chosen: list[list[str]] = []
    for seat, p in enumerate(s.players):
        cards = s.selection[seat] or []
        for card in cards:
            p.hand.remove(card)
        p.played.extend(cards)
        p.revealed = list(cards)
        chosen.append(list(cards))
    s.selection = [None] * s.n
    ev.append(event("revealed", cards=chosen, shown="all"))  # the secret choices, to all
    s.phase = "round"
    s.queue = round_queue(s)


def round_queue(s: State) -> list[Task]:
    """§3.5 equip Workers in turn order, then §3.6 resolve in card order and seat order."""
    order = s.seats_from_start()
    queue: list[Task] = []
    for seat in order:
        for card in data.WORKERS:
            if card in s.players[seat].revealed:
                steps = ["equip", "worker_c"] if card == "worker_c" else ["equip"]
                queue.append(task(steps, seat, card))
    for step in RESOLUTION_STEPS:
        for seat in order:
            cards = [c for c in s.players[seat].revealed if data.CARD_STEP[c] == step]
            if step == WORKER_STEP and len(cards) > 1:
                # 2 players: both Workers, in the order their owner chooses.
                queue.append(task(["first"], seat))
            else:
                queue.extend(act(seat, card) for card in cards)
        if step == TRADER_STEP:
            queue.append(task(["deliver"]))
    queue.append(task(["end_round"]))
    return queue


# --- §3.5 Equip Workers ------------------------------------------------------------------------


def equip(s: State, t: Task, ev: Events) -> None:
    """The card takes its printed pieces; ⚖ only what the stock still holds."""
    on: dict[str, int] = {}
    for kind, count in data.WORKER_EQUIPMENT[t["card"]].items():
        take = min(count, s.stock[kind])
        if take:
            s.stock[kind] -= take
            on[kind] = take
    s.players[t["seat"]].workers[t["card"]] = on
    ev.append(event("equipped", p=t["seat"], card=t["card"], pieces=dict(on)))


def _worker_c_count(s: State) -> int:
    return min(data.WORKER_C_CHOICES, sum(s.stock[k] for k in data.WORKER_C_KINDS))


def _worker_c_enter(s: State, t: Task, ev: Events) -> bool:
    return _worker_c_count(s) > 0


def _worker_c_candidates(s: State, t: Task, seat: int) -> list[Action]:
    kinds = [k for k in data.WORKER_C_KINDS if s.stock[k]]
    return [
        make(seat, "worker_c", list(c))
        for c in combinations_with_replacement(kinds, _worker_c_count(s))
    ]


def _worker_c_check(s: State, t: Task, a: Action) -> Refusal | None:
    count = _worker_c_count(s)
    if len(a["kinds"]) != count:
        return Refusal("worker_c.count", {"count": count})
    for kind in a["kinds"]:
        if kind not in data.WORKER_C_KINDS:
            return Refusal("worker_c.kind", {"kind": kind})
        if a["kinds"].count(kind) > s.stock[kind]:
            return Refusal("worker_c.not_in_stock", {"kind": kind})
    return None


def _worker_c_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    on = s.players[t["seat"]].workers[t["card"]]
    for kind in a["kinds"]:
        s.stock[kind] -= 1
        on[kind] = on.get(kind, 0) + 1
    ev.append(event("worker_c_chose", p=t["seat"], kinds=list(a["kinds"])))
    t["stage"] = None


WORKER_C = Stage(
    "worker_c",
    ("worker_c",),
    _worker_c_candidates,
    _worker_c_check,
    _worker_c_perform,
    _worker_c_enter,
)


# --- §3.8 End of round -------------------------------------------------------------------------


def end_round(s: State, t: Task, ev: Events) -> None:
    for p in s.players:
        p.revealed = []
        p.workers = {}
        p.built_this_round = 0
        p.helper_buildings = []
    s.fresh = []
    if s.winter is not None:
        s.winter["card"] = None
    ev.append(event("round_ended", round=s.round))
    tiles_left = sum(s.tiles.values())
    if tiles_left == 0 or s.round >= s.rounds:
        ev.append(
            event("game_ended", round=s.round, reason="tiles" if not tiles_left else "rounds")
        )
        s.phase = "final"
        s.queue = final_queue(s)
        return
    s.round += 1
    s.start_player = (s.start_player + 1) % s.n
    begin_round(s, ev)


STAGES = {"select": SELECT, "worker_c": WORKER_C}
AUTO_STEPS: dict[str, AutoStep[State]] = {"reveal": reveal, "equip": equip, "end_round": end_round}
