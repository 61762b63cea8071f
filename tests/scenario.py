"""Shared helpers for rule scenarios: build a situation from the spec, then play it by text.

Scenarios drive the engine the way the page does: through `CASTLE.apply` with actions, in their
text form (`p0 trader sand_cart`). A test may set up any situation by editing the state's plain
data (pieces, talers, tiles, helpers) — see `give` — at any time: the tests watch for hand edits
(conftest.py), so the next question sees the edited state. Winter games
(§10) start with `winter_game`, which sets the order of the winter deck; `to_round` moves a
fresh game on to the round a test needs.
"""

from __future__ import annotations

from typing import Any

import pytest

from castle import CASTLE, IllegalAction, State, data
from tabletop import record as records
from tabletop.game import Json
from tabletop.stage import Events


def castle_record(
    players: int, seed: int = 0, start_player: int | None = None, **extra: Any
) -> records.Record:
    """A new Castle game's record (`extra`: the page's setup keys, names and colours)."""
    setup = {"players": players, "seed": seed, "start_player": start_player, **extra}
    return records.new_record(CASTLE, setup)


def new_game(
    players: int, seed: int = 0, start_player: int | None = None, winter: bool = False
) -> tuple[State, Events]:
    """A game from its setup, at its first decision, and the events so far (`CASTLE.start`)."""
    setup = {"players": players, "seed": seed, "start_player": start_player, "winter": winter}
    return CASTLE.start(setup)


def decision(s: State) -> Json | None:
    """What is being decided, in one dict: the stage, the seats asked and the prompt's context
    (the card, the building, the payment's kind, ...); None once the game is over."""
    asked = CASTLE.asked(s)
    prompt = CASTLE.prompt(s, asked[0]) if asked else None
    if prompt is None:
        return None
    return {"stage": prompt["stage"], "players": prompt["seats"], **prompt["context"]}


def game(players: int = 3, start: int = 0, seed: int = 0) -> State:
    """A new game at its first secret selection, seat `start` starting."""
    s, _ = new_game(players, seed, start)
    return s


def winter_game(*top: str, players: int = 3, start: int = 0, seed: int = 0) -> State:
    """A new winter game (§10) at its first secret selection, seat `start` starting, with the
    winter cards `top` on top of the deck in that order: the first is revealed in round 2, the
    next in round 4, ...; the others lie below them in the seed's order."""
    s, _ = new_game(players, seed, start, winter=True)
    winter_deck(s, *top)
    return s


def winter_deck(s: State, *top: str) -> None:
    """Put the winter cards `top`, still face down, on top of the deck in that order."""
    w = s.winter
    assert w is not None, "a summer game has no winter deck"
    assert all(card in w["deck"] for card in top), (top, w["deck"])
    w["deck"] = [*top, *(card for card in w["deck"] if card not in top)]


def winter_in_play(s: State, *cards: str) -> None:
    """Winter cards revealed in an earlier round that stay on the table (Village Tavern, Granary,
    Damsel): out of the deck and into play."""
    w = s.winter
    assert w is not None, "a summer game has no winter cards"
    for card in cards:
        assert card in data.WINTER_KEPT, f"{card} does not stay in play"
        w["deck"].remove(card)
        w["in_play"].append(card)


def to_round(s: State, number: int) -> None:
    """Make the coming selection round `number`'s: only the round counter moves (the start
    player, hands, talers and the winter deck stay as they are), so a game jumped to round 15
    ends after it, and in a winter round the top winter card is revealed after the selection."""
    assert all(cards is None for cards in s.selection), "jump before anyone has chosen"
    assert 1 <= number <= s.rounds
    s.round = number


def play(s: State, *lines: str) -> Events:
    """Apply actions given in text form; returns all their events."""
    events: Events = []
    for line in lines:
        events += CASTLE.apply(s, CASTLE.parse_action(line))
    return events


def choose(s: State, **cards: str) -> Events:
    """The secret selection: choose(s, p0="trader", p1="messenger worker_a", ...).

    Seats are chosen in seat order; forced choices the engine took itself are skipped.
    """
    events: Events = []
    for key, names in sorted(cards.items()):
        seat = int(key[1:])
        if seat in CASTLE.asked(s):
            events += CASTLE.apply(s, {"p": seat, "do": "select", "cards": names.split()})
    assert s.phase != "select" or CASTLE.asked(s), "selection incomplete"
    return events


def options(s: State, seat: int | None = None) -> list[str]:
    """The legal actions of `seat` (default: the one seat asked) in text form."""
    if seat is None:
        (seat,) = CASTLE.asked(s)
    return [CASTLE.action_text(a) for a in CASTLE.legal_actions(s, seat)]


def refusal(s: State, line: str) -> str | None:
    """The rule id that refuses `line` now, or None if it is legal."""
    r = CASTLE.why_not(s, CASTLE.parse_action(line))
    return r.rule if r else None


def pieces(**counts: int) -> dict[str, int]:
    """A full pieces dict: pieces(sand=2, stone=1)."""
    return {k: counts.get(k, 0) for k in data.KINDS}


def give(s: State, seat: int, talers: int | None = None, **counts: int) -> None:
    """Set a player's talers and pieces exactly, keeping the 83 pieces accounted for: pieces
    given or taken are moved from or to the stock."""
    p = s.players[seat]
    if talers is not None:
        p.talers = talers
    for kind, n in counts.items():
        s.stock[kind] -= n - p.pieces[kind]
        p.pieces[kind] = n
        assert s.stock[kind] >= 0, f"the stock has not enough {kind}"


def events_named(events: Events, name: str) -> list[dict]:
    return [e for e in events if e["e"] == name]


def piece_total(s: State) -> dict[str, int]:
    """Every piece wherever it is (§2.4), the Damsel card's in winter included: must always
    equal data.PIECES_IN_BOX."""
    total = dict.fromkeys(data.KINDS, 0)
    for k in data.KINDS:
        total[k] += s.stock[k] + s.tower[k] + s.out[k]
        for p in s.players:
            total[k] += p.pieces[k] + sum(on.get(k, 0) for on in p.workers.values())
        total[k] += s.winter["damsel"][k] if s.winter else 0
    total["silver"] += s.forge
    return total


def assert_refused(s: State, line: str, rule: str) -> None:
    """`line` is refused with `rule`: why_not names it, apply raises it and changes nothing."""
    assert refusal(s, line) == rule
    before = CASTLE.to_json(s)
    with pytest.raises(IllegalAction) as err:
        CASTLE.apply(s, CASTLE.parse_action(line))
    assert err.value.rule == rule
    assert CASTLE.to_json(s) == before


def stock_to(s: State, kind: str, n: int) -> None:
    """Leave `n` pieces of `kind` in the stock; the rest go onto the defense tower (§2.4)."""
    surplus = s.stock[kind] - n
    assert surplus >= 0
    s.stock[kind] -= surplus
    s.tower[kind] += surplus


def stage(s: State) -> str | None:
    """The name of the decision being asked, None once the game is over."""
    d = decision(s)
    return d["stage"] if d else None
