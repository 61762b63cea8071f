"""Actions: small JSON values with a stable one-line text form, for any game.

An action is a dict `{"p": seat, "do": verb, ...fields}`. Its text form, used in game records
and for debugging, is `p<seat> <verb> <fields...>`. A game describes its verbs once, as a table
of fields with their types, and a `Codec` checks, builds, writes and parses its actions.
"""

from __future__ import annotations

import re
from typing import Any

from .refusal import Refusal

Action = dict[str, Any]
#: verb -> its fields in text order, each (name, type): "str", "int", "seat" (an int written
#: p<n>), "bool" (yes/no), or a list taking the rest of the line: "strs" (of str) or "ints"
#: (of int: an order, amounts of several kinds).
Verbs = dict[str, tuple[tuple[str, str], ...]]


class ParseError(ValueError):
    pass


def _field_ok(value: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind in ("int", "seat"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "ints":
        return isinstance(value, list) and all(_field_ok(v, "int") for v in value)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


# ASCII digits only: str.isdigit() and int() also take "²" or "٣", which no record writes.
_SEAT = re.compile(r"p([0-9]{1,3})")
_INT = re.compile(r"-?[0-9]{1,9}")


def _shown(token: str) -> str:
    return repr(token if len(token) <= 40 else token[:39] + "…")


def _seat(token: str) -> int:
    match = _SEAT.fullmatch(token)
    if match is None:
        raise ParseError(f"expected a seat like p0, got {_shown(token)}")
    return int(match.group(1))


def _int(name: str, token: str) -> int:
    if _INT.fullmatch(token) is None:
        raise ParseError(f"{name} must be a number, got {_shown(token)}")
    return int(token)


class Codec:
    """The actions of one game, from its table of verbs."""

    def __init__(self, verbs: Verbs) -> None:
        self.verbs = verbs
        self._names = {verb: tuple(name for name, _ in fields) for verb, fields in verbs.items()}

    def malformed(self, action: Any) -> Refusal | None:
        """Why `action` is not an action at all (wrong shape or types), or None."""
        if not isinstance(action, dict):
            return Refusal("action.malformed", {"why": "not an object"})
        p = action.get("p")
        if not isinstance(p, int) or isinstance(p, bool):
            return Refusal("action.malformed", {"why": "p must be a seat number"})
        verb = action.get("do")
        if not isinstance(verb, str) or verb not in self.verbs:
            return Refusal("action.unknown_verb", {"do": verb if isinstance(verb, str) else None})
        fields = self.verbs[verb]
        expected = {"p", "do", *(name for name, _ in fields)}
        if set(action) != expected:
            return Refusal("action.malformed", {"why": f"{verb} takes fields {sorted(expected)}"})
        for name, kind in fields:
            if not _field_ok(action[name], kind):
                return Refusal("action.malformed", {"why": f"{name} must be {kind}"})
        return None

    def make(self, p: int, verb: str, *values: Any) -> Action:
        """Build an action from its fields in text order, e.g. make(0, "pay", "stone", 2, 1)."""
        action: Action = {"p": p, "do": verb}
        action.update(zip(self._names[verb], values, strict=True))
        return action

    def to_text(self, action: Action) -> str:
        parts = [f"p{action['p']}", action["do"]]
        for name, kind in self.verbs[action["do"]]:
            value = action[name]
            if kind == "strs":
                parts.extend(value)
            elif kind == "ints":
                parts.extend(str(v) for v in value)
            elif kind == "seat":
                parts.append(f"p{value}")
            elif kind == "bool":
                parts.append("yes" if value else "no")
            else:
                parts.append(str(value))
        return " ".join(parts)

    def parse(self, text: str) -> Action:
        """The inverse of `to_text`. Raises ParseError with a readable message."""
        tokens = text.split()
        if len(tokens) < 2:
            raise ParseError(f"an action needs a seat and a verb: {text!r}")
        p = _seat(tokens[0])
        verb = tokens[1]
        if verb not in self.verbs:
            raise ParseError(f"unknown verb {_shown(verb)}")
        rest = tokens[2:]
        action: Action = {"p": p, "do": verb}
        for name, kind in self.verbs[verb]:
            if kind == "strs":
                action[name], rest = rest, []
                continue
            if kind == "ints":
                action[name], rest = [_int(name, token) for token in rest], []
                continue
            if not rest:
                raise ParseError(f"{verb} is missing {name}: {text!r}")
            token, rest = rest[0], rest[1:]
            if kind == "seat":
                action[name] = _seat(token)
            elif kind == "int":
                action[name] = _int(name, token)
            elif kind == "bool":
                if token not in ("yes", "no"):
                    raise ParseError(f"{name} must be yes or no, got {_shown(token)}")
                action[name] = token == "yes"
            else:
                action[name] = token
        if rest:
            raise ParseError(f"unexpected {_shown(' '.join(rest))} after {verb}")
        return action
