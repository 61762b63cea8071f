"""The engine core every game of stages and tasks shares: who is asked, the prompt, the legal
actions (listed once per decision), why not, apply.

A game describes its decisions as `Stage`s and its automatic steps as functions (stage.py), its
state holds a `task`, a `queue` (runner.py) and a `decided` slot, and `engine(rules)` gives it
the functions the `Game` interface needs. Written once here so that a rule about asking (a
forced answer is taken by itself, a listed action is not checked twice, a seat that is not
asked is refused by the same rule id in every game) cannot drift between games.

Why closures rather than a class: the functions are called tens of thousands of times a
decision by a search, and a closure reads its game's stages from a cell, as fast as a
module's own global; a method would look them up on `self` at every call.

The decision a state stands at is worked out once, on the first question, and kept in the
state's `decided` slot until `apply` (or `changed`) drops it: the page asks who is asked, the
prompt and the options several times a click, the bots ask them for every step of a plan, and
`apply` takes a listed action without checking it again. It is never saved, copied or compared:
a copy or a state read from JSON starts without one. A state changed by hand after a question (a
test setting up a scenario) would leave it stale: with `watch_hand_edits(True)` (the tests turn
it on) every question first compares the state's mark (`Rules.mark`) with the one its decision
was made from. Code that never edits a state by hand (the page, the bots, replays) leaves it
off: a mark costs about as much as listing the options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from . import runner
from .game import Action, Prompt
from .refusal import IllegalAction, Refusal
from .stage import AutoStep, Events, Stage, Task


@dataclass(slots=True)
class Decision:
    """The decision a state stands at, for every question about it until the next `apply`."""

    #: The stage being decided, None when the game is over.
    stage: Stage[Any] | None
    #: The seats asked now.
    asked: list[int]
    #: Each asked seat's prompt and legal actions, once some caller asked for them.
    prompts: dict[int, Prompt] = field(default_factory=dict)
    options: dict[int, list[Action]] = field(default_factory=dict)
    #: The state's mark when this was worked out, while hand edits are watched.
    mark: Any = None
    #: A copy of the last action `why_not` found legal: `apply` takes an equal action without
    #: checking it again (a bot checks each step of a plan, then plays it).
    checked: Action | None = None


class Played(runner.Tasks, Protocol):
    """A state the core plays: its tasks, and the slot for its decision (never saved)."""

    decided: Decision | None


S = TypeVar("S", bound=Played)


def task_context(_s: Any, task: Task, _stage: Stage[Any]) -> dict[str, Any]:
    """The default prompt context: the task's own fields that are set (the card, the seat,
    the building, ...), without the runner's."""
    return {k: v for k, v in task.items() if k not in ("stage", "steps") and v is not None}


@dataclass(frozen=True, slots=True)
class Rules(Generic[S]):
    """What the core needs of a game."""

    stages: Mapping[str, Stage[S]]
    auto_steps: Mapping[str, AutoStep[S]]
    #: How many seats the state has (an action of another seat is refused as unknown).
    seats: Callable[[S], int]
    #: Why an action is not even well formed (its codec's check), or None.
    malformed: Callable[[Any], Refusal | None]
    #: The prompt's context for the task being decided at a stage (task_context: its fields).
    context: Callable[[S, Task, Stage[S]], dict[str, Any]] = task_context
    #: The state's fingerprint, compared before each question while hand edits are watched
    #: (None: hand edits are never looked for).
    mark: Callable[[S], Any] | None = None


#: A state type as an argument only (the protocols of the engine's two functions with `stop`).
S_in = TypeVar("S_in", bound=Played, contravariant=True)


class Apply(Protocol[S_in]):
    """`apply(state, action, stop=None)`: see `engine`."""

    def __call__(self, state: S_in, action: Any, stop: str | None = None) -> Events: ...


class Run(Protocol[S_in]):
    """`run(state, events, stop=None)`: see `engine`."""

    def __call__(self, state: S_in, events: Events, stop: str | None = None) -> None: ...


class Engine(NamedTuple, Generic[S]):
    """A game's engine functions (see `engine`)."""

    stage: Callable[[S], Stage[S] | None]
    asked: Callable[[S], list[int]]
    prompt: Callable[[S, int], Prompt | None]
    legal_actions: Callable[[S, int], list[Action]]
    why_not: Callable[[S, Any], Refusal | None]
    apply: Apply[S]
    run: Run[S]


_watched = False


def watch_hand_edits(on: bool) -> None:
    """Check before every question that the state is still the one its decision was worked out
    for (for code that changes states by hand: the tests)."""
    global _watched
    _watched = on


def watched() -> bool:
    return _watched


def changed(state: Played) -> None:
    """Say that `state` was changed outside `apply` (the engine's own edits: a bot's reopened
    selection, a determinized view): its decision is worked out again at the next question."""
    state.decided = None


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars): no memo, no reduce protocol, so
    several times faster than `copy.deepcopy` (games copy their states' JSON parts with it)."""
    kind = type(value)
    if kind is dict:
        return {key: copy_json(item) for key, item in value.items()}
    if kind is list:
        return [copy_json(item) for item in value]
    return value


def _action_copy(action: Action) -> Action:
    """A copy of a listed action (its fields are numbers, words or lists of them): `apply`
    takes an action equal to a listed one without checking it again, so a caller that changed
    the one it got must not change the list."""
    return {key: value[:] if value.__class__ is list else value for key, value in action.items()}


def engine(rules: Rules[S]) -> Engine[S]:
    """The engine functions of a game with these rules."""
    stages, auto_steps, seats, malformed = (
        rules.stages,
        rules.auto_steps,
        rules.seats,
        rules.malformed,
    )
    context, mark = rules.context, rules.mark

    def decided(state: S) -> Decision:
        known = state.decided
        now = mark(state) if _watched and mark is not None else None
        if known is not None and known.mark == now:
            return known
        st = runner.current(state, stages)
        task = state.task
        asked = [] if st is None or task is None else st.deciders(state, task)
        known = state.decided = Decision(st, asked, {}, {}, now)
        return known

    def stage(state: S) -> Stage[S] | None:
        """The decision being asked, or None when the game is over."""
        return decided(state).stage

    def asked(state: S) -> list[int]:
        """The seats that must decide now."""
        return list(decided(state).asked)

    def prompt(state: S, seat: int) -> Prompt | None:
        """What `seat` is asked now (None if nothing): the question's stage and kind, who else
        is asked, whether the answers stay secret until all have answered, and its context."""
        known = decided(state)
        st = known.stage
        if st is None or state.task is None or seat not in known.asked:
            return None
        made = known.prompts.get(seat)
        if made is None:
            made = known.prompts[seat] = {
                "stage": st.name,
                "kind": st.kind,
                "seats": known.asked,
                "secret": st.simultaneous,
                "private": st.private,
                "context": context(state, state.task, st),
            }
        # A copy: a caller may change the prompt it got (a page adding to its context) without
        # changing the next caller's, or the task the context was read from.
        return {**made, "seats": list(known.asked), "context": copy_json(made["context"])}

    def legal_actions(state: S, seat: int) -> list[Action]:
        """Every legal action of `seat` now, in a deterministic order (empty if not asked)."""
        known = decided(state)
        listed = known.options.get(seat)
        if listed is None:
            st = known.stage
            if st is None or state.task is None or seat not in known.asked:
                return []
            listed = known.options[seat] = st.options(state, state.task, seat)
        return [_action_copy(action) for action in listed]

    def why_not(state: S, action: Any) -> Refusal | None:
        """Why `action` is refused now, as a rule id with parameters; None if it is legal."""
        refusal = malformed(action)
        if refusal:
            return refusal
        known = decided(state)
        refusal = refused(state, action, known)
        if refusal is None:
            known.checked = _action_copy(action)
        return refusal

    def refused(state: S, action: Any, known: Decision) -> Refusal | None:
        """`why_not` for a well-formed action, against the decision already worked out."""
        st = known.stage
        if st is None or state.task is None:
            return Refusal("game.over")
        seat = action["p"]
        if not 0 <= seat < seats(state):
            return Refusal("action.unknown_seat", {"seat": seat})
        if seat not in known.asked:
            return Refusal("turn.not_yours", {"waiting_for": list(known.asked)})
        if action in known.options.get(seat, ()):
            return None
        if action["do"] not in st.verbs:
            return Refusal("turn.other_decision", {"stage": st.name, "verbs": list(st.verbs)})
        return st.check(state, state.task, action)

    def apply(state: S, action: Any, stop: str | None = None) -> Events:
        """Apply a legal action and run the game on to the next real decision (or, with `stop`,
        to the automatic step of that name if it comes first: `Game.apply_until`); returns the
        events. An illegal action raises IllegalAction (with its rule id) and changes nothing.
        """
        # Well-formed first: in Python 1.0 == 1 == True, and a listed action must not let a
        # float seat in. A well-formed action equal to a listed one, or to the one `why_not`
        # last found legal, is legal: no second check.
        refusal = malformed(action)
        if refusal:
            raise IllegalAction(refusal)
        known = decided(state)
        if action != known.checked and action not in known.options.get(action["p"], ()):
            refusal = refused(state, action, known)
            if refusal:
                raise IllegalAction(refusal)
        events: Events = []
        st = known.stage
        assert st is not None and state.task is not None
        st.perform(state, state.task, action, events)
        runner.run(state, events, stages, auto_steps, stop)
        state.decided = None  # a new state: its decision is worked out at the next question
        return events

    def run(state: S, events: Events, stop: str | None = None) -> None:
        """Play the automatic steps on to the next real decision (a game's setup ends so)."""
        runner.run(state, events, stages, auto_steps, stop)
        state.decided = None

    return Engine(stage, asked, prompt, legal_actions, why_not, apply, run)
