"""The end and the scores (§12): end-of-game cards, then crystals + prestige − 5 per card in
hand − the bonus penalty; ranks by score, then cards in play, then shared (§16.6)."""

from __future__ import annotations

from tabletop.stage import Events, event

from . import data
from .cards import CARDS
from .state import Json, State


def _end_of_game_bonus(s: State, seat: int, card: int) -> int:
    """What one end-of-game card adds now (each copy on its own, §16.3)."""
    p = s.players[seat]
    ((name, amount),) = CARDS[card].end_of_game
    assert isinstance(amount, int)
    if name == "helm":
        mine = len(p.play)
        return amount if all(mine > len(s.players[o].play) for o in s.opponents(seat)) else 0
    if name == "per_energy":
        return amount * sum(p.reserve)
    if name == "if_no_familiar":
        return 0 if any(CARDS[c["card"]].family == "familiar" for c in p.play) else amount
    raise ValueError(f"no end-of-game effect {name!r}")


def breakdown(s: State, seat: int) -> dict[str, int]:
    """The score's parts (§12.4): crystals, each end-of-game card's bonus on its own (keyed
    `end_of_game <number>`, a second copy `end_of_game <number>/2`), the PP, the penalties."""
    p = s.players[seat]
    parts = {"crystals": p.crystals}
    for c in p.play:
        if CARDS[c["card"]].end_of_game:
            key = f"end_of_game {c['card']}"
            parts[f"{key}/2" if key in parts else key] = _end_of_game_bonus(s, seat, c["card"])
    parts["prestige"] = sum(CARDS[c["card"]].pp for c in p.play)
    parts["hand"] = -data.HAND_PENALTY * len(p.hand)
    parts["bonus"] = -data.BONUS_PENALTY[p.bonuses]
    return parts


def finish(s: State, ev: Events) -> None:
    rows: list[Json] = []
    key: dict[int, tuple[int, int]] = {}
    for seat in range(s.n):
        parts = breakdown(s, seat)
        rows.append({"seat": seat, "score": sum(parts.values()), "breakdown": parts})
        key[seat] = (sum(parts.values()), len(s.players[seat].play))
    ranking = sorted(range(s.n), key=lambda seat: (-key[seat][0], -key[seat][1], seat))
    best = key[ranking[0]]
    result: Json = {
        "ranking": ranking,
        "winners": [seat for seat in ranking if key[seat] == best],
        "ranks": [
            1 + sum(1 for other in range(s.n) if key[other] > key[seat]) for seat in range(s.n)
        ],
        "seats": rows,
    }
    s.result = result
    s.over = True
    s.task, s.queue = None, []
    ev.append(event("game_over", scores=[row["score"] for row in rows]))
