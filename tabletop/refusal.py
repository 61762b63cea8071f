"""Refusals: why an action is not allowed, as a rule id with parameters.

A rule id names the rule of the game that forbids the action (e.g. Castle's
`trader.displace.placed_this_round`); the page turns it into words from its catalogs, so no
sentence lives in an engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Refusal:
    rule: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.rule
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.rule} ({args})"


class IllegalAction(Exception):
    """Raised by `apply` for an action the rules do not allow; the state is left unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal

    @property
    def rule(self) -> str:
        return self.refusal.rule

    @property
    def params(self) -> dict[str, Any]:
        return self.refusal.params
