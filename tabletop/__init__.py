"""The seam between a game and everything that plays it, for any game of this project.

- `game`: the `Game` interface (who is asked, prompts, legal actions, why not, apply, copy,
  view, determinize, results, the record's action codec) and its JSON-ready types;
- `stage` and `runner`: decisions as stages, and the task runner that plays a game's queue of
  tasks to its next real decision;
- `actions`: actions as small JSON dicts with a one-line text form, from a table of verbs;
- `refusal`: why an action is refused (a rule id with parameters) and the error `apply` raises;
- `rng`: a seeded generator whose whole state is one integer, kept inside a game's state.

Standard library only: it runs on CPython and in the browser on Pyodide, and imports no game.
"""
