"""What the golden-game tests of every game share: a readable diff of two playthroughs and
every path where two final states differ."""

from __future__ import annotations

import difflib
from typing import Any

MAX_DIFF_LINES = 80


def text_diff(expected: str, actual: str, name: str) -> str:
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{name} (checked in)",
            f"{name} (engine now)",
            lineterm="",
            n=2,
        )
    )
    shown = lines[:MAX_DIFF_LINES]
    if len(lines) > MAX_DIFF_LINES:
        shown.append(f"... and {len(lines) - MAX_DIFF_LINES} more diff lines")
    return "\n".join(shown)


def json_diff(expected: Any, actual: Any, path: str = "$") -> list[str]:
    """Every path where two JSON values differ, with both values."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                out.append(f"{path}.{key}: removed (was {expected[key]!r})")
            elif key not in expected:
                out.append(f"{path}.{key}: added ({actual[key]!r})")
            else:
                out += json_diff(expected[key], actual[key], f"{path}.{key}")
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        out = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            out += json_diff(e, a, f"{path}[{i}]")
        return out
    return [] if expected == actual else [f"{path}: checked in {expected!r}, engine now {actual!r}"]
