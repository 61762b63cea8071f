"""A round (§5) and the turn's start (§6.1–6.2): the roll, the dice taken in turn, each die
resolved, the card symbol; the end of the round, time, the next round or the end."""

from __future__ import annotations

from tabletop import chance, runner
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import data, energy, piles, scoring, tasks, time
from .asks import CODEC, order_choices, order_refusal
from .cards import CARDS
from .effects import crystals, gauge, look
from .state import State
from .turn import activate, can_bonus


def round_tasks(s: State) -> list[Task]:
    """The round's tasks: the roll, each player taking a die, each player's turn, the end."""
    order = s.seats_from_first()
    return [
        tasks.task(None, "roll"),
        *(tasks.task(seat, "take") for seat in order),
        *(
            tasks.task(
                seat,
                "before_die",
                "die_energy",
                "die_gains",
                "actions",
                turn=True,
                right=False,
                transmute_bonus=0,
            )
            for seat in order
        ),
        tasks.task(None, "end_of_round_effects", "time", "next_round"),
    ]


def _roll(s: State, _t: Task, ev: Events) -> None:
    """The current season's dice in use, each of its six faces as likely (⚖ `ruling.fair_dice`)."""
    season = data.season_of(s.position)
    s.rolled = {die: chance.roll(s, ev, "season_die", data.FACES) - 1 for die in s.dice[season]}
    ev.append(event("rolled", round=s.round, season=season, faces=dict(s.rolled)))


# --- the dice taken in turn ----------------------------------------------------------------------


def _take_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "take", die) for die in sorted(s.rolled)]


def _take_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["die"] not in s.rolled:
        return Refusal("die.not_left", {"die": a["die"]})
    return None


def _take_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    p = s.players[a["p"]]
    p.die, p.face = a["die"], s.rolled.pop(a["die"])
    ev.append(event("took", p=a["p"], die=a["die"], face=p.face))
    t["stage"] = None


TAKE = Stage("take", ("take",), _take_candidates, _take_check, _take_perform)


# --- before the die: Die of Malice ---------------------------------------------------------------


def _rerollers(s: State, seat: int) -> list[int]:
    return [
        c["uid"] for c in s.players[seat].play if CARDS[c["card"]].before_die and not c["turned"]
    ]


def _before_enter(s: State, t: Task, _ev: Events) -> bool:
    return bool(_rerollers(s, t["seat"]))


def _before_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [
        *(CODEC.make(seat, "reroll", uid) for uid in _rerollers(s, seat)),
        CODEC.make(seat, "resolve"),
    ]


def _before_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["do"] == "reroll" and a["uid"] not in _rerollers(s, a["p"]):
        return Refusal("activate.not_ready", {"uid": a["uid"]})
    return None


def _before_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    if a["do"] == "resolve":
        t["stage"] = None
        return
    activate(
        s, a["p"], a["uid"], ev
    )  # Thieving Fairies, then the reroll  # the stage stays: another copy may reroll again


BEFORE_DIE = Stage(
    "before_die",
    ("reroll", "resolve"),
    _before_candidates,
    _before_check,
    _before_perform,
    _before_enter,
)


# --- the die resolved (§6.2) ---------------------------------------------------------------------


def face_of(s: State, seat: int) -> data.Face:
    p = s.players[seat]
    assert p.die is not None and p.face is not None
    return data.DICE[p.die][p.face]


def _die_energy(s: State, t: Task, ev: Events) -> None:
    """The energies shown, then overflow before anything else (§7)."""
    seat = t["seat"]
    face = face_of(s, seat)
    ev.append(event("die_resolved", p=seat, die=s.players[seat].die, face=s.players[seat].face))
    if any(face.energies):
        energy.add(s.players[seat], face.energies)
        ev.append(event("energies_gained", p=seat, energies=list(face.energies)))
        runner.interrupt(s, tasks.overflow(seat))


def _die_gains(s: State, t: Task, ev: Events) -> None:
    """Crystals, the star, the card symbol, the right to transmute (§6.2)."""
    seat = t["seat"]
    face = face_of(s, seat)
    if face.crystals:
        crystals(s, seat, face.crystals, ev, "die")
    if face.star:
        gauge(s, seat, 1, ev)
    if face.transmute:
        t["right"] = True
    if face.draw and piles.drawable(s):
        runner.interrupt(s, tasks.task(seat, "card_symbol"))


# --- the card symbol: one card, kept or discarded, or the draw bonus (§6.2, §11) -----------------


def _symbol_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "draw_card"), CODEC.make(seat, "bonus_draw")]


def _symbol_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["do"] == "bonus_draw":
        if not can_bonus(s, a["p"]):
            return Refusal("bonus.none_left")
        if piles.drawable(s) < data.BONUS_DRAWN:
            return Refusal("bonus.draw_too_few")  # §16.1
    return None


def _symbol_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    t["stage"] = None
    if a["do"] == "bonus_draw":
        s.players[seat].bonuses += 1
        ev.append(event("bonus_used", p=seat, bonus="draw"))
        look(s, seat, data.BONUS_DRAWN, ev, "hand", may_discard=False)
    else:
        look(s, seat, 1, ev, "hand", may_discard=True)


CARD_SYMBOL = Stage(
    "card_symbol", ("draw_card", "bonus_draw"), _symbol_candidates, _symbol_check, _symbol_perform
)


# --- the end of the round (§5.4) -----------------------------------------------------------------


def _end_of_round_effects(s: State, _t: Task, ev: Events) -> None:
    """Every end-of-round effect, players in turn order from the first; each player's own in
    the order they choose (`order`), when they have several."""
    asked: list[Task] = []
    for seat in s.seats_from_first():
        own = [c for c in s.players[seat].play if CARDS[c["card"]].end_of_round]
        if len(own) > 1:
            asked.append(tasks.task(seat, "order", items=sorted(c["uid"] for c in own)))
        elif own:
            asked.append(
                tasks.effects(
                    seat, own[0]["card"], own[0]["uid"], CARDS[own[0]["card"]].end_of_round
                )
            )
    for task in reversed(asked):
        runner.interrupt(s, task)


def _order_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    t["stage"] = None
    cards = {c["uid"]: c["card"] for c in s.players[seat].play}
    for uid in reversed(a["uids"]):
        if uid in cards:  # each checks its condition when it resolves
            runner.interrupt(
                s, tasks.effects(seat, cards[uid], uid, CARDS[cards[uid]].end_of_round)
            )


def _order_candidates(s: State, t: Task, seat: int) -> list[Action]:
    """The orders that differ in the cards they resolve: two copies of a card are alike, so
    two Wondrous Chests alone ask nothing."""
    cards = {c["uid"]: c["card"] for c in s.players[seat].play}
    distinct: dict[tuple[int, ...], Action] = {}
    for action in order_choices(s, t, seat):
        distinct.setdefault(tuple(cards.get(uid, uid) for uid in action["uids"]), action)
    return list(distinct.values())


ORDER = Stage("order", ("order",), _order_candidates, order_refusal, _order_perform, kind="order")


def _time(s: State, t: Task, ev: Events) -> None:
    """Boots left the token beyond year 3: the end, no time move; else the time die moves it."""
    if s.beyond:
        t["steps"] = ["game_end"]
        return
    ((die, face),) = s.rolled.items()
    time.move(s, s.first, data.DICE[die][face].pips, ev, by_boots=False)
    if s.position > data.LAST_POSITION:
        t["steps"] = ["game_end"]


def _next_round(s: State, _t: Task, ev: Events) -> None:
    for p in s.players:
        p.die = p.face = None
        for c in p.play:
            c["turned"] = False
    s.rolled = {}
    s.first = (s.first + 1) % s.n
    s.round += 1
    ev.append(event("round_ended", first=s.first))
    s.queue.extend(round_tasks(s))


def _game_end(s: State, _t: Task, ev: Events) -> None:
    scoring.finish(s, ev)


STAGES: dict[str, Stage[State]] = {
    "take": TAKE,
    "before_die": BEFORE_DIE,
    "card_symbol": CARD_SYMBOL,
    "order": ORDER,
}
AUTO_STEPS = {
    "roll": _roll,
    "die_energy": _die_energy,
    "die_gains": _die_gains,
    "end_of_round_effects": _end_of_round_effects,
    "time": _time,
    "next_round": _next_round,
    "game_end": _game_end,
}
