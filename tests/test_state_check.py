"""`from_json` checks what it is given (castle/state_check.py): every real state passes, and a
state from a file or a hand edit that the engine could not play on is refused at once with a
StateError naming the field, never accepted to crash later."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

import castle
from castle.state import NotAState, StateError
from castle.view import view

MUTANTS = 300 if sys.platform == "emscripten" else 1500


def states(games: int, seed: int) -> list[castle.State]:
    rnd = random.Random(seed)
    out = []
    for g in range(games):
        s, _ = castle.new_game(2 + g % 3, seed + g)
        while True:
            if rnd.random() < 0.1 or s.phase in ("final", "over"):
                out.append(castle.clone(s))
            if s.phase == "over":
                break
            seat = castle.pending(s)[0]
            castle.apply(s, rnd.choice(castle.legal_actions(s, seat)))
    return out


def test_every_state_of_real_games_is_accepted() -> None:
    for s in states(9, 1):
        again = castle.from_json(json.loads(json.dumps(castle.to_json(s))))
        assert castle.to_json(again) == castle.to_json(s)


def broken(change: Any) -> str:
    s, _ = castle.new_game(3, 2)
    obj = castle.to_json(s)
    change(obj)
    with pytest.raises(StateError) as err:
        castle.from_json(obj)
    return str(err.value)


def test_the_cases_a_tester_found_are_refused_naming_the_field() -> None:
    assert "players" in broken(lambda o: o["players"].append(o["players"][0]))
    assert "players" in broken(lambda o: o.update(players=o["players"][:1]))
    assert "phase" in broken(lambda o: o.update(phase="winter"))
    assert "talers" in broken(lambda o: o["players"][0].update(talers="3"))
    assert "round" in broken(lambda o: o.update(round=True))
    assert "sand" in broken(lambda o: o["stock"].update(sand=o["stock"]["sand"] + 1))
    assert "helpers" in broken(lambda o: o["players"][1].update(helpers=2))
    assert "unknown" in broken(lambda o: o.update(extra=1))
    assert "steps" in broken(lambda o: o["task"].update(steps=["fly"]))
    assert "rng" in broken(lambda o: o.update(rng=-1))


def test_a_view_is_still_told_apart() -> None:
    s, _ = castle.new_game(3, 2)
    castle.apply(s, castle.legal_actions(s, castle.pending(s)[0])[0])
    with pytest.raises(NotAState):
        castle.from_json(view(s, castle.pending(s)[0]))


def mutate(rnd: random.Random, obj: Any) -> Any:
    """Replace one value somewhere in the object by a value of another type or size."""
    odd: list[Any] = [None, True, -1, 0, 1, 99, 2**70, "x", "", [], {}, [None], {"a": 1}]
    spots: list[tuple[Any, Any]] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for k in value:
                spots.append((value, k))
                walk(value[k])
        elif isinstance(value, list):
            for i in range(len(value)):
                spots.append((value, i))
                walk(value[i])

    walk(obj)
    parent, key = rnd.choice(spots)
    parent[key] = rnd.choice(odd)
    return obj


def test_a_mutated_state_is_refused_or_plays_on() -> None:
    rnd = random.Random(5)
    pool = states(6, 3)
    refused = 0
    for _ in range(MUTANTS):
        obj = mutate(rnd, castle.to_json(rnd.choice(pool)))
        try:
            s = castle.from_json(obj)
        except StateError:
            refused += 1
            continue
        for _step in range(20):  # whatever was accepted plays on without a crash
            seats = castle.pending(s)
            if not seats:
                break
            options = castle.legal_actions(s, seats[0])
            if not options:
                break
            castle.apply(s, rnd.choice(options))
    assert refused > MUTANTS // 2
