// Makes the memory snapshot that web/python.mjs starts Python from on the next visits: a fresh
// Pyodide, started off the page's thread with `_makeSnapshot` (the page's own interpreter
// cannot be snapshotted once it has touched the page), kept in the Cache API as the only entry
// of its cache, so that a snapshot of an older runtime does not linger. Its SHA-256 goes beside
// it (a header of the cached response): a snapshot damaged in the cache can load into Pyodide
// and fail later, or worse not fail, so python.mjs uses only one whose bytes still match.
// Posts { ok, bytes } or { ok: false, error }.
import { loadPyodide } from "../runtime/pyodide-314.0.7/pyodide.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_DIGEST, SNAPSHOT_KEY, digest } from "./python.mjs";

try {
  const interpreter = await loadPyodide({ _makeSnapshot: true });
  const snapshot = interpreter.makeMemorySnapshot();
  const trial = await loadPyodide({ _loadSnapshot: snapshot });
  if (trial.runPython("import json; json.dumps([1 + 1])") !== "[2]") {
    throw new Error("the snapshot started a Python that does not compute");
  }
  const headers = { [SNAPSHOT_DIGEST]: await digest(snapshot) };
  await caches.delete(SNAPSHOT_CACHE);
  await (await caches.open(SNAPSHOT_CACHE)).put(SNAPSHOT_KEY, new Response(snapshot, { headers }));
  postMessage({ ok: true, bytes: snapshot.length });
} catch (error) {
  postMessage({ ok: false, error: String(error?.stack ?? error) });
}
