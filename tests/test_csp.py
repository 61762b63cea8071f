"""The page's Content-Security-Policy, read from index.html without a browser (e2e/test_csp.py
shows Chromium keeps to it): one policy, ahead of everything it governs, allowing the site's
own origin only, as docs/site.md states it; and nothing in the page or its modules that the
policy would refuse (inline script, inline style, event-handler attributes)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tools import build

ROOT = build.ROOT
DOCS = ROOT / "docs" / "site.md"
#: The sources a directive may name beyond 'self': each is explained in docs/site.md.
ALLOWED = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"},
    "worker-src": {"'self'", "blob:"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "font-src": {"'self'"},
    "connect-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'self'"},
    "form-action": {"'none'"},
}


class Page(HTMLParser):
    """What of index.html the policy cares about, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts.append(data.strip())


def page() -> Page:
    parsed = Page()
    parsed.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parsed


def policy_text() -> str:
    metas = [
        attrs
        for tag, attrs in page().tags
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy"
    ]
    assert len(metas) == 1, metas
    return metas[0]["content"] or ""


def policy() -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in policy_text().split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} twice"
        directives[name] = sources
    return directives


def test_the_page_has_one_policy_ahead_of_every_script_and_style_sheet() -> None:
    """A policy in a meta tag governs only what comes after it."""
    tags = page().tags
    at = next(i for i, (tag, a) in enumerate(tags) if tag == "meta" and "http-equiv" in a)
    before = [tag for tag, attrs in tags[:at] if tag in ("script", "link", "style")]
    assert before == []
    assert tags[at - 1] == ("meta", {"charset": "utf-8"})


def test_the_policy_allows_nothing_but_the_sites_own_origin() -> None:
    directives = policy()
    assert set(directives) == set(ALLOWED)
    for name, sources in directives.items():
        assert set(sources) == ALLOWED[name], name
        assert not [s for s in sources if re.match(r"https?:|\*|data:|'unsafe-inline'", s)]


def test_the_docs_state_the_pages_policy() -> None:
    assert f"\n{policy_text()}\n" in DOCS.read_text(encoding="utf-8")


def test_the_build_writes_its_id_and_leaves_the_policy_as_it_is() -> None:
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    built = build.page_html(template, "0123456789ab")
    assert 'content="0123456789ab"' in built
    assert policy_text() in built


def test_the_page_has_no_inline_script_or_style() -> None:
    parsed = page()
    assert parsed.inline_scripts == []
    for tag, attrs in parsed.tags:
        assert tag != "style"
        assert "style" not in attrs, tag
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        if tag == "script":
            assert attrs.get("src"), "a script without src is inline"


#: A style attribute written into the page's HTML (the policy's style-src refuses it).
STYLE_ATTRIBUTE = re.compile(r"""\sstyle=["'{\\]""")


def test_no_page_module_writes_a_style_attribute() -> None:
    """The page's HTML comes from Python (web/) and the second game's test page: a look is a
    class and a rule in a style sheet, never a style attribute."""
    modules = [*(ROOT / "web").rglob("*.py"), *(ROOT / "tests" / "goofspiel").rglob("*.py")]
    writing = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in modules
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if STYLE_ATTRIBUTE.search(line)
    ]
    assert writing == []
    assert STYLE_ATTRIBUTE.search(""" f' style="display: none"/>'""")


def test_no_page_script_is_loaded_from_another_origin() -> None:
    for tag, attrs in page().tags:
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not re.match(r"(https?:)?//", value), (tag, value)
