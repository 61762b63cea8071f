"""What every screen of the shell has: the rules help's button and its overlay, the status
line and a save's problem above it, the language buttons. Apart from the screens themselves
(home.py, screens.py) so that each of them can use these without importing the other."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from . import i18n
from .html import esc, tag, tool
from .settings import DEFAULT_PACE, PACE, PACES

if TYPE_CHECKING:
    from tabletop.game import Json

    from .app import App


def help_button(app: App) -> str:
    """Opens the rules help, from every screen."""
    return tool(esc(app.t("app.help")), app.reg(app.open_help), id="help-open")


def help_overlay(app: App) -> str:
    """The rules help over the page, with the way back to where the player was."""
    close = tool(esc(app.t("app.help_close")), app.reg(app.close_help), id="help-close")
    return tag(
        "div",
        tag("div", close, class_="help-bar") + app.ui.help(app, app.help_topic),
        class_="help-overlay",
        role="dialog",
        aria_modal="true",
        aria_label=app.t("app.help"),
    )


def notice(app: App) -> str:
    """The status line (a refused click, what a tapped thing is), after a save's problem."""
    text = app.notice or ""
    # data-more: the words of the button a tapped thing's explanation ends with, which opens
    # the rules help at that thing's own entry (its data-topic; web/main.py draws it).
    return save_problem(app) + tag(
        "p",
        esc(text),
        id="notice",
        role="status",
        aria_live="polite",
        data_more=app.t("app.help_more"),
        data_close=app.t("app.notice_close"),
    )


def cover_notice(app: App) -> str:
    """On a cover, which is drawn over the whole page and so over the game's status line: a
    save's problem, and the notice when there is one (the "Opened …" of a file that opens on
    a cover, a computer that could not play), so that no message is hidden by a cover."""
    return notice(app) if app.notice else save_problem(app)


def _problem_line(words: str, buttons: list[str], role: str = "alert") -> str:
    """The save problem's line: what is wrong, then what the player can do about it."""
    return tag("p", " ".join([esc(words), *buttons]), id="save-problem", role=role)


def save_problem(app: App) -> str:
    """A save that failed (a full storage), or a game played on or deleted in another tab, or
    a browser that keeps nothing: said on every screen until it is resolved."""
    download = tool(esc(app.t("app.export")), app.reg(app.export_game), id="export")
    if app.deleted_elsewhere and app.record is not None:
        # The only copy left is this tab's: offered as a file, kept, or let go, never dropped.
        return _problem_line(
            app.t("app.deleted_elsewhere"),
            [
                tool(esc(app.t("app.export")), app.reg(app.export_game), id="export-deleted"),
                tool(esc(app.t("app.keep_deleted")), app.reg(app.keep_deleted), id="keep-deleted"),
                tool(esc(app.t("app.let_go")), app.reg(app.let_go), id="let-go"),
            ],
        )
    if app.behind and app.screen == "game":
        load = tool(esc(app.t("app.load_latest")), app.reg(app.load_latest), id="load-latest")
        return _problem_line(app.t("app.behind"), [load])
    if app.save_problem is None and app.forgetful and app.record is not None:
        return _problem_line(app.t("app.storage_forgets"), [download], role="status")
    if app.save_problem is None:
        return ""
    buttons = [download]
    if app.screen == "game":
        buttons.append(tool(esc(app.t("app.free_space")), app.reg(app.home), id="free-space"))
    return _problem_line(app.t("app.save_failed", reason=app.save_problem), buttons)


def languages(app: App) -> str:
    """The languages the page speaks, the current one not a button."""
    buttons = []
    for lang, name in i18n.LANGUAGES.items():
        token = None if lang == app.lang else app.reg(partial(app.set_language, lang))
        buttons.append(tool(esc(name), token, name, lang=lang, class_="lang"))
    return tag("nav", "".join(buttons), class_="languages", aria_label=app.t("app.languages"))


def pace_field(app: App, id_: str) -> str:
    """How long each computer action stays on screen before it is played: on the new-game
    form and beside the seats in a game; a choice is kept at once (App.keep_pace), so that
    it holds for every game until changed."""
    if not app.ui.levels:
        return ""
    pace = app.form.get("pace") or app.settings.get(PACE) or DEFAULT_PACE
    if pace not in PACES:
        pace = DEFAULT_PACE
    options = "".join(
        tag("option", esc(app.t(f"app.pace.{p}")), value=p, selected=p == pace) for p in PACES
    )
    select = tag("select", options, name="pace", id=id_, data_change=app.reg(app.keep_pace))
    return tag("label", esc(app.t("app.pace")) + select, class_="pace")


def where_it_stands(app: App, progress: Json) -> str:
    """A game's variant and where it stands ("Winter · Round 4 of 15"): the header, the list
    of saved games."""
    words = (app.ui.variant_text(app, progress), app.ui.progress_text(app, progress))
    return " · ".join(w for w in words if w)
