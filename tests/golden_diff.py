"""What the golden-game tests of every game share: their regeneration module loaded, a
golden file read with the way to make it again, a readable diff of two playthroughs and every
path where two final states differ."""

from __future__ import annotations

import difflib
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def load_regen(path: Path, name: str) -> ModuleType:
    """A golden folder's regen.py, by path (tests/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def how_to_regenerate(regen: ModuleType, folder: str) -> str:
    return (
        f"If this change is intended, regenerate the golden files with `{regen.REGEN}` "
        f"(from the repository root) and review `git diff {folder}` before committing."
    )


def read(path: Path, how: str) -> str:
    """A golden file's text; a missing one fails the test with `how` to make it."""
    if not path.exists():
        pytest.fail(f"missing golden file {path.name}. {how}")
    return path.read_text(encoding="utf-8")


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


def same_playthrough(regen: ModuleType, name: str, record: Any, how: str) -> None:
    """The golden game `name` plays as its checked-in playthrough says, or the test fails with
    the diff and `how` to regenerate."""
    path = regen.playthrough_path(name)
    expected = read(path, how)
    actual = regen.playthrough(record)
    if actual != expected:
        pytest.fail(
            f"the golden game {name} plays differently:\n"
            f"{text_diff(expected, actual, path.name)}\n{how}",
            pytrace=False,
        )


def same_final_state(regen: ModuleType, name: str, record: Any, how: str) -> None:
    """The golden game `name` ends in its checked-in final state, or the test fails with every
    path that differs."""
    path = regen.final_path(name)
    expected = json.loads(read(path, how))
    actual = json.loads(json.dumps(regen.final_state(record)))
    differences = json_diff(expected, actual)
    if differences:
        shown = "\n".join(differences[:MAX_DIFF_LINES])
        pytest.fail(
            f"the golden game {name} ends differently ({len(differences)} "
            f"differences in {path.name}):\n{shown}\n{how}",
            pytrace=False,
        )
