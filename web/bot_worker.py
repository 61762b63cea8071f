"""The computer players' worker: a second Python, off the page's thread, where the searching
levels think, so that the page answers clicks meanwhile (web/main.py starts it the first time
a searching computer must decide).

JSON in, JSON out, and nothing of the page: no DOM access from a worker needs the
cross-origin-isolation headers that GitHub Pages cannot send. It imports the bot registry
(web/bots.py) and not the pages, so that it starts on the engines alone. Its config is the
page's own (pyscript.toml: the site's Pyodide, castle.zip unpacked), so it runs the same code;
`version` lets the page check that (tabletop/code.py).
"""

from __future__ import annotations

import json

from tabletop.code import code_id
from web.bots import BOTS, PACKAGES


def choose(request_text: str) -> str:
    """The action of a computer player (App.computer_request's JSON), and the iterations its
    search made (None for a level that does not search: the page's benchmark reads them), as
    JSON."""
    request = json.loads(request_text)
    bot = BOTS[request["game"]](request["level"], request["seed"], request["seconds"])
    action = bot.choose(request["view"], request["seat"])
    return json.dumps({"action": action, "iterations": getattr(bot, "iterations", None)})


def version() -> str:
    return code_id(PACKAGES)


__export__ = ["choose", "version"]
