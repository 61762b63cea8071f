"""Golden games: recorded random games whose every step is checked in (like OpenSpiel's
playthroughs), so any change in what the engine does shows up as a readable diff.

For each game of GAMES (named `game_<n>p` for the summer games, `winter_<n>p` for the winter
variant's, §10) this folder holds:

- `<name>.record.json`      the game record (tabletop.record): setup + actions, the input;
- `<name>.playthrough.txt`  every action, the events it caused, the options then offered and a
                            one-line digest of the state after it;
- `<name>.final.json`       the final state, `castle.to_json` of it.

`tests/test_golden.py` replays each record and compares with the last two files. When the
engine's behaviour changes ON PURPOSE (a fixed bug, a changed ruling: bump data.RULES_VERSION),
regenerate them deliberately, from the repository root, and review the diff before committing:

    python -m tests.golden.regen            # rewrite the golden files
    git diff --stat tests/golden            # ...then read the diff

The records are made by `castle.sim.random_game(players, seed, winter=...)` with the seeds below
(chosen for variety: purchases, displaced helpers, silver converted at the Forge, Market
scoring; in winter all six cards revealed, the toll paid and a helper sent home for it, the
Innkeeper taken and pushed out, the Granary, the Cracked Wall's VP, a card put out of the game
and the Damsel won and shared out). A record is rewritten only when the game it records is no
longer what the engine plays from that setup: one that still is keeps the rules version it was
recorded under, so the summer records of rules version 1 replay through castle/migrations.py
on every run. `hand_checked_2p.json` is NOT made here: it is a hand-made game
(tests/test_hand_checked.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

from castle import CASTLE, data, sim
from castle.state import State
from tabletop import record

HERE = Path(__file__).resolve().parent


class Golden(NamedTuple):
    """The setup of a golden game, played by castle.sim.random_game."""

    players: int
    seed: int
    winter: bool = False


#: name -> setup; the name is the files' stem.
GAMES: dict[str, Golden] = {
    "game_2p": Golden(2, 14),
    "game_3p": Golden(3, 10),
    "game_4p": Golden(4, 38),
    "winter_3p": Golden(3, 1009, winter=True),
}
REGEN = "python -m tests.golden.regen"


def record_path(name: str) -> Path:
    return HERE / f"{name}.record.json"


def playthrough_path(name: str) -> Path:
    return HERE / f"{name}.playthrough.txt"


def final_path(name: str) -> Path:
    return HERE / f"{name}.final.json"


# --- the text form ------------------------------------------------------------------------------


def value_text(v: Any) -> str:
    """An event's or a setup's value in a playthrough line (Seasons' golden games too)."""
    if isinstance(v, str):
        return v
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def event_line(e: dict[str, Any]) -> str:
    params = " ".join(f"{k}={value_text(v)}" for k, v in e.items() if k != "e")
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
        f"castle {castle_places}{_winter_digest(s)}"
    )


def _winter_digest(s: State) -> str:
    """The winter cards (§10): the pile's size, the cards in play, the Innkeeper and the talers
    on the Tavern, the Granary's helpers, the Damsel's givers and what lies on it."""
    w = s.winter
    if w is None:
        return ""
    inn = "-" if w["innkeeper"] is None else f"p{w['innkeeper']}"
    granary = ",".join(f"p{o}" for o in w["granary"]) or "-"
    damsel = ",".join(f"p{o}" for o in w["damsel_in"]) or "-"
    on_damsel = "/".join(str(w["damsel"][k]) for k in data.DAMSEL_ITEMS)
    return (
        f" | winter pile {len(w['deck'])} in_play {','.join(w['in_play']) or '-'} "
        f"innkeeper {inn} tavern {w['tavern']}t granary {granary} "
        f"damsel {damsel} {on_damsel}"
    )


def options_lines(s: State) -> list[str]:
    """The decision now asked and every option offered, one line per seat asked."""
    if s.phase == "over":
        return ["  = over: winners " + ",".join(f"p{w}" for w in s.result["winners"])]
    lines = []
    for seat in CASTLE.asked(s):
        prompt = CASTLE.prompt(s, seat)
        assert prompt is not None
        stage = prompt["stage"]
        texts = [CASTLE.action_text(a).split(" ", 1)[1] for a in CASTLE.legal_actions(s, seat)]
        verb = f"{stage} "
        if all(t.startswith(verb) for t in texts):  # "select trader" -> "trader"
            texts = [t[len(verb) :] for t in texts]
        lines.append(f"  ? p{seat} {stage} ({len(texts)}): " + ", ".join(texts))
    return lines


def playthrough(rec: record.Record) -> str:
    """Replay a record step by step and write down everything that happened."""
    setup = rec["setup"]
    winter = " winter=true" if setup.get("winter") else ""
    out = [
        "# A Castle for All Seasons, golden playthrough (castle-game-record format "
        f"{rec['format_version']}, rules {rec['rules_version']})",
        f"# regenerate deliberately with: {REGEN}",
        f"setup players={setup['players']} seed={setup['seed']} "
        f"start_player={value_text(setup['start_player'])}{winter}",
    ]
    s, events = CASTLE.start(rec["setup"])
    out += [event_line(e) for e in events]
    out.append(digest(s))
    out += options_lines(s)
    for number, line in enumerate(rec["actions"], start=1):
        out.append(f"action {number}: {line}")
        out += [event_line(e) for e in CASTLE.apply(s, CASTLE.parse_action(line))]
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
    s, _ = record.replay(CASTLE, rec)
    return CASTLE.to_json(s)


def dump_json(obj: Any) -> str:
    return json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# --- regeneration -----------------------------------------------------------------------------


def make_record(golden: Golden) -> record.Record:
    players, seed, winter = golden
    _, actions = sim.random_game(players, seed, winter=winter)
    rec = record.new_record(
        CASTLE,
        {"players": players, "seed": seed, "start_player": None}
        | ({"winter": True} if winter else {}),
    )
    rec["actions"] = actions
    return rec


def _kept(name: str, rec: record.Record) -> bool:
    """Whether the checked-in record is still this game (read under today's rules): then it
    stays as it is, with the rules version it was recorded under."""
    path = record_path(name)
    if not path.exists():
        return False
    try:
        return record.loads(CASTLE, path.read_text(encoding="utf-8")) == rec
    except record.RecordError:
        return False


def main() -> int:
    for name, golden in GAMES.items():
        rec = make_record(golden)
        if _kept(name, rec):
            note = "record kept"
        else:
            record_path(name).write_text(record.dumps(rec) + "\n", encoding="utf-8")
            note = "record written"
        playthrough_path(name).write_text(playthrough(rec), encoding="utf-8")
        final_path(name).write_text(dump_json(final_state(rec)), encoding="utf-8")
        print(f"wrote {name}.* ({note}; {len(rec['actions'])} actions, seed {golden.seed})")
    print("now review the changes: git diff tests/golden")
    return 0


if __name__ == "__main__":
    sys.exit(main())
