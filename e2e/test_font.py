"""Chinese on a system without a Chinese font: the page draws it with the site's own face.

These tests start a Chromium of their own whose fontconfig hides every font with Chinese
glyphs (Debian's fonts-noto-cjk, which tools/setup_env.sh installs for the other tests), as on
a bare Linux. What font drew a text is asked of Chromium itself (CDP's
CSS.getPlatformFontsForNode): every Chinese character of the page must be drawn by the site's
face, and, as a control, the same page's static loading screen in Chinese, without the site's
@font-face and without Python, draws none of them with a Chinese font (that system has none).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route, expect

from e2e.helpers import ConsoleLog, past_covers, wait_until_ready
from tools import chromium, site_font

#: How the face names itself (its name table): what Chromium reports for a text it drew.
FACE_FAMILY = "Noto Sans SC"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}

#: Marks every shown element with Chinese in its own text (not its children's), and returns
#: how many Chinese characters each holds, by its mark.
MARK_CHINESE_JS = """(pattern) => {
  const chinese = new RegExp(pattern, "gu");
  const counts = {};
  let next = 0;
  for (const el of document.body.querySelectorAll("*")) {
    // Not drawn: a closed <details>'s content, a closed <select>'s options, hidden ones.
    if (!el.checkVisibility({ visibilityProperty: true }) || el.tagName === "OPTION") continue;
    let own = "";
    for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) own += node.data;
    const found = own.match(chinese);
    if (!found) continue;
    el.dataset.cjkProbe = String(next);
    counts[next++] = found.length;
  }
  return counts;
}"""


def chinese_pattern() -> str:
    """The face's code points as a JavaScript RegExp class."""
    ranges = (f"\\u{{{low:X}}}-\\u{{{high:X}}}" for low, high in site_font.CJK_RANGES)
    return "[" + "".join(ranges) + "]"


@pytest.fixture(scope="module")
def no_chinese_fonts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fontconfig file that is the system's, less every font with Chinese glyphs."""
    if not shutil.which("fc-list"):
        pytest.skip("fontconfig's fc-list is missing")
    listed = subprocess.run(
        ["fc-list", ":lang=zh", "file"], capture_output=True, text=True, check=True
    ).stdout
    files = sorted({line.split(":")[0].strip() for line in listed.splitlines() if line.strip()})
    folder = tmp_path_factory.mktemp("fontconfig")
    rejected = "".join(f"<glob>{file}</glob>" for file in files)
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        '<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<cachedir>{folder / 'cache'}</cachedir>"
        f"<selectfont><rejectfont>{rejected}</rejectfont></selectfont></fontconfig>"
    )
    left = subprocess.run(
        ["fc-list", ":lang=zh"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
    ).stdout
    assert left.strip() == "", f"fonts with Chinese glyphs still seen: {left}"
    return config


@pytest.fixture(scope="module")
def bare_browser(playwright: Playwright, no_chinese_fonts: Path) -> Iterator[Browser]:
    """Chromium on a system without any Chinese font."""
    browser = playwright.chromium.launch(
        executable_path=chromium.CHROMIUM,
        args=chromium.HEADLESS,
        env={**os.environ, "FONTCONFIG_FILE": str(no_chinese_fonts)},
    )
    yield browser
    browser.close()


@pytest.fixture
def new_context(bare_browser: Browser, site_url: str) -> Iterator[Any]:
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        options = {"base_url": site_url, "service_workers": "block", **options}
        made.append(bare_browser.new_context(**options))
        return made[-1]

    yield make
    for context in made:
        context.close()


def open_home(context: BrowserContext) -> tuple[Page, ConsoleLog]:
    page = context.new_page()
    console = ConsoleLog(page)
    page.goto("")
    wait_until_ready(page, console)
    return page, console


def faces_drawing(page: Page) -> list[tuple[int, list[dict[str, Any]]]]:
    """For each shown element with Chinese text of its own: how many Chinese characters it has,
    and the fonts Chromium drew its text with."""
    page.evaluate("() => document.fonts.ready")
    counts = page.evaluate(MARK_CHINESE_JS, chinese_pattern())
    assert counts, "no Chinese text on the page"
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    drawn = []
    for mark, count in counts.items():
        selector = f'[data-cjk-probe="{mark}"]'
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
        drawn.append((count, fonts))
    cdp.detach()
    return drawn


def drawn_by_the_sites_face(fonts: list[dict[str, Any]]) -> int:
    ours = [f for f in fonts if f["isCustomFont"] and f["familyName"] == FACE_FAMILY]
    return sum(f["glyphCount"] for f in ours)


def assert_all_chinese_drawn_by_the_sites_face(
    page: Page, weights: frozenset[str] | set[str] = frozenset(("Regular", "Bold"))
) -> None:
    drawn = faces_drawing(page)
    wrong = [(count, fonts) for count, fonts in drawn if drawn_by_the_sites_face(fonts) < count]
    assert not wrong, f"Chinese drawn with another font (empty boxes): {wrong[:5]}"
    used = {f["postScriptName"] for _, fonts in drawn for f in fonts if f["isCustomFont"]}
    assert used == {f"NotoSansSC-{weight}" for weight in weights}


def test_the_chinese_page_draws_every_chinese_character_with_the_sites_face(
    new_context: Any, tmp_path: Path
) -> None:
    context = new_context(locale="zh-CN", viewport=PHONE)
    page, console = open_home(context)
    assert page.evaluate("() => document.documentElement.lang") == "zh"
    assert_all_chinese_drawn_by_the_sites_face(page)
    page.screenshot(path=str(tmp_path / "home-zh-phone.png"))
    page.set_viewport_size(LAPTOP)
    play_a_little(page)
    past_covers(page)  # to the board: the buildings, the traders, the players' panels
    page.locator("#decision").wait_for()
    assert_all_chinese_drawn_by_the_sites_face(page)
    page.screenshot(path=str(tmp_path / "game-zh-laptop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(tmp_path / "game-zh-phone.png"), full_page=True)
    assert console.errors() == [], str(console)


def test_switching_to_chinese_draws_it_with_the_sites_face(new_context: Any) -> None:
    """The faces load only now, while the page is drawn: Chromium must not keep the empty boxes
    it shaped in the meantime (web/boot.js)."""
    page, console = open_home(new_context(locale="en-GB", viewport=LAPTOP))
    page.locator(".languages button", has_text="中文").click()
    page.locator("html[lang=zh]").wait_for(state="attached")
    assert_all_chinese_drawn_by_the_sites_face(page)
    assert console.errors() == [], str(console)


def test_without_the_sites_face_this_system_has_no_chinese_font(new_context: Any) -> None:
    """The control: the same page, its @font-face rules taken out, draws no Chinese character
    with a Chinese font, so the tests above saw the site's face and nothing else.

    It needs no Python: with PyScript's core.js refused, the page stays on its static loading
    screen, whose texts (index.html's `.bi`, shown in Chinese by web/boot.js for a Chinese
    browser) are the page's own Chinese, its problem notice included. Booting Pyodide here
    only cost time, and once crashed Chromium ("Target crashed") under two e2e workers."""
    context = new_context(locale="zh-CN", viewport=PHONE)

    def without_font_face(route: Route) -> None:
        response = route.fetch()
        sheet = re.sub(r"@font-face\s*\{[^}]*\}", "", response.text())
        route.fulfill(response=response, body=sheet)

    context.route("**/web/style.css", without_font_face)
    context.route("**/core.js", lambda route: route.abort())
    page = context.new_page()
    page.goto("")
    page.locator("html[lang=zh]").wait_for(state="attached")
    expect(page.locator("#boot h1")).to_have_text("四季城", use_inner_text=True)
    # The loading screen's notice that the game could not start: more of its Chinese.
    expect(page.locator('#boot-problem [data-problem="failed"] [lang="zh"]')).to_be_visible()
    drawn = faces_drawing(page)
    assert sum(count for count, _ in drawn) >= 20, drawn
    assert all(drawn_by_the_sites_face(fonts) == 0 for _, fonts in drawn)
    names = {f["familyName"] for _, fonts in drawn for f in fonts}
    assert names and not any(re.search("CJK|SC|Hei|PingFang|YaHei", n) for n in names), names
    assert page.evaluate("() => document.fonts.size") == 0
    assert not page.locator("body[data-ready]").count()  # no Python ran


def font_requests(context: BrowserContext) -> list[str]:
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    return asked


def play_a_little(page: Page) -> None:
    page.fill('input[name="seed"]', "4")
    page.click("#start-game")
    page.locator("#pass-cover, #decision").first.wait_for()


def test_a_system_with_a_chinese_font_never_downloads_the_sites(
    browser: Browser, site_url: str
) -> None:
    """The ordinary test browser, which has Debian's Noto CJK: its own faces come first."""
    context = browser.new_context(base_url=site_url, service_workers="block", locale="zh-CN")
    asked = font_requests(context)
    page, console = open_home(context)
    play_a_little(page)
    assert [url for url in asked if "/web/fonts/" in url] == []
    assert console.errors() == [], str(console)
    context.close()


def test_an_english_page_asks_only_for_what_its_chinese_words_need(new_context: Any) -> None:
    """Without a Chinese font, an English page still shows one Chinese word (the language
    button, 中文): it takes the regular weight for it, never the bold one."""
    context = new_context(locale="en-GB", viewport=LAPTOP)
    asked = font_requests(context)
    page, console = open_home(context)
    play_a_little(page)
    fonts = [url.rsplit("/", 1)[1] for url in asked if "/web/fonts/" in url]
    assert fonts == ["noto-sans-sc-400.woff2"]
    assert_all_chinese_drawn_by_the_sites_face(page, weights={"Regular"})
    assert console.errors() == [], str(console)


def test_after_one_visit_chinese_renders_with_the_network_off(new_context: Any) -> None:
    context = new_context(locale="zh-CN", viewport=PHONE, service_workers="allow")
    page, console = open_home(context)
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_until_ready(page, console)
    assert_all_chinese_drawn_by_the_sites_face(page)
    assert console.errors() == [], str(console)
