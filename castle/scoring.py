"""Final scoring (§8): cart helpers removed, silver converted, Palace and Market conversions,
every other helper place (winter: the Granary), then the ranking with its tie-breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.refusal import Refusal
from tabletop.stage import AutoStep, Events, Stage, Task, event

from . import data, winter
from .actions import Action, make
from .state import State
from .tasks import task


def final_queue(s: State) -> list[Task]:
    """The steps of §8, in order; "start player" is the start player of the last round."""
    order = s.seats_from_start()
    queue = [task(["clear_carts"])]
    queue += [task(["convert"], seat) for seat in order]
    queue += [task(["palace"], seat) for seat in order if held(s, seat, "palace")]
    queue += [task(["market"], seat) for seat in order if held(s, seat, "market")]
    queue.append(task(["score"]))
    return queue


def held(s: State, seat: int, scoring: str) -> int:
    """How many places of that scoring kind the seat holds."""
    return sum(
        1
        for place, owner in s.places.items()
        if owner == seat and data.PLACE[place].scoring == scoring
    )


def clear_carts(s: State, t: Task, ev: Events) -> None:
    """Step 1: helpers at the carts and the rider go home; they score nothing."""
    for place, owner in s.traders.items():
        if owner is not None:
            s.players[owner].helpers += 1
            s.traders[place] = None
            ev.append(event("cart_helper_removed", p=owner, place=place))


# --- Step 2: converting silver at the Forge ----------------------------------------------------


def _convert_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "convert", k) for k in data.FORGE_KINDS] + [make(seat, "done")]


def forge_check(s: State, seat: int, kind: str) -> Refusal | None:
    """One conversion at the Forge (§6): 1 silver in, 1 building piece out of the stock."""
    if kind not in data.FORGE_KINDS:
        return Refusal("forge.not_building_piece", {"kind": kind})
    if s.players[seat].pieces["silver"] < 1:
        return Refusal("forge.no_silver")
    if s.stock[kind] < 1:
        return Refusal("forge.kind_not_in_stock", {"kind": kind})
    return None


def forge_convert(s: State, seat: int, kind: str, ev: Events) -> None:
    p = s.players[seat]
    p.pieces["silver"] -= 1
    s.forge += 1
    s.stock[kind] -= 1
    p.pieces[kind] += 1
    ev.append(event("forge_converted", p=seat, kind=kind))


def _convert_check(s: State, t: Task, a: Action) -> Refusal | None:
    return None if a["do"] == "done" else forge_check(s, a["p"], a["kind"])


def _convert_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    if a["do"] == "done":
        t["stage"] = None
    else:
        forge_convert(s, a["p"], a["kind"], ev)


CONVERT = Stage(
    "convert", ("convert", "done"), _convert_candidates, _convert_check, _convert_perform
)


# --- Step 3: the Palace ------------------------------------------------------------------------


def _palace_enter(s: State, t: Task, ev: Events) -> bool:
    t["left"] = data.PALACE_PIECES * held(s, t["seat"], "palace")
    return True


def _palace_candidates(s: State, t: Task, seat: int) -> list[Action]:
    return [make(seat, "palace", k) for k in data.BUILDING_KINDS] + [make(seat, "done")]


def _palace_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["do"] == "done":
        return None
    kind = a["kind"]
    if t["left"] < 1:
        return Refusal("palace.limit", {"max": data.PALACE_PIECES})
    if kind not in data.BUILDING_KINDS:
        return Refusal("palace.not_building_piece", {"kind": kind})
    if s.players[a["p"]].pieces[kind] < 1:
        return Refusal("palace.no_piece", {"kind": kind})
    return None


def _palace_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    if a["do"] == "done":
        t["stage"] = None
        return
    kind, p = a["kind"], s.players[a["p"]]
    p.pieces[kind] -= 1
    s.out[kind] += 1
    vp = data.BP[kind]
    _score(p.vp_by_source, "palace", vp)
    p.vp += vp
    t["left"] -= 1
    ev.append(event("palace_scored", p=a["p"], kind=kind, vp=vp))


PALACE = Stage(
    "palace",
    ("palace", "done"),
    _palace_candidates,
    _palace_check,
    _palace_perform,
    _palace_enter,
)


# --- Step 4: the Market ------------------------------------------------------------------------


def market_rate(s: State, seat: int) -> int:
    """Talers a seat pays the Market for 1 VP (the page says what each choice costs)."""
    return data.MARKET_TALERS_PER_VP[held(s, seat, "market")]


def _market_candidates(s: State, t: Task, seat: int) -> list[Action]:
    most = s.players[seat].talers // market_rate(s, seat)
    return [make(seat, "market", vp) for vp in range(most, -1, -1)]


def _market_check(s: State, t: Task, a: Action) -> Refusal | None:
    rate = market_rate(s, a["p"])
    if a["vp"] < 0:
        return Refusal("action.negative_count")
    if a["vp"] * rate > s.players[a["p"]].talers:
        return Refusal("market.not_enough_talers", {"talers": a["vp"] * rate})
    return None


def _market_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    p, vp = s.players[a["p"]], a["vp"]
    talers = vp * market_rate(s, a["p"])
    p.talers -= talers
    p.vp += vp
    _score(p.vp_by_source, "market", vp)
    ev.append(event("market_scored", p=a["p"], talers=talers, vp=vp))
    t["stage"] = None


MARKET = Stage(
    "market", ("market",), _market_candidates, _market_check, _market_perform, kind="amount"
)


# --- Step 5: every other place, and the ranking ------------------------------------------------


def _score(by_source: dict[str, int], source: str, vp: int) -> None:
    by_source[source] = by_source.get(source, 0) + vp


#: Places whose worth is a decision at the end (§8 steps 3 and 4), not a count.
DECIDED_AT_END = ("palace", "market")


def place_units(
    places: Mapping[str, int | None], tiles: Mapping[str, int], forge: int, scoring: str
) -> int | None:
    """What a place of that scoring counts at the end; None for Palace and Market (decisions).

    It reads only what every player sees (the castle's places, the tiles left, the Forge), so
    a seat's view can be scored as well as a state."""
    castle = list(places.values())
    if scoring == "free_castle_places":
        return castle.count(None)
    if scoring in ("occupied_castle_places", "occupied_castle_places_per_n"):
        return len(castle) - castle.count(None)
    if scoring == "towers":
        return data.BUILDING[data.TOWER].tiles - tiles[data.TOWER]
    if scoring == "houses":
        return data.BUILDING[data.HOUSE].tiles - tiles[data.HOUSE]
    if scoring == "tiles_on_board":
        return sum(tiles.values())
    if scoring in ("forge_silver", "forge_silver_per_n"):
        return forge
    return None


def place_vp(
    places: Mapping[str, int | None], tiles: Mapping[str, int], forge: int, place_id: str
) -> int:
    place = data.PLACE[place_id]
    units = place_units(places, tiles, forge, place.scoring)
    if units is None:
        return 0
    if place.scoring.endswith("_per_n"):
        return units // place.rate
    return units * place.rate


def preview(
    places: Mapping[str, int | None], tiles: Mapping[str, int], forge: int
) -> dict[str, int]:
    """What each helper place of the castle would score if the game ended now (§8 step 5),
    for the board and for computer opponents' evaluations; Palace and Market are left out,
    their worth being the owner's conversion at the end. From a state (`s.places, s.tiles,
    s.forge`) or a view (`v["places"], v["tiles"], v["forge"]`)."""
    return {
        place_id: place_vp(places, tiles, forge, place_id)
        for place_id in places
        if place_id in data.PLACE and data.PLACE[place_id].scoring not in DECIDED_AT_END
    }


def piece_bp(pieces: dict[str, int]) -> int:
    return sum(pieces[k] * data.BP[k] for k in data.BUILDING_KINDS)


def score(s: State, t: Task, ev: Events) -> None:
    for place_id in data.PLACE:
        owner = s.places.get(place_id)
        if owner is None or data.PLACE[place_id].scoring in DECIDED_AT_END:
            continue
        vp = place_vp(s.places, s.tiles, s.forge, place_id)
        p = s.players[owner]
        p.vp += vp
        _score(p.vp_by_source, place_id, vp)
        ev.append(event("place_scored", p=owner, place=place_id, vp=vp))
    granary = winter.granary_vp(s)
    for owner in s.winter["granary"] if s.winter else ():
        p = s.players[owner]
        p.vp += granary
        _score(p.vp_by_source, "granary", granary)
        ev.append(event("place_scored", p=owner, place="granary", vp=granary))
    s.result = ranking(s)
    s.phase = "over"
    ev.append(event("game_over", winners=list(s.result["winners"])))


def ranking(s: State) -> dict[str, Any]:
    """Most VP wins; ⚖ ties go to most talers, then most BP of building pieces (S003)."""
    rows: list[dict[str, Any]] = [
        {
            "seat": seat,
            "vp": p.vp,
            "by_source": dict(p.vp_by_source),
            "talers": p.talers,
            "piece_bp": piece_bp(p.pieces),
        }
        for seat, p in enumerate(s.players)
    ]
    keys = ("vp", *data.TIE_BREAKS)
    order = sorted(rows, key=lambda r: tuple(-r[k] for k in keys))
    top = order[0]
    tied = [r for r in rows if r["vp"] == top["vp"]]
    tie_break = None
    for key in data.TIE_BREAKS:
        if len(tied) == 1:
            break
        tie_break = key
        best = max(r[key] for r in tied)
        tied = [r for r in tied if r[key] == best]
    if len(tied) > 1:
        tie_break = "shared"
    return {
        "players": rows,
        "ranking": [r["seat"] for r in order],
        "winners": [r["seat"] for r in tied],
        "tie_break": tie_break,
    }


STAGES = {"convert": CONVERT, "palace": PALACE, "market": MARKET}
AUTO_STEPS: dict[str, AutoStep[State]] = {"clear_carts": clear_carts, "score": score}


def left_unused(s: State, seat: int) -> dict[str, float]:
    """What a seat ended the game holding and never turned into VP: its pieces' building value
    (BP) and its talers (the arena's measure, docs/bots.md: a strong player leaves little)."""
    p = s.players[seat]
    return {"unused BP": piece_bp(p.pieces), "unused talers": p.talers}
