"""Shared helpers for rule scenarios: build a situation from the spec, then play it by text.

Scenarios drive the engine the way the page does: through `apply` with actions, in their text
form (`p0 trader sand_cart`). Before the first selection a test may set up any situation by
editing the state's plain data (pieces, talers, tiles, helpers) — see `give`.
"""

from __future__ import annotations

import pytest

from castle import (
    IllegalAction,
    apply,
    data,
    decision,
    legal_actions,
    new_game,
    parse,
    pending,
    to_json,
    to_text,
    why_not,
)
from castle.state import State
from tabletop.stage import Events


def game(players: int = 3, start: int = 0, seed: int = 0) -> State:
    """A new game at its first secret selection, seat `start` starting."""
    s, _ = new_game(players, seed, start)
    return s


def play(s: State, *lines: str) -> Events:
    """Apply actions given in text form; returns all their events."""
    events: Events = []
    for line in lines:
        events += apply(s, parse(line))
    return events


def choose(s: State, **cards: str) -> Events:
    """The secret selection: choose(s, p0="trader", p1="messenger worker_a", ...).

    Seats are chosen in seat order; forced choices the engine took itself are skipped.
    """
    events: Events = []
    for key, names in sorted(cards.items()):
        seat = int(key[1:])
        if seat in pending(s):
            events += apply(s, {"p": seat, "do": "select", "cards": names.split()})
    assert s.phase != "select" or pending(s), "selection incomplete"
    return events


def options(s: State, seat: int | None = None) -> list[str]:
    """The legal actions of `seat` (default: the one seat asked) in text form."""
    if seat is None:
        (seat,) = pending(s)
    return [to_text(a) for a in legal_actions(s, seat)]


def refusal(s: State, line: str) -> str | None:
    """The rule id that refuses `line` now, or None if it is legal."""
    r = why_not(s, parse(line))
    return r.rule if r else None


def pieces(**counts: int) -> dict[str, int]:
    """A full pieces dict: pieces(sand=2, stone=1)."""
    return {k: counts.get(k, 0) for k in data.KINDS}


def give(s: State, seat: int, talers: int | None = None, **counts: int) -> None:
    """Set a player's talers and pieces exactly, keeping the 83 pieces accounted for: pieces
    given or taken are moved from or to the stock."""
    p = s.players[seat]
    s.options = {}  # changed by hand: the engine's list of options no longer holds
    if talers is not None:
        p.talers = talers
    for kind, n in counts.items():
        s.stock[kind] -= n - p.pieces[kind]
        p.pieces[kind] = n
        assert s.stock[kind] >= 0, f"the stock has not enough {kind}"


def events_named(events: Events, name: str) -> list[dict]:
    return [e for e in events if e["e"] == name]


def piece_total(s: State) -> dict[str, int]:
    """Every piece wherever it is (§2.4): must always equal data.PIECES_IN_BOX."""
    total = dict.fromkeys(data.KINDS, 0)
    for k in data.KINDS:
        total[k] += s.stock[k] + s.tower[k] + s.out[k]
        for p in s.players:
            total[k] += p.pieces[k] + sum(on.get(k, 0) for on in p.workers.values())
    total["silver"] += s.forge
    return total


def assert_refused(s: State, line: str, rule: str) -> None:
    """`line` is refused with `rule`: why_not names it, apply raises it and changes nothing."""
    assert refusal(s, line) == rule
    before = to_json(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, parse(line))
    assert err.value.rule == rule
    assert to_json(s) == before


def stock_to(s: State, kind: str, n: int) -> None:
    """Leave `n` pieces of `kind` in the stock; the rest go onto the defense tower (§2.4)."""
    surplus = s.stock[kind] - n
    assert surplus >= 0
    s.options = {}  # changed by hand: the engine's list of options no longer holds
    s.stock[kind] -= surplus
    s.tower[kind] += surplus


def stage(s: State) -> str | None:
    """The name of the decision being asked, None once the game is over."""
    d = decision(s)
    return d["stage"] if d else None
