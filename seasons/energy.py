"""Energy: the reserve and its limit, overflow, what pays a cost, transmutation (§7, §8)."""

from __future__ import annotations

from tabletop.stage import Events, event

from . import data
from .cards import CARDS, Cost
from .state import InPlay, Player, State


def has_modifier(p: Player, modifier: str) -> int:
    """How many of the player's cards in play have this permanent effect."""
    return sum(1 for c in p.play if modifier in CARDS[c["card"]].modifiers)


def stores(p: Player) -> list[InPlay]:
    """The player's cards whose stored tokens are spendable (Amulet of Water, §7)."""
    return [c for c in p.play if "stores" in CARDS[c["card"]].modifiers]


def spendable(p: Player) -> list[int]:
    """Energies the player may pay or spend by its own choice: the reserve and the tokens on
    its own Amulets of Water (§7; ⚖ `ruling.water_amulet_pays`)."""
    out = list(p.reserve)
    for c in stores(p):
        for kind, amount in enumerate(c["stored"]):
            out[kind] += amount
    return out


def limit(p: Player) -> int:
    """The reserve's limit: 7, or 10 with a Bespelled Grimoire in play (two give no more)."""
    return data.GRIMOIRE_LIMIT if has_modifier(p, "reserve_limit") else data.RESERVE_LIMIT


def excess(p: Player) -> int:
    return max(0, sum(p.reserve) - limit(p))


def add(p: Player, amounts: tuple[int, ...] | list[int]) -> None:
    for kind, amount in enumerate(amounts):
        p.reserve[kind] += amount


def rate(s: State, seat: int, kind: int, bonus_transmutes: int) -> int:
    """Crystals for one energy transmuted now (§8): the season's chart, + 1 per Purse of Io,
    + 1 per transmute bonus used earlier this turn."""
    season = data.season_of(s.position)
    purses = has_modifier(s.players[seat], "purse")
    return data.TRANSMUTATION[season][kind] + purses + bonus_transmutes


def fortune(p: Player) -> int:
    """How many tokens Hands of Fortune take off a summoning cost's energies (§9.2.3)."""
    return has_modifier(p, "fortune")


def lowered(cost: Cost, hands: int) -> int:
    """Tokens taken off the energy part: never below 1 token in all."""
    total = sum(cost.energies)
    return max(0, min(hands, total - 1))


def payable(reserve: list[int], cost: Cost, reductions: int) -> bool:
    """Whether these energies (the spendable ones) pay the energy part with `reductions`
    tokens of it waived."""
    short = sum(max(0, need - have) for need, have in zip(cost.energies, reserve, strict=True))
    return short <= reductions


def leeches(s: State, seat: int) -> list[int]:
    """The seat of each opponent's Arcano Leech, one entry per card (§9.2.4)."""
    return [
        other
        for other in s.opponents(seat)
        for c in s.players[other].play
        if "leech" in CARDS[c["card"]].modifiers
    ]


def give(s: State, giver: int, taker: int, crystals: int, ev: Events, why: str) -> int:
    """X gives N c: min(N, X's crystals) move (terms of docs/seasons-rules.md)."""
    moved = min(crystals, s.players[giver].crystals)
    s.players[giver].crystals -= moved
    s.players[taker].crystals += moved
    ev.append(event("crystals_given", p=giver, to=taker, crystals=moved, by=why))
    return moved
