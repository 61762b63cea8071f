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
// failure falls back to an ordinary start. A snapshot is used only if its bytes still have the
// SHA-256 kept beside it (one damaged in the cache may load and fail later, or run wrong); one
// refused is deleted before Python starts as usual. A start from a snapshot that still fails
// before the first screen is web/boot.js's to mend: it deletes the snapshot and starts again
// without it (sessionStorage's `castle.boot.mended` then says to start without one).
//
// <body data-snapshot> says what happened ("loaded", "none", "refused", "skipped", then "saved"
// or "failed" once a new one was tried), for web/boot.js, tests and benchmarks.
import * as pyodide from "../runtime/pyodide-314.0.7/pyodide.mjs";

export const version = pyodide.version;

const indexURL = new URL("../runtime/pyodide-314.0.7/", import.meta.url).href;
/** The Cache API cache holding the snapshot: one entry, of the runtime that made it. */
export const SNAPSHOT_CACHE = "castle-python-snapshot";
/** The snapshot's key: a URL inside the runtime's versioned folder (a key, not a file). */
export const SNAPSHOT_KEY = new URL("python.snapshot", indexURL).href;
/** The header of the cached snapshot that holds its SHA-256 (hex). */
export const SNAPSHOT_DIGEST = "x-castle-sha256";
/** The session's note that web/boot.js mended a start: this start takes no snapshot. */
const MENDED_KEY = "castle.boot.mended";
/** localStorage: a start from the snapshot is under way (it is removed at the first screen). */
const STARTING_KEY = "castle.boot.snapshot";
/** How long after the first screen the worker starts, so that the game's first clicks win. */
const MAKE_AFTER_MS = 2000;

const body = globalThis.document?.body?.dataset; // none in a worker: no notes, no new snapshot

/** The SHA-256 of some bytes, in hex. */
export async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function mended() {
  try {
    return sessionStorage.getItem(MENDED_KEY) !== null;
  } catch {
    return false;
  }
}

function forgetStarting() {
  try {
    localStorage.removeItem(STARTING_KEY);
  } catch {
    // storage blocked: nothing was noted
  }
}

/** Notes that a start from the snapshot is under way, and whether an earlier one never reached
 * its first screen: a snapshot that hangs Python blocks the page's only thread, where no timer
 * of boot.js can run, so it is the next start (a reload, another tab) that drops it. A start
 * left on the way (a reload, a closed tab) removes its note as the page goes (pagehide, which a
 * hung thread never runs). (A Web Lock held by the start would tell another tab's start under
 * way from a hung one, but Chromium keeps a hung page's locks after it is closed.) Two tabs
 * starting at the same second may thus cost one snapshot, made again after the first screen. */
function earlierStartHung() {
  try {
    return localStorage.getItem(STARTING_KEY) !== null;
  } catch {
    return false; // storage blocked: boot.js's watchdog still mends a start that fails
  }
}

function startingFromSnapshot() {
  try {
    localStorage.setItem(STARTING_KEY, String(Date.now()));
  } catch {
    return; // storage blocked: nothing to note
  }
  addEventListener("pagehide", forgetStarting, { once: true });
}

/** The kept snapshot: { bytes } when its digest holds, { refused } when not, null when none. */
async function cachedSnapshot() {
  let hit;
  try {
    hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  } catch {
    return null; // no Cache API (storage blocked, an insecure origin): start as usual
  }
  if (!hit) return null;
  try {
    const expected = hit.headers.get(SNAPSHOT_DIGEST);
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (!expected || (await digest(bytes)) !== expected) return { refused: "its digest differs" };
    return { bytes };
  } catch (error) {
    return { refused: `it cannot be read (${error})` }; // a body cut short in the cache
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
  // Any start that reaches its first screen ends the note of one from the snapshot under way.
  if (body) whenBody(["data-ready"], () => forgetStarting());
  const skip = body && mended();
  if (body && !skip) body.snapshot = "reading"; // boot.js drops it if the start stalls here
  let snapshot = skip ? null : await cachedSnapshot();
  if (snapshot?.bytes && body && earlierStartHung()) {
    snapshot = { refused: "a start from it never reached the first screen" };
    document.getElementById("boot-mended")?.removeAttribute("hidden");
    body.mended = "hung";
  }
  if (snapshot?.bytes) {
    if (body) startingFromSnapshot();
    try {
      const interpreter = await pyodide.loadPyodide({
        ...options,
        indexURL,
        _loadSnapshot: snapshot.bytes,
      });
      if (body) body.snapshot = "loaded";
      return interpreter;
    } catch (error) {
      console.warn("Python snapshot refused, starting as usual:", error);
      await dropSnapshot();
      if (body) body.snapshot = "refused";
    }
  } else if (snapshot?.refused) {
    console.warn(`Python snapshot refused (${snapshot.refused}), starting as usual`);
    await dropSnapshot();
    if (body) body.snapshot = "refused";
  } else if (body) {
    body.snapshot = skip ? "skipped" : "none";
  }
  const interpreter = await pyodide.loadPyodide({ ...options, indexURL });
  if (body) whenBody(["data-ready", "data-offline"], () => setTimeout(makeSnapshot, MAKE_AFTER_MS));
  return interpreter;
}
