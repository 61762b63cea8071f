"""Actions: small JSON values with a stable one-line text form.

An action is a dict `{"p": seat, "do": verb, ...fields}`. The text form, used in game records
and for debugging, is `p<seat> <verb> <fields...>`, e.g. `p0 select trader worker_a`,
`p1 buy p2 worker_c stone`, `p0 pay stone 2 1`, `p3 helper keep supply`, `p0 done`.
"""

from __future__ import annotations

from typing import Any

from .errors import Refusal

Action = dict[str, Any]

#: The fields of each verb, in text order, with their type: "str", "int", "seat" (an int
#: written p<n>), "bool" (yes/no) or "strs" (a list of str, taking the rest of the line).
VERBS: dict[str, tuple[tuple[str, str], ...]] = {
    "select": (("cards", "strs"),),
    "worker_c": (("kinds", "strs"),),
    "trader": (("place", "str"),),
    "tower": (("kind", "str"),),
    "buy": (("seller", "seat"), ("card", "str"), ("kind", "str")),
    "sell": (("accept", "bool"),),
    "first": (("card", "str"),),
    "erect": (("building", "str"),),
    "pay": (("kind", "str"), ("own", "int"), ("silver", "int")),
    "helper": (("place", "str"), ("source", "str")),
    "convert": (("kind", "str"),),
    "palace": (("kind", "str"),),
    "market": (("vp", "int"),),
    "done": (),
}


def _field_ok(value: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind in ("int", "seat"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def malformed(action: Any) -> Refusal | None:
    """Why `action` is not an action at all (wrong shape or types), or None."""
    if not isinstance(action, dict):
        return Refusal("action.malformed", {"why": "not an object"})
    p = action.get("p")
    if not isinstance(p, int) or isinstance(p, bool):
        return Refusal("action.malformed", {"why": "p must be a seat number"})
    verb = action.get("do")
    if verb not in VERBS:
        return Refusal("action.unknown_verb", {"do": verb})
    fields = VERBS[verb]
    expected = {"p", "do", *(name for name, _ in fields)}
    if set(action) != expected:
        return Refusal("action.malformed", {"why": f"{verb} takes fields {sorted(expected)}"})
    for name, kind in fields:
        if not _field_ok(action[name], kind):
            return Refusal("action.malformed", {"why": f"{name} must be {kind}"})
    return None


_NAMES = {verb: tuple(name for name, _ in fields) for verb, fields in VERBS.items()}


def make(p: int, verb: str, *values: Any) -> Action:
    """Build an action from its fields in text order, e.g. make(0, "pay", "stone", 2, 1)."""
    action: Action = {"p": p, "do": verb}
    action.update(zip(_NAMES[verb], values, strict=True))
    return action


def to_text(action: Action) -> str:
    parts = [f"p{action['p']}", action["do"]]
    for name, kind in VERBS[action["do"]]:
        value = action[name]
        if kind == "strs":
            parts.extend(value)
        elif kind == "seat":
            parts.append(f"p{value}")
        elif kind == "bool":
            parts.append("yes" if value else "no")
        else:
            parts.append(str(value))
    return " ".join(parts)


class ParseError(ValueError):
    pass


def _seat(token: str) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit():
        raise ParseError(f"expected a seat like p0, got {token!r}")
    return int(token[1:])


def parse(text: str) -> Action:
    """The inverse of `to_text`. Raises ParseError with a readable message."""
    tokens = text.split()
    if len(tokens) < 2:
        raise ParseError(f"an action needs a seat and a verb: {text!r}")
    p = _seat(tokens[0])
    verb = tokens[1]
    if verb not in VERBS:
        raise ParseError(f"unknown verb {verb!r}")
    rest = tokens[2:]
    action: Action = {"p": p, "do": verb}
    for name, kind in VERBS[verb]:
        if kind == "strs":
            action[name], rest = rest, []
            continue
        if not rest:
            raise ParseError(f"{verb} is missing {name}: {text!r}")
        token, rest = rest[0], rest[1:]
        if kind == "seat":
            action[name] = _seat(token)
        elif kind == "int":
            try:
                action[name] = int(token)
            except ValueError:
                raise ParseError(f"{name} must be a number, got {token!r}") from None
        elif kind == "bool":
            if token not in ("yes", "no"):
                raise ParseError(f"{name} must be yes or no, got {token!r}")
            action[name] = token == "yes"
        else:
            action[name] = token
    if rest:
        raise ParseError(f"unexpected {' '.join(rest)!r} after {verb}")
    return action
