"""The open game's history as the page uses it: undo (which decisions may be taken back, and
what the log notes of them) and looking back at a past moment, read-only, and back to the
present.

Why apart from the controller: undo must never let a person peek (not a secret answer, not
a computer's move, not past another seat's decision), and looking back must never play; those
rules are here, in one place, over the record. The controller (app.py) swaps what is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop import record as records
from tabletop.game import Action, Event

#: What the board shows: a state, its events, and each event's moment (the number of actions
#: played when it happened).
Position = tuple[Any, list[Event], list[int]]


@dataclass(frozen=True)
class Move:
    """The move that led to the past moment shown: the state it was asked in (its words are
    worded against it, as a hint's are), its number, and whether it is still secret now (an
    answer to a secret decision that has not been revealed at the present moment of the game:
    the bar names only who answered, as the log does, to anyone looking back)."""

    asked_in: Any
    moment: int
    hidden: bool


def upto(rec: records.Record, moment: int) -> records.Record:
    """The record as it stood after `moment` actions."""
    then = dict(rec)
    then["actions"] = rec["actions"][:moment]
    return then


class History:
    def __init__(self) -> None:
        #: Looking at a past moment (read-only): the number of actions shown (None: the
        #: present), and the present to come back to.
        self.past: int | None = None
        self.present: Position | None = None
        #: The move that led to the past moment shown (None: the present, or the start, or
        #: the end of a finished game).
        self.move: Move | None = None
        #: How many of the last actions are secret answers not yet revealed at the present
        #: (worked out once per look at the past: None until needed).
        self._hidden: int | None = None
        #: The last action was a secret answer (undo would show it to the next player).
        self.last_secret = False
        #: The seat whose own actions undo is taking back, one by one: never past another
        #: seat's action (None until the first undo after an action).
        self.undoing: int | None = None
        #: What was taken back, for the log of the open game: (number of events before it,
        #: the action), worded in the log's language.
        self.takebacks: list[tuple[int, Action]] = []

    def opened(self, last_secret: bool = False) -> None:
        """Another game (or none): nothing to undo or look back at yet."""
        self.past = self.present = self.move = self._hidden = None
        self.last_secret = last_secret
        self.undoing = None
        self.takebacks = []

    def played(self, secret: bool) -> None:
        """An action was played (`secret`: it answered in secret)."""
        self.last_secret = secret
        self.undoing = None

    def can_undo(
        self, rec: records.Record | None, seat: int | None, person: bool, revealing: bool = False
    ) -> bool:
        """Undo takes back a person's own decisions, back to the last moment new information
        appeared and never further, so that it cannot be used to peek: not a secret answer
        (the reveal follows the last one), not an action whose consequences showed a person
        at this device something new (`revealing`: a roll, a draw, a card looked at;
        `tabletop.chance.revealed_to`), not a computer's move (a person would choose again
        knowing it), and not past another seat's decision. `seat` played the last action;
        `person`: a person plays it."""
        if rec is None or not rec["actions"] or self.last_secret or self.past is not None:
            return False
        return person and not revealing and self.undoing in (None, seat)

    def took_back(self, action: Action, events: int, last_secret: bool) -> None:
        """`action` was taken back; `events` stand now (the log notes it after them)."""
        self.undoing = action["p"]
        self.last_secret = last_secret
        self.takebacks = [(min(i, events), taken) for i, taken in self.takebacks]
        self.takebacks.append((events, action))

    def look(
        self,
        rec: records.Record,
        moment: int,
        now: Position,
        over: Callable[[Any], bool],
        replay: Callable[[records.Record], tuple[Any, list[Event], list[int], bool, Any]],
        hidden: Callable[[Any], int],
    ) -> Position | None:
        """The position after `moment` actions, to be shown read-only (None: that is the
        present of a game in progress, so no looking back). `now` is what is shown, `over`
        tells a finished game's state, `replay` replays a record with the state its last
        action was asked in (saves.SavedGames.replay_looked), `hidden` tells how many of the
        last actions are secret answers not yet revealed at a present state
        (saves.SavedGames.secret_tail, 0 when the present asks nothing in secret)."""
        count = len(rec["actions"])
        moment = max(0, min(moment, count))
        if self.present is None:
            self.present = now
        if moment == count and not over(self.present[0]):
            return None
        self.past = moment
        self.move = None
        if moment == count:
            return self.present
        state, events, moments, secret, asked_in = replay(upto(rec, moment))
        if asked_in is not None:
            if secret and self._hidden is None:
                self._hidden = hidden(self.present[0])
            still = secret and moment > count - (self._hidden or 0)
            self.move = Move(asked_in, moment, still)
        return state, events, moments

    def back(self) -> Position | None:
        """Back to the present: what to show again (None: it is already shown)."""
        present = self.present
        self.past = self.present = self.move = self._hidden = None
        return present
