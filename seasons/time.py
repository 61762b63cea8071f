"""Time (§4): the season token's moves, season and year changes, the libraries, the end."""

from __future__ import annotations

from tabletop import runner
from tabletop.stage import Events, Task, event

from . import data, tasks
from .cards import CARDS
from .state import State


def move(s: State, mover: int, spaces: int, ev: Events, by_boots: bool) -> None:
    """Move the token `spaces` (negative: back, Boots only) and play what follows at once:
    the libraries of a year begun for the first time, then the season-change effects in turn
    order from `mover` (§4.9). A move beyond the last space of year 3 ends the game: at once
    after its effects for the round's time move (§4.10), after the round for Boots."""
    before = s.position
    s.position = after = max(data.FIRST_POSITION, before + spaces)
    ev.append(event("time_moved", p=mover, spaces=after - before, position=after))
    if by_boots:
        s.beyond = after > data.LAST_POSITION
    year = data.year_of(after)
    if year > data.year_of(before) and year <= data.YEARS and year not in s.years_begun:
        s.years_begun.append(year)
        for seat, p in enumerate(s.players):
            joined, p.libraries[year - 2] = p.libraries[year - 2], []
            p.hand.extend(joined)
            ev.append(event("library_joined", p=seat, year=year, cards=len(joined)))
    if data.season_of(after) != data.season_of(before):
        ev.append(event("season_changed", season=data.season_of(after)))
        season_change_effects(s, mover)


def season_change_effects(s: State, mover: int) -> None:
    """Every season-change effect in play, in turn order from `mover`, each card on its own;
    played now, in front of whatever moved the token."""
    order: list[Task] = []
    for seat in [mover, *s.opponents(mover)]:
        for c in s.players[seat].play:
            steps = CARDS[c["card"]].season_change
            if steps:
                order.append(tasks.effects(seat, c["card"], c["uid"], steps))
    for t in reversed(order):
        runner.interrupt(s, t)
