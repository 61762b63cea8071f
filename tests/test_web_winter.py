"""The winter variant on the page (App, without a browser): chosen on the new-game form, played
to the end by clicking, every winter decision shown by its own panel, the cards on the board,
the saved game listed as a winter game, and every winter sentence and reason in both languages.
"""

from __future__ import annotations

import random
import re

import pytest
from scenario import decision
from test_web_app import click_randomly, new_app, tokens

from castle import CASTLE, data
from tabletop import record
from web.games import GAMES
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

pytestmark = [pytest.mark.as_played, pytest.mark.long]

#: The decisions the winter cards add (castle/winter.py), each with a panel of its own.
WINTER_STAGES = {"plague", "snowdrift", "cracked_wall", "give", "share", "toll"}


def test_the_new_game_form_offers_the_season_and_starts_a_winter_game() -> None:
    app = App(MemoryStore(), GAMES, lang="en")
    render(app)
    app.screen = "new"
    html = render(app)
    assert 'name="variant"' in html and "Winter: with the six winter cards" in html
    app = new_app(2, 5, variant="winter")
    assert app.state is not None and app.state.winter is not None
    assert app.record is not None and app.record["setup"]["winter"] is True
    cover = re.search(r'data-act="(k\d+)"[^>]*id="pass-cover"', render(app))
    assert cover is not None
    app.click(cover.group(1), {})
    html = render(app)
    assert "Winter · Round 1 of 12" in html
    assert 'class="board winter"' in html and 'class="winter-deck"' in html
    summer = new_app(2, 5)
    assert summer.state is not None and summer.state.winter is None
    assert summer.record is not None and summer.record["setup"]["winter"] is False
    assert "winter-cards" not in render(summer)


@pytest.mark.parametrize(("players", "seed", "lang"), [(2, 8, "zh")])
def test_a_winter_game_by_clicking_shows_every_card_and_ends_with_the_engines_scores(
    players: int, seed: int, lang: str
) -> None:
    app = new_app(players, seed, variant="winter", lang=lang)
    rnd = random.Random(seed)
    stages: set[str] = set()
    cards_seen: set[str] = set()
    for _ in range(6000):
        assert app.state is not None
        if app.state.phase == "over":
            break
        html = render(app)
        d = decision(app.state)
        on_screen = 'id="decision"' in html and "cover" not in html[:40]
        if d is not None and d["stage"] in WINTER_STAGES and on_screen:
            stages.add(d["stage"])
            if d["stage"] == "snowdrift":
                # Which Workers it offers shows the one chosen this round: only the seat asked
                # is at the device (a cover came first).
                assert app.viewer == d["players"][0]
            # Its own panel: the card at hand named with its text, never the generic buttons.
            assert 'class="winter-note"' in html and "options generic" not in html
        cards_seen.update(re.findall(r'class="winter-card w-(\w+)', html))
        options = tokens(html)
        assert options, f"nothing to click at {d}"
        app.click(rnd.choice(options), {})
    click_randomly(app, rnd)
    html = render(app)
    assert 'id="scores"' in html
    assert "give" in stages and len(stages) >= 2  # the rest may be forced in a random game
    assert cards_seen == set(data.WINTER_CARDS)
    assert app.record is not None
    replayed, _ = record.replay(CASTLE, app.record)
    assert CASTLE.to_json(replayed) == CASTLE.to_json(app.state)


def test_a_saved_winter_game_is_listed_as_one_and_resumes() -> None:
    store = MemoryStore()
    app = new_app(3, 9, store=store, variant="winter")
    rnd = random.Random(9)
    for _ in range(80):
        app.click(rnd.choice(tokens(render(app))), {})
    assert app.state is not None
    before = CASTLE.to_json(app.state)
    again = App(store, GAMES, lang="zh")
    html = render(again)
    assert "冬季 · " in html
    resume = re.search(r'data-act="(k\d+)"[^>]*id="resume"', html)
    assert resume is not None
    again.click(resume.group(1), {})
    assert again.state is not None and CASTLE.to_json(again.state) == before


def test_the_house_rules_and_the_help_list_the_winter_rulings() -> None:
    app = new_app(2, 1)
    html = app.ui.rules(app)
    for ruling in data.WINTER_HOUSE_RULES:
        assert app.t(f"ruling.{ruling}") in html.replace("&#x27;", "'")
    help_html = app.ui.help(app, "winter-damsel")
    assert 'data-topic="help-winter-damsel"' in help_html
    assert app.t("card.damsel") in help_html


def test_in_a_winter_round_the_cover_turns_over_the_winter_card_before_the_reveal() -> None:
    """After the secret choices of a winter round, the winter card comes first (§3.3): the
    cover's button says so, and the chosen cards stay hidden while its decisions are asked."""
    app = new_app(2, 3, variant="winter")
    rnd = random.Random(3)
    for _ in range(400):
        assert app.state is not None
        html = render(app)
        if app.revealing and app.state.phase == "winter" and not app.private_now():
            break  # (a Snowdrift first would pass the device to its first player instead)
        app.click(rnd.choice(tokens(html)), {})
    else:
        raise AssertionError("no winter round reached")
    assert "Turn over the winter card" in html and "Reveal the cards" not in html
    reveal = re.search(r'data-act="(k\d+)"[^>]*id="reveal"', html)
    assert reveal is not None
    app.click(reveal.group(1), {})
    html = render(app)
    assert app.state.phase == "winter" and 'class="winter-card w-' in html
    assert '<span class="phase">Winter card</span>' in html


def test_a_rounds_summary_keeps_every_winter_card_at_work() -> None:
    """Each winter card's doing is said in the round's summary, as the other moves are."""
    app = new_app(2, 1)
    kept = set(app.ui.summary_events)
    assert {"winter_revealed", "card_discarded", "winter_paid", "stone_returned"} <= kept
    assert {"damsel_won", "toll_helper_returned", "innkeeper_placed", "helper_placed"} <= kept
