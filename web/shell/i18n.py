"""Message catalogs: every word the page shows, in each language it speaks.

Why catalogs and not strings in code: the engine speaks only in ids (events, rule ids, card and
building ids), and the page turns them into whole sentences of the player's language here, so a
translator edits JSON and never Python, and a sentence can reorder its parts freely
("{player}'s Trader ..." / "{player}的交易商……").

Layout: `<root>/<lang>/*.json` for each root of a page: the shell's (`web/shell/i18n`, next to
this module, so it works in Pyodide, where castle.zip is unpacked into the working directory,
as well as from a checkout), then its game's (e.g. `web/castle_page/i18n`). Every file of a
language is merged, root by root, in file-name order. A file is a JSON object of
`"namespace.id": message` (nested objects are flattened with dots; keys starting with "@" are
notes and ignored). A message
is a str.format template with named placeholders, or a plural dict such as
`{"one": "{count} taler", "other": "{count} talers"}` chosen by the `count` parameter.

`Catalog.t` never raises: a missing message falls back to English, then to the key itself; a
template that cannot be formatted is returned as written, so a slip in a catalog shows up as
visible text, never as a broken page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

#: The languages the page offers, by code, each named in its own language.
LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文"}
#: The language every other one falls back to.
FALLBACK = "en"
#: The shell's own catalogs: next to this module, so the same path works in every interpreter.
#: Each game keeps its catalogs in its own folder, and a page loads the shell's and its game's
#: (`load(lang, (SHELL, game_folder))`), so no two games share a namespace.
SHELL = Path(__file__).resolve().parent / "i18n"
Roots = tuple[Path, ...]

#: CLDR plural categories; a dict with only these keys is a plural message, not a namespace.
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

Message = str | dict[str, str]


def _english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


def _no_plural(n: int) -> str:
    return "other"


#: Which plural category a number takes, per language (CLDR rules for integers). Languages not
#: listed use the English rule.
PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _english_plural, "zh": _no_plural}


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown placeholder visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """The messages of one language, with English (or nothing) behind it."""

    def __init__(
        self, lang: str, messages: Mapping[str, Message], fallback: Catalog | None = None
    ) -> None:
        self.lang = lang
        self.messages: dict[str, Message] = dict(messages)
        self.fallback = fallback

    def has(self, key: str) -> bool:
        """Whether this catalog or its fallback knows `key`."""
        return key in self.messages or (self.fallback is not None and self.fallback.has(key))

    def keys(self) -> set[str]:
        """This language's own keys (without the fallback's)."""
        return set(self.messages)

    def t(self, key: str, /, **params: Any) -> str:
        """The message `key` with `params` filled in; English if missing here; else the key."""
        message = self._find(key)
        if message is None:
            return key
        template = self._choose(message, params.get("count"))
        try:
            return template.format_map(_Params(params))
        except (ValueError, IndexError, KeyError, AttributeError, TypeError):
            return template

    def _find(self, key: str) -> Message | None:
        if key in self.messages:
            return self.messages[key]
        return self.fallback._find(key) if self.fallback is not None else None

    def _choose(self, message: Message, count: Any) -> str:
        """The template for `count`: its plural category, else "other", else any form."""
        if isinstance(message, str):
            return message
        category = "other"
        if isinstance(count, int) and not isinstance(count, bool):
            category = PLURAL_RULES.get(self.lang, _english_plural)(count)
        form = message.get(category, message.get("other"))
        if form is None:
            form = next(iter(message.values()), "")
        return form

    # --- Lists, formatted by the catalog's own words ---------------------------------------

    def join(self, items: Iterable[str], last: str = "list.and") -> str:
        """Items as one phrase ("a, b and c" / "a、b和c"): `list.sep` between, `last` before
        the last one. The words come from the catalog, since each language joins differently."""
        words = list(items)
        if len(words) < 2:
            return "".join(words)
        return self.t("list.sep").join(words[:-1]) + self.t(last) + words[-1]

    def pieces(self, pieces: Mapping[str, int], order: Iterable[str] | None = None) -> str:
        """Counts of pieces as one phrase ("2 sand, 1 clay" / "2沙、1砖"), kinds in `order`
        (else as given); kinds with no piece are left out, and no piece at all is `pieces.none`."""
        kinds = [k for k in (order or pieces) if pieces.get(k)]
        if not kinds:
            return self.t("pieces.none")
        return self.t("list.sep").join(
            self.t("pieces.item", count=pieces[k], kind=self.t(f"kind.{k}")) for k in kinds
        )


def _flatten(obj: Mapping[str, Any], prefix: str, out: dict[str, Message], where: str) -> None:
    for key, value in obj.items():
        if key.startswith("@"):
            continue
        full = f"{prefix}{key}"
        if isinstance(value, str):
            out[full] = value
        elif isinstance(value, dict) and value and set(value) <= PLURAL_CATEGORIES:
            if not all(isinstance(v, str) for v in value.values()):
                raise ValueError(f"{where}: plural forms of {full!r} must be strings")
            out[full] = dict(value)
        elif isinstance(value, dict):
            _flatten(value, f"{full}.", out, where)
        else:
            raise ValueError(f"{where}: {full!r} must be a string or an object")


def read_file(path: Path) -> dict[str, Message]:
    """One catalog file, flattened. Raises ValueError naming the file if it is malformed."""
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON ({e.msg} at line {e.lineno})") from None
    if not isinstance(obj, dict):
        raise ValueError(f"{path}: a catalog must be a JSON object")
    out: dict[str, Message] = {}
    _flatten(obj, "", out, str(path))
    return out


def files(lang: str, roots: Roots = (SHELL,)) -> list[Path]:
    """The catalog files of a language under each root, in the order they are merged."""
    out: list[Path] = []
    for root in roots:
        folder = root / lang
        out += sorted(folder.glob("*.json")) if folder.is_dir() else []
    return out


def read_messages(lang: str, roots: Roots = (SHELL,)) -> dict[str, Message]:
    """Every message of a language (its own only, no fallback); later files win a clash."""
    merged: dict[str, Message] = {}
    for path in files(lang, roots):
        merged.update(read_file(path))
    return merged


@cache
def load(lang: str, roots: Roots = (SHELL,)) -> Catalog:
    """The catalog of `lang` from `roots`, backed by English; an unknown language is English
    throughout.

    Cached: the files are read once per language (catalogs are not changed after loading).
    """
    if lang == FALLBACK:
        return Catalog(FALLBACK, read_messages(FALLBACK, roots))
    return Catalog(lang, read_messages(lang, roots), load(FALLBACK, roots))
