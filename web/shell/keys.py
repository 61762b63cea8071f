"""The page's keyboard shortcuts: the keys web/main.py answers and the rules help lists.

Why one module: the help must name exactly the keys the page answers, in every language; and a
key's label is what keyboards print on it, the same in every language (so the help's words for
keys come from here, not from the catalogs).
"""

from __future__ import annotations

from typing import Final

#: The digits 1 to CHOICES press the decision's choices, in the order the panel shows them.
CHOICES: Final = 9

#: The digit keys (`KeyboardEvent.key`), the first choice's first.
DIGITS: Final = tuple(str(n) for n in range(1, CHOICES + 1))

#: A key (`KeyboardEvent.key`) and the id of the control it presses, where the screen has it.
PRESS: Final = {
    "u": "undo",
    "h": "hint",
    "?": "help-open",
    "Escape": "help-close",
}

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
    "key_first": "1",
    "key_last": str(CHOICES),
}
