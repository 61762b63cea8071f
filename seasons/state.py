"""The state of a game of *Seasons*: plain data that round-trips through JSON exactly.

Cards are their numbers (two copies of a number are alike in a hand or a pile); a card in play
is a dict `{"card", "turned", "stored"}`, so that two copies in play act on their own (§16.3).
Energies are lists of four amounts in `data.ENERGIES` order. The game's generator is one integer
(tabletop/rng.py), drawn only through chance steps (tabletop/chance.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from tabletop import core
from tabletop.core import copy_json
from tabletop.stage import Task

Json = dict[str, Any]
InPlay = dict[str, Any]


def leave_hand(p: Player, card: int) -> None:
    """A card leaves the hand in the open: what anyone knew of one of its copies there goes
    (another copy may be the one that stayed). Unless it was known to all to be there, it is
    one more card the others may tell from the starting cards they know of (§16.4)."""
    p.hand.remove(card)
    if card in p.known:
        p.known.remove(card)
    else:
        p.shown_from_hand.append(card)
    for known in p.told:
        if card in known:
            known.remove(card)


def in_play(s: State, card: int) -> InPlay:
    """A card entering play: ready, nothing stored (§9.5), with an id of its own for as long as
    it stays in play (two copies act on their own, §16.3)."""
    s.next_uid += 1
    return {"uid": s.next_uid, "card": card, "turned": False, "stored": [0, 0, 0, 0]}


@dataclass(slots=True)
class Player:
    crystals: int = 0
    gauge: int = 0
    #: Bonus actions used so far (§11).
    bonuses: int = 0
    reserve: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand: list[int] = field(default_factory=list)
    #: Library II and Library III (§3), until their year begins.
    libraries: list[list[int]] = field(default_factory=lambda: [[], []])
    play: list[InPlay] = field(default_factory=list)
    #: The die taken this round (its name) and the face it shows.
    die: str | None = None
    face: int | None = None
    #: The cards this player alone saw discarded (§10: its private record).
    discarded_seen: list[int] = field(default_factory=list)
    #: While drafting and splitting the nine starting cards (§3): the cards not yet placed.
    unsplit: list[int] = field(default_factory=list)
    #: Cards drawn and looked at, not yet placed (hidden like the hand, §10).
    looking: list[int] = field(default_factory=list)
    #: Cards every seat knows to be in this hand (an item Amsug returned to it, §16.5).
    known: list[int] = field(default_factory=list)
    #: The card this player knows to be on top of the draw pile (Crystal Orb put it back,
    #: §16.5), until it is drawn or moved.
    pile_top: int | None = None
    #: For each seat, the cards that seat alone knows to be in this hand (Naria's gifts: her
    #: holder knows each, §16.5). The hand's owner needs none.
    told: list[list[int]] = field(default_factory=list)
    #: The draft as this player saw it (§16.4): each packet it was handed, pass by pass, and
    #: the card it kept from each.
    draft_packets: list[list[int]] = field(default_factory=list)
    draft_kept: list[int] = field(default_factory=list)
    #: The cards it took out of its hand in the open, but those all knew to be there (public:
    #: what a seat knows of its starting cards tells which may still be hidden, §16.4).
    shown_from_hand: list[int] = field(default_factory=list)


@dataclass(slots=True)
class State:
    players: list[Player]
    level: str
    #: The dice in use each season (§2: drawn at setup with 2–3 players, public).
    dice: dict[str, list[str]]
    #: The season token's absolute position (§4: 12·(year − 1) + space).
    position: int = 1
    #: The years whose libraries joined the hands (§4: once each).
    years_begun: list[int] = field(default_factory=lambda: [1])
    first: int = 0
    round: int = 1
    #: The dice rolled this round and not yet taken: name → face index.
    rolled: dict[str, int] = field(default_factory=dict)
    pile: list[int] = field(default_factory=list)
    #: The discard pile, face down; the top is the end of the list.
    discard: list[int] = field(default_factory=list)
    #: The public discard log (§10): every card that was public when it was discarded.
    discard_log: list[int] = field(default_factory=list)
    #: Where the log and each player's private record stood at the last reshuffle: the cards
    #: after it are known to be in the discard pile (those before went into the draw pile).
    reshuffled_at: list[int] = field(default_factory=list)
    #: The draft (§3): the packet each seat holds now, and what each seat saw of it.
    packets: list[list[int]] = field(default_factory=list)
    #: The pre-built deck each seat was dealt, openly (Apprentice, §3.5, §16.4).
    decks: list[int] = field(default_factory=list)
    #: Temporal Boots left the token beyond the last position this round (§4).
    beyond: bool = False
    #: The last id given to a card entering play.
    next_uid: int = 0
    over: bool = False
    result: Json | None = None
    task: Task | None = None
    queue: list[Task] = field(default_factory=list)
    rng: int = 0
    #: The decision it stands at (tabletop/core.py): never saved, copied or compared.
    decided: core.Decision | None = field(default=None, repr=False, compare=False)

    @property
    def n(self) -> int:
        return len(self.players)

    def opponents(self, seat: int) -> list[int]:
        """Every other seat, clockwise from `seat`'s left neighbour (⚖ `ruling.clockwise`)."""
        return [(seat + k) % self.n for k in range(1, self.n)]

    def seats_from_first(self) -> list[int]:
        return [(self.first + k) % self.n for k in range(self.n)]


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(State) if f.name != "decided")


def to_json(s: State) -> Json:
    out: Json = {}
    for name in _STATE_FIELDS:
        value = getattr(s, name)
        if name == "players":
            value = [{k: copy_json(getattr(p, k)) for k in _PLAYER_FIELDS} for p in value]
        else:
            value = copy_json(value)
        out[name] = value
    return out


def from_json(obj: Json) -> State:
    return adopt(copy_json(obj))


def adopt(obj: Json) -> State:
    """A state whose fields are `obj`'s own values, not copies of them: only for a dict no one
    else holds (or, as `determinize` does, to be cloned at once)."""
    return State(**{**obj, "players": [Player(**p) for p in obj["players"]]})


def clone(s: State) -> State:
    """A fast independent copy (a search makes many)."""
    return State(
        players=[
            Player(
                p.crystals,
                p.gauge,
                p.bonuses,
                list(p.reserve),
                list(p.hand),
                [list(lib) for lib in p.libraries],
                [{**c, "stored": list(c["stored"])} for c in p.play],
                p.die,
                p.face,
                list(p.discarded_seen),
                list(p.unsplit),
                list(p.looking),
                list(p.known),
                p.pile_top,
                [list(cards) for cards in p.told],
                [list(packet) for packet in p.draft_packets],
                list(p.draft_kept),
                list(p.shown_from_hand),
            )
            for p in s.players
        ],
        level=s.level,
        dice={season: list(dice) for season, dice in s.dice.items()},
        position=s.position,
        years_begun=list(s.years_begun),
        first=s.first,
        round=s.round,
        rolled=dict(s.rolled),
        pile=list(s.pile),
        discard=list(s.discard),
        discard_log=list(s.discard_log),
        reshuffled_at=list(s.reshuffled_at),
        packets=[list(packet) for packet in s.packets],
        decks=list(s.decks),
        beyond=s.beyond,
        next_uid=s.next_uid,
        over=s.over,
        result=copy_json(s.result),
        task=copy_json(s.task),
        queue=copy_json(s.queue),
        rng=s.rng,
    )
