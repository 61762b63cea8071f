"""The site's own Chinese face (tools/site_font.py): what it holds, how the style sheet names it,
and that the same input gives the same bytes.

CPython only: fontTools is a build tool, not in Pyodide. The e2e test (e2e/test_font.py) shows
that a browser without a Chinese font of its own draws the page's Chinese with it.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from tools import build, site_font

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="fontTools and the build are CPython tools"
)

ROOT = build.ROOT
STYLE = ROOT / "web" / "style.css"
PACKAGE = build.NODE_MODULES / site_font.FONT_PACKAGE


def font_faces() -> list[dict[str, str]]:
    """The @font-face rules of the shell's style sheet, as descriptor -> value."""
    rules = re.findall(r"@font-face\s*\{([^}]*)\}", STYLE.read_text())
    return [
        {name.strip(): value.strip() for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+);", r)}
        for r in rules
    ]


def test_the_style_sheet_names_each_weight_for_the_chinese_ranges_only() -> None:
    faces = font_faces()
    assert [face["font-family"] for face in faces] == [f'"{site_font.FAMILY}"'] * 2
    assert [face["src"] for face in faces] == [
        f'url("{weight.site_path.removeprefix("web/")}") format("woff2")'
        for weight in site_font.WEIGHTS
    ]
    assert [face["font-weight"] for face in faces] == ["100 500", "600 900"]
    # An English page never asks for it: only CJK code points are in its range.
    assert {face["unicode-range"] for face in faces} == {site_font.unicode_range()}
    assert all(cp >= 0x3000 for low, _ in site_font.CJK_RANGES for cp in (low,))
    # After every system's Chinese face: a system with one never downloads the site's.
    stack = re.search(r"--font:([^;]+);", STYLE.read_text())
    assert stack is not None
    families = [name.strip() for name in stack.group(1).split(",")]
    assert families[-2:] == [f'"{site_font.FAMILY}"', "sans-serif"]
    assert '"Microsoft YaHei"' in families and '"PingFang SC"' in families


def test_the_face_holds_the_pages_chinese_and_everyday_characters() -> None:
    wanted = site_font.wanted_characters(ROOT)
    catalogs = "".join(p.read_text() for p in sorted(ROOT.glob("web/*/i18n/zh/*.json")))
    assert {ord(c) for c in catalogs if site_font.in_cjk_ranges(ord(c))} <= wanted
    assert {ord(c) for c in "四季城下载游戏，。：（）"} <= wanted  # index.html, punctuation
    assert {ord(c) for c in "中文"} <= wanted  # the language button, written in web/shell
    assert len(site_font.everyday_characters()) == 3755  # GB 2312's first level
    assert {ord(c) for c in "张王李赵刘陈杨黄"} <= site_font.everyday_characters()


def test_the_subset_is_the_same_bytes_for_the_same_input(tmp_path: Path) -> None:
    pytest.importorskip("fontTools")
    regular = PACKAGE / site_font.WEIGHTS[0].package_file
    code_points = {ord(c) for c in "四季城"}
    first = site_font.subset_woff2(regular, code_points)
    assert site_font.subset_woff2(regular, code_points) == first
    # The cache hands back what it was given, under a key of the input.
    assert site_font.cached_subset(regular, code_points, tmp_path) == first
    assert site_font.cached_subset(regular, code_points, tmp_path) == first
    assert len(list(tmp_path.iterdir())) == 1


def test_the_built_faces_hold_every_wanted_character_the_full_face_has(tmp_path: Path) -> None:
    """Reads the faces that a build writes (from the cache a build fills, so this is cheap
    after any build)."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    files = site_font.site_files(ROOT, PACKAGE)
    assert set(files) == {w.site_path for w in site_font.WEIGHTS} | {site_font.LICENCE_SITE_PATH}
    assert b"SIL OPEN FONT LICENSE" in files[site_font.LICENCE_SITE_PATH].upper()
    wanted = site_font.wanted_characters(ROOT)
    for weight in site_font.WEIGHTS:
        face = ttlib.TTFont(io.BytesIO(files[weight.site_path]))
        assert face.flavor == "woff2"
        held = set(face.getBestCmap())
        full = set(ttlib.TTFont(PACKAGE / weight.package_file, lazy=True).getBestCmap())
        assert held == wanted & full, weight
        whole = {cp for low, high in site_font.WHOLE_BLOCKS for cp in range(low, high + 1)}
        assert wanted - full <= whole, weight
        # The licence notices stay in the face's name table.
        assert face["name"].getDebugName(13), weight


def test_a_missing_font_package_fails_the_build_with_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="npm ci"):
        site_font.site_files(ROOT, tmp_path / "no-such-package")
