"""The page's words name no input device: the same hint is read under a mouse and a finger.

Why: phone players read "Click a free place" (issue 20). The page is played with a mouse, a
finger and the keyboard alike, so its catalogs say what to choose, never how to press it
("click", "tap", 点击); the one exception is the rules help's list of keyboard shortcuts.
"""

from __future__ import annotations

import re

import pytest

from web.castle_page import CATALOGS
from web.shell import i18n

#: The words that name a device, per language.
DEVICE_WORDS = {
    "en": re.compile(r"\b(click|clicks|clicked|clicking|tap|taps|tapped|tapping)\b", re.I),
    "zh": re.compile("点击|单击|轻触|轻点|点按"),
}


def _texts(message: i18n.Message) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [message]


@pytest.mark.parametrize("lang", sorted(DEVICE_WORDS))
def test_no_message_names_the_input_device(lang: str) -> None:
    found = [
        f"{key}: {text}"
        for key, message in i18n.read_messages(lang, CATALOGS).items()
        for text in _texts(message)
        if DEVICE_WORDS[lang].search(text)
    ]
    assert not found, "\n".join(found)
