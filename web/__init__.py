"""The browser side: turns engine views into HTML and clicks into engine actions.

`shell/` is game-neutral (controller, screens' frames, generic panel, storage, catalogs);
`castle_page/` is Castle's board, panels and words; `games.py` is the registry of the games the
page plays; `main.py` alone touches the DOM. Everything but `main.py` is plain Python that runs
in CPython too, so rendering and the controller are tested without a browser.
"""
