"""The shell's screens: which one shows (`render`), the hot-seat covers, the game's frame, and
the blocks a game's screen is made of (decision, notice, log, end of the game). The home screen
and the new-game form are in home.py. They know no game: what is asked
comes from the prompt, where a game stands from its page (`app.ui`)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from .frame import (
    cover_notice,
    help_button,
    help_overlay,
    languages,
    notice,
    pace_field,
    where_it_stands,
)
from .home import home
from .html import button, esc, marked, tag, tool
from .settings import PERSON
from .story import SeatRound, Summary

if TYPE_CHECKING:
    from .app import App


def render(app: App) -> str:
    """The page's HTML now; clicks on it come back through `app.click` with its tokens."""
    app.clear_clicks()
    screen = _screen(app)
    return screen + help_overlay(app) if app.help_open else screen


def _screen(app: App) -> str:
    if app.screen == "home" or app.state is None:
        return home(app)
    asked = app.asked()
    if app.past is not None:
        return game(app)  # a past moment, seen by nobody in particular
    if app.summary is not None:
        return summary_screen(app)  # before the next cover: what the round brought
    if app.lone_person():
        # Nobody to hide anything from: the board is always the one person's view.
        people = app.people()
        app.viewer = people[0] if people else None
    if app.computer_waited_for() is None:
        if (app.secret_now() or app.private_now()) and app.viewer not in asked:
            # The first person asked: a computer asked too thinks meanwhile.
            people = [seat for seat in asked if app.computers[seat] is None]
            return cover(app, (people or asked)[0])
        if app.revealing:
            return reveal_cover(app)
    return game(app)


# --- Hot-seat covers ---------------------------------------------------------------------------


def cover(app: App, seat: int) -> str:
    """Before a player chooses in secret: nothing private is on the page."""
    name = app.names[seat]
    # A misclick just before the secret choice (the last helper of a round) can still be
    # taken back from here: the cover shows nothing private.
    undo = ""
    if app.can_undo():
        undo = " " + tool(esc(app.t("app.undo")), app.reg(app.undo), id="undo")
    body = (
        tag("h2", esc(app.t("app.pass_to", player=name)))
        + tag("p", esc(app.ui.cover_hint(app)))
        + button(
            esc(app.t("app.i_am", player=name)),
            app.reg(lambda: app.pass_cover(seat)),
            class_="go",
            id="pass-cover",
        )
        + undo
    )
    # The save's problem and the notice inside the cover (which is drawn over the whole page).
    return tag(
        "div",
        _cover_tools(app) + cover_notice(app) + body,
        class_=f"cover c-{app.colours[seat]}",
        data_seat=str(seat),
    )


def _cover_tools(app: App) -> str:
    """The menu and the languages, on a cover too (it shows nothing private)."""
    menu = tool(esc(app.t("app.menu")), app.reg(app.home), id="menu")
    return tag(
        "nav",
        menu + help_button(app) + languages(app),
        class_="cover-tools",
        aria_label=app.t("app.game_tools"),
    )


def reveal_cover(app: App) -> str:
    body = tag("h2", esc(app.t("app.all_chosen"))) + button(
        esc(app.ui.reveal_text(app)), app.reg(app.reveal), class_="go", id="reveal"
    )
    return tag("div", _cover_tools(app) + cover_notice(app) + body, class_="cover reveal")


# --- The game ----------------------------------------------------------------------------------


def game(app: App) -> str:
    """The shell's header (title, where the game stands, menu, undo, languages) over the
    game's own screen."""
    tools = [tool(esc(app.t("app.menu")), app.reg(app.home), id="menu"), help_button(app)]
    if app.can_undo():
        tools.append(tool(esc(app.t("app.undo")), app.reg(app.undo), id="undo"))
    if app.ui.levels and app.past is None:
        tools.append(
            tool(
                esc(app.t("app.seats")),
                app.reg(app.toggle_seats),
                id="seats",
                aria_expanded="true" if app.seats_open else "false",
            )
        )
    header = tag(
        "header",
        tag("h1", esc(app.t("app.title")))
        + tag("span", esc(where_it_stands(app, app.ui.progress(app.state))), class_="round")
        + tag("div", "".join(tools), class_="tools")
        + languages(app),
    )
    seats = seats_panel(app) if app.seats_open and app.past is None else ""
    return header + history_bar(app) + seats + app.ui.screen(app)


def history_bar(app: App) -> str:
    """Looking at a past moment (or at a finished game): where, steps back and forth, and the
    way back. Nothing on the board can be played meanwhile."""
    assert app.record is not None
    count = len(app.record["actions"])
    finished = _finished(app)
    if app.past is None and not finished:
        return ""
    moment = count if app.past is None else app.past

    # A step that leads nowhere says why: the start is shown, or the end (of a finished game).
    at_start, at_end = app.t("app.at_start"), app.t("app.at_end")

    def step(words: str, to: int, id_: str) -> str:
        if 0 <= to <= count and to != moment:
            return tool(esc(words), app.reg(partial(app.look, to)), id=id_, class_="step")
        why = at_start if to <= 0 else at_end
        return tool(esc(words), None, why, id=id_, class_="step")

    steps = (
        step(app.t("app.to_start"), 0, "to-start")
        + step(app.t("app.step_back"), moment - 1, "step-back")
        + step(app.t("app.step_on"), moment + 1, "step-on")
        + step(app.t("app.to_end"), count, "to-end")
    )
    back = ""
    if app.past is not None and not finished:
        back = tool(esc(app.t("app.back_to_game")), app.reg(app.present), class_="go", id="back")
    move = app.past_move()  # what led here, worded as the hints word it (or kept secret)
    if finished and moment == count:
        where = app.t("app.game_over_at", count=count)  # the end itself, not a moment past
    elif moment == 0 or not move:
        where = app.t("app.looking_at_start", count=count)
    elif finished:
        where = app.t("app.looking_at_over", moment=moment, count=count, move=move)
    else:
        where = app.t("app.looking_at", moment=moment, count=count, move=move)
    return tag(
        "section",
        tag("p", esc(where), role="status") + tag("p", steps + back, class_="tools"),
        id="history",
    )


def seats_panel(app: App) -> str:
    """Hand a seat to the computer, or take it back, in the middle of the game."""
    rows = ""
    kinds: list[str | None] = [None, *app.ui.levels]
    computers = app.computers
    for seat, name in enumerate(app.names):
        choices = ""
        for level in kinds:
            label = app.t("app.person") if level is None else app.t(f"app.level.{level}")
            current = computers[seat] == level
            choices += tool(
                esc(label),
                None if current else app.reg(partial(app.hand_over, seat, level)),
                label,
                class_="kind picked" if current else "kind",
                data_kind=level or PERSON,
                aria_pressed="true" if current else "false",
            )
        rows += tag(
            "li",
            tag("span", esc(name), class_="name") + tag("span", choices, class_="kinds"),
            class_=f"c-{app.colours[seat]}",
            data_seat=str(seat),
        )
    return tag(
        "section",
        tag("h2", esc(app.t("app.seats_title"))) + tag("ul", rows) + pace_field(app, "game-pace"),
        id="seats-panel",
    )


def past_panel(app: App) -> str:
    """At a past moment, instead of a decision: who was deciding what (nothing can be played)."""
    asked = app.asked()
    who = who_line(app, asked[0], stage_name(app)) if asked else ""
    note = app.t("app.past_note_over" if _finished(app) else "app.past_note")
    return who + tag("p", esc(note), class_="past-note")


def _finished(app: App) -> bool:
    """The open game is over (whatever moment of it is shown)."""
    present = app.history.present[0] if app.history.present is not None else app.state
    return present is not None and app.game.terminal(present)


def thinking(app: App) -> str | None:
    """While a computer decides: who is thinking, instead of a decision panel (None when a
    person decides)."""
    seat = app.computer_waited_for()
    if seat is None:
        return None
    return tag(
        "p",
        app.t(
            "app.who",
            name=tag("span", esc(app.names[seat]), class_="name"),
            prompt=tag("span", esc(app.t("app.thinking")), class_="prompt"),
        ),
        class_=f"who thinking c-{app.colours[seat]}",
        data_thinking=str(seat),
        role="status",
    )


# --- Blocks for a game's screen ------------------------------------------------------------------


def decision_section(app: App, panel: str) -> str:
    """The decision asked now (the game's panel or the generic one, and a hint on request),
    or the end of the game; above it, what the game did by itself since a person decided."""
    return tag(
        "section",
        happened_block(app) + panel + hint_block(app),
        id="decision",
        data_stage=stage_name(app),
        tabindex="-1",  # where the focus goes for each new decision (web/main.py), not a Tab stop
    )


def happened_block(app: App) -> str:
    """The steps since a person last decided, the automatic ones included (story.notes)."""
    if not app.happened or app.past is not None:
        return ""
    items = "".join(tag("li", esc(text)) for text in app.happened)
    return tag(
        "div",
        tag("p", esc(app.t("app.happened")), class_="happened-title") + tag("ul", items),
        class_="happened",
        role="status",
    )


def summary_screen(app: App) -> str:
    """The round just over: the points each seat gained, and under each seat the cards it
    played and what they did, every point explained (the last round's final scoring too),
    until the table has read it (then the next cover, or the next decision)."""
    s = app.summary
    assert s is not None
    title = app.t("app.summary_title_final" if s.final else "app.summary_title", round=s.round)
    rows = ""
    for seat, name in enumerate(app.names):
        rows += tag(
            "tr",
            tag("th", esc(name))
            + tag("td", esc(app.t("app.summary_gained", gained=_gained(s, seat))))
            + tag("td", esc(app.t("app.summary_total", total=s.after[seat]))),
            class_=f"c-{app.colours[seat]}",
        )
    common = ""
    if s.common:
        items = "".join(tag("li", esc(text)) for text in s.common)
        common = tag("ul", items, class_="summary-lines summary-common")
    seats = "".join(_summary_seat(app, seat) for seat in range(len(app.names)))
    quiet = "" if s.lines else tag("p", esc(app.t("app.summary_quiet")), class_="summary-quiet")
    # The board behind is the table as the round ended (the game's end step not yet played),
    # the end of the game, or, for a game that names no end step, the next round's start.
    if s.final:
        behind = app.t("app.summary_behind_end")
    elif s.board is not None:
        behind = app.t("app.summary_behind_ended", round=s.round)
    else:
        behind = app.t(
            "app.summary_behind", progress=app.ui.progress_text(app, app.ui.progress(app.state))
        )
    quiet += tag("p", esc(behind), class_="summary-behind")
    ok = button(
        esc(app.t("app.summary_ok")), app.reg(app.dismiss_summary), class_="go", id="summary-ok"
    )
    if app.can_undo():  # the round's last move may have been a misclick: take it back here
        ok += " " + tool(esc(app.t("app.undo")), app.reg(app.undo), id="undo")
    body = (
        tag("h2", esc(title))
        + tag("table", tag("tbody", rows), class_="summary-scores")
        + common
        + tag("div", seats, class_="summary-seats")
        + quiet
        + ok
    )
    board = app.state if s.board is None else s.board
    # The table marked, not wrapped: where the game's screen drew it, so that a redraw keeps
    # it there (web/morph.js) and the browser need not lay the whole board out again.
    table = marked(app.ui.table(app, board), class_="summary-table", inert=True, aria_hidden="true")
    return table + tag(
        "div",
        _cover_tools(app) + cover_notice(app) + tag("div", body, class_="summary-body"),
        id="summary",
        class_="summary",
        role="dialog",
        aria_label=title,
    )


def _gained(s: Summary, seat: int) -> int:
    return s.after[seat] - s.before[seat] if seat < len(s.before) else 0


def _summary_seat(app: App, seat: int) -> str:
    """One seat's round in the summary: its name and cards, then what they did, each line
    with the points it brought."""
    s = app.summary
    assert s is not None
    part = s.seats[seat] if seat < len(s.seats) else SeatRound()
    if not part.cards and not part.lines:
        return ""
    head = tag("span", esc(app.names[seat]), class_="name")
    if part.cards:
        played = app.t("app.summary_played", cards=part.cards)
        head = app.t("app.who", name=head, prompt=tag("span", esc(played), class_="summary-cards"))
    if any(line.points for line in part.lines):  # the sum of the points beside the lines
        gained = app.t("app.summary_gained", gained=_gained(s, seat))
        head += tag("span", esc(gained), class_="summary-gained")  # floated right (style.css)
    items = ""
    for line in part.lines:
        points = ""
        if line.points:
            words = app.t("app.summary_points", points=line.points)
            points = " " + tag("span", esc(words), class_="summary-points")
        items += tag("li", esc(line.text) + points)
    lines = tag("ul", items, class_="summary-lines") if items else ""
    return tag(
        "section",
        tag("h3", head) + lines,
        class_=f"summary-seat c-{app.colours[seat]}",
        data_seat=str(seat),
    )


def hint_block(app: App) -> str:
    """A person deciding may ask which move the computer suggests, and its chance of winning."""
    if app.ui.strategy is None or app.state is None or app.game.terminal(app.state):
        return ""
    if app.past is not None:
        return ""
    if app.computer_waited_for() is not None:
        return ""
    seat = deciding_seat(app)
    text = app.local.get("hint")
    if text:
        return tag("p", esc(text), class_="hint", id="hint-text", role="status")
    return tag(
        "p",
        tool(esc(app.t("app.hint")), app.reg(partial(app.hint, seat)), id="hint"),
        class_="hint",
    )


def stage_name(app: App) -> str:
    if app.state is None or app.game.terminal(app.state):
        return "over"
    asked = app.asked()
    prompt = app.prompt(asked[0]) if asked else None
    return prompt["stage"] if prompt else "over"


def deciding_seat(app: App) -> int:
    """Whose decision the panel shows: the viewer during a secret choice, else the one asked."""
    asked = app.asked()
    if app.viewer is not None and app.viewer in asked:
        return app.viewer
    return asked[0]


def who_line(app: App, seat: int, stage: str) -> str:
    """Above a decision: who decides, and the question (`stage.<name>` in the catalogs)."""
    return tag(
        "p",
        app.t(
            "app.who",
            name=tag("span", esc(app.names[seat]), class_="name"),
            prompt=tag("span", esc(app.t(f"stage.{stage}")), class_="prompt"),
        ),
        class_=f"who c-{app.colours[seat]}",
    )


def generic_screen(app: App) -> str:
    """A whole game screen from the shell's blocks alone, for a game without a board of its
    own: the decision (the generic panel), the notice, what the viewer may see, the log."""
    from .generic_panel import generic_panel

    if app.past is not None and not app.game.terminal(app.state):
        panel = past_panel(app)
    elif app.game.terminal(app.state):
        panel = end_panel(app, "")
    elif (waiting := thinking(app)) is not None:
        panel = waiting
    else:
        seat = deciding_seat(app)
        panel = who_line(app, seat, stage_name(app)) + generic_panel(app, seat)
    seen = app.game.view(app.state, app.viewer)
    view = tag(
        "dl",
        "".join(tag("dt", esc(k)) + tag("dd", esc(v)) for k, v in seen.items()),
        class_="generic-view",
    )
    side = decision_section(app, panel) + notice(app) + log_section(app)
    return tag(
        "div",
        tag("section", view, id="board") + tag("aside", side, id="side"),
        class_="layout",
    )


def end_panel(app: App, details: str) -> str:
    """The winner (or the shared victory), the game's own breakdown, and a new game."""
    results = app.game.results(app.state)
    assert results is not None
    winners = [app.names[w] for w in results["winners"]]
    if len(winners) == 1:
        title = app.t("app.winner", player=winners[0])
    else:
        title = app.t("app.winners_shared", players=app.cat.join(winners))
    again = button(esc(app.t("app.new_game")), app.reg(app.home), class_="go", id="new-game")
    return tag("h2", esc(title), id="winner") + details + again + " " + help_button(app)


def log_section(app: App) -> str:
    """The game log: newest round on top, each round's lines in the order they happened, one
    sentence per event. Each line leads to the moment after it (read-only: `App.look`). It
    can be opened over the whole page (`App.toggle_log`)."""
    rounds: dict[int, list[tuple[str, int]]] = {}
    for rnd, text, moment in app.log_lines():
        rounds.setdefault(rnd, []).append((text, moment))
    shown = app.past
    items = []
    for rnd in sorted(rounds, reverse=True):
        items.append(tag("li", esc(app.t("app.log_round", round=rnd)), class_="round"))
        for text, moment in rounds[rnd]:
            token = None if moment == shown else app.reg(partial(app.look, moment))
            items.append(
                tag(
                    "li",
                    tool(esc(text), token, class_="moment", data_moment=str(moment)),
                    aria_current="step" if moment == shown else None,
                )
            )
    words = app.t("app.log_close") if app.log_full else app.t("app.log_open")
    toggle = tool(
        esc(words),
        app.reg(app.toggle_log),
        id="log-full",
        aria_expanded="true" if app.log_full else "false",
    )
    return tag(
        "section",
        tag("div", tag("h2", esc(app.t("app.log"))) + toggle, class_="log-head")
        + tag("ol", "".join(items)),
        id="log",
        class_="full" if app.log_full else None,
    )
