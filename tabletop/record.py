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
from it (`Game.start`); `setup` may carry more keys for the page (names, colours), which games
ignore.

`loads` is the one reader of records and saves, for the page, the command line and imports. A
record comes from a file or from storage, so it may be anything: it is bounded in size and depth
before it is parsed, every field is checked, every action line is parsed strictly, and whatever
is wrong becomes one `RecordError` naming the field or the action's number, never another
exception.
"""

from __future__ import annotations

import json
from typing import Any, TypeGuard, TypeVar

from .actions import ParseError
from .game import Event, Game, Json
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

Record = dict[str, Any]
S = TypeVar("S")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the problem."""


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
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * MAX_CHARS:
            raise RecordError(_too_large(len(text)))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not a text file (a game record is UTF-8 JSON)") from None
    if not isinstance(text, str):
        raise RecordError("not a text file (a game record is UTF-8 JSON)")
    if len(text) > MAX_CHARS:
        raise RecordError(_too_large(len(text)))
    if json_depth(text) > MAX_DEPTH:
        raise RecordError(f"not a game record: its JSON is nested more than {MAX_DEPTH} deep")
    try:
        record = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"not a JSON file ({e.msg} at line {e.lineno})") from None
    except RecursionError:  # json_depth bounds it; this is only a last line of defence
        raise RecordError("not a game record: its JSON is nested too deeply") from None
    check(game, record)
    return record  # type: ignore[no-any-return]


def _too_large(size: int) -> str:
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


def check(game: Game[Any], record: Any) -> None:
    """Every field of a parsed record, and every action line parsed (not applied: `replay`
    does that). Raises RecordError naming what is wrong."""
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
    if rules != game.rules_version:
        raise RecordError(
            f"the record was played under rules version {rules}, this program has "
            f"{game.rules_version}"
        )
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("the record has no setup")
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

    Raises RecordError naming the action (1-based) that cannot be read or is refused.
    """
    check(game, record)
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
