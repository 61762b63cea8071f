"""The page's redraw edits what changed (web/morph.js): whatever the screens before and after,
the page ends as the new screen's HTML exactly, and what did not change is kept.

Random pairs of pages are drawn one over the other in a blank page with only web/morph.js: no
Python, no site, so a few hundred pairs take a second. The second page of a pair is the first
changed as a redraw changes a screen (texts and attributes, an element more or less, a part
wrapped in a new element, an element with an id moved elsewhere), or another page altogether.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .helpers import BOOT_TIMEOUT_MS, ConsoleLog, saved_record, settled, wait_until_ready

MORPH = Path(__file__).resolve().parent.parent / "web" / "morph.js"

#: Morphs each pair into #app and says, for each, whether #app is then what the second page's
#: HTML parses to (serialised by the browser itself).
CHECK_JS = """(pairs) => {
  const root = document.getElementById('app');
  const parsed = document.createElement('template');
  return pairs.map(([before, after]) => {
    root.innerHTML = before;
    castleMorph(root, after);
    parsed.innerHTML = after;
    return root.innerHTML === parsed.innerHTML ? null : [before, after, root.innerHTML];
  });
}"""

TAGS = ("div", "span", "p", "b", "ul", "li", "section", "button", "details")
WORDS = ("Wood", "Stone", "Clay", "Sand", "Keep", "Palace", "", " ", "12 BP", "四季城")


def _element(rnd: random.Random, depth: int, ids: list[str]) -> str:
    tag = rnd.choice(TAGS)
    attrs = ""
    if ids and rnd.random() < 0.3:
        attrs += f' id="{ids.pop()}"'
    if rnd.random() < 0.3:
        attrs += f' data-key="{rnd.choice("abcd")}"'
    if rnd.random() < 0.5:
        attrs += f' class="{rnd.choice(("go", "off", "now go", "c-red"))}"'
    if rnd.random() < 0.3:
        attrs += f' title="{rnd.choice(WORDS)}"'
    if tag == "details" and rnd.random() < 0.5:
        attrs += " open"
    return f"<{tag}{attrs}>{_children(rnd, depth + 1, ids)}</{tag}>"


def _leaf(rnd: random.Random) -> str:
    kind = rnd.random()
    if kind < 0.15:
        return f'<input name="n{rnd.randrange(3)}" value="{rnd.choice(WORDS)}">'
    if kind < 0.25:
        picked = rnd.randrange(3)
        options = "".join(
            f'<option value="{i}"{" selected" if i == picked else ""}>{i}</option>'
            for i in range(3)
        )
        return f'<select name="s">{options}</select>'
    if kind < 0.35:
        return f'<svg class="i"><use href="#{rnd.choice(("wood", "stone"))}"></use></svg>'
    return rnd.choice(WORDS)


def _children(rnd: random.Random, depth: int, ids: list[str]) -> str:
    if depth > 4:
        return _leaf(rnd)
    return "".join(
        _element(rnd, depth, ids) if rnd.random() < 0.6 else _leaf(rnd)
        for _ in range(rnd.randrange(4))
    )


def _page(rnd: random.Random) -> str:
    ids = [f"id{n}" for n in range(6)]
    rnd.shuffle(ids)
    return _children(rnd, 0, ids) or "<div></div>"


def _changed(rnd: random.Random, page: str) -> str:
    """The page as a redraw might change it: a few edits of its text."""
    for _ in range(rnd.randrange(1, 4)):
        edit = rnd.randrange(6)
        cut = rnd.randrange(len(page))
        start = page.rfind("<", 0, cut)
        if start < 0 or page.startswith("</", start):
            continue
        end = page.find(">", start) + 1
        if edit == 0:  # a word for another
            for word in WORDS[:6]:
                if word and word in page:
                    page = page.replace(word, rnd.choice(WORDS), 1)
                    break
        elif edit == 1:  # an element more before this one
            page = page[:start] + _element(rnd, 3, ["id9"]) + page[start:]
        elif edit == 2:  # an attribute added, last or first
            added = f' data-act="k{rnd.randrange(9)}"'
            if rnd.random() < 0.5:
                page = page[: end - 1] + added + page[end - 1 :]
            else:
                name_end = start + 1 + len(page[start + 1 : end].split()[0].rstrip(">"))
                page = page[:name_end] + added + page[name_end:]
        elif edit == 3:  # everything wrapped in a new element
            page = f'<div class="summary-table">{page}</div><div id="summary">OK</div>'
        elif edit == 4:  # an element with an id moved to the end
            found = page.find(' id="')
            if found >= 0:
                opening = page.rfind("<", 0, found)
                page = page[:opening] + page[opening:].replace(' id="', ' data-was="', 1)
                page += f'<p id="{page[found + 5 : page.find(chr(34), found + 5)]}">moved</p>'
        else:  # the first element left out
            close = page.find(">", page.find("</")) + 1
            if 0 < close < len(page):
                page = page[close:]
    return page


@pytest.fixture
def blank(page: Page) -> Page:
    page.set_content('<main id="app"></main>')
    page.add_script_tag(path=str(MORPH))
    return page


def test_the_page_ends_as_the_new_screen_whatever_came_before(blank: Page) -> None:
    rnd = random.Random(24)
    pairs = []
    for _ in range(600):
        before = _page(rnd)
        after = _changed(rnd, before) if rnd.random() < 0.8 else _page(rnd)
        pairs.append((before, after))
    wrong = [found for found in blank.evaluate(CHECK_JS, pairs) if found is not None]
    # innerHTML is the browser's own writing of the page: the same attributes in the same order
    assert not wrong, f"{len(wrong)} of {len(pairs)} pairs differ, the first: {wrong[0]}"


def test_what_did_not_change_is_kept(blank: Page) -> None:
    """The board survives the round's summary wrapping it, a focused button that did not change
    keeps the focus, and a field the player changed is drawn again as the new page says."""
    kept = blank.evaluate(
        """() => {
      const root = document.getElementById('app');
      root.innerHTML = '<header>Round 2</header><div class="layout"><section id="board">'
        + '<button id="b">Keep</button></section><aside id="side"><input name="n" value="a">'
        + '<input name="m" value="c"></aside></div>';
      const board = root.querySelector('#board');
      const side = root.querySelector('#side');
      root.querySelector('#b').focus();
      root.querySelector('[name=n]').value = 'typed';
      const field = root.querySelector('[name=m]');
      castleMorph(root, '<header>Round 3</header><div class="layout"><section id="board">'
        + '<button id="b">Keep</button></section><aside id="side"><input name="n" value="a">'
        + '<input name="m" value="c"></aside></div>');
      const after = {
        board: root.querySelector('#board') === board,
        focus: document.activeElement === root.querySelector('#b'),
        typed: root.querySelector('[name=n]').value,
        field: root.querySelector('[name=m]') === field,
      };
      castleMorph(root, '<div class="summary-table" inert><div class="layout">'
        + '<section id="board"><button id="b">Keep</button></section><aside id="side"></aside>'
        + '</div></div><div id="summary">Round 3 is over</div>');
      after.wrapped = root.querySelector('#board') === board
        && root.querySelector('#side') === side;
      return after;
    }"""
    )
    assert kept == {"board": True, "focus": True, "typed": "a", "field": True, "wrapped": True}


def test_without_its_redraw_script_the_page_still_plays(page: Page, console: ConsoleLog) -> None:
    """A copy of the site without web/morph.js (a damaged cache, a failed request) draws every
    screen whole, as before the redraw edited, and says why in the console."""
    page.route("**/web/morph.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.click("#start-game")
    page.locator("#pass-cover").wait_for()
    assert int(page.evaluate("document.body.dataset.draws")) >= 2
    assert any("redraw:" in line for line in console.errors()), str(console)


def test_what_a_person_does_while_a_redraw_is_on_its_way_lands_on_the_new_screen(
    page: Page, console: ConsoleLog
) -> None:
    """The page draws in tasks after a click's own (web/main.py, `draw`): a field changed or a
    click made before that redraw has run draws it first, and acts on the new screen. A field
    keeps what was chosen in it; a click on something the new screen no longer has plays
    nothing."""
    page.goto("")
    wait_until_ready(page, console)
    due = page.evaluate(
        """() => {
      const two = [...document.querySelectorAll('button[name="players-count"]')]
        .find((b) => b.textContent.includes('2'));
      two.click();
      const due = document.body.hasAttribute('data-drawing');
      const variant = document.querySelector('select[name="variant"]');
      variant.value = 'winter';
      variant.dispatchEvent(new Event('change', {bubbles: true}));
      return due;
    }"""
    )
    assert due  # the second change came while the first's redraw was on its way
    settled(page)
    assert page.locator('input[name^="name"]').count() == 2
    assert page.locator('select[name="variant"]').input_value() == "winter"
    page.click("#start-game")
    page.locator("#pass-cover").wait_for()
    settled(page)
    actions = saved_record(page)["actions"]
    due = page.evaluate(
        """() => {
      const cover = document.getElementById('pass-cover');
      cover.click();
      const due = document.body.hasAttribute('data-drawing');
      cover.click();  // a double tap: its second lands where the cover was
      return due;
    }"""
    )
    assert due
    settled(page)
    page.locator("#decision[data-stage='select']").wait_for()
    assert page.locator("#pass-cover").count() == 0
    assert saved_record(page)["actions"] == actions  # nothing chosen by the second tap
    assert saved_record(page)["setup"].get("winter") is True
    assert page.evaluate("document.activeElement.id") == "decision"
    assert console.errors() == [], str(console)
