"""Harvest (tests/harvest/), the third game on the seam: its rolls, its pile that reshuffles, its
free-order turn, its interrupt, what each seat knows of the others' hands, and its play through
the shell: the generic panels, the hot-seat covers, the undo barrier after a roll or a draw,
and the three computer levels."""

from __future__ import annotations

import random
import re

import pytest
from harvest import HARVEST, HIDDEN, State, cost
from harvest.page import HARVEST_PAGE

from tabletop import chance
from tabletop import record as records
from tabletop.bot import apply_plan
from tabletop.game import Action
from tabletop.refusal import IllegalAction
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

ACT = re.compile(r'data-act="(k\d+)"')


def act(s: State, line: str) -> list[dict[str, object]]:
    return HARVEST.apply(s, HARVEST.parse_action(line))


def begin(players: int, seed: int, weather: int) -> State:
    """A game at its first grower's first turn: the weather forced, the two tokens taken as
    rain (so the suns are the die's)."""
    with chance.forcing(weather=[weather]):
        s, _ = HARVEST.new(players, seed)
    act(s, "p0 gather 0 2")
    return s


def stage(s: State, seat: int) -> str | None:
    prompt = HARVEST.prompt(s, seat)
    return None if prompt is None else prompt["stage"]


def test_the_weather_die_gives_every_grower_its_suns_and_can_be_forced() -> None:
    with chance.forcing(weather=[6]):
        s, events = HARVEST.new(3, 1)
    assert s.die == 6 and s.suns == [4, 4, 4]
    rolls = [e for e in events if e["e"] == "chance"]
    assert rolls == [
        {"e": "chance", "what": "pile"},
        {"e": "chance", "what": "weather", "outcome": 6},
    ]
    # The first grower gathers two tokens of its choice: a prompt of amounts of two kinds.
    prompt = HARVEST.prompt(s, 0)
    assert prompt is not None and prompt["kind"] == "tokens"
    assert prompt["context"]["kinds"] == ["sun", "rain"] and prompt["context"]["count"] == 2
    assert [a["amounts"] for a in HARVEST.legal_actions(s, 0)] == [[2, 0], [1, 1], [0, 2]]
    refusal = HARVEST.why_not(s, HARVEST.parse_action("p0 gather 2 1"))
    assert refusal is not None and refusal.rule == "gather.count"
    act(s, "p0 gather 1 1")
    assert s.suns == [5, 4, 4] and s.rain == [1, 0, 0] and stage(s, 0) == "turn"
    again, _ = HARVEST.new(3, 1)
    assert HARVEST.to_json(again) == HARVEST.to_json(HARVEST.new(3, 1)[0])  # the seed's own


def test_a_prompt_is_the_callers_own() -> None:
    """Changing a prompt got from the engine changes neither the next caller's nor the task
    its context was read from."""
    with chance.forcing(weather=[3]):
        s, _ = HARVEST.new(2, 6)
    before = HARVEST.to_json(s)
    first = HARVEST.prompt(s, 0)
    assert first is not None and first["context"]["kinds"] == ["sun", "rain"]
    first["context"]["kinds"].append("snow")
    first["context"]["added"] = True
    first["seats"].append(1)
    assert HARVEST.prompt(s, 0) == {**first, "seats": [0], "context": {"seat": 0, **KINDS}}
    assert HARVEST.to_json(s) == before


KINDS = {"kinds": ["sun", "rain"], "count": 2}


def test_a_legal_action_changed_by_its_caller_is_checked_again() -> None:
    """The engine takes a listed action without a second check: a caller that changes the one
    it got changes nothing listed, and the changed action is refused by its rule."""
    with chance.forcing(weather=[3]):
        s, _ = HARVEST.new(2, 6)
    action = HARVEST.legal_actions(s, 0)[0]
    action["amounts"][0] = 7
    assert HARVEST.legal_actions(s, 0)[0]["amounts"] == [2, 0]
    refusal = HARVEST.why_not(s, action)
    assert refusal is not None and refusal.rule == "gather.count"
    with pytest.raises(IllegalAction):
        HARVEST.apply(s, action)


def test_an_action_found_legal_then_changed_by_its_caller_is_checked_again() -> None:
    """`apply` takes the action `why_not` last found legal without a second check, by a copy:
    a caller that changes the one it asked about after the answer is checked again."""
    with chance.forcing(weather=[3]):
        s, _ = HARVEST.new(2, 6)
    action = HARVEST.legal_actions(s, 0)[0]
    assert HARVEST.why_not(s, action) is None
    action["amounts"][0] = 7
    with pytest.raises(IllegalAction):
        HARVEST.apply(s, action)
    action["amounts"][0] = 2
    HARVEST.apply(s, action)


def test_a_turn_is_a_menu_asked_again_until_it_ends() -> None:
    s = begin(2, 3, weather=6)
    card = min(s.hands[0])
    assert stage(s, 0) == "turn" and HARVEST.prompt(s, 0)["kind"] == "menu"  # type: ignore[index]
    act(s, f"p0 plant {card}")
    act(s, "p0 draw")
    assert stage(s, 0) == "turn" and s.suns[0] == 4 - cost(card) - 1
    act(s, "p0 end")
    assert HARVEST.asked(s) == [1] and stage(s, 1) == "turn"


def test_the_cards_planted_in_a_round_ripen_in_the_order_their_grower_chooses() -> None:
    """The round's end asks each grower with two cards or more planted in it, from the first:
    an order (prompt kind `order`) of exactly those cards; the order decides the suns."""
    s = begin(3, 4, weather=6)  # 4 suns each
    s.hands[0], s.hands[1] = [1, 3], [2, 2]
    s.suns = [3, 4, 0]
    for line in ("p0 plant 1", "p0 plant 3", "p1 plant 2", "p1 plant 2", "p1 end"):
        act(s, line)  # p0's turn ends by itself: no sun, no card, nothing but "end" left
    act(s, "p2 end")  # p1's two 2s have one order only: it is taken by itself
    assert stage(s, 0) == "ripen" and HARVEST.asked(s) == [0]
    prompt = HARVEST.prompt(s, 0)
    assert prompt is not None and prompt["kind"] == "order"
    assert prompt["context"] == {"seat": 0, "items": [1, 3]}
    assert [a["order"] for a in HARVEST.legal_actions(s, 0)] == [[1, 3], [3, 1]]
    for bad in ("p0 ripen 3", "p0 ripen 1 3 3", "p0 ripen 2 3"):
        refusal = HARVEST.why_not(s, HARVEST.parse_action(bad))
        assert refusal is not None and refusal.rule == "ripen.not_the_planted", bad
    other = HARVEST.copy(s)
    events = act(s, "p0 ripen 1 3")
    assert {"e": "ripened", "p": 0, "order": [1, 3], "suns": 2} in events
    assert {"e": "ripened", "p": 1, "order": [2, 2], "suns": 0} in events  # 2 suns: not fewer
    assert s.round == 2 and s.planted == [[], [], []]
    events = act(other, "p0 ripen 3 1")  # the 3 first: then the 1 finds a sun already
    assert {"e": "ripened", "p": 0, "order": [3, 1], "suns": 1} in events
    assert other.suns[0] == s.suns[0] - 1  # the same roll next: the copy's generator


def test_an_offer_asks_the_other_grower_then_the_turn_resumes() -> None:
    s = begin(3, 5, weather=2)
    card = s.hands[0][0]
    act(s, f"p0 offer {card}")
    assert stage(s, 0) == "give_to" and HARVEST.prompt(s, 0)["kind"] == "seat"  # type: ignore[index]
    assert HARVEST.legal_actions(s, 0) == [
        HARVEST.parse_action("p0 give_to p1"),
        HARVEST.parse_action("p0 give_to p2"),
    ]
    refusal = HARVEST.why_not(s, HARVEST.parse_action("p0 give_to p0"))
    assert refusal is not None and refusal.rule == "offer.not_another_grower"
    events = act(s, "p0 give_to p2")
    assert events[-1] == {"e": "offered", "p": 0, "to": 2, "card": card}
    assert HARVEST.asked(s) == [2] and stage(s, 2) == "answer"
    assert HARVEST.why_not(s, HARVEST.parse_action("p0 end")).rule == "turn.not_yours"  # type: ignore[union-attr]
    act(s, "p2 accept")
    assert HARVEST.asked(s) == [0] and stage(s, 0) == "turn"  # back in p0's turn
    assert s.suns[0] == 3 and s.suns[2] == 1 and card in s.hands[2] and s.known[2] == [card]


def test_a_card_known_to_be_in_a_hand_stays_in_every_view_and_every_sample() -> None:
    """Knowledge from a public move into a hidden hand: everyone saw the card go to p2."""
    s = begin(3, 5, weather=2)
    card = s.hands[0][0]
    act(s, f"p0 offer {card}")
    act(s, "p0 give_to p2")
    act(s, "p2 accept")
    for seat in (0, 1, None):
        seen = HARVEST.view(s, seat)
        assert seen["hands"][2] == [card, HIDDEN, HIDDEN]
        assert seen["pile"] == [HIDDEN] * len(s.pile)
        assert "rng" not in seen
    seen = HARVEST.view(s, 1)
    for sample in range(20):
        whole = HARVEST.determinize(seen, 1, random.Random(sample))
        assert card in whole.hands[2] and whole.hands[1] == s.hands[1]
        assert HARVEST.view(whole, 1) == seen
    act(s, "p2 end" if HARVEST.asked(s) == [2] else "p0 end")


def test_a_drawn_card_is_the_drawers_alone() -> None:
    s = begin(2, 8, weather=4)
    other = HARVEST.copy(s)
    other.pile = list(reversed(other.pile))  # a different card on top
    for state in (s, other):
        act(state, "p0 draw")
    assert s.hands[0] != other.hands[0]
    assert HARVEST.view(s, 1) == HARVEST.view(other, 1)
    assert HARVEST.view(s, None) == HARVEST.view(other, None)
    assert HARVEST.view(s, 0) != HARVEST.view(other, 0)


def test_nothing_hidden_shows_in_any_view_over_a_whole_game() -> None:
    """Hidden twins at every decision: the same game with the pile in another order, the
    unknown cards of each other hand swapped with the pile's, and another generator, looks the
    same to every seat that cannot see the difference, and to a spectator."""
    rnd = random.Random(21)
    s, _ = HARVEST.new(3, 21)
    twins = 0
    while not HARVEST.terminal(s):
        for seat in (0, 1, 2, None):
            twin = HARVEST.copy(s)
            twin.pile = list(reversed(twin.pile))
            twin.rng ^= 0x9E3779B9
            for other, hand in enumerate(twin.hands):
                unknown = [i for i, card in enumerate(hand) if card not in twin.known[other]]
                if other != seat and unknown and twin.pile:
                    i = unknown[0]
                    hand[i], twin.pile[0] = twin.pile[0], hand[i]
            assert HARVEST.view(twin, seat) == HARVEST.view(s, seat), seat
            twins += 1
        seat = HARVEST.asked(s)[0]
        HARVEST.apply(s, rnd.choice(HARVEST.legal_actions(s, seat)))
    assert twins > 40


def test_an_empty_pile_is_made_again_from_the_discard_pile_and_the_hands() -> None:
    """Shuffled together and dealt again, so nothing seen before tells where a card is."""
    s = begin(2, 2, weather=6)
    s.discard, s.pile = [*s.pile[2:]], s.pile[:2]
    act(s, f"p0 offer {s.hands[0][0]}")
    act(s, "p1 accept")  # a card everyone knows to be in p1's hand
    assert s.known[1]
    for _ in range(2):
        act(s, "p0 draw")
    assert not s.pile and s.discard
    order = sorted([*s.discard, *s.hands[0], *s.hands[1]])
    held = [len(hand) for hand in s.hands]
    with chance.forcing(pile=[order]):
        events = act(s, "p0 draw")
    assert events[:2] == [
        {"e": "chance", "what": "pile"},  # the new order is not told
        {"e": "dealt_again", "shown": [0, 1]},
    ]
    assert s.hands[0] == [*order[: held[0]], order[held[0] + held[1]]]  # dealt, then drawn
    assert s.hands[1] == order[held[0] : held[0] + held[1]]
    assert s.known == [[], []] and s.discard == []
    assert all(chance.revealed_to(events, seat) for seat in (0, 1))  # each sees its hand


def test_nested_forcing_blocks_use_each_outcome_once() -> None:
    with chance.forcing(weather=[1, 2]):
        first, _ = HARVEST.new(2, 1)
        with chance.forcing(weather=[3]):
            second, _ = HARVEST.new(2, 1)
        third, _ = HARVEST.new(2, 1)
        with chance.forcing(weather=[4, 5]):  # one used, one left: it goes with the block
            HARVEST.new(2, 1)
    assert (first.die, second.die, third.die) == (1, 3, 2)  # the inner block's first
    assert HARVEST.new(2, 1)[0].die == HARVEST.new(2, 1)[0].die  # the generator again


def test_compost_asks_for_one_or_two_cards_of_the_hand() -> None:
    """A choice of cards with a least and a most, in a prompt of its own inside the turn."""
    s = begin(2, 9, weather=2)
    hand = sorted(s.hands[0])
    act(s, "p0 compost")
    prompt = HARVEST.prompt(s, 0)
    assert prompt is not None and prompt["kind"] == "cards" and prompt["stage"] == "compost_cards"
    assert prompt["context"]["min"] == 1 and prompt["context"]["max"] == 2
    options = [a["cards"] for a in HARVEST.legal_actions(s, 0)]
    assert [hand] == [o for o in options if len(o) == 2] and all(len(o) in (1, 2) for o in options)
    for line, rule in (
        ("p0 compost_cards", "compost.count"),
        (f"p0 compost_cards {hand[0]} {hand[0]} {hand[0]}", "compost.count"),
        ("p0 compost_cards 9", "card.not_in_hand"),
    ):
        refusal = HARVEST.why_not(s, HARVEST.parse_action(line))
        assert refusal is not None and refusal.rule == rule, line
    rain = s.rain[0]
    act(s, f"p0 compost_cards {hand[0]} {hand[1]}")
    assert s.hands[0] == [] and s.discard[-2:] == hand and s.rain[0] == rain + 2
    assert stage(s, 0) == "turn"  # back in the turn
    refusal = HARVEST.why_not(s, HARVEST.parse_action("p0 compost"))
    assert refusal is not None and refusal.rule == "compost.empty_hand"


def test_refusals_name_their_rule() -> None:
    s = begin(2, 4, weather=1)
    assert s.suns == [1, 1]
    high = max(s.hands[0])
    absent = next(v for v in range(1, 7) if v not in s.hands[0])
    refused = {
        f"p0 plant {absent}": "card.not_in_hand",
        "p0 give_to p1": "turn.other_decision",
        "p1 draw": "turn.not_yours",
        "p5 draw": "action.unknown_seat",
        "p0 accept": "turn.other_decision",
    }
    if cost(high) > 1:
        refused[f"p0 plant {high}"] = "plant.too_few_suns"
    for line, rule in refused.items():
        refusal = HARVEST.why_not(s, HARVEST.parse_action(line))
        assert refusal is not None and refusal.rule == rule, line
    act(s, "p0 draw")
    refusal = HARVEST.why_not(s, HARVEST.parse_action("p0 draw"))
    assert refusal is not None and refusal.rule == "draw.no_sun"


# --- through the shell ---------------------------------------------------------------------


def new_app(store: MemoryStore, **form: str) -> App:
    app = App(store, {"harvest": HARVEST_PAGE}, lang="en")
    render(app)
    app.form = {"players": "2", "seed": "6", "name0": "Ann", "name1": "Bo", **form}
    app.start()
    return app


def moves(html: str) -> list[str]:
    tools = set(re.findall(r'data-act="(k\d+)" data-tool', html))
    return [token for token in ACT.findall(html) if token not in tools]


def test_a_whole_game_by_clicks_through_the_generic_panels_and_covers() -> None:
    store = MemoryStore()
    app = new_app(store)
    rnd = random.Random(6)
    covers = 0
    for _ in range(400):
        if app.game.terminal(app.state):
            break
        html = render(app)
        if 'id="pass-cover"' in html:
            covers += 1
            assert "data-action" not in html  # no hand behind a cover
        elif app.summary is not None:
            app.dismiss_summary()
            continue
        app.click(rnd.choice(moves(html)), {})
    assert app.game.terminal(app.state) and covers > 0
    assert app.key is not None
    saved = records.loads(app.game, store.data[app.key])
    again, _ = records.replay(app.game, saved)
    assert app.game.to_json(again) == app.game.to_json(app.state)


def _play(app: App, line: str) -> None:
    action: Action = app.game.parse_action(line)
    assert app.do(action), app.notice


def test_undo_stops_at_a_draw_but_takes_back_a_plant() -> None:
    app = new_app(MemoryStore(), seed="11")
    s = app.state
    seat = app.asked()[0]
    _play(app, f"p{seat} gather 2 0")  # the round's two tokens, as suns
    app.pass_cover(seat)
    card = next(c for c in sorted(s.hands[seat]) if cost(c) <= s.suns[seat])
    _play(app, f"p{seat} plant {card}")
    assert app.can_undo()  # nothing new was seen: take it back and choose again
    app.undo()
    assert card in app.state.hands[seat]
    _play(app, f"p{seat} draw")
    assert not app.can_undo()  # the card drawn was seen: no choosing again
    html = render(app)
    assert 'id="undo"' not in html
    assert 'id="pass-cover"' not in html  # the same grower goes on with its turn, uncovered
    _play(app, f"p{seat} end")
    assert 'id="pass-cover"' in render(app)  # the next grower's hand is covered

    # The round's last turn ends with the next round's roll: no taking that back either.
    while app.state.round == 1:
        seat = app.asked()[0]
        _play(app, f"p{seat} end")
    assert app.record is not None and app.record["actions"][-1] == f"p{seat} end"
    assert not app.can_undo()  # the weather die was rolled after it


def panel(html: str) -> tuple[str, list[tuple[str, str, str]]]:
    """The generic panel's kind, and its buttons: (data-act, the action's text, the words)."""
    found = re.search(r'<div class="options generic" data-kind="(\w+)">(.*?)</div>', html)
    assert found is not None, "no generic panel"
    buttons = re.findall(r'data-act="(k\d+)" data-action="([^"]+)">([^<]+)</button>', found[2])
    return found[1], buttons


def test_a_choice_of_cards_and_an_order_are_answered_through_the_generic_panel() -> None:
    """The prompt kinds `cards` (one or two, to compost) and `order` (the ripening) as the page
    shows them: one button per legal action, worded from the game's catalogs."""
    app = new_app(MemoryStore(), seed="8")
    assert app.state.hands == [[1, 5], [1, 4]]
    _play(app, "p0 gather 2 0")
    app.pass_cover(0)
    for line in ("p0 plant 1", "p0 plant 5", "p0 end"):
        _play(app, line)
    app.pass_cover(1)
    _play(app, "p1 compost")
    kind, buttons = panel(render(app))
    assert kind == "cards"
    assert [(text, words) for _, text, words in buttons] == [
        ("p1 compost_cards 1", "Compost 1"),
        ("p1 compost_cards 1 4", "Compost 1, 4"),
        ("p1 compost_cards 4", "Compost 4"),
    ]
    app.click(buttons[1][0], {})
    _play(app, "p1 end")
    html = render(app)
    assert app.asked() == [0] and 'id="pass-cover"' not in html  # the garden is in the open
    kind, buttons = panel(html)
    assert kind == "order"
    assert [(text, words) for _, text, words in buttons] == [
        ("p0 ripen 1 5", "Ripen in the order 1, 5"),
        ("p0 ripen 5 1", "Ripen in the order 5, 1"),
    ]
    app.click(buttons[1][0], {})
    assert app.record is not None and app.record["actions"][-1] == "p0 ripen 5 1"
    assert app.state.round == 2


def test_a_compost_is_taken_back_only_where_no_other_person_saw_the_cards() -> None:
    """Composted cards are new to the other growers: against a computer, taking the compost
    back peeks at nothing; with two people at the device, the other has seen them."""
    for computer, undoable in (("medium", True), ("person", False)):
        app = new_app(MemoryStore(), seed="8", kind1=computer, pace="0")
        _play(app, "p0 gather 2 0")
        app.pass_cover(0)
        _play(app, "p0 compost")
        _play(app, "p0 compost_cards 1")
        assert app.can_undo() is undoable, computer


def test_the_round_summary_is_read_over_the_table_as_the_round_ended() -> None:
    app = new_app(MemoryStore(), seed="12", kind0="medium", kind1="medium", pace="0")
    for _ in range(200):
        if app.summary is not None:
            break
        seat = app.asked()[0]
        assert app.computer_play(seat, app.computer_choice(seat), len(app.record["actions"]))  # type: ignore[index]
    summary = app.summary
    assert summary is not None and summary.round == 1 and summary.board is not None
    assert summary.board.round == 1 and app.state.round == 2


@pytest.mark.long  # whole games with a search: CPython only
def test_the_three_computer_levels_play_it_to_the_end() -> None:
    for level in HARVEST_PAGE.levels:
        app = new_app(MemoryStore(), seed="13", kind0=level, kind1="easy", pace="0")
        for _ in range(400):
            if app.game.terminal(app.state):
                break
            if app.summary is not None:
                app.dismiss_summary()  # the computers wait until the table has read it
            seat = app.asked()[0]
            moves_made = len(app.record["actions"])  # type: ignore[index]
            assert app.computer_play(seat, app.computer_choice(seat), moves_made)
        assert app.game.results(app.state) is not None, level


def test_a_plan_made_stale_stops_where_it_no_longer_holds() -> None:
    """`tabletop.bot.apply_plan`: a plan whose next step a draw or a roll made illegal stops
    there and says so; a step the game took by itself is passed over."""
    s = begin(2, 3, weather=6)
    card = min(s.hands[0])
    stale = [HARVEST.parse_action(f"p0 plant {card}")] * 3  # one card, planted once
    if s.hands[0].count(card) == 1:
        assert apply_plan(HARVEST, s, 0, stale) is False
        assert s.gardens[0] == [card]
    taken = [HARVEST.parse_action("p0 plant 9"), HARVEST.parse_action("p0 end")]
    assert apply_plan(HARVEST, s, 0, taken) is True  # the first as if the game took it
    assert HARVEST.asked(s) == [1]
