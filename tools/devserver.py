"""Static file server for the site, used by ./tools/serve and by the e2e tests.

Plain ``http.server`` plus what a game under development needs:

* MIME types pinned for what Pyodide loads: without ``application/wasm`` Pyodide hangs with
  only console warnings, and module scripts (``.mjs``) must be JavaScript. Python's defaults
  depend on the machine's /etc/mime.types, so they are not trusted.
* ``Cache-Control: no-cache`` so a reload always revalidates (edits show up at once).
* An optional URL prefix (``/castle-game/``, as on GitHub Pages) so that absolute paths, which
  would break there, break here too.
* ``runtime/castle.zip`` is rebuilt from castle/ when requested and stale.
"""

from __future__ import annotations

import argparse
import http.server
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vendor_runtime  # a sibling module, importable whatever the caller's sys.path

ROOT = vendor_runtime.ROOT


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
    }

    def __init__(self, *args: Any, prefix: str = "/", quiet: bool = False, **kwargs: Any) -> None:
        self.prefix = prefix
        self.quiet = quiet
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

    def _refresh_engine_zip(self) -> None:
        if self.path.split("?", 1)[0] == "/runtime/castle.zip":
            vendor_runtime.build_engine_zip()

    def do_GET(self) -> None:
        if self._strip_prefix():
            self._refresh_engine_zip()
            super().do_GET()

    def do_HEAD(self) -> None:
        if self._strip_prefix():
            self._refresh_engine_zip()
            super().do_HEAD()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    host: str = "127.0.0.1", port: int = 8000, prefix: str = "/", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server for the repo root; port 0 picks a free port (see ``server.server_port``)."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = partial(SiteHandler, directory=str(ROOT), prefix=prefix, quiet=quiet)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /castle-game/")
    args = parser.parse_args()
    with make_server(args.host, args.port, args.prefix) as server:
        host, port = server.server_address[:2]
        print(f"Serving {ROOT} at http://{host}:{port}{args.prefix}  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
