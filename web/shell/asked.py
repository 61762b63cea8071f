"""The decision a game asks now: which seats, their prompts, and what the prompt says of how
they answer (in secret, or out of the others' sight).

Why a cache: one click asks it many times (the cover, the panels, the computers, undo and the
save's secret flag), and the engine works it out each time. `Decision` keeps the answer for
one moment: the same state object with the same number of actions recorded. A state changes
in place only when an action is applied, and the record grows with it, so that pair names
the moment.
"""

from __future__ import annotations

from typing import Any

from tabletop.game import Game, Prompt


def answers_in(game: Game[Any], state: Any, key: str) -> bool:
    """Whether the seats asked now answer in secret (`key` "secret": the prompt says so), or
    see something only they may know to answer ("private")."""
    seats = game.asked(state)
    prompt = game.prompt(state, seats[0]) if seats else None
    return prompt is not None and bool(prompt.get(key))


class Decision:
    """The decision of the open game, worked out once per moment."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._state: Any = None
        self._moves = -1
        self._asked: list[int] = []
        self._prompts: dict[int, Prompt | None] = {}

    def _at(self, state: Any, moves: int) -> None:
        if state is not self._state or moves != self._moves:
            self._state, self._moves = state, moves
            self._asked = self.game.asked(state)
            self._prompts = {}

    def asked(self, state: Any, moves: int) -> list[int]:
        self._at(state, moves)
        return list(self._asked)

    def prompt(self, state: Any, moves: int, seat: int) -> Prompt | None:
        self._at(state, moves)
        if seat not in self._prompts:
            self._prompts[seat] = self.game.prompt(state, seat)
        return self._prompts[seat]

    def says(self, state: Any, moves: int, key: str) -> bool:
        """What `answers_in` says, for this moment."""
        seats = self.asked(state, moves)
        prompt = self.prompt(state, moves, seats[0]) if seats else None
        return prompt is not None and bool(prompt.get(key))
