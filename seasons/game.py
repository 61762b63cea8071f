"""*Seasons* behind the seam's interface (tabletop/game.py): the engine's functions, the
setup, the record codec, views and results."""

from __future__ import annotations

import random
from collections.abc import Mapping

from tabletop import chance, rng
from tabletop.game import Action, Event, Game, Json, Migration, Results
from tabletop.stage import Events, event

from . import data, prelude, rounds, tasks
from .asks import CODEC
from .engine import ENGINE
from .state import Player, State, clone, from_json, to_json
from .view import determinize, view


def setup_error(setup: Json) -> str | None:
    players = setup.get("players")
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or players not in data.PLAYER_COUNTS
    ):
        return f"players must be one of {list(data.PLAYER_COUNTS)}"
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "seed must be a whole number"
    level = setup.get("level", "apprentice")
    if level not in data.LEVELS:
        return f"level must be one of {list(data.LEVELS)}"
    first = setup.get("start_player")
    if first is not None and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players
    ):
        return "start_player must be a seat or null"
    return None


def start(setup: Json) -> tuple[State, list[Event]]:
    players: int = setup["players"]
    ev: Events = [event("game_started", players=players, level=setup.get("level", "apprentice"))]
    s = State(
        players=[Player(told=[[] for _ in range(players)]) for _ in range(players)],
        level=setup.get("level", "apprentice"),
        dice={},
        rng=setup["seed"] & rng.MASK64,
        reshuffled_at=[0] * (players + 1),
    )
    prelude.set_up(s, ev)
    first = setup.get("start_player")
    s.first = chance.roll(s, ev, "first_player", list(range(players))) if first is None else first
    if s.level != "apprentice":
        s.queue.extend(
            tasks.task(None, "draft", picked=picked) for picked in range(data.STARTING_CARDS)
        )
    s.queue.append(tasks.task(None, "split"))
    s.queue.extend(rounds.round_tasks(s))
    ENGINE.run(s, ev)
    return s, ev


class Seasons:
    name = "seasons"
    title = "Seasons"
    rules_version = data.RULES_VERSION
    migrations: Mapping[int, Migration] = {}  # version 1 is the first
    setup_keys: Mapping[int, frozenset[str]] = data.SETUP_KEYS
    players: tuple[int, ...] = data.PLAYER_COUNTS

    def new(self, players: int, seed: int) -> tuple[State, list[Event]]:
        return start({"players": players, "seed": seed})

    def setup_error(self, setup: Json) -> str | None:
        return setup_error(setup)

    def start(self, setup: Json) -> tuple[State, list[Event]]:
        return start(setup)

    # The engine core's functions (tabletop/core.py), as the seam's methods.
    asked = staticmethod(ENGINE.asked)
    prompt = staticmethod(ENGINE.prompt)
    legal_actions = staticmethod(ENGINE.legal_actions)
    why_not = staticmethod(ENGINE.why_not)
    apply = staticmethod(ENGINE.apply)
    apply_until = staticmethod(ENGINE.apply)  # its third argument: the step to stop at

    def copy(self, s: State) -> State:
        return clone(s)

    def view(self, s: State, seat: int | None) -> Json:
        return view(s, seat)

    def determinize(self, seen: Json, seat: int, rnd: random.Random) -> State:
        return determinize(seen, seat, rnd)

    def terminal(self, s: State) -> bool:
        return s.over

    def results(self, s: State) -> Results | None:
        if s.result is None:
            return None
        return {
            "ranking": list(s.result["ranking"]),
            "winners": list(s.result["winners"]),
            "seats": [
                {"seat": row["seat"], "score": row["score"], "breakdown": dict(row["breakdown"])}
                for row in s.result["seats"]
            ],
        }

    def to_json(self, s: State) -> Json:
        return to_json(s)

    def from_json(self, obj: Json) -> State:
        if "rng" not in obj:
            raise ValueError("a seat's view, not a game state")
        return from_json(obj)

    def action_text(self, action: Action) -> str:
        return CODEC.to_text(action)

    def parse_action(self, text: str) -> Action:
        return CODEC.parse(text)


SEASONS: Game[State] = Seasons()
