"""Build the git-ignored ``runtime/`` folder that the page loads instead of any CDN.

* ``runtime/pyodide/``  the five files of the npm ``pyodide`` package needed at run time;
* ``runtime/pyscript/`` ``@pyscript/core``'s ``dist/`` without source maps;
* ``runtime/castle.zip`` the engine and the page's Python package, which ``pyscript.json``
  unpacks into Pyodide's working directory so ``import castle`` and ``import web`` work. One
  archive means one request, and a config that does not list every module by hand.

Idempotent and quiet: files whose size and mtime already match are left alone, the zip is only
rewritten when its bytes would change, and stale files (e.g. renamed hashed chunks after an
upgrade) are removed. Prints one line per changed file. Run it from anywhere; stdlib only.
"""

from __future__ import annotations

import io
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"
NODE_MODULES = ROOT / "node_modules"

# Everything else in the pyodide package (.d.ts, console pages, maps, the CommonJS build) is
# not needed by the browser.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Python packages shipped to the browser in runtime/castle.zip: the engine, and the page's own
# modules (web/main.py is the entry script; `from web import ...` needs the package).
ZIPPED_PACKAGES = ("castle", "web")
ZIPPED_SUFFIXES = (".py", ".json")

# A fixed timestamp keeps the archive byte-identical for identical sources (stable hashes for a
# future service-worker precache, and no rewrite when nothing changed).
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _log(message: str) -> None:
    print(f"[vendor] {message}", file=sys.stderr)


def _same_file(src: Path, dst: Path) -> bool:
    if not dst.is_file():
        return False
    s, d = src.stat(), dst.stat()
    return s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime)


def sync_files(sources: dict[str, Path], dest_dir: Path) -> int:
    """Make ``dest_dir`` hold exactly ``sources`` (name -> source path). Returns files changed."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name, src in sorted(sources.items()):
        dst = dest_dir / name
        if not _same_file(src, dst):
            shutil.copy2(src, dst)  # copy2 keeps the mtime, which the next run compares
            changed += 1
    for stale in sorted(dest_dir.iterdir()):
        if stale.name not in sources:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink()
            _log(f"removed stale {stale.relative_to(ROOT)}")
            changed += 1
    return changed


def engine_zip_bytes() -> bytes:
    """The deterministic zip of ZIPPED_PACKAGES (paths relative to the repo root)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for package in ZIPPED_PACKAGES:
            package_dir = ROOT / package
            if not package_dir.is_dir():
                raise SystemExit(f"[vendor] missing package folder {package_dir}")
            for path in sorted(package_dir.rglob("*")):
                # Python and its data (the i18n catalogs); the page fetches style.css itself.
                if not path.is_file() or path.suffix not in ZIPPED_SUFFIXES:
                    continue
                info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), _ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def build_engine_zip() -> bool:
    """Rewrite runtime/castle.zip if the sources changed. Returns True when it was rewritten.

    Also called by the dev server on each request for the zip, so edits to castle/ show up on a
    plain page reload.
    """
    target = RUNTIME / "castle.zip"
    data = engine_zip_bytes()
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".zip.tmp")
    tmp.write_bytes(data)
    tmp.replace(target)  # atomic: a concurrent request never sees half a zip
    return True


def main() -> int:
    pyodide_dir = NODE_MODULES / "pyodide"
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not pyodide_dir.is_dir() or not pyscript_dist.is_dir():
        _log("node_modules is missing: run 'npm ci' first (tools/setup_env.sh does)")
        return 1

    pyodide = {name: pyodide_dir / name for name in PYODIDE_FILES}
    missing = [str(p) for p in pyodide.values() if not p.is_file()]
    if missing:
        _log(f"the pyodide package lacks {missing}: was its version changed?")
        return 1
    pyscript = {p.name: p for p in pyscript_dist.iterdir() if p.is_file() and p.suffix != ".map"}

    changed = sync_files(pyodide, RUNTIME / "pyodide")
    changed += sync_files(pyscript, RUNTIME / "pyscript")
    if changed:
        _log(f"copied {changed} runtime file(s) into {RUNTIME.relative_to(ROOT)}/")
    if build_engine_zip():
        _log("rebuilt runtime/castle.zip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
