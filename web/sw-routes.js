// Imported by the service worker (tools/service_worker.mjs), with two jobs, both below.
//
// It lets the browser serve the runtime (Pyodide's wasm and standard library, PyScript)
// straight from the offline copy, without starting the worker's script for each of those
// requests — Chromium's Static Routing API. Measured (docs/benchmarks.md): through the
// worker's fetch handler, a repeat visit's loadPyodide took about 0.3 s longer than from the
// HTTP cache. The runtime's files are precached under their plain URLs (their folders carry
// their version; see tools/service_worker.mjs), so the browser finds them in Workbox's
// precache by URL. Where the API is missing, nothing changes: the fetch handler serves them
// as before.
//
// And it serves the page itself, checked against its build's digest (last in this file).
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

// The page itself (a navigation), served by this script rather than Workbox's precache route,
// and checked before it is served: a damaged index.html would stop every start, and no code of
// the page can mend what stops it loading (web/boot.js mends everything else). This worker's
// own page is the cached copy whose digest is its build's (self.CASTLE_PAGE_INTEGRITY, which
// tools/service_worker.mjs writes at the top of sw.js); while an update waits, the cache holds
// another build's page beside it, never served by this worker. When no copy has the digest,
// the network's copy is fetched against it, served, and put back in the offline copy (when
// that holds one build: nothing is deleted). Offline, a damaged page is served as it is until
// the network is back. Any query (?game=, ?think=, see web/shell/address.py) is the same page,
// offline too (Workbox's route would have looked for it on the network).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET" || !isThePage(request.url)) return;
  if (!self.CASTLE_PAGE_INTEGRITY) return; // a worker without its page's digest: Workbox's way
  event.stopImmediatePropagation(); // Workbox's listener would answer it again
  event.respondWith(servePage(request));
});

function isThePage(address) {
  const url = new URL(address);
  const scope = new URL(self.registration.scope);
  return (
    url.origin === scope.origin &&
    (url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`)
  );
}

async function sri(response) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...hash));
}

async function servePage(request) {
  const scope = self.registration.scope;
  const expected = self.CASTLE_PAGE_INTEGRITY;
  const cache = await caches.open(`castle-precache-v2-${scope}`);
  const keys = await cache.keys(new URL("index.html", scope).href, { ignoreSearch: true });
  for (const key of keys) {
    const kept = await cache.match(key);
    if (kept && (await sri(kept.clone())) === expected) return kept;
  }
  const url = new URL("index.html", scope);
  url.searchParams.set("mend", String(Date.now())); // past every cache: the network's copy
  try {
    const fresh = await fetch(url, { integrity: expected, cache: "no-store" });
    if (!fresh.ok) throw new Error(`HTTP ${fresh.status}`);
    if (keys.length === 1) {
      await cache.put(keys[0], fresh.clone());
      console.warn("the offline copy of index.html was damaged: replaced");
    }
    return fresh;
  } catch {
    // Offline, or the server holds another build: the one copy there is, or the network's.
    if (keys.length === 1) return cache.match(keys[0]);
    return fetch(request);
  }
}
