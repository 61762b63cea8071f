"""The tasks a round is made of: one per card played, plus delivery and the end of round.

A task is a dict `{"seat", "card", "stage", "steps"}` whose steps run in order (tabletop.runner);
the steps of a card's action follow the order of §5: gather → erect → (talers) → helpers.
"""

from __future__ import annotations

from tabletop.stage import Task

CARD_STEPS: dict[str, tuple[str, ...]] = {
    "messenger": ("messenger",),
    "trader": ("trader", "toll"),  # the toll: winter's Village Tavern (winter.py)
    "bricklayer": ("tower", "erect", "bricklayer_talers", "helper"),
    "stonemason": ("buy", "erect", "helper"),
    "worker_a": ("collect", "erect"),
    "worker_b": ("collect", "erect"),
    "worker_c": ("collect", "erect"),
    "master_builder": ("master_builder",),
}


def act(seat: int, card: str) -> Task:
    """The task of one card's action."""
    return task(list(CARD_STEPS[card]), seat, card)


def task(steps: list[str], seat: int | None = None, card: str | None = None) -> Task:
    return {"seat": seat, "card": card, "stage": None, "steps": steps}
