"""Seasons' golden games: recorded random games whose every step is checked in (as Castle's in
tests/golden/regen.py), so any change in what seasons/ plays shows up as a readable diff.

For each game of GAMES this folder holds `<name>.record.json` (setup + actions, the input),
`<name>.playthrough.txt` (every action, the events it caused, the decision then asked with its
options, and a one-line digest of the state after it) and `<name>.final.json` (the final state).
`tests/test_seasons_golden.py` replays each record and compares. When the engine's behaviour
changes ON PURPOSE (a fixed bug, a changed ruling: bump seasons.data.RULES_VERSION), regenerate
deliberately, from the repository root, and review the diff before committing:

    python -m tests.golden.seasons.regen
    git diff --stat tests/golden/seasons

The records are `seasons.cli.random_game(players, seed, level)` with the seeds below, chosen
among the first ten for the most cards put into play (2 players at the Apprentice level, 3 at
the Magician's, 4 at the Archmage's). A record still played the same is kept as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NamedTuple

from seasons import SEASONS, data
from seasons.cli import random_game
from seasons.state import State
from tabletop import record
from tests.golden.regen import dump_json, event_line, value_text

HERE = Path(__file__).resolve().parent


class Golden(NamedTuple):
    players: int
    seed: int
    level: str


GAMES: dict[str, Golden] = {
    "seasons_2p": Golden(2, 7, "apprentice"),
    "seasons_3p": Golden(3, 4, "magician"),
    "seasons_4p": Golden(4, 5, "archmage"),
}
REGEN = "python -m tests.golden.seasons.regen"


def record_path(name: str) -> Path:
    return HERE / f"{name}.record.json"


def playthrough_path(name: str) -> Path:
    return HERE / f"{name}.playthrough.txt"


def final_path(name: str) -> Path:
    return HERE / f"{name}.final.json"


def _energies(amounts: list[int]) -> str:
    return "".join(f"{kind}{n}" for kind, n in zip(data.ENERGIES, amounts, strict=True) if n) or "-"


def digest(s: State) -> str:
    """One line: the season token, the dice left, every player's holdings, the piles."""
    year, space = divmod(s.position - 1, data.SPACES_PER_YEAR)
    players = " | ".join(
        f"p{seat} {p.crystals}c g{p.gauge} b{p.bonuses} {_energies(p.reserve)} "
        f"hand{len(p.hand)} lib{len(p.libraries[0])}/{len(p.libraries[1])} "
        f"play " + (",".join(f"{c['card']}{'*' if c['turned'] else ''}" for c in p.play) or "-")
        for seat, p in enumerate(s.players)
    )
    rolled = ",".join(sorted(s.rolled)) or "-"
    return (
        f"  = R{s.round} y{year + 1}.{space + 1} first p{s.first} rolled {rolled} | {players} | "
        f"pile {len(s.pile)} discard {len(s.discard)}"
    )


def options_lines(s: State) -> list[str]:
    if s.over:
        assert s.result is not None
        return ["  = over: winners " + ",".join(f"p{w}" for w in s.result["winners"])]
    lines = []
    for seat in SEASONS.asked(s):
        prompt = SEASONS.prompt(s, seat)
        assert prompt is not None
        texts = [SEASONS.action_text(a).split(" ", 1)[1] for a in SEASONS.legal_actions(s, seat)]
        lines.append(f"  ? p{seat} {prompt['stage']} ({len(texts)}): " + ", ".join(texts))
    return lines


def playthrough(rec: record.Record) -> str:
    setup = rec["setup"]
    out = [
        f"# Seasons, golden playthrough ({rec['format']} {rec['format_version']}, "
        f"rules {rec['rules_version']})",
        f"# regenerate deliberately with: {REGEN}",
        "setup " + " ".join(f"{k}={value_text(v)}" for k, v in sorted(setup.items())),
    ]
    s, events = SEASONS.start(setup)
    out += [event_line(e) for e in events]
    out.append(digest(s))
    out += options_lines(s)
    for number, line in enumerate(rec["actions"], start=1):
        out.append(f"action {number}: {line}")
        out += [event_line(e) for e in SEASONS.apply(s, SEASONS.parse_action(line))]
        out.append(digest(s))
        out += options_lines(s)
    assert s.result is not None
    for row in s.result["seats"]:
        parts = ", ".join(f"{k} {v}" for k, v in row["breakdown"].items())
        out.append(f"score p{row['seat']}: {row['score']} ({parts})")
    out.append(f"ranking {s.result['ranking']} winners {s.result['winners']}")
    return "\n".join(out) + "\n"


def final_state(rec: record.Record) -> dict[str, Any]:
    s, _ = record.replay(SEASONS, rec)
    return SEASONS.to_json(s)


def make_record(golden: Golden) -> record.Record:
    _, actions = random_game(golden.players, golden.seed, golden.level)
    rec = record.new_record(
        SEASONS, {"players": golden.players, "seed": golden.seed, "level": golden.level}
    )
    rec["actions"] = actions
    return rec


def _kept(name: str, rec: record.Record) -> bool:
    path = record_path(name)
    if not path.exists():
        return False
    try:
        return record.loads(SEASONS, path.read_text(encoding="utf-8")) == rec
    except record.RecordError:
        return False


def main() -> int:
    for name, golden in GAMES.items():
        rec = make_record(golden)
        note = "record kept"
        if not _kept(name, rec):
            record_path(name).write_text(record.dumps(rec) + "\n", encoding="utf-8")
            note = "record written"
        playthrough_path(name).write_text(playthrough(rec), encoding="utf-8")
        final_path(name).write_text(dump_json(final_state(rec)), encoding="utf-8")
        print(f"wrote {name}.* ({note}; {len(rec['actions'])} actions, seed {golden.seed})")
    print("now review the changes: git diff tests/golden/seasons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
