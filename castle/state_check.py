"""Whether a JSON object is a game state the engine can play on: every field of the right type
and range, and the pieces and helpers all accounted for (§2.4).

`CASTLE.from_json` (game.py) runs it before `state.from_json`, so a state from a file, a save or
a hand edit is refused at once with a message naming the field, instead of crashing several
moves later. The engine's own copies (a seat's view turned back into a state by
`view.determinize`) skip it. It sits above the engine (it asks the engine's steps), so nothing
of the engine imports it.
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.record import whole

from . import data, engine, tasks
from .engine import AUTO_STEPS, STAGES
from .scoring import ranking
from .state import PLAYER_FIELDS, STATE_FIELDS, Json, NotAState, State, StateError

PHASES = ("select", "winter", "round", "final", "over")
#: Keys a task may carry besides its seat, card, stage and steps, and what each holds.
TASK_CONTEXT = {
    "built": "count",
    "spent": "count",
    "helpers": "count",
    "left": "count",
    "bought_from": "seats",
    "refused": "offers",
    "offer": "offer",
    "pay": "pay",
    "takers": "seats",
    "turn": "count",
}
LIMIT = 10**9  # no count of the game comes near it; a bigger one is a hand edit
#: Steps that belong to no seat (the round's and the end's own); every other step is a seat's.
SEATLESS_STEPS = (
    "select",
    "reveal",
    "deliver",
    "end_round",
    "clear_carts",
    "score",
    *("winter", "winter_discard", "damsel", "share"),
)
#: Steps of the winter variant only (winter.py).
WINTER_STEPS = frozenset(
    ("winter", "winter_discard", "damsel", "share", "give", *data.WINTER_CARDS)
)
#: Buildings a helper may be placed in: the castle's, and the winter cards with helper places.
HELPER_BUILDINGS = (*data.BUILDING, *(w.card for w in data.WINTER_PLACES.values()))
#: Steps of a card's action, which need the task's card: tasks.CARD_STEPS, the decisions they
#: open (a payment, the seller's answer) and equipping the Workers.
CARD_STEPS = frozenset(step for steps in tasks.CARD_STEPS.values() for step in steps) | {
    "pay",
    "sell",
    "equip",
    "worker_c",
}
#: What a task must hold while one of these decisions is asked.
STAGE_CONTEXT = {"pay": "pay", "sell": "offer", "palace": "left", "share": "takers"}
#: The winter cards each seat answers in turn when revealed (the kept ones stay in play).
WINTER_TURNS = tuple(card for card in data.WINTER_CARDS if card not in data.WINTER_KEPT)
#: Every task the engine makes that is no card's, by its first step, and all its steps: the
#: round's (rounds.py), the winter step's (winter.py) and the end's (scoring.final_queue). A
#: task in a state is one of them or a card's (`_programs`), not started yet (in the queue) or
#: stopped at one of its decisions (the current task).
PROGRAMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "select": (("select", "reveal"), ("select", "winter")),
    **{name: ((name,),) for name in SEATLESS_STEPS if name != "select"},
    **{name: ((name,),) for name in ("first", "give", "convert", "palace", "market")},
    **{card: ((card,),) for card in WINTER_TURNS},
}
#: Decisions asked inside a step rather than by it: the payment of a building, the seller's
#: answer to a Stonemason's offer.
INNER_DECISIONS = {"erect": ("pay",), "buy": ("sell",)}
#: What a task not started yet may carry: the Damsel's share is queued with its takers.
QUEUED_CONTEXT = ("takers", "turn")
#: The order of the tasks of each phase, as their first steps: an action card's stands for
#: `card`, a winter card's for `winter_card`.
PHASE_ORDER = {
    "select": r"select reveal",  # in winter: select winter reveal (the winter step between)
    "winter": r"(winter_card )*(winter_discard )?(damsel )?(share )?(give )*reveal",
    "round": r"(equip )*((card|first) )*(deliver )?((card|first) )*end_round",
    "final": r"(clear_carts )?(convert )*(palace )*(market )*score",
    "over": r"",
}


def check(obj: Any) -> Json:
    """`obj` as `state.from_json` can read it (a save from before the winter variant gains its
    `winter: null`). Raises NotAState on a seat's view (it lacks what the seat may not know:
    `view.determinize` fills it in), and StateError naming the first thing wrong otherwise."""
    selection = obj.get("selection") if isinstance(obj, dict) else None
    hidden = isinstance(selection, list) and any(isinstance(c, str) for c in selection)
    if isinstance(obj, dict) and ("rng" not in obj or hidden):
        raise NotAState(
            "this is a seat's view, not a game state: its hidden choices and generator are "
            "missing (castle.view.determinize samples a state consistent with it)"
        )
    if isinstance(obj, dict) and "winter" not in obj:
        obj = {**obj, "winter": None}  # saved before the winter variant: a summer game
    _fields(obj, STATE_FIELDS, "the state")
    players = obj["players"]
    if not isinstance(players, list) or len(players) not in data.PLAYER_COUNTS:
        raise StateError(f"players must be a list of {data.PLAYER_COUNTS} players")
    n = len(players)
    for seat, p in enumerate(players):
        _player(p, seat, n, PLAYER_FIELDS)
    if obj["rounds"] != data.ROUNDS[n]:
        raise StateError(f"rounds must be {data.ROUNDS[n]} with {n} players")
    _count(obj["round"], "round", 1, obj["rounds"])
    _seat(obj["start_player"], "start_player", n)
    if not _one_of(obj["phase"], PHASES):
        raise StateError(f"phase must be one of {', '.join(PHASES)}")
    if obj["phase"] == "winter" and obj["winter"] is None:
        raise StateError("phase: a summer game has no winter phase")
    for name in ("stock", "tower", "out"):
        _pieces(obj[name], name)
    _count(obj["forge"], "forge")
    tiles = obj["tiles"]
    _keys(tiles, data.TILE_BUILDINGS, "tiles")
    for building, left in tiles.items():
        _count(left, f"tiles.{building}", 0, data.BUILDING[building].tiles)
    places = obj["places"]
    if not isinstance(places, dict) or not set(places) <= set(data.PLACE):
        raise StateError("places must map helper places to a seat or null")
    for place, owner in places.items():
        _owner(owner, f"places.{place}", n)
    traders = obj["traders"]
    _keys(traders, tuple(data.TRADER_PLACES), "traders")
    for place, owner in traders.items():
        _owner(owner, f"traders.{place}", n)
    fresh = obj["fresh"]
    if not isinstance(fresh, list) or not all(_one_of(f, data.TRADER_PLACES) for f in fresh):
        raise StateError("fresh must list cart or rider places")
    selection = obj["selection"]
    if not isinstance(selection, list) or len(selection) != n:
        raise StateError(f"selection must hold one entry per seat ({n})")
    for seat, cards in enumerate(selection):
        if cards is None:
            if obj["phase"] == "winter":
                raise StateError(f"selection[{seat}]: the winter step comes after every choice")
            continue
        if obj["phase"] not in ("select", "winter"):
            raise StateError(f"selection[{seat}]: cards are chosen only before they are revealed")
        _cards(cards, f"selection[{seat}]")
        if not set(cards) <= set(players[seat]["hand"]):
            raise StateError(f"selection[{seat}] must be cards of that seat's hand")
        if len(cards) != min(data.CARDS_PER_ROUND[n], len(players[seat]["hand"])):
            raise StateError(f"selection[{seat}] must hold as many cards as a seat chooses")
    queue = obj["queue"]
    if not isinstance(queue, list):
        raise StateError("queue must be a list of tasks")
    # The current task first, then the queue: the order the engine runs them in.
    tasks = [("task", obj["task"])] if obj["task"] is not None else []
    tasks += [(f"queue[{i}]", t) for i, t in enumerate(queue)]
    _winter(obj["winter"], obj["players"], n, obj["phase"])
    for where, t in tasks:
        _task(t, where, n)
        if obj["winter"] is None and WINTER_STEPS & {*t["steps"], t["stage"]}:
            raise StateError(f"{where}: a winter step in a summer game")
        for scoring in ("palace", "market"):  # the end's conversions need their places
            if scoring in t["steps"] or t["stage"] == scoring:
                held = [pl for pl, o in places.items() if o == t["seat"]]
                if not any(data.PLACE[pl].scoring == scoring for pl in held):
                    raise StateError(f"{where}: {scoring} for a seat without a {scoring} place")
    _order(obj, tasks)
    if (obj["result"] is None) != (obj["phase"] != "over"):
        raise StateError("result: the final scores are there exactly when the game is over")
    _places(obj)
    rng = obj["rng"]
    if not whole(rng) or not 0 <= rng < 2**64:
        raise StateError("rng must be a whole number in 0..2**64-1")
    _accounted(obj, n)
    return dict(obj)


def _one_of(value: Any, names: Any) -> bool:
    """`value in names` for a value from a file (a list or a dict is no name, and no key)."""
    return isinstance(value, str) and value in names


def _fields(obj: Any, fields: tuple[str, ...], what: str) -> None:
    if not isinstance(obj, dict):
        raise StateError(f"{what} must be an object")
    missing = [f for f in fields if f not in obj]
    extra = [f for f in obj if f not in fields]
    if missing or extra:
        raise StateError(f"{what}: missing {missing or 'nothing'}, unknown {extra or 'nothing'}")


def _count(value: Any, name: str, low: int = 0, high: int = LIMIT) -> None:
    if not whole(value) or not low <= value <= high:
        raise StateError(f"{name} must be a whole number in {low}..{high}")


def _seat(value: Any, name: str, n: int) -> None:
    _count(value, name, 0, n - 1)


def _owner(value: Any, name: str, n: int) -> None:
    if value is not None:
        _seat(value, name, n)


def _keys(value: Any, keys: tuple[str, ...], name: str) -> None:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise StateError(f"{name} must have exactly the keys {', '.join(keys)}")


def _pieces(value: Any, name: str) -> None:
    _keys(value, data.KINDS, name)
    for kind, count in value.items():
        _count(count, f"{name}.{kind}", 0, data.PIECES_IN_BOX[kind])


def _cards(value: Any, name: str) -> None:
    if (
        not isinstance(value, list)
        or not all(isinstance(c, str) and c in data.CARDS for c in value)
        or len(set(value)) != len(value)
    ):
        raise StateError(f"{name} must be a list of different character cards")


def _player(p: Any, seat: int, n: int, fields: tuple[str, ...]) -> None:
    where = f"players[{seat}]"
    _fields(p, fields, where)
    _count(p["talers"], f"{where}.talers")
    _pieces(p["pieces"], f"{where}.pieces")
    _count(p["helpers"], f"{where}.helpers", 0, data.HELPERS[n])
    for name in ("hand", "played", "revealed"):
        _cards(p[name], f"{where}.{name}")
    if set(p["hand"]) & set(p["played"]):
        raise StateError(f"{where}: a card cannot be both in hand and played")
    if not set(p["revealed"]) <= set(p["played"]):
        raise StateError(f"{where}.revealed must be among the played cards")
    workers = p["workers"]
    if not isinstance(workers, dict) or not set(workers) <= set(data.WORKERS):
        raise StateError(f"{where}.workers must map Worker cards to their pieces")
    for card, on in workers.items():
        if not isinstance(on, dict) or not set(on) <= set(data.KINDS):
            raise StateError(f"{where}.workers.{card} must map kinds to counts")
        for kind, count in on.items():
            _count(count, f"{where}.workers.{card}.{kind}", 0, data.PIECES_IN_BOX[kind])
    _count(p["vp"], f"{where}.vp")
    by_source = p["vp_by_source"]
    if not isinstance(by_source, dict) or not all(
        isinstance(k, str) and whole(v) for k, v in by_source.items()
    ):
        raise StateError(f"{where}.vp_by_source must map sources to whole numbers")
    _count(p["built_this_round"], f"{where}.built_this_round", 0, 2 * len(data.CARDS))
    helper_buildings = p["helper_buildings"]
    if not isinstance(helper_buildings, list) or not all(
        _one_of(b, HELPER_BUILDINGS) for b in helper_buildings
    ):
        raise StateError(f"{where}.helper_buildings must list buildings")


TASK_FIELDS = ("seat", "card", "stage", "steps")


def _task(t: Any, where: str, n: int) -> None:
    if not isinstance(t, dict) or not set(TASK_FIELDS) <= set(t):
        raise StateError(f"{where} must be a task (seat, card, stage, steps)")
    _owner(t["seat"], f"{where}.seat", n)
    if t["card"] is not None and not _one_of(t["card"], data.CARDS):
        raise StateError(f"{where}.card must be a character card or null")
    if t["stage"] is not None and not _one_of(t["stage"], STAGES):
        raise StateError(f"{where}.stage must be a decision or null")
    steps = t["steps"]
    if not isinstance(steps, list) or not all(
        isinstance(x, str) and (x in STAGES or x in AUTO_STEPS) for x in steps
    ):
        raise StateError(f"{where}.steps must list the engine's steps")
    every = [*steps, *([t["stage"]] if t["stage"] else [])]
    if t["seat"] is None and any(x not in SEATLESS_STEPS for x in every):
        raise StateError(f"{where}: a seat's step needs the task's seat")
    if t["card"] is None and any(x in CARD_STEPS for x in every):
        raise StateError(f"{where}: a card's step needs the task's card")
    needed = STAGE_CONTEXT.get(t["stage"] or "")
    if needed and needed not in t:
        raise StateError(f"{where}: the {t['stage']} decision needs its {needed}")
    if "takers" in t and not t["takers"]:
        raise StateError(f"{where}.takers: someone takes a share")
    if t["card"] is not None and "erect" in every and t["card"] not in data.ERECT_VP_SHARE:
        raise StateError(f"{where}: {t['card']} erects no building")
    for key, value in t.items():
        if key in ("seat", "card", "stage", "steps"):
            continue
        kind = TASK_CONTEXT.get(key)
        if kind is None:
            raise StateError(f"{where} has an unknown key {key!r}")
        if kind == "count":
            _count(value, f"{where}.{key}")
        elif kind == "seats":
            if not isinstance(value, list):
                raise StateError(f"{where}.{key} must list seats")
            for seller in value:
                _seat(seller, f"{where}.{key}", n)
        elif kind == "offers":
            if not isinstance(value, list) or not all(
                isinstance(o, list) and len(o) == 2 and _one_of(o[1], data.WORKERS) for o in value
            ):
                raise StateError(f"{where}.{key} must list [seat, Worker card] pairs")
            for seller, _card in value:
                _seat(seller, f"{where}.{key}", n)
        elif kind == "offer":
            _offer(value, f"{where}.{key}", n)
        else:
            _pay(value, f"{where}.{key}")


def _winter(w: Any, players: list[Any], n: int, phase: str) -> None:
    """The winter cards (§10): None in summer; every card in exactly one place."""
    if w is None:
        return
    keys = (
        "deck",
        "card",
        "in_play",
        "gone",
        "innkeeper",
        "tavern",
        "granary",
        "damsel_in",
        "damsel",
        "discarded",
    )
    _fields(w, keys, "winter")
    piles = [w["deck"], w["in_play"], w["gone"]]
    if not all(isinstance(pile, list) for pile in piles):
        raise StateError("winter.deck, in_play and gone must list winter cards")
    every = [c for pile in piles for c in pile]
    card = w["card"]
    if card is not None and (not _one_of(card, data.WINTER_CARDS) or card in w["deck"]):
        raise StateError("winter.card must be a revealed winter card or null")
    if card is not None and card not in every and phase == "winter":
        every.append(card)  # being resolved: neither in play nor discarded yet
    if sorted(every, key=str) != sorted(data.WINTER_CARDS):
        raise StateError(
            "winter: each winter card must be in exactly one of deck, card, in_play, gone"
        )
    if not set(w["in_play"]) <= set(data.WINTER_KEPT):
        raise StateError(f"winter.in_play may only hold {', '.join(data.WINTER_KEPT)}")
    _owner(w["innkeeper"], "winter.innkeeper", n)
    if w["innkeeper"] is not None and "village_tavern" not in w["in_play"]:
        raise StateError("winter.innkeeper: the Village Tavern is not in play")
    _count(w["tavern"], "winter.tavern")
    granary = w["granary"]
    if not isinstance(granary, list) or len(granary) > data.WINTER_PLACES["granary"].places:
        raise StateError("winter.granary must list at most 3 owners")
    for owner in granary:
        _seat(owner, "winter.granary", n)
    if granary and "granary" not in w["in_play"]:
        raise StateError("winter.granary: the Granary is not in play")
    damsel_in = w["damsel_in"]
    if not isinstance(damsel_in, list) or len(set(map(str, damsel_in))) != len(damsel_in):
        raise StateError("winter.damsel_in must list different seats")
    for seat in damsel_in:
        _seat(seat, "winter.damsel_in", n)
    _keys(w["damsel"], data.DAMSEL_ITEMS, "winter.damsel")
    for item, count in w["damsel"].items():
        _count(count, f"winter.damsel.{item}")
    discarded = w["discarded"]
    if not isinstance(discarded, list) or len(discarded) != n:
        raise StateError(f"winter.discarded must hold one list per seat ({n})")
    for seat, gone in enumerate(discarded):
        _cards(gone, f"winter.discarded[{seat}]")
        if set(gone) & (set(players[seat]["hand"]) | set(players[seat]["played"])):
            raise StateError(f"winter.discarded[{seat}]: a discarded card is out of the game")


def _offer(value: Any, where: str, n: int) -> None:
    _fields(value, ("seller", "card", "kind"), where)
    _seat(value["seller"], f"{where}.seller", n)
    if not _one_of(value["card"], data.WORKERS) or not _one_of(value["kind"], data.KINDS):
        raise StateError(f"{where}: a Worker card and a kind of piece")


def _pay(value: Any, where: str) -> None:
    _fields(value, ("building", "step", "rem", "kinds", "silver", "own", "converted"), where)
    if not _one_of(value["building"], data.TILE_BUILDINGS):
        raise StateError(f"{where}.building must be a building with tiles")
    _count(value["step"], f"{where}.step", 0, len(data.PAYMENT_ORDER) - 1)
    _count(value["rem"], f"{where}.rem", 0, data.BUILDING[value["building"]].cost)
    _count(value["kinds"], f"{where}.kinds", 0, len(data.PAYMENT_ORDER))
    _count(value["silver"], f"{where}.silver", 0, data.PIECES_IN_BOX["silver"])
    for name in ("own", "converted"):
        paid = value[name]
        if not isinstance(paid, dict) or not set(paid) <= set(data.BUILDING_KINDS):
            raise StateError(f"{where}.{name} must map building pieces to counts")
        for kind, count in paid.items():
            _count(count, f"{where}.{name}.{kind}", 0, data.PIECES_IN_BOX[kind])


def _accounted(obj: dict[str, Any], n: int) -> None:
    """§2.4: every piece in exactly one place; every helper in a supply, at a cart or the
    rider, or in a helper place."""
    for kind, total in data.PIECES_IN_BOX.items():
        found = obj["stock"][kind] + obj["tower"][kind] + obj["out"][kind]
        found += obj["forge"] if kind == "silver" else 0
        for p in obj["players"]:
            found += p["pieces"][kind] + sum(on.get(kind, 0) for on in p["workers"].values())
        found += obj["winter"]["damsel"][kind] if obj["winter"] else 0
        if found != total:
            raise StateError(f"the game has {total} {kind}, this state {found}")
    for seat, p in enumerate(obj["players"]):
        placed = sum(1 for owner in obj["traders"].values() if owner == seat)
        placed += sum(1 for owner in obj["places"].values() if owner == seat)
        if obj["winter"]:
            placed += obj["winter"]["granary"].count(seat) + (obj["winter"]["innkeeper"] == seat)
        if p["helpers"] + placed != data.HELPERS[n]:
            shown = p["helpers"] + placed
            raise StateError(f"players[{seat}] has {data.HELPERS[n]} helpers, this state {shown}")


def _programs(card: str | None) -> tuple[tuple[str, ...], ...]:
    """The tasks a task with this card may be: its action (tasks.CARD_STEPS) and, for a
    Worker, its equipping (rounds.round_queue); without a card, the others."""
    if card is None:
        return tuple(program for programs in PROGRAMS.values() for program in programs)
    equip = (("equip", "worker_c") if card == "worker_c" else ("equip",),)
    return (tasks.CARD_STEPS[card], *(equip if card in data.WORKERS else ()))


def _program(t: Json) -> tuple[str, ...] | None:
    """The engine's task that `t` is, stopped where it stands (None: no task of the engine)."""
    steps, stage = tuple(t["steps"]), t["stage"]
    for program in _programs(t["card"]):
        if stage is None and steps == program:
            return program
        for at, step in enumerate(program):
            asked = (step,) if step in STAGES else ()
            if stage in (*asked, *INNER_DECISIONS.get(step, ())) and steps == program[at + 1 :]:
                return program
    return None


def _order(obj: dict[str, Any], ordered: list[tuple[str, Any]]) -> None:
    """The tasks (the current one first) are the engine's, in the order its phase makes them
    (PHASE_ORDER): the current task stopped at a decision, the queue's not started, each card
    acted on once by a seat that revealed it."""
    names = []
    seen = set()
    placed = []  # (task, the engine's task it is)
    for where, t in ordered:
        program = _program(t)
        if program is None:
            raise StateError(f"{where}: not a task of the engine (its steps and decision)")
        placed.append((t, program))
        started = t["stage"] is not None or set(t) - {*TASK_FIELDS, *QUEUED_CONTEXT}
        if t is not obj["task"] and started:
            raise StateError(f"{where}: a task in the queue has not started yet")
        first = program[0]
        if t["card"] is not None:
            if t["card"] not in obj["players"][t["seat"]]["revealed"]:
                raise StateError(f"{where}: {t['card']} was not revealed by seat {t['seat']}")
            key = (t["seat"], t["card"], first == "equip")
            if key in seen:
                raise StateError(f"{where}: a card acts once a round")
            seen.add(key)
            names.append("equip" if first == "equip" else "card")
        elif first in WINTER_TURNS:
            if obj["winter"] is None or obj["winter"]["card"] != first:
                raise StateError(f"{where}: {first} is not the winter card revealed")
            names.append("winter_card")
        else:
            names.extend(program if first == "select" else (first,))
    _workers(obj, placed)
    if obj["phase"] != "over" and obj["task"] is None:
        raise StateError("task: a game that is not over stands at a decision")
    if obj["task"] is not None and obj["task"]["stage"] is None:
        raise StateError("task: the current task stands at a decision")
    order = PHASE_ORDER[obj["phase"]]
    if obj["phase"] == "select" and obj["winter"] is not None:
        order = "select winter reveal"
    if not re.fullmatch(order, " ".join(names)):
        raise StateError(f"queue: not the tasks of the {obj['phase']} phase, in their order")
    steps = [data.CARD_STEP[t["card"]] for t, program in placed if _is_action(t, program)]
    if steps != sorted(steps):
        raise StateError("queue: the cards act in the order of their numbers (§3.6)")


def _places(obj: dict[str, Any]) -> None:
    """The castle's helper places are those of the buildings standing: the start buildings'
    and those erected (a tile gone)."""
    standing = [*data.START_BUILDINGS]
    standing += [b for b in data.TILE_BUILDINGS if obj["tiles"][b] < data.BUILDING[b].tiles]
    expected = {place.id for b in standing for place in data.BUILDING[b].places}
    if set(obj["places"]) != expected:
        raise StateError("places must be the helper places of the buildings standing")


def playable(s: State) -> State:
    """What `check` cannot see in the JSON alone: the final scores are the ranking of the
    state's own points, and a game that is not over asks someone who has a move."""
    for seat, p in enumerate(s.players):
        if p.vp != sum(p.vp_by_source.values()):
            raise StateError(f"players[{seat}].vp must be the sum of vp_by_source")
    if s.phase == "over":
        if s.result != ranking(s):
            raise StateError("result must be the final scores of the players' points")
        return s
    seats = engine.pending(s)
    if not seats or any(not engine.legal_actions(s, seat) for seat in seats):
        raise StateError("task: nobody could move at this decision")
    s.decided = None  # a state read starts with no decision, as a copy does (tabletop/core.py)
    return s


def _workers(obj: dict[str, Any], queue: list[tuple[Any, Any]]) -> None:
    """§3.5: a Worker holds its pieces from its equipping to its action, and while a round's
    Workers are equipped no card has acted yet; a building paid for has a tile left."""
    equipping = False
    waiting: set[tuple[int, str]] = set()  # (seat, card): an action not started yet
    equipped: set[tuple[int, str]] = set()  # its equipping done, or at its Worker C choice
    unequipped: set[tuple[int, str]] = set()
    for t, program in queue:
        seat, card = t["seat"], t["card"]
        if "pay" in t:
            _payment(obj, t)
        if program == ("first",):
            waiting |= {(seat, c) for c in data.WORKERS}
        elif card is None:
            continue
        elif program[0] == "equip":
            equipping = True
            (equipped if t["stage"] else unequipped).add((seat, card))
        elif t["stage"] is None and t["steps"] == list(program):
            waiting.add((seat, card))
    for seat, p in enumerate(obj["players"]):
        for card in p["revealed"] if obj["phase"] == "round" else ():
            key = (seat, card)
            if equipping and key not in waiting:
                raise StateError(f"queue: {card} of seat {seat} acts after the Workers' equipping")
            holds = key in equipped or (key in waiting and key not in unequipped)
            if card in data.WORKERS and (card in p["workers"]) != holds:
                raise StateError(f"players[{seat}].workers.{card}: not where its Worker stands")
        if set(p["workers"]) - set(p["revealed"] if obj["phase"] == "round" else ()):
            raise StateError(f"players[{seat}].workers: only a Worker of this round holds pieces")


def _is_action(t: Json, program: tuple[str, ...]) -> bool:
    """A task of a card's action (not its Worker's equipping)."""
    return t["card"] is not None and program[0] != "equip"


def _payment(obj: dict[str, Any], t: Json) -> None:
    """A payment under way (§6): for a building with a tile left, from pieces its payer has."""
    pay, seat = t["pay"], t["seat"]
    if obj["tiles"][pay["building"]] == 0:
        raise StateError(f"task.pay: no tile of {pay['building']} is left")
    pieces = obj["players"][seat]["pieces"]
    for kind, count in pay["own"].items():
        if count > pieces[kind]:
            raise StateError(f"task.pay.own.{kind}: more than seat {seat} holds")
    if pay["silver"] > pieces["silver"]:
        raise StateError(f"task.pay.silver: more than seat {seat} holds")
