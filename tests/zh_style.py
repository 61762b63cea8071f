"""The Chinese style of the page's texts, as a checker any test can apply to any text.

Why: the Chinese catalogs began as a conversion from a Hong Kong seed and a translation from
English, and the slips that left behind (a Traditional 舖 in 铸炼铺, "第 1 步", "小明 正在思考",
"建造: 3沙") are invisible to an English reader and to the tests that only check that a message
exists. Simplified characters and full-width punctuation are the style of docs/chinese.md; this
module is that style's machine part, so a catalog string, a log line or a rendered screen can be
checked the same way.

`problems(text)` lists what is wrong in one text (empty when it is fine); `screen_texts(html)`
cuts an HTML page into the texts a player reads (element text and the title, aria-label,
placeholder and alt attributes), so a rendered screen can be checked piece by piece.
"""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "data" / "traditional_only.txt"

#: A CJK ideograph (the basic block and extension A), the characters between which Chinese puts
#: no space and beside which it puts no half-width punctuation.
HAN = r"[\u3400-\u4dbf\u4e00-\u9fff]"
#: Half-width punctuation that has a full-width form in Chinese text: ，。：；！？（）.
HALF_WIDTH = r"[,.:;!?()]"

_HALF_BESIDE_HAN = re.compile(rf"{HAN}{HALF_WIDTH}|{HALF_WIDTH}{HAN}")
#: A space (or run of them) with Chinese on one side and Chinese or a digit on the other:
#: "电脑 1", "第 3 回合", "小明 正在思考". A Latin word may keep its space ("Tab 键" is not
#: flagged, "Tab键" is not either).
_SPACE_BESIDE_HAN = re.compile(rf"{HAN}[ \t\u00a0\u3000]+(?:{HAN}|\d)|\d[ \t\u00a0\u3000]+{HAN}")


@cache
def traditional_only() -> frozenset[str]:
    """The characters of tests/data/traditional_only.txt (its header says where they come from)."""
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    return frozenset("".join(line for line in lines if line and not line.startswith("#")))


def problems(text: str) -> list[str]:
    """What breaks the Chinese style in `text`, each with the characters around it."""
    found = []
    table = traditional_only()
    for at, char in enumerate(text):
        if char in table:
            found.append(f"Traditional character {char!r} in {_around(text, at, at + 1)!r}")
    for match in _HALF_BESIDE_HAN.finditer(text):
        found.append(f"half-width punctuation in {_around(text, *match.span())!r}")
    for match in _SPACE_BESIDE_HAN.finditer(text):
        found.append(f"space between Chinese words in {_around(text, *match.span())!r}")
    return found


def _around(text: str, start: int, end: int, margin: int = 8) -> str:
    return text[max(0, start - margin) : end + margin]


#: Elements whose edges end a text: what is on either side is never read as one line.
_BLOCKS = frozenset(
    [
        "address",
        "article",
        "aside",
        "br",
        "button",
        "dd",
        "details",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "label",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "option",
        "p",
        "section",
        "select",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
        "text",
        "title",
    ]
)
_READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


_VOID = frozenset(
    ["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
)


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._line: list[str] = []
        self._open: list[tuple[str, bool]] = []  # each open element, and whether it ends a line
        self._skip = 0

    def _end_line(self) -> None:
        line = " ".join("".join(self._line).split())
        if line:
            self.texts.append(line)
        self._line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # Text only for screen readers (class "sr") is read on its own, after what is shown.
        classes = (dict(attrs).get("class") or "").split()
        breaks = tag in _BLOCKS or "sr" in classes
        if breaks:
            self._end_line()
        for name, value in attrs:
            if name in _READ_ATTRIBUTES and value:
                self.texts.extend(line for line in unescape(value).splitlines() if line)
        if tag in _VOID:
            return
        self._open.append((tag, breaks))
        if tag in ("style", "script"):
            self._skip += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, breaks = self._open.pop()
            if name in ("style", "script"):
                self._skip -= 1
            if breaks:
                self._end_line()
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._line.append(data)

    def close(self) -> None:
        super().close()
        self._end_line()


def screen_texts(html: str) -> list[str]:
    """The texts a player reads on a page: each block's text on one line (runs of white space
    as one space, as a browser shows them), then the attributes that are read out or shown."""
    parser = _Texts()
    parser.feed(html)
    parser.close()
    return parser.texts
