"""Setup and the prelude (§2, §3): the dice in use, the cards of the level, the Apprentice's
decks or the draft, and each player's split of nine cards into a hand and two libraries."""

from __future__ import annotations

from tabletop import chance
from tabletop.refusal import Refusal
from tabletop.stage import Action, Events, Stage, Task, event

from . import data
from .asks import CODEC
from .state import Player, State


def level_cards(level: str) -> list[int]:
    """Two copies of each card of the level (§3), in number order."""
    return [number for number in data.LEVEL_CARDS[level] for _ in range(data.COPIES)]


def set_up(s: State, ev: Events) -> None:
    """The dice of each season drawn (2–3 players; public), the cards shuffled and handed out:
    a pre-built deck each, dealt at random (Apprentice), or nine each to draft."""
    used = s.n + data.EXTRA_DICE
    for season in data.SEASONS:
        dice = list(data.SEASON_DICE[season])
        s.dice[season] = sorted(chance.shuffle(s, ev, "season_dice", dice)[:used])
    ev.append(event("dice_chosen", dice={season: list(d) for season, d in s.dice.items()}))
    cards = level_cards(s.level)
    if s.level == "apprentice":
        decks = chance.shuffle(s, ev, "decks", list(range(len(data.DECKS))))[: s.n]
        for seat, deck in enumerate(decks):
            dealt = list(data.DECKS[deck])
            s.players[seat].unsplit = sorted(dealt)
            for card in dealt:
                cards.remove(card)
        s.decks = decks
        ev.append(event("decks_dealt", decks=decks))
        s.pile = chance.shuffle(s, ev, "draw_pile", cards)
        return
    cards = chance.shuffle(s, ev, "draw_pile", cards)
    s.packets = [sorted(cards[k * 9 : (k + 1) * 9]) for k in range(s.n)]
    s.pile = cards[s.n * 9 :]
    _handed(s)


def _handed(s: State) -> None:
    """Each seat remembers the packet it is handed (§16.4)."""
    for seat, packet in enumerate(s.packets):
        s.players[seat].draft_packets.append(list(packet))


# --- the draft: keep one, pass the rest to the left ----------------------------------------------


def _draft_deciders(s: State, t: Task) -> list[int]:
    size = data.STARTING_CARDS - t["picked"]
    return [seat for seat in range(s.n) if len(s.packets[seat]) == size]


def _draft_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "keep", card) for card in sorted(set(s.packets[seat]))]


def _draft_check(s: State, t: Task, a: Action) -> Refusal | None:
    if a["card"] not in s.packets[a["p"]]:
        return Refusal("draft.not_in_packet", {"card": a["card"]})
    return None


def _draft_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    seat = a["p"]
    s.packets[seat].remove(a["card"])
    s.players[seat].unsplit.append(a["card"])
    s.players[seat].draft_kept.append(a["card"])
    ev.append(event("drafted", p=seat))
    if _draft_deciders(s, t):
        return
    s.packets = [s.packets[(seat - 1) % s.n] for seat in range(s.n)]  # each to the left
    ev.append(event("passed", left=len(s.packets[0])))
    if s.packets[0]:
        _handed(s)
    t["stage"] = None


DRAFT = Stage(
    "draft",
    ("keep",),
    _draft_candidates,
    _draft_check,
    _draft_perform,
    deciders=_draft_deciders,
    simultaneous=True,
    kind="cards",
)


# --- the libraries: three sets of three, in secret -----------------------------------------------


def _split_deciders(s: State, _t: Task) -> list[int]:
    return [seat for seat, p in enumerate(s.players) if len(p.unsplit) > data.SET_SIZE]


def _split_candidates(s: State, _t: Task, seat: int) -> list[Action]:
    return [CODEC.make(seat, "split", card) for card in sorted(set(s.players[seat].unsplit))]


def _split_check(s: State, _t: Task, a: Action) -> Refusal | None:
    if a["card"] not in s.players[a["p"]].unsplit:
        return Refusal("split.not_yours", {"card": a["card"]})
    return None


def placed(p: Player) -> int:
    return len(p.hand) + len(p.libraries[0])


def _split_perform(s: State, t: Task, a: Action, ev: Events) -> None:
    """The first three cards placed are the hand, the next three Library II, the rest III."""
    p = s.players[a["p"]]
    p.unsplit.remove(a["card"])
    (p.hand if len(p.hand) < data.SET_SIZE else p.libraries[0]).append(a["card"])
    if len(p.unsplit) == data.SET_SIZE:
        p.libraries[1], p.unsplit = sorted(p.unsplit), []
        p.hand.sort()
        p.libraries[0].sort()
        ev.append(event("libraries_built", p=a["p"]))
    if not _split_deciders(s, t):
        t["stage"] = None


SPLIT = Stage(
    "split",
    ("split",),
    _split_candidates,
    _split_check,
    _split_perform,
    deciders=_split_deciders,
    simultaneous=True,
    kind="cards",
)

STAGES: dict[str, Stage[State]] = {"draft": DRAFT, "split": SPLIT}
