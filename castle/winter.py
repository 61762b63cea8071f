"""The winter variant (§10): the winter card of a marked round and what each of the six asks.

A winter game's round runs `select → winter → (the card's decisions) → damsel → reveal`: the
`winter` step turns the top card over between the secret selection and the reveal (§3.3) and
queues what it asks, one task per seat in turn order from the start player; while the Damsel
is in play, its round of giving follows. Three cards stay in play: the Village Tavern's toll is
the `toll` step of every Trader action (tasks.CARD_STEPS), its Innkeeper and the Granary's
places are taken by helper placement (building.py, through `place_check` and `place_helper`
here), and the Granary scores at the end (scoring.py).

"Face-up cards" are a player's `played` cards: this round's choices are still in the hand until
the reveal, and ⚖ they count for neither (`hand_cards`).
"""

from __future__ import annotations

from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

from . import data
from .actions import Action, make
from .state import State, Winter
from .tasks import task


def cards(s: State) -> Winter:
    """The winter cards of a winter game (a step of the variant is never queued in summer)."""
    assert s.winter is not None, "a winter step in a summer game"
    return s.winter


def in_play(s: State, card: str) -> bool:
    return s.winter is not None and card in s.winter["in_play"]


def round_tasks(s: State) -> list[Task]:
    """The start of a round's queue (§3.2–3.4): the selection, then in winter the winter step."""
    if s.winter is None:
        return [task(["select", "reveal"])]
    return [task(["select", "winter"]), task(["reveal"])]


def hand_cards(s: State, seat: int) -> list[str]:
    """The seat's hand for a winter card: ⚖ without the cards chosen this round."""
    chosen = s.selection[seat] or ()
    return [c for c in s.players[seat].hand if c not in chosen]


# --- §3.3 The winter step ----------------------------------------------------------------------


def reveal_winter(s: State, _t: Task, ev: Events) -> None:
    """In a marked round, turn the top card over; then the Damsel's round, while in play."""
    w = cards(s)
    queue: list[Task] = []
    if s.round in data.WINTER_ROUNDS and w["deck"]:
        card = w["deck"].pop(0)
        w["card"] = card
        ev.append(event("winter_revealed", card=card, shown="all"))  # the deck's top, face up
        if card in data.WINTER_KEPT:
            w["in_play"].append(card)
        else:
            queue = [task([card], seat) for seat in s.seats_from_start()]
            queue.append(task(["winter_discard"]))
    if "damsel" in w["in_play"]:
        queue.append(task(["damsel"]))
    if queue:
        s.phase = "winter"
        s.queue[:0] = queue


def winter_discard(s: State, _t: Task, ev: Events) -> None:
    w = cards(s)
    card = w["card"]
    assert card is not None
    w["gone"].append(card)
    ev.append(event("winter_discarded", card=card))


def _discard(s: State, seat: int, card: str, winter_card: str, ev: Events) -> None:
    """A character card out of the game, from the hand or the face-up cards: for good (no
    Master Builder brings it back)."""
    p = s.players[seat]
    (p.played if card in p.played else p.hand).remove(card)
    cards(s)["discarded"][seat].append(card)
    ev.append(event("card_discarded", p=seat, card=card, by=winter_card))


def _pay_bank(s: State, seat: int, talers: int, winter_card: str, ev: Events) -> None:
    s.players[seat].talers -= talers
    ev.append(event("winter_paid", p=seat, talers=talers, by=winter_card))


def _discard_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "discard", c) for c in data.CARDS] + [make(seat, "pay_talers")]


# --- Plague ------------------------------------------------------------------------------------


def plague_price(s: State, seat: int) -> int:
    return len(s.players[seat].played) * data.PLAGUE_TALERS_PER_CARD


def talers_price(s: State, seat: int) -> int:
    """What "pay talers" costs `seat` at the winter card asking now: the Plague's price, or the
    Snowdrift's."""
    task = s.task or {}
    return plague_price(s, seat) if task.get("stage") == "plague" else data.SNOWDRIFT_TALERS


def _plague_enter(s: State, t: Task, ev: Events) -> bool:
    if s.players[t["seat"]].played:
        return True
    ev.append(event("plague_spared", p=t["seat"]))
    return False


def _plague_check(s: State, t: Task, a: Action) -> Refusal | None:
    seat = a["p"]
    if a["do"] == "pay_talers":
        price = plague_price(s, seat)
        if s.players[seat].talers < price:
            return Refusal("plague.not_enough_talers", {"talers": price})
        return None
    card = a["card"]
    if card not in s.players[seat].played:
        if card in (s.selection[seat] or ()):
            return Refusal("winter.chosen_this_round", {"card": card})
        return Refusal("plague.not_face_up", {"card": card})
    return None


def _plague_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    if a["do"] == "pay_talers":
        _pay_bank(s, a["p"], plague_price(s, a["p"]), "plague", ev)
    else:
        _discard(s, a["p"], a["card"], "plague", ev)


PLAGUE = Stage(
    "plague",
    ("discard", "pay_talers"),
    _discard_candidates,
    _plague_check,
    _plague_perform,
    _plague_enter,
    kind="cards",
)


# --- Snowdrift ---------------------------------------------------------------------------------


def snowdrift_workers(s: State, seat: int) -> list[str]:
    """The seat's Workers it could discard: in hand (⚖ not chosen this round) or face up."""
    p = s.players[seat]
    hand = hand_cards(s, seat)
    return [c for c in data.WORKERS if c in hand or c in p.played]


def _snowdrift_enter(s: State, t: Task, ev: Events) -> bool:
    seat = t["seat"]
    if snowdrift_workers(s, seat):
        return True
    # ⚖ No such Worker: pay 3 talers, or all of them if fewer.
    _pay_bank(s, seat, min(data.SNOWDRIFT_TALERS, s.players[seat].talers), "snowdrift", ev)
    return False


def _snowdrift_check(s: State, t: Task, a: Action) -> Refusal | None:
    seat = a["p"]
    if a["do"] == "pay_talers":
        if s.players[seat].talers < data.SNOWDRIFT_TALERS:
            return Refusal("snowdrift.not_enough_talers", {"talers": data.SNOWDRIFT_TALERS})
        return None
    card = a["card"]
    if card not in data.WORKERS:
        return Refusal("snowdrift.not_a_worker", {"card": card})
    if card not in snowdrift_workers(s, seat):
        if card in (s.selection[seat] or ()):
            return Refusal("winter.chosen_this_round", {"card": card})
        return Refusal("snowdrift.no_such_worker", {"card": card})
    return None


def _snowdrift_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    if a["do"] == "pay_talers":
        _pay_bank(s, a["p"], data.SNOWDRIFT_TALERS, "snowdrift", ev)
    else:
        _discard(s, a["p"], a["card"], "snowdrift", ev)


SNOWDRIFT = Stage(
    "snowdrift",
    ("discard", "pay_talers"),
    _discard_candidates,
    _snowdrift_check,
    _snowdrift_perform,
    _snowdrift_enter,
    kind="cards",
    # Which Workers are offered shows which one was chosen this round (⚖ not offered).
    private=True,
)


# --- Cracked Wall ------------------------------------------------------------------------------


def _wall_candidates(s: State, t: Task, seat: int) -> list[Action]:
    p = s.players[seat]
    most = data.CRACKED_WALL_STONES
    return [
        make(seat, "return_stone", own, silver)
        for own in range(min(most, p.pieces["stone"]), -1, -1)
        for silver in range(min(most - own, p.pieces["silver"]), -1, -1)
    ]


def _wall_check(s: State, t: Task, a: Action) -> Refusal | None:
    own, silver = a["own"], a["silver"]
    p = s.players[a["p"]]
    if own < 0 or silver < 0:
        return Refusal("action.negative_count")
    if own + silver > data.CRACKED_WALL_STONES:
        return Refusal("cracked_wall.limit", {"max": data.CRACKED_WALL_STONES})
    if own > p.pieces["stone"]:
        return Refusal("pay.not_enough_pieces", {"kind": "stone", "have": p.pieces["stone"]})
    if silver > p.pieces["silver"]:
        return Refusal("pay.not_enough_silver", {"have": p.pieces["silver"]})
    # ⚖ Own stones go back first; each conversion takes a stone of the stock (returned at once).
    if silver and not own and not s.stock["stone"]:
        return Refusal("forge.kind_not_in_stock", {"kind": "stone"})
    return None


def _wall_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    seat, own, silver = a["p"], a["own"], a["silver"]
    p = s.players[seat]
    p.pieces["stone"] -= own
    s.stock["stone"] += own
    # A converted stone comes from the stock and goes straight back (§6 ⚖): only the silver
    # moves, into the Forge.
    p.pieces["silver"] -= silver
    s.forge += silver
    vp = (own + silver) * data.CRACKED_WALL_VP
    if vp:
        p.vp += vp
        p.vp_by_source["cracked_wall"] = p.vp_by_source.get("cracked_wall", 0) + vp
    ev.append(event("stone_returned", p=seat, own=own, silver=silver, vp=vp))


CRACKED_WALL = Stage(
    "cracked_wall",
    ("return_stone",),
    _wall_candidates,
    _wall_check,
    _wall_perform,
    kind="amount",
)


# --- Damsel of the Castle ----------------------------------------------------------------------


def damsel_round(s: State, _t: Task, ev: Events) -> None:
    """Once a round while in play (⚖ timing): each seat still in gives or drops out."""
    w = cards(s)
    s.queue[:0] = [task(["give"], seat) for seat in s.seats_from_start() if seat in w["damsel_in"]]


def _has_item(s: State, seat: int, item: str) -> bool:
    p = s.players[seat]
    return p.talers > 0 if item == data.TALER else p.pieces.get(item, 0) > 0


def _give_enter(s: State, t: Task, ev: Events) -> bool:
    w = cards(s)
    return t["seat"] in w["damsel_in"] and len(w["damsel_in"]) > 1


def _give_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "give", item) for item in data.DAMSEL_ITEMS] + [make(seat, "drop_out")]


def _give_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "drop_out":
        return None
    item = a["item"]
    if item not in data.DAMSEL_ITEMS:
        return Refusal("damsel.unknown_item", {"item": item})
    if not _has_item(s, a["p"], item):
        return Refusal("damsel.none_to_give", {"item": item})
    return None


def _move_item(s: State, seat: int, item: str, to_card: bool) -> None:
    p, w = s.players[seat], cards(s)
    step = 1 if to_card else -1
    if item == data.TALER:
        p.talers -= step
    else:
        p.pieces[item] -= step
    w["damsel"][item] += step


def _give_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    seat, w = a["p"], cards(s)
    if a["do"] == "give":
        _move_item(s, seat, a["item"], to_card=True)
        ev.append(event("damsel_given", p=seat, item=a["item"]))
        return
    w["damsel_in"].remove(seat)
    ev.append(event("damsel_dropped", p=seat))
    if len(w["damsel_in"]) == 1:
        _damsel_won(s, ev)


def _damsel_won(s: State, ev: Events) -> None:
    """The last one still giving scores 8 VP; the others share out what lies on the card."""
    w = cards(s)
    (winner,) = w["damsel_in"]
    p = s.players[winner]
    p.vp += data.DAMSEL_VP
    p.vp_by_source["damsel"] = p.vp_by_source.get("damsel", 0) + data.DAMSEL_VP
    ev.append(event("damsel_won", p=winner, vp=data.DAMSEL_VP))
    takers = [seat for seat in s.seats_from_start() if seat != winner]
    if any(w["damsel"].values()):
        share = task(["share"])
        share["takers"], share["turn"] = takers, 0
        s.queue.insert(0, share)
    else:
        _damsel_gone(s, ev)


def _damsel_gone(s: State, ev: Events) -> None:
    w = cards(s)
    w["in_play"].remove("damsel")
    w["gone"].append("damsel")
    ev.append(event("winter_discarded", card="damsel"))


def _share_deciders(s: State, t: Task) -> list[int]:
    takers = t["takers"]
    return [takers[t["turn"] % len(takers)]]


def _share_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "take", item) for item in data.DAMSEL_ITEMS]


def _share_check(s: State, t: Task, a: Action) -> Refusal | None:
    item = a["item"]
    if item not in data.DAMSEL_ITEMS:
        return Refusal("damsel.unknown_item", {"item": item})
    if not cards(s)["damsel"][item]:
        return Refusal("damsel.not_on_card", {"item": item})
    return None


def _share_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    _move_item(s, a["p"], a["item"], to_card=False)
    ev.append(event("damsel_taken", p=a["p"], item=a["item"]))
    t["turn"] += 1
    if not any(cards(s)["damsel"].values()):
        t["stage"] = None
        _damsel_gone(s, ev)


GIVE = Stage(
    "give", ("give", "drop_out"), _give_candidates, _give_check, _give_perform, _give_enter
)
SHARE = Stage(
    "share",
    ("take",),
    _share_candidates,
    _share_check,
    _share_perform,
    deciders=_share_deciders,
)


# --- Village Tavern: the toll of a Trader action -----------------------------------------------


def _toll_enter(s: State, t: Task, ev: Events) -> bool:
    """⚖ After placing or passing, before delivery: 1 taler onto the card or to the Innkeeper's
    owner; without a taler, a helper at a cart or the rider goes home; with neither, nothing."""
    if not in_play(s, "village_tavern"):
        return False
    w, seat = cards(s), t["seat"]
    owner = w["innkeeper"]
    if owner == seat:
        return False  # ⚖ the Innkeeper's owner owes themself nothing
    p = s.players[seat]
    if p.talers >= data.TAVERN_TOLL:
        p.talers -= data.TAVERN_TOLL
        if owner is None:
            w["tavern"] += data.TAVERN_TOLL
        else:
            s.players[owner].talers += data.TAVERN_TOLL
        ev.append(event("toll_paid", p=seat, talers=data.TAVERN_TOLL, to=owner))
        return False
    if seat not in s.traders.values():
        ev.append(event("toll_unpaid", p=seat))
        return False
    return True


def _toll_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "toll_helper", place) for place in data.TRADER_PLACES]


def _toll_check(s: State, t: Task, a: Action) -> Refusal | None:
    place = a["place"]
    if place not in data.TRADER_PLACES:
        return Refusal("trader.unknown_place", {"place": place})
    if s.traders[place] != a["p"]:
        return Refusal("toll.not_your_helper", {"place": place})
    return None


def _toll_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    seat, place = a["p"], a["place"]
    s.traders[place] = None
    if place in s.fresh:
        s.fresh.remove(place)
    s.players[seat].helpers += 1
    ev.append(event("toll_helper_returned", p=seat, place=place))


TOLL = Stage(
    "toll",
    ("toll_helper",),
    _toll_candidates,
    _toll_check,
    _toll_perform,
    _toll_enter,
    kind="place",
)


# --- The Innkeeper and the Granary: helper places on winter cards ------------------------------


def open_places(s: State) -> list[str]:
    """The winter places on cards in play: the helper stage's candidates, which `place_check`
    then filters (the seat's own Innkeeper, a full Granary, fees, §5's limits)."""
    return [place for place, spec in data.WINTER_PLACES.items() if in_play(s, spec.card)]


def place_check(s: State, seat: int, place: str) -> Refusal | None:
    """Why a helper of `seat` cannot go to that winter place now (its source aside)."""
    spec = data.WINTER_PLACES[place]
    if not in_play(s, spec.card):
        return Refusal("helper.winter_card_not_in_play", {"card": spec.card})
    w = cards(s)
    if place == "innkeeper" and w["innkeeper"] == seat:
        return Refusal("helper.innkeeper.own")
    if place == "granary" and len(w["granary"]) >= spec.places:
        return Refusal("helper.place_taken", {"place": place})
    p = s.players[seat]
    if spec.card in p.helper_buildings:
        return Refusal("helper.same_building_this_round", {"building": spec.card})
    # ⚖ The fee from the player's own talers: the card's talers are taken only afterwards.
    if p.talers < spec.fee:
        return Refusal("helper.fee", {"fee": spec.fee, "have": p.talers})
    return None


def place_helper(s: State, seat: int, place: str, source: str, ev: Events) -> None:
    """Put the helper (taken from `source` already) there, paying the fee; the Innkeeper sends
    a rival's helper home and takes the talers on the card."""
    w, p = cards(s), s.players[seat]
    spec = data.WINTER_PLACES[place]
    p.talers -= spec.fee
    p.helper_buildings.append(spec.card)
    if place == "granary":
        w["granary"].append(seat)
        ev.append(event("helper_placed", p=seat, place=place, source=source, fee=spec.fee))
        return
    displaced = w["innkeeper"]
    if displaced is not None:
        s.players[displaced].helpers += 1  # ⚖ back to its owner's supply
    w["innkeeper"] = seat
    taken, w["tavern"] = w["tavern"], 0
    p.talers += taken
    ev.append(
        event(
            "innkeeper_placed",
            p=seat,
            source=source,
            fee=spec.fee,
            displaced=displaced,
            taken=taken,
        )
    )


def granary_vp(s: State) -> int:
    """VP of each Granary helper at the end (0 with none there)."""
    count = 0 if s.winter is None else len(s.winter["granary"])
    return data.GRANARY_VP.get(count, 0)


STAGES = {
    "plague": PLAGUE,
    "snowdrift": SNOWDRIFT,
    "cracked_wall": CRACKED_WALL,
    "give": GIVE,
    "share": SHARE,
    "toll": TOLL,
}
AUTO_STEPS: dict[str, AutoStep[State]] = {
    "winter": reveal_winter,
    "winter_discard": winter_discard,
    "damsel": damsel_round,
}
