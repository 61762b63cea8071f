// PyScript's `interpreter` for bench/bare/game-snapshot.html (game-snapshot.toml names this module
// instead of pyodide.mjs): Pyodide started from a memory snapshot, without giving up PyScript.
// A benchmark variant only; bench/boot.py measures it ("game+snapshot").
//
// PyScript 0.7.31 (polyscript 0.20, interpreter/pyodide.js) does `import(interpreter)`, reads
// `loadPyodide` and `version` from the module, and calls
// `loadPyodide({ stderr, stdout, indexURL })` with indexURL = the folder of this module; then it
// writes its own Python package and the config's files into the interpreter. So this module
// re-exports Pyodide's `version`, and its `loadPyodide` points indexURL back at the runtime and:
//
// * when the Cache API holds a snapshot of this Pyodide build, passes it as `_loadSnapshot`;
// * otherwise boots Pyodide as usual and, once the page is ready, makes a snapshot in a worker
//   (snapshot_worker.mjs) and keeps it in the Cache API for the next visits. Not in the page:
//   an interpreter started with `_makeSnapshot` reads globals through a recording proxy, and
//   `from js import document` then fails ("Illegal invocation") on it.
//
// <body> notes what happened for the benchmark: data-snapshot (loaded / made / failed),
// data-load-pyodide-ms, data-snapshot-ms and -bytes, data-snapshot-saved.
import * as pyodide from "../../runtime/pyodide-314.0.7/pyodide.mjs";
import { SNAPSHOT_CACHE, snapshotKey } from "./snapshot_key.mjs";

export const version = pyodide.version;

const indexURL = new URL("../../runtime/pyodide-314.0.7/", import.meta.url).href;
const note = (label) => globalThis.__bench?.events.push([label, performance.now()]);

async function cachedSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(version));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache API (file://, storage blocked): boot as usual
  }
}

function whenReady(then) {
  if (document.body.hasAttribute("data-ready")) return then();
  new MutationObserver((_, observer) => {
    if (!document.body.hasAttribute("data-ready")) return;
    observer.disconnect();
    then();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

function makeSnapshotInWorker() {
  const body = document.body.dataset;
  const worker = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    if (!data.ok) {
      body.snapshot = "failed";
      console.warn("no Pyodide snapshot:", data.error);
      return;
    }
    body.snapshotMs = data.snapshotMs.toFixed(1);
    body.snapshotBytes = String(data.bytes);
    body.snapshotSaved = "1";
    note("snapshot saved");
  };
}

export async function loadPyodide(options = {}) {
  const body = document.body.dataset;
  const snapshot = await cachedSnapshot();
  note(snapshot ? "snapshot read" : "no snapshot");
  const began = performance.now();
  let interpreter = null;
  if (snapshot) {
    try {
      interpreter = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: snapshot });
      body.snapshot = "loaded";
    } catch (error) {
      // Another Pyodide build, or a damaged entry: drop it, boot as usual and make a new one.
      console.warn("Pyodide snapshot refused:", error);
      await caches.delete(SNAPSHOT_CACHE);
    }
  }
  if (!interpreter) {
    interpreter = await pyodide.loadPyodide({ ...options, indexURL });
    body.snapshot = "made";
    // After the first screen, so that the worker's boot does not slow the page's.
    whenReady(() => setTimeout(makeSnapshotInWorker, 500));
  }
  body.loadPyodideMs = (performance.now() - began).toFixed(1);
  note("loadPyodide() returned");
  return interpreter;
}
