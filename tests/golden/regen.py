"""Golden games: recorded random games whose every step is checked in (like OpenSpiel's
playthroughs), so any change in what the engine does shows up as a readable diff.

For each game of GAMES this folder holds:

- `game_<n>p.record.json`      the game record (castle.record): setup + actions, the input;
- `game_<n>p.playthrough.txt`  every action, the events it caused, the options then offered
                               and a one-line digest of the state after it;
- `game_<n>p.final.json`       the final state, `castle.to_json` of it.

`tests/test_golden.py` replays each record and compares with the last two files. When the
engine's behaviour changes ON PURPOSE (a fixed bug, a changed ruling: bump data.RULES_VERSION),
regenerate them deliberately, from the repository root, and review the diff before committing:

    python -m tests.golden.regen            # rewrite the golden files
    git diff --stat tests/golden            # ...then read the diff

The records are made by `castle.sim.random_game(players, seed)` with the seeds below (chosen
for variety: purchases, displaced helpers, silver converted at the Forge, Market scoring).
`hand_checked_2p.json` is NOT made here: it is a hand-made game (tests/test_hand_checked.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import castle
from castle import data, record, sim
from castle.state import State

HERE = Path(__file__).resolve().parent
#: players -> seed of castle.sim.random_game
GAMES: dict[int, int] = {2: 14, 3: 10, 4: 38}
REGEN = "python -m tests.golden.regen"


def record_path(players: int) -> Path:
    return HERE / f"game_{players}p.record.json"


def playthrough_path(players: int) -> Path:
    return HERE / f"game_{players}p.playthrough.txt"


def final_path(players: int) -> Path:
    return HERE / f"game_{players}p.final.json"


# --- the text form ------------------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, str):
        return v
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def event_line(e: dict[str, Any]) -> str:
    params = " ".join(f"{k}={_value(v)}" for k, v in e.items() if k != "e")
    return f"  ~ {e['e']} {params}".rstrip()


def _pieces(counts: dict[str, int]) -> str:
    return "/".join(str(counts[k]) for k in data.KINDS)


def digest(s: State) -> str:
    """One line: where the game stands, every player's holdings, the board."""
    players = " | ".join(
        f"p{i} {p.talers}t {p.vp}vp {_pieces(p.pieces)} h{p.helpers} "
        f"hand{len(p.hand)} up{len(p.played)}"
        for i, p in enumerate(s.players)
    )
    carts = ",".join(f"{k}:p{v}" for k, v in s.traders.items() if v is not None) or "-"
    castle_places = ",".join(f"{k}:p{v}" for k, v in s.places.items() if v is not None) or "-"
    return (
        f"  = R{s.round} {s.phase} start p{s.start_player} | {players} | "
        f"stock {_pieces(s.stock)} tower {_pieces(s.tower)} forge {s.forge} "
        f"out {_pieces(s.out)} tiles {sum(s.tiles.values())} | carts {carts} | "
        f"castle {castle_places}"
    )


def options_lines(s: State) -> list[str]:
    """The decision now asked and every option offered, one line per seat asked."""
    if s.phase == "over":
        return ["  = over: winners " + ",".join(f"p{w}" for w in s.result["winners"])]
    st = castle.stage(s)
    assert st is not None
    lines = []
    for seat in castle.pending(s):
        texts = [castle.to_text(a).split(" ", 1)[1] for a in castle.legal_actions(s, seat)]
        verb = f"{st.name} "
        if all(t.startswith(verb) for t in texts):  # "select trader" -> "trader"
            texts = [t[len(verb) :] for t in texts]
        lines.append(f"  ? p{seat} {st.name} ({len(texts)}): " + ", ".join(texts))
    return lines


def playthrough(rec: record.Record) -> str:
    """Replay a record step by step and write down everything that happened."""
    setup = rec["setup"]
    out = [
        "# A Castle for All Seasons, golden playthrough (castle.record format "
        f"{rec['format_version']}, rules {rec['rules_version']})",
        f"# regenerate deliberately with: {REGEN}",
        f"setup players={setup['players']} seed={setup['seed']} "
        f"start_player={_value(setup['start_player'])}",
    ]
    s, events = record.start(rec)
    out += [event_line(e) for e in events]
    out.append(digest(s))
    out += options_lines(s)
    for number, line in enumerate(rec["actions"], start=1):
        out.append(f"action {number}: {line}")
        out += [event_line(e) for e in castle.apply(s, castle.parse(line))]
        out.append(digest(s))
        out += options_lines(s)
    if s.result is not None:
        for row in s.result["players"]:
            parts = ", ".join(f"{k} {v}" for k, v in sorted(row["by_source"].items()))
            out.append(
                f"score p{row['seat']}: {row['vp']} VP ({parts or 'nothing'}); "
                f"{row['talers']} talers, {row['piece_bp']} BP of pieces"
            )
        tie = s.result["tie_break"]
        out.append(f"ranking {s.result['ranking']} winners {s.result['winners']} tie_break {tie}")
    return "\n".join(out) + "\n"


def final_state(rec: record.Record) -> dict[str, Any]:
    s, _ = record.replay(rec)
    return castle.to_json(s)


def dump_json(obj: Any) -> str:
    return json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# --- regeneration -----------------------------------------------------------------------------


def make_record(players: int, seed: int) -> record.Record:
    _, actions = sim.random_game(players, seed)
    rec = record.new_record(players, seed)
    rec["actions"] = actions
    return rec


def main() -> int:
    for players, seed in GAMES.items():
        rec = make_record(players, seed)
        record_path(players).write_text(record.dumps(rec) + "\n", encoding="utf-8")
        playthrough_path(players).write_text(playthrough(rec), encoding="utf-8")
        final_path(players).write_text(dump_json(final_state(rec)), encoding="utf-8")
        print(f"wrote game_{players}p.* ({len(rec['actions'])} actions, seed {seed})")
    print("now review the changes: git diff tests/golden")
    return 0


if __name__ == "__main__":
    sys.exit(main())
