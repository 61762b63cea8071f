"""The cards' effects (§9, §14): the primitives a card's data names, one step at a time.

A card's effect at a trigger point is a task whose steps are `effect` (tasks.effects): each runs
the next of its steps, so a step that asks something (an energy of one's choice, an opponent)
is answered before the next runs. A primitive gets the state, the task (its `seat`, the `card`
and its `uid` in play) and the step's arguments. Triggers inside an effect (overflow, a Grimoire
or a Cursed Treatise leaving play) resolve at once, in front of the rest (§9.4).
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from tabletop import chance, runner
from tabletop.stage import Events, Task, event

from . import data, energy, piles, tasks
from .cards import CARDS, FAMILIAR, ITEM
from .state import InPlay, State

Primitive = Callable[[State, Task, tuple[object, ...], Events], None]


def entered(s: State, seat: int, card: InPlay) -> None:
    """A card entered play (summoned or put into play free): its entry effect, now."""
    steps = CARDS[card["card"]].entry
    if steps:
        runner.interrupt(s, tasks.effects(seat, card["card"], card["uid"], steps))


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _step(value: object) -> list[object]:
    """A step inside a step (a task holds it as a list, as JSON does)."""
    assert isinstance(value, list)
    return value


# --- plain gains ---------------------------------------------------------------------------------


def gauge(s: State, seat: int, amount: int, ev: Events) -> None:
    """Gauge ± amount, kept within 0–15 (§9.1: what goes beyond is lost)."""
    p = s.players[seat]
    before = p.gauge
    p.gauge = max(0, min(data.GAUGE_MAX, p.gauge + amount))
    ev.append(event("gauge", p=seat, change=p.gauge - before, gauge=p.gauge))


def crystals(s: State, seat: int, amount: int, ev: Events, why: int | str) -> None:
    """+N c (or, negative, loses N c: never below 0)."""
    p = s.players[seat]
    before = p.crystals
    p.crystals = max(0, p.crystals + amount)
    ev.append(event("crystals", p=seat, change=p.crystals - before, by=why))


def _gauge(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    gauge(s, t["seat"], _int(args[0]), ev)


def _crystals(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    crystals(s, t["seat"], _int(args[0]), ev, t["card"])


def _lose(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    crystals(s, t["seat"], -_int(args[0]), ev, t["card"])


def _gain(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Gain N energies of one's choice, then overflow once (§7)."""
    runner.interrupt(s, tasks.gain(t["seat"], _int(args[0])))


def _gain_of(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Gain N energies of a named type, then overflow (Damned Soul's water)."""
    kind = data.ENERGIES.index(str(args[0]))
    s.players[t["seat"]].reserve[kind] += _int(args[1])
    ev.append(event("gained", p=t["seat"], energy=args[0]))
    runner.interrupt(s, tasks.overflow(t["seat"]))


def _spend(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    runner.interrupt(s, tasks.spend(t["seat"], _int(args[0])))


# --- counting what one has -----------------------------------------------------------------------


def family_in_play(s: State, seat: int, family: str, but: int | None = None) -> int:
    return sum(
        1 for c in s.players[seat].play if CARDS[c["card"]].family == family and c["uid"] != but
    )


def _per_other_item(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    count = family_in_play(s, t["seat"], ITEM, but=t["uid"])
    crystals(s, t["seat"], _int(args[0]) * count, ev, t["card"])


def _gain_per_other_item(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    count = family_in_play(s, t["seat"], ITEM, but=t["uid"]) * _int(args[0])
    if count:
        runner.interrupt(s, tasks.gain(t["seat"], count))


def _per_familiar(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    count = family_in_play(s, t["seat"], FAMILIAR)
    crystals(s, t["seat"], _int(args[0]) * count, ev, t["card"])


def _if_reserve(holds: Callable[[int, int], bool]) -> Primitive:
    """A step played next only if the reserve's size `holds` against the bound (a Wondrous
    Chest's "4 or more", a Beggar's Horn's "at most 1"), checked when it resolves."""

    def condition(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
        if holds(sum(s.players[t["seat"]].reserve), _int(args[0])):
            t["effects"].insert(0, _step(args[1]))
            t["steps"].insert(0, "effect")

    return condition


# --- opponents -----------------------------------------------------------------------------------


def _each_opponent_gives(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    for other in s.opponents(t["seat"]):
        energy.give(s, other, t["seat"], _int(args[0]), ev, str(t["card"]))


def _each_opponent_loses(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    for other in s.opponents(t["seat"]):
        crystals(s, other, -_int(args[0]), ev, t["card"])


def _titus(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Each opponent with a crystal gives 1 c; then, if one had none, Titus is sacrificed."""
    empty = False
    for other in s.opponents(t["seat"]):
        if s.players[other].crystals:
            energy.give(s, other, t["seat"], 1, ev, str(t["card"]))
        else:
            empty = True
    if empty:
        sacrifice(s, t["seat"], t["uid"], ev)


def _sid(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    mine = s.players[t["seat"]].crystals
    if all(mine > s.players[other].crystals for other in s.opponents(t["seat"])):
        for other in s.opponents(t["seat"]):
            energy.give(s, other, t["seat"], _int(args[0]), ev, str(t["card"]))


def _argos(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Each opponent: gauge − 1, then draws a card, kept (§14: nobody sacrifices for it)."""
    for other in s.opponents(t["seat"]):
        gauge(s, other, -1, ev)
        card = piles.draw(s, other, ev)
        if card is not None:
            s.players[other].hand.append(card)


def _air_elemental(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    air = data.ENERGIES.index("A")
    for other in s.opponents(t["seat"]):
        p = s.players[other]
        total = sum(p.reserve)
        p.reserve = [0, 0, 0, 0]
        p.reserve[air] = total
        ev.append(event("turned_to_air", p=other, energies=total))


# --- cards ---------------------------------------------------------------------------------------


def _draw(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Draw N cards, kept (§10: a card effect's draw is kept)."""
    seat = t["seat"]
    for _ in range(_int(args[0])):
        card = piles.draw(s, seat, ev)
        if card is not None:
            s.players[seat].hand.append(card)


def look(s: State, seat: int, count: int, ev: Events, into: str, may_discard: bool) -> None:
    """Draw `count` cards to look at, then one is kept or put into play (`looked`)."""
    p = s.players[seat]
    for _ in range(count):
        card = piles.draw(s, seat, ev)
        if card is not None:
            p.looking.append(card)
    if p.looking:
        runner.interrupt(s, tasks.task(seat, "looked", into=into, may_discard=may_discard))


def _draw_keep_one(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    look(s, t["seat"], _int(args[0]), ev, "hand", may_discard=False)


def free_slot(s: State, seat: int) -> bool:
    p = s.players[seat]
    return len(p.play) < p.gauge


def _chalice(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Draw 4: with a free slot, one into play free (compulsory), the rest discarded; without,
    all four discarded (§14)."""
    seat = t["seat"]
    if free_slot(s, seat):
        look(s, seat, _int(args[0]), ev, "play", may_discard=False)
        return
    drawn = [piles.draw(s, seat, ev) for _ in range(_int(args[0]))]  # all, then discarded:
    for card in drawn:  # none of them comes back in a reshuffle (§10.5)
        if card is not None:
            piles.discard_seen(s, card, seat, ev)


# --- leaving play --------------------------------------------------------------------------------


def sacrifice(s: State, seat: int, uid: int, ev: Events) -> None:
    """The card leaves play for the discard pile, in the public log; its stored tokens go back;
    a Cursed Treatise empties the reserve; a Grimoire leaving may overflow (§9.6)."""
    p = s.players[seat]
    card = next(c for c in p.play if c["uid"] == uid)
    p.play.remove(card)
    ev.append(event("sacrificed", p=seat, card=card["card"]))
    piles.discard_shown(s, card["card"], seat, ev)
    if "cursed" in CARDS[card["card"]].modifiers:
        p.reserve = [0, 0, 0, 0]
        ev.append(event("reserve_emptied", p=seat))
    if energy.excess(p):
        runner.interrupt(s, tasks.overflow(seat))


def _sacrifice_self(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    sacrifice(s, t["seat"], t["uid"], ev)


def _transmute_all(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Potion of Life: every energy of the reserve at 4 c each, + Purse of Io and the transmute
    bonus as a transmutation (§8)."""
    seat = t["seat"]
    p = s.players[seat]
    turn = turn_task(s, seat)
    bonus = turn["transmute_bonus"] if turn else 0
    each = _int(args[0]) + energy.has_modifier(p, "purse") + bonus
    count = sum(p.reserve)
    p.reserve = [0, 0, 0, 0]
    crystals(s, seat, each * count, ev, t["card"])


def turn_task(s: State, seat: int) -> Task | None:
    """The seat's turn being played (paused under the effect), if any."""
    for t in [s.task, *s.queue]:
        if t is not None and t.get("turn") and t["seat"] == seat:
            return t
    return None


def _reroll(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Die of Malice: reroll one's die and +2 c; the new face is resolved (§14)."""
    p = s.players[t["seat"]]
    assert p.die is not None
    p.face = chance.roll(s, ev, "reroll", data.FACES) - 1
    ev.append(event("rerolled", p=t["seat"], die=p.die, face=p.face))
    crystals(s, t["seat"], _int(args[0]), ev, t["card"])


def _store(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Amulet of Water: energies of one's choice from the supply onto the card (§14)."""
    runner.interrupt(s, tasks.task(t["seat"], *(["store"] * _int(args[0])), uid=t["uid"]))


def _boots(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    runner.interrupt(s, tasks.task(t["seat"], "boots"))


def _ishtar(s: State, t: Task, args: tuple[object, ...], ev: Events) -> None:
    """Balance of Ishtar: spend 3 energies of one type (the type asked first), +9 c."""
    runner.interrupt(
        s,
        tasks.task(
            t["seat"], "ishtar", card=t["card"], count=_int(args[0]), crystals=_int(args[1])
        ),
    )


PRIMITIVES: dict[str, Primitive] = {
    "gauge": _gauge,
    "crystals": _crystals,
    "lose": _lose,
    "gain": _gain,
    "gain_of": _gain_of,
    "spend": _spend,
    "per_other_item": _per_other_item,
    "gain_per_other_item": _gain_per_other_item,
    "per_familiar": _per_familiar,
    "if_reserve_at_least": _if_reserve(operator.ge),
    "if_reserve_at_most": _if_reserve(operator.le),
    "each_opponent_gives": _each_opponent_gives,
    "each_opponent_loses": _each_opponent_loses,
    "titus": _titus,
    "sid": _sid,
    "argos": _argos,
    "air_elemental": _air_elemental,
    "draw": _draw,
    "draw_keep_one": _draw_keep_one,
    "chalice": _chalice,
    "sacrifice_self": _sacrifice_self,
    "transmute_all": _transmute_all,
    "reroll": _reroll,
    "boots": _boots,
    "store": _store,
    "ishtar": _ishtar,
}
