"""The game state: plain data that round-trips through JSON exactly.

Every field is an int, a str, None, or a list/dict of those, so `to_json`/`from_json` are exact
and a state can be saved, diffed and replayed. Where the game is in a round is data too: a queue
of tasks still to run and the `task` being played (see `tasks.py` and `engine.py`).
"""

from __future__ import annotations

import dataclasses
import marshal
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, TypedDict

from tabletop import rng
from tabletop.core import Decision, copy_json
from tabletop.stage import Task

from . import data

Json = dict[str, Any]


def _no_pieces() -> dict[str, int]:
    return dict.fromkeys(data.KINDS, 0)


@dataclass(slots=True)
class Player:
    """One seat. `helpers` counts the helpers in the player's supply only (§ Terms)."""

    talers: int = data.START_TALERS
    pieces: dict[str, int] = field(default_factory=_no_pieces)
    helpers: int = 0
    hand: list[str] = field(default_factory=lambda: list(data.CARDS))
    #: Cards lying face up in front of the player, including this round's once revealed.
    played: list[str] = field(default_factory=list)
    #: This round's cards, once revealed (empty before the reveal and after the round).
    revealed: list[str] = field(default_factory=list)
    #: Pieces lying on this round's revealed Worker cards: card -> kind -> count.
    workers: dict[str, dict[str, int]] = field(default_factory=dict)
    vp: int = 0
    #: VP by source: "buildings", "master_builder", "palace", "market", or a helper place id.
    vp_by_source: dict[str, int] = field(default_factory=dict)
    #: Buildings this player erected this round, with any card (Master Builder bonus).
    built_this_round: int = 0
    #: Buildings that got one of this player's helpers this round (one each, §5).
    helper_buildings: list[str] = field(default_factory=list)


class Winter(TypedDict):
    """The winter variant's cards (§10); a summer game has none (`State.winter` is None)."""

    #: The face-down winter cards, top first (views show them in a fixed order: §10 hides it).
    deck: list[str]
    #: The card revealed this round, until the round ends; None in other rounds.
    card: str | None
    #: Revealed cards still in play (Village Tavern, Granary, Damsel), in the order revealed.
    in_play: list[str]
    #: Winter cards resolved and discarded, in the order discarded.
    gone: list[str]
    #: The Innkeeper place's helper's owner, or None.
    innkeeper: int | None
    #: Talers lying on the Village Tavern card (its toll while the Innkeeper is free).
    tavern: int
    #: The owners of the helpers in the Granary, in the order placed (one entry per helper).
    granary: list[int]
    #: The seats still giving to the Damsel, in seat order (all seats until it is revealed).
    damsel_in: list[int]
    #: What lies on the Damsel card: a count per kind of piece and of talers (data.DAMSEL_ITEMS).
    damsel: dict[str, int]
    #: Each seat's character cards discarded from the game (Plague, Snowdrift), for good.
    discarded: list[list[str]]


def new_winter(players: int, deck: list[str]) -> Winter:
    return {
        "deck": deck,
        "card": None,
        "in_play": [],
        "gone": [],
        "innkeeper": None,
        "tavern": 0,
        "granary": [],
        "damsel_in": list(range(players)),
        "damsel": dict.fromkeys(data.DAMSEL_ITEMS, 0),
        "discarded": [[] for _ in range(players)],
    }


@dataclass(slots=True)
class State:
    players: list[Player]
    rounds: int
    round: int = 1
    start_player: int = 0
    #: "select" (secret choice), "winter" (a winter card's decisions, before the reveal), "round"
    #: (reveal to end of round), "final" (final scoring), "over".
    phase: str = "select"
    stock: dict[str, int] = field(default_factory=_no_pieces)
    tower: dict[str, int] = field(default_factory=_no_pieces)
    #: Silver in the Forge, there for good (§6).
    forge: int = 0
    #: Pieces out of the game (turned into VP at the Palace).
    out: dict[str, int] = field(default_factory=_no_pieces)
    #: Building tiles still on the board, by building.
    tiles: dict[str, int] = field(default_factory=dict)
    #: Helper places of erected buildings (Market and Forge from the start) -> occupant or None.
    places: dict[str, int | None] = field(default_factory=dict)
    #: Cart and rider places -> the helper's owner, or None.
    traders: dict[str, int | None] = field(default_factory=dict)
    #: Cart and rider places filled this round: their helpers cannot be displaced (S000).
    fresh: list[str] = field(default_factory=list)
    #: Each seat's secret choice this round, None until chosen.
    selection: list[list[str] | None] = field(default_factory=list)
    queue: list[Task] = field(default_factory=list)
    #: The task being played and where it stands (tasks.py), or None between tasks.
    task: Json | None = None
    #: Final scores once the game is over (scoring.py).
    result: Json | None = None
    rng: int = 0
    #: The winter variant's cards (§10); None in a summer game.
    winter: Winter | None = None
    #: The decision it stands at, once a question worked it out (tabletop/core.py). Not part of the
    #: game: never saved, copied or compared; dropped by every `engine.apply`.
    decided: Decision | None = field(default=None, repr=False, compare=False)

    @property
    def n(self) -> int:
        return len(self.players)

    def seats_from_start(self) -> list[int]:
        """Task order: the start player, then clockwise."""
        n = len(self.players)
        return [(self.start_player + i) % n for i in range(n)]


def new_state(
    players: int, seed: int, start_player: int | None = None, winter: bool = False
) -> State:
    """The board after setup (§2), before the first round's income; `winter`: with the winter
    cards shuffled from the seed (§10), after the start player is drawn."""
    if players not in data.PLAYER_COUNTS:
        raise ValueError(f"players must be one of {data.PLAYER_COUNTS}, not {players}")
    seed_state = seed & rng.MASK64
    if start_player is None:
        seed_state, start_player = rng.below(seed_state, players)
    elif not 0 <= start_player < players:
        raise ValueError(f"start_player must be in 0..{players - 1}")
    state = State(
        players=[Player(helpers=data.HELPERS[players]) for _ in range(players)],
        rounds=data.ROUNDS[players],
        start_player=start_player,
        rng=seed_state,
        selection=[None] * players,
    )
    for p in state.players:
        for kind, count in data.START_PIECES.items():
            p.pieces[kind] += count
    state.tower = {k: data.TOWER_START.get(k, 0) for k in data.KINDS}
    in_hands = {k: players * data.START_PIECES.get(k, 0) for k in data.KINDS}
    state.stock = {k: data.PIECES_IN_BOX[k] - state.tower[k] - in_hands[k] for k in data.KINDS}
    state.tiles = {b: data.BUILDING[b].tiles for b in data.TILE_BUILDINGS}
    state.places = {p.id: None for b in data.START_BUILDINGS for p in data.BUILDING[b].places}
    state.traders = dict.fromkeys(data.TRADER_PLACES)
    if winter:
        state.rng, deck = rng.shuffled(state.rng, list(data.WINTER_CARDS))
        state.winter = new_winter(players, deck)
    return state


PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(Player))
STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State) if f.name != "decided")
_GAME_FIELDS = attrgetter(*(name for name in STATE_FIELDS if name != "players"))
_SEAT_FIELDS = attrgetter(*PLAYER_FIELDS)


def to_json(state: State) -> Json:
    """The state as a JSON-ready dict (a deep copy)."""
    out = {name: copy_json(getattr(state, name)) for name in STATE_FIELDS if name != "players"}
    out["players"] = [
        {name: copy_json(getattr(p, name)) for name in PLAYER_FIELDS} for p in state.players
    ]
    return {name: out[name] for name in STATE_FIELDS}


def mark(state: State) -> bytes:
    """Every field of the game in one byte string: equal marks, equal states. Marshal walks the
    plain data in C (a few microseconds), so a decision can tell that its state was changed by
    hand (tabletop/core.py)."""
    return marshal.dumps((_GAME_FIELDS(state), [_SEAT_FIELDS(p) for p in state.players]))


class StateError(ValueError):
    """Not a game state the engine can play on (the message names the field)."""


class NotAState(StateError):
    """A JSON object that is not a whole game state (a seat's view, for one)."""


def from_json(obj: Json) -> State:
    """The inverse of `to_json`, unchecked: for the engine's own objects (a view it made,
    completed by `view.determinize`). A state from outside goes through `CASTLE.from_json`,
    which checks it first (state_check.py)."""
    fields = copy_json(obj)
    players = [Player(**p) for p in fields.pop("players")]
    return State(players=players, **fields)


def _copy_player(p: Player) -> Player:
    return Player(
        talers=p.talers,
        pieces=p.pieces.copy(),
        helpers=p.helpers,
        hand=p.hand.copy(),
        played=p.played.copy(),
        revealed=p.revealed.copy(),
        workers={card: kinds.copy() for card, kinds in p.workers.items()},
        vp=p.vp,
        vp_by_source=p.vp_by_source.copy(),
        built_this_round=p.built_this_round,
        helper_buildings=p.helper_buildings.copy(),
    )


def clone(state: State) -> State:
    """An independent copy, for search and for refusing actions without side effects.

    Field by field, each at the depth it has (a search copies states tens of thousands of times
    a decision): about 20 times faster than a JSON round trip. `tests/test_properties.py` checks
    that it covers every field and shares nothing mutable with the original.
    """
    s = state
    return State(
        players=[_copy_player(p) for p in s.players],
        rounds=s.rounds,
        round=s.round,
        start_player=s.start_player,
        phase=s.phase,
        stock=s.stock.copy(),
        tower=s.tower.copy(),
        forge=s.forge,
        out=s.out.copy(),
        tiles=s.tiles.copy(),
        places=s.places.copy(),
        traders=s.traders.copy(),
        fresh=s.fresh.copy(),
        selection=[None if cards is None else cards.copy() for cards in s.selection],
        queue=copy_json(s.queue),
        task=copy_json(s.task),
        result=copy_json(s.result),
        rng=s.rng,
        winter=None if s.winter is None else copy_json(s.winter),
    )
