"""The cards that need more than primitives (§14): each a handler and the stages it asks,
named by the card's data (`("syllas",)`), so no card's name appears elsewhere in the rules."""

from __future__ import annotations

from tabletop import runner
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import energy, piles, tasks
from .asks import CODEC, energy_choices, order_choices, order_refusal, reserve_refusal
from .cards import CARDS, ELEMENTAL_EFFECTS, FAMILIAR, ITEM
from .data import ENERGIES
from .effects import Primitive, crystals, entered, free_slot, sacrifice, turn_task
from .energy import spendable
from .state import State, in_play, leave_hand


def _arguments(card: int) -> tuple[int, ...]:
    """The numbers of a card's activation step, as its data gives them (cards.py)."""
    numbers = CARDS[card].activation[0][1:]
    assert all(isinstance(n, int) for n in numbers)
    return numbers  # type: ignore[return-value]


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
    if energy.excess(p):  # a Grimoire gone: the limit drops at once (§7)
        runner.interrupt(s, tasks.overflow(a["p"]))


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

# --- Tree of Light: 3 c for an energy, or an energy for the right to transmute --------------


def _tree(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
    """(price,): the crystals an energy costs."""
    runner.interrupt(s, tasks.task(t["seat"], "tree", card=t["card"], price=args[0]))


def _tree_candidates(_s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "option", choice) for choice in ("energy", "transmute")]


def _tree_check(s: State, t: Task, a: Action) -> Refusal | None:
    p = s.players[a["p"]]
    if a["choice"] == "energy":
        return None if p.crystals >= t["price"] else Refusal("tree.too_few_crystals")
    if a["choice"] == "transmute":
        return None if sum(spendable(p)) else Refusal("tree.no_energy")
    return Refusal("option.unknown", {"choice": a["choice"]})


def _tree_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    t["stage"] = None
    if a["choice"] == "energy":
        crystals(s, seat, -t["price"], ev, t["card"])
        runner.interrupt(s, tasks.gain(seat, 1))
        return
    turn = turn_task(s, seat)
    if turn is not None:
        turn["right"] = True
    runner.interrupt(s, tasks.spend(seat, 1))


TREE = Stage("tree", ("option",), _tree_candidates, _tree_check, _tree_perform)


def tree_need(s: State, seat: int, card: int, crystals_left: int) -> Refusal | None:
    (price,) = _arguments(card)
    if crystals_left < price and not sum(spendable(s.players[seat])):
        return Refusal("activate.tree_needs", {"card": card})
    return None


# --- Crystal Orb: look at the top card (then back, or into play for 4 energies), or bury it ----


def _orb(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
    """(price, energies): the crystals a bury costs, the energies that put the card into play."""
    price, energies = args
    context = {"card": t["card"], "price": price, "energies": energies}
    runner.interrupt(s, tasks.task(t["seat"], "orb", **context))


def _orb_candidates(_s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "option", choice) for choice in ("look", "bury")]


def _orb_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["choice"] not in ("look", "bury"):
        return Refusal("option.unknown", {"choice": a["choice"]})
    if a["choice"] == "bury" and s.players[a["p"]].crystals < t["price"]:
        return Refusal("orb.too_few_crystals")
    return None


def _orb_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """(a) the top card, seen by the holder alone; (b) 3 c: the top card, unseen, onto the
    discard pile, recorded nowhere (§10)."""
    seat = a["p"]
    t["stage"] = None
    piles.refill(s, ev)
    if a["choice"] == "bury":
        crystals(s, seat, -t["price"], ev, t["card"])
        s.discard.append(piles.take_top(s))
        ev.append(event("buried", p=seat))
        return
    top = s.pile[0]
    s.players[seat].pile_top = top
    ev.append(event("looked_at_top", p=seat, shown=[seat]))
    runner.interrupt(s, tasks.task(seat, "orb_look", energies=t["energies"]))


def _orb_look_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    top = s.players[seat].pile_top
    assert top is not None
    return [CODEC.make(seat, "put_back"), CODEC.make(seat, "play", top)]


def _orb_look_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "put_back":
        return None
    p = s.players[a["p"]]
    if a["card"] != p.pile_top:
        return Refusal("card.not_drawn", {"card": a["card"]})
    if not free_slot(s, a["p"]):
        return Refusal("summon.no_free_slot", {"gauge": p.gauge})
    if sum(spendable(p)) < t["energies"]:
        return Refusal("orb.too_few_energies", {"energies": t["energies"]})
    return None


def _orb_look_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    t["stage"] = None
    if a["do"] == "put_back":
        ev.append(event("put_back", p=seat))  # and the holder knows the top card (§16.5)
        return
    card = piles.take_top(s)
    p = s.players[seat]
    p.play.append(in_play(s, card))
    ev.append(event("put_into_play", p=seat, card=card))
    entered(s, seat, p.play[-1])
    runner.interrupt(s, tasks.spend(seat, t["energies"]))  # paid first, then the entry


ORB = Stage("orb", ("option",), _orb_candidates, _orb_check, _orb_perform)
ORB_LOOK = Stage(
    "orb_look",
    ("put_back", "play"),
    _orb_look_candidates,
    _orb_look_check,
    _orb_look_perform,
    private=True,
)


def orb_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    if not piles.drawable(s):
        return Refusal("activate.orb_no_cards", {"card": card})  # ⚖ `ruling.orb_needs_cards`
    return None


# --- Glutton Cauldron: one energy of the reserve onto it; at 7, sacrificed for 15 c ----------


def _cauldron(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
    """(full, crystals): the tokens at which it is sacrificed, and the crystals it then gives."""
    full, gained = args
    runner.interrupt(s, tasks.task(t["seat"], "cauldron", uid=t["uid"], full=full, gained=gained))


def _cauldron_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """From the reserve onto the card (stored); at 7 the card is sacrificed, its 7 tokens go
    into the reserve (then overflow) and +15 c (§14)."""
    seat = a["p"]
    p = s.players[seat]
    kind = ENERGIES.index(a["energy"])
    card = next(c for c in p.play if c["uid"] == t["uid"])
    p.reserve[kind] -= 1
    card["stored"][kind] += 1
    ev.append(event("stored", p=seat, energy=a["energy"], card=card["card"]))
    t["stage"] = None
    if sum(card["stored"]) >= t["full"]:
        stored, card["stored"] = card["stored"], [0, 0, 0, 0]
        sacrifice(s, seat, card["uid"], ev)
        for index, amount in enumerate(stored):
            p.reserve[index] += amount
        crystals(s, seat, t["gained"], ev, card["card"])
        runner.interrupt(s, tasks.overflow(seat))


CAULDRON = Stage(
    "cauldron", ("spend",), energy_choices("spend"), reserve_refusal, _cauldron_perform
)


def cauldron_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    if not sum(s.players[seat].reserve):  # §16.7
        return Refusal("activate.too_few_energies", {"card": card, "energies": 1})
    return None


# --- Vampiric Crown: a card of the hand discarded, or one drawn; shown; its PP in energies ---


def _crown(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    runner.interrupt(s, tasks.task(t["seat"], "crown"))


def _crown_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [
        *(CODEC.make(seat, "discard_card", card) for card in sorted(set(s.players[seat].hand))),
        CODEC.make(seat, "draw_card"),
    ]


def _crown_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["do"] == "draw_card":
        return None if piles.drawable(s) else Refusal("draw.nothing_left")
    if a["card"] not in s.players[a["p"]].hand:
        return Refusal("card.not_in_hand", {"card": a["card"]})
    return None


def _crown_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    p = s.players[seat]
    t["stage"] = None
    if a["do"] == "draw_card":
        card = piles.draw(s, seat, ev)
        assert card is not None
        p.hand.append(card)
        p.known.append(card)  # shown to all, then kept (§16.5)
        ev.append(event("shown", p=seat, card=card, shown="all"))
    else:
        card = a["card"]
        leave_hand(p, card)
        piles.discard_shown(s, card, seat, ev)
    if CARDS[card].pp > 0:
        runner.interrupt(s, tasks.gain(seat, CARDS[card].pp))


def _crown_enter(s: State, t: Task, _ev: Events) -> bool:
    return bool(s.players[t["seat"]].hand) or piles.drawable(s) > 0


CROWN = Stage(
    "crown",
    ("discard_card", "draw_card"),
    _crown_candidates,
    _crown_check,
    _crown_perform,
    _crown_enter,
    private=True,
    kind="cards",
)


# --- Dragon Skull: three of one's cards in play sacrificed for 15 c ------------------------------


def _skull(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
    count, gained = args
    assert isinstance(count, int) and isinstance(gained, int)
    runner.interrupt(
        s,
        tasks.task(
            t["seat"],
            *(["sacrifice_one"] * count),
            "effect",
            card=t["card"],
            uid=t["uid"],
            effects=[["crystals", gained]],
        ),
    )


def skull_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    count, _gained = _arguments(card)
    if len(s.players[seat].play) < count:
        return Refusal("activate.skull_needs", {"card": card, "cards": count})
    return None


# --- Necrotic Kriss: a familiar discarded from the hand (shown) or sacrificed: 4 energies ------


def _kriss(s: State, t: Task, args: tuple[object, ...], _ev: Events) -> None:
    runner.interrupt(s, tasks.task(t["seat"], "kriss", count=args[0]))


def _familiars_in_hand(s: State, seat: int) -> list[int]:
    return sorted({card for card in s.players[seat].hand if CARDS[card].family == FAMILIAR})


def _familiars_in_play(s: State, seat: int) -> list[int]:
    return [c["uid"] for c in s.players[seat].play if CARDS[c["card"]].family == FAMILIAR]


def _kriss_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [
        *(CODEC.make(seat, "discard_card", card) for card in _familiars_in_hand(s, seat)),
        *(CODEC.make(seat, "sacrifice", uid) for uid in _familiars_in_play(s, seat)),
    ]


def _kriss_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["do"] == "discard_card" and a["card"] not in _familiars_in_hand(s, a["p"]):
        return Refusal("kriss.not_a_familiar_in_hand", {"card": a["card"]})
    if a["do"] == "sacrifice" and a["uid"] not in _familiars_in_play(s, a["p"]):
        return Refusal("kriss.not_a_familiar_in_play", {"uid": a["uid"]})
    return None


def _kriss_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    t["stage"] = None
    if a["do"] == "discard_card":
        leave_hand(s.players[seat], a["card"])
        piles.discard_shown(s, a["card"], seat, ev)  # shown to all (⚖ `ruling.discard_log`)
    else:
        sacrifice(s, seat, a["uid"], ev)
    runner.interrupt(s, tasks.gain(seat, t["count"]))


KRISS = Stage(
    "kriss", ("discard_card", "sacrifice"), _kriss_candidates, _kriss_check, _kriss_perform
)


def kriss_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    if not _familiars_in_hand(s, seat) and not _familiars_in_play(s, seat):
        return Refusal("activate.kriss_needs", {"card": card})
    return None


# --- Mirror of the Seasons: X c and X energies of one type for X of another -----------------------


def _mirror(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    runner.interrupt(s, tasks.task(t["seat"], "mirror", card=t["card"]))


def _mirror_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    p = s.players[seat]
    return [
        CODEC.make(seat, "mirror", spent, gained, count)
        for spent, have in zip(ENERGIES, p.reserve, strict=True)
        for gained in ENERGIES
        if gained != spent
        for count in range(1, min(have, p.crystals) + 1)
    ]


def _mirror_check(s: State, _t: Task, a: Action) -> Refusal | None:
    p = s.players[a["p"]]
    if a["spend"] not in ENERGIES or a["gain"] not in ENERGIES or a["spend"] == a["gain"]:
        return Refusal("mirror.two_types")
    count = a["count"]
    if count < 1 or count > p.crystals or count > p.reserve[ENERGIES.index(a["spend"])]:
        return Refusal("mirror.count", {"count": count})
    return None


def _mirror_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, count = a["p"], a["count"]
    p = s.players[seat]
    crystals(s, seat, -count, ev, t["card"])
    p.reserve[ENERGIES.index(a["spend"])] -= count
    p.reserve[ENERGIES.index(a["gain"])] += count
    ev.append(event("mirrored", p=seat, spent=a["spend"], gained=a["gain"], count=count))
    t["stage"] = None


MIRROR = Stage("mirror", ("mirror",), _mirror_candidates, _mirror_check, _mirror_perform)


def mirror_need(s: State, seat: int, card: int, crystals_left: int) -> Refusal | None:
    if crystals_left < 1 or not sum(s.players[seat].reserve):
        return Refusal("activate.mirror_needs", {"card": card})
    return None


# --- Damned Soul of Onys: 1 water to pass it to the left neighbour -------------------------------

WATER = ENERGIES.index("W")


def _damned_soul(s: State, t: Task, _args: tuple[object, ...], ev: Events) -> None:
    """Spend 1 W; the card goes to the left neighbour's play, ready, no slot needed, not a
    summon, no entry effect (§14 note 3)."""
    seat = t["seat"]
    p = s.players[seat]
    runner.interrupt(s, tasks.task(seat, "spend", of="W"))  # from the reserve or an Amulet
    card = next(c for c in p.play if c["uid"] == t["uid"])
    p.play.remove(card)
    left = s.opponents(seat)[0]
    s.players[left].play.append(in_play(s, card["card"]))
    ev.append(event("passed_on", p=seat, to=left, card=card["card"]))


def damned_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    if spendable(s.players[seat])[WATER] < 1:
        return Refusal("activate.too_few_energies", {"card": card, "energies": 1})
    return None


# --- Elemental Amulet: each type picked (all four when put into play free), in a chosen order -


def _elemental(s: State, t: Task, _args: tuple[object, ...], _ev: Events) -> None:
    seat = t["seat"]
    card = next((c for c in s.players[seat].play if c["uid"] == t["uid"]), None)
    picked = [0, 1, 2, 3] if card is None or "picked" not in card else card["picked"]
    if len(picked) > 1:
        runner.interrupt(
            s, tasks.task(seat, "elemental_order", items=sorted(picked), card=t["card"])
        )
    else:
        _elemental_effects(s, seat, t["card"], picked)


def _elemental_effects(s: State, seat: int, card: int, order: list[int]) -> None:
    """Each type's effect (cards.ELEMENTAL_EFFECTS), in `order`."""
    steps = tuple(ELEMENTAL_EFFECTS[kind] for kind in order)
    runner.interrupt(s, tasks.effects(seat, card, None, steps))


def _elemental_perform(s: State, t: Task, a: Action, _ev: Events) -> None:
    t["stage"] = None
    _elemental_effects(s, a["p"], t["card"], list(a["uids"]))


ELEMENTAL_ORDER = Stage(
    "elemental_order",
    ("order",),
    order_choices,
    order_refusal,
    _elemental_perform,
    kind="order",
)


HANDLERS: dict[str, Primitive] = {
    "elemental": _elemental,
    "syllas": _syllas,
    "amsug": _amsug,
    "lewis": _lewis,
    "dreams": _dreams,
    "naria": _naria,
    "tree": _tree,
    "orb": _orb,
    "cauldron": _cauldron,
    "crown": _crown,
    "skull": _skull,
    "kriss": _kriss,
    "mirror": _mirror,
    "damned_soul": _damned_soul,
}
#: What each handler's activation needs to be payable in full (turn.py reads it, §9.5).
NEEDS = {
    "tree": tree_need,
    "orb": orb_need,
    "cauldron": cauldron_need,
    "skull": skull_need,
    "kriss": kriss_need,
    "mirror": mirror_need,
    "damned_soul": damned_need,
}
STAGES: dict[str, Stage[State]] = {
    "sacrifice_one": SACRIFICE_ONE,
    "return_item": RETURN_ITEM,
    "lewis": LEWIS,
    "dream": DREAM,
    "naria_keep": NARIA_KEEP,
    "naria_give": NARIA_GIVE,
    "tree": TREE,
    "orb": ORB,
    "orb_look": ORB_LOOK,
    "cauldron": CAULDRON,
    "crown": CROWN,
    "kriss": KRISS,
    "mirror": MIRROR,
    "elemental_order": ELEMENTAL_ORDER,
}
