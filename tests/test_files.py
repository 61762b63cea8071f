"""Files from outside are told apart by their form and read by one rule (issue 21): a record
is not a backup because a player is named like one, a byte-order mark is read the same by the
page and the command line, a UTF-16 file is refused with what it is, a setup is checked against
the rules version it claims, and every file opened says what came in."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import castle_record

from castle import CASTLE
from tabletop import record as records
from web.games import GAMES
from web.shell.app import App
from web.shell.storage import MemoryStore


def page() -> App:
    return App(MemoryStore(), GAMES, lang="en")


def page_record(
    players: int, seed: int, names: list[str] | None = None, **extra: object
) -> records.Record:
    """A record as the page writes it: with each seat's name and colour."""
    names = names or ["Ann", "Bo", "Cy", "Di"][:players]
    colours = ["blue", "red", "green", "yellow"][:players]
    return castle_record(players, seed, 0, names=names, colours=colours, **extra)


def test_a_record_whose_player_is_named_like_a_backup_opens_as_a_record() -> None:
    name = '"format": "castle-backup'
    rec = page_record(3, 5, names=[name, "Bo", "Cy"])
    app = page()
    assert app.import_file(records.dumps(rec), "named.json")
    assert app.names[0] == name
    assert app.notice == "Opened named.json: 3 players · Summer · Round 1 of 15."


def test_every_file_opened_says_what_it_holds() -> None:
    rec = page_record(4, 2, winter=True)
    state, _ = records.replay(CASTLE, rec)
    while state.round < 5:
        action = CASTLE.legal_actions(state, CASTLE.asked(state)[0])[0]
        CASTLE.apply(state, action)
        rec["actions"].append(CASTLE.action_text(action))
    app = page()
    assert app.import_file(records.dumps(rec), "late.json")
    assert app.notice == "Opened late.json: 4 players · Winter · Round 5 of 12."


def test_a_byte_order_mark_is_read_and_utf16_is_refused_with_what_it_is() -> None:
    text = records.dumps(page_record(2, 1))
    assert page().import_file("\ufeff" + text, "bom.json")
    assert page().import_file(b"\xef\xbb\xbf" + text.encode(), "bom.json")
    app = page()
    assert not app.import_file(text.encode("utf-16"), "wide.json")
    assert "a UTF-16 file: save it again as UTF-8" in (app.notice or "")
    assert not app.import_file(text.encode("utf-16-le"), "wide.json")
    assert "UTF-16" in (app.notice or "")
    assert records.decode(b"\xef\xbb\xbf{}") == "{}"
    with pytest.raises(ValueError, match="not UTF-8"):
        records.decode(b"{\xc3\x28}")


def test_the_command_line_reads_a_byte_order_mark_as_the_page_does(tmp_path: Path) -> None:
    if sys.platform == "emscripten":
        pytest.skip("Pyodide (wasm) cannot start subprocesses")
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + records.dumps(castle_record(2, 1)).encode())
    done = subprocess.run(
        [sys.executable, "-m", "castle", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_a_backup_is_a_backup_by_its_form_and_a_large_one_is_told_so() -> None:
    app = page()
    app.start()
    app.export_all()
    assert app.download is not None
    _name, text = app.download
    other = page()
    assert other.saves.is_backup(text) and other.saves.is_backup("\ufeff" + text)
    assert not other.saves.is_backup(json.dumps({"games": [], "note": '"format": "castle-backup"'}))
    huge = text.replace('"games": [', '"padding": "' + "x" * 9_000_000 + '", "games": [', 1)
    assert not other.import_file(huge, "huge.json")
    assert "too large for a backup" in (other.notice or "")


#: What the reader says of a winter key on a record of rules version 1 (castle/data.py
#: SETUP_KEYS), for the page and the command line alike.
NO_WINTER_IN_1 = "setup: 'winter' is not a setup key of rules version 1"


def test_a_record_of_rules_version_1_cannot_be_a_winter_game() -> None:
    rec = page_record(3, 1, winter=True)
    rec["rules_version"] = 1
    with pytest.raises(records.RecordError, match=NO_WINTER_IN_1):
        records.loads(CASTLE, records.dumps(rec))
    app = page()
    assert not app.import_file(records.dumps(rec), "old.json")
    assert NO_WINTER_IN_1 in (app.notice or "")


def test_a_setup_key_its_version_did_not_know_is_refused_by_the_page_in_one_line() -> None:
    rec = page_record(3, 1, teams=[0, 1, 0])
    app = page()
    assert not app.import_file(records.dumps(rec), "teams.json")
    notice = app.notice or ""
    assert "setup: 'teams' is not a setup key of rules version 2" in notice
    assert "\n" not in notice


def test_the_command_line_refuses_a_setup_key_its_version_did_not_know(tmp_path: Path) -> None:
    if sys.platform == "emscripten":
        pytest.skip("Pyodide (wasm) cannot start subprocesses")
    rec = castle_record(2, 1, winter=False)
    rec["rules_version"] = 1
    path = tmp_path / "old.json"
    path.write_text(records.dumps(rec), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "castle", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"error: {path}: {NO_WINTER_IN_1} (its keys: players, seed, start_player;" in done.stderr
