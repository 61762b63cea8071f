"""The engine's functions, from the seam's core (tabletop/core.py) and the game's stages."""

from __future__ import annotations

from tabletop import core
from tabletop.stage import AutoStep, Stage

from . import asks, handlers, prelude, rounds, turn
from .state import State, to_json
from .steps import run_effect

STAGES: dict[str, Stage[State]] = {
    **asks.STAGES,
    **prelude.STAGES,
    **rounds.STAGES,
    **turn.STAGES,
    **handlers.STAGES,
}
AUTO_STEPS: dict[str, AutoStep[State]] = {**rounds.AUTO_STEPS, "effect": run_effect}

ENGINE = core.engine(
    core.Rules(
        STAGES,
        AUTO_STEPS,
        seats=lambda s: s.n,
        malformed=asks.CODEC.malformed,
        mark=to_json,
    )
)
