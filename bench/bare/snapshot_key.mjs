// Where bench/bare/snapshot_pyodide.mjs and snapshot_worker.mjs keep the Pyodide snapshot: one
// Cache API entry per Pyodide version (a snapshot only loads into the build that made it).
export const SNAPSHOT_CACHE = "bench-pyscript-snapshot";
export const snapshotKey = (version) =>
  new URL(`./pyodide-${version}.snapshot`, import.meta.url).href; // a cache key, not a file
