// Imported by the service worker (tools/service_worker.mjs): lets the browser serve the runtime
// (Pyodide's wasm and standard library, PyScript) straight from the offline copy, without
// starting the worker's script for each of those requests — Chromium's Static Routing API.
// Measured (docs/benchmarks.md): through the worker's fetch handler, a repeat visit's
// loadPyodide took about 0.3 s longer than from the HTTP cache.
//
// The runtime's files are precached under their plain URLs (their folders carry their
// version; see tools/service_worker.mjs), so the browser finds them in Workbox's precache by
// URL. Where the API is missing, nothing changes: the fetch handler serves them as before.
self.addEventListener("install", (event) => {
  if (!event.addRoutes) return;
  const scope = new URL(self.registration.scope);
  const cacheName = `castle-precache-v2-${self.registration.scope}`;
  event.waitUntil(
    event
      .addRoutes([
        {
          condition: { urlPattern: new URLPattern({ pathname: `${scope.pathname}runtime/*-*/*` }) },
          source: { cacheName },
        },
      ])
      .catch((error) => console.warn("static routes unavailable:", error)),
  );
});
