// PyScript's interpreter for the page (pyscript.toml names this module): the site's own Pyodide,
// started from a memory snapshot when the browser keeps one, so that a returning visit skips
// most of Python's start (docs/benchmarks.md: about half of the visit's time).
//
// PyScript 0.7 does `import(interpreter)`, takes `loadPyodide` and `version` from the module
// and calls `loadPyodide({ stderr, stdout, indexURL })`, indexURL being this module's folder;
// then it writes its own Python package and the config's files into the interpreter. So this
// module re-exports Pyodide's `version`, and its `loadPyodide` points indexURL at the runtime:
//
// * when the Cache API holds a snapshot of this runtime, it passes it as `_loadSnapshot`. The
//   snapshot is Pyodide's state just after its own start, before PyScript or the game touched
//   it, so a new build of the game keeps using it; only another Pyodide needs a new one, and
//   its key is a URL inside the versioned runtime folder;
// * otherwise it starts Pyodide as usual and, once the game is on screen and the site is kept
//   for offline play (web/boot.js sets body[data-offline="ready"]), makes a snapshot in a
//   worker (python_snapshot.mjs) for the next visits. Not on the page's own interpreter: one
//   started with `_makeSnapshot` reads JavaScript globals through a recording proxy, and
//   `from js import document` then fails with "Illegal invocation".
//
// `_loadSnapshot`, `_makeSnapshot` and `makeMemorySnapshot()` are private to Pyodide, so every
// failure falls back to an ordinary start: a refused snapshot is deleted before Python starts
// as usual, and so is one after which the game fails before its first screen.
//
// <body data-snapshot> says what happened ("loaded", "none", "refused", then "saved" or
// "failed" once a new one was tried), for tests and benchmarks.
import * as pyodide from "../runtime/pyodide-314.0.7/pyodide.mjs";

export const version = pyodide.version;

const indexURL = new URL("../runtime/pyodide-314.0.7/", import.meta.url).href;
/** The Cache API cache holding the snapshot: one entry, of the runtime that made it. */
export const SNAPSHOT_CACHE = "castle-python-snapshot";
/** The snapshot's key: a URL inside the runtime's versioned folder (a key, not a file). */
export const SNAPSHOT_KEY = new URL("python.snapshot", indexURL).href;
/** How long after the first screen the worker starts, so that the game's first clicks win. */
const MAKE_AFTER_MS = 2000;

const body = globalThis.document?.body?.dataset; // none in a worker: no notes, no new snapshot

async function cachedSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache API (storage blocked, an insecure origin): start as usual
  }
}

function dropSnapshot() {
  return caches.delete(SNAPSHOT_CACHE).catch(() => false);
}

/** Runs `then` once every attribute in `names` is on <body>. */
function whenBody(names, then) {
  const all = () => names.every((name) => document.body.hasAttribute(name));
  if (all()) return then();
  new MutationObserver((_, observer) => {
    if (!all()) return;
    observer.disconnect();
    then();
  }).observe(document.body, { attributes: true });
}

function makeSnapshot() {
  if (body.offline !== "ready") return; // no offline copy (a dev build, workers blocked)
  const worker = new Worker(new URL("./python_snapshot.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    body.snapshot = data.ok ? "saved" : "failed";
    if (!data.ok) console.warn("no Python snapshot for the next visit:", data.error);
  };
}

export async function loadPyodide(options = {}) {
  const snapshot = await cachedSnapshot();
  if (snapshot) {
    try {
      const interpreter = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: snapshot });
      if (body) {
        body.snapshot = "loaded";
        // The game failing before its first screen may be the snapshot's fault: the next visit
        // starts without it (and makes a new one).
        const failed = () => {
          if (!document.body.hasAttribute("data-ready")) dropSnapshot();
        };
        addEventListener("error", failed, true);
        whenBody(["data-ready"], () => removeEventListener("error", failed, true));
      }
      return interpreter;
    } catch (error) {
      console.warn("Python snapshot refused, starting as usual:", error);
      await dropSnapshot();
      if (body) body.snapshot = "refused";
    }
  } else if (body) {
    body.snapshot = "none";
  }
  const interpreter = await pyodide.loadPyodide({ ...options, indexURL });
  if (body) whenBody(["data-ready", "data-offline"], () => setTimeout(makeSnapshot, MAKE_AFTER_MS));
  return interpreter;
}
