// The page's start, before Python runs (and beside it): the loading progress, a clear message
// when the game cannot start, a start that failed mended when the browser's copy of the site
// was at fault, the service worker that keeps the site for offline play, the offer to reload
// when a new version is ready, and a question before leaving (or reloading for the new
// version) while the game has moves that are not saved. A classic script (not a module), so
// that it runs from file:// too, where Chromium blocks module scripts; it touches only #boot,
// #site-notice, the beforeunload question and the body's font features (the site's Chinese
// face, below), never the game's #app content that Python draws: Python tells it what it
// needs through body attributes (data-ready, data-unsaved) and is asked for the game's file
// through an event (castle:download-game).
//
// Its texts are static in index.html, one child per language in each `.bi` element: the style
// shows the one of <html lang>, which this script sets from the player's saved choice (the same
// `castle.lang` key that the Python page keeps) or the browser's language.
(function () {
  "use strict";

  const BUILD_META = 'meta[name="castle-build"]';
  const LANG_KEY = "castle.lang";
  const SLOW_MS = 60000; // a first visit on a slow connection downloads 6.5 MB (gzipped)
  const STALL_MS = 20000; // from Python's snapshot to the first screen: about a second
  const MENDED_KEY = "castle.boot.mended"; // sessionStorage: this start follows a mended one
  const SNAPSHOT_CACHE = "castle-python-snapshot"; // web/python.mjs
  const PRECACHE_PREFIX = "castle-precache-v2-"; // + the scope: Workbox's offline copy
  const INTEGRITY = "web/integrity.json"; // tools/build.py
  const UPDATE_CHECK_MS = 30 * 60 * 1000;

  const html = document.documentElement;
  const body = document.body;
  const build = document.querySelector(BUILD_META)?.content || "dev";

  function savedLanguage() {
    try {
      return localStorage.getItem(LANG_KEY);
    } catch {
      return null; // storage blocked: the browser's language decides
    }
  }
  const lang = savedLanguage() || (/^zh\b/i.test(navigator.language || "") ? "zh" : "en");
  html.lang = lang === "zh" ? "zh" : "en";

  const ready = () => body.hasAttribute("data-ready");

  // --- The site's Chinese face (web/style.css, tools/site_font.py) ------------------------------
  // Chromium keeps the shapes of a text laid out while the face was still on its way, drawn with
  // a system font: empty boxes on a system without a Chinese face. It went on drawing them after
  // the face had arrived (the title after the start, every bold label after a switch to Chinese),
  // even for a new element with the same text. A font feature of a new value each time faces have
  // loaded ("cstl": a tag no font has, so nothing is drawn otherwise) makes it shape every text
  // anew. On a system with a Chinese face, the site's face never loads and nothing changes.
  let refreshes = 0;
  document.fonts?.addEventListener("loadingdone", () => {
    refreshes += 1;
    body.style.fontFeatureSettings = `"cstl" ${refreshes}`;
  });

  // --- Loading: three steps, then Python replaces #boot ----------------------------------------

  const STEPS = ["download", "python", "game"];
  let current = -1;

  function step(name) {
    const index = STEPS.indexOf(name);
    if (index <= current || ready()) return;
    current = index;
    document.querySelectorAll("#boot [data-step]").forEach((li) => {
      const at = STEPS.indexOf(li.dataset.step);
      li.classList.toggle("done", at < index);
      li.classList.toggle("now", at === index);
    });
    const bar = document.getElementById("boot-progress");
    if (bar) bar.value = index;
  }

  function problem(kind, detail) {
    if (ready()) return;
    const box = document.getElementById("boot-problem");
    if (!box) return;
    box.hidden = false;
    box.querySelectorAll("[data-problem]").forEach((el) => {
      el.hidden = el.dataset.problem !== kind;
    });
    if (detail) box.querySelectorAll(".boot-error").forEach((el) => (el.textContent = detail));
    body.dataset.bootProblem = kind; // for tests, and for anyone reading the DOM
  }

  step("download");
  if (location.protocol === "file:") {
    problem("file");
    return; // nothing else can work from a file
  }

  // The runtime's big file has arrived (from the network or the offline cache): Python starts.
  if ("PerformanceObserver" in window) {
    const seen = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name.endsWith("/pyodide.asm.wasm"))) {
        step("python");
        watchForStall();
      }
    });
    seen.observe({ type: "resource", buffered: true });
  }
  addEventListener("py:progress", (event) => {
    if (event.detail === "Loaded Pyodide") step("game");
  });
  const slow = setTimeout(() => failing("slow"), SLOW_MS);
  addEventListener("error", (event) => {
    // A script that failed to load, or Python failing before the first screen (an image or a
    // style sheet that failed does not stop the start).
    const target = event.target;
    if (target && target !== window && target.tagName !== "SCRIPT") return;
    const what = event.message || (target && target.src);
    if (what) failing("failed", String(what));
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    failing("failed", String(reason?.message ?? reason ?? "a step of the start failed"));
  });
  // From the runtime's arrival, or from Python's snapshot, the first screen takes seconds: a
  // start still not there long after may be stuck on a damaged file (a wasm that does not
  // compile leaves Pyodide waiting for ever). Then the copy is checked; the start goes on
  // waiting if nothing was damaged.
  let stalled = null;
  function watchForStall() {
    if (stalled === null && !ready()) stalled = setTimeout(stall, STALL_MS);
  }
  function stall() {
    if (document.visibilityState === "visible") return failing("slow", "", true);
    // A tab in the background may be slowed down: its time counts once it is seen.
    stalled = null;
    document.addEventListener("visibilitychange", watchForStall, { once: true });
  }
  new MutationObserver(() => {
    if (body.dataset.snapshot === "loaded") watchForStall();
  }).observe(body, { attributes: true, attributeFilter: ["data-snapshot"] });
  const onReady = [];
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    clearTimeout(slow);
    clearTimeout(stalled);
    observer.disconnect();
    forgetMending();
    onReady.forEach((run) => run());
  }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });

  // --- A start that fails: mend the browser's copy of the site, then start again -------------
  // What the browser keeps can be damaged (a disk error, a clean-up cut short, an extension):
  // Python's snapshot, or a file of the offline copy. Served again on every visit, it would
  // lock the page, its saved games out of reach but by clearing the site's data, which deletes
  // them. So a start that fails or stalls first checks what it was started from: the snapshot
  // when Python started from it, and every file of the offline copy against the build's digests
  // (web/integrity.json, tools/build.py). What is damaged is deleted and fetched anew, and the
  // page starts again at once, saying so; only when nothing was damaged is the problem shown.
  // Once per start: sessionStorage's note makes the next start take no snapshot and, if it
  // fails too, show its problem.

  function mending() {
    try {
      return sessionStorage.getItem(MENDED_KEY);
    } catch {
      return null;
    }
  }
  function forgetMending() {
    try {
      sessionStorage.removeItem(MENDED_KEY);
    } catch {
      // storage blocked: nothing was noted either
    }
  }
  const mendedBefore = mending();
  if (mendedBefore) {
    document.getElementById("boot-mended").hidden = false;
    body.dataset.mended = mendedBefore; // for tests, and for anyone reading the DOM
  }

  let failed = false;
  // quiet: a stall, whose problem is only shown if it goes on (SLOW_MS) and nothing was mended.
  async function failing(kind, detail, quiet = false) {
    if (failed || ready()) return;
    failed = true;
    let mended = false;
    if (!mendedBefore) {
      try {
        mended = await mend(quiet);
      } catch (error) {
        console.warn("could not check the browser's copy of the game:", error);
      }
    }
    if (ready()) return; // the first screen came while the copy was checked
    if (!mended) {
      if (quiet) failed = false;
      else problem(kind, detail);
      return;
    }
    try {
      sessionStorage.setItem(MENDED_KEY, kind);
    } catch {
      // storage blocked: the snapshot is gone anyway, and the files are mended
    }
    location.reload();
  }

  /** Mends what was damaged; whether anything was. A stall (quiet) may be a slow start from a
   * sound snapshot: only a start that failed drops the snapshot it started from. */
  async function mend(quiet) {
    if (!("caches" in window)) return false;
    let mended = false;
    const snapshot = body.dataset.snapshot;
    if (snapshot === "reading" || (snapshot === "loaded" && !quiet)) {
      mended = await caches.delete(SNAPSHOT_CACHE);
    }
    if (navigator.serviceWorker?.controller) mended = (await mendOfflineCopy()) || mended;
    return mended;
  }

  async function sri(response) {
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
    return "sha256-" + btoa(String.fromCharCode(...hash));
  }

  /** Each file of the offline copy whose bytes are not the build's digest, replaced by one
   * from the network that has it. Only the cache of this page's own scope, and only when it
   * holds one build: while a new version installs beside it (two lists of digests), a file
   * cannot be told from the other build's, and the update replaces the copy anyway. With the
   * network off, nothing can be replaced and nothing is deleted. */
  async function mendOfflineCopy() {
    const scope = new URL(".", location.href).href;
    const cache = await caches.open(PRECACHE_PREFIX + scope);
    const entries = (await cache.keys()).map((key) => {
      const url = new URL(key.url);
      url.searchParams.delete("__WB_REVISION__");
      return { key, url, name: url.href.slice(scope.length) };
    });
    const lists = entries.filter(({ name }) => name === INTEGRITY);
    if (lists.length !== 1) return false;
    let expected;
    try {
      expected = JSON.parse(await (await cache.match(lists[0].key)).text());
    } catch {
      return false; // the digests themselves are damaged: nothing kept can be judged
    }
    let mended = false;
    for (const { key, url, name } of entries) {
      const integrity = expected[name];
      if (!integrity) continue;
      const response = await cache.match(key);
      if (response && (await sri(response)) === integrity) continue;
      // The address of the network's copy: the service worker, which would answer with the
      // damaged entry, does not know it (nor its static route's cache); the server ignores it.
      url.searchParams.set("mend", String(Date.now()));
      try {
        const fresh = await fetch(url, { integrity, cache: "no-store" });
        if (!fresh.ok) continue;
        await cache.put(key, fresh);
        console.warn(`the offline copy of ${name} was damaged: replaced`);
        mended = true;
      } catch {
        // offline, or not the build's: the entry stays, and the start says what failed
      }
    }
    return mended;
  }

  // --- Moves not saved ---------------------------------------------------------------------------
  // Python marks <body data-unsaved="yes"> while the open game holds moves that are not in storage
  // (the storage is full, or another tab deleted the game): leaving the page then asks first, and
  // so does the update below. The listener is there only while it is needed, since a page with
  // one is kept out of some browsers' back-forward cache.

  const unsaved = () => body.dataset.unsaved === "yes";
  let leaving = false; // the player chose to reload anyway: nothing more to ask
  function askBeforeLeaving(event) {
    if (leaving || !unsaved()) return;
    event.preventDefault();
    event.returnValue = ""; // what older browsers need to ask
  }
  const onUnsaved = [];
  new MutationObserver(() => {
    if (unsaved()) addEventListener("beforeunload", askBeforeLeaving);
    else removeEventListener("beforeunload", askBeforeLeaving);
    onUnsaved.forEach((run) => run());
  }).observe(body, { attributes: true, attributeFilter: ["data-unsaved"] });

  // --- Offline and updates ---------------------------------------------------------------------

  body.dataset.build = build;
  if (!("serviceWorker" in navigator) || build === "dev") return;

  const notices = document.getElementById("site-notice");

  function show(kind) {
    notices.querySelectorAll("[data-notice]").forEach((el) => {
      if (el.dataset.notice === kind) el.hidden = false;
    });
    body.dataset.siteNotice = kind;
  }

  notices.addEventListener("click", (event) => {
    const close = event.target.closest("[data-close]");
    if (close) close.closest("[data-notice]").hidden = true;
  });

  // The update's notice says whether the game is saved; "Reload now" while it is not asks first,
  // with the game's file offered (Python hands it over on `castle:download-game`), since a
  // reload would lose the moves that are only in this page.
  const update = notices.querySelector('[data-notice="update"]');
  let asking = false;
  function showUpdateState() {
    const state = asking ? "asking" : unsaved() ? "unsaved" : "saved";
    update.querySelectorAll("[data-when]").forEach((el) => {
      el.hidden = !el.dataset.when.split(" ").includes(state);
    });
    update.dataset.state = state; // for tests, and for anyone reading the DOM
  }
  onUnsaved.push(() => {
    if (!unsaved()) asking = false; // saved meanwhile (space was freed): nothing left to ask
    showUpdateState();
  });

  let accepted = false;
  // The new version's waiting service worker; null when it already took over (the player
  // accepted it in another tab of the game), and a reload is all that is left to do.
  let waiting = null;
  function offerUpdate(worker) {
    waiting = worker;
    asking = false;
    showUpdateState();
    show("update");
  }
  function reload() {
    accepted = leaving = true;
    if (waiting) waiting.postMessage({ type: "SKIP_WAITING" }); // then controllerchange reloads
    else location.reload();
  }
  document.getElementById("update-reload").onclick = () => {
    if (!unsaved()) return reload();
    asking = true;
    showUpdateState();
    document.getElementById("update-download").focus();
  };
  document.getElementById("update-anyway").onclick = reload;
  document.getElementById("update-cancel").onclick = () => {
    asking = false;
    showUpdateState();
    document.getElementById("update-reload").focus(); // the button it hid had the focus
  };
  document.getElementById("update-download").onclick = () => {
    dispatchEvent(new CustomEvent("castle:download-game"));
  };

  // Only the player's own click swaps the code: the new worker waits until then (or until every
  // tab of the game is closed), so no game ever runs half on the old version and half on the new.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    else offerUpdate(null); // another tab took the new version: this one offers to follow
  });

  async function register() {
    const firstVisit = !navigator.serviceWorker.controller;
    const registration = await navigator.serviceWorker.register("./sw.js");
    if (!registration) return; // service workers blocked (a test harness, a browser setting)
    if (registration.waiting && !firstVisit) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) {
          offerUpdate(worker);
        } else if (worker.state === "activated" && firstVisit) {
          body.dataset.offline = "ready";
          show("offline");
        }
      });
    });
    if (firstVisit && registration.active && !registration.installing) {
      body.dataset.offline = "ready"; // cached by an earlier visit that was never controlled
    } else if (!firstVisit) {
      body.dataset.offline = "ready";
    }
    // Browsers look for a new version on each visit; a game left open looks now and then too.
    const check = () => registration.update().catch(() => {}); // offline: try again later
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
    // Saved games and the offline copy should outlive the browser's clean-ups.
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().then((granted) => {
        body.dataset.persisted = granted ? "yes" : "no";
      }, () => {});
    }
  }

  // Only once the game is on screen: on a first visit the worker's precaching (the whole site
  // again, mostly from the HTTP cache) would otherwise compete with Python's start for the CPU.
  onReady.push(() =>
    register().catch((error) => {
      body.dataset.offline = "failed";
      console.warn("offline copy unavailable:", error);
    }),
  );
})();
