"""Entry point of the page, run by PyScript once Pyodide has booted: the only module that
touches the DOM.

It adapts localStorage to web.storage.Store, draws `screens.render(app)` into <main id="app">, and
sends every click on a `[data-act]` element to the controller with the values of the page's
form fields, and every change of a field marked `[data-change]` alike (a choice the form acts
on at once: the computers' pace, a seat's kind, the season). A click on a forbidden option
(`[data-reason]`) shows its reason in the status line. The page marks itself ready on
<body data-ready="1"> once the first screen is drawn, so tests (and anything waiting on the
page) never see a half-built page.

Computer players act by themselves after each redraw (`schedule`): the quick levels on this
thread, the searching ones in a worker (web/bot_worker.py), started the first time one must
decide, so that the page's start is not slowed and it answers clicks while a computer thinks.
Each computer action stays on screen for the player's chosen pace before it is played.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, NamedTuple

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import create_named_worker, document, window

from tabletop.code import code_id
from web.bots import PACKAGES
from web.games import GAMES, SITE
from web.shell import address, keys
from web.shell.app import App
from web.shell.focus import Attention, moment
from web.shell.screens import render
from web.shell.settings import LANG, Settings
from web.shell.storage import MemoryStore, Store


class LocalStore:
    """localStorage as a Store. A missing key is JavaScript null, which arrives as `jsnull`."""

    lasting = True

    def __init__(self) -> None:
        self.ls = window.localStorage

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def set(self, key: str, value: str) -> None:
        self.ls.setItem(key, value)

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(self.ls.length)]


def _store() -> Store:
    try:
        store = LocalStore()
        store.keys()
        return store
    except Exception:  # storage disabled (private mode, file://): play without saving
        return MemoryStore(lasting=False)  # and the page says so while a game is open


def _build() -> str:
    """The build id that tools/build.py wrote into the page."""
    meta = document.querySelector('meta[name="castle-build"]')
    return "dev" if meta is None or meta is jsnull else str(meta.content)


def _address() -> address.Address:
    """`?game=` and `?think=` as web/shell/address.py bounds them (a missing one: None)."""
    params = window.URLSearchParams.new(window.location.search)
    found = {}
    for name in ("game", "think"):
        value = params.get(name)
        if value is not None and value is not jsnull:
            found[name] = str(value)
    return address.read(found, GAMES)


def _browser_language() -> str:
    """The browser's language, for a first visit (web/boot.js chose the same for the loading
    screen); afterwards the player's own choice is its setting (web/shell/settings.py)."""
    return "zh" if str(window.navigator.language or "").lower().startswith("zh") else "en"


root = document.getElementById("app")
store = _store()
wanted = _address()
app = App(
    store,
    GAMES,
    lang=Settings(store, SITE).get(LANG) or _browser_language(),
    build=_build(),
    game=wanted.game,
    site=SITE,
)
app.bots.think_seconds = wanted.think or app.bots.think_seconds
app.reopen()  # a reload shows the game that was on screen, where it was


class Focus(NamedTuple):
    """The focused element, as `_focused` describes it so that `_refocus` finds it again."""

    element: Any
    id: str | None
    key: str | None
    kind: str
    words: str
    row: str | None
    nth: int


#: What the page has shown and said (web/shell/focus.py decides where the focus goes), and the
#: focus before the rules help opened, given back when it closes.
_attention = Attention()
_before_help: Focus | None = None
#: True while a redraw puts the focus back, so that doing so says nothing (on_focus).
_refocusing = False


def _options(**values: object) -> Any:
    """A JavaScript object of options (to_js alone would make a Map)."""
    return to_js(values, dict_converter=window.Object.fromEntries)


def _focused() -> Focus | None:
    """The focused element, as what finds it again after a redraw (which may replace it): its
    id; its key on the board; or its kind, its words, the key of the row it is in (a saved
    game's Rename is in that game's row) and which of the same it is."""
    el = document.activeElement
    if el is None or el is jsnull or not root.contains(el) or root.isSameNode(el):
        return None
    row = el.parentElement.closest("[data-key]") if el.parentElement else None
    row_key = _attr(row, "data-key") if row is not None and row is not jsnull else None
    kind, words = str(el.tagName), str(el.textContent or "")
    same = _alike(kind, words, row_key)
    nth = next((i for i, x in enumerate(same) if x.isSameNode(el)), 0)
    return Focus(el, _attr(el, "id"), _attr(el, "data-key"), kind, words, row_key, nth)


def _alike(kind: str, words: str, row_key: str | None) -> list[Any]:
    """The elements like the focused one, found in one call to web/morph.js (one for each of
    the page's buttons from Python cost 4-14 ms on a phone), or here without it."""
    scope: Any = root
    if row_key:
        scope = root.querySelector(f'[data-key="{window.CSS.escape(row_key)}"]')
        if scope is None or scope is jsnull:
            return []
    try:
        return list(window.castleAlike(scope, kind, words))
    except Exception:  # web/morph.js missing, as in `_paint`
        return [
            el
            for el in scope.querySelectorAll("button, [tabindex]")
            if str(el.tagName) == kind and str(el.textContent or "") == words
        ]


def _refocus(focus: Focus | None) -> None:
    """Focus where it was before the redraw: the same id, the same thing on the board, or the
    same control of the same row. A control the redraw kept but changed (its words) loses
    the focus, as one the redraw replaced: a key pressed again must not play something else."""
    global _refocusing
    if focus is None:
        return
    found = None
    if focus.id:
        found = root.querySelector(f"#{window.CSS.escape(focus.id)}")
    if (found is None or found is jsnull) and focus.key:
        found = root.querySelector(f'[data-key="{window.CSS.escape(focus.key)}"]')
    if (found is None or found is jsnull) and focus.words:
        same = _alike(focus.kind, focus.words, focus.row)
        found = same[min(focus.nth, len(same) - 1)] if same else None
    if found is None or found is jsnull:
        if focus.element.isConnected and document.activeElement.isSameNode(focus.element):
            focus.element.blur()
        return
    if document.activeElement.isSameNode(found):
        return  # kept by the redraw, and still the same control
    _refocusing = True
    try:
        found.focus(_options(preventScroll=True))
    finally:
        _refocusing = False


def _to_decision() -> None:
    """A person has a new decision (or a cover) before them: the keyboard's focus goes there,
    and a narrow screen scrolls back up to the decision if its top is out of view."""
    target = None
    for where in ("#summary-ok", "#pass-cover", "#reveal", "#decision"):
        target = root.querySelector(where)
        if target is not None and target is not jsnull:
            break
    if target is None or target is jsnull:
        return
    target.focus(_options(preventScroll=True))
    if window.matchMedia("(max-width: 1000px)").matches and target.id == "decision":
        _scroll_to_decision(target)


def _scroll_to_decision(decision: Any) -> None:
    """A decision near the page's top (in its first half-window, as on a phone): the page's
    very top, so that the header (its languages and tools) is seen whole, never cut in half
    above the decision. One further down: its heading at the window's top, if it is not in
    view already."""
    top = decision.getBoundingClientRect().top
    if top + window.scrollY < window.innerHeight * 0.5:
        if window.scrollY > 0:
            window.scrollTo(0, 0)
    elif top < 0 or top > window.innerHeight * 0.6:
        decision.scrollIntoView(_options(block="start"))


def _focus_after_redraw(focus: Focus | None) -> None:
    """Where the keyboard's focus goes after a redraw (web/shell/focus.py); a screen reader is
    told of each new moment (`_announce`)."""
    global _before_help
    move = _attention.after_redraw(
        moment(app), app.help_open, app.computer_waited_for() is not None
    )
    if move == "help":
        _before_help = focus
        close = root.querySelector("#help-close")
        if close is not None and close is not jsnull:
            close.focus(_options(preventScroll=True))
    elif move == "decision":
        _to_decision()
        _announce()
    else:
        _refocus(_before_help if move == "back" else focus)


#: What a screen asks, in the order it is said: a cover, a round's summary, the end, a decision.
_ASKS = ("#app .cover h2", "#summary h2", "#winner", "#decision .who")


def _announce() -> None:
    """Tell a screen reader the log's new sentences (public, as the log is) and what the screen
    asks now. A cover says only whom to pass the device to: nothing of a secret is ever in it."""
    region = document.getElementById("announce")
    if region is None or region is jsnull:
        return
    said: list[str] = []
    if app.screen == "game" and app.state is not None and app.past is None:
        said += _attention.news(app.key, [text for _, text, _ in app.log_lines()])
    for where in _ASKS:
        asked = root.querySelector(where)
        if asked is not None and asked is not jsnull:
            said.append(" ".join(str(asked.textContent or "").split()))
            break
    region.textContent = " ".join(said)


#: The decision's choices that can be played, in the order the panel shows them (the keys of
#: keys.CHOICES press them): its enabled buttons, but the hint, the step's rules and undo. A
#: forbidden choice has no key, so that none is spent on it (a tap on it still says why not).
_CHOICES = "#decision button[data-act]"
_NOT_CHOICES = "#hint, #help-step, #undo"


def _choices() -> list[Any]:
    found = root.querySelectorAll(_CHOICES)
    choices = [el for el in found if not el.matches(_NOT_CHOICES)]
    return choices[: len(keys.choice_keys(len(choices)))]


def _number_choices() -> None:
    """Each choice carries its key, shown once the player uses the keyboard (body.keys)."""
    choices = _choices()
    for el, key in zip(choices, keys.choice_keys(len(choices)), strict=True):
        el.setAttribute("data-shortcut", keys.label(key))
        el.setAttribute("aria-keyshortcuts", keys.label(key))


def on_key(event: Any) -> None:
    """The shortcuts of web/shell/keys.py. Typing in a field (or composing with an input
    method), a key held down, and a key with a modifier are left alone; over the rules help
    or the full-screen log only Esc is a shortcut (it closes them), since the decision under
    them cannot be seen."""
    if event.ctrlKey or event.metaKey or event.altKey or event.repeat or event.isComposing:
        return
    target = event.target
    if target is not None and target is not jsnull and target.matches("input, select, textarea"):
        return
    _flush()  # the keys press what the page is about to show, the focus back in place
    key = str(event.key)
    choice = keys.choice_index(key)
    if key == "Tab" or choice is not None:
        document.body.classList.add("keys")
    pressed = None
    covered = root.querySelector(".help-overlay, #log.full")
    if covered is not None and covered is not jsnull:
        if key == "Escape":
            pressed = root.querySelector("#help-close, #log.full #log-full")
    elif choice is not None:
        choices = _choices()
        pressed = choices[choice] if choice < len(choices) else None
    elif key in keys.PRESS:
        pressed = root.querySelector(f"#{keys.PRESS[key]}")
    if pressed is not None and pressed is not jsnull:
        event.preventDefault()
        pressed.click()


def on_pointer(event: Any) -> None:
    """A mouse or a finger: the digits' badges go (they come back with the keyboard)."""
    document.body.classList.remove("keys")


def _paint(html: str) -> None:
    """The page's #app made `html`, editing only what changed (web/morph.js)."""
    try:
        window.castleMorph(root, html)
    except Exception as e:  # web/morph.js missing or at fault: never a game stopped for it
        window.console.error(f"redraw: {e}")
        root.innerHTML = html


def _drawn() -> None:
    """Count a screen drawn in `body[data-draws]`, which tells anything waiting on the page
    (the tests, the benchmarks) that this screen is on the page; while one is on its way,
    `body[data-drawing]` says so (`draw`)."""
    global _draws
    _draws += 1
    document.body.dataset.draws = str(_draws)


_draws = 0
#: A redraw asked for and not yet on the page (`draw`): the page's elements still show the
#: screen before, so a click on them first draws the screen now (`on_click`).
_due = False
#: A page edited whose focus is not yet put back (`_settle` to come).
_unsettled = False
#: Python's time of the last redraw (its render and the page's edit), for `redrawMs`.
_spent = 0.0
#: The focus before the last edit of the page, for `_settle` to put back.
_focus_before: Focus | None = None


def draw() -> None:
    """Show the app's screen, in two tasks of the browser's after this one: the render and the
    page's edit in the first, the focus and the rest in the second. A click, its render, the
    edit, the focus put back and the browser's layout in one task took 100-260 ms on a phone's
    CPU (4x throttling; issue 24 asks for no main-thread task over 100 ms), and the page does
    not respond meanwhile; apart, each is a task of its own, and the browser draws between
    them. Redraws asked before the first runs are one. A hidden page draws at once: its timers
    may wait a second or more, and nobody waits for it."""
    global _due
    _mark_unsaved()  # at once: web/boot.js asks before a page holding unsaved moves closes
    if document.hidden:
        _draw_now(settle_later=False)
        return
    if _due:
        return
    _due = True
    document.body.dataset.drawing = "yes"
    window.setTimeout(_draw_proxy, 0)


def _draw_due() -> None:
    """`draw`'s task: nothing if a click or a key drew the screen already (`_flush`)."""
    if _due:
        _draw_now()


def _flush() -> None:
    """A person's click, key or field on a page whose redraw is on its way: the screen drawn
    and settled now, so that what they did lands on what the page is about to show."""
    if _due:
        _draw_now(settle_later=False)
    elif _unsettled:
        _settle()


def _draw_now(settle_later: bool = True) -> None:
    """The render and the page's edit (`draw`): the app's tokens and the page's agree again."""
    global _due, _spent, _focus_before, _unsettled
    began = time.perf_counter()
    focus = _focused()
    if focus is not None or not _unsettled:  # else blurred by the edit before, not yet back
        _focus_before = focus
    _due = False
    _unsettled = True
    try:
        html = render(app)
        if focus is not None and not _stays(focus, html):
            # Blurred while the page is laid out: an edit that removes the focused element
            # makes the browser lay out the whole edited page there and then (30-150 ms on a
            # phone's CPU), before the edit is done, and again after it.
            focus.element.blur()
        _paint(html)
        _restore_folds()
        _number_choices()  # at once: the edit takes the keys' badges off the choices it keeps
    finally:
        _spent = time.perf_counter() - began
        if settle_later:
            window.setTimeout(_settle_proxy, 0)
        else:
            _settle()


def _stays(focus: Focus, html: str) -> bool:
    """Whether the page's edit to `html` surely keeps the focused element: web/morph.js keeps
    an element whose id or key the new screen has. One known by its words only may be kept
    in place or replaced."""
    return bool(
        (focus.id and f'id="{focus.id}"' in html)
        or (focus.key and f'data-key="{focus.key}"' in html)
    )


def _settle() -> None:
    """After the page's edit (`draw`): the focus where it belongs, the page's language and
    title, and a computer asked to move."""
    global _unsettled
    if _due or not _unsettled:  # another redraw is on its way and settles, or one did
        return
    began = time.perf_counter()
    try:
        focus = _focus_before
        active = document.activeElement
        moved = (
            active is not None
            and active is not jsnull
            and not active.isSameNode(document.body)
            and (focus is None or not active.isSameNode(focus.element))
        )
        # The person moved the focus since the edit (a Tab, a field): it stays where they put it.
        _focus_after_redraw(None if moved else focus)
        # The rules help opened at a topic: that part in view.
        topic = root.querySelector(".help .topic")
        if topic is not None and topic is not jsnull:
            topic.scrollIntoView()
        if str(document.documentElement.lang) != app.lang:  # even the same value restyles all
            document.documentElement.lang = app.lang
        document.title = app.t("app.title")
    finally:
        _unsettled = False
        # The last redraw's cost, for the benchmark and for curious players (dev tools).
        spent = _spent + time.perf_counter() - began
        document.body.dataset.redrawMs = f"{spent * 1000:.1f}"
        _drawn()
        document.body.removeAttribute("data-drawing")
        schedule()


def _mark_unsaved() -> None:
    """`body[data-unsaved="yes"]` while the open game holds moves that are not in storage
    (App.unsaved): web/boot.js reads it to ask before leaving the page and before the site's
    update reloads it, since neither can ask Python in time."""
    if app.unsaved():
        document.body.dataset.unsaved = "yes"
    else:
        document.body.removeAttribute("data-unsaved")


# --- computer players --------------------------------------------------------------------------

_move: asyncio.Future[None] | None = None
_worker: Any = None


def schedule() -> None:
    """If a computer must decide now, let it (once: a move already under way is awaited)."""
    global _move
    if _move is not None and not _move.done():
        return
    seat = app.computer_asked()
    if seat is not None:
        _move = asyncio.ensure_future(computer_move(seat))


async def bot_worker() -> Any:
    """The worker, started the first time it is needed, checked to run this page's code."""
    global _worker
    if _worker is None:
        document.body.dataset.botWorker = "starting"
        began = time.perf_counter()
        worker = await create_named_worker(
            src="./web/bot_worker.py", name="bots", config="./pyscript.toml"
        )
        theirs = str(await worker.version())
        if theirs != code_id(PACKAGES):
            document.body.dataset.botWorker = "other-build"
            raise RuntimeError(f"the worker runs other code ({theirs})")
        _worker = worker
        document.body.dataset.botWorker = "ready"
        # How long the worker took to start, for the benchmark (bench/bots_page.py).
        document.body.dataset.botWorkerMs = f"{(time.perf_counter() - began) * 1000:.0f}"
    return _worker


async def computer_move(seat: int) -> None:
    """One computer action; a failure is said in the notice (the player can take the seat
    back in the Players panel) rather than left to stall the game silently."""
    global _move
    try:
        await _computer_move(seat)
    except Exception as e:
        _move = None
        window.console.error(f"computer player: {e}")
        app.notice = app.t("app.computer_failed", reason=str(e))
        _paint(render(app))  # not draw(): no new attempt until something changes
        _restore_folds()
        _mark_unsaved()
        _drawn()


def _note(name: str, value: str) -> None:
    """One more figure in a list the page's benchmark reads (bench/bots_page.py)."""
    known = document.body.getAttribute(name)
    document.body.setAttribute(
        name, value if known is None or known is jsnull else f"{known} {value}"
    )


async def _computer_move(seat: int) -> None:
    """Computed (here or in the worker), shown for the pace, played."""
    global _move
    began = time.perf_counter()
    request = app.computer_request(seat)
    record = app.record  # the game asked: another may be open when the answer comes
    try:
        if app.searches(seat):
            worker = await bot_worker()
            answer = json.loads(str(await worker.choose(json.dumps(request))))
            action = answer["action"]
            _note("data-bot-iterations", str(answer["iterations"]))
        else:
            action = app.bots.choose(request)
    except Exception as e:  # a worker that cannot start: a quick level plays this move instead
        window.console.warn(f"computer player: {e}")
        action = app.bots.choose(request, fallback=True)
    # Every decision's time so far (the worker's start included in the first), for the
    # benchmark (bench/bots_page.py).
    _note("data-bot-ms", f"{(time.perf_counter() - began) * 1000:.0f}")
    wait = app.bots.pace - (time.perf_counter() - began)
    if wait > 0:
        await asyncio.sleep(wait)
    _move = None
    if app.computer_play(seat, action, request["moves"], record):
        draw()
    else:
        schedule()  # the game moved on meanwhile: whoever is asked now


def _form() -> dict[str, str]:
    return {el.name: str(el.value) for el in root.querySelectorAll("input[name], select[name]")}


def _attr(element: Any, name: str) -> str | None:
    value = element.getAttribute(name)
    return None if value is None or value is jsnull else str(value)


def _say(text: str, topic: str | None = None) -> None:
    """Put `text` in the status line; a thing's explanation ends with the way to its entry in
    the rules help (`topic`)."""
    notice = root.querySelector("#notice")
    if notice is None or notice is jsnull:
        return
    notice.textContent = text
    more = _attr(notice, "data-more")
    if topic and more:
        link = document.createElement("button")
        link.type = "button"
        link.className = "help-more"
        link.textContent = more
        link.setAttribute("data-help", topic)
        notice.append(" ", link)
    close = document.createElement("button")  # on a phone the line floats over the page
    close.type = "button"
    close.className = "notice-close"  # its × is drawn by style.css: the line's text stays its own
    close.setAttribute("aria-label", _attr(notice, "data-close") or "")
    close.setAttribute("data-dismiss", "")
    notice.append(close)


#: Where a fold (`<details data-fold="open|closed" id=…>`) is drawn as the game draws it (the
#: phone widths of web/style.css); on a wider screen every fold is open, unless the player
#: closed it.
FOLDED = "(max-width: 700px)"
#: The folds the player opened or closed, by id. A redraw draws every element anew: without
#: this a fold would close again at each move.
_folds: dict[str, bool] = {}


def _restore_folds() -> None:
    wide = not window.matchMedia(FOLDED).matches
    for fold in root.querySelectorAll("details[data-fold]"):
        chosen = _folds.get(str(fold.id))
        drawn = str(fold.getAttribute("data-fold")) == "open"
        fold.open = chosen if chosen is not None else wide or drawn


def on_click(event: Any) -> None:
    fold = event.target.closest("details[data-fold] > summary")
    if fold is not None and fold is not jsnull:  # the browser opens or closes it, after this
        _folds[str(fold.parentElement.id)] = not fold.parentElement.open
        return
    target = event.target.closest("[data-act], [data-reason], [data-explain], [data-help]")
    dismiss = event.target.closest("[data-dismiss]")
    if dismiss is not None and dismiss is not jsnull:  # the status line's ×
        notice = root.querySelector("#notice")
        if notice is not None and notice is not jsnull:
            notice.textContent = ""
        return
    if target is None or target is jsnull:
        return
    if _due:  # the page still shows the screen before: drawn now, the click counts if it
        # landed on something that is still there and says the same
        words = str(target.textContent or "")
        _flush()
        if not target.isConnected or str(target.textContent or "") != words:
            return
    topic = _attr(target, "data-help")
    if topic is not None:  # "More in the rules", at the end of an explanation
        app.open_help(topic)
        draw()
        return
    act = _attr(target, "data-act")
    if act is None:
        # A tap that plays nothing says why not, or what the thing is (the rules help's words).
        reason = _attr(target, "data-reason")
        if reason is not None:
            _say(reason)
        else:
            _say(_attr(target, "data-explain") or "", _attr(target, "data-topic"))
        return
    app.click(str(act), _form())
    draw()
    _hand_over_download()


def _hand_over_download() -> None:
    """The file the last click asked for, if any, to the browser."""
    if app.download is not None:
        _offer_download(*app.download)
        app.download = None


def _offer_download(name: str, text: str) -> None:
    """Hand a file to the browser (a game record): a Blob behind a temporary link."""
    blob = window.Blob.new([text], {"type": "application/json"})
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


_imports: set[asyncio.Future[None]] = set()  # kept until done (a task needs a reference)


def _read_later(file: Any) -> None:
    task = asyncio.ensure_future(open_file(file))
    _imports.add(task)
    task.add_done_callback(_imports.discard)


async def open_file(file: Any) -> None:
    """A game record or a backup chosen or dropped: read it, hand it to the controller,
    redraw."""
    if file is None or file is jsnull:
        return
    if file.size > 8_000_000:  # the readers' own bound; reading more would only waste memory
        # Its opening only, which says whether it is a backup or a record, for the words.
        opening = str(await file.slice(0, 1000).text())
        app.import_too_large(str(file.name), int(file.size), opening)
    else:
        app.import_file(str(await file.text()), str(file.name))
    draw()


def on_focus(event: Any) -> None:
    """A card, building or place reached with the keyboard says what it is (as a tap does);
    not when a redraw merely puts the focus back on it."""
    if _refocusing:
        return
    target = event.target
    if target is None or target is jsnull or not target.hasAttribute("data-explain"):
        return
    _say(_attr(target, "data-explain") or "", _attr(target, "data-topic"))


def on_change(event: Any) -> None:
    """A file chosen to open; or a field whose choice is acted on at once (`data-change`: the
    computers' pace is kept, a seat's kind or the season redraws the form), with the form's
    values as a click has them."""
    target = event.target
    if target.id == "import-file" and target.files.length:
        _read_later(target.files.item(0))
        return
    if _due:  # the page still shows the screen before: drawn now, with this field's choice
        name = _attr(target, "name")
        if name:
            app.form = {**app.form, name: str(target.value)}
        _flush()
        if not target.isConnected:
            target = root.querySelector(f'[name="{window.CSS.escape(name)}"]') if name else None
            if target is None or target is jsnull:
                return
    act = _attr(target, "data-change")
    if act is not None:
        app.click(act, _form())
        draw()


def on_drop(event: Any) -> None:
    files = event.dataTransfer.files if event.dataTransfer else None
    if files is not None and files is not jsnull and files.length:
        event.preventDefault()
        _read_later(files.item(0))


def on_drag_over(event: Any) -> None:
    event.preventDefault()  # so that the browser lets a file be dropped on the page


def on_storage(event: Any) -> None:
    """Another tab saved or deleted: if it saved this game, or deleted it, this tab is behind
    and says so at once; if it freed space, a save that failed is tried again."""
    if app.record is not None and not app.behind and app.check_behind():
        _redraw_as_typed()
    else:
        save_again()


def save_again(*_: Any) -> None:
    """A save that failed tried again (App.save_again): on another tab's change to storage,
    every SAVE_AGAIN_MS, and when the page becomes visible."""
    if app.save_again():
        _redraw_as_typed()


def on_visible(event: Any) -> None:
    if str(document.visibilityState) == "visible":
        save_again()


def _redraw_as_typed() -> None:
    """A redraw that no click asked for: the form's fields keep what the player has typed in
    them since the last click (a redraw draws them from the controller's form)."""
    typed = _form()
    if typed:
        app.form = {**app.form, **typed}
    draw()


def on_download_game(event: Any) -> None:
    """web/boot.js asks for the open game's file (the update's "Download the game first")."""
    app.export_game()
    _hand_over_download()


def on_width(event: Any) -> None:
    """A phone turned, a window resized across the phone width: each fold as it is drawn
    there (or as the player left it)."""
    _restore_folds()


_on_click = create_proxy(on_click)  # kept alive for the page's lifetime
root.addEventListener("click", _on_click)
_on_focus = create_proxy(on_focus)
root.addEventListener("focusin", _on_focus)
_on_key = create_proxy(on_key)
document.addEventListener("keydown", _on_key)
_on_pointer = create_proxy(on_pointer)
document.addEventListener("pointerdown", _on_pointer)
_on_storage = create_proxy(on_storage)
window.addEventListener("storage", _on_storage)
#: How often a save that failed is tried again while the page is open (App.save_again).
SAVE_AGAIN_MS = 20_000
_save_again = create_proxy(save_again)
window.setInterval(_save_again, SAVE_AGAIN_MS)
_on_visible = create_proxy(on_visible)
document.addEventListener("visibilitychange", _on_visible)
_on_download_game = create_proxy(on_download_game)
window.addEventListener("castle:download-game", _on_download_game)
_on_change = create_proxy(on_change)
root.addEventListener("change", _on_change)
_on_drop = create_proxy(on_drop)
document.addEventListener("drop", _on_drop)
_on_drag_over = create_proxy(on_drag_over)
document.addEventListener("dragover", _on_drag_over)
_on_width = create_proxy(on_width)
window.matchMedia(FOLDED).addEventListener("change", _on_width)
_draw_proxy = create_proxy(_draw_due)
_settle_proxy = create_proxy(_settle)
_mark_unsaved()
_draw_now(settle_later=False)  # the first screen at once: the page is ready when it is on it
document.body.dataset.ready = "1"
