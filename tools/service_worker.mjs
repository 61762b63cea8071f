// Writes the site's service worker with Workbox's generateSW (npm workbox-build, pinned in
// package.json): `node tools/service_worker.mjs SITE_DIR`, called by tools/build.py.
//
// The worker precaches every file of the site on the first visit (a content-hashed revision per
// file; Workbox keeps them in one versioned cache and cleanupOutdatedCaches drops the caches of
// older Workbox versions), serves them cache-first, and waits: no skipWaiting, no clientsClaim,
// so a new version never takes over a page with a game in progress. The page asks it to take
// over (the SKIP_WAITING message generateSW listens for) when the player accepts the update.
//
// The page itself is served by web/sw-routes.js, which checks it against its digest first.
//
// Each entry carries its file's Subresource Integrity value from web/integrity.json (which
// tools/build.py writes): the browser refuses a download that differs from the build, so the
// precache never holds half of one build and half of another, and Workbox repairs a missing
// entry from the network only against it.
//
// Fails on any warning of the generator: its default 2 MB size limit, for one, silently leaves
// the wasm and the stdlib out. Prints {"urls": [...]} (the precached URLs) on stdout.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";

const site = process.argv[2];
if (!site) {
  console.error("usage: node tools/service_worker.mjs SITE_DIR");
  process.exit(2);
}

const integrity = JSON.parse(readFileSync(path.join(site, "web", "integrity.json"), "utf8"));
const withIntegrity = (entries) => ({
  manifest: entries.map((entry) => ({ ...entry, integrity: integrity[entry.url] })),
  warnings: entries.filter((entry) => !integrity[entry.url] && entry.url !== "web/integrity.json")
    .map((entry) => `no integrity value for ${entry.url}`),
});

const { count, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "workbox-*.js"],
  swDest: path.join(site, "sw.js"),
  cacheId: "castle",
  // Pyodide's wasm is 9.6 MB; nothing of the site may be skipped for its size.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // The runtime's folders carry their package's version (runtime/pyodide-314.0.7/...): their
  // URL changes when their content does, so they are fetched with the browser's ordinary cache
  // rules rather than re-downloaded, and a first visit does not download 14 MB twice.
  dontCacheBustURLsMatching: /^runtime\/[a-z]+-\d[^/]*\//,
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  inlineWorkboxRuntime: false,
  sourcemap: false,
  mode: "production",
  // The page is the site's directory URL (/castle-game/): index.html answers for it.
  directoryIndex: "index.html",
  // Lets the browser serve the runtime from the precache without this worker's script.
  importScripts: ["./web/sw-routes.js"],
  manifestTransforms: [withIntegrity],
});

if (warnings.length) {
  console.error(`workbox-build warned (the build treats warnings as errors):\n${warnings.join("\n")}`);
  process.exit(1);
}

// The page's own digest, for web/sw-routes.js, which serves the page and checks it: generateSW
// has no option for a constant of ours, so it goes first in the file.
const swPath = path.join(site, "sw.js");
const sw = `self.CASTLE_PAGE_INTEGRITY = ${JSON.stringify(integrity["index.html"])};\n` +
  readFileSync(swPath, "utf8");
writeFileSync(swPath, sw);

// Read back what the written worker precaches, rather than trusting our own options.
const urls = [...sw.matchAll(/\{url:"([^"]+)",revision:(?:"[^"]*"|null)[,}]/g)].map((m) => m[1]);
if (urls.length !== count) {
  console.error(`sw.js lists ${urls.length} URLs but workbox-build reported ${count}`);
  process.exit(1);
}
console.log(JSON.stringify({ urls }));
