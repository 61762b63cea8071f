"""The page's address parameters (web/shell/address.py), bounded before web/main.py hands them
to the controller: `?think=` to a number of seconds in range, `?game=` to a registered game."""

from __future__ import annotations

import pytest

from web.games import GAMES
from web.shell.address import THINK_MAX, THINK_MIN, Address, game_name, read, think_seconds


@pytest.mark.parametrize(
    ("value", "seconds"),
    [("4", 4.0), ("1.5", 1.5), (".5", 0.5), ("2.", 2.0), ("10", 10.0), ("0.01", 0.01)],
    ids=["whole", "decimal", "no leading digit", "trailing point", "the maximum", "the minimum"],
)
def test_a_plain_number_of_seconds_in_range_is_taken_as_it_is(value: str, seconds: float) -> None:
    assert think_seconds(value) == seconds


@pytest.mark.parametrize(
    ("value", "seconds"),
    [("11", THINK_MAX), ("100000", THINK_MAX), ("999999.999999", THINK_MAX), ("0", THINK_MIN)],
    ids=["just above", "huge", "the longest written", "zero"],
)
def test_a_number_out_of_range_is_the_nearer_bound(value: str, seconds: float) -> None:
    assert think_seconds(value) == seconds


@pytest.mark.parametrize(
    "value",
    [
        "inf",
        "Infinity",
        "-inf",
        "nan",
        "NaN",
        "-1",
        "-0.5",
        "+2",
        "1e3",
        "1e400",
        "1_000",
        "١٢",  # Arabic-Indic digits, which float() reads as 12
        " 2",
        "2 ",
        "",
        ".",
        "1.2.3",
        "0x10",
        "1234567",
        "a lot",
    ],
    ids=[
        "inf",
        "Infinity",
        "minus inf",
        "nan",
        "NaN",
        "negative",
        "negative decimal",
        "plus sign",
        "exponent",
        "overflowing exponent",
        "underscore",
        "other digits",
        "leading space",
        "trailing space",
        "empty",
        "a point alone",
        "two points",
        "hexadecimal",
        "too many digits",
        "words",
    ],
)
def test_anything_but_a_plain_number_is_the_default(value: str) -> None:
    assert think_seconds(value) is None


def test_no_think_parameter_is_the_default() -> None:
    assert think_seconds(None) is None


def test_every_think_the_address_can_give_is_finite_and_in_range() -> None:
    for value in ("0", "0.000001", "3.25", "999999", "10.000001"):
        seconds = think_seconds(value)
        assert seconds is not None and THINK_MIN <= seconds <= THINK_MAX


@pytest.mark.parametrize(
    ("value", "name"),
    [("castle", "castle"), (None, None), ("chess", None), ("", None), ("Castle", None)],
    ids=["a registered game", "none given", "an unknown game", "empty", "another case"],
)
def test_game_is_a_registered_game_or_the_default(value: str | None, name: str | None) -> None:
    assert game_name(value, GAMES) == name


def test_a_game_registered_in_a_test_build_is_taken() -> None:
    assert game_name("goofspiel", {"castle": 1, "goofspiel": 2}) == "goofspiel"


def test_the_address_is_read_whole() -> None:
    assert read({"game": "castle", "think": "4"}, GAMES) == Address("castle", 4.0)
    assert read({"game": "<img src=x>", "think": "inf"}, GAMES) == Address(None, None)
    assert read({}, GAMES) == Address(None, None)
