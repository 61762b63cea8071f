"""Game records, for any game: the JSON file that saves, loads, undoes and replays a game.

    {
      "format": "<game>-game-record",   # e.g. "castle-game-record"
      "format_version": 1,              # this file's layout; a newer one is refused
      "rules_version": 1,               # the game's rules version it was played under
      "setup": {"players": 3, "seed": 7, ...},
      "actions": ["p0 select trader", "p1 select messenger", ...]
    }

A game is fully determined by its setup and its actions, so replaying the actions from the
setup gives the identical state. The game checks its own setup (`Game.setup_error`) and starts
from it (`Game.start`). A setup holds the keys its rules version knew (`Game.setup_keys`) and
the page's own (`PAGE_KEYS`: names, colours, computers), which games ignore; any other key is
refused, naming the key and the version, since a game that ignored it might replay as another.

`loads` is the one reader of records and saves, for the page, the command line and imports. A
record comes from a file or from storage, so it may be anything: it is bounded in size and depth
before it is parsed, every field is checked, every action line is parsed strictly, and whatever
is wrong becomes one `RecordError` naming the field or the action's number, never another
exception.

A record of older rules is never refused for its age alone: when the game has a migration for
every step from its `rules_version` to the game's (`Game.migrations`), the reader applies them to
a copy and checks the result as any record, so the page and the command line only ever see
records of the current rules. One that no chain of migrations reaches is an `OldRules` (kept by
the page, not replayed); one of newer rules than the program's is a `NewerRules` (update the
program). A migration that fails or makes a bad record is a RecordError naming its step.
"""

from __future__ import annotations

import copy
import json
from typing import Any, TypeGuard, TypeVar

from .actions import ParseError
from .game import NO_MIGRATION, Event, Game, Json
from .refusal import IllegalAction

FORMAT_VERSION = 1

#: Bounds checked before a record is parsed. A record of a whole game is a few kilobytes (a
#: 4-player game has about 400 action lines of 10-40 characters).
MAX_CHARS = 2_000_000
#: JSON nesting: a record needs 3 levels (the record, its setup, a list of names).
MAX_DEPTH = 20
#: Digits of a whole number (seeds are 64-bit at most: 20 digits).
MAX_DIGITS = 20
MAX_ACTIONS = 50_000
MAX_LINE = 200
#: How much of a bad value an error message quotes.
QUOTE = 60
#: The setup keys that the page playing a game keeps for its seats (web/shell/saves.py checks
#: them): their names, colours and computer levels. No game reads them, so every rules version
#: of every game carries them beside its own `Game.setup_keys`.
PAGE_KEYS = frozenset({"names", "colours", "computers"})

Record = dict[str, Any]
S = TypeVar("S")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the problem."""


class NewerRules(RecordError):
    """A record played under newer rules than the program's: the program must be updated."""

    def __init__(self, rules_version: int, current: int) -> None:
        super().__init__(
            f"the record was played under rules version {rules_version}, newer than this "
            f"program's {current}: update the program to replay it"
        )
        self.rules_version = rules_version


class OldRules(RecordError):
    """A record of older rules that no chain of migrations brings to the program's: it cannot be
    replayed any more, but it is still a game that was played, so whoever holds it keeps it.
    `record` is what was read (its format and versions checked, nothing else)."""

    def __init__(self, rules_version: int, current: int, record: Record) -> None:
        super().__init__(
            f"the record was played under rules version {rules_version}, which this program "
            f"(rules version {current}) can no longer replay; the record is kept as it is"
        )
        self.rules_version = rules_version
        self.record = record


def record_format(game: Game[Any]) -> str:
    return f"{game.name}-game-record"


def whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (JSON's true/false and 2.0 are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def new_record(game: Game[Any], setup: Json) -> Record:
    return {
        "format": record_format(game),
        "format_version": FORMAT_VERSION,
        "rules_version": game.rules_version,
        "setup": setup,
        "actions": [],
    }


def dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def quote(value: Any) -> str:
    """A value as an error message may show it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


def loads(game: Game[Any], text: str | bytes) -> Record:
    """Read a record (or a save): bounded, parsed, and every field and action line checked.
    Raises RecordError only."""
    if isinstance(text, bytes | bytearray) and len(text) > 4 * MAX_CHARS:
        raise RecordError(too_large(len(text)))
    try:
        text = decode(text)
    except ValueError as e:
        raise RecordError(f"{e} (a game record is UTF-8 JSON)") from None
    if len(text) > MAX_CHARS:
        raise RecordError(too_large(len(text)))
    if json_depth(text) > MAX_DEPTH:
        raise RecordError(f"not a game record: its JSON is nested more than {MAX_DEPTH} deep")
    try:
        record = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"not a JSON file ({e.msg} at line {e.lineno})") from None
    except RecursionError:  # json_depth bounds it; this is only a last line of defence
        raise RecordError("not a game record: its JSON is nested too deeply") from None
    return check(game, record)


def decode(text: Any) -> str:
    """A file's text by one rule for the page, its backups and the command line: UTF-8, with or
    without a byte-order mark (some editors write one). Raises ValueError saying what the file
    is instead: UTF-16 (a byte-order mark of its own, or a zero byte in every other place), or
    not text at all."""
    if isinstance(text, str):
        return text.removeprefix("\ufeff")
    if not isinstance(text, bytes | bytearray):
        raise ValueError("not a text file")
    raw = bytes(text)
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(raw) > 1 and b"\x00" in raw[:2]):
        raise ValueError("a UTF-16 file: save it again as UTF-8")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not a text file, or not UTF-8") from None


def too_large(size: int) -> str:
    """Why a file of `size` characters (or bytes) is refused as a game record."""
    return (
        f"the file is too large for a game record ({size / 1e6:.1f} million characters; "
        f"at most {MAX_CHARS / 1e6:g} million)"
    )


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"a number has more than {MAX_DIGITS} digits ({quote(digits)})")
    return int(digits)


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a game record can hold")


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in a JSON text (brackets inside strings ignored),
    found without parsing it, so that a hostile text cannot exhaust the parser's stack."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def check(game: Game[Any], record: Any) -> Record:
    """Every field of a parsed record, and every action line parsed (not applied: `replay`
    does that). Returns the record under the game's rules version: `record` itself when it is
    current, else a migrated copy (`record` is left as it was). Raises RecordError naming what
    is wrong: NewerRules or OldRules for a rules version it cannot bring to the game's."""
    rules = _check_versions(game, record)
    if rules > game.rules_version:
        raise NewerRules(rules, game.rules_version)
    if rules == game.rules_version:
        _check_content(game, record)
        return record  # type: ignore[no-any-return]
    migrated = migrate(game, record)
    try:
        if _check_versions(game, migrated) != game.rules_version:
            raise RecordError(f"rules_version must be {game.rules_version}")
        _check_content(game, migrated)
    except RecordError as e:
        steps = ", ".join(f"{v}→{v + 1}" for v in range(rules, game.rules_version))
        raise RecordError(
            f"the record migrated from rules version {rules} to {game.rules_version} "
            f"(steps {steps}) is not a valid record: {e}"
        ) from None
    return migrated


def migrate(game: Game[Any], record: Record) -> Record:
    """A copy of a record of older rules (its versions checked), brought step by step to the
    game's rules version by `game.migrations`. OldRules when a step is missing or is
    NO_MIGRATION; RecordError naming the step when one fails or makes something that is not a
    record. The result is not checked further: `check` does that."""
    rules: int = record["rules_version"]
    steps = [game.migrations.get(v) for v in range(rules, game.rules_version)]
    if any(step is None or step is NO_MIGRATION for step in steps):
        raise OldRules(rules, game.rules_version, record)
    _check_setup_keys(game, record, rules)
    try:
        out: Any = copy.deepcopy(record)
    except Exception as e:  # a record from elsewhere than `loads` (a recursive object)
        raise RecordError(
            f"the record cannot be copied to migrate it ({type(e).__name__})"
        ) from None
    for version, step in enumerate(steps, start=rules):
        name = f"migration of rules version {version} to {version + 1}"
        assert step is not None
        try:
            out = step(out)
        except RecordError as e:
            raise RecordError(f"{name}: {e}") from None
        except Exception as e:  # a migration's bug must not escape the reader as a crash
            raise RecordError(f"{name} failed ({type(e).__name__}: {quote(str(e))})") from None
        problem = _not_a_record(out)
        if problem:
            raise RecordError(f"{name} made no valid record: {problem}")
        out["rules_version"] = version + 1
    return out  # type: ignore[no-any-return]


def _not_a_record(value: Any) -> str | None:
    """What makes a migration's result not even the shape of a record."""
    if not isinstance(value, dict):
        return f"it returned {quote(value)}, not a record"
    if not isinstance(value.get("setup"), dict):
        return "it has no setup"
    actions = value.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        return "its actions are not a list of action lines"
    return None


def _check_versions(game: Game[Any], record: Any) -> int:
    """The format and the format version; returns the rules version (a whole number from 1)."""
    if not isinstance(record, dict) or record.get("format") != record_format(game):
        raise RecordError(f"not a game record of {game.title}")
    version = record.get("format_version")
    if not whole(version) or version < 1:
        raise RecordError(f"format_version must be a whole number from 1, not {quote(version)}")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"the record is of format version {version}, newer than this program's "
            f"{FORMAT_VERSION}: update the program to read it"
        )
    rules = record.get("rules_version")
    if not whole(rules) or rules < 1:
        raise RecordError(f"rules_version must be a whole number from 1, not {quote(rules)}")
    return rules


def _check_content(game: Game[Any], record: Record) -> None:
    """The setup and every action line, of a record under the game's rules version."""
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("the record has no setup")
    _check_setup_keys(game, record, game.rules_version)
    try:
        problem = game.setup_error(setup)
    except Exception as e:  # a game's check must not let a strange value through as a crash
        problem = f"cannot be read ({type(e).__name__})"
    if problem:
        raise RecordError(f"setup: {problem}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of action lines")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record has more than {MAX_ACTIONS} actions")
    for number, line in enumerate(actions, start=1):
        parse_line(game, line, number)


def _check_setup_keys(game: Game[Any], record: Record, rules: int) -> None:
    """A setup holds only keys its rules version knew (`Game.setup_keys[rules]`) and the
    page's (`PAGE_KEYS`): RecordError naming the first other key and the version. A setup that
    is not an object is left to the checks after (the content's, or a migration's)."""
    setup = record.get("setup")
    known = game.setup_keys.get(rules)
    if not isinstance(setup, dict) or known is None:
        return
    for key in setup:
        if key not in known and key not in PAGE_KEYS:
            raise RecordError(
                f"setup: {quote(key)} is not a setup key of rules version {rules} "
                f"(its keys: {', '.join(sorted(known))}; the page's: "
                f"{', '.join(sorted(PAGE_KEYS))})"
            )


def parse_line(game: Game[Any], line: str, number: int) -> Any:
    """One action line, strictly; RecordError naming its number otherwise."""
    if len(line) > MAX_LINE:
        raise RecordError(f"action {number} is longer than {MAX_LINE} characters")
    try:
        return game.parse_action(line)
    except ParseError as e:
        raise RecordError(f"action {number} ({quote(line)}) cannot be read: {e}") from None


def replay(game: Game[S], record: Record, upto: int | None = None) -> tuple[S, list[Event]]:
    """The state after the record's actions (the first `upto` of them), and all their events.

    A record of older rules replays through its migrations (`check`). Raises RecordError naming
    the action (1-based) that cannot be read or is refused.
    """
    record = check(game, record)
    s, ev = game.start(record["setup"])
    ev += play_on(game, s, record["actions"][:upto])
    return s, ev


def play_on(game: Game[S], s: S, lines: list[str], first: int = 1) -> list[Event]:
    """Apply action lines to `s` (numbered from `first` in errors); returns their events."""
    ev: list[Event] = []
    for number, line in enumerate(lines, start=first):
        action = parse_line(game, line, number)
        try:
            ev += game.apply(s, action)
        except IllegalAction as e:
            raise RecordError(
                f"action {number} ({quote(line)}) is not allowed: {e.refusal}"
            ) from None
    return ev
