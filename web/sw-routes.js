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
// And it checks the page itself after each visit (last in this file).
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

// The page itself (a navigation), checked after Workbox served it from the offline copy: a
// damaged index.html would stop every start, and no code of the page can mend what stops it
// loading (web/boot.js mends everything else). Its digest is the build's (web/integrity.json);
// one that differs is replaced by the network's copy fetched against that digest, and the tab
// is loaded again at once. Only while the cache holds one build (no update installing beside
// it), and nothing is deleted: offline, the damaged page stays until the network is back.
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.waitUntil(checkPage(event.resultingClientId));
});

async function sri(response) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...hash));
}

async function checkPage(clientId) {
  const scope = self.registration.scope;
  const cache = await caches.open(`castle-precache-v2-${scope}`);
  const pages = await cache.keys(new URL("index.html", scope).href, { ignoreSearch: true });
  const lists = await cache.keys(new URL("web/integrity.json", scope).href, { ignoreSearch: true });
  if (pages.length !== 1 || lists.length !== 1) return;
  let expected;
  try {
    expected = JSON.parse(await (await cache.match(lists[0])).text())["index.html"];
  } catch {
    return; // the digests themselves are damaged: nothing can be judged
  }
  const kept = await cache.match(pages[0]);
  if (!expected || (kept && (await sri(kept)) === expected)) return;
  const url = new URL("index.html", scope);
  url.searchParams.set("mend", String(Date.now())); // past the cache: the network's copy
  let fresh;
  try {
    fresh = await fetch(url, { integrity: expected, cache: "no-store" });
  } catch {
    return; // offline, or not the build's page
  }
  if (!fresh.ok) return;
  await cache.put(pages[0], fresh);
  console.warn("the offline copy of index.html was damaged: replaced");
  const client = clientId ? await self.clients.get(clientId) : null;
  if (client && "navigate" in client) await client.navigate(client.url).catch(() => {});
}
