"""The tasks a game of *Seasons* queues (tabletop/runner.py): each a dict with its seat, its
steps and its context. Built here only, so every module makes the same shapes."""

from __future__ import annotations

from typing import Any

from tabletop.stage import Task

from .cards import Step


def task(seat: int | None, *steps: str, **context: Any) -> Task:
    return {"seat": seat, "stage": None, "steps": list(steps), **context}


def effects(seat: int, card: int, uid: int | None, steps: tuple[Step, ...]) -> Task:
    """A card's effect at one trigger point, one step after another (`effect` in effects.py),
    so that a step that asks something is answered before the next step runs."""
    return task(
        seat, *(["effect"] * len(steps)), card=card, uid=uid, effects=[_listed(s) for s in steps]
    )


def _listed(step: Any) -> Any:
    """A step as JSON holds it (a step inside a step too), so a state round-trips exactly."""
    return [_listed(part) for part in step] if isinstance(step, tuple | list) else step


def gain(seat: int, count: int) -> Task:
    """Gain `count` energies of the gainer's choice, then overflow once (§7, §16.8)."""
    return task(seat, *(["gain"] * count), "overflow")


def overflow(seat: int) -> Task:
    return task(seat, "overflow")


def spend(seat: int, count: int) -> Task:
    """Spend `count` energies of the spender's choice (§7: spendable energy)."""
    return task(seat, *(["spend"] * count))
