"""The site as it is published: tools/build.py's folder, its service worker, manifest and icons,
and the GitHub Pages workflow that deploys the very folder the e2e tests serve.

The tests that build run on CPython only: the build starts Node (Workbox), which Pyodide cannot.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
import re
import shutil
import struct
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build, site_font

builds = pytest.mark.skipif(
    sys.platform == "emscripten", reason="the build starts Node, which Pyodide cannot"
)

ROOT = build.ROOT
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("site")
    return out, build.build(out)


def precache_urls(site: Path) -> list[str]:
    """The URLs written into sw.js, read without the build's own code."""
    sw = (site / "sw.js").read_text()
    return sorted(re.findall(r'\{url:"([^"]+)",revision:(?:"[0-9a-f]+"|null)[,}]', sw))


@builds
def test_the_service_worker_precaches_every_file_of_the_site(site: tuple[Path, str]) -> None:
    out, _ = site
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    workbox = [f for f in files if re.fullmatch(r"workbox-[0-9a-f]+\.js", f)]
    assert len(workbox) == 1, files
    assert precache_urls(out) == [f for f in files if f not in {"sw.js", ".nojekyll", *workbox}]
    # Workbox skips files over 2 MB by default: the two big ones must be there.
    assert any(u.endswith("/pyodide.asm.wasm") for u in precache_urls(out))
    assert any(u.endswith("/python_stdlib.zip") for u in precache_urls(out))
    # The site's Chinese face, so that Chinese renders offline on a system without one.
    assert {w.site_path for w in site_font.WEIGHTS} <= set(precache_urls(out))
    assert (out / ".nojekyll").is_file()


@builds
def test_every_precached_file_carries_the_digest_of_its_bytes(site: tuple[Path, str]) -> None:
    """web/integrity.json is the truth the page mends its offline copy by (web/boot.js), and
    the service worker downloads every file against it."""
    out, _ = site
    digests = json.loads((out / "web" / "integrity.json").read_text())
    assert sorted(digests) == [u for u in precache_urls(out) if u != "web/integrity.json"]
    for name, value in digests.items():
        expected = base64.b64encode(hashlib.sha256((out / name).read_bytes()).digest()).decode()
        assert value == f"sha256-{expected}", name
    sw = (out / "sw.js").read_text()
    entries = dict(
        re.findall(r'\{url:"([^"]+)",revision:(?:"[0-9a-f]+"|null),integrity:"([^"]+)"\}', sw)
    )
    assert entries == digests
    # The page's own digest, which web/sw-routes.js serves the page by.
    assert sw.startswith(f'self.CASTLE_PAGE_INTEGRITY = "{digests["index.html"]}";\n')


@builds
def test_the_worker_waits_for_the_player_before_taking_over(site: tuple[Path, str]) -> None:
    sw = (site[0] / "sw.js").read_text()
    # skipWaiting only on the page's message (sent when the player accepts the update).
    assert re.search(r'"SKIP_WAITING"===\w+\.data\.type&&self\.skipWaiting\(\)', sw)
    assert sw.count("skipWaiting()") == 1
    assert "clientsClaim" not in sw
    assert "cleanupOutdatedCaches()" in sw


@builds
def test_the_page_names_its_build_and_only_files_the_site_has(site: tuple[Path, str]) -> None:
    out, build_id = site
    assert re.fullmatch(r"[0-9a-f]{12}", build_id)
    assert f'<meta name="castle-build" content="{build_id}">' in (out / "index.html").read_text()
    build.check_references(out)  # raises if index.html or pyscript.toml name a missing file
    for package, folder in build.runtime_dirs().items():
        assert (out / folder).is_dir(), package


def test_the_runtime_folders_carry_the_installed_versions() -> None:
    """index.html and web/python.mjs name the folders; an npm upgrade must change them too."""
    html = (ROOT / "index.html").read_text()
    config = (ROOT / "pyscript.toml").read_text()
    dirs = build.runtime_dirs()
    assert f'"./{dirs["pyscript"]}/core.js"' in html
    assert 'interpreter = "./web/python.mjs"' in config
    for module in ("web/python.mjs", "web/python_snapshot.mjs"):
        imported = [ref for ref in build.js_refs((ROOT / module).read_text()) if "runtime" in ref]
        assert imported and all(ref.startswith(f"../{dirs['pyodide']}/") for ref in imported)
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert dirs["pyodide"].endswith(lock["node_modules/pyodide"]["version"])
    assert dirs["pyscript"].endswith(lock["node_modules/@pyscript/core"]["version"])


def test_a_missing_file_named_by_the_page_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script src="./web/gone.js"></script>')
    (tmp_path / "pyscript.toml").write_text('interpreter = "./runtime/x/pyodide.mjs"\n')
    with pytest.raises(build.BuildError, match=r"gone\.js"):
        build.check_references(tmp_path)


def test_a_missing_file_named_by_a_style_sheet_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "pyscript.toml").write_text('interpreter = "x.mjs"\n')
    (tmp_path / "x.mjs").write_text("")
    (tmp_path / "web" / "fonts").mkdir(parents=True)
    (tmp_path / "web" / "fonts" / "here.woff2").write_bytes(b"")
    (tmp_path / "web" / "style.css").write_text(
        '@font-face { src: url("fonts/here.woff2"); }\n'
        "@font-face { src: url(fonts/gone.woff2) format('woff2'); }\n"
        'a { background: url("data:image/png;base64,AA"); }\n'
    )
    with pytest.raises(build.BuildError, match=r"\['web/fonts/gone\.woff2'\]"):
        build.check_references(tmp_path)


def test_a_missing_file_named_by_a_module_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "python.mjs").write_text(
        'import * as p from "../runtime/pyodide-9/pyodide.mjs";\n'
        'const key = new URL("python.snapshot", import.meta.url);  // a key, not a file\n'
    )
    (tmp_path / "index.html").write_text("")
    (tmp_path / "pyscript.toml").write_text('interpreter = "./web/python.mjs"\n')
    with pytest.raises(build.BuildError, match=r"web/\.\./runtime/pyodide-9/pyodide\.mjs"):
        build.check_references(tmp_path)


@builds
def test_the_build_id_changes_with_the_content_and_only_then(
    site: tuple[Path, str], tmp_path: Path
) -> None:
    out, first = site
    assert build.build(out) == first  # nothing changed: the same id, the same worker
    src = tmp_path / "src"
    for folder in build.ZIPPED_PACKAGES:
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__py*"))
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(ROOT / name, src / name)
    with (src / "castle" / "data.py").open("a") as data:
        data.write("\n# a change to the engine\n")
    changed = build.build(tmp_path / "site", sources=src)
    assert changed != first
    assert precache_urls(tmp_path / "site") == precache_urls(out)


@builds
def test_a_dev_build_has_no_service_worker(tmp_path: Path) -> None:
    assert build.build(tmp_path, dev=True) == "dev"
    assert not (tmp_path / "sw.js").exists()
    assert '<meta name="castle-build" content="dev">' in (tmp_path / "index.html").read_text()


# --- the web app manifest and icons -------------------------------------------------------------


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_is_relative_bilingual_and_its_icons_exist() -> None:
    manifest_path = ROOT / "web" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text())
    assert manifest["start_url"] == manifest["scope"] == "../"  # the site's root, any sub-path
    assert "A Castle for All Seasons" in manifest["name"] and "四季城" in manifest["name"]
    assert "四季城" in manifest["short_name"]
    assert manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        file = manifest_path.parent / icon["src"]
        assert file.is_file(), icon
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            width, height = png_size(file)
            assert icon["sizes"] == f"{width}x{height}"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes  # what Chromium asks for
    assert {"any", "maskable"} <= purposes


# --- the static texts shown before Python runs --------------------------------------------------


class Bilingual(HTMLParser):
    """Collects, for every `.bi` element of a page, the languages of its children."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # (tag, is .bi)
        self.found: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.stack and self.stack[-1][1]:
            self.found[-1].append(a.get("lang") or "")
        is_bi = "bi" in (a.get("class") or "").split()
        if is_bi:
            self.found.append([])
        if tag not in {"meta", "link", "br", "img", "input"}:
            self.stack.append((tag, is_bi))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass


def test_every_text_before_python_runs_is_in_english_and_chinese() -> None:
    parser = Bilingual()
    parser.feed((ROOT / "index.html").read_text())
    assert len(parser.found) >= 10
    for children in parser.found:
        assert sorted(children) == ["en", "zh"], children


# --- the GitHub Pages workflow ------------------------------------------------------------------


def test_the_pages_workflow_deploys_what_the_tests_build_and_serve() -> None:
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load(WORKFLOW.read_text())
    steps = workflow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs == ["./tools/build"]
    uploads = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(uploads) == 1
    assert ROOT / uploads[0]["with"]["path"] == build.SITE
    deploy = workflow["jobs"]["deploy"]["steps"]
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in deploy)
    assert workflow["permissions"]["pages"] == "write"
    # ./tools/build runs tools/build.py with its default folder, which the e2e tests serve (or,
    # on two workers, the same build once per worker, each into a folder of its own).
    assert (
        (ROOT / "tools" / "build").read_text().rstrip().endswith('/bin/python" tools/build.py "$@"')
    )
    assert inspect.signature(build.build).parameters["out"].default == build.SITE
    conftest = (ROOT / "e2e" / "conftest.py").read_text()
    assert "build.build(out)" in conftest and "else build.SITE" in conftest


def test_the_computer_players_worker_runs_the_sites_own_runtime() -> None:
    """Without the page's config, PyScript's worker would load Pyodide from a CDN."""
    main = (ROOT / "web" / "main.py").read_text()
    assert re.search(
        r'create_named_worker\(\s*src="\./web/bot_worker\.py",[^)]*config="\./pyscript\.toml"', main
    )
    assert "web/bot_worker.py" in build.PAGE_FILES
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert not re.match(r"https?:", config["interpreter"])
