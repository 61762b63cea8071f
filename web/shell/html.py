"""Tiny helpers to build HTML strings safely.

The page redraws by setting one container's innerHTML from strings built here, which is far
cheaper in Pyodide than creating DOM nodes one call at a time. Every text goes through `esc`.
"""

from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def attrs(**values: object) -> str:
    """HTML attributes; None/False are left out, True is a bare attribute, `_` becomes `-`
    (data_act -> data-act) and a trailing `_` is dropped (class_ -> class)."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


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
