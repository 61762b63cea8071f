"""What one player may know of the game (design: views).

Hidden from a seat: the other seats' unrevealed choices this round (only whether they have
chosen shows) and the random generator's state. The page for a seat and a computer opponent for
a seat see only this.
"""

from __future__ import annotations

from .state import Json, State, to_json

HIDDEN = "hidden"


def view(s: State, seat: int | None) -> Json:
    """The state as `seat` may see it; seat None is a spectator who sees no secret choice."""
    out = to_json(s)
    out["selection"] = [
        cards if i == seat or cards is None else HIDDEN for i, cards in enumerate(out["selection"])
    ]
    del out["rng"]
    return out
