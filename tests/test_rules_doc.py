"""docs/rules.md is the project's rules text: every ruling and every section the code cites is
in it, and nothing in the repository points to rules outside it.

The check of the repository's files asks git for the tracked files, so it runs on CPython only:
Pyodide cannot start a process. The other checks read files and run in Pyodide too.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from castle import data

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
CITING = ("castle", "tests", "web")

#: A section, an item of a section (§3.6), or a character's step (§4 Stonemason 1).
CITATION = re.compile(r"§(\d+)(?:\.(\d+))?(?: ([A-Z][a-z]+(?: [A-Z][a-z]+)?)(?: (\d+))?)?")
#: Strings that would point outside the repository (written in two parts so this file, which
#: is left out of the check anyway, does not match itself).
OUTSIDE = ("shared" + "/rules", ".." + "/shared")
#: The subsections of §4, as the code names them.
CHARACTERS = ("Messenger", "Trader", "Bricklayer", "Stonemason", "Worker", "Master Builder")


def outline(text: str) -> dict[str, set[str]]:
    """The document's numbered parts: "3" for `## 3. …`, "3.6" for item 6 of section 3,
    "4 Trader" for `### Trader` in section 4 and "4 Trader 3" for its step 3."""
    found: dict[str, set[str]] = {"sections": set(), "items": set(), "subsections": set()}
    section = sub = None
    for line in text.splitlines():
        if m := re.match(r"## (\d+)\. ", line):
            section, sub = m[1], None
            found["sections"].add(section)
        elif line.startswith("## "):
            section = sub = None
        elif (m := re.match(r"### (.+)", line)) and section:
            sub = m[1].split(" (")[0].strip()
            found["subsections"].add(f"{section} {sub}")
        elif (m := re.match(r"(\d+)\. ", line)) and section:
            found["items"].add(f"{section} {sub} {m[1]}" if sub else f"{section}.{m[1]}")
    return found


def citations() -> list[tuple[str, str]]:
    """Every (file, citation) in the .py files of castle/, tests/ and web/ but this one."""
    out = []
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve() or "__pycache__" in path.parts:
                continue  # this file's citations are wrong on purpose
            text = path.read_text(encoding="utf-8")
            out += [(str(path.relative_to(ROOT)), m[0]) for m in CITATION.finditer(text)]
    return out


def test_every_house_rule_is_in_the_rules_doc() -> None:
    text = RULES.read_text(encoding="utf-8")
    every = (*data.HOUSE_RULES, *data.WINTER_HOUSE_RULES)
    missing = [r for r in every if f"`{r}`" not in text]
    assert not missing, f"rulings missing from docs/rules.md: {missing}"
    # §12 lists each ruling in its tables, in HOUSE_RULES then WINTER_HOUSE_RULES order.
    rulings = text[text.index("## 12. ") :]
    rows = re.findall(r"^\| `([a-z_]+)` \|", rulings, re.M)
    assert rows == list(every)


def exists(doc: dict[str, set[str]], citation: str) -> bool:
    m = CITATION.fullmatch(citation)
    assert m is not None
    section, item, name, step = m.groups()
    if section not in doc["sections"]:
        return False
    if item:
        return f"{section}.{item}" in doc["items"]
    if step and f"{section} {name}" in doc["subsections"]:
        return f"{section} {name} {step}" in doc["items"]
    if section == "4" and name in CHARACTERS:
        return f"4 {name}" in doc["subsections"]
    return True  # "§7 Keep", "§5 Erecting": words after a section are prose, not a number


def test_every_cited_section_is_in_the_rules_doc() -> None:
    doc = outline(RULES.read_text(encoding="utf-8"))
    found = citations()
    assert len(found) > 100  # the code does cite the rules
    bad = [(where, cited) for where, cited in found if not exists(doc, cited)]
    assert not bad, f"cited but not in docs/rules.md: {bad}"


def test_the_check_of_citations_sees_a_missing_number() -> None:
    doc = outline(RULES.read_text(encoding="utf-8"))
    assert exists(doc, "§4 Stonemason 1") and exists(doc, "§3.6") and exists(doc, "§12")
    for wrong in ("§13", "§3.9", "§4.3", "§4 Trader 5", "§4 Master Builder 4"):
        assert not exists(doc, wrong), wrong


def test_the_rules_doc_numbers_its_sections_like_the_code() -> None:
    doc = outline(RULES.read_text(encoding="utf-8"))
    assert doc["sections"] == {str(n) for n in range(1, 13)}
    assert {f"4 {name}" for name in CHARACTERS} <= doc["subsections"]
    assert {"5 Erecting", "5 Placing helpers"} <= doc["subsections"]
    assert {f"8.{n}" for n in range(1, 6)} <= doc["items"]


def test_the_rules_doc_points_nowhere_outside() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert not [s for s in OUTSIDE if s in text]
    assert "http" not in text


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start git")
def test_no_file_points_to_rules_outside_the_repository() -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    files = {name for name in listed.split("\0") if name}
    files.add("docs/rules.md")
    files.discard("tests/test_rules_doc.py")
    bad = []
    for name in sorted(files):
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree, not yet in the index
        content = path.read_bytes()
        bad += [(name, s) for s in OUTSIDE if s.encode() in content]
    assert not bad, f"files pointing outside the repository: {bad}"
