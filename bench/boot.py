"""Page boot and redraw in Chromium: the game's page against a bare PyScript page.

    .venv/bin/python -m bench.boot [--runs 5] [--clicks 30] [--pages game,bare] [--rev HEAD]
        [--json] [--save FILE]

It builds the site as it is published (tools/build.py, into .cache/bench-site/ with the bare
pages at bench/bare/, see bench/site.py) and serves it with tools/devserver.py under
/castle-game/ as GitHub Pages would. In ONE headless Chromium (Debian's /usr/bin/chromium, the
e2e tests' flags) it measures each page, alternating the pages' order run by run, with a fresh
browser context per run (a cold cache). Service workers are blocked, so these are plain HTTP
boots, comparable with the figures from before the site had one (bench/offline.py measures the
game's service worker):

* cold boot: from navigation start (the page's performance.timeOrigin) until Python set
  <body data-ready> (a MutationObserver installed before the page's scripts notes the moment);
* warm boot: the same page again in a new tab of the same context (the dev server says
  Cache-Control: no-cache, so small files are revalidated: 304s; the 9.6 MB wasm is too big for
  a context's in-memory cache and comes again);
* requests and bytes (context.on("requestfinished"), request.sizes()), plus what the same files
  would weigh gzipped, as GitHub Pages sends them;
* on the game page, one click round trip right after ready (a "2 players" button: Python's click
  handler, render, innerHTML) — ready + that click is when the new-game screen answers a click;
* PyScript's py:progress / py:ready events and download ends, as a median timeline.

Pages: the game (index.html); bench/bare/index.html (the same PyScript and Pyodide, a script that
only sets data-ready); and variants that split the difference and show what would cut it:
bench/bare/engine.html (bare + runtime/castle.zip unpacked and web/main.py's imports, no drawing),
bench/bare/pyodide.html (loadPyodide() without PyScript), bench/bare/snapshot.html (the same
with Pyodide's experimental memory snapshot, made on the first visit and kept in the Cache API).
The game itself starts from such a snapshot (web/python.mjs) only once its service worker keeps
the site, which this benchmark blocks: bench/offline.py measures that.

Then, in a fresh context, it starts a game (fixed seed) and makes --clicks random clicks on the
game's buttons, reporting body[data-redraw-ms] (Python's render + innerHTML, set by web/main.py)
and the click round trip measured in the page: performance.now() around a dispatched click
(synchronous: Pyodide runs the handler inside click()) and until the next frame.

Last, unless --no-disk-cache, a second Chromium with an on-disk profile measures returning
visits (warm HTTP cache and V8 code cache), from the dev server (no-cache) and from a server
that sends max-age=600 as GitHub Pages does.

The game/bare ratios are given two ways: the ratio of the medians, and the median of each run's
own ratio (the n-th boots of both pages are of the same run), steadier when the machine's load
changes during the benchmark. --pages game,bare measures only those two, for more runs in the
same time; --rev HEAD builds the game from the last commit rather than the working tree.

A benchmark, not a test: figures go to docs/benchmarks.md ("Page boot and redraw").
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Playwright, Request, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bench.site import (
    SITE,
    add_page_arguments,
    describe,
    finish,
    gzipped_size,
    package_versions,
    prepare,
    serve,
)
from tools.chromium import CHROMIUM, HEADLESS

PAGES = {
    "game": "index.html",
    "bare": "bench/bare/index.html",
    "bare+engine": "bench/bare/engine.html",
    "pyodide only": "bench/bare/pyodide.html",
    "pyodide+snapshot": "bench/bare/snapshot.html",
}
# Boots measured in one context of the main browser: a cold HTTP cache, then a new tab.
PAGES_KINDS = ("cold", "warm")
BOOT_TIMEOUT_MS = 90_000
DWELL_S = 10  # seconds on the first page of the disk-cache profile before the measured visits

# Installed in every page before its own scripts: when Python marks the page ready, and PyScript's
# events (py:progress carries "Loading Pyodide", "Loaded Pyodide", ...), in ms since navigation.
INIT_SCRIPT = """
(() => {
  const bench = (window.__bench = { ready: null, events: [] });
  const note = (e) => {
    const detail = typeof e.detail === "string" ? e.detail : "";
    bench.events.push([e.type + (detail ? " " + detail : ""), performance.now()]);
  };
  for (const type of ["py:progress", "py:ready", "py:done", "py:all-done"]) {
    addEventListener(type, note, true);
  }
  new MutationObserver((_, observer) => {
    if (bench.ready === null && document.body && document.body.hasAttribute("data-ready")) {
      bench.ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();
"""

# After ready: what the page knows about its own boot.
READ_BOOT = """
() => {
  const res = performance.getEntriesByType("resource").map((r) => ({
    name: r.name, start: r.startTime, end: r.responseEnd, transfer: r.transferSize,
  }));
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    ready: window.__bench.ready,
    events: window.__bench.events,
    resources: res,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
    redrawMs: document.body.dataset.redrawMs ?? null,
    importMs: document.body.dataset.importMs ?? null,
    loadPyodideMs: document.body.dataset.loadPyodideMs ?? null,
    snapshot: document.body.dataset.snapshot ?? null,
    snapshotMs: document.body.dataset.snapshotMs ?? null,
    snapshotBytes: document.body.dataset.snapshotBytes ?? null,
  };
}
"""

# After a snapshot was saved (snapshot.html makes it in the page, after ready).
READ_SNAPSHOT = """
() => ({
  snapshotMs: document.body.dataset.snapshotMs ?? null,
  snapshotBytes: document.body.dataset.snapshotBytes ?? null,
})
"""

# One click, timed in the page. Returns null when the selector matches nothing.
TIMED_CLICK = """
async (el) => {
  if (!el) return null;
  const label = (el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
  const before = document.body.dataset.redrawMs;
  const t0 = performance.now();
  el.click();  // Pyodide runs the Python handler inside this call, the redraw in tasks after it
  const t1 = performance.now();
  while (document.body.hasAttribute("data-drawing")) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const t2 = performance.now();
  return {
    label,
    sync_ms: t1 - t0,
    frame_ms: t2 - t0,
    redraw_ms: parseFloat(document.body.dataset.redrawMs),
    redrawn: document.body.dataset.redrawMs !== before || !el.isConnected,
    acts: document.querySelectorAll("#app [data-act]").length,
    html_chars: document.getElementById("app").innerHTML.length,
  };
}
"""

# A redraw at least this long (characters of HTML) drew the board, not a hot-seat cover (~250).
BOARD_HTML_CHARS = 5_000

# Buttons a random player may press during a game: not the menu, undo, or languages.
GAME_BUTTONS = "#app [data-act]:not(.lang):not(#menu):not(#undo):not(#new-game)"


class BootFailed(RuntimeError):
    pass


def new_context(browser: Browser) -> BrowserContext:
    """A fresh context (empty HTTP cache and storage) whose pages note their own boot."""
    # No service worker, as before the site had one: these are plain HTTP boots (bench/offline.py
    # measures the game's service worker).
    context = browser.new_context(service_workers="block")
    context.add_init_script(INIT_SCRIPT)
    return context


def boot(context: BrowserContext, base: str, name: str) -> dict[str, Any]:
    """Open page `name` in a new tab of context; wait until ready; return that boot's figures."""
    url = base + PAGES[name]
    finished: list[Request] = []
    failed: list[str] = []
    console: list[str] = []

    def on_finished(request: Request) -> None:
        finished.append(request)

    def on_failed(request: Request) -> None:
        failed.append(request.url)

    context.on("requestfinished", on_finished)
    context.on("requestfailed", on_failed)
    page = context.new_page()
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    try:
        page.goto(url)
        try:
            page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        except PlaywrightTimeoutError:
            raise BootFailed(f"{url} not ready; console:\n" + "\n".join(console)) from None
        data: dict[str, Any] = page.evaluate(READ_BOOT)
        if data["snapshot"] == "made":  # let the page store it before the tab closes
            page.wait_for_selector("body[data-snapshot-saved]", state="attached")
            data.update(page.evaluate(READ_SNAPSHOT))
        errors = [line for line in console if line.startswith(("error:", "pageerror:"))]
        if errors or failed:
            raise BootFailed(f"{url}: errors {errors}, failed requests {failed}")
        if name.startswith("game"):
            data["click"] = page.evaluate(
                TIMED_CLICK, page.query_selector('button[name="players-count"][data-act]')
            )
            if data["click"] is None:
                raise BootFailed("no player-count button to click on the new-game screen")
    finally:
        context.remove_listener("requestfinished", on_finished)
        context.remove_listener("requestfailed", on_failed)
    sizes = []
    for request in finished:
        size = request.sizes()
        response = request.response()
        sizes.append(
            {
                "url": request.url,
                "status": response.status if response else None,
                "body": size["responseBodySize"],
                "headers": size["responseHeadersSize"],
                "gzip": gzipped_size(request.url),
            }
        )
    data["requests"] = sizes
    data["page"] = page
    return data


def summarize_boot(data: dict[str, Any]) -> dict[str, Any]:
    """The figures of one boot worth keeping (drops the page and per-request detail)."""
    requests = data["requests"]
    # A revalidated file (304) shows as its cached 200 with an empty body: count bodies instead.
    full = [r for r in requests if r["body"] > 0]
    out = {
        "ready_ms": data["ready"],
        "requests": len(requests),
        "downloads": len(full),
        "bytes": sum(r["body"] + r["headers"] for r in requests),
        "body_bytes": sum(r["body"] for r in requests),
        "gzip_bytes": sum(r["gzip"] or 0 for r in full),
        "events": data["events"],
        "files": [[Path(urlsplit(r["url"]).path).name, r["status"], r["body"]] for r in requests],
        "first_redraw_ms": float(data["redrawMs"]) if data["redrawMs"] else None,
        "import_ms": float(data["importMs"]) if data["importMs"] else None,
        "load_pyodide_ms": float(data["loadPyodideMs"]) if data["loadPyodideMs"] else None,
        "snapshot": data["snapshot"],
        "snapshot_ms": float(data["snapshotMs"]) if data["snapshotMs"] else None,
        "snapshot_bytes": int(data["snapshotBytes"]) if data["snapshotBytes"] else None,
        "resources": {
            Path(urlsplit(r["name"]).path).name: [round(r["start"]), round(r["end"])]
            for r in data["resources"]
        },
    }
    if data.get("click"):
        click = data["click"]
        if not click["redrawn"]:
            raise BootFailed(f"the first click did not redraw: {click}")
        out["click"] = click
    return out


def measure_boots(
    browser: Browser, base: str, runs: int, names: list[str]
) -> dict[str, list[dict[str, Any]]]:
    results: dict[str, list[dict[str, Any]]] = {f"{n} {k}": [] for n in names for k in PAGES_KINDS}
    for run in range(runs):
        order = names if run % 2 == 0 else names[::-1]  # alternate the pages' order run by run
        for name in order:
            context = new_context(browser)
            try:
                for kind in PAGES_KINDS:  # cold first, then warm in the same context
                    data = boot(context, base, name)
                    data["page"].close()
                    results[f"{name} {kind}"].append(summarize_boot(data))
            finally:
                context.close()
            cold = results[f"{name} cold"][-1]["ready_ms"]
            warm = results[f"{name} warm"][-1]["ready_ms"]
            print(
                f"  run {run + 1}/{runs} {name:12} cold {cold:6.0f} ms, warm {warm:6.0f} ms",
                file=sys.stderr,
                flush=True,
            )
    return results


def measure_disk_warm(
    pw: Playwright, bases: dict[str, str], runs: int, names: list[str]
) -> dict[str, list[dict[str, Any]]]:
    """Warm boots with an on-disk profile, as a returning visitor has (a second Chromium).

    A Playwright context keeps its HTTP cache in memory, where an entry as big as
    pyodide.asm.wasm (9.6 MB) is not kept: its "warm" boots download the wasm again. A persistent
    profile caches it on disk, and V8 keeps its compiled code for it next to it. `bases` maps a
    kind of boot to a server: the dev server (no-cache: every file is revalidated, and a 304
    turns out to discard V8's code cache) and one that sends max-age=600, as GitHub Pages does.
    """
    results: dict[str, list[dict[str, Any]]] = {f"{n} {k}": [] for n in names for k in bases}
    with tempfile.TemporaryDirectory(prefix="bench-boot-profile-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=HEADLESS, service_workers="block"
        )
        try:
            context.add_init_script(INIT_SCRIPT)
            for base in bases.values():  # the first visits fill the disk cache of each origin
                for name in names:
                    page = boot(context, base, name)["page"]
                    if name.startswith("game"):
                        # V8 writes its code cache for the wasm in the background after boot,
                        # once hot functions are optimized: returning visitors stayed longer.
                        page.wait_for_timeout(DWELL_S * 1000)
                    page.close()
            for run in range(runs):
                for name in names if run % 2 == 0 else names[::-1]:
                    for kind, base in bases.items():
                        data = boot(context, base, name)
                        data["page"].close()
                        results[f"{name} {kind}"].append(summarize_boot(data))
                    ready = ", ".join(
                        f"{k} {results[f'{name} {k}'][-1]['ready_ms']:5.0f}" for k in bases
                    )
                    print(
                        f"  run {run + 1}/{runs} {name:12} {ready} ms", file=sys.stderr, flush=True
                    )
        finally:
            for page in context.pages:
                page.close()
            context.close()
    return results


def measure_redraws(browser: Browser, base: str, clicks: int, seed: int) -> list[dict[str, Any]]:
    """Start a game with a fixed seed and make `clicks` random clicks on its buttons."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(base + PAGES["game"])
        page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.fill('input[name="seed"]', str(seed))
        start = page.evaluate(TIMED_CLICK, page.query_selector("#start-game"))
        if not start or not start["redrawn"]:
            raise BootFailed(f"starting a game did not redraw: {start}")
        start["label"] = "(start game) " + start["label"]
        made = [start]
        rng = random.Random(seed)
        for _ in range(clicks):
            buttons = page.query_selector_all(GAME_BUTTONS)
            if not buttons:
                break  # the game is over
            made.append(page.evaluate(TIMED_CLICK, rng.choice(buttons)))
        return made
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values)


def stats(values: list[float]) -> dict[str, float]:
    return {
        "median": median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


def event_medians(runs: list[dict[str, Any]]) -> dict[str, float]:
    """Median time of each PyScript event and of the end of some downloads, in ms."""
    times: dict[str, list[float]] = {}
    for run in runs:
        seen: set[str] = set()
        for label, at in run["events"]:
            if label not in seen:
                seen.add(label)
                times.setdefault(label, []).append(at)
        for name in ("pyodide.asm.wasm", "python_stdlib.zip", "castle.zip", "main.py"):
            if name in run["resources"]:
                times.setdefault(f"(downloaded {name})", []).append(run["resources"][name][1])
        times.setdefault("(data-ready)", []).append(run["ready_ms"])
    return dict(sorted(((k, median(v)) for k, v in times.items()), key=lambda kv: kv[1]))


def report(
    boots: dict[str, list[dict[str, Any]]], redraws: list[dict[str, Any]] | None
) -> dict[str, Any]:
    pages: dict[str, Any] = {}
    for key, runs in boots.items():
        entry: dict[str, Any] = {
            "ready_ms": stats([r["ready_ms"] for r in runs]),
            "requests": median([r["requests"] for r in runs]),
            "downloads": median([r["downloads"] for r in runs]),
            "bytes": median([r["bytes"] for r in runs]),
            "gzip_bytes": median([r["gzip_bytes"] for r in runs]),
            "timeline_ms": event_medians(runs),
        }
        if runs[0].get("click"):
            entry["click_ms"] = stats([r["click"]["sync_ms"] for r in runs])
            entry["click_frame_ms"] = stats([r["click"]["frame_ms"] for r in runs])
            entry["ready_plus_click_ms"] = stats(
                [r["ready_ms"] + r["click"]["frame_ms"] for r in runs]
            )
        if runs[0].get("first_redraw_ms") is not None:
            entry["first_redraw_ms"] = stats([r["first_redraw_ms"] for r in runs])
        if runs[0].get("import_ms") is not None:
            entry["import_ms"] = stats([r["import_ms"] for r in runs])
        if runs[0].get("load_pyodide_ms") is not None:
            entry["load_pyodide_ms"] = stats([r["load_pyodide_ms"] for r in runs])
        if runs[0].get("snapshot"):
            entry["snapshot"] = sorted({r["snapshot"] for r in runs})
        if runs[0].get("snapshot_ms") is not None:
            entry["snapshot_ms"] = stats([r["snapshot_ms"] for r in runs])
            entry["snapshot_bytes"] = runs[0]["snapshot_bytes"]
        pages[key] = entry
    kinds = [key.split(" ", 1)[1] for key in boots if key.startswith("game ")]
    ready = {key: page["ready_ms"]["median"] for key, page in pages.items()}
    ratio = {kind: ready[f"game {kind}"] / ready[f"bare {kind}"] for kind in kinds}
    # The same within each run (the n-th boot of each page is of the same run): steadier than
    # the ratio of the medians when the machine's load changes during the benchmark.
    paired = {
        kind: stats(
            [
                g["ready_ms"] / b["ready_ms"]
                for g, b in zip(boots[f"game {kind}"], boots[f"bare {kind}"], strict=True)
            ]
        )
        for kind in kinds
    }
    result = {"pages": pages, "ratio_game_bare": ratio, "ratio_game_bare_paired": paired}
    if redraws is None:
        return {**result, "redraw": None, "raw": boots}
    decisions = redraws[1:]
    board = [c for c in decisions if c["html_chars"] >= BOARD_HTML_CHARS]
    redraw = {
        "clicks": len(decisions),
        "start_game": redraws[0],
        "redraw_ms": stats([c["redraw_ms"] for c in decisions]),
        "click_sync_ms": stats([c["sync_ms"] for c in decisions]),
        "click_frame_ms": stats([c["frame_ms"] for c in decisions]),
        "not_redrawn": sum(not c["redrawn"] for c in decisions),
        # Clicks that drew the board (a decision's screen) rather than a hot-seat cover.
        "board_clicks": len(board),
        "board_redraw_ms": stats([c["redraw_ms"] for c in board]) if board else None,
        "board_click_sync_ms": stats([c["sync_ms"] for c in board]) if board else None,
        "all": redraws,
    }
    return {**result, "redraw": redraw, "raw": boots}


def print_table(result: dict[str, Any], meta: dict[str, Any]) -> None:
    runs = result["pages"]["game cold"]["ready_ms"]["n"]
    print(
        f"Page boot: {meta['chromium']} headless, {meta['cores']} cores, Pyodide "
        f"{meta['pyodide']}, PyScript {meta['pyscript']}; {runs} runs per page, alternating, "
        "fresh context per run"
    )
    print(f"site: build {meta['build']} of the game's {meta['rev']}, in {meta['site']}")
    print(f"load average (1 min) {meta['load_before']:.2f} before, {meta['load_after']:.2f} after")
    print("ready = navigation start -> body[data-ready] (ms); median (min-max)")
    print("requests: all (with a body); MB: bytes received; MB gzip: the bodies gzipped -6")
    header = f"{'page':30} | {'ready ms':>22} | {'requests':>8} | {'MB':>6} | {'MB gzip':>7}"
    print(header)
    print("-" * len(header))
    for key, p in result["pages"].items():
        r = p["ready_ms"]
        mb = p["bytes"] / 1e6
        gz = p["gzip_bytes"] / 1e6
        print(
            f"{key:30} | {r['median']:7.0f} ({r['min']:5.0f}-{r['max']:5.0f}) | "
            f"{p['requests']:3.0f} ({p['downloads']:2.0f}) | {mb:6.2f} | {gz:7.2f}"
        )
    ratio = result["ratio_game_bare"]
    print("ratio game/bare (medians): " + ", ".join(f"{k} {v:.2f}x" for k, v in ratio.items()))
    print(
        "ratio game/bare (median of each run's ratio, min-max): "
        + ", ".join(
            f"{k} {v['median']:.2f}x ({v['min']:.2f}-{v['max']:.2f})"
            for k, v in result["ratio_game_bare_paired"].items()
        )
    )
    pages = result["pages"]
    names = [k for k in PAGES if f"{k} cold" in pages]
    for kind in ratio:
        p = result["pages"][f"game {kind}"]
        print(
            f"game {kind}: first screen drawn in {p['first_redraw_ms']['median']:.1f} ms (Python "
            f"render), first click {p['click_ms']['median']:.1f} ms "
            f"({p['click_frame_ms']['median']:.1f} ms to next frame); ready + click "
            f"{p['ready_plus_click_ms']['median']:.0f} ms"
        )
    if "bare+engine cold" in pages:
        imp = pages["bare+engine cold"]["import_ms"]
        print(f"bare+engine: web/main.py's imports {imp['median']:.0f} ms (median, cold)")
    for key, p in result["pages"].items():
        if "load_pyodide_ms" in p:
            extra = f", snapshot {'/'.join(p['snapshot'])}" if "snapshot" in p else ""
            print(f"{key}: loadPyodide() {p['load_pyodide_ms']['median']:.0f} ms (median){extra}")
    if "pyodide+snapshot cold" in pages:
        made = pages["pyodide+snapshot cold"]
        print(
            f"pyodide+snapshot cold: makeMemorySnapshot() {made['snapshot_ms']['median']:.0f} ms, "
            f"{made['snapshot_bytes'] / 1e6:.1f} MB (kept in the Cache API for the next visits)"
        )
    print()
    print("Cold boot timeline (medians, ms since navigation start)")
    timelines = {k: pages[f"{k} cold"]["timeline_ms"] for k in names}
    labels = sorted(
        {label for t in timelines.values() for label in t},
        key=lambda label: next(t[label] for t in timelines.values() if label in t),
    )
    widths = {k: max(8, len(k)) for k in names}
    print(f"{'event':40} | " + " | ".join(f"{k:>{widths[k]}}" for k in names))
    for label in labels:
        cells = [(timelines[k].get(label), widths[k]) for k in names]
        print(
            f"{label[:40]:40} | "
            + " | ".join(f"{c:{w}.0f}" if c is not None else " " * w for c, w in cells)
        )
    rd = result["redraw"]
    if rd is None:
        return
    print()
    print(f"Redraw: a game with seed {meta['seed']}, {rd['clicks']} random clicks after the start")
    for name, key in (
        ("body[data-redraw-ms] (Python render + innerHTML)", "redraw_ms"),
        ("click round trip in the page (sync)", "click_sync_ms"),
        ("click to next frame", "click_frame_ms"),
    ):
        s = rd[key]
        print(f"  {name:50} median {s['median']:6.1f} ms, max {s['max']:6.1f} ms")
    if rd["board_clicks"]:
        b, bs = rd["board_redraw_ms"], rd["board_click_sync_ms"]
        print(
            f"  of which {rd['board_clicks']} drew the board: redraw median {b['median']:.1f} ms, "
            f"max {b['max']:.1f} ms; click median {bs['median']:.1f} ms, max {bs['max']:.1f} ms"
        )
    if rd["not_redrawn"]:
        print(f"  warning: {rd['not_redrawn']} of the clicks did not redraw")
    sg = rd["start_game"]
    print(f"  start game: redraw {sg['redraw_ms']:.1f} ms, click {sg['sync_ms']:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="boots per page and cache state")
    parser.add_argument(
        "--clicks",
        type=int,
        default=30,
        help="random clicks in the redraw test (0: no redraw test)",
    )
    parser.add_argument("--seed", type=int, default=2024, help="game seed and click choices")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--save", metavar="FILE", help="also write the JSON object to FILE")
    parser.add_argument(
        "--no-disk-cache",
        action="store_true",
        help="skip the warm boots with an on-disk profile (a second Chromium)",
    )
    add_page_arguments(parser, PAGES)
    args = parser.parse_args()
    names, build = prepare(parser, args, PAGES)
    pyodide, pyscript = package_versions()
    with serve() as plain, serve(max_age=True) as max_age, sync_playwright() as pw:
        base, base_max_age = plain.base, max_age.base
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        try:
            meta = {
                "chromium": f"Chromium {browser.version}",
                "cores": os.cpu_count(),
                "pyodide": pyodide,
                "pyscript": pyscript,
                "build": build,
                "rev": describe(args.rev),
                "site": str(SITE),
                "seed": args.seed,
                "runs": args.runs,
                "pages": names,
                "load_before": os.getloadavg()[0],
            }
            boots = measure_boots(browser, base, args.runs, names)
            redraws = (
                measure_redraws(browser, base, args.clicks, args.seed) if args.clicks else None
            )
        finally:
            browser.close()
        if not args.no_disk_cache:
            bases = {"disk no-cache": base, "disk max-age": base_max_age}
            boots.update(measure_disk_warm(pw, bases, args.runs, names))
    return finish(args, meta, report(boots, redraws), print_table)


if __name__ == "__main__":
    sys.exit(main())
