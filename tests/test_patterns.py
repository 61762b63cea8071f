"""The seam's patterns on their own, on a made-up turn played through the engine core
(tabletop/core.py): a free-order turn (a menu that asks its seat again until "end"), interrupts
(another seat asked in the middle of it, nested, the turn resumed where it was), and chance
steps (declared, forced in a test, replayed exactly from the seed, named by an event)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop import chance, core, runner
from tabletop.actions import Codec, ParseError
from tabletop.refusal import IllegalAction, Refusal
from tabletop.stage import Events, Stage, Task, event

FACES = (1, 2, 3, 4, 5, 6)


@dataclass
class Turn:
    coins: list[int]
    rng: int = 7
    log: list[str] = field(default_factory=list)
    task: Task | None = None
    queue: list[Task] = field(default_factory=list)
    decided: core.Decision | None = None


def _task(seat: int, *steps: str) -> Task:
    return {"seat": seat, "stage": None, "steps": list(steps)}


def _menu_candidates(_s: Turn, _t: Task, seat: int) -> list[dict[str, Any]]:
    return [{"p": seat, "do": verb} for verb in ("gain", "ask", "roll", "end")]


def _menu_check(s: Turn, _t: Task, action: dict[str, Any]) -> Refusal | None:
    if action["do"] == "roll" and "rolled" in s.log:
        return Refusal("roll.once_a_turn")
    return None


def _menu_perform(s: Turn, t: Task, action: dict[str, Any], events: Events) -> None:
    seat, verb = action["p"], action["do"]
    s.log.append(verb)
    if verb == "gain":
        s.coins[seat] += 1
    elif verb == "ask":  # the other seat answers before the turn goes on
        runner.interrupt(s, _task(1 - seat, "answer"))
    elif verb == "roll":
        s.coins[seat] += chance.roll(s, events, "die", FACES)
        s.log.append("rolled")
    else:
        t["stage"] = None  # the turn is over


def _answer_perform(s: Turn, t: Task, action: dict[str, Any], _events: Events) -> None:
    s.log.append(f"{action['p']}:{action['do']}")
    if action["do"] == "yes":  # and the asker confirms: an interrupt inside an interrupt
        runner.interrupt(s, _task(1 - action["p"], "confirm"))
    t["stage"] = None


def _only(*verbs: str) -> Any:
    return lambda _s, _t, seat: [{"p": seat, "do": verb} for verb in verbs]


STAGES: dict[str, Stage[Turn]] = {
    "menu": Stage(
        "menu", ("gain", "ask", "roll", "end"), _menu_candidates, _menu_check, _menu_perform
    ),
    "answer": Stage("answer", ("yes", "no"), _only("yes", "no"), lambda *_: None, _answer_perform),
    "confirm": Stage(
        "confirm", ("ok", "cancel"), _only("ok", "cancel"), lambda *_: None, _answer_perform
    ),
}
ENGINE = core.engine(
    core.Rules(
        STAGES,
        {"closing": lambda s, _t, ev: ev.append(event("closed"))},
        seats=lambda s: len(s.coins),
        malformed=lambda a: None if isinstance(a, dict) and "p" in a else Refusal("malformed"),
    )
)


def new_turn(rng: int = 7) -> Turn:
    s = Turn([0, 0], rng=rng, queue=[_task(0, "menu", "closing")])
    ENGINE.run(s, [])
    return s


def stage_asked(s: Turn, seat: int) -> str:
    prompt = ENGINE.prompt(s, seat)
    assert prompt is not None, seat
    return prompt["stage"]


def play(s: Turn, *moves: tuple[int, str]) -> Events:
    events: Events = []
    for seat, verb in moves:
        assert ENGINE.asked(s) == [seat], (seat, verb, s.log)
        events += ENGINE.apply(s, {"p": seat, "do": verb})
    return events


def test_a_free_order_turn_asks_its_seat_again_until_it_ends() -> None:
    s = new_turn()
    assert stage_asked(s, 0) == "menu"
    events = play(s, (0, "gain"), (0, "gain"), (0, "end"))
    assert s.coins == [2, 0] and events == [event("closed")]
    assert ENGINE.asked(s) == [] and s.task is None


def test_an_interrupt_asks_another_seat_and_the_turn_resumes_at_its_menu() -> None:
    s = new_turn()
    play(s, (0, "gain"), (0, "ask"))
    assert ENGINE.asked(s) == [1] and stage_asked(s, 1) == "answer"
    assert ENGINE.why_not(s, {"p": 0, "do": "gain"}) == Refusal(
        "turn.not_yours", {"waiting_for": [1]}
    )
    play(s, (1, "no"))
    assert stage_asked(s, 0) == "menu"
    play(s, (0, "gain"), (0, "end"))
    assert s.log == ["gain", "ask", "1:no", "gain", "end"] and s.coins == [2, 0]


def test_nested_interrupts_resume_last_in_first_out() -> None:
    s = new_turn()
    play(s, (0, "ask"), (1, "yes"))
    assert stage_asked(s, 0) == "confirm"
    play(s, (0, "ok"))
    assert stage_asked(s, 0) == "menu"
    play(s, (0, "ask"), (1, "yes"), (0, "cancel"), (0, "end"))
    assert s.log == ["ask", "1:yes", "0:ok", "ask", "1:yes", "0:cancel", "end"]


def test_a_refused_action_in_the_middle_of_a_turn_changes_nothing() -> None:
    s = new_turn()
    play(s, (0, "roll"))
    before = (list(s.coins), list(s.log), s.rng)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, {"p": 0, "do": "roll"})
    assert refused.value.refusal.rule == "roll.once_a_turn"
    assert (s.coins, s.log, s.rng) == before
    assert {"p": 0, "do": "roll"} not in ENGINE.legal_actions(s, 0)


def test_a_roll_is_the_seeds_and_is_named_by_an_event() -> None:
    rolled = []
    for _ in range(2):
        s = new_turn(rng=12345)
        events = play(s, (0, "roll"))
        assert events == [event("chance", what="die", outcome=s.coins[0])]
        rolled.append((s.coins[0], s.rng))
    assert rolled[0] == rolled[1]  # replayed exactly from the same seed
    outcomes = {play(new_turn(rng=seed), (0, "roll"))[0]["outcome"] for seed in range(60)}
    assert outcomes == set(FACES)


def test_a_test_can_force_a_roll() -> None:
    with chance.forcing(die=[6, 2]):
        first, second = new_turn(), new_turn()
        play(first, (0, "roll"))
        play(second, (0, "roll"))
        third = new_turn()
        play(third, (0, "roll"))  # the forced ones are used up: the generator again
    assert (first.coins[0], second.coins[0]) == (6, 2)
    assert third.rng != 7
    with pytest.raises(ValueError), chance.forcing(die=[7]):
        play(new_turn(), (0, "roll"))


def test_a_shuffle_hides_its_order_and_weights_are_counted() -> None:
    s = Turn([0, 0], rng=99)
    events: Events = []
    pile = chance.shuffle(s, events, "pile", ["a", "b", "c", "d"])
    assert sorted(pile) == ["a", "b", "c", "d"] and events == [event("chance", what="pile")]
    assert not chance.revealed_to(events, 0)  # a shuffle tells no one its order
    assert chance.revealed_to([event("chance", what="die", outcome=3)], None)  # a roll: all
    assert not chance.revealed_to([event("gained")], 0)
    drew = [event("drew", p=0, shown=[0])]
    assert chance.revealed_to(drew, 0) and not chance.revealed_to(drew, 1)
    assert not chance.revealed_to(drew, None)
    assert chance.revealed_to([event("revealed", shown="all")], None)
    with chance.forcing(pile=[["d", "c", "b", "a"]]):
        assert chance.shuffle(s, [], "pile", ["a", "b", "c", "d"]) == ["d", "c", "b", "a"]
    counts = {"blank": 0, "star": 0}
    for seed in range(600):
        counts[chance.roll(Turn([0], rng=seed), [], "face", ["blank", "star"], [5, 1])] += 1
    assert 400 < counts["blank"] < 600 and 50 < counts["star"] < 150


def test_the_codec_carries_lists_of_numbers() -> None:
    """An order or amounts of several kinds ("pay 2 0 1" energies): `ints` takes the rest of
    the line, and is checked like any field."""
    codec = Codec({"pay": (("energies", "ints"),), "order": (("to", "seat"), ("cards", "ints"))})
    action = codec.make(1, "order", 2, [3, 1, 2])
    assert codec.to_text(action) == "p1 order p2 3 1 2"
    assert codec.parse("p1 order p2 3 1 2") == action
    assert codec.parse("p0 pay") == {"p": 0, "do": "pay", "energies": []}
    assert codec.malformed(action) is None
    for wrong in ([1, "2"], [True], "1 2", [1.0]):
        refusal = codec.malformed({"p": 0, "do": "pay", "energies": wrong})
        assert refusal is not None and refusal.rule == "action.malformed", wrong
    with pytest.raises(ParseError):
        codec.parse("p0 pay 1 two")


def test_an_interrupt_from_a_stages_start_is_played_before_the_stage_is_asked() -> None:
    """A simultaneous stage whose `enter` interrupts: the interrupting question first, and the
    paused stage's forced answers are not taken behind its back, but when it resumes."""

    def enter(s: Turn, _t: Task, _ev: Events) -> bool:
        runner.interrupt(s, _task(1, "answer"))
        return True

    def vote(s: Turn, t: Task, action: dict[str, Any], _ev: Events) -> None:
        s.log.append(f"{action['p']}:vote")
        if all(f"{seat}:vote" in s.log for seat in (0, 1)):
            t["stage"] = None

    stages = {
        **STAGES,
        "vote": Stage(
            "vote",
            ("vote",),
            _only("vote"),  # one option each: forced, were it taken at the start
            lambda *_: None,
            vote,
            enter,
            deciders=lambda s, _t: [seat for seat in (0, 1) if f"{seat}:vote" not in s.log],
            simultaneous=True,
        ),
    }
    engine = core.engine(
        core.Rules(stages, {}, seats=lambda s: len(s.coins), malformed=lambda a: None)
    )
    s = Turn([0, 0], queue=[_task(0, "vote")])
    engine.run(s, [])
    assert engine.asked(s) == [1] and s.log == []  # the interrupt's question, nothing voted
    engine.apply(s, {"p": 1, "do": "no"})
    # Resumed: its seats' forced answers are taken then, as when a simultaneous stage begins.
    assert engine.asked(s) == [] and s.log == ["1:no", "0:vote", "1:vote"]


def _vote_engine(interrupting: str) -> Any:
    """A secret vote of two seats in which an answer `interrupting` first asks the other seat
    to confirm (and `nested` asks again inside that), after which the asker's vote is forced."""

    def candidates(s: Turn, _t: Task, seat: int) -> list[dict[str, Any]]:
        if f"{seat}:vote" in s.log:
            return []
        if any(entry.startswith("confirmed") for entry in s.log) and seat == 0:
            return [{"p": seat, "do": "vote"}]  # one choice left once confirmed
        return [{"p": seat, "do": verb} for verb in ("vote", "ask")]

    def vote(s: Turn, t: Task, action: dict[str, Any], _ev: Events) -> None:
        if action["do"] == "ask":
            s.log.append(f"{action['p']}:ask")
            runner.interrupt(s, _task(1 - action["p"], interrupting))
            return
        s.log.append(f"{action['p']}:vote")
        if all(f"{seat}:vote" in s.log for seat in (0, 1)):
            t["stage"] = None

    def confirm(s: Turn, t: Task, action: dict[str, Any], _ev: Events) -> None:
        s.log.append(f"confirmed by {action['p']}")
        if interrupting == "nested" and "again" not in s.log:
            s.log.append("again")
            runner.interrupt(s, _task(action["p"], "nested"))
        t["stage"] = None

    stage = Stage("confirm", ("ok",), _only("ok", "cancel"), lambda *_: None, confirm)
    stages = {
        "vote": Stage(
            "vote",
            ("vote", "ask"),
            candidates,
            lambda *_: None,
            vote,
            deciders=lambda s, _t: [seat for seat in (0, 1) if f"{seat}:vote" not in s.log],
            simultaneous=True,
        ),
        "confirm": stage,
        "nested": Stage("nested", ("ok",), _only("ok", "cancel"), lambda *_: None, confirm),
    }
    return core.engine(
        core.Rules(stages, {}, seats=lambda s: len(s.coins), malformed=lambda a: None)
    )


@pytest.mark.parametrize("interrupting", ["confirm", "nested"])
def test_a_secret_stage_interrupted_by_an_answer_resumes_with_its_forced_answers(
    interrupting: str,
) -> None:
    engine = _vote_engine(interrupting)
    s = Turn([0, 0], queue=[_task(0, "vote")])
    engine.run(s, [])
    assert sorted(engine.asked(s)) == [0, 1]
    engine.apply(s, {"p": 0, "do": "ask"})  # a real choice, that interrupts the vote
    assert engine.asked(s) == [1]
    engine.apply(s, {"p": 1, "do": "ok"})
    if interrupting == "nested":
        assert engine.asked(s) == [1]  # asked again, inside the first interrupt
        engine.apply(s, {"p": 1, "do": "ok"})
    # The vote resumed: seat 0's only answer was taken by itself, seat 1 still chooses.
    assert engine.asked(s) == [1] and "0:vote" in s.log
