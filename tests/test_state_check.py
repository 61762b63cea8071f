"""`from_json` checks what it is given (castle/state_check.py): every real state passes, and a
state from a file or a hand edit that the engine could not play on is refused at once with a
StateError naming the field, never accepted to crash later."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest
from scenario import new_game

import castle
from castle import CASTLE
from castle.state import NotAState, StateError

MUTANTS = 300 if sys.platform == "emscripten" else 1500


def states(games: int, seed: int, winter: bool = False) -> list[castle.State]:
    rnd = random.Random(seed)
    out = []
    for g in range(games):
        s, _ = new_game(2 + g % 3, seed + g, winter=winter)
        while True:
            if rnd.random() < 0.1 or s.phase in ("final", "over"):
                out.append(CASTLE.copy(s))
            if s.phase == "over":
                break
            seat = CASTLE.asked(s)[0]
            CASTLE.apply(s, rnd.choice(CASTLE.legal_actions(s, seat)))
    return out


@pytest.mark.parametrize("winter", [False, True], ids=["summer", "winter"])
def test_every_state_of_real_games_is_accepted(winter: bool) -> None:
    for s in states(9, 1, winter):
        again = CASTLE.from_json(json.loads(json.dumps(CASTLE.to_json(s))))
        assert CASTLE.to_json(again) == CASTLE.to_json(s)


def broken(change: Any) -> str:
    s, _ = new_game(3, 2)
    obj = CASTLE.to_json(s)
    change(obj)
    with pytest.raises(StateError) as err:
        CASTLE.from_json(obj)
    return str(err.value)


def test_the_cases_a_tester_found_are_refused_naming_the_field() -> None:
    assert "players" in broken(lambda o: o["players"].append(o["players"][0]))
    assert "players" in broken(lambda o: o.update(players=o["players"][:1]))
    assert "phase" in broken(lambda o: o.update(phase="winter"))
    assert "talers" in broken(lambda o: o["players"][0].update(talers="3"))
    assert "round" in broken(lambda o: o.update(round=True))
    assert "sand" in broken(lambda o: o["stock"].update(sand=o["stock"]["sand"] + 1))
    assert "helpers" in broken(lambda o: o["players"][1].update(helpers=2))
    assert "unknown" in broken(lambda o: o.update(extra=1))
    assert "steps" in broken(lambda o: o["task"].update(steps=["fly"]))
    assert "rng" in broken(lambda o: o.update(rng=-1))


def winter_state() -> dict[str, Any]:
    """A winter game in the middle of round 2's Damsel (§10): the Village Tavern and the Granary
    in play with a helper each, a card put out by the Plague, a taler and a silver on the
    Damsel."""
    s, _ = new_game(3, 2, 0, winter=True)
    assert s.winter is not None
    w = s.winter
    for card in ("village_tavern", "granary", "plague"):
        w["deck"].remove(card)
    w["in_play"] = ["village_tavern", "granary"]
    w["gone"] = ["plague"]
    w["innkeeper"], w["granary"] = 1, [2]
    s.players[1].helpers -= 1
    s.players[2].helpers -= 1
    s.players[0].hand.remove("trader")
    w["discarded"][0] = ["trader"]
    w["damsel"]["taler"] = 1
    s.stock["silver"] -= 1
    w["damsel"]["silver"] = 1
    obj = CASTLE.to_json(s)
    CASTLE.from_json(obj)  # a state the engine plays on
    return obj


def broken_winter(change: Any) -> str:
    obj = winter_state()
    change(obj)
    with pytest.raises(StateError) as err:
        CASTLE.from_json(obj)
    return str(err.value)


def test_broken_winter_cards_are_refused_naming_the_field() -> None:
    """§10 and §2.4 in winter: every winter card in one place, the Innkeeper and Granary only
    with their cards in play, the Damsel's pieces and the helpers on winter cards counted, a
    card out of the game nowhere else, winter steps only in a winter game."""
    w = "winter"

    def move(card: str, source: str, to: str) -> Any:
        return lambda o: (o[w][source].remove(card), o[w][to].append(card))

    every_card = "each winter card must be in exactly one"
    assert every_card in broken_winter(lambda o: o[w]["deck"].append("plague"))
    assert every_card in broken_winter(lambda o: o[w]["deck"].remove("damsel"))
    assert "in_play may only hold" in broken_winter(move("snowdrift", "deck", "in_play"))
    assert "winter.card" in broken_winter(lambda o: o[w].update(card="dragon"))
    tavern_gone = move("village_tavern", "in_play", "gone")
    assert "winter.innkeeper: the Village Tavern is not in play" in broken_winter(tavern_gone)
    assert "winter.granary: the Granary" in broken_winter(move("granary", "in_play", "gone"))
    assert "winter.granary" in broken_winter(lambda o: o[w]["granary"].extend([0, 0, 1]))
    assert "15 silver, this state 16" in broken_winter(lambda o: o[w]["damsel"].update(silver=2))
    assert "winter.damsel.taler" in broken_winter(lambda o: o[w]["damsel"].update(taler=-1))
    assert "players[1] has 6 helpers" in broken_winter(lambda o: o[w].update(innkeeper=None))
    assert "players[0] has 6 helpers" in broken_winter(lambda o: o[w]["granary"].append(0))
    assert "winter.discarded[0]" in broken_winter(
        lambda o: o[w]["discarded"][0].append("messenger")
    )
    assert "winter.damsel_in" in broken_winter(lambda o: o[w].update(damsel_in=[0, 0]))
    assert "unknown ['extra']" in broken_winter(lambda o: o[w].update(extra=1))
    # A summer game has no winter step, and no winter cards to check.
    assert "winter step" in broken(
        lambda o: o["queue"].insert(0, {**o["task"], "steps": ["damsel"]})
    )


def test_a_state_saved_before_the_winter_variant_is_a_summer_game() -> None:
    """A state of rules version 1 has no `winter` field: it reads as a summer game."""
    s, _ = new_game(3, 2)
    obj = CASTLE.to_json(s)
    del obj["winter"]
    again = CASTLE.from_json(obj)
    assert again.winter is None and CASTLE.to_json(again) == CASTLE.to_json(s)


def test_a_view_is_still_told_apart() -> None:
    s, _ = new_game(3, 2)
    CASTLE.apply(s, CASTLE.legal_actions(s, CASTLE.asked(s)[0])[0])
    with pytest.raises(NotAState):
        CASTLE.from_json(CASTLE.view(s, CASTLE.asked(s)[0]))


def spots(obj: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of a JSON object, nested ones included."""
    found: list[tuple[Any, Any]] = []

    def walk(value: Any) -> None:
        keys = value if isinstance(value, dict) else range(len(value))
        for key in keys:
            found.append((value, key))
            if isinstance(value[key], (dict, list)):
                walk(value[key])

    walk(obj)
    return found


def mutate(rnd: random.Random, obj: Any) -> Any:
    """Replace one value somewhere in the object by a value of another type or size."""
    odd: list[Any] = [None, True, -1, 0, 1, 99, 2**70, "x", "", [], {}, [None], {"a": 1}]
    parent, key = rnd.choice(spots(obj))
    parent[key] = rnd.choice(odd)
    return obj


def nudge(rnd: random.Random, obj: Any) -> Any:
    """Change one value somewhere into a likely one: a count by one or two, a name into
    another name of the state, a list shuffled or one item shorter or longer, a key dropped.
    These pass the type checks, so they test what the state means."""
    places = spots(obj)
    parent, key = rnd.choice(places)
    value = parent[key]
    if value is None or isinstance(value, bool):
        parent[key] = rnd.choice([None, True, False, 0, 1])
    elif isinstance(value, int):
        parent[key] = value + rnd.choice([-2, -1, 1, 2])
    elif isinstance(value, str):
        parent[key] = rnd.choice([v for c, k in places if isinstance(v := c[k], str)])
    elif isinstance(value, list) and value:
        how = rnd.randrange(3)
        if how == 0:
            value.pop(rnd.randrange(len(value)))
        elif how == 1:
            value.append(rnd.choice(value))
        else:
            rnd.shuffle(value)
    elif isinstance(value, dict) and value:
        del value[rnd.choice(list(value))]
    return obj


def play_out(s: castle.State, rnd: random.Random) -> None:
    """Play an accepted state to its end, asking every function of the interface on the way:
    it must be played, viewed, copied, written and read again, and scored."""
    for _move in range(2000):
        assert CASTLE.to_json(CASTLE.from_json(json.loads(json.dumps(CASTLE.to_json(s)))))
        if CASTLE.terminal(s):
            assert CASTLE.results(s) is not None
            return
        seats = CASTLE.asked(s)
        assert seats, "a game not over asks someone"
        for seat in range(len(s.players)):
            CASTLE.determinize(CASTLE.view(s, seat), seat, random.Random(seat))
        options = CASTLE.legal_actions(s, seats[0])
        assert options and CASTLE.prompt(s, seats[0]) is not None
        action = rnd.choice(options)
        assert CASTLE.why_not(s, action) is None
        CASTLE.apply(CASTLE.copy(s), action)
        CASTLE.apply(s, action)
    raise AssertionError("no end in 2000 moves")


@pytest.mark.parametrize("change", [mutate, nudge])
def test_a_changed_state_is_refused_or_plays_to_its_end(change: Any) -> None:
    """Whatever `from_json` accepts can be played to its end, scored and written again: a
    tester's 3,000 mutated states found 24 that were accepted and failed later."""
    rnd = random.Random(5)
    pool = states(6, 3) + states(6, 4, winter=True)
    refused = 0
    for number in range(MUTANTS):
        obj = change(rnd, CASTLE.to_json(rnd.choice(pool)))
        try:
            s = CASTLE.from_json(obj)
        except StateError:
            refused += 1
            continue
        play_out(s, random.Random(number))
    assert refused > MUTANTS // 2


def state_at(phase: str, winter: bool = False, **seek: Any) -> dict[str, Any]:
    """The first state of a random game in `phase` (its task at `seek["stage"]`, if given)."""
    for s in states(12, 7, winter):
        stage = s.task["stage"] if s.task else None
        if s.phase == phase and seek.get("stage", stage) == stage:
            return CASTLE.to_json(s)
    raise AssertionError(f"no {phase} state")


def refused(obj: dict[str, Any], change: Any) -> str:
    change(obj)
    with pytest.raises(StateError) as err:
        CASTLE.from_json(obj)
    return str(err.value)


def test_the_states_accepted_then_failing_are_refused() -> None:
    """A second tester's mutants that `from_json` took and the engine then failed on: a
    malformed result, a game that asks nobody, a payment for a building with no tile, a Worker
    equipped twice, places of a building not standing, a card chosen from nothing."""
    over = state_at("over")
    assert "result" in refused(dict(over), lambda o: o.update(result={"players": 3}))
    assert "result" in refused(state_at("round"), lambda o: o.update(result=over["result"]))
    points = over["players"][0]["vp"] + 1
    assert "vp" in refused(dict(over), lambda o: o["players"][0].update(vp=points))
    assert refused(state_at("round"), lambda o: o.update(queue=[]))
    assert "decision" in refused(state_at("round"), lambda o: o["task"].update(stage=None))
    assert "queue" in refused(state_at("select", winter=True), lambda o: o.update(queue=[]))
    assert "selection[0]" in refused(
        state_at("select"), lambda o: o["selection"].__setitem__(0, [])
    )
    paying = state_at("round", stage="pay")
    building = paying["task"]["pay"]["building"]
    assert "tile" in refused(paying, lambda o: o["tiles"].update({building: 0}))
    standing = state_at("final")
    built = next(b for b in ("gate", "small_gate", "stable") if standing["tiles"][b] == 0)
    assert "places" in refused(standing, lambda o: o["tiles"].update({built: 1}))
