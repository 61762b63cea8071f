"""docs/seasons-rules.md is what seasons/ cites: every section number the code names (4.10,
9.2.3) is one of its numbered parts, every ruling id the code names is in it, and it points
nowhere outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "seasons-rules.md"
CITATION = re.compile(r"§(\d+(?:\.\d+)*)")


def numbered_parts(text: str) -> set[str]:
    """ "4" for `## 4. …`, "9.2" for `### 9.2 …`, "9.2.3" for an item led by `**9.2.3 …**`."""
    parts = set(re.findall(r"^## (\d+)\. ", text, re.M))
    parts |= set(re.findall(r"^### (\d+\.\d+) ", text, re.M))
    parts |= set(re.findall(r"^\*\*(\d+(?:\.\d+)+)[ .*]", text, re.M))
    return parts


def cited() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), match[1])
        for path in sorted((ROOT / "seasons").glob("*.py"))
        for match in CITATION.finditer(path.read_text(encoding="utf-8"))
    ]


def test_every_section_the_engine_cites_is_in_the_rules() -> None:
    parts = numbered_parts(RULES.read_text(encoding="utf-8"))
    assert {str(n) for n in range(1, 17)} <= parts
    found = cited()
    assert len(found) > 50
    assert [(where, number) for where, number in found if number not in parts] == []


def test_every_ruling_the_engine_names_is_in_the_rules() -> None:
    text = RULES.read_text(encoding="utf-8")
    named = {
        ruling
        for path in (ROOT / "seasons").glob("*.py")
        for ruling in re.findall(r"`ruling\.([a-z0-9_]+)`", path.read_text(encoding="utf-8"))
    }
    assert named
    assert sorted(r for r in named if f"`ruling.{r}`" not in text) == []


def test_the_rules_point_nowhere_outside() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert ".." + "/shared" not in text and "http" not in text
