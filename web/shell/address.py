"""The page's address parameters, read into bounded values: `?think=SECONDS` (a searching
computer's time per decision) and `?game=NAME` (which registered game the page plays).

An address is anyone's to write (a link, a bookmark, a test, a hostile page), so what it says
must not reach the controller unbounded: `?think=inf` once let a computer search its whole
budget of iterations for every decision, freezing its seat. Pure, so that CPython tests every
case (tests/test_address.py); web/main.py hands it the parameters it read.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Final, NamedTuple

#: The bounds of `?think=`, in seconds: a search needs a moment to find anything, and a player
#: waits about this long at most for a computer's move (the page's default is 1.5 s,
#: web/shell/computers.py). A number outside is taken as the nearer bound.
THINK_MIN: Final = 0.01
THINK_MAX: Final = 10.0
#: A number of seconds as the address may write it: ASCII digits with at most one decimal
#: point, a few of each (no sign, exponent, `inf`, `nan`, `_` or other scripts' digits, all of
#: which Python's `float` would take).
THINK_NUMBER: Final = re.compile(r"[0-9]{1,6}(\.[0-9]{0,6})?|\.[0-9]{1,6}")


class Address(NamedTuple):
    """What the address asks for; None: the page's default."""

    game: str | None
    think: float | None


def think_seconds(value: str | None) -> float | None:
    """`?think=`'s seconds, bounded to THINK_MIN..THINK_MAX; None (the default) for anything
    that is not a plain number of seconds."""
    if value is None or not THINK_NUMBER.fullmatch(value):
        return None
    return min(THINK_MAX, max(THINK_MIN, float(value)))


def game_name(value: str | None, games: Collection[str]) -> str | None:
    """`?game=`'s name if it is one of the registered games; None (the first) otherwise."""
    return value if value is not None and value in games else None


def read(params: Mapping[str, str], games: Collection[str]) -> Address:
    """The address's parameters (each one's first value), bounded."""
    return Address(game_name(params.get("game"), games), think_seconds(params.get("think")))
