"""The keyboard's shortcuts for a decision's choices (web/shell/keys.py): a key for every
choice that can be played, the digits first and then letters, none spent on a forbidden choice,
none taken from another shortcut. The DOM glue (web/main.py) gives each enabled choice of the
decision its key in the panel's order; the e2e keyboard test presses them in the browser."""

from __future__ import annotations

import random
import re

from scenario import castle_record

from castle import CASTLE
from tabletop import record as records
from web.games import GAMES
from web.shell import keys
from web.shell.app import App
from web.shell.screens import render
from web.shell.storage import MemoryStore

#: The decision's buttons, and those of them that are not choices (web/main.py's selectors).
BUTTON = re.compile(r"<button[^>]*>(.*?)</button>", re.S)
NOT_CHOICE = re.compile(r'id="(hint|help-step|undo)"')


def test_the_digits_come_first_then_the_letters_no_other_shortcut_uses() -> None:
    shown = [keys.label(k) for k in keys.choice_keys(12)]
    assert shown == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C"]
    every = keys.choice_keys(len(keys.CHOICES))
    assert len(set(every)) == len(every) == 9 + 26 - 2
    assert not set(every) & {k.lower() for k in keys.PRESS}
    # Shift or Caps Lock: the same choice.
    assert keys.choice_index("a") == keys.choice_index("A") == 9
    assert keys.choice_index("u") is None and keys.choice_index("Escape") is None


def test_the_help_names_the_keys_the_page_answers() -> None:
    assert keys.LABELS["key_first"] == "1" and keys.LABELS["key_last"] == "9"
    assert keys.LABELS["key_letter"] == "A" and keys.LABELS["key_letter_next"] == "B"


def _building_step() -> App:
    """Seed 47, two players, after 22 random moves: Ann may erect any of ten buildings."""
    rec = castle_record(2, 47, 0, names=["Ann", "Bo"], colours=["blue", "red"])
    state, _ = records.replay(CASTLE, rec)
    rnd = random.Random(47)
    while len(rec["actions"]) < 22:
        action = rnd.choice(CASTLE.legal_actions(state, CASTLE.asked(state)[0]))
        CASTLE.apply(state, action)
        rec["actions"].append(CASTLE.action_text(action))
    app = App(MemoryStore(), GAMES, lang="en")
    assert app.import_file(records.dumps(rec), "erect.json")
    return app


def test_every_choice_of_the_building_step_has_a_key() -> None:
    """Ten buildings and "Erect nothing": eleven choices, more than there are digits; House and
    "Erect nothing" get A and B."""
    html = render(_building_step())
    decision = re.search(r'<section id="decision" data-stage="erect".*?</section>', html, re.S)
    assert decision is not None
    choices = [
        words
        for button, words in zip(
            re.findall(r"<button[^>]*>", decision.group(0)),
            BUTTON.findall(decision.group(0)),
            strict=True,
        )
        if "data-act" in button and not NOT_CHOICE.search(button)
    ]
    assert len(choices) == 11
    shortcuts = dict(zip(choices, map(keys.label, keys.choice_keys(len(choices))), strict=True))
    assert shortcuts["House (8 BP)"] == "A"
    assert shortcuts["Erect nothing"] == "B"
