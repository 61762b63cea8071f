"""bench/arena_records.py: an arena record's figures before it ends, and two records of the same
tables compared game by game (docs/benchmarks.md, issue 24's figures)."""

from __future__ import annotations

import json
from pathlib import Path

from bench import arena_records


def record(path: Path, bots: list[str], scores: list[tuple[int, int]]) -> str:
    """A record of 2-player games with these scores (seat 0's, seat 1's), and a cut line."""
    run = {"bots": bots, "players": 2, "seed": 5, "opening": 4, "setup": None}
    lines = [json.dumps({"arena": run})]
    for number, (first, second) in enumerate(scores):
        seats = [{"seat": 0, "score": first}, {"seat": 1, "score": second}]
        winners = [0] if first > second else [1]
        played = {
            "results": {"winners": winners, "seats": seats},
            "decisions": [10, 10],
            "seconds": [1.0, 1.0],
            "slowest": [0.2, 0.2],
            "iterations": [1000, 500],
            "measured": [{"unused BP": 4}, {"unused BP": 8}],
        }
        lines.append(json.dumps({"game": number, "played": played}))
    lines.append('{"game": 9, "pla')
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_a_record_tells_each_levels_wins_scores_and_leftovers(tmp_path: Path) -> None:
    # Game 0 seats hard first, game 1 the baseline first (seats rotate).
    path = record(tmp_path / "a.jsonl", ["hard", "baseline"], [(90, 80), (70, 95)])
    lines = arena_records.summary(path)
    assert lines[0].endswith("2 games of 2 players, seed 5")
    assert "hard: won 2 of 2" in lines[1] and "mean score 92.5" in lines[1]
    assert "75 iterations a decision" in lines[1] and "unused BP 6.0" in lines[1]
    assert "baseline: won 0 of 2" in lines[2] and "mean score 75.0" in lines[2]


def test_two_records_of_the_same_tables_are_compared_game_by_game(tmp_path: Path) -> None:
    before = record(tmp_path / "a.jsonl", ["hard", "baseline"], [(90, 80), (70, 95)])
    after = record(tmp_path / "b.jsonl", ["hard", "baseline"], [(100, 80), (70, 100)])
    (line,) = arena_records.paired(before, after)
    # hard's margins: +10 and +25 before, +20 and +30 after.
    assert "2 games in both" in line and "+17.50 in the first, +25.00 in the second" in line
    assert "+7.50 VP a game (standard error 2.50)" in line
    other = record(tmp_path / "c.jsonl", ["hard", "baseline", "baseline"], [(1, 2), (3, 4)])
    assert arena_records.paired(before, other) == ["not the same tables: bots differ"]
