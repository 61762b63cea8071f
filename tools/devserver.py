"""Static file server for the built site (``_site/``), used by ./tools/serve and the e2e tests.

Plain ``http.server`` plus what the site and a game under development need:

* MIME types pinned for what Pyodide loads: without ``application/wasm`` Pyodide hangs with
  only console warnings, and module scripts (``.mjs``) must be JavaScript. Python's defaults
  depend on the machine's /etc/mime.types, so they are not trusted.
* ``Cache-Control: no-cache`` so a reload always revalidates (edits show up at once).
* An optional URL prefix (``/castle-game/``, as on GitHub Pages) so that absolute paths, which
  would break there, break here too.
* A log of the paths it served (``server.requests``), so a test can tell that a page played
  offline asked the server for nothing.
* ``dev=True`` (``./tools/serve --dev``): every page load rebuilds the site as a dev build
  (tools/build.py --dev: no service worker), so an edit shows on a plain reload; and ``sw.js``
  is answered by a worker that removes itself and its caches, in case a normal build was served
  on the same port before and its service worker would go on serving the old files.
"""

from __future__ import annotations

import argparse
import http.server
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build as site_build  # a sibling module, importable whatever the caller's sys.path

DEV_SITE = site_build.ROOT / ".cache" / "dev-site"

# Answers sw.js on a dev server: takes over at once, drops every cache, unregisters itself and
# reloads its pages, which then load from the network.
RETIRING_WORKER = b"""self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) await caches.delete(key);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
})()));
"""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class declares it as a plain class attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".css": "text/css",
        ".json": "application/json",
        ".html": "text/html",
        ".py": "text/x-python",
        ".zip": "application/zip",
        ".whl": "application/zip",
        ".toml": "text/plain",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
    }

    def __init__(
        self,
        *args: Any,
        prefix: str = "/",
        quiet: bool = False,
        dev: bool = False,
        log: list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.prefix = prefix
        self.quiet = quiet
        self.dev = dev
        self.served = log if log is not None else []
        super().__init__(*args, **kwargs)

    def _strip_prefix(self) -> bool:
        """Map /castle-game/x to /x; answer 404 outside the prefix. False when answered."""
        if self.prefix == "/":
            return True
        if self.path == self.prefix.rstrip("/"):  # GitHub Pages redirects the bare prefix too
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return False
        if not self.path.startswith(self.prefix):
            self.send_error(404, f"outside {self.prefix}")
            return False
        self.path = "/" + self.path[len(self.prefix) :]
        return True

    def _dev(self) -> bool:
        """In dev mode: rebuild on a page load; answer sw.js. False when answered."""
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            site_build.build(Path(self.directory), dev=True)
        if path == "/sw.js":
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(RETIRING_WORKER)))
            self.end_headers()
            if self.command == "GET":
                self.wfile.write(RETIRING_WORKER)
            return False
        return True

    def _answer(self, send: Any) -> None:
        self.served.append(self.path)
        if self._strip_prefix() and (not self.dev or self._dev()):
            send()

    def do_GET(self) -> None:
        self._answer(super().do_GET)

    def do_HEAD(self) -> None:
        self._answer(super().do_HEAD)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    #: Every path requested, in order (the handlers append to it).
    requests: list[str]


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    prefix: str = "/",
    quiet: bool = False,
    *,
    directory: Path = site_build.SITE,
    dev: bool = False,
) -> SiteServer:
    """A server for ``directory`` (the built site); port 0 picks a free port."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    log: list[str] = []
    handler = partial(
        SiteHandler, directory=str(directory), prefix=prefix, quiet=quiet, dev=dev, log=log
    )
    server = SiteServer((host, port), handler)
    server.requests = log
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /castle-game/")
    parser.add_argument("--dev", action="store_true", help="rebuild on each page load, no offline")
    args = parser.parse_args()
    # A dev build goes to a folder of its own, so that it never stands in for the published
    # one (the e2e tests serve _site/).
    directory = DEV_SITE if args.dev else site_build.SITE
    if args.dev:
        site_build.build(directory, dev=True)
    elif not (site_build.SITE / "sw.js").is_file():
        print("_site/ is not built: run ./tools/serve (or ./tools/build) first", file=sys.stderr)
        return 1
    server = make_server(args.host, args.port, args.prefix, directory=directory, dev=args.dev)
    with server:
        host, port = server.server_address[:2]
        kind = "a dev build, rebuilt on each page load" if args.dev else "the built site"
        print(f"Serving {kind} at http://{host}:{port}{args.prefix}  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
