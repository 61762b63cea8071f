"""Records across rules versions (tabletop.record, Game.migrations; policy in docs/engine.md).

A record of older rules replays through the game's migrations, one per step, to the same game
as the record written under today's rules; one that no chain reaches is an OldRules, one of
newer rules a NewerRules, and a migration that fails or makes a bad record is a RecordError
naming its step, never another exception. The game here is the test Goofspiel at rules version
3, whose version 1 called the player count `seats` and version 2 the bid `play`.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from goofspiel import GOOFSPIEL, Goofspiel
from scenario import castle_record

from castle import data, sim
from castle.game import CASTLE, Castle
from castle.migrations import MIGRATIONS
from tabletop import record as records
from tabletop.game import NO_MIGRATION, Game, Json, Migration
from tabletop.record import NewerRules, OldRules, RecordError


def seats_to_players(rec: Json) -> Json:
    """1 → 2: the setup's `seats` became `players`."""
    setup = rec["setup"]
    setup["players"] = setup.pop("seats")
    return rec


def play_to_bid(rec: Json) -> Json:
    """2 → 3: the verb `play` became `bid`."""
    rec["actions"] = [re.sub(r"^(p\d+) play ", r"\1 bid ", line) for line in rec["actions"]]
    return rec


class Goofspiel3(Goofspiel):
    rules_version = 3
    migrations: Mapping[int, Migration] = {1: seats_to_players, 2: play_to_bid}
    setup_keys: Mapping[int, frozenset[str]] = {
        1: frozenset({"seats", "seed"}),
        2: frozenset({"players", "seed"}),
        3: frozenset({"players", "seed"}),
    }


def game_with(migrations: Mapping[int, Migration]) -> Goofspiel3:
    game = Goofspiel3()
    game.migrations = migrations
    return game


GAME = Goofspiel3()


def current_record(players: int = 2, seed: int = 7) -> records.Record:
    """A whole game of random bids, as a record of rules version 3."""
    s, _ = GAME.new(players, seed)
    rnd = random.Random(seed)
    rec = records.new_record(GAME, {"players": players, "seed": seed, "names": ["A", "B"]})
    while not GAME.terminal(s):
        seat = GAME.asked(s)[0]
        action = rnd.choice(GAME.legal_actions(s, seat))
        GAME.apply(s, action)
        rec["actions"].append(GAME.action_text(action))
    return rec


def version_1(rec: records.Record) -> records.Record:
    """The same game as rules version 1 wrote it, by hand."""
    old = copy.deepcopy(rec)
    old["rules_version"] = 1
    old["setup"] = {
        "seats": rec["setup"]["players"],
        "seed": rec["setup"]["seed"],
        "names": ["A", "B"],
    }
    old["actions"] = [line.replace(" bid ", " play ") for line in rec["actions"]]
    return old


def read(game: Game[Any], rec: Any) -> records.Record:
    return records.loads(game, json.dumps(rec))


# --- a chain of migrations ----------------------------------------------------------------------


def test_a_version_1_record_replays_to_the_same_game_as_its_version_3_record() -> None:
    new = current_record()
    old = version_1(new)
    assert old["actions"][0].split()[1] == "play" and "seats" in old["setup"]
    migrated = read(GAME, old)
    assert migrated == new
    s_old, ev_old = records.replay(GAME, migrated)
    s_new, ev_new = records.replay(GAME, new)
    assert GAME.to_json(s_old) == GAME.to_json(s_new) and ev_old == ev_new
    assert GAME.terminal(s_old) and GAME.results(s_old) == GAME.results(s_new)
    # replay and check take the old record itself too, and leave it as it was
    kept = copy.deepcopy(old)
    s_direct, _ = records.replay(GAME, old)
    assert GAME.to_json(s_direct) == GAME.to_json(s_new)
    assert records.check(GAME, old) == new
    assert old == kept


def test_a_version_2_record_takes_only_the_last_step() -> None:
    new = current_record(3, 4)
    middle = dict(
        new, rules_version=2, actions=[a.replace(" bid ", " play ") for a in new["actions"]]
    )
    assert read(GAME, middle) == new


def test_a_current_record_is_checked_as_it_is() -> None:
    new = current_record()
    assert records.check(GAME, new) is new
    assert records.check(GOOFSPIEL, records.new_record(GOOFSPIEL, {"players": 2, "seed": 1}))


def test_an_undone_old_record_replays_to_the_middle_of_the_game() -> None:
    new = current_record()
    old = version_1(new)
    for upto in (0, 1, 3):
        a, _ = records.replay(GAME, old, upto)
        b, _ = records.replay(GAME, new, upto)
        assert GAME.to_json(a) == GAME.to_json(b)


# --- what cannot be migrated ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "migrations",
    [{2: play_to_bid}, {1: NO_MIGRATION, 2: play_to_bid}, {1: seats_to_players}, {}],
    ids=["missing 1", "NO_MIGRATION at 1", "missing 2", "none"],
)
def test_a_record_no_chain_reaches_is_old_rules_and_kept(
    migrations: Mapping[int, Migration],
) -> None:
    old = version_1(current_record())
    game = game_with(migrations)
    for attempt in (lambda: read(game, old), lambda: records.replay(game, old)):
        with pytest.raises(OldRules) as err:
            attempt()
        assert err.value.rules_version == 1
        assert err.value.record == old
        message = str(err.value)
        assert "rules version 1" in message and "rules version 3" in message
        assert "can no longer replay" in message and "kept" in message


def test_a_chain_that_starts_after_a_missing_step_still_reads_later_records() -> None:
    new = current_record()
    middle = dict(
        new, rules_version=2, actions=[a.replace(" bid ", " play ") for a in new["actions"]]
    )
    assert read(game_with({1: NO_MIGRATION, 2: play_to_bid}), middle) == new


def test_a_record_of_newer_rules_is_newer_rules() -> None:
    rec = dict(current_record(), rules_version=4)
    with pytest.raises(NewerRules) as err:
        read(GAME, rec)
    assert err.value.rules_version == 4
    assert "rules version 4" in str(err.value) and "update the program" in str(err.value)


def test_no_migration_refuses_when_called() -> None:
    with pytest.raises(ValueError, match="no migration"):
        NO_MIGRATION({})
    assert repr(NO_MIGRATION) == "NO_MIGRATION"


# --- a migration that goes wrong ---------------------------------------------------------------


def test_a_migration_that_raises_is_a_record_error_naming_its_step() -> None:
    def broken(rec: Json) -> Json:
        raise KeyError("seats")

    old = version_1(current_record())
    for migrations in ({1: broken, 2: play_to_bid}, {1: seats_to_players, 2: broken}):
        step = 1 if migrations[1] is broken else 2
        with pytest.raises(RecordError) as err:
            read(game_with(migrations), old)
        assert type(err.value) is RecordError
        assert f"migration of rules version {step} to {step + 1} failed (KeyError" in str(err.value)


def test_a_migration_that_makes_no_record_is_a_record_error_naming_its_step() -> None:
    old = version_1(current_record())
    for bad, words in [
        (lambda rec: None, "None, not a record"),
        (lambda rec: {**rec, "setup": None}, "no setup"),
        (lambda rec: {**rec, "actions": [1, 2]}, "not a list of action lines"),
    ]:
        with pytest.raises(RecordError) as err:
            read(game_with({1: seats_to_players, 2: bad}), old)
        message = str(err.value)
        assert message.startswith("migration of rules version 2 to 3 made no valid record")
        assert words in message


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (lambda rec: {**rec, "actions": ["p0 play 1"]}, "action 1 ('p0 play 1') cannot be read"),
        (lambda rec: {**rec, "setup": {"players": 9, "seed": 1}}, "setup: players"),
        (lambda rec: {**rec, "format": "chess-game-record"}, "not a game record of Goofspiel"),
    ],
)
def test_a_migration_that_makes_a_bad_record_is_a_record_error_naming_the_steps(
    bad: Migration, words: str
) -> None:
    old = version_1(current_record())
    with pytest.raises(RecordError) as err:
        records.replay(game_with({1: seats_to_players, 2: bad}), old)
    message = str(err.value)
    assert message.startswith(
        "the record migrated from rules version 1 to 3 (steps 1→2, 2→3) is not a valid record: "
    )
    assert words in message


def test_mutants_of_an_old_record_migrate_replay_or_are_refused_with_a_record_error() -> None:
    """The reader's guarantee holds through migrations: whatever an old record holds, the only
    error is a RecordError."""
    old = version_1(current_record(3, 2))
    rnd = random.Random(9)
    odd: list[Any] = [None, 0, 1, 5, -1, True, "", "x", [], {}, ["p0 play 9"], {"seats": 2}]
    outcomes = {"replayed": 0, "refused": 0}
    for _ in range(300):
        doc = copy.deepcopy(old)
        where = rnd.choice(["setup", "actions", "seats", "seed", "line"])
        if where in ("setup", "actions"):
            doc[where] = rnd.choice(odd)
        elif where == "line":
            doc["actions"][rnd.randrange(len(doc["actions"]))] = rnd.choice(odd)
        elif rnd.random() < 0.3:
            del doc["setup"][where]
        else:
            doc["setup"][where] = rnd.choice(odd)
        try:
            records.replay(GAME, read(GAME, doc))
        except RecordError:
            outcomes["refused"] += 1
        else:
            outcomes["replayed"] += 1
    assert outcomes["refused"] > 0 and outcomes["replayed"] > 0, outcomes


# --- the setup keys a rules version knew --------------------------------------------------------


def test_an_old_record_with_a_key_its_version_did_not_know_is_refused_naming_both() -> None:
    """Version 1 called the player count `seats`: a version 1 record that says `players` was
    not written by version 1, and is refused before any migration runs."""
    old = version_1(current_record())
    old["setup"]["players"] = old["setup"]["seats"]
    with pytest.raises(RecordError) as err:
        read(GAME, old)
    assert type(err.value) is RecordError
    assert str(err.value) == (
        "setup: 'players' is not a setup key of rules version 1 "
        "(its keys: seats, seed; the page's: colours, computers, names)"
    )


def test_a_current_record_with_an_unknown_setup_key_is_refused_naming_it() -> None:
    new = current_record()
    new["setup"]["seats"] = 2  # version 1's word: version 3 no longer knows it
    with pytest.raises(
        RecordError, match=r"^setup: 'seats' is not a setup key of rules version 3 "
    ):
        read(GAME, new)


def test_a_migration_that_leaves_an_old_key_is_refused_naming_its_steps() -> None:
    def copy_seats(rec: Json) -> Json:
        rec["setup"]["players"] = rec["setup"]["seats"]  # and forgets to drop `seats`
        return rec

    with pytest.raises(RecordError) as err:
        read(game_with({1: copy_seats, 2: play_to_bid}), version_1(current_record()))
    assert str(err.value).startswith(
        "the record migrated from rules version 1 to 3 (steps 1→2, 2→3) is not a valid record: "
        "setup: 'seats' is not a setup key of rules version 3"
    )


def test_a_record_of_rules_no_chain_reaches_is_kept_whatever_its_setup_keys() -> None:
    """OldRules keeps the record as read: its setup is not judged, since it is not replayed."""
    old = version_1(current_record())
    old["setup"]["anything"] = 1
    with pytest.raises(OldRules) as err:
        read(game_with({1: NO_MIGRATION, 2: play_to_bid}), old)
    assert err.value.record == old


@pytest.mark.parametrize("version", [1, 3], ids=["rules version 1", "rules version 3"])
def test_the_pages_own_setup_keys_are_known_to_every_rules_version(version: int) -> None:
    new = current_record()
    rec = new if version == 3 else version_1(new)
    rec["setup"].update(colours=["blue", "red"], computers=[None, "easy"], names=["A", "B"])
    assert read(GAME, rec)["setup"]["computers"] == [None, "easy"]


# --- Castle's own steps --------------------------------------------------------------------------

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_a_summer_record_of_rules_version_1_replays_to_the_same_game() -> None:
    """Castle 1 → 2 (the winter variant, castle/migrations.py): a record kept from rules version
    1, the golden 2-player game, is a summer game; it loads under today's rules unchanged but
    for its version, and replays to the game checked in with it."""
    text = (GOLDEN / "game_2p.record.json").read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["rules_version"] == 1 and "winter" not in old["setup"]
    migrated = records.loads(CASTLE, text)
    assert migrated == {**old, "rules_version": data.RULES_VERSION}
    today = castle_record(**old["setup"])
    today["actions"] = old["actions"]
    s_old, ev_old = records.replay(CASTLE, migrated)
    s_new, ev_new = records.replay(CASTLE, today)
    assert CASTLE.to_json(s_old) == CASTLE.to_json(s_new) and ev_old == ev_new
    assert s_old.phase == "over" and s_old.winter is None
    final = json.loads((GOLDEN / "game_2p.final.json").read_text(encoding="utf-8"))
    assert CASTLE.to_json(s_old) == final


def test_a_program_of_rules_version_1_refuses_a_winter_record_as_newer_rules() -> None:
    """Why the step 1 → 2 exists: a program from before the variant must not replay a winter
    record as a summer game, so it is refused as newer rules."""
    _, actions = sim.random_game(2, 3, winter=True)
    rec = castle_record(2, 3, winter=True)
    rec["actions"] = actions

    class CastleBeforeWinter(Castle):
        rules_version = 1
        migrations: Mapping[int, Migration] = {}

    with pytest.raises(NewerRules) as err:
        read(CastleBeforeWinter(), rec)
    assert err.value.rules_version == 2


@pytest.mark.parametrize("winter", [True, False], ids=["winter true", "winter false"])
def test_a_castle_record_of_rules_version_1_with_winter_is_refused_naming_key_and_version(
    winter: bool,
) -> None:
    """Version 1 had no winter variant, so no `winter` key at all, not even false."""
    rec = castle_record(2, 3, winter=winter)
    rec["rules_version"] = 1
    with pytest.raises(RecordError) as err:
        read(CASTLE, rec)
    assert str(err.value) == (
        "setup: 'winter' is not a setup key of rules version 1 "
        "(its keys: players, seed, start_player; the page's: colours, computers, names)"
    )


@pytest.mark.parametrize("version", [1, 2], ids=["rules version 1", "rules version 2"])
def test_a_castle_record_with_a_key_no_version_knew_is_refused_naming_it(version: int) -> None:
    rec = castle_record(2, 3, variant="winter")
    rec["rules_version"] = version
    with pytest.raises(
        RecordError, match=rf"^setup: 'variant' is not a setup key of rules version {version} "
    ):
        read(CASTLE, rec)


def test_castle_records_with_every_key_of_their_version_are_read() -> None:
    keys = {"names": ["A", "B"], "colours": ["blue", "red"], "computers": [None, "hard"]}
    old = castle_record(2, 3, 1, **keys)
    old["rules_version"] = 1
    assert read(CASTLE, old)["rules_version"] == data.RULES_VERSION
    assert read(CASTLE, castle_record(2, 3, 1, winter=True, **keys))["setup"]["winter"] is True


# --- every real game's table of migrations ------------------------------------------------------


def assert_complete_chain(migrations: Mapping[int, Migration], rules_version: int) -> None:
    """Every step from version 1 to the current one has an entry (a migration, or NO_MIGRATION
    where none can exist), and there is none for a version that never was."""
    for version, step in migrations.items():
        assert 1 <= version < rules_version, f"a migration from rules version {version}"
        assert callable(step)
    missing = [v for v in range(1, rules_version) if v not in migrations]
    assert not missing, (
        f"rules version {rules_version} has no entry for the steps from {missing}: write a "
        "migration with its test, or NO_MIGRATION where none can exist (castle/migrations.py)"
    )


def test_castle_has_an_entry_for_every_rules_version_step() -> None:
    assert CASTLE.migrations is MIGRATIONS
    assert CASTLE.rules_version == data.RULES_VERSION
    assert_complete_chain(MIGRATIONS, data.RULES_VERSION)


@pytest.mark.parametrize("game", [CASTLE, GOOFSPIEL, GAME], ids=lambda g: f"{g.name}")
def test_every_game_has_an_entry_for_every_rules_version_step(game: Game[Any]) -> None:
    assert_complete_chain(game.migrations, game.rules_version)


@pytest.mark.parametrize("game", [CASTLE, GOOFSPIEL, GAME], ids=lambda g: f"{g.name}")
def test_every_game_lists_the_setup_keys_of_every_rules_version(game: Game[Any]) -> None:
    assert sorted(game.setup_keys) == list(range(1, game.rules_version + 1))
    for version, keys in game.setup_keys.items():
        assert keys and all(isinstance(k, str) for k in keys), version
        assert not keys & records.PAGE_KEYS, f"version {version} lists a page key as its own"


def test_castle_setup_keys_are_what_its_setup_reads() -> None:
    """The current version's keys are the ones Castle's setup check and start read."""
    assert CASTLE.setup_keys is data.SETUP_KEYS
    assert data.SETUP_KEYS[data.RULES_VERSION] == {"players", "seed", "start_player", "winter"}
    assert data.SETUP_KEYS[1] == data.SETUP_KEYS[2] - {"winter"}


def test_the_chain_check_fails_on_a_bump_without_an_entry() -> None:
    with pytest.raises(AssertionError, match="no entry for the steps from"):
        assert_complete_chain({}, 2)
    with pytest.raises(AssertionError, match="a migration from rules version 2"):
        assert_complete_chain({1: NO_MIGRATION, 2: play_to_bid}, 2)
    assert_complete_chain({1: NO_MIGRATION}, 2)
