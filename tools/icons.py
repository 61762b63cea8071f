"""Render the app icon's PNGs from web/icons/icon.svg with headless Chromium.

    .venv/bin/python -m tools.icons

The PNGs are committed (the build only copies them): run this after changing the SVG. Chromium
asks a web app manifest for PNG icons of 192 and 512 px; the SVG keeps its content inside the
maskable safe zone, so the same drawing is also the maskable icon.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.chromium import CHROMIUM, HEADLESS

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
#: file name -> size in px (the names web/manifest.webmanifest lists).
PNGS = {"icon-192.png": 192, "icon-512.png": 512, "maskable-512.png": 512}


def main() -> int:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        for name, size in PNGS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                + svg
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"wrote {ICONS / name}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
