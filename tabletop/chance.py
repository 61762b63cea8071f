"""Chance steps: the places where a game draws from its seeded generator, declared as such.

A game's randomness lives in its state (`rng`, one integer: rng.py), so a game is still its setup
plus its actions and a record replays exactly. A chance step names what it draws (`"season_dice"`,
`"draw_pile"`: a name `forcing` can take) and takes one outcome through this module, which

* appends a `chance` event naming it, with the outcome of a roll (a die is seen by all) and
  without the order of a shuffle (a pile face down): the log can tell it, the shell's undo
  stops at a roll (`revealed_to`), and a search sees where the game, not a player, decided;
* lets a test force the outcomes of a named chance (`forcing`), so that a situation a card text
  describes is set up by its roll rather than by editing the state.

A search needs nothing more: `Game.determinize` gives each sampled state a fresh generator from
the searcher's own, so its simulations sample every chance step anew.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from . import rng
from .stage import Event, Events, event

T = TypeVar("T")

#: The event every chance step appends: {"e": "chance", "what": its name, "outcome"?}.
CHANCE = "chance"
#: The key of an event that showed someone something new (a card drawn, a card looked at, a
#: secret choice revealed, a card of a hidden hand turned face up): its value is the seats for
#: whom it was new (a list), or "all".
SHOWN = "shown"

_forced: dict[str, list[Any]] = {}


class Seeded(Protocol):
    """A state that carries its generator."""

    rng: int


def roll(
    state: Seeded,
    events: Events,
    name: str,
    outcomes: Sequence[T],
    weights: Sequence[int] | None = None,
) -> T:
    """One of `outcomes` (as likely as their `weights`, else each as likely), from the state's
    generator or, in a test, the next forced outcome of `name`."""
    if _forced.get(name):
        outcome: T = _forced[name].pop(0)
        if outcome not in outcomes:
            raise ValueError(f"{outcome!r} is not an outcome of {name!r}")
    elif weights is None:
        state.rng, outcome = rng.choice(state.rng, outcomes)
    else:
        state.rng, outcome = rng.weighted(state.rng, outcomes, weights)
    events.append(event(CHANCE, what=name, outcome=outcome))
    return outcome


def shuffle(state: Seeded, events: Events, name: str, items: Sequence[T]) -> list[T]:
    """`items` in a new order (a pile shuffled face down: the event does not say the order),
    from the state's generator or, in a test, the next forced order of `name`."""
    if _forced.get(name):
        order: list[T] = list(_forced[name].pop(0))
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ValueError(f"{order!r} is not an order of {name!r}'s items")
    else:
        state.rng, order = rng.shuffled(state.rng, items)
    events.append(event(CHANCE, what=name))
    return order


@contextmanager
def forcing(**outcomes: Sequence[Any]) -> Iterator[None]:
    """Tests only: the next chance steps of each name come out as given, in order (for a
    shuffle, each given item is a whole order); then the generator decides again. A forced
    game is no longer its record's: it is for setting a situation up. Blocks nest: an inner
    block's outcomes come first, and what it leaves unused goes with it."""
    entered = {}
    for name, values in outcomes.items():
        _forced[name] = [*values, *_forced.get(name, [])]
        entered[name] = (len(values), len(_forced[name]))
    try:
        yield
    finally:
        for name, (count, length) in entered.items():
            left = _forced.get(name, [])
            unused = max(0, count - (length - len(left)))
            del left[:unused]
            if not left:
                _forced.pop(name, None)


def revealed_to(events: Sequence[Event], seat: int | None) -> bool:
    """The events showed `seat` (None: a spectator, who sees what all see) something new: a
    roll came out (a die is seen by all), or an event was shown to it or to all. A shuffle's
    order is shown to no one. Until such an event, two states that looked the same to `seat`
    look the same after the same actions (tests/test_interface.py holds every game to it).
    The shell's undo never takes an action back past events revealed to its seat: it would
    choose again knowing them."""
    for e in events:
        if e.get("e") == CHANCE and "outcome" in e:
            return True
        shown = e.get(SHOWN)
        if shown == "all" or (seat is not None and isinstance(shown, list) and seat in shown):
            return True
    return False
