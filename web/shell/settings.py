"""What the shell keeps in storage for the site, and the choices its forms offer: one module
that the controller, the screens and a game's board all read, so that none of them imports
another for a constant.
"""

from __future__ import annotations

#: The prefix of the site's own settings in storage (each game's saves have its name's prefix).
SITE = "castle"
LANG_KEY = f"{SITE}.lang"
#: The seat colours a player may pick, in the order seats get them by default.
SEAT_COLOURS = ("blue", "red", "yellow", "green")
#: Where the computer players' pace is kept: seconds a computer's action stays on screen
#: before it is played (so that a person can follow), and the choices the form offers.
PACE_KEY = f"{SITE}.pace"
PACES = ("2", "1", "0.5", "0")
DEFAULT_PACE = "1"
#: The new-game form's value for a seat played by a person.
PERSON = "person"
#: The longest name a player may give (the form's maxlength; a save's names are checked).
NAME_LENGTH = 24
#: Where the key of the game opened last is kept (offered first for resuming).
LAST_KEY = f"{SITE}.last"
#: Where the last new-game form is kept (players, names, colours, who plays each seat, who
#: starts): the next game's form opens with it, for a rematch.
TABLE_KEY = f"{SITE}.table"
