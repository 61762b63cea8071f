"""Files from outside are told apart by their form and read by one rule (issue 21): a record
is not a backup because a player is named like one, a byte-order mark is read the same by the
page and the command line, a UTF-16 file is refused with what it is, a setup is checked against
the rules version it claims, every file opened says what came in (on a hot-seat cover too), a
record saved already is opened and not copied, and a file too large to read is refused in the
words of what it begins as."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import castle_record

from castle import CASTLE
from tabletop import record as records
from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
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


def test_a_record_opened_again_opens_the_game_saved_and_adds_no_copy() -> None:
    rec = page_record(3, 4)
    app = page()
    assert app.import_file(records.dumps(rec), "sunday.json")
    first = app.key
    app.home()
    # The same record in another layout (a byte-order mark, no indentation) is the same game.
    again = "\ufeff" + json.dumps(rec)
    assert app.import_file(again, "copy.json")
    assert app.key == first and len(app.saves.keys()) == 1
    assert app.notice == (
        "Already saved as “Ann, Bo, Cy”: that game is open (3 players · Summer · Round 1 of 15),"
        " and copy.json was not added again."
    )


def test_a_record_with_more_moves_than_the_saved_one_is_a_game_of_its_own() -> None:
    rec = page_record(2, 4)
    app = page()
    assert app.import_file(records.dumps(rec), "start.json")
    state, _ = records.replay(CASTLE, rec)
    action = CASTLE.legal_actions(state, CASTLE.asked(state)[0])[0]
    rec["actions"].append(CASTLE.action_text(action))
    app.home()
    assert app.import_file(records.dumps(rec), "later.json")
    assert len(app.saves.keys()) == 2
    assert (app.notice or "").startswith("Opened later.json")


def test_the_opened_notice_shows_on_the_hot_seat_cover_it_lands_on() -> None:
    app = page()
    assert app.import_file(records.dumps(page_record(3, 6)), "table.json")
    html = render(app)
    assert 'class="cover c-' in html  # three people choose their cards in secret
    notice = re.search(r'<p id="notice"[^>]*>([^<]*)</p>', html)
    assert notice is not None
    assert notice.group(1) == "Opened table.json: 3 players · Summer · Round 1 of 15."
    help_open = re.search(r'data-act="(k\d+)"[^>]*id="help-open"', html)
    assert help_open is not None
    app.click(help_open.group(1), {})  # a click clears the notice: the cover has no empty line
    assert 'class="cover c-' in render(app) and 'id="notice"' not in render(app)


def test_a_file_too_large_to_read_is_too_large_for_what_its_opening_says() -> None:
    app = page()
    opening = '{\n "format": "castle-backup",\n "format_version": 1,\n "games": ['
    assert not app.import_too_large("all.json", 20_000_000, opening)
    assert app.notice == (
        "The file all.json could not be opened: the file is too large for a backup "
        "(20.0 million characters; at most 8 million). Nothing was changed."
    )
    assert not app.import_too_large("all.json", 20_000_000, "\ufeff" + opening)
    assert "too large for a backup" in (app.notice or "")
    assert not app.import_too_large("game.json", 20_000_000, '{"format": "castle-game-record"')
    assert "too large for a game record (20.0 million characters" in (app.notice or "")
    assert app.saves.keys() == []
