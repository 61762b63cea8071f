"""Tiny helpers to build HTML strings safely.

The page redraws from one string built here (web/morph.js then edits the page's elements into
it), which is far cheaper in Pyodide than creating DOM nodes one call at a time. Every text goes
through `esc`.
"""

from __future__ import annotations

#: Attribute names as HTML spells them, by keyword (data_act -> data-act), found once each.
_NAMES: dict[str, str] = {}


def esc(text: object) -> str:
    """Text made safe for HTML, quotes included (as `html.escape(text, quote=True)`).

    Spelled out, with a test for each character before replacing it, because a redraw escapes
    about 2,000 strings and most have nothing to escape: this is twice as fast as
    `html.escape`, which always replaces five times."""
    s = text if type(text) is str else str(text)
    if "&" in s:
        s = s.replace("&", "&amp;")
    if "<" in s:
        s = s.replace("<", "&lt;")
    if ">" in s:
        s = s.replace(">", "&gt;")
    if '"' in s:
        s = s.replace('"', "&quot;")
    if "'" in s:
        s = s.replace("'", "&#x27;")
    return s


def attrs(**values: object) -> str:
    """HTML attributes; None/False are left out, True is a bare attribute, `_` becomes `-`
    (data_act -> data-act) and a trailing `_` is dropped (class_ -> class)."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def marked(element_html: str, **values: object) -> str:
    """One element's HTML with attributes added to its start tag, a class joined to its own
    (`marked('<div class="layout">…</div>', class_="summary-table", inert=True)`): so that a
    screen can mark an element another module drew without wrapping it in one more, which
    would move it and its whole content on the page (web/morph.js keeps an element where it
    was)."""
    end = element_html.index(">")  # attribute values are escaped: the start tag's end
    start_tag = element_html[:end]
    extra = values.pop("class_", None)
    if extra is not None:
        found = start_tag.find(' class="')
        if found < 0:
            values = {"class_": extra, **values}
        else:
            close = start_tag.index('"', found + 8)
            start_tag = f"{start_tag[:close]} {esc(extra)}{start_tag[close:]}"
    return start_tag + attrs(**values) + element_html[end:]


def tag(element: str, body: str = "", **values: object) -> str:
    """An element; `body` is HTML already (escape text with `esc`)."""
    return f"<{element}{attrs(**values)}>{body}</{element}>"


def void(element: str, **values: object) -> str:
    """An element without content, such as <input>."""
    return f"<{element}{attrs(**values)}>"


def button(label_html: str, act: str | None, reason: str | None = None, **values: object) -> str:
    """A button that sends `act` when clicked, or a forbidden one that does nothing but show
    `reason`: on hover (title) and on tap (the page shows data-reason in its status line).
    It is aria-disabled rather than disabled, since a disabled button gets no tap at all."""
    if act is not None:
        return tag("button", label_html, type="button", data_act=act, **values)
    extra = values.pop("class_", None)
    cls = f"off {extra}" if extra else "off"
    return tag(
        "button",
        label_html,
        type="button",
        class_=cls,
        aria_disabled="true",
        title=reason,
        data_reason=reason,
        **values,
    )


def tool(label_html: str, act: str | None, reason: str | None = None, **values: object) -> str:
    """A control of the page that is not a move of the game (the menu, undo, the rules help,
    the languages, the log's lines, …): a button marked `data-tool`, so that whatever plays
    moves at random (the tests, the README's screenshot) leaves it alone."""
    return button(label_html, act, reason, data_tool=True, **values)
