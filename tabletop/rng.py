"""A tiny seeded random generator whose whole state is one integer.

A game's randomness (Castle's start player, later its winter deck) lives inside the game
state, so a game is fully determined by its setup and actions and its state round-trips
through JSON.
`random.Random` would work but its state is 625 integers; SplitMix64 needs one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new_state, 64-bit output). SplitMix64 (Steele et al.)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n): returns (new_state, value). Rejection keeps it unbiased."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """A Fisher-Yates shuffle of a copy of `items`: returns (new_state, shuffled list)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def choice(state: int, items: Sequence[T]) -> tuple[int, T]:
    """One of `items`, each as likely: returns (new_state, item)."""
    state, i = below(state, len(items))
    return state, items[i]


def weighted(state: int, items: Sequence[T], weights: Sequence[int]) -> tuple[int, T]:
    """One of `items`, each as likely as its whole, positive weight says (a die's faces
    counted by how many faces show them): returns (new_state, item)."""
    if len(items) != len(weights) or not items or any(w <= 0 for w in weights):
        raise ValueError("one positive weight per item")
    state, x = below(state, sum(weights))
    for item, weight in zip(items, weights, strict=True):
        if x < weight:
            return state, item
        x -= weight
    raise AssertionError("unreachable")
