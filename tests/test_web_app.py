"""The page's controller, played the way a person plays it: by clicking what the screen offers.

These run the real `web.app.App` and its screens in CPython (and in Pyodide), with a fake
localStorage; the browser-only glue (web/main.py) is covered by the e2e tests.
"""

from __future__ import annotations

import random
import re

import pytest

import castle
from castle import data
from castle import record as records
from web.games import GAMES
from web.shell.app import App
from web.shell.html import esc
from web.shell.storage import MemoryStore

ACT = re.compile(r'data-act="(k\d+)"')
#: Controls that are not moves of the game; random clicking leaves them alone.
NOT_MOVES = re.compile(
    r'<button[^>]*data-act="(k\d+)"[^>]*'
    r'(?:id="(?:menu|undo|seats|hint|export|export-unreadable|load-latest)"|class="(?:lang|kind)")'
)


def tokens(html: str) -> list[str]:
    skip = set(NOT_MOVES.findall(html))
    return [t for t in ACT.findall(html) if t not in skip]


def new_app(
    players: int = 3,
    seed: int = 11,
    store: MemoryStore | None = None,
    generic: bool = False,
    **form: str,
) -> App:
    app = App(store or MemoryStore(), GAMES, lang=form.pop("lang", "en"), generic_panels=generic)
    app.render()
    app.form = {"players": str(players), "seed": str(seed), "start": "0", **form}
    app.start()
    return app


def click_randomly(app: App, rnd: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        assert app.state is not None
        if app.state.phase == "over":
            return
        html = app.render()
        options = tokens(html)
        assert options, f"nothing to click at {castle.decision(app.state)}"
        app.click(rnd.choice(options), {})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_by_clicking_ends_with_the_engines_scores(players: int, seed: int) -> None:
    app = new_app(players, seed)
    click_randomly(app, random.Random(seed))
    html = app.render()
    assert 'id="scores"' in html and 'id="winner"' in html
    # The scores shown are the engine's for the same record, replayed from scratch.
    assert app.record is not None
    replayed, _ = records.replay(app.record)
    assert replayed.result is not None
    for row in replayed.result["players"]:
        assert f"<td>{row['vp']}</td>" in html
    winner = app.names[replayed.result["winners"][0]]
    assert winner in html


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_whole_game_through_the_generic_panel_alone(lang: str) -> None:
    """Every decision is playable from its legal actions only, as a new stage or a second game
    would be before it has a panel of its own; the engine's replay agrees with the page."""
    app = new_app(3, 21, generic=True, lang=lang)
    rnd = random.Random(21)
    seen_kinds = set()
    for _ in range(5000):
        assert app.state is not None
        if app.state.phase == "over":
            break
        html = app.render()
        seen_kinds.update(re.findall(r'class="options generic" data-kind="(\w+)"', html))
        app.click(rnd.choice(tokens(html)), {})
    assert app.state is not None and app.state.phase == "over"
    assert {"cards", "choose", "payment", "place"} <= seen_kinds
    assert app.record is not None
    replayed, _ = records.replay(app.record)
    assert castle.to_json(replayed) == castle.to_json(app.state)


def test_the_record_is_saved_after_every_action() -> None:
    store = MemoryStore()
    app = new_app(3, 5, store=store)
    rnd = random.Random(5)
    for _ in range(40):
        app.click(rnd.choice(tokens(app.render())), {})
        assert app.record is not None
        saved = records.loads(store.data["castle.current"])
        assert saved["actions"] == app.record["actions"]


def test_reopening_the_page_offers_to_resume_at_the_same_decision() -> None:
    store = MemoryStore()
    app = new_app(4, 8, store=store)
    click_randomly_n(app, random.Random(8), 60)
    assert app.state is not None
    before = castle.to_json(app.state)
    again = App(store, GAMES)
    html = again.render()
    assert 'id="resume"' in html
    again.click(re.search(r'data-act="(k\d+)"[^>]*id="resume"', html).group(1), {})  # type: ignore[union-attr]
    assert again.state is not None
    assert castle.to_json(again.state) == before


def click_randomly_n(app: App, rnd: random.Random, n: int) -> None:
    for _ in range(n):
        app.click(rnd.choice(tokens(app.render())), {})


def test_an_unreadable_save_is_kept_and_a_new_game_can_start() -> None:
    store = MemoryStore()
    store.set("castle.current", "{not json")
    app = App(store, GAMES)
    html = app.render()
    assert "could not be read" in html
    assert store.data["castle.unreadable.1"] == "{not json"
    app.form = {"players": "2"}
    app.start()
    assert app.state is not None and app.state.n == 2


def test_a_save_from_a_newer_version_is_refused_with_a_message() -> None:
    store = MemoryStore()
    rec = records.new_record(3, 1)
    rec["format_version"] = 99
    store.set("castle.current", records.dumps(rec))
    html = App(store, GAMES).render()
    assert "newer" in html
    assert store.data["castle.current"] == records.dumps(rec)  # not deleted


def _selection_html(app: App) -> str:
    """The page while the viewer chooses, with the click tokens (which vary) removed."""
    return ACT.sub('data-act=""', app.render())


def test_while_one_player_chooses_the_others_choices_are_not_on_the_page() -> None:
    # Two games identical but for p0's secret choice: what p1 sees must not differ.
    pages = []
    for card in ("messenger", "trader"):
        app = new_app(3, 4)
        assert app.state is not None
        app.pass_cover(0)
        app.do({"p": 0, "do": "select", "cards": [card]})
        assert app.viewer is None  # the cover is back
        cover = app.render()
        assert "Pass the device" in cover
        app.pass_cover(1)
        pages.append(_selection_html(app))
    assert pages[0] == pages[1]


def test_forbidden_options_show_their_reason_and_do_nothing() -> None:
    app = new_app(3, 4)
    app.pass_cover(0)
    html = app.render()
    # Round 1: the Master Builder cannot be chosen; the engine's reason is shown in words.
    button = re.search(r"<button[^>]*aria-disabled[^>]*>Master Builder", html)
    assert button is not None
    assert "data-act" not in button.group(0)
    assert 'data-reason="' in button.group(0)


def test_undo_takes_back_a_public_move_but_never_a_secret_choice() -> None:
    app = new_app(3, 4)
    for seat, card in ((0, "trader"), (1, "messenger"), (2, "worker_a")):
        app.pass_cover(seat)
        assert not app.can_undo()
        app.do({"p": seat, "do": "select", "cards": [card]})
    assert not app.can_undo()  # the last action was a secret choice
    app.reveal()
    assert app.state is not None
    assert castle.decision(app.state)["stage"] == "trader"  # type: ignore[index]
    app.do({"p": 0, "do": "trader", "place": "sand_cart"})
    assert app.can_undo()
    app.undo()
    assert app.state.traders["sand_cart"] is None
    assert castle.decision(app.state)["stage"] == "trader"  # type: ignore[index]


def test_the_page_speaks_chinese() -> None:
    app = new_app(2, 3, lang="zh")
    app.pass_cover(app.state.start_player if app.state else 0)
    html = app.render()
    assert "信差" in html and "交易商" in html


def test_a_suggested_payment_pays_in_one_click() -> None:
    """§5: the page suggests whole payments; one click pays every step and erects."""
    app = new_app(2, 21)
    rnd = random.Random(21)
    for _ in range(3000):
        assert app.state is not None
        d = castle.decision(app.state)
        if d and d["stage"] == "pay" and d["pay"]["step"] == 0:
            break
        app.click(rnd.choice(tokens(app.render())), {})
    else:
        pytest.fail("no payment came up")
    html = app.render()
    suggestion = re.search(r'<button[^>]*data-act="(k\d+)"[^>]*class="go"', html)
    assert suggestion is not None and "Pay in one click" in html
    built = len([e for e in app.events if e["e"] == "erected"])
    app.click(suggestion.group(1), {})
    assert len([e for e in app.events if e["e"] == "erected"]) == built + 1
    assert castle.decision(app.state)["stage"] != "pay"  # type: ignore[index]


def test_two_players_of_one_colour_are_asked_to_choose_again() -> None:
    app = App(MemoryStore(), GAMES)
    app.render()
    app.form = {"players": "2", "colour0": "red", "colour1": "red"}
    app.start()
    assert app.state is None
    assert "same colour" in app.render()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_house_rulings_are_listed_in_both_languages(lang: str) -> None:
    """Spec: every ruling (⚖) is named so the rules help can list it as a house rule."""
    app = new_app(3, 1, lang=lang)
    app.pass_cover(0)
    html = app.render()
    for ruling in data.HOUSE_RULES:
        text = app.t(f"ruling.{ruling}")
        assert text != f"ruling.{ruling}"
        assert esc(text) in html


def test_the_log_follows_undo_and_a_change_of_language() -> None:
    app = new_app(3, 4)
    for seat, card in ((0, "trader"), (1, "messenger"), (2, "worker_a")):
        app.pass_cover(seat)
        app.do({"p": seat, "do": "select", "cards": [card]})
    app.reveal()
    app.do({"p": 0, "do": "trader", "place": "sand_cart"})
    placed = [text for _, text in app.log_lines() if "sand cart" in text]
    assert placed
    app.undo()
    lines = [text for _, text in app.log_lines()]
    assert [text for text in lines if "sand cart" in text] == [
        "Player 1 took back: Send a helper to sand cart."
    ]
    app.set_language("zh")
    assert any("信差" in text for _, text in app.log_lines())
    assert any("收回了" in text for _, text in app.log_lines())


def _saved_text(**change: object) -> str:
    rec = records.new_record(3, 1, names=["A", "B", "C"], colours=["blue", "red", "green"])
    rec["actions"] = ["p0 select trader"]
    rec["setup"].update(change)
    return records.dumps(rec)


BAD_SAVES = {
    "a seat written with other digits": _saved_text().replace('"p0 select', '"p² select'),
    "no names": _saved_text(names=None),
    "names shorter than the players": _saved_text(names=["A", "B"]),
    "a name that is not text": _saved_text(names=["A", 7, "C"]),
    "a name too long": _saved_text(names=["A", "B" * 500, "C"]),
    "the same colour twice": _saved_text(colours=["red", "red", "blue"]),
    "an unknown computer level": _saved_text(computers=[None, "genius", None]),
    "no start player": _saved_text().replace('"start_player": null', '"start_player": "x"'),
    "a 5000-digit seed": _saved_text().replace('"seed": 1', '"seed": ' + "7" * 5000),
    "lists nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "a 3 MB save": '{"format": "castle-game-record", "x": "' + "y" * 3_000_000 + '"}',
}


@pytest.mark.parametrize("why", BAD_SAVES)
def test_a_bad_save_is_kept_aside_once_and_the_page_starts(why: str) -> None:
    store = MemoryStore()
    store.set("castle.current", BAD_SAVES[why])
    for _visit in range(3):  # reloads: the same save is never copied again
        app = App(store, GAMES)
        html = app.render()
        assert "could not be read" in html, why
        assert app.saved is None
    kept = [key for key in store.data if key.startswith("castle.unreadable.")]
    assert kept == ["castle.unreadable.1"]
    app.form = {"players": "2", "seed": "4"}
    app.start()
    assert app.state is not None and app.state.n == 2


def test_a_name_that_looks_like_html_is_shown_as_text() -> None:
    evil = "<img src=x onerror=alert(1)>"
    app = new_app(3, 5, name0=evil)
    rnd = random.Random(1)
    for _ in range(300):
        html = app.render()
        assert "<img" not in html
        assert app.state is not None
        if app.state.phase == "over":
            break
        app.click(rnd.choice(tokens(html)), {})
    assert app.names[0] == evil[:24]  # cut to the form's length, and shown literally
    assert esc(app.names[0]) in app.render()
    app.home()
    assert "<img" not in app.render()


@pytest.mark.parametrize("seed", ["²", "7" * 5000, "-5", "1.5", "12a"])
def test_a_seed_that_is_not_a_whole_number_gets_a_clear_message(seed: str) -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    app.render()
    app.form = {"players": "2", "seed": seed}
    app.start()
    assert app.state is None
    assert "The seed must be a whole number" in app.render()
    app.form = {"players": "2", "seed": " 42 "}
    app.start()
    assert app.record is not None and app.record["setup"]["seed"] == 42


class FullStore(MemoryStore):
    """A storage that is full: reads work, every write fails as localStorage's would."""

    def __init__(self) -> None:
        super().__init__()
        self.full = True

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def test_a_full_storage_is_said_on_every_screen_until_a_save_succeeds() -> None:
    store = FullStore()
    app = App(store, GAMES, lang="en")
    app.set_language("zh")  # a choice that cannot be kept does not stop the page
    app.set_language("en")
    app.form = {"players": "3", "seed": "3", "start": "0", "pace": "0"}
    app.start()
    assert app.state is not None  # the game goes on in memory
    rnd = random.Random(2)
    for _ in range(40):
        html = app.render()
        assert 'id="save-problem"' in html and "QuotaExceededError" in html
        app.click(rnd.choice(tokens(html)), {})
    store.full = False
    assert app.record is not None
    moves = len(app.record["actions"])
    while len(app.record["actions"]) == moves:  # until an action is played, and saved
        app.click(rnd.choice(tokens(app.render())), {})
    assert 'id="save-problem"' not in app.render()
    assert store.data["castle.current"]


def test_a_second_tab_behind_the_first_plays_nothing_and_catches_up() -> None:
    store = MemoryStore()
    first = new_app(3, 9, store=store)
    second = App(store, GAMES, lang="en")
    second.render()
    second.resume()
    rnd = random.Random(9)
    assert first.record is not None and second.record is not None
    while len(first.record["actions"]) < 2:  # the first tab plays on
        first.click(rnd.choice(tokens(first.render())), {})
    saved = store.data["castle.current"]
    for _ in range(20):  # the second tab is behind: nothing it does is played or saved
        html = second.render()
        latest = re.findall(r'data-act="(k\d+)"[^>]*id="load-latest"', html)
        second.click(rnd.choice([t for t in tokens(html) if t not in latest]), {})
    assert second.behind and store.data["castle.current"] == saved
    html = second.render()
    assert "played on in another tab" in html and 'id="load-latest"' in html
    second.load_latest()
    assert second.record is not None and second.record["actions"] == first.record["actions"]
    assert not second.behind
    while len(second.record["actions"]) == len(first.record["actions"]):
        second.click(rnd.choice(tokens(second.render())), {})
    assert first.check_behind()  # and now the first tab is the one behind


def test_undo_takes_back_only_ones_own_decisions_since_new_information() -> None:
    """Checked apart from undo's own code: between the moment undo goes back to and now, no
    card was revealed and only the undoing seat acted (a person)."""
    for seed in range(4):
        app = new_app(2 + seed % 3, 40 + seed)
        rnd = random.Random(seed)
        for _ in range(400):
            assert app.record is not None and app.state is not None
            if app.state.phase == "over":
                break
            if app.can_undo() and rnd.random() < 0.3:
                before = list(app.record["actions"])
                taken = 0
                while app.can_undo() and rnd.random() < 0.8:
                    app.undo()
                    taken += 1
                after = app.record["actions"]
                assert after == before[: len(before) - taken]
                removed = [castle.parse(line) for line in before[len(after) :]]
                assert len({a["p"] for a in removed}) <= 1  # one seat's own actions
                s, _ = records.replay({**app.record, "actions": after})
                events = []
                for a in removed:
                    events += castle.apply(s, a)
                assert not [e for e in events if e["e"] == "revealed"]
                continue
            app.click(rnd.choice(tokens(app.render())), {})


def test_a_game_is_exported_as_its_record_and_reads_back_the_same() -> None:
    store = MemoryStore()
    app = new_app(3, 21, store=store)
    rnd = random.Random(21)
    for _ in range(60):
        app.click(rnd.choice(tokens(app.render())), {})
    app.home()
    html = app.render()
    assert 'id="export"' in html
    app.export_game()
    assert app.download is not None
    name, text = app.download
    assert name.endswith(".json") and name.startswith("castle-")
    again = records.loads(text)
    assert again == app.record
    state, _ = records.replay(again)
    assert castle.to_json(state) == castle.to_json(app.state)


def test_a_save_that_cannot_be_read_can_be_downloaded_unchanged() -> None:
    store = MemoryStore()
    store.set("castle.current", "{not json")
    app = App(store, GAMES)
    html = app.render()
    assert 'id="export-unreadable"' in html
    app.export_unreadable()
    assert app.download == ("castle-unreadable-save.json", "{not json")


def test_a_game_file_opens_after_every_check_and_a_bad_one_changes_nothing() -> None:
    store = MemoryStore()
    source = new_app(2, 31, store=MemoryStore())
    rnd = random.Random(31)
    for _ in range(40):
        source.click(rnd.choice(tokens(source.render())), {})
    source.export_game()
    assert source.download is not None
    good = source.download[1]
    app = new_app(3, 5, store=store)
    before = dict(store.data)
    for bad, words in (
        ("{not json", "not a JSON file"),
        (good.replace('"p1 ', '"p² ', 1), "cannot be read"),
        (good.replace('"names": [', '"names": [7, ', 1), "names"),
    ):
        assert not app.import_game(bad, "bad.json")
        assert words in (app.notice or "") and "Nothing was changed" in (app.notice or "")
        assert store.data == before
    assert app.import_game(good, "good.json")
    assert app.record == source.record and app.screen == "game"
    assert store.data["castle.current"] == good
    assert "castle.previous" in store.data  # the game it replaced is kept
