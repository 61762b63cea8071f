"""The seam itself: every game behind `tabletop.game.Game` behaves alike for everything that plays
it. Each test runs over Castle and over two tiny test games (tests/goofspiel/: secret bids;
tests/harvest/: rolls, a reshuffled pile, free-order turns, interrupts, known cards in a hidden
hand), so nothing here may know any game's rules.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from goofspiel import GOOFSPIEL
from harvest import HARVEST

from castle.game import CASTLE
from seasons import SEASONS
from tabletop import chance
from tabletop import record as records
from tabletop.game import PROMPT_KINDS, Game
from tabletop.refusal import IllegalAction

GAMES: list[Game[Any]] = [CASTLE, GOOFSPIEL, HARVEST, SEASONS]
MAX_ACTIONS = 3000


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def game(request: pytest.FixtureRequest) -> Game[Any]:
    chosen: Game[Any] = request.param
    return chosen


def random_play(game: Game[Any], players: int, seed: int) -> tuple[Any, list[str]]:
    """A whole game of random legal actions, checking the interface's promises at every step."""
    rnd = random.Random(seed)
    s, _ = game.new(players, seed)
    lines: list[str] = []
    while not game.terminal(s):
        assert len(lines) < MAX_ACTIONS, "the game does not end"
        asked = game.asked(s)
        assert asked, "nobody is asked before the end"
        for seat in asked:
            prompt = game.prompt(s, seat)
            assert prompt is not None and prompt["seats"] == asked
            assert prompt["kind"] in PROMPT_KINDS
            assert json.loads(json.dumps(prompt)) == prompt  # JSON-ready
            assert prompt["secret"] or len(asked) == 1
            options = game.legal_actions(s, seat)
            assert options and all(game.why_not(s, a) is None for a in options)
            kept_promises(prompt, options)
        for seat in set(range(players)) - set(asked):
            assert game.prompt(s, seat) is None and game.legal_actions(s, seat) == []
        action = rnd.choice(game.legal_actions(s, rnd.choice(asked)))
        lines.append(game.action_text(action))
        game.apply(s, action)
    assert game.asked(s) == []
    return s, lines


def kept_promises(prompt: Any, options: list[Any]) -> None:
    """The context keys a prompt's kind promises (tabletop.game.PROMPT_KINDS)."""
    context = prompt["context"]
    lists = [[v for v in a.values() if isinstance(v, list)] for a in options]
    if prompt["kind"] == "order":
        for fields in lists:
            assert any(sorted(v) == sorted(context["items"]) for v in fields), prompt
    if prompt["kind"] == "tokens":
        assert context["kinds"] and ("count" in context or "max" in context), prompt
    if prompt["kind"] == "cards" and "min" in context:
        for fields in lists:
            assert any(context["min"] <= len(v) <= context["max"] for v in fields), prompt


def test_random_games_end_with_results_that_explain_every_point(game: Game[Any]) -> None:
    for players in game.players:
        s, _ = random_play(game, players, seed=players)
        results = game.results(s)
        assert results is not None
        assert sorted(results["ranking"]) == list(range(players))
        assert results["ranking"][0] in results["winners"]
        for row in results["seats"]:
            assert sum(row["breakdown"].values()) == row["score"]


def test_a_record_of_action_lines_replays_to_the_same_state(game: Game[Any]) -> None:
    players = game.players[0]
    s, lines = random_play(game, players, seed=3)
    for line in lines:
        assert game.action_text(game.parse_action(line)) == line
    rec = records.new_record(game, {"players": players, "seed": 3, "names": ["A", "B", "C"]})
    rec["actions"] = lines
    again, _ = records.replay(game, records.loads(game, records.dumps(rec)))
    assert game.to_json(again) == game.to_json(s)
    assert game.to_json(game.from_json(json.loads(json.dumps(game.to_json(s))))) == game.to_json(s)


def test_a_bad_record_is_refused_with_one_error_naming_the_problem(game: Game[Any]) -> None:
    good = records.new_record(game, {"players": game.players[0], "seed": 1})
    other = next(g for g in GAMES if g is not game)
    bad = [
        ("{", "not a JSON file"),
        (records.dumps(records.new_record(other, {"players": 2, "seed": 1})), "not a game record"),
        (records.dumps({**good, "format_version": 99}), "newer"),
        (records.dumps({**good, "setup": {"players": 9, "seed": 1}}), "setup: players"),
        (records.dumps({**good, "actions": ["p0 nonsense"]}), "action 1"),
    ]
    for text, problem in bad:
        with pytest.raises(records.RecordError, match=problem):
            records.replay(game, records.loads(game, text))


def test_an_illegal_action_is_refused_with_a_rule_and_changes_nothing(game: Game[Any]) -> None:
    s, _ = game.new(game.players[0], 1)
    before = game.to_json(s)
    for bad in ({"p": 0}, {"p": 99, "do": "nonsense"}, "p0 text"):
        refusal = game.why_not(s, bad)
        assert refusal is not None and "." in refusal.rule
        with pytest.raises(IllegalAction):
            game.apply(s, bad)
    assert game.to_json(s) == before


def test_a_copy_is_equal_and_independent(game: Game[Any]) -> None:
    rnd = random.Random(0)
    s, _ = game.new(game.players[-1], 5)
    while not game.terminal(s):
        copy = game.copy(s)
        assert game.to_json(copy) == game.to_json(s)
        before = game.to_json(s)
        seat = game.asked(copy)[0]
        game.apply(copy, rnd.choice(game.legal_actions(copy, seat)))  # plays on the copy only
        assert game.to_json(s) == before
        game.apply(s, rnd.choice(game.legal_actions(s, game.asked(s)[0])))


def test_a_determinized_view_agrees_with_it_and_plays_to_the_end(game: Game[Any]) -> None:
    """At every decision: a state sampled from a seat's view shows that seat exactly the same
    view, whatever the sample (so every fact the view holds is kept, and nothing the samples
    differ in, the hidden part, shows in a view), and plays on to the end."""
    rnd = random.Random(1)
    players = game.players[-1]
    s, _ = game.new(players, 9)
    decisions = 0
    while not game.terminal(s):
        asked = game.asked(s)
        seat = asked[0]
        seen = game.view(s, seat)
        with pytest.raises(ValueError):
            game.from_json(seen)  # a view is not a state
        for sample in range(3):
            det = game.determinize(seen, seat, random.Random(decisions * 3 + sample))
            assert game.view(det, seat) == seen
            assert game.legal_actions(det, seat) == game.legal_actions(s, seat)
        if decisions % 5 == 0:
            while not game.terminal(det):
                who = game.asked(det)[0]
                game.apply(det, rnd.choice(game.legal_actions(det, who)))
        decisions += 1
        game.apply(s, rnd.choice(game.legal_actions(s, seat)))
    assert decisions > 5


@pytest.mark.parametrize("game", [CASTLE, GOOFSPIEL], ids=lambda g: g.name)
def test_views_hide_a_secret_answer_from_the_other_seats(game: Game[Any]) -> None:
    """In the games that ask in secret (Harvest hides its hands instead: test_harvest.py)."""
    rnd = random.Random(2)
    players = game.players[0]
    s, _ = game.new(players, 4)
    compared = 0
    while not game.terminal(s):
        asked = game.asked(s)
        seat = asked[0]
        options = game.legal_actions(s, seat)
        prompt = game.prompt(s, seat)
        assert prompt is not None
        if prompt["secret"] and len(asked) > 1 and len(options) > 1:
            a, b = game.copy(s), game.copy(s)
            game.apply(a, options[0])
            game.apply(b, options[1])
            for other in [*range(players), None]:
                if other != seat:
                    assert game.view(a, other) == game.view(b, other)
                    compared += 1
        game.apply(s, rnd.choice(options))
    assert compared > 0


def test_nothing_hidden_leaks_into_a_view_as_the_game_moves(game: Game[Any]) -> None:
    """Hidden twins, for any game: at decisions of a random game, each seat's twin is a state
    drawn from that seat's view (`determinize`: the same to it, everything it cannot see drawn
    anew, the generator too). Both are played on with the same actions (one legal in both);
    while their events are the same and reveal nothing to that seat (`chance.revealed_to`: a
    roll, a card shown to it or to all, secret answers turned face up), the twin still looks
    exactly the same to that seat and to a spectator (events that differ are something the
    seat saw: a turn ended by itself in one twin, the hidden hand leaving no choice). A view
    that let slip what moved out of sight (a card another seat drew, a secret answer, a
    shuffled pile, a prompt's context that shows a hidden hand) differs here. Each game's own
    tests add twins made without `determinize` (test_harvest.py, test_bots.py, test_winter.py):
    a fact a view wrongly shows from the start is kept by `determinize` and shows only there."""
    rnd = random.Random(6)
    players = game.players[-1]
    s, _ = game.new(players, 13)
    steps = decisions = twins = 0
    while not game.terminal(s):
        if decisions % 3 == 0:
            for seat in range(players):
                twins += 1
                twin = game.determinize(game.view(s, seat), seat, random.Random(decisions))
                steps += _play_twins(game, game.copy(s), twin, seat, random.Random(decisions))
        decisions += 1
        game.apply(s, rnd.choice(game.legal_actions(s, game.asked(s)[0])))
    assert steps > twins, "the twins hardly moved: the test shows little"


def _play_twins(game: Game[Any], real: Any, twin: Any, seat: int, rnd: random.Random) -> int:
    """Play `real` and `twin` on with the same actions until something is revealed to `seat`
    or no action is legal in both; checks the views at every step; returns the steps made."""
    steps = 0
    while not game.terminal(real) and game.asked(real) == game.asked(twin):
        for looker in (seat, None):
            assert game.view(twin, looker) == game.view(real, looker), (looker, steps)
        who = game.asked(real)[0]
        both = [a for a in game.legal_actions(real, who) if a in game.legal_actions(twin, who)]
        if not both:
            break
        action = rnd.choice(both)
        events = game.apply(real, action), game.apply(twin, action)
        steps += 1
        if events[0] != events[1] or chance.revealed_to(events[0], seat):
            break  # the seat saw something new, or saw the twins differ (a forced answer)
    return steps
