"""A hint in words: the suggested move, and its chance of winning said as much as it is known.

Why a figure, a range or a word: the chance is an average over states sampled from what the
person sees (tabletop.advice). When the samples agree, a percentage means something ("about
45 %"); when they disagree, what is hidden matters more than the move, and a precise figure
would mislead: the page says the range, or only whether the move leaves the person ahead,
about even or behind. The move's edge over the next best one is measured on the same samples,
so it is steadier than the chance itself and is said as a figure whenever there is one.
"""

from __future__ import annotations

import math
from typing import Final, Protocol

from tabletop.advice import Advice

#: Chances are said to the nearest this many percent: two sets of samples may differ by a few
#: points (docs/benchmarks.md, "The hint"), and "about 55 %" does not claim more.
STEP: Final = 5
#: The widest spread of the samples (high minus low) still said as one figure.
FIGURE_SPREAD: Final = 0.10
#: The widest still said as a range; wider, only a word.
RANGE_SPREAD: Final = 0.40
#: How far from a fair share (1 / seats) a chance is "ahead" or "behind" rather than "even".
EVEN_BAND: Final = 0.08
#: An edge below this (in chance) is "about as good" as the next best move.
CLOSE_MARGIN: Final = 0.01


class Words(Protocol):
    """What this module needs of the page (web.shell.app.App)."""

    def t(self, key: str, /, **params: object) -> str: ...


def percent(chance: float) -> int:
    return round(100 * chance)


def said_as(advice: Advice) -> str:
    """How the chance is said: "figure", "range" or "word"."""
    width = advice.high - advice.low
    if width <= FIGURE_SPREAD:
        return "figure"
    return "range" if width <= RANGE_SPREAD else "word"


def chance_text(app: Words, advice: Advice) -> str:
    """The chance after the move: a figure, a range or a word, by how much the samples agree."""
    said = said_as(advice)
    if said == "figure":
        return app.t("app.hint_about", chance=STEP * round(100 * advice.chance / STEP))
    if said == "range":
        low = STEP * math.floor(100 * advice.low / STEP)
        high = STEP * math.ceil(100 * advice.high / STEP)
        return app.t("app.hint_range", low=low, high=high)
    fair = 1 / advice.seats
    if advice.chance >= fair + EVEN_BAND:
        return app.t("app.hint_ahead")
    if advice.chance <= fair - EVEN_BAND:
        return app.t("app.hint_behind")
    return app.t("app.hint_even")


def margin_text(app: Words, advice: Advice) -> str:
    """How much the move beats the next best one weighed ("" if it was the only one)."""
    if advice.margin is None:
        return ""
    if advice.margin < CLOSE_MARGIN:
        return app.t("app.hint_close")
    return app.t("app.hint_margin", count=percent(advice.margin))


def hint_text(app: Words, move: str, advice: Advice) -> str:
    """The whole hint: the move in words (`move`, as the game's page words a plan), its chance
    and its edge."""
    text = app.t(
        "app.hint_text", move=move, chance=chance_text(app, advice), margin=margin_text(app, advice)
    )
    return text.strip()
