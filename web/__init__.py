"""The browser side: turns engine views into HTML and clicks into engine actions.

Everything here but `main.py` is plain Python that runs in CPython too, so the rendering and
the controller are tested without a browser; `main.py` alone touches the DOM.
"""
