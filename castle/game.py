"""Castle as a `tabletop.game.Game`: the one object the page, computer opponents, the
engine-neutral tests and the record tools hold to play it.

Thin by design: every method is one of the engine's functions (engine.py, state.py, view.py,
actions.py), so the rules stay where they are and this module only names them for the seam.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tabletop.game import Action, Event, Game, Json, Migration, Results
from tabletop.record import whole

from . import data, engine, state, state_check
from .actions import parse, to_text
from .migrations import MIGRATIONS
from .state import State
from .view import determinize, view


class Castle:
    name = "castle"
    title = "A Castle for All Seasons"
    rules_version = data.RULES_VERSION
    migrations: Mapping[int, Migration] = MIGRATIONS
    setup_keys: Mapping[int, frozenset[str]] = data.SETUP_KEYS
    players: tuple[int, ...] = data.PLAYER_COUNTS

    def new(self, players: int, seed: int) -> tuple[State, list[Event]]:
        return engine.new_game(players, seed)

    def setup_error(self, setup: Json) -> str | None:
        players, seed, start = setup.get("players"), setup.get("seed"), setup.get("start_player")
        if not whole(players) or players not in data.PLAYER_COUNTS:
            return f"players must be one of {data.PLAYER_COUNTS}"
        if not whole(seed):
            return "seed must be a whole number"
        if start is not None and (not whole(start) or not 0 <= start < players):
            return f"start_player must be empty or 0..{players - 1}"
        if not isinstance(setup.get("winter", False), bool):
            return "winter must be true or false"
        return None

    def start(self, setup: Json) -> tuple[State, list[Event]]:
        """A game from its setup; `winter` (true: the winter variant, §10) may be missing: the
        records of before the variant are summer games."""
        return engine.new_game(
            setup["players"], setup["seed"], setup.get("start_player"), setup.get("winter", False)
        )

    # The engine core's functions (tabletop/core.py), as the seam's methods.
    asked = staticmethod(engine.pending)
    prompt = staticmethod(engine.prompt)
    legal_actions = staticmethod(engine.legal_actions)
    why_not = staticmethod(engine.why_not)
    apply = staticmethod(engine.apply)
    apply_until = staticmethod(engine.apply)  # its third argument: the step to stop at

    def copy(self, s: State) -> State:
        return state.clone(s)

    def view(self, s: State, seat: int | None) -> Json:
        return view(s, seat)

    def determinize(self, seen: Json, seat: int, rnd: random.Random) -> State:
        return determinize(seen, seat, rnd)

    def terminal(self, s: State) -> bool:
        return s.phase == "over"

    def results(self, s: State) -> Results | None:
        if s.result is None:
            return None
        rows = s.result["players"]
        return {
            "ranking": list(s.result["ranking"]),
            "winners": list(s.result["winners"]),
            "seats": [
                {"seat": r["seat"], "score": r["vp"], "breakdown": dict(r["by_source"])}
                for r in rows
            ],
        }

    def to_json(self, s: State) -> Json:
        return state.to_json(s)

    def from_json(self, obj: Json) -> State:
        """A state from outside, checked whole (state_check.py): StateError naming the field,
        or NotAState on a seat's view. What it accepts can be played to its end, scored and
        written again."""
        return state_check.playable(state.from_json(state_check.check(obj)))

    def action_text(self, action: Action) -> str:
        return to_text(action)

    def parse_action(self, text: str) -> Action:
        return parse(text)


#: The game, as the seam's users hold it (mypy checks that it is a Game).
CASTLE: Game[State] = Castle()
