"""Run a benchmark module of this repo (or of another checkout) on CPython or inside Pyodide under
Node, and read its JSON result; check a commit out beside the repo for a before/after.

The module must print its result as JSON on its last line (bench/pyodide_python.mjs runs it
with the tree mounted as the working directory).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_module(module: str, *args: str, tree: Path = ROOT, pyodide: bool = True) -> dict[str, Any]:
    """`python -m module args` in `tree`, inside Pyodide under Node or (`pyodide` False) on this
    CPython, and the JSON of its last line."""
    command = ["node", "bench/pyodide_python.mjs"] if pyodide else [sys.executable, "-m"]
    out = subprocess.run(
        [*command, module, *args], cwd=tree, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def run_json(module: str, *args: str, tree: Path = ROOT) -> dict[str, Any]:
    """The module's result inside Pyodide."""
    return run_module(module, *args, tree=tree)


def check_out(rev: str, folder: Path, *files: Path) -> None:
    """A detached worktree of `rev` at `folder` (made anew), with these files of this tree
    copied in at the same place (a benchmark newer than the commit it measures)."""
    if folder.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, check=False)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
    subprocess.run(["git", "worktree", "add", "--detach", str(folder), rev], cwd=ROOT, check=True)
    for path in files:
        shutil.copy2(path, folder / path.relative_to(ROOT))
