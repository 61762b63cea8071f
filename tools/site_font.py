"""The site's own Chinese face: Noto Sans SC, cut down at build time to the characters it needs.

A machine without a CJK font (a bare Linux, some kiosks) draws every Chinese character of the
page as an empty box. The site therefore serves a face of its own, which web/style.css names
after the systems' Chinese faces: where the system has one, the browser never downloads the
site's (it only sits in the offline precache); where it has none, the page's Chinese still
renders, online and offline.

The full face is about 10 MB a weight. tools/build.py subsets it (fontTools) to:

* every character of the page's own Chinese: the zh catalogs, index.html's text before Python
  runs, and the few Chinese strings written in the page's modules (the language button);
* GB 2312's first level, the 3,755 characters of everyday Chinese, so that a player's Chinese
  name renders too. It is most of the face's size (docs/benchmarks.md, "The site's Chinese
  face"), and it keeps the face's bytes unchanged by most catalog edits, since almost every
  character the catalogs use is one of them;
* the CJK punctuation and full-width forms blocks whole.

Characters beyond that (a rare character in a name) fall back to the system's fonts through the
CSS font stack, like any character the face lacks.

Two weights, as the page's CSS asks for them: regular for weights up to 500, bold from 600 up
(web/style.css). The subset is deterministic (no timestamp is rewritten, Brotli is), and kept in
``.cache/site-font/`` under a hash of everything it is made from, so a rebuild does not subset
again (about 10 s a weight).
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: The npm package that ships the full face, static TTF files per weight (package.json).
FONT_PACKAGE = "@expo-google-fonts/noto-sans-sc"
#: The family name web/style.css gives the site's face (not the face's own, so that a system
#: font of the same name is never taken for it).
FAMILY = "Castle Noto Sans SC"
#: The face's licence, served beside it (the SIL Open Font License asks that it go with a copy).
LICENCE_FILE = "LICENSE_FONT"
LICENCE_SITE_PATH = "web/fonts/OFL.txt"


@dataclass(frozen=True)
class Weight:
    """One weight of the face: where the package has it and where the site serves it."""

    css_weight: int
    package_file: str
    site_path: str


WEIGHTS = (
    Weight(400, "400Regular/NotoSansSC_400Regular.ttf", "web/fonts/noto-sans-sc-400.woff2"),
    Weight(700, "700Bold/NotoSansSC_700Bold.ttf", "web/fonts/noto-sans-sc-700.woff2"),
)

#: The code points the face is used for (web/style.css's unicode-range says the same, and a
#: test checks it): CJK punctuation, Extension A, the Unified Ideographs, the compatibility
#: ideographs and the full-width forms. A page without them, an English one, never downloads it.
CJK_RANGES = (
    (0x3000, 0x303F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
)
#: Taken whole: small, and a name or a catalog may use any of them.
WHOLE_BLOCKS = ((0x3000, 0x303F), (0xFF00, 0xFFEF))

#: Where the page's fixed Chinese is, relative to the sources' root.
PAGE_TEXT_GLOBS = ("web/*/i18n/zh/*.json", "index.html", "web/**/*.py", "web/**/*.js")

CACHE = Path(__file__).resolve().parent.parent / ".cache" / "site-font"
#: Bump when the way of subsetting changes in a way the cache key would not see.
RECIPE = "1"


def unicode_range() -> str:
    """CJK_RANGES as a CSS unicode-range."""
    return ", ".join(f"U+{low:04X}-{high:04X}" for low, high in CJK_RANGES)


def in_cjk_ranges(code_point: int) -> bool:
    return any(low <= code_point <= high for low, high in CJK_RANGES)


def page_characters(sources: Path) -> set[int]:
    """The CJK code points of the page's own text: catalogs, index.html, the page's modules."""
    found: set[int] = set()
    for pattern in PAGE_TEXT_GLOBS:
        for path in sorted(sources.glob(pattern)):
            found |= {ord(c) for c in path.read_text(encoding="utf-8") if in_cjk_ranges(ord(c))}
    return found


def everyday_characters() -> set[int]:
    """GB 2312's first level (rows 16-55), decoded by Python's own codec: no list to keep."""
    found: set[int] = set()
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                found.add(ord(bytes((row, cell)).decode("gb2312")))
            except UnicodeDecodeError:  # the last row is not full
                continue
    return found


def wanted_characters(sources: Path) -> set[int]:
    """Every code point the site's face holds (if the full face has it)."""
    whole = {cp for low, high in WHOLE_BLOCKS for cp in range(low, high + 1)}
    return page_characters(sources) | everyday_characters() | whole


def subset_woff2(font: Path, code_points: Iterable[int]) -> bytes:
    """The WOFF2 of `font` cut down to `code_points`: the same input gives the same bytes."""
    # Imported here: tools/build.py is imported by tests that also run inside Pyodide, which
    # has no fontTools (and builds nothing).
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    # Keep the whole name table: it carries the copyright and licence notices.
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    face = TTFont(str(font), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(code_points))
    subsetter.subset(face)
    face.flavor = "woff2"
    out = io.BytesIO()
    face.save(out, reorderTables=False)
    return out.getvalue()


def _cache_key(font: Path, code_points: set[int]) -> str:
    import brotli
    import fontTools

    digest = hashlib.sha256(f"{RECIPE}\0{fontTools.version}\0{brotli.__version__}\0".encode())
    digest.update(font.read_bytes())
    digest.update(",".join(map(str, sorted(code_points))).encode())
    return digest.hexdigest()[:24]


def cached_subset(font: Path, code_points: set[int], cache: Path = CACHE) -> bytes:
    """subset_woff2, read from the cache when it was made from the same input."""
    kept = cache / f"{font.stem}-{_cache_key(font, code_points)}.woff2"
    if kept.is_file():
        return kept.read_bytes()
    data = subset_woff2(font, code_points)
    cache.mkdir(parents=True, exist_ok=True)
    # Two builds at once (two e2e workers) may both make it: each writes its own file first.
    tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(kept)
    return data


def site_files(sources: Path, package_dir: Path) -> dict[str, bytes]:
    """The face's files of the site: site path -> bytes (each weight, and the licence)."""
    if not package_dir.is_dir():
        raise FileNotFoundError(f"{package_dir} is missing: run ./tools/build (it runs 'npm ci')")
    code_points = wanted_characters(sources)
    files = {
        weight.site_path: cached_subset(package_dir / weight.package_file, code_points)
        for weight in WEIGHTS
    }
    files[LICENCE_SITE_PATH] = (package_dir / LICENCE_FILE).read_bytes()
    return files
