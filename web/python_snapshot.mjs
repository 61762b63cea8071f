// Makes the memory snapshot that web/python.mjs starts Python from on the next visits: a fresh
// Pyodide, started off the page's thread with `_makeSnapshot` (the page's own interpreter
// cannot be snapshotted once it has touched the page), kept in the Cache API as the only entry
// of its cache, so that a snapshot of an older runtime does not linger. Posts { ok, bytes } or
// { ok: false, error }.
import { loadPyodide } from "../runtime/pyodide-314.0.7/pyodide.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_KEY } from "./python.mjs";

try {
  const interpreter = await loadPyodide({ _makeSnapshot: true });
  const snapshot = interpreter.makeMemorySnapshot();
  await caches.delete(SNAPSHOT_CACHE);
  await (await caches.open(SNAPSHOT_CACHE)).put(SNAPSHOT_KEY, new Response(snapshot));
  postMessage({ ok: true, bytes: snapshot.length });
} catch (error) {
  postMessage({ ok: false, error: String(error?.stack ?? error) });
}
