"""The page's keyboard shortcuts: the keys web/main.py answers and the rules help lists.

Why one module: the help must name exactly the keys the page answers, in every language; and a
key's label is what keyboards print on it, the same in every language (so the help's words for
keys come from here, not from the catalogs).
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Final

#: A key (`KeyboardEvent.key`) and the id of the control it presses, where the screen has it.
PRESS: Final = {
    "u": "undo",
    "h": "hint",
    "?": "help-open",
    "Escape": "help-close",
}

#: The keys that press the decision's choices that can be played, in the order the panel shows
#: them: the digits 1 to 9, then the letters that no other shortcut uses. A step can offer more
#: than nine choices (the building step: eleven buildings and "Erect nothing"), and a choice that
#: cannot be played has no key, so that none is spent on it.
CHOICES: Final = (
    *(str(n) for n in range(1, 10)),
    *(letter for letter in ascii_lowercase if letter not in PRESS),
)


def choice_keys(count: int) -> tuple[str, ...]:
    """The keys of a decision's first `count` playable choices (every one, up to the keys
    there are: far more than any step of a game offers)."""
    return CHOICES[:count]


def choice_index(key: str) -> int | None:
    """Which playable choice a key presses (`KeyboardEvent.key`: a letter with Shift, or with
    Caps Lock, presses the same one), or None if it presses none."""
    lowered = key.lower() if len(key) == 1 else key
    return CHOICES.index(lowered) if lowered in CHOICES else None


def label(key: str) -> str:
    """A choice's key as keyboards print it, on its button: 1, …, 9, A, B, …"""
    return key.upper()


#: The keys as keyboards label them: the rules help's `{key_*}` placeholders.
LABELS: Final = {
    "key_tab": "Tab",
    "key_back": "Shift+Tab",
    "key_enter": "Enter",
    "key_space": "Space",
    "key_undo": "U",
    "key_hint": "H",
    "key_help": "?",
    "key_close": "Esc",
    "key_first": label(CHOICES[0]),
    "key_last": label(CHOICES[8]),
    "key_letter": label(CHOICES[9]),
    "key_letter_next": label(CHOICES[10]),
}
