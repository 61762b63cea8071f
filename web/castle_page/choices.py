"""The buttons of a decision, shared by the summer panels (panels.py) and the winter ones
(winter_panels.py): an engine action as a button, refused ones with the engine's reason, and
the helper places' two-step choice (the place, then where the helper comes from).

Why a module of its own: both kinds of panel build their options alike, and neither may
import the other's helpers (that was an import circle between the two). Nothing here decides
what is legal: the engine's option lists and refusals do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from castle import data
from castle.actions import Action, make
from web.shell.html import button, esc, tag

if TYPE_CHECKING:
    from web.shell.app import App


def option_button(app: App, action: Action, label: str, **values: Any) -> str:
    """A button for an engine action that may be refused (it then shows why, in words);
    `label` is plain text."""
    token, reason = app.option(action)
    return button(esc(label), token, reason, **values)


def legal_entry(app: App, action: Action) -> tuple[str | None, str | None]:
    """What `app.option` answers for an action of the engine's own list, without asking the
    engine again why not: it is legal (the list says so)."""
    return app.play(action), None


def legal_button(app: App, action: Action, label: str, **values: Any) -> str:
    """A button for an action of the engine's own list."""
    return button(esc(label), *legal_entry(app, action), **values)


def options(buttons: Iterable[str]) -> str:
    """A row of a decision's buttons."""
    return tag("div", "".join(buttons), class_="options")


def legal_buttons(app: App, seat: int, label: Callable[[Action], str]) -> str:
    """Every action the engine lists for the seat, one button each, worded by `label`."""
    assert app.state is not None
    return options(legal_button(app, a, label(a)) for a in app.game.legal_actions(app.state, seat))


def choose_place(app: App, place: str | None) -> None:
    """A helper place with several possible sources: ask where the helper comes from."""
    app.local["place"] = place


def helper_reason(app: App, seat: int, place: str) -> str:
    """Why no helper may go to `place` now, from any source (the cart rule is said only when
    nothing else forbids it: it depends on the source, not on the place)."""
    assert app.state is not None
    for source in ("supply", *data.TRADER_PLACES):
        refusal = app.game.why_not(app.state, make(seat, "helper", place, source))
        if refusal and not refusal.rule.startswith("helper.not_at_that_cart"):
            return app.reason(refusal)
    return app.t("page.helper_no_source")
