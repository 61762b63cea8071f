"""A mutation fuzzer over game records: whatever a file or a save holds, the reader replays it
or refuses it with its one error type (RecordError), never another exception.

Mutants of a finished 3-player record: bytes flipped, cut or repeated; JSON values replaced by
values of other types and sizes; action lines with tokens swapped, dropped, doubled or changed
digits. Fewer in Pyodide, where the same code runs about twice as slowly.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest
from scenario import castle_record

from castle import CASTLE, sim
from tabletop import record
from tabletop.record import RecordError

MUTANTS = 400 if sys.platform == "emscripten" else 2400
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    2**64,
    -(2**70),
    1.5,
    float("1e308"),
    "",
    "x",
    "p0",
    "²",
    [],
    [None],
    {},
    {"a": 1},
    "p0 select trader",
    ["p0 done"],
    "\u202e",
    "<img src=x>",
]


def finished() -> record.Record:
    _, actions = sim.random_game(3, 5)
    rec = castle_record(3, 5, names=["A", "B", "C"], colours=["blue", "red", "green"])
    rec["actions"] = actions
    return rec


def byte_mutant(rnd: random.Random, text: str) -> str:
    data = bytearray(text.encode())
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(data))
        what = rnd.random()
        if what < 0.4:
            data[i] = rnd.randrange(256)
        elif what < 0.7:
            del data[i : i + rnd.randint(1, 20)]
        else:
            data[i:i] = data[i : i + rnd.randint(1, 20)]
    return data.decode("utf-8", errors="replace")


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            out += paths(v, (*prefix, i))
    return out


def json_mutant(rnd: random.Random, rec: record.Record) -> str:
    doc = json.loads(json.dumps(rec))
    where = rnd.choice(paths(doc)[1:])
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    if rnd.random() < 0.15 and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = rnd.choice(ODD_VALUES)
    return json.dumps(doc)


def line_mutant(rnd: random.Random, rec: record.Record) -> str:
    doc = json.loads(json.dumps(rec))
    actions = doc["actions"]
    i = rnd.randrange(len(actions))
    tokens = actions[i].split()
    what = rnd.random()
    if what < 0.25 and len(tokens) > 1:
        j, k = rnd.sample(range(len(tokens)), 2)
        tokens[j], tokens[k] = tokens[k], tokens[j]
    elif what < 0.45:
        del tokens[rnd.randrange(len(tokens))]
    elif what < 0.6:
        tokens.insert(rnd.randrange(len(tokens) + 1), rnd.choice(tokens))
    elif what < 0.85:
        j = rnd.randrange(len(tokens))
        tokens[j] = "".join(rnd.choice("0123456789p²-") if c.isdigit() else c for c in tokens[j])
    else:
        actions.insert(i, rnd.choice(actions))
    actions[i] = " ".join(tokens)
    return json.dumps(doc)


KINDS: list[Callable[[random.Random, record.Record, str], str]] = [
    lambda rnd, rec, text: byte_mutant(rnd, text),
    lambda rnd, rec, text: json_mutant(rnd, rec),
    lambda rnd, rec, text: line_mutant(rnd, rec),
]


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_every_mutant_replays_or_is_refused_with_a_record_error(kind: int) -> None:
    rec = finished()
    text = record.dumps(rec)
    rnd = random.Random(kind)
    outcomes = {"replayed": 0, "refused": 0}
    for _ in range(MUTANTS // len(KINDS)):
        mutant = KINDS[kind](rnd, rec, text)
        try:
            record.replay(CASTLE, record.loads(CASTLE, mutant))
        except RecordError:
            outcomes["refused"] += 1
        else:
            outcomes["replayed"] += 1
    assert outcomes["refused"] > 0, outcomes
