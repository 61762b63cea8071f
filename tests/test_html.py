"""The page's HTML helpers (web/shell/html.py): every text the page shows goes through `esc`,
so it must escape exactly as the standard library does, whatever the text."""

from __future__ import annotations

from html import escape

from hypothesis import given
from hypothesis import strategies as st

from web.shell.html import attrs, esc, marked, tag


@given(st.text())
def test_esc_escapes_as_the_standard_library_does(text: str) -> None:
    assert esc(text) == escape(text, quote=True)


def test_esc_takes_numbers_and_names_alike() -> None:
    assert esc(5) == "5"
    assert (
        esc("<b>'Ann' & \"Ben\"</b>") == "&lt;b&gt;&#x27;Ann&#x27; &amp; &quot;Ben&quot;&lt;/b&gt;"
    )


def test_attribute_names_are_spelled_as_html_spells_them() -> None:
    assert attrs(class_="off", data_act="k1", aria_disabled="true", hidden=True, title=None) == (
        ' class="off" data-act="k1" aria-disabled="true" hidden'
    )
    assert tag("p", "x", data_key='a"b') == '<p data-key="a&quot;b">x</p>'


def test_a_screen_marks_an_element_another_module_drew_without_wrapping_it() -> None:
    drawn = tag("div", tag("section", "board", id="board"), class_="layout")
    assert marked(drawn, class_="summary-table", inert=True, aria_hidden="true") == (
        '<div class="layout summary-table" inert aria-hidden="true">'
        '<section id="board">board</section></div>'
    )
    assert marked(tag("section", esc("x>y"), id="board"), class_="summary-table") == (
        '<section id="board" class="summary-table">x&gt;y</section>'
    )
