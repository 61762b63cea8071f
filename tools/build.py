"""Build the site exactly as it is served, into the git-ignored ``_site/``.

    python3 tools/build.py [--dev] [--out DIR]      (./tools/build installs node_modules first)

GitHub Pages publishes this folder (.github/workflows/pages.yml runs ./tools/build), the e2e
tests serve it under a sub-path, and ./tools/serve serves it. It holds:

* ``index.html``, with the build id written into ``<meta name="castle-build">``;
* ``pyscript.toml`` and the page's static files under ``web/`` (boot.js, main.py, style.css,
  the web app manifest and the icons);
* ``runtime/pyodide-<version>/``: the five files of the npm ``pyodide`` package needed at run
  time; ``runtime/pyscript-<version>/``: ``@pyscript/core``'s ``dist/`` without source maps.
  The version in the folder name is the installed package's, so an upgrade changes every
  runtime URL (no cache, HTTP or service worker, can serve an old file under a new name), and
  index.html and pyscript.toml name it: the build fails if a file they name is missing;
* ``runtime/castle.zip``: the engine and the page's Python package (``castle/`` and ``web/``,
  Python and catalogs), which pyscript.toml unpacks into Pyodide's working directory;
* ``web/fonts/``: the site's own Chinese face, Noto Sans SC from npm subset to the characters the
  page uses and everyday Chinese (tools/site_font.py), with its licence;
* ``web/integrity.json``: the SHA-256 of every other precached file, as Subresource Integrity
  values. The service worker downloads each file against it, and the page checks its offline
  copy against it when a start fails (web/boot.js), so a damaged cache entry is found and
  replaced rather than served again on every visit;
* ``sw.js`` and ``workbox-<hash>.js``: the service worker that precaches every other file
  (tools/service_worker.mjs, Workbox's generateSW), and ``.nojekyll``.

The **build id** is a hash of every file of the site but the service worker: any change to what
the page loads gives a new id, hence a new index.html, a new precache list and an update offer.

``--dev`` builds the same folder without a service worker and with the build id ``dev``, for
``./tools/serve --dev``, which rebuilds it on every page load: the page registers no service
worker for a dev build, so an edit shows on a plain reload.

Idempotent and quiet: files whose size and mtime (or bytes) already match are left alone and
stale files are removed. Prints one line per kind of change. Stdlib only, but for fontTools
(in .venv, requirements-dev.txt), which tools/site_font.py subsets the face with.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_font  # a sibling module, importable whatever the caller's sys.path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
NODE_MODULES = ROOT / "node_modules"
DEV_BUILD = "dev"

#: The page's own files, copied from the repo to the same path in the site.
PAGE_FILES = (
    "pyscript.toml",
    "web/boot.js",
    "web/morph.js",
    "web/sw-routes.js",
    "web/python.mjs",
    "web/python_snapshot.mjs",
    "web/main.py",
    "web/bot_worker.py",
    "web/style.css",
    "web/castle_page/style.css",
    "web/manifest.webmanifest",
)
PAGE_DIRS = ("web/icons",)
#: index.html is a template: the build writes its id into this placeholder.
BUILD_PLACEHOLDER = 'content="dev"'
BUILD_META = '<meta name="castle-build" content="dev">'

# Everything else in the pyodide package (.d.ts, console pages, maps, the CommonJS build) is
# not needed by the browser.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Python packages shipped to the browser in runtime/castle.zip: the game-neutral seam, the
# engine, and the page's own modules (web/main.py is the entry script; `from web import ...`
# needs the package).
ZIPPED_PACKAGES = ("tabletop", "castle", "web")
#: Folders of those packages the page never runs: the arena's yardsticks, the frozen hard level
#: and the rule-based strategist (docs/bots.md, "The arena").
NOT_ZIPPED = ("castle/bots/baseline", "castle/bots/strategist")
ZIPPED_SUFFIXES = (".py", ".json")
ENGINE_ZIP = "runtime/castle.zip"
#: The digests of the precached files (web/boot.js and tools/service_worker.mjs read it).
INTEGRITY = "web/integrity.json"

#: Files of the site that the service worker does not precache: itself, its Workbox runtime
#: (both fetched by the browser's own update check) and what only GitHub Pages reads.
NOT_PRECACHED = re.compile(r"^(sw\.js|workbox-[0-9a-f]+\.js|\.nojekyll)$")

# A fixed timestamp keeps the archive byte-identical for identical sources (a stable build id
# and precache revision, and no rewrite when nothing changed).
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)

Source = Path | bytes


class BuildError(RuntimeError):
    """The site cannot be built as it must be served (the message says why)."""


def _log(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr)


def package_version(name: str) -> str:
    package = NODE_MODULES / name / "package.json"
    if not package.is_file():
        raise BuildError(f"{package} is missing: run ./tools/build (it runs 'npm ci')")
    return str(json.loads(package.read_text())["version"])


def runtime_dirs() -> dict[str, str]:
    """Site folder of each runtime package, e.g. {"pyodide": "runtime/pyodide-314.0.7"}."""
    return {
        "pyodide": f"runtime/pyodide-{package_version('pyodide')}",
        "pyscript": f"runtime/pyscript-{package_version('@pyscript/core')}",
    }


def engine_zip_bytes(sources: Path = ROOT, packages: tuple[str, ...] = ZIPPED_PACKAGES) -> bytes:
    """The deterministic zip of `packages` (paths relative to the sources' root)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for package in packages:
            package_dir = sources / package
            if not package_dir.is_dir():
                raise BuildError(f"missing package folder {package_dir}")
            for path in sorted(package_dir.rglob("*")):
                # Python and its data (the i18n catalogs); the page fetches style.css itself.
                if not path.is_file() or path.suffix not in ZIPPED_SUFFIXES:
                    continue
                name = path.relative_to(sources).as_posix()
                if "__pycache__" in path.parts or name.startswith(
                    tuple(f"{d}/" for d in NOT_ZIPPED)
                ):
                    continue
                info = zipfile.ZipInfo(name, _ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def wanted_files(
    sources: Path = ROOT, extra_dirs: tuple[str, ...] = (), extra_packages: tuple[str, ...] = ()
) -> dict[str, Source]:
    """Every file of the site but index.html and the service worker: site path -> source."""
    pyodide = NODE_MODULES / "pyodide"
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    dirs = runtime_dirs()
    files: dict[str, Source] = {".nojekyll": b""}
    for name in PYODIDE_FILES:
        if not (pyodide / name).is_file():
            raise BuildError(f"the pyodide package lacks {name}: was its version changed?")
        files[f"{dirs['pyodide']}/{name}"] = pyodide / name
    for path in sorted(pyscript_dist.iterdir()):
        if path.is_file() and path.suffix != ".map":
            files[f"{dirs['pyscript']}/{path.name}"] = path
    for name in PAGE_FILES:
        files[name] = sources / name
    for folder in (*PAGE_DIRS, *extra_dirs):
        for path in sorted((sources / folder).rglob("*")):
            if path.is_file():
                files[path.relative_to(sources).as_posix()] = path
    files[ENGINE_ZIP] = engine_zip_bytes(sources, (*ZIPPED_PACKAGES, *extra_packages))
    try:
        files.update(site_font.site_files(sources, NODE_MODULES / site_font.FONT_PACKAGE))
    except FileNotFoundError as e:
        raise BuildError(str(e)) from e
    missing = [name for name, src in files.items() if isinstance(src, Path) and not src.is_file()]
    if missing:
        raise BuildError(f"missing source files: {missing}")
    return files


def _same(src: Source, dst: Path) -> bool:
    if not dst.is_file():
        return False
    if isinstance(src, bytes):
        return dst.stat().st_size == len(src) and dst.read_bytes() == src
    s, d = src.stat(), dst.stat()
    return s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime)


def _write(src: Source, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(src, bytes):
        tmp = dst.with_name(dst.name + ".tmp")
        tmp.write_bytes(src)
        tmp.replace(dst)  # atomic: a concurrent request never sees half a file
    else:
        shutil.copy2(src, dst)  # copy2 keeps the mtime, which the next build compares


def sync_tree(out: Path, files: dict[str, Source]) -> int:
    """Make ``out`` hold exactly ``files`` (site path -> source). Returns files changed."""
    changed = 0
    for name, src in sorted(files.items()):
        if not _same(src, out / name):
            _write(src, out / name)
            changed += 1
    for path in sorted(out.rglob("*"), reverse=True):  # files before their folders
        name = path.relative_to(out).as_posix()
        if path.is_file() and name not in files:
            path.unlink()
            changed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return changed


def build_id(files: dict[str, Source], template: bytes) -> str:
    """A short hash of the site's content: paths, bytes and the page template."""
    digest = hashlib.sha256(template)
    for name, src in sorted(files.items()):
        data = src if isinstance(src, bytes) else src.read_bytes()
        digest.update(f"\0{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:12]


def integrity(files: dict[str, Source]) -> bytes:
    """web/integrity.json: each precached file's Subresource Integrity value (sha256-<base64>)."""
    digests = {}
    for name, src in sorted(files.items()):
        if name == INTEGRITY or NOT_PRECACHED.match(name):
            continue
        data = src if isinstance(src, bytes) else src.read_bytes()
        digests[name] = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
    return (json.dumps(digests, indent=0, sort_keys=True) + "\n").encode()


def page_html(template: str, build: str) -> str:
    if template.count(BUILD_META) != 1:
        raise BuildError(f"index.html must hold exactly one {BUILD_META}")
    return template.replace(BUILD_META, BUILD_META.replace(BUILD_PLACEHOLDER, f'content="{build}"'))


# Local files a JavaScript module names: imports, and new URL(...) of a script or a folder
# (other new URL(...) are cache keys, not files).
JS_REF = re.compile(
    r"""(?:from\s+|import\s*\(\s*)["'](\.{1,2}/[^"']+)["']"""
    r"""|new URL\(\s*["'](\.{1,2}/[^"']*(?:\.m?js|/))["']"""
)


def js_refs(text: str) -> list[str]:
    """The relative URLs of local files that a JavaScript module names."""
    return [a or b for a, b in JS_REF.findall(text)]


# Local files a style sheet names (the site's font): url("...") but data: URLs.
CSS_REF = re.compile(r"""url\(\s*["']?(?!data:)([^"')]+)["']?\s*\)""")


def check_references(out: Path) -> None:
    """Every local file that index.html, pyscript.toml, the page's modules and its style sheets
    name exists."""
    html = (out / "index.html").read_text()
    named = [m for m in re.findall(r'(?:src|href)="([^"#:]+)"', html) if not m.startswith("data")]
    config = tomllib.loads((out / "pyscript.toml").read_text())
    named += [config["interpreter"], *config.get("files", {})]
    for module in sorted((out / "web").glob("*.mjs")):
        folder = module.parent.relative_to(out).as_posix()
        named += [f"{folder}/{ref}" for ref in js_refs(module.read_text())]
    for sheet in sorted((out / "web").rglob("*.css")):
        folder = sheet.parent.relative_to(out).as_posix()
        named += [f"{folder}/{ref}" for ref in CSS_REF.findall(sheet.read_text())]
    missing = [ref for ref in named if not (out / ref).resolve().exists()]
    if missing:
        raise BuildError(
            "index.html, pyscript.toml, a module or a style sheet name files the site lacks: "
            f"{missing}"
        )


def site_files(out: Path) -> list[str]:
    """The site's files as URLs relative to its root (sorted)."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def precached_files(out: Path) -> list[str]:
    """What the service worker must precache: every file but NOT_PRECACHED."""
    return [name for name in site_files(out) if not NOT_PRECACHED.match(name)]


def service_worker(out: Path) -> list[str]:
    """Write sw.js (tools/service_worker.mjs); returns the URLs it precaches."""
    script = ROOT / "tools" / "service_worker.mjs"
    done = subprocess.run(
        ["node", str(script), str(out)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BuildError(f"the service worker could not be generated:\n{done.stderr.strip()}")
    urls = sorted(json.loads(done.stdout)["urls"])
    if urls != precached_files(out):
        raise BuildError(
            f"the precache list differs from the site's files: {urls} != {precached_files(out)}"
        )
    return urls


def build(
    out: Path = SITE,
    *,
    dev: bool = False,
    sources: Path = ROOT,
    extra_dirs: tuple[str, ...] = (),
    extra_packages: tuple[str, ...] = (),
) -> str:
    """Build the site into ``out`` and return its build id.

    ``sources`` is the folder holding index.html, pyscript.toml, web/ and castle/ (a test
    builds a changed copy); the runtime always comes from this repo's node_modules.
    ``extra_dirs`` adds source folders (the benchmarks' bare pages), ``extra_packages``
    Python packages of the sources to the zip (a test build's second game).
    """
    if not NODE_MODULES.is_dir():
        raise BuildError("node_modules is missing: run ./tools/build (it runs 'npm ci')")
    files = wanted_files(sources, extra_dirs, extra_packages)
    template = (sources / "index.html").read_text()
    build = DEV_BUILD if dev else build_id(files, template.encode())
    files["index.html"] = page_html(template, build).encode()
    files[INTEGRITY] = integrity(files)
    out.mkdir(parents=True, exist_ok=True)
    changed = sync_tree(out, files)  # removes the old service worker too
    check_references(out)
    if not dev:
        count = len(service_worker(out))
        _log(f"{out} holds build {build}: {count} precached files ({changed} changed)")
    elif changed:
        _log(f"{out} holds a dev build ({changed} files changed, no service worker)")
    return build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", action="store_true", help="no service worker, build id 'dev'")
    parser.add_argument("--out", type=Path, help="default: _site/")
    args = parser.parse_args(argv)
    try:
        build(args.out.resolve() if args.out else SITE, dev=args.dev)
    except BuildError as e:
        _log(f"ERROR: {e}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
