"""The page's controller, played the way a person plays it: by clicking what the screen offers.

These run the real `web.shell.app.App` and its screens in CPython, with a fake localStorage
(marked `long`: not again in Pyodide, where the e2e tests play the page in the browser's own);
the browser-only glue (web/main.py) is covered by the e2e tests.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from scenario import castle_record, decision

from castle import CASTLE, data
from tabletop import record as records
from web.games import GAMES
from web.shell.app import App
from web.shell.html import esc
from web.shell.screens import render
from web.shell.storage import MemoryStore

pytestmark = [pytest.mark.as_played, pytest.mark.long]

ACT = re.compile(r'data-act="(k\d+)"')
#: Controls that are not moves of the game; random clicking leaves them alone.
NOT_MOVES = re.compile(r'<button[^>]*data-act="(k\d+)"[^>]*\bdata-tool\b')


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
    render(app)
    app.form = {"players": str(players), "seed": str(seed), "start": "0", **form}
    app.start()
    return app


def click_randomly(app: App, rnd: random.Random, limit: int = 5000) -> None:
    """Random moves until the game is over, and its last round's summary read."""
    for _ in range(limit):
        assert app.state is not None
        if app.state.phase == "over":
            if app.summary is not None:
                app.dismiss_summary()
            return
        html = render(app)
        options = tokens(html)
        assert options, f"nothing to click at {decision(app.state)}"
        app.click(rnd.choice(options), {})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_by_clicking_ends_with_the_engines_scores(players: int, seed: int) -> None:
    app = new_app(players, seed)
    click_randomly(app, random.Random(seed))
    html = render(app)
    assert 'id="scores"' in html and 'id="winner"' in html
    # The scores shown are the engine's for the same record, replayed from scratch.
    assert app.record is not None
    replayed, _ = records.replay(CASTLE, app.record)
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
        html = render(app)
        seen_kinds.update(re.findall(r'class="options generic" data-kind="(\w+)"', html))
        app.click(rnd.choice(tokens(html)), {})
    assert app.state is not None and app.state.phase == "over"
    assert {"cards", "choose", "payment", "place"} <= seen_kinds
    assert app.record is not None
    replayed, _ = records.replay(CASTLE, app.record)
    assert CASTLE.to_json(replayed) == CASTLE.to_json(app.state)


def test_the_record_is_saved_after_every_action() -> None:
    store = MemoryStore()
    app = new_app(3, 5, store=store)
    rnd = random.Random(5)
    for _ in range(40):
        app.click(rnd.choice(tokens(render(app))), {})
        assert app.record is not None
        assert app.key is not None and app.key.startswith("castle.game.")
        saved = records.loads(CASTLE, store.data[app.key])
        assert saved["actions"] == app.record["actions"]


def test_reopening_the_page_offers_to_resume_at_the_same_decision() -> None:
    store = MemoryStore()
    app = new_app(4, 8, store=store)
    click_randomly_n(app, random.Random(8), 60)
    assert app.state is not None
    before = CASTLE.to_json(app.state)
    again = App(store, GAMES)
    html = render(again)
    assert 'id="resume"' in html
    again.click(re.search(r'data-act="(k\d+)"[^>]*id="resume"', html).group(1), {})  # type: ignore[union-attr]
    assert again.state is not None
    assert CASTLE.to_json(again.state) == before


def click_randomly_n(app: App, rnd: random.Random, n: int) -> None:
    for _ in range(n):
        app.click(rnd.choice(tokens(render(app))), {})


def test_an_unreadable_save_is_listed_and_a_new_game_can_start() -> None:
    store = MemoryStore()
    store.set("castle.current", "{not json")  # where an earlier build kept its one game
    app = App(store, GAMES)
    html = render(app)
    assert "could not be read" in html and "not a JSON file" in html
    assert 'id="resume"' not in html
    app.form = {"players": "2"}
    app.start()
    assert app.state is not None and app.state.n == 2
    assert store.data["castle.current"] == "{not json"  # never replaced
    assert [k for k in store.data if "unreadable" in k] == []  # and never copied


def test_a_save_from_a_newer_version_is_refused_with_a_message() -> None:
    store = MemoryStore()
    rec = castle_record(3, 1)
    rec["format_version"] = 99
    store.set("castle.current", records.dumps(rec))
    html = render(App(store, GAMES))
    assert "newer" in html and "update the program" in html
    assert store.data["castle.current"] == records.dumps(rec)  # not deleted


def _selection_html(app: App) -> str:
    """The page while the viewer chooses, with the click tokens (which vary) removed."""
    return ACT.sub('data-act=""', render(app))


def test_while_one_player_chooses_the_others_choices_are_not_on_the_page() -> None:
    # Two games identical but for p0's secret choice: what p1 sees must not differ.
    pages = []
    for card in ("messenger", "trader"):
        app = new_app(3, 4)
        assert app.state is not None
        app.pass_cover(0)
        app.do({"p": 0, "do": "select", "cards": [card]})
        assert app.viewer is None  # the cover is back
        cover = render(app)
        assert "Pass the device" in cover
        app.pass_cover(1)
        pages.append(_selection_html(app))
    assert pages[0] == pages[1]


def test_forbidden_options_show_their_reason_and_do_nothing() -> None:
    app = new_app(3, 4)
    app.pass_cover(0)
    html = render(app)
    # Round 1: the Master Builder cannot be chosen; the engine's reason is shown in words.
    button = re.search(r"<button[^>]*aria-disabled[^>]*>Master Builder", html)
    assert button is not None
    assert "data-act" not in button.group(0)
    assert 'data-reason="' in button.group(0)


def _trader_messenger_worker(app: App) -> None:
    """Round 1 of a 3-player game: seats 0, 1 and 2 choose the Trader, the Messenger and
    Worker A, each past its cover, and the cards are revealed."""
    for seat, card in ((0, "trader"), (1, "messenger"), (2, "worker_a")):
        app.pass_cover(seat)
        app.do({"p": seat, "do": "select", "cards": [card]})
    app.reveal()


def test_undo_takes_back_a_public_move_but_never_a_secret_choice() -> None:
    app = new_app(3, 4)
    for seat, card in ((0, "trader"), (1, "messenger"), (2, "worker_a")):
        app.pass_cover(seat)
        assert not app.can_undo()
        app.do({"p": seat, "do": "select", "cards": [card]})
    assert not app.can_undo()  # the last action was a secret choice
    app.reveal()
    assert app.state is not None
    assert decision(app.state)["stage"] == "trader"  # type: ignore[index]
    app.do({"p": 0, "do": "trader", "place": "sand_cart"})
    assert app.can_undo()
    app.undo()
    assert app.state.traders["sand_cart"] is None
    assert decision(app.state)["stage"] == "trader"  # type: ignore[index]


#: A 2-player game (seed 26) whose round-3 selections are both forced: the last action of
#: round 2 is followed by the reveal of cards neither player chose.
FORCED_REVEAL = (
    "p0 select trader bricklayer",
    "p1 select trader bricklayer",
    "p0 trader stone_cart",
    "p1 trader sand_cart",
    "p0 tower wood",
    "p0 erect house",
    "p0 helper market_1 supply",
    "p1 tower clay",
    "p1 done",
    "p1 select stonemason worker_b",
    "p0 select messenger worker_c",
    "p0 worker_c clay clay",
    "p1 buy p0 worker_c stone",
    "p1 erect well",
    "p1 pay wood 0 0",
    "p1 erect tower",
    "p0 select stonemason worker_b",
    "p1 select messenger worker_c",
    "p1 worker_c sand wood",
    "p0 done",
    "p1 done",
)


def test_no_undo_after_a_public_move_that_turned_the_next_secret_cards_up() -> None:
    """The selections the engine took by itself (each player had one choice) are revealed in
    the events of the round's last move: taking that move back would let its player choose
    again knowing them."""
    app = new_app(2, 26)
    for line in FORCED_REVEAL:
        assert app.do(CASTLE.parse_action(line)), line
    assert any(e["e"] == "revealed" for e in app._last_events())
    assert not app.can_undo()


def test_the_page_speaks_chinese() -> None:
    app = new_app(2, 3, lang="zh")
    app.pass_cover(app.state.start_player if app.state else 0)
    html = render(app)
    assert "信差" in html and "交易商" in html


def test_a_suggested_payment_pays_in_one_click() -> None:
    """§5: the page suggests whole payments; one click pays every step and erects."""
    app = new_app(2, 21)
    rnd = random.Random(21)
    for _ in range(3000):
        assert app.state is not None
        d = decision(app.state)
        if d and d["stage"] == "pay" and d["pay"]["step"] == 0:
            break
        app.click(rnd.choice(tokens(render(app))), {})
    else:
        pytest.fail("no payment came up")
    html = render(app)
    suggestion = re.search(r'<button[^>]*data-act="(k\d+)"[^>]*class="go"', html)
    assert suggestion is not None and "Pay in one step" in html
    built = len([e for e in app.events if e["e"] == "erected"])
    app.click(suggestion.group(1), {})
    assert len([e for e in app.events if e["e"] == "erected"]) == built + 1
    assert decision(app.state)["stage"] != "pay"  # type: ignore[index]


def test_two_players_of_one_colour_are_asked_to_choose_again() -> None:
    app = App(MemoryStore(), GAMES)
    render(app)
    app.form = {"players": "2", "colour0": "red", "colour1": "red"}
    app.start()
    assert app.state is None
    assert "same colour" in render(app)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_help_opens_from_every_screen_with_the_house_rulings(lang: str) -> None:
    """Every ruling (⚖) is listed in the rules help as a house rule; the help opens from the
    home screen, a cover, a decision and the end, and closes back to where it was."""
    store = MemoryStore()
    app = App(store, GAMES, lang=lang)
    for screen in ("home", "cover", "decision", "end"):
        if screen == "cover":
            app.form = {"players": "3", "seed": "1", "start": "0"}
            app.start()
        elif screen == "decision":
            app.pass_cover(0)
        elif screen == "end":
            click_randomly(app, random.Random(1))
        before = ACT.sub("", render(app))
        _click(app, app.t("app.help"))
        html = render(app)
        assert 'id="help"' in html and 'role="dialog"' in html, screen
        _click(app, app.t("app.help_close"))
        assert ACT.sub("", render(app)) == before, screen
    app.open_help()
    html = render(app)
    for ruling in data.HOUSE_RULES:
        text = app.t(f"ruling.{ruling}")
        assert text != f"ruling.{ruling}"
        assert esc(text) in html


def test_the_log_follows_undo_and_a_change_of_language() -> None:
    app = new_app(3, 4)
    _trader_messenger_worker(app)
    app.do({"p": 0, "do": "trader", "place": "sand_cart"})
    placed = [text for _, text, _ in app.log_lines() if "sand cart" in text]
    assert placed
    app.undo()
    lines = [text for _, text, _ in app.log_lines()]
    assert [text for text in lines if "sand cart" in text] == [
        "Player 1 took back: Send a helper to the sand cart."
    ]
    app.set_language("zh")
    assert any("信差" in text for _, text, _ in app.log_lines())
    assert any("撤销了：派1名手下到沙牛车。" in text for _, text, _ in app.log_lines())


def _saved_text(**change: object) -> str:
    rec = castle_record(3, 1, names=["A", "B", "C"], colours=["blue", "red", "green"])
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
def test_a_bad_save_is_kept_as_it_is_and_the_page_starts(why: str) -> None:
    store = MemoryStore()
    key = "castle.game.bad"
    store.set(key, BAD_SAVES[why])
    for _visit in range(3):  # reloads: the save is listed, never copied nor changed
        app = App(store, GAMES)
        html = render(app)
        assert "could not be read" in html and 'id="resume"' not in html, why
        assert [e["key"] for e in app.listed] == [key]
        assert app.listed[0]["problem"]
        assert set(store.data) == {key} and store.data[key] == BAD_SAVES[why]
    app.export_saved(key)
    assert app.download is not None and app.download[1] == BAD_SAVES[why]
    app.form = {"players": "2", "seed": "4"}
    app.start()
    assert app.state is not None and app.state.n == 2
    assert store.data[key] == BAD_SAVES[why]


def test_a_name_that_looks_like_html_is_shown_as_text() -> None:
    evil = "<img src=x onerror=alert(1)>"
    app = new_app(3, 5, name0=evil)
    rnd = random.Random(1)
    for _ in range(300):
        html = render(app)
        assert "<img" not in html
        assert app.state is not None
        if app.state.phase == "over":
            break
        app.click(rnd.choice(tokens(html)), {})
    assert app.names[0] == evil[:24]  # cut to the form's length, and shown literally
    assert esc(app.names[0]) in render(app)
    app.home()
    assert "<img" not in render(app)


@pytest.mark.parametrize("seed", ["²", "7" * 5000, "-5", "1.5", "12a"])
def test_a_seed_that_is_not_a_whole_number_gets_a_clear_message(seed: str) -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    render(app)
    app.form = {"players": "2", "seed": seed}
    app.start()
    assert app.state is None
    assert "The seed must be a whole number" in render(app)
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
        html = render(app)
        assert 'id="save-problem"' in html and "QuotaExceededError" in html
        app.click(rnd.choice(tokens(html)), {})
    store.full = False
    assert app.record is not None
    moves = len(app.record["actions"])
    while len(app.record["actions"]) == moves:  # until an action is played, and saved
        app.click(rnd.choice(tokens(render(app))), {})
    assert 'id="save-problem"' not in render(app)
    assert app.key is not None
    assert records.loads(CASTLE, store.data[app.key])["actions"] == app.record["actions"]


def test_a_second_tab_behind_the_first_plays_nothing_and_catches_up() -> None:
    store = MemoryStore()
    first = new_app(3, 9, store=store)
    second = App(store, GAMES, lang="en")
    render(second)
    second.resume()
    rnd = random.Random(9)
    assert first.record is not None and second.record is not None
    while len(first.record["actions"]) < 2:  # the first tab plays on
        first.click(rnd.choice(tokens(render(first))), {})
    assert first.key == second.key and first.key is not None
    saved = store.data[first.key]
    for _ in range(20):  # the second tab is behind: nothing it does is played or saved
        html = render(second)
        latest = re.findall(r'data-act="(k\d+)"[^>]*id="load-latest"', html)
        second.click(rnd.choice([t for t in tokens(html) if t not in latest]), {})
    assert second.behind and store.data[first.key] == saved
    html = render(second)
    assert "played on in another tab" in html and 'id="load-latest"' in html
    second.load_latest()
    assert second.record is not None and second.record["actions"] == first.record["actions"]
    assert not second.behind
    while len(second.record["actions"]) == len(first.record["actions"]):
        second.click(rnd.choice(tokens(render(second))), {})
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
                removed = [CASTLE.parse_action(line) for line in before[len(after) :]]
                assert len({a["p"] for a in removed}) <= 1  # one seat's own actions
                s, _ = records.replay(CASTLE, {**app.record, "actions": after})
                events = []
                for a in removed:
                    events += CASTLE.apply(s, a)
                assert not [e for e in events if e["e"] == "revealed"]
                continue
            app.click(rnd.choice(tokens(render(app))), {})


def test_a_game_is_exported_as_its_record_and_reads_back_the_same() -> None:
    store = MemoryStore()
    app = new_app(3, 21, store=store)
    rnd = random.Random(21)
    for _ in range(60):
        app.click(rnd.choice(tokens(render(app))), {})
    app.home()
    html = render(app)
    assert 'id="export"' in html
    app.export_game()
    assert app.download is not None
    name, text = app.download
    assert name.endswith(".json") and name.startswith("castle-")
    again = records.loads(CASTLE, text)
    assert again == app.record
    state, _ = records.replay(CASTLE, again)
    assert CASTLE.to_json(state) == CASTLE.to_json(app.state)


def test_a_game_file_opens_after_every_check_and_a_bad_one_changes_nothing() -> None:
    store = MemoryStore()
    source = new_app(2, 31, store=MemoryStore())
    rnd = random.Random(31)
    for _ in range(40):
        source.click(rnd.choice(tokens(render(source))), {})
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
        assert not app.import_file(bad, "bad.json")
        assert words in (app.notice or "") and "Nothing was changed" in (app.notice or "")
        assert store.data == before
    assert app.import_file(good, "good.json")
    assert app.record == source.record and app.screen == "game"
    assert app.key is not None and store.data[app.key] == good
    assert set(before) < set(store.data)  # the game open before is kept


# --- saved games, backups, looking back --------------------------------------------------------


def _click(app: App, words: str, key: str | None = None) -> None:
    """Click the button with these words (in the saved game `key`'s row, if given)."""
    html = render(app)
    if key is not None:
        html = html[html.index(f'data-key="{key}"') :]
    found = re.search(rf'data-act="(k\d+)"[^>]*>{re.escape(esc(words))}</button>', html)
    assert found is not None, words
    app.click(found.group(1), app.form)


def test_several_games_are_kept_and_each_resumes_where_it_stood() -> None:
    store = MemoryStore()
    clock = iter(range(1_000, 100_000, 60))
    app = App(store, GAMES, lang="en", clock=lambda: float(next(clock)))
    states = {}
    for players in (2, 3, 4):
        app.home()
        app.form = {"players": str(players), "seed": str(players), "start": "0"}
        app.start()
        click_randomly_n(app, random.Random(players), 15)
        assert app.key is not None and app.state is not None
        states[app.key] = CASTLE.to_json(app.state)
    again = App(store, GAMES, lang="en")
    html = render(again)
    assert [e["key"] for e in again.listed] == list(reversed(states))  # the last saved first
    assert html.count('class="saved"') == 3 and html.count('id="resume"') == 1
    for key, state in states.items():
        again.home()
        _click(again, "Resume", key)
        assert again.key == key and again.state is not None
        assert CASTLE.to_json(again.state) == state


def test_a_game_is_renamed_and_deleted_only_once_confirmed() -> None:
    store = MemoryStore()
    app = new_app(3, 7, store=store, name0="Ann", name1="Bo", name2="Cy")
    key = app.key
    assert key is not None
    app.home()
    assert "Ann, Bo, Cy" in render(app)
    _click(app, "Rename", key)
    app.form = {"title": "  Sunday   at Bo's  "}
    _click(app, "Save", key)
    html = render(app)
    assert "Sunday at Bo&#x27;s" in html and "Ann, Bo, Cy" in html
    assert App(store, GAMES).listed[0]["about"]["title"] == "Sunday at Bo's"  # type: ignore[index]
    _click(app, "Delete", key)
    assert "Delete this game for good?" in render(app) and key in store.data
    _click(app, "Cancel", key)
    assert key in store.data
    _click(app, "Delete", key)
    _click(app, "Delete", key)
    assert not [k for k in store.data if k.startswith(key)] and app.record is None
    assert 'class="saved"' not in render(app)


def test_a_finished_game_stays_listed_and_replays_step_by_step() -> None:
    store = MemoryStore()
    app = new_app(2, 3, store=store)
    click_randomly(app, random.Random(3))
    assert app.record is not None and app.state is not None
    final = CASTLE.to_json(app.state)
    count = len(app.record["actions"])
    again = App(store, GAMES, lang="en")
    html = render(again)
    assert "finished:" in html and "won" in html and 'id="resume"' not in html
    _click(again, "Replay", again.listed[0]["key"])
    html = render(again)
    assert 'id="winner"' in html and 'id="history"' in html
    assert f"Game over — the final scores, after {count} moves." in html
    _click(again, "◀◀ Start")
    assert again.past == 0 and again.state is not None and again.state.round == 1
    assert 'id="winner"' not in render(again)
    for moment in range(1, 6):
        _click(again, "Forward ▶")
        assert again.past == moment
        replayed, _ = records.replay(
            CASTLE, {**again.record, "actions": again.record["actions"][:moment]}
        )  # type: ignore[index]
        assert CASTLE.to_json(again.state) == CASTLE.to_json(replayed)
    _click(again, "End ▶▶")
    assert CASTLE.to_json(again.state) == final and 'id="winner"' in render(again)


def test_a_past_moment_from_the_log_is_read_only_and_the_game_comes_back() -> None:
    store = MemoryStore()
    app = new_app(3, 12, store=store)
    click_randomly_n(app, random.Random(12), 40)
    assert app.record is not None and app.state is not None
    now, actions, saved = CASTLE.to_json(app.state), list(app.record["actions"]), dict(store.data)
    html = render(app)
    moments = [int(m) for m in re.findall(r'class="moment" data-moment="(\d+)"', html)]
    assert moments and max(moments) <= len(actions)
    target = sorted(set(moments))[len(set(moments)) // 2]
    found = re.search(rf'data-act="(k\d+)" data-tool class="moment" data-moment="{target}"', html)
    assert found is not None
    app.click(found.group(1), {})
    assert app.past == target
    html = render(app)
    assert "Looking back" in html and "nothing can be played" in html
    assert 'id="undo"' not in html and 'id="hint"' not in html
    assert tokens(html) == []  # nothing to play: only the log, the steps and the way back
    assert app.computer_asked() is None
    assert not app.do(CASTLE.legal_actions(app.state, app.asked()[0])[0])
    assert store.data == saved and app.record["actions"] == actions
    _click(app, "Back to the game")
    assert app.past is None and CASTLE.to_json(app.state) == now
    app.home()
    app.resume()
    assert CASTLE.to_json(app.state) == now


def test_a_backup_restores_every_game_in_another_browser() -> None:
    store = MemoryStore()
    app = new_app(2, 5, store=store, name0="Ann")
    click_randomly(app, random.Random(5))  # a finished game
    app.home()
    app.form = {"players": "3", "seed": "6", "start": "0"}
    app.start()
    click_randomly_n(app, random.Random(6), 20)
    app.home()
    _click(app, "Rename", app.key)
    app.form = {"title": "the second"}
    _click(app, "Save", app.key)
    store.set("castle.game.bad", "{not json")
    app.list_games()
    app.export_all()
    assert app.download is not None
    name, text = app.download
    assert name == "castle-backup.json"
    other_store = MemoryStore()
    other = App(other_store, GAMES, lang="en")
    before = dict(other_store.data)
    for bad, words in (
        (text.replace('"format_version": 1', '"format_version": 9'), "version 9"),
        (text.replace('"games": [', '"games": 3, "x": [', 1), "must be a list"),
        (text[:-30], "not a JSON file"),
    ):
        assert not other.import_file(bad, "backup.json")
        assert words in (other.notice or ""), words
        assert other_store.data == before
    assert other.import_file(text, "backup.json")
    assert "2 games restored, 0 already here, 1 could not be read" in (other.notice or "")
    assert sorted(e["about"]["title"] for e in other.listed if e["about"]) == ["", "the second"]
    records_here = sorted(other_store.data[e["key"]] for e in other.listed)
    records_there = sorted(store.data[e["key"]] for e in app.listed if e["problem"] is None)
    assert records_here == records_there
    other.import_file(text, "backup.json")  # again: nothing doubled
    assert "0 games restored, 2 already here" in (other.notice or "")
    assert len(other.listed) == 2


class QuotaStore(MemoryStore):
    """A storage with a size limit, as a browser's: a write past it fails and changes nothing."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def _a_game_the_storage_refuses() -> tuple[App, QuotaStore, str, random.Random]:
    """A finished game saved, then a storage nearly full and a new game whose moves it
    refuses: the app (at that game), the storage, the finished game's key, the clicks' rnd."""
    store = QuotaStore(1_000_000)
    app = App(store, GAMES, lang="en")
    app.form = {"players": "2", "seed": "8", "start": "0"}
    app.start()
    click_randomly(app, random.Random(8))
    old = app.key
    assert old is not None
    store.limit = sum(len(k) + len(v) for k, v in store.data.items()) + 2_000
    app.home()
    app.form = {"players": "4", "seed": "9", "start": "0"}
    app.start()
    rnd = random.Random(9)
    while app.save_problem is None:
        app.click(rnd.choice(tokens(render(app))), {})
    return app, store, old, rnd


def test_a_full_storage_is_freed_by_deleting_an_old_game_and_nothing_is_lost() -> None:
    app, store, old, rnd = _a_game_the_storage_refuses()
    assert app.record is not None and app.screen == "game"
    html = render(app)
    assert "could not be saved" in html and 'id="free-space"' in html
    _click(app, "Free space: saved games")
    assert "could not be saved" in render(app)  # said on the home screen too
    _click(app, "Delete", old)
    _click(app, "Delete", old)
    assert old not in store.data
    # The open game is saved again at once, and the banner is gone.
    assert app.save_problem is None and 'id="save-problem"' not in render(app)
    _click(app, "Resume", app.key)
    played = list(app.record["actions"])
    while len(app.record["actions"]) == len(played):
        app.click(rnd.choice(tokens(render(app))), {})
    assert app.save_problem is None
    assert app.key is not None
    assert records.loads(CASTLE, store.data[app.key])["actions"][: len(played)] == played


def test_games_kept_by_an_earlier_build_are_listed_where_they_are() -> None:
    store = MemoryStore()
    source = new_app(3, 2, store=MemoryStore())
    click_randomly_n(source, random.Random(2), 25)
    assert source.record is not None
    store.set("castle.current", records.dumps(source.record))
    store.set("castle.current.rev", "4")
    store.set("castle.previous", records.dumps({**source.record, "actions": []}))
    app = App(store, GAMES, lang="en")
    assert sorted(e["key"] for e in app.listed) == ["castle.current", "castle.previous"]
    assert all(e["problem"] is None for e in app.listed)
    app.open_saved("castle.current")
    assert app.record == source.record
    rnd = random.Random(2)
    while len(app.record["actions"]) == len(source.record["actions"]):
        app.click(rnd.choice(tokens(render(app))), {})
    assert (
        records.loads(CASTLE, store.data["castle.current"])["actions"][:-1]
        == source.record["actions"]
    )
    assert store.data["castle.current.rev"] == "5"


def _saved_under_todays_rules(store: MemoryStore) -> App:
    app = new_app(2, 14, store=store)
    click_randomly(app, random.Random(14))
    app.home()
    return app


def test_a_game_of_older_rules_replays_through_its_migration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from castle.game import CASTLE

    store = MemoryStore()
    old = _saved_under_todays_rules(store)
    key = old.listed[0]["key"]
    assert old.record is not None
    renamed = {"p0": "p0"}  # the next version of this test writes nothing differently
    today = CASTLE.rules_version

    def to_next(rec: records.Record) -> records.Record:
        rec["actions"] = [renamed.get(a[:2], a[:2]) + a[2:] for a in rec["actions"]]
        return rec

    monkeypatch.setattr(CASTLE, "rules_version", today + 1)
    monkeypatch.setattr(CASTLE, "migrations", {**CASTLE.migrations, today: to_next})
    app = App(store, GAMES, lang="en")
    assert app.listed[0]["problem"] is None
    app.open_saved(key)
    assert app.record is not None and app.record["rules_version"] == today + 1
    assert app.record["actions"] == old.record["actions"]
    assert CASTLE.to_json(app.state) == CASTLE.to_json(old.state)


def test_a_game_no_migration_reaches_stays_listed_as_last_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from castle.game import CASTLE
    from tabletop.game import NO_MIGRATION

    store = MemoryStore()
    old = _saved_under_todays_rules(store)
    key = old.listed[0]["key"]
    text = store.data[key]
    about = old.listed[0]["about"]
    assert about is not None and about["finished"]
    today = CASTLE.rules_version
    monkeypatch.setattr(CASTLE, "rules_version", today + 1)
    monkeypatch.setattr(CASTLE, "migrations", {**CASTLE.migrations, today: NO_MIGRATION})
    app = App(store, GAMES, lang="en")
    html = render(app)
    entry = app.listed[0]
    assert entry["problem"] and "can no longer replay" in entry["problem"]
    assert entry["about"] == about  # its scores and winner, as saved last
    scores = " · ".join(f"{n} {s}" for n, s in zip(about["names"], about["scores"], strict=True))
    assert esc(scores) in html and "can no longer replay" in html
    assert "Replay</button>" not in html and 'id="resume"' not in html
    app.export_saved(key)
    assert app.download is not None and app.download[1] == text
    app.form = {"players": "3"}
    app.start()
    assert store.data[key] == text


# --- a newcomer's table ---------------------------------------------------------------------------


def test_a_secret_card_is_picked_changed_and_played_only_once_confirmed() -> None:
    app = new_app(3, 4)
    app.pass_cover(0)
    assert app.record is not None
    _click(app, "Trader")
    assert app.picked == ["trader"] and app.record["actions"] == []
    html = render(app)
    assert re.search(r'class="picked" aria-pressed="true">Trader<', html)
    _click(app, "Messenger")  # another pick replaces the first
    assert app.picked == ["messenger"] and app.record["actions"] == []
    _click(app, "Play this card")
    assert app.record["actions"] == ["p0 select messenger"]


def test_the_next_game_opens_with_the_last_tables_names_colours_and_seats() -> None:
    store = MemoryStore()
    app = new_app(2, 3, store=store, name0="Ann", colour0="green", kind1="medium")
    app.home()
    html = render(App(store, GAMES, lang="en"))
    assert 'value="Ann"' in html and 'name="colour0"' in html
    assert re.search(r'name="colour0">.*?<option value="green" selected>', html)
    assert re.search(r'name="kind1"[^>]*>.*?<option value="medium" selected>', html)
    assert re.search(r'class="off count picked"[^>]*>2 players<', html)


def test_the_end_shows_the_winner_and_every_total_before_the_breakdown() -> None:
    app = new_app(2, 3)
    click_randomly(app, random.Random(3))
    html = render(app)
    end = html.index('class="end"')
    assert end < html.index('id="board"') and html.index('id="winner"') > end
    rows = re.findall(r'<tr class="(\w+)"><th>([^<]+)</th>', html)
    assert [label for _, label in rows[:3]] == [
        "Total VP",
        "Talers left (1st tie-break)",
        "BP of pieces left (2nd tie-break)",
    ]
    assert all(kind == "source" for kind, _ in rows[3:])


def test_the_trader_says_whose_helper_goes_home_and_the_market_what_it_costs() -> None:
    app = new_app(3, 4, name1="Bo")
    _trader_messenger_worker(app)
    assert app.state is not None
    app.state.traders["wood_cart"] = 1
    app.state.traders["clay_cart"] = 0
    html = render(app)
    assert ">sand cart (free)<" in html
    assert "wood cart: send Bo&#x27;s helper home" in html
    assert ">clay cart (your helper)<" in html


def test_a_round_ends_with_its_summary_before_the_next_cover() -> None:
    app = new_app(3, 9)
    rnd = random.Random(9)
    assert app.state is not None
    vp = [p.vp for p in app.state.players]
    while app.summary is None:
        app.click(rnd.choice(tokens(render(app))), {})
    html = render(app)
    assert 'id="summary"' in html and "Round 1 is over" in html
    assert 'id="pass-cover"' not in html
    # Read over the castle as it stands, which nobody can click meanwhile.
    table = html.partition('id="summary"')[0]
    assert '<div class="layout summary-table" inert aria-hidden="true">' in table
    assert 'id="board"' in table
    assert "data-act" not in table and 'id="decision"' not in table and 'id="log"' not in table
    # Beside it the round track and the players, as a spectator sees them (no column blank).
    assert 'id="side"' in table and 'class="players"' in table
    gained = [p.vp - before for p, before in zip(app.state.players, vp, strict=True)]
    assert app.summary.after[0] - app.summary.before[0] == gained[0]
    assert f"+{gained[0]} VP" in html
    round_lines = {text for rnd_, text, _ in app.log_lines() if rnd_ == 1}
    assert set(app.summary.lines) <= round_lines
    _click(app, "Continue")
    assert app.summary is None and 'id="pass-cover"' in render(app)


def test_computers_wait_while_the_table_reads_a_rounds_summary() -> None:
    app = new_app(2, 6, kind1="medium")
    rnd = random.Random(6)
    while app.summary is None:
        seat = app.computer_asked()
        if seat is not None:
            assert app.computer_play(seat, app.computer_choice(seat), len(app.record["actions"]))  # type: ignore[index]
            continue
        app.click(rnd.choice(tokens(render(app))), {})
    assert app.computer_asked() is None
    app.dismiss_summary()


def test_the_round_track_shows_the_revealed_cards_in_order_and_the_steps_taken_alone() -> None:
    app = new_app(3, 4, name0="Ann", name1="Bo", name2="Cy")
    _trader_messenger_worker(app)
    html = render(app)
    track = re.search(r'<section id="round-track".*?</section>', html)
    assert track is not None
    entries = re.findall(r'<li class="(\w+) [^"]*"[^>]*>([^<]+)</li>', track.group(0))
    assert [text for _, text in entries] == ["Messenger · Bo", "Trader · Ann", "Worker A · Cy"]
    assert [state for state, _ in entries].count("now") == 1
    app.do({"p": 0, "do": "trader", "place": "sand_cart"})
    html = render(app)
    assert "Just now:" in html and "sand cart" in html.split("Just now:")[1].split("</ul>")[0]


def test_the_last_move_of_a_round_is_taken_back_from_its_summary() -> None:
    for seed in range(3, 12):
        app = new_app(2, seed)
        rnd = random.Random(seed)
        while app.summary is None:
            app.click(rnd.choice(tokens(render(app))), {})
        if app.can_undo():
            break
    else:
        pytest.fail("no round ended on a person's move that can be taken back")
    assert app.record is not None and app.state is not None
    before = list(app.record["actions"])
    round_then = app.summary.round
    assert 'id="undo"' in render(app)
    _click(app, "Undo")
    assert app.summary is None and app.record["actions"] == before[:-1]
    assert app.state.round == round_then and 'id="summary"' not in render(app)


def test_resuming_never_shows_the_seat_that_was_choosing() -> None:
    app = new_app(3, 4)
    app.pass_cover(0)
    _click(app, "Trader")
    app.home()
    app.resume()
    html = render(app)
    assert 'id="pass-cover"' in html and app.picked == [] and 'aria-pressed="true"' not in html


@pytest.mark.parametrize(
    ("key", "text"),
    [
        (".about", "[" * 5000),
        (".about", None),  # a finished game's About with a winner that is no seat
        (".about", '{"updated": NaN}'),
        (".rev", "²"),
        ("table", "[" * 3000),
    ],
)
def test_a_damaged_entry_beside_a_save_never_locks_the_page(key: str, text: str | None) -> None:
    store = MemoryStore()
    app = new_app(2, 3, store=store)
    click_randomly(app, random.Random(3))
    assert app.key is not None
    if key == "table":
        store.set("castle.table", text or "")
    elif text is None:
        about = json.loads(store.data[app.key + ".about"])
        store.set(app.key + ".about", json.dumps({**about, "winners": [-9]}))
    else:
        store.set(app.key + key, text)
    again = App(store, GAMES, lang="en")
    html = render(again)
    assert 'class="saved"' in html and "finished:" in html
    again.open_saved(app.key)
    assert again.state is not None and 'id="winner"' in render(again)


def test_a_title_given_in_another_tab_is_kept_by_the_next_save() -> None:
    store = MemoryStore()
    first = new_app(3, 9, store=store)
    second = App(store, GAMES, lang="en")
    assert first.key is not None
    second.form = {"title": "Sunday"}
    second.rename_saved(first.key)
    rnd = random.Random(9)
    moves = len(first.record["actions"])  # type: ignore[index]
    while len(first.record["actions"]) == moves:  # type: ignore[index]
        first.click(rnd.choice(tokens(render(first))), {})
    assert json.loads(store.data[first.key + ".about"])["title"] == "Sunday"


def test_each_decision_opens_the_rules_at_its_own_part() -> None:
    app = new_app(3, 4)
    _trader_messenger_worker(app)
    _click(app, "Rules for this step")
    html = render(app)
    assert 'data-topic="help-card-trader"' in html
    assert re.search(r'id="help-card-trader"[^>]*class="[^"]*topic', html) or re.search(
        r'class="[^"]*topic[^"]*"[^>]*id="help-card-trader"', html
    )


def test_every_explained_thing_on_the_table_opens_the_rules_help_at_its_own_entry() -> None:
    from web.castle_page import help as rules_help

    app = new_app(3, 4)
    rnd = random.Random(4)
    for _ in range(40):  # into a round with cards revealed and pieces on the board
        app.click(rnd.choice(tokens(render(app))), {})
        if app.summary is not None:
            app.dismiss_summary()
    html = render(app)
    explained = re.findall(r"<[^>]*data-explain=[^>]*>", html)
    assert len(explained) > 20
    topics = set(rules_help.topics())
    for element in explained:
        topic = re.search(r'data-topic="([^"]+)"', element)
        assert topic and topic.group(1) in topics, element


def test_a_game_whose_moves_could_not_be_saved_is_never_dropped_for_another() -> None:
    app, store, other, _ = _a_game_the_storage_refuses()
    assert app.record is not None
    held, played = app.key, list(app.record["actions"])
    app.home()
    # Neither another saved game, nor a new one, nor a file takes the unsaved one's place.
    refused = "before opening or starting another"
    app.open_saved(other)
    assert refused in render(app)
    app.form = {"players": "3", "seed": "5", "start": "0"}
    app.start()
    assert refused in render(app)
    assert app.import_file(store.data[other], "other.json") is False
    assert refused in render(app)
    assert app.key == held and app.record["actions"] == played
    app.open_saved(held)  # the game itself still opens, as it is in memory
    assert app.screen == "game" and app.record["actions"] == played
