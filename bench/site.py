"""The site the browser benchmarks serve: a build of the game plus the bare pages.

bench/boot.py and bench/offline.py measure the site as it is published, so they build it with
tools/build.py, into the git-ignored .cache/bench-site/ (never _site/, which ./tools/serve and
the tests use), with bench/bare/ added: the bare pages are at <site>/bench/bare/ and name the
runtime as ../../runtime/pyodide-<version>/... and ../../runtime/pyscript-<version>/....

Those versions are written into bench/bare/ by hand. When the npm packages are upgraded, the
copies in the bench site are rewritten to the build's runtime folders (with a warning to update
bench/bare/), and every local file a bare page names must exist in the site or the benchmark
stops with the list of what is missing.

The server is tools/devserver.py's handler with two additions: an optional GitHub Pages cache
header (max-age=600 instead of no-cache), and a log of the bytes it actually sent per request.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from tools import build as site_build
from tools.devserver import SiteHandler, SiteServer, make_server

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / ".cache" / "bench-site"
BARE = "bench/bare"
PREFIX = "/castle-game/"

# A runtime folder named in a bare page: runtime/pyodide-314.0.7/, runtime/pyscript-0.7.31/.
RUNTIME_REF = re.compile(r"runtime/(pyodide|pyscript)-[^/\"'\s]+/")
# Local files a bare page names: src/href/config attributes (its modules: site_build.js_refs).
HTML_REF = re.compile(r'(?:src|href|config)="([^"#:]+)"')


class SiteError(RuntimeError):
    pass


def build_site(out: Path = SITE, rev: str | None = None) -> str:
    """Build the game and the bare pages into `out` (tools/build.py); returns the build id.

    The game comes from the working tree, or with `rev` from that git revision (see
    sources_at); the bare pages always come from the working tree.
    """
    sources = ROOT if rev is None else sources_at(rev)
    try:
        build = site_build.build(out, sources=sources, extra_dirs=(BARE,))
    except site_build.BuildError as e:
        raise SiteError(f"the site cannot be built: {e}") from None
    fix_runtime_refs(out)
    check_bare_refs(out)
    return build


def sources_at(rev: str) -> Path:
    """The repo's files at git revision `rev` (git archive), with the working tree's bench/bare/,
    in .cache/bench-sources/: a build that files being edited meanwhile cannot break."""
    out = ROOT / ".cache" / "bench-sources"
    done = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        raise SiteError(f"git archive {rev}: {done.stderr.decode().strip()}")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(out, filter="data")
    shutil.rmtree(out / BARE, ignore_errors=True)
    shutil.copytree(ROOT / BARE, out / BARE)
    return out


def describe(rev: str | None) -> str:
    """What the game was built from: "working tree", or the revision and its commit."""
    if rev is None:
        return "working tree"
    done = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True)
    return f"{rev} ({done.stdout.decode().strip()})"


def fix_runtime_refs(out: Path) -> None:
    """Point the bare pages' copies at the build's runtime folders, if their version is old."""
    dirs = site_build.runtime_dirs()
    for path in sorted((out / BARE).iterdir()):
        text = path.read_text()
        fixed = RUNTIME_REF.sub(lambda m: dirs[m.group(1)] + "/", text)
        if fixed != text:
            named = {m.group(0) for m in RUNTIME_REF.finditer(text)}
            old = sorted(named - {d + "/" for d in dirs.values()})
            print(
                f"warning: {BARE}/{path.name} names {', '.join(old)}; the build has "
                f"{', '.join(dirs.values())}: rewritten in the bench site (update {BARE}/)",
                file=sys.stderr,
            )
            path.write_text(fixed)


def bare_refs(path: Path) -> list[str]:
    """The relative URLs of local files that one bare page, config or module names."""
    text = path.read_text()
    if path.suffix == ".html":
        refs = HTML_REF.findall(text)
        for script in re.findall(r'<script type="module">(.*?)</script>', text, re.S):
            refs += site_build.js_refs(script)
        return refs
    if path.suffix == ".mjs":
        return site_build.js_refs(text)
    if path.suffix in (".json", ".toml"):
        config = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
        return [config["interpreter"], *config.get("files", {})]
    return []


def check_bare_refs(out: Path) -> None:
    missing = []
    for path in sorted((out / BARE).iterdir()):
        for ref in bare_refs(path):
            target = (path.parent / ref.split("?")[0]).resolve()
            if not (target.is_dir() if ref.endswith("/") else target.is_file()):
                missing.append(f"{BARE}/{path.name}: {ref}")
    if missing:
        raise SiteError("bare pages name files the bench site lacks:\n  " + "\n  ".join(missing))


@dataclass
class Sent:
    """One response of the server: when it ended (time.monotonic()), what, and its bytes."""

    at: float
    path: str
    status: int | None
    bytes: int


class _CountingWriter:
    """Wraps a handler's wfile to count the bytes written to the socket."""

    def __init__(self, raw: Any, handler: BenchHandler) -> None:
        self.raw = raw
        self.handler = handler

    def write(self, data: bytes) -> int:
        n: int = self.raw.write(data)
        self.handler.bytes_sent += len(data)
        return n

    def flush(self) -> None:
        self.raw.flush()

    def close(self) -> None:
        self.raw.close()

    @property
    def closed(self) -> bool:
        return bool(self.raw.closed)


class BenchHandler(SiteHandler):
    """The dev server's handler; max_age sends GitHub Pages' max-age=600 instead of no-cache;
    every response is appended to `sent` with the bytes written (headers and body)."""

    def __init__(
        self, *args: Any, max_age: bool = False, sent: list[Sent] | None = None, **kwargs: Any
    ) -> None:
        self.max_age = max_age
        self.sent_log = sent if sent is not None else []
        self.bytes_sent = 0
        self.status: int | None = None
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        self.bytes_sent = 0
        self.status = None
        super().handle_one_request()
        if getattr(self, "requestline", ""):
            parts = self.requestline.split()
            path = parts[1] if len(parts) > 1 else "?"
            self.sent_log.append(Sent(time.monotonic(), path, self.status, self.bytes_sent))
            self.requestline = ""

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        if self.max_age:
            self.send_header("Cache-Control", "max-age=600")
            http.server.SimpleHTTPRequestHandler.end_headers(self)  # skip SiteHandler's no-cache
        else:
            super().end_headers()


@dataclass
class Served:
    base: str  # http://127.0.0.1:<port>/castle-game/
    server: SiteServer
    sent: list[Sent]

    def mark(self) -> int:
        return len(self.sent)

    def since(self, mark: int) -> list[Sent]:
        return list(self.sent[mark:])


@contextmanager
def serve(site: Path = SITE, max_age: bool = False) -> Iterator[Served]:
    """tools/devserver.py's server for `site` on a free port, counting what it sends."""
    server = make_server(port=0, prefix=PREFIX, quiet=True, directory=site)
    sent: list[Sent] = []
    server.RequestHandlerClass = partial(
        BenchHandler,
        directory=str(site),
        prefix=PREFIX,
        quiet=True,
        log=server.requests,
        max_age=max_age,
        sent=sent,
    )
    thread = threading.Thread(target=server.serve_forever, name="bench-server", daemon=True)
    thread.start()
    try:
        yield Served(f"http://127.0.0.1:{server.server_port}{PREFIX}", server, sent)
    finally:
        server.shutdown()
        server.server_close()


_gzip_cache: dict[Path, int] = {}


def gzipped_size(url: str, site: Path = SITE) -> int | None:
    """What the file of the served site behind a URL would weigh gzipped (level 6), or None."""
    path = unquote(urlsplit(url).path)
    if not path.startswith(PREFIX):
        return None
    file = site / (path[len(PREFIX) :] or "index.html")
    if file.is_dir():
        file = file / "index.html"
    if not file.is_file():
        return None
    if file not in _gzip_cache:
        _gzip_cache[file] = len(gzip.compress(file.read_bytes(), compresslevel=6))
    return _gzip_cache[file]


def package_versions() -> tuple[str, str]:
    """The Pyodide and PyScript versions the site is built with (node_modules)."""
    return site_build.package_version("pyodide"), site_build.package_version("@pyscript/core")


# --- What bench/boot.py and bench/offline.py share on their command line --------------------


def add_page_arguments(parser: argparse.ArgumentParser, pages: Sequence[str]) -> None:
    """--pages (which of `pages`, game and bare always among them) and --rev."""
    parser.add_argument(
        "--pages",
        default=",".join(pages),
        help=f"comma-separated pages, with game and bare (default: {','.join(pages)})",
    )
    parser.add_argument(
        "--rev",
        metavar="REV",
        help="build the game from this git revision (e.g. HEAD), not from the working tree",
    )


def prepare(
    parser: argparse.ArgumentParser, args: argparse.Namespace, pages: Sequence[str]
) -> tuple[list[str], str]:
    """The pages asked for, in `pages` order, and the build id of the site built for them.
    Exits with a message if the pages are wrong or the site cannot be built; warns if the
    machine is busy (the figures would be noisy)."""
    asked = args.pages.split(",")
    names = [name for name in pages if name in asked]
    if "game" not in names or "bare" not in names or len(names) != len(asked):
        parser.error(f"--pages: names from {', '.join(pages)}, with game and bare")
    try:
        build = build_site(rev=args.rev)
    except SiteError as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    load = os.getloadavg()[0]
    if load > 1.0:
        print(
            f"warning: load average {load:.1f} on {os.cpu_count()} cores: "
            "something else is running, figures will be noisy",
            file=sys.stderr,
        )
    return names, build


def finish(
    args: argparse.Namespace,
    meta: dict[str, Any],
    result: dict[str, Any],
    print_table: Callable[[dict[str, Any], dict[str, Any]], None],
) -> int:
    """The end of a browser benchmark: the load after it, --save, then --json or the table."""
    meta["load_after"] = os.getloadavg()[0]
    if args.save:
        Path(args.save).write_text(json.dumps({"meta": meta, **result}, indent=1))
    if args.json:
        print(json.dumps({"meta": meta, **result}, indent=1))
    else:
        print_table(result, meta)
    return 0
