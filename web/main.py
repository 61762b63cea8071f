"""Entry point of the page, run by PyScript once Pyodide has booted: the only module that
touches the DOM.

It adapts localStorage to web.storage.Store, draws `App.render()` into <main id="app">, and
sends every click on a `[data-act]` element to the controller with the values of the page's
form fields. A click on a forbidden option (`[data-reason]`) shows its reason in the status
line. The page marks itself ready on <body data-ready="1"> once the first screen is drawn, so
tests (and anything waiting on the page) never see a half-built page.
"""

from __future__ import annotations

import time
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from web.games import GAMES
from web.shell.app import LANG_KEY, App
from web.shell.storage import MemoryStore, Store


class LocalStore:
    """localStorage as a Store. A missing key is JavaScript null, which arrives as `jsnull`."""

    def __init__(self) -> None:
        self.ls = window.localStorage

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def set(self, key: str, value: str) -> None:
        self.ls.setItem(key, value)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(self.ls.length)]


def _store() -> Store:
    try:
        store = LocalStore()
        store.keys()
        return store
    except Exception:  # storage disabled (private mode, file://): play without saving
        return MemoryStore()


def _build() -> str:
    """The build id that tools/build.py wrote into the page."""
    meta = document.querySelector('meta[name="castle-build"]')
    return "dev" if meta is None or meta is jsnull else str(meta.content)


def _game() -> str | None:
    """The game the address names (`?game=...`), if any; otherwise the registry's first."""
    name = window.URLSearchParams.new(window.location.search).get("game")
    return None if name is None or name is jsnull else str(name)


def _browser_language() -> str:
    """The browser's language, for a first visit (web/boot.js chose the same for the loading
    screen); afterwards the player's own choice is saved under LANG_KEY."""
    return "zh" if str(window.navigator.language or "").lower().startswith("zh") else "en"


root = document.getElementById("app")
store = _store()
app = App(
    store,
    GAMES,
    lang=store.get(LANG_KEY) or _browser_language(),
    build=_build(),
    game=_game(),
)


def draw() -> None:
    began = time.perf_counter()
    root.innerHTML = app.render()
    document.documentElement.lang = app.lang
    document.title = app.t("app.title")
    # The last redraw's cost, for the benchmark and for curious players (dev tools).
    document.body.dataset.redrawMs = f"{(time.perf_counter() - began) * 1000:.1f}"


def _form() -> dict[str, str]:
    return {el.name: str(el.value) for el in root.querySelectorAll("input[name], select[name]")}


def on_click(event: Any) -> None:
    target = event.target.closest("[data-act], [data-reason]")
    if target is None or target is jsnull:
        return
    act = target.getAttribute("data-act")
    if act is None or act is jsnull:
        notice = root.querySelector("#notice")
        if notice is not None and notice is not jsnull:
            notice.textContent = str(target.getAttribute("data-reason"))
        return
    app.click(str(act), _form())
    draw()


_on_click = create_proxy(on_click)  # kept alive for the page's lifetime
root.addEventListener("click", _on_click)
draw()
document.body.dataset.ready = "1"
