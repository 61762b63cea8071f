"""What the Seasons tests share to set up and play a situation (as tests/scenario.py is for
Castle's): an action by its text line, the stage a seat is asked, a refusal's rule id."""

from __future__ import annotations

from seasons import SEASONS
from seasons.data import SEASON_DICE
from seasons.data import SEASONS as SEASON_NAMES
from seasons.state import State
from tabletop.stage import Events

#: The dice of every season in their own order: forced as the setup's draw, the dice in use are
#: the first players + 1 of each season's five (Wi1-Wi3 with two players).
IN_ORDER = [list(SEASON_DICE[season]) for season in SEASON_NAMES]


def act(s: State, line: str) -> Events:
    return SEASONS.apply(s, SEASONS.parse_action(line))


def stage(s: State, seat: int) -> str | None:
    prompt = SEASONS.prompt(s, seat)
    return None if prompt is None else prompt["stage"]


def refusal(s: State, line: str) -> str | None:
    why = SEASONS.why_not(s, SEASONS.parse_action(line))
    return None if why is None else why.rule


def options(s: State, seat: int) -> list[str]:
    return [SEASONS.action_text(a) for a in SEASONS.legal_actions(s, seat)]


def named(events: Events, name: str) -> list[dict[str, object]]:
    return [e for e in events if e["e"] == name]
