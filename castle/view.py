"""What one player may know of the game (design: views).

Hidden from a seat: the other seats' unrevealed choices this round (only whether they have
chosen shows), the random generator's state and, in winter, the order of the face-down winter
cards (which cards are left is known to all: the ones not revealed yet). The page for a seat
and a computer opponent for a seat see only this.
"""

from __future__ import annotations

import random

from tabletop import rng

from . import data
from .actions import Action
from .engine import changed, pending, stage
from .rounds import select_candidates, select_check, select_perform
from .state import Json, State, clone, from_json, to_json

HIDDEN = "hidden"


def view(s: State, seat: int | None) -> Json:
    """The state as `seat` may see it; seat None is a spectator who sees no secret choice."""
    out = to_json(s)
    out["selection"] = [
        cards if i == seat or cards is None else HIDDEN for i, cards in enumerate(out["selection"])
    ]
    del out["rng"]
    if out["winter"] is not None:
        out["winter"]["deck"] = sorted(out["winter"]["deck"], key=data.WINTER_CARDS.index)
    return out


def determinize(seen: Json, seat: int, rnd: random.Random) -> State:
    """A whole state consistent with `seen` (a view of `seat`): what the seat cannot see is
    sampled with `rnd`, a generator of the caller's own (OpenSpiel's ResampleFromInfostate).

    Hidden now: the other seats' secret selections, drawn uniformly from the selections legal
    for each of them (which depend on that seat's public hand and face-up cards only), and the
    game's generator, replaced by a fresh one from `rnd`, so that nothing the real game will draw
    can be learnt from the copy; and the order of the winter deck, shuffled with `rnd`.
    Everything public is the view's, unchanged.
    """
    whole = dict(seen)
    if seen.get("winter") is not None:
        deck = list(seen["winter"]["deck"])
        rnd.shuffle(deck)
        whole["winter"] = {**seen["winter"], "deck": deck}
    hidden = [i for i, cards in enumerate(seen["selection"]) if cards == HIDDEN and i != seat]
    whole["selection"] = [None if i in hidden else c for i, c in enumerate(seen["selection"])]
    whole["rng"] = rnd.getrandbits(64) & rng.MASK64
    s = from_json(whole)  # the engine's own view, completed here: no check
    for other in hidden:
        candidates = select_candidates(s, {}, other)
        # A winter card may have discarded the only face-up card of a seat since it chose
        # (then any choice of its hand is one it could have made).
        options = [a for a in candidates if select_check(s, {}, a) is None] or candidates
        if s.phase == "winter" and other in pending(s):
            # A seat asked by a winter card now did not choose what it is asked about (§10: a
            # card chosen this round is not offered): never leave it without its question.
            options = [a for a in options if _still_asked(s, other, a)] or options
        select_perform(s, {}, rnd.choice(options), [])
        changed(s)
    return s


def _still_asked(s: State, seat: int, selection: Action) -> bool:
    """Whether, had `seat` chosen `selection`, the decision now asked would still be a real
    question for it (two options or more: the engine asks no other)."""
    chosen = clone(s)
    select_perform(chosen, {}, selection, [])
    st = stage(chosen)
    assert st is not None and chosen.task is not None
    return len(st.options(chosen, chosen.task, seat)) > 1
