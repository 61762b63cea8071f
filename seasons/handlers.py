"""The cards that need more than primitives (§14): each a handler and the stages it asks,
named by the card's data (`("syllas",)`), so no card's name appears elsewhere in the rules."""

from __future__ import annotations

from tabletop import runner
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import piles, tasks
from .asks import CODEC
from .cards import CARDS, ITEM
from .effects import Primitive, entered, free_slot, sacrifice
from .state import State, in_play, leave_hand


def _one_by_one(s: State, seats: list[int], stage: str, **context: object) -> None:
    """Ask each seat in turn (clockwise, each step complete before the next, ⚖)."""
    for seat in reversed(seats):
        runner.interrupt(s, tasks.task(seat, stage, **context))


# --- Syllas the Faithful: each opponent sacrifices a card of their choice ------------------------


def _syllas(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    victims = [o for o in s.opponents(t["seat"]) if s.players[o].play]
    _one_by_one(s, victims, "sacrifice_one")


def _own_cards(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "sacrifice", c["uid"]) for c in s.players[seat].play]


def _own_card_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if all(c["uid"] != a["uid"] for c in s.players[a["p"]].play):
        return Refusal("card.not_in_your_play", {"uid": a["uid"]})
    return None


def _sacrifice_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    sacrifice(s, a["p"], a["uid"], ev)


SACRIFICE_ONE = Stage(
    "sacrifice_one", ("sacrifice",), _own_cards, _own_card_check, _sacrifice_perform
)


# --- Amsug Longneck: each player with an item returns one to the hand --------------------------


def _items(s: State, seat: int) -> list[int]:
    return [c["uid"] for c in s.players[seat].play if CARDS[c["card"]].family == ITEM]


def _amsug(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    seat = t["seat"]
    holders = [o for o in [*s.opponents(seat), seat] if _items(s, o)]
    _one_by_one(s, holders, "return_item")


def _return_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "return_card", uid) for uid in _items(s, seat)]


def _return_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["uid"] not in _items(s, a["p"]):
        return Refusal("card.not_your_item", {"uid": a["uid"]})
    return None


def _return_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """Back to the hand, stored tokens to the supply, known to all to be there (§16.5)."""
    p = s.players[a["p"]]
    card = next(c for c in p.play if c["uid"] == a["uid"])
    p.play.remove(card)
    p.hand.append(card["card"])
    p.known.append(card["card"])
    ev.append(event("returned_to_hand", p=a["p"], card=card["card"]))
    t["stage"] = None


RETURN_ITEM = Stage(
    "return_item", ("return_card",), _return_candidates, _return_check, _return_perform
)


# --- Lewis Greyface: gain exactly an opponent's reserve -----------------------------------------


def _lewis(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    runner.interrupt(s, tasks.task(t["seat"], "lewis"))


def _lewis_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "target", other) for other in s.opponents(seat)]


def _lewis_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["seat"] not in s.opponents(a["p"]):
        return Refusal("target.not_an_opponent", {"seat": a["seat"]})
    return None


def _lewis_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """Their reserve's energies, type for type (theirs kept), then overflow once (§7)."""
    seat = a["p"]
    copied = list(s.players[a["seat"]].reserve)
    for kind, amount in enumerate(copied):
        s.players[seat].reserve[kind] += amount
    ev.append(event("energies_copied", p=seat, of=a["seat"], energies=copied))
    t["stage"] = None
    runner.interrupt(s, tasks.overflow(seat))


LEWIS = Stage("lewis", ("target",), _lewis_candidates, _lewis_check, _lewis_perform, kind="seat")


# --- Potion of Dreams: sacrificed, the reserve emptied, a card of the hand into play free -------


def _dreams(s: State, t: Task, _args: tuple[object, ...], ev: Events) -> None:
    seat = t["seat"]
    sacrifice(s, seat, t["uid"], ev)
    p = s.players[seat]
    p.reserve = [0, 0, 0, 0]
    ev.append(event("reserve_emptied", p=seat))
    if p.hand and free_slot(s, seat):
        runner.interrupt(s, tasks.task(seat, "dream"))


def _dream_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "play", card) for card in sorted(set(s.players[seat].hand))]


def _dream_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["card"] not in s.players[a["p"]].hand:
        return Refusal("card.not_in_hand", {"card": a["card"]})
    return None


def _dream_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """Put into play free (§9.3): no cost, not a summon; its entry effect resolves."""
    seat = a["p"]
    p = s.players[seat]
    leave_hand(p, a["card"])
    p.play.append(in_play(s, a["card"]))
    ev.append(event("put_into_play", p=seat, card=a["card"]))
    t["stage"] = None
    entered(s, seat, p.play[-1])


DREAM = Stage(
    "dream", ("play",), _dream_candidates, _dream_check, _dream_perform, private=True, kind="cards"
)


# --- Naria the Prophetess: one card per player, one kept, the rest given -------------------------


def _naria(s: State, t: Task, _args: tuple[object, ...], ev: Events) -> None:
    """Draw one card per player; keep one, then give one to each opponent from the left while
    any remain (§14). Her holder knows every gift, each opponent its own (§16.5)."""
    seat = t["seat"]
    p = s.players[seat]
    for _ in range(s.n):
        card = piles.draw(s, seat, ev)
        if card is not None:
            p.looking.append(card)
    if p.looking:
        runner.interrupt(s, tasks.task(seat, "naria_keep", "naria_give"))


def _looking(verb: str) -> object:
    def candidates(s: State, _t: Task, seat: int) -> list[Action]:
        return [CODEC.make(seat, verb, card) for card in sorted(set(s.players[seat].looking))]

    return candidates


def _looking_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["card"] not in s.players[a["p"]].looking:
        return Refusal("card.not_drawn", {"card": a["card"]})
    return None


def _naria_keep(s: State, t: Task, a: Action, ev: Events) -> None:
    p = s.players[a["p"]]
    p.looking.remove(a["card"])
    p.hand.append(a["card"])
    ev.append(event("kept", p=a["p"]))
    t["stage"] = None
    t["to"] = s.opponents(a["p"])[: len(p.looking)]


def _give_enter(s: State, t: Task, _ev: Events) -> bool:
    return bool(t.get("to")) and bool(s.players[t["seat"]].looking)


def _naria_give(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, card = a["p"], a["card"]
    to = t["to"].pop(0)
    s.players[seat].looking.remove(card)
    s.players[to].hand.append(card)
    s.players[to].told[seat].append(card)
    ev.append(event("given", p=seat, to=to, shown=[to]))
    if not t["to"] or not s.players[seat].looking:
        t["stage"] = None


NARIA_KEEP = Stage(
    "naria_keep",
    ("keep",),
    _looking("keep"),  # type: ignore[arg-type]
    _looking_check,
    _naria_keep,
    private=True,
    kind="cards",
)
NARIA_GIVE = Stage(
    "naria_give",
    ("give",),
    _looking("give"),  # type: ignore[arg-type]
    _looking_check,
    _naria_give,
    _give_enter,
    private=True,
    kind="cards",
)

HANDLERS: dict[str, Primitive] = {
    "syllas": _syllas,
    "amsug": _amsug,
    "lewis": _lewis,
    "dreams": _dreams,
    "naria": _naria,
}
STAGES: dict[str, Stage[State]] = {
    "sacrifice_one": SACRIFICE_ONE,
    "return_item": RETURN_ITEM,
    "lewis": LEWIS,
    "dream": DREAM,
    "naria_keep": NARIA_KEEP,
    "naria_give": NARIA_GIVE,
}
