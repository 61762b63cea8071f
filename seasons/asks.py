"""The small decisions effects ask (§7, §10): an energy gained or spent, the excess returned,
a card kept from those drawn. Each is a stage of one task (seasons/tasks.py)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from tabletop.actions import Codec
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import energy, piles
from .data import ENERGIES
from .effects import entered
from .state import State, in_play

#: Every verb of the game, with its fields (tabletop/actions.py).
CODEC = Codec(
    {
        "keep": (("card", "int"),),  # the draft; a card kept from those drawn
        "split": (("card", "int"),),  # the next card of the split into hand and libraries
        "take": (("die", "str"),),  # a season die
        "reroll": (("uid", "int"),),  # Die of Malice, before the die
        "resolve": (),  # the die, as it lies
        "draw_card": (),  # the card symbol: one card
        "bonus_draw": (),  # the card symbol, with the draw bonus: two, one kept
        "discard": (),  # the card drawn, not kept
        "play": (("card", "int"),),  # a card looked at, put into play free
        "gain": (("energy", "str"),),
        "spend": (("energy", "str"),),
        "spend_stored": (("uid", "int"), ("energy", "str")),  # from an Amulet of Water
        "store": (("energy", "str"),),  # onto the Amulet of Water entering play
        "transmute_stored": (("uid", "int"), ("energy", "str")),
        "return_energy": (("energy", "str"),),
        "summon": (("card", "int"),),
        "lower": (("energy", "str"),),  # Hand of Fortune: the token waived
        "activate": (("uid", "int"),),
        "transmute": (("energy", "str"),),
        "exchange": (),
        "transmute_bonus": (),
        "gauge_bonus": (),
        "end": (),
        "order": (("uids", "ints"),),  # one's own end-of-round effects, in order
        "move": (("spaces", "int"),),  # Temporal Boots
        "sacrifice": (("uid", "int"),),  # one's own card in play (Syllas)
        "return_card": (("uid", "int"),),  # one's own item, back to the hand (Amsug)
        "target": (("seat", "seat"),),  # an opponent (Lewis Greyface)
        "give": (("card", "int"),),  # a card looked at, to the opponent named (Naria)
        "pick": (("energies", "strs"),),  # Elemental Amulet: the types paid for
        "option": (("choice", "str"),),  # one of a card's options (Tree of Light, Crystal Orb)
        "put_back": (),  # Crystal Orb: the card looked at, back on top
        "discard_card": (("card", "int"),),  # a card of the hand, shown and discarded
        "mirror": (("spend", "str"), ("gain", "str"), ("count", "int")),  # Mirror of the Seasons
    }
)


def kind_of(action: Action) -> int:
    return ENERGIES.index(action["energy"])


def energy_choices(verb: str) -> Callable[[State, Task, int], list[Action]]:
    """The candidates of a stage that asks for one energy type: one action per type."""
    return lambda _s, _t, seat: [CODEC.make(seat, verb, kind) for kind in ENERGIES]


# --- one's own effects, in the order one chooses ------------------------------------------------


def order_choices(_s: State, t: Task, seat: int) -> list[Action]:
    """Every order of the task's `items` (a player's own effects: few, so n! stays small)."""
    return [CODEC.make(seat, "order", list(order)) for order in permutations(t["items"])]


def order_refusal(_s: State, t: Task, a: Action) -> Refusal | None:
    if sorted(a["uids"]) != t["items"]:
        return Refusal("order.not_your_effects", {"uids": t["items"]})
    return None


# --- gain one energy of one's choice -------------------------------------------------------------


def _gain_check(_s: State, _t: Task, a: Action) -> Refusal | None:
    if a["energy"] not in ENERGIES:
        return Refusal("energy.unknown", {"energy": a["energy"]})
    return None


def _gain_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    s.players[a["p"]].reserve[kind_of(a)] += 1
    ev.append(event("gained", p=a["p"], energy=a["energy"]))
    t["stage"] = None


GAIN = Stage("gain", ("gain",), energy_choices("gain"), _gain_check, _gain_perform)


# --- spend one energy of one's choice ------------------------------------------------------------


def token_sources(s: State, seat: int, kinds: list[str] | tuple[str, ...]) -> list[Action]:
    """Each way to spend one token of these types: from the reserve, or from an Amulet of
    Water holding one (its uid)."""
    p = s.players[seat]
    return [
        *(CODEC.make(seat, "spend", kind) for kind in kinds),
        *(
            CODEC.make(seat, "spend_stored", c["uid"], kind)
            for c in energy.stores(p)
            for kind in kinds
            if c["stored"][ENERGIES.index(kind)]
        ),
    ]


def token_refusal(s: State, a: Action) -> Refusal | None:
    """Why one spendable token cannot be spent as `a` says."""
    if a["energy"] not in ENERGIES:
        return Refusal("energy.unknown", {"energy": a["energy"]})
    p = s.players[a["p"]]
    if a["do"] == "spend_stored":
        store = next((c for c in energy.stores(p) if c["uid"] == a["uid"]), None)
        if store is None or not store["stored"][kind_of(a)]:
            return Refusal("energy.none_stored", {"energy": a["energy"]})
    elif p.reserve[kind_of(a)] < 1:
        return Refusal("energy.none_of_it", {"energy": a["energy"]})
    return None


def spend_token(s: State, a: Action, ev: Events) -> None:
    p = s.players[a["p"]]
    if a["do"] == "spend_stored":
        store = next(c for c in energy.stores(p) if c["uid"] == a["uid"])
        store["stored"][kind_of(a)] -= 1
    else:
        p.reserve[kind_of(a)] -= 1
    ev.append(event("spent", p=a["p"], energy=a["energy"]))


def _spend_candidates(s: State, t: Task, seat: int) -> list[Action]:
    of = t.get("of")
    return token_sources(s, seat, ENERGIES if of is None else (of,))


def _spend_check(s: State, t: Task, a: Action) -> Refusal | None:
    of = t.get("of")
    if of is not None and a["energy"] != of:
        return Refusal("energy.one_type", {"energy": of})
    return token_refusal(s, a)


def _spend_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    spend_token(s, a, ev)
    t["stage"] = None


SPEND = Stage("spend", ("spend", "spend_stored"), _spend_candidates, _spend_check, _spend_perform)


# --- store one energy from the supply on an Amulet of Water -------------------------------------


def _store_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    card = next(c for c in s.players[a["p"]].play if c["uid"] == t["uid"])
    card["stored"][kind_of(a)] += 1
    ev.append(event("stored", p=a["p"], energy=a["energy"], card=card["card"]))
    t["stage"] = None


def _store_enter(s: State, t: Task, _ev: Events) -> bool:
    return any(c["uid"] == t["uid"] for c in s.players[t["seat"]].play)


STORE = Stage(
    "store",
    ("store",),
    energy_choices("store"),
    _gain_check,
    _store_perform,
    _store_enter,
)


# --- overflow: the excess returned, token by token -----------------------------------------------


def _overflow_enter(s: State, t: Task, _ev: Events) -> bool:
    return energy.excess(s.players[t["seat"]]) > 0


def reserve_refusal(s: State, _t: Task, a: Action) -> Refusal | None:
    """Why the reserve has no token of the type `a` names (returned, stored on a card)."""
    if a["energy"] not in ENERGIES:
        return Refusal("energy.unknown", {"energy": a["energy"]})
    if s.players[a["p"]].reserve[kind_of(a)] < 1:
        return Refusal("energy.none_of_it", {"energy": a["energy"]})
    return None


def _overflow_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    p = s.players[a["p"]]
    p.reserve[kind_of(a)] -= 1
    ev.append(event("returned", p=a["p"], energy=a["energy"]))
    if energy.excess(p) == 0:
        t["stage"] = None


OVERFLOW = Stage(
    "overflow",
    ("return_energy",),
    energy_choices("return_energy"),
    reserve_refusal,
    _overflow_perform,
    _overflow_enter,
)


# --- the cards looked at: one kept (or put into play), the rest discarded ------------------------


def _looked_candidates(s: State, t: Task, seat: int) -> list[Action]:
    cards = sorted(set(s.players[seat].looking))
    verb = "play" if t["into"] == "play" else "keep"
    options = [CODEC.make(seat, verb, card) for card in cards]
    if t["may_discard"]:
        options.append(CODEC.make(seat, "discard"))
    return options


def _looked_check(s: State, t: Task, a: Action) -> Refusal | None:
    wanted = "play" if t["into"] == "play" else "keep"
    if a["do"] == "discard":
        return None if t["may_discard"] else Refusal("draw.keep_one")
    if a["do"] != wanted:
        return Refusal("turn.other_decision", {"stage": "looked", "verbs": [wanted]})
    if a["card"] not in s.players[a["p"]].looking:
        return Refusal("card.not_drawn", {"card": a["card"]})
    return None


def _looked_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    p = s.players[seat]
    rest = list(p.looking)
    p.looking = []
    if a["do"] != "discard":
        rest.remove(a["card"])
        if a["do"] == "play":
            p.play.append(in_play(s, a["card"]))
            ev.append(event("put_into_play", p=seat, card=a["card"]))
            entered(s, seat, p.play[-1])  # its entry effect, played next
        else:
            p.hand.append(a["card"])
            ev.append(event("kept", p=seat))
    for card in rest:
        piles.discard_seen(s, card, seat, ev)
    t["stage"] = None


LOOKED = Stage(
    "looked",
    ("keep", "play", "discard"),
    _looked_candidates,
    _looked_check,
    _looked_perform,
    private=True,  # the cards drawn are the drawer's alone
    kind="cards",
)

STAGES: dict[str, Stage[State]] = {
    "gain": GAIN,
    "spend": SPEND,
    "store": STORE,
    "overflow": OVERFLOW,
    "looked": LOOKED,
}
