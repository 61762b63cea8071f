"""Offline and repeat visits: the game through its service worker against a bare PyScript page.

    .venv/bin/python -m bench.offline [--runs 5] [--dwell 15] [--settle 3] [--pages game,bare]
        [--rev HEAD] [--json] [--save FILE]

The site is built as it is published (tools/build.py, into .cache/bench-site/ with the bare
pages, see bench/site.py) and served on 127.0.0.1 under /castle-game/ by tools/devserver.py's
handler sending `Cache-Control: max-age=600`, as GitHub Pages does. Each run gives each page a
new on-disk Chromium profile (a persistent context: an ordinary context keeps its HTTP cache in
memory, where the 9.6 MB wasm is not kept, which would be unfair to the bare page) with service
workers allowed, and makes these visits, each in a newly started Chromium on that profile (a
returning visitor's browser: only what is on disk is left):

* first: a cold visit. On the game page it lasts until the service worker has precached the
  site and is active (web/boot.js sets body[data-offline="ready"]) and a memory snapshot of
  Python is kept for the next visits (web/python.mjs sets body[data-snapshot="saved"]);
* repeat: the second visit. The game is served by its service worker and starts Python from
  the snapshot; the bare page (which has neither) by the HTTP cache (max-age=600: nothing is
  revalidated);
* third: the same again (see below why it differs);
* offline (the game only): a fourth visit with the network off (`offline=True` for the context).

A third page, game-http, is the game with service workers blocked: its visits are served by the
HTTP cache as the bare page's are, which splits the game's gap to the bare page into what the
game itself costs (game-http / bare) and what its service worker costs (game / game-http).

After every visit but the last the tab stays open --dwell seconds, as a player would: V8 writes
its code cache for the wasm in the background once it has optimized the hot functions, and the
next visit reads it. The last visit stays --settle seconds.

Measured per visit: the time from navigation start to <body data-ready> (Python sets it after
drawing the first screen: the new-game screen), noted in the page by a MutationObserver
(bench/boot.py's init script); and the bytes the server actually sent (status lines, headers
and bodies, counted in its handler) until ready, and in the whole visit (with the dwell, which
catches the browser's update check of sw.js). Also counted, from the browser's side: requests
answered by the service worker. The pages' order alternates run by run. Medians and min-max
over the runs; the game/bare ratios are medians of the ratios within each run (the machine is
shared and noisy).

Required: the game's repeat visit within 1.1x of the bare page's repeat visit, with 0 bytes from
the network. A benchmark, not a test: figures go to docs/benchmarks.md ("Offline and repeat
visits").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, Request, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bench.boot import INIT_SCRIPT
from bench.site import (
    SITE,
    Served,
    add_page_arguments,
    describe,
    finish,
    package_versions,
    prepare,
    serve,
)
from tools.chromium import CHROMIUM, HEADLESS

PAGES = {
    "game": "",  # the site's directory URL, as players open it (index.html answers)
    "bare": "bench/bare/index.html",
    "game-http": "",  # the game with service workers blocked: its HTTP cache only
}
VISITS = {
    "game": ("first", "repeat", "third", "offline"),
    "bare": ("first", "repeat", "third"),
    "game-http": ("first", "repeat", "third"),
}
SERVICE_WORKERS = {"game": "allow", "bare": "allow", "game-http": "block"}
# Folders of a Chromium profile whose size tells what a visit left for the next one.
PROFILE_DIRS = {
    "cache_storage": ("Service Worker", "CacheStorage"),
    "http_cache": ("Cache", "Cache_Data"),
    "wasm_code_cache": ("Code Cache", "wasm"),
}
BOOT_TIMEOUT_MS = 90_000
OFFLINE_READY_TIMEOUT_MS = 120_000

# Beside bench/boot.py's init script: when web/boot.js marks the offline copy ready.
OFFLINE_SCRIPT = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.offline === "ready") {
    window.__bench.offlineReady = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-offline"] });
"""

READ_VISIT = """
() => ({
  ready: window.__bench.ready,
  offlineReady: window.__bench.offlineReady ?? null,
  events: window.__bench.events,
  controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  offline: document.body.dataset.offline ?? null,
  snapshot: document.body.dataset.snapshot ?? null,
  screen: document.querySelector("#app #start-game") ? "new-game" : null,
  resources: Object.fromEntries(performance.getEntriesByType("resource").map(
    (r) => [r.name.split("/").pop(), [Math.round(r.startTime), Math.round(r.responseEnd)]])),
})
"""


class VisitFailed(RuntimeError):
    pass


def launch(pw: Playwright, profile: str, name: str, offline: bool) -> BrowserContext:
    """Chromium on the on-disk profile `profile`, service workers allowed unless game-http."""
    context = pw.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=HEADLESS,
        service_workers=SERVICE_WORKERS[name],
        offline=offline,
    )
    context.add_init_script(INIT_SCRIPT)
    context.add_init_script(OFFLINE_SCRIPT)
    return context


def visit(
    context: BrowserContext, served: Served, name: str, kind: str, dwell_s: float, settle_s: float
) -> dict[str, Any]:
    """One visit of page `name` in `context`; returns its figures."""
    url = served.base + PAGES[name]
    finished: list[Request] = []
    failed: list[str] = []
    console: list[str] = []
    context.on("requestfinished", lambda r: finished.append(r))
    context.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))
    page = context.pages[0] if context.pages else context.new_page()
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    mark = served.mark()
    try:
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        lines = "\n".join(console)
        raise VisitFailed(f"{name} {kind}: {url} not ready; console:\n{lines}") from None
    to_ready = served.since(mark)
    data: dict[str, Any] = page.evaluate(READ_VISIT)
    if name.startswith("game") and data["screen"] != "new-game":
        raise VisitFailed(f"{name} {kind}: ready, but not on the new-game screen")
    if kind == "first" and name == "game":
        # The offline copy, and the memory snapshot of Python that the next visits start from
        # (web/python.mjs).
        _wait_for_body(page, "offline", "ready", "no offline copy")
        data["offlineReady"] = page.evaluate("window.__bench.offlineReady")
        _wait_for_body(page, "snapshot", "saved", "no snapshot")
    # A player stays: V8 writes its code cache for the wasm once it has optimized it.
    page.wait_for_timeout((dwell_s if kind != VISITS[name][-1] else settle_s) * 1000)
    total = served.since(mark)
    errors = [line for line in console if line.startswith(("error:", "pageerror:"))]
    if errors or failed:
        raise VisitFailed(f"{name} {kind}: errors {errors}, failed requests {failed}")
    from_sw = [r for r in finished if (resp := r.response()) and resp.from_service_worker]
    from_net = [r for r in finished if r not in from_sw]
    return {
        "ready_ms": data["ready"],
        "offline_ready_ms": data["offlineReady"],
        "controlled": data["controlled"],
        "offline_attr": data["offline"],
        "snapshot": data["snapshot"],
        "bytes_to_ready": sum(s.bytes for s in to_ready),
        "requests_to_ready": len(to_ready),
        "bytes_total": sum(s.bytes for s in total),
        "requests_total": len(total),
        "served": [[s.path, s.status, s.bytes] for s in total],
        # What the browser saw: every request of the context (the page's and the worker's).
        "browser_requests": len(finished),
        "browser_from_sw": len(from_sw),
        "browser_net_bytes": sum(
            (z := r.sizes())["responseBodySize"] + z["responseHeadersSize"] for r in from_net
        ),
        "events": data["events"],
        "resources": data["resources"],  # file name -> [start, response end] in ms
    }


def _wait_for_body(page: Page, attribute: str, value: str, problem: str) -> None:
    """Wait until <body data-ATTRIBUTE="VALUE">, or fail the first visit saying `problem`."""
    try:
        page.wait_for_selector(
            f'body[data-{attribute}="{value}"]', state="attached", timeout=OFFLINE_READY_TIMEOUT_MS
        )
    except PlaywrightTimeoutError:
        found = page.evaluate(f"document.body.dataset.{attribute} ?? null")
        raise VisitFailed(f"game first: {problem} (data-{attribute}={found})") from None


def run_page(
    pw: Playwright, served: Served, name: str, dwell_s: float, settle_s: float
) -> dict[str, dict[str, Any]]:
    """All visits of one page, on a new profile; each visit in a newly started browser."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-offline-profile-") as profile:
        for kind in VISITS[name]:
            context = launch(pw, profile, name, offline=kind == "offline")
            try:
                out[kind] = visit(context, served, name, kind, dwell_s, settle_s)
            finally:
                context.close()
            # What the profile keeps after the visit: the service worker's caches (with V8's
            # code cache for the responses it served) and V8's code cache for the HTTP cache.
            out[kind]["profile_bytes"] = {
                key: folder_size(Path(profile, "Default", *sub))
                for key, sub in PROFILE_DIRS.items()
            }
    return out


def folder_size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) if folder.is_dir() else 0


def median(values: list[float]) -> float:
    return statistics.median(values)


def stats(values: list[float]) -> dict[str, float]:
    return {"median": median(values), "min": min(values), "max": max(values), "n": len(values)}


def report(runs: list[dict[str, dict[str, dict[str, Any]]]]) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    names = [name for name in VISITS if name in runs[0]]
    for name in names:
        kinds = VISITS[name]
        for kind in kinds:
            visits = [run[name][kind] for run in runs]
            rows[f"{name} {kind}"] = {
                "ready_ms": stats([v["ready_ms"] for v in visits]),
                "bytes_to_ready": stats([v["bytes_to_ready"] for v in visits]),
                "bytes_total": stats([v["bytes_total"] for v in visits]),
                "requests_to_ready": stats([v["requests_to_ready"] for v in visits]),
                "requests_total": stats([v["requests_total"] for v in visits]),
                "controlled": sorted({v["controlled"] for v in visits}),
                "snapshot": sorted({str(v["snapshot"]) for v in visits}),
                "browser_from_sw": stats([v["browser_from_sw"] for v in visits]),
                "browser_requests": stats([v["browser_requests"] for v in visits]),
                "profile_bytes": {
                    key: median([v["profile_bytes"][key] for v in visits]) for key in PROFILE_DIRS
                },
            }
    pairs = {  # game visit / bare visit, within each run
        "first": ("first", "first"),
        "repeat": ("repeat", "repeat"),
        "third": ("third", "third"),
        "offline / bare repeat": ("offline", "repeat"),
    }
    ratios = {
        key: [r["game"][g]["ready_ms"] / r["bare"][b]["ready_ms"] for r in runs]
        for key, (g, b) in pairs.items()
    }
    if "game-http" in names:  # what the service worker costs, and what the game itself costs
        for kind in ("first", "repeat", "third"):
            ratios[f"game / game-http, {kind}"] = [
                r["game"][kind]["ready_ms"] / r["game-http"][kind]["ready_ms"] for r in runs
            ]
        for kind in ("first", "repeat", "third"):
            ratios[f"game-http / bare, {kind}"] = [
                r["game-http"][kind]["ready_ms"] / r["bare"][kind]["ready_ms"] for r in runs
            ]
    ratio = {k: stats(v) for k, v in ratios.items()}
    repeat = rows["game repeat"]
    verdict = {
        "repeat_ratio": ratio["repeat"]["median"],
        "time_pass": ratio["repeat"]["median"] <= 1.1,
        "repeat_max_bytes_to_ready": repeat["bytes_to_ready"]["max"],
        "repeat_max_bytes_whole_visit": repeat["bytes_total"]["max"],
    }
    return {"visits": rows, "ratio_game_bare": ratio, "verdict": verdict, "raw": runs}


def print_table(result: dict[str, Any], meta: dict[str, Any]) -> None:
    print(
        f"Offline and repeat visits: {meta['chromium']} headless, {meta['cores']} cores, Pyodide "
        f"{meta['pyodide']}, PyScript {meta['pyscript']}, build {meta['build']} of the game's "
        f"{meta['rev']}; {meta['runs']} "
        "runs, pages alternating, a new profile per page and run, a new browser per visit"
    )
    print(f"load average (1 min) {meta['load_before']:.2f} before, {meta['load_after']:.2f} after")
    print("ready = navigation start -> body[data-ready] (ms); bytes = sent by the server")
    header = (
        f"{'visit':17} | {'ready ms':>22} | {'bytes to ready':>16} | {'bytes, whole visit':>20} | "
        f"{'requests':>8} | {'SW':>3} | snapshot"
    )
    print(header)
    print("-" * len(header))
    for key, row in result["visits"].items():
        r, b, t = row["ready_ms"], row["bytes_to_ready"], row["bytes_total"]
        print(
            f"{key:17} | {r['median']:7.0f} ({r['min']:5.0f}-{r['max']:5.0f}) | "
            f"{b['median']:16,.0f} | {t['median']:20,.0f} | "
            f"{row['requests_total']['median']:8.0f} | {row['browser_from_sw']['median']:3.0f} | "
            f"{'/'.join(row['snapshot'])}"
        )
    for kind, s in result["ratio_game_bare"].items():
        label = kind if "/" in kind and "," in kind else f"game/bare, {kind}"
        print(
            f"ratio {label}: {s['median']:.2f}x ({s['min']:.2f}-{s['max']:.2f}), "
            "median of the runs' ratios"
        )
    print("profile after the visit, MB (medians): " + ", ".join(PROFILE_DIRS))
    for key, row in result["visits"].items():
        sizes = ", ".join(f"{row['profile_bytes'][k] / 1e6:6.2f}" for k in PROFILE_DIRS)
        print(f"  {key:17} {sizes}")
    v = result["verdict"]
    print(
        f"required: repeat visit within 1.1x of bare: {v['repeat_ratio']:.2f}x "
        f"({'yes' if v['time_pass'] else 'NO'}); with 0 bytes from the network: at most "
        f"{v['repeat_max_bytes_to_ready']:.0f} bytes until ready, "
        f"{v['repeat_max_bytes_whole_visit']:.0f} in the whole visit"
    )
    for key, row in result["visits"].items():
        if row["bytes_total"]["max"] and not key.endswith("first"):
            served = {tuple(s[:2]) for run in result["raw"] for s in run_for(run, key)["served"]}
            print(f"  {key} asked the server for: {sorted(served)}")


def run_for(run: dict[str, Any], key: str) -> dict[str, Any]:
    name, kind = key.split(" ", 1)
    visit: dict[str, Any] = run[name][kind]
    return visit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs (each page's visits per run)")
    parser.add_argument(
        "--dwell", type=float, default=15, help="seconds on the page after each visit"
    )
    parser.add_argument(
        "--settle", type=float, default=3, help="seconds on the page after the last visit"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--save", metavar="FILE", help="also write the JSON object to FILE")
    add_page_arguments(parser, PAGES)
    args = parser.parse_args()
    names, build = prepare(parser, args, PAGES)
    pyodide, pyscript = package_versions()
    meta: dict[str, Any] = {
        "cores": os.cpu_count(),
        "pyodide": pyodide,
        "pyscript": pyscript,
        "build": build,
        "rev": describe(args.rev),
        "site": str(SITE),
        "runs": args.runs,
        "pages": names,
        "dwell_s": args.dwell,
        "settle_s": args.settle,
        "load_before": os.getloadavg()[0],
    }
    runs: list[dict[str, dict[str, dict[str, Any]]]] = []
    with serve(max_age=True) as served, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        meta["chromium"] = f"Chromium {browser.version}"
        browser.close()
        for run in range(args.runs):
            result: dict[str, dict[str, dict[str, Any]]] = {}
            for name in names if run % 2 == 0 else names[::-1]:  # alternate the order
                result[name] = run_page(pw, served, name, args.dwell, args.settle)
                figures = ", ".join(
                    f"{kind} {v['ready_ms']:5.0f} ms / {v['bytes_total']:,} B"
                    for kind, v in result[name].items()
                )
                print(f"  run {run + 1}/{args.runs} {name}: {figures}", file=sys.stderr, flush=True)
            runs.append(result)
    return finish(args, meta, report(runs), print_table)


if __name__ == "__main__":
    sys.exit(main())
