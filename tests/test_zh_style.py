"""The Chinese a player reads is Simplified, with full-width punctuation and no spaces between
Chinese words: in every catalog message and in what the code builds from them.

Why these tests: a Traditional character (铸炼舖), an English colon (建造: 3沙) or a space
(小明 正在思考) is what makes a Chinese reader see a translation, and none of them can be seen
by a test that only checks that a message exists, nor by a reviewer reading the catalogs alone:
half of them came from code that joined catalog words with English punctuation. So the style
of docs/chinese.md is checked (tests/zh_style.py) over every zh message with its placeholders
filled, over the log, prompts and refusals of whole random games, over the rules help, over the
boot screen, and over the page itself clicked through a summer and a winter game.

The hint and the undo note are checked as the page words them (web/castle_page/wording.py).
Not checked: the generic panels' buttons, which join a verb and its fields with spaces (a Castle
decision always has a panel of its own).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from test_i18n import random_game
from zh_style import problems, screen_texts

from castle.engine import pending, stage, why_not
from web.castle_page import CATALOGS, catalog, log
from web.castle_page import help as helppage
from web.shell import i18n

ZH = catalog("zh")
#: Chinese names, so that a space or an English mark between a name and the sentence shows.
NAMES = ["小明", "小红", "小刚", "小丽"]
ROOT = Path(__file__).resolve().parent.parent


def assert_reads_well(texts: list[str] | tuple[str, ...], where: str) -> None:
    found = [problem for text in texts for problem in problems(text)]
    assert not found, f"{where}: " + "; ".join(dict.fromkeys(found))


# --- The checker itself ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "铸炼舖",  # Traditional 舖 for 铺
        "穀仓",
        "塌牆",
        "其馀玩家",
        "以後",
        "建造: 3沙",  # an English colon
        "丢弃工人A (手上)",
        "你的选择：石匠, 工人A",
        "是否出售?",
        "游戏结束.",
        "小明 正在思考……",  # a space between Chinese words
        "电脑 1（简单）",  # and beside a number
        "第 3 回合",
        "2 秒（慢）",
    ],
)
def test_the_checker_finds_each_slip(text: str) -> None:
    assert problems(text), text


@pytest.mark.parametrize(
    "text",
    [
        "小明的石匠花1金从小红的工人C上收购1木。",
        "第3回合：请秘密选择人物牌，其他人请勿偷看。",
        "Anna的交易商派1名手下到沙牛车。",  # a Latin name needs no space
        "游戏记录或备份（.json），在此选择或拖放到页面上：",
        "Tab键和Shift+Tab键",
        "冬季 · 第1回合（共12回合）",
        "版本3f9a2c1 · 引擎1.4",
        "1.5秒",
        "著名的宫殿",  # 著 is Simplified too
    ],
)
def test_the_checker_passes_good_chinese(text: str) -> None:
    assert problems(text) == [], text


def test_screen_texts_reads_blocks_attributes_and_screen_reader_text_apart() -> None:
    html = (
        '<div title="防御塔：1沙"><p>小明<b>的</b>回合</p><p>第2步</p>'
        '<span class="sr"> 只为读屏</span><style>.a:b{}</style></div>'
    )
    assert screen_texts(html) == ["防御塔：1沙", "小明的回合", "第2步", "只为读屏"]


# --- The catalogs ------------------------------------------------------------------------------


def _filled(template: str, sample: str) -> str:
    return re.sub(r"\{[^{}]*\}", sample, template)


def test_every_zh_message_reads_well() -> None:
    """With each placeholder filled by a Chinese name and then by a number: "电脑 {n}" shows as
    a space before a number, "{player} 收回了" as a space between Chinese words."""
    for key, message in i18n.read_messages("zh", CATALOGS).items():
        forms = message.values() if isinstance(message, dict) else [message]
        for form in forms:
            for sample in ("小明", "3"):
                assert problems(_filled(form, sample)) == [], f"zh {key}: {form!r}"


def test_the_boot_screen_reads_well() -> None:
    """index.html speaks before the catalogs load: its Chinese is written there."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    chinese = re.findall(r'<(\w+)[^>]*lang="zh"[^>]*>(.*?)</\1>', html, flags=re.S)
    assert len(chinese) >= 10
    for _, inner in chinese:
        assert_reads_well(screen_texts(inner), "index.html")
        assert "您" not in inner, "the app says 你"


# --- Texts the code builds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "winter"),
    [(2, 1, False), (3, 2, False), (4, 3, False), (3, 4, True), (2, 5, True)],
)
def test_random_games_log_prompt_and_refuse_in_good_chinese(
    players: int, seed: int, winter: bool
) -> None:
    names = NAMES[:players]
    for s, events in random_game(players, seed, winter):
        lines = [log.describe(ev, names, ZH) for ev in events]
        assert_reads_well([line for line in lines if line], "the log")
        st = stage(s)
        if st is None:
            continue
        assert_reads_well([ZH.t(f"stage.{st.name}")], "a prompt")
        seat = pending(s)[0]
        for action in st.candidates(s, s.task or {}, seat):
            refusal = why_not(s, action)
            if refusal is not None:
                reason = log.reason(refusal.rule, refusal.params, names, ZH)
                assert_reads_well([reason], "a refusal")


@pytest.mark.parametrize("topic", [None, *helppage.topics()[:6]])
def test_the_rules_help_reads_well(topic: str | None) -> None:
    assert_reads_well(screen_texts(helppage.help_page(ZH, topic)), f"the help at {topic}")


@pytest.mark.long
@pytest.mark.parametrize(("players", "seed", "variant"), [(3, 2, "summer"), (2, 8, "winter")])
def test_the_page_through_a_whole_game_reads_well(players: int, seed: int, variant: str) -> None:
    """Every screen of a game clicked at random: covers, board, panels, round summaries, the
    log, the end; then moments of the past, the home screen with the saved game, the new-game
    form and the rules over the board."""
    from test_web_app import new_app, tokens

    from web.shell.screens import render

    form = {f"name{seat}": name for seat, name in enumerate(NAMES[:players])}
    app = new_app(players, seed, lang="zh", variant=variant, **form)
    rnd = random.Random(seed)
    summaries = 0
    for _ in range(6000):
        assert app.state is not None
        summaries += app.summary is not None
        html = render(app)
        assert_reads_well(screen_texts(html), "the page")
        if app.state.phase == "over" and app.summary is None:
            break
        app.click(rnd.choice(tokens(html)), {})
    assert app.state.phase == "over" and summaries
    for moment in (1, len(app.moments) // 2):
        app.look(moment)
        assert_reads_well(screen_texts(render(app)), f"moment {moment}")
    app.present()
    app.open_help("end")
    assert_reads_well(screen_texts(render(app)), "the rules over the board")
    app.close_help()
    for screen in ("home", "new"):
        app.screen = screen
        assert_reads_well(screen_texts(render(app)), f"the {screen} screen")


@pytest.mark.long
def test_the_hint_and_the_undo_note_read_well() -> None:
    """What the hint suggests and what an undo took back, in Chinese, over some random moves."""
    from test_web_app import new_app, tokens

    from web.shell.screens import render

    app = new_app(3, 2, lang="zh", **{f"name{seat}": NAMES[seat] for seat in range(3)})
    rnd = random.Random(2)
    texts = []
    for step in range(150):
        assert app.state is not None
        asked = app.asked()
        if asked and app.summary is None and step % 5 == 0:
            app.hint(asked[0])
            texts.append(str(app.local.get("hint", "")))
        app.click(rnd.choice(tokens(render(app))), {})
        if step % 7 == 0 and app.can_undo():
            app.undo()
    texts += [text for _, text, _ in app.log_lines()]
    assert_reads_well(texts, "a hint or an undo note")
