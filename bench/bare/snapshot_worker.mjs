// Makes a memory snapshot of a freshly booted Pyodide, off the page's thread, and keeps it in the
// Cache API (bench/bare/snapshot_pyodide.mjs starts it after the page's first visit is ready).
// Posts { ok, bytes, loadMs, snapshotMs } or { ok: false, error }.
import { loadPyodide, version } from "../../runtime/pyodide-314.0.7/pyodide.mjs";
import { SNAPSHOT_CACHE, snapshotKey } from "./snapshot_key.mjs";

try {
  const began = performance.now();
  const interpreter = await loadPyodide({ _makeSnapshot: true });
  const loaded = performance.now();
  const snapshot = interpreter.makeMemorySnapshot();
  const made = performance.now();
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(snapshotKey(version), new Response(snapshot));
  postMessage({
    ok: true,
    bytes: snapshot.length,
    loadMs: loaded - began,
    snapshotMs: made - loaded,
  });
} catch (error) {
  postMessage({ ok: false, error: String(error && error.stack ? error.stack : error) });
}
