"""What the board promises, as the strategist's rules read it: the rounds left, the buildings a
hand can pay, what a helper place is projected to score at the end, and what an erection gives
the helpers already in the castle. Everything here reads only what every seat sees.

These are a person's quick projections (the tiles thinned out at a steady pace, half the free
places filled), not the estimate of `castle/bots/value.py`: the rules compare them by the
thresholds of `advice.py`.
"""

from __future__ import annotations

from ... import data, payment, scoring
from ...state import State
from .advice import value


def rounds_left(s: State) -> int:
    """Rounds still to play after this one (0 in the last round and at the end)."""
    if s.phase in ("final", "over"):
        return 0
    return max(0, s.rounds - s.round)


def taler_vp(s: State, seat: int) -> float:
    """What a taler counts for the rules: `taler_vp` while rounds are left to pay fees in; in
    the last round only what the seat's Market places make of it."""
    markets = scoring.held(s, seat, "market")
    end = 1.0 / data.MARKET_TALERS_PER_VP[markets] if markets else 0.0
    return value("taler_vp") if rounds_left(s) else end


def bp_vp(s: State) -> float:
    """What a BP held counts while it can still become a building: `bp_vp`, less in the last
    `bp_fade_rounds` rounds, nothing in the last round (the Palace is counted by its
    places)."""
    return value("bp_vp") * min(1.0, rounds_left(s) / value("bp_fade_rounds"))


def with_pieces(pieces: dict[str, int], extra: dict[str, int]) -> dict[str, int]:
    out = dict(pieces)
    for kind, n in extra.items():
        out[kind] = out.get(kind, 0) + n
    return out


def payable(s: State, pieces: dict[str, int]) -> list[str]:
    """The buildings whose tiles are on the board and which `pieces` can pay."""
    return [
        b
        for b in data.TILE_BUILDINGS
        if s.tiles[b] and payment.affordable(data.BUILDING[b].cost, pieces, s.stock)
    ]


def projected_tiles(s: State) -> dict[str, int]:
    """The tiles left at the end if the table erects `builds_per_round` a round from now on,
    every kind thinned alike."""
    left = dict(s.tiles)
    total = sum(left.values())
    if not total:
        return left
    built = min(total, value("builds_per_round") * (rounds_left(s) + 1))
    return {k: round(n - built * n / total) for k, n in left.items()}


def place_outlook(s: State, seat: int, place: str, tiles: dict[str, int]) -> float:
    """What a helper of `seat` at `place` is projected to score at the end."""
    if place in data.WINTER_PLACES:
        return _winter_outlook(s, seat, place)
    scoring_kind = data.PLACE[place].scoring
    p = s.players[seat]
    if scoring_kind == "palace":
        best = sorted(
            (data.BP[k] for k in data.BUILDING_KINDS for _ in range(p.pieces[k])), reverse=True
        )
        return float(max(value("palace_pieces_bp"), sum(best[: data.PALACE_PIECES])))
    if scoring_kind == "market":
        markets = scoring.held(s, seat, "market") + 1
        after = p.talers - data.PLACE[place].fee
        return max(0.0, after) / data.MARKET_TALERS_PER_VP[markets]
    vp = float(scoring.place_vp(s.places, tiles, s.forge, place))
    if scoring_kind == "free_castle_places":
        vp *= value("keep_filled")
    elif scoring_kind.startswith("occupied_castle_places"):
        occupied = sum(1 for o in s.places.values() if o is not None) + 1 + value("tavern_more")
        vp = occupied / data.PLACE[place].rate if scoring_kind.endswith("_per_n") else occupied
    elif scoring_kind.startswith("forge_silver"):
        silver = s.forge + value("forge_more")
        vp = silver // data.PLACE[place].rate if scoring_kind.endswith("_per_n") else silver
    return float(vp)


def _winter_outlook(s: State, seat: int, place: str) -> float:
    """The Granary: what one more helper there scores; the Innkeeper: the talers on the card
    and `innkeeper_tolls` tolls to come, at `taler_vp`."""
    assert s.winter is not None
    if place == "granary":
        count = len(s.winter["granary"]) + 1
        return float(data.GRANARY_VP.get(count, 0))
    tolls = value("innkeeper_tolls") * data.TAVERN_TOLL
    return (s.winter["tavern"] + tolls) * taler_vp(s, seat)


def place_gain(s: State, seat: int, place: str, tiles: dict[str, int]) -> float:
    """A place's projected VP less its fee at the rules' worth of a taler."""
    fee = data.WINTER_PLACES[place].fee if place in data.WINTER_PLACES else data.PLACE[place].fee
    return place_outlook(s, seat, place, tiles) - fee * taler_vp(s, seat)


def best_free_place(s: State, seat: int, talers: int, building: str | None = None) -> float:
    """The best gain of one helper placed now in a free castle place the seat can pay (of
    `building` only, if given, as if just erected); 0 if none is worth it."""
    tiles = projected_tiles(s)
    places = (
        [p.id for p in data.BUILDING[building].places]
        if building is not None
        else [p for p, owner in s.places.items() if owner is None]
    )
    best = 0.0
    for place in places:
        if data.PLACE[place].fee <= talers:
            best = max(best, place_gain(s, seat, place, tiles))
    return best


def erection_effect(s: State, seat: int, building: str) -> tuple[float, float]:
    """What erecting `building` now adds to the end VP of the helpers already placed: (the
    seat's own, the others'). A Tower adds to the Gates, a House to the Stable, every tile
    taken costs the Servants' House a VP, and new free places add to the Keep."""
    before, after = dict(s.tiles), dict(s.tiles)
    after[building] -= 1
    new_places = dict(s.places) | {p.id: None for p in data.BUILDING[building].places}
    mine = theirs = 0.0
    for place, owner in s.places.items():
        if owner is None or data.PLACE[place].scoring in scoring.DECIDED_AT_END:
            continue
        gained = scoring.place_vp(new_places, after, s.forge, place) - scoring.place_vp(
            s.places, before, s.forge, place
        )
        if owner == seat:
            mine += gained
        else:
            theirs += gained
    return mine, theirs
