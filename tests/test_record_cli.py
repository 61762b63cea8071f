"""Game records (tabletop.record, read with CASTLE) and the command line (`python -m castle`).

A record is what saving, loading, undo and replays stand on (design: Game record): it must
read back exactly, refuse what it cannot honestly replay (a newer format, other rules, a broken
setup) with a message naming the problem, and name the action that is refused. The command line
reports such problems in one line on stderr, without a traceback.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import castle_record, new_game, piece_total

import castle
from castle import CASTLE, data, sim
from castle.cli import main as cli_main
from tabletop import record as tabletop_record
from tabletop.record import RecordError

ROOT = Path(__file__).resolve().parent.parent
HAND_CHECKED = ROOT / "tests" / "golden" / "hand_checked_2p.json"

no_subprocess = pytest.mark.skipif(
    sys.platform == "emscripten", reason="Pyodide (wasm) cannot start subprocesses"
)


def finished_record(players: int = 3, seed: int = 5) -> tabletop_record.Record:
    _, actions = sim.random_game(players, seed)
    rec = castle_record(players, seed)
    rec["actions"] = actions
    return rec


def refused(rec: object) -> str:
    """The message RecordError gives for a record, whether reading or replaying it."""
    with pytest.raises(RecordError) as err:
        tabletop_record.replay(CASTLE, tabletop_record.loads(CASTLE, json.dumps(rec)))
    return str(err.value)


# --- the record format ---------------------------------------------------------------------------


def test_dumps_loads_round_trip() -> None:
    rec = finished_record()
    rec["setup"]["names"] = ["Ada", "Bo", "Cy"]  # extra setup keys are the page's business
    again = tabletop_record.loads(CASTLE, tabletop_record.dumps(rec))
    assert again == rec
    assert tabletop_record.dumps(again) == tabletop_record.dumps(rec)
    assert again["format"] == "castle-game-record"
    assert again["format_version"] == tabletop_record.FORMAT_VERSION
    assert again["rules_version"] == data.RULES_VERSION


def test_record_keeps_non_ascii_text_readable() -> None:
    rec = castle_record(2, 1, 0, names=["四季城", "Zoë"])
    text = tabletop_record.dumps(rec)
    assert "四季城" in text and "Zoë" in text
    assert tabletop_record.loads(CASTLE, text) == rec


def test_new_record_replays_to_a_new_game() -> None:
    rec = castle_record(4, 9, 2)
    s, events = tabletop_record.replay(CASTLE, rec)
    fresh, fresh_events = new_game(4, 9, 2)
    assert CASTLE.to_json(s) == CASTLE.to_json(fresh)
    assert events == fresh_events
    assert s.start_player == 2


def test_append_writes_the_text_form() -> None:
    s, _ = new_game(2, 3, 0)
    rec = castle_record(2, 3, 0)
    action = CASTLE.legal_actions(s, 0)[0]
    rec["actions"].append(CASTLE.action_text(action))
    assert rec["actions"] == [CASTLE.action_text(action)]
    assert CASTLE.parse_action(rec["actions"][0]) == action


def test_replay_of_a_finished_game_is_exact() -> None:
    players, seed = 4, 21
    end, actions = sim.random_game(players, seed)
    rec = castle_record(players, seed)
    rec["actions"] = actions
    s, _ = tabletop_record.replay(CASTLE, tabletop_record.loads(CASTLE, tabletop_record.dumps(rec)))
    assert CASTLE.to_json(s) == CASTLE.to_json(end)
    assert s.phase == "over" and piece_total(s) == data.PIECES_IN_BOX


def test_a_winter_record_replays_exactly() -> None:
    """A winter game (§10) is the setup key `winter: true`: its record replays to the identical
    state, winter cards and all; without the key the same actions are a summer game's."""
    players, seed = 3, 8
    end, actions = sim.random_game(players, seed, winter=True)
    rec = castle_record(players, seed, winter=True)
    rec["actions"] = actions
    again = tabletop_record.loads(CASTLE, tabletop_record.dumps(rec))
    assert again["setup"] == {"players": 3, "seed": 8, "start_player": None, "winter": True}
    s, events = tabletop_record.replay(CASTLE, again)
    assert CASTLE.to_json(s) == CASTLE.to_json(end)
    assert s.winter is not None and s.winter["deck"] == []
    assert s.phase == "over" and piece_total(s) == data.PIECES_IN_BOX
    assert events[0]["e"] == "game_started" and events[0]["winter"] is True
    summer = dict(rec, setup={**rec["setup"], "winter": False}, actions=[])
    assert tabletop_record.replay(CASTLE, summer)[0].winter is None


def test_undo_is_replaying_all_but_the_last_action() -> None:
    """Undo (design): the state before the last action is the replay of all the others."""
    s, _ = new_game(3, 11)
    rec = castle_record(3, 11)
    chooser = random.Random(4)
    states = [CASTLE.to_json(s)]
    for _ in range(40):
        seat = CASTLE.asked(s)[0]
        action = chooser.choice(CASTLE.legal_actions(s, seat))
        CASTLE.apply(s, action)
        rec["actions"].append(CASTLE.action_text(action))
        states.append(CASTLE.to_json(s))
    for back in (1, 2, 7, 40):
        before, _ = tabletop_record.replay(CASTLE, rec, upto=len(rec["actions"]) - back)
        assert CASTLE.to_json(before) == states[-1 - back]
    undone = dict(rec, actions=rec["actions"][:-1])
    assert CASTLE.to_json(tabletop_record.replay(CASTLE, undone)[0]) == states[-2]


def test_newer_format_version_is_refused_with_a_clear_message() -> None:
    rec = finished_record()
    rec["format_version"] = tabletop_record.FORMAT_VERSION + 1
    message = refused(rec)
    assert f"format version {tabletop_record.FORMAT_VERSION + 1}" in message
    assert "newer" in message and "update the program" in message


def test_missing_or_impossible_format_version_is_refused() -> None:
    for version in ("missing", 0, -7, True, 1.0, "1"):
        rec = finished_record()
        if version == "missing":
            del rec["format_version"]
        else:
            rec["format_version"] = version
        assert "format_version must be a whole number from 1" in refused(rec), version


def test_newer_rules_version_is_refused_with_update() -> None:
    """Newer rules cannot be replayed: update the program. Older ones replay through their
    migrations, or are OldRules (tests/test_record_migrations.py)."""
    rec = finished_record()
    rec["rules_version"] = data.RULES_VERSION + 1
    message = refused(rec)
    with pytest.raises(tabletop_record.NewerRules) as err:
        tabletop_record.loads(CASTLE, json.dumps(rec))
    assert err.value.rules_version == data.RULES_VERSION + 1
    assert f"played under rules version {data.RULES_VERSION + 1}" in message
    assert f"newer than this program's {data.RULES_VERSION}" in message
    assert "update the program" in message
    for version in (0, None, True, "1"):
        rec["rules_version"] = version
        assert "rules_version must be a whole number from 1" in refused(rec), version


@pytest.mark.parametrize(
    "text",
    ["", "{", "{not json}", '{"format": "castle-game-record",', "[1, 2", "nul"],
)
def test_malformed_json_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="not a JSON file"):
        tabletop_record.loads(CASTLE, text)


@pytest.mark.parametrize(
    "doc",
    [[], "a record", 42, None, {}, {"format": "chess-game"}],
)
def test_a_json_file_that_is_no_record_is_refused(doc: object) -> None:
    with pytest.raises(RecordError, match="not a game record of A Castle for All Seasons"):
        tabletop_record.loads(CASTLE, json.dumps(doc))


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (None, "no setup"),
        ([2, 5], "no setup"),
        ({"players": 5, "seed": 1, "start_player": None}, "players must be one of"),
        ({"players": 1, "seed": 1, "start_player": None}, "players must be one of"),
        ({"players": "3", "seed": 1, "start_player": None}, "players must be one of"),
        ({"seed": 1, "start_player": None}, "players must be one of"),
        ({"players": 3, "seed": "7", "start_player": None}, "seed must be a whole number"),
        ({"players": 3, "seed": 1.5, "start_player": None}, "seed must be a whole number"),
        ({"players": 3, "seed": True, "start_player": None}, "seed must be a whole number"),
        ({"players": 3, "start_player": None}, "seed must be a whole number"),
        ({"players": 3, "seed": 1, "start_player": 3}, "start_player must be"),
        ({"players": 3, "seed": 1, "start_player": -1}, "start_player must be"),
        ({"players": 3, "seed": 1, "start_player": "p0"}, "start_player must be"),
        ({"players": 3, "seed": 1, "start_player": None, "winter": "yes"}, "winter must be"),
        ({"players": 3, "seed": 1, "start_player": None, "winter": 1}, "winter must be"),
        ({"players": 3, "seed": 1, "start_player": None, "winter": None}, "winter must be"),
    ],
)
def test_wrong_setup_is_refused(setup: object, words: str) -> None:
    rec = castle_record(3, 1)
    rec["setup"] = setup
    with pytest.raises(RecordError, match=words):
        tabletop_record.loads(CASTLE, json.dumps(rec))


def test_players_as_a_float_is_refused() -> None:
    rec = castle_record(2, 1)
    rec["setup"]["players"] = 2.0
    with pytest.raises(RecordError, match="players must be one of"):
        tabletop_record.replay(CASTLE, tabletop_record.loads(CASTLE, json.dumps(rec)))


@pytest.mark.parametrize("actions", [None, "p0 done", [1, 2], ["p0 done", None], {"1": "x"}])
def test_actions_must_be_a_list_of_lines(actions: object) -> None:
    rec = castle_record(3, 1)
    rec["actions"] = actions
    with pytest.raises(RecordError, match="actions must be a list of action lines"):
        tabletop_record.loads(CASTLE, json.dumps(rec))


def test_an_illegal_action_is_reported_with_its_number() -> None:
    rec = finished_record(3, 5)
    number = 12
    line = rec["actions"][number - 1]
    seat = CASTLE.parse_action(line)["p"]
    # The same action by another seat: never legal while one seat is asked (past the
    # selection), or a second selection of the same cards, which is not allowed either.
    s, _ = tabletop_record.replay(CASTLE, rec, upto=number - 1)
    bad = None
    for other in range(3):
        candidate = CASTLE.action_text({**CASTLE.parse_action(line), "p": other})
        if other != seat and CASTLE.why_not(s, CASTLE.parse_action(candidate)) is not None:
            bad = candidate
            break
    assert bad is not None
    rec["actions"][number - 1] = bad
    message = refused(rec)
    assert message.startswith(f"action {number} ({bad!r}) is not allowed: ")
    rule = CASTLE.why_not(s, CASTLE.parse_action(bad))
    assert rule is not None and rule.rule in message


def test_an_action_after_the_end_is_refused_as_game_over() -> None:
    rec = finished_record(2, 3)
    rec["actions"].append("p0 done")
    message = refused(rec)
    assert message.startswith(f"action {len(rec['actions'])} ('p0 done') is not allowed")
    assert "game.over" in message


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("zero select trader", "expected a seat like p0"),
        ("p0", "an action needs a seat and a verb"),
        ("p0 fly away", "unknown verb 'fly'"),
        ("p0 pay stone one 0", "own must be a number"),
        ("p0 sell maybe", "accept must be yes or no"),
        ("p0 done now", "unexpected 'now' after done"),
    ],
)
def test_an_unreadable_action_is_reported_with_its_number(line: str, words: str) -> None:
    rec = finished_record(3, 5)
    rec["actions"][2] = line
    message = refused(rec)
    assert message.startswith(f"action 3 ({line!r}) cannot be read: ")
    assert words in message


def test_an_unfinished_record_replays_to_the_middle_of_the_game() -> None:
    rec = finished_record(3, 5)
    rec["actions"] = rec["actions"][:30]
    s, _ = tabletop_record.replay(CASTLE, rec)
    assert s.phase != "over" and CASTLE.asked(s)


# --- the command line -----------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "castle", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_one_clear_error_line(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@no_subprocess
def test_cli_simulate_prints_one_line_per_game_and_the_speed() -> None:
    proc = run_cli("simulate", "--players", "3", "--games", "2", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3
    for i, line in enumerate(lines[:2]):
        # The same games as castle.sim plays here: seeds 5 and 6.
        s, actions = sim.random_game(3, 5 + i)
        assert s.result is not None
        winners = ",".join(f"p{w}" for w in s.result["winners"])
        scores = "/".join(str(p.vp) for p in s.players)
        assert line == (
            f"game {i + 1}: seed {5 + i}, winner {winners}, scores {scores}, "
            f"rounds {s.round}, actions {len(actions)}"
        )
    assert lines[2].startswith("2 games in ") and lines[2].endswith(" games/s")
    assert proc.stderr == ""


def test_cli_simulate_winter_plays_winter_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["sim", "--winter", "--players", "2", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    for i, line in enumerate(lines[:2]):
        s, actions = sim.random_game(2, 3 + i, winter=True)
        assert s.winter is not None and s.result is not None
        assert line.endswith(f"rounds {s.round}, actions {len(actions)}"), line
        assert f"scores {'/'.join(str(p.vp) for p in s.players)}," in line
    assert lines[2].startswith("2 winter games in ")


@no_subprocess
def test_cli_replay_prints_final_scores_with_breakdown() -> None:
    proc = run_cli("replay", str(HAND_CHECKED))
    assert proc.returncode == 0, proc.stderr
    # The hand-checked game (tests/test_hand_checked.py): every number worked out by hand.
    assert proc.stdout.splitlines() == [
        "p0: 45 VP (buildings 17, forge_6 1, market 22, master_builder 5); 1 talers",
        "p1: 20 VP (buildings 9, forge_10 2, master_builder 5, small_gate 4); 38 talers",
        "winner: p0",
    ]
    assert proc.stderr == ""


@no_subprocess
def test_cli_replay_of_a_random_game(tmp_path: Path) -> None:
    rec = finished_record(4, 2)
    path = tmp_path / "game.json"
    path.write_text(tabletop_record.dumps(rec), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    s, _ = tabletop_record.replay(CASTLE, rec)
    lines = proc.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["p0", "p1", "p2", "p3"]
    for seat, line in enumerate(lines[:4]):
        assert line.startswith(f"p{seat}: {s.players[seat].vp} VP (")
        assert line.endswith(f"; {s.players[seat].talers} talers")
    assert lines[4].startswith("winner: ")


@no_subprocess
def test_cli_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    rec = finished_record(2, 2)
    rec["actions"] = rec["actions"][:10]
    path = tmp_path / "half.json"
    path.write_text(tabletop_record.dumps(rec), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("game not finished: round ")


@no_subprocess
def test_cli_malformed_file_is_one_line_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "castle-game-record", ', encoding="utf-8")
    proc = run_cli("replay", str(path))
    line = assert_one_clear_error_line(proc, "broken.json", "not a JSON file")
    assert line.startswith("error: ")
    assert proc.stdout == ""


@no_subprocess
def test_cli_illegal_action_names_its_number(tmp_path: Path) -> None:
    rec = finished_record(2, 7)
    rec["actions"][4] = "p0 trader moon"
    path = tmp_path / "illegal.json"
    path.write_text(tabletop_record.dumps(rec), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert_one_clear_error_line(proc, "illegal.json", "action 5", "p0 trader moon")


@no_subprocess
def test_cli_newer_format_is_one_line(tmp_path: Path) -> None:
    rec = finished_record(2, 7)
    rec["format_version"] = 99
    path = tmp_path / "future.json"
    path.write_text(tabletop_record.dumps(rec), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert_one_clear_error_line(proc, "format version 99", "update the program")


@no_subprocess
def test_cli_missing_file_is_one_line(tmp_path: Path) -> None:
    proc = run_cli("replay", str(tmp_path / "nowhere.json"))
    assert_one_clear_error_line(proc, "cannot read", "nowhere.json")


@no_subprocess
def test_cli_binary_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x01 not text")
    proc = run_cli("replay", str(path))
    assert_one_clear_error_line(proc, "binary.json")


@no_subprocess
def test_cli_float_player_count_is_one_line(tmp_path: Path) -> None:
    rec = castle_record(2, 1)
    rec["setup"]["players"] = 2.0
    path = tmp_path / "float.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert_one_clear_error_line(proc, "float.json", "players")


# --- The reader never lets a strange record through as another exception (issue: saves) -------


def read_text(text: str | bytes) -> str:
    with pytest.raises(RecordError) as err:
        tabletop_record.loads(CASTLE, text)
    return str(err.value)


def test_a_seat_written_with_other_digits_is_a_read_error() -> None:
    for line in ("p² select trader", "p٣ select trader", "p0 pay stone ² 0", "p0 pay stone 1e3 0"):
        rec = finished_record()
        rec["actions"][0] = line
        message = read_text(json.dumps(rec))
        assert message.startswith("action 1 (") and "cannot be read" in message


def test_a_huge_number_is_a_read_error() -> None:
    rec = finished_record()
    text = json.dumps(rec).replace('"seed": 5', '"seed": ' + "9" * 5000)
    assert "more than 20 digits" in read_text(text)


def test_deep_nesting_is_refused_before_parsing() -> None:
    assert "nested more than" in read_text("[" * 100_000 + "]" * 100_000)
    assert "nested more than" in read_text('{"a": ' * 50_000 + "1" + "}" * 50_000)
    brackets_in_a_string = json.dumps({**finished_record(), "note": "[[[[" * 1000})
    tabletop_record.loads(CASTLE, brackets_in_a_string)  # brackets inside strings are not nesting


def test_a_huge_file_is_refused_without_echoing_it() -> None:
    message = read_text("x" * (tabletop_record.MAX_CHARS + 1))
    assert "too large" in message and len(message) < 200
    assert "too large" in read_text(b"\0" * (4 * tabletop_record.MAX_CHARS + 1))
    assert "a UTF-16 file" in read_text(b"\xff\xfe{}")
    assert "not a text file" in read_text(b"{\xc3\x28}")


def test_a_long_bad_line_is_quoted_short() -> None:
    rec = finished_record()
    rec["actions"][3] = "p0 " + "x" * 150
    message = read_text(json.dumps(rec))
    assert message.startswith("action 4") and len(message) < 200
    rec["actions"][3] = "p0 tower " + "y" * 300
    assert "longer than 200 characters" in read_text(json.dumps(rec))


def test_nan_and_infinity_are_not_numbers_of_a_record() -> None:
    text = json.dumps(finished_record()).replace('"seed": 5', '"seed": NaN')
    assert "NaN" in read_text(text)


def test_an_action_with_a_list_for_its_verb_is_refused_not_a_crash() -> None:
    s, _ = new_game(2, 1)
    refusal = CASTLE.why_not(s, {"p": 0, "do": ["select"], "cards": []})
    assert refusal is not None and refusal.rule == "action.unknown_verb"
    with pytest.raises(castle.IllegalAction):
        CASTLE.apply(s, {"p": 0, "do": ["select"], "cards": []})
