"""The game's little pictures: one inline SVG sprite, and `<use>` references to it.

Every shape is drawn here once, as an SVG ``<symbol>`` in `sprite()`; the page puts that sprite
into the document ONCE (it is hidden and takes no room) and every render function refers to its
symbols with `icon()`, `piece()`, `helper()` and `taler()`. All artwork is our own simple
geometry: no image files, no fonts, nothing fetched.

Colours of pieces are fixed in the symbols (sand yellow, wood dark brown, clay reddish brown,
stone grey, silver silver). A helper takes the colour of its owner from the CSS custom property
``--pc`` that the ``c-<colour>`` classes of style.css set, so one meeple serves every seat.
"""

from __future__ import annotations

from web.shell.html import attrs, esc

#: Piece colours (fill, shade, outline), also used by style.css under the same names.
PIECE_COLOURS = {
    "sand": ("#e9c75f", "#c9a13b", "#8a6a1c"),
    "wood": ("#7a4a26", "#5a3317", "#3a200c"),
    "clay": ("#b9552f", "#8f3c1d", "#5e240e"),
    "stone": ("#9aa0a8", "#767c85", "#4a4f57"),
    "silver": ("#dfe3e8", "#aab1ba", "#6c737d"),
}


def _sand() -> str:
    fill, shade, line = PIECE_COLOURS["sand"]
    return (
        f'<path d="M2 19.5C3.5 13 7 8.5 12 8.5s8.5 4.5 10 11z" fill="{fill}" stroke="{line}"'
        ' stroke-width="1.2" stroke-linejoin="round"/>'
        f'<path d="M12 8.5c-2.5 2-3.6 6-3.8 11h-3C5.8 14 8 10 12 8.5z" fill="{shade}"/>'
        f'<g fill="{line}"><circle cx="14" cy="13" r=".8"/><circle cx="17" cy="16.5" r=".8"/>'
        '<circle cx="11" cy="16" r=".8"/></g>'
    )


def _wood() -> str:
    fill, shade, line = PIECE_COLOURS["wood"]
    return (
        f'<g stroke="{line}" stroke-width="1.1" stroke-linejoin="round">'
        f'<path d="M2 12 7 8h15l-5 4z" fill="#9a6338"/>'
        f'<path d="M2 12h15v6H2z" fill="{fill}"/>'
        f'<path d="M17 12l5-4v6l-5 4z" fill="{shade}"/></g>'
        '<path d="M4 14.5h10M5 16.3h7" stroke="#a8744a" stroke-width=".7" fill="none"/>'
    )


def _clay() -> str:
    fill, shade, line = PIECE_COLOURS["clay"]
    return (
        f'<g stroke="{line}" stroke-width="1.1" stroke-linejoin="round">'
        f'<path d="M3 11l4-3h14l-4 3z" fill="#d0714a"/>'
        f'<path d="M3 11h14v8H3z" fill="{fill}"/>'
        f'<path d="M17 11l4-3v8l-4 3z" fill="{shade}"/></g>'
    )


def _stone() -> str:
    fill, shade, line = PIECE_COLOURS["stone"]
    return (
        f'<g stroke="{line}" stroke-width="1.1" stroke-linejoin="round">'
        f'<path d="M4 9l4-4h11l-4 4z" fill="#c3c8ce"/>'
        f'<path d="M4 9h11v11H4z" fill="{fill}"/>'
        f'<path d="M15 9l4-4v11l-4 4z" fill="{shade}"/></g>'
    )


def _silver() -> str:
    fill, shade, line = PIECE_COLOURS["silver"]
    return (
        f'<g stroke="{line}" stroke-width="1.1" stroke-linejoin="round">'
        f'<path d="M2 18l3.5-8h13l3.5 8z" fill="{shade}"/>'
        f'<path d="M5.5 10l2-2.5h9l2 2.5z" fill="{fill}"/></g>'
        '<path d="M7 15.5l2-4h3" stroke="#fff" stroke-width="1.2" fill="none" opacity=".8"/>'
    )


# A meeple, filled with the owner's colour (currentColor is set from --pc in style.css).
_HELPER = (
    '<path d="M12 1.8a3.7 3.7 0 0 1 3.5 4.9c3 .5 6.7 1.7 6.7 3.7 0 1.5-2.3 1.9-4.6 1.8'
    "l3.1 7.7c.4 1-.3 2.1-1.4 2.1h-3.6L12 17.3 8.3 22H4.7c-1.1 0-1.8-1.1-1.4-2.1l3.1-7.7"
    'c-2.3.1-4.6-.3-4.6-1.8 0-2 3.7-3.2 6.7-3.7A3.7 3.7 0 0 1 12 1.8z"'
    ' fill="currentColor" stroke="var(--pc-line, #222)" stroke-width="1.2"'
    ' stroke-linejoin="round"/>'
    # The seat's shape on its chest, so that seats are told apart by more than colour: all
    # four are drawn, and the seat's colour class shows its own (--mark-* in web/style.css,
    # read by .mark-* in web/castle_page/style.css: a class, not a style attribute, which the
    # page's Content-Security-Policy refuses).
    + "".join(
        f'<path d="{shape}" fill="#fff" stroke="var(--pc-line, #222)" stroke-width="0.8"'
        f' class="mark-{mark}"/>'
        for mark, shape in (
            ("circle", "M12 9.6a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2z"),
            ("triangle", "M12 9.2l3 5.4H9z"),
            ("square", "M9.7 9.9h4.6v4.6H9.7z"),
            ("diamond", "M12 9l3 3.2-3 3.2-3-3.2z"),
        )
    )
)

_TALER = (
    '<circle cx="12" cy="12" r="9.5" fill="#e2b23a" stroke="#7d5c0c" stroke-width="1.3"/>'
    '<circle cx="12" cy="12" r="6.6" fill="none" stroke="#a57d18" stroke-width="1"/>'
    '<path d="M9.5 8.5h5M12 8.5v7" stroke="#7d5c0c" stroke-width="1.6"'
    ' stroke-linecap="round"/>'
)

# Building points: a shield (the tile's cost corner).
_BP = (
    '<path d="M12 2l8.5 3v6.5c0 5-3.6 8.6-8.5 10.5C7.1 20.1 3.5 16.5 3.5 11.5V5z"'
    ' fill="#5b6f8a" stroke="#2c3a4d" stroke-width="1.2" stroke-linejoin="round"/>'
    '<path d="M12 4.5l6 2.1v4.9c0 3.6-2.5 6.3-6 7.9z" fill="#7d93b0"/>'
)

# Victory points: a crown (the tile's score corner).
_VP = (
    '<path d="M3 8l4.5 4L12 4l4.5 8L21 8l-2 11H5z" fill="#e2b23a" stroke="#7d5c0c"'
    ' stroke-width="1.2" stroke-linejoin="round"/>'
    '<path d="M5.6 16h12.8" stroke="#7d5c0c" stroke-width="1.2"/>'
)

# The start player's marker: a pennant on a pole.
_START = (
    '<path d="M6 2.5v19" stroke="#4a3420" stroke-width="2" stroke-linecap="round"/>'
    '<path d="M7 3.5h12l-3.5 4 3.5 4H7z" fill="#c8402f" stroke="#6e1e13" stroke-width="1.1"'
    ' stroke-linejoin="round"/>'
)

# A placed-this-round helper cannot be displaced: a padlock.
_LOCK = (
    '<rect x="5" y="10.5" width="14" height="10.5" rx="2" fill="#6a5a44" stroke="#2f271c"'
    ' stroke-width="1.2"/>'
    '<path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="#2f271c" stroke-width="2"/>'
    '<circle cx="12" cy="15.5" r="1.6" fill="#f3e6c8"/>'
)

_CHECK = (
    '<path d="M4.5 12.5l4.5 4.5 10-10" fill="none" stroke="currentColor" stroke-width="3"'
    ' stroke-linecap="round" stroke-linejoin="round"/>'
)

_HOURGLASS = (
    '<path d="M6 3h12M6 21h12" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    '<path d="M7.5 3h9c0 4-2.8 6.5-4.5 9 1.7 2.5 4.5 5 4.5 9h-9c0-4 2.8-6.5 4.5-9'
    '-1.7-2.5-4.5-5-4.5-9z" fill="none" stroke="currentColor" stroke-width="1.6"'
    ' stroke-linejoin="round"/>'
    '<path d="M9.3 20c.3-2 1.4-3.3 2.7-4.3 1.3 1 2.4 2.3 2.7 4.3z" fill="currentColor"/>'
)

# A small castle tower (a built Tower tile).
_TURRET = (
    '<path d="M6 22V9H5V4h2.5v2h2V4h5v2h2V4H19v5h-1v13z" fill="#b9a486" stroke="#5a4a35"'
    ' stroke-width="1.2" stroke-linejoin="round"/>'
    '<path d="M10.5 22v-4a1.5 1.5 0 0 1 3 0v4z" fill="#5a4a35"/>'
)

# A small house (a built House tile).
_HOUSE = (
    '<path d="M3 11l9-7.5 9 7.5" fill="#a94a2c" stroke="#5a2414" stroke-width="1.2"'
    ' stroke-linejoin="round"/>'
    '<path d="M5 10.5h14V21H5z" fill="#d9c39c" stroke="#5a4a35" stroke-width="1.2"/>'
    '<path d="M10 21v-5h4v5z" fill="#6b4a2c"/>'
)

# An ox cart, seen from the side; the pieces it carries are drawn over it by the page.
_CART = (
    '<path d="M6 20h44" stroke="#4a3420" stroke-width="2.2" stroke-linecap="round"/>'
    '<path d="M50 20l12 5" stroke="#4a3420" stroke-width="2.2" stroke-linecap="round"/>'
    '<path d="M4 8h46v12H4z" fill="#a8743f" stroke="#4a3420" stroke-width="1.6"'
    ' stroke-linejoin="round"/>'
    '<path d="M4 12.5h46M4 16.5h46" stroke="#7e5429" stroke-width="1"/>'
    '<circle cx="16" cy="24" r="6.5" fill="#d8b98a" stroke="#4a3420" stroke-width="1.8"/>'
    '<circle cx="38" cy="24" r="6.5" fill="#d8b98a" stroke="#4a3420" stroke-width="1.8"/>'
    '<path d="M16 17.5v13M9.5 24h13M38 17.5v13M31.5 24h13" stroke="#4a3420"'
    ' stroke-width="1.1"/>'
)

# A pack horse (the rider), side view, with two saddle bags. The silhouette is drawn twice:
# first thick in the outline colour, then filled on top, so overlapping parts show no seams.
_HORSE_SHAPES = (
    '<ellipse cx="30" cy="18" rx="16" ry="7.5"/>'
    '<path d="M40 15L47.5 4.5Q50 2 53 3.2L60.5 9.5Q62.5 11.5 60.5 13.5H56.5L51.5 11L48 21Z"/>'
    '<path d="M49 4.5L50 .8L52.5 4Z"/>'
    '<path d="M16 14Q8.5 16 8 28.5Q11.5 22.5 17 19.5Z"/>'
    '<rect x="16" y="20" width="3.4" height="14.5" rx="1.2"/>'
    '<rect x="21.5" y="20" width="3.4" height="14.5" rx="1.2"/>'
    '<rect x="37.5" y="20" width="3.4" height="14.5" rx="1.2"/>'
    '<rect x="43" y="19" width="3.4" height="15.5" rx="1.2"/>'
)
_RIDER = (
    f'<g fill="#3a2413" stroke="#3a2413" stroke-width="2.6" stroke-linejoin="round">'
    f"{_HORSE_SHAPES}</g>"
    f'<g fill="#9a6536">{_HORSE_SHAPES}</g>'
    '<path d="M47.5 5.5L41 15.5" stroke="#3a2413" stroke-width="2.2" stroke-linecap="round"/>'
    '<path d="M23 10.5h14v9.5c-4.5 1.6-9.5 1.6-14 0z" fill="#d2a766" stroke="#3a2413"'
    ' stroke-width="1.3" stroke-linejoin="round"/>'
    '<path d="M30 10.5v10.5" stroke="#3a2413" stroke-width="1"/>'
    '<circle cx="53" cy="7.5" r="1.1" fill="#1e120a"/>'
)

# A snowflake: the winter cards' mark (six arms, each with two barbs).
_SNOW = (
    '<g stroke="#2f5f8a" stroke-width="1.6" stroke-linecap="round" fill="none">'
    + "".join(
        f'<g transform="rotate({angle} 12 12)"><path d="M12 12V2.5"/>'
        '<path d="M12 6l-2.4-2.2M12 6l2.4-2.2M12 9.2l-1.8-1.6M12 9.2l1.8-1.6"/></g>'
        for angle in range(0, 360, 60)
    )
    + "</g>"
)

# The Forge: an anvil.
_ANVIL = (
    '<path d="M3 7h14c0 3 2 4 4.5 4.5v1.5H16c-1 0-2 1-2 2.5V17h2v3H6v-3h2v-1.5'
    'C8 14 7 13 5.5 13H5C3.5 11 3 9 3 7z" fill="#4c5158" stroke="#1f2226" stroke-width="1.2"'
    ' stroke-linejoin="round"/>'
)

_SYMBOLS: dict[str, tuple[str, str]] = {
    "sand": ("0 0 24 24", _sand()),
    "wood": ("0 0 24 24", _wood()),
    "clay": ("0 0 24 24", _clay()),
    "stone": ("0 0 24 24", _stone()),
    "silver": ("0 0 24 24", _silver()),
    "helper": ("0 0 24 24", _HELPER),
    "taler": ("0 0 24 24", _TALER),
    "bp": ("0 0 24 24", _BP),
    "vp": ("0 0 24 24", _VP),
    "start": ("0 0 24 24", _START),
    "lock": ("0 0 24 24", _LOCK),
    "check": ("0 0 24 24", _CHECK),
    "hourglass": ("0 0 24 24", _HOURGLASS),
    "turret": ("0 0 24 24", _TURRET),
    "house": ("0 0 24 24", _HOUSE),
    "cart": ("0 0 64 32", _CART),
    "rider": ("0 0 64 36", _RIDER),
    "anvil": ("0 0 24 24", _ANVIL),
    "snow": ("0 0 24 24", _SNOW),
}

#: The names `icon()` accepts.
NAMES = tuple(_SYMBOLS)


def sprite() -> str:
    """The hidden SVG holding every symbol. The page includes it once, before any icon."""
    body = "".join(
        f'<symbol id="i-{name}" viewBox="{box}">{shape}</symbol>'
        for name, (box, shape) in _SYMBOLS.items()
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true"'
        f' focusable="false" width="0" height="0">{body}</svg>'
    )


def icon(name: str, label: str | None = None, cls: str = "") -> str:
    """A reference to one symbol. With a label it is an image for screen readers (and shows
    the label on hover); without, it is decoration that the text next to it explains."""
    if name not in _SYMBOLS:
        raise KeyError(f"no icon named {name!r}")
    classes = f"icon i-{name} {cls}".strip()
    if label is None:
        a = attrs(class_=classes, aria_hidden="true", focusable="false")
        return f'<svg{a}><use href="#i-{name}"/></svg>'
    a = attrs(class_=classes, role="img", aria_label=label, focusable="false")
    return f'<svg{a}><title>{esc(label)}</title><use href="#i-{name}"/></svg>'


def piece(kind: str, label: str | None = None, cls: str = "") -> str:
    """A piece of one kind (sand, wood, clay, stone, silver)."""
    return icon(kind, label, f"piece {cls}".strip())


def helper(colour: str, label: str | None = None, cls: str = "") -> str:
    """A helper (meeple) in a seat colour (blue, red, yellow, green)."""
    return icon("helper", label, f"meeple c-{colour} {cls}".strip())


def taler(label: str | None = None, cls: str = "") -> str:
    return icon("taler", label, cls)
