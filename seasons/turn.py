"""The turn's actions (§6.3): a free-order menu of summon, activate, transmute and the bonus
actions, asked again until "end"; summoning (§9.2) and activating (§9.5)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from tabletop import runner
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import data, energy, tasks, time
from .asks import CODEC, kind_of, spend_token, token_refusal, token_sources
from .cards import CARDS, card_cost
from .data import ENERGIES
from .effects import crystals, entered, free_slot, gauge, turn_task
from .handlers import NEEDS
from .state import Player, State, in_play, leave_hand


def can_bonus(s: State, seat: int) -> bool:
    return s.players[seat].bonuses < data.BONUS_MAX


# --- summoning from hand (§9.2) ------------------------------------------------------------------


def summon_refusal(s: State, seat: int, card: int) -> Refusal | None:
    p = s.players[seat]
    if card not in p.hand:
        return Refusal("card.not_in_hand", {"card": card})
    if not free_slot(s, seat):
        return Refusal("summon.no_free_slot", {"gauge": p.gauge})
    cost = card_cost(card, s.n)
    leech = len(energy.leeches(s, seat))
    if p.crystals < cost.crystals + leech:
        return Refusal("summon.too_few_crystals", {"crystals": cost.crystals + leech})
    if CARDS[card].chosen_cost:
        if not sum(energy.spendable(p)):  # at least 1 token is paid (⚖ `ruling.amulet_min_one`)
            return Refusal("summon.too_few_energies", {"card": card})
    elif not energy.payable(energy.spendable(p), cost, energy.lowered(cost, energy.fortune(p))):
        return Refusal("summon.too_few_energies", {"card": card})
    return None


def summon(s: State, seat: int, card: int, ev: Events) -> None:
    """Pay (Leeches first, then the printed cost, Hands of Fortune waiving tokens of the
    summoner's choice where it has one), the card enters play ready; then the summoner's
    "whenever you summon" effects, then the card's entry (§9.2.5–7)."""
    p = s.players[seat]
    cost = card_cost(card, s.n)
    waived = energy.lowered(cost, energy.fortune(p))  # the Hands already in play (§9.2.3)
    for holder in energy.leeches(s, seat):
        energy.give(s, seat, holder, 1, ev, "leech")
    p.crystals -= cost.crystals
    leave_hand(p, card)
    entering = in_play(s, card)
    p.play.append(entering)
    ev.append(event("summoned", p=seat, card=card))
    # Interrupts play last in, first out: the payment, then the "whenever you summon"
    # effects in the order of the cards in play, then the card's entry.
    entered(s, seat, entering)
    then = [
        tasks.effects(seat, c["card"], c["uid"], CARDS[c["card"]].on_summon)
        for c in p.play
        if c is not entering and CARDS[c["card"]].on_summon
    ]
    for t in reversed(then):
        runner.interrupt(s, t)
    if CARDS[card].chosen_cost:
        runner.interrupt(s, tasks.task(seat, "pick_types", uid=entering["uid"]))
        return
    runner.interrupt(s, tasks.task(seat, "pay", owed=list(cost.energies), waive=waived))


def _pay_choice(s: State, t: Task) -> bool:
    """Whether paying what is owed leaves the payer a choice: which token a Hand of Fortune
    waives (tokens of several types owed), or an Amulet of Water holding a type owed."""
    p = s.players[t["seat"]]
    owed = t["owed"]
    if t["waive"] and sum(1 for n in owed if n) > 1:
        return True
    return any(n and c["stored"][kind] for kind, n in enumerate(owed) for c in energy.stores(p))


def _settle(s: State, t: Task, ev: Events) -> bool:
    """Pay what needs no choice at once, from the reserve; True when all is paid."""
    if _pay_choice(s, t):
        return False
    p = s.players[t["seat"]]
    owed = t["owed"]
    for kind in range(len(owed)):
        take = owed[kind]
        if t["waive"] and take:
            waived = min(take, t["waive"])
            take -= waived
            t["waive"] -= waived
        p.reserve[kind] -= take
        owed[kind] = 0
    ev.append(event("paid", p=t["seat"]))
    return True


def _pay_enter(s: State, t: Task, ev: Events) -> bool:
    return not _settle(s, t, ev)


def _pay_candidates(s: State, t: Task, seat: int) -> list[Action]:
    """The tokens that may be waived, and a source to pay from only where there is a choice
    of one (a type owed that an Amulet of Water holds): the reserve pays the rest by itself."""
    owed = [kind for kind, n in zip(ENERGIES, t["owed"], strict=True) if n]
    lowered = [CODEC.make(seat, "lower", kind) for kind in owed] if t["waive"] else []
    stores = energy.stores(s.players[seat])
    stored = [k for k in owed if any(c["stored"][ENERGIES.index(k)] for c in stores)]
    return [*lowered, *token_sources(s, seat, stored)]


def _pay_check(s: State, t: Task, a: Action) -> Refusal | None:
    """One token waived or paid (from the reserve or an Amulet of Water), if the rest can
    still be paid after it."""
    kind = kind_of(a) if a["energy"] in ENERGIES else -1
    if kind < 0 or not t["owed"][kind]:
        return Refusal("pay.not_owed", {"energy": a["energy"]})
    p = s.players[a["p"]]
    owed = list(t["owed"])
    owed[kind] -= 1
    pool = energy.spendable(p)
    waive = t["waive"]
    if a["do"] == "lower":
        if not waive:
            return Refusal("pay.nothing_waived")
        waive -= 1
    else:
        if not any(c["stored"][kind] for c in energy.stores(p)):
            return Refusal("pay.from_the_reserve", {"energy": a["energy"]})  # no choice there
        refusal = token_refusal(s, a)
        if refusal:
            return refusal
        pool[kind] -= 1
    short = sum(max(0, need - have) for need, have in zip(owed, pool, strict=True))
    if short > waive:
        return Refusal("pay.cannot_then", {"energy": a["energy"]})
    return None


def _pay_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["owed"][kind_of(a)] -= 1
    if a["do"] == "lower":
        t["waive"] -= 1
        ev.append(event("waived", p=a["p"], energy=a["energy"]))
    else:
        spend_token(s, a, ev)
    if not any(t["owed"]) or _settle(s, t, ev):
        t["stage"] = None


PAY = Stage(
    "pay", ("lower", "spend", "spend_stored"), _pay_candidates, _pay_check, _pay_perform, _pay_enter
)


# --- Elemental Amulet's chosen cost: 1 token of each type picked ---------------------------------


def _pick_candidates(s: State, t: Task, seat: int) -> list[Action]:
    picks = [
        CODEC.make(seat, "pick", list(types))
        for size in range(1, len(ENERGIES) + 1)
        for types in combinations(ENERGIES, size)
    ]
    return [a for a in picks if _pick_check(s, t, a) is None]


def _pick_waived(p: Player, types: int) -> int:
    """The tokens Hands of Fortune waive of one per type picked: never the last (§9.2.3)."""
    return max(0, min(energy.fortune(p), types - 1))


def _pick_check(s: State, _t: Task, a: Action) -> Refusal | None:
    """Types all different, and each one either paid or waived: a Hand of Fortune waives a
    token of the player's choice, so a type it does not hold may be picked (§14)."""
    types = a["energies"]
    if not types or len(set(types)) != len(types) or any(k not in ENERGIES for k in types):
        return Refusal("pick.different_types")
    p = s.players[a["p"]]
    lacking = sum(1 for k in types if energy.spendable(p)[ENERGIES.index(k)] < 1)
    if lacking > _pick_waived(p, len(types)):
        return Refusal("pick.none_of_it")
    return None


def _pick_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """The types picked are the card's effects (kept on it); 1 token of each is owed, Hands of
    Fortune waiving tokens but never the last (§14)."""
    seat = a["p"]
    p = s.players[seat]
    card = next(c for c in p.play if c["uid"] == t["uid"])
    card["picked"] = [ENERGIES.index(k) for k in a["energies"]]
    ev.append(event("picked", p=seat, energies=list(a["energies"])))
    t["stage"] = None
    owed = [1 if k in a["energies"] else 0 for k in ENERGIES]
    waived = _pick_waived(p, sum(owed))
    runner.interrupt(s, tasks.task(seat, "pay", owed=owed, waive=waived))


PICK = Stage("pick_types", ("pick",), _pick_candidates, _pick_check, _pick_perform)


# --- activating a card (§9.5) --------------------------------------------------------------------


def fairies(s: State, seat: int) -> list[int]:
    """Each opponent's Thieving Fairies, one entry per card, clockwise from the left (§16.2)."""
    return [
        other
        for other in s.opponents(seat)
        for c in s.players[other].play
        if "fairies" in CARDS[c["card"]].modifiers
    ]


def activation_refusal(s: State, seat: int, uid: int) -> Refusal | None:
    """Whether a card may be activated from the turn's menu (a card activated before the die
    is resolved, Die of Malice, is asked by a stage of its own, §9.5.1)."""
    p = s.players[seat]
    card = next((c for c in p.play if c["uid"] == uid), None)
    if card is None:
        return Refusal("activate.not_in_play", {"uid": uid})
    spec = CARDS[card["card"]]
    if not spec.activation:
        return Refusal("activate.no_activation", {"card": card["card"]})
    if card["turned"]:
        return Refusal("activate.turned", {"card": card["card"]})
    if spec.before_die:
        return Refusal("activate.before_die")
    crystals_left = p.crystals - len(fairies(s, seat))
    return ACTIVATION_NEEDS.get(str(spec.activation[0][0]), _always)(
        s, seat, card["card"], crystals_left
    )


Needs = Callable[[State, int, int, int], Refusal | None]


def _always(_s: State, _seat: int, _card: int, _crystals: int) -> Refusal | None:
    return None


def _needs_energy(count: int, one_type: bool = False) -> Needs:
    def needs(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
        pool = energy.spendable(s.players[seat])
        if (max(pool) if one_type else sum(pool)) < count:
            return Refusal("activate.too_few_energies", {"card": card, "energies": count})
        return None

    return needs


#: What an activation's first step needs to be payable in full (after Thieving Fairies, §9.5).
def _dreams_need(s: State, seat: int, card: int, _crystals: int) -> Refusal | None:
    """A card in hand, and a free slot once the Potion is gone (⚖ `ruling.dreams_free_slot`)."""
    p = s.players[seat]
    if not p.hand or len(p.play) - 1 >= p.gauge:
        return Refusal("activate.dreams_needs", {"card": card})
    return None


ACTIVATION_NEEDS: dict[str, Needs] = {
    **NEEDS,
    "dreams": _dreams_need,
    "ishtar": _needs_energy(3, one_type=True),
    "spend": _needs_energy(1),
}


def activate(s: State, seat: int, uid: int, ev: Events) -> None:
    """Thieving Fairies first, one card at a time; the card turned; its effect (§9.5)."""
    p = s.players[seat]
    for holder in fairies(s, seat):
        energy.give(s, seat, holder, 1, ev, "fairies")
        crystals(s, holder, 1, ev, "fairies")
    card = next(c for c in p.play if c["uid"] == uid)
    card["turned"] = True
    ev.append(event("activated", p=seat, card=card["card"]))
    runner.interrupt(s, tasks.effects(seat, card["card"], uid, CARDS[card["card"]].activation))


# --- the menu ------------------------------------------------------------------------------------

MENU_VERBS = (
    "summon",
    "activate",
    "transmute",
    "transmute_stored",
    "exchange",
    "transmute_bonus",
    "gauge_bonus",
    "end",
)


def _menu_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    p = s.players[seat]
    return [
        *(CODEC.make(seat, "summon", card) for card in sorted(set(p.hand))),
        *(CODEC.make(seat, "activate", c["uid"]) for c in p.play),
        *(_transmutation(a) for a in token_sources(s, seat, ENERGIES)),
        CODEC.make(seat, "exchange"),
        CODEC.make(seat, "transmute_bonus"),
        CODEC.make(seat, "gauge_bonus"),
        CODEC.make(seat, "end"),
    ]


def _transmutation(token: Action) -> Action:
    """Transmuting the token a spend names (from the reserve or an Amulet of Water)."""
    if token["do"] == "spend":
        return CODEC.make(token["p"], "transmute", token["energy"])
    return CODEC.make(token["p"], "transmute_stored", token["uid"], token["energy"])


def _token(transmutation: Action) -> Action:
    if transmutation["do"] == "transmute":
        return CODEC.make(transmutation["p"], "spend", transmutation["energy"])
    return CODEC.make(
        transmutation["p"], "spend_stored", transmutation["uid"], transmutation["energy"]
    )


def _menu_check(s: State, t: Task, a: Action) -> Refusal | None:
    seat, verb = a["p"], a["do"]
    p = s.players[seat]
    if verb == "summon":
        return summon_refusal(s, seat, a["card"])
    if verb == "activate":
        return activation_refusal(s, seat, a["uid"])
    if verb in ("transmute", "transmute_stored"):
        if not t["right"]:
            return Refusal("transmute.no_right")
        return token_refusal(s, _token(a))
    if verb in ("exchange", "transmute_bonus", "gauge_bonus") and not can_bonus(s, seat):
        return Refusal("bonus.none_left")
    if verb == "exchange" and sum(energy.spendable(p)) < data.EXCHANGED:
        return Refusal("bonus.exchange_two")
    if verb == "gauge_bonus" and p.gauge >= data.GAUGE_MAX:
        return Refusal("bonus.gauge_full")
    return None


def _menu_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat, verb = a["p"], a["do"]
    p = s.players[seat]
    if verb == "summon":
        summon(s, seat, a["card"], ev)
    elif verb == "activate":
        activate(s, seat, a["uid"], ev)
    elif verb in ("transmute", "transmute_stored"):
        spend_token(s, _token(a), ev)
        crystals(s, seat, energy.rate(s, seat, kind_of(a), t["transmute_bonus"]), ev, "transmute")
        ev.append(event("transmuted", p=seat, energy=a["energy"]))
    elif verb == "end":
        ev.append(event("turn_ended", p=seat))
        t["stage"] = None
    else:
        p.bonuses += 1
        ev.append(event("bonus_used", p=seat, bonus=verb))
        if verb == "exchange":
            runner.interrupt(
                s,
                tasks.task(
                    seat, *(["spend"] * data.EXCHANGED), *(["gain"] * data.EXCHANGED), "overflow"
                ),
            )
        elif verb == "transmute_bonus":
            t["right"] = True
            t["transmute_bonus"] += 1
        else:
            gauge(s, seat, 1, ev)


ACTIONS = Stage(
    "actions", MENU_VERBS, _menu_candidates, _menu_check, _menu_perform, private=True, kind="menu"
)


# --- Temporal Boots: 1 to 3 spaces, forward or back ----------------------------------------------


def _boots_candidates(_s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "move", spaces) for spaces in (-3, -2, -1, 1, 2, 3)]


def _boots_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["spaces"] not in (-3, -2, -1, 1, 2, 3):
        return Refusal("boots.spaces", {"spaces": a["spaces"]})
    if s.position + a["spaces"] < data.FIRST_POSITION:
        return Refusal("boots.before_the_start")
    return None


def _boots_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    t["stage"] = None
    time.move(s, a["p"], a["spaces"], ev, by_boots=True)


BOOTS = Stage("boots", ("move",), _boots_candidates, _boots_check, _boots_perform)


# --- Balance of Ishtar: 3 energies of one type ---------------------------------------------------


def _ishtar_candidates(_s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "spend", kind) for kind in ENERGIES]


def _ishtar_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["energy"] not in ENERGIES:
        return Refusal("energy.unknown", {"energy": a["energy"]})
    if energy.spendable(s.players[a["p"]])[kind_of(a)] < t["count"]:
        return Refusal("ishtar.too_few", {"energy": a["energy"], "count": t["count"]})
    return None


def _ishtar_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """A transmutation of three energies: + Purse of Io and the transmute bonus for each (§8)."""
    seat = a["p"]
    p = s.players[seat]
    turn = turn_task(s, seat)
    extra = energy.has_modifier(p, "purse") + (turn["transmute_bonus"] if turn else 0)
    crystals(s, seat, t["crystals"] + extra * t["count"], ev, t["card"])
    t["stage"] = None
    runner.interrupt(s, tasks.task(seat, *(["spend"] * t["count"]), of=a["energy"]))


ISHTAR = Stage(
    "ishtar", ("spend",), _ishtar_candidates, _ishtar_check, _ishtar_perform, kind="choose"
)

STAGES: dict[str, Stage[State]] = {
    "actions": ACTIONS,
    "pay": PAY,
    "pick_types": PICK,
    "boots": BOOTS,
    "ishtar": ISHTAR,
}
